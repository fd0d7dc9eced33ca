/*
 * liveness.c -- which ALU flags (Z N C V, and Y) each microword must really
 * produce: a backward analysis over the control store, run once when a
 * control store is loaded, so the engine's fast path (fastpath.c) can skip
 * computing flags that no path reads before they are set again.  It never
 * changes what a microword does to architected state or to any count.
 */
#include "vmint.h"

#include <limits.h>
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

_Static_assert((int)FZ == MC_FLAG_Z && (int)FN == MC_FLAG_N && (int)FC == MC_FLAG_C &&
                   (int)FV == MC_FLAG_V && (int)FY == MC_FLAG_Y,
               "the flag bits are those of fields.def's columns");

/* What the ALU function always sets (fields.def, sets).  DIV leaves Y
 * unchanged on a divide exception, so it does not kill Y. */
static unsigned alu_sets(unsigned alu) { return mc_alu_prop[alu].sets; }

/* Does u use its own Y (D, a storage write, a CC setting that reads Y)? */
static int uses_y(const struct uop *u)
{
    return u->d || mc_mem_stores_y(u->mem) || (mc_cc_reads[u->cc] & FY);
}

/* What u's ALU phase reads, given what is live after it (`after`): the
 * function's inputs (fields.def, reads) when an output that depends on
 * them (readfor) is live, after the word or in its own use of Y.  ADDC
 * reads C for all its outputs, DADD and DSUB for all but V; NONE passes
 * the previous Y on; DIV keeps Y on a divide exception. */
static unsigned alu_reads(const struct uop *u, unsigned after)
{
    const struct mc_alu_prop *p = &mc_alu_prop[u->alu];
    unsigned live = after | (uses_y(u) ? FY : 0);
    return live & p->readfor ? p->reads : 0;
}

static unsigned cc_reads(unsigned cc) { return mc_cc_reads[cc]; }

static unsigned cond_reads(const struct uop *u)
{
    return mc_seq_prop[u->seq].how == MC_HOW_IF ? mc_cond_reads[u->cond] : 0;
}

/* The flags live after phase 3 (the ALU) of u, given those live after u. */
static unsigned live_after_alu(const struct uop *u, unsigned out)
{
    unsigned l = (cond_reads(u) | out) & ~(unsigned)mc_sf_prop[u->sf].sets;
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

/* The control-store address of u's sequencing target `to' (fields.def,
 * SEQ then/else); UINT_MAX for ENTRY and RETURN, which name no one word. */
static unsigned seq_addr(const struct vm *vm, const struct uop *u, unsigned to)
{
    switch (to) {
    case MC_TO_NEXT: return u->self + 1u;
    case MC_TO_ADDR: return u->addr;
    case MC_TO_FETCH: case MC_TO_BRANCH: return vm->img.vector[MC_V_FETCH];
    default: return UINT_MAX;
    }
}

/* The flags live after u in world w. */
static unsigned live_out(const struct vm *vm, const struct liveness *lv, unsigned w,
                         const struct uop *u, unsigned g)
{
    unsigned n = lv->n, out = g;
    const uint8_t *live = lv->live[w];
#define LIVE(x) ((unsigned)(x) < n ? live[x] : 0u)
    const struct mc_seq_prop *p = &mc_seq_prop[u->seq];
    switch (p->how) {
    case MC_HOW_CALL: {                 /* `then' in the world of the return point */
        unsigned t = seq_addr(vm, u, p->then);
        if (t < n)
            out |= lv->live[LIVE(seq_addr(vm, u, p->els)) & FLIVE][t];
        break;
    }
    case MC_HOW_RET:
        if (w < WREAL)
            out |= w;
        else
            for (unsigned i = 0; i < n; i++) {
                const struct uop *c = &vm->cs[i];
                if (mc_seq_prop[c->seq].how == MC_HOW_CALL)
                    out |= LIVE(seq_addr(vm, c, mc_seq_prop[c->seq].els));
            }
        break;
    default:                            /* GO, IF, DISPATCH: either place */
        out |= LIVE(seq_addr(vm, u, p->then)) | LIVE(seq_addr(vm, u, p->els));
        if (p->then == MC_TO_ENTRY || p->els == MC_TO_ENTRY)
            for (unsigned i = 0; i < MC_NDISPATCH; i++)
                out |= LIVE(vm->img.dispatch[i]);
        break;
    }
    if (u->mem || mc_sf_prop[u->sf].traps)
        out |= LIVE(vm->img.vector[MC_V_TRAP]);
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
                const struct mc_seq_prop *p = &mc_seq_prop[vm->cs[a].seq];
                if (p->how != MC_HOW_CALL)
                    continue;
                unsigned r = seq_addr(vm, &vm->cs[a], p->els);  /* the return point */
                unsigned l = r < n ? lv.live[w][r] & FLIVE : 0;
                if (!used[l])
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

