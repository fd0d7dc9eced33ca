/*
 * t-vm-iifm.c -- the instruction-frequency monitor (LOCR, STOCR): its
 * counters equal the machine's exact per-opcode counts and cycles for one
 * opcode, a don't-care subset and all opcodes; the state filter; the
 * time-slicing table; the same counts from the free-running engine and
 * from instruction steps; a reading in the middle of a run that leaves
 * the monitor counting; the same counts with the host's opcode counters
 * off; the exceptions of bad control blocks; the
 * table of every opcode, accumulated by the microcode into storage, and
 * what that microcode costs: the monitor's cycles, never the program's.
 */
#include <string.h>

#include "tap.h"
#include "vm-prog.h"

#define BLOCK  0x800u           /* the control block */
#define RESULT 0x820u           /* STOCR's doublewords */
#define TABLE  0x2000u          /* the time-slicing table (8 KiB) */

static uint64_t dword(struct prog *p, uint32_t a)
{
    return (uint64_t)word(p, a) << 32 | word(p, a + 4);
}

/* The control block: pattern, don't-care bits, flags, tasks, slice, table. */
static void block(struct prog *p, unsigned pattern, unsigned dc, unsigned flags, unsigned tasks,
                  uint32_t slice, uint32_t table)
{
    uint8_t b[24] = { (uint8_t)(pattern >> 8), (uint8_t)pattern, (uint8_t)(dc >> 8),
                      (uint8_t)dc, (uint8_t)flags, 0, (uint8_t)(tasks >> 8), (uint8_t)tasks };
    vm_store_bytes(p->vm, BLOCK, b, sizeof b);
    set_word(p, BLOCK + 8, slice);
    set_word(p, BLOCK + 12, table);
}

/* LOCR; the mix loop (vm-prog.h: the exact counts of its opcodes are
 * what the machine keeps, since nothing but LOCR, STOCR and the final SVC
 * run outside it); STOCR; the stop. */
static void run_counted(struct prog *p, unsigned n, int steps)
{
    I(p, "LOCR", .d2 = BLOCK);
    prog_mix_loop(p, n);
    I(p, "STOCR", .d2 = RESULT);
    if (steps) {
        I(p, "SVC", .i2 = 255);
        vm_set_psw(p->vm, VM_PSW_EC | ORG);
        while (vm_step_insn(p->vm) == VM_STEPPED)
            ;
    } else
        check_int(run_for(p, 1000000), ==, VM_NO_SVC_HANDLER);
}

static void exact(struct prog *p, unsigned pattern, unsigned dc, uint64_t *n, uint64_t *c)
{
    const struct vm_counters *k = vm_counters(p->vm);
    *n = *c = 0;
    for (unsigned d = 0; d < 512; d++) {
        unsigned op = d < 256 ? d : 0xB200u | (d - 256);
        /* (cycles with no instruction behind them, before the first fetch, are
           the decode index 0's, which no instruction has) */
        if (((op ^ pattern) & ~dc & 0xFFFFu) == 0 && op != 0xB2E6 && op != 0xB2E7 &&
            op != 0x0A && k->op_count[d] > 0) {
            *n += k->op_count[d];
            *c += k->op_cycles[d];
        }
    }
}

