/*
 * t-vm-engine.c -- the engine's speed paths change no count.
 *
 * Every program here runs several ways on fresh machines:
 *   fast       vm_run with no hooks (the threaded fast path)
 *   observed   vm_run with a microword trace hook (the reference loop,
 *              which executes one microword at a time from its fields)
 *   stepped    vm_step_insn until the program stops
 *   chunked    vm_run with a small cycle bound, resumed until it stops
 * and everything observable must agree: the status, every counter (cycles,
 * microwords, instructions, per-opcode counts and cycles), the registers,
 * the PSW, the micro-PC and a hash of all of storage.  Small programs
 * built here also pin their exact counts (golden numbers: a change of the
 * microcode of these instructions must update them on purpose), and the
 * instruction cache is checked against self-modifying code, EX and stores
 * from the host.  The runner is engine-fixture.h's; the loops inside one
 * instruction (LM, STM, the SS byte loops) are tested in t-vm-loops.c.
 *
 * The semantics core images of tests/oracle/golden are used when the test
 * runs from the top of the tree (as `make check` does).
 */
#include "engine-fixture.h"
#include "microword.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- core images ---------------------------------------------------------- */

struct image {
    uint8_t *bytes;
    size_t len;
};

static void setup_core(struct vm *vm, const void *arg)
{
    const struct image *im = arg;
    vm_store_bytes(vm, 0, im->bytes, im->len);
    vm_restart(vm);
}

static int read_file(const char *path, struct image *im)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    im->bytes = malloc(1 << 20);
    im->len = im->bytes ? fread(im->bytes, 1, 1 << 20, f) : 0;
    fclose(f);
    return im->len ? 0 : -1;
}

/*
 * The wait state across the runs' bounds.  The program waits five times
 * for the interval timer (an enabled wait PSW; the handler takes the wait
 * bit off the old PSW and goes back), each wait some 20,000 cycles, so
 * that the chunked run's bounds fall inside the waits many times.  A run
 * stopped in a wait resumes the same wait: however the runs are cut, the
 * waits count the microwords of one pass each.
 */
static void build_waits(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x58, 0x00080000u);           /* external new PSW: EC, disabled */
    word(a->mem + 0x5C, 0x600);
    word(a->mem + 0x300, 0x010A0000u);          /* the wait: EC, external mask, wait */
    word(a->mem + 0x304, 0);                    /* (its address below) */
    word(a->mem + 0x308, 100);                  /* the timer's value for each wait */
    I(a, "LA", .r1 = 5, .d2 = 5);
    I(a, "L", .r1 = 1, .d2 = 0x308);
    uint32_t loop = a->pc;
    I(a, "ST", .r1 = 1, .d2 = 0x50);
    I(a, "LPSW", .d2 = 0x300);
    word(a->mem + 0x304, a->pc);
    I(a, "BCT", .r1 = 5, .d2 = (uint16_t)loop);
    finish(a);
    a->pc = 0x600;
    I(a, "NI", .d1 = 0x19, .i2 = 0xFD);         /* the old PSW without its wait bit */
    I(a, "LPSW", .d2 = 0x18);
}

static void setup_waits(struct vm *vm, const void *arg)
{
    setup_prog(vm, arg);
    vm_set_cr(vm, 0, vm_get_cr(vm, 0) | 0x80);  /* the interval timer's mask */
}

static void test_waits(void)
{
    static struct asm_ a;
    struct snap s;
    build_waits(&a);
    agree("waits across the runs' bounds", setup_waits, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    check_uint(s.gr[5], ==, 0);
    check(s.ctr.cycles > 5 * 20000);
}

static void test_oracle_images(void)
{
    static const char *const names[] = { "binary", "branch", "decimal", "execute", "halfword",
                                         "logical", "long", "muldiv", "shift", "system",
                                         "unary" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[128];
        struct image im;
        struct snap fast;
        snprintf(path, sizeof path, "tests/oracle/golden/%s.bin", names[i]);
        /* The images are committed: a missing one is a failure (prove runs
         * the unit tests from the top of the tree). */
        if (!check(read_file(path, &im) == 0)) {
            printf("# %s not found (run from the top of the tree)\n", path);
            continue;
        }
        agree(names[i], setup_core, &im, 0, &fast);
        free(im.bytes);
    }
}

/* The vmbench loop: L 1,count; LA 2,1(2); BCT 1,*-4. */
static void build_bct(struct asm_ *a, uint32_t n)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x100, n);
    I(a, "L", .r1 = 1, .d2 = 0x100);
    I(a, "LA", .r1 = 2, .r2 = 0, .b2 = 2, .d2 = 1);
    I(a, "BCT", .r1 = 1, .d2 = ORG + 4);
    finish(a);
}

