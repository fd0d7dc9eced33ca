/*
 * vmbench.c -- a quick speed check of the engine: a BCT loop of two
 * instructions (LA 2,1(2); BCT 1,*-4) run N times, reported as MIPS and
 * microwords per second of host time.  `make vmbench` builds it.
 *
 *   usage: vmbench [iterations]      (default 50000000)
 */
#define _POSIX_C_SOURCE 200809L
#include "vm.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 50000000ul;
    struct vm *vm = vm_new(NULL);
    if (!vm)
        return 1;
    const uint8_t prog[] = {
        0x58, 0x10, 0x01, 0x00,     /* L    1,X'100'   count */
        0x41, 0x22, 0x00, 0x01,     /* LA   2,1(2,0)   loop body */
        0x46, 0x10, 0x00, 0x04,     /* BCT  1,4        */
        0x0A, 0xFF,                 /* SVC  255        (no handler: stop) */
    };
    uint8_t cnt[4] = { (uint8_t)(n >> 24), (uint8_t)(n >> 16), (uint8_t)(n >> 8), (uint8_t)n };
    vm_store_bytes(vm, 0, prog, sizeof prog);
    vm_store_bytes(vm, 0x100, cnt, 4);
    vm_set_psw(vm, VM_PSW_EC);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    enum vm_status s = vm_run(vm, 0);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double t = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
    const struct vm_counters *c = vm_counters(vm);
    printf("%s: %llu instructions, %llu microwords, %llu cycles in %.2f s: "
           "%.1f MIPS, %.1f M microwords/s\n", vm_status_name(s),
           (unsigned long long)c->instructions, (unsigned long long)c->microwords,
           (unsigned long long)c->cycles, t, (double)c->instructions / t / 1e6,
           (double)c->microwords / t / 1e6);
    vm_free(vm);
    return 0;
}
