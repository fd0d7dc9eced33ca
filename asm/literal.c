/*
 * literal.c -- literals (=F'1', =A(X), =C'..', ...) and literal pools.
 *
 * The parser creates one struct literal per occurrence.  Pass 1 gives each
 * occurrence a canonical literal: the first pending one with the same
 * text, so duplicates share storage within a pool -- except literals that
 * mention the location counter, which are distinct at every use.  LTORG (and END, for
 * what is left, at the end of the first control section as HLASM does)
 * places the pending literals: the pool starts on a doubleword, and the
 * literals go in HLASM's order -- lengths that are multiples of 8, then of
 * 4, then of 2, then the rest, each group in order of first use.
 * Pass 2 generates a literal's bytes at its first use (so errors point at
 * the instruction) and emits them at the pool.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define LITHASH 1024

int lit_new(struct assembler *as, struct dcop *dc, const char *text, int len)
{
    struct literal *l = arena_alloc(&as->arena, sizeof *l);
    l->text = arena_strndup(&as->arena, text, (size_t)len);
    l->dc = dc;
    l->stmt = (int)as->nstmts - 1;
    l->pool = -1;
    l->sect = -1;
    as->lits = xgrow(as->lits, &as->caplits, as->nlits, sizeof *as->lits);
    l->canon = (int)as->nlits;
    as->lits[as->nlits] = l;
    return (int)as->nlits++;
}

static unsigned hash_text(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h & (LITHASH - 1);
}

/* e mentions the location counter: * or L'* */
static int uses_loc(const struct expr *e)
{
    for (; e; e = e->l) {
        if (e->kind == EX_LOC || (e->kind == EX_LATTR && !e->l && !e->name))
            return 1;
        if (e->kind == EX_LATTR || e->kind == EX_SYM || e->kind == EX_NUM || e->kind == EX_LIT)
            return 0;
        if (uses_loc(e->r))
            return 1;
    }
    return 0;
}

static int dc_uses_loc(const struct dcop *dc)
{
    if (uses_loc(dc->dupx) || uses_loc(dc->lenx))
        return 1;
    for (int i = 0; i < dc->nvals; i++)
        if (uses_loc(dc->vals[i]))
            return 1;
    return 0;
}

/*
 * Pass 1: an occurrence is met; find or make its canonical literal.  A
 * literal that mentions the location counter (=A(*), =A(*+8), =Y(L'*))
 * has a value of its own at each use, so, as in HLASM, it is never shared.
 */
static void lit_use(struct assembler *as, int li)
{
    struct literal *l = as->lits[li];
    if (!as->lithash) {
        as->lithcap = LITHASH;
        as->lithash = calloc(LITHASH, sizeof *as->lithash);
        if (!as->lithash)
            abort();
    }
    unsigned h = hash_text(l->text);
    int own = dc_uses_loc(l->dc);
    for (struct literal *p = own ? NULL : as->lithash[h]; p; p = p->hnext)
        if (strcmp(p->text, l->text) == 0) {
            l->canon = p->canon;
            return;
        }
    l->canon = li;
    l->stmt = as->curstmt;
    if (dc_size(as, l->dc, 0) < 0)
        l->dc->total = 0;
    else if (l->dc->total == 0)
        stmt_msg(as, as->curstmt, DIAG_ERROR, l->dc->col, "literal with no length");
    if (!own) {
        l->hnext = as->lithash[h];
        as->lithash[h] = l;
    }
    as->pending = xgrow(as->pending, &as->cappending, as->npending, sizeof *as->pending);
    as->pending[as->npending++] = li;
}

static void scan_expr(struct assembler *as, const struct expr *e)
{
    while (e) {
        if (e->kind == EX_LIT)
            lit_use(as, (int)e->num);
        if (e->r)
            scan_expr(as, e->r);
        e = e->l;
    }
}

