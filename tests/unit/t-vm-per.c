/*
 * t-vm-per.c -- program-event recording by the architecture's rules (the
 * Hercules comparison is t9110): GR alteration register by register,
 * implicit registers and pairs included (ICM loads R1 whatever its mask);
 * storage alteration at the range's
 * edges, not for a store that alters nothing (STCM mask 0, an unsuccessful
 * CS) nor for the CPU's own stores; successful branch and instruction
 * fetch (EX's target too) with their PER addresses and old PSWs; the PER
 * code OR-ed into a concurrent exception's; wrapping ranges; nothing with
 * the PSW's PER mask off; the free-running engine and instruction steps
 * agree, also over chained instructions that raise nothing; the counts
 * of vm_per_stats.
 *
 * A handler at X'200' logs each program interruption as 16 bytes at LOG:
 * the PER code halfword (X'96'), the interruption code (X'8E'), the PER
 * address (X'98'), the old PSW's second word; then it resumes the program.
 */
#include <string.h>

#include "tap.h"
#include "vm-prog.h"

#define HANDLER 0x200u
#define PTR     0x3F0u          /* the log's next entry */
#define SAVE    0x3F4u
#define LOG     0x1000u
#define DATA    0xC00u           /* within a displacement: no base register */

static void handler(struct prog *p)
{
    uint32_t pc = p->pc;
    p->pc = HANDLER;
    I(p, "ST", .r1 = 1, .d2 = SAVE);
    I(p, "L", .r1 = 1, .d2 = PTR);
    I(p, "MVC", .i2 = 1, .b1 = 1, .d1 = 0, .d2 = 0x96);
    I(p, "MVC", .i2 = 1, .b1 = 1, .d1 = 2, .d2 = 0x8E);
    I(p, "MVC", .i2 = 3, .b1 = 1, .d1 = 4, .d2 = 0x98);
    I(p, "MVC", .i2 = 3, .b1 = 1, .d1 = 8, .d2 = 0x2C);
    I(p, "MVC", .i2 = 1, .b1 = 1, .d1 = 12, .d2 = 0x8C);
    I(p, "LA", .r1 = 1, .d2 = 16, .b2 = 1);
    I(p, "ST", .r1 = 1, .d2 = PTR);
    I(p, "XC", .i2 = 1, .d1 = 0x96, .d2 = 0x96);     /* no stale PER code */
    I(p, "L", .r1 = 1, .d2 = SAVE);
    I(p, "LPSW", .d2 = 0x28);
    p->pc = pc;
    set_word(p, 0x68, 0x00080000);                  /* EC, PER off */
    set_word(p, 0x6C, HANDLER);
    set_word(p, PTR, LOG);
}

/* A machine with the handler, CR9-11 as given, the PER mask on. */
static void start(struct prog *p, uint32_t cr9, uint32_t lo, uint32_t hi)
{
    prog_start(p);
    handler(p);
    vm_set_cr(p->vm, 9, cr9);
    vm_set_cr(p->vm, 10, lo);
    vm_set_cr(p->vm, 11, hi);
    p->psw_extra = VM_PSW_PER;
}

static unsigned entries(struct prog *p) { return (word(p, PTR) - LOG) / 16; }
static unsigned per_code(struct prog *p, unsigned i) { return word(p, LOG + 16 * i) >> 24; }
static unsigned int_code(struct prog *p, unsigned i) { return word(p, LOG + 16 * i) & 0xFFFF; }
static uint32_t per_addr(struct prog *p, unsigned i) { return word(p, LOG + 16 * i + 4) & 0xFFFFFF; }
static uint32_t old_ia(struct prog *p, unsigned i) { return word(p, LOG + 16 * i + 8) & 0xFFFFFF; }
static unsigned ilc(struct prog *p, unsigned i) { return (word(p, LOG + 16 * i + 12) >> 17) & 3; }

/* GR alteration of register r by "LR r,r" (the same value: still an
 * alteration), watched with the mask bit of `watch'. */
