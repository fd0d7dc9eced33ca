/*
 * expr.c -- evaluating expressions to values with relocatability.
 *
 * A value is num + sum(coef * base(sect)).  The HLASM rules follow from
 * the coefficients: no terms is absolute; one term with coefficient +1 is
 * simply relocatable; anything else (A-B of different sections, -A, A+B)
 * is complex relocatable and only an address constant may hold it.  A
 * relocatable term may not be multiplied or divided.  Arithmetic is done
 * in 64 bits and must fit in 32 (signed); division by zero gives 0, as in
 * HLASM.
 *
 * EQU symbols are evaluated lazily, when first needed, with '*' meaning
 * the location of their EQU statement; a cycle is an error.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "slip.h"

static void fail(struct assembler *as, int flags, int col, const char *fmt, const char *arg)
{
    if (!(flags & EV_QUIET))
        stmt_msg(as, as->curstmt, DIAG_ERROR, col, fmt, arg);
}

static int add_term(struct value *v, int sect, int coef)
{
    for (int i = 0; i < v->nrel; i++)
        if (v->rel[i].sect == sect) {
            v->rel[i].coef += coef;
            if (v->rel[i].coef == 0)
                v->rel[i] = v->rel[--v->nrel];
            return 0;
        }
    if (v->nrel >= MAX_RELTERMS)
        return -1;
    v->rel[v->nrel].sect = sect;
    v->rel[v->nrel].coef = coef;
    v->nrel++;
    return 0;
}

int value_is_abs(const struct value *v) { return v->nrel == 0; }
int value_is_simple(const struct value *v) { return v->nrel == 1 && v->rel[0].coef == 1; }

/* A cross-reference entry: only the listing shows them. */
static void add_ref(struct assembler *as, struct symbol *s)
{
    if (as->lst)
        symtab_ref(s, as->curstmt);
}

struct symbol *sym_resolve(struct assembler *as, const char *name, int flags)
{
    struct symbol *s = symtab_find(&as->syms, name);
    if (!s || s->kind != SYM_EQU || s->state == 2)
        return s;
    if (s->state == 1)
        s->circular = 1;
    if (s->state == 1 || s->state == 3)
        return NULL;
    s->state = 1;
    int save = as->curstmt;
    as->curstmt = s->defstmt;
    const struct dirargs *d = as->stmts[s->defstmt].dir;    /* value [,length] */
    const struct expr *equlen = d->nargs > 1 ? d->args[1] : NULL;
    struct value v;
    int r = expr_eval(as, d->args[0], EV_QUIET | EV_NOREF | (flags & EV_PASS1), &v);
    int64_t len = 1;
    if (r == 0 && equlen && expr_abs(as, equlen, EV_QUIET | EV_NOREF, &len) < 0)
        r = -1;
    as->curstmt = save;
    if (r < 0 || v.nrel > 1 || (v.nrel == 1 && v.rel[0].coef != 1)) {
        s->state = as->pass == 2 ? 3 : 0;
        return NULL;
    }
    s->val = (int32_t)v.num;
    s->sect = v.nrel ? v.rel[0].sect : -1;
    s->len = equlen ? (uint32_t)len : v.has_len ? v.lenattr : 1;
    s->state = 2;
    return s;
}

/* The statement branches to its operand (BAL, BAS, BC and its extended
 * mnemonics) or the symbol is the value of an A-type constant: the way a
 * routine of another assembly gets named by mistake: 1 a branch, 2 an
 * A-type constant, 0 neither. */
static int calls_routine(const struct assembler *as)
{
    if (as->in_acon)
        return 2;
    if (as->curstmt < 0 || (size_t)as->curstmt >= as->nstmts)
        return 0;
    const struct opent *op = as->stmts[as->curstmt].op;
    if (!op || !op->insn || as->stmts[as->curstmt].kind != ST_INSN)
        return 0;
    const char *n = op->insn->name;
    return !strcmp(n, "BAL") || !strcmp(n, "BAS") || !strcmp(n, "BC");
}

/* "undefined symbol LOOPP", with the defined symbols one typing slip
 * away ("did you mean LOOP?"). */
