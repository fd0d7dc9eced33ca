/*
 * setsym.c -- conditional assembly: SET symbols (LCLx, GBLx, SETx), the
 * expressions of SETA/SETB/SETC/AIF, branches (AIF, AGO, ACTR), MNOTE, and
 * the substitution of variable symbols into model statements.
 *
 * Expressions are evaluated on their text with typed values: A
 * (arithmetic, 32-bit), B (0 or 1) and C (character strings).  Grammar
 * (lowest precedence first; blanks separate the word operators):
 *
 *     expr := land { (OR | XOR) land }               -- ca_expr()
 *     land := lnot { AND lnot }
 *     lnot := NOT lnot | rel
 *     rel  := shift [ (EQ | NE | LT | GT | LE | GE | INDEX | FIND) shift ]
 *     shift:= sum { (SLA | SLL | SRA | SRL) sum }
 *     sum  := prod { (+ | -) prod }
 *     prod := unary { (* | /) unary }
 *     unary:= (+ | -) unary | term
 *     term := '(' expr ')' [ 'string' ]               -- (n)'s: s duplicated n times;
 *           | '(' FUNCTION term ')' { . term }         -- ca_term()
 *           | FUNCTION '(' expr [, expr] ')' { . term } -- built-in functions: builtin.c
 *           | 'string' [ (start,len) ] { . term }
 *           | &var [ (subscript, ...) ] | decimal | X'..' | B'..' | C'..'
 *           | K'&v | N'&v | T'&v | L'x | D'x
 *
 * Character values compare as HLASM does: a shorter string is less, equal
 * lengths compare in EBCDIC; C'A' is X'C1'.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ebcdic.h"
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
        if (ca_name_eq(name, b->v->name, n))
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

/* ---- values (struct val, struct ev: caexpr.h) ---------------------------------- */