static void gra_one(unsigned r, unsigned watch)
{
    struct prog p;
    start(&p, VM_CR9_GRA | 0x8000u >> watch, 0, 0);
    uint32_t at = p.pc;
    I(&p, "LR", .r1 = (uint8_t)r, .r2 = (uint8_t)r);
    run_for(&p, 100000);
    if (r == watch) {
        check_uint(entries(&p), ==, 1);
        check_uint(per_code(&p, 0), ==, 0x10);
        check_uint(int_code(&p, 0), ==, 0x80);
        check_uint(per_addr(&p, 0), ==, at);
        check_uint(old_ia(&p, 0), ==, at + 2);
        check_uint(ilc(&p, 0), ==, 1);
    } else
        check_uint(entries(&p), ==, 0);
    vm_free(p.vm);
}

/* The registers an instruction alters (the PER codes seen, one run per
 * watched register); returns the mask of registers that gave an event. */
static unsigned gra_set(void (*body)(struct prog *))
{
    unsigned set = 0;
    for (unsigned r = 0; r < 16; r++) {
        struct prog p;
        start(&p, VM_CR9_GRA | 0x8000u >> r, 0, 0);
        body(&p);
        run_for(&p, 1000000);
        if (entries(&p) > 0 && per_code(&p, entries(&p) - 1) == 0x10)
            set |= 1u << r;
        vm_free(p.vm);
    }
    return set;
}

/* Each body leaves only the instruction under test watched: set-up is done
 * before it with GRA off (CR9 loaded after). */
static void arm_gra(struct prog *p)
{
    set_word(p, 0x3E0, vm_get_cr(p->vm, 9));
    vm_set_cr(p->vm, 9, 0);
    I(p, "LCTL", .r1 = 9, .r2 = 9, .d2 = 0x3E0);
}
static void b_lm(struct prog *p) { arm_gra(p); I(p, "LM", .r1 = 14, .r2 = 2, .d2 = DATA); }
static void b_mr(struct prog *p)
{
    I(p, "LA", .r1 = 5, .d2 = 3);
    arm_gra(p);
    I(p, "MR", .r1 = 4, .r2 = 5);
}
static void b_balr(struct prog *p) { arm_gra(p); I(p, "BALR", .r1 = 7, .r2 = 0); }
static void b_trt_found(struct prog *p)
{
    set_word(p, DATA + 0x100 + 0xC1 - 1, 0x00550000);   /* table: C1 -> X'55' */
    set_word(p, DATA, 0xC0C1C2C3);
    arm_gra(p);
    I(p, "TRT", .i2 = 3, .d1 = DATA, .d2 = DATA + 0x100);
}
static void b_trt_none(struct prog *p)
{
    set_word(p, DATA, 0xC0C1C2C3);
    arm_gra(p);
    I(p, "TRT", .i2 = 3, .d1 = DATA, .d2 = DATA + 0x100);  /* all zero: CC 0 */
}
static void b_mvcl(struct prog *p)
{
    I(p, "LA", .r1 = 2, .d2 = DATA);
    I(p, "LA", .r1 = 3, .d2 = 8);
    I(p, "LA", .r1 = 8, .d2 = DATA + 0x40);
    I(p, "LA", .r1 = 9, .d2 = 8);
    arm_gra(p);
    I(p, "MVCL", .r1 = 2, .r2 = 8);
}
static void b_st(struct prog *p) { arm_gra(p); I(p, "ST", .r1 = 3, .d2 = DATA); }
static void b_icm0(struct prog *p) { arm_gra(p); I(p, "ICM", .r1 = 6, .r2 = 0, .d2 = DATA); }

static void test_gra(void)
{
    for (unsigned r = 0; r < 16; r++) {
        gra_one(r, r);
        gra_one(r, (r + 5) & 15);
    }
    check_uint(gra_set(b_lm), ==, 0xC007u);         /* GR14, 15, 0, 1, 2 (wrapping) */
    check_uint(gra_set(b_mr), ==, 0x30u);           /* the pair 4, 5 */
    check_uint(gra_set(b_balr), ==, 0x80u);         /* the link register, no branch */
    check_uint(gra_set(b_trt_found), ==, 0x6u);     /* GR1 and GR2 */
    check_uint(gra_set(b_trt_none), ==, 0u);        /* CC 0: neither */
    check_uint(gra_set(b_mvcl), ==, 0x30Cu);        /* 2, 3, 8, 9 */
    check_uint(gra_set(b_st), ==, 0u);              /* a store alters no register */
    check_uint(gra_set(b_icm0), ==, 0x40u);         /* ICM loads R1, mask 0 too (imp(7)) */
}

