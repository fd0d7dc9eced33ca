/*
 * t-vm-long.c -- the long and interlocked instructions of mc/src/long.mc on
 * the microcoded machine: MVCL and CLCL (padding, lengths, overlap, odd
 * pairs, units of operation, resumption after external interruptions,
 * access exceptions part way), TS, CS, CDS and MC.  Programs are built
 * with isa_encode in storage and end with an SVC that has no handler;
 * registers, CC, storage and interruption codes are checked against the
 * System/370 results (GA22-7000; the MVCL/CLCL cases of the Hercules
 * golden group `long' are checked by t9000).
 */
#include "tap.h"
#include "vm-prog.h"

#include <stdlib.h>
#include <string.h>

#define DATA 0x800
#define UNIT 2048               /* bytes per unit of operation (long.mc) */

static void start(struct prog *p) { prog_start(p); }
static enum vm_status run(struct prog *p) { return run_for(p, 20000000); }
static uint32_t svc_ia(struct prog *p) { return word(p, 0x24); }
static uint64_t executions(struct prog *p, unsigned op) { return vm_counters(p->vm)->op_count[op]; }

static void set_regs(struct prog *p, uint32_t r2, uint32_t r3, uint32_t r6, uint32_t r7)
{
    vm_set_gr(p->vm, 2, r2);
    vm_set_gr(p->vm, 3, r3);
    vm_set_gr(p->vm, 6, r6);
    vm_set_gr(p->vm, 7, r7);
}

static void check_regs(struct prog *p, uint32_t r2, uint32_t r3, uint32_t r6, uint32_t r7)
{
    check_uint(vm_get_gr(p->vm, 2), ==, r2);
    check_uint(vm_get_gr(p->vm, 3), ==, r3);
    check_uint(vm_get_gr(p->vm, 6), ==, r6);
    check_uint(vm_get_gr(p->vm, 7), ==, r7);
}

/* ---- MVCL ------------------------------------------------------------------- */

/* MVCL 2,6 with the given registers on storage holding 01 02 03 ... at DATA. */
static struct prog mvcl_case(uint32_t r2, uint32_t r3, uint32_t r6, uint32_t r7)
{
    struct prog p;
    start(&p);
    uint8_t seq[64];
    for (int i = 0; i < 64; i++)
        seq[i] = (uint8_t)(i + 1);
    vm_store_bytes(p.vm, DATA, seq, sizeof seq);
    set_regs(&p, r2, r3, r6, r7);
    I(&p, "MVCL", .r1 = 2, .r2 = 6);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    return p;
}

static void test_mvcl_basic(void)
{
    /* equal lengths: CC0, addresses advanced, lengths 0 */
    struct prog p = mvcl_case(DATA + 32, 8, DATA, 8);
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_regs(&p, DATA + 40, 0, DATA + 8, 0);
    check_uint(word(&p, DATA + 32), ==, 0x01020304);
    check_uint(word(&p, DATA + 36), ==, 0x05060708);
    check_uint(byte_at(&p, DATA + 40), ==, 41);                 /* nothing beyond */
    vm_free(p.vm);

    /* op2 shorter: padded with X'40', CC2; the pad stays in R7 bits 0-7 */
    p = mvcl_case(DATA + 32, 9, DATA, 0x40000003);
    check_uint(vm_get_cc(p.vm), ==, 2);
    check_regs(&p, DATA + 41, 0, DATA + 3, 0x40000000);
    check_uint(word(&p, DATA + 32), ==, 0x01020340);
    check_uint(word(&p, DATA + 36), ==, 0x40404040);
    check_uint(byte_at(&p, DATA + 40), ==, 0x40);
    check_uint(byte_at(&p, DATA + 41), ==, 42);
    vm_free(p.vm);

    /* op1 shorter: CC1, op2 length keeps what was not moved */
    p = mvcl_case(DATA + 32, 3, DATA, 8);
    check_uint(vm_get_cc(p.vm), ==, 1);
    check_regs(&p, DATA + 35, 0, DATA + 3, 5);
    check_uint(word(&p, DATA + 32), ==, 0x01020324);
    vm_free(p.vm);

    /* both lengths zero: CC0, nothing moved; bits 0-7 of R2 and R6 cleared,
     * of R3 kept */
    p = mvcl_case(0xAB000000 | (DATA + 32), 0xCD000000, 0xEF000000 | DATA, 0);
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_regs(&p, DATA + 32, 0xCD000000, DATA, 0);
    check_uint(byte_at(&p, DATA + 32), ==, 33);
    vm_free(p.vm);

    /* high bytes of the addresses ignored: moves from DATA to DATA+32 */
    p = mvcl_case(0xFF000000 | (DATA + 32), 0xFF000004, 0x12000000 | DATA, 4);
    check_regs(&p, DATA + 36, 0xFF000000, DATA + 4, 0);
    check_uint(word(&p, DATA + 32), ==, 0x01020304);
    vm_free(p.vm);

    /* an odd number of bytes over several words: 13 bytes, 5 of them pad */
    p = mvcl_case(DATA + 33, 13, DATA + 1, 0x00000008);
    check_uint(vm_get_cc(p.vm), ==, 2);
    check_regs(&p, DATA + 46, 0, DATA + 9, 0);
    check_uint(word(&p, DATA + 32), ==, 0x21020304);
    check_uint(word(&p, DATA + 36), ==, 0x05060708);
    check_uint(word(&p, DATA + 40), ==, 0x09000000);
    check_uint(word(&p, DATA + 44), ==, 0x00002F30);
    vm_free(p.vm);
}

