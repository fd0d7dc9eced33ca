/*
 * fastpath.c -- the free-running engine: one loop over pre-decoded
 * microwords and a cache of decoded instructions (icache.c), with the
 * fetches that leave the loop in fetch.c.
 *
 * At control-store load time every microword gets an operation code (a
 * case of fp_run's loop) chosen from its field combination (fp_prepare, fpchoose.c):
 *
 *   OP_FETCH     SF=IFETCH DISPATCH and nothing else: the fetch vector.
 *                Looks the instruction up in the decoded-instruction cache
 *                (checked against the bytes in storage, so stores into
 *                code are always seen), sets the I-unit latches from it,
 *                counts it and goes to the opcode's entry microword.
 *   OP_ALU+F     one per ALU function F: bus sources that are registers,
 *                latches or literals, a register destination (or none),
 *                any CC setting, any sequencing but CALL/RET/DISPATCH;
 *   OP_ALUP+F    the same with no CC and a fixed successor.
 *   OP_IA        D=IA with ALU=PASSA: a branch (noted in the branch
 *                history, br_note; A=IADDR, the resumption of MVCL or
 *                CLCL, is no branch and runs OP_GENERIC).
 *   OP_IAJ       the same with no flags needed, no CC and a fixed successor.
 *   OP_MEM+F,M   the same as OP_ALU plus AG=EA1/EA2/SS and the storage
 *                operation M (a read or a write of 1, 2 or 4 bytes).
 *   OP_ALUN+F, OP_ALUNP+F, OP_MEMN+F,M   the same for a pure ALU function
 *                (dp_alu_pure) whose flags no later microword can read
 *                before they are set again (fp_flag_liveness, vm/liveness.c): Y alone.
 *   OP_ADDZ, OP_SUBZ   ADD or SUB as OP_ALU whose C and V no microword can
 *                read: Y, Z and N alone.
 *   OP_X+...     OP_ALU words with function NONE, ADD, SUB or CMPA, a common CC
 *                setting and a common condition, whose flags only their own
 *                CC and condition read: one case per combination, the
 *                flags computed in line and never stored.
 *   OP_BRANCH    not a microword: the taken branch of a BRT or BRNT word
 *                (IA <- EA2, noted, then the fetch), its successor when taken.
 *   OP_EXIT      not a microword: leaves an instruction's bound words
 *                (below) for the control-store word it names.
 *   OP_NEXTI     not a microword: a chained instruction's way to the
 *                fetch, the plain fetch of the instruction after it
 *                without the lookup (fp_bind; vm/ENGINE.md, "Chaining").
 *   OP_RNLD, OP_RNST   LM's and STM's register loops (fpchoose.c rn_loop):
 *                every pass in the one case, each counted and bounded.
 *   OP_SSFILL, OP_SSMOVE   the storage-to-storage byte loops (fpchoose.c
 *                ss_fill, ss_move): XC's clear, a word storing a constant
 *                byte that loops on itself; MVC's, a read at MAR2 and a
 *                write at MAR.  Every pass in the one case, each counted
 *                and bounded, or all at once where every byte is plain
 *                real storage that nothing observes (storage.h
 *                st_plain) and the runaway bound lies beyond the
 *                loop (vm/ENGINE.md).
 *   OP_PROBE     an access check (PRBR, PRBW) with an ALU word; OP_LINK an
 *                ALU word whose A is BAL's link word.  Never bound words.
 *   OP_MEMX      the rest of the storage microwords without SF: RW1,
 *                address-register steps, CTR, RNC (the SS loops), and an
 *                address copy (AG before MEM) with no storage operation.
 *   OP_GENERIC   anything else: runs the reference eng_exec_uop().
 *
 * Operands are resolved to cells at load time: pa, pb, pd point at a slot
 * of vm->src/vm->dst (refreshed when the instruction or RN changes) or at
 * a constant of the uop itself, so a case reads `**u->pa` with no test.
 * Successors are uop pointers: `ucond ? (cond ? nt : nf) : nf` covers
 * NEXT, JUMP, END, BR, BRN, BRE and BRNE, and BRT and BRNT with the branch
 * word (OP_BRANCH) on their taken side.
 *
 * The loop keeps the cycle and microword counters in locals and writes
 * them back before anything outside it runs (the generic case, a slow
 * fetch, a stop), so a case costs no call and no counter traffic.  Every
 * case does exactly what eng_exec_uop does for its microword, in the phase
 * order of mc/fields.def, with the same counts; the cycle bound is tested
 * before each microword as the reference loop does (the run's limit at a
 * fetch or idle microword, the runaway limit elsewhere), except in an
 * instruction's bound words, which the fetch deadline keeps far enough
 * below the runaway limit that the test could not stop them (fp_deadline).
 */
#include "storage.h"
#include "alu.h"
#include "fastpath.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* fp_run dispatches through labels as values with GNU C (FP_NO_LABELS:
 * the plain switch, which other compilers get). */
