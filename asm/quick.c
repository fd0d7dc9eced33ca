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
 * Pass 1 needs only the name and the operation of an instruction, so the
 * operands of a quick statement are not kept: pass 2 scans its text again
 * and builds them in a scratch arena reused statement by statement
 * (quick_operands).  A large source then holds no expression nodes for
 * its plain instructions at all.
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

/* Character classes of the quick shapes. */
enum { C_SYM1 = 1, C_DIGIT = 2, C_END = 4 };    /* symbol start, digit, ends a term */

static const unsigned char cclass[256] = {
    [' '] = C_END, [','] = C_END, ['('] = C_END, [')'] = C_END,
    ['0'] = C_DIGIT, ['1'] = C_DIGIT, ['2'] = C_DIGIT, ['3'] = C_DIGIT, ['4'] = C_DIGIT,
    ['5'] = C_DIGIT, ['6'] = C_DIGIT, ['7'] = C_DIGIT, ['8'] = C_DIGIT, ['9'] = C_DIGIT,
    ['@'] = C_SYM1, ['#'] = C_SYM1, ['$'] = C_SYM1, ['_'] = C_SYM1,
    ['A'] = C_SYM1, ['B'] = C_SYM1, ['C'] = C_SYM1, ['D'] = C_SYM1, ['E'] = C_SYM1,
    ['F'] = C_SYM1, ['G'] = C_SYM1, ['H'] = C_SYM1, ['I'] = C_SYM1, ['J'] = C_SYM1,
    ['K'] = C_SYM1, ['L'] = C_SYM1, ['M'] = C_SYM1, ['N'] = C_SYM1, ['O'] = C_SYM1,
    ['P'] = C_SYM1, ['Q'] = C_SYM1, ['R'] = C_SYM1, ['S'] = C_SYM1, ['T'] = C_SYM1,
    ['U'] = C_SYM1, ['V'] = C_SYM1, ['W'] = C_SYM1, ['X'] = C_SYM1, ['Y'] = C_SYM1,
    ['Z'] = C_SYM1,
    ['a'] = C_SYM1, ['b'] = C_SYM1, ['c'] = C_SYM1, ['d'] = C_SYM1, ['e'] = C_SYM1,
    ['f'] = C_SYM1, ['g'] = C_SYM1, ['h'] = C_SYM1, ['i'] = C_SYM1, ['j'] = C_SYM1,
    ['k'] = C_SYM1, ['l'] = C_SYM1, ['m'] = C_SYM1, ['n'] = C_SYM1, ['o'] = C_SYM1,
    ['p'] = C_SYM1, ['q'] = C_SYM1, ['r'] = C_SYM1, ['s'] = C_SYM1, ['t'] = C_SYM1,
    ['u'] = C_SYM1, ['v'] = C_SYM1, ['w'] = C_SYM1, ['x'] = C_SYM1, ['y'] = C_SYM1,
    ['z'] = C_SYM1,
};

static int cls(const struct qscan *q, int i) { return cclass[(unsigned char)q->t[i]]; }