static void test_mvcl_overlap(void)
{
    /* destination 2 bytes above the source, 6 bytes: destructive, CC3, no
     * move, registers as they were (bits 0-7 of the addresses cleared) */
    struct prog p = mvcl_case(0x77000000 | (DATA + 2), 6, DATA, 6);
    check_uint(vm_get_cc(p.vm), ==, 3);
    check_regs(&p, DATA + 2, 6, DATA, 6);
    check_uint(word(&p, DATA), ==, 0x01020304);
    check_uint(word(&p, DATA + 4), ==, 0x05060708);
    vm_free(p.vm);

    /* the last byte moved is the first byte stored into: still destructive */
    p = mvcl_case(DATA + 5, 6, DATA, 6);
    check_uint(vm_get_cc(p.vm), ==, 3);
    vm_free(p.vm);

    /* destination right after the moved bytes: no overlap */
    p = mvcl_case(DATA + 6, 6, DATA, 6);
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_uint(word(&p, DATA + 4), ==, 0x05060102);
    check_uint(word(&p, DATA + 8), ==, 0x03040506);
    vm_free(p.vm);

    /* destination below the source (left-to-right move is safe) */
    p = mvcl_case(DATA, 6, DATA + 2, 6);
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_uint(word(&p, DATA), ==, 0x03040506);
    check_uint(word(&p, DATA + 4), ==, 0x07080708);
    vm_free(p.vm);

    /* overlap only through the pad: only 2 bytes come from op2 */
    p = mvcl_case(DATA + 2, 6, DATA, 2);
    check_uint(vm_get_cc(p.vm), ==, 2);
    check_uint(word(&p, DATA), ==, 0x01020102);
    check_uint(word(&p, DATA + 4), ==, 0x00000000);
    vm_free(p.vm);

    /* same address: not destructive */
    p = mvcl_case(DATA, 8, DATA, 8);
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_regs(&p, DATA + 8, 0, DATA + 8, 0);
    vm_free(p.vm);
}

static void test_mvcl_spec(void)
{
    static const struct { const char *mn; uint8_t r1, r2; } odd[] = {
        { "MVCL", 3, 6 }, { "MVCL", 2, 7 }, { "CLCL", 1, 6 }, { "CLCL", 2, 5 },
    };
    for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        struct prog p;
        start(&p);
        set_regs(&p, DATA, 4, DATA + 8, 4);
        I(&p, odd[k].mn, .r1 = odd[k].r1, .r2 = odd[k].r2);
        check_int(run(&p), ==, VM_NO_PGM_HANDLER);
        check_uint(pgm_code(&p), ==, 6);
        check_uint(word(&p, 0x8C), ==, 0x00020006);           /* ILC 1 */
        check_uint(word(&p, 0x2C), ==, ORG + 2);              /* suppressed */
        check_regs(&p, DATA, 4, DATA + 8, 4);
        vm_free(p.vm);
    }
}

