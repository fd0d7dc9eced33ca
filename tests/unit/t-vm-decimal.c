/*
 * t-vm-decimal.c -- the decimal instructions of the microcoded machine:
 * programs built with isa_encode in storage, run to an SVC with no handler
 * (the end of a test) or to a program interruption with no handler, then
 * storage, registers, CC and interruption codes checked against the
 * System/370 results (the same ones Hercules gives, see t3500).  Also
 * prints the cycles a few typical instructions take.
 */
#include "tap.h"
#include "vm-prog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OP1  0x800          /* first operand */
#define OP2  0x880          /* second operand */
#define PSW_DO (UINT64_C(1) << 42)   /* program mask bit 21: decimal overflow */

/* SS-LL on OP1 and OP2 (base registers 10 and 11), lengths in bytes. */
#define SS2(p, mn, L1, L2) I(p, mn, .b1 = 10, .l1 = (L1) - 1, .b2 = 11, .l2 = (L2) - 1)

static void start(struct prog *p)
{
    prog_start(p);
    I(p, "LA", .r1 = 10, .d2 = OP1);
    I(p, "LA", .r1 = 11, .d2 = OP2);
}

static enum vm_status run(struct prog *p) { return run_for(p, 10000000); }

/* Store the bytes spelled by hex at a. */
static void set_hex(struct prog *p, uint32_t a, const char *hex)
{
    uint8_t b[64];
    size_t n = strlen(hex) / 2;
    for (size_t i = 0; i < n && i < sizeof b; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        b[i] = (uint8_t)v;
    }
    vm_store_bytes(p->vm, a, b, n);
}

/* The n bytes at a as hex (a static buffer, one call per check). */
static const char *hex_at(struct prog *p, uint32_t a, size_t n)
{
    static char s[2][130];
    static int k;
    uint8_t b[64];
    char *o = s[k++ & 1];
    vm_fetch_bytes(p->vm, a, b, n);
    for (size_t i = 0; i < n; i++)
        sprintf(o + 2 * i, "%02X", b[i]);
    o[2 * n] = 0;
    return o;
}


/* One SS-LL instruction on op1/op2 given in hex; returns the run status. */
static enum vm_status one(struct prog *p, const char *mn, const char *a, const char *b)
{
    set_hex(p, OP1, a);
    set_hex(p, OP2, b);
    SS2(p, mn, (int)strlen(a) / 2, (int)strlen(b) / 2);
    return run(p);
}

/* A whole test: mn a b -> expected op1 and CC (cc < 0: an interruption
 * with code -cc, op1 then expected as given). */
static void ss_case(const char *mn, const char *a, const char *b, const char *want, int cc)
{
    struct prog p;
    start(&p);
    enum vm_status st = one(&p, mn, a, b);
    if (cc >= 0) {
        check_int(st, ==, VM_NO_SVC_HANDLER);
        check_int(vm_get_cc(p.vm), ==, cc);
    } else {
        check_int(st, ==, VM_NO_PGM_HANDLER);
        check_uint(pgm_code(&p), ==, (unsigned)-cc);
        check_int(vm_last_interrupt(p.vm)->ilc, ==, 3);
    }
    check_str(hex_at(&p, OP1, strlen(a) / 2), want);
    vm_free(p.vm);
}

