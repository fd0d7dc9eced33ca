/*
 * t-vm-random.c -- the engine's speed paths against its reference on
 * random programs.
 *
 * Each seed makes a program of random instructions (every instruction of
 * the table but the ASSIST ones, with random registers, addresses,
 * lengths and masks; branches mostly to instructions of the program, so
 * that it loops), random registers and random data, and runs it nine ways
 * on fresh machines: the five of engine-fixture.h -- fast, observed (the
 * microword-at-a-time reference), stepped, chunked and fast without the
 * opcode counters -- and with breakpoints, with watchpoints, and with an
 * instruction trace in the fast and in the reference loop.  Everything
 * observable must agree: the status, every counter, the registers, the
 * PSW, the micro-PC and a hash of storage (under paging each task's too,
 * and the paging counts); the two traces must see the same instructions.
 *
 * What the hand-made programs of t-vm-engine.c do not reach, these do by
 * chance: program interruptions of every kind in the middle of loops
 * (the program-new PSW's handler resumes after the instruction), stores
 * into the program itself and into the instruction EX is about to run,
 * branches into data, odd registers of pairs, timer interruptions between
 * any two instructions (the interval timer, enabled in half the programs),
 * and a run that ends at its cycle bound anywhere in a loop.  One program
 * in four runs in the supervisor state (privileged instructions one time
 * in six), one in four with PER, and one machine in four under paging with
 * up to three tasks.
 *
 * The seeds are 1..N (IMP_RANDOM_COUNT, 40 by default; from
 * IMP_RANDOM_FIRST if set), or one seed (IMP_RANDOM_SEED) with its
 * program listed and, when the runs differ, the instruction where they
 * part, to reproduce a failure.
 */
#include "engine-fixture.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RSTORAGE (64u * 1024)   /* the machine's storage */
#define CODE     0x400u         /* the program */
#define CODE_END 0x800u
#define DATA     0x1000u        /* the registers point into DATA..RSTORAGE */
#define RLIMIT   150000u        /* cycles of a run */
#define HANDLER  0x300u         /* interruption handlers: LPSW of the old PSW */

struct rng {
    uint64_t s;
};

static uint32_t next(struct rng *r)
{
    /* xorshift64*: deterministic on every host */
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return (uint32_t)((r->s * UINT64_C(2685821657736338717)) >> 32);
}

static uint32_t below(struct rng *r, uint32_t n) { return n ? next(r) % n : 0; }

struct program {
    uint8_t mem[RSTORAGE];
    uint32_t gr[16];
    uint64_t psw;
    uint32_t cr0;
    uint32_t cr9, cr10, cr11;   /* PER's, with the PSW's PER mask; cr9 0: off */
    unsigned mon;               /* the sampling monitors armed: MON_* */
    uint32_t starts[512];       /* where each instruction begins */
    unsigned n;
};

/* The instructions a program may hold: all but the ASSIST ones, which
 * need the run-time's host services, and SVC, which ends the run; the
 * privileged and IMP's own one time in `one_in' (in the problem state, a
 * privileged-operation exception). */
static const struct isa_insn *pick(struct rng *r, uint32_t one_in)
{
    int sys = below(r, one_in) == 0;
    for (;;) {
        const struct isa_insn *in = &isa_table[below(r, (uint32_t)isa_count)];
        if (in->tier == ASST || in->opcode == 0x0A)
            continue;
        if ((in->tier == SYS || in->tier == IMPX || (in->flags & F_PRIV)) == sys)
            return in;
    }
}

static void put32(uint8_t *p, uint32_t v) { word(p, v); }

static void put_psw(uint8_t *p, uint64_t psw)
{
    put32(p, (uint32_t)(psw >> 32));
    put32(p + 4, (uint32_t)psw);
}

/* A register a result goes to: not R12 or R13, the bases of the data,
 * nine times in ten; an even one for a pair. */
static uint8_t target(struct rng *r, int pair)
{
    static const uint8_t plain[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15 };
    uint8_t g = below(r, 10) ? plain[below(r, sizeof plain)] : (uint8_t)below(r, 16);
    return pair && below(r, 10) ? (uint8_t)(g & 14) : g;
}

/* An address operand: a branch's mostly into the program (base 0);
 * data's mostly through R12 or R13 (which point into the data and seldom
 * change), sometimes through R0 (low storage: the PSWs, the handlers,
 * the program) or any register. */