/*
 * Branch on condition with every mask after every CC, as BC and as BCR
 * (whose R2 = 0 form never branches): the fast engine decides the mask
 * of a cached instruction once and R2 = 0 once.  A not-taken branch
 * shifts a 1 into the register of its CC and form: BC into GR2, 3, 4, 7
 * for CC 0-3, BCR into GR8, 9, 10, 14; GR15 counts the BCR M,0s.
 */
static const uint8_t bc_reg[2][4] = { { 2, 3, 4, 7 }, { 8, 9, 10, 14 } };

static void set_cc(struct asm_ *a, int cc)
{
    switch (cc) {
    case 0: I(a, "CR", .r1 = 5, .r2 = 5); break;         /* 1 : 1 */
    case 1: I(a, "CR", .r1 = 5, .r2 = 6); break;         /* 1 : 2 */
    case 2: I(a, "CR", .r1 = 6, .r2 = 5); break;
    default:                                            /* overflow, masked */
        I(a, "LR", .r1 = 11, .r2 = 12);
        I(a, "AR", .r1 = 11, .r2 = 12);
        break;
    }
}

static void build_masks(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    I(a, "LA", .r1 = 5, .d2 = 1);
    I(a, "LA", .r1 = 6, .d2 = 2);
    I(a, "L", .r1 = 12, .d2 = 0x100);
    for (int form = 0; form < 2; form++)
        for (int cc = 0; cc < 4; cc++)
            for (unsigned m = 0; m < 16; m++) {
                unsigned r = bc_reg[form][cc];
                set_cc(a, cc);
                I(a, "SLL", .r1 = r, .d2 = 1);
                uint32_t at = a->pc, skip = at + (form ? 10 : 8);
                if (form) {
                    I(a, "LA", .r1 = 13, .d2 = (uint16_t)skip);
                    I(a, "BCR", .r1 = m, .r2 = 13);
                } else
                    I(a, "BC", .r1 = m, .d2 = (uint16_t)skip);
                I(a, "LA", .r1 = r, .b2 = r, .d2 = 1);
                if (a->pc != skip) {
                    printf("# build_masks: bad layout\n");
                    exit(2);
                }
                I(a, "BCR", .r1 = m, .r2 = 0);
                I(a, "LA", .r1 = 15, .b2 = 15, .d2 = 1);
            }
    finish(a);
    word(a->mem + 0x100, 0x7FFFFFFF);
}

/* Loads, stores, compares, a branch on condition, BXLE, IC/STC, MVC, CLC. */
static void build_mix(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    for (int i = 0; i < 64; i++)
        a->mem[0x800 + i] = (uint8_t)(i * 37);
    I(a, "LA", .r1 = 4, .d2 = 0x800);           /* walk 64 bytes */
    I(a, "LA", .r1 = 6, .d2 = 1);
    I(a, "LA", .r1 = 7, .d2 = 0x83F);
    I(a, "SR", .r1 = 3, .r2 = 3);
    uint32_t top = a->pc;
    I(a, "IC", .r1 = 5, .b2 = 4, .d2 = 0);
    I(a, "AR", .r1 = 3, .r2 = 5);
    I(a, "C", .r1 = 3, .d2 = 0x100);
    uint32_t bc = a->pc;
    I(a, "BC", .r1 = 4, .d2 = 0);               /* patched below: BL skip */
    I(a, "STC", .r1 = 3, .b2 = 4, .d2 = 64);
    uint32_t skip = a->pc;
    a->mem[bc + 2] = (uint8_t)(skip >> 8); a->mem[bc + 3] = (uint8_t)skip;
    I(a, "BXLE", .r1 = 4, .r2 = 6, .d2 = (uint16_t)top);
    I(a, "MVC", .i2 = 15, .b1 = 0, .d1 = 0x900, .b2 = 0, .d2 = 0x800);
    I(a, "CLC", .i2 = 15, .b1 = 0, .d1 = 0x900, .b2 = 0, .d2 = 0x800);
    I(a, "ST", .r1 = 3, .d2 = 0x104);
    I(a, "STM", .r1 = 2, .r2 = 7, .d2 = 0x200);
    I(a, "LM", .r1 = 8, .r2 = 13, .d2 = 0x200);
    finish(a);
    word(a->mem + 0x100, 3000);
}