static void test_sa(void)
{
    struct prog p;
    /* the range X'2010'-X'201F': stores before, across, in and after it */
    start(&p, VM_CR9_SA, DATA + 0x10, DATA + 0x1F);
    uint32_t st1 = p.pc;
    I(&p, "ST", .r1 = 3, .d2 = DATA + 0x0C);        /* ends just before: none */
    uint32_t st2 = p.pc;
    I(&p, "ST", .r1 = 3, .d2 = DATA + 0x0E);        /* two bytes in */
    I(&p, "ST", .r1 = 3, .d2 = DATA + 0x20);        /* just after: none */
    uint32_t st3 = p.pc;
    I(&p, "MVC", .i2 = 63, .d1 = DATA, .d2 = DATA + 0x100);   /* over it */
    I(&p, "STCM", .r1 = 3, .r2 = 0, .d2 = DATA + 0x10);      /* mask 0: none */
    I(&p, "LA", .r1 = 4, .d2 = 1);
    I(&p, "CS", .r1 = 4, .r2 = 5, .d2 = DATA + 0x10);        /* unequal: none */
    uint32_t cs = p.pc;
    I(&p, "CS", .r1 = 4, .r2 = 5, .d2 = DATA + 0x10);        /* now equal: stores */
    run_for(&p, 1000000);
    (void)st1;
    check_uint(entries(&p), ==, 3);
    check_uint(per_code(&p, 0), ==, 0x20);
    check_uint(per_addr(&p, 0), ==, st2);
    check_uint(per_addr(&p, 1), ==, st3);
    check_uint(ilc(&p, 1), ==, 3);
    check_uint(per_addr(&p, 2), ==, cs);
    vm_free(p.vm);

    /* the whole of storage: the interruptions' own stores are no events */
    start(&p, VM_CR9_SA, 0, 0xFFFFFF);
    I(&p, "ST", .r1 = 3, .d2 = DATA);
    I(&p, "SVC", .i2 = 1);                          /* an SVC handler at X'60'? none: */
    run_for(&p, 1000000);
    check_uint(entries(&p), ==, 1);
    check_uint(vm_last_interrupt(p.vm)->cls, ==, VM_INT_SVC);
    vm_free(p.vm);
}

static void test_sb_if(void)
{
    struct prog p;
    start(&p, VM_CR9_SB, 0, 0);
    I(&p, "LA", .r1 = 3, .d2 = 3);
    uint32_t loop = p.pc;
    I(&p, "BCT", .r1 = 3, .d2 = (uint16_t)loop);    /* taken twice */
    I(&p, "BALR", .r1 = 4, .r2 = 0);                /* no branch */
    I(&p, "BC", .r1 = 0, .d2 = 0);                  /* never taken */
    run_for(&p, 1000000);
    check_uint(entries(&p), ==, 2);
    check_uint(per_code(&p, 0), ==, 0x80);
    check_uint(per_addr(&p, 0), ==, loop);          /* the branch */
    check_uint(old_ia(&p, 0), ==, loop);            /* its target */
    check_uint(ilc(&p, 0), ==, 2);
    vm_free(p.vm);

    /* instruction fetch: one instruction, then EX of a target in range */
    start(&p, VM_CR9_IF, ORG + 4, ORG + 5);
    I(&p, "LA", .r1 = 3, .d2 = 1);
    uint32_t la = p.pc;
    I(&p, "LA", .r1 = 3, .d2 = 2);                  /* ORG+4: in the range */
    uint32_t ex = p.pc;
    I(&p, "EX", .r1 = 0, .d2 = (uint16_t)(ORG + 4)); /* its target again */
    run_for(&p, 1000000);
    check_uint(entries(&p), ==, 2);
    check_uint(per_code(&p, 0), ==, 0x40);
    check_uint(per_addr(&p, 0), ==, la);
    check_uint(old_ia(&p, 0), ==, la + 4);
    check_uint(per_addr(&p, 1), ==, ex);            /* the EX's address */
    check_uint(old_ia(&p, 1), ==, ex + 4);
    vm_free(p.vm);

    /* a wrapping range (X'FFF000' up, then 0 to ORG+1): the first LA only */
    start(&p, VM_CR9_IF, 0xFFF000, ORG + 1);
    I(&p, "LA", .r1 = 3, .d2 = 1);
    I(&p, "LA", .r1 = 3, .d2 = 2);
    run_for(&p, 1000000);
    check_uint(entries(&p), ==, 1);
    check_uint(per_addr(&p, 0), ==, ORG);
    vm_free(p.vm);
}

