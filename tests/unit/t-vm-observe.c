/*
 * t-vm-observe.c -- observing and stopping the machine: breakpoints,
 * watchpoints, the instruction trace (whole and by address range), stop
 * requests and the datapath view, in the free-running engine and in the
 * one-microword-at-a-time loop (forced by a microword trace that never
 * stops).  Both must stop at the same cycle with the same state; the
 * storage path's slow side (page crossings, the end of storage, keys) is
 * checked here too.
 */
#include "tap.h"
#include "vm-prog.h"

#include <string.h>

#define DATA 0x800          /* a word on the page after the program's */
#define LOOPS 300

static int no_stop(void *ctx, struct vm *vm, unsigned upc)
{
    (void)ctx; (void)vm; (void)upc;
    return 0;
}

/* Force the reference loop (a microword trace that never stops) or not. */
static void observed(struct vm *vm, int on)
{
    struct vm_trace tr = { .micro = on ? no_stop : NULL };
    vm_set_trace(vm, on ? &tr : NULL);
}

/*
 * The loop:   ORG     L    1,=F'LOOPS' (at X'700')
 *             ORG+4   LA   2,1(,2)
 *             ORG+8   ST   2,DATA
 *             ORG+12  L    3,DATA+4
 *             ORG+16  BCT  1,ORG+4
 *             ORG+20  SVC  255
 */
static void build_loop(struct prog *p)
{
    prog_start(p);
    set_word(p, 0x700, LOOPS);
    I(p, "L", .r1 = 1, .d2 = 0x700);
    I(p, "LA", .r1 = 2, .b2 = 2, .d2 = 1);
    I(p, "ST", .r1 = 2, .d2 = DATA);
    I(p, "L", .r1 = 3, .d2 = DATA + 4);
    I(p, "BCT", .r1 = 1, .d2 = ORG + 4);
    I(p, "SVC", .i2 = 255);
    vm_set_psw(p->vm, VM_PSW_EC | ORG);
}

struct stop {
    enum vm_status st;
    uint64_t cycles, insns;
    uint32_t ia;
};

static struct stop stop_of(struct vm *vm, enum vm_status st)
{
    const struct vm_counters *c = vm_counters(vm);
    return (struct stop){ st, c->cycles, c->instructions, (uint32_t)vm_get_psw(vm) & VM_ADDR_MASK };
}

static int same_stop(const struct stop *a, const struct stop *b)
{
    return a->st == b->st && a->cycles == b->cycles && a->insns == b->insns && a->ia == b->ia;
}

/* ---- breakpoints ------------------------------------------------------------------ */

static void test_breakpoints(void)
{
    struct stop s[2][LOOPS + 2];
    int n[2];
    for (int m = 0; m < 2; m++) {
        struct prog p;
        build_loop(&p);
        observed(p.vm, m);
        vm_set_breakpoint(p.vm, ORG + 12);
        n[m] = 0;
        enum vm_status st;
        do {
            st = vm_run(p.vm, 10000000);
            s[m][n[m]++] = stop_of(p.vm, st);
        } while (st == VM_BREAKPOINT && n[m] < LOOPS + 2);
        vm_free(p.vm);
    }
    check_int(n[0], ==, LOOPS + 1);
    check_int(n[1], ==, n[0]);
    int same = 1, at = 1;
    for (int i = 0; i < n[0] && i < n[1]; i++) {
        same &= same_stop(&s[0][i], &s[1][i]);
        if (i < LOOPS)
            at &= s[0][i].st == VM_BREAKPOINT && s[0][i].ia == ORG + 12 &&
                  s[0][i].insns == 3 + 4 * (uint64_t)i;
    }
    tap_ok(same, __FILE__, __LINE__, "breakpoint: fast and observed stop at the same cycles");
    tap_ok(at, __FILE__, __LINE__, "breakpoint: every stop is before the fetch of the instruction");
    check_int(s[0][LOOPS].st, ==, VM_NO_SVC_HANDLER);

    /* cleared: the run goes to the end; the instruction is cached again */
    struct prog p;
    build_loop(&p);
    vm_set_breakpoint(p.vm, ORG + 12);
    check_int(vm_run(p.vm, 0), ==, VM_BREAKPOINT);
    vm_clear_breakpoint(p.vm, ORG + 12);
    check_int(vm_run(p.vm, 0), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_gr(p.vm, 2), ==, LOOPS);
    vm_free(p.vm);

    /* a breakpoint set while the instruction is cached is still seen */
    build_loop(&p);
    check_int(vm_run(p.vm, 200), ==, VM_CYCLE_LIMIT);
    vm_set_breakpoint(p.vm, ORG + 16);
    check_int(vm_run(p.vm, 0), ==, VM_BREAKPOINT);
    check_uint((uint32_t)vm_get_psw(p.vm) & VM_ADDR_MASK, ==, ORG + 16);
    vm_free(p.vm);

    /* stepping from a breakpoint runs the instruction */
    build_loop(&p);
    vm_set_breakpoint(p.vm, ORG + 4);
    check_int(vm_run(p.vm, 0), ==, VM_BREAKPOINT);
    check_int(vm_step_insn(p.vm), ==, VM_STEPPED);
    check_uint(vm_get_gr(p.vm, 2), ==, 1);
    check_uint((uint32_t)vm_get_psw(p.vm) & VM_ADDR_MASK, ==, ORG + 8);
    vm_free(p.vm);
}