static void address(struct rng *r, const struct program *p, uint8_t *b, uint16_t *d, int branch)
{
    if (branch && p->n && below(r, 4) != 0) {
        *b = 0;
        *d = (uint16_t)p->starts[below(r, p->n)];
        return;
    }
    uint32_t k = below(r, 20);
    *b = k < 14 ? (uint8_t)(12 + (k & 1)) : k < 15 ? 0 : (uint8_t)below(r, 16);
    if (*b == 0)
        *d = (uint16_t)(CODE + below(r, CODE_END - CODE));
    else
        *d = (uint16_t)(below(r, 4) ? below(r, 256) : below(r, 4096));
}

/*
 * The sampling monitors (imp(7), "THE SAMPLING MONITORS"), their control
 * blocks between the program and the data (X'900' to X'FFF'): the
 * instruction-address sampler with two windows (the program by blocks of
 * 4 to 32 bytes, all storage by 4 KiB), program-counter sampling into a
 * table of 32 slots, and the CSECT monitor with three CSECTs over the
 * program, a buffer that may fill (then the monitor ends) and, in half,
 * the operand references too.  The host arms them (vm_hpm_op) before the
 * run; a supervisor program may stop or restart them.
 */
enum { MON_IAS = 1, MON_PCS = 2, MON_CSM = 4 };
#define IAS_BLOCK 0x900u
#define PCS_BLOCK 0x980u
#define CSM_BLOCK 0x9C0u

static void monitors(struct rng *r, struct program *p)
{
    uint8_t *m = p->mem;
    if (p->mon & MON_IAS) {
        uint32_t block = 4u << below(r, 4);
        put32(m + VM_CAT + VM_CAT_IAS, IAS_BLOCK);
        put32(m + IAS_BLOCK, 0);
        put32(m + IAS_BLOCK + 4, (100 + below(r, 2000)) << 16 | 2);  /* period, 0, windows */
        uint32_t d = IAS_BLOCK + 8;
        put32(m + d, CODE), put32(m + d + 4, CODE_END), put32(m + d + 8, block);
        put32(m + d + 12, 0xA00), put32(m + d + 16, 0);
        d += 20;
        put32(m + d, 0), put32(m + d + 4, RSTORAGE), put32(m + d + 8, 0x1000);
        put32(m + d + 12, 0xE00), put32(m + d + 16, 0);
    }
    if (p->mon & MON_PCS) {
        put32(m + PCS_BLOCK, 1000 + below(r, 159000));              /* rate */
        put32(m + PCS_BLOCK + 4, 32);                               /* slots */
        put32(m + PCS_BLOCK + 8, 0xE80);                            /* the table */
    }
    if (p->mon & MON_CSM) {
        static const uint32_t cs[] = { CODE, CODE + 0x100, CODE + 0x200, CODE_END };
        for (unsigned i = 0; i < 3; i++)
            put32(m + 0xF80 + 8 * i, cs[i]), put32(m + 0xF84 + 8 * i, cs[i + 1]);
        put32(m + CSM_BLOCK, 3);
        put32(m + CSM_BLOCK + 4, 0xF80);
        put32(m + CSM_BLOCK + 8, 0xFA0);                            /* the buffer */
        put32(m + CSM_BLOCK + 12, 16 * (1 + below(r, 6)));          /* may fill */
        put32(m + CSM_BLOCK + 40, below(r, 2) ? VM_CSM_DATA : 0);
    }
}

static void arm(struct vm *vm, const struct program *p)
{
    int cc;
    if (p->mon & MON_IAS)
        vm_hpm_op(vm, 0xB2E0, 0, &cc);
    if (p->mon & MON_PCS)
        vm_hpm_op(vm, 0xB2E4, PCS_BLOCK, &cc);
    if (p->mon & MON_CSM)
        vm_hpm_op(vm, 0xB2E8, CSM_BLOCK, &cc);
}