#if defined(__GNUC__) && !defined(FP_NO_LABELS)
#define FP_LABELS 1
#endif

/* The next microword of u (no CALL, RET or DISPATCH). */
static inline __attribute__((always_inline)) const struct uop *successor(const struct vm *vm,
                                                                        const struct uop *u)
{
    const struct uop *n = u->nf;
    if (u->ucond && dp_cond(vm, u->ucond))
        n = u->nt;
    return n;
}

/* ---- the generic case ----------------------------------------------------- */

static __attribute__((noinline)) const struct uop *run_generic(struct vm *vm, const struct uop *u)
{
    latches(vm);
    uint64_t bound = u->sf == MC_SF_IFETCH || u->sf == MC_SF_IDLE || u->sf == MC_SF_TASKSW
                         ? vm->limit : vm->hard_limit;
    if (UNLIKELY(vm->ctr.cycles >= bound))
        return stop_at(vm, u, VM_CYCLE_LIMIT);
    vm->upc = u->self;
    eng_exec_uop(vm, u);
    if (UNLIKELY(vm->stop != STOP_NONE))
        return NULL;
    if (UNLIKELY(vm->fp_refetch)) {     /* the fetch vector's case changed: run again */
        vm->fp_refetch = 0;
        vm->stop = STOP_REFETCH;
        return NULL;
    }
    return &vm->cs[vm->upc];
}

/* ---- ALU microwords (the bodies; the loop counts) ------------------------- */

/* D=IA, ALU=PASSA: the usual branch, IA <- A bits 8-31. */
static inline __attribute__((always_inline)) const struct uop *ia_passa(struct vm *vm,
                                                                       const struct uop *u)
{
    uint32_t b = **u->pb;
    uint32_t y = u->need ? dp_alu(vm, MC_ALU_PASSA, **u->pa, b)
                         : dp_alu_noflags(vm, MC_ALU_PASSA, **u->pa, b);
    vm->ia = y & VM_ADDR_MASK;
    br_note(vm, y & VM_ADDR_MASK);
    if (u->cc)
        dp_set_cc(vm, u->cc, y, b);
    return successor(vm, u);
}

/* ---- storage microwords ----------------------------------------------------- */


/*
 * AG in {NONE, EA1, EA2, SS}; MEM one of RD1-4, WR1-4; no SF, no post;
 * one case per storage operation and ALU function F (NONE: Y unchanged,
 * B not driven).  AG is two copies through pointers chosen at load time
 * (a register onto itself when AG leaves it alone).  Returns the next
 * microword, or the trap vector after an access exception.
 */
static inline __attribute__((always_inline)) const struct uop *
mem_body(struct vm *vm, const struct uop *u, unsigned fn, unsigned op, int flags)
{
    vm->mar = *u->agm;
    vm->mar2 = *u->agm2;
    unsigned len = mem_len[op];
    if (op <= MC_MEM_RD4) {
        int rc = st_read(vm, *u->pat, len, &vm->mdr);
        if (UNLIKELY(rc))
            return trap_to(vm, rc);
    }
    uint32_t b = 0, y = vm->y;
    if (fn != MC_ALU_NONE) {
        uint32_t a = **u->pa;
        b = **u->pb;
        y = flags ? dp_alu(vm, fn, a, b) : dp_alu_noflags(vm, fn, a, b);
    }
    **u->pd = y;
    if (op >= MC_MEM_WR1) {
        int rc = st_write(vm, *u->pat, len, y);     /* as the reference: after D */
        if (UNLIKELY(rc))
            return trap_to(vm, rc);
    }
    if (u->cc)
        dp_set_cc(vm, u->cc, y, b);
    return successor(vm, u);
}

/* The ALU of a word whose function its case does not fix (memx_body,
 * probe_body): the commonest, a register or a count copied with no flag
 * read after it, in line. */
static inline __attribute__((always_inline)) uint32_t alu_of(struct vm *vm, const struct uop *u,
                                                            uint32_t a, uint32_t b)
{
    if (u->alu == MC_ALU_PASSA && !u->need)
        return vm->y = a;
    return dp_alu(vm, u->alu, a, b);
}

/*
 * The rest of the storage microwords without SF: a read-modify-write
 * (RW1), address-register steps after MEM (AG=INC..DECB), CTR, RNC; the
 * loops of the SS instructions.  ALU function and MEM decided at run time.
 */
