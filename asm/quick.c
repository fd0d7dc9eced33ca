/*
 * quick.c -- the parser's quick path for the most common statement:
 *
 *   [name] instruction operands [remarks]
 *
 * where every operand term is a decimal number or a plain symbol, in the
 * shape the instruction's token names (parser.y): e for a register, mask
 * or immediate, and an address D | D(A) | D(A,B) | D(,B).  Such a
 * statement is built here directly, exactly as the grammar's actions would
 * build it: the same px_* calls, the same nodes, the same columns.
 * Anything else -- directives, expressions, literals, self-defining terms,
 * qualified symbols, every error -- is left to flex and bison: nothing is
 * changed until the whole statement is known to fit.
 *
 * The point is speed: most statements of a program are of this kind, and
 * a scanner and a table-driven parser spend many times the work of one
 * pass over the text on them.  tests/unit/t-asm-quick.c checks that both
 * paths build the same statement.
 */
#include <string.h>

#include "parse.h"
#include "asm/parser.h"

#define QMAX_TERMS 9        /* SS: D(A,B),D(A,B),e */

struct qterm {
    int off, len;           /* the term's text */
    int num;                /* a decimal number (value in v), else a symbol */
    int64_t v;
};

struct qopnd {
    int form;               /* enum opform */
    int d, a, b;            /* term indexes, -1 if absent */
};

struct qscan {
    const char *t;
    int n, i;               /* text, length, position */
    struct qterm term[QMAX_TERMS];
    int nterm;
};

static int sym_first(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '@' || c == '#' ||
           c == '$' || c == '_';
}

static int sym_char(unsigned char c) { return sym_first(c) || (c >= '0' && c <= '9'); }

/* A character that may follow a term in the quick shapes (or the end). */
static int term_end(const struct qscan *q, int i)
{
    if (i >= q->n)
        return 1;
    char c = q->t[i];
    return c == ',' || c == '(' || c == ')' || c == ' ';
}

/* A number (at most 2147483647) or a symbol (at most SYM_MAX): its index, or -1. */
static int q_term(struct qscan *q)
{
    if (q->nterm >= QMAX_TERMS || q->i >= q->n)
        return -1;
    struct qterm *tm = &q->term[q->nterm];
    int i = q->i;
    unsigned char c = (unsigned char)q->t[i];
    if (c >= '0' && c <= '9') {
        int64_t v = 0;
        while (i < q->n && q->t[i] >= '0' && q->t[i] <= '9') {
            v = v * 10 + (q->t[i] - '0');
            i++;
            if (i - q->i > 10 || v > 2147483647LL)
                return -1;      /* the scanner's "number too large" */
        }
        tm->num = 1;
        tm->v = v;
    } else if (sym_first(c)) {
        while (i < q->n && sym_char((unsigned char)q->t[i]))
            i++;
        if (i - q->i > SYM_MAX)
            return -1;
        tm->num = 0;
    } else {
        return -1;
    }
    if (!term_end(q, i))
        return -1;      /* X'..', L'..', A.B, A+B, 12AB, ...: the full parser */
    tm->off = q->i;
    tm->len = i - q->i;
    q->i = i;
    return q->nterm++;
}

static int q_char(struct qscan *q, char c)
{
    if (q->i < q->n && q->t[q->i] == c) {
        q->i++;
        return 1;
    }
    return 0;
}

/* addr: D | D(A) | D(A,B) | D(,B) */
static int q_addr(struct qscan *q, struct qopnd *o)
{
    o->a = o->b = -1;
    o->form = OPF_PLAIN;
    if ((o->d = q_term(q)) < 0)
        return -1;
    if (!q_char(q, '('))
        return 0;
    if (q_char(q, ',')) {
        o->form = OPF_NOA;
        if ((o->b = q_term(q)) < 0)
            return -1;
    } else {
        if ((o->a = q_term(q)) < 0)
            return -1;
        o->form = OPF_ONE;
        if (q_char(q, ',')) {
            o->form = OPF_TWO;
            if ((o->b = q_term(q)) < 0)
                return -1;
        }
    }
    return q_char(q, ')') ? 0 : -1;
}

/* The operand shapes of the instruction tokens: e an expression, a an address. */
static const char *shape_of(int tok)
{
    switch (tok) {
    case T_RR: return "ee";
    case T_R1: return "e";
    case T_RX: return "ea";
    case T_X: return "a";
    case T_RS: return "eea";
    case T_RSH: return "ea";
    case T_SI: return "ae";
    case T_S: return "a";
    case T_SSL: case T_SSLL: return "aa";
    case T_SSI3: return "aae";
    default: return NULL;
    }
}

static struct expr *q_node(struct assembler *as, const struct qscan *q, int k)
{
    const struct qterm *tm = &q->term[k];
    if (tm->num)
        return px_num(as->lex, tm->v, tm->off + 1);
    char *id = arena_strndup(&as->arena, q->t + tm->off, (size_t)tm->len);
    for (char *p = id; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    return px_sym(as->lex, id, tm->off + 1);
}

int quick_stmt(struct assembler *as, struct stmt *st)
{
    struct qscan q = { .t = st->text, .n = st->textlen };
    int namelen = 0;
    if (q.n > 0 && q.t[0] != ' ') {     /* the name field */
        if (!sym_first((unsigned char)q.t[0]))
            return 0;
        while (namelen < q.n && q.t[namelen] != ' ') {
            if (!sym_char((unsigned char)q.t[namelen]))
                return 0;
            namelen++;
        }
        if (namelen > SYM_MAX)
            return 0;
        q.i = namelen;
    }
    while (q.i < q.n && q.t[q.i] == ' ')
        q.i++;
    int opoff = q.i;
    while (q.i < q.n && q.t[q.i] != ' ')
        q.i++;
    if (q.i == opoff || q.i >= q.n)
        return 0;       /* no operation, or no operands */
    const struct opent *op = optab_find(as->optab, q.t + opoff, (size_t)(q.i - opoff));
    if (!op || op->kind == OPK_DIR)
        return 0;
    const char *shape = shape_of(lex_op_token(op));
    if (!shape)
        return 0;
    while (q.i < q.n && q.t[q.i] == ' ')
        q.i++;
    struct qopnd o[3];
    int nops = 0;
    for (const char *s = shape; *s; s++, nops++) {
        if (nops > 0 && !q_char(&q, ','))
            return 0;
        if (*s == 'a') {
            if (q_addr(&q, &o[nops]) < 0)
                return 0;
        } else {
            o[nops] = (struct qopnd){ .form = OPF_PLAIN, .a = -1, .b = -1 };
            if ((o[nops].d = q_term(&q)) < 0)
                return 0;
        }
    }
    if (q.i < q.n && q.t[q.i] != ' ')
        return 0;       /* more than the shape holds */

    /* It fits: build what the grammar's actions build. */
    struct lexctx *x = as->lex;
    x->st = st;
    if (namelen) {
        char *name = arena_strndup(&as->arena, q.t, (size_t)namelen);
        for (char *p = name; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                *p = (char)(*p - 'a' + 'A');
        st->name = name;
        st->namecol = 1;
    }
    px_insn(x, op, opoff + 1);
    for (int i = 0; i < nops; i++) {
        struct expr *d = q_node(as, &q, o[i].d);
        struct expr *a = o[i].a >= 0 ? q_node(as, &q, o[i].a) : NULL;
        struct expr *b = o[i].b >= 0 ? q_node(as, &q, o[i].b) : NULL;
        px_operand(x, i, (enum opform)o[i].form, d, a, b, d->col);
    }
    return 1;
}
