/*
 * engine.c -- the micro-sequencer: pre-decoding the control store, executing
 * one microword in the phases of mc/fields.def, and the run loops.
 *
 * exec_uop() is the reference: it executes one microword from its fields.
 * The observed loop (breakpoints, trace callbacks, stepping) runs it; the
 * free-running loop is fastpath.c, whose handlers must agree with it
 * exactly (tests/unit/t-vm-engine.c runs programs both ways).  Both count
 * exactly the same cycles: a microword's cost is fixed at pre-decode time,
 * and only IDLE and host services add time, identically in both.
 */
#include "storage.h"
#include "alu.h"

#include <string.h>

/* How the engine reads a source: fields.def's kind. */
static uint8_t src_kind(unsigned sel)
{
    switch (mc_src_kind[sel]) {
    case MC_K_CONST: return SRCK_CONST;
    case MC_K_CALC: return SRCK_CALC;
    default: return SRCK_PTR;
    }
}

static uint32_t src_const(unsigned sel, unsigned lit)
{
    return sel == MC_SRC_LIT ? lit : sel == MC_SRC_LITH ? (uint32_t)lit << 16 : 0;
}

static uint8_t dst_kind(unsigned sel)
{
    switch (mc_dst_kind[sel]) {
    case MC_K_NONE: return DSTK_NONE;
    case MC_K_CALC: return DSTK_CALC;
    default: return DSTK_PTR;
    }
}

void eng_predecode(struct vm *vm)
{
    unsigned n = vm->img.nwords;
    for (unsigned a = 0; a < n; a++) {
        const struct mc_word *w = &vm->img.words[a];
        struct uop *u = &vm->cs[a];
        memset(u, 0, sizeof *u);
        u->a = (uint8_t)MC_GET(w, A);
        u->b = (uint8_t)MC_GET(w, B);
        u->alu = (uint8_t)MC_GET(w, ALU);
        u->d = (uint8_t)MC_GET(w, D);
        u->mem = (uint8_t)MC_GET(w, MEM);
        u->at = (uint8_t)MC_GET(w, AT);
        u->ag = (uint8_t)MC_GET(w, AG);
        u->rnc = (uint8_t)MC_GET(w, RNC);
        u->ctr = (uint8_t)MC_GET(w, CTR);
        u->cc = (uint8_t)MC_GET(w, CC);
        u->sf = (uint8_t)MC_GET(w, SF);
        u->seq = (uint8_t)MC_GET(w, SEQ);
        u->cond = (uint8_t)MC_GET(w, COND);
        u->addr = (uint16_t)MC_GET(w, ADDR);
        unsigned lit = MC_GET(w, LIT);
        u->akind = src_kind(u->a);
        u->bkind = src_kind(u->b);
        u->aconst = src_const(u->a, lit);
        u->bconst = src_const(u->b, lit);
        u->dkind = dst_kind(u->d);
        u->cycles = (uint8_t)(1 + mc_word_cycles(w));
        u->pre = mc_ag_phase[u->ag] == MC_PH_PRE || mc_mem_before_alu(u->mem);
        u->post = mc_ag_phase[u->ag] == MC_PH_POST || u->rnc || u->ctr;
        u->self = (uint16_t)a;
    }
    /* the sentinel: running past the last word stops the machine */
    memset(&vm->cs[n], 0, sizeof vm->cs[n]);
    vm->cs[n].sf = SF_BADMC;
    vm->cs[n].cycles = 0;
    vm->cs[n].self = (uint16_t)n;
    fp_prepare(vm);
}

static inline uint32_t rd_a(struct vm *vm, const struct uop *u)
{
    return u->akind == SRCK_PTR ? *vm->src[u->a] : u->akind == SRCK_CONST ? u->aconst
                                                                          : dp_source(vm, u->a, u);
}

static inline uint32_t rd_b(struct vm *vm, const struct uop *u)
{
    return u->bkind == SRCK_PTR ? *vm->src[u->b] : u->bkind == SRCK_CONST ? u->bconst
                                                                          : dp_source(vm, u->b, u);
}

/* Phases 1-2.  0, or an interruption code. */
static int pre_phase(struct vm *vm, const struct uop *u)
{
    switch (u->ag) {
    case MC_AG_EA1: vm->mar = vm->ea1; break;
    case MC_AG_EA2: vm->mar = vm->ea2; break;
    case MC_AG_SS: vm->mar = vm->ea1; vm->mar2 = vm->ea2; break;
    default: break;
    }
    uint32_t addr = u->at ? vm->mar2 : vm->mar;
    unsigned mem = u->mem;
    if (mc_mem_reads(mem))
        return st_read(vm, addr, mc_mem_prop[mem].len, &vm->mdr);
    if (mc_mem_prop[mem].access == MC_ACC_PROBE)
        return st_probe(vm, addr, vm->cnt, mem == MC_MEM_PRBW);
    if (mc_mem_prop[mem].access == MC_ACC_MONR)
        vm->mdr = hpm_read4(vm, addr);
    return 0;
}

