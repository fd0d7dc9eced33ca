/*
 * t-vm-paging.c -- tasks and paging in the machine library.
 *
 *   - the engine's four run modes (fast, observed, stepped, chunked)
 *     agree under paging too: status, counters, registers, storage, the
 *     paging counts and the page reference string itself;
 *   - a program computes the same under paging as without it (the
 *     Hercules-recorded semantics images, with few frames);
 *   - the decoded-instruction cache stays exact when one frame serves
 *     two tasks that hold different code at the same virtual address;
 *   - fixed pages never leave their frames; the counts add up (every
 *     task's CPU and the machine's wait make the elapsed time).
 */
#include "isa.h"
#include "tap.h"
#include "vm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ORG 0x400
#define LIMIT 400000000u

struct asm_ {
    uint8_t mem[4096];
    uint32_t pc;
};

static void put(struct asm_ *a, const char *mn, struct isa_fields f)
{
    const struct isa_insn *in = isa_by_name(mn);
    if (!in) {
        printf("# no instruction %s\n", mn);
        exit(2);
    }
    a->pc += (uint32_t)isa_encode(in, &f, a->mem + a->pc);
}
#define I(a, mn, ...) put(a, mn, (struct isa_fields){ __VA_ARGS__ })

static void word(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/*
 * A sweep: `passes' times over `pages' words 4 KiB apart from X'10000',
 * each word incremented; GR6 sums what it read.  Ends with SVC 255.
 */
static void build_sweep(struct asm_ *a, uint32_t pages, uint32_t passes)
{
    memset(a, 0, sizeof *a);
    a->pc = ORG;
    word(a->mem + 0x300, 0x10000);
    word(a->mem + 0x304, 4096);
    word(a->mem + 0x308, pages);
    word(a->mem + 0x30C, passes);
    I(a, "L", .r1 = 5, .d2 = 0x30C);
    uint32_t pass = a->pc;
    I(a, "L", .r1 = 2, .d2 = 0x300);
    I(a, "L", .r1 = 4, .d2 = 0x308);
    uint32_t touch = a->pc;
    I(a, "L", .r1 = 3, .b2 = 2);                    /* L 3,0(2) */
    I(a, "AR", .r1 = 6, .r2 = 3);
    I(a, "LA", .r1 = 3, .b2 = 3, .d2 = 1);          /* LA 3,1(3) */
    I(a, "ST", .r1 = 3, .b2 = 2);
    I(a, "A", .r1 = 2, .d2 = 0x304);
    I(a, "BCT", .r1 = 4, .d2 = touch);
    I(a, "BCT", .r1 = 5, .d2 = pass);
    I(a, "SVC", .i2 = 255);
}

/* The reference string, hashed as it comes. */
struct refs {
    uint64_t n, hash;
};

static void note(void *ctx, unsigned task, uint32_t page, int write)
{
    struct refs *r = ctx;
    r->n++;
    r->hash = (r->hash ^ ((uint64_t)task << 32 | page << 1 | (unsigned)write)) * 0x100000001b3u;
}

struct snap {
    enum vm_status st;
    uint64_t psw, hash;
    uint32_t gr[16];
    struct vm_counters ctr;
    struct vm_paging_stats pg;
    struct refs refs;
};

/* All of storage but the interval timer at X'50' (it counts elapsed
 * time, which paging changes). */
static uint64_t storage_hash(const struct vm *vm)
{
    uint8_t p[4096];
    uint64_t h = 0xcbf29ce484222325u;
    for (uint32_t a = 0; a < vm_storage_size(vm); a += sizeof p) {
        vm_fetch_bytes(vm, a, p, sizeof p);
        if (a == 0)
            memset(p + 0x50, 0, 4);
        for (uint32_t i = 0; i < sizeof p; i++)
            h = (h ^ p[i]) * 0x100000001b3u;
    }
    return h;
}

enum mode { FAST, OBSERVED, STEPPED, CHUNKED, NMODES };
static const char *const mode_names[NMODES] = { "fast", "observed", "stepped", "chunked" };

static int no_stop(void *ctx, struct vm *vm, unsigned upc)
{
    (void)ctx; (void)vm; (void)upc;
    return 0;
}

struct setup {
    const uint8_t *image;       /* at 0 */
    size_t len;
    int restart;                /* a core image: IPL by restart; else PSW at ORG */
    const struct vm_paging *pg; /* NULL: paging off */
};

static void run_mode(const struct setup *su, enum mode m, struct snap *s)
{
    struct vm *vm = vm_new(NULL);
    memset(s, 0, sizeof *s);
    char err[200];
    if (su->pg && vm_set_paging(vm, su->pg, err, sizeof err) != 0)
        printf("# vm_set_paging: %s\n", err);
    vm_set_page_refs(vm, note, &s->refs);
    vm_store_bytes(vm, 0, su->image, su->len);
    if (su->restart)
        vm_restart(vm);
    else
        vm_set_psw(vm, VM_PSW_EC | ORG);
    enum vm_status st;
    switch (m) {
    case OBSERVED: {
        struct vm_trace tr = { .micro = no_stop };
        vm_set_trace(vm, &tr);
        st = vm_run(vm, LIMIT);
        break;
    }
    case STEPPED:
        while ((st = vm_step_insn(vm)) == VM_STEPPED && vm_counters(vm)->cycles < LIMIT)
            ;
        break;
    case CHUNKED:
        while ((st = vm_run(vm, 997)) == VM_CYCLE_LIMIT && vm_counters(vm)->cycles < LIMIT)
            ;
        break;
    default:
        st = vm_run(vm, LIMIT);
        break;
    }
    s->st = st;
    s->psw = vm_get_psw(vm);
    for (unsigned i = 0; i < 16; i++)
        s->gr[i] = vm_get_gr(vm, i);
    s->hash = storage_hash(vm);
    s->ctr = *vm_counters(vm);
    vm_paging_stats(vm, &s->pg);
    vm_free(vm);
}

/* Every mode agrees with the fast run, the paging counts and the
 * reference string included; the fast run in *fast. */
static void agree(const char *name, const struct setup *su, struct snap *fast)
{
    run_mode(su, FAST, fast);
    for (int m = OBSERVED; m < NMODES; m++) {
        struct snap s;
        char what[200];
        run_mode(su, (enum mode)m, &s);
        int ok = s.st == fast->st && s.psw == fast->psw && s.hash == fast->hash &&
                 !memcmp(s.gr, fast->gr, sizeof s.gr) && s.ctr.cycles == fast->ctr.cycles &&
                 s.ctr.instructions == fast->ctr.instructions &&
                 s.ctr.microwords == fast->ctr.microwords &&
                 !memcmp(s.ctr.op_count, fast->ctr.op_count, sizeof s.ctr.op_count) &&
                 s.pg.pageins == fast->pg.pageins && s.pg.pageouts == fast->pg.pageouts &&
                 s.pg.wait_cycles == fast->pg.wait_cycles && s.refs.n == fast->refs.n &&
                 s.refs.hash == fast->refs.hash;
        snprintf(what, sizeof what, "%s: %s run agrees with the fast run under paging", name,
                 mode_names[m]);
        tap_ok(ok, __FILE__, __LINE__, what);
        if (!ok)
            printf("#   %s: status %s/%s cycles %llu/%llu insns %llu/%llu page-ins %llu/%llu "
                   "refs %llu/%llu\n", mode_names[m], vm_status_name(s.st),
                   vm_status_name(fast->st), (unsigned long long)s.ctr.cycles,
                   (unsigned long long)fast->ctr.cycles, (unsigned long long)s.ctr.instructions,
                   (unsigned long long)fast->ctr.instructions, (unsigned long long)s.pg.pageins,
                   (unsigned long long)fast->pg.pageins, (unsigned long long)s.refs.n,
                   (unsigned long long)fast->refs.n);
    }
}

static void test_sweep_modes(void)
{
    static struct asm_ a;
    build_sweep(&a, 12, 3);
    static const struct { enum vm_policy p; uint32_t frames, size; } cfgs[] = {
        { VM_LRU, 5, 4096 }, { VM_FIFO, 4, 2048 }, { VM_CLOCK, 7, 4096 }, { VM_LRU, 1, 2048 },
    };
    struct snap off;
    struct setup su0 = { a.mem, sizeof a.mem, 0, NULL };
    run_mode(&su0, FAST, &off);
    check_int(off.st, ==, VM_NO_SVC_HANDLER);
    for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++) {
        struct vm_paging pg = { cfgs[i].frames, cfgs[i].size, cfgs[i].p, 500, 300, 0 };
        struct setup su = { a.mem, sizeof a.mem, 0, &pg };
        struct snap s;
        char name[80];
        snprintf(name, sizeof name, "sweep, %s, %u frames of %u", vm_policy_name(cfgs[i].p),
                 cfgs[i].frames, cfgs[i].size);
        agree(name, &su, &s);
        /* the same computation as without paging; only time differs */
        check_int(s.st, ==, VM_NO_SVC_HANDLER);
        check(!memcmp(s.gr, off.gr, sizeof s.gr));
        check_uint(s.hash, ==, off.hash);
        check_int(s.ctr.instructions, ==, off.ctr.instructions);
        check_int(s.pg.pageins, >, 12);
        check_int(s.pg.elapsed_cycles, >, off.ctr.cycles);
    }
}