static void test_add_subtract(void)
{
    ss_case("AP", "0000001C", "001C", "0000002C", 2);
    ss_case("AP", "0000999C", "001C", "0001000C", 2);
    ss_case("AP", "0000005C", "007D", "0000002D", 1);          /* sign change */
    ss_case("AP", "0000005D", "005C", "0000000C", 0);          /* -5 + 5 = +0 */
    ss_case("AP", "0000012A", "003B", "0000009C", 2);          /* A plus, B minus */
    ss_case("AP", "9999999C", "001C", "0000000C", 3);          /* overflow, DO off */
    ss_case("AP", "1C", "0000099C", "0C", 3);                  /* op2 longer: lost digits */
    ss_case("AP", "00000012", "001C", "00000012", -7);         /* invalid sign: unchanged */
    ss_case("AP", "0000001C", "0F1C", "0000001C", -7);         /* invalid digit in op2 */
    ss_case("SP", "0000010C", "003C", "0000007C", 2);
    ss_case("SP", "0000003C", "010C", "0000007D", 1);
    ss_case("SP", "0012345C", "0012345C", "0000000C", 0);
    ss_case("SP", "9999999D", "001C", "0000000D", 3);
    ss_case("ZAP", "FFFFFFFF", "00123F", "0000123C", 2);
    ss_case("ZAP", "FFFF", "00000D", "000C", 0);               /* -0 becomes +0 */
    ss_case("ZAP", "FFFF", "12345D", "345D", 3);
    ss_case("ZAP", "FFFF", "00A23C", "FFFF", -7);
    ss_case("CP", "0000123C", "123C", "0000123C", 0);
    ss_case("CP", "0000000D", "000C", "0000000D", 0);          /* -0 = +0 */
    ss_case("CP", "0000123D", "123C", "0000123D", 1);
    ss_case("CP", "0001000C", "999C", "0001000C", 2);
    ss_case("CP", "0000005D", "009D", "0000005D", 2);          /* -5 > -9 */
    ss_case("CP", "000012C1", "123C", "000012C1", -7);
}

static void test_overflow_interruption(void)
{
    struct prog p;
    start(&p);
    p.psw_extra = PSW_DO;
    check_int(one(&p, "AP", "9999999C", "001C"), ==, VM_NO_PGM_HANDLER);
    const struct vm_interrupt *in = vm_last_interrupt(p.vm);
    check_uint(in->code, ==, 0x000A);
    /* completion: the result is stored, CC 3, old PSW IA = next instruction */
    check_str(hex_at(&p, OP1, 4), "0000000C");
    check_uint((unsigned)(in->old_psw >> 44) & 3, ==, 3);
    check_uint((uint32_t)in->old_psw, ==, ORG + 8 + 6);
    vm_free(p.vm);
}

static void test_multiply_divide(void)
{
    ss_case("MP", "0000012C", "034C", "0000408C", 0);          /* CC unchanged */
    ss_case("MP", "0000012D", "034C", "0000408D", 0);
    ss_case("MP", "0000000D", "5C", "0000000D", 0);            /* -0 * + stays -0 */
    ss_case("MP", "0000000000000000999999999999999C", "999999999999999D",
            "0999999999999998000000000000001D", 0);             /* 16 by 8 bytes */
    ss_case("MP", "0001234C", "034C", "0001234C", -7);          /* too few leading zeros */
    ss_case("MP", "0000012C", "0000034C", "0000012C", -6);      /* L2 >= L1 */
    ss_case("MP", "00000123", "034C", "00000123", -7);          /* invalid sign */
    ss_case("DP", "0000100C", "7C", "00014C2C", 0);             /* 100 / 7 = 14 r 2 */
    ss_case("DP", "0000100D", "7C", "00014D2D", 0);
    ss_case("DP", "0000100C", "7D", "00014D2C", 0);
    ss_case("DP", "0000100C", "0C", "0000100C", -11);           /* by zero */
    ss_case("DP", "9999999C", "1C", "9999999C", -11);           /* quotient too long */
    ss_case("DP", "0000100C", "0000007C", "0000100C", -6);
    ss_case("DP", "0000000000123456789C", "000012345C", "000010000C000006789C", 0);
}

/* MP and DP with op2 the rightmost L2 bytes of op1 (coincident rightmost
 * bytes, which the architecture allows): the result must be that of the
 * operands as they were before the instruction.  cc < 0: an interruption
 * with code -cc and op1 unchanged. */
