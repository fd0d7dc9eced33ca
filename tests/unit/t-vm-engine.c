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
 * from the host.
 *
 * The semantics core images of tests/oracle/golden are used when the test
 * runs from the top of the tree (as `make check` does).
 */
#include "isa.h"
#include "microword.h"
#include "tap.h"
#include "vm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ORG 0x400
#define LIMIT 400000000u

struct snap {
    enum vm_status st;
    uint64_t psw;
    uint32_t gr[16], cr[16];
    unsigned upc;
    uint64_t hash;
    struct vm_counters ctr;
};

typedef void (*setup_fn)(struct vm *vm, const void *arg);

static int no_stop(void *ctx, struct vm *vm, unsigned upc)
{
    (void)ctx; (void)vm; (void)upc;
    return 0;
}

static uint64_t storage_hash(const struct vm *vm)
{
    uint8_t p[4096];
    uint64_t h = 0xcbf29ce484222325u;
    for (uint32_t a = 0; a < vm_storage_size(vm); a += sizeof p) {
        vm_fetch_bytes(vm, a, p, sizeof p);
        for (uint32_t i = 0; i < sizeof p; i++)
            h = (h ^ p[i]) * 0x100000001b3u;
    }
    return h;
}

static void take(struct vm *vm, enum vm_status st, struct snap *s)
{
    memset(s, 0, sizeof *s);
    s->st = st;
    s->psw = vm_get_psw(vm);
    for (unsigned i = 0; i < 16; i++) {
        s->gr[i] = vm_get_gr(vm, i);
        s->cr[i] = vm_get_cr(vm, i);
    }
    s->upc = vm_micro_pc(vm);
    s->hash = storage_hash(vm);
    s->ctr = *vm_counters(vm);
}

enum mode { FAST, OBSERVED, STEPPED, CHUNKED, NMODES };
static const char *const mode_names[NMODES] = { "fast", "observed", "stepped", "chunked" };

static void run_mode(setup_fn setup, const void *arg, uint32_t storage, enum mode m, struct snap *s)
{
    struct vm_config cfg = { storage };
    struct vm *vm = vm_new(&cfg);
    enum vm_status st;
    setup(vm, arg);
    switch (m) {
    case OBSERVED: {
        struct vm_trace tr = { .micro = no_stop };
        vm_set_trace(vm, &tr);
        st = vm_run(vm, LIMIT);
        break;
    }
    case STEPPED:
        while ((st = vm_step_insn(vm)) == VM_STEPPED && vm_counters(vm)->cycles < LIMIT)
            ;
        break;
    case CHUNKED:
        while ((st = vm_run(vm, 997)) == VM_CYCLE_LIMIT && vm_counters(vm)->cycles < LIMIT)
            ;
        break;
    default:
        st = vm_run(vm, LIMIT);
        break;
    }
    take(vm, st, s);
    vm_free(vm);
}

/* Run every mode; check they agree with the fast run; return the fast run. */
static void agree(const char *name, setup_fn setup, const void *arg, uint32_t storage,
                  struct snap *fast)
{
    run_mode(setup, arg, storage, FAST, fast);
    for (int m = OBSERVED; m < NMODES; m++) {
        struct snap s;
        char what[160];
        run_mode(setup, arg, storage, (enum mode)m, &s);
        int same_ops = memcmp(s.ctr.op_count, fast->ctr.op_count, sizeof s.ctr.op_count) == 0 &&
                       memcmp(s.ctr.op_cycles, fast->ctr.op_cycles, sizeof s.ctr.op_cycles) == 0;
        int ok = s.st == fast->st && s.psw == fast->psw && s.upc == fast->upc &&
                 s.hash == fast->hash && !memcmp(s.gr, fast->gr, sizeof s.gr) &&
                 !memcmp(s.cr, fast->cr, sizeof s.cr) && s.ctr.cycles == fast->ctr.cycles &&
                 s.ctr.microwords == fast->ctr.microwords &&
                 s.ctr.instructions == fast->ctr.instructions && same_ops;
        snprintf(what, sizeof what, "%s: %s run agrees with the fast run", name, mode_names[m]);
        tap_ok(ok, __FILE__, __LINE__, what);
        if (!ok)
            printf("#   %s: status %s/%s cycles %llu/%llu microwords %llu/%llu insns %llu/%llu "
                   "psw %016llx/%016llx upc %u/%u storage %s regs %s opcodes %s\n",
                   mode_names[m], vm_status_name(s.st), vm_status_name(fast->st),
                   (unsigned long long)s.ctr.cycles, (unsigned long long)fast->ctr.cycles,
                   (unsigned long long)s.ctr.microwords, (unsigned long long)fast->ctr.microwords,
                   (unsigned long long)s.ctr.instructions,
                   (unsigned long long)fast->ctr.instructions, (unsigned long long)s.psw,
                   (unsigned long long)fast->psw, s.upc, fast->upc,
                   s.hash == fast->hash ? "same" : "differs",
                   memcmp(s.gr, fast->gr, sizeof s.gr) ? "differ" : "same",
                   same_ops ? "same" : "differ");
    }
}

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