/* A pattern that changes every byte and every 256 bytes. */
static uint8_t pattern(uint32_t i) { return (uint8_t)(i * 7 + (i >> 8)); }

static void fill_pattern(struct prog *p, uint32_t at, uint32_t n)
{
    uint8_t *buf = malloc(n);
    for (uint32_t i = 0; i < n; i++)
        buf[i] = pattern(i);
    vm_store_bytes(p->vm, at, buf, n);
    free(buf);
}

/* Byte i of [at, at+n) is pattern(i) for i < m, pad for m <= i < n. */
static int moved_ok(struct prog *p, uint32_t at, uint32_t n, uint32_t m, uint8_t pad)
{
    for (uint32_t i = 0; i < n; i++) {
        uint8_t b = 0;
        vm_fetch_bytes(p->vm, at + i, &b, 1);
        if (b != (i < m ? pattern(i) : pad)) {
            printf("# byte %u at %06X is %02X\n", i, at + i, b);
            return 0;
        }
    }
    return 1;
}

#define BIG 102400u                 /* 100 KB */
#define SRC 0x20000u
#define DST 0x50000u

/*
 * 100 KB stepped one instruction at a time: each step is one unit of 2048
 * bytes, the PSW stays on the MVCL, the registers describe the progress.
 */
static void test_mvcl_units(void)
{
    struct prog p;
    start(&p);
    fill_pattern(&p, SRC, BIG);
    set_regs(&p, DST, BIG, SRC, 0x5C000000 | 60000);      /* 60000 bytes, then pad */
    I(&p, "MVCL", .r1 = 2, .r2 = 6);
    I(&p, "SVC", .i2 = 255);
    vm_set_psw(p.vm, VM_PSW_EC | ORG);
    unsigned steps = 0;
    int consistent = 1;
    while ((vm_get_psw(p.vm) & 0xFFFFFF) == ORG && steps < 1000) {
        check_int(vm_step_insn(p.vm), ==, VM_STEPPED);
        steps++;
        uint32_t done = steps * UNIT < BIG ? steps * UNIT : BIG;
        uint32_t from2 = done < 60000 ? done : 60000;
        if (vm_get_gr(p.vm, 2) != DST + done || vm_get_gr(p.vm, 3) != BIG - done ||
            vm_get_gr(p.vm, 6) != SRC + from2 || vm_get_gr(p.vm, 7) != (0x5C000000 | (60000 - from2))) {
            printf("# step %u: R2 %08X R3 %08X R6 %08X R7 %08X\n", steps, vm_get_gr(p.vm, 2),
                   vm_get_gr(p.vm, 3), vm_get_gr(p.vm, 6), vm_get_gr(p.vm, 7));
            consistent = 0;
        }
    }
    check_uint(steps, ==, (BIG + UNIT - 1) / UNIT);            /* 50 */
    check(consistent);
    check_uint(executions(&p, 0x0E), ==, 50);
    check_uint(vm_get_psw(p.vm) & 0xFFFFFF, ==, ORG + 2);
    check_uint(vm_get_cc(p.vm), ==, 2);
    check(moved_ok(&p, DST, BIG, 60000, 0x5C));
    check_uint(byte_at(&p, DST + BIG), ==, 0);
    vm_free(p.vm);
}

/*
 * The same move with the interval timer interrupting it: the external
 * handler counts, records the old PSW's address, restarts the timer and
 * returns with LPSW.  Interruptions land between units with the old PSW
 * on the MVCL, and the move ends exactly as without them.
 */
#define HANDLER 0x300
#define COUNT 0x280
#define LIST 0xC00