static void overlap_case(const char *mn, const char *a, int l2, const char *want, int cc)
{
    struct prog p;
    int l1 = (int)strlen(a) / 2;
    start(&p);
    set_hex(&p, OP1, a);
    I(&p, mn, .b1 = 10, .l1 = l1 - 1, .b2 = 10, .d2 = l1 - l2, .l2 = l2 - 1);
    enum vm_status st = run(&p);
    printf("# %s %s with op2 its last %d bytes\n", mn, a, l2);
    if (cc >= 0) {
        check_int(st, ==, VM_NO_SVC_HANDLER);
        check_int(vm_get_cc(p.vm), ==, 0);
    } else {
        check_int(st, ==, VM_NO_PGM_HANDLER);
        check_uint(pgm_code(&p), ==, (unsigned)-cc);
    }
    check_str(hex_at(&p, OP1, (size_t)l1), want);
    vm_free(p.vm);
}

static void test_overlap_rightmost(void)
{
    /* Found by the random differential test; the results are Hercules'. */
    overlap_case("MP", "0000037077168D", 1, "0000296617344C", 0);     /* was 2966172 80C */
    overlap_case("DP", "00000003991141659E", 6, "00001C00000000000C", 0); /* hung */
    /* op2 of every length 1-8; products and quotients computed apart */
    static const struct { const char *mn, *a; int l2; const char *want; } c[] = {
        { "MP", "00988943983285329C", 1, "08900495849567961C" },
        { "MP", "00007831921144186849458C", 2, "03587019884037577051764C" },
        { "MP", "00000028579256495122725721144C", 3, "00604279799332874912647868736C" },
        { "MP", "000000007772456256172342118B", 4, "018204009701793853576725924C" },
        { "MP", "000000000094894377277D", 5, "084871374751613934729C" },
        { "MP", "000000000000551437213D", 6, "000304082999881207369C" },
        { "MP", "0000000000000051657222441668383B", 7, "0373091275835635145012541834689C" },
        { "MP", "00000000000000003544439478271C", 8, "00012563051215125998681149441C" },
        { "DP", "0000000000646974824C", 1, "00000000161743706C0C" },
        { "DP", "021527458D", 2, "47003C084D" },
        { "DP", "00000000145211785025517140091D", 3, "00000003622054451760174C04257D" },
        { "DP", "00771146569C", 4, "672C0652201C" },
        { "DP", "009740542938257735804917031D", 5, "12101300585175139C306024722D" },
        { "DP", "005014217736336395322D", 6, "137994363C10160825436D" },
        { "DP", "004954906687597510490C", 7, "0740909C5503697875080C" },
        { "DP", "00000042078023730432017185133D", 8, "0000057607036C220895441789345D" },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        overlap_case(c[i].mn, c[i].a, c[i].l2, c[i].want, 0);
    /* the checks still come first: nothing is stored */
    overlap_case("DP", "9999999C", 1, "9999999C", -11);           /* quotient too long */
    overlap_case("DP", "0000100C", 1, "0000100C", -11);           /* by zero */
    overlap_case("MP", "0001234C", 2, "0001234C", -7);            /* too few leading zeros */
    overlap_case("MP", "0000012C", 4, "0000012C", -6);            /* L2 = L1 */
}

static void test_cvb_cvd(void)
{
    static const struct { const char *dec; uint32_t bin; unsigned code; } cv[] = {
        { "000000000000123C", 123, 0 },
        { "000000000000123D", (uint32_t)-123, 0 },
        { "000002147483647C", 0x7FFFFFFF, 0 },
        { "000002147483648D", 0x80000000, 0 },
        { "000002147483648C", 0x80000000, 9 },                   /* R1 set, then 0009 */
        { "999999999999999C", 0xA4C67FFF, 9 },
        { "000000000000000B", 0, 0 },
        { "00000000000012C3", 0x77777777, 7 },
    };
    for (size_t i = 0; i < sizeof cv / sizeof cv[0]; i++) {
        struct prog p;
        start(&p);
        set_hex(&p, OP1, cv[i].dec);
        I(&p, "L", .r1 = 2, .b2 = 11, .d2 = 0x40);
        vm_store_bytes(p.vm, OP2 + 0x40, "\x77\x77\x77\x77", 4);
        I(&p, "CVB", .r1 = 2, .b2 = 10);
        enum vm_status st = run(&p);
        check_int(st, ==, cv[i].code ? VM_NO_PGM_HANDLER : VM_NO_SVC_HANDLER);
        if (cv[i].code)
            check_uint(pgm_code(&p), ==, cv[i].code);
        check_uint(vm_get_gr(p.vm, 2), ==, cv[i].bin);
        vm_free(p.vm);
    }
    static const struct { uint32_t bin; const char *dec; } cd[] = {
        { 0, "000000000000000C" }, { 1, "000000000000001C" },
        { 0xFFFFFFFF, "000000000000001D" }, { 0x7FFFFFFF, "000002147483647C" },
        { 0x80000000, "000002147483648D" }, { 12345678, "000000012345678C" },
    };
    for (size_t i = 0; i < sizeof cd / sizeof cd[0]; i++) {
        struct prog p;
        start(&p);
        vm_set_gr(p.vm, 3, cd[i].bin);
        I(&p, "CVD", .r1 = 3, .b2 = 10, .d2 = 1);               /* unaligned is fine */
        check_int(run(&p), ==, VM_NO_SVC_HANDLER);
        check_str(hex_at(&p, OP1 + 1, 8), cd[i].dec);
        vm_free(p.vm);
    }
}

/* The classic way to print a number: CVD, UNPK, OI the last zone. */
static void test_print_idiom(void)
{
    struct prog p;
    start(&p);
    vm_set_gr(p.vm, 3, 1234567);
    I(&p, "CVD", .r1 = 3, .b2 = 11);
    I(&p, "UNPK", .b1 = 10, .l1 = 9, .b2 = 11, .l2 = 7);
    I(&p, "OI", .b1 = 10, .d1 = 9, .i2 = 0xF0);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_str(hex_at(&p, OP1, 10), "F0F0F0F1F2F3F4F5F6F7");
    vm_free(p.vm);
}

static void test_moves(void)
{
    ss_case("PACK", "EEEEEE", "F1F2F3C4", "01234C", 0);
    ss_case("PACK", "EEEE", "F1F2F3F4", "234F", 0);
    ss_case("PACK", "EEEEEEEE", "F1C4", "0000014C", 0);
    ss_case("UNPK", "EEEEEEEE", "123C", "F0F1F2C3", 0);
    ss_case("UNPK", "EEEE", "12345C", "F4C5", 0);
    ss_case("MVO", "7777777C", "12345F", "012345FC", 0);
    ss_case("MVO", "777C", "12345F", "45FC", 0);
    /* PACK in place: the classic PACK X,X */
    struct prog p;
    start(&p);
    set_hex(&p, OP1, "F1F2F3F4C5");
    I(&p, "PACK", .b1 = 10, .l1 = 4, .b2 = 10, .l2 = 4);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_str(hex_at(&p, OP1, 5), "000012345C");
    vm_free(p.vm);
    start(&p);
    set_hex(&p, OP1, "F1F2F3F4");
    set_hex(&p, OP2, "C5D6E7F8");
    I(&p, "MVN", .b1 = 10, .i2 = 3, .b2 = 11);
    I(&p, "MVZ", .b1 = 11, .i2 = 1, .b2 = 10, .d2 = 2);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_str(hex_at(&p, OP1, 4), "F5F6F7F8");
    check_str(hex_at(&p, OP2, 4), "F5F6E7F8");
    vm_free(p.vm);
}

static void test_srp(void)
{
    static const struct { const char *a; unsigned shift, round; const char *want; int cc; } s[] = {
        { "0012345C", 2, 0, "1234500C", 2 },                    /* left 2 */
        { "0012345C", 64 - 1, 5, "0001235C", 2 },               /* right 1, rounded */
        { "0012345D", 64 - 2, 5, "0000123D", 1 },
        { "0012345C", 64 - 3, 5, "0000012C", 2 },
        { "0000004D", 64 - 1, 5, "0000000C", 0 },               /* rounds to +0 */
        { "0012345C", 4, 0, "3450000C", 3 },                    /* digits lost */
        { "0012345C", 0, 0, "0012345C", 2 },
    };
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        struct prog p;
        start(&p);
        set_hex(&p, OP1, s[i].a);
        I(&p, "SRP", .b1 = 10, .l1 = 3, .d2 = (uint16_t)s[i].shift, .l2 = (uint8_t)s[i].round);
        check_int(run(&p), ==, VM_NO_SVC_HANDLER);
        check_str(hex_at(&p, OP1, 4), s[i].want);
        check_int(vm_get_cc(p.vm), ==, s[i].cc);
        vm_free(p.vm);
    }
}