/* ---- programs built here --------------------------------------------------- */

struct asm_ {
    uint8_t mem[4096];
    uint32_t pc;
};

static void put(struct asm_ *a, const char *mn, struct isa_fields f)
{
    const struct isa_insn *in = isa_by_name(mn);
    if (!in) {
        printf("# no instruction %s\n", mn);
        exit(2);
    }
    a->pc += (uint32_t)isa_encode(in, &f, a->mem + a->pc);
}
#define I(a, mn, ...) put(a, mn, (struct isa_fields){ __VA_ARGS__ })

static void word(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static void setup_prog(struct vm *vm, const void *arg)
{
    const struct asm_ *a = arg;
    vm_store_bytes(vm, 0, a->mem, sizeof a->mem);
    vm_set_psw(vm, VM_PSW_EC | ORG);
}

/* End with SVC 255: no SVC handler, the run stops. */
static void finish(struct asm_ *a) { I(a, "SVC", .i2 = 255); }

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

/*
 * STM and LM are all or nothing: their access check (PRBW, PRBR) comes
 * before the register loop.  STM 0,15 at X'FF8' under PSW key 1 reaches
 * from a block of key 1 into one of key 2 (a protection exception); LM
 * 1,4 at X'FFF8' runs past the end of 64 KiB of storage (an addressing
 * exception).  Nothing may be stored or loaded; the program-new PSW is a
 * disabled wait.
 */
static void build_multiple(struct asm_ *a, int load)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x68, 0x000A0000u);
    word(a->mem + 0x6C, 0x00000BADu);
    word(a->mem + 0x300, 0xFFF8u);
    for (unsigned r = 0; r < 16; r++)
        I(a, "LA", .r1 = r, .d2 = 0x10 + r);
    if (load) {
        I(a, "L", .r1 = 5, .d2 = 0x300);
        I(a, "LA", .r1 = 6, .d2 = 7);
        I(a, "ST", .r1 = 6, .b2 = 5, .d2 = 0);
        I(a, "ST", .r1 = 6, .b2 = 5, .d2 = 4);
        I(a, "LM", .r1 = 1, .r2 = 4, .b2 = 5, .d2 = 0);
    } else
        I(a, "STM", .r1 = 0, .r2 = 15, .d2 = 0xFF8);
    finish(a);
}

static void setup_keyed(struct vm *vm, const void *arg)
{
    setup_prog(vm, arg);
    vm_set_storage_key(vm, 0x800, 0x800, 0x10);
    vm_set_storage_key(vm, 0x1000, 0x800, 0x20);
    vm_set_psw(vm, VM_PSW_EC | UINT64_C(1) << 52 | ORG);
}

static void test_multiple(void)
{
    static struct asm_ a;
    struct snap s;
    uint8_t m[8];

    build_multiple(&a, 0);
    agree("STM into a protected block", setup_keyed, &a, 0, &s);
    check_uint(s.psw & 0xFFFFFF, ==, 0xBAD);
    struct vm *vm = vm_new(NULL);
    setup_keyed(vm, &a);
    vm_run(vm, LIMIT);
    check_int(vm_fetch_bytes(vm, 0xFF8, m, 8), ==, 0);
    check_int(m[3] | m[7], ==, 0);              /* GR0 and GR1 not stored */
    vm_free(vm);

    build_multiple(&a, 1);
    agree("LM past the end of storage", setup_prog, &a, 0x10000, &s);
    check_uint(s.psw & 0xFFFFFF, ==, 0xBAD);
    check_uint(s.gr[1], ==, 0x11);              /* not loaded */
    check_uint(s.gr[2], ==, 0x12);
}

/*
 * LM's and STM's register loops, whose passes before the last the fast
 * path makes at once when they all stay in the flat part of storage.
 * Ranges that wrap (14-12, 5-4), all sixteen registers, one register
 * alone; an STM over the next two instructions, the first of them
 * LA 4,D(4) with D from GR3 (1 on the first pass, 16 after it, so a
 * stale cached form would give another sum); ten passes of the loop.  At
 * X'A00': the 16 registers STM 5,4 stored on the last pass.
 */