static void test_mvcl_interrupted(void)
{
    struct prog p;
    start(&p);
    fill_pattern(&p, SRC, BIG);
    /* external new PSW: EC mode, disabled, handler */
    set_word(&p, 0x58, 0x00080000);
    set_word(&p, 0x5C, HANDLER);
    set_word(&p, 0x284, 20);                                 /* timer restart value */
    p.pc = HANDLER;
    I(&p, "STM", .r1 = 14, .r2 = 15, .d2 = 0x290);
    I(&p, "L", .r1 = 15, .d2 = COUNT);
    I(&p, "LA", .r1 = 14, .r2 = 15, .d2 = 1);                /* count + 1 */
    I(&p, "ST", .r1 = 14, .d2 = COUNT);
    I(&p, "SLL", .r1 = 15, .d2 = 2);
    I(&p, "L", .r1 = 14, .d2 = 0x1C);                        /* old PSW address */
    I(&p, "ST", .r1 = 14, .r2 = 15, .d2 = LIST);             /* LIST[count] */
    I(&p, "MVC", .i2 = 3, .d1 = 0x50, .d2 = 0x284);          /* restart the timer */
    I(&p, "LM", .r1 = 14, .r2 = 15, .d2 = 0x290);
    I(&p, "LPSW", .d2 = 0x18);
    p.pc = ORG;
    set_word(&p, 0x50, 20);
    set_regs(&p, DST, BIG, SRC, 0x5C000000 | 60000);
    I(&p, "MVCL", .r1 = 2, .r2 = 6);
    I(&p, "SVC", .i2 = 255);
    vm_set_psw(p.vm, VM_PSW_EC | (UINT64_C(1) << 56) | ORG);  /* external mask on */
    check_int(vm_run(p.vm, 20000000), ==, VM_NO_SVC_HANDLER);
    uint32_t n = word(&p, COUNT), on_mvcl = 0, elsewhere = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t ia = word(&p, LIST + 4 * i) & 0xFFFFFF;
        if (ia == ORG)
            on_mvcl++;
        else if (ia != ORG + 2)
            elsewhere++;
    }
    printf("# %u external interruptions, %u of them inside the MVCL\n", n, on_mvcl);
    check(n >= 5);
    check(on_mvcl >= 5);
    check_uint(elsewhere, ==, 0);
    check_uint(executions(&p, 0x0E), ==, 50);                 /* one fetch per unit, as alone */
    check_uint(svc_ia(&p) & 0xFFFFFF, ==, ORG + 4);
    check_regs(&p, DST + BIG, 0, SRC + 60000, 0x5C000000);
    check_uint(vm_get_cc(p.vm), ==, 2);
    check(moved_ok(&p, DST, BIG, 60000, 0x5C));
    vm_free(p.vm);
}

/* MVCL as the target of EX: between units the PSW points at the EX. */
static void test_mvcl_ex(void)
{
    struct prog p;
    start(&p);
    fill_pattern(&p, SRC, 5000);
    set_regs(&p, DST, 5000, SRC, 5000);
    I(&p, "EX", .r1 = 0, .d2 = 0x3F0);
    p.pc = 0x3F0;
    I(&p, "MVCL", .r1 = 2, .r2 = 6);
    p.pc = ORG + 4;
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(executions(&p, 0x44), ==, 3);                  /* 2048 + 2048 + 904 */
    check_regs(&p, DST + 5000, 0, SRC + 5000, 0);
    check(moved_ok(&p, DST, 5000, 5000, 0));
    vm_free(p.vm);
}

/*
 * Access exceptions part way: operand 1 runs off the end of storage (1 MiB)
 * in its third unit.  Addressing 0005; the two units done are stored and
 * the registers say so; nothing of the failing unit is stored.
 */
static void test_mvcl_access(void)
{
    struct prog p;
    start(&p);
    uint32_t end = vm_storage_size(p.vm), a1 = end - 2 * UNIT - 100;
    fill_pattern(&p, SRC, 10000);
    set_regs(&p, a1, 10000, SRC, 10000);
    I(&p, "MVCL", .r1 = 2, .r2 = 6);
    check_int(run(&p), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 5);
    check_uint(word(&p, 0x8C), ==, 0x00020005);
    check_regs(&p, a1 + 2 * UNIT, 10000 - 2 * UNIT, SRC + 2 * UNIT, 10000 - 2 * UNIT);
    check(moved_ok(&p, a1, 2 * UNIT, 2 * UNIT, 0));
    check_uint(byte_at(&p, a1 + 2 * UNIT), ==, 0);           /* the unit that failed */
    vm_free(p.vm);

    /* operand 2 beyond storage from the start: nothing moved */
    start(&p);
    set_regs(&p, DST, 16, end - 8, 16);
    I(&p, "MVCL", .r1 = 2, .r2 = 6);
    check_int(run(&p), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 5);
    check_regs(&p, DST, 16, end - 8, 16);
    vm_free(p.vm);
}

