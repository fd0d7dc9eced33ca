/*
 * observe.c -- the speed of the machine while it is observed (make bench):
 * a core image run to its end plainly, with a breakpoint set, with an
 * instruction trace limited to an address range, and with a write
 * watchpoint, each the best of N runs of host time.  The breakpoint
 * (X'000000'), the trace range (X'000000'-X'0003FF') and the watchpoint
 * (X'000300', 4 bytes) lie on the program's first page, beside its code
 * and data, where the program never goes: what is measured is what having
 * them set costs the instructions that run.  "paging on" runs it as a
 * task in virtual storage with a frame for every page (LRU), so that
 * after the first reference to each page everything is resident: what is
 * measured is the cost of translation.  "+ ref string" is the same with
 * the page reference string produced (a recorder counts it), as imprun
 * runs with paging, and as any run where pages can be replaced: every
 * reference to another page than the last one is reported.
 *
 *   usage: bench-observe IMAGE [runs]
 */
#define _POSIX_C_SOURCE 200809L
#include "vm.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { PLAIN, BREAK, TRACE, WATCH, PAGED, PAGEREFS, NWAYS };
static const char *const way_names[NWAYS] = { "plain", "breakpoint", "ranged trace",
                                              "watchpoint", "paging on", "+ ref string" };

static void count_ref(void *ctx, unsigned task, uint32_t page, int write)
{
    (void)task; (void)page; (void)write;
    ++*(unsigned long *)ctx;
}

static int count_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *b, int len)
{
    (void)vm; (void)addr; (void)b; (void)len;
    ++*(unsigned long *)ctx;
    return 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One run of the image the given way: seconds, and its instructions. */
static double run(const uint8_t *img, size_t len, int way, uint64_t *insns)
{
    struct vm_config cfg = { 2u << 20 };
    struct vm *vm = vm_new(&cfg);
    unsigned long traced = 0;
    struct vm_paging pg = { (2u << 20) / 4096, 4096, VM_LRU, 16000, 16000, 0 };
    char err[200];
    unsigned long refs = 0;
    if (vm && (way == PAGED || way == PAGEREFS) && vm_set_paging(vm, &pg, err, sizeof err) != 0) {
        fprintf(stderr, "bench-observe: %s\n", err);
        exit(1);
    }
    if (!vm || vm_store_bytes(vm, 0, img, len) != 0) {
        fprintf(stderr, "bench-observe: cannot load the image\n");
        exit(1);
    }
    struct vm_trace tr = { .ctx = &traced, .insn = count_insn, .ranged = 1, .lo = 0,
                           .hi = 0x3FF };
    if (way == BREAK)
        vm_set_breakpoint(vm, 0);
    if (way == TRACE)
        vm_set_trace(vm, &tr);
    if (way == WATCH)
        vm_set_watchpoint(vm, 0x300, 4, VM_WATCH_WRITE);
    if (way == PAGEREFS)
        vm_set_page_refs(vm, count_ref, &refs);
    vm_restart(vm);
    double t0 = now();
    enum vm_status st = vm_run(vm, 0);
    double t = now() - t0;
    *insns = vm_counters(vm)->instructions;
    if (st != VM_DISABLED_WAIT || traced) {
        fprintf(stderr, "bench-observe: %s run ended with %s (%lu traced)\n", way_names[way],
                vm_status_name(st), traced);
        exit(1);
    }
    vm_free(vm);
    return t;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench-observe IMAGE [runs]\n");
        return 2;
    }
    int runs = argc > 2 ? atoi(argv[2]) : 3;
    FILE *f = fopen(argv[1], "rb");
    static uint8_t img[1 << 20];
    size_t len = f ? fread(img, 1, sizeof img, f) : 0;
    if (f)
        fclose(f);
    if (!len) {
        fprintf(stderr, "bench-observe: cannot read %s\n", argv[1]);
        return 1;
    }
    double best[NWAYS];
    uint64_t n = 0;
    for (int w = 0; w < NWAYS; w++)
        best[w] = 1e30;
    for (int r = 0; r < (runs > 0 ? runs : 1); r++)      /* interleaved: load hits all alike */
        for (int w = 0; w < NWAYS; w++) {
            double t = run(img, len, w, &n);
            if (t < best[w])
                best[w] = t;
        }
    for (int w = 0; w < NWAYS; w++)
        printf("  %-13s %8.1f MIPS   %.3f of plain\n", way_names[w], (double)n / best[w] / 1e6,
               best[PLAIN] / best[w]);
    return 0;
}