static void make(uint32_t seed, struct program *p)
{
    struct rng r = { UINT64_C(0x9e3779b97f4a7c15) * (seed + 1) };
    memset(p, 0, sizeof *p);
    for (uint32_t a = DATA; a < RSTORAGE; a++)
        p->mem[a] = (uint8_t)(below(&r, 3) ? below(&r, 256) : below(&r, 10));
    for (unsigned i = 0; i < 16; i++)
        p->gr[i] = below(&r, 4) ? DATA + below(&r, RSTORAGE - DATA - 512) : next(&r);
    p->gr[12] = DATA + 0x1000;
    p->gr[13] = DATA + 0x6000;
    /* one program in four runs in the supervisor state: privileged
     * instructions one time in six (keys, control registers, the clocks,
     * the prefix, PER, the monitors), each at its peril */
    int super = below(&r, 4) == 0;
    /* first pass: the instructions, so that branches know where they start */
    uint32_t pc = CODE;
    struct isa_fields f[512];
    const struct isa_insn *ins[512];
    while (p->n < 400) {
        const struct isa_insn *in = pick(&r, super ? 6 : 20);
        int len = isa_format_length((enum isa_format)in->format);
        if (pc + (uint32_t)len + 4 > CODE_END)
            break;
        p->starts[p->n] = pc;
        ins[p->n] = in;
        pc += (uint32_t)len;
        p->n++;
    }
    for (unsigned k = 0; k < p->n; k++) {
        struct isa_fields *x = &f[k];
        int branch = (ins[k]->flags & F_BRANCH) != 0;
        memset(x, 0, sizeof *x);
        x->r1 = target(&r, (ins[k]->flags & F_PAIR1) != 0);
        x->r2 = ins[k]->format == FMT_RX ? (uint8_t)(below(&r, 4) ? 0 : below(&r, 16))
                                         : target(&r, (ins[k]->flags & F_PAIR2) != 0);
        x->i2 = (uint8_t)(below(&r, 2) ? below(&r, 16) : below(&r, 256));
        x->l1 = (uint8_t)(below(&r, 2) ? below(&r, 8) : below(&r, 16));
        x->l2 = (uint8_t)(below(&r, 2) ? below(&r, 8) : below(&r, 16));
        address(&r, p, &x->b1, &x->d1, 0);
        address(&r, p, &x->b2, &x->d2, branch);
        isa_encode(ins[k], x, p->mem + p->starts[k]);
    }
    /* the end: a branch to the start (BC 15,CODE), or in one program in
     * four an SVC (the SVC new PSW is a disabled wait) */
    if (below(&r, 4)) {
        put32(p->mem + pc, 0x47F00000u | CODE);
    } else {
        p->mem[pc] = 0x0A;
        p->mem[pc + 1] = 0xFF;
    }
    /* the handlers: each resumes the interrupted program (LPSW of the old
     * PSW); the program interruption's first puts the old PSW's address
     * back into storage and on a halfword boundary (NI), or a branch to
     * an odd address or past the end would interrupt again forever */
    static const struct {
        uint32_t newpsw, old;
    } h[] = { { 0x68, 0x28 }, { 0x58, 0x18 }, { 0x78, 0x38 }, { 0x70, 0x30 } };
    for (unsigned i = 0; i < sizeof h / sizeof h[0]; i++) {
        uint8_t *at = p->mem + HANDLER + 16 * i;
        put_psw(p->mem + h[i].newpsw, VM_PSW_EC | (HANDLER + 16 * i));
        if (h[i].old == 0x28) {
            static const uint8_t fix[] = { 0x94, 0x00, 0x00, 0x2D, 0x94, 0xFE, 0x00, 0x2F };
            memcpy(at, fix, sizeof fix);        /* NI X'2D',0; NI X'2F',X'FE' */
            at += sizeof fix;
        }
        at[0] = 0x82;                           /* LPSW old(0) */
        at[1] = 0x00;
        at[2] = (uint8_t)(h[i].old >> 8);
        at[3] = (uint8_t)h[i].old;
    }
    put_psw(p->mem + 0x60, VM_PSW_EC | VM_PSW_WAIT | 0xEEE);
    /* the PSW: problem state, a random program mask; in half the
     * programs the interval timer interrupts (CR0 bit 24, external mask) */
    p->psw = VM_PSW_EC | (super ? 0 : VM_PSW_PROB) | CODE |
             ((uint64_t)(below(&r, 4) ? 0 : below(&r, 16)) << 40);
    if (below(&r, 2)) {
        p->psw |= VM_PSW_EXT;
        p->cr0 = 1u << 7;
        put32(p->mem + 0x50, below(&r, 2) ? below(&r, 64) : below(&r, 1024));
    }
    /* from a stream of its own (the program above stays what it was):
     * in one program in four, PER -- random events (successful branch,
     * instruction fetch, storage alteration, GR alteration, the CSECT
     * bounds), GR masks and a range that may wrap */
    struct rng x = { UINT64_C(0xd1b54a32d192ed03) * (seed + 1) };
    if (below(&x, 4) == 0) {
        p->psw |= VM_PSW_PER;
        uint32_t events = 1 + below(&x, 31);    /* (one draw a statement: the same */
        uint32_t masks = below(&x, 0x10000);    /*  order from every compiler) */
        p->cr9 = events << 27 | masks;
        p->cr10 = below(&x, 2) ? CODE + below(&x, CODE_END - CODE) : below(&x, RSTORAGE);
        p->cr11 = below(&x, 4) ? p->cr10 + below(&x, 0x2000) : below(&x, RSTORAGE);
    }
    /* in one program in four, sampling monitors armed by the host */
    if (below(&x, 4) == 0)
        p->mon = 1 + below(&x, 7);
    monitors(&x, p);
}