static const struct uop *memx_body(struct vm *vm, const struct uop *u)
{
    vm->mar = *u->agm;
    vm->mar2 = *u->agm2;
    unsigned op = u->mem, len = mem_len[op];
    int rc;
    if (mc_mem_reads(op)) {
        if ((rc = st_read(vm, *u->pat, len, &vm->mdr)) != 0)
            return trap_to(vm, rc);
    }
    uint32_t b = 0, y = vm->y;
    if (u->alu) {
        uint32_t a = **u->pa;
        b = **u->pb;
        y = alu_of(vm, u, a, b);
    }
    **u->pd = y;
    if (mc_mem_writes(op)) {
        if ((rc = st_write(vm, *u->pat, len, y)) != 0)
            return trap_to(vm, rc);
    }
    if (u->cc)
        dp_set_cc(vm, u->cc, y, b);
    ag_step(vm, u->ag);
    if (u->ctr)
        vm->cnt--;
    if (u->rnc)
        dp_dest(vm, MC_DST_RN, vm->rn + 1);
    return successor(vm, u);
}

/*
 * One pass of LM's or STM's register loop (fpchoose.c rn_loop): the word
 * as memx_body runs it, with its fields known -- a fullword at MAR, PASSB
 * of MDR (ld) or PASSA of GR[RN], MAR += 4, RN += 1 with its slots -- and
 * the loop's end, RN past R2 (COND RNEND).  Returns u for another pass.
 */
static inline __attribute__((always_inline)) const struct uop *rn_pass(struct vm *vm,
                                                                      const struct uop *u, int ld)
{
    vm->mar = *u->agm;
    vm->mar2 = *u->agm2;
    int rc;
    if (ld && UNLIKELY((rc = st_read(vm, vm->mar, 4, &vm->mdr)) != 0))
        return trap_to(vm, rc);
    uint32_t y = dp_alu(vm, ld ? MC_ALU_PASSB : MC_ALU_PASSA, **u->pa, **u->pb);
    **u->pd = y;
    if (!ld && UNLIKELY((rc = st_write(vm, vm->mar, 4, y)) != 0))
        return trap_to(vm, rc);
    vm->mar = (vm->mar + 4) & VM_ADDR_MASK;
    unsigned rn = (vm->rn + 1) & 15;
    dp_set_rn(vm, rn);
    return rn == ((vm->r2 + 1u) & 15) ? u->nt : u->nf;
}

/*
 * All but the last pass of LM's, STM's or STCTL's register loop at once, when
 * every one of them would be a plain load or store (storage.h st_plain:
 * real storage the PSW key may read or store, no watchpoint, no PER, no
 * paging) and no runaway test between them could stop the loop
 * (cyc + (passes - 1) * cycles below hard).  Those passes only move
 * words between the registers and storage and step MAR and RN; their Y,
 * flags and MDR are the last pass's to set, which rn_pass then runs.
 * Returns the passes done (each one microword's count), or 0.
 */
static inline __attribute__((always_inline)) unsigned rn_bulk(struct vm *vm, const struct uop *u,
                                                             int ld, uint64_t cyc, uint64_t hard)
{
    unsigned rn = vm->rn, n = (vm->r2 - rn) & 15;  /* passes before the last */
    uint32_t mar = vm->mar;
    uint8_t *p;
    /* the registers the word moves: LM's and STM's general registers,
     * STCTL's control registers (LCTL's loop is no OP_RNLD: loading a
     * control register does more than store it) */
    uint32_t *regs = ld ? (u->d == MC_DST_GRN ? vm->gr : NULL)
                        : (u->a == MC_SRC_GRN ? vm->gr : u->a == MC_SRC_CRN ? vm->cr : NULL);
    if (n == 0 || !regs || u->agm != &vm->mar || u->agm2 != &vm->mar2 ||
        cyc + (uint64_t)n * u->cycles >= hard || !(p = st_plain(vm, mar, 4 * n, !ld)))
        return 0;
    for (unsigned i = 0; i < n; i++, p += 4) {
        unsigned r = (rn + i) & 15;
        if (ld)
            regs[r] = st_be_load(p, 4);
        else
            st_be_store(p, 4, regs[r]);
    }
    vm->mar = mar + 4 * n;
    dp_set_rn(vm, (rn + n) & 15);
    return n;
}

/*
 * What PASSA or PASSB of y does besides Y (alu.h dp_alu): the write word
 * of a storage-to-storage byte loop (OP_SSFILL, OP_SSMOVE), whose only
 * ALU function is one of those.
 */
static inline void ss_flags(struct vm *vm, uint32_t y)
{
    vm->fv = 0;
    vm->fz = y == 0;
    vm->fn = (uint8_t)(y >> 31);
    vm->y = y;
}

/*
 * An access check, PRBR or PRBW of CNT bytes at AT after AG's copies (no
 * post step, RN or CNT counting), with any ALU function of cells and a
 * destination that is a cell or RN (OP_PROBE); the phases of exec_uop.
 * Never a bound word: the latches are set.
 */
