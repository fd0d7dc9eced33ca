/*
 * t-vm-assist.c -- the ASSIST instructions reach the host's assist hook
 * (vm.h): SF=ASSIST hands over the opcode, the R1 field or the X'E0' mask,
 * the operand address (RX: D2(X2,B2); X'E0': D1(X1,B1)) and the X'E0'
 * length D2(B2), with index and base registers in play, on the fast path
 * and the observed one.  What the hook sets (registers, CC) sticks; a
 * program check it reports suppresses the instruction with that code and
 * the instruction's ILC; without a hook every ASSIST opcode is an
 * operation exception; EX works on them (its byte ORed into byte 1).
 */
#include "tap.h"
#include "vm-prog.h"

#include <string.h>

#define DATA 0x800

/* A recording hook: every call, and what to answer. */
struct rec {
    struct vm_assist_call call[32];
    unsigned n;
    enum vm_host_result answer;     /* for every call */
    unsigned pic;                   /* with VM_HOST_PROGRAM */
};

static enum vm_host_result record(void *ctx, struct vm *vm, const struct vm_assist_call *c,
                                  unsigned *pic)
{
    struct rec *r = ctx;
    if (r->n < sizeof r->call / sizeof r->call[0])
        r->call[r->n] = *c;
    r->n++;
    if (r->answer == VM_HOST_PROGRAM) {
        *pic = r->pic;
        return VM_HOST_PROGRAM;
    }
    if (c->opcode == 0x53) {        /* XDECI: a number into R1, CC 2 */
        vm_set_gr(vm, c->r1, 12345);
        vm_set_cc(vm, 2);
    }
    if (c->opcode == 0xE0 && c->r1 == 0)    /* XREAD: the card into storage */
        vm_store_bytes(vm, c->addr, "CARD", 4);
    return r->answer;
}

static void hook(struct prog *p, struct rec *r)
{
    struct vm_host h = { .ctx = r, .assist = record };
    vm_set_host(p->vm, &h);
}

static void with_micro_trace(struct prog *p);

/* The eleven instructions, twice (a BCT loop; X1 and X2 step between the
 * passes), every operand with an index and a base register. */
static void build_all(struct prog *p)
{
    I(p, "LA", .r1 = 12, .d2 = DATA);
    I(p, "LA", .r1 = 3, .d2 = 0x10);                           /* X2 of the RX ones */
    I(p, "LA", .r1 = 4, .d2 = 0x20);                           /* X1 of the X'E0' ones */
    I(p, "LA", .r1 = 5, .d2 = 100);                            /* B2 of a length */
    I(p, "LA", .r1 = 1, .d2 = 2);
    uint32_t loop = p->pc;
    I(p, "XDECI", .r1 = 8, .r2 = 3, .b2 = 12, .d2 = 20);
    I(p, "XDECO", .r1 = 6, .r2 = 3, .b2 = 12, .d2 = 40);
    I(p, "XHEXI", .r1 = 9, .r2 = 3, .b2 = 12, .d2 = 60);
    I(p, "XHEXO", .r1 = 10, .r2 = 3, .b2 = 12, .d2 = 80);
    I(p, "XREAD", .r2 = 4, .b1 = 12, .d1 = 42, .d2 = 80);
    I(p, "XPRNT", .r2 = 4, .b1 = 12, .d1 = 60, .b2 = 5, .d2 = 33);   /* 33 + 100 */
    I(p, "XPNCH", .r2 = 4, .b1 = 12, .d1 = 100, .d2 = 80);
    I(p, "XDUMP", .r2 = 4, .b1 = 12, .d1 = 14, .d2 = 28);
    I(p, "XLIMD", .r2 = 4, .b1 = 12, .d1 = 0, .d2 = 4095);
    I(p, "XGET", .r2 = 4, .b1 = 12, .d1 = 200, .d2 = 80);
    I(p, "XPUT", .r2 = 4, .b1 = 12, .d1 = 300, .b2 = 5, .d2 = 0);
    I(p, "LA", .r1 = 3, .r2 = 3, .d2 = 4);                     /* X2 += 4 */
    I(p, "LA", .r1 = 4, .r2 = 4, .d2 = 8);                     /* X1 += 8 */
    I(p, "BCT", .r1 = 1, .d2 = (uint16_t)loop);
}