#define RL_PASSES 10
static void build_regloops(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x100, RL_PASSES);
    word(a->mem + 0x104, 1);
    for (unsigned r = 0; r < 16; r++)
        I(a, "LA", .r1 = r, .d2 = (uint16_t)(0x30 + 3 * r));
    I(a, "LA", .r1 = 13, .d2 = 0x800);
    I(a, "SR", .r1 = 4, .r2 = 4);
    I(a, "LA", .r1 = 3, .d2 = 1);
    uint32_t loop = a->pc;
    I(a, "L", .r1 = 1, .d2 = 0x100);            /* passes left - 1 */
    I(a, "S", .r1 = 1, .d2 = 0x104);
    I(a, "ST", .r1 = 1, .d2 = 0x100);
    I(a, "STM", .r1 = 14, .r2 = 12, .b2 = 13, .d2 = 12);
    I(a, "LA", .r1 = 2, .b2 = 2, .d2 = 5);      /* changed, then loaded back */
    I(a, "LA", .r1 = 11, .b2 = 11, .d2 = 7);
    I(a, "LM", .r1 = 14, .r2 = 12, .b2 = 13, .d2 = 12);
    I(a, "STM", .r1 = 0, .r2 = 15, .d2 = 0x900);
    I(a, "LM", .r1 = 6, .r2 = 6, .d2 = 0x904);  /* one register: GR6 <- GR1 */
    I(a, "STM", .r1 = 5, .r2 = 4, .d2 = 0xA00);
    /* GR8 <- LA 4,D(4) with D from GR3, GR9 <- the LA 3,16 after it as it
       is: STM 8,9 stores them over the next two instructions */
    I(a, "L", .r1 = 8, .d2 = 0x10C);
    I(a, "AR", .r1 = 8, .r2 = 3);
    I(a, "L", .r1 = 9, .d2 = 0x108);
    uint32_t stm = a->pc;
    I(a, "STM", .r1 = 8, .r2 = 9, .d2 = (uint16_t)(stm + 4));
    I(a, "LA", .r1 = 4, .b2 = 4, .d2 = 0);      /* rewritten by the STM */
    uint32_t la3 = a->pc;
    I(a, "LA", .r1 = 3, .d2 = 16);
    I(a, "LTR", .r1 = 1, .r2 = 1);
    I(a, "BC", .r1 = 7, .d2 = (uint16_t)loop);
    finish(a);
    word(a->mem + 0x10C, 0x41440000u);
    memcpy(a->mem + 0x108, a->mem + la3, 4);
}

static void setup_regwatch(struct vm *vm, const void *arg)
{
    setup_prog(vm, arg);
    vm_set_watchpoint(vm, 0xBF0, 4, VM_WATCH_WRITE);    /* the page, not the range */
}

static void setup_regwatch0(struct vm *vm, const void *arg)
{
    setup_prog(vm, arg);
    vm_set_watchpoint(vm, 0x7F0, 4, VM_WATCH_WRITE);    /* page 0: no flat prefix */
}

static void setup_regwatch_hit(struct vm *vm, const void *arg)
{
    setup_prog(vm, arg);
    vm_set_watchpoint(vm, 0xA20, 1, VM_WATCH_WRITE);    /* inside STM 5,4's words */
}

