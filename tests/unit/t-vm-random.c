/*
 * t-vm-random.c -- the engine's speed paths against its reference on
 * random programs.
 *
 * Each seed makes a program of random instructions (every instruction of
 * the table but the ASSIST ones, with random registers, addresses,
 * lengths and masks; branches mostly to instructions of the program, so
 * that it loops), random registers and random data, and runs it the five
 * ways of engine-fixture.h on fresh machines: fast, observed (the
 * microword-at-a-time reference), stepped, chunked and fast without the
 * opcode counters.  Everything observable must agree: the status, every
 * counter, the registers, the PSW, the micro-PC and a hash of storage.
 *
 * What the hand-made programs of t-vm-engine.c do not reach, these do by
 * chance: program interruptions of every kind in the middle of loops
 * (the program-new PSW's handler resumes after the instruction), stores
 * into the program itself and into the instruction EX is about to run,
 * branches into data, odd registers of pairs, timer interruptions between
 * any two instructions (the interval timer, enabled in half the programs),
 * and a run that ends at its cycle bound anywhere in a loop.
 *
 * The seeds are 1..N (IMP_RANDOM_COUNT, 120 by default), or one seed
 * (IMP_RANDOM_SEED) with its program listed, to reproduce a failure.
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
}

static void setup_random(struct vm *vm, const void *arg)
{
    const struct program *p = arg;
    vm_store_bytes(vm, 0, p->mem, sizeof p->mem);
    for (unsigned i = 0; i < 16; i++)
        vm_set_gr(vm, i, p->gr[i]);
    if (p->cr0)
        vm_set_cr(vm, 0, vm_get_cr(vm, 0) | p->cr0);
    vm_set_psw(vm, p->psw);
}

/* One way to run, to RLIMIT cycles: a stepped or chunked run stops at the
 * first instruction boundary at or past it, as the fast run does. */
static void run_to(const struct program *p, enum mode m, uint64_t limit, struct snap *s,
                   uint8_t *mem)
{
    struct vm_config cfg = { RSTORAGE };
    struct vm *vm = vm_new(&cfg);
    enum vm_status st;
    setup_random(vm, p);
    switch (m) {
    case OBSERVED: {
        struct vm_trace tr = { .micro = no_stop };
        vm_set_trace(vm, &tr);
        st = vm_run(vm, limit);
        break;
    }
    case STEPPED:
        while ((st = vm_step_insn(vm)) == VM_STEPPED)
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
    vm_free(vm);
}

static int same(const struct snap *a, const struct snap *b, int quiet)
{
    static const struct vm_counters none;
    const struct vm_counters *want = quiet ? &none : &b->ctr;
    return a->st == b->st && a->psw == b->psw && a->upc == b->upc && a->hash == b->hash &&
           !memcmp(a->gr, b->gr, sizeof a->gr) && !memcmp(a->cr, b->cr, sizeof a->cr) &&
           a->ctr.cycles == b->ctr.cycles && a->ctr.microwords == b->ctr.microwords &&
           a->ctr.instructions == b->ctr.instructions &&
           !memcmp(a->ctr.op_count, want->op_count, sizeof a->ctr.op_count) &&
           !memcmp(a->ctr.op_cycles, want->op_cycles, sizeof a->ctr.op_cycles);
}

static void list(const struct program *p)
{
    for (unsigned k = 0; k < p->n; k++) {
        char buf[96];
        isa_disasm(p->mem + p->starts[k], 6, buf, sizeof buf);
        printf("#   %06" PRIX32 "  %s\n", p->starts[k], buf);
    }
}

/* The first run bound at which mode m and the fast run differ, and the
 * instruction they last agreed before (a failing seed, listed). */
static void bisect(const struct program *p, enum mode m)
{
    struct snap f, s;
    uint64_t lo = 0, hi = RLIMIT;          /* agree at lo; differ at hi */
    run_to(p, FAST, hi, &f, NULL);
    run_to(p, m, hi, &s, NULL);
    if (same(&s, &f, m == QUIET))
        return;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        run_to(p, FAST, mid, &f, NULL);
        run_to(p, m, mid, &s, NULL);
        if (same(&s, &f, m == QUIET))
            lo = mid;
        else
            hi = mid;
    }
    run_to(p, FAST, lo, &f, NULL);
    uint8_t b[6];
    char buf[96];
    struct vm_config cfg = { RSTORAGE };
    struct vm *vm = vm_new(&cfg);
    setup_random(vm, p);
    vm_run(vm, lo);
    uint32_t ia = (uint32_t)vm_get_psw(vm) & 0xFFFFFF;
    vm_fetch_bytes(vm, ia, b, sizeof b);
    vm_free(vm);
    isa_disasm(b, sizeof b, buf, sizeof buf);
    printf("#   the %s run first differs in the instruction at %06" PRIX32 " (%s), "
           "after cycle %" PRIu64 "\n", mode_names[m], ia, buf, lo);
}