static void setup_random(struct vm *vm, const void *arg)
{
    const struct program *p = arg;
    vm_store_bytes(vm, 0, p->mem, sizeof p->mem);
    for (unsigned i = 0; i < 16; i++)
        vm_set_gr(vm, i, p->gr[i]);
    if (p->cr0)
        vm_set_cr(vm, 0, vm_get_cr(vm, 0) | p->cr0);
    if (p->cr9) {
        vm_set_cr(vm, 9, p->cr9);
        vm_set_cr(vm, 10, p->cr10);
        vm_set_cr(vm, 11, p->cr11);
    }
    arm(vm, p);
    vm_set_psw(vm, p->psw);
}

/* A machine: one program, or under paging (one machine in four) up to
 * three tasks, each with a program of its own, in few frames, with a
 * random policy, latencies and time slice. */
#define NTASKS 3
struct machine {
    struct program task[NTASKS];
    unsigned ntasks;
    int paged;
    struct vm_paging pg;
    uint64_t slice;
};

static void make_machine(uint32_t seed, struct machine *mc)
{
    struct rng r = { UINT64_C(0x94d049bb133111eb) * (seed + 1) };
    mc->paged = below(&r, 4) == 0;
    mc->ntasks = mc->paged ? 1 + below(&r, NTASKS) : 1;
    static const enum vm_policy pol[] = { VM_LRU, VM_FIFO, VM_CLOCK };
    memset(&mc->pg, 0, sizeof mc->pg);
    mc->pg.page_size = below(&r, 2) ? 2048 : 4096;
    mc->pg.frames = 3 + below(&r, 14);
    mc->pg.policy = pol[below(&r, 3)];
    mc->pg.pagein_cycles = below(&r, 2000);
    mc->pg.pageout_cycles = below(&r, 2000);
    mc->pg.local = (int)below(&r, 2);
    mc->slice = 500 + below(&r, 20000);
    for (unsigned k = 0; k < mc->ntasks; k++)
        make(seed + 1000000u * k, &mc->task[k]);
}

static void setup_machine(struct vm *vm, const struct machine *mc)
{
    char err[200];
    if (mc->paged) {
        if (vm_set_paging(vm, &mc->pg, err, sizeof err) != 0)
            printf("# vm_set_paging: %s\n", err);
        vm_set_slice(vm, mc->slice);
    }
    for (unsigned k = 0; k < mc->ntasks; k++) {
        if (k)
            vm_add_task(vm);
        vm_select_task(vm, k + 1);
        setup_random(vm, &mc->task[k]);
    }
    if (mc->paged)
        vm_select_task(vm, 1);
}

/* What a paged machine's tasks did, beside what take() keeps. */
struct tasks {
    uint64_t traced;            /* bytes of the instructions traced (not compared here) */
    uint64_t breaks, watches;   /* the run's breakpoint and watchpoint stops (nor these) */
    struct vm_hpm_stats hpm[VM_HPM_COUNT];      /* each monitor's events, entries, cost */
    struct vm_paging_stats ps;
    struct vm_task_info ti[NTASKS];
    uint64_t hash[NTASKS];
};

static void take_tasks(struct vm *vm, const struct machine *mc, struct tasks *t)
{
    memset(t, 0, sizeof *t);
    for (unsigned k = 0; k < VM_HPM_COUNT; k++)
        vm_hpm_stats(vm, (enum vm_hpm)k, &t->hpm[k]);
    if (!mc->paged)
        return;
    vm_paging_stats(vm, &t->ps);
    for (unsigned k = 0; k < mc->ntasks; k++) {
        vm_task_info(vm, k + 1, &t->ti[k]);
        vm_select_task(vm, k + 1);
        t->hash[k] = storage_hash(vm);
    }
}

static int same_tasks(const struct tasks *a, const struct tasks *b)
{
    int ok = a->ps.pageins == b->ps.pageins && a->ps.pageouts == b->ps.pageouts &&
             a->ps.wait_cycles == b->ps.wait_cycles &&
             a->ps.elapsed_cycles == b->ps.elapsed_cycles &&
             a->ps.dispatches == b->ps.dispatches && a->ps.references == b->ps.references &&
             a->ps.frames_used == b->ps.frames_used;
    for (unsigned k = 0; k < VM_HPM_COUNT; k++) {
        const struct vm_hpm_stats *x = &a->hpm[k], *y = &b->hpm[k];
        ok &= x->on == y->on && x->full == y->full && x->events == y->events &&
              x->entries == y->entries && x->cycles == y->cycles &&
              x->microwords == y->microwords;
    }
    for (unsigned k = 0; k < NTASKS; k++) {
        const struct vm_task_info *x = &a->ti[k], *y = &b->ti[k];
        ok &= x->ended == y->ended && x->status == y->status && x->cpu_cycles == y->cpu_cycles &&
              x->wait_cycles == y->wait_cycles && x->instructions == y->instructions &&
              x->pageins == y->pageins && x->pageouts == y->pageouts &&
              x->dispatches == y->dispatches && x->frames == y->frames &&
              a->hash[k] == b->hash[k];
    }
    return ok;
}