/*
 * Self-modifying code: a loop whose LA 2,D(2) has its displacement byte
 * rewritten by an MVI on every pass (D = 1, 2, 3, ...), then an ST over
 * an instruction just executed, then an EX target changed between EXs.
 * A stale decoded instruction would give other sums.
 */
static void build_selfmod(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    I(a, "LA", .r1 = 1, .d2 = 10);              /* 10 passes */
    I(a, "SR", .r1 = 2, .r2 = 2);
    I(a, "LA", .r1 = 3, .d2 = 1);
    uint32_t loop = a->pc;
    I(a, "STC", .r1 = 3, .d2 = 0);              /* patched: STC 3,la+3 */
    uint32_t la = a->pc;
    I(a, "LA", .r1 = 2, .b2 = 2, .d2 = 0);      /* LA 2,D(2): D rewritten */
    I(a, "LA", .r1 = 3, .b2 = 3, .d2 = 1);
    I(a, "BCT", .r1 = 1, .d2 = (uint16_t)loop);
    a->mem[loop + 3] = (uint8_t)(la + 3);
    a->mem[loop + 2] = (uint8_t)((la + 3) >> 8);
    /* an ST that turns the next pass's AR 2,2 into AR 2,5 */
    I(a, "LA", .r1 = 5, .d2 = 100);
    I(a, "LA", .r1 = 1, .d2 = 2);
    uint32_t again = a->pc;
    uint32_t ar = a->pc;
    I(a, "AR", .r1 = 2, .r2 = 2);
    I(a, "BCTR", .r1 = 1, .r2 = 0);
    I(a, "L", .r1 = 6, .d2 = 0x110);            /* X'1A25 0610': AR 2,5; BCTR 1,0 */
    I(a, "ST", .r1 = 6, .d2 = (uint16_t)ar);
    I(a, "LTR", .r1 = 1, .r2 = 1);
    I(a, "BC", .r1 = 7, .d2 = (uint16_t)again);
    /* EX of an instruction that is rewritten between two EXs */
    uint32_t ex1 = a->pc;
    I(a, "EX", .r1 = 0, .d2 = 0x120);
    I(a, "MVI", .b1 = 0, .d1 = 0x121, .i2 = 0x25);
    I(a, "EX", .r1 = 0, .d2 = 0x120);
    I(a, "ST", .r1 = 2, .d2 = 0x104);
    finish(a);
    (void)ex1;
    word(a->mem + 0x110, 0x1A250610);
    a->mem[0x120] = 0x1A;                       /* AR 2,2 (then AR 2,5) */
    a->mem[0x121] = 0x22;
}

/*
 * Decimal carries: AP and SP whose digit adder passes a carry (a borrow)
 * from byte to byte.  The flag liveness of the fast path must keep C
 * live between those DADD/DSUB microwords while the validity scans (DADD
 * for V alone) leave it dead; a lost carry gives other digits.
 */
