/*
 * t-vm-monitor.c -- the sampling monitors in guest code (EIAS/DIAS,
 * EPCS/DPCS, EGLN/DGLN): every IAS sample is counted once in every window
 * (a block or the out-of-range counter) and the total is the elapsed
 * cycles over the period; samples in the wait state go to the wait-state
 * counter; the PC-sampling counts add up to the clock's ticks, with a
 * full table's lost ticks; gleaning records the instructions of a burst
 * one after the other and ends, with its indication, when the buffer is
 * full; the free-running engine and instruction steps agree; bad control
 * blocks get the architected exceptions; with the block's flag X'40' the
 * full buffer requests external interruption 1407, taken at the next
 * instruction boundary when CR0 bit 23 and the external mask allow it and
 * pending until then, and not requested without the flag.
 */
#include <string.h>

#include "tap.h"
#include "vm-prog.h"

#define CAT     0x200u
#define IAS     0x3000u         /* the IAS block */
#define VEC1    0x4000u         /* window 1's count vector */
#define VEC2    0x5000u
#define PCS     0x900u          /* the PC-sampling block */
#define PCSTAB  0x6000u
#define GLN     0x940u          /* the gleaning block */
#define GLNBUF  0x7000u
#define GLN_INT_CYCLES 22       /* an external interruption's microcode, in cycles */

static void window(struct prog *p, unsigned i, uint32_t lo, uint32_t hi, uint32_t size,
                   uint32_t vec)
{
    uint32_t d = IAS + 8 + 20 * i;
    set_word(p, d, lo);
    set_word(p, d + 4, hi);
    set_word(p, d + 8, size);
    set_word(p, d + 12, vec);
    set_word(p, d + 16, 0);
}

static void ias_block(struct prog *p, unsigned period, unsigned nwin)
{
    set_word(p, CAT + 0xA8, IAS);
    set_word(p, IAS, 0);
    set_word(p, IAS + 4, period << 16 | nwin);
}

static uint64_t sum(struct prog *p, uint32_t vec, unsigned n)
{
    uint64_t s = 0;
    for (unsigned i = 0; i < n; i++)
        s += word(p, vec + 4 * i);
    return s;
}

static struct vm_hpm_stats stats(struct prog *p, enum vm_hpm m)
{
    struct vm_hpm_stats s;
    vm_hpm_stats(p->vm, m, &s);
    return s;
}

static void run_prog(struct prog *p, int steps)
{
    if (steps) {
        I(p, "SVC", .i2 = 255);
        vm_set_psw(p->vm, VM_PSW_EC | ORG);
        while (vm_step_insn(p->vm) == VM_STEPPED)
            ;
    } else {
        check_int(run_for(p, 10000000), ==, VM_NO_SVC_HANDLER);
        if (vm_last_interrupt(p->vm) && pgm_code(p))
            printf("# program check %04X\n", pgm_code(p));
    }
}

/* Two windows: the loop in blocks of 8 bytes, and a range with no code
 * (every sample out of range). */