/* Beside the fixture's five: runs that observe and must change nothing --
 * with breakpoints at the program's first instruction and three others,
 * with two watchpoints on the data most operands reach (each resumed at
 * once), and with an instruction trace of half the program -- in the
 * fast loop, and in the reference loop (a microword trace too), which
 * must trace the same instructions. */
enum { BREAKS = NMODES, WATCHED, TRACED, TRACED_OBS, NRMODES };
static const char *run_name(int m)
{
    static const char *const more[] = { "breakpointed", "watched", "traced",
                                        "traced by microwords" };
    return m < NMODES ? mode_names[m] : more[m - NMODES];
}

static int trace_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *b, int len)
{
    (void)vm; (void)addr; (void)b;
    *(uint64_t *)ctx += (uint64_t)len;
    return 0;
}

/* Set mode m's breakpoints, watchpoints or trace on every task's program. */
static void observe(struct vm *vm, const struct machine *mc, int m, struct vm_trace *tr,
                    uint64_t *traced)
{
    struct rng r = { UINT64_C(0xbf58476d1ce4e5b9) * (mc->task[0].n + 1) };
    const struct program *p = &mc->task[0];
    if (m == BREAKS) {
        vm_set_breakpoint(vm, CODE);    /* every pass of the program's loop */
        for (unsigned i = 0; i < 3 && p->n; i++)
            vm_set_breakpoint(vm, p->starts[below(&r, p->n)]);
    }
    if (m == WATCHED)
        for (unsigned i = 0; i < 2; i++) {
            uint32_t base = below(&r, 2) ? DATA + 0x1000 : DATA + 0x6000;  /* R12, R13 */
            uint32_t at = base + below(&r, 256);
            uint32_t len = 1 + below(&r, 64);
            vm_set_watchpoint(vm, at, len, 1 + below(&r, 3));
        }
    if (m == TRACED || m == TRACED_OBS) {
        memset(tr, 0, sizeof *tr);
        tr->ctx = traced;
        tr->insn = trace_insn;
        if (m == TRACED_OBS)
            tr->micro = no_stop;
        tr->ranged = 1;
        tr->lo = CODE;
        tr->hi = CODE + (CODE_END - CODE) / 2;
        vm_set_trace(vm, tr);
    }
}

/* Status st ended a task, and a task is left to run. */
static int task_end(const struct vm *vm, enum vm_status st)
{
    switch (st) {
    case VM_EXIT: case VM_ABEND: case VM_DISABLED_WAIT: case VM_ENABLED_WAIT:
    case VM_NO_PGM_HANDLER: case VM_NO_SVC_HANDLER: case VM_NO_EXT_HANDLER:
    case VM_NO_RESTART_PSW:
        break;
    default:
        return 0;
    }
    for (unsigned id = 1; id <= vm_task_count(vm); id++) {
        struct vm_task_info ti;
        if (vm_task_info(vm, id, &ti) == 0 && !ti.ended)
            return 1;
    }
    return 0;
}

/* One way to run, to RLIMIT cycles: a stepped or chunked run stops at the
 * first instruction boundary at or past it, as the fast run does. */