/* ---- watchpoints ------------------------------------------------------------------- */

static void test_watchpoints(void)
{
    struct stop s[2][3];
    struct vm_watch_hit h[2];
    for (int m = 0; m < 2; m++) {
        struct prog p;
        build_loop(&p);
        observed(p.vm, m);
        check_int(vm_set_watchpoint(p.vm, DATA, 4, VM_WATCH_WRITE), ==, 0);
        enum vm_status st = vm_run(p.vm, 0);
        s[m][0] = stop_of(p.vm, st);
        h[m] = *vm_last_watch(p.vm);
        check_int(st, ==, VM_WATCHPOINT);
        check_uint(h[m].addr, ==, DATA);
        check_uint(h[m].len, ==, 4);
        check_uint(h[m].kind, ==, VM_WATCH_WRITE);
        check_uint(h[m].value, ==, 1);
        check_uint(h[m].iaddr, ==, ORG + 8);
        check_uint(s[m][0].ia, ==, ORG + 12);           /* after the ST, before the L */
        check_uint(word(&p, DATA), ==, 1);              /* the store completed */
        st = vm_run(p.vm, 0);                           /* the next pass stores again */
        s[m][1] = stop_of(p.vm, st);
        check_int(st, ==, VM_WATCHPOINT);
        check_uint(vm_last_watch(p.vm)->value, ==, 2);
        /* a read watchpoint on the next word: the L stops */
        vm_clear_watchpoint(p.vm, DATA);
        check_int(vm_set_watchpoint(p.vm, DATA + 4, 1, VM_WATCH_READ), ==, 0);
        st = vm_run(p.vm, 0);
        s[m][2] = stop_of(p.vm, st);
        check_int(st, ==, VM_WATCHPOINT);
        check_uint(vm_last_watch(p.vm)->kind, ==, VM_WATCH_READ);
        check_uint(vm_last_watch(p.vm)->iaddr, ==, ORG + 12);
        check_uint(s[m][2].ia, ==, ORG + 16);
        vm_free(p.vm);
    }
    int same = 1;
    for (int i = 0; i < 3; i++)
        same &= same_stop(&s[0][i], &s[1][i]);
    tap_ok(same, __FILE__, __LINE__, "watchpoint: fast and observed stop at the same cycles");

    /* a watchpoint on the program's own page leaves its instructions fast
     * and correct; a store that crosses into the watched page is seen */
    struct prog p;
    build_loop(&p);
    check_int(vm_set_watchpoint(p.vm, ORG + 0x100, 8, VM_WATCH_READ | VM_WATCH_WRITE), ==, 0);
    check_int(vm_run(p.vm, 0), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_gr(p.vm, 2), ==, LOOPS);
    vm_free(p.vm);

    prog_start(&p);
    check_int(vm_set_watchpoint(p.vm, 0x1000, 2, VM_WATCH_WRITE), ==, 0);
    I(&p, "LA", .r1 = 5, .d2 = 0x123);
    I(&p, "ST", .r1 = 5, .d2 = 0xFFE);                 /* bytes FFE-1001 */
    I(&p, "LA", .r1 = 6, .d2 = 1);
    check_int(run_for(&p, 0), ==, VM_WATCHPOINT);
    check_uint(vm_last_watch(p.vm)->addr, ==, 0xFFE);
    check_uint(word(&p, 0xFFE), ==, 0x123);
    check_uint(vm_get_gr(p.vm, 6), ==, 0);             /* stopped before the next one */
    vm_free(p.vm);

    /* a host service's store for the program: seen as the program's */
    prog_start(&p);
    I(&p, "LA", .r1 = 6, .d2 = 1);
    static const uint8_t card[6] = { 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6 };
    check_int(vm_set_watchpoint(p.vm, 0x1002, 2, VM_WATCH_WRITE), ==, 0);
    check_int(vm_store_bytes(p.vm, 0x1000, card, sizeof card), ==, 0);    /* not seen */
    check_int(run_for(&p, 0), !=, VM_WATCHPOINT);
    vm_free(p.vm);
    prog_start(&p);
    I(&p, "LA", .r1 = 6, .d2 = 1);
    check_int(vm_set_watchpoint(p.vm, 0x1002, 2, VM_WATCH_WRITE), ==, 0);
    check_int(vm_store_for_program(p.vm, 0x1000, card, sizeof card, 0x4444, 0), ==, 0);
    check_int(run_for(&p, 0), ==, VM_WATCHPOINT);                       /* at once */
    check_uint(vm_last_watch(p.vm)->addr, ==, 0x1000);
    check_uint(vm_last_watch(p.vm)->len, ==, 6);
    check_uint(vm_last_watch(p.vm)->value, ==, 0xC1C2C3C4);
    check_uint(vm_last_watch(p.vm)->iaddr, ==, 0x4444);
    check_int(vm_last_watch(p.vm)->host, ==, 1);
    check_uint(vm_get_gr(p.vm, 6), ==, 0);
    vm_free(p.vm);
    prog_start(&p);                     /* an SVC's: the stop waits for the next PSW */
    I(&p, "LA", .r1 = 6, .d2 = 1);
    I(&p, "LA", .r1 = 7, .d2 = 1);
    I(&p, "SVC", .i2 = 255);
    vm_set_psw(p.vm, VM_PSW_EC | ORG);
    check_int(vm_set_watchpoint(p.vm, 0x1002, 2, VM_WATCH_WRITE), ==, 0);
    check_int(vm_store_for_program(p.vm, 0x1000, card, sizeof card, 0x4444, 1), ==, 0);
    check_int(vm_store_for_program(p.vm, 0x1003, card, 1, 0x5555, 1), ==, 0);
    check_int(vm_step_insn(p.vm), ==, VM_STEPPED);                      /* no stop yet */
    check_uint(vm_get_gr(p.vm, 6), ==, 1);
    vm_set_psw(p.vm, vm_get_psw(p.vm));                                  /* LPSW back */
    check_int(vm_run(p.vm, 0), ==, VM_WATCHPOINT);                       /* then at once */
    check_uint(vm_get_gr(p.vm, 7), ==, 0);
    check_uint(vm_last_watch(p.vm)->iaddr, ==, 0x4444);                  /* the first */
    check_int(vm_store_for_program(p.vm, 0xFFFFF0, card, 6, 0, 0), ==, -1);
    vm_free(p.vm);

    /* bad ranges */
    struct vm *vm = vm_new(NULL);
    check_int(vm_set_watchpoint(vm, 0, 0, VM_WATCH_WRITE), ==, -1);
    check_int(vm_set_watchpoint(vm, 0xFFFFFE, 4, VM_WATCH_WRITE), ==, -1);
    check_int(vm_set_watchpoint(vm, 0, 4, 0), ==, -1);
    int full = 0;
    for (uint32_t i = 0; i <= VM_MAX_WATCHPOINTS; i++)
        full = vm_set_watchpoint(vm, i * 16, 4, VM_WATCH_READ);
    check_int(full, ==, -1);
    vm_free(vm);
}