static void post_phase(struct vm *vm, const struct uop *u)
{
    ag_step(vm, u->ag);
    if (u->ctr)
        vm->cnt--;
    if (u->rnc)
        dp_dest(vm, MC_DST_RN, vm->rn + 1);
}

/* Enter the trap vector with interruption code pic. */
static void trap(struct vm *vm, int pic)
{
    vm->pic = (uint32_t)pic;
    vm->rsp = 0;
    vm->upc = vm->img.vector[MC_V_TRAP];
}

static void record_interrupt(struct vm *vm, enum vm_int_class cls, uint32_t old, uint32_t code_at)
{
    uint8_t b[8];
    vm->last_int.cls = cls;
    vm->last_int.old_psw = 0;
    if (vm_fetch_bytes(vm, old, b, 8) == 0)
        for (int i = 0; i < 8; i++)
            vm->last_int.old_psw = vm->last_int.old_psw << 8 | b[i];
    if (code_at && vm_fetch_bytes(vm, code_at, b, 4) == 0) {
        vm->last_int.ilc = (uint8_t)(b[1] >> 1 & 3);
        vm->last_int.code = (uint16_t)(b[2] << 8 | b[3]);
    } else {
        vm->last_int.ilc = 0;
        vm->last_int.code = 0;
    }
}

int eng_at_breakpoint(const struct vm *vm, uint32_t ia)
{
    for (unsigned i = 0; i < vm->nbp; i++)
        if (vm->bp[i] == ia)
            return 1;
    return 0;
}

/* Stop with s before the fetch word u, whose counts are undone: 1. */
static int stop_before(struct vm *vm, const struct uop *u, enum vm_status s)
{
    vm->ctr.cycles -= u->cycles;
    vm->ctr.microwords--;
    vm->upc = u->self;
    vm->stop = s;
    return 1;
}

int eng_fetch_events(struct vm *vm, const struct uop *u)
{
    unsigned pw = pw_get(vm);
    if (pw & PW_TRACED) {
        pw_set(vm, PW_TRACED, 0);
        if (vm->trace.done)
            vm->trace.done(vm->trace.ctx, vm);
        pw = pw_get(vm);
    }
    if (pw & PW_STOP) {
        pw_set(vm, PW_STOP, 0);
        return stop_before(vm, u, VM_STOP_REQUEST);
    }
    if (pw & PW_WATCH) {
        pw_set(vm, PW_WATCH, 0);
        return stop_before(vm, u, VM_WATCHPOINT);
    }
    return 0;
}

int eng_fetch_break(struct vm *vm, const struct uop *u)
{
    if (vm->bp_resume == vm->ctr.instructions + 1) {
        vm->bp_resume = 0;              /* resuming from it: run it */
        return 0;
    }
    vm->bp_resume = vm->ctr.instructions + 1;
    return stop_before(vm, u, VM_BREAKPOINT);
}

/* The instruction trace wants the instruction at ia. */
int eng_traced(const struct vm *vm, uint32_t ia)
{
    return vm->trace.insn && (!vm->trace.ranged || (ia >= vm->trace.lo && ia <= vm->trace.hi));
}

/* SF=ASSIST: the ASSIST instruction just decoded, to the host's assist
 * hook (vm.h).  Returns 0 (done, or vm->stop set), or the interruption
 * code to take: 1 (operation) with no hook or one that does not know the
 * instruction, else the code the hook reports. */
static int assist(struct vm *vm)
{
    if (!vm->host.assist)
        return 1;
    int xs = vm->img.decode[vm->didx] == MC_DEC_RXSS;
    struct vm_assist_call c = { .opcode = vm->opc, .r1 = vm->r1,
                                .addr = xs ? vm->ea1 : vm->ea2, .len = xs ? vm->ea2 : 0 };
    unsigned pic = 0;
    switch (vm->host.assist(vm->host.ctx, vm, &c, &pic)) {
    case VM_HOST_OK:
        return 0;
    case VM_HOST_BAD_CODE:
        return 1;
    case VM_HOST_PROGRAM:
        if (pic & 0xFFFF)
            return (int)(pic & 0xFFFF);
        vm->stop = VM_HOST_ERROR;       /* a program check without a code */
        return 0;
    case VM_HOST_EXIT:
        vm->stop = VM_EXIT;
        return 0;
    case VM_HOST_ABEND:
        vm->stop = VM_ABEND;
        return 0;
    case VM_HOST_FAIL:
    default:
        vm->stop = VM_HOST_ERROR;
        return 0;
    }
}