static void test_regloops(void)
{
    static struct asm_ a;
    struct snap s, w;
    build_regloops(&a);
    agree("LM and STM register loops", setup_prog, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    check_uint(s.gr[4], ==, 1 + (RL_PASSES - 1) * 16);  /* the rewritten LA each pass */
    check_uint(s.gr[8], ==, 0x41440000u + 16);
    check_uint(s.gr[6], ==, s.gr[1]);
    check_uint(s.gr[1], ==, 0);
    check_uint(s.gr[13], ==, 0x800);
    agree("LM and STM off the flat storage path", setup_regwatch, &a, 0, &w);
    check_int(w.st, ==, VM_NO_SVC_HANDLER);
    check(w.hash == s.hash && !memcmp(w.gr, s.gr, sizeof s.gr));
    check_int(w.ctr.cycles, ==, s.ctr.cycles);
    agree("LM and STM by the page tables, no flat prefix", setup_regwatch0, &a, 0, &w);
    check_int(w.st, ==, VM_NO_SVC_HANDLER);
    check(w.hash == s.hash && !memcmp(w.gr, s.gr, sizeof s.gr));
    agree("a watchpoint inside STM's words", setup_regwatch_hit, &a, 0, &w);
    check_int(w.st, ==, VM_WATCHPOINT);
    check_int(w.ctr.instructions, <, s.ctr.instructions);
    /* the register values STM 5,4 stored on the last pass, in order */
    struct vm *vm = vm_new(NULL);
    setup_prog(vm, &a);
    vm_run(vm, LIMIT);
    uint8_t m[64];
    vm_fetch_bytes(vm, 0xA00, m, sizeof m);
    int same = 1;
    for (unsigned i = 0; i < 16; i++) {
        unsigned r = (5 + i) & 15;
        uint32_t v = (uint32_t)m[4 * i] << 24 | (uint32_t)m[4 * i + 1] << 16 |
                     (uint32_t)m[4 * i + 2] << 8 | m[4 * i + 3];
        same &= v == vm_get_gr(vm, r) || r == 4 || r == 8 || r == 9;  /* (set after it) */
    }
    check(same);
    vm_free(vm);
}

/*
 * A key change the storage path has made before is made again from the
 * entries it saved (storage.c st_set_key) -- unless a page was mapped
 * again since.  The program runs under key 8 and makes an SVC a pass,
 * whose handler, under key 0, stores into a block of key 0 (X'900') and
 * goes back by LPSW; after some passes the host sets a watchpoint there,
 * which the next store must hit.
 */
static void build_keyswitch(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x60, 0x00080000u);           /* SVC new PSW: key 0 */
    word(a->mem + 0x380, 0x000A0000u);          /* the end: a disabled wait */
    I(a, "LA", .r1 = 5, .d2 = 40);
    uint32_t loop = a->pc;
    I(a, "SVC", .i2 = 1);
    I(a, "BCT", .r1 = 5, .d2 = (uint16_t)loop);
    I(a, "LPSW", .d2 = 0x380);
    word(a->mem + 0x64, a->pc);
    I(a, "MVI", .d1 = 0x900, .i2 = 0x5A);
    I(a, "LPSW", .d2 = 0x20);                   /* back: key 8 */
}

static void setup_keyswitch(struct vm *vm, const void *arg)
{
    setup_prog(vm, arg);
    vm_set_storage_key(vm, 0, 0x800, 0x80);
    vm_set_storage_key(vm, 0x800, 0x800, 0x00);
    vm_set_storage_key(vm, 0x1000, vm_storage_size(vm) - 0x1000, 0x80);
    vm_set_psw(vm, VM_PSW_EC | UINT64_C(8) << 52 | ORG);
}

