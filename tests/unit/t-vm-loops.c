/*
 * t-vm-loops.c -- the engine's loops inside one instruction change no
 * count: LM's and STM's register loops (all passes at once on plain
 * storage), their access check before the loop, the PSW key changed back
 * and forth, and the storage-to-storage byte loops of MVC, XC and the
 * long moves, each run the four ways of engine-fixture.h (fast, observed,
 * stepped, chunked) and compared, with their exact counts pinned where a
 * program is built here.
 */
#include "engine-fixture.h"
#include "microword.h"

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
 * STCTL's register loop is STM's shape with the control registers as its
 * source: its passes before the last, made at once, store the control
 * registers, not the general ones.  The general and control registers
 * hold different values; STCTL 0,15 (a wrapping 14,2 too) into the flat
 * part of storage and into a watched page, then the words checked.
 */
static void build_stctl(struct asm_ *a)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    I(a, "STCTL", .r1 = 0, .r2 = 15, .d2 = 0x900);
    I(a, "STCTL", .r1 = 14, .r2 = 2, .d2 = 0xA00);
    I(a, "STCTL", .r1 = 0, .r2 = 15, .d2 = 0xC00);
    finish(a);
}

static void setup_stctl(struct vm *vm, const void *arg)
{
    setup_prog(vm, arg);
    for (unsigned r = 0; r < 16; r++) {
        vm_set_gr(vm, r, 0x11110000u + r);
        if (r != 0 && r != 5 && (r < 8 || r > 11) && r != 14)  /* no timers, monitors, PER */
            vm_set_cr(vm, r, 0xC0DE0000u + r);
    }
    vm_set_watchpoint(vm, 0xCF0, 4, VM_WATCH_WRITE);    /* X'C00' by the page tables */
}

static void test_stctl(void)
{
    static struct asm_ a;
    struct snap s;
    build_stctl(&a);
    agree("STCTL's register loop", setup_stctl, &a, 0, &s);
    check_int(s.st, ==, VM_NO_SVC_HANDLER);
    struct vm *vm = vm_new(NULL);
    setup_stctl(vm, &a);
    vm_run(vm, LIMIT);
    static const struct {
        uint32_t at;
        unsigned from, n;
    } st[] = { { 0x900, 0, 16 }, { 0xA00, 14, 5 }, { 0xC00, 0, 16 } };
    for (unsigned k = 0; k < 3; k++) {
        uint8_t m[64];
        int same = 1;
        vm_fetch_bytes(vm, st[k].at, m, sizeof m);
        for (unsigned i = 0; i < st[k].n; i++) {
            unsigned r = (st[k].from + i) & 15;
            uint32_t v = (uint32_t)m[4 * i] << 24 | (uint32_t)m[4 * i + 1] << 16 |
                         (uint32_t)m[4 * i + 2] << 8 | m[4 * i + 3];
            same &= v == vm_get_cr(vm, r);
        }
        tap_ok(same, __FILE__, __LINE__, "STCTL stored the control registers");
    }
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
    test_multiple();
    test_regloops();
    test_stctl();
    test_keyswitch();
    return tap_done();
}