static void test_edit(void)
{
    /* pattern  fill, d d , d d d . d d CR: a classic report edit */
    static const char pat[] = "4020206B2020214B2020C3D9";
    struct prog p;
    start(&p);
    set_hex(&p, OP1, pat);
    set_hex(&p, OP2, "0123456D");
    vm_set_gr(p.vm, 1, 0xAB000000);
    I(&p, "EDMK", .b1 = 10, .i2 = 11, .b2 = 11);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_str(hex_at(&p, OP1, 12), "4040F16BF2F3F44BF5F6C3D9");   /* "   1,234.56CR" */
    check_int(vm_get_cc(p.vm), ==, 1);
    check_uint(vm_get_gr(p.vm, 1), ==, 0xAB000000 | (OP1 + 2));   /* first digit */
    vm_free(p.vm);
    start(&p);
    set_hex(&p, OP1, pat);
    set_hex(&p, OP2, "0000000C");
    vm_set_gr(p.vm, 1, 0x12345678);
    I(&p, "EDMK", .b1 = 10, .i2 = 11, .b2 = 11);
    check_int(run(&p), ==, VM_NO_SVC_HANDLER);
    check_str(hex_at(&p, OP1, 12), "404040404040404BF0F04040"); /* ".00" forced, plus: no CR */
    check_int(vm_get_cc(p.vm), ==, 0);
    check_uint(vm_get_gr(p.vm, 1), ==, 0x12345678);            /* forced by X'21': unchanged */
    vm_free(p.vm);
    /* an invalid source digit ends the edit (termination): 0007 */
    start(&p);
    set_hex(&p, OP1, "4020202020");
    set_hex(&p, OP2, "12A3");                   /* A: a sign where a digit must be */
    I(&p, "ED", .b1 = 10, .i2 = 4, .b2 = 11);
    check_int(run(&p), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 7);
    check_str(hex_at(&p, OP1, 5), "40F1F22020");             /* edited up to there */
    vm_free(p.vm);
}