static void test_keyswitch(void)
{
    static struct asm_ a;
    struct snap s;
    build_keyswitch(&a);
    agree("key changes back and forth", setup_keyswitch, &a, 0, &s);
    check_int(s.st, ==, VM_DISABLED_WAIT);
    check_uint(s.gr[5], ==, 0);
    for (uint64_t at = 300; at <= 900; at += 150) {
        struct vm *vm = vm_new(NULL);
        setup_keyswitch(vm, &a);
        check_int(vm_run(vm, at), ==, VM_CYCLE_LIMIT);
        check_int(vm_set_watchpoint(vm, 0x900, 1, VM_WATCH_WRITE), ==, 0);
        check_int(vm_run(vm, LIMIT), ==, VM_WATCHPOINT);
        check_uint(vm_last_watch(vm)->addr, ==, 0x900);
        vm_free(vm);
    }
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

/* ---- storage-to-storage byte loops ------------------------------------------ */

/*
 * MVC's loop and XC's clear of an operand with itself run every pass in
 * one fast-path case, or all passes at once where nothing could see the
 * single bytes.  The programs below give each such loop its edges --
 * lengths 1, 2, 255 and 256, overlaps, ranges across a 2 KiB page and a
 * 4 KiB key block, a store into the next instruction -- and run them
 * where the bulk form applies (all of storage flat), where it must not
 * (a watchpoint below the data, PSW key 1: every pass through the page
 * tables), with a watchpoint and PER storage alteration inside a range,
 * and into a protected block.  Storage is checked against a byte-by-byte
 * model of the architecture's rule, and every cycle limit of a sweep
 * against the reference engine, the datapath included.
 */
#define SS_DATA 0x2000u                 /* the data: X'2000'-X'3FFF' */
#define SS_END 0x4000u
#define SS_STORAGE 0x10000u
#define SS_LA_NEW 0x41200064u           /* LA 2,100: stored over LA 2,1 */

struct ss_op {
    int xc;                             /* XC d,d (the clear); else MVC d,s */
    uint32_t d, s, len;
};

static const struct ss_op ss_ops[] = {
    { 0, 0x3100, 0x2000, 1 }, { 0, 0x3110, 0x2010, 2 }, { 0, 0x3200, 0x2020, 255 },
    { 0, 0x3400, 0x2100, 256 },
    { 1, 0x2200, 0, 1 }, { 1, 0x2210, 0, 2 }, { 1, 0x2300, 0, 255 }, { 1, 0x2400, 0, 256 },
    { 0, 0x2501, 0x2500, 255 },         /* MVC 1(255,R),0(R): one byte over all */
    { 0, 0x2603, 0x2600, 200 },         /* three bytes over and over */
    { 0, 0x2700, 0x2705, 200 },         /* below its source: a plain move */
    { 0, 0x27C0, 0x2080, 256 },         /* into the next 2 KiB page */
    { 0, 0x3600, 0x27A0, 256 },         /* from across a page */
    { 0, 0x2F80, 0x2000, 256 },         /* across the 4 KiB block at X'3000' */
    { 1, 0x2FC0, 0, 256 },
    { 0, 0x2E00, 0x2E00, 256 },         /* onto itself */
};
#define SS_NOPS (sizeof ss_ops / sizeof ss_ops[0])

static uint8_t ss_byte(uint32_t a) { return (uint8_t)(a * 7 + 3 + (a >> 8)); }

/* The program: each loop of ss_ops through base registers 4 and 5 loaded
 * from words at X'100'; with code set, then an MVC over the instruction
 * after it (LA 2,1 becomes LA 2,100). */
static uint32_t ss_last;                /* the last loop's instruction */

static void build_ss(struct asm_ *a, int code)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x68, 0x000A0000u);           /* program new PSW: stop at X'BAD' */
    word(a->mem + 0x6C, 0x00000BADu);
    for (unsigned i = 0; i < SS_NOPS; i++) {
        const struct ss_op *o = &ss_ops[i];
        word(a->mem + 0x100 + 8 * i, o->d);
        word(a->mem + 0x104 + 8 * i, o->s);
        I(a, "L", .r1 = 4, .d2 = (uint16_t)(0x100 + 8 * i));
        if (!o->xc)
            I(a, "L", .r1 = 5, .d2 = (uint16_t)(0x104 + 8 * i));
        ss_last = a->pc;
        if (o->xc)
            I(a, "XC", .i2 = (uint8_t)(o->len - 1), .b1 = 4, .b2 = 4);
        else
            I(a, "MVC", .i2 = (uint8_t)(o->len - 1), .b1 = 4, .b2 = 5);
    }
    if (code) {
        word(a->mem + 0x300, SS_LA_NEW);
        uint32_t mvc = a->pc;
        I(a, "MVC", .i2 = 3, .d1 = (uint16_t)(mvc + 6), .d2 = 0x300);
        I(a, "LA", .r1 = 2, .d2 = 1);
    }
    finish(a);
}

/* The data as the architecture leaves it: one byte at a time, left to right. */
static void ss_model(uint8_t *m)
{
    for (uint32_t x = SS_DATA; x < SS_END; x++)
        m[x] = ss_byte(x);
    for (unsigned i = 0; i < SS_NOPS; i++)
        for (uint32_t k = 0; k < ss_ops[i].len; k++) {
            const struct ss_op *o = &ss_ops[i];
            m[o->d + k] = o->xc ? 0 : m[o->s + k];
        }
}

static void setup_ss(struct vm *vm, const void *arg)
{
    uint8_t b[SS_END - SS_DATA];
    for (uint32_t x = SS_DATA; x < SS_END; x++)
        b[x - SS_DATA] = ss_byte(x);
    setup_prog(vm, arg);
    vm_store_bytes(vm, SS_DATA, b, sizeof b);
}

/* Write watchpoints on bytes no loop stores into, in the pages of X'2000'
 * and X'3000': the stores into those pages take the slow side, and a loop
 * that touches either goes pass by pass. */
static void setup_ss_cut(struct vm *vm, const void *arg)
{
    setup_ss(vm, arg);
    vm_set_watchpoint(vm, 0x2000, 4, VM_WATCH_WRITE);
    vm_set_watchpoint(vm, 0x37F0, 4, VM_WATCH_WRITE);
}

/* PSW key 1, the data's blocks key 1, the rest key 0: no flat prefix for
 * stores; the loops in the data at once through the tables. */
static void setup_ss_key(struct vm *vm, const void *arg)
{
    setup_ss(vm, arg);
    vm_set_storage_key(vm, SS_DATA, SS_END - SS_DATA, 0x10);
    vm_set_psw(vm, VM_PSW_EC | UINT64_C(1) << 52 | ORG);
}

/* A write watchpoint on one byte inside the last loop's range. */
#define SS_WATCH 0x2E41u
static void setup_ss_watch(struct vm *vm, const void *arg)
{
    setup_ss(vm, arg);
    vm_set_watchpoint(vm, SS_WATCH, 1, VM_WATCH_WRITE);
}