static const struct uop *probe_body(struct vm *vm, const struct uop *u)
{
    vm->mar = *u->agm;
    vm->mar2 = *u->agm2;
    int rc = st_probe(vm, *u->pat, vm->cnt, u->mem == MC_MEM_PRBW);
    if (UNLIKELY(rc))
        return trap_to(vm, rc);
    uint32_t b = 0, y = vm->y;
    if (u->alu) {
        uint32_t a = **u->pa;
        b = **u->pb;
        y = alu_of(vm, u, a, b);
    }
    if (u->dkind == DSTK_CALC)          /* RN (choose) */
        dp_set_rn(vm, y & 15);
    else
        **u->pd = y;
    if (u->cc)
        dp_set_cc(vm, u->cc, y, b);
    return successor(vm, u);
}

/*
 * An ALU word whose A is the link word (ILC, CC, program mask, IA: BAL's
 * and BALR's R1), no storage, a cell or no destination (OP_LINK).  Never a
 * bound word: ILC is set.
 */
static inline __attribute__((always_inline)) const struct uop *link_body(struct vm *vm,
                                                                        const struct uop *u)
{
    uint32_t a = vm->ilc << 30 | (uint32_t)vm->cc << 28 | (uint32_t)vm->pm << 24 | vm->ia;
    uint32_t b = **u->pb;
    uint32_t y = dp_alu(vm, u->alu, a, b);
    **u->pd = y;
    if (u->cc)
        dp_set_cc(vm, u->cc, y, b);
    return successor(vm, u);
}

/* ---- instruction fetch ------------------------------------------------------- */

/*
 * The free-running loop.  cyc is the cycle counter (vm->ctr.cycles holds
 * it only after SYNC_OUT); hard is vm->hard_limit, reloaded by SYNC_IN
 * after anything outside the loop ran (only that can change it).  The
 * fetch reads vm->fetch_deadline itself: a storage slow path inside the
 * loop (a watchpoint) or a callback may move it to 0.
 */
#define SYNC_OUT()                                                                    \
    (vm->ctr.cycles = cyc, vm->ctr.microwords = mw, vm->ctr.instructions = ninsn,     \
     vm->last_fetch_cycle = lastcyc, vm->last_op = lastop)
#define SYNC_IN()                                                                     \
    (cyc = vm->ctr.cycles, mw = vm->ctr.microwords,                                   \
     hard = vm->hard_limit, ninsn = vm->ctr.instructions,                             \
     lastcyc = vm->last_fetch_cycle, lastop = vm->last_op)
/* Run call outside the loop, the counters written back before and read
 * again after; it gives the next microword, or NULL to stop. */
#define OUTSIDE(call)                                                                 \
    {                                                                                 \
        SYNC_OUT();                                                                   \
        u = (call);                                                                   \
        if (!u)                                                                       \
            goto out;                                                                 \
        SYNC_IN();                                                                    \
        DISPATCH();                                                                   \
    }
/* A microword's counts (a control-store word's case tests the runaway
 * bound first: CCASE). */
#define COUNT()                                                                       \
    do {                                                                              \
        cyc += u->cycles;                                                             \
        mw++;                                                                         \
    } while (0)
/*
 * Dispatch.  With GNU C each uop holds the address of its case (u->h, a
 * label of fp_run: labels as values), every case jumps straight to the
 * next one's (one indirect jump per microword, predicted per case), and
 * the fetch vector is reached through its own handler.  Elsewhere a plain
 * switch on u->op; there GO goes straight to the fetch when it is the
 * fetch vector (a case of its own would cost a dispatch per instruction).
 * CASE(code, label) names a case in both forms.  DISPATCH() runs u's case;
 * in the switch it jumps to the switch by name, never by `continue' or
 * `break': a case may hold a loop of its own (OP_RNLD, OP_RNST), where
 * those would bind to that loop, and a macro's do-while(0) is one too.
 */
#define DISPATCH() goto dispatch
/* An instruction fetched, its decode index d: counted, and (with the opcode
 * counters on: opc) the cycles since the last fetch closed as the last
 * instruction's. */
#define COUNT_INSN(d)                                                                 \
    do {                                                                              \
        unsigned d_ = (d);                                                            \
        ninsn++;                                                                      \
        if (opc) {                                                                    \
            vm->ctr.op_count[d_]++;                                                   \
            vm->ctr.op_cycles[lastop] += cyc - lastcyc;                               \
            lastcyc = cyc;                                                            \
        }                                                                             \
        lastop = d_;                                                                  \
    } while (0)
#ifdef FP_LABELS
#define CASE(code, label) label
#define CCASE(code, label)                                                            \
    label##_c:                                                                        \
    if (UNLIKELY(cyc >= hard))                                                        \
        goto stop_hard;                                                               \
    label
#define GO(x)                                                                         \
    do {                                                                              \
        if ((u = (x)) == fetchu)                                                      \
            goto fetch;                                                               \
        goto *u->h;                                                                   \
    } while (0)
/* To an instruction's first bound word, never the fetch. */
#define GO_ENTRY(x)                                                                   \
    do {                                                                              \
        u = (x);                                                                      \
        goto *u->h;                                                                   \
    } while (0)