static void test_concurrent(void)
{
    struct prog p;
    /* GR alteration with fixed-point overflow: code 0088 */
    start(&p, VM_CR9_GRA | 0x1000u, 0, 0);          /* GR3 */
    p.psw_extra |= UINT64_C(8) << 40;               /* the fixed-point-overflow mask */
    I(&p, "L", .r1 = 3, .d2 = DATA);
    set_word(&p, DATA, 0x7FFFFFFF);
    uint32_t ar = p.pc;
    I(&p, "AR", .r1 = 3, .r2 = 3);
    run_for(&p, 1000000);
    check_uint(entries(&p), ==, 2);                 /* the L, then the AR */
    check_uint(int_code(&p, 1), ==, 0x88);
    check_uint(per_code(&p, 1), ==, 0x10);
    check_uint(per_addr(&p, 1), ==, ar);
    vm_free(p.vm);

    /* instruction fetch of an invalid opcode: 0081 */
    start(&p, VM_CR9_IF, 0, 0xFFFFFF);
    uint8_t zero[2] = { 0, 0 };
    vm_store_bytes(p.vm, p.pc, zero, 2);
    p.pc += 2;
    run_for(&p, 1000000);
    check_uint(int_code(&p, 0), ==, 0x81);
    check_uint(per_code(&p, 0), ==, 0x40);
    vm_free(p.vm);

    /* storage alteration with a protection exception: dropped (suppressed) */
    start(&p, VM_CR9_SA | VM_CR9_IF, 0, 0xFFFFFF);
    vm_set_storage_key(p.vm, DATA, 2048, 0x30);
    p.psw_extra |= UINT64_C(2) << 52;               /* key 2 */
    I(&p, "ST", .r1 = 3, .d2 = DATA);
    run_for(&p, 1000000);
    check_uint(int_code(&p, 0), ==, 0x84);
    check_uint(per_code(&p, 0), ==, 0x40);          /* the fetch, not the store */
    vm_free(p.vm);
}

static void test_off(void)
{
    struct prog p;
    start(&p, VM_CR9_SB | VM_CR9_IF | VM_CR9_SA | VM_CR9_GRA | 0xFFFF, 0, 0xFFFFFF);
    p.psw_extra = 0;                                /* the PER mask off */
    I(&p, "LA", .r1 = 3, .d2 = 3);
    uint32_t loop = p.pc;
    I(&p, "ST", .r1 = 3, .d2 = DATA);
    I(&p, "BCT", .r1 = 3, .d2 = (uint16_t)loop);
    run_for(&p, 1000000);
    check_uint(entries(&p), ==, 0);
    struct vm_per_stats st;
    vm_per_stats(p.vm, &st);
    check_uint(st.interrupts, ==, 0);
    vm_free(p.vm);
}

/* A loop with every event armed runs the same freely and by steps. */
static void build_mix(struct prog *p, uint32_t gra)
{
    start(p, VM_CR9_SB | VM_CR9_IF | VM_CR9_SA | gra, ORG + 8, DATA + 8);
    I(p, "LA", .r1 = 3, .d2 = 5);
    uint32_t loop = p->pc;
    I(p, "ST", .r1 = 3, .d2 = DATA);
    I(p, "AR", .r1 = 4, .r2 = 3);
    I(p, "BCT", .r1 = 3, .d2 = (uint16_t)loop);
    I(p, "SVC", .i2 = 255);
    vm_set_psw(p->vm, VM_PSW_EC | p->psw_extra | ORG);
}