static void test_ias(void)
{
    uint64_t first_vec1 = 0, first_events = 0;
    for (int steps = 0; steps < 2; steps++) {
        struct prog p;
        prog_start(&p);
        ias_block(&p, 500, 2);
        window(&p, 0, ORG, ORG + 0x40, 8, VEC1);
        window(&p, 1, 0x10000, 0x20000, 256, VEC2);
        I(&p, "EIAS", .d2 = 0);
        prog_mix_loop(&p, 2000);
        I(&p, "DIAS", .d2 = 0);
        uint32_t end = p.pc;
        run_prog(&p, steps);
        struct vm_hpm_stats s = stats(&p, VM_HPM_IAS);
        uint64_t n1 = sum(&p, VEC1, 8), n2 = sum(&p, VEC2, 256);
        uint32_t out1 = word(&p, IAS + 8 + 16), out2 = word(&p, IAS + 28 + 16);
        check(s.events > 100);
        check_uint(n1 + out1, ==, s.events);         /* every sample, once per window */
        check_uint(n2, ==, 0);
        check_uint(out2, ==, s.events);
        check_uint(word(&p, IAS), ==, 0);            /* never in the wait */
        check(!s.on);
        check_uint(s.entries, ==, s.events);
        check(s.cycles > 20 * s.events);             /* the microcode's cost */
        /* the loop's blocks have samples, the lead-in block of EIAS (ORG..+7)
           about none; the out-of-range count is what ran outside the
           window: DIAS and the loop's tail past ORG+0x40 */
        check(word(&p, VEC1 + 4) > 0);
        check(end > ORG + 0x10);
        /* the program's cycles over the period: one sample per period
           (interval timer 4 stands still while the monitor's microcode runs) */
        uint64_t cyc = vm_counters(p.vm)->cycles - s.cycles;
        check(s.events <= cyc / 500 && s.events + 2 >= cyc / 500);
        if (!steps) {
            first_vec1 = n1;
            first_events = s.events;
        } else {                                      /* stepping agrees */
            check_uint(n1, ==, first_vec1);
            check_uint(s.events, ==, first_events);
        }
        vm_free(p.vm);
    }
}

/* The wait state: the interval timer ends a wait; samples there go to the
 * wait-state counter. */
static void test_ias_wait(void)
{
    struct prog p;
    prog_start(&p);
    ias_block(&p, 200, 1);
    window(&p, 0, ORG, ORG + 0x100, 4, VEC1);
    /* the external new PSW: back to the code after the wait */
    set_word(&p, 0x58, 0x00080000);
    set_word(&p, 0x50, 100);                     /* the interval timer: about 20000 cycles */
    vm_set_cr(p.vm, 0, 0x80);               /* CR0 bit 24: interval timer */
    I(&p, "EIAS", .d2 = 0);
    I(&p, "LPSW", .d2 = 0x300);
    uint32_t after = p.pc;
    set_word(&p, 0x5C, after);
    set_word(&p, 0x300, 0x010A0000);             /* external mask, EC, wait */
    set_word(&p, 0x304, 0);
    I(&p, "DIAS", .d2 = 0);
    check_int(run_for(&p, 1000000), ==, VM_NO_SVC_HANDLER);
    struct vm_hpm_stats s = stats(&p, VM_HPM_IAS);
    uint32_t waitc = word(&p, IAS);
    check(waitc > 50);
    check_uint(waitc + sum(&p, VEC1, 64) + word(&p, IAS + 8 + 16), ==, s.events);
    vm_free(p.vm);
}

static void pcs_block(struct prog *p, uint32_t rate, uint32_t slots)
{
    set_word(p, PCS, rate);
    set_word(p, PCS + 4, slots);
    set_word(p, PCS + 8, PCSTAB);
}

/* The counts add up to the ticks; every sampled address is an
 * instruction of the program; a small table loses ticks, counted. */
static void test_pcs(void)
{
    static const uint32_t slots[] = { 64, 3 };
    for (int t = 0; t < 2; t++) {
        struct prog p;
        prog_start(&p);
        pcs_block(&p, 160000, slots[t]);
        I(&p, "EPCS", .d2 = PCS);
        prog_mix_loop(&p, 3000);
        I(&p, "DPCS", .d2 = 0);
        uint32_t end = p.pc;
        run_prog(&p, 0);
        struct vm_hpm_stats s = stats(&p, VM_HPM_PCS);
        uint64_t counts = 0, used = 0;
        int bad = 0;
        for (uint32_t i = 0; i < slots[t]; i++) {
            uint32_t n = word(&p, PCSTAB + 8 * i), key = word(&p, PCSTAB + 8 * i + 4);
            if (!n)
                continue;
            counts += n;
            used++;
            bad += (key >> 24) != 1 || (key & 0xFFFFFF) < ORG || (key & 0xFFFFFF) > end;
        }
        check(s.events > 100);
        check_uint(word(&p, PCS + 20), ==, s.events);          /* ticks */
        check_uint(counts + word(&p, PCS + 16), ==, s.events); /* + lost */
        check_uint(word(&p, PCS + 12), ==, used);
        check_int(bad, ==, 0);
        if (t == 1) {
            check_uint(used, ==, 3);
            check(word(&p, PCS + 16) > 0);
        } else
            check_uint(word(&p, PCS + 16), ==, 0);
        vm_free(p.vm);
    }
}