/* PER storage alteration of one byte inside the last loop's range. */
static void setup_ss_per(struct vm *vm, const void *arg)
{
    setup_ss(vm, arg);
    vm_set_cr(vm, 9, VM_CR9_SA);
    vm_set_cr(vm, 10, SS_WATCH);
    vm_set_cr(vm, 11, SS_WATCH);
    vm_set_psw(vm, VM_PSW_EC | VM_PSW_PER | ORG);
}

/* The data and what the run left in it. */
static void ss_fast(setup_fn setup, const void *arg, uint8_t *m, enum vm_status *st,
                    struct vm_watch_hit *hit)
{
    struct vm_config cfg = { SS_STORAGE };
    struct vm *vm = vm_new(&cfg);
    setup(vm, arg);
    *st = vm_run(vm, LIMIT);
    vm_fetch_bytes(vm, 0, m, SS_STORAGE);
    if (hit)
        *hit = *vm_last_watch(vm);
    vm_free(vm);
}

/*
 * The fast run and the reference side by side, each stopped by the same
 * cycle limits and resumed: the first limit `first' cycles in, then every
 * `step' cycles, to the end.  At each stop everything they left must
 * agree: status, counters, micro-PC, PSW, registers, all of storage and
 * the datapath (MDR, MAR, MAR2, CNT, the work registers; with flags set,
 * Y and the Z, N and V flags too: between instructions the fast path
 * leaves flags that no microword reads as they were, liveness.c, but a
 * loop's passes set them).  Returns how many stops differed, and in *n
 * how many there were, in *inside how many were inside an instruction.
 */
struct ss_state {
    struct snap s;
    struct vm_datapath dp;
};

static int ss_same(const struct ss_state *a, const struct ss_state *b, int flags)
{
    const struct vm_datapath *x = &a->dp, *y = &b->dp;
    return a->s.st == b->s.st && a->s.psw == b->s.psw && a->s.upc == b->s.upc &&
           !memcmp(a->s.gr, b->s.gr, sizeof a->s.gr) && a->s.ctr.cycles == b->s.ctr.cycles &&
           a->s.ctr.microwords == b->s.ctr.microwords &&
           a->s.ctr.instructions == b->s.ctr.instructions &&
           !memcmp(a->s.ctr.op_cycles, b->s.ctr.op_cycles, sizeof a->s.ctr.op_cycles) &&
           x->mdr == y->mdr && x->mar == y->mar && x->mar2 == y->mar2 && x->cnt == y->cnt &&
           (!flags || (x->y == y->y && x->fz == y->fz && x->fn == y->fn && x->fv == y->fv)) &&
           !memcmp(x->w, y->w, sizeof x->w) && x->upc == y->upc;
}

static void ss_take(struct vm *vm, enum vm_status st, struct ss_state *o, uint8_t *m)
{
    memset(o, 0, sizeof *o);
    o->s.st = st;
    o->s.psw = vm_get_psw(vm);
    for (unsigned i = 0; i < 16; i++)
        o->s.gr[i] = vm_get_gr(vm, i);
    o->s.upc = vm_micro_pc(vm);
    o->s.ctr = *vm_counters(vm);
    vm_datapath(vm, &o->dp);
    vm_fetch_bytes(vm, 0, m, vm_storage_size(vm));
}

static unsigned ss_lockstep(setup_fn setup, const void *arg, uint32_t storage, uint64_t first,
                            uint64_t step, int flags, unsigned *n, unsigned *inside)
{
    struct vm_config cfg = { storage };
    struct vm *f = vm_new(&cfg), *o = vm_new(&cfg);
    struct vm_trace tr = { .micro = no_stop };
    uint8_t *mf = malloc(storage), *mo = malloc(storage);
    unsigned bad = 0;
    setup(f, arg);
    setup(o, arg);
    vm_set_trace(o, &tr);
    *n = *inside = 0;
    for (uint64_t lim = first; mf && mo; lim = step) {
        struct ss_state a, b;
        enum vm_status sf = vm_run(f, lim), so = vm_run(o, lim);
        ss_take(f, sf, &a, mf);
        ss_take(o, so, &b, mo);
        ++*n;
        *inside += sf == VM_CYCLE_LIMIT && !vm_between_instructions(f);
        if ((!ss_same(&a, &b, flags) || memcmp(mf, mo, storage)) && bad++ == 0)
            printf("#   stop %u: status %s/%s cycles %llu/%llu upc %u/%u cnt %x/%x "
                   "mar %06x/%06x mar2 %06x/%06x mdr %x/%x y %x/%x znv %u%u%u/%u%u%u "
                   "storage %s\n", *n, vm_status_name(sf), vm_status_name(so),
                   (unsigned long long)a.s.ctr.cycles, (unsigned long long)b.s.ctr.cycles,
                   a.s.upc, b.s.upc, a.dp.cnt, b.dp.cnt, a.dp.mar, b.dp.mar, a.dp.mar2,
                   b.dp.mar2, a.dp.mdr, b.dp.mdr, a.dp.y, b.dp.y, a.dp.fz, a.dp.fn, a.dp.fv,
                   b.dp.fz, b.dp.fn, b.dp.fv, memcmp(mf, mo, storage) ? "differs" : "same");
        if (sf != VM_CYCLE_LIMIT || so != VM_CYCLE_LIMIT || a.s.ctr.cycles >= LIMIT)
            break;
    }
    if (!mf || !mo)
        bad++;
    free(mf);
    free(mo);
    vm_free(f);
    vm_free(o);
    return bad;
}