/* An access exception leaves the operand as it was. */
static void test_access(void)
{
    struct prog p;
    start(&p);
    uint32_t end = vm_storage_size(p.vm);
    set_hex(&p, end - 2, "0000");
    set_hex(&p, OP2, "5C");
    I(&p, "L", .r1 = 10, .b2 = 11, .d2 = 0x40);
    uint8_t a[4] = { (uint8_t)((end - 2) >> 24), (uint8_t)((end - 2) >> 16),
                     (uint8_t)((end - 2) >> 8), (uint8_t)(end - 2) };
    vm_store_bytes(p.vm, OP2 + 0x40, a, 4);
    SS2(&p, "AP", 3, 1);                        /* op1 runs past the end */
    check_int(run(&p), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 5);
    check_str(hex_at(&p, end - 2, 2), "0000");
    vm_free(p.vm);
}

/* EX supplies the lengths: AP with length code 0 OR X'31' is AP 0(4),0(2). */
static void test_execute(void)
{
    struct prog p;
    start(&p);
    set_hex(&p, OP1, "0000999C");
    set_hex(&p, OP2, "001C");
    I(&p, "LA", .r1 = 2, .d2 = 0x31);
    I(&p, "EX", .r1 = 2, .b2 = 12, .d2 = 0);
    I(&p, "SVC", .i2 = 255);
    uint32_t target = p.pc;
    I(&p, "AP", .b1 = 10, .b2 = 11);
    vm_set_gr(p.vm, 12, target);                /* GR12 -> the AP template */
    vm_set_psw(p.vm, VM_PSW_EC | ORG);
    check_int(vm_run(p.vm, 1000000), ==, VM_NO_SVC_HANDLER);
    check_str(hex_at(&p, OP1, 4), "0001000C");
    check_int(vm_get_cc(p.vm), ==, 2);
    vm_free(p.vm);
}