/* Cycles of one MVCL of n bytes (op1 = op2 = n), measured alone. */
static uint64_t mvcl_cycles(uint32_t n, uint32_t l2)
{
    struct prog p;
    start(&p);
    set_regs(&p, DST, n, SRC, l2);
    I(&p, "MVCL", .r1 = 2, .r2 = 6);
    I(&p, "SVC", .i2 = 255);
    vm_set_psw(p.vm, VM_PSW_EC | ORG);
    check_int(vm_step_insn(p.vm), ==, VM_STEPPED);
    uint64_t c = vm_counters(p.vm)->op_cycles[0x0E];
    vm_free(p.vm);
    return c;
}

static void test_mvcl_cycles(void)
{
    uint64_t c256 = mvcl_cycles(256, 256), p256 = mvcl_cycles(256, 0), c0 = mvcl_cycles(0, 0);
    printf("# MVCL cycles: 256 bytes moved %llu, 256 bytes of pad %llu, length 0 %llu\n",
           (unsigned long long)c256, (unsigned long long)p256, (unsigned long long)c0);
    check(c256 > 256 && c256 < 400);                          /* about one cycle a byte */
    check(p256 > 128 && p256 < 300);
    check(c0 < 60);
}

/* ---- CLCL ------------------------------------------------------------------- */

static struct prog clcl_case(const char *op1, const char *op2, uint32_t r3, uint32_t r7)
{
    struct prog p;
    start(&p);
    vm_store_bytes(p.vm, DATA, op1, strlen(op1));
    vm_store_bytes(p.vm, DATA + 64, op2, strlen(op2));
    set_regs(&p, DATA, r3, DATA + 64, r7);
    I(&p, "CLCL", .r1 = 2, .r2 = 6);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    return p;
}

static void test_clcl(void)
{
    struct prog p = clcl_case("ABCD", "ABCD", 4, 4);
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_regs(&p, DATA + 4, 0, DATA + 68, 0);
    vm_free(p.vm);

    p = clcl_case("ABCD", "ABCE", 4, 4);                       /* low at the last byte */
    check_uint(vm_get_cc(p.vm), ==, 1);
    check_regs(&p, DATA + 3, 1, DATA + 67, 1);
    vm_free(p.vm);

    p = clcl_case("ABZD", "ABCD", 4, 4);                       /* high */
    check_uint(vm_get_cc(p.vm), ==, 2);
    check_regs(&p, DATA + 2, 2, DATA + 66, 2);
    vm_free(p.vm);

    p = clcl_case("AB  ", "AB", 4, 0x20000002);                /* op1 longer, pad equal */
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_regs(&p, DATA + 4, 0, DATA + 66, 0x20000000);
    vm_free(p.vm);

    p = clcl_case("AB!", "AB", 3, 0x20000002);                 /* '!' > pad ' ' */
    check_uint(vm_get_cc(p.vm), ==, 2);
    check_regs(&p, DATA + 2, 1, DATA + 66, 0x20000000);
    vm_free(p.vm);

    p = clcl_case("AB", "AB\x1F", 2, 0x20000003);              /* pad ' ' > X'1F' */
    check_uint(vm_get_cc(p.vm), ==, 2);
    check_regs(&p, DATA + 2, 0, DATA + 66, 0x20000001);
    vm_free(p.vm);

    p = clcl_case("AB", "AB\x7F", 2, 0x20000003);              /* pad < X'7F' */
    check_uint(vm_get_cc(p.vm), ==, 1);
    vm_free(p.vm);

    p = clcl_case("", "", 0xEE000000, 0x33000000);             /* both zero */
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_regs(&p, DATA, 0xEE000000, DATA + 64, 0x33000000);
    vm_free(p.vm);
}

