/*
 * caexpr.c -- the expressions of conditional assembly (SETA, SETB, SETC,
 * AIF, subscripts and substring bounds), evaluated on their text.
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
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ebcdic.h"
#include "caexpr.h"

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
    if (e->i + (int)n <= e->n && mac_same_name(e->s + e->i, n, w) &&
        (e->i + (int)n == e->n || !mac_is_symch((unsigned char)e->s[e->i + n]))) {
        e->i += (int)n;
        ca_blanks(e);
        return 1;
    }
    e->i = save;
    return 0;
}


static const char *sysvar(struct assembler *as, struct inv *v, const char *n, int len,
                          char *buf)
{
    struct macproc *mp = as->mac;
    if (mac_same_name(n, (size_t)len, "SYSNDX"))
        return v->m ? v->ndx : NULL;
    if (mac_same_name(n, (size_t)len, "SYSECT"))
        return v->m ? v->sysect : mp->sysect;
    if (mac_same_name(n, (size_t)len, "SYSPARM"))
        return as->opt.sysparm ? as->opt.sysparm : "";
    if (mac_same_name(n, (size_t)len, "SYSDATE"))
        return mp->date;
    if (mac_same_name(n, (size_t)len, "SYSTIME"))
        return mp->time;
    if (mac_same_name(n, (size_t)len, "SYSNEST")) {
        snprintf(buf, 16, "%d", v->depth);
        return buf;
    }
    if (mac_same_name(n, (size_t)len, "SYSMAC"))
        return v->m ? v->m->name : "OPEN CODE";
    return NULL;
}

/*
 * Parse the reference at e->s[e->i] == '&'; subscripts are evaluated.
 * Returns 0 with r filled, 1 if the name is unknown (e->i after the name),
 * -1 on an error (reported).
 */
int ca_parse_ref(struct ev *e, struct ref *r, char *sysbuf)
{
    memset(r, 0, sizeof *r);
    int start = e->i++;
    int b = e->i;
    while (e->i < e->n && mac_is_symch((unsigned char)e->s[e->i]))
        e->i++;
    r->name = e->s + b;
    r->nlen = e->i - b;
    if (r->nlen == 0 || !isalpha((unsigned char)r->name[0])) {
        e->i = start + 1;
        return 1;
    }
    if (mac_same_name(r->name, (size_t)r->nlen, "SYSLIST") && e->v->m)
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
            int64_t k = ca_to_num(e, ca_sum(e));
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
struct val ca_ref_value(struct ev *e, const struct ref *r)
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

/* A character value of n characters would be made: past the limit, an error (1). */
static int too_long(struct ev *e, long n)
{
    if (n <= MAC_TEXT)
        return 0;
    ca_fail(e, "a character value longer than %d", MAC_TEXT);
    return 1;
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
                if (too_long(e, k + 1))
                    return ca_str(e->as, "", 0);
                buf[k++] = '\'';
                e->i += 2;
                continue;
            }
            e->i++;
            break;
        }
        if (c == '&' && e->i + 1 < e->n && e->s[e->i + 1] == '&') {
            if (too_long(e, k + 2))
                return ca_str(e->as, "", 0);
            buf[k++] = '&';
            buf[k++] = '&';
            e->i += 2;
            continue;
        }
        if (c == '&') {
            struct ref r;
            char sb[16];
            int at = e->i;
            int rc = ca_parse_ref(e, &r, sb);
            if (rc < 0)
                return ca_str(e->as, "", 0);
            if (rc > 0) {
                e->i = at;
                ca_fail(e, "undefined variable symbol &%.*s", r.nlen, r.name);
                return ca_str(e->as, "", 0);
            }
            struct val x = ca_to_str(e, ca_ref_value(e, &r));
            if (x.t == 'C' && e->err)
                return ca_str(e->as, "", 0);
            if (e->i < e->n && e->s[e->i] == '.')
                e->i++;
            if (too_long(e, (long)k + x.len))
                return ca_str(e->as, "", 0);
            memcpy(buf + k, x.s, (size_t)x.len);
            k += x.len;
            continue;
        }
        if (too_long(e, k + 1))
            return ca_str(e->as, "", 0);
        buf[k++] = c;
        e->i++;
    }
    return ca_str(e->as, buf, k);
}