static void test_patterns(void)
{
    static const struct { unsigned pattern, dc; const char *what; } cases[] = {
        { 0x0046, 0x0000, "BCT" },
        { 0x0018, 0x0007, "X'18'-X'1F': LR, CR, AR, SR ..." },
        { 0x00D2, 0x0000, "MVC" },
        { 0x0000, 0xFFFF, "everything" },
        { 0x0058, 0x0000, "L: never run" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int steps = 0; steps < 2; steps++) {
            struct prog p;
            prog_start(&p);
            block(&p, cases[i].pattern, cases[i].dc, 0, 0, 0, 0);
            run_counted(&p, 37, steps);
            uint64_t n, c;
            exact(&p, cases[i].pattern, cases[i].dc, &n, &c);
            printf("# %s (%s)\n", cases[i].what, steps ? "steps" : "free-running");
            check_uint(dword(&p, RESULT), ==, n);
            check_uint(dword(&p, RESULT + 8), ==, c);
            vm_free(p.vm);
        }
}

/* The host turned the opcode counters off (vm_count_opcodes): LOCR turns
 * them on for the monitor and STOCR off again, so its counters are the
 * same as with them on, and so is every count of the run; the arrays
 * hold just what ran between the two. */
static void test_uncounted(void)
{
    for (int steps = 0; steps < 2; steps++) {
        struct prog on, off;
        prog_start(&on);
        prog_start(&off);
        vm_count_opcodes(off.vm, 0);
        block(&on, 0x0018, 0x0007, 0, 0, 0, 0);
        block(&off, 0x0018, 0x0007, 0, 0, 0, 0);
        I(&on, "XR", .r1 = 5, .r2 = 5);         /* before LOCR: uncounted in off */
        I(&off, "XR", .r1 = 5, .r2 = 5);
        run_counted(&on, 37, steps);
        run_counted(&off, 37, steps);
        const struct vm_counters *a = vm_counters(on.vm), *b = vm_counters(off.vm);
        printf("# counters off (%s)\n", steps ? "steps" : "free-running");
        check_uint(dword(&off, RESULT), ==, dword(&on, RESULT));
        check_uint(dword(&off, RESULT + 8), ==, dword(&on, RESULT + 8));
        check(dword(&off, RESULT) > 0);
        check_uint(b->cycles, ==, a->cycles);
        check_uint(b->microwords, ==, a->microwords);
        check_uint(b->instructions, ==, a->instructions);
        check_uint(a->op_count[0x17], ==, 1);    /* XR */
        check_uint(b->op_count[0x17], ==, 0);
        check_uint(b->op_count[0x46], ==, a->op_count[0x46]);      /* the loop's BCTs */
        check_uint(a->op_count[256 + 0xE6], ==, 1);                 /* LOCR */
        check_uint(b->op_count[256 + 0xE6], ==, 0);  /* fetched before it turned them on */
        check_uint(b->op_count[256 + 0xE7], ==, 1);  /* STOCR: fetched while on */
        vm_free(on.vm);
        vm_free(off.vm);
    }
}

/* Counting only in the problem state: the first loop runs in the
 * supervisor state, an LPSW enters the problem state for the second. */
static void test_state(void)
{
    struct prog p;
    prog_start(&p);
    block(&p, 0x0046, 0, 0x80, 0, 0, 0);
    I(&p, "LOCR", .d2 = BLOCK);
    I(&p, "LA", .r1 = 3, .d2 = 10);
    uint32_t l1 = p.pc;
    I(&p, "BCT", .r1 = 3, .d2 = (uint16_t)l1);
    I(&p, "LPSW", .d2 = 0x900);
    uint32_t prob = p.pc;
    I(&p, "LA", .r1 = 3, .d2 = 25);
    uint32_t l2 = p.pc;
    I(&p, "BCT", .r1 = 3, .d2 = (uint16_t)l2);
    set_word(&p, 0x900, 0x00090000);            /* EC, problem state */
    set_word(&p, 0x904, prob);
    check_int(run_for(&p, 1000000), ==, VM_NO_SVC_HANDLER);
    uint64_t n, c;
    vm_iifm_stop(p.vm, &n, &c);
    check_uint(n, ==, 25);                       /* only the second loop's */
    check_uint(vm_counters(p.vm)->op_count[0x46], ==, 35);
    check(c > 0 && c < vm_counters(p.vm)->op_cycles[0x46]);
    vm_free(p.vm);

    prog_start(&p);                              /* the supervisor state only */
    block(&p, 0x0046, 0, 0x40, 0, 0, 0);
    I(&p, "LOCR", .d2 = BLOCK);
    I(&p, "LA", .r1 = 3, .d2 = 10);
    l1 = p.pc;
    I(&p, "BCT", .r1 = 3, .d2 = (uint16_t)l1);
    I(&p, "LPSW", .d2 = 0x900);
    prob = p.pc;
    I(&p, "LA", .r1 = 3, .d2 = 25);
    l2 = p.pc;
    I(&p, "BCT", .r1 = 3, .d2 = (uint16_t)l2);
    set_word(&p, 0x900, 0x00090000);
    set_word(&p, 0x904, prob);
    check_int(run_for(&p, 1000000), ==, VM_NO_SVC_HANDLER);
    vm_iifm_stop(p.vm, &n, &c);
    check_uint(n, ==, 10);
    vm_free(p.vm);
}

/* Time slicing over every opcode: the table's counts add up to the
 * counters, none exceeds the machine's exact count, and opcodes never run
 * have none. */
static void test_slicing(void)
{
    struct prog p;
    prog_start(&p);
    block(&p, 0x0000, 0xFFFF, 0x20, 0, 1000, TABLE);
    run_counted(&p, 20000, 0);
    uint64_t total = 0, cycles = 0;
    const struct vm_counters *k = vm_counters(p.vm);
    int over = 0, ghost = 0;
    for (unsigned d = 0; d < 512; d++) {
        uint64_t n = dword(&p, TABLE + 16 * d), c = dword(&p, TABLE + 16 * d + 8);
        total += n;
        cycles += c;
        over += n > k->op_count[d];
        ghost += n > 0 && k->op_count[d] == 0;
    }
    check_uint(total, ==, dword(&p, RESULT));
    check_uint(cycles, ==, dword(&p, RESULT + 8));
    check(total > 0);
    check_int(over, ==, 0);
    check_int(ghost, ==, 0);
    check(dword(&p, TABLE + 16 * 0x46) > 0);    /* BCT had slices */
    /* the slices begun: each but the last one 1000 program cycles or
       more, and the steps listed are the defined opcodes; the slice
       registers never reach the table (opcode X'00' has no entry) */
    struct vm_iifm_state st;
    vm_iifm_state(p.vm, &st);
    check(!st.on);
    check(st.slices >= 2);
    check(st.slices - 1 <= st.sliced_cycles / 1000);
    check(st.sliced_cycles <= vm_counters(p.vm)->cycles);
    check_uint(dword(&p, TABLE), ==, 0);
    check_uint(dword(&p, TABLE + 8), ==, 0);
    unsigned steps[512];
    int nsteps = vm_iifm_steps(0x0000, 0xFFFF, steps);
    check(nsteps > 90);
    check_uint(steps[0], >, 0);
    int bct = 0;
    for (int i = 0; i < nsteps; i++)
        bct += steps[i] == 0x46;
    check_int(bct, ==, 1);
    check_int(vm_iifm_steps(0x0018, 0x0007, steps), ==, 8);     /* LR .. MR: X'18'-X'1F' */
    vm_free(p.vm);
}

/* Reading the monitor in the middle of a run (vm_iifm_state, a live
 * view) does not stop it: at every stop the counters never go back, the
 * table with the slice under way adds up to them, and at the end STOCR
 * stores what the last reading said. */
static void test_live(void)
{
    struct prog p;
    prog_start(&p);
    block(&p, 0x0000, 0xFFFF, 0x20, 0, 1000, TABLE);
    I(&p, "LOCR", .d2 = BLOCK);
    prog_mix_loop(&p, 2000);
    I(&p, "STOCR", .d2 = RESULT);
    I(&p, "SVC", .i2 = 255);
    vm_set_psw(p.vm, VM_PSW_EC | ORG);
    struct vm_iifm_state st, last = { 0 };
    int stops = 0, back = 0, off = 0, unequal = 0;
    enum vm_status rc;
    while ((rc = vm_run(p.vm, 777)) == VM_CYCLE_LIMIT) {
        vm_iifm_state(p.vm, &st);
        uint64_t table = st.slice_count;
        for (unsigned d = 0; d < 512; d++)
            table += dword(&p, TABLE + 16 * d);
        stops++;
        back += st.count < last.count || st.cycles < last.cycles;
        off += !st.on && dword(&p, RESULT) == 0;
        unequal += st.on && table != st.count;
        last = st;
    }
    check_int(rc, ==, VM_NO_SVC_HANDLER);
    check(stops > 10);
    check_int(back, ==, 0);
    check_int(off, ==, 0);
    check_int(unequal, ==, 0);
    vm_iifm_state(p.vm, &st);
    check(!st.on);
    check_uint(st.count, ==, dword(&p, RESULT));
    check_uint(st.cycles, ==, dword(&p, RESULT + 8));
    check(st.count >= last.count);
    vm_free(p.vm);
}

/* Bad control blocks and states: the architected exceptions. */
static void test_errors(void)
{
    static const struct { unsigned flags; uint32_t slice, table, at; unsigned pic; } bad[] = {
        { 0x08, 0, 0, BLOCK, 6 },                /* an unknown flag */
        { 0x30, 5000, TABLE, BLOCK, 6 },         /* slicing and every opcode: one table */
        { 0x10, 0, TABLE + 4, BLOCK, 6 },        /* every opcode: a table not aligned */
        { 0x10, 0, 0xFFF000, BLOCK, 6 },         /* ... or outside storage */
        { 0x20, 10, TABLE, BLOCK, 6 },           /* a slice too short */
        { 0x20, 5000, TABLE + 4, BLOCK, 6 },     /* a table not aligned */
        { 0x20, 5000, 0xFFF000, BLOCK, 6 },      /* a table outside storage */
        { 0, 0, 0, BLOCK + 4, 6 },               /* the block not aligned */
        { 0, 0, 0, 0xFFFFF8, 5 },                /* the block outside storage */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct prog p;
        prog_start(&p);
        block(&p, 0x0046, 0, bad[i].flags, 0, bad[i].slice, bad[i].table);
        set_word(&p, 0x300, bad[i].at);
        I(&p, "L", .r1 = 5, .d2 = 0x300);
        I(&p, "LOCR", .b2 = 5);
        check_int(run_for(&p, 100000), ==, VM_NO_PGM_HANDLER);
        check_uint(pgm_code(&p), ==, bad[i].pic);
        check(!vm_iifm_active(p.vm));
        vm_free(p.vm);
    }
    struct prog p;                               /* privileged */
    prog_start(&p);
    block(&p, 0x0046, 0, 0, 0, 0, 0);
    p.psw_extra = VM_PSW_PROB;
    I(&p, "LOCR", .d2 = BLOCK);
    check_int(run_for(&p, 100000), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 2);
    vm_free(p.vm);
}

/* A loop in the problem state that changes state at every turn (SVC to
 * a handler that returns with LPSW): every change is a mark, and the
 * next fetch enters the monitor vector to accumulate.  with_iifm: LOCR
 * first and STOCR last (in the handler of any SVC but 1), or two NOPRs in the
 * place of each (the same program otherwise). */
static void nopr2(struct prog *p)
{
    I(p, "BCR", .r1 = 0, .r2 = 0);
    I(p, "BCR", .r1 = 0, .r2 = 0);
}

static void state_loop(struct prog *p, int with_iifm, unsigned flags)
{
    block(p, 0x0000, 0xFFFF, flags, 0, 0, flags ? TABLE : 0);
    if (with_iifm)
        I(p, "LOCR", .d2 = BLOCK);
    else
        nopr2(p);
    I(p, "LPSW", .d2 = 0x900);
    uint32_t prob = p->pc;
    I(p, "LA", .r1 = 3, .d2 = 20);
    uint32_t top = p->pc;
    I(p, "AR", .r1 = 4, .r2 = 3);
    I(p, "SVC", .i2 = 1);
    I(p, "BCT", .r1 = 3, .d2 = (uint16_t)top);
    I(p, "SVC", .i2 = 2);
    set_word(p, 0x900, 0x00090000);               /* EC, problem state */
    set_word(p, 0x904, prob);
    p->pc = 0xA00;                                /* the SVC handler */
    uint8_t code[] = { 0x95, 0x01, 0x00, 0x8B,    /* CLI X'8B',1 */
                       0x47, 0x70, 0x0A, 0x10,    /* BNE X'A10' */
                       0x82, 0x00, 0x00, 0x20 };  /* LPSW X'20' */
    vm_store_bytes(p->vm, p->pc, code, sizeof code);
    p->pc = 0xA10;
    if (with_iifm)
        I(p, "STOCR", .d2 = RESULT);
    else
        nopr2(p);
    uint8_t undef[] = { 0x00, 0x00 };             /* no program handler: the stop */
    vm_store_bytes(p->vm, p->pc, undef, sizeof undef);
    p->pc += sizeof undef;
    set_word(p, 0x60, 0x00080000);                /* SVC new PSW: EC, supervisor, X'A00' */
    set_word(p, 0x64, 0xA00);
}

/* The table of every opcode (flag X'10'): each entry is the machine's
 * exact count and cycles; the counters are their sum; the accumulation
 * is the monitor's microcode, whose cycles are not the program's: every
 * opcode's cycles are the same as without the monitor, and the run's
 * cycles are the program's plus the monitor's. */
static void test_table_and_cost(void)
{
    struct prog a, b;
    prog_start(&a);
    state_loop(&a, 0, 0);
    prog_start(&b);
    state_loop(&b, 1, 0x10);
    enum vm_status sa = run_for(&a, 1000000), sb = run_for(&b, 1000000);
    check_int(sa, ==, sb);
    check_int(sa, ==, VM_NO_PGM_HANDLER);
    const struct vm_counters *ka = vm_counters(a.vm), *kb = vm_counters(b.vm);
    uint64_t n = 0, c = 0, mism = 0;
    for (unsigned d = 0; d < 512; d++) {
        if (d == 0x07 || d == 256 + 0xE6 || d == 256 + 0xE7)
            continue;                           /* the NOPRs, LOCR, STOCR */
        mism += ka->op_count[d] != kb->op_count[d] || ka->op_cycles[d] != kb->op_cycles[d];
        uint64_t tn = dword(&b, TABLE + 16 * d), tc = dword(&b, TABLE + 16 * d + 8);
        n += tn;
        c += tc;
        if (d == 0x1A || d == 0x41 || d == 0x46) {      /* AR, LA, BCT: all of them */
            check_uint(tn, ==, kb->op_count[d]);
            check_uint(tc, ==, kb->op_cycles[d]);
        }
    }
    check_int(mism, ==, 0);                     /* the program's own cycles, unchanged */
    check_uint(kb->op_count[0x1A], ==, 20);
    check_uint(n, ==, dword(&b, RESULT));       /* the counters: the table's sum */
    check_uint(c, ==, dword(&b, RESULT + 8));
    check_uint(dword(&b, VM_CAT + VM_CAT_IIFM), ==, n);   /* accumulated in storage */
    struct vm_hpm_stats st;
    vm_hpm_stats(b.vm, VM_HPM_IIFM, &st);
    printf("# the monitor: %llu entries, %llu cycles, %llu microwords\n",
           (unsigned long long)st.entries, (unsigned long long)st.cycles,
           (unsigned long long)st.microwords);
    check_uint(dword(&b, TABLE + 16 * 0x82), ==, 21);     /* LPSW: the first and the loop's */
    check(st.entries >= 20);                    /* a mark at every SVC and LPSW */
    check(st.cycles > 0 && st.microwords > 0);
    uint64_t prog = 0;
    for (unsigned d = 0; d < 512; d++)
        prog += kb->op_cycles[d];
    check_uint(prog + st.cycles, ==, kb->cycles);
    check_uint(dword(&b, TABLE + 16 * 0x07), ==, 0);      /* (no NOPR in this one) */
    vm_free(a.vm);
    vm_free(b.vm);
}

int main(void)
{
    test_patterns();
    test_uncounted();
    test_state();
    test_slicing();
    test_live();
    test_errors();
    test_table_and_cost();
    return tap_done();
}
