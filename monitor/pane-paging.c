/*
 * pane-paging.c -- the page-frame table (which task and page each real
 * frame holds, dirty, reference and fixed bits, the CLOCK hand) and the
 * tasks with their counts.
 */
#include <curses.h>

#include "scr.h"

void pane_frames(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "page frames");
    struct vm *vm = mon_vm(s->m);
    if (!vm)
        return;
    uint32_t n = vm_frame_count(vm);
    if (!n) {
        scr_put(&in, 0, 0, "paging is off: set frames N turns it on");
        return;
    }
    int cols = in.w / 20 > 0 ? in.w / 20 : 1;
    scr_put(&in, 0, A_BOLD, "frame task page  flags (D dirty R ref F fixed, > hand)");
    for (uint32_t f = 0; f < n; f++) {
        struct vm_frame_info fi;
        int r = 1 + (int)(f / (uint32_t)cols), c = (int)(f % (uint32_t)cols);
        if (r >= in.h || vm_frame_info(vm, f, &fi) != 0)
            break;
        struct box cell = { in.y + r, in.x + c * 20, 1, 19 };
        if (!fi.task)
            scr_put(&cell, 0, A_DIM, "%c%4u  free", fi.hand ? '>' : ' ', f);
        else
            scr_put(&cell, 0, fi.dirty ? A_BOLD : 0, "%c%4u %2u %5X %c%c%c", fi.hand ? '>' : ' ',
                    f, fi.task, fi.page, fi.dirty ? 'D' : '-', fi.ref ? 'R' : '-',
                    fi.fixed ? 'F' : '-');
    }
}

void pane_tasks(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "tasks");
    struct vm *vm = mon_vm(s->m);
    if (!vm)
        return;
    scr_put(&in, 0, A_BOLD, "task state        insns       cpu      wait pg-in frames");
    for (unsigned id = 1; id <= vm_task_count(vm) && (int)id < in.h; id++) {
        struct vm_task_info t;
        if (vm_task_info(vm, id, &t) != 0)
            continue;
        const char *state = t.ended ? vm_status_name(t.status)
                          : s->m->ended ? vm_status_name(s->m->stop.st)
                          : id == vm_current_task(vm) ? "current" : "ready";
        scr_put(&in, (int)id, id == vm_current_task(vm) ? A_BOLD : 0,
                "%4u %-10.10s %9llu %9llu %9llu %5llu %6u", id, state,
                (unsigned long long)t.instructions, (unsigned long long)t.cpu_cycles,
                (unsigned long long)t.wait_cycles, (unsigned long long)t.pageins, t.frames);
    }
}