static void check_all(struct prog *p, const struct rec *r)
{
    static const struct { unsigned op, r1; uint32_t off, len; int e0; } want[11] = {
        { 0x53, 8, 0x10 + 20, 0, 0 },  { 0x52, 6, 0x10 + 40, 0, 0 },
        { 0x61, 9, 0x10 + 60, 0, 0 },  { 0x62, 10, 0x10 + 80, 0, 0 },
        { 0xE0, 0x0, 0x20 + 42, 80, 1 }, { 0xE0, 0x2, 0x20 + 60, 133, 1 },
        { 0xE0, 0x4, 0x20 + 100, 80, 1 }, { 0xE0, 0x6, 0x20 + 14, 28, 1 },
        { 0xE0, 0x8, 0x20 + 0, 4095, 1 }, { 0xE0, 0xA, 0x20 + 200, 80, 1 },
        { 0xE0, 0xC, 0x20 + 300, 100, 1 },
    };
    check_int(r->n, ==, 22);
    int bad = 0;
    for (unsigned pass = 0; pass < 2 && r->n == 22; pass++)
        for (unsigned k = 0; k < 11; k++) {
            const struct vm_assist_call *c = &r->call[pass * 11 + k];
            uint32_t step = want[k].e0 ? 8 * pass : 4 * pass;
            if (c->opcode != want[k].op || c->r1 != want[k].r1 ||
                c->addr != DATA + want[k].off + step || c->len != want[k].len) {
                printf("# pass %u call %u: op %02X r1 %u addr %06X len %u\n", pass, k,
                       c->opcode, c->r1, (unsigned)c->addr, (unsigned)c->len);
                bad++;
            }
        }
    check_int(bad, ==, 0);
    /* what the hook set sticks: XDECI's register and CC, XREAD's card */
    check_uint(vm_get_gr(p->vm, 8), ==, 12345);
    check_uint(word(p, 0x20) >> 12 & 3, ==, 2);               /* CC in the SVC old PSW */
    uint8_t card[4];
    vm_fetch_bytes(p->vm, DATA + 0x28 + 42, card, 4);
    check(memcmp(card, "CARD", 4) == 0);
}

static void test_calls(void)
{
    for (int observed = 0; observed < 2; observed++) {
        struct prog p;
        struct rec r = { .answer = VM_HOST_OK };
        prog_start(&p);
        hook(&p, &r);
        if (observed)
            with_micro_trace(&p);
        build_all(&p);
        check_int(run_for(&p, 100000), ==, VM_NO_SVC_HANDLER);
        printf("# %s\n", observed ? "observed" : "fast");
        check_all(&p, &r);
        vm_free(p.vm);
    }
}

static int no_stop(void *ctx, struct vm *vm, unsigned upc)
{
    (void)ctx; (void)vm; (void)upc;
    return 0;
}

static void with_micro_trace(struct prog *p)
{
    struct vm_trace tr = { .micro = no_stop };
    vm_set_trace(p->vm, &tr);
}

/* The hook reports protection (4): suppressed, program interruption 0004
 * with the instruction's ILC, the old PSW at X'28' past it. */
static void test_program_check(void)
{
    for (int e0 = 0; e0 < 2; e0++) {
        struct prog p;
        struct rec r = { .answer = VM_HOST_PROGRAM, .pic = 4 };
        prog_start(&p);
        hook(&p, &r);
        I(&p, "LA", .r1 = 12, .d2 = DATA);
        if (e0)
            I(&p, "XPRNT", .b1 = 12, .d1 = 8, .d2 = 133);
        else
            I(&p, "XDECO", .r1 = 6, .b2 = 12, .d2 = 8);
        uint32_t next = p.pc;
        check_int(run_for(&p, 100000), ==, VM_NO_PGM_HANDLER);
        check_int(r.n, ==, 1);
        check_uint(pgm_code(&p), ==, 4);
        check_uint(word(&p, 0x8C), ==, e0 ? 0x00060004u : 0x00040004u);
        check_uint(word(&p, 0x2C), ==, next);
        check_int(vm_last_interrupt(p.vm)->code, ==, 4);
        check_int(vm_last_interrupt(p.vm)->ilc, ==, e0 ? 3 : 2);
        vm_free(p.vm);
    }
}

/* No assist hook (none at all, or a host with DIAGNOSE alone): every
 * ASSIST opcode is an operation exception. */
static enum vm_host_result diag_only(void *ctx, struct vm *vm, uint32_t code, unsigned r1,
                                     unsigned r3)
{
    (void)ctx; (void)vm; (void)code; (void)r1; (void)r3;
    return VM_HOST_OK;
}