/* Pass 1: register the literals a statement uses. */
void lit_scan_stmt(struct assembler *as, struct stmt *st)
{
    for (int i = 0; i < st->nops; i++) {
        scan_expr(as, st->ops[i].d);
        scan_expr(as, st->ops[i].a);
        scan_expr(as, st->ops[i].b);
    }
    const struct dirargs *d = stmt_dir(st);
    for (int i = 0; d && i < d->nargs; i++)
        scan_expr(as, d->args[i]);
}

static int group_of(uint32_t len)
{
    return len % 8 == 0 ? 0 : len % 4 == 0 ? 1 : len % 2 == 0 ? 2 : 3;
}

/* Pass 1: place the pending literals at the location counter (LTORG, END). */
void lit_pool(struct assembler *as, struct stmt *st, int at_end)
{
    struct dirargs *pl = st->dir;
    pl->pool_first = (int)as->npoolorder;
    pl->pool_n = 0;
    if (as->npending == 0 && !at_end && as->cursect >= 0 &&
        as->sects[as->cursect].kind != SEC_DSECT)
        sect_align(as, 8);      /* an empty LTORG still aligns, as ASSIST's does */
    if (as->npending == 0)
        return;
    int save = as->cursect;
    if (at_end) {
        if (as->first_csect < 0)
            as->first_csect = sect_new(as, "$PRIVATE", SEC_PRIVATE);
        as->cursect = as->first_csect;
        as->sects[as->cursect].loc = as->sects[as->cursect].max;
    } else if (as->cursect < 0 || as->sects[as->cursect].kind == SEC_DSECT) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol,
                 "LTORG outside a control section: literals cannot be placed here");
        as->npending = 0;
        memset(as->lithash, 0, LITHASH * sizeof *as->lithash);
        return;
    }
    sect_align(as, 8);
    pl->pool = as->npools++;
    st->sect = as->cursect;
    st->loc = as->sects[as->cursect].loc;
    for (int g = 0; g < 4; g++)
        for (size_t i = 0; i < as->npending; i++) {
            struct literal *l = as->lits[as->pending[i]];
            if (group_of(l->dc->total) != g)
                continue;
            l->pool = pl->pool;
            l->sect = as->cursect;
            l->loc = as->sects[as->cursect].loc;
            sect_advance(as, l->dc->total);
            as->poolorder = xgrow(as->poolorder, &as->cappoolorder, as->npoolorder,
                                  sizeof *as->poolorder);
            as->poolorder[as->npoolorder++] = as->pending[i];
            pl->pool_n++;
        }
    st->len = as->sects[as->cursect].loc - st->loc;
    as->npending = 0;
    memset(as->lithash, 0, LITHASH * sizeof *as->lithash);
    if (at_end)
        as->cursect = save;
}

/* Pass 2: make the bytes of canonical literal li (errors go to the current statement). */
void lit_generate(struct assembler *as, int li, int col)
{
    struct literal *l = as->lits[li];
    (void)col;
    if (l->generated || l->pool < 0)
        return;
    l->generated = 1;
    l->bytes = arena_alloc(&as->arena, l->dc->total ? l->dc->total : 1);
    dc_gen(as, l->dc, 0, l->bytes, &l->fix, &l->nfix, -1);
}

/* Pass 2: the literal pool of st goes into the object and the listing. */
void lit_emit_pool(struct assembler *as, struct stmt *st)
{
    const struct dirargs *pl = st->dir;
    for (int i = 0; i < pl->pool_n; i++) {
        int li = as->poolorder[pl->pool_first + i];
        struct literal *l = as->lits[li];
        lit_generate(as, li, 0);
        emit_bytes(as, l->sect, l->loc, l->bytes, l->dc->total);
        for (int k = 0; k < l->nfix; k++)
            emit_fix(as, l->sect, l->loc, &l->fix[k]);
        lst_literal(as, l, sect_addr(as, l->sect, l->loc));
    }
}