static void run_to(const struct machine *mc, int m, uint64_t limit, struct snap *s,
                   struct tasks *t, uint8_t *mem)
{
    struct vm_config cfg = { RSTORAGE };
    struct vm *vm = vm_new(&cfg);
    enum vm_status st;
    setup_machine(vm, mc);
    struct vm_trace otr;
    uint64_t traced = 0, breaks = 0, watches = 0;
    observe(vm, mc, m, &otr, &traced);
    switch (m) {
    case BREAKS: case WATCHED: case TRACED: case TRACED_OBS:
        for (;;) {              /* each stop resumed at once */
            uint64_t done = vm_counters(vm)->cycles;
            if (done >= limit) {
                st = VM_CYCLE_LIMIT;
                break;
            }
            st = vm_run(vm, limit - done);
            if (st != VM_BREAKPOINT && st != VM_WATCHPOINT)
                break;
            breaks += st == VM_BREAKPOINT;
            watches += st == VM_WATCHPOINT;
        }
        break;
    case OBSERVED: {
        struct vm_trace tr = { .micro = no_stop };
        vm_set_trace(vm, &tr);
        st = vm_run(vm, limit);
        break;
    }
    case STEPPED:
        /* a step that ends a task returns its status; the machine goes
         * on with the others, as a run does */
        while ((st = vm_step_insn(vm)) == VM_STEPPED || (mc->paged && task_end(vm, st)))
            if (vm_counters(vm)->cycles >= limit) {
                st = VM_CYCLE_LIMIT;
                break;
            }
        break;
    case CHUNKED:
        for (;;) {
            uint64_t done = vm_counters(vm)->cycles;
            uint64_t left = limit > done ? limit - done : 0;
            st = vm_run(vm, left < 997 ? left : 997);
            if (st != VM_CYCLE_LIMIT || vm_counters(vm)->cycles >= limit)
                break;
        }
        break;
    case QUIET:
        vm_count_opcodes(vm, 0);
        st = vm_run(vm, limit);
        break;
    default:
        st = vm_run(vm, limit);
        break;
    }
    take(vm, st, s);
    if (mem)
        vm_fetch_bytes(vm, 0, mem, RSTORAGE);
    if (t) {
        take_tasks(vm, mc, t);
        t->traced = traced;
        t->breaks = breaks;
        t->watches = watches;
    }
    vm_free(vm);
}

/* Run a agrees with the fast run b.  With the host's opcode counters off
 * (quiet), only the frequency monitor keeps them, from LOCR to STOCR:
 * each count is at most the fast run's. */
static int same(const struct snap *a, const struct snap *b, int quiet)
{
    int ops = 1;
    for (unsigned i = 0; i < 512; i++)
        ops &= quiet ? a->ctr.op_count[i] <= b->ctr.op_count[i] &&
                           a->ctr.op_cycles[i] <= b->ctr.op_cycles[i]
                     : a->ctr.op_count[i] == b->ctr.op_count[i] &&
                           a->ctr.op_cycles[i] == b->ctr.op_cycles[i];
    return a->st == b->st && a->psw == b->psw && a->upc == b->upc && a->hash == b->hash &&
           !memcmp(a->gr, b->gr, sizeof a->gr) && !memcmp(a->cr, b->cr, sizeof a->cr) &&
           a->ctr.cycles == b->ctr.cycles && a->ctr.microwords == b->ctr.microwords &&
           a->ctr.instructions == b->ctr.instructions && ops;
}

static void list(const struct program *p)
{
    for (unsigned k = 0; k < p->n; k++) {
        char buf[96];
        isa_disasm(p->mem + p->starts[k], 6, buf, sizeof buf);
        printf("#   %06" PRIX32 "  %s\n", p->starts[k], buf);
    }
}

/* The bound the fast run is compared at: the run's own bound, but a step
 * may not end where a run stops.  A run stops at the first instruction
 * boundary at or past its bound, before an interruption due there and
 * inside the wait for a page-in too, while a step runs its instruction
 * to the end with the interruption that follows it and the wait (a wait
 * for the CPU timer may pass billions of cycles in one step).  A stepped
 * run that passed its bound is compared with a fast run to the cycle it
 * ended at, which stops right there. */
static uint64_t stepped_end(const struct machine *mc, int m, const struct snap *s,
                            uint64_t limit)
{
    (void)mc;
    return m == STEPPED && (s->st == VM_CYCLE_LIMIT || s->ctr.cycles > limit) ? s->ctr.cycles
                                                                              : limit;
}

/* Mode m's run to a bound and the fast run's agree in everything. */
static int agree_to(const struct machine *mc, int m, uint64_t limit)
{
    struct snap f, s;
    struct tasks ft, st;
    run_to(mc, m, limit, &s, &st, NULL);
    run_to(mc, FAST, stepped_end(mc, m, &s, limit), &f, &ft, NULL);
    return same(&s, &f, m == QUIET) && same_tasks(&st, &ft);
}

/* The first run bound at which mode m and the fast run differ, and the
 * instruction they last agreed before (a failing seed, listed). */