/* ---- the instruction trace -------------------------------------------------------- */

struct tlog {
    unsigned n;
    uint32_t addr[2048];
    uint64_t cyc[2048];
    unsigned stop_at;       /* nonzero: ask for a stop at this callback */
    unsigned done;          /* done callbacks */
    int late;               /* a done came with no instruction open */
    int request;            /* ask by vm_request_stop instead of returning 1 */
};

static int log_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *bytes, int len)
{
    struct tlog *t = ctx;
    (void)bytes; (void)len;
    if (t->n < 2048) {
        t->addr[t->n] = addr;
        t->cyc[t->n] = vm_counters(vm)->cycles;
    }
    t->n++;
    if (t->stop_at && t->n == t->stop_at) {
        if (t->request)
            vm_request_stop(vm);
        else
            return 1;
    }
    return 0;
}

static void log_done(void *ctx, struct vm *vm)
{
    struct tlog *t = ctx;
    (void)vm;
    t->late |= t->done >= t->n;
    t->done++;
}

static void run_traced(struct tlog *t, int obs, int ranged, uint32_t lo, uint32_t hi)
{
    struct prog p;
    build_loop(&p);
    memset(t, 0, sizeof *t);
    struct vm_trace tr = { .ctx = t, .insn = log_insn, .micro = obs ? no_stop : NULL,
                           .done = log_done, .ranged = ranged, .lo = lo, .hi = hi };
    vm_set_trace(p.vm, &tr);
    check_int(vm_run(p.vm, 0), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_gr(p.vm, 2), ==, LOOPS);
    vm_free(p.vm);
}

