/*
 * liveness.c -- which ALU flags (Z N C V, and Y) each microword must really
 * produce: a backward analysis over the control store, run once when a
 * control store is loaded, so the engine's fast path (fastpath.c) can skip
 * computing flags that no path reads before they are set again.  It never
 * changes what a microword does to architected state or to any count.
 */
#include "vmint.h"

#include <stdlib.h>

/* ---- flag liveness ---------------------------------------------------------------- */

/*
 * The flags, and Y: the ALU output register is tracked like a flag because
 * a word with ALU=NONE passes the previous Y on (to D, to storage, to
 * CC=TM/SETY), and because whether a carry-in is read depends on it: ADDC,
 * DADD and DSUB read C only when an output that depends on C is live.
 * Without that, the decimal validity scans (DADD for V alone) made C look
 * live at every instruction boundary.
 */

/* What the ALU function always sets (mc/fields.def; alu.h).  DIV leaves Y
 * unchanged on a divide exception, so it does not kill Y. */
static unsigned alu_sets(unsigned alu)
{
    switch (alu) {
    case MC_ALU_NONE: return 0;
    case MC_ALU_ADD: case MC_ALU_ADDC: case MC_ALU_SUB: case MC_ALU_DADD: case MC_ALU_DSUB:
    case MC_ALU_CMPA:
        return FALL | FY;
    case MC_ALU_DIV: return FZ | FN | FV;
    default: return FZ | FN | FV | FY;  /* C unchanged, V cleared or set */
    }
}

/* Does u use its own Y (D, a storage write, CC=TM or SETY)? */
static int uses_y(const struct uop *u)
{
    return u->d || (u->mem >= MC_MEM_WR1 && u->mem <= MC_MEM_RW1) || u->cc == MC_CC_TM ||
           u->cc == MC_CC_SETY;
}

/* What u's ALU phase reads, given what is live after it (`after`). */
static unsigned alu_reads(const struct uop *u, unsigned after)
{
    switch (u->alu) {
    case MC_ALU_NONE:                   /* the previous Y passed on */
        return uses_y(u) ? FY : 0;
    case MC_ALU_ADDC:                   /* everything it sets depends on C */
        return uses_y(u) || (after & FLIVE) ? FC : 0;
    case MC_ALU_DADD: case MC_ALU_DSUB: /* V (a digit above 9) does not */
        return uses_y(u) || (after & (FY | FZ | FN | FC)) ? FC : 0;
    case MC_ALU_DIV: return FY;         /* kept on a divide exception */
    default: return 0;
    }
}

static unsigned cc_reads(unsigned cc)
{
    switch (cc) {
    case MC_CC_ARITH: case MC_CC_CMP: return FZ | FN | FV;
    case MC_CC_LOGIC: return FZ;
    case MC_CC_ADDL: case MC_CC_CMPL: return FZ | FC;
    default: return 0;
    }
}

static unsigned cond_reads(const struct uop *u)
{
    if (u->seq != MC_SEQ_BR && u->seq != MC_SEQ_BRN && u->seq != MC_SEQ_BRE &&
        u->seq != MC_SEQ_BRNE && u->seq != MC_SEQ_BRT && u->seq != MC_SEQ_BRNT)
        return 0;
    switch (u->cond) {
    case MC_COND_Z: case MC_COND_NZ: return FZ;
    case MC_COND_N: return FN;
    case MC_COND_C: return FC;
    case MC_COND_V: case MC_COND_FXO: case MC_COND_DXO: return FV;
    case MC_COND_LT: return FN | FV;
    case MC_COND_GT: return FZ | FN | FV;
    default: return 0;
    }
}

/* The flags live after phase 3 (the ALU) of u, given those live after u. */
static unsigned live_after_alu(const struct uop *u, unsigned out)
{
    unsigned l = cond_reads(u) | out;
    if (u->sf == MC_SF_HOST)
        l &= ~(unsigned)FV;
    return l | cc_reads(u->cc);
}

/*
 * Flag liveness is computed in 33 worlds at once, so that a
 * micro-subroutine shared by several instructions does not make a flag
 * live in all of them.  In world L (0..31, a set of flags and Y) a RET
 * returns to a place where L is live: live[L] at a subroutine's entry t
 * is then its exact summary, and a CALL whose return point has L live
 * passes on live[L][t].  (A summary f(L) = live0 | (live1 & L) would not
 * do: a live output of ADDC, DADD or DSUB makes C live, so f is not of
 * that form, and the safe approximation made C live at every instruction
 * boundary.)  World WREAL is the real answer, where a RET returns to every
 * return point.  g: the flags live wherever a run may resume (the fetch,
 * trap and restart vectors).
 */
enum { WREAL = 32, NWORLDS = 33 };
struct liveness {
    unsigned n;
    uint8_t *live[NWORLDS];
};