static void bisect(const struct machine *mc, int m)
{
    uint64_t lo = 0, hi = RLIMIT;          /* agree at lo; differ at hi */
    if (agree_to(mc, m, hi))
        return;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (agree_to(mc, m, mid))
            lo = mid;
        else
            hi = mid;
    }
    uint8_t b[6];
    char buf[96];
    struct vm_config cfg = { RSTORAGE };
    struct vm *vm = vm_new(&cfg);
    setup_machine(vm, mc);
    vm_run(vm, lo);
    uint32_t ia = (uint32_t)vm_get_psw(vm) & 0xFFFFFF;
    unsigned task = vm_current_task(vm);
    vm_fetch_bytes(vm, ia, b, sizeof b);
    vm_free(vm);
    isa_disasm(b, sizeof b, buf, sizeof buf);
    if (getenv("IMP_RANDOM_DEBUG")) {
        struct snap f1, s1;
        run_to(mc, FAST, hi, &f1, NULL, NULL);
        run_to(mc, m, hi, &s1, NULL, NULL);
        for (unsigned i = 0; i < 512; i++)
            if (s1.ctr.op_count[i] != f1.ctr.op_count[i] || s1.ctr.op_cycles[i] != f1.ctr.op_cycles[i])
                printf("#     at %llu: opcode %03X: %llu times, %llu cycles; fast %llu, %llu\n",
                       (unsigned long long)hi, i, (unsigned long long)s1.ctr.op_count[i],
                       (unsigned long long)s1.ctr.op_cycles[i], (unsigned long long)f1.ctr.op_count[i],
                       (unsigned long long)f1.ctr.op_cycles[i]);
        printf("#     cycles %llu/%llu psw %016llx\n", (unsigned long long)s1.ctr.cycles,
               (unsigned long long)f1.ctr.cycles, (unsigned long long)s1.psw);
    }
    printf("#   the %s run first differs in the instruction at %06" PRIX32 " (%s) of task %u, "
           "after cycle %" PRIu64 "\n", run_name(m), ia, buf, task, lo);
}

/* What the runs did, over all seeds: so that the test is seen to reach
 * what it is for. */
struct tally {
    unsigned status[64];
    uint64_t insns, cycles;
    uint64_t ops[512];          /* instructions run, by opcode */
    unsigned paged, tasks, per; /* paged machines, programs, programs with PER */
    unsigned mon;               /* programs with monitors */
    uint64_t breaks, watches, traced;   /* what the observing runs saw */
    uint64_t mon_events;        /* their samples, ticks and records */
};

static void one(uint32_t seed, struct machine *mc, struct tally *t, int verbose)
{
    struct snap fast, s;
    struct tasks ftasks, stasks;
    make_machine(seed, mc);
    static uint8_t fmem[RSTORAGE], smem[RSTORAGE];
    run_to(mc, FAST, RLIMIT, &fast, &ftasks, fmem);
    t->paged += mc->paged;
    for (unsigned k = 0; k < VM_HPM_COUNT; k++)
        t->mon_events += ftasks.hpm[k].events;
    t->tasks += mc->ntasks;
    for (unsigned k = 0; k < mc->ntasks; k++)
        t->per += mc->task[k].cr9 != 0, t->mon += mc->task[k].mon != 0;
    if (fast.st < 64)
        t->status[fast.st]++;
    t->insns += fast.ctr.instructions;
    t->cycles += fast.ctr.cycles;
    for (unsigned i = 0; i < 512; i++)
        t->ops[i] += fast.ctr.op_count[i];
    int ok = 1;
    uint64_t traced[NRMODES] = { 0 };
    for (int m = OBSERVED; m < NRMODES; m++) {
        run_to(mc, m, RLIMIT, &s, &stasks, smem);
        traced[m] = stasks.traced;
        t->traced += stasks.traced;
        t->breaks += stasks.breaks;
        t->watches += stasks.watches;
        struct snap *ref = &fast;
        struct tasks *reft = &ftasks;
        uint8_t *refmem = fmem;
        static struct snap f2;
        static struct tasks t2;
        static uint8_t f2mem[RSTORAGE];
        if (stepped_end(mc, m, &s, RLIMIT) != RLIMIT) {
            run_to(mc, FAST, s.ctr.cycles, &f2, &t2, f2mem);
            ref = &f2, reft = &t2, refmem = f2mem;
        }
        if (!same(&s, ref, m == QUIET) || !same_tasks(&stasks, reft)) {
            unsigned shown = 0;
            for (uint32_t a = 0; a < RSTORAGE && shown < 8; a++)
                if (smem[a] != refmem[a] && ++shown)
                    printf("#   storage at %05" PRIX32 ": %02X, fast %02X\n", a, smem[a], refmem[a]);
            ok = 0;
            printf("# seed %" PRIu32 ": the %s run: status %s/%s cycles %" PRIu64 "/%" PRIu64
                   " microwords %" PRIu64 "/%" PRIu64 " insns %" PRIu64 "/%" PRIu64
                   " psw %016" PRIx64 "/%016" PRIx64 " upc %u/%u storage %s regs %s"
                   " control registers %s\n",
                   seed, run_name(m), vm_status_name(s.st), vm_status_name(ref->st),
                   s.ctr.cycles, ref->ctr.cycles, s.ctr.microwords, ref->ctr.microwords,
                   s.ctr.instructions, ref->ctr.instructions, s.psw, ref->psw, s.upc, ref->upc,
                   s.hash == ref->hash ? "same" : "differs",
                   memcmp(s.gr, ref->gr, sizeof s.gr) ? "differ" : "same",
                   memcmp(s.cr, ref->cr, sizeof s.cr) ? "differ" : "same");
            for (unsigned i = 0; i < 512; i++)
                if (s.ctr.op_count[i] != ref->ctr.op_count[i] ||
                    s.ctr.op_cycles[i] != ref->ctr.op_cycles[i])
                    printf("#   opcode %03X: %" PRIu64 " times, %" PRIu64 " cycles; fast %" PRIu64
                           ", %" PRIu64 "\n", i, s.ctr.op_count[i], s.ctr.op_cycles[i],
                           ref->ctr.op_count[i], ref->ctr.op_cycles[i]);
            if (mc->paged)
                printf("#   paging: page-ins %" PRIu64 "/%" PRIu64 " page-outs %" PRIu64
                       "/%" PRIu64 " tasks %s\n", stasks.ps.pageins, reft->ps.pageins,
                       stasks.ps.pageouts, reft->ps.pageouts,
                       same_tasks(&stasks, reft) ? "same" : "differ");
        }
    }
    if (traced[TRACED] != traced[TRACED_OBS]) {
        ok = 0;
        printf("# seed %" PRIu32 ": the fast loop traced %" PRIu64 " bytes of instructions, the "
               "reference loop %" PRIu64 "\n", seed, traced[TRACED], traced[TRACED_OBS]);
    }
    if (!ok && verbose)
        for (int m = OBSERVED; m < NRMODES; m++)
            bisect(mc, m);
    char what[96];
    snprintf(what, sizeof what, "seed %" PRIu32 ": nine runs agree (%s%s after %" PRIu64 " insns)",
             seed, mc->paged ? "paged, " : "", vm_status_name(fast.st), fast.ctr.instructions);
    tap_ok(ok, __FILE__, __LINE__, what);
    if (!ok || verbose)
        for (unsigned k = 0; k < mc->ntasks; k++) {
            if (mc->paged)
                printf("#   task %u:\n", k + 1);
            list(&mc->task[k]);
        }
    if (verbose)
        for (unsigned i = 0; i < 512; i++)
            if (fast.ctr.op_count[i] > fast.ctr.instructions / 50)
                printf("#   opcode %03X: %" PRIu64 " times\n", i, fast.ctr.op_count[i]);
}