/* Cycles of one instruction: run it after the LAs and subtract. */
static unsigned long cycles_of(const char *mn, const char *a, const char *b)
{
    struct prog p;
    start(&p);
    I(&p, "SVC", .i2 = 255);
    vm_set_psw(p.vm, VM_PSW_EC | ORG);
    vm_run(p.vm, 1000000);
    uint64_t base = vm_counters(p.vm)->cycles;
    vm_free(p.vm);
    start(&p);
    one(&p, mn, a, b);
    uint64_t all = vm_counters(p.vm)->cycles;
    vm_free(p.vm);
    return (unsigned long)(all - base);
}

static void test_cycles(void)
{
    static const struct { const char *mn, *a, *b; } c[] = {
        { "PACK", "EEEEEE", "F1F2F3F4F5" }, { "UNPK", "EEEEEEEEEE", "12345C" },
        { "ZAP", "00000000", "12345C" }, { "AP", "0012345C", "067C" },
        { "SP", "0012345C", "067C" }, { "CP", "0012345C", "067C" },
        { "AP", "000000000000012345678901234C", "000000000000098765432109876D" },
        { "MP", "000012345C", "067C" }, { "DP", "000012345C", "067C" },
        { "MP", "0000000000000000123456789C", "000000987654321C" },
        { "DP", "0000000000123456789012345C", "000000987654321C" },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        unsigned long n = cycles_of(c[i].mn, c[i].a, c[i].b);
        printf("# cycles: %-4s %zu,%zu bytes: %lu\n", c[i].mn, strlen(c[i].a) / 2,
               strlen(c[i].b) / 2, n);
        check(n > 0 && n < 200000);
    }
}

/* Cycles of CVB, CVD and ED, the same way. */
static void test_cycles_rx(void)
{
    struct prog p;
    start(&p);
    I(&p, "SVC", .i2 = 255);
    vm_set_psw(p.vm, VM_PSW_EC | ORG);
    vm_run(p.vm, 1000000);
    uint64_t base = vm_counters(p.vm)->cycles;
    vm_free(p.vm);
    static const char *const what[] = { "CVB", "CVD", "ED" };
    for (int k = 0; k < 3; k++) {
        start(&p);
        set_hex(&p, OP1, k == 2 ? "4020206B2020214B2020C3D9" : "000000001234567C");
        set_hex(&p, OP2, "0123456D");
        vm_set_gr(p.vm, 3, 1234567);
        if (k == 2)
            I(&p, "ED", .b1 = 10, .i2 = 11, .b2 = 11);
        else
            I(&p, what[k], .r1 = 3, .b2 = 10);
        check_int(run(&p), ==, VM_NO_SVC_HANDLER);
        unsigned long n = (unsigned long)(vm_counters(p.vm)->cycles - base);
        printf("# cycles: %-4s %s: %lu\n", what[k], k == 2 ? "12-byte pattern, 7 digits" : "1234567", n);
        check(n > 0 && n < 10000);
        vm_free(p.vm);
    }
}

int main(void)
{
    test_add_subtract();
    test_overflow_interruption();
    test_multiply_divide();
    test_overlap_rightmost();
    test_cvb_cvd();
    test_print_idiom();
    test_moves();
    test_srp();
    test_edit();
    test_access();
    test_execute();
    test_cycles();
    test_cycles_rx();
    return tap_done();
}