/* The Hercules-recorded semantics images compute the same with 6 frames. */
static void test_oracle_images(void)
{
    static const char *const names[] = { "binary", "branch", "decimal", "execute", "logical",
                                         "long", "muldiv", "system" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[128];
        snprintf(path, sizeof path, "tests/oracle/golden/%s.bin", names[i]);
        FILE *f = fopen(path, "rb");
        if (!check(f != NULL)) {
            printf("# %s not found (run from the top of the tree)\n", path);
            continue;
        }
        uint8_t *img = malloc(1 << 20);
        size_t len = img ? fread(img, 1, 1 << 20, f) : 0;
        fclose(f);
        struct vm_paging pg = { 6, 4096, VM_LRU, 1000, 1000, 0 };
        struct setup off = { img, len, 1, NULL }, on = { img, len, 1, &pg };
        struct snap a, b;
        run_mode(&off, FAST, &a);
        char name[80];
        snprintf(name, sizeof name, "%s image", names[i]);
        agree(name, &on, &b);
        check_int(b.st, ==, a.st);
        check_uint(b.hash, ==, a.hash);
        check(!memcmp(b.gr, a.gr, sizeof a.gr));
        free(img);
    }
}

/*
 * Two tasks, one frame: both run code at ORG, different code (task 1
 * adds 1s, task 2 adds 3s), so the frame holds one then the other at
 * the same virtual address, and a short slice switches them often.
 */