int main(void)
{
    static struct machine mc;
    static struct tally t;
    const char *one_seed = getenv("IMP_RANDOM_SEED");
    if (one_seed) {
        one((uint32_t)strtoul(one_seed, NULL, 10), &mc, &t, 1);
        return tap_done();
    }
    const char *count = getenv("IMP_RANDOM_COUNT"), *first = getenv("IMP_RANDOM_FIRST");
    uint32_t n = count ? (uint32_t)strtoul(count, NULL, 10) : 40;
    uint32_t from = first ? (uint32_t)strtoul(first, NULL, 10) : 1;
    for (uint32_t seed = from; seed < from + n; seed++)
        one(seed, &mc, &t, 0);
    /* the programs reach what they are for: some end at the bound, some
     * at their end or a wait; enough instructions ran to mean something */
    printf("# %" PRIu64 " instructions, %" PRIu64 " cycles; ended:", t.insns, t.cycles);
    for (unsigned i = 0; i < 64; i++)
        if (t.status[i])
            printf(" %s %u", vm_status_name((enum vm_status)i), t.status[i]);
    unsigned distinct = 0;
    for (unsigned i = 0; i < 512; i++)
        distinct += t.ops[i] != 0;
    printf("\n# %u opcodes ran; %" PRIu64 " interruptions resumed (LPSW); %u machines paged, "
           "%u programs, %u with PER, %u with monitors (%" PRIu64 " samples, ticks and "
           "records); %" PRIu64 " breakpoint and %" PRIu64 " watchpoint stops, %" PRIu64
           " bytes traced\n", distinct, t.ops[0x82], t.paged, t.tasks, t.per, t.mon,
           t.mon_events, t.breaks, t.watches, t.traced);
    check(t.status[VM_CYCLE_LIMIT] > 0);
    check(t.insns > (uint64_t)n * 1000);
    if (n >= 40) {              /* the seeds of make check and more */
        check(distinct >= 100);
        check(t.ops[0x82] > 0 && t.ops[0x82] < t.insns / 3);
        check(t.paged > 0 && t.tasks > n && t.per > 0 && t.mon > 0 && t.mon_events > 1000);
        check(t.breaks > 50 && t.watches > 20 && t.traced > 5000);
    }
    return tap_done();
}
