/*
 * fpchoose.c -- the fast path's preparation (fastpath.c runs the loop):
 * choosing each microword's case from its field combination when a control
 * store is loaded (fp_prepare), and binding an instruction's first
 * microwords to it when its decoded form enters the cache (fp_bind).
 */
#include "vmint.h"
#include "alu.h"
#include "fastpath.h"

#include <stddef.h>
#include <string.h>

/* ---- bound words ------------------------------------------------------------------ */

/*
 * A decoded instruction's first microwords are copied into its cache entry's
 * trace slots with everything the instruction fixes resolved: GR[R1] and
 * the other register operands point at the registers themselves, latch
 * operands (I2, F1, LEN, ...) are constants, the conditions on the register
 * fields are decided and CCM carries its mask.  A bound word runs the case
 * of its fields (chosen again once its conditions are decided) and does
 * exactly what its original does; its fetch
 * then need not copy the latches and register slots into struct vm (they
 * stay in the entry, vm->cur, until something else needs them: fp_latch_in).
 * A path that leaves the bound words goes through an exit word
 * (vm->xstub[a], OP_EXIT) that sets the latches and goes on at cs[a].
 */
static int bindable(const struct uop *u)
{
    return u->op != OP_GENERIC && !op_is_fetch(u->op) && u->op != OP_EXIT &&
           u->op != OP_BRANCH && u->op != OP_PROBE && u->op != OP_LINK &&
           u->cond != MC_COND_RNEND && u->op != OP_SSFILL && u->op != OP_SSMOVE;
}

/* The register operands an entry holds (gp[]) are the IREG sources of
 * fields.def, in code order from R1, as vm->src[] holds them. */
