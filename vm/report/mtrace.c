/*
 * mtrace.c -- one microword as text, field by field, from the
 * field table (mc/fields.def via microword.h): only fields that do
 * something are shown (code 0 is every set's "nothing"), so
 *
 *   u 012 fetch+2       A=R1 B=MDR ALU=ADD D=R1 CC=ARITH SEQ=END
 *
 * reads as the register transfer it performs.
 */
#include "report.h"

void report_micro_label(const struct vm *vm, unsigned upc, char *buf, size_t size)
{
    buf[0] = '\0';
    for (unsigned a = upc + 1; a-- > 0; ) {
        const char *l = vm_control_store_label(vm, a);
        if (l) {
            if (a == upc)
                snprintf(buf, size, "%s", l);
            else
                snprintf(buf, size, "%s+%X", l, upc - a);
            return;
        }
    }
}

void report_microword(FILE *out, const char *label, unsigned addr, const struct mc_word *w)
{
    fprintf(out, "u %03X %-20s", addr, label);
    for (int f = 0; f < MC_NFIELDS; f++) {
        const struct mc_field_desc *fd = &mc_fields[f];
        unsigned v = mc_get(w, fd->pos, fd->width);
        if (v == 0)
            continue;
        if (fd->set == MC_SET_NUM) {
            fprintf(out, " %s=%X", fd->name, v);
            continue;
        }
        const struct mc_value_desc *vd = mc_value_by_code((enum mc_set)fd->set, v);
        if (vd)
            fprintf(out, " %s=%s", fd->name, vd->name);
        else
            fprintf(out, " %s=?%u", fd->name, v);
    }
    putc('\n', out);
}
