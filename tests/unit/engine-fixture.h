/*
 * engine-fixture.h -- what the engine tests (t-vm-engine.c, t-vm-loops.c)
 * share: a program run four ways on fresh machines and compared, and a
 * small assembler of programs into a 4 KiB image.
 *
 *   fast       vm_run with no hooks (the threaded fast path)
 *   observed   vm_run with a microword trace hook (the reference loop,
 *              which executes one microword at a time from its fields)
 *   stepped    vm_step_insn until the program stops
 *   chunked    vm_run with a small cycle bound, resumed until it stops
 *
 * agree() runs them and checks that everything observable agrees: the
 * status, every counter (cycles, microwords, instructions, per-opcode
 * counts and cycles), the registers, the PSW, the micro-PC and a hash of
 * all of storage.
 */
#ifndef IMP_ENGINE_FIXTURE_H
#define IMP_ENGINE_FIXTURE_H

#include "isa.h"
#include "tap.h"
#include "vm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ORG 0x400
#define LIMIT 400000000u

struct snap {
    enum vm_status st;
    uint64_t psw;
    uint32_t gr[16], cr[16];
    unsigned upc;
    uint64_t hash;
    struct vm_counters ctr;
};

typedef void (*setup_fn)(struct vm *vm, const void *arg);

static inline int no_stop(void *ctx, struct vm *vm, unsigned upc)
{
    (void)ctx; (void)vm; (void)upc;
    return 0;
}

static inline uint64_t storage_hash(const struct vm *vm)
{
    uint8_t p[4096];
    uint64_t h = 0xcbf29ce484222325u;
    for (uint32_t a = 0; a < vm_storage_size(vm); a += sizeof p) {
        vm_fetch_bytes(vm, a, p, sizeof p);
        for (uint32_t i = 0; i < sizeof p; i++)
            h = (h ^ p[i]) * 0x100000001b3u;
    }
    return h;
}

static inline void take(struct vm *vm, enum vm_status st, struct snap *s)
{
    memset(s, 0, sizeof *s);
    s->st = st;
    s->psw = vm_get_psw(vm);
    for (unsigned i = 0; i < 16; i++) {
        s->gr[i] = vm_get_gr(vm, i);
        s->cr[i] = vm_get_cr(vm, i);
    }
    s->upc = vm_micro_pc(vm);
    s->hash = storage_hash(vm);
    s->ctr = *vm_counters(vm);
}

/* QUIET: the fast run with the opcode counters off (vm_count_opcodes):
 * everything the same, and the two arrays never written. */
enum mode { FAST, OBSERVED, STEPPED, CHUNKED, QUIET, NMODES };
static const char *const mode_names[NMODES] = { "fast", "observed", "stepped", "chunked",
                                                "uncounted" };

static inline void run_mode(setup_fn setup, const void *arg, uint32_t storage, enum mode m, struct snap *s)
{
    struct vm_config cfg = { storage };
    struct vm *vm = vm_new(&cfg);
    enum vm_status st;
    setup(vm, arg);
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
    case QUIET:
        vm_count_opcodes(vm, 0);
        st = vm_run(vm, LIMIT);
        break;
    default:
        st = vm_run(vm, LIMIT);
        break;
    }
    take(vm, st, s);
    vm_free(vm);
}

/* Run every mode; check they agree with the fast run; return the fast run. */
static inline void agree(const char *name, setup_fn setup, const void *arg, uint32_t storage,
                  struct snap *fast)
{
    run_mode(setup, arg, storage, FAST, fast);
    for (int m = OBSERVED; m < NMODES; m++) {
        struct snap s;
        char what[160];
        run_mode(setup, arg, storage, (enum mode)m, &s);
        static const struct vm_counters none;
        const struct vm_counters *want = m == QUIET ? &none : &fast->ctr;
        int same_ops = memcmp(s.ctr.op_count, want->op_count, sizeof s.ctr.op_count) == 0 &&
                       memcmp(s.ctr.op_cycles, want->op_cycles, sizeof s.ctr.op_cycles) == 0;
        int ok = s.st == fast->st && s.psw == fast->psw && s.upc == fast->upc &&
                 s.hash == fast->hash && !memcmp(s.gr, fast->gr, sizeof s.gr) &&
                 !memcmp(s.cr, fast->cr, sizeof s.cr) && s.ctr.cycles == fast->ctr.cycles &&
                 s.ctr.microwords == fast->ctr.microwords &&
                 s.ctr.instructions == fast->ctr.instructions && same_ops;
        snprintf(what, sizeof what, "%s: %s run agrees with the fast run", name, mode_names[m]);
        tap_ok(ok, __FILE__, __LINE__, what);
        if (!ok)
            printf("#   %s: status %s/%s cycles %llu/%llu microwords %llu/%llu insns %llu/%llu "
                   "psw %016llx/%016llx upc %u/%u storage %s regs %s opcodes %s\n",
                   mode_names[m], vm_status_name(s.st), vm_status_name(fast->st),
                   (unsigned long long)s.ctr.cycles, (unsigned long long)fast->ctr.cycles,
                   (unsigned long long)s.ctr.microwords, (unsigned long long)fast->ctr.microwords,
                   (unsigned long long)s.ctr.instructions,
                   (unsigned long long)fast->ctr.instructions, (unsigned long long)s.psw,
                   (unsigned long long)fast->psw, s.upc, fast->upc,
                   s.hash == fast->hash ? "same" : "differs",
                   memcmp(s.gr, fast->gr, sizeof s.gr) ? "differ" : "same",
                   same_ops ? "same" : "differ");
    }
}

/* ---- programs built here --------------------------------------------------- */

struct asm_ {
    uint8_t mem[4096];
    uint32_t pc;
};

static inline void put(struct asm_ *a, const char *mn, struct isa_fields f)
{
    const struct isa_insn *in = isa_by_name(mn);
    if (!in) {
        printf("# no instruction %s\n", mn);
        exit(2);
    }
    a->pc += (uint32_t)isa_encode(in, &f, a->mem + a->pc);
}
#define I(a, mn, ...) put(a, mn, (struct isa_fields){ __VA_ARGS__ })

static inline void word(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static inline void setup_prog(struct vm *vm, const void *arg)
{
    const struct asm_ *a = arg;
    vm_store_bytes(vm, 0, a->mem, sizeof a->mem);
    vm_set_psw(vm, VM_PSW_EC | ORG);
}

/* End with SVC 255: no SVC handler, the run stops. */
static inline void finish(struct asm_ *a) { I(a, "SVC", .i2 = 255); }

#endif