static void test_engines(uint32_t gra)
{
    struct prog a, b;
    build_mix(&a, gra);
    build_mix(&b, gra);
    enum vm_status sa = vm_run(a.vm, 1000000), sb;
    while ((sb = vm_step_insn(b.vm)) == VM_STEPPED)
        ;
    check_int(sa, ==, sb);
    check(entries(&a) > 10);
    check_uint(entries(&a), ==, entries(&b));
    uint8_t la[0x400], lb[0x400];
    vm_fetch_bytes(a.vm, LOG, la, sizeof la);
    vm_fetch_bytes(b.vm, LOG, lb, sizeof lb);
    check(memcmp(la, lb, sizeof la) == 0);
    check_uint(vm_counters(a.vm)->cycles, ==, vm_counters(b.vm)->cycles);
    check_uint(vm_counters(a.vm)->instructions, ==, vm_counters(b.vm)->instructions);
    struct vm_per_stats st;
    vm_per_stats(a.vm, &st);
    check_uint(st.interrupts, ==, entries(&a));
    check(st.events[0] == 5 - 1 && st.events[2] == 5 && (st.events[3] >= 5) == (gra != 0));
    vm_free(a.vm);
    vm_free(b.vm);
}

/*
 * Chained instructions with PER armed and quiet: a loop whose
 * instructions follow one another in the decoded-instruction cache, an
 * instruction-fetch range that never holds one of them.  Every fetch is
 * still PER's (its checks' cycles, vm_per_stats), in the fast path too:
 * the end of a chained instruction goes to PER's fetch, not the plain one.
 */
static void build_quiet(struct prog *p)
{
    start(p, VM_CR9_IF, DATA, DATA + 8);
    I(p, "LA", .r1 = 3, .d2 = 40);
    uint32_t loop = p->pc;
    I(p, "AR", .r1 = 4, .r2 = 3);
    I(p, "LR", .r1 = 5, .r2 = 4);
    I(p, "LA", .r1 = 6, .r2 = 0, .d2 = 1);
    I(p, "BCT", .r1 = 3, .d2 = (uint16_t)loop);
    I(p, "SVC", .i2 = 255);
    vm_set_psw(p->vm, VM_PSW_EC | p->psw_extra | ORG);
}

static void test_chained_quiet(void)
{
    struct prog a, b;
    build_quiet(&a);
    build_quiet(&b);
    enum vm_status sa = vm_run(a.vm, 1000000), sb;
    while ((sb = vm_step_insn(b.vm)) == VM_STEPPED)
        ;
    check_int(sa, ==, sb);
    check_uint(entries(&a), ==, 0);
    check_uint(vm_counters(a.vm)->instructions, ==, 2 + 4 * 40);
    check_uint(vm_counters(a.vm)->cycles, ==, vm_counters(b.vm)->cycles);
    struct vm_per_stats x, y;
    vm_per_stats(a.vm, &x);
    vm_per_stats(b.vm, &y);
    check(x.fw_cycles > 0);
    check_uint(x.fw_cycles, ==, y.fw_cycles);
    vm_free(a.vm);
    vm_free(b.vm);
}

/*
 * The fast path's hand-written cases with PER's fetch (no plain fetch
 * word to jump to): LM's and STM's register loops (a loop inside the
 * case, which must leave for the next microword, not run it as a pass),
 * the access probe, BAL's and BALR's link word, and the fetch after a
 * monitor's PER handler (as_monitor: vm_hpm_per_monitor), each freely and
 * by steps: the same log, registers and counts.
 */