static void test_no_hook(void)
{
    static const char *const names[] = { "XDECI", "XDECO", "XHEXI", "XHEXO", "XREAD", "XPRNT",
                                         "XPNCH", "XDUMP", "XLIMD", "XGET", "XPUT" };
    int bad = 0;
    for (int k = 0; k < 11; k++) {
        struct prog p;
        prog_start(&p);
        if (k & 1) {
            struct vm_host h = { .diagnose = diag_only };
            vm_set_host(p.vm, &h);
        }
        I(&p, names[k], .r1 = 1, .d1 = 16, .d2 = 80);
        enum vm_status st = run_for(&p, 100000);
        unsigned ilc = k >= 4 ? 3 : 2;
        if (st != VM_NO_PGM_HANDLER || word(&p, 0x8C) != (ilc << 17 | 1) ||
            word(&p, 0x2C) != ORG + 2 * ilc) {
            printf("# %s: status %d, code word %08X\n", names[k], (int)st,
                   (unsigned)word(&p, 0x8C));
            bad++;
        }
        vm_free(p.vm);
    }
    check_int(bad, ==, 0);
}

/* EX of an ASSIST instruction: byte 1 ORed with R1's low byte (XREAD
 * becomes XPRNT, XDECI's R1 0 becomes 5); a program check has EX's ILC. */
static void test_execute(void)
{
    struct prog p;
    struct rec r = { .answer = VM_HOST_OK };
    prog_start(&p);
    hook(&p, &r);
    I(&p, "LA", .r1 = 12, .d2 = DATA);
    I(&p, "LA", .r1 = 2, .d2 = 0x20);
    I(&p, "LA", .r1 = 3, .d2 = 0x50);
    I(&p, "EX", .r1 = 2, .d2 = 0x300);
    I(&p, "EX", .r1 = 3, .d2 = 0x308);
    uint32_t end = p.pc;
    p.pc = 0x300;
    I(&p, "XREAD", .b1 = 12, .d1 = 4, .d2 = 121);
    p.pc = 0x308;
    I(&p, "XDECI", .r1 = 0, .b2 = 12, .d2 = 64);
    p.pc = end;
    check_int(run_for(&p, 100000), ==, VM_NO_SVC_HANDLER);
    check_int(r.n, ==, 2);
    check_uint(r.call[0].opcode, ==, 0xE0);
    check_uint(r.call[0].r1, ==, 2);                          /* XPRNT */
    check_uint(r.call[0].addr, ==, DATA + 4);
    check_uint(r.call[0].len, ==, 121);
    check_uint(r.call[1].opcode, ==, 0x53);
    check_uint(r.call[1].r1, ==, 5);
    check_uint(r.call[1].addr, ==, DATA + 64);
    check_uint(vm_get_gr(p.vm, 5), ==, 12345);
    vm_free(p.vm);

    prog_start(&p);
    r = (struct rec){ .answer = VM_HOST_PROGRAM, .pic = 5 };
    hook(&p, &r);
    I(&p, "EX", .r1 = 0, .d2 = 0x300);
    uint32_t next = p.pc;
    p.pc = 0x300;
    I(&p, "XPUT", .d1 = 0x900, .d2 = 80);
    p.pc = next;
    check_int(run_for(&p, 100000), ==, VM_NO_PGM_HANDLER);
    check_uint(word(&p, 0x8C), ==, 0x00040005);               /* EX's ILC 2 */
    check_uint(word(&p, 0x2C), ==, next);
    vm_free(p.vm);
}

/* The other answers end the run as for DIAGNOSE (ABEND: VM_ABEND), the
 * instruction completed. */
static void test_answers(void)
{
    static const struct { enum vm_host_result a; enum vm_status st; } want[] = {
        { VM_HOST_EXIT, VM_EXIT }, { VM_HOST_FAIL, VM_HOST_ERROR },
        { VM_HOST_ABEND, VM_ABEND },
    };
    for (int k = 0; k < 3; k++) {
        struct prog p;
        struct rec r = { .answer = want[k].a };
        prog_start(&p);
        hook(&p, &r);
        I(&p, "XPNCH", .d1 = 0x900, .d2 = 80);
        I(&p, "XPNCH", .d1 = 0x900, .d2 = 80);
        check_int(run_for(&p, 100000), ==, want[k].st);
        check_int(r.n, ==, 1);
        check_uint(vm_get_psw(p.vm) & 0xFFFFFF, ==, ORG + 6);
        vm_free(p.vm);
    }
}

int main(void)
{
    test_calls();
    test_program_check();
    test_no_hook();
    test_execute();
    test_answers();
    return tap_done();
}