/* 10000 equal bytes except byte 7000: found in the fourth unit. */
static void test_clcl_long(void)
{
    struct prog p;
    start(&p);
    fill_pattern(&p, SRC, 10000);
    fill_pattern(&p, DST, 10000);
    vm_store_bytes(p.vm, DST + 7000, "\xFF", 1);
    set_regs(&p, SRC, 10000, DST, 12000);                     /* op2 longer: pad 00 */
    I(&p, "CLCL", .r1 = 2, .r2 = 6);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(executions(&p, 0x0F), ==, 4);
    check_uint(vm_get_cc(p.vm), ==, pattern(7000) < 0xFF ? 1 : 2);
    check_regs(&p, SRC + 7000, 3000, DST + 7000, 5000);
    vm_free(p.vm);

    /* all equal, op2 longer than op1 by 3000 zero bytes matching pad 0 */
    start(&p);
    fill_pattern(&p, SRC, 5000);
    fill_pattern(&p, DST, 5000);
    set_regs(&p, SRC, 5000, DST, 8000);
    I(&p, "CLCL", .r1 = 2, .r2 = 6);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(executions(&p, 0x0F), ==, 4);                  /* 8000 bytes: 4 units */
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_regs(&p, SRC + 5000, 0, DST + 8000, 0);
    vm_free(p.vm);
}

/* ---- TS, CS, CDS ------------------------------------------------------------ */

static void test_ts(void)
{
    static const struct { uint8_t before, cc; } cases[] = {
        { 0x00, 0 }, { 0x7F, 0 }, { 0x80, 1 }, { 0xFF, 1 },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        struct prog p;
        start(&p);
        vm_store_bytes(p.vm, DATA + 1, &cases[k].before, 1);
        I(&p, "LA", .r1 = 5, .d2 = DATA);
        I(&p, "TS", .b2 = 5, .d2 = 1);
        check_int(run(&p), ==, VM_NO_SVC_HANDLER);
        check_uint(vm_get_cc(p.vm), ==, cases[k].cc);
        check_uint(byte_at(&p, DATA + 1), ==, 0xFF);
        check_uint(byte_at(&p, DATA), ==, 0);
        check_uint(byte_at(&p, DATA + 2), ==, 0);
        vm_free(p.vm);
    }
}

static void test_cs(void)
{
    struct prog p;
    start(&p);                                                 /* equal: swap */
    set_word(&p, DATA, 0x11111111);
    vm_set_gr(p.vm, 4, 0x11111111);
    vm_set_gr(p.vm, 5, 0x22222222);
    I(&p, "CS", .r1 = 4, .r2 = 5, .d2 = DATA);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_uint(word(&p, DATA), ==, 0x22222222);
    check_uint(vm_get_gr(p.vm, 4), ==, 0x11111111);
    vm_free(p.vm);

    start(&p);                                                 /* unequal: load */
    set_word(&p, DATA, 0x33333333);
    vm_set_gr(p.vm, 4, 0x11111111);
    vm_set_gr(p.vm, 5, 0x22222222);
    I(&p, "CS", .r1 = 4, .r2 = 5, .d2 = DATA);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_cc(p.vm), ==, 1);
    check_uint(word(&p, DATA), ==, 0x33333333);
    check_uint(vm_get_gr(p.vm, 4), ==, 0x33333333);
    vm_free(p.vm);

    start(&p);                                                 /* not word aligned */
    vm_set_gr(p.vm, 4, 0);
    I(&p, "CS", .r1 = 4, .r2 = 5, .d2 = DATA + 2);
    check_int(run(&p), ==, VM_NO_PGM_HANDLER);
    check_uint(word(&p, 0x8C), ==, 0x00040006);
    check_uint(word(&p, 0x2C), ==, ORG + 4);
    vm_free(p.vm);
}