static void test_trace(void)
{
    static struct tlog a, b;
    run_traced(&a, 0, 0, 0, 0);
    run_traced(&b, 1, 0, 0, 0);
    check_int(a.n, ==, 2 + 4 * LOOPS);
    check_int(b.n, ==, a.n);
    tap_ok(!memcmp(a.addr, b.addr, sizeof a.addr) && !memcmp(a.cyc, b.cyc, sizeof a.cyc),
           __FILE__, __LINE__, "trace: fast and observed call back at the same cycles");
    run_traced(&b, 0, 1, ORG + 8, ORG + 12);
    int in = 1;
    unsigned k = 0;
    for (unsigned i = 0; i < a.n && i < 2048; i++)
        if (a.addr[i] >= ORG + 8 && a.addr[i] <= ORG + 12)
            in &= k < 2048 && b.addr[k] == a.addr[i] && b.cyc[k] == a.cyc[i], k++;
    check_int(b.n, ==, 2 * LOOPS);
    tap_ok(in, __FILE__, __LINE__, "ranged trace: the instructions in the range, at the same cycles");
    /* every traced instruction is done at the next fetch, the last too */
    check_int(b.done, ==, b.n);
    check_int(b.late, ==, 0);
    run_traced(&b, 1, 1, ORG + 8, ORG + 12);
    check_int(b.done, ==, b.n);

    /* a callback that stops: the instruction runs when resumed */
    struct prog p;
    build_loop(&p);
    memset(&a, 0, sizeof a);
    a.stop_at = 3;
    struct vm_trace tr = { .ctx = &a, .insn = log_insn };
    vm_set_trace(p.vm, &tr);
    check_int(vm_run(p.vm, 0), ==, VM_STOP_REQUEST);
    check_uint(vm_counters(p.vm)->instructions, ==, 3);
    check_uint(vm_get_gr(p.vm, 2), ==, 1);              /* the ST has not run */
    check_uint(word(&p, DATA), ==, 0);
    vm_set_trace(p.vm, NULL);
    check_int(vm_run(p.vm, 0), ==, VM_NO_SVC_HANDLER);
    check_uint(word(&p, DATA), ==, LOOPS);
    vm_free(p.vm);
}

/* ---- stop requests ------------------------------------------------------------------ */

static void test_stop_request(void)
{
    for (int m = 0; m < 2; m++) {
        struct prog p;
        build_loop(&p);
        observed(p.vm, m);
        vm_request_stop(p.vm);
        check_int(vm_run(p.vm, 0), ==, VM_STOP_REQUEST);
        check_uint(vm_counters(p.vm)->instructions, ==, 0);
        check_uint(vm_counters(p.vm)->cycles, ==, 0);
        /* asked from a callback during the 10th instruction: it completes */
        static struct tlog t;
        memset(&t, 0, sizeof t);
        t.stop_at = 10;
        t.request = 1;
        struct vm_trace tr = { .ctx = &t, .insn = log_insn, .micro = m ? no_stop : NULL };
        vm_set_trace(p.vm, &tr);
        check_int(vm_run(p.vm, 0), ==, VM_STOP_REQUEST);
        check_uint(vm_counters(p.vm)->instructions, ==, 10);
        check_int(vm_between_instructions(p.vm), ==, 1);
        check_int(vm_run(p.vm, 0), ==, VM_NO_SVC_HANDLER);
        vm_free(p.vm);
    }
}

/* ---- the datapath view ---------------------------------------------------------------- */