static void glean_block(struct prog *p, unsigned info, unsigned n, unsigned flags,
                        uint32_t every, uint32_t size)
{
    set_word(p, GLN, info << 16 | n);
    set_word(p, GLN + 4, flags << 24);
    set_word(p, GLN + 8, every);
    set_word(p, GLN + 12, GLNBUF);
    set_word(p, GLN + 16, size);
}

/* Bursts of 3 records of (IA, opcode, cycles) until the buffer is full. */
static void test_glean(void)
{
    unsigned info = VM_GLEAN_IA | VM_GLEAN_OP | VM_GLEAN_CYCLES;
    unsigned len = vm_glean_record_len(info);
    check_uint(len, ==, 4 + 4 + 4 + 8);
    struct prog p;
    prog_start(&p);
    glean_block(&p, info, 3, 0, 1000, 5 * len + len / 2);
    I(&p, "EGLN", .d2 = GLN);
    prog_mix_loop(&p, 3000);
    I(&p, "DGLN", .d2 = 0);
    I(&p, "BALR", .r1 = 7, .r2 = 0);                       /* DGLN's CC */
    I(&p, "DGLN", .d2 = 0);
    I(&p, "BALR", .r1 = 8, .r2 = 0);             /* the next finds it off */
    run_prog(&p, 0);
    check_uint(word(&p, GLN + 24), ==, 5);       /* records */
    check_uint(word(&p, GLN + 20), ==, 5 * len); /* the next offset */
    check_uint(word(&p, GLN + 28), ==, VM_GLEAN_FULL);
    check_uint(word(&p, GLN + 4) & 0xFFFF, ==, len);   /* EGLN set the length */
    check_uint(vm_get_gr(p.vm, 7) >> 28 & 3, ==, 1);    /* ended because full */
    check_uint(vm_get_gr(p.vm, 8) >> 28 & 3, ==, 2);
    struct vm_hpm_stats s = stats(&p, VM_HPM_GLEAN);
    check(s.full && !s.on);
    uint64_t prev_cyc = 0;
    for (unsigned r = 0; r < 5; r++) {
        uint32_t a = GLNBUF + r * len;
        check_uint(word(&p, a), ==, info << 16 | r % 3);       /* header: mask, index */
        uint32_t ia = word(&p, a + 4), op = word(&p, a + 8);
        uint64_t cyc = (uint64_t)word(&p, a + 12) << 32 | word(&p, a + 16);
        check(ia >= ORG && ia < ORG + 0x40);
        check(op == 0x1A || op == 0x18 || op == 0x1B || op == 0x19 || op == 0xD2 || op == 0x46 ||
              op == 0x41 || op == 0xB2E2);
        check(cyc > prev_cyc);
        prev_cyc = cyc;
        if (r % 3) {                                /* the burst's next instruction */
            uint32_t pia = word(&p, a - len + 4), pop = word(&p, a - len + 8);
            unsigned plen = pop == 0xD2 ? 6 : pop >= 0x40 ? 4 : 2;
            check(ia == pia + plen || (pop == 0x46 && ia == ORG + 6));
        }
    }
    vm_free(p.vm);
}

