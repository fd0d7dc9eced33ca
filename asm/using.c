/*
 * using.c -- USING and DROP, and resolving implicit addresses.
 *
 *   USING base,r1[,r2...]   r1 covers base..base+4095, r2 the next 4096, ...
 *   USING (base,end),r1...  the same, but nothing from end on
 *   USING DSECTNAME,r       a dummy section mapped by r
 *   LAB USING base,r        a labeled USING: only LAB.SYM resolves
 *                           through it, and plain SYM never does
 *   DROP  r[,r...]          ordinary USINGs of r (no operand: drop all)
 *   DROP  LAB               a labeled USING
 *
 * An ordinary USING of r replaces the previous ordinary USING of r; a
 * labeled USING replaces the previous one with the same label.
 *
 * An implicit address (a relocatable expression) is resolved through the
 * USINGs of its section that cover it: the one giving the smallest
 * displacement wins, and on a tie the highest-numbered register (the
 * HLASM rule).  An absolute address 0-4095 needs no USING (base 0).
 */
#include <string.h>

#include "internal.h"

/* Operand i of USING (is_using) or DROP: a register number, into *r. */
static int reg_operand(struct assembler *as, struct stmt *st, int i, int is_using, int64_t *r)
{
    const struct dirargs *d = st->dir;
    if (!d->args[i]) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, d->argcol[i], "register operand missing");
        return -1;
    }
    struct value v;
    if (expr_eval(as, d->args[i], 0, &v) < 0)
        return -1;
    if (v.nrel && is_using) {   /* USING map,field: HLASM's dependent USING */
        stmt_msg(as, as->curstmt, DIAG_ERROR, d->argcol[i], "a register expected: an "
                 "address here makes a dependent USING, which IMP does not support (point a "
                 "register at it, LA r,address, and write USING map,r)");
        return -1;
    }
    if (v.nrel) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, d->argcol[i], "a register or the label of a "
                 "USING expected, not an address");
        return -1;
    }
    *r = v.num;
    if (*r < 0 || *r > 15) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[i]->col,
                 "register %lld out of range (0-15)", (long long)*r);
        return -1;
    }
    return 0;
}

static int same_label(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* Drop the USINGs of register r (r < 0: any) with the given label (NULL: ordinary). */
static int drop_reg(struct assembler *as, int r, const char *label)
{
    int found = 0;
    for (int i = 0; i < as->nusing; i++)
        if ((r < 0 || as->usings[i].reg == r) && same_label(as->usings[i].label, label)) {
            found = 1;
            as->usings[i] = as->usings[--as->nusing];
            i--;
        }
    return found;
}

/* The base (and end, for a range) of a USING: 0, or -1 (reported). */
static int using_base(struct assembler *as, const struct expr *e, struct value *v, int64_t *end)
{
    const struct expr *be = e->kind == EX_RANGE ? e->l : e;
    *end = INT64_MAX;
    if (expr_eval(as, be, 0, v) < 0)
        return -1;
    if (v->nrel > 1 || (v->nrel == 1 && v->rel[0].coef != 1)) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, be->col,
                 "USING base must be absolute or simply relocatable");
        return -1;
    }
    if (e->kind != EX_RANGE)
        return 0;
    struct value ev;
    if (expr_eval(as, e->r, 0, &ev) < 0)
        return -1;
    int same = ev.nrel == v->nrel && (!ev.nrel || (ev.rel[0].sect == v->rel[0].sect &&
                                                   ev.rel[0].coef == 1));
    if (!same || ev.num <= v->num) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, e->r->col,
                 "the end of a USING range must be above its base, in the same section");
        return -1;
    }
    *end = ev.num;
    return 0;
}

void using_stmt(struct assembler *as, struct stmt *st)
{
    memset(as->base_lost, 0, sizeof as->base_lost);
    const struct dirargs *d = st->dir;
    if (d->nargs < 2 || !d->args[0]) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol,
                 "USING needs a base address and at least one register");
        return;
    }
    struct value v;
    int64_t end;
    if (using_base(as, d->args[0], &v, &end) < 0)
        return;
    int sect = v.nrel ? v.rel[0].sect : -1;
    if (sect >= 0 && as->sects[sect].kind == SEC_EXT) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[0]->col,
                 "USING base cannot be an external symbol");
        return;
    }
    for (int i = 1; i < d->nargs; i++) {
        int64_t r;
        if (reg_operand(as, st, i, 1, &r) < 0)
            continue;
        if (r == 0 && sect >= 0)
            stmt_msg(as, as->curstmt, DIAG_WARNING, d->args[i]->col,
                     "register 0 as a base register means no base: this USING has no effect");
        if (!st->name)
            drop_reg(as, (int)r, NULL);
        else if (i == 1)
            drop_reg(as, -1, st->name);
        if (as->nusing >= (int)(sizeof as->usings / sizeof as->usings[0])) {
            stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[i]->col,
                     "too many USINGs in effect (the limit is 16)");
            continue;
        }
        int64_t base = v.num + 4096LL * (i - 1);
        if (base >= end)
            continue;
        as->usings[as->nusing++] = (struct using){ (int)r, sect, base,
                                                   end < base + 4096 ? end : base + 4096,
                                                   st->name };
    }
}