/* Phase 5.  Returns 0, an interruption code (to the trap vector), or -1:
 * stop before this word (vm->stop says why; nothing sequenced). */
static int special(struct vm *vm, const struct uop *u)
{
    int rc;
    const uint8_t *host;
    switch (u->sf) {
    case MC_SF_IFETCH:
        if (vm->ctr.cycles >= vm->next_event)
            tm_update(vm);
        if (eng_fetch_events(vm, u))
            return -1;
        per_fetch_end(vm);
        if (((pw_get(vm) & PW_SAMPLE) || (vm->hpm.on & HPM_CSM)) && hpm_enter(vm, 1, u->cycles))
            return HPM_ENTER;           /* (the CSECT comparator looks at every fetch) */
        if (pw_get(vm) & PW_PER) {
            hpm_isr_enter(vm);
            return PER_ENTER;
        }
        if (pw_get(vm) & PW_EVENTS) {
            vm->evskip = 1;
            return 0;
        }
        vm->evskip = 0;
        if (vm->nbp && eng_at_breakpoint(vm, vm->ia) && eng_fetch_break(vm, u))
            return -1;
        rc = iu_fetch(vm, &host);
        if (rc)
            return rc;
        per_ifetch(vm, vm->iaddr);
        vm->fetched = 1;
        if (vm->hpm.isr && hpm_isr_fetch(vm))
            return 0;                   /* a monitor's PER handler: not the program's */
        vm->ctr.instructions++;
        if (OPC_ON(vm)) {
            vm->ctr.op_count[vm->didx]++;
            vm->ctr.op_cycles[vm->last_op] += vm->ctr.cycles - vm->last_fetch_cycle;
            vm->last_fetch_cycle = vm->ctr.cycles;
        }
        vm->last_op = vm->didx;
        if (vm->per.en) {               /* the firmware's PER checks: PER's cycles */
            unsigned c = per_checks(vm);
            vm->ctr.cycles += c;
            vm->last_fetch_cycle += c;
        }
        if (pw_get(vm) & PW_MON)
            iifm_fetched(vm);
        return 0;
    case MC_SF_EXFETCH:
        return iu_exfetch(vm);
    case MC_SF_HOST: {
        enum vm_host_result r = VM_HOST_BAD_CODE;
        if (vm->host.diagnose)
            r = vm->host.diagnose(vm->host.ctx, vm, vm->ea2, vm->r1, vm->r2);
        vm->fv = r == VM_HOST_BAD_CODE;
        if (r == VM_HOST_EXIT)
            vm->stop = VM_EXIT;
        else if (r == VM_HOST_ABEND)
            vm->stop = VM_ABEND;
        else if (r == VM_HOST_FAIL)
            vm->stop = VM_HOST_ERROR;
        else if (r == VM_HOST_NOPGM) {
            record_interrupt(vm, VM_INT_PGM, 0x28, 0x8C);
            vm->stop = VM_NO_PGM_HANDLER;
        }
        return 0;
    }
    case MC_SF_IDLE:
        rc = vm->pg.on ? pg_idle(vm) : tm_idle(vm);
        if (rc == IDLE_BOUND)
            return IDLE_BOUND;
        if (rc)
            vm->stop = (enum vm_status)rc;
        else if (!vm->pg.on && (pw_get(vm) & PW_SAMPLE) && hpm_enter(vm, 0, 0))
            return HPM_ENTER;                   /* a monitor's event in the wait */
        return 0;
    case MC_SF_TASKSW:
        if (vm->pg.on && (rc = pg_dispatch(vm)) != 0)
            /* the cycle limit: the switch stays due, the word repeats and
               stops there; a monitor's event while every task waits */
            return rc == VM_CYCLE_LIMIT || !hpm_enter(vm, 0, 0) ? 0 : HPM_ENTER;
        if (!vm->pg.on)
            pw_set(vm, PW_TASK, 0);
        return 0;
    case MC_SF_ASSIST: return assist(vm);
    case MC_SF_PERPGM: return per_program(vm);
    case MC_SF_PERSVC: per_drop(vm); return 0;
    case MC_SF_LOCR: return iifm_load(vm, vm->ea2);
    case MC_SF_STOCR: return iifm_store(vm, vm->ea2);
    case MC_SF_IFMNEXT: iifm_next(vm); return 0;
    case MC_SF_EXTACK: tm_ext_ack(vm); return 0;
    case MC_SF_MONCTL: case MC_SF_MONIAS: case MC_SF_MONPCS: case MC_SF_MONGLN:
    case MC_SF_GLNOFF: case MC_SF_MONEND: case MC_SF_MONCSM: case MC_SF_MONIFM: case MC_SF_CSMSET: case MC_SF_DSMPOP:
        return hpm_special(vm, u->sf, u->cycles);
    case MC_SF_NOPGM: record_interrupt(vm, VM_INT_PGM, 0x28, 0x8C); vm->stop = VM_NO_PGM_HANDLER; return 0;
    case MC_SF_NOSVC: record_interrupt(vm, VM_INT_SVC, 0x20, 0x88); vm->stop = VM_NO_SVC_HANDLER; return 0;
    case MC_SF_NOEXT: record_interrupt(vm, VM_INT_EXT, 0x18, 0x84); vm->stop = VM_NO_EXT_HANDLER; return 0;
    case MC_SF_NORST: record_interrupt(vm, VM_INT_RESTART, 0x08, 0); vm->stop = VM_NO_RESTART_PSW; return 0;
    case MC_SF_CKSTOP: vm->stop = VM_CHECK_STOP; return 0;
    case SF_BADMC: vm->stop = VM_BAD_MICROCODE; return 0;
    default: return 0;
    }
}