static void test_same_address(void)
{
    static struct asm_ t1, t2;
    for (int k = 0; k < 2; k++) {
        struct asm_ *a = k ? &t2 : &t1;
        memset(a, 0, sizeof *a);
        a->pc = ORG;
        I(a, "LA", .r1 = 4, .d2 = 2000);
        uint32_t loop = a->pc;
        I(a, "LA", .r1 = 2, .b2 = 2, .d2 = k ? 3 : 1);
        I(a, "BCT", .r1 = 4, .d2 = loop);
        I(a, "LPSW", .d2 = 0x200);                  /* a disabled wait ends it */
        word(a->mem + 0x200, 0x000A0000);           /* EC, wait */
        word(a->mem + 0x204, 0);
    }
    struct vm *vm = vm_new(NULL);
    struct vm_paging pg = { 1, 4096, VM_LRU, 50, 50, 0 };
    char err[200];
    check_int(vm_set_paging(vm, &pg, err, sizeof err), ==, 0);
    vm_set_slice(vm, 300);
    check_int(vm_add_task(vm), ==, 2);
    for (unsigned id = 1; id <= 2; id++) {
        check_int(vm_select_task(vm, id), ==, 0);
        vm_store_bytes(vm, 0, (id == 1 ? &t1 : &t2)->mem, sizeof t1.mem);
        vm_set_psw(vm, VM_PSW_EC | ORG);
    }
    vm_select_task(vm, 1);
    check_int(vm_run(vm, LIMIT), ==, VM_TASKS_ENDED);
    uint64_t cpu = 0;
    for (unsigned id = 1; id <= 2; id++) {
        struct vm_task_info ti;
        vm_select_task(vm, id);
        check_uint(vm_get_gr(vm, 2), ==, id == 1 ? 2000u : 6000u);
        check_int(vm_task_info(vm, id, &ti), ==, 0);
        check(ti.ended);
        check_int(ti.status, ==, VM_DISABLED_WAIT);
        check_int(ti.dispatches, >, 5);
        cpu += ti.cpu_cycles;
    }
    struct vm_paging_stats ps;
    vm_paging_stats(vm, &ps);
    check_int(ps.pageins, >, 10);
    check_int(cpu + ps.wait_cycles, ==, ps.elapsed_cycles);
    vm_free(vm);
}

