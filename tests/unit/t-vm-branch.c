/*
 * t-vm-branch.c -- the branch history (vm_branch_history): which
 * instructions are branches, the ring's order and wrap, and the same
 * history from the free-running engine, instruction steps and microsteps.
 */
#include "tap.h"
#include "vm-prog.h"

#define MAXB 64

struct expect {
    unsigned n;
    struct vm_branch b[MAXB];
};

static void want(struct expect *e, uint32_t from, uint32_t to)
{
    e->b[e->n++] = (struct vm_branch){ .from = from, .to = to, .task = 1 };
}

/*
 * Every branch instruction taken and not taken, and the forms that are
 * no branch (BCR 15,0; BALR 14,0; an MVCL that resumes after a unit).
 * The expected history is written as the program is.
 */
static void build_kinds(struct prog *p, struct expect *e)
{
    uint32_t at;
    I(p, "LA", .r1 = 1, .d2 = 1);
    at = p->pc;                                         /* BC 15: taken */
    I(p, "BC", .r1 = 15, .d2 = (uint16_t)(at + 8));
    I(p, "LA", .r1 = 0, .d2 = 0);                       /* skipped */
    want(e, at, at + 8);
    I(p, "CR", .r1 = 1, .r2 = 1);                       /* CC 0 */
    I(p, "BC", .r1 = 7, .d2 = 0x800);                   /* not taken */
    I(p, "BCR", .r1 = 15, .r2 = 0);                     /* no branch */
    I(p, "BALR", .r1 = 14, .r2 = 0);                    /* no branch */
    I(p, "LA", .r1 = 13, .d2 = (uint16_t)(p->pc + 6));
    at = p->pc;                                         /* BCR 15,13: taken */
    I(p, "BCR", .r1 = 15, .r2 = 13);
    want(e, at, at + 2);
    I(p, "BCR", .r1 = 7, .r2 = 13);                     /* CC 0: not taken */
    at = p->pc;                                         /* BAL: taken */
    I(p, "BAL", .r1 = 14, .d2 = (uint16_t)(at + 4));
    want(e, at, at + 4);
    I(p, "LA", .r1 = 12, .d2 = (uint16_t)(p->pc + 6));
    at = p->pc;                                         /* BALR 14,12 */
    I(p, "BALR", .r1 = 14, .r2 = 12);
    want(e, at, at + 2);
    I(p, "LA", .r1 = 2, .d2 = 3);
    at = p->pc;                                         /* BCT: twice taken, then not */
    I(p, "BCT", .r1 = 2, .d2 = (uint16_t)at);
    want(e, at, at);
    want(e, at, at);
    I(p, "LA", .r1 = 4, .d2 = 0);
    I(p, "LA", .r1 = 6, .d2 = 1);
    I(p, "LA", .r1 = 7, .d2 = 1);
    at = p->pc;                                         /* BXLE: once taken */
    I(p, "BXLE", .r1 = 4, .r2 = 6, .d2 = (uint16_t)at);
    want(e, at, at);
    I(p, "LA", .r1 = 2, .d2 = 0x2000);                  /* MVCL of 5000 bytes: */
    I(p, "LA", .r1 = 3, .d2 = 5000);                    /* three units, no branch */
    I(p, "LA", .r1 = 4, .d2 = 0x4000);
    I(p, "LA", .r1 = 5, .d2 = 5000);
    I(p, "MVCL", .r1 = 2, .r2 = 4);
}

static void check_history(const char *what, struct vm *vm, const struct expect *e)
{
    struct vm_branch got[MAXB];
    unsigned n = vm_branch_history(vm, got, MAXB);
    unsigned want_n = e->n > VM_BRANCH_HISTORY ? VM_BRANCH_HISTORY : e->n;
    printf("# %s\n", what);
    check_int(n, ==, want_n);
    int same = n == want_n;
    for (unsigned i = 0; same && i < n; i++) {
        const struct vm_branch *w = &e->b[e->n - n + i];
        if (got[i].from != w->from || got[i].to != w->to || got[i].task != w->task) {
            printf("#   entry %u: got %06X -> %06X task %u, want %06X -> %06X\n", i,
                   (unsigned)got[i].from, (unsigned)got[i].to, got[i].task,
                   (unsigned)w->from, (unsigned)w->to);
            same = 0;
        }
    }
    check(same);
}

enum mode { FAST, INSN, MICRO };

static enum vm_status run_mode(struct prog *p, enum mode m)
{
    I(p, "SVC", .i2 = 255);
    vm_set_psw(p->vm, VM_PSW_EC | ORG);
    enum vm_status st;
    switch (m) {
    case INSN:
        while ((st = vm_step_insn(p->vm)) == VM_STEPPED)
            ;
        return st;
    case MICRO:
        while ((st = vm_step_micro(p->vm)) == VM_MICROSTEPPED)
            ;
        return st;
    default: return vm_run(p->vm, 0);
    }
}

static void test_kinds(void)
{
    static const char *const names[] = { "free-running", "instruction steps", "microsteps" };
    for (enum mode m = FAST; m <= MICRO; m++) {
        struct prog p;
        struct expect e = { 0 };
        prog_start(&p);
        struct vm_branch none[1];
        check_int(vm_branch_history(p.vm, none, 1), ==, 0);     /* vm_new: empty */
        build_kinds(&p, &e);
        check_int(run_mode(&p, m), ==, VM_NO_SVC_HANDLER);
        check_uint(vm_get_gr(p.vm, 3), ==, 0);                  /* the MVCL is done */
        check_history(names[m], p.vm, &e);
        vm_free(p.vm);
    }
}