/* Phase 7: the next microword. */
__attribute__((always_inline)) static inline void sequence(struct vm *vm, const struct uop *u)
{
    unsigned next = vm->upc + 1;
    switch (u->seq) {
    case MC_SEQ_NEXT: break;
    case MC_SEQ_JUMP: next = u->addr; break;
    case MC_SEQ_BR: if (dp_cond(vm, u->cond)) next = u->addr; break;
    case MC_SEQ_BRN: if (!dp_cond(vm, u->cond)) next = u->addr; break;
    case MC_SEQ_BRE: next = dp_cond(vm, u->cond) ? u->addr : vm->img.vector[MC_V_FETCH]; break;
    case MC_SEQ_BRNE: next = dp_cond(vm, u->cond) ? vm->img.vector[MC_V_FETCH] : u->addr; break;
    case MC_SEQ_BRT: case MC_SEQ_BRNT:     /* the I-unit's branch to EA2 */
        if (dp_cond(vm, u->cond) == (u->seq == MC_SEQ_BRT)) {
            vm->ia = vm->ea2 & VM_ADDR_MASK;
            br_note(vm, vm->ia);
        }
        next = vm->img.vector[MC_V_FETCH];
        break;
    case MC_SEQ_CALL:
        if (vm->rsp >= MC_RSTACK) {
            vm->stop = VM_BAD_MICROCODE;
            return;
        }
        vm->rstack[vm->rsp++] = (uint16_t)next;
        next = u->addr;
        break;
    case MC_SEQ_RET:
        if (vm->rsp == 0) {
            vm->stop = VM_BAD_MICROCODE;
            return;
        }
        next = vm->rstack[--vm->rsp];
        break;
    case MC_SEQ_DISPATCH:
        if (vm->evskip) {
            vm->evskip = 0;
            next = u->addr;
        } else
            next = vm->img.dispatch[vm->didx];
        break;
    case MC_SEQ_END: next = vm->img.vector[MC_V_FETCH]; break;
    default: break;
    }
    vm->upc = next;
}

