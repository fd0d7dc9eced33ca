/*
 * expr.c -- the monitor's expressions, by recursive descent:
 *
 *   cond    := sum [ ('=='|'!='|'<'|'<='|'>'|'>=') sum ]
 *   sum     := product { ('+'|'-') product }
 *   product := unary { ('*'|'/') unary }
 *   unary   := '-' unary | primary
 *   primary := NUMBER | X'hex' | 0xhex | REGISTER | SYMBOL | '*' | '(' cond ')'
 *
 * A REGISTER is a row of the descriptor table (R5, CR0, PSW, IA, CC, ...),
 * looked up before symbols; a SYMBOL is a label, CSECT or entry of the
 * program; '*' alone in a primary place is the instruction address.
 * Values are 64-bit signed; division by zero is an error.
 */
#include "mon.h"

#include <ctype.h>
#include <stdarg.h>
#include <string.h>

struct ex {
    const struct mon *m;
    const char *p, *start;
    char *err;
    size_t errsize;
    int failed;
};

static int fail(struct ex *e, const char *fmt, ...)
{
    if (!e->failed) {
        va_list ap;
        int col = (int)(e->p - e->start) + 1;
        int n = snprintf(e->err, e->errsize, "column %d: ", col);
        va_start(ap, fmt);
        if (n >= 0 && (size_t)n < e->errsize)
            vsnprintf(e->err + n, e->errsize - (size_t)n, fmt, ap);
        va_end(ap);
    }
    e->failed = 1;
    return -1;
}

static void blanks(struct ex *e)
{
    while (*e->p == ' ' || *e->p == '\t')
        e->p++;
}

static int cond(struct ex *e, int64_t *v);

static int hexval(int c) { return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10; }

/* X'1A2B' */
static int hex_literal(struct ex *e, int64_t *v)
{
    const char *q = e->p + 2;
    uint64_t x = 0;
    int n = 0;
    for (; isxdigit((unsigned char)*q); q++, n++)
        x = x << 4 | (uint64_t)hexval((unsigned char)*q);
    if (*q != '\'' || n == 0 || n > 16) {
        e->p = q;
        return fail(e, "bad hexadecimal constant (X'..' with 1 to 16 digits)");
    }
    e->p = q + 1;
    *v = (int64_t)x;
    return 0;
}

static int number(struct ex *e, int64_t *v)
{
    uint64_t x = 0;
    if (e->p[0] == '0' && (e->p[1] == 'x' || e->p[1] == 'X')) {
        e->p += 2;
        if (!isxdigit((unsigned char)*e->p))
            return fail(e, "bad hexadecimal number");
        while (isxdigit((unsigned char)*e->p))
            x = x << 4 | (uint64_t)hexval((unsigned char)*e->p++);
    } else
        while (isdigit((unsigned char)*e->p)) {
            if (x > (UINT64_MAX - 9) / 10)
                return fail(e, "number too large");
            x = x * 10 + (uint64_t)(*e->p++ - '0');
        }
    if (isalnum((unsigned char)*e->p))
        return fail(e, "bad number");
    *v = (int64_t)x;
    return 0;
}

static int name(struct ex *e, int64_t *v)
{
    char word[64];
    size_t n = 0;
    while ((isalnum((unsigned char)*e->p) || strchr("@#$_", *e->p)) && *e->p) {
        if (n < sizeof word - 1)
            word[n++] = *e->p;
        e->p++;
    }
    word[n] = '\0';
    unsigned k;
    const struct reg_desc *d = reg_find(word, &k);
    struct vm *vm = mon_vm(e->m);
    if (d && vm) {
        *v = (int64_t)d->get(vm, k);
        return 0;
    }
    uint32_t a;
    if (where_symbol(e->m, word, &a) == 0) {
        *v = a;
        return 0;
    }
    e->p -= n;
    if (d)
        return fail(e, "no machine loaded to read %s from", word);
    return fail(e, "unknown symbol or register '%s'", word);
}

static int primary(struct ex *e, int64_t *v)
{
    blanks(e);
    const char *c = e->p;
    if ((c[0] == 'X' || c[0] == 'x') && c[1] == '\'')
        return hex_literal(e, v);
    if (isdigit((unsigned char)*c))
        return number(e, v);
    if (isalpha((unsigned char)*c) || (*c && strchr("@#$_", *c)))
        return name(e, v);
    if (*c == '*') {
        e->p++;
        struct vm *vm = mon_vm(e->m);
        if (!vm)
            return fail(e, "no machine loaded for '*'");
        *v = (int64_t)(vm_get_psw(vm) & VM_ADDR_MASK);
        return 0;
    }
    if (*c == '(') {
        e->p++;
        if (cond(e, v))
            return -1;
        blanks(e);
        if (*e->p != ')')
            return fail(e, "missing ')'");
        e->p++;
        return 0;
    }
    if (*c == '\0')
        return fail(e, "expression expected at the end");
    return fail(e, "unexpected '%c'", *c);
}

static int unary(struct ex *e, int64_t *v)
{
    blanks(e);
    if (*e->p == '-' || *e->p == '+') {
        char op = *e->p++;
        if (unary(e, v))
            return -1;
        if (op == '-')
            *v = (int64_t)(0 - (uint64_t)*v);
        return 0;
    }
    return primary(e, v);
}

static int product(struct ex *e, int64_t *v)
{
    if (unary(e, v))
        return -1;
    for (;;) {
        blanks(e);
        char op = *e->p;
        if (op != '*' && op != '/')
            return 0;
        e->p++;
        int64_t r;
        if (unary(e, &r))
            return -1;
        if (op == '/' && r == 0)
            return fail(e, "division by zero");
        *v = op == '*' ? (int64_t)((uint64_t)*v * (uint64_t)r)
                       : (r == -1 ? (int64_t)(0 - (uint64_t)*v) : *v / r);
    }
}

static int sum(struct ex *e, int64_t *v)
{
    if (product(e, v))
        return -1;
    for (;;) {
        blanks(e);
        char op = *e->p;
        if (op != '+' && op != '-')
            return 0;
        e->p++;
        int64_t r;
        if (product(e, &r))
            return -1;
        *v = (int64_t)(op == '+' ? (uint64_t)*v + (uint64_t)r : (uint64_t)*v - (uint64_t)r);
    }
}

static int cond(struct ex *e, int64_t *v)
{
    static const char *const ops[] = { "==", "!=", "<=", ">=", "<", ">" };
    if (sum(e, v))
        return -1;
    blanks(e);
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        size_t n = strlen(ops[i]);
        if (strncmp(e->p, ops[i], n) != 0)
            continue;
        e->p += n;
        int64_t r;
        if (sum(e, &r))
            return -1;
        *v = i == 0 ? *v == r : i == 1 ? *v != r : i == 2 ? *v <= r
           : i == 3 ? *v >= r : i == 4 ? *v < r : *v > r;
        return 0;
    }
    return 0;
}

int expr_eval(const struct mon *m, const char *text, int64_t *v, char *err, size_t errsize)
{
    struct ex e = { m, text, text, err, errsize, 0 };
    if (cond(&e, v))
        return -1;
    blanks(&e);
    if (*e.p != '\0')
        return fail(&e, "unexpected '%c' after the expression", *e.p);
    return 0;
}
