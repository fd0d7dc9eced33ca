/*
 * t-vm-core.c -- the microcoded machine, instruction by instruction:
 * programs built with isa_encode in storage, run to an SVC with no handler
 * (the stop used as "end of test"), then registers, CC, storage and
 * interruption codes checked against the System/370 results.
 */
#include "tap.h"
#include "vm-prog.h"

#include <stdlib.h>
#include <string.h>

#define DATA 0x800

static void start(struct prog *p) { prog_start(p); }
static enum vm_status run(struct prog *p) { return run_for(p, 1000000); }

static void test_load_store(void)
{
    struct prog p;
    start(&p);
    set_word(&p, DATA, 0x12345678);
    set_word(&p, DATA + 4, 0xFFFF8001);
    I(&p, "LA", .r1 = 12, .d2 = DATA);
    I(&p, "L", .r1 = 1, .b2 = 12, .d2 = 0);
    I(&p, "LH", .r1 = 2, .b2 = 12, .d2 = 6);
    I(&p, "LR", .r1 = 3, .r2 = 1);
    I(&p, "ST", .r1 = 1, .b2 = 12, .d2 = 8);
    I(&p, "STH", .r1 = 1, .b2 = 12, .d2 = 12);
    I(&p, "IC", .r1 = 3, .b2 = 12, .d2 = 7);
    I(&p, "STC", .r1 = 1, .b2 = 12, .d2 = 16);
    I(&p, "LA", .r1 = 4, .r2 = 12, .b2 = 12, .d2 = 1);      /* X2 + B2 + D2 */
    I(&p, "LM", .r1 = 5, .r2 = 6, .b2 = 12, .d2 = 0);
    I(&p, "STM", .r1 = 14, .r2 = 1, .b2 = 12, .d2 = 32);     /* wraps 14,15,0,1 */
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_gr(p.vm, 1), ==, 0x12345678);
    check_uint(vm_get_gr(p.vm, 2), ==, 0xFFFF8001);
    check_uint(vm_get_gr(p.vm, 3), ==, 0x12345601);
    check_uint(vm_get_gr(p.vm, 4), ==, 2 * DATA + 1);
    check_uint(vm_get_gr(p.vm, 5), ==, 0x12345678);
    check_uint(vm_get_gr(p.vm, 6), ==, 0xFFFF8001);
    check_uint(word(&p, DATA + 8), ==, 0x12345678);
    check_uint(word(&p, DATA + 12), ==, 0x56780000);
    check_uint(word(&p, DATA + 16) >> 24, ==, 0x78);
    check_uint(word(&p, DATA + 40), ==, 0);                  /* GR0 */
    check_uint(word(&p, DATA + 44), ==, 0x12345678);         /* GR1 */
    /* the SVC old PSW: EC mode, IA after the SVC; X'88' = 00 02 00FF */
    check_uint(word(&p, 0x24), ==, p.pc);
    check_uint(word(&p, 0x88), ==, 0x000200FF);
    vm_free(p.vm);
}

static void test_arith(void)
{
    struct prog p;
    start(&p);
    set_word(&p, DATA, 7);
    I(&p, "LA", .r1 = 12, .d2 = DATA);
    I(&p, "LA", .r1 = 1, .d2 = 100);
    I(&p, "A", .r1 = 1, .b2 = 12);                           /* 107 */
    I(&p, "LA", .r1 = 2, .d2 = 5);
    I(&p, "SR", .r1 = 2, .r2 = 1);                            /* -102, CC1 */
    I(&p, "LR", .r1 = 5, .r2 = 2);
    I(&p, "LA", .r1 = 9, .d2 = 3);
    I(&p, "MR", .r1 = 8, .r2 = 2);                            /* 3 * -102 */
    I(&p, "LA", .r1 = 10, .d2 = 0);
    I(&p, "LA", .r1 = 11, .d2 = 100);
    I(&p, "D", .r1 = 10, .b2 = 12);                           /* 100 / 7 */
    I(&p, "LCR", .r1 = 3, .r2 = 1);                           /* -107 */
    I(&p, "CR", .r1 = 3, .r2 = 1);                            /* low: CC1 */
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_gr(p.vm, 1), ==, 107);
    check_uint(vm_get_gr(p.vm, 5), ==, (uint32_t)-102);
    check_uint(vm_get_gr(p.vm, 8), ==, 0xFFFFFFFF);
    check_uint(vm_get_gr(p.vm, 9), ==, (uint32_t)-306);
    check_uint(vm_get_gr(p.vm, 10), ==, 2);
    check_uint(vm_get_gr(p.vm, 11), ==, 14);
    check_uint(vm_get_gr(p.vm, 3), ==, (uint32_t)-107);
    check_int(vm_get_cc(p.vm), ==, 1);
    vm_free(p.vm);
}