/* A fixed page stays: only the others are replaced. */
static void test_fixed(void)
{
    static struct asm_ a;
    build_sweep(&a, 6, 4);
    for (int fix = 0; fix < 2; fix++) {
        struct vm *vm = vm_new(NULL);
        struct vm_paging pg = { 3, 4096, VM_LRU, 100, 100, 0 };
        char err[200];
        check_int(vm_set_paging(vm, &pg, err, sizeof err), ==, 0);
        vm_store_bytes(vm, 0, a.mem, sizeof a.mem);
        vm_set_psw(vm, VM_PSW_EC | ORG);
        if (fix) {
            check_int(vm_fix_pages(vm, 0x12000, 4096, 1), ==, 0);  /* one swept page */
            check_int(vm_fix_pages(vm, 0x20000, 3 * 4096, 1), ==, -1);  /* none left */
        }
        struct vm_paging_stats before, after;
        vm_paging_stats(vm, &before);
        check_int(vm_run(vm, LIMIT), ==, VM_NO_SVC_HANDLER);
        vm_paging_stats(vm, &after);
        check_int(after.frames_fixed, ==, (uint32_t)fix);
        if (fix)
            check_int(before.pageins, ==, 1);       /* fixing brought it in */
        printf("# %s: %llu page-ins\n", fix ? "one page fixed" : "none fixed",
               (unsigned long long)after.pageins);
        uint32_t v;
        uint8_t b[4];
        vm_fetch_bytes(vm, 0x12000, b, 4);
        v = (uint32_t)b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3];
        check_uint(v, ==, 4u);                      /* four passes incremented it */
        vm_free(vm);
    }
}

/* Bad configurations are refused with a reason. */
static void test_config(void)
{
    struct vm *vm = vm_new(NULL);
    char err[200] = "";
    struct vm_paging pg = { 0, 4096, VM_LRU, 0, 0, 0 };
    check_int(vm_set_paging(vm, &pg, err, sizeof err), ==, -1);
    check(strstr(err, "frame") != NULL);
    pg = (struct vm_paging){ 4, 8192, VM_LRU, 0, 0, 0 };
    check_int(vm_set_paging(vm, &pg, err, sizeof err), ==, -1);
    check(strstr(err, "2048 or 4096") != NULL);
    pg = (struct vm_paging){ 8193, 4096, VM_LRU, 0, 0, 0 };
    check_int(vm_set_paging(vm, &pg, err, sizeof err), ==, -1);
    check_int(vm_add_task(vm), ==, -1);             /* paging off: one task */
    check_int(vm_current_task(vm), ==, 1);
    pg = (struct vm_paging){ 4, 2048, VM_CLOCK, 0, 0, 1 };
    check_int(vm_set_paging(vm, &pg, err, sizeof err), ==, 0);
    check_int(vm_set_paging(vm, &pg, err, sizeof err), ==, -1);   /* once */
    for (int i = 2; i <= 4; i++)
        check_int(vm_add_task(vm), ==, i);
    check_int(vm_add_task(vm), ==, -1);             /* local: a frame each at least */
    check_int(vm_select_task(vm, 9), ==, -1);
    vm_free(vm);
}

int main(void)
{
    test_config();
    test_sweep_modes();
    test_same_address();
    test_fixed();
    test_oracle_images();
    return tap_done();
}