/* 20 distinct taken branches, twice through a loop (so that the second
 * pass runs from the decoded-instruction cache): the ring keeps the last
 * 16, oldest first; a smaller max gives the newest ones. */
static void test_wrap(void)
{
    for (enum mode m = FAST; m <= MICRO; m++) {
        struct prog p;
        struct expect e = { 0 };
        prog_start(&p);
        I(&p, "LA", .r1 = 2, .d2 = 2);
        uint32_t top = p.pc;
        for (int i = 0; i < 20; i++) {
            uint32_t at = p.pc;
            I(&p, "BC", .r1 = 15, .d2 = (uint16_t)(at + 4));
        }
        uint32_t bct = p.pc;
        I(&p, "BCT", .r1 = 2, .d2 = (uint16_t)top);
        for (int pass = 0; pass < 2; pass++) {
            for (uint32_t a = top; a < bct; a += 4)
                want(&e, a, a + 4);
            if (pass == 0)
                want(&e, bct, top);
        }
        check_int(run_mode(&p, m), ==, VM_NO_SVC_HANDLER);
        check_history(m == FAST ? "wrap, free-running" : m == INSN ? "wrap, steps"
                                                                   : "wrap, microsteps",
                      p.vm, &e);
        struct vm_branch b[5];
        check_int(vm_branch_history(p.vm, b, 5), ==, 5);
        check_uint(b[4].from, ==, bct - 4);
        check_uint(b[0].from, ==, bct - 20);
        vm_free(p.vm);
    }
}

/* More branches than the engine's ring (BR_RING, 64) still gives the newest. */
static void test_long_run(void)
{
    struct prog p;
    prog_start(&p);
    I(&p, "LA", .r1 = 2, .d2 = 1000);
    uint32_t top = p.pc;
    I(&p, "BC", .r1 = 15, .d2 = (uint16_t)(top + 4));
    I(&p, "BCT", .r1 = 2, .d2 = (uint16_t)top);
    check_int(run_mode(&p, FAST), ==, VM_NO_SVC_HANDLER);
    struct vm_branch b[VM_BRANCH_HISTORY];
    check_int(vm_branch_history(p.vm, b, VM_BRANCH_HISTORY), ==, VM_BRANCH_HISTORY);
    check_uint(b[VM_BRANCH_HISTORY - 1].from, ==, top);         /* the last BC */
    check_uint(b[VM_BRANCH_HISTORY - 2].from, ==, top + 4);     /* the last BCT taken */
    check_uint(b[VM_BRANCH_HISTORY - 2].to, ==, top);
    vm_free(p.vm);
}

/* Two tasks (paging on), each three taken BCTs at its own address, then
 * a disabled wait: each branch keeps its task, across the switch. */
static void test_tasks(void)
{
    struct prog p;
    prog_start(&p);
    struct vm_paging pg = { 4, 4096, VM_LRU, 50, 50, 0 };
    char err[200];
    check_int(vm_set_paging(p.vm, &pg, err, sizeof err), ==, 0);
    check_int(vm_add_task(p.vm), ==, 2);
    uint32_t bct[3];
    for (unsigned id = 1; id <= 2; id++) {
        check_int(vm_select_task(p.vm, id), ==, 0);
        p.pc = ORG;
        if (id == 2)
            I(&p, "BCR", .r1 = 0, .r2 = 0);         /* another address for its BCT */
        I(&p, "LA", .r1 = 4, .d2 = 4);
        bct[id] = p.pc;
        I(&p, "BCT", .r1 = 4, .d2 = (uint16_t)bct[id]);
        I(&p, "LPSW", .d2 = 0x200);
        set_word(&p, 0x200, 0x000A0000);            /* EC, wait */
        set_word(&p, 0x204, 0);
        vm_set_psw(p.vm, VM_PSW_EC | ORG);
    }
    vm_select_task(p.vm, 1);
    check_int(vm_run(p.vm, 1000000), ==, VM_TASKS_ENDED);
    struct vm_branch b[MAXB];
    unsigned n = vm_branch_history(p.vm, b, MAXB);
    check_int(n, ==, 6);
    int ok = n == 6;
    for (unsigned i = 0; ok && i < n; i++) {
        unsigned id = i < 3 ? 1 : 2;
        ok = b[i].task == id && b[i].from == bct[id] && b[i].to == bct[id];
        if (!ok)
            printf("#   entry %u: %06X -> %06X task %u\n", i, (unsigned)b[i].from,
                   (unsigned)b[i].to, b[i].task);
    }
    check(ok);
    vm_select_task(p.vm, 2);                        /* the host's switch keeps them */
    check_int(vm_branch_history(p.vm, b, MAXB), ==, 6);
    check_int(b[0].task, ==, 1);
    check_int(b[5].task, ==, 2);
    vm_free(p.vm);
}

int main(void)
{
    test_kinds();
    test_wrap();
    test_long_run();
    test_tasks();
    return tap_done();
}