/* Every 100 instructions, one record: as many records as hundreds. */
static void test_glean_insns(void)
{
    unsigned len = vm_glean_record_len(VM_GLEAN_IA | VM_GLEAN_TASK);
    struct prog p;
    prog_start(&p);
    glean_block(&p, VM_GLEAN_IA | VM_GLEAN_TASK, 1, VM_GLEAN_INSNS, 100, 1000 * len);
    I(&p, "EGLN", .d2 = GLN);
    prog_mix_loop(&p, 500);                               /* 1 + 500 * 6 instructions */
    I(&p, "DGLN", .d2 = 0);
    I(&p, "BALR", .r1 = 7, .r2 = 0);
    run_prog(&p, 0);
    check_uint(word(&p, GLN + 24), ==, 30);
    check_uint(vm_get_gr(p.vm, 7) >> 28 & 3, ==, 0);
    check_uint(word(&p, GLN + 28), ==, VM_GLEAN_ENDED);
    check_uint(word(&p, GLNBUF + 8), ==, 1);     /* task 1 */
    vm_free(p.vm);
}

#define CSM     0x980u          /* the CSECT monitor's block */
#define CSMTAB  0x9C0u          /* its table: three CSECTs */
#define CSMBUF  0x8000u

/* The CSECT monitor's block: the table of MAIN (ORG..+X'100'), A
 * (X'600'-X'680') and B (X'700'-X'780'), a buffer of `size' bytes. */
static void csm_block(struct prog *p, uint32_t size)
{
    static const uint32_t tab[] = { ORG, ORG + 0x100, 0x600, 0x680, 0x700, 0x780 };
    for (unsigned i = 0; i < 6; i++)
        set_word(p, CSMTAB + 4 * i, tab[i]);
    set_word(p, CSM, 3);
    set_word(p, CSM + 4, CSMTAB);
    set_word(p, CSM + 8, CSMBUF);
    set_word(p, CSM + 12, size);
}

/* MAIN calls A and B five times (BAL, BR 14); A also jumps to X'800',
 * in no CSECT, and back; loops inside a CSECT are no transitions. */
static void csm_prog(struct prog *p, uint32_t size)
{
    csm_block(p, size);
    I(p, "ECSM", .d2 = CSM);
    I(p, "LA", .r1 = 3, .d2 = 5);
    uint32_t loop = p->pc;
    I(p, "BAL", .r1 = 14, .d2 = 0x600);
    I(p, "BAL", .r1 = 14, .d2 = 0x700);
    I(p, "BCT", .r1 = 3, .d2 = (uint16_t)loop);
    I(p, "DCSM", .d2 = 0);
    I(p, "BALR", .r1 = 7, .r2 = 0);
    I(p, "DCSM", .d2 = 0);
    I(p, "BALR", .r1 = 8, .r2 = 0);
    uint32_t save = p->pc;
    p->pc = 0x600;                              /* A: a loop, a jump out and back */
    I(p, "LA", .r1 = 4, .d2 = 3);
    I(p, "BCT", .r1 = 4, .d2 = 0x604);
    I(p, "BC", .r1 = 15, .d2 = 0x800);
    p->pc = 0x800;
    I(p, "BC", .r1 = 15, .d2 = 0x610);
    p->pc = 0x610;
    I(p, "BCR", .r1 = 15, .r2 = 14);
    p->pc = 0x700;                              /* B */
    I(p, "AR", .r1 = 2, .r2 = 3);
    I(p, "BCR", .r1 = 15, .r2 = 14);
    p->pc = save;
}

/* Every transition once, in order, with its kind; the loops and the
 * branches inside a CSECT cost nothing; free-running or stepped. */