/* One microword, all phases. */
__attribute__((always_inline)) static inline void exec_uop(struct vm *vm, const struct uop *u)
{
    int rc;
    VM_ASSERT(vm->cur == NULL);         /* the lazy latches are set (fastpath.c) */
    VM_ASSERT(vm->mar <= VM_ADDR_MASK && vm->mar2 <= VM_ADDR_MASK && vm->ia <= VM_ADDR_MASK);
    vm->ctr.cycles += u->cycles;
    vm->ctr.microwords++;
    if (u->pre && (rc = pre_phase(vm, u)) != 0) {
        trap(vm, rc);
        return;
    }
    uint32_t b = 0, y = vm->y;
    if (u->alu) {
        uint32_t a = rd_a(vm, u);
        b = rd_b(vm, u);
        y = dp_alu(vm, u->alu, a, b);
    }
    if (u->dkind == DSTK_PTR) {
        **u->pd = y;                        /* the cell fastpath.c resolved */
        if (__builtin_expect(vm->per.gra, 0)) {      /* PER: GR alteration */
            uintptr_t off = (uintptr_t)*u->pd - (uintptr_t)vm->gr;
            if (off < sizeof vm->gr)
                per_gr(vm, (unsigned)(off / sizeof vm->gr[0]));
        }
    } else if (u->dkind == DSTK_CALC) {
        dp_dest(vm, u->d, y);
        if (u->d == MC_DST_IA && u->a != MC_SRC_IADDR)  /* a branch, not a resumption */
            br_note(vm, vm->ia);
    }
    if (mc_mem_writes(u->mem)) {
        rc = st_write(vm, u->at ? vm->mar2 : vm->mar, mc_mem_prop[u->mem].len, y);
        if (rc) {
            trap(vm, rc);
            return;
        }
    } else if (mc_mem_prop[u->mem].access == MC_ACC_MONW)
        hpm_write4(vm, u->at ? vm->mar2 : vm->mar, y);
    if (u->cc)
        dp_set_cc(vm, u->cc, y, b);
    if (u->sf && (rc = special(vm, u)) != 0) {
        if (rc > 0)
            trap(vm, rc);
        else if (rc == HPM_ENTER)
            vm->upc = vm->img.vector[vm->hpm.vector];
        else if (rc == PER_ENTER)
            trap(vm, 0);                    /* PER: SF=PERPGM makes the code 0080 */
        else if (rc == IDLE_BOUND) {
            /* The wait reached the run's bound: the run stops at this
             * word, which the next run executes again, so it is not
             * counted now (its time is: the wait moves the cycle counter
             * to an absolute time).  However the runs are cut, a wait
             * counts the microwords of one pass. */
            vm->ctr.microwords--;
            vm->stop = VM_CYCLE_LIMIT;
        }
        return;
    }
    if (u->post)
        post_phase(vm, u);
    sequence(vm, u);
}

void eng_exec_uop(struct vm *vm, const struct uop *u) { exec_uop(vm, u); }

/*
 * The observed loop, one microword at a time: the microtrace (a callback
 * before every microword), the instruction step and the microstep.  A
 * step by instruction ends at the second instruction fetch, unless an
 * interruption is taken there (the step then goes on into its handler's
 * first instruction).
 */
static enum vm_status run_observed(struct vm *vm, int mode)
{
    int fetches = 0;
    for (;;) {
        const struct uop *u = &vm->cs[vm->upc];
        if (u->sf == MC_SF_IFETCH || u->sf == MC_SF_IDLE || u->sf == MC_SF_TASKSW) {
            if (vm->ctr.cycles >= vm->limit)
                return VM_CYCLE_LIMIT;
            if (u->sf == MC_SF_IFETCH && !(pw_get(vm) & PW_EVENTS) &&
                mode == RUN_INSN && fetches++ > 0)
                return VM_STEPPED;
        } else if (vm->ctr.cycles >= vm->hard_limit)
            return VM_CYCLE_LIMIT;
        if (vm->trace.micro && vm->trace.micro(vm->trace.ctx, vm, vm->upc))
            return VM_STOP_REQUEST;
        vm->fetched = 0;
        exec_uop(vm, u);
        if (vm->stop != STOP_NONE) {
            enum vm_status s = vm->stop;
            vm->stop = STOP_NONE;
            return s;
        }
        if (vm->fetched && eng_traced(vm, vm->iaddr)) {
            if (vm->trace.done)
                pw_set(vm, PW_TRACED, 1);
            if (vm->trace.insn(vm->trace.ctx, vm, vm->iaddr, vm->ibytes, vm->ilen))
                return VM_STOP_REQUEST;
        }
        if (mode == RUN_MICRO)
            return VM_MICROSTEPPED;
        if (mode == RUN_FREE && vm->fp_refetch && !vm->per.gra && !vm->trace.micro)
            return STOP_REFETCH;        /* GR alteration is off: the fast path again */
    }
}

enum vm_status eng_run(struct vm *vm, int mode)
{
    enum vm_status s;
    /* The fast path, but where every microword must be seen: the
     * microtrace, and PER's GR alteration (a destination write of the
     * reference engine is its comparator). */
    do {
        vm->fp_refetch = 0;
        if (mode == RUN_FREE && !vm->trace.micro && !vm->per.gra)
            s = fp_run(vm);
        else
            s = run_observed(vm, mode);
    } while (s == STOP_REFETCH);
    hpm_settle_cost(vm);                /* a stop in the monitor vector: its cycles */
    /* account the cycles of the instruction in progress so far */
    if (OPC_ON(vm)) {
        vm->ctr.op_cycles[vm->last_op] += vm->ctr.cycles - vm->last_fetch_cycle;
        vm->last_fetch_cycle = vm->ctr.cycles;
    }
    return s;
}
