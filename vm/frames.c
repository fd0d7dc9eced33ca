/*
 * frames.c -- a read-only view of the real frames of virtual storage,
 * for a monitor's page-frame table: which task and page each holds, its
 * dirty and reference bits, and the CLOCK hand (imp(7), "Tasks and
 * paging").  Copies only: nothing here changes the machine.
 */
#include "vmint.h"

uint32_t vm_frame_count(const struct vm *vm)
{
    return vm->pg.on ? vm->pg.nframes : 0;
}

int vm_frame_info(const struct vm *vm, uint32_t n, struct vm_frame_info *out)
{
    if (!vm->pg.on || n >= vm->pg.nframes)
        return -1;
    const struct frame *f = &vm->pg.frame[n];
    out->task = f->task;
    out->page = f->vpage;
    out->dirty = f->dirty;
    out->ref = f->ref;
    out->fixed = f->fixed;
    out->hand = vm->pg.policy == VM_CLOCK && !vm->pg.local && vm->pg.hand == n;
    return 0;
}