static void check_csm_run(int steps)
{
    struct prog p;
    prog_start(&p);
    csm_prog(&p, 64 * VM_CSM_RECORD);
    run_prog(&p, steps);
    /* per turn: MAIN>A call, A>none, none>A, A>MAIN return, MAIN>B call, B>MAIN return */
    static const unsigned from[] = { 0, 1, 0xFFFF, 1, 0, 2 }, to[] = { 1, 0xFFFF, 1, 0, 2, 0 };
    static const unsigned kind[] = { 1, 0, 0, 2, 1, 2 };
    check_uint(word(&p, CSM + 20), ==, 30);
    check_uint(word(&p, CSM + 16), ==, 30 * VM_CSM_RECORD);
    int bad = 0;
    uint64_t prev = 0;
    for (unsigned r = 0; r < 30; r++) {
        uint32_t a = CSMBUF + r * VM_CSM_RECORD;
        uint32_t ft = word(&p, a), kt = word(&p, a + 4);
        uint64_t cyc = (uint64_t)word(&p, a + 8) << 32 | word(&p, a + 12);
        bad += ft != (from[r % 6] << 16 | to[r % 6]) || kt != (kind[r % 6] << 24 | 1u << 16) ||
               cyc <= prev;
        prev = cyc;
    }
    check_int(bad, ==, 0);
    check_uint(vm_get_gr(p.vm, 7) >> 28 & 3, ==, 0);    /* DCSM: it was on */
    check_uint(vm_get_gr(p.vm, 8) >> 28 & 3, ==, 2);    /* then off */
    struct vm_hpm_stats s = stats(&p, VM_HPM_CSM);
    check_uint(s.events, ==, 30);                /* entered for the transitions only */
    check(s.cycles > 0 && !s.on && !s.full);
    vm_free(p.vm);
}

static void test_csm(void)
{
    check_csm_run(0);
    check_csm_run(1);
    struct prog p;
    prog_start(&p);                              /* room for 4: the monitor ends */
    csm_prog(&p, 4 * VM_CSM_RECORD + 8);
    check_int(run_for(&p, 1000000), ==, VM_NO_SVC_HANDLER);
    check_uint(word(&p, CSM + 20), ==, 4);
    check_uint(word(&p, CSM + 28), ==, VM_GLEAN_FULL);
    check_uint(vm_get_gr(p.vm, 7) >> 28 & 3, ==, 1);
    check_uint(vm_get_gr(p.vm, 8) >> 28 & 3, ==, 2);
    struct vm_hpm_stats s = stats(&p, VM_HPM_CSM);
    check(s.full && s.events == 5);
    vm_free(p.vm);
}

struct bad { const char *what; const char *op; uint32_t block; unsigned pic; };