static void undefined(struct assembler *as, const struct expr *e)
{
    struct slip_near nn = { { NULL }, 0, 0 };
    size_t n = strlen(e->name);
    char mean[256];
    for (size_t i = 0; n >= 3 && i < as->syms.cap; i++) {
        const struct symbol *s = as->syms.slots[i];
        if (s && s->kind != SYM_UNDEF)
            slip_offer(&nn, e->name, n, s->name);
    }
    slip_format(&nn, mean, sizeof mean);
    stmt_msg(as, as->curstmt, DIAG_ERROR, e->col, "undefined symbol %s%s", e->name, mean);
    int how = nn.n == 0 && e->kind == EX_SYM ? calls_routine(as) : 0;
    if (how)
        stmt_msg(as, as->curstmt, DIAG_NOTE, e->col,
                 "if %s is a routine in another CSECT, assembled on its own, %s: call it "
                 "through a V-type constant (L 15,=V(%s) then BALR 14,15) and link the two "
                 "with impld", e->name,
                 how == 1 ? "a branch cannot name it"
                          : "an A-type constant cannot name it (only this assembly's symbols)",
                 e->name);
}

static int eval_sym(struct assembler *as, const struct expr *e, int flags, struct value *v)
{
    if (e->kind == EX_QSYM)
        v->qual = e->r->name;
    struct symbol *s = sym_resolve(as, e->name, flags);
    if (!s || s->kind == SYM_UNDEF || (s->kind == SYM_EQU && s->state != 2)) {
        struct symbol *u = symtab_find(&as->syms, e->name);
        if (u && u->kind == SYM_EQU && (u->state == 1 || u->circular))
            fail(as, flags, e->col, "circular definition of %s", e->name);
        else if (u && u->kind == SYM_EQU)
            fail(as, flags, e->col, "%s cannot be evaluated (its EQU has an error)", e->name);
        else if (flags & (EV_PASS1 | EV_QUIET))
            fail(as, flags, e->col,
                 flags & EV_PASS1 ? "symbol %s must be defined before this statement"
                                  : "undefined symbol %s", e->name);
        else
            undefined(as, e);
        if (u && as->pass == 2 && !(flags & EV_NOREF))
            add_ref(as, u);
        return -1;
    }
    if (as->pass == 2 && !(flags & EV_NOREF))
        add_ref(as, s);
    v->num = s->val;
    if (s->sect >= 0)
        add_term(v, s->sect, 1);
    v->lenattr = s->len;
    v->has_len = 1;
    return 0;
}

/* A statement after this one that defines name, or NULL. */
static const struct stmt *defined_later(const struct assembler *as, const char *name)
{
    for (size_t i = (size_t)as->curstmt + 1; i < as->nstmts; i++)
        if (as->stmts[i].name && strcmp(as->stmts[i].name, name) == 0)
            return &as->stmts[i];
    return NULL;
}

static int lattr(struct assembler *as, const struct expr *e, int flags, struct value *v)
{
    if (e->l) {         /* L'=literal */
        struct literal *lit = as->lits[as->lits[e->l->num]->canon];
        v->num = lit->dc->done ? lit->dc->elen : 1;
    } else if (e->name) {
        struct symbol *s = sym_resolve(as, e->name, flags);
        if (!s || s->kind == SYM_UNDEF || (s->kind == SYM_EQU && s->state != 2)) {
            const struct stmt *later = (flags & EV_PASS1) ? defined_later(as, e->name) : NULL;
            if (later && !(flags & EV_QUIET))   /* a duplication factor, a length, ORG ... */
                stmt_msg(as, as->curstmt, DIAG_ERROR, e->col, "L'%s: %s is defined only later "
                         "(%s:%d), and pass 1 needs its length here: define it before this "
                         "statement", e->name, e->name, as->files[later->file]->path,
                         later->line + 1);
            else
                fail(as, flags, e->col, "L' of undefined symbol %s", e->name);
            return -1;
        }
        if (as->pass == 2 && !(flags & EV_NOREF))
            add_ref(as, s);
        v->num = s->len;
    } else {
        v->num = as->stmts[as->curstmt].len ? as->stmts[as->curstmt].len : 1;
    }
    v->lenattr = 1;
    v->has_len = 1;
    return 0;
}