static void test_cds(void)
{
    struct prog p;
    start(&p);                                                 /* equal: swap */
    set_word(&p, DATA, 1);
    set_word(&p, DATA + 4, 2);
    vm_set_gr(p.vm, 2, 1);
    vm_set_gr(p.vm, 3, 2);
    vm_set_gr(p.vm, 8, 0xAAAAAAAA);
    vm_set_gr(p.vm, 9, 0xBBBBBBBB);
    I(&p, "CDS", .r1 = 2, .r2 = 8, .d2 = DATA);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_cc(p.vm), ==, 0);
    check_uint(word(&p, DATA), ==, 0xAAAAAAAA);
    check_uint(word(&p, DATA + 4), ==, 0xBBBBBBBB);
    vm_free(p.vm);

    start(&p);                                                 /* second word differs */
    set_word(&p, DATA, 1);
    set_word(&p, DATA + 4, 7);
    vm_set_gr(p.vm, 2, 1);
    vm_set_gr(p.vm, 3, 2);
    vm_set_gr(p.vm, 8, 0xAAAAAAAA);
    I(&p, "CDS", .r1 = 2, .r2 = 8, .d2 = DATA);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_cc(p.vm), ==, 1);
    check_uint(vm_get_gr(p.vm, 2), ==, 1);
    check_uint(vm_get_gr(p.vm, 3), ==, 7);
    check_uint(word(&p, DATA), ==, 1);
    check_uint(word(&p, DATA + 4), ==, 7);
    vm_free(p.vm);

    static const struct { uint8_t r1, r3; uint16_t d2; } bad[] = {
        { 3, 8, DATA }, { 2, 9, DATA }, { 2, 8, DATA + 4 },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        start(&p);
        I(&p, "CDS", .r1 = bad[k].r1, .r2 = bad[k].r3, .d2 = bad[k].d2);
        check_int(run(&p), ==, VM_NO_PGM_HANDLER);
        check_uint(word(&p, 0x8C), ==, 0x00040006);
        vm_free(p.vm);
    }
}

/* ---- MC ----------------------------------------------------------------------- */

static struct prog mc_case(uint32_t cr8, uint8_t i2, enum vm_status want)
{
    struct prog p;
    start(&p);
    vm_set_cr(p.vm, 8, cr8);
    I(&p, "LA", .r1 = 7, .d2 = 0x123);
    I(&p, "MC", .b1 = 7, .d1 = 0x456, .i2 = i2);
    check_int(run(&p), ==, want);
    return p;
}

static void test_mc(void)
{
    struct prog p = mc_case(0, 5, VM_NO_SVC_HANDLER);          /* all classes masked */
    check_uint(word(&p, 0x9C), ==, 0);
    vm_free(p.vm);

    p = mc_case(0x00000400, 4, VM_NO_SVC_HANDLER);             /* class 5 on, class 4 off */
    vm_free(p.vm);

    p = mc_case(0x00000400, 5, VM_NO_PGM_HANDLER);             /* class 5 on */
    check_uint(word(&p, 0x8C), ==, 0x00040040);                /* ILC 2 */
    check_uint(word(&p, 0x2C), ==, ORG + 8);                   /* completed */
    check_uint(word(&p, 0x94) >> 16, ==, 0x0005);
    check_uint(word(&p, 0x9C), ==, 0x123 + 0x456);
    vm_free(p.vm);

    p = mc_case(0x00008001, 0, VM_NO_PGM_HANDLER);             /* class 0 is bit 16 */
    check_uint(word(&p, 0x8C), ==, 0x00040040);
    check_uint(word(&p, 0x94) >> 16, ==, 0);
    vm_free(p.vm);

    p = mc_case(0x0000FFFF, 0x15, VM_NO_PGM_HANDLER);          /* I2 bits 0-3 not 0 */
    check_uint(word(&p, 0x8C), ==, 0x00040006);
    check_uint(word(&p, 0x9C), ==, 0);
    vm_free(p.vm);
}

int main(void)
{
    test_mvcl_basic();
    test_mvcl_overlap();
    test_mvcl_spec();
    test_mvcl_units();
    test_mvcl_interrupted();
    test_mvcl_ex();
    test_mvcl_access();
    test_mvcl_cycles();
    test_clcl();
    test_clcl_long();
    test_ts();
    test_cs();
    test_cds();
    test_mc();
    return tap_done();
}