/*
 * Loops longer than a run's runaway margin (its limit + 2^20 cycles), so
 * that a limit can stop a run inside one: the machine's control store
 * with the length word of MVC and of NC, OC and XC (CNT <- L + 1, the
 * first word of MVC and of ss_logic_setup) made CNT <- X'100000' (A=LITH
 * with LIT X'0010'), then MVC and XC X,X of 1 MiB.
 */
#define SS_LONG 0x100000u
#define SS_LONG_STORAGE 0x400000u

struct ss_long {
    struct asm_ a;
    char *cs;
};

/* Set the field at bit pos, width bits, of the 96-bit word written as 24
 * hex digits at h (bit 0 the last digit's lowest). */
static void hex_field(char *h, unsigned pos, unsigned width, unsigned v)
{
    static const char hex[] = "0123456789ABCDEF";
    for (unsigned i = 0; i < width; i++) {
        unsigned bit = pos + i, at = 23 - bit / 4, m = 1u << (bit % 4);
        unsigned d = (unsigned)(strchr(hex, h[at]) - hex);
        h[at] = hex[v >> i & 1 ? d | m : d & ~m];
    }
}

static char *ss_long_cs(void)
{
    static const char *const names[] = { "\nS MVC ", "\nS ss_logic_setup " };
    const char *cs = vm_default_control_store;
    char *t = malloc(strlen(cs) + 1);
    if (!t)
        return NULL;
    strcpy(t, cs);
    for (unsigned i = 0; i < 2; i++) {
        const char *sym = strstr(t, names[i]);
        unsigned addr;
        char w[16];
        if (!sym || sscanf(sym + strlen(names[i]), "%x", &addr) != 1)
            goto bad;
        snprintf(w, sizeof w, "\nW %03X ", addr);
        char *h = strstr(t, w);
        if (!h)
            goto bad;
        h += strlen(w);
        hex_field(h, MC_POS_A, MC_WIDTH_A, MC_SRC_LITH);
        hex_field(h, MC_POS_LIT, MC_WIDTH_LIT, SS_LONG >> 16);
    }
    return t;
bad:
    free(t);
    return NULL;
}

static void build_ss_long(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x100, SS_LONG);
    word(a->mem + 0x104, 2 * SS_LONG);
    word(a->mem + 0x108, 3 * SS_LONG);
    I(a, "L", .r1 = 4, .d2 = 0x100);
    I(a, "L", .r1 = 5, .d2 = 0x104);
    I(a, "L", .r1 = 6, .d2 = 0x108);
    I(a, "MVC", .i2 = 0, .b1 = 4, .b2 = 5);     /* (the length: the control store's) */
    I(a, "XC", .i2 = 0, .b1 = 6, .b2 = 6);
    finish(a);
}

static void setup_ss_long(struct vm *vm, const void *arg)
{
    const struct ss_long *l = arg;
    static uint8_t b[2 * SS_LONG];
    if (vm_load_control_store_text(vm, l->cs, strlen(l->cs), NULL, 0) != 0)
        printf("# the long loops' control store does not load\n");
    for (uint32_t x = 0; x < sizeof b; x++)
        b[x] = ss_byte(x);
    setup_prog(vm, &l->a);
    vm_store_bytes(vm, 2 * SS_LONG, b, sizeof b);
}

