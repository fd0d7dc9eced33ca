/*
 * abend-int.h -- what the two halves of the abend report share: abend.c
 * collects and prints it, abend-hints.c finds the hints that name the
 * likely cause.  Storage is read with vm_fetch_bytes: a report never
 * changes the machine.
 */
#ifndef IMP_ABEND_INT_H
#define IMP_ABEND_INT_H

#include "report.h"

#include <stdio.h>

static inline int fetch_word(const struct vm *vm, uint32_t addr, uint32_t *v)
{
    uint8_t b[4];
    if (vm_fetch_bytes(vm, addr, b, 4) != 0)
        return -1;
    *v = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    return 0;
}

static inline unsigned fetch_byte(const struct vm *vm, uint32_t addr)
{
    uint8_t b = 0;
    if (vm_fetch_bytes(vm, addr, &b, 1) != 0)
        return 0x100;                   /* outside storage: no byte */
    return b;
}

static inline void add_hint(struct rep_abend *a, const char *text)
{
    if (a->nhint < REP_ABEND_HINTS)
        snprintf(a->hint[a->nhint++], sizeof a->hint[0], "%s", text);
}

/* Is there an instruction at addr (not a halfword of zeros, inside storage)? */
static inline int holds_code(const struct vm *vm, uint32_t addr)
{
    unsigned b0 = fetch_byte(vm, addr), b1 = fetch_byte(vm, addr + 1);
    return b0 <= 0xFF && b1 <= 0xFF && (b0 | b1) != 0 && !(addr & 1);
}

/* The hints (abend-hints.c): after the failing instruction, its operands,
 * the branches and the save-area chain are collected. */
void abend_hints(struct rep_abend *a, const struct vm *vm, const struct symtab *t);

#endif