static void build_wide(struct prog *p, int as_monitor)
{
    start(p, VM_CR9_SB | VM_CR9_IF | VM_CR9_SA, ORG, DATA + 0x7F);
    if (as_monitor)
        vm_hpm_per_monitor(p->vm, VM_HPM_CSM);
    I(p, "LA", .r1 = 3, .d2 = 4);
    I(p, "LA", .r1 = 15, .d2 = 0x5A);
    uint32_t loop = p->pc;
    I(p, "STM", .r1 = 14, .r2 = 2, .d2 = DATA + 0x20);   /* 14, 15, 0, 1, 2 */
    I(p, "LM", .r1 = 14, .r2 = 2, .d2 = DATA + 0x20);
    I(p, "BALR", .r1 = 7, .r2 = 0);                     /* the link word alone */
    I(p, "BAL", .r1 = 8, .d2 = (uint16_t)(p->pc + 4));   /* to the next one */
    I(p, "MVC", .i2 = 7, .d1 = DATA + 0x40, .d2 = DATA + 0x20);   /* probes */
    I(p, "AR", .r1 = 15, .r2 = 3);
    I(p, "BCT", .r1 = 3, .d2 = (uint16_t)loop);
    I(p, "SVC", .i2 = 255);
    vm_set_psw(p->vm, VM_PSW_EC | p->psw_extra | ORG);
}

static void test_wide_cases(int as_monitor)
{
    struct prog a, b;
    build_wide(&a, as_monitor);
    build_wide(&b, as_monitor);
    enum vm_status sa = vm_run(a.vm, 1000000), sb;
    while ((sb = vm_step_insn(b.vm)) == VM_STEPPED)
        ;
    check_int(sa, ==, sb);
    check_uint(entries(&a), ==, 2 + 4 * 7);   /* one an instruction (the SVC's dropped) */
    check_uint(entries(&a), ==, entries(&b));
    uint8_t la[0x800], lb[0x800];
    vm_fetch_bytes(a.vm, LOG, la, sizeof la);
    vm_fetch_bytes(b.vm, LOG, lb, sizeof lb);
    check(memcmp(la, lb, sizeof la) == 0);
    check_uint(word(&a, DATA + 0x44), ==, 0x5A + 4 + 3 + 2);   /* R15 by the 4th MVC */
    for (unsigned r = 0; r < 16; r++)
        check_uint(vm_get_gr(a.vm, r), ==, vm_get_gr(b.vm, r));
    const struct vm_counters *ca = vm_counters(a.vm), *cb = vm_counters(b.vm);
    check_uint(ca->cycles, ==, cb->cycles);
    check_uint(ca->microwords, ==, cb->microwords);
    check_uint(ca->instructions, ==, cb->instructions);
    struct vm_hpm_stats ha, hb;
    vm_hpm_stats(a.vm, VM_HPM_CSM, &ha);
    vm_hpm_stats(b.vm, VM_HPM_CSM, &hb);
    check_uint(ha.entries, ==, as_monitor ? entries(&a) : 0);
    check_uint(ha.cycles, ==, hb.cycles);
    check_uint(ha.microwords, ==, hb.microwords);
    vm_free(a.vm);
    vm_free(b.vm);
}

/*
 * PER's fetch with the host's opcode counters off (vm_count_opcodes):
 * like the plain fetch, it counts the instruction and no opcode, and the
 * cycles and instructions are those of a run that counts them.
 */
static void test_per_uncounted(void)
{
    struct prog a, b;
    build_wide(&a, 0);
    build_wide(&b, 0);
    vm_count_opcodes(a.vm, 0);
    enum vm_status sa = vm_run(a.vm, 1000000), sb = vm_run(b.vm, 1000000);
    check_int(sa, ==, sb);
    const struct vm_counters *ca = vm_counters(a.vm), *cb = vm_counters(b.vm);
    uint64_t counted = 0, cycles = 0, want = 0;
    for (unsigned i = 0; i < 512; i++) {
        counted += ca->op_count[i];
        cycles += ca->op_cycles[i];
        want += cb->op_count[i];
    }
    check_uint(counted, ==, 0);
    check_uint(cycles, ==, 0);
    check_uint(want, ==, cb->instructions);
    check_uint(ca->instructions, ==, cb->instructions);
    check_uint(ca->cycles, ==, cb->cycles);
    vm_free(a.vm);
    vm_free(b.vm);
}

int main(void)
{
    test_gra();
    test_sa();
    test_sb_if();
    test_concurrent();
    test_off();
    test_engines(VM_CR9_GRA | 0x1800);             /* the reference engine */
    test_engines(0);                                /* the fast path's fetch */
    test_chained_quiet();
    test_wide_cases(0);
    test_wide_cases(1);
    test_per_uncounted();
    return tap_done();
}