static void test_ss_long(void)
{
    static struct ss_long l;
    struct snap s;
    l.cs = ss_long_cs();
    if (!check(l.cs != NULL))
        return;
    build_ss_long(&l.a);
    agree("1 MiB SS loops", setup_ss_long, &l, SS_LONG_STORAGE, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    check_uint(s.gr[4], ==, SS_LONG);
    {
        struct vm_config cfg = { SS_LONG_STORAGE };
        struct vm *vm = vm_new(&cfg);
        uint8_t m[4];
        setup_ss_long(vm, &l);
        vm_run(vm, LIMIT);
        vm_fetch_bytes(vm, SS_LONG + SS_LONG - 4, m, 4);
        check_uint(m[3], ==, ss_byte(SS_LONG - 1));         /* the last byte moved */
        vm_fetch_bytes(vm, 3 * SS_LONG + SS_LONG - 4, m, 4);
        check_uint(m[0] | m[1] | m[2] | m[3], ==, 0);       /* the last bytes cleared */
        vm_free(vm);
    }
    /* limits whose runaway bound falls inside the loops: eight first
     * limits in a row (every phase of a pass), each run resumed with
     * limits that fall inside them again */
    unsigned bad = 0, stops = 0, inside = 0;
    for (unsigned i = 0; i < 8; i++) {
        unsigned n, in;
        bad += ss_lockstep(setup_ss_long, &l, SS_LONG_STORAGE, 1000 + i, 300000 + 7919 * i, 1,
                           &n, &in);
        stops += n;
        inside += in;
    }
    check_int(bad, ==, 0);
    check_int(inside, >=, 16);                  /* they did stop inside the loops */
    printf("# %u stops, %u inside a loop\n", stops, inside);
    free(l.cs);
}

static void test_ss_loops(void)
{
    static struct asm_ a;
    static uint8_t want[SS_STORAGE], got[SS_STORAGE];
    struct snap s;
    enum vm_status st;
    struct vm_watch_hit hit;
    static const struct {
        const char *name;
        setup_fn setup;
        int code;
    } runs[] = {
        { "SS loops, flat storage", setup_ss, 1 },
        { "SS loops, pass by pass", setup_ss_cut, 1 },
        { "SS loops, PSW key 1", setup_ss_key, 0 },
    };

    ss_model(want);
    for (unsigned r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        char what[160];
        build_ss(&a, runs[r].code);
        agree(runs[r].name, runs[r].setup, &a, SS_STORAGE, &s);
        check_int(s.st, ==, VM_NO_SVC_HANDLER);
        if (runs[r].code)
            check_uint(s.gr[2], ==, 100);       /* the LA stored over ran */
        ss_fast(runs[r].setup, &a, got, &st, NULL);
        snprintf(what, sizeof what, "%s: the data as byte by byte", runs[r].name);
        tap_ok(!memcmp(got + SS_DATA, want + SS_DATA, SS_END - SS_DATA), __FILE__, __LINE__,
               what);
        unsigned n, in, bad = ss_lockstep(runs[r].setup, &a, SS_STORAGE, 1, 7, 0, &n, &in);
        snprintf(what, sizeof what, "%s: %u cycle limits stop as the reference", runs[r].name, n);
        tap_ok(bad == 0, __FILE__, __LINE__, what);
    }
    /* the model itself: the overlaps propagate */
    check_uint(want[0x2501 + 254], ==, ss_byte(0x2500));
    check_uint(want[0x2603 + 199], ==, ss_byte(0x2600 + 199 % 3));

    /* a watchpoint on a byte of the last loop: that loop completes, then
     * the run stops */
    build_ss(&a, 0);
    agree("SS loops, a watchpoint inside", setup_ss_watch, &a, SS_STORAGE, &s);
    check_int(s.st, ==, VM_WATCHPOINT);
    ss_fast(setup_ss_watch, &a, got, &st, &hit);
    check_int(st, ==, VM_WATCHPOINT);
    check_uint(hit.addr, ==, SS_WATCH);
    check(!memcmp(got + SS_DATA, want + SS_DATA, SS_END - SS_DATA));

    /* PER storage alteration of a byte of the last loop: the event is that
     * MVC's, after all of it (the program new PSW stops at X'BAD') */
    agree("SS loops, PER storage alteration inside", setup_ss_per, &a, SS_STORAGE, &s);
    check_uint(s.psw & 0xFFFFFF, ==, 0xBAD);
    ss_fast(setup_ss_per, &a, got, &st, NULL);
    check(!memcmp(got + SS_DATA, want + SS_DATA, SS_END - SS_DATA));
    check_uint(got[0x96], ==, 0x20);                    /* PER code: storage alteration */
    check_uint(got[0x9A] << 8 | got[0x9B], ==, ss_last);
    {
        unsigned n, in;
        check_int(ss_lockstep(setup_ss_per, &a, SS_STORAGE, 1, 5, 0, &n, &in), ==, 0);
    }
}

int main(void)
{
    test_ss_loops();
    test_ss_long();
    test_programs();
    test_chaining();
    test_multiple();
    test_regloops();
    test_keyswitch();
    test_host_store();
    test_oracle_images();
    return tap_done();
}
