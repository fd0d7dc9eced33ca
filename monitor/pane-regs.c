/*
 * pane-regs.c -- the PSW and the general registers, from the register
 * descriptors (regs.c); a value that changed since the last command (or
 * since a live run started) is highlighted.  All sixteen registers are
 * shown on every layout down to the smallest screen (80x24): a narrow
 * pane packs them tighter and asks the layout for the rows they need
 * (pane_regs_rows).
 */
#include <curses.h>

#include "scr.h"
#include "report.h"

/* Registers a row in an inside w columns wide, and their pitch: "R10
 * 00000000" is 12 columns, two blanks apart where they fit, one where
 * that makes room for one more. */
static int row_fill(int w, int *pitch)
{
    int wide = (w + 2) / 14, close = (w + 1) / 13;
    wide = wide > 4 ? 4 : wide;
    close = close > 4 ? 4 : close;
    *pitch = close > wide ? 13 : 14;
    int n = close > wide ? close : wide;
    return n < 1 ? 1 : n;
}

int pane_regs_rows(int w)
{
    int pitch, across = row_fill(w - 2, &pitch);
    return 2 + 1 + (16 + across - 1) / across;  /* the frame, the PSW, the registers */
}

void pane_regs(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "registers");
    struct vm *vm = mon_vm(s->m);
    if (!vm) {
        scr_put(&in, 0, 0, "no program loaded (load FILE)");
        return;
    }
    uint64_t psw = vm_get_psw(vm);
    unsigned w0 = (unsigned)(psw >> 32), w1 = (unsigned)psw, cc = vm_get_cc(vm);
    unsigned key = (unsigned)(psw >> 52 & 15);
    int prob = (psw & VM_PSW_PROB) != 0;
    char line[80];
    /* the longest form that fits: the state in words, short, or none */
    int n = snprintf(line, sizeof line, "PSW %08X %08X  CC %u  key %u  %s", w0, w1, cc, key,
                     prob ? "problem" : "supervisor");
    if (n > in.w)
        n = snprintf(line, sizeof line, "PSW %08X %08X CC %u key %u %s", w0, w1, cc, key,
                     prob ? "prob" : "sup");
    if (n > in.w)
        snprintf(line, sizeof line, "PSW %08X %08X CC %u key %u", w0, w1, cc, key);
    scr_put(&in, 0, psw != s->before_psw ? scr_changed_attr() : (int)A_BOLD, "%s", line);
    int pitch, across = row_fill(in.w, &pitch);
    for (unsigned r = 0; r < 16; r++) {
        uint32_t v = vm_get_gr(vm, r);
        int row = (int)r / across, col = (int)r % across;
        struct box cell = { in.y + 1 + row, in.x + col * pitch, 1, 12 };
        if (cell.y >= in.y + in.h)
            break;
        scr_put(&cell, 0, v != s->before_gr[r] ? scr_changed_attr() : 0, "R%-2u %08X", r, v);
    }
}