/* A number (at most 2147483647) or a symbol (at most SYM_MAX): its index, or -1. */
static int q_term(struct qscan *q)
{
    if (q->nterm >= QMAX_TERMS || q->i >= q->n)
        return -1;
    const unsigned char *p = (const unsigned char *)q->t + q->i;
    const unsigned char *e = (const unsigned char *)q->t + q->n, *b = p;
    struct qterm *tm = &q->term[q->nterm];
    int c = cclass[*p];
    if (c & C_DIGIT) {
        int64_t v = 0;
        for (; p < e && (cclass[*p] & C_DIGIT) && p - b < 11; p++)
            v = v * 10 + (*p - '0');
        if (p - b > 10 || v > 2147483647LL)
            return -1;      /* the scanner's "number too large" */
        tm->num = 1;
        tm->v = v;
    } else if (c & C_SYM1) {
        while (p < e && (cclass[*p] & (C_SYM1 | C_DIGIT)))
            p++;
        if (p - b > SYM_MAX)
            return -1;
        tm->num = 0;
    } else {
        return -1;
    }
    if (p < e && !(cclass[*p] & C_END))
        return -1;      /* X'..', L'..', A.B, A+B, 12AB, ...: the full parser */
    tm->off = q->i;
    tm->len = (int)(p - b);
    q->i += tm->len;
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

static struct expr *q_node(struct lexctx *x, const struct qscan *q, int k)
{
    const struct qterm *tm = &q->term[k];
    if (tm->num)
        return px_num(x, tm->v, tm->off + 1);
    char *id = arena_strndup(x->nodes, q->t + tm->off, (size_t)tm->len);
    for (char *p = id; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    return px_sym(x, id, tm->off + 1);
}

/* What the scan of a statement found. */
struct qstmt {
    struct qscan q;
    int namelen, opoff;
    const struct opent *op;
    struct qopnd o[3];
    int nops;
};

/* The operands, from q->i (after the operation) on: 1 if they fit op's shape. */
static int q_operands(struct qstmt *s)
{
    struct qscan *q = &s->q;
    const char *shape = shape_of(lex_op_token(s->op));
    if (!shape)
        return 0;
    while (q->i < q->n && q->t[q->i] == ' ')
        q->i++;
    s->nops = 0;
    for (const char *c = shape; *c; c++, s->nops++) {
        struct qopnd *o = &s->o[s->nops];
        if (s->nops > 0 && !q_char(q, ','))
            return 0;
        if (*c == 'a') {
            if (q_addr(q, o) < 0)
                return 0;
        } else {
            *o = (struct qopnd){ .form = OPF_PLAIN, .a = -1, .b = -1 };
            if ((o->d = q_term(q)) < 0)
                return 0;
        }
    }
    return q->i >= q->n || q->t[q->i] == ' ';   /* not more than the shape holds */
}

/* Scan st's text: 1 if it has a quick shape (s filled), else 0. */
static int q_scan(struct assembler *as, const struct stmt *st, struct qstmt *s)
{
    struct qscan *q = &s->q;
    q->t = stmt_text(as, st);
    q->n = st->textlen;
    q->i = q->nterm = 0;
    s->namelen = 0;
    if (q->n > 0 && q->t[0] != ' ') {   /* the name field */
        if (!(cls(q, 0) & C_SYM1))
            return 0;
        while (s->namelen < q->n && q->t[s->namelen] != ' ') {
            if (!(cls(q, s->namelen) & (C_SYM1 | C_DIGIT)))
                return 0;
            s->namelen++;
        }
        if (s->namelen > SYM_MAX)
            return 0;
        q->i = s->namelen;
    }
    while (q->i < q->n && q->t[q->i] == ' ')
        q->i++;
    s->opoff = q->i;
    while (q->i < q->n && q->t[q->i] != ' ')
        q->i++;
    if (q->i == s->opoff || q->i >= q->n)
        return 0;       /* no operation, or no operands */
    s->op = optab_find(as->optab, q->t + s->opoff, (size_t)(q->i - s->opoff));
    if (!s->op || s->op->kind == OPK_DIR)
        return 0;
    return q_operands(s);
}

int quick_stmt(struct assembler *as, struct stmt *st)
{
    const struct opent *op;
    return quick_stmt_op(as, st, &op);
}

int quick_stmt_op(struct assembler *as, struct stmt *st, const struct opent **op)
{
    struct qstmt s;
    s.op = NULL;
    int fits = q_scan(as, st, &s);
    *op = s.op;
    if (!fits)
        return 0;
    /* It fits: the name and the operation, as the grammar sets them. */
    if (s.namelen) {
        char *name = arena_strndup(&as->arena, s.q.t, (size_t)s.namelen);
        for (char *p = name; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                *p = (char)(*p - 'a' + 'A');
        st->name = name;
        st->namecol = 1;
    }
    as->lex->st = st;
    px_insn(as->lex, s.op, s.opoff + 1);
    st->quick = 1;
    return 1;
}

void quick_operands(struct assembler *as, struct stmt *st)
{
    if (st->quick == 2) {
        parse_rebuild(as, st);
        return;
    }
    struct qstmt s;
    struct lexctx *x = as->lex;
    arena_reset(&as->scratch);
    /* The name and operation are known: scan from the end of the operation on. */
    struct qscan *q = &s.q;
    q->t = stmt_text(as, st);
    q->n = st->textlen;
    q->i = st->opcol - 1;
    q->nterm = 0;
    while (q->i < q->n && q->t[q->i] != ' ')
        q->i++;
    s.op = st->op;
    if (!q_operands(&s))
        return;         /* cannot happen: it was scanned so when it was read */
    x->st = st;
    x->nodes = &as->scratch;
    for (int i = 0; i < s.nops; i++) {
        struct expr *d = q_node(x, &s.q, s.o[i].d);
        struct expr *a = s.o[i].a >= 0 ? q_node(x, &s.q, s.o[i].a) : NULL;
        struct expr *b = s.o[i].b >= 0 ? q_node(x, &s.q, s.o[i].b) : NULL;
        px_operand(x, i, (enum opform)s.o[i].form, d, a, b, d->col);
    }
    x->nodes = &as->arena;
}