/* SLA of a negative value by 32 or more: the zeros shifted in leave bit 1,
   unlike the sign, so CC 3 (found by the random differential, seed 210). */
static void test_sla_long_shift(void)
{
    static const struct { unsigned n; uint32_t v; unsigned cc; } c[] = {
        { 31, 0xFFFFFFFF, 1 }, { 32, 0xFFFFFFFF, 3 }, { 33, 0xFFFFFFFF, 3 },
        { 63, 0xFFFFFFFF, 3 }, { 32, 0x00000001, 3 }, { 32, 0x00000000, 0 },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        struct prog p;
        start(&p);
        set_word(&p, DATA, c[i].v);
        I(&p, "LA", .r1 = 12, .d2 = DATA);
        I(&p, "L", .r1 = 6, .b2 = 12);
        I(&p, "SLA", .r1 = 6, .d2 = (uint16_t)c[i].n);
        check_int(run(&p), ==, VM_NO_SVC_HANDLER);
        check_int(vm_get_cc(p.vm), ==, c[i].cc);
        vm_free(p.vm);
    }
}

static void test_overflow(void)
{
    struct prog p;
    start(&p);
    set_word(&p, DATA, 0x7FFFFFFF);
    I(&p, "LA", .r1 = 12, .d2 = DATA);
    I(&p, "L", .r1 = 1, .b2 = 12);
    I(&p, "LA", .r1 = 2, .d2 = 1);
    I(&p, "AR", .r1 = 1, .r2 = 2);                            /* masked: CC3 */
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(word(&p, 0x20) >> 12 & 3, ==, 3);              /* CC in the SVC old PSW */
    check_uint(vm_get_gr(p.vm, 1), ==, 0x80000000);
    vm_free(p.vm);

    /* with the FO mask on: program interruption 0008, completed */
    start(&p);
    set_word(&p, DATA, 0x7FFFFFFF);
    set_word(&p, DATA + 4, 0x08000000);
    I(&p, "LA", .r1 = 12, .d2 = DATA);
    I(&p, "L", .r1 = 3, .b2 = 12, .d2 = 4);
    I(&p, "SPM", .r1 = 3);
    I(&p, "L", .r1 = 1, .b2 = 12);
    I(&p, "A", .r1 = 1, .b2 = 12);
    uint32_t next = p.pc;
    check_int(run(&p), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 8);
    check_uint(word(&p, 0x8C), ==, 0x00040008);
    check_uint(word(&p, 0x28), ==, 0x00083800);               /* CC3, PM 8 */
    check_uint(word(&p, 0x2C), ==, next);
    check_uint(vm_get_gr(p.vm, 1), ==, 0xFFFFFFFE);
    check_int(vm_last_interrupt(p.vm)->code, ==, 8);
    check_int(vm_last_interrupt(p.vm)->ilc, ==, 2);
    vm_free(p.vm);
}

static void test_branch_loop(void)
{
    struct prog p;
    start(&p);
    I(&p, "LA", .r1 = 1, .d2 = 10);
    I(&p, "SR", .r1 = 2, .r2 = 2);
    uint32_t loop = p.pc;
    I(&p, "LA", .r1 = 2, .b2 = 2, .d2 = 3);                   /* r2 += 3 */
    I(&p, "BCT", .r1 = 1, .d2 = (uint16_t)loop);
    I(&p, "BALR", .r1 = 14, .r2 = 0);
    I(&p, "LA", .r1 = 4, .d2 = 1);                            /* increment */
    I(&p, "LA", .r1 = 5, .d2 = 5);                            /* limit */
    I(&p, "SR", .r1 = 7, .r2 = 7);
    uint32_t l2 = p.pc;
    I(&p, "LA", .r1 = 6, .b2 = 6, .d2 = 1);                   /* r6 counts passes */
    I(&p, "BXLE", .r1 = 7, .r2 = 4, .d2 = (uint16_t)l2);       /* 6 times */
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_gr(p.vm, 2), ==, 30);
    check_uint(vm_get_gr(p.vm, 1), ==, 0);
    check_uint(vm_get_gr(p.vm, 14) & 0xFFFFFF, ==, loop + 10);
    check_uint(vm_get_gr(p.vm, 14) >> 30, ==, 1);             /* ILC 1 */
    check_uint(vm_get_gr(p.vm, 6), ==, 6);
    vm_free(p.vm);
}

