/*
 * branch.c -- the branch history: the last VM_BRANCH_HISTORY taken
 * branches (vm.h), for the report of an abnormal end.  The engines note
 * each branch in the running task's ring (br_note, vmint.h); this file
 * keeps the tasks apart and answers the host.
 */
#include "vmint.h"

_Static_assert(BR_RING * sizeof(uint32_t) == 256, "br_note steps the low byte of vm->brp");

/* The ring holds no branch. */
static void ring_clear(struct vm *vm)
{
    vm->brp = (uintptr_t)vm->br_from;
    vm->br_from[2 * BR_RING - 1] = BR_NONE;         /* the last target */
}

void br_reset(struct vm *vm)
{
    uintptr_t m = (uintptr_t)vm->br_mem;
    vm->br_from = vm->br_mem + ((256 - (m & 255)) & 255) / sizeof(uint32_t);
    ring_clear(vm);
    vm->br_nold = 0;
}

/* The index of the next entry. */
static unsigned ring_next(const struct vm *vm)
{
    return (unsigned)((vm->brp - (uintptr_t)vm->br_from) / sizeof(uint32_t));
}

/* Entries of the ring, oldest first: *first is the oldest's index. */
static unsigned ring_count(const struct vm *vm, unsigned *first)
{
    if (vm->br_from[2 * BR_RING - 1] != BR_NONE) {  /* wrapped: every entry */
        *first = ring_next(vm);
        return BR_RING;
    }
    *first = 0;
    return ring_next(vm);
}

/* Append one branch to the older tasks' history, dropping its oldest
 * when it is full. */
static void old_push(struct vm *vm, uint32_t from, uint32_t to, unsigned task)
{
    if (vm->br_nold == VM_BRANCH_HISTORY) {
        for (unsigned i = 1; i < VM_BRANCH_HISTORY; i++)
            vm->br_old[i - 1] = vm->br_old[i];
        vm->br_nold--;
    }
    vm->br_old[vm->br_nold++] = (struct vm_branch){ .from = from, .to = to, .task = task };
}

void br_fold(struct vm *vm)
{
    unsigned first, n = ring_count(vm, &first);
    unsigned skip = n > VM_BRANCH_HISTORY ? n - VM_BRANCH_HISTORY : 0;
    for (unsigned k = skip; k < n; k++) {
        unsigned i = (first + k) % BR_RING;
        old_push(vm, vm->br_from[i], vm->br_from[BR_RING + i], vm->tcur);
    }
    ring_clear(vm);
}

unsigned vm_branch_history(const struct vm *vm, struct vm_branch *out, unsigned max)
{
    unsigned first, n = ring_count(vm, &first);
    unsigned total = vm->br_nold + n;
    if (max > VM_BRANCH_HISTORY)
        max = VM_BRANCH_HISTORY;
    unsigned want = total < max ? total : max, skip = total - want, k = 0;
    for (unsigned i = skip; i < total; i++) {
        if (i < vm->br_nold)
            out[k++] = vm->br_old[i];
        else {
            unsigned j = (first + i - vm->br_nold) % BR_RING;
            out[k++] = (struct vm_branch){ .from = vm->br_from[j], .to = vm->br_from[BR_RING + j],
                                           .task = vm->tcur };
        }
    }
    return k;
}
