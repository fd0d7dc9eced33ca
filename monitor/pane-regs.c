/*
 * pane-regs.c -- the PSW and the general registers, from the register
 * descriptors (regs.c); a value that changed since the last command (or
 * since a live run started) is highlighted.
 */
#include <curses.h>

#include "scr.h"
#include "report.h"

void pane_regs(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "registers");
    struct vm *vm = mon_vm(s->m);
    if (!vm) {
        scr_put(&in, 0, 0, "no program loaded (load FILE)");
        return;
    }
    uint64_t psw = vm_get_psw(vm);
    scr_put(&in, 0, psw != s->before_psw ? scr_changed_attr() : (int)A_BOLD,
            "PSW %08X %08X  CC %u  key %u  %s", (unsigned)(psw >> 32), (unsigned)psw,
            vm_get_cc(vm), (unsigned)(psw >> 52 & 15), psw & VM_PSW_PROB ? "problem" : "supervisor");
    int per = in.w / 14 >= 4 ? 4 : in.w / 14 >= 2 ? in.w / 14 : 2;
    for (unsigned n = 0; n < 16; n++) {
        uint32_t v = vm_get_gr(vm, n);
        struct box cell = { in.y + 1 + (int)n / per, in.x + (int)(n % (unsigned)per) * 14, 1, 13 };
        if (cell.y >= in.y + in.h)
            break;
        scr_put(&cell, 0, v != s->before_gr[n] ? scr_changed_attr() : 0, "R%-2u %08X", n, v);
    }
}