#else
#define CASE(code, label) case code
#define CCASE(code, label)                                                            \
    case code:                                                                        \
    if (UNLIKELY(cyc >= hard))                                                        \
        goto stop_hard;                                                               \
    if (0)                                                                            \
        goto label;                                                                   \
    label
#define GO_ENTRY(x)                                                                   \
    do {                                                                              \
        u = (x);                                                                      \
        goto dispatch;                                                                \
    } while (0)
#define GO(x)                                                                         \
    do {                                                                              \
        if ((u = (x)) == fetchu)                                                      \
            goto fetch;                                                               \
        goto dispatch;                                                                \
    } while (0)
#endif

/* To u->nt if c, else to u->nf: a branch, not a select, so that the next
 * microword is predicted rather than waited for. */
#define GOIF(c)                                                                       \
    {                                                                                 \
        if (c)                                                                        \
            GO(u->nt);                                                                \
        GO(u->nf);                                                                    \
    }

/* The fetch vector's case is read once per run: a change of it inside a
 * run (fp_set_fetch: a monitor instruction) ends the run with
 * STOP_REFETCH, and eng_run runs on (run_generic). */
enum vm_status fp_run(struct vm *vm)
{
    const struct uop *u = &vm->cs[vm->upc];
    const struct uop *fetchu = &vm->cs[vm->img.vector[MC_V_FETCH]];
    uint64_t cyc, mw, hard, ninsn, lastcyc;
    unsigned lastop;
    if (fetchu->op != OP_FETCH)
        fetchu = NULL;
    const unsigned fcyc = fetchu ? fetchu->cycles : 0;
    const int opc = OPC_ON(vm);         /* the opcode counters (a change: STOP_REFETCH) */
#ifdef FP_LABELS
    /* Two tables of case addresses: a control-store word's case checks the
     * runaway bound first (label_c); a bound word's case need not (fp_bind
     * and fp_deadline, fpchoose.c).  The fetch vector's cases, the generic
     * one and the two that are no microword's are the same in both. */
    static const void *const handler[OP_COUNT] = {
        [OP_GENERIC] = &&l_generic, [OP_FETCH] = &&l_fetch, [OP_EXIT] = &&l_exit,
        [OP_BRANCH] = &&l_branch, [OP_NEXTI] = &&l_nexti,
        [OP_FETCHP] = &&l_fetchp, [OP_FETCHM] = &&l_fetchm,
        [OP_FETCHR] = &&l_fetchr, [OP_FETCHRP] = &&l_fetchrp,
        [OP_RNLD] = &&l_rnld_c, [OP_RNST] = &&l_rnst_c,
        [OP_SSFILL] = &&l_ssfill_c, [OP_SSMOVE] = &&l_ssmove_c,
        [OP_PROBE] = &&l_probe_c, [OP_LINK] = &&l_link_c,
        [OP_IA] = &&l_ia_c, [OP_IAJ] = &&l_iaj_c, [OP_MEMX] = &&l_memx_c,
#include "vm/fp-checked.c"
    };
    static const void *const handler_bound[OP_COUNT] = {
        [OP_GENERIC] = &&l_generic, [OP_FETCH] = &&l_fetch, [OP_EXIT] = &&l_exit,
        [OP_BRANCH] = &&l_branch, [OP_NEXTI] = &&l_nexti,
        [OP_FETCHP] = &&l_fetchp, [OP_FETCHM] = &&l_fetchm,
        [OP_FETCHR] = &&l_fetchr, [OP_FETCHRP] = &&l_fetchrp,
        [OP_RNLD] = &&l_rnld, [OP_RNST] = &&l_rnst,
        [OP_SSFILL] = &&l_ssfill, [OP_SSMOVE] = &&l_ssmove,
        [OP_PROBE] = &&l_probe, [OP_LINK] = &&l_link,
        [OP_IA] = &&l_ia, [OP_IAJ] = &&l_iaj, [OP_MEMX] = &&l_memx,
#include "vm/fp-bound.c"
    };
    if (!vm->fp_linked) {               /* once per control-store load */
        for (unsigned a = 0; a <= vm->img.nwords; a++) {
            vm->cs[a].h = handler[vm->cs[a].op];
            vm->xstub[a].h = handler[OP_EXIT];
        }
        vm->brstub.h = handler[OP_BRANCH];
        vm->nextstub.h = handler[OP_NEXTI];
        vm->fp_linked = 1;
        vm->fp_h = handler;
        vm->fp_hb = handler_bound;
    }
    /* A chained instruction's end: the fetch without the lookup, or, when
     * this run's fetch vector is another (PER, a monitor, paging), that
     * vector -- decided here once rather than at every instruction. */
    vm->nextstub.h = fetchu ? &&l_nexti : &&l_nexti_vec;
#endif
    SYNC_IN();
    for (;;) {
    dispatch:
#ifdef FP_LABELS
        goto *u->h;
        {
#else
        switch (u->op) {
#endif
        CASE(OP_FETCH, l_fetch):
            if (u != fetchu)            /* another fetch word: every check */
                OUTSIDE(fp_fetch_checked(vm, u));
        fetch:
        {
            /* The fetch vector (u), which GO reaches by a compare: nothing
             * here waits for the load of u.  Below the fetch deadline
             * (fp_deadline) the run's bound is not reached, no timer update
             * is due after this word's cycles, no interruption is pending
             * and the PSW is valid: one compare stands for all of those
             * checks. */
            if (UNLIKELY(cyc >= vm->fetch_deadline)) {
                SYNC_OUT();
                if (!fp_fetch_timer(vm, fcyc))
                    OUTSIDE(fp_fetch_checked(vm, fetchu));
            }
            cyc += fcyc;
            mw++;
            uint32_t ia = vm->ia;
            struct icent *e = &vm->ic[(ia >> 1) & (IC_SIZE - 1)];
            if (UNLIKELY(!ic_hit_plain(ia, e)))
                OUTSIDE(fp_fetch_slow(vm, u, ia, e));
            fetch_hit(vm, ia, e);
            COUNT_INSN(e->il.didx);
            GO_ENTRY(e->entry);
        }
        /* The end of a chained instruction's bound words (fp_bind): the
         * plain fetch of the next instruction, whose cache slot its entry
         * names (succ), without the lookup.  The slot must still hold that
         * instruction (its tag: a refill or a breakpoint's fp_forget
         * changes it) as storage holds it now (its bytes, as every fetch
         * compares them: the chained one may have stored into it); else,
         * past the fetch deadline, or with another fetch vector than the
         * plain one (PER, a monitor, paging: this run's fetchu is NULL;
         * with labels as values nextstub then leads to l_nexti_vec), the
         * fetch vector's own case.  IA is already the next address: no
         * bound word of a chained instruction loads it. */
#ifdef FP_LABELS
        l_nexti_vec:
            GO(&vm->cs[vm->img.vector[MC_V_FETCH]]);
#endif
        CASE(OP_NEXTI, l_nexti): {
#ifndef FP_LABELS
            if (UNLIKELY(!fetchu))
                GO(&vm->cs[vm->img.vector[MC_V_FETCH]]);
#endif
            const struct icent *p = vm->cur;
            VM_ASSERT(p && p->succ);
            struct icent *e = (struct icent *)(uintptr_t)p->succ;
            if (UNLIKELY(cyc >= vm->fetch_deadline) || UNLIKELY(e->tag != p->succ_tag) ||
                UNLIKELY((load8(e->hp) & e->mask) != e->bytes)) {
                u = fetchu;             /* the fetch's own word (fetch_slow undoes its counts) */
                goto fetch;
            }
            cyc += fcyc;
            mw++;
            fetch_hit(vm, p->succ_tag - 1, e);
            COUNT_INSN(e->il.didx);
            GO_ENTRY(e->entry);
        }
        /* The fetch with the CSECT monitor on (OP_FETCHM): the I-unit's
         * bounds comparator first -- a branch taken since the last fetch
         * (the branch history moved) to a target outside the current
         * CSECT's bounds raises the monitor's event -- then the paged
         * fetch (the next case), which is the plain one with paging off. */
        CASE(OP_FETCHM, l_fetchm):
        if (UNLIKELY(vm->brp != vm->hpm.csm_brp)) {
            vm->hpm.csm_brp = vm->brp;
            if (vm->ia < vm->hpm.csm_lo || vm->ia >= vm->hpm.csm_hi) {
                vm->hpm.csm_due = 1;
                pw_set(vm, PW_SAMPLE, 1);
            }
        }
        /* The fetch vector with paging on (OP_FETCHP, fp_set_paged): the
         * same, but the cache is tagged by task too (vm->ic_tag), and the
         * fetch is a page reference, reported unless its page is the
         * last one's (vm->ref_mask 0: no string is produced). */
        goto fetch_paged;
        CASE(OP_FETCHP, l_fetchp):
        fetch_paged:
        {
            if (UNLIKELY(cyc >= vm->fetch_deadline))
                OUTSIDE(fp_fetch_checked(vm, u));
            cyc += u->cycles;
            mw++;
            uint32_t ia = vm->ia;
            struct icent *e = ic_slot(vm, ia);
            if (UNLIKELY(!ic_hit(vm, ia, e)))
                OUTSIDE(fp_fetch_slow(vm, u, ia, e));
            if (UNLIKELY((ia ^ vm->ref_rd) & vm->ref_mask))
                pg_note(vm, ia, 0);
            fetch_hit(vm, ia, e);
            COUNT_INSN(e->il.didx);
            GO_ENTRY(e->entry);
        }
        /* The fetch with PER's comparators (OP_FETCHR): a branch taken
         * since the last fetch is the last instruction's successful-branch
         * or CSECT event (hpm-per.c), then the CSECT monitor's comparator if
         * it is on too, and, once the instruction is fetched, the
         * instruction-fetch event. */
        CASE(OP_FETCHR, l_fetchr):
        /* paging off, no CSECT monitor: the plain fetch's hit path, with
         * a branch's event first (the last instruction's) and the fetch's
         * after */
        if ((vm->per.en & (PER_SB | PER_CSM)) && vm->brp != vm->per.brp)
            per_fetch_end(vm);
        {
            if (UNLIKELY(cyc >= vm->fetch_deadline))
                OUTSIDE(fp_fetch_checked(vm, u));
            cyc += u->cycles;
            mw++;
            uint32_t ia = vm->ia;
            struct icent *e = &vm->ic[(ia >> 1) & (IC_SIZE - 1)];
            if (UNLIKELY(!ic_hit_plain(ia, e)))
                OUTSIDE(fp_fetch_slow(vm, u, ia, e));
            fetch_hit(vm, ia, e);
            if (UNLIKELY(((ia - vm->per.lo) & VM_ADDR_MASK) < vm->per.if_n))
                per_note(vm, PER_IF, ia);
            unsigned didx = e->il.didx;
            if (UNLIKELY(vm->hpm.isr)) {  /* a monitor's PER handler (hpm_isr_fetch) */
                SYNC_OUT();
                int isr = hpm_isr_fetch(vm);
                SYNC_IN();
                if (isr)
                    GO_ENTRY(e->entry);
            }
            COUNT_INSN(didx);
            if (vm->per.en) {           /* the firmware's PER checks: PER's cycles */
                unsigned c = per_checks(vm);
                cyc += c;
                lastcyc += c;
            }
            GO_ENTRY(e->entry);
        }
        /* ... with paging or the CSECT monitor too (OP_FETCHRP) */
        CASE(OP_FETCHRP, l_fetchrp):
        if ((vm->per.en & (PER_SB | PER_CSM)) && vm->brp != vm->per.brp)
            per_fetch_end(vm);
        if (UNLIKELY(vm->brp != vm->hpm.csm_brp) && (vm->hpm.on & HPM_CSM)) {
            vm->hpm.csm_brp = vm->brp;
            if (vm->ia < vm->hpm.csm_lo || vm->ia >= vm->hpm.csm_hi) {
                vm->hpm.csm_due = 1;
                pw_set(vm, PW_SAMPLE, 1);
            }
        }
        {
            if (UNLIKELY(cyc >= vm->fetch_deadline))
                OUTSIDE(fp_fetch_checked(vm, u));
            cyc += u->cycles;
            mw++;
            uint32_t ia = vm->ia;
            struct icent *e = ic_slot(vm, ia);
            if (UNLIKELY(!ic_hit(vm, ia, e)))
                OUTSIDE(fp_fetch_slow(vm, u, ia, e));
            if (UNLIKELY((ia ^ vm->ref_rd) & vm->ref_mask))
                pg_note(vm, ia, 0);
            fetch_hit(vm, ia, e);
            if (UNLIKELY(((ia - vm->per.lo) & VM_ADDR_MASK) < vm->per.if_n))
                per_note(vm, PER_IF, ia);
            unsigned didx = e->il.didx;
            if (UNLIKELY(vm->hpm.isr)) {  /* a monitor's PER handler (hpm_isr_fetch) */
                SYNC_OUT();
                int isr = hpm_isr_fetch(vm);
                SYNC_IN();
                if (isr)
                    GO_ENTRY(e->entry);
            }
            COUNT_INSN(didx);
            if (vm->per.en) {           /* the firmware's PER checks: PER's cycles */
                unsigned c = per_checks(vm);
                cyc += c;
                lastcyc += c;
            }
            GO_ENTRY(e->entry);
        }
        CASE(OP_BRANCH, l_branch): {
            /* The taken branch of a BRT or BRNT word (its successor, no
             * microword of its own): IA <- EA2, then the fetch. */
            uint32_t to = vm->ea2 & VM_ADDR_MASK;
            vm->ia = to;
            br_note(vm, to);
            GO(fetchu ? fetchu : &vm->cs[vm->img.vector[MC_V_FETCH]]);
        }
        CASE(OP_EXIT, l_exit):
            latches(vm);
            GO(u->nf);
        CCASE(OP_IA, l_ia):
            COUNT();
            GO(ia_passa(vm, u));
        CCASE(OP_IAJ, l_iaj): {
            COUNT();
            uint32_t y = **u->pa;
            vm->y = y;
            vm->ia = y & VM_ADDR_MASK;
            br_note(vm, y & VM_ADDR_MASK);
            GO(u->nf);
        }
        /* The cases of the ALU functions and storage operations of
         * mc/fields.def and the X cases of fastpath.def (mkfastpath.c). */
#include "vm/fp-cases.c"
        /* LM's and STM's register loops: every pass here, each counted and
         * bounded as a microword of its own */
        CCASE(OP_RNLD, l_rnld): {
            unsigned n = rn_bulk(vm, u, 1, cyc, hard);
            cyc += (uint64_t)n * u->cycles;
            mw += n;
        }
            for (;;) {
                COUNT();
                const struct uop *n = rn_pass(vm, u, 1);
                if (n != u)
                    GO(n);
                if (UNLIKELY(cyc >= hard))
                    goto stop_hard;
            }
        CCASE(OP_RNST, l_rnst): {
            unsigned n = rn_bulk(vm, u, 0, cyc, hard);
            cyc += (uint64_t)n * u->cycles;
            mw += n;
        }
            for (;;) {
                COUNT();
                const struct uop *n = rn_pass(vm, u, 0);
                if (n != u)
                    GO(n);
                if (UNLIKELY(cyc >= hard))
                    goto stop_hard;
            }
        /* The storage-to-storage byte loops (fpchoose.c ss_fill, ss_move):
         * every pass here, each word counted and bounded as a microword of
         * its own; or all passes at once (storage.h st_fill_flat,
         * st_move_flat) when every byte is plain real storage that nothing
         * observes and the runaway bound cannot fall inside the loop (no
         * pass would stop before it), with the counts of all the passes. */
        CCASE(OP_SSFILL, l_ssfill): {
            uint32_t n = vm->cnt, y = **u->pa;
            if (n && cyc + (uint64_t)(n - 1) * u->cycles < hard &&
                st_fill_flat(vm, vm->mar, n, (uint8_t)y)) {
                cyc += (uint64_t)n * u->cycles;
                mw += n;
                ss_flags(vm, y);
                **u->pd = y;
                vm->mar = (vm->mar + n) & VM_ADDR_MASK;
                vm->cnt = 0;
                GO(u->nf);
            }
            for (;;) {
                COUNT();
                ss_flags(vm, y);
                **u->pd = y;
                int rc = st_write(vm, vm->mar, 1, y);
                if (UNLIKELY(rc))
                    GO(trap_to(vm, rc));
                vm->mar = (vm->mar + 1) & VM_ADDR_MASK;
                if (!--vm->cnt)
                    GO(u->nf);
                if (UNLIKELY(cyc >= hard))
                    goto stop_hard;
            }
        }
        CCASE(OP_SSMOVE, l_ssmove): {
            const struct uop *w = u->nf;        /* the write word (r is u) */
            uint32_t n = vm->cnt, last;
            unsigned cy = u->cycles + w->cycles;
            if (n && cyc + (uint64_t)(n - 1) * cy + u->cycles < hard &&
                st_move_flat(vm, vm->mar, vm->mar2, n, &last)) {
                cyc += (uint64_t)n * cy;
                mw += 2 * (uint64_t)n;
                vm->mdr = last;
                ss_flags(vm, last);
                **w->pd = last;
                vm->mar = (vm->mar + n) & VM_ADDR_MASK;
                vm->mar2 = (vm->mar2 + n) & VM_ADDR_MASK;
                vm->cnt = 0;
                GO(w->nf);
            }
            for (;;) {
                COUNT();
                int rc = st_read(vm, vm->mar2, 1, &vm->mdr);
                if (UNLIKELY(rc))
                    GO(trap_to(vm, rc));
                if (UNLIKELY(cyc >= hard)) {
                    u = w;
                    goto stop_hard;
                }
                cyc += w->cycles;
                mw++;
                uint32_t y = vm->mdr;
                ss_flags(vm, y);
                **w->pd = y;
                rc = st_write(vm, vm->mar, 1, y);
                if (UNLIKELY(rc))
                    GO(trap_to(vm, rc));
                vm->mar = (vm->mar + 1) & VM_ADDR_MASK;
                vm->mar2 = (vm->mar2 + 1) & VM_ADDR_MASK;
                if (!--vm->cnt)
                    GO(w->nf);
                if (UNLIKELY(cyc >= hard))
                    goto stop_hard;
            }
        }
        CCASE(OP_PROBE, l_probe):
            COUNT();
            GO(probe_body(vm, u));
        CCASE(OP_LINK, l_link):
            COUNT();
            GO(link_body(vm, u));
        CCASE(OP_MEMX, l_memx):
            COUNT();
            GO(memx_body(vm, u));
        CASE(OP_GENERIC, l_generic):
            OUTSIDE(run_generic(vm, u));
#ifndef FP_LABELS
        default:                        /* choose() gives no other code */
            break;
#endif
        }
    }
stop_hard:
    SYNC_OUT();
    stop_at(vm, u, VM_CYCLE_LIMIT);
out:
    latches(vm);
    enum vm_status s = vm->stop;
    vm->stop = STOP_NONE;
    return s;
}
