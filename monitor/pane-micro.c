/*
 * pane-micro.c -- the microword the machine executes next, field by
 * field with its register-transfer meaning (the field table of
 * mc/fields.def through microword.h), and the datapath registers.
 */
#include <curses.h>

#include "scr.h"
#include "microword.h"
#include "report.h"

void pane_micro(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "microword");
    struct vm *vm = mon_vm(s->m);
    if (!vm)
        return;
    struct vm_datapath dp;
    struct mc_word w;
    char label[80];
    vm_datapath(vm, &dp);
    vm_control_store_word(vm, dp.upc, &w);
    rep_micro_label(vm, dp.upc, label, sizeof label);
    int r = 0;
    scr_put(&in, r++, A_BOLD, "uPC %03X %s   insn at %06X%s", dp.upc, label, dp.iaddr,
            vm_between_instructions(vm) ? " (between instructions)" : "");
    for (unsigned f = 0; f < MC_NFIELDS && r < in.h - 3; f++) {
        const struct mc_field_desc *fd = &mc_fields[f];
        unsigned code = mc_get(&w, fd->pos, fd->width);
        const struct mc_value_desc *vd = mc_value_by_code((enum mc_set)fd->set, code);
        if (code == 0)
            continue;
        if (vd)
            scr_put(&in, r++, 0, "%-5s %-9s %s", fd->name, vd->name, vd->what);
        else
            scr_put(&in, r++, 0, "%-5s %-9u %s", fd->name, code, fd->what);
    }
    r = in.h - 3 > r ? in.h - 3 : r;
    scr_put(&in, r++, 0, "W0-3 %08X %08X %08X %08X  MDR %08X MAR %08X", dp.w[0], dp.w[1],
            dp.w[2], dp.w[3], dp.mdr, dp.mar);
    scr_put(&in, r++, 0, "W4-7 %08X %08X %08X %08X  Q   %08X CNT %08X", dp.w[4], dp.w[5],
            dp.w[6], dp.w[7], dp.q, dp.cnt);
    scr_put(&in, r++, 0, "EA1 %06X EA2 %06X  flags %c%c%c%c  return stack %u", dp.ea1, dp.ea2,
            dp.fz ? 'Z' : '-', dp.fn ? 'N' : '-', dp.fc ? 'C' : '-', dp.fv ? 'V' : '-', dp.rsp);
}