static void build_decimal(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    I(a, "AP", .l1 = 2, .l2 = 1, .d1 = 0x301, .d2 = 0x311);     /* 999C + 1C */
    I(a, "L", .r1 = 3, .d2 = 0x300);
    I(a, "SP", .l1 = 2, .l2 = 1, .d1 = 0x321, .d2 = 0x311);     /* 1000C - 1C */
    I(a, "L", .r1 = 4, .d2 = 0x320);
    I(a, "AP", .l1 = 2, .l2 = 1, .d1 = 0x331, .d2 = 0x341);     /* 1C + 999D: |op1| < |op2| */
    I(a, "L", .r1 = 5, .d2 = 0x330);
    I(a, "SP", .l1 = 0, .l2 = 10, .d1 = 0x351, .d2 = 0x361);    /* 0B - 025845225863828730902D */
    I(a, "IC", .r1 = 6, .d2 = 0x351);
    finish(a);
    a->mem[0x302] = 0x99; a->mem[0x303] = 0x9C;
    a->mem[0x311] = 0x00; a->mem[0x312] = 0x1C;
    a->mem[0x321] = 0x01; a->mem[0x322] = 0x00; a->mem[0x323] = 0x0C;
    a->mem[0x333] = 0x1C;
    a->mem[0x341] = 0x99; a->mem[0x342] = 0x9D;
    a->mem[0x351] = 0x0B;
    static const uint8_t op2[11] = { 0x02, 0x58, 0x45, 0x22, 0x58, 0x63, 0x82, 0x87, 0x30,
                                     0x90, 0x2D };
    memcpy(a->mem + 0x361, op2, sizeof op2);
}