#define IREG_SLOT_(x, n, c, cy, kind, w) \
    _Static_assert(MC_K_##kind != MC_K_IREG || (c) - MC_SRC_R1 < 5, "IREG sources are R1 + 0..4");
MC_SRC_VALUES(IREG_SLOT_, _)
#undef IREG_SLOT_

/* The source slot a destination shares (fields.def: the IREG and RN
 * destinations, of the same name); 0 if none. */
#define DST_SLOT_IREG(n) [MC_DST_##n] = MC_SRC_##n,
#define DST_SLOT_RN(n) [MC_DST_##n] = MC_SRC_##n,
#define DST_SLOT_NONE(n)
#define DST_SLOT_REG(n)
#define DST_SLOT_CALC(n)
#define DST_SLOT_(x, n, c, cy, kind, w) DST_SLOT_##kind(n)
static const uint8_t dst_slot[NDST] = { MC_DST_VALUES(DST_SLOT_, _) };

/* The instruction-fixed value of source sel for the entry e: a pointer to
 * the register (*reg), or a latch's value (*val); 0 if sel is neither.
 * A latch's value is the one its slot (vm->src[sel]) points at, taken
 * from the entry's copy of the latches. */
static int bound_source(const struct vm *vm, const struct icent *e, unsigned sel, uint32_t **reg,
                        uint32_t *val)
{
    const char *slot = (const char *)vm->src[sel], *il = (const char *)&vm->il;
    switch (mc_src_kind[sel]) {
    case MC_K_IREG:
        *reg = ic_gp(vm, e, sel - MC_SRC_R1);
        return 1;
    case MC_K_LATCH:
        if (!slot || slot < il || slot + sizeof *val > il + sizeof vm->il)
            return 0;
        memcpy(val, (const char *)&e->il + (slot - il), sizeof *val);
        return 2;
    default: return 0;
    }
}

/* Rebind one bus source of b (a copy of u): its cell, constant and pointer. */
static void bind_source(const struct vm *vm, const struct icent *e, const struct uop *u,
                        struct uop *b, unsigned sel, const uint32_t *const **pp,
                        const uint32_t **cell, uint32_t *k, const uint32_t *const *upp)
{
    uint32_t *reg = NULL, val = 0;
    switch (bound_source(vm, e, sel, &reg, &val)) {
    case 1: *cell = reg; *pp = cell; break;
    case 2: *k = val; *cell = k; *pp = cell; break;
    default:
        if (upp == &u->ca || upp == &u->cb) {     /* a constant of u: b's own */
            *cell = k;
            *pp = cell;
        }
        break;
    }
}

/* Does the condition, fixed by the instruction, hold?  -1: not fixed. */
static int bound_cond(const struct icent *e, unsigned cond)
{
    switch (cond) {
    case MC_COND_R1ODD: return e->il.r1 & 1;
    case MC_COND_R2ODD: return e->il.r2 & 1;
    case MC_COND_R1ZERO: return e->il.r1 == 0;
    case MC_COND_R2ZERO: return e->il.r2 == 0;
    case MC_COND_EXEC: return e->il.exec;
    default: return -1;
    }
}

struct trace {
    struct vm *vm;
    const struct icent *e;
    struct uop *slot;                       /* TR_MAX bound words */
    const struct uop *orig[TR_MAX];
    unsigned n;
    uint8_t again[TR_MAX];                  /* reached again from itself or a later word */
};

/* Where bound word `from' goes instead of s: the fetch itself, s's bound
 * copy (made now if there is room), or the exit to s. */
static const struct uop *bind_link(struct trace *t, const struct uop *s, unsigned from)
{
    if (op_is_fetch(s->op) || s->op == OP_BRANCH)
        return s;
    for (unsigned i = 0; i < t->n; i++)
        if (t->orig[i] == s) {
            if (i <= from)              /* a loop among the bound words */
                t->again[i] = 1;
            return &t->slot[i];
        }
    if (bindable(s) && t->n < TR_MAX) {
        t->orig[t->n] = s;
        return &t->slot[t->n++];
    }
    return &t->vm->xstub[s->self];
}

/*
 * Chaining: a bound word that goes to the fetch vector goes instead to the
 * next instruction's fetch without its lookup (OP_NEXTI), when the caller
 * has named that instruction's slot (e->succ) and no bound word loads IA
 * (a branch: the next address would be another).  Unbound words and the
 * exits keep the plain fetch.
 */
static int chainable(const struct uop *slot, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (slot[i].d == MC_DST_IA)
            return 0;
    return 1;
}

static void chain(struct vm *vm, struct uop *slot, unsigned n)
{
    const struct uop *f = &vm->cs[vm->img.vector[MC_V_FETCH]];
    for (unsigned i = 0; i < n; i++) {
        if (slot[i].nf == f)
            slot[i].nf = &vm->nextstub;
        if (slot[i].ucond && slot[i].nt == f)
            slot[i].nt = &vm->nextstub;
    }
}

/* The bound words of e's path from its entry word; returns the first. */
const struct uop *fp_bind(struct vm *vm, struct icent *e, struct uop *slot,
                         const struct uop *entry)
{
    struct trace t = { .vm = vm, .e = e, .slot = slot, .n = 0 };
    if (!bindable(entry)) {             /* the exit itself, so that slot[0] is the entry */
        slot[0] = vm->xstub[entry->self];
        e->succ = NULL;
        return slot;
    }
    t.orig[t.n++] = entry;
    for (unsigned i = 0; i < t.n; i++) {
        const struct uop *u = t.orig[i];
        struct uop *b = &slot[i];
        *b = *u;
        bind_source(vm, e, u, b, u->a, &b->pa, &b->ca, &b->aconst, u->pa);
        bind_source(vm, e, u, b, u->b, &b->pb, &b->cb, &b->bconst, u->pb);
        if (mc_dst_kind[u->d] == MC_K_IREG) {
            b->cd = ic_gp(vm, e, dst_slot[u->d] - MC_SRC_R1);
            b->pd = &b->cd;
        }
        if (b->ucond) {
            int c = bound_cond(e, b->ucond);
            if (c >= 0) {
                b->nf = c ? u->nt : u->nf;
                b->ucond = 0;
            } else if (b->ucond == MC_COND_CCM)
                b->ucond = (uint8_t)(UC_CCM | (e->il.r1 & 15));
        }
        b->op = (uint16_t)fp_refine(b, u->op);
        if (b->ucond)
            b->nt = bind_link(&t, b->nt, i);
        b->nf = bind_link(&t, b->nf, i);
    }
    /* A bound word runs the case that skips the runaway check unless a
     * loop among the bound words comes back to it: on a path without one
     * at most TR_MAX words run before an unbound one or the next fetch,
     * and fp_deadline keeps that many cycles below the runaway bound. */
    if (vm->fp_h)
        for (unsigned i = 0; i < t.n; i++)
            slot[i].h = (t.again[i] ? vm->fp_h : vm->fp_hb)[slot[i].op];
    if (e->succ && chainable(slot, t.n))
        chain(vm, slot, t.n);
    else
        e->succ = NULL;
    return slot;
}

/* ---- choosing handlers ------------------------------------------------------------ */

static const uint32_t *const *src_cell(struct vm *vm, struct uop *u, unsigned sel, uint32_t *k,
                                       const uint32_t **kp)
{
    (void)u;
    if (mc_src_kind[sel] == MC_K_CONST) {
        *kp = k;
        return kp;
    }
    return (const uint32_t *const *)&vm->src[sel];
}

/*
 * The destination cell.  The register slots that follow the instruction
 * or RN are shared with the sources (vm->src), so a fetch refreshes one
 * set; eng_exec_uop writes through the same cells.
 */
static uint32_t *const *dst_cell(struct vm *vm, unsigned d, unsigned kind)
{
    if (dst_slot[d])
        return &vm->src[dst_slot[d]];
    return kind == DSTK_PTR ? &vm->dst[d] : &vm->sinkp;
}

/* The uop a sequencing target of u is (fields.def: SEQ then/else), or
 * NULL for one that depends on more than u's fields (ENTRY, RETURN). */
static const struct uop *seq_place(struct vm *vm, const struct uop *u, unsigned to)
{
    switch (to) {
    case MC_TO_NEXT: return &vm->cs[u->self + 1];
    case MC_TO_ADDR: return &vm->cs[u->addr];
    case MC_TO_FETCH: return &vm->cs[vm->img.vector[MC_V_FETCH]];
    case MC_TO_BRANCH: return &vm->brstub;
    default: return NULL;
    }
}

/* Can the successor be written as ucond ? nt : nf (a GO or IF to places
 * its fields name)?  Fills them if so. */
static int plain_sequence(struct vm *vm, struct uop *u)
{
    const struct mc_seq_prop *p = &mc_seq_prop[u->seq];
    const struct uop *nt = seq_place(vm, u, p->then), *nf = seq_place(vm, u, p->els);
    u->ucond = u->cond;
    if ((p->how != MC_HOW_GO && p->how != MC_HOW_IF) || !nt || !nf)
        return 0;
    if (p->how == MC_HOW_GO)
        u->ucond = 0;
    else
        u->nt = nt;
    u->nf = nf;
    return 1;
}

/* A word that loops on itself over the registers RN .. R2 moving a
 * fullword a pass (LM's: MDR <- M4[MAR], GR[RN] <- MDR; STM's: M4[MAR] <-
 * GR[RN]), MAR += 4 and RN += 1 after each, until RN passes R2: the case
 * runs every pass (OP_RNLD, OP_RNST).  Its sequence must be plain
 * (plain_sequence has set nt and nf), its only operands cells. */
static int rn_loop(const struct uop *u)
{
    int ld = u->mem == MC_MEM_RD4 && u->alu == MC_ALU_PASSB && u->b == MC_SRC_MDR;
    int st = u->mem == MC_MEM_WR4 && u->alu == MC_ALU_PASSA;
    return (ld || st) && u->rnc == MC_RNC_INC && !u->ctr && u->ag == MC_AG_INCW && !u->cc &&
           !u->at && u->ucond == MC_COND_RNEND && (u->nt == u) != (u->nf == u) &&
           u->akind != SRCK_CALC && u->bkind != SRCK_CALC && u->dkind != DSTK_CALC;
}

/*
 * The storage-to-storage byte loops, recognised by their fields once every
 * word has its case and successors (fp_prepare): the case runs every pass
 * (OP_SSFILL, OP_SSMOVE, fastpath.c), so each field must be one it does.
 *
 * A fill: one word that stores the low byte of a constant at MAR and loops
 * on itself while CNT, counted down after the store, is not zero -- MEM=WR1
 * at MAR, ALU=PASSA of a constant A (B any cell), no destination, AG=INC,
 * CTR=DEC, no CC, no RNC, IF CNTNZ to itself (XC's clear of an operand
 * with itself).
 */
static int ss_fill(const struct uop *u)
{
    return u->op == OP_MEMX && u->mem == MC_MEM_WR1 && !u->at && u->ag == MC_AG_INC &&
           u->ctr == MC_CTR_DEC && !u->rnc && !u->sf && !u->cc && u->alu == MC_ALU_PASSA &&
           u->akind == SRCK_CONST && u->bkind != SRCK_CALC && u->d == MC_DST_NONE &&
           u->ucond == MC_COND_CNTNZ && u->nt == u && u->nf != u;
}

/*
 * A move: two words, r then w, repeated while CNT is not zero -- r reads a
 * byte at MAR2 into MDR and does nothing else (MEM=RD1 AT=MAR2, no ALU,
 * no AG, CTR, RNC or CC, on to w); w passes MDR (PASSA of A=MDR or PASSB of
 * B=MDR, the other operand any cell) to the byte at MAR, with no
 * destination, AG=INCB, CTR=DEC, no CC or RNC, IF CNTNZ back to r (MVC's
 * loop).  The case is r's; w keeps its own, for a run resumed between them.
 */
static int ss_move(const struct uop *r, const struct uop *w)
{
    int mdr = (w->alu == MC_ALU_PASSA && w->a == MC_SRC_MDR && w->bkind != SRCK_CALC) ||
              (w->alu == MC_ALU_PASSB && w->b == MC_SRC_MDR && w->akind != SRCK_CALC);
    return r->op != OP_GENERIC && r->mem == MC_MEM_RD1 && r->at && r->ag == MC_AG_NONE &&
           !r->alu && r->d == MC_DST_NONE && !r->cc && !r->ctr && !r->rnc && !r->sf &&
           !r->ucond && r->nf == w && w->op == OP_MEMX && w->mem == MC_MEM_WR1 && !w->at &&
           w->ag == MC_AG_INCB && w->ctr == MC_CTR_DEC && !w->rnc && !w->sf && !w->cc &&
           w->d == MC_DST_NONE && mdr && w->ucond == MC_COND_CNTNZ && w->nt == r &&
           w->nf != r && w->nf != w;
}

static unsigned choose(struct vm *vm, struct uop *u)
{
    if (u->sf == MC_SF_IFETCH && u->seq == MC_SEQ_DISPATCH && !u->alu && !u->d && !u->mem &&
        !u->ag && !u->cc && !u->rnc && !u->ctr)
        return OP_FETCH;
    if (u->sf || !plain_sequence(vm, u))
        return OP_GENERIC;
    unsigned access = mc_mem_prop[u->mem].access;
    if (u->alu && u->a == MC_SRC_LINK && u->bkind != SRCK_CALC && !u->mem && !u->ag &&
        !u->rnc && !u->ctr && u->dkind != DSTK_CALC)
        return OP_LINK;
    if (u->alu && (u->akind == SRCK_CALC || u->bkind == SRCK_CALC))
        return OP_GENERIC;
    if (access == MC_ACC_PROBE && mc_ag_phase[u->ag] != MC_PH_POST && !u->rnc && !u->ctr &&
        (u->dkind != DSTK_CALC || u->d == MC_DST_RN))
        return OP_PROBE;
    if (mc_mem_monitor(u->mem))         /* the monitors' own references: the reference */
        return OP_GENERIC;
    if (rn_loop(u))
        return u->mem == MC_MEM_RD4 ? OP_RNLD : OP_RNST;
    /* (and an address copy with no storage operation: LM's and STM's
       MAR <- EA2, whose register operands a bound word folds) */
    if (u->rnc || u->ctr || mc_ag_phase[u->ag] == MC_PH_POST || access == MC_ACC_RMW ||
        (u->mem == MC_MEM_NONE && mc_ag_phase[u->ag] == MC_PH_PRE))
        return u->dkind != DSTK_CALC && access != MC_ACC_PROBE ? OP_MEMX : OP_GENERIC;
    if (u->dkind == DSTK_CALC)
        return u->d != MC_DST_IA || u->mem || u->ag || u->alu != MC_ALU_PASSA ||
                       u->a == MC_SRC_IADDR   /* a resumption: no branch (branch.c) */
                   ? OP_GENERIC
               : !(u->need & FALL) && !u->cc && !u->ucond ? OP_IAJ
                                                          : OP_IA;
    int nf = !u->need && dp_alu_pure(u->alu);
    if (u->mem == MC_MEM_NONE)
        return u->ag ? OP_GENERIC
               : !u->cc && !u->ucond ? (nf ? OP_ALUNP : OP_ALUP) + u->alu
                                     : (nf ? OP_ALUN : OP_ALU) + u->alu;
    if (access == MC_ACC_READ || access == MC_ACC_WRITE)    /* MEM_OPS */
        return (nf ? OP_MEMN : OP_MEM) + u->alu * 8u + u->mem;
    return OP_GENERIC;
}

/* The X family's index of a CC setting, a condition, a function (its
 * lists, fastpath.def); -1: none.  CCM is one only once its mask is bound. */
static int x_cc(unsigned cc)
{
    switch (cc) {
#define XCC_(V, ...) case MC_CC_##V: return XC_##V;
    FP_X_CCS(XCC_)
#undef XCC_
    default: return -1;
    }
}

static int x_cond(unsigned ucond)
{
    if (ucond >= UC_CCM)
        return XD_CCM;
    switch (ucond) {
#define XCOND_(V, ...) case MC_COND_##V: return XD_##V == XD_CCM ? -1 : XD_##V;
    FP_X_CONDS(XCOND_)
#undef XCOND_
    default: return -1;
    }
}

static int x_fn(unsigned alu)
{
    switch (alu) {
#define XFN_(V, ...) case MC_ALU_##V: return XF_##V;
    FP_X_FNS(XFN_)
#undef XFN_
    default: return -1;
    }
}

/* The case of u given the one choose() gave it (op), for its CC and
 * condition as they are now (a bound word's may have been decided). */
unsigned fp_refine(const struct uop *u, unsigned op)
{
    if ((op >= OP_ALU && op < OP_ALU + NALU) || (op >= OP_X && op < OP_COUNT) ||
        op == OP_ADDZ || op == OP_SUBZ) {
        int f = x_fn(u->alu), c = x_cc(u->cc), d = x_cond(u->ucond);
        if (f >= 0 && c >= 0 && d >= 0 && !(u->keep & FALL))
            return OP_X + ((unsigned)f * NXCC + (unsigned)c) * NXCOND + (unsigned)d;
        if ((u->alu == MC_ALU_ADD || u->alu == MC_ALU_SUB) && u->need &&
            !(u->need & (FC | FV)))
            return u->alu == MC_ALU_ADD ? OP_ADDZ : OP_SUBZ;
        return OP_ALU + u->alu;
    }
    return op;
}

void fp_prepare(struct vm *vm)
{
    unsigned n = vm->img.nwords;
    vm->sinkp = &vm->sink;
    vm->zero = 0;
    fp_flag_liveness(vm);
    for (unsigned a = 0; a < n; a++) {
        struct uop *u = &vm->cs[a];
        u->pa = src_cell(vm, u, u->a, &u->aconst, &u->ca);
        u->pb = src_cell(vm, u, u->b, &u->bconst, &u->cb);
        u->pd = dst_cell(vm, u->d, u->dkind);
        u->agm = u->ag == MC_AG_EA1 || u->ag == MC_AG_SS ? &vm->ea1
                 : u->ag == MC_AG_EA2 ? &vm->ea2 : &vm->mar;
        u->agm2 = u->ag == MC_AG_SS ? &vm->ea2 : &vm->mar2;
        u->pat = u->at ? &vm->mar2 : &vm->mar;
        u->op = (uint16_t)fp_refine(u, choose(vm, u));
    }
    for (unsigned a = 0; a < n; a++) {  /* the byte loops: every word's successors known */
        struct uop *u = &vm->cs[a];
        if (ss_fill(u))
            u->op = OP_SSFILL;
        else if (a + 1 < n && ss_move(u, &vm->cs[a + 1]))
            u->op = OP_SSMOVE;
    }
    vm->cs[n].op = OP_GENERIC;          /* the sentinel: SF_BADMC stops */
    for (unsigned a = 0; a <= n; a++) {
        struct uop *x = &vm->xstub[a];
        memset(x, 0, sizeof *x);
        x->op = OP_EXIT;
        x->self = (uint16_t)a;
        x->nf = &vm->cs[a];
    }
    memset(&vm->brstub, 0, sizeof vm->brstub);
    vm->brstub.op = OP_BRANCH;          /* not a microword: the end of one */
    vm->brstub.self = (uint16_t)vm->img.vector[MC_V_FETCH];
    memset(&vm->nextstub, 0, sizeof vm->nextstub);
    vm->nextstub.op = OP_NEXTI;         /* not a microword: the end of an instruction */
    vm->nextstub.self = (uint16_t)vm->img.vector[MC_V_FETCH];
    vm->fp_linked = 0;                  /* fp_run sets every uop's handler */
    vm->fetch_cycles = 0;
    for (unsigned a = 0; a < n; a++)
        if (vm->cs[a].op == OP_FETCH && vm->cs[a].cycles > vm->fetch_cycles)
            vm->fetch_cycles = vm->cs[a].cycles;
    fp_set_fetch(vm);
    fp_flush(vm);
    fp_deadline(vm);
}

void fp_set_fetch(struct vm *vm)
{
    if (!vm->cs)
        return;                         /* no control store yet */
    struct uop *v = &vm->cs[vm->img.vector[MC_V_FETCH]];
    /* (any event: the firmware's checks, per-checks.def; a monitor's PER
       handler: its fetches are not the program's, hpm_isr_fetch) */
    unsigned op = !vm->per.en && !vm->hpm.isr
                      ? (vm->hpm.on & HPM_CSM) ? OP_FETCHM : vm->pg.on ? OP_FETCHP : OP_FETCH
                  : vm->pg.on || (vm->hpm.on & HPM_CSM) ? OP_FETCHRP : OP_FETCHR;
    if (!op_is_fetch(v->op))
        return;                         /* a fetch vector with more than the fetch */
    if (v->op != op) {
        /* the cache's tags follow paging (PER's fetch with paging off
           keeps it: the PSW's PER mask changes at every interruption) */
        if (((v->op == OP_FETCHP) != (op == OP_FETCHP) || op == OP_FETCHP) &&
            (vm->pg.on || (v->op != OP_FETCHR && op != OP_FETCHR)) &&
            v->op != OP_FETCHRP && op != OP_FETCHRP)
            fp_flush(vm);
        v->op = (uint16_t)op;
        if (vm->fp_linked)
            v->h = vm->fp_h[op];
        vm->fp_refetch = 1;             /* a run in progress starts again (fp_run) */
    }
}