static void test_bad_blocks(void)
{
    static const struct bad bad[] = {
        { "IAS period 0", "EIAS", 0, 6 },
        { "IAS no windows", "EIAS", 1, 6 },
        { "IAS low >= high", "EIAS", 2, 6 },
        { "IAS block size 0", "EIAS", 3, 6 },
        { "IAS vector outside storage", "EIAS", 4, 5 },
        { "IAS vector in its window", "EIAS", 5, 6 },
        { "IAS block outside storage", "EIAS", 6, 5 },
        { "PCS no slots", "EPCS", 7, 6 },
        { "PCS rate 0", "EPCS", 8, 6 },
        { "PCS block not aligned", "EPCS", 9, 6 },
        { "gleaning buffer of size 0", "EGLN", 10, 6 },
        { "gleaning no info", "EGLN", 11, 6 },
        { "gleaning interval 0", "EGLN", 12, 6 },
        { "gleaning buffer outside storage", "EGLN", 13, 5 },
        { "CSM no CSECTs", "ECSM", 14, 6 },
        { "CSM table not sorted", "ECSM", 15, 6 },
        { "CSM an empty CSECT", "ECSM", 16, 6 },
        { "CSM buffer outside storage", "ECSM", 17, 5 },
        { "CSM buffer smaller than a record", "ECSM", 18, 6 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct prog p;
        prog_start(&p);
        ias_block(&p, 500, 1);
        window(&p, 0, ORG, ORG + 0x40, 8, VEC1);
        pcs_block(&p, 100, 16);
        glean_block(&p, VM_GLEAN_IA, 1, 0, 1000, 64);
        csm_block(&p, 64);
        uint32_t ea = 0;
        switch (bad[i].block) {
        case 0: set_word(&p, IAS + 4, 1); break;
        case 1: set_word(&p, IAS + 4, 500u << 16); break;
        case 2: set_word(&p, IAS + 12, ORG); break;
        case 3: set_word(&p, IAS + 16, 0); break;
        case 4: set_word(&p, IAS + 20, 0xFFFFF0); break;
        case 5: set_word(&p, IAS + 20, ORG + 8); break;
        case 6: set_word(&p, CAT + 0xA8, 0xFFFFFC); break;
        case 7: set_word(&p, PCS + 4, 0); ea = PCS; break;
        case 8: set_word(&p, PCS, 0); ea = PCS; break;
        case 9: ea = PCS + 2; break;
        case 10: set_word(&p, GLN + 16, 0); ea = GLN; break;
        case 11: set_word(&p, GLN, 1); ea = GLN; break;
        case 12: set_word(&p, GLN + 8, 0); ea = GLN; break;
        case 13: set_word(&p, GLN + 12, 0xFFFFF0); ea = GLN; break;
        case 14: set_word(&p, CSM, 0); ea = CSM; break;
        case 15: set_word(&p, CSMTAB + 8, 0x300); set_word(&p, CSMTAB + 12, 0x380); ea = CSM; break;
        case 16: set_word(&p, CSMTAB + 20, 0x700); ea = CSM; break;
        case 17: set_word(&p, CSM + 8, 0xFFFFF0); ea = CSM; break;
        case 18: set_word(&p, CSM + 12, 8); ea = CSM; break;
        default: break;
        }
        set_word(&p, 0x380, ea);
        I(&p, "L", .r1 = 5, .d2 = 0x380);
        const struct isa_insn *in = isa_by_name(bad[i].op);
        check(in != NULL);
        put(&p, bad[i].op, (struct isa_fields){ .b2 = 5 });
        check_int(run_for(&p, 100000), ==, VM_NO_PGM_HANDLER);
        if (pgm_code(&p) != bad[i].pic)
            printf("# %s\n", bad[i].what);
        check_uint(pgm_code(&p), ==, bad[i].pic);
        vm_free(p.vm);
    }
    struct prog p;                               /* privileged */
    prog_start(&p);
    p.psw_extra = VM_PSW_PROB;
    I(&p, "EIAS", .d2 = 0);
    check_int(run_for(&p, 100000), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 2);
    vm_free(p.vm);
    prog_start(&p);                              /* disabling what is off: CC 2 */
    I(&p, "DIAS", .d2 = 0);
    I(&p, "BALR", .r1 = 7, .r2 = 0);
    check_int(run_for(&p, 100000), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_gr(p.vm, 7) >> 28 & 3, ==, 2);
    vm_free(p.vm);
}

/*
 * The gleaning interruption.  A program: EGLN of a small buffer, a loop
 * that fills it, SSM X'01' (the external mask on), SVC 255.  flags: the
 * block's flags; cr0: CR0; ext: the external mask on from the start.
 */
#define GLNSSM  0xA20u          /* SSM's operand */
static uint32_t glean_int_prog(struct prog *p, unsigned flags, uint32_t cr0, int ext)
{
    unsigned info = VM_GLEAN_IA | VM_GLEAN_CYCLES;
    prog_start(p);
    glean_block(p, info, 1, flags, 1000, 4 * vm_glean_record_len(info));
    vm_store_bytes(p->vm, GLNSSM, (const uint8_t[]){ 0x01 }, 1);
    vm_set_cr(p->vm, 0, cr0);
    p->psw_extra = ext ? VM_PSW_EXT : 0;
    I(p, "EGLN", .d2 = GLN);
    prog_mix_loop(p, 1000);
    I(p, "SSM", .d2 = GLNSSM);
    return p->pc;                       /* after SSM */
}

static void test_glean_interrupt(void)
{
    /* The reference: no flag, one instruction at a time; the step after
       which the buffer is full, the address and the cycles then. */
    struct prog p;
    glean_int_prog(&p, 0, VM_CR0_GLEAN, 1);
    I(&p, "SVC", .i2 = 255);
    vm_set_psw(p.vm, VM_PSW_EC | VM_PSW_EXT | ORG);
    uint64_t n_full = 0, cyc_full = 0;
    uint32_t ia_full = 0;
    while (vm_step_insn(p.vm) == VM_STEPPED)
        if (!n_full && stats(&p, VM_HPM_GLEAN).full) {
            n_full = vm_counters(p.vm)->instructions;
            cyc_full = vm_counters(p.vm)->cycles;
            ia_full = (uint32_t)vm_get_psw(p.vm) & VM_ADDR_MASK;
        }
    check(n_full > 0);
    check_uint(vm_last_interrupt(p.vm)->cls, ==, VM_INT_SVC);   /* no flag: never taken */
    check_uint(word(&p, 0x84), ==, 0);
    uint64_t svc_at = vm_counters(p.vm)->instructions;
    vm_free(p.vm);

    /* The flag, enabled: taken right there, code 1407 at X'86', the old
       PSW at X'18' with the next instruction's address. */
    glean_int_prog(&p, VM_GLEAN_INTERRUPT, VM_CR0_GLEAN, 1);
    check_int(run_for(&p, 10000000), ==, VM_NO_EXT_HANDLER);
    const struct vm_interrupt *in = vm_last_interrupt(p.vm);
    check_uint(in->cls, ==, VM_INT_EXT);
    check_uint(in->code, ==, VM_EXT_GLEAN);
    check_uint(word(&p, 0x84), ==, VM_EXT_GLEAN);
    check_uint(word(&p, 0x1C) & VM_ADDR_MASK, ==, ia_full);
    check_uint(word(&p, 0x18) & ~0x3000u, ==, (uint32_t)((VM_PSW_EC | VM_PSW_EXT) >> 32));  /* but the CC */
    check_uint(vm_counters(p.vm)->instructions, ==, n_full);
    /* the cycles: the same as the reference's then, plus the external
       interruption's microcode (the old PSW, the code, the new PSW) */
    uint64_t taken = vm_counters(p.vm)->cycles - cyc_full;
    printf("# taken %llu cycles after the full buffer's instruction\n",
           (unsigned long long)taken);
    check_uint(taken, ==, GLN_INT_CYCLES);
    check_uint(word(&p, GLN + 28), ==, VM_GLEAN_FULL);
    vm_free(p.vm);

    /* Masked by the PSW: pending, taken after the SSM that enables it. */
    uint32_t after_ssm = glean_int_prog(&p, VM_GLEAN_INTERRUPT, VM_CR0_GLEAN, 0);
    check_int(run_for(&p, 10000000), ==, VM_NO_EXT_HANDLER);
    check_uint(vm_last_interrupt(p.vm)->code, ==, VM_EXT_GLEAN);
    check_uint(word(&p, 0x1C) & VM_ADDR_MASK, ==, after_ssm);
    check_uint(vm_counters(p.vm)->instructions, ==, svc_at - 1);   /* all but the SVC */
    vm_free(p.vm);

    /* Masked by CR0 bit 23: pending still, never taken. */
    glean_int_prog(&p, VM_GLEAN_INTERRUPT, 0, 1);
    check_int(run_for(&p, 10000000), ==, VM_NO_SVC_HANDLER);
    check_uint(word(&p, 0x84), ==, 0);
    check_uint(word(&p, GLN + 28), ==, VM_GLEAN_FULL);
    vm_free(p.vm);

    /* A flag the machine does not know: EGLN's specification exception. */
    glean_int_prog(&p, 0x20, VM_CR0_GLEAN, 0);
    check_int(run_for(&p, 10000000), ==, VM_NO_PGM_HANDLER);
    check_uint(pgm_code(&p), ==, 6);
    vm_free(p.vm);
}

int main(void)
{
    test_ias();
    test_ias_wait();
    test_pcs();
    test_glean();
    test_glean_insns();
    test_glean_interrupt();
    test_csm();
    test_bad_blocks();
    return tap_done();
}
