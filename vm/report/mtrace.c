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

void rep_micro_label(const struct vm *vm, unsigned upc, char *buf, size_t size)
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

/* Append piece to buf (size bytes, *used of them taken): cut, never overrun. */
static void append(char *buf, size_t size, size_t *used, const char *piece)
{
    if (*used + 1 >= size)
        return;
    int k = snprintf(buf + *used, size - *used, "%s", piece);
    *used += (size_t)k < size - *used ? (size_t)k : size - *used - 1;
}

void rep_micro_format(char *buf, size_t size, const char *label, unsigned addr,
                      const struct mc_word *w)
{
    char piece[128];
    size_t used = 0;
    if (size == 0)
        return;
    buf[0] = '\0';
    snprintf(piece, sizeof piece, "u %03X %-20s", addr, label);
    append(buf, size, &used, piece);
    for (int f = 0; f < MC_NFIELDS; f++) {
        const struct mc_field_desc *fd = &mc_fields[f];
        unsigned v = mc_get(w, fd->pos, fd->width);
        if (v == 0)
            continue;
        const struct mc_value_desc *vd =
            fd->set == MC_SET_NUM ? NULL : mc_value_by_code((enum mc_set)fd->set, v);
        if (fd->set == MC_SET_NUM)
            snprintf(piece, sizeof piece, " %s=%X", fd->name, v);
        else if (vd)
            snprintf(piece, sizeof piece, " %s=%s", fd->name, vd->name);
        else
            snprintf(piece, sizeof piece, " %s=?%u", fd->name, v);
        append(buf, size, &used, piece);
    }
}