/* A substring '(start,len)' of x; len may be *, the rest. */
static struct val substring(struct ev *e, struct val x)
{
    e->i++;
    int64_t st = ca_to_num(e, ca_sum(e)), ln;
    if (e->i >= e->n || e->s[e->i] != ',') {
        ca_fail(e, "a substring is (start,length)");
        return x;
    }
    e->i++;
    if (e->i < e->n && e->s[e->i] == '*') {
        e->i++;
        ln = x.len - st + 1;
    } else {
        ln = ca_to_num(e, ca_sum(e));
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
        if (too_long(e, (long)x.len + y.len))
            return ca_str(e->as, "", 0);
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
            if (too_long(e, (long)x.len + y.len))
                return ca_str(e->as, "", 0);
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
        if (!mac_is_symch((unsigned char)s[i]))
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
        int rc = ca_parse_ref(e, r, sb);
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
            *x = ca_to_str(e, ca_ref_value(e, r));
        return 0;
    }
    int b = e->i;
    while (e->i < e->n && mac_is_symch((unsigned char)e->s[e->i]))
        e->i++;
    if (e->i == b) {
        ca_fail(e, "a symbol or variable symbol expected after the attribute");
        return -1;
    }
    *x = ca_str(e->as, e->s + b, e->i - b);
    return 0;
}

/* O'name: what the operation code name is (HLASM's letters): M a macro defined,
   O a machine instruction, E an extended mnemonic, A an assembler or conditional
   assembly operation, S a macro in a library (not read yet), U nothing known. */
static char op_type(struct assembler *as, const char *s, int n)
{
    if (n <= 0)
        return 'U';
    if (mac_find(as->mac, s, (size_t)n))
        return 'M';
    const struct opent *op = optab_find(as->optab, s, (size_t)n);
    if (op)
        return op->kind == OPK_INSN ? 'O' : op->kind == OPK_EXT ? 'E' : 'A';
    if (ca_lookup(s, n) != CA_NONE)
        return 'A';
    return mac_lib_has(as, s, (size_t)n) ? 'S' : 'U';
}

static struct val attribute(struct ev *e, char a)
{
    int at = e->i;      /* the attribute's letter: where its errors point */
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
    case 'O': {
        char t = op_type(e->as, x.s, x.len);
        return ca_str(e->as, &t, 1);
    }
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
        if (mac_symattr(e->as, x.s, (size_t)x.len, &t, &l, 1) != 0) {
            e->i = at;
            ca_fail(e, "L'%.*s: the symbol is not defined in the source",
                    x.len > 40 ? 40 : x.len, x.s);
        }
        return ca_num(l);
    }
    }
}

static int is_attr(struct ev *e)
{
    if (e->i + 2 >= e->n || e->s[e->i + 1] != '\'')
        return 0;
    char a = (char)toupper((unsigned char)e->s[e->i]);
    if (!strchr("KNTLDO", a))
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
        while (e->i + w < e->n && mac_is_symch((unsigned char)e->s[e->i + w]))
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
            if (k < 0) {
                ca_fail(e, "duplication factor %lld is negative", (long long)k);
                return ca_str(e->as, "", 0);
            }
            if (k * y.len > MAC_TEXT) {
                ca_fail(e, "(%lld)'...' makes %lld characters: a character value is at most %d",
                        (long long)k, (long long)(k * y.len), MAC_TEXT);
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
        int rc = ca_parse_ref(e, &r, sb);
        if (rc > 0) {
            e->i = at;
            ca_fail(e, "undefined variable symbol &%.*s", r.nlen, r.name);
        }
        if (rc != 0)
            return ca_num(0);
        return ca_ref_value(e, &r);
    }
    if (isdigit((unsigned char)c)) {
        int64_t n = 0;
        int at = e->i;
        while (e->i < e->n && isdigit((unsigned char)e->s[e->i])) {
            n = n * 10 + (e->s[e->i++] - '0');
            if (n > INT32_MAX) {
                e->i = at;
                ca_fail(e, "number too large (the limit is 2147483647; -2147483648 is "
                        "written -2147483647-1)");
                return ca_num(0);
            }
        }
        return ca_num(n);
    }
    if (is_attr(e))
        return attribute(e, (char)toupper((unsigned char)c));
    if (isalpha((unsigned char)c)) {    /* NAME(...): a built-in function */
        int w = 0;
        while (e->i + w < e->n && mac_is_symch((unsigned char)e->s[e->i + w]))
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

struct val ca_sum(struct ev *e)
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
    struct val x = ca_sum(e);
    for (int again = 1; again && !e->err;) {
        again = 0;
        for (int k = 0; k < 4 && !e->err; k++) {
            if (!word(e, ops[k]))
                continue;
            int64_t a = ca_to_num(e, x), n = ca_to_num(e, ca_sum(e));
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