static void test_datapath(void)
{
    struct prog p;
    build_loop(&p);
    set_word(&p, DATA + 4, 0xCAFE);
    vm_set_breakpoint(p.vm, ORG + 16);
    check_int(vm_run(p.vm, 0), ==, VM_BREAKPOINT);  /* after L 3,DATA+4 */
    struct vm_datapath d;
    vm_datapath(p.vm, &d);
    check_uint(d.iaddr, ==, ORG + 12);
    check_uint(d.ilen, ==, 4);
    check_uint(d.ibytes[0], ==, 0x58);                  /* L */
    check_uint(d.r1, ==, 3);
    check_uint(d.ea2, ==, DATA + 4);
    check_uint(d.mdr, ==, 0xCAFE);
    check_uint(d.upc, ==, vm_micro_pc(p.vm));
    check_uint(d.pending, ==, 0);
    /* microsteps: the view follows the micro-PC */
    int follows = 1;
    for (int i = 0; i < 5; i++) {
        vm_step_micro(p.vm);
        vm_datapath(p.vm, &d);
        follows &= d.upc == vm_micro_pc(p.vm) && d.rsp <= 16;
    }
    tap_ok(follows, __FILE__, __LINE__, "datapath view follows microsteps");
    vm_free(p.vm);
}

/* ---- the storage path's slow side ----------------------------------------------------- */

static void test_storage_path(void)
{
    struct prog p;
    prog_start(&p);
    /* across the 2 KiB page at X'800' and the 4 KiB one at X'1000' */
    I(&p, "L", .r1 = 5, .d2 = 0x7FE);
    I(&p, "ST", .r1 = 5, .d2 = 0xFFE);
    I(&p, "LA", .r1 = 8, .d2 = 0x800);
    I(&p, "MVC", .i2 = 15, .b1 = 8, .d1 = 0xFF8, .d2 = 0x7F8);     /* to X'17F8' */
    set_word(&p, 0x7FC, 0x11223344);
    set_word(&p, 0x800, 0x55667788);
    check_int(run_for(&p, 0), ==, VM_NO_SVC_HANDLER);
    check_uint(vm_get_gr(p.vm, 5), ==, 0x33445566);
    check_uint(word(&p, 0xFFE) >> 16, ==, 0x3344);
    check_uint(word(&p, 0x1000) >> 16, ==, 0x5566);
    check_uint(word(&p, 0x17FC), ==, 0x11223344);
    check_uint(word(&p, 0x1800), ==, 0x55667788);
    vm_free(p.vm);

    /* a store that reaches past the end of storage stores nothing (0005) */
    struct vm_config cfg = { 8192 };
    p.vm = vm_new(&cfg);
    p.pc = ORG;
    p.psw_extra = 0;
    set_word(&p, 0x1FFC, 0xAAAAAAAA);
    set_word(&p, 0x704, 0x1FFE);
    I(&p, "L", .r1 = 5, .d2 = 0x700);
    I(&p, "L", .r1 = 7, .d2 = 0x704);
    I(&p, "ST", .r1 = 5, .b2 = 7);                      /* 1FFE-2001 */
    check_int(run_for(&p, 0), ==, VM_NO_PGM_HANDLER);
    check_uint(vm_last_interrupt(p.vm)->code, ==, 5);
    check_uint(word(&p, 0x1FFC), ==, 0xAAAAAAAA);
    vm_free(p.vm);

    /* key 1 may store nowhere (every storage key is 0): 0004, nothing stored */
    prog_start(&p);
    p.psw_extra = (uint64_t)1 << 52;                    /* PSW key 1 */
    I(&p, "LA", .r1 = 5, .d2 = 0x77);
    I(&p, "STC", .r1 = 5, .d2 = 0x900);
    check_int(run_for(&p, 0), ==, VM_NO_PGM_HANDLER);
    check_uint(vm_last_interrupt(p.vm)->code, ==, 4);
    check_uint(word(&p, 0x900), ==, 0);
    vm_free(p.vm);

    /* the host's copies cross pages and refuse what is outside */
    struct vm *vm = vm_new(NULL);
    uint8_t buf[5000], back[5000];
    for (unsigned i = 0; i < sizeof buf; i++)
        buf[i] = (uint8_t)(i * 7);
    check_int(vm_store_bytes(vm, 0x7FF, buf, sizeof buf), ==, 0);
    check_int(vm_fetch_bytes(vm, 0x7FF, back, sizeof back), ==, 0);
    check(!memcmp(buf, back, sizeof buf));
    check_int(vm_fetch_bytes(vm, vm_storage_size(vm) - 2, back, 4), ==, -1);
    vm_free(vm);
}

int main(void)
{
    test_breakpoints();
    test_watchpoints();
    test_trace();
    test_stop_request();
    test_datapath();
    test_storage_path();
    tap_done();
    return 0;
}
