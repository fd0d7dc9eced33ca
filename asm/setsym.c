/*
 * setsym.c -- conditional assembly: SET symbols (LCLx, GBLx, SETx), the
 * substitution of variable symbols into model statements, and the
 * statements themselves: declarations, SETA/SETB/SETC, branches (AIF, AGO,
 * ACTR), MNOTE and AREAD.  Their expressions are evaluated by caexpr.c.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "caexpr.h"

/* ---- diagnostics ---------------------------------------------------------- */

/*
 * An error in the statement v is executing: inside a macro the model
 * statement is shown as a generated statement (so the message names the
 * definition's line and the call sites); in open code it is v->si.
 */
void ca_error(struct assembler *as, struct inv *v, int col, const char *fmt, ...)
{
    char buf[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (v->si < 0)
        v->si = src_gen_stmt(as, v->file, v->line, v->text, v->len, v->frame, 1);
    stmt_msg(as, v->si, DIAG_ERROR, col, "%s", buf);
}

/* ---- SET symbols ---------------------------------------------------------- */

static struct setvar *var_new(const char *name, size_t n, char type, int dim)
{
    struct setvar *s = calloc(1, sizeof *s);
    char *nm = malloc(n + 1);
    if (!s || !nm) {
        fputs("impas: out of memory\n", stderr);
        abort();
    }
    for (size_t i = 0; i < n; i++)
        nm[i] = (char)toupper((unsigned char)name[i]);
    nm[n] = '\0';
    s->name = nm;
    s->type = type;
    s->dim = dim;
    return s;
}

/* What an element of s costs besides a character value's text (the budget's view). */
static long elem_cost(const struct setvar *s)
{
    return (long)sizeof *s->a + (s->type == 'C' ? (long)sizeof *s->c : 0);
}

static void var_free(struct macproc *mp, struct setvar *s)
{
    if (!s)
        return;
    for (int i = 0; s->c && i < s->n; i++) {
        if (s->c[i])
            mp->setbytes -= (long)strlen(s->c[i]) + 1;
        free(s->c[i]);
    }
    mp->setbytes -= (long)s->n * elem_cost(s);
    free(s->c);
    free(s->a);
    free((char *)s->name);
    free(s);
}

void set_free_bindings(struct macproc *mp, struct binding *b)
{
    while (b) {
        struct binding *n = b->next;
        if (b->owned)
            var_free(mp, b->v);
        free(b);
        b = n;
    }
}

static struct binding *bind(struct binding **list, struct setvar *s, int owned)
{
    struct binding *b = calloc(1, sizeof *b);
    if (!b) {
        fputs("impas: out of memory\n", stderr);
        abort();
    }
    b->v = s;
    b->owned = owned;
    b->next = *list;
    *list = b;
    return b;
}

static struct setvar *bound(struct binding *b, const char *name, size_t n)
{
    for (; b; b = b->next)
        if (mac_same_name(name, n, b->v->name))
            return b->v;
    return NULL;
}

struct setvar *set_find(struct macproc *mp, struct inv *v, const char *name, size_t n)
{
    (void)mp;
    return bound(v->vars, name, n);
}

/* Element k (1-based) of s, made if needed; NULL if k is out of range. */
static int var_slot(struct macproc *mp, struct setvar *s, int64_t k)
{
    if (k < 1 || k > 65535)
        return -1;
    if (k > s->n) {
        int n = (int)k;
        mp->setbytes += (long)(n - s->n) * elem_cost(s);
        s->a = realloc(s->a, sizeof *s->a * (size_t)n);
        if (s->type == 'C')
            s->c = realloc(s->c, sizeof *s->c * (size_t)n);
        if (!s->a || (s->type == 'C' && !s->c)) {
            fputs("impas: out of memory\n", stderr);
            abort();
        }
        for (int i = s->n; i < n; i++) {
            s->a[i] = 0;
            if (s->type == 'C')
                s->c[i] = NULL;
        }
        s->n = n;
    }
    return (int)k - 1;
}

/* ---- substitution -------------------------------------------------------------- */

int set_subst(struct assembler *as, struct inv *v, const char *t, int len, char *out, int col0)
{
    struct ev e = { .as = as, .v = v, .s = t, .n = len, .col0 = col0 };
    int k = 0;
    while (e.i < len) {
        char c = t[e.i];
        if (c != '&') {
            if (k >= MAC_TEXT - 1)
                goto toolong;
            out[k++] = c;
            e.i++;
            continue;
        }
        if (e.i + 1 < len && t[e.i + 1] == '&') {
            if (k >= MAC_TEXT - 2)
                goto toolong;
            out[k++] = '&';
            out[k++] = '&';
            e.i += 2;
            continue;
        }
        struct ref r;
        char sb[16];
        int at = e.i;
        int rc = ca_parse_ref(&e, &r, sb);
        if (rc < 0)
            return -1;
        if (rc > 0) {
            if (v->m && r.nlen > 0) {
                e.i = at;
                ca_fail(&e, "undefined variable symbol &%.*s", r.nlen, r.name);
                return -1;
            }
            e.i = at + 1;       /* open code: not a variable symbol, kept */
            if (k >= MAC_TEXT - 1)
                goto toolong;
            out[k++] = '&';
            continue;
        }
        struct val x = ca_to_str(&e, ca_ref_value(&e, &r));
        if (e.err)
            return -1;
        if (e.i < len && t[e.i] == '.')
            e.i++;
        if (k + x.len >= MAC_TEXT)
            goto toolong;
        memcpy(out + k, x.s, (size_t)x.len);
        k += x.len;
    }
    return k;
toolong:
    ca_fail(&e, "the statement is longer than %d characters after substitution", MAC_TEXT);
    return -1;
}

/* ---- conditional assembly statements ------------------------------------------ */

static const struct { const char *name; enum ca_op op; } ca_ops[] = {
    { "LCLA", CA_LCLA }, { "LCLB", CA_LCLB }, { "LCLC", CA_LCLC }, { "GBLA", CA_GBLA },
    { "GBLB", CA_GBLB }, { "GBLC", CA_GBLC }, { "SETA", CA_SETA }, { "SETB", CA_SETB },
    { "SETC", CA_SETC }, { "AIF", CA_AIF }, { "AGO", CA_AGO }, { "ANOP", CA_ANOP },
    { "ACTR", CA_ACTR }, { "MNOTE", CA_MNOTE }, { "MEXIT", CA_MEXIT }, { "MACRO", CA_MACRO },
    { "MEND", CA_MEND }, { "AREAD", CA_AREAD }, { "SETAF", CA_SETAF }, { "SETCF", CA_SETCF },
};

enum ca_op ca_lookup(const char *op, int n)
{
    if (n < 3 || n > 5)
        return CA_NONE;
    int c = toupper((unsigned char)op[0]);
    if (!strchr("LGSAM", c))
        return CA_NONE;
    for (size_t i = 0; i < sizeof ca_ops / sizeof ca_ops[0]; i++)
        if (mac_same_name(op, (size_t)n, ca_ops[i].name))
            return ca_ops[i].op;
    return CA_NONE;
}

/* LCLx / GBLx: &A, &B(10), ... */
static int declare(struct assembler *as, struct inv *v, const struct fields *f, char type,
                   int global)
{
    struct ev e = { .as = as, .v = v, .s = f->opnd, .n = f->opndlen, .col0 = f->opndcol };
    while (e.i < e.n && !e.err) {
        if (e.s[e.i] != '&') {
            ca_fail(&e, "a SET symbol (&NAME) expected");
            break;
        }
        int b = ++e.i;
        while (e.i < e.n && mac_is_symch((unsigned char)e.s[e.i]))
            e.i++;
        const char *nm = e.s + b;
        size_t nl = (size_t)(e.i - b);
        int dim = 0;
        if (nl == 0 || !isalpha((unsigned char)nm[0])) {
            ca_fail(&e, "a SET symbol (&NAME) expected");
            break;
        }
        if (e.i < e.n && e.s[e.i] == '(') {
            e.i++;
            int64_t d = ca_to_num(&e, ca_sum(&e));
            if (e.i >= e.n || e.s[e.i] != ')') {
                ca_fail(&e, "')' expected after the dimension");
                break;
            }
            e.i++;
            dim = d < 1 ? 1 : (int)(d > 65535 ? 65535 : d);
        }
        if (mac_param(v, nm, nl) || (nl >= 3 && mac_same_name(nm, nl, "SYSLIST"))) {
            e.i = b - 1;
            ca_fail(&e, "&%.*s is a parameter of the macro, not a SET symbol", (int)nl, nm);
            break;
        }
        struct setvar *old = bound(v->vars, nm, nl);
        if (old) {
            if (old->type != type) {
                e.i = b - 1;
                ca_fail(&e, "&%.*s is already declared as a SET%c symbol", (int)nl, nm,
                        old->type);
                break;
            }
        } else if (global) {
            struct setvar *g = bound(as->mac->globals, nm, nl);
            if (g && g->type != type) {
                e.i = b - 1;
                ca_fail(&e, "global &%.*s is already declared as a SET%c symbol", (int)nl, nm,
                        g->type);
                break;
            }
            if (!g)
                g = bind(&as->mac->globals, var_new(nm, nl, type, dim), 1)->v;
            bind(&v->vars, g, 0);
        } else {
            bind(&v->vars, var_new(nm, nl, type, dim), 1);
        }
        if (e.i < e.n && e.s[e.i] == ',')
            e.i++;
        else if (e.i < e.n) {
            ca_fail(&e, "',' expected between SET symbols");
        }
    }
    return 0;
}

/* &NAME SETx value[,value...] */
/* The SET symbol in the name field of f (a SETx or AREAD, opname), of type type: its
   variable and *sub its subscript (1 if none); NULL after an error (reported). */
static struct setvar *set_target(struct assembler *as, struct inv *v, const struct fields *f,
                                 char type, const char *opname, int64_t *sub_out)
{
    struct ev e = { .as = as, .v = v, .s = f->name, .n = f->nlen, .col0 = 1 };
    if (f->nlen < 2 || f->name[0] != '&' || !isalpha((unsigned char)f->name[1])) {
        ca_fail(&e, "%s needs a SET symbol (&NAME) in the name field", opname);
        return NULL;
    }
    e.i = 1;
    while (e.i < e.n && mac_is_symch((unsigned char)e.s[e.i]))
        e.i++;
    const char *nm = f->name + 1;
    size_t nl = (size_t)(e.i - 1);
    int64_t sub = 1;
    int has_sub = 0;
    if (e.i < e.n && e.s[e.i] == '(') {
        e.i++;
        sub = ca_to_num(&e, ca_sum(&e));
        if (e.i >= e.n || e.s[e.i] != ')')
            ca_fail(&e, "')' expected after the subscript");
        e.i++;
        has_sub = 1;
    }
    if (e.err)
        return NULL;
    if (mac_param(v, nm, nl) || (v->m && mac_same_name(nm, nl, "SYSLIST")) ||
        (nl > 3 && !strncasecmp(nm, "SYS", 3))) {
        e.i = 0;
        ca_fail(&e, "&%.*s is a parameter or system variable and cannot be SET", (int)nl, nm);
        return NULL;
    }
    struct setvar *s = bound(v->vars, nm, nl);
    if (!s)     /* implicitly a local SET symbol of the type of the SETx */
        s = bind(&v->vars, var_new(nm, nl, type, has_sub ? 1 : 0), 1)->v;
    if (s->type != type) {
        e.i = 0;
        ca_fail(&e, "&%s is a SET%c symbol; %s cannot give it a value", s->name, s->type,
                opname);
        return NULL;
    }
    if (s->dim > 0 && !has_sub) {
        e.i = 0;
        ca_fail(&e, "&%s is subscripted: write &%s(n)", s->name, s->name);
        return NULL;
    }
    *sub_out = sub;
    return s;
}

/* Give element sub of C symbol s the value t (n bytes): 0, or -1 (the budget). */
static int set_cvalue(struct assembler *as, struct inv *v, struct setvar *s, int64_t sub,
                      const char *t, int n)
{
    int k = var_slot(as->mac, s, sub);
    if (k < 0) {
        ca_error(as, v, 0, "subscript %lld of &%s out of range", (long long)sub, s->name);
        return -1;
    }
    long delta = n + 1 - (s->c[k] ? (long)strlen(s->c[k]) + 1 : 0);
    free(s->c[k]);
    s->c[k] = malloc((size_t)n + 1);
    if (!s->c[k]) abort();
    memcpy(s->c[k], t, (size_t)n);
    s->c[k][n] = '\0';
    if (mac_budget(as, -1, 0, delta) < 0) {
        ca_error(as, v, 0, "macro processing stopped: the text made by macros and the values "
                 "of SET symbols passed %ld bytes (--max-macro-text raises the limit)",
                 as->mac->maxtext);
        return -1;
    }
    return 0;
}

static int set_stmt(struct assembler *as, struct inv *v, const struct fields *f, char type)
{
    char opname[8];
    snprintf(opname, sizeof opname, "SET%c", type);
    int64_t sub = 1;
    struct setvar *s = set_target(as, v, f, type, opname, &sub);
    if (!s)
        return 0;
    struct ev x = { .as = as, .v = v, .s = f->opnd, .n = f->opndlen, .col0 = f->opndcol,
                    .arith = type == 'A' };
    if (x.n == 0) {
        ca_fail(&x, "SET%c needs an operand", type);
        return 0;
    }
    for (;;) {
        struct val r = ca_expr(&x);
        ca_blanks(&x);
        if (!x.err && x.i < x.n && x.s[x.i] != ',')
            ca_fail(&x, "unexpected text after the expression");
        if (x.err)
            return 0;
        int k = var_slot(as->mac, s, sub);
        if (k < 0) {
            ca_fail(&x, "subscript %lld of &%s out of range", (long long)sub, s->name);
            return 0;
        }
        long delta = 0;
        if (type == 'C') {
            struct val c = ca_to_str(&x, r);
            if (s->c[k])
                delta -= (long)strlen(s->c[k]) + 1;
            delta += c.len + 1;
            free(s->c[k]);
            s->c[k] = malloc((size_t)c.len + 1);
            if (!s->c[k]) abort();
            memcpy(s->c[k], c.s, (size_t)c.len);
            s->c[k][c.len] = '\0';
        } else if (type == 'B') {
            if (r.t == 'C' && !x.err)
                ca_fail(&x, "SETB needs a logical expression, not a character value");
            s->a[k] = ca_to_num(&x, r) != 0;
        } else {
            if (r.t == 'B') r.t = 'A';
            s->a[k] = ca_to_num(&x, r);
        }
        if (mac_budget(as, -1, 0, delta) < 0) {
            ca_error(as, v, 0, "macro processing stopped: the text made by macros and the "
                     "values of SET symbols passed %ld bytes (--max-macro-text raises the "
                     "limit)", as->mac->maxtext);
            return -1;
        }
        if (x.err || x.i >= x.n)
            return 0;
        x.i++;          /* more values: the next elements */
        sub++;
    }
}

/* Take a branch: the ACTR counter allows it, or the invocation stops. */
static int branch(struct assembler *as, struct inv *v, const char *seq, int n, int col,
                  char *jump)
{
    struct macproc *mp = as->mac;
    v->jumpcol = col;
    if (!v->m && ++mp->branches > mp->maxbranches) {   /* ACTR cannot reset this one */
        ca_error(as, v, col, "more than %ld branches (AIF/AGO) in open code in this assembly, "
                 "whatever ACTR says (--max-branches raises the limit)", mp->maxbranches);
        as->stop = 1;
        return -1;
    }
    if (--v->actr < 0) {
        ca_error(as, v, col, "more than the ACTR limit of branches (AIF/AGO) in %s: an endless "
                 "loop? (ACTR sets the limit, %d by default)", v->m ? v->m->name : "open code",
                 MAC_ACTR);
        return -1;
    }
    snprintf(jump, SYM_MAX + 2, "%.*s", n > SYM_MAX + 1 ? SYM_MAX + 1 : n, seq);
    for (char *p = jump; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    return 0;
}

/* A sequence symbol .NAME at e->s[e->i]: its length, 0 if none. */
static int seq_at(struct ev *e)
{
    int b = e->i;
    if (b >= e->n || e->s[b] != '.' || b + 1 >= e->n || !isalpha((unsigned char)e->s[b + 1]))
        return 0;
    int i = b + 1;
    while (i < e->n && mac_is_symch((unsigned char)e->s[i]))
        i++;
    return i - b;
}

/* AIF (cond).SEQ[,(cond).SEQ...]   AGO .SEQ   AGO (n).S1,.S2,... */
static int aif_ago(struct assembler *as, struct inv *v, const struct fields *f, int is_aif,
                   char *jump)
{
    struct ev e = { .as = as, .v = v, .s = f->opnd, .n = f->opndlen, .col0 = f->opndcol };
    if (!is_aif && seq_at(&e)) {
        int n = seq_at(&e);
        return branch(as, v, e.s, n, e.col0, jump);
    }
    if (e.n == 0 || e.s[0] != '(') {
        ca_fail(&e, is_aif ? "AIF needs (condition).SEQUENCE" : "AGO needs .SEQUENCE");
        return 0;
    }
    if (!is_aif) {      /* computed AGO */
        e.i = 1;
        int64_t k = ca_to_num(&e, ca_expr(&e));
        if (e.i >= e.n || e.s[e.i] != ')')
            ca_fail(&e, "')' expected");
        e.i++;
        for (int64_t j = 1; !e.err; j++) {
            int n = seq_at(&e);
            if (!n) {
                ca_fail(&e, "a sequence symbol expected");
                break;
            }
            if (j == k)
                return branch(as, v, e.s + e.i, n, e.col0 + e.i, jump);
            e.i += n;
            if (e.i >= e.n || e.s[e.i] != ',')
                break;
            e.i++;
        }
        return 0;
    }
    while (!e.err) {
        if (e.i >= e.n || e.s[e.i] != '(') {
            ca_fail(&e, "AIF needs (condition).SEQUENCE");
            return 0;
        }
        struct val c = ca_term(&e);
        int n = seq_at(&e);
        if (!e.err && !n)
            ca_fail(&e, "a sequence symbol (.NAME) expected after the condition");
        if (e.err)
            return 0;
        if (c.t == 'C')
            ca_fail(&e, "AIF needs a logical expression, not a character value");
        else if (ca_to_num(&e, c))
            return branch(as, v, e.s + e.i, n, e.col0 + e.i, jump);
        e.i += n;
        if (e.i >= e.n || e.s[e.i] != ',')
            return 0;
        e.i++;
    }
    return 0;
}

/* MNOTE [severity|*,]'text' */
static int mnote(struct assembler *as, struct inv *v, const struct fields *f)
{
    char *buf = malloc(MAC_TEXT);
    if (!buf) abort();
    int n = set_subst(as, v, f->opnd, f->opndlen, buf, f->opndcol);
    if (n < 0) {
        free(buf);
        return 0;
    }
    int i = 0, sev = 1, comment = 0;
    if (i < n && buf[i] == '*') {
        comment = 1;
        i++;
    } else if (i < n && isdigit((unsigned char)buf[i])) {
        sev = 0;
        while (i < n && isdigit((unsigned char)buf[i]) && sev < 1000)
            sev = sev * 10 + buf[i++] - '0';
    }
    if (i < n && buf[i] == ',')
        i++;
    else if (i > 0)
        i = n;      /* no message */
    else
        comment = 1;    /* MNOTE 'text': a comment, as HLASM has it */
    char msg[400];
    int k = 0;
    if (i < n && buf[i] == '\'') {
        for (i++; i < n && k < (int)sizeof msg - 1; i++) {
            if (buf[i] == '\'') {
                if (i + 1 < n && buf[i + 1] == '\'')
                    i++;
                else
                    break;
            }
            if (buf[i] == '&' && i + 1 < n && buf[i + 1] == '&')
                i++;
            msg[k++] = buf[i];
        }
    } else if (i < n) {
        ca_error(as, v, f->opndcol + i, "MNOTE needs its message in quotes");
        free(buf);
        return 0;
    }
    msg[k] = '\0';
    /* the MNOTE is listed (substituted), its message reported with its severity */
    if (v->si < 0) {
        char *line = malloc(MAC_TEXT + 80);
        if (!line) abort();
        int m = snprintf(line, MAC_TEXT + 80, "%.*s%.*s", f->opndcol - 1, v->text, n, buf);
        v->si = src_gen_stmt(as, v->file, v->line, line, m, v->frame, 1);
        free(line);
    }
    free(buf);
    stmt_more(as, &as->stmts[v->si])->mnote = 1;
    if (!comment) {
        enum diag_level l = sev >= 8 ? DIAG_ERROR : sev >= 4 ? DIAG_WARNING : DIAG_NOTE;
        stmt_msg(as, v->si, l, f->opndcol, "MNOTE %d: %s", sev, msg);
    } else if (as->opt.mnote_console) {     /* as z390 shows them */
        stmt_msg(as, v->si, DIAG_NOTE, f->opndcol, "MNOTE *: %s", msg);
    }
    return 0;
}

/*
 * &C AREAD [NOSTMT|NOPRINT|CLOCKB|CLOCKD]: the next line of open code after the macro
 * call (columns 1-80, blanks added), which is then not assembled; CLOCKB and CLOCKD
 * give the time of day (hundredths of a second; HHMMSSTH): 0 unless --sysdate.
 */
static int aread(struct assembler *as, struct inv *v, const struct fields *f)
{
    struct macproc *mp = as->mac;
    int64_t sub = 1;
    if (!v->m) {
        ca_error(as, v, f->opcol, "AREAD is for macro definitions (it reads the line after "
                 "the call)");
        return 0;
    }
    struct setvar *s = set_target(as, v, f, 'C', "AREAD", &sub);
    if (!s)
        return 0;
    char buf[81];
    int clk = f->opndlen == 6 && (mac_same_name(f->opnd, 6, "CLOCKB") || mac_same_name(f->opnd, 6, "CLOCKD"));
    if (clk) {
        long cs = 0;
        if (as->opt.real_date) {
            struct timespec ts;
            struct tm tm;
            clock_gettime(CLOCK_REALTIME, &ts);
            localtime_r(&ts.tv_sec, &tm);
            cs = ((tm.tm_hour * 60L + tm.tm_min) * 60 + tm.tm_sec) * 100 + ts.tv_nsec / 10000000;
        }
        int n = toupper((unsigned char)f->opnd[5]) == 'B'
                ? snprintf(buf, sizeof buf, "%08ld", cs)
                : snprintf(buf, sizeof buf, "%02ld%02ld%02ld%02ld", cs / 360000,
                           cs / 6000 % 60, cs / 100 % 60, cs % 100);
        return set_cvalue(as, v, s, sub, buf, n) < 0 ? -1 : 0;
    }
    if (f->opndlen && !(f->opndlen == 6 && mac_same_name(f->opnd, 6, "NOSTMT")) &&
        !(f->opndlen == 7 && mac_same_name(f->opnd, 7, "NOPRINT"))) {
        ca_error(as, v, f->opndcol, "AREAD's operand is NOSTMT, NOPRINT, CLOCKB or CLOCKD");
        return 0;
    }
    int n = 0;
    if (mp->rd_li) {
        const struct srcfile *sf = as->files[mp->rd_fi];
        if (*mp->rd_li < sf->nlines) {
            n = sf->lens[*mp->rd_li] < 80 ? sf->lens[*mp->rd_li] : 80;
            memcpy(buf, sf->lines[*mp->rd_li], (size_t)n);
            (*mp->rd_li)++;
            memset(buf + n, ' ', (size_t)(80 - n));
            n = 80;
        }
    }
    return set_cvalue(as, v, s, sub, buf, n) < 0 ? -1 : 0;
}

int ca_exec(struct assembler *as, struct inv *v, enum ca_op op, const struct fields *f,
            char *jump)
{
    jump[0] = '\0';
    switch (op) {
    case CA_LCLA: return declare(as, v, f, 'A', 0);
    case CA_LCLB: return declare(as, v, f, 'B', 0);
    case CA_LCLC: return declare(as, v, f, 'C', 0);
    case CA_GBLA: return declare(as, v, f, 'A', 1);
    case CA_GBLB: return declare(as, v, f, 'B', 1);
    case CA_GBLC: return declare(as, v, f, 'C', 1);
    case CA_SETA: return set_stmt(as, v, f, 'A');
    case CA_SETB: return set_stmt(as, v, f, 'B');
    case CA_SETC: return set_stmt(as, v, f, 'C');
    case CA_AIF: return aif_ago(as, v, f, 1, jump);
    case CA_AGO: return aif_ago(as, v, f, 0, jump);
    case CA_ANOP: return 0;
    case CA_MNOTE: return mnote(as, v, f);
    case CA_AREAD: return aread(as, v, f);
    case CA_SETAF: case CA_SETCF:
        ca_error(as, v, f->opcol, "%s calls an external function, a program of the host: "
                 "IMP runs no host program for an assembly, whose source may not be trusted "
                 "(write the function as a macro)", op == CA_SETAF ? "SETAF" : "SETCF");
        return 0;
    case CA_MEXIT:
        if (!v->m)
            ca_error(as, v, f->opcol, "MEXIT outside a macro definition");
        return v->m ? -1 : 0;
    case CA_ACTR: {
        struct ev e = { .as = as, .v = v, .s = f->opnd, .n = f->opndlen, .col0 = f->opndcol };
        int64_t n = ca_to_num(&e, ca_expr(&e));
        if (!e.err)
            v->actr = (int)(n < 0 ? 0 : n > 10000000 ? 10000000 : n);
        return 0;
    }
    default:
        return 0;
    }
}
