/*
 * vm-prog.h -- small programs assembled into a machine's storage for the VM
 * unit tests: I(p, "MNEMONIC", .field = value, ...) encodes one instruction
 * at p->pc with isa_encode; run_for() ends the program with an SVC that has
 * no handler (so the run stops there) and runs it from ORG.
 */
#ifndef IMP_VM_PROG_H
#define IMP_VM_PROG_H

#include <stdio.h>
#include <stdlib.h>

#include "isa.h"
#include "vm.h"

#define ORG 0x400

struct prog {
    struct vm *vm;
    uint32_t pc;
    uint64_t psw_extra;     /* OR-ed into the starting PSW (program mask, ...) */
};

static inline void put(struct prog *p, const char *mn, struct isa_fields f)
{
    const struct isa_insn *in = isa_by_name(mn);
    uint8_t b[6];
    if (!in) {
        printf("# no instruction %s\n", mn);
        exit(2);
    }
    int n = isa_encode(in, &f, b);
    vm_store_bytes(p->vm, p->pc, b, (size_t)n);
    p->pc += (uint32_t)n;
}

#define I(p, mn, ...) put(p, mn, (struct isa_fields){ __VA_ARGS__ })

static inline void prog_start(struct prog *p)
{
    p->vm = vm_new(NULL);
    p->pc = ORG;
    p->psw_extra = 0;
}

/* Finish with SVC 255 (no handler: the run stops) and run from ORG. */
static inline enum vm_status run_for(struct prog *p, uint64_t max_cycles)
{
    I(p, "SVC", .i2 = 255);
    vm_set_psw(p->vm, VM_PSW_EC | p->psw_extra | ORG);
    return vm_run(p->vm, max_cycles);
}

static inline void set_word(struct prog *p, uint32_t a, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
    vm_store_bytes(p->vm, a, b, 4);
}

static inline uint32_t word(struct prog *p, uint32_t a)
{
    uint8_t b[4];
    vm_fetch_bytes(p->vm, a, b, 4);
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static inline unsigned byte_at(struct prog *p, uint32_t a)
{
    uint8_t b = 0;
    vm_fetch_bytes(p->vm, a, &b, 1);
    return b;
}

/*
 * A loop of n turns (n < 4096) of AR, LR, SR, CR, MVC and BCT at p->pc,
 * R3 counting down: an instruction mix of known counts for the monitors'
 * tests (the MVC moves 4 bytes from X'A10' to X'A00').
 */
static inline void prog_mix_loop(struct prog *p, unsigned n)
{
    I(p, "LA", .r1 = 3, .d2 = (uint16_t)n);
    uint32_t loop = p->pc;
    I(p, "AR", .r1 = 2, .r2 = 3);
    I(p, "LR", .r1 = 4, .r2 = 2);
    I(p, "SR", .r1 = 4, .r2 = 3);
    I(p, "CR", .r1 = 4, .r2 = 2);
    I(p, "MVC", .l1 = 3, .d1 = 0xA00, .d2 = 0xA10);
    I(p, "BCT", .r1 = 3, .d2 = (uint16_t)loop);
}

/* The program-interruption code stored at X'8E'. */
static inline unsigned pgm_code(struct prog *p) { return word(p, 0x8C) & 0xFFFF; }

#endif