static int eval(struct assembler *as, const struct expr *e, int flags, struct value *v, int depth)
{
    *v = (struct value){ 0 };
    if (depth > 1000) {
        fail(as, flags, e->col, "expression nested too deeply%s", "");
        return -1;
    }
    struct value a, b;
    switch (e->kind) {
    case EX_NUM:
        v->num = e->num;
        v->lenattr = 1;
        return 0;
    case EX_SYM: case EX_QSYM:
        return eval_sym(as, e, flags, v);
    case EX_RANGE:
        fail(as, flags, e->col, "a range (begin,end) is allowed only as the first operand of "
             "USING%s", "");
        return -1;
    case EX_BASED:
        fail(as, flags, e->col, "D(B) is allowed only in an S-type constant%s", "");
        return -1;
    case EX_LOC: {
        const struct stmt *st = &as->stmts[as->curstmt];
        v->num = st->loc + as->loc_bias;
        if (st->sect >= 0)
            add_term(v, st->sect, 1);
        v->lenattr = st->len ? st->len : 1;
        v->has_len = 1;
        return 0;
    }
    case EX_LATTR:
        return lattr(as, e, flags, v);
    case EX_LIT: {
        struct literal *lit = as->lits[as->lits[e->num]->canon];
        if (lit->pool < 0) {
            fail(as, flags, e->col, "literal %s is not in a literal pool here", lit->text);
            return -1;
        }
        v->num = lit->loc;
        add_term(v, lit->sect, 1);
        v->lenattr = lit->dc->elen;
        v->has_len = 1;
        return 0;
    }
    case EX_NEG:
        if (eval(as, e->l, flags, &a, depth + 1) < 0)
            return -1;
        *v = a;
        v->num = -a.num;
        for (int i = 0; i < v->nrel; i++)
            v->rel[i].coef = -v->rel[i].coef;
        break;
    case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV:
        if (eval(as, e->l, flags, &a, depth + 1) < 0 || eval(as, e->r, flags, &b, depth + 1) < 0)
            return -1;
        *v = a;
        if (e->kind == EX_ADD || e->kind == EX_SUB) {
            int sign = e->kind == EX_ADD ? 1 : -1;
            if (!v->qual)
                v->qual = b.qual;
            v->num = a.num + sign * b.num;
            for (int i = 0; i < b.nrel; i++)
                if (add_term(v, b.rel[i].sect, sign * b.rel[i].coef) < 0) {
                    fail(as, flags, e->col, "too many relocatable terms%s", "");
                    return -1;
                }
        } else {
            if (a.nrel || b.nrel) {
                fail(as, flags, e->col, "relocatable term in %s", e->kind == EX_MUL
                     ? "multiplication" : "division");
                return -1;
            }
            v->num = e->kind == EX_MUL ? a.num * b.num : b.num == 0 ? 0 : a.num / b.num;
        }
        break;
    }
    for (int i = 0; i < v->nrel; i++)
        if (v->rel[i].coef > 64 || v->rel[i].coef < -64) {
            fail(as, flags, e->col, "relocatable term used too many times%s", "");
            return -1;
        }
    if (v->num > 2147483647LL || v->num < -2147483648LL) {
        fail(as, flags, e->col, "arithmetic overflow (the result does not fit in 32 bits)%s", "");
        return -1;
    }
    return 0;
}

int expr_eval(struct assembler *as, const struct expr *e, int flags, struct value *v)
{
    return eval(as, e, flags, v, 0);
}

int expr_abs(struct assembler *as, const struct expr *e, int flags, int64_t *out)
{
    struct value v;
    if (expr_eval(as, e, flags, &v) < 0)
        return -1;
    if (v.nrel) {
        fail(as, flags, e->col, "absolute expression required%s", "");
        return -1;
    }
    *out = v.num;
    return 0;
}

int64_t expr_lenattr(struct assembler *as, const struct expr *e)
{
    struct value v;
    if (expr_eval(as, e, EV_QUIET | EV_NOREF, &v) < 0)
        return 1;
    return v.has_len ? v.lenattr : 1;
}