void ca_fail(struct ev *e, const char *fmt, ...)
{
    if (e->err)
        return;
    e->err = 1;
    char buf[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    ca_error(e->as, e->v, e->col0 + e->i, "%s", buf);
}

static char *tmp_str(struct assembler *as, const char *s, int len)
{
    return arena_strndup(&as->mac->tmp, s, (size_t)(len < 0 ? 0 : len));
}

struct val ca_num(int64_t n) { return (struct val){ .t = 'A', .n = n }; }
struct val ca_bool(int b) { return (struct val){ .t = 'B', .n = b != 0 }; }

struct val ca_str(struct assembler *as, const char *s, int len)
{
    return (struct val){ .t = 'C', .s = tmp_str(as, s, len), .len = len };
}

static void fail_nan(struct ev *e, struct val x)
{
    int save = e->i;
    if (x.at > 0)
        e->i = x.at - 1;
    ca_fail(e, "'%.*s' is not a number", x.len > 40 ? 40 : x.len, x.s);
    e->i = save;
}

static struct val selfdef(struct ev *e, char kind);

/* Is s (n bytes) a self-defining term X'..', B'..' or C'..' as a whole? */
static int is_selfdef(const char *s, int n)
{
    if (n < 3 || !strchr("XBCxbc", s[0]) || s[1] != '\'' || s[n - 1] != '\'')
        return 0;
    for (int i = 2; i < n - 1; i++)      /* inside C'..' a quote comes in pairs */
        if (s[i] == '\'' && (i + 1 >= n - 1 || s[++i] != '\''))
            return 0;
    return 1;
}

int64_t ca_to_num(struct ev *e, struct val x)
{
    if (x.t != 'C')
        return x.n;
    if (is_selfdef(x.s, x.len)) {   /* a parameter X'10', B'101', C'A': its value (HLASM) */
        struct ev t = *e;
        t.s = x.s;
        t.n = x.len;
        t.i = 0;
        t.err = 0;
        struct val v = selfdef(&t, (char)toupper((unsigned char)x.s[0]));
        if (t.err)
            e->err = 1;
        return v.n;
    }
    int i = 0, neg = 0;
    int64_t n = 0;
    if (x.len > 0 && (x.s[0] == '-' || x.s[0] == '+'))
        neg = x.s[i++] == '-';
    if (i >= x.len) {
        if (x.len == 0)
            return 0;
        fail_nan(e, x);
        return 0;
    }
    for (; i < x.len; i++) {
        if (!isdigit((unsigned char)x.s[i])) {
            fail_nan(e, x);
            return 0;
        }
        if (n < 10000000000LL)
            n = n * 10 + (x.s[i] - '0');
    }
    return neg ? -n : n;
}

struct val ca_to_str(struct ev *e, struct val x)
{
    if (x.t == 'C')
        return x;
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%lld", (long long)x.n);
    return ca_str(e->as, buf, n);
}

/* 32-bit arithmetic, as HLASM's SETA: overflow is an error. */
static int64_t fit32(struct ev *e, int64_t n)
{
    if (n > INT32_MAX || n < INT32_MIN) {
        ca_fail(e, "arithmetic overflow (the value does not fit in 32 bits)");
        return 0;
    }
    return n;
}

/* ---- scanning ---------------------------------------------------------------- */

void ca_blanks(struct ev *e)
{
    while (e->i < e->n && e->s[e->i] == ' ')
        e->i++;
}

/* The word operator w (AND, EQ, ...) at the cursor (after blanks): consumed. */
static int word(struct ev *e, const char *w)
{
    int save = e->i;
    ca_blanks(e);
    if (e->i >= e->n || toupper((unsigned char)e->s[e->i]) != w[0]) {
        e->i = save;
        return 0;
    }
    size_t n = strlen(w);
    if (e->i + (int)n <= e->n && ca_name_eq(e->s + e->i, w, n) &&
        (e->i + (int)n == e->n || !ca_is_symch((unsigned char)e->s[e->i + n]))) {
        e->i += (int)n;
        ca_blanks(e);
        return 1;
    }
    e->i = save;
    return 0;
}

static struct val sum(struct ev *e);

/* A parameter's value, a system variable, a SET symbol's: &NAME[(sub[,sub]...)]. */
#define REF_SUBS 8
struct ref {
    const char *name;
    int nlen;
    struct setvar *var;
    const char *pval;           /* a parameter's or system variable's value */
    int is_param;               /* 1 parameter, 2 &SYSLIST */
    int nsub;
    int64_t sub[REF_SUBS];      /* &P(2,1,3): an element of an element of ... */
};

static const char *sysvar(struct assembler *as, struct inv *v, const char *n, int len,
                          char *buf)
{
    struct macproc *mp = as->mac;
    if (ca_name_eq(n, "SYSNDX", (size_t)len))
        return v->m ? v->ndx : NULL;
    if (ca_name_eq(n, "SYSECT", (size_t)len))
        return v->m ? v->sysect : mp->sysect;
    if (ca_name_eq(n, "SYSPARM", (size_t)len))
        return as->opt.sysparm ? as->opt.sysparm : "";
    if (ca_name_eq(n, "SYSDATE", (size_t)len))
        return mp->date;
    if (ca_name_eq(n, "SYSTIME", (size_t)len))
        return mp->time;
    if (ca_name_eq(n, "SYSNEST", (size_t)len)) {
        snprintf(buf, 16, "%d", v->depth);
        return buf;
    }
    if (ca_name_eq(n, "SYSMAC", (size_t)len))
        return v->m ? v->m->name : "OPEN CODE";
    return NULL;
}

/*
 * Parse the reference at e->s[e->i] == '&'; subscripts are evaluated.
 * Returns 0 with r filled, 1 if the name is unknown (e->i after the name),
 * -1 on an error (reported).
 */
static int parse_ref(struct ev *e, struct ref *r, char *sysbuf)
{
    memset(r, 0, sizeof *r);
    int start = e->i++;
    int b = e->i;
    while (e->i < e->n && ca_is_symch((unsigned char)e->s[e->i]))
        e->i++;
    r->name = e->s + b;
    r->nlen = e->i - b;
    if (r->nlen == 0 || !isalpha((unsigned char)r->name[0])) {
        e->i = start + 1;
        return 1;
    }
    if (ca_name_eq(r->name, "SYSLIST", (size_t)r->nlen) && e->v->m)
        r->is_param = 2;
    else if ((r->pval = mac_param(e->v, r->name, (size_t)r->nlen)))
        r->is_param = 1;
    else if ((r->var = set_find(e->as->mac, e->v, r->name, (size_t)r->nlen)))
        ;
    else if (!(r->pval = sysvar(e->as, e->v, r->name, r->nlen, sysbuf)))
        return 1;
    int subscripted = r->is_param || (r->var && r->var->dim > 0);
    if (e->i < e->n && e->s[e->i] == '(' && subscripted) {
        e->i++;
        while (r->nsub < REF_SUBS) {
            int64_t k = ca_to_num(e, sum(e));
            r->sub[r->nsub++] = k;
            if (e->i < e->n && e->s[e->i] == ',') {
                e->i++;
                continue;
            }
            break;
        }
        if (e->i >= e->n || e->s[e->i] != ')') {
            ca_fail(e, "')' expected after the subscript of &%.*s", r->nlen, r->name);
            return -1;
        }
        e->i++;
        if (r->var && r->nsub > 1) {
            ca_fail(e, "&%.*s has one subscript (a SET symbol array has one dimension)",
                    r->nlen, r->name);
            return -1;
        }
    }
    return e->err ? -1 : 0;
}

/* Element sub[from], of its element sub[from + 1], ... of the sublist value p. */
static struct val sublist_value(struct ev *e, const char *p, const struct ref *r, int from)
{
    struct val x = ca_str(e->as, p, (int)strlen(p));
    for (int k = from; k < r->nsub; k++) {
        const char *o;
        int ol;
        mac_sublist(x.s, r->sub[k] < 0 || r->sub[k] > 65535 ? 0 : (int)r->sub[k], &o, &ol);
        if (r->sub[k] < 1)
            o = "", ol = 0;
        x = ca_str(e->as, o, ol);     /* NUL-terminated again: the next level reads it */
    }
    return x;
}

/* The value of a parsed reference. */
static struct val ref_value(struct ev *e, const struct ref *r)
{
    if (r->is_param == 2) {
        if (r->nsub == 0) {
            ca_fail(e, "&SYSLIST needs a subscript");
            return ca_str(e->as, "", 0);
        }
        const char *p = r->sub[0] >= 0 && r->sub[0] <= e->v->npos ? e->v->pos[r->sub[0]] : "";
        return sublist_value(e, p, r, 1);
    }
    if (r->pval)
        return sublist_value(e, r->pval, r, 0);
    struct setvar *s = r->var;
    int64_t k = r->nsub ? r->sub[0] : 1;
    if (s->dim > 0 && r->nsub == 0) {
        ca_fail(e, "&%s is subscripted: write &%s(n)", s->name, s->name);
        return ca_num(0);
    }
    if (k < 1 || k > 65535) {
        ca_fail(e, "subscript %lld of &%s out of range", (long long)k, s->name);
        return ca_num(0);
    }
    if (k > s->n)
        return s->type == 'C' ? ca_str(e->as, "", 0) : (struct val){ .t = s->type };
    if (s->type == 'C') {
        const char *c = s->c[k - 1] ? s->c[k - 1] : "";
        return ca_str(e->as, c, (int)strlen(c));
    }
    return (struct val){ .t = s->type, .n = s->a[k - 1] };
}

/* A quoted string at e->s[e->i]: '' is a quote, variable symbols are substituted. */
static struct val string_lit(struct ev *e)
{
    char buf[MAC_TEXT];
    int k = 0;
    e->i++;
    for (;;) {
        if (e->i >= e->n) {
            ca_fail(e, "a character string is not closed (missing ')");
            return ca_str(e->as, "", 0);
        }
        char c = e->s[e->i];
        if (c == '\'') {
            if (e->i + 1 < e->n && e->s[e->i + 1] == '\'') {
                if (k < MAC_TEXT) buf[k++] = '\'';
                e->i += 2;
                continue;
            }
            e->i++;
            break;
        }
        if (c == '&' && e->i + 1 < e->n && e->s[e->i + 1] == '&') {
            if (k + 1 < MAC_TEXT) { buf[k++] = '&'; buf[k++] = '&'; }
            e->i += 2;
            continue;
        }
        if (c == '&') {
            struct ref r;
            char sb[16];
            int at = e->i;
            int rc = parse_ref(e, &r, sb);
            if (rc < 0)
                return ca_str(e->as, "", 0);
            if (rc > 0) {
                e->i = at;
                ca_fail(e, "undefined variable symbol &%.*s", r.nlen, r.name);
                return ca_str(e->as, "", 0);
            }
            struct val x = ca_to_str(e, ref_value(e, &r));
            if (x.t == 'C' && e->err)
                return ca_str(e->as, "", 0);
            if (e->i < e->n && e->s[e->i] == '.')
                e->i++;
            if (k + x.len > MAC_TEXT) {
                ca_fail(e, "a character value longer than %d", MAC_TEXT);
                return ca_str(e->as, "", 0);
            }
            memcpy(buf + k, x.s, (size_t)x.len);
            k += x.len;
            continue;
        }
        if (k < MAC_TEXT) buf[k++] = c;
        e->i++;
    }
    return ca_str(e->as, buf, k);
}

/* A substring '(start,len)' of x; len may be *, the rest. */
static struct val substring(struct ev *e, struct val x)
{
    e->i++;
    int64_t st = ca_to_num(e, sum(e)), ln;
    if (e->i >= e->n || e->s[e->i] != ',') {
        ca_fail(e, "a substring is (start,length)");
        return x;
    }
    e->i++;
    if (e->i < e->n && e->s[e->i] == '*') {
        e->i++;
        ln = x.len - st + 1;
    } else {
        ln = ca_to_num(e, sum(e));
    }
    if (e->i >= e->n || e->s[e->i] != ')') {
        ca_fail(e, "')' expected after a substring");
        return x;
    }
    e->i++;
    if (e->err)
        return x;
    if (st < 1 || st > x.len + 1 || ln < 0) {
        if (ln == 0)
            return ca_str(e->as, "", 0);
        ca_fail(e, "substring (%lld,%lld) outside a string of length %d", (long long)st,
                (long long)ln, x.len);
        return ca_str(e->as, "", 0);
    }
    if (st - 1 + ln > x.len)
        ln = x.len - (st - 1);
    return ca_str(e->as, x.s + st - 1, (int)ln);
}

/* 'a'(s,n).'b'... : a character expression. */

/* x, then { . term }: a string ('..'(s,n)), a built-in function, or (...). */
static struct val concat_more(struct ev *e, struct val x)
{
    while (!e->err && e->i + 1 < e->n && e->s[e->i] == '.' &&
           (e->s[e->i + 1] == '(' || e->s[e->i + 1] == '\'' || builtin_at(e, e->i + 1))) {
        e->i++;
        struct val y = ca_to_str(e, ca_term(e));
        char *c = arena_raw(&e->as->mac->tmp, (size_t)(x.len + y.len + 1));
        memcpy(c, x.s, (size_t)x.len);
        memcpy(c + x.len, y.s, (size_t)y.len);
        x = (struct val){ .t = 'C', .s = c, .len = x.len + y.len };
    }
    return x;
}

static struct val char_expr(struct ev *e, struct val x)
{
    for (;;) {
        if (e->i < e->n && e->s[e->i] == '(')
            x = substring(e, x);
        if (e->err)
            return x;
        if (e->i + 1 < e->n && e->s[e->i] == '.' && e->s[e->i + 1] != '\'') {
            struct val y = concat_more(e, x);
            if (y.len == x.len && y.s == x.s)
                return x;
            x = y;
            continue;
        }
        if (e->i + 1 < e->n && e->s[e->i] == '.' && e->s[e->i + 1] == '\'') {
            e->i++;
            struct val y = string_lit(e);
            if (e->i < e->n && e->s[e->i] == '(')
                y = substring(e, y);
            char *c = arena_raw(&e->as->mac->tmp, (size_t)(x.len + y.len + 1));
            memcpy(c, x.s, (size_t)x.len);
            memcpy(c + x.len, y.s, (size_t)y.len);
            x.s = c;
            x.len += y.len;
            continue;
        }
        return x;
    }
}

/* A self-defining term X'..', B'..', C'..' at e->s[e->i]. */
static struct val selfdef(struct ev *e, char kind)
{
    e->i += 2;
    int64_t n = 0;
    int k = 0;
    while (e->i < e->n && (e->s[e->i] != '\'' ||
                           (kind == 'C' && e->i + 1 < e->n && e->s[e->i + 1] == '\''))) {
        int c = (unsigned char)e->s[e->i];
        if (kind == 'X' && isxdigit(c))
            n = n * 16 + (isdigit(c) ? c - '0' : toupper(c) - 'A' + 10);
        else if (kind == 'B' && (c == '0' || c == '1'))
            n = n * 2 + (c - '0');
        else if (kind == 'C') {
            if (c == '\'' || c == '&')     /* '' and && stand for one */
                e->i++;
            n = n * 256 + ebcdic_of((char)c);
        }
        else {
            ca_fail(e, "invalid character in a self-defining term");
            return ca_num(0);
        }
        k++;
        e->i++;
        if (n > 0xFFFFFFFFLL) {
            ca_fail(e, "self-defining term too large");
            return ca_num(0);
        }
    }
    if (e->i >= e->n) {
        ca_fail(e, "a self-defining term is not closed");
        return ca_num(0);
    }
    e->i++;
    return ca_num((int32_t)(uint32_t)n);
}

/* T' of a value (an operand of a macro call): O omitted, N a number, the
   symbol's type, else U. */
static char type_of(struct ev *e, const char *s, int n)
{
    if (n == 0)
        return 'O';
    int digits = 1;
    for (int i = 0; i < n; i++)
        digits &= isdigit((unsigned char)s[i]) != 0;
    if (digits || (n > 2 && strchr("XBC", toupper((unsigned char)s[0])) && s[1] == '\''))
        return 'N';
    if (!isalpha((unsigned char)s[0]) && s[0] != '$' && s[0] != '#' && s[0] != '@')
        return 'U';
    for (int i = 0; i < n; i++)
        if (!ca_is_symch((unsigned char)s[i]))
            return 'U';
    char t;
    int64_t l;
    return mac_symattr(e->as, s, (size_t)n, &t, &l, 1) == 0 ? t : 'U';
}

/* The operand of an attribute: the value of &v, or an ordinary symbol. */
static int attr_operand(struct ev *e, struct ref *r, struct val *x, int *isref)
{
    char sb[16];
    *isref = 0;
    if (e->i < e->n && e->s[e->i] == '&') {
        int rc = parse_ref(e, r, sb);
        if (rc != 0) {
            if (rc > 0)
                ca_fail(e, "undefined variable symbol &%.*s", r->nlen, r->name);
            return -1;
        }
        *isref = 1;
        if (r->is_param == 2 && r->nsub == 0)
            *x = ca_str(e->as, "", 0);        /* N'&SYSLIST: no value needed */
        else if (r->var && r->var->dim > 0 && r->nsub == 0)
            *x = ca_str(e->as, "", 0);        /* N'&ARRAY */
        else
            *x = ca_to_str(e, ref_value(e, r));
        return 0;
    }
    int b = e->i;
    while (e->i < e->n && ca_is_symch((unsigned char)e->s[e->i]))
        e->i++;
    if (e->i == b) {
        ca_fail(e, "a symbol or variable symbol expected after the attribute");
        return -1;
    }
    *x = ca_str(e->as, e->s + b, e->i - b);
    return 0;
}

static struct val attribute(struct ev *e, char a)
{
    e->i += 2;
    struct ref r;
    struct val x;
    int isref;
    if (attr_operand(e, &r, &x, &isref) < 0)
        return ca_num(0);
    switch (a) {
    case 'K':
        return ca_num(x.len);
    case 'N':
        if (isref && r.is_param == 2 && r.nsub == 0)
            return ca_num(e->v->npos);
        if (isref && r.var && r.nsub == 0)
            return ca_num(r.var->n);
        if (isref && (r.is_param || r.pval))
            return ca_num(mac_sublist(x.s, 0, NULL, NULL));
        return ca_num(x.len ? 1 : 0);
    case 'T': {
        char t = type_of(e, x.s, x.len);
        if (isref && r.var && r.var->type != 'C')
            t = 'N';
        return ca_str(e->as, &t, 1);
    }
    case 'D': {
        char t;
        int64_t l;
        return ca_bool(mac_symattr(e->as, x.s, (size_t)x.len, &t, &l, 0) == 0);
    }
    default: {  /* L */
        char t;
        int64_t l = 1;
        if (mac_symattr(e->as, x.s, (size_t)x.len, &t, &l, 1) != 0)
            ca_fail(e, "L'%.*s: the symbol is not defined in the source",
                    x.len > 40 ? 40 : x.len, x.s);
        return ca_num(l);
    }
    }
}

static int is_attr(struct ev *e)
{
    if (e->i + 2 >= e->n || e->s[e->i + 1] != '\'')
        return 0;
    char a = (char)toupper((unsigned char)e->s[e->i]);
    if (!strchr("KNTLD", a))
        return 0;
    unsigned char c = (unsigned char)e->s[e->i + 2];
    return c == '&' || isalpha(c) || c == '$' || c == '#' || c == '@';
}

static struct val prim1(struct ev *e);

struct val ca_term(struct ev *e)
{
    int at = e->i + 1;
    if (++e->depth > 100) {     /* the C stack is not a resource to spend on this */
        ca_fail(e, "expression nested too deeply");
        e->depth--;
        return ca_num(0);
    }
    struct val x = prim1(e);
    e->depth--;
    x.at = at;
    return x;
}

static struct val prim1(struct ev *e)
{
    if (e->err)
        return ca_num(0);
    if (e->i >= e->n) {
        ca_fail(e, "an operand is missing");
        return ca_num(0);
    }
    char c = e->s[e->i];
    if (c == '(') {
        e->i++;
        ca_blanks(e);
        int w = 0;
        while (e->i + w < e->n && ca_is_symch((unsigned char)e->s[e->i + w]))
            w++;
        const struct builtin *b = w && e->i + w < e->n && e->s[e->i + w] == ' '
                                  ? builtin_find(e->s + e->i, w) : NULL;
        if (b && builtin_nargs(b) == 1) {       /* (UPPER 'x'), (A2X &N): the logical format */
            e->i += w;
            ca_blanks(e);
            struct val y = ca_term(e);
            if (e->err)
                return ca_num(0);
            struct val r = builtin_apply(e, b, &y);
            ca_blanks(e);
            if (e->i >= e->n || e->s[e->i] != ')')
                ca_fail(e, "')' expected");
            e->i++;
            return r.t == 'C' ? concat_more(e, r) : r;
        }
        struct val x = ca_expr(e);
        ca_blanks(e);
        if (e->i >= e->n || e->s[e->i] != ')') {
            ca_fail(e, "')' expected");
            return x;
        }
        e->i++;
        if (e->i < e->n && e->s[e->i] == '\'') {    /* duplication */
            int64_t k = ca_to_num(e, x);
            struct val y = char_expr(e, string_lit(e));
            if (k < 0 || k * y.len > MAC_TEXT) {
                ca_fail(e, "duplication factor %lld out of range", (long long)k);
                return ca_str(e->as, "", 0);
            }
            char *d = arena_raw(&e->as->mac->tmp, (size_t)(k * y.len + 1));
            for (int64_t j = 0; j < k; j++)
                memcpy(d + j * y.len, y.s, (size_t)y.len);
            return (struct val){ .t = 'C', .s = d, .len = (int)(k * y.len) };
        }
        return x;
    }
    if (c == '\'')
        return char_expr(e, string_lit(e));
    if (c == '&') {
        struct ref r;
        char sb[16];
        int at = e->i;
        int rc = parse_ref(e, &r, sb);
        if (rc > 0) {
            e->i = at;
            ca_fail(e, "undefined variable symbol &%.*s", r.nlen, r.name);
        }
        if (rc != 0)
            return ca_num(0);
        return ref_value(e, &r);
    }
    if (isdigit((unsigned char)c)) {
        int64_t n = 0;
        while (e->i < e->n && isdigit((unsigned char)e->s[e->i])) {
            n = n * 10 + (e->s[e->i++] - '0');
            if (n > INT32_MAX) {
                ca_fail(e, "number too large");
                return ca_num(0);
            }
        }
        return ca_num(n);
    }
    if (is_attr(e))
        return attribute(e, (char)toupper((unsigned char)c));
    if (isalpha((unsigned char)c)) {    /* NAME(...): a built-in function */
        int w = 0;
        while (e->i + w < e->n && ca_is_symch((unsigned char)e->s[e->i + w]))
            w++;
        const struct builtin *b = e->i + w < e->n && e->s[e->i + w] == '('
                                  ? builtin_find(e->s + e->i, w) : NULL;
        if (b) {
            e->i += w;
            struct val r = builtin_call(e, b);
            return r.t == 'C' ? concat_more(e, r) : r;
        }
        if (e->i + w < e->n && e->s[e->i + w] == '(' && w > 1) {
            ca_fail(e, "unknown built-in function %.*s", w, e->s + e->i);
            return ca_num(0);
        }
    }
    char u = (char)toupper((unsigned char)c);
    if ((u == 'X' || u == 'B' || u == 'C') && e->i + 1 < e->n && e->s[e->i + 1] == '\'')
        return selfdef(e, u);
    ca_fail(e, "invalid term in a conditional assembly expression");
    return ca_num(0);
}

static struct val unary(struct ev *e)
{
    if (e->i < e->n && (e->s[e->i] == '-' || e->s[e->i] == '+')) {
        int neg = e->s[e->i++] == '-';
        struct val x = unary(e);
        return ca_num(fit32(e, neg ? -ca_to_num(e, x) : ca_to_num(e, x)));
    }
    return ca_term(e);
}

static struct val prod(struct ev *e)
{
    struct val x = unary(e);
    while (!e->err && e->i < e->n && (e->s[e->i] == '*' || e->s[e->i] == '/')) {
        char op = e->s[e->i++];
        int64_t a = ca_to_num(e, x), b = ca_to_num(e, unary(e));
        if (op == '*')
            x = ca_num(fit32(e, a * b));
        else
            x = ca_num(b == 0 ? 0 : a / b);   /* HLASM: division by zero gives 0 */
    }
    return x;
}

static struct val sum(struct ev *e)
{
    struct val x = prod(e);
    while (!e->err && e->i < e->n && (e->s[e->i] == '+' || e->s[e->i] == '-')) {
        char op = e->s[e->i++];
        int64_t a = ca_to_num(e, x), b = ca_to_num(e, prod(e));
        x = ca_num(fit32(e, op == '+' ? a + b : a - b));
    }
    return x;
}

static int str_cmp(struct val a, struct val b)
{
    if (a.len != b.len)
        return a.len < b.len ? -1 : 1;
    for (int i = 0; i < a.len; i++)     /* in the EBCDIC collating sequence */
        if (ebcdic_of(a.s[i]) != ebcdic_of(b.s[i]))
            return ebcdic_of(a.s[i]) < ebcdic_of(b.s[i]) ? -1 : 1;
    return 0;
}

/* sum { (SLA | SLL | SRA | SRL) sum }: shifts of 32-bit values. */
static struct val shift(struct ev *e)
{
    static const char *const ops[] = { "SLA", "SLL", "SRA", "SRL" };
    struct val x = sum(e);
    for (int again = 1; again && !e->err;) {
        again = 0;
        for (int k = 0; k < 4 && !e->err; k++) {
            if (!word(e, ops[k]))
                continue;
            int64_t a = ca_to_num(e, x), n = ca_to_num(e, sum(e));
            if (n < 0 || n > 63) {
                ca_fail(e, "shift count %lld is not from 0 to 63", (long long)n);
                return ca_num(0);
            }
            uint32_t u = (uint32_t)a;
            int64_t r;
            if (k == 1)
                r = n > 31 ? 0 : (int32_t)(u << n);
            else if (k == 3)
                r = n > 31 ? 0 : (int32_t)(u >> n);
            else if (k == 2)
                r = (int32_t)u >> (n > 31 ? 31 : n);
            else {      /* SLA: the sign stays; a bit unlike it shifted out is an overflow */
                int64_t v = (int64_t)(int32_t)u * ((int64_t)1 << (n > 32 ? 32 : n));
                r = fit32(e, v);
            }
            x = ca_num(r);
            again = 1;
        }
    }
    return x;
}

static struct val rel(struct ev *e)
{
    static const char *const ops[] = { "EQ", "NE", "LT", "GT", "LE", "GE" };
    struct val x = shift(e);
    int find = word(e, "FIND") ? 2 : word(e, "INDEX") ? 1 : 0;
    if (find) {     /* 'a' INDEX 'b': where b is in a; 'a' FIND 'b': the first of b's
                       characters in a; 0 if none */
        struct val a = ca_to_str(e, x), b = ca_to_str(e, shift(e));
        for (int i = 0; i < a.len && !e->err; i++)
            if (find == 1 ? (b.len > 0 && i + b.len <= a.len && !memcmp(a.s + i, b.s, (size_t)b.len))
                          : memchr(b.s, a.s[i], (size_t)b.len) != NULL)
                return ca_num(i + 1);
        return ca_num(0);
    }
    for (int k = 0; k < 6 && !e->err; k++) {
        if (!word(e, ops[k]))
            continue;
        struct val y = shift(e);
        int c;
        if (x.t == 'C' && y.t == 'C')
            c = str_cmp(x, y);
        else {
            int64_t a = ca_to_num(e, x), b = ca_to_num(e, y);
            c = a < b ? -1 : a > b;
        }
        int r = k == 0 ? c == 0 : k == 1 ? c != 0 : k == 2 ? c < 0 : k == 3 ? c > 0
                : k == 4 ? c <= 0 : c >= 0;
        return ca_bool(r);
    }
    return x;
}

/* In SETA, AND, OR, XOR, NOT on arithmetic values work on their 32 bits (HLASM);
   elsewhere, and on logical values, they are the logical operators. */
static int both_arith(const struct ev *e, struct val a, struct val b)
{
    return e->arith && a.t == 'A' && b.t == 'A';
}

static struct val lnot(struct ev *e)
{
    if (word(e, "NOT")) {
        struct val x = lnot(e);
        return e->arith && x.t == 'A' ? ca_num((int32_t)~(uint32_t)x.n) : ca_bool(!ca_to_num(e, x));
    }
    return rel(e);
}

static struct val land(struct ev *e)
{
    struct val x = lnot(e);
    while (!e->err && word(e, "AND")) {
        int n = word(e, "NOT");
        struct val y = lnot(e);
        if (both_arith(e, x, y))
            x = ca_num((int32_t)((uint32_t)x.n & (n ? ~(uint32_t)y.n : (uint32_t)y.n)));
        else {
            int64_t b = ca_to_num(e, y);
            x = ca_bool(ca_to_num(e, x) && (n ? !b : b));
        }
    }
    return x;
}

struct val ca_expr(struct ev *e)
{
    struct val x = land(e);
    for (;;) {
        if (e->err)
            return x;
        if (word(e, "OR")) {
            int n = word(e, "NOT");
            struct val y = land(e);
            if (both_arith(e, x, y)) {
                x = ca_num((int32_t)((uint32_t)x.n | (n ? ~(uint32_t)y.n : (uint32_t)y.n)));
                continue;
            }
            int64_t b = ca_to_num(e, y);
            x = ca_bool(ca_to_num(e, x) || (n ? !b : b));
        } else if (word(e, "XOR")) {
            struct val y = land(e);
            if (both_arith(e, x, y)) {
                x = ca_num((int32_t)((uint32_t)x.n ^ (uint32_t)y.n));
                continue;
            }
            int64_t b = ca_to_num(e, y);
            x = ca_bool(!ca_to_num(e, x) != !b);
        } else {
            return x;
        }
    }
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
        int rc = parse_ref(&e, &r, sb);
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
        struct val x = ca_to_str(&e, ref_value(&e, &r));
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
        if (ca_name_eq(op, ca_ops[i].name, (size_t)n))
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
        while (e.i < e.n && ca_is_symch((unsigned char)e.s[e.i]))
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
            int64_t d = ca_to_num(&e, sum(&e));
            if (e.i >= e.n || e.s[e.i] != ')') {
                ca_fail(&e, "')' expected after the dimension");
                break;
            }
            e.i++;
            dim = d < 1 ? 1 : (int)(d > 65535 ? 65535 : d);
        }
        if (mac_param(v, nm, nl) || (nl >= 3 && ca_name_eq(nm, "SYSLIST", nl))) {
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
    while (e.i < e.n && ca_is_symch((unsigned char)e.s[e.i]))
        e.i++;
    const char *nm = f->name + 1;
    size_t nl = (size_t)(e.i - 1);
    int64_t sub = 1;
    int has_sub = 0;
    if (e.i < e.n && e.s[e.i] == '(') {
        e.i++;
        sub = ca_to_num(&e, sum(&e));
        if (e.i >= e.n || e.s[e.i] != ')')
            ca_fail(&e, "')' expected after the subscript");
        e.i++;
        has_sub = 1;
    }
    if (e.err)
        return NULL;
    if (mac_param(v, nm, nl) || (v->m && ca_name_eq(nm, "SYSLIST", nl)) ||
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
static int branch(struct assembler *as, struct inv *v, const char *seq, int n, char *jump)
{
    struct macproc *mp = as->mac;
    if (!v->m && ++mp->branches > mp->maxbranches) {   /* ACTR cannot reset this one */
        ca_error(as, v, 0, "more than %ld branches (AIF/AGO) in open code in this assembly, "
                 "whatever ACTR says (--max-branches raises the limit)", mp->maxbranches);
        as->stop = 1;
        return -1;
    }
    if (--v->actr < 0) {
        ca_error(as, v, 0, "more than the ACTR limit of branches (AIF/AGO) in %s: an endless "
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
    while (i < e->n && ca_is_symch((unsigned char)e->s[i]))
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
        return branch(as, v, e.s, n, jump);
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
                return branch(as, v, e.s + e.i, n, jump);
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
            return branch(as, v, e.s + e.i, n, jump);
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
        stmt_msg(as, v->si, l, 0, "MNOTE %d: %s", sev, msg);
    } else if (as->opt.mnote_console) {     /* as z390 shows them */
        stmt_msg(as, v->si, DIAG_NOTE, 0, "MNOTE *: %s", msg);
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
    int clk = f->opndlen == 6 && (ca_name_eq(f->opnd, "CLOCKB", 6) || ca_name_eq(f->opnd, "CLOCKD", 6));
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
    if (f->opndlen && !(f->opndlen == 6 && ca_name_eq(f->opnd, "NOSTMT", 6)) &&
        !(f->opndlen == 7 && ca_name_eq(f->opnd, "NOPRINT", 7))) {
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