/* What the runs did, over all seeds: so that the test is seen to reach
 * what it is for. */
struct tally {
    unsigned status[64];
    uint64_t insns, cycles;
    uint64_t ops[512];          /* instructions run, by opcode */
};

static void one(uint32_t seed, struct program *p, struct tally *t, int verbose)
{
    struct snap fast, s;
    make(seed, p);
    static uint8_t fmem[RSTORAGE], smem[RSTORAGE];
    run_to(p, FAST, RLIMIT, &fast, fmem);
    if (fast.st < 64)
        t->status[fast.st]++;
    t->insns += fast.ctr.instructions;
    t->cycles += fast.ctr.cycles;
    for (unsigned i = 0; i < 512; i++)
        t->ops[i] += fast.ctr.op_count[i];
    int ok = 1;
    for (int m = OBSERVED; m < NMODES; m++) {
        run_to(p, (enum mode)m, RLIMIT, &s, smem);
        if (!same(&s, &fast, m == QUIET)) {
            unsigned shown = 0;
            for (uint32_t a = 0; a < RSTORAGE && shown < 8; a++)
                if (smem[a] != fmem[a] && ++shown)
                    printf("#   storage at %05" PRIX32 ": %02X, fast %02X\n", a, smem[a], fmem[a]);
            ok = 0;
            printf("# seed %" PRIu32 ": the %s run: status %s/%s cycles %" PRIu64 "/%" PRIu64
                   " microwords %" PRIu64 "/%" PRIu64 " insns %" PRIu64 "/%" PRIu64
                   " psw %016" PRIx64 "/%016" PRIx64 " upc %u/%u storage %s regs %s\n",
                   seed, mode_names[m], vm_status_name(s.st), vm_status_name(fast.st),
                   s.ctr.cycles, fast.ctr.cycles, s.ctr.microwords, fast.ctr.microwords,
                   s.ctr.instructions, fast.ctr.instructions, s.psw, fast.psw, s.upc, fast.upc,
                   s.hash == fast.hash ? "same" : "differs",
                   memcmp(s.gr, fast.gr, sizeof s.gr) ? "differ" : "same");
        }
    }
    if (!ok && verbose)
        for (int m = OBSERVED; m < NMODES; m++)
            bisect(p, (enum mode)m);
    char what[96];
    snprintf(what, sizeof what, "seed %" PRIu32 ": five runs agree (%s after %" PRIu64 " insns)",
             seed, vm_status_name(fast.st), fast.ctr.instructions);
    tap_ok(ok, __FILE__, __LINE__, what);
    if (!ok || verbose)
        list(p);
    if (verbose)
        for (unsigned i = 0; i < 512; i++)
            if (fast.ctr.op_count[i] > fast.ctr.instructions / 50)
                printf("#   opcode %03X: %" PRIu64 " times\n", i, fast.ctr.op_count[i]);
}

int main(void)
{
    static struct program p;
    static struct tally t;
    const char *one_seed = getenv("IMP_RANDOM_SEED");
    if (one_seed) {
        one((uint32_t)strtoul(one_seed, NULL, 10), &p, &t, 1);
        return tap_done();
    }
    const char *count = getenv("IMP_RANDOM_COUNT");
    uint32_t n = count ? (uint32_t)strtoul(count, NULL, 10) : 120;
    for (uint32_t seed = 1; seed <= n; seed++)
        one(seed, &p, &t, 0);
    /* the programs reach what they are for: some end at the bound, some
     * at their end or a wait; enough instructions ran to mean something */
    printf("# %" PRIu64 " instructions, %" PRIu64 " cycles; ended:", t.insns, t.cycles);
    for (unsigned i = 0; i < 64; i++)
        if (t.status[i])
            printf(" %s %u", vm_status_name((enum vm_status)i), t.status[i]);
    unsigned distinct = 0;
    for (unsigned i = 0; i < 512; i++)
        distinct += t.ops[i] != 0;
    printf("\n# %u opcodes ran; %" PRIu64 " interruptions resumed (LPSW)\n", distinct, t.ops[0x82]);
    check(t.status[VM_CYCLE_LIMIT] > 0);
    check(t.insns > (uint64_t)n * 1000);
    if (n >= 100) {
        check(distinct >= 100);
        check(t.ops[0x82] > 0 && t.ops[0x82] < t.insns / 4);
    }
    return tap_done();
}