static void test_storage_ops(void)
{
    struct prog p;
    start(&p);
    const char *s = "ABCDEFGH";
    vm_store_bytes(p.vm, DATA, s, 8);
    I(&p, "LA", .r1 = 12, .d2 = DATA);
    I(&p, "MVC", .i2 = 7, .b1 = 12, .d1 = 16, .b2 = 12, .d2 = 0);
    I(&p, "MVI", .b1 = 12, .d1 = 32, .i2 = 0x40);
    I(&p, "MVC", .i2 = 6, .b1 = 12, .d1 = 33, .b2 = 12, .d2 = 32);   /* propagate */
    I(&p, "OI", .b1 = 12, .d1 = 16, .i2 = 0x0F);
    I(&p, "NI", .b1 = 12, .d1 = 17, .i2 = 0xF0);
    I(&p, "XC", .i2 = 1, .b1 = 12, .d1 = 18, .b2 = 12, .d2 = 18);
    I(&p, "CLC", .i2 = 3, .b1 = 12, .d1 = 0, .b2 = 12, .d2 = 16);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    uint8_t b[16];
    vm_fetch_bytes(p.vm, DATA + 16, b, 8);
    check_uint(b[0], ==, 'A' | 0x0F);
    check_uint(b[1], ==, 'B' & 0xF0);
    check_uint(b[2], ==, 0);
    check_uint(b[3], ==, 0);
    check_uint(b[7], ==, 'H');
    vm_fetch_bytes(p.vm, DATA + 32, b, 8);
    check_uint(b[7], ==, 0x40);
    check_int(vm_get_cc(p.vm), ==, 1);                          /* 'A' < 'A'|0F */
    vm_free(p.vm);
}

static void test_exceptions(void)
{
    struct prog p;
    /* privileged operation in the problem state */
    start(&p);
    I(&p, "LPSW", .d2 = 0x100);
    I(&p, "SVC", .i2 = 1);
    vm_set_psw(p.vm, VM_PSW_EC | VM_PSW_PROB | ORG);
    check_int(vm_run(p.vm, 10000), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 2);
    check_uint(word(&p, 0x2C), ==, ORG + 4);
    vm_free(p.vm);
    /* operation exception, odd register pair, addressing, divide by zero */
    const struct { const char *what; unsigned code; } want[] = {
        { "operation", 1 }, { "specification", 6 }, { "addressing", 5 }, { "divide", 9 },
    };
    for (int k = 0; k < 4; k++) {
        start(&p);
        uint8_t zero[2] = { 0x00, 0x00 };
        if (k == 0)
            vm_store_bytes(p.vm, p.pc, zero, 2), p.pc += 2;
        if (k == 1)
            I(&p, "MR", .r1 = 3, .r2 = 4);
        if (k == 2) {
            I(&p, "L", .r1 = 1, .d2 = 0xFFF, .r2 = 2, .b2 = 0);
            vm_set_gr(p.vm, 2, 0x100000);
        }
        if (k == 3)
            I(&p, "DR", .r1 = 2, .r2 = 5);
        check_int(run(&p), ==, VM_NO_PGM_HANDLER);
        check_uint(pgm_code(&p), ==, want[k].code);
        vm_free(p.vm);
    }
    /* wild branch to an odd address: 0006 at the fetch */
    start(&p);
    I(&p, "LA", .r1 = 1, .d2 = 0x501);
    I(&p, "BCR", .r1 = 15, .r2 = 1);
    check_int(run(&p), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 6);
    vm_free(p.vm);
}

static void test_limit_and_determinism(void)
{
    struct prog p;
    uint64_t c[2], n[2];
    for (int k = 0; k < 2; k++) {
        start(&p);
        uint32_t loop = p.pc;
        I(&p, "BC", .r1 = 15, .d2 = (uint16_t)loop);
        vm_set_psw(p.vm, VM_PSW_EC | ORG);
        check_int(vm_run(p.vm, 100000), ==, VM_CYCLE_LIMIT);
        c[k] = vm_counters(p.vm)->cycles;
        n[k] = vm_counters(p.vm)->instructions;
        vm_free(p.vm);
    }
    check(c[0] >= 100000 && c[0] < 100010);
    check_uint(c[0], ==, c[1]);
    check_uint(n[0], ==, n[1]);
}

int main(void)
{
    test_load_store();
    test_arith();
    test_overflow();
    test_sla_long_shift();
    test_branch_loop();
    test_storage_ops();
    test_exceptions();
    test_limit_and_determinism();
    return tap_done();
}