static void test_programs(void)
{
    static struct asm_ a;
    struct snap s;

    build_bct(&a, 1000);
    agree("bct loop", setup_prog, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    check_int(s.gr[2], ==, 1000);
    check_int(s.ctr.instructions, ==, 2002);
    /* the fetch (2 cycles) and one word per LA and per BCT, taken or not */
    check_int(s.ctr.microwords, ==, 4017);
    check_int(s.ctr.cycles, ==, 6025);
    check_int(s.ctr.op_count[0x41], ==, 1000);
    check_int(s.ctr.op_count[0x46], ==, 1000);
    check_int(s.ctr.op_cycles[0x46], ==, 3000);

    build_mix(&a);
    agree("mixed loop", setup_prog, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    {
        uint32_t sum = 0;
        for (int i = 0; i < 64; i++)
            sum += (uint8_t)(i * 37);
        check_int(s.gr[3], ==, sum);
    }
    check_int(s.ctr.instructions, ==, 368);
    /* 64 BXLEs of 2 words, the second branches; MVC and CLC of 16 bytes */
    check_int(s.ctr.microwords, ==, 911);
    check_int(s.ctr.cycles, ==, 1533);
    {
        struct vm *vm = vm_new(NULL);
        uint8_t from[16], to[16];
        setup_prog(vm, &a);
        vm_run(vm, LIMIT);
        vm_fetch_bytes(vm, 0x800, from, sizeof from);
        vm_fetch_bytes(vm, 0x900, to, sizeof to);
        check(memcmp(from, to, sizeof to) == 0 && to[15] == (uint8_t)(15 * 37));
        vm_free(vm);
    }

    build_masks(&a);
    agree("branch masks", setup_prog, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    for (int form = 0; form < 2; form++)
        for (int cc = 0; cc < 4; cc++) {
            uint32_t want = 0;
            for (unsigned m = 0; m < 16; m++)
                want = want << 1 | !(m >> (3 - cc) & 1);
            check_uint(s.gr[bc_reg[form][cc]], ==, want);
        }
    check_uint(s.gr[15], ==, 128);

    build_selfmod(&a);
    agree("self-modifying code", setup_prog, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    /* 1+..+10 = 55; AR 2,2 doubles it (110), then AR 2,5 adds 100 (210);
     * EX AR 2,2 doubles it (420), EX AR 2,5 adds 100 (520). */
    check_int(s.gr[2], ==, 520);
    check_int(s.ctr.instructions, ==, 62);
    check_int(s.ctr.microwords, ==, 141);
    check_int(s.ctr.cycles, ==, 226);

    build_decimal(&a);
    agree("decimal carries", setup_prog, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    check_uint(s.gr[3], ==, 0x0001000Cu);
    check_uint(s.gr[4], ==, 0x0000999Cu);
    check_uint(s.gr[5], ==, 0x0000998Du);
    check_uint(s.gr[6], ==, 0x2Cu);                 /* as Hercules: ...902 + 0 = 2, overflow */
}

/* A store from the host between two runs is seen by the next run. */
static void test_host_store(void)
{
    static struct asm_ a;
    memset(&a, 0, sizeof a);
    a.pc = ORG;
    I(&a, "LA", .r1 = 2, .b2 = 2, .d2 = 1);     /* LA 2,1(2); B *-4 forever */
    I(&a, "BC", .r1 = 15, .d2 = ORG);
    struct vm *vm = vm_new(NULL);
    setup_prog(vm, &a);
    check_int(vm_run(vm, 1000), ==, VM_CYCLE_LIMIT);
    uint32_t n = vm_get_gr(vm, 2);
    check_int(n, >, 100);
    uint8_t la5[4] = { 0x41, 0x20, 0x20, 0x05 };      /* LA 2,5(2) */
    vm_store_bytes(vm, ORG, la5, 4);
    vm_set_gr(vm, 2, 0);
    check_int(vm_run(vm, 1000), ==, VM_CYCLE_LIMIT);
    check_int(vm_get_gr(vm, 2) % 5, ==, 0);
    check_int(vm_get_gr(vm, 2), >=, 5 * (n - 1));
    vm_free(vm);
}

/* ---- chaining ------------------------------------------------------------- */

/*
 * A cached instruction whose bound words do not branch goes straight to
 * the next one's cache entry (OP_NEXTI), which must still be that
 * instruction as storage holds it.  Each program below gives other
 * results if the compare of the next one's bytes, the fetch deadline at
 * the chained fetch, the next one's tag or the flush on a control-store
 * load were missing.
 */

/* ST 6,next stores into the instruction right after it, which the first
 * pass cached: LA 2,1(2) becomes LA 2,100(2) from the second pass on. */
static void build_store_next(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x100, 0x41202001);           /* LA 2,1(2) */
    word(a->mem + 0x104, 0x41202064);           /* LA 2,100(2) */
    I(a, "LA", .r1 = 1, .d2 = 3);
    I(a, "L", .r1 = 6, .d2 = 0x100);
    uint32_t loop = a->pc;
    I(a, "ST", .r1 = 6, .d2 = (uint16_t)(loop + 4));
    I(a, "LA", .r1 = 2, .b2 = 2, .d2 = 1);      /* rewritten by the ST */
    I(a, "L", .r1 = 6, .d2 = 0x104);
    I(a, "BCT", .r1 = 1, .d2 = (uint16_t)loop);
    finish(a);
}

/* A chained pair (LR, then LA) whose second instruction another
 * instruction rewrites: LA 2,1(2) -> LA 2,100(2) after the first pass. */
static void build_store_chained(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x104, 0x41202064);           /* LA 2,100(2) */
    I(a, "LA", .r1 = 1, .d2 = 3);
    uint32_t loop = a->pc;
    I(a, "LR", .r1 = 3, .r2 = 2);
    uint32_t la = a->pc;
    I(a, "LA", .r1 = 2, .b2 = 2, .d2 = 1);
    I(a, "L", .r1 = 6, .d2 = 0x104);
    I(a, "ST", .r1 = 6, .d2 = (uint16_t)la);
    I(a, "BCT", .r1 = 1, .d2 = (uint16_t)loop);
    finish(a);
}

/*
 * The instruction after a chained one (LR) is rewritten (LA 2,1(2) ->
 * LA 2,100(2)), run on its own from a branch (its entry then holds the
 * new form), and rewritten back before the chained one runs again: the
 * chain must run the old form again (GR2: 4 passes of 1 + 100).
 */
static void build_toggle(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x100, 0x41202001);           /* LA 2,1(2) */
    word(a->mem + 0x104, 0x41202064);           /* LA 2,100(2) */
    I(a, "LA", .r1 = 1, .d2 = 4);
    I(a, "SR", .r1 = 7, .r2 = 7);
    uint32_t top = a->pc;
    I(a, "LR", .r1 = 3, .r2 = 2);
    uint32_t la = a->pc;
    I(a, "LA", .r1 = 2, .b2 = 2, .d2 = 1);      /* the one rewritten */
    I(a, "LTR", .r1 = 7, .r2 = 7);
    uint32_t bnz = a->pc;
    I(a, "BC", .r1 = 7, .d2 = 0);               /* patched: to back */
    I(a, "L", .r1 = 6, .d2 = 0x104);
    I(a, "ST", .r1 = 6, .d2 = (uint16_t)la);
    I(a, "LA", .r1 = 7, .d2 = 1);
    I(a, "BC", .r1 = 15, .d2 = (uint16_t)la);   /* the new form on its own */
    uint32_t back = a->pc;
    I(a, "L", .r1 = 6, .d2 = 0x100);
    I(a, "ST", .r1 = 6, .d2 = (uint16_t)la);
    I(a, "SR", .r1 = 7, .r2 = 7);
    I(a, "BCT", .r1 = 1, .d2 = (uint16_t)top);
    finish(a);
    a->mem[bnz + 2] = (uint8_t)(back >> 8);
    a->mem[bnz + 3] = (uint8_t)back;
}

/*
 * A loop of chained instructions (AR, LA, LR, BCT) under the interval
 * timer: an external interruption every few hundred cycles, whose
 * handler counts it (GR9), adds the interrupted address to GR8, sets the
 * timer again and returns.  The interruptions land inside the chain, at
 * the fetch where the reference engine takes them, or the sum differs.
 */
#define CHAIN_LOOP (ORG + 12)
static void build_timer_chain(struct asm_ *a, int timer)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    if (timer) {
        word(a->mem + 0x50, 1);                 /* the interval timer */
        word(a->mem + 0x58, 0x00080000);        /* external new PSW: EC, disabled */
        word(a->mem + 0x5C, 0x300);
        word(a->mem + 0x110, 2);                /* the timer's next value */
    }
    I(a, "LA", .r1 = 1, .d2 = 3000);
    I(a, "LA", .r1 = 2, .d2 = 3);
    I(a, "SR", .r1 = 8, .r2 = 8);
    I(a, "SR", .r1 = 9, .r2 = 9);
    uint32_t loop = a->pc;
    I(a, "AR", .r1 = 3, .r2 = 2);
    I(a, "LA", .r1 = 4, .b2 = 4, .d2 = 1);
    I(a, "LR", .r1 = 5, .r2 = 4);
    I(a, "BCT", .r1 = 1, .d2 = (uint16_t)loop);
    finish(a);
    if (!timer)
        return;
    a->pc = 0x300;                              /* the handler */
    I(a, "LA", .r1 = 9, .b2 = 9, .d2 = 1);
    I(a, "L", .r1 = 7, .d2 = 0x1C);
    I(a, "AR", .r1 = 8, .r2 = 7);
    I(a, "MVC", .i2 = 3, .d1 = 0x50, .d2 = 0x110);
    I(a, "LPSW", .d2 = 0x18);
}

static void setup_timer(struct vm *vm, const void *arg)
{
    const struct asm_ *a = arg;
    vm_store_bytes(vm, 0, a->mem, sizeof a->mem);
    vm_set_cr(vm, 0, vm_get_cr(vm, 0) | 0x80);  /* the interval timer's subclass */
    vm_set_psw(vm, VM_PSW_EC | VM_PSW_EXT | ORG);
}

/* The machine's own control store with AR dispatched to SR's microcode. */
static char *ar_as_sr(void)
{
    const char *cs = vm_default_control_store;
    const char *at = strstr(cs, "\nD 01A ");
    const char *sr = strstr(cs, "\nD 01B ");
    char *t = malloc(strlen(cs) + 1);
    if (!t || !at || !sr)
        return NULL;
    strcpy(t, cs);
    memcpy(t + (at - cs) + 7, sr + 7, 3);      /* "D 01A xxx": SR's word */
    return t;
}

/* Run the loop of build_timer_chain (no timer) for 5000 cycles, load
 * the control store cs, and run to the end; fast or observed. */
static void run_reloaded(const struct asm_ *a, const char *cs, int observed, struct snap *s)
{
    struct vm *vm = vm_new(NULL);
    struct vm_trace tr = { .micro = no_stop };
    setup_prog(vm, a);
    if (observed)
        vm_set_trace(vm, &tr);
    check_int(vm_run(vm, 5000), ==, VM_CYCLE_LIMIT);
    check_int(vm_load_control_store_text(vm, cs, strlen(cs), NULL, 0), ==, 0);
    take(vm, vm_run(vm, LIMIT), s);
    vm_free(vm);
}

static void test_chaining(void)
{
    static struct asm_ a;
    struct snap s;

    build_store_next(&a);
    agree("store into the next instruction", setup_prog, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    check_uint(s.gr[2], ==, 1 + 100 + 100);

    build_store_chained(&a);
    agree("store into a chained instruction", setup_prog, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    check_uint(s.gr[2], ==, 1 + 100 + 100);
    check_uint(s.gr[3], ==, 1 + 100);

    build_toggle(&a);
    agree("a chained successor rewritten and back", setup_prog, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    check_uint(s.gr[2], ==, 4 * 101);

    build_timer_chain(&a, 1);
    agree("interruptions in a chain", setup_timer, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    check_uint(s.gr[5], ==, 3000);
    check_int(s.gr[9], >, 50);                  /* many interruptions ... */
    {
        /* ... not all at the loop's head, the one fetch that is no
         * chained one (after the BCT's branch) */
        uint32_t at_head = s.gr[9] * CHAIN_LOOP;
        check(s.gr[8] != at_head);
    }

    /* a breakpoint set on the successor of a chained instruction (AR's
     * LA) after the chain ran stops there, as the reference engine does */
    build_timer_chain(&a, 0);
    {
        uint64_t insns[2] = { 0, 0 }, cycles[2] = { 0, 0 };
        for (int m = 0; m < 2; m++) {
            struct vm *vm = vm_new(NULL);
            struct vm_trace tr = { .micro = no_stop };
            setup_prog(vm, &a);
            if (m)
                vm_set_trace(vm, &tr);
            check_int(vm_run(vm, 2000), ==, VM_CYCLE_LIMIT);
            check_int(vm_set_breakpoint(vm, CHAIN_LOOP + 2), ==, 0);
            check_int(vm_run(vm, LIMIT), ==, VM_BREAKPOINT);
            check_uint((uint32_t)vm_get_psw(vm) & VM_ADDR_MASK, ==, CHAIN_LOOP + 2);
            insns[m] = vm_counters(vm)->instructions;
            cycles[m] = vm_counters(vm)->cycles;
            vm_free(vm);
        }
        check_int(insns[0], ==, insns[1]);
        check_int(cycles[0], ==, cycles[1]);
    }

    /* a control store loaded in the middle of the chained loop: AR is
     * SR from then on, in the cached (fast) run as in the reference */
    {
        char *cs = ar_as_sr();
        struct snap f, o;
        if (check(cs != NULL)) {
            run_reloaded(&a, cs, 0, &f);
            run_reloaded(&a, cs, 1, &o);
            check_int(f.st, ==, VM_NO_SVC_HANDLER);
            check_uint(f.gr[3], ==, o.gr[3]);
            check_int(f.ctr.cycles, ==, o.ctr.cycles);
            check_int(f.ctr.instructions, ==, o.ctr.instructions);
            check(f.hash == o.hash && !memcmp(f.gr, o.gr, sizeof f.gr));
            /* fewer than half the passes added: GR3 went down again */
            check_int((int32_t)f.gr[3], <, 3 * 1500);
        }
        free(cs);
    }
}

int main(void)
{
    test_programs();
    test_chaining();
    test_host_store();
    test_waits();
    test_oracle_images();
    return tap_done();
}
