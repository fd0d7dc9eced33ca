/*
 * using.c -- USING and DROP, and resolving implicit addresses.
 *
 *   USING base,r1[,r2...]   r1 covers base..base+4095, r2 the next 4096, ...
 *   USING DSECTNAME,r       a dummy section mapped by r
 *   DROP  r[,r...]          (no operand: drop all)
 *
 * An implicit address (a relocatable expression) is resolved through the
 * USINGs of its section that cover it: the one giving the smallest
 * displacement wins, and on a tie the highest-numbered register (the
 * HLASM rule).  An absolute address 0-4095 needs no USING (base 0).
 */
#include "internal.h"

static int reg_operand(struct assembler *as, struct stmt *st, int i, int64_t *r)
{
    if (!st->args[i]) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->argcol[i], "register operand missing");
        return -1;
    }
    if (expr_abs(as, st->args[i], 0, r) < 0)
        return -1;
    if (*r < 0 || *r > 15) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->args[i]->col,
                 "register %lld out of range (0-15)", (long long)*r);
        return -1;
    }
    return 0;
}

static void drop_reg(struct assembler *as, int r)
{
    for (int i = 0; i < as->nusing; i++)
        if (as->usings[i].reg == r) {
            as->usings[i] = as->usings[--as->nusing];
            i--;
        }
}

void using_stmt(struct assembler *as, struct stmt *st)
{
    if (st->nargs < 2 || !st->args[0]) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol,
                 "USING needs a base address and at least one register");
        return;
    }
    struct value v;
    if (expr_eval(as, st->args[0], 0, &v) < 0)
        return;
    if (v.nrel > 1 || (v.nrel == 1 && v.rel[0].coef != 1)) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->args[0]->col,
                 "USING base must be absolute or simply relocatable");
        return;
    }
    int sect = v.nrel ? v.rel[0].sect : -1;
    if (sect >= 0 && as->sects[sect].kind == SEC_EXT) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->args[0]->col,
                 "USING base cannot be an external symbol");
        return;
    }
    for (int i = 1; i < st->nargs; i++) {
        int64_t r;
        if (reg_operand(as, st, i, &r) < 0)
            continue;
        if (r == 0 && sect >= 0)
            stmt_msg(as, as->curstmt, DIAG_WARNING, st->args[i]->col,
                     "register 0 as a base register means no base: this USING has no effect");
        drop_reg(as, (int)r);
        if (as->nusing >= 16)
            continue;
        as->usings[as->nusing++] = (struct using){ (int)r, sect, v.num + 4096LL * (i - 1) };
    }
}

void drop_stmt(struct assembler *as, struct stmt *st)
{
    if (st->nargs == 0) {
        as->nusing = 0;
        return;
    }
    for (int i = 0; i < st->nargs; i++) {
        int64_t r;
        if (reg_operand(as, st, i, &r) < 0)
            continue;
        int found = 0;
        for (int k = 0; k < as->nusing; k++)
            found |= as->usings[k].reg == r;
        if (!found)
            stmt_msg(as, as->curstmt, DIAG_WARNING, st->args[i]->col,
                     "register %lld is not in use (no USING to drop)", (long long)r);
        drop_reg(as, (int)r);
    }
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
    if (sect < 0 && v->num >= 0 && v->num <= 4095) {
        *base = 0;
        *disp = (int)v->num;
        return 0;
    }
    int best = -1;
    int64_t bestd = 0;
    for (int i = 0; i < as->nusing; i++) {
        const struct using *u = &as->usings[i];
        if (u->sect != sect)
            continue;
        int64_t d = v->num - u->base;
        if (d < 0 || d > 4095)
            continue;
        if (best < 0 || d < bestd || (d == bestd && u->reg > as->usings[best].reg)) {
            best = i;
            bestd = d;
        }
    }
    if (best < 0) {
        if (sect < 0)
            stmt_msg(as, as->curstmt, DIAG_ERROR, col,
                     "address %lld is not addressable (not 0-4095 and no USING covers it)",
                     (long long)v->num);
        else
            stmt_msg(as, as->curstmt, DIAG_ERROR, col,
                     "not addressable: no USING covers %s+X'%llX'",
                     as->sects[sect].name ? as->sects[sect].name : "$PRIVATE",
                     (unsigned long long)v->num);
        return -1;
    }
    *base = as->usings[best].reg;
    *disp = (int)bestd;
    return 0;
}