void drop_stmt(struct assembler *as, struct stmt *st)
{
    memset(as->base_lost, 0, sizeof as->base_lost);
    const struct dirargs *d = st->dir;
    if (d->nargs == 0) {
        as->nusing = 0;
        return;
    }
    for (int i = 0; i < d->nargs; i++) {
        const struct expr *e = d->args[i];
        if (e && e->kind == EX_SYM) {
            int labeled = 0;
            for (int k = 0; k < as->nusing; k++)
                labeled |= same_label(as->usings[k].label, e->name);
            if (labeled) {
                drop_reg(as, -1, e->name);
                continue;
            }
        }
        int64_t r;
        if (reg_operand(as, st, i, 0, &r) < 0)
            continue;
        if (!drop_reg(as, (int)r, NULL))
            stmt_msg(as, as->curstmt, DIAG_WARNING, d->args[i]->col,
                     "register %lld is not in use (no USING to drop)", (long long)r);
    }
}

static const char *sect_name(const struct assembler *as, int sect)
{
    return sect >= 0 && as->sects[sect].name ? as->sects[sect].name : "$PRIVATE";
}

/*
 * "not addressable" for offset num of section sect, and why: no USING in
 * effect at all; the USINGs of the section end before it (one register
 * covers 4096 bytes); or they are all on other sections.
 */
static void not_covered(struct assembler *as, int col, int sect, int64_t num, const char *qual)
{
    const char *name = sect_name(as, sect);
    const struct using *near = NULL, *other = NULL, *labeled = NULL;
    for (int i = 0; i < as->nusing; i++) {
        const struct using *u = &as->usings[i];
        if (!same_label(u->label, qual)) {
            if (u->sect == sect && u->label && !labeled)
                labeled = u;
            continue;
        }
        if (u->sect != sect)
            other = other ? other : u;
        else if (!near || (u->base <= num && (near->base > num || u->base > near->base)))
            near = u;
    }
    stmt_msg(as, as->curstmt, DIAG_ERROR, col, "not addressable: no USING covers %s+X'%llX'",
             name, (unsigned long long)num);
    if (!near && labeled)
        stmt_msg(as, as->curstmt, DIAG_NOTE, col, "%s is mapped only by the labeled USING "
                 "%s (register %d), which serves only names qualified by its label: write "
                 "%s.name", name, labeled->label, labeled->reg, labeled->label);
    else if (!near && sect >= 0 && as->sects[sect].kind == SEC_DSECT)
        stmt_msg(as, as->curstmt, DIAG_NOTE, col, "%s is a DSECT, a map of storage: before "
                 "naming its fields, point a register at the storage and write USING %s,r "
                 "(LA r,AREA then USING %s,r)", name, name, name);
    else if (near)
        stmt_msg(as, as->curstmt, DIAG_NOTE, col, "the USING of register %d covers %s+X'%llX' "
                 "to %s+X'%llX', 4096 bytes at most: another base register would reach it",
                 near->reg, name, (unsigned long long)near->base, name,
                 (unsigned long long)(near->end - 1));
    else if (other)
        stmt_msg(as, as->curstmt, DIAG_NOTE, col, "the USINGs in effect are on %s; %s is "
                 "another control section: it needs a USING of its own (a routine there is "
                 "called through a V-con)", sect_name(as, other->sect), name);
    else if (!as->said_no_using++)     /* once: every statement after says the same */
        stmt_msg(as, as->curstmt, DIAG_NOTE, col, "no USING is in effect: load a base "
                 "register and name it (BALR 12,0 then USING *,12)");
}

int using_resolve(struct assembler *as, const struct value *v, int col, int *base, int *disp)
{
    if (v->nrel > 1 || (v->nrel == 1 && v->rel[0].coef != 1)) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, col,
                 "complex relocatable expression cannot be an address");
        return -1;
    }
    int sect = v->nrel ? v->rel[0].sect : -1;
    if (sect >= 0 && as->sects[sect].kind == SEC_EXT) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, col,
                 "external symbol %s cannot be addressed directly (load its address with a V-con)",
                 as->sects[sect].name);
        return -1;
    }
    if (sect < 0 && !v->qual && v->num >= 0 && v->num <= 4095) {
        *base = 0;
        *disp = (int)v->num;
        return 0;
    }
    int best = -1, qualfound = 0;
    int64_t bestd = 0;
    for (int i = 0; i < as->nusing; i++) {
        const struct using *u = &as->usings[i];
        if (!same_label(u->label, v->qual))
            continue;
        qualfound = 1;
        if (u->sect != sect)
            continue;
        int64_t d = v->num - u->base;
        if (d < 0 || d > 4095 || v->num >= u->end)
            continue;
        if (best < 0 || d < bestd || (d == bestd && u->reg > as->usings[best].reg)) {
            best = i;
            bestd = d;
        }
    }
    if (best < 0 && v->qual && !qualfound) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, col, "%s is not the label of a USING in effect",
                 v->qual);
        return -1;
    }
    if (best < 0) {
        if (sect < 0)
            stmt_msg(as, as->curstmt, DIAG_ERROR, col,
                     "address %lld is not addressable (not 0-4095 and no USING covers it)",
                     (long long)v->num);
        else
            not_covered(as, col, sect, v->num, v->qual);
        return -1;
    }
    *base = as->usings[best].reg;
    *disp = (int)bestd;
    if (as->pass == 2 && as->base_lost[*base]) {
        int si = as->base_lost[*base] - 1;
        as->base_lost[*base] = 0;
        stmt_msg(as, si, DIAG_WARNING, as->stmts[si].ops[0].col, "register %d, the base of a "
                 "USING, gets a routine's address here, and line %d forms an address through "
                 "it after the call: keep the base in another register (LR 12,15 and a USING "
                 "on 12 at the entry)", *base, cur_stmt(as)->line + 1);
    }
    return 0;
}