/* The flags live after u in world w. */
static unsigned live_out(const struct vm *vm, const struct liveness *lv, unsigned w,
                         const struct uop *u, unsigned g)
{
    unsigned n = lv->n, a = u->self, out = g;
    const uint8_t *live = lv->live[w];
#define LIVE(x) ((unsigned)(x) < n ? live[x] : 0u)
    const uint16_t *vec = vm->img.vector;
    switch (u->seq) {
    case MC_SEQ_NEXT: out |= LIVE(a + 1); break;
    case MC_SEQ_JUMP: out |= LIVE(u->addr); break;
    case MC_SEQ_CALL:
        if (u->addr < n)
            out |= lv->live[LIVE(a + 1) & FLIVE][u->addr];
        break;
    case MC_SEQ_BR: case MC_SEQ_BRN: out |= LIVE(a + 1) | LIVE(u->addr); break;
    case MC_SEQ_BRE: case MC_SEQ_BRNE: out |= LIVE(u->addr) | LIVE(vec[MC_V_FETCH]); break;
    case MC_SEQ_END: case MC_SEQ_BRT: case MC_SEQ_BRNT: out |= LIVE(vec[MC_V_FETCH]); break;
    case MC_SEQ_RET:
        if (w < WREAL)
            out |= w;
        else
            for (unsigned i = 0; i < n; i++)
                if (vm->cs[i].seq == MC_SEQ_CALL)
                    out |= LIVE(i + 1);
        break;
    case MC_SEQ_DISPATCH:
        out |= LIVE(u->addr);
        for (unsigned i = 0; i < MC_NDISPATCH; i++)
            out |= LIVE(vm->img.dispatch[i]);
        break;
    default: out = FLIVE; break;        /* unknown: everything */
    }
    if (u->mem || u->sf == MC_SF_IFETCH || u->sf == MC_SF_EXFETCH)
        out |= LIVE(vec[MC_V_TRAP]);
#undef LIVE
    return out;
}

/* The flags live before u in world w. */
static unsigned live_in(const struct vm *vm, const struct liveness *lv, unsigned w,
                        const struct uop *u, unsigned g)
{
    unsigned after = live_after_alu(u, live_out(vm, lv, w, u, g));
    unsigned in = (after & ~alu_sets(u->alu)) | alu_reads(u, after);
    unsigned trap = vm->img.vector[MC_V_TRAP];
    if (u->pre && trap < lv->n)         /* an access exception before the ALU */
        in |= lv->live[w][trap];
    return in;
}

static unsigned resume_live(const struct vm *vm, const struct liveness *lv)
{
    const uint16_t *vec = vm->img.vector;
    unsigned g = 0;
    for (int v = 0; v < MC_NVECTORS; v++)
        if (vec[v] < lv->n)
            g |= lv->live[WREAL][vec[v]];
    return g;
}

/*
 * Set u->need for every word: the flags its ALU sets that some path may
 * read before setting them again (backward liveness to a fixed point), and
 * u->keep: those of them that a later word may read (the rest only its
 * own CC setting and condition read).
 */
void fp_flag_liveness(struct vm *vm)
{
    struct liveness lv;
    unsigned n = lv.n = vm->img.nwords;
    uint8_t *mem = calloc(NWORLDS * (size_t)(n ? n : 1), 1);
    if (!mem) {                         /* no analysis: every flag needed */
        for (unsigned a = 0; a < n; a++)
            vm->cs[a].need = vm->cs[a].keep = FALL;
        return;
    }
    for (unsigned w = 0; w < NWORLDS; w++)
        lv.live[w] = mem + w * (size_t)n;
    /* Only the worlds some CALL's return point asks for are computed. */
    uint8_t used[NWORLDS] = { [WREAL] = 1 };
    for (int changed = 1; changed;) {
        changed = 0;
        unsigned g = resume_live(vm, &lv);
        for (unsigned a = n; a-- > 0;)
            for (unsigned w = 0; w < NWORLDS; w++) {
                if (!used[w])
                    continue;
                unsigned in = live_in(vm, &lv, w, &vm->cs[a], g);
                if (in != lv.live[w][a]) {
                    lv.live[w][a] = (uint8_t)in;
                    changed = 1;
                }
                unsigned l = a + 1 < n ? lv.live[w][a + 1] & FLIVE : 0;
                if (vm->cs[a].seq == MC_SEQ_CALL && !used[l])
                    used[l] = changed = 1;
            }
    }
    unsigned g = resume_live(vm, &lv);
    for (unsigned a = 0; a < n; a++) {
        struct uop *u = &vm->cs[a];
        unsigned out = live_out(vm, &lv, WREAL, u, g);
        u->need = (uint8_t)(alu_sets(u->alu) & FALL & live_after_alu(u, out));
        u->keep = (uint8_t)(u->need & out);
    }
    free(mem);
}

