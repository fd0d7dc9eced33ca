/*
 * dump.c -- storage, registers and PSW in the formats of the Hercules
 * console, so output can be compared with a Hercules session:
 *
 *   R:00010200:K:00=C1C2C340 40F0F1F2 00102030 40506070  ABC  012.... &-.
 *   GR00=00000000  GR01=00000000  GR02=00000000  GR03=00000000
 *   PSW=00080000 00010000
 *
 * A dump line covers 16 bytes from its address with a blank after every
 * byte that ends a fullword of storage, then the bytes as EBCDIC text
 * ('.' where not printable).  Storage outside the machine stops the dump
 * with a note.
 */
#include "report.h"

#include <string.h>

#include "ebcdic.h"

static char printable(uint8_t e)
{
    unsigned char c = (unsigned char)ebcdic_char(e);
    return c >= 0x20 && c < 0x7F ? (char)c : '.';
}

void rep_dump_collect_line(struct rep_dump_line *l, const struct svc_storage *st, uint32_t addr,
                           uint32_t len)
{
    memset(l, 0, sizeof *l);
    l->addr = addr;
    l->want = len < 16 ? len : 16;
    while (l->n < l->want && st->read(st->ctx, addr + l->n, &l->bytes[l->n], 1) == 0)
        l->n++;
}

void rep_dump_format_line(char *buf, size_t size, const struct rep_dump_line *l, int key)
{
    if (l->n == 0) {
        snprintf(buf, size, "R:%08X: addressing exception (outside storage)", l->addr);
        return;
    }
    char hex[16 * 2 + 4 + 1], text[17];
    size_t k = 0;
    for (uint32_t i = 0; i < l->n; i++) {
        k += (size_t)snprintf(hex + k, sizeof hex - k, "%02X", l->bytes[i]);
        if (((l->addr + i + 1) & 3) == 0)
            hex[k++] = ' ';
        text[i] = printable(l->bytes[i]);
    }
    hex[k] = '\0';
    text[l->n] = '\0';
    snprintf(buf, size, "R:%08X:K:%02X=%s %s", l->addr, (unsigned)key & 0xFF, hex, text);
}

void rep_dump_print(FILE *out, const struct svc_storage *st, uint32_t addr, uint32_t len, int key)
{
    while (len > 0) {
        struct rep_dump_line l;
        char line[128];
        rep_dump_collect_line(&l, st, addr, len);
        rep_dump_format_line(line, sizeof line, &l, key);
        fprintf(out, "%s\n", line);
        if (l.n == 0)
            return;
        if (l.n < l.want) {
            fprintf(out, "R:%08X: addressing exception (outside storage)\n", addr + l.n);
            return;
        }
        addr += l.want;
        len -= l.want;
    }
}

void rep_regs_collect(struct rep_regs *r, const struct vm *vm)
{
    r->psw = vm_get_psw(vm);
    r->cc = vm_get_cc(vm);
    for (unsigned i = 0; i < 16; i++)
        r->gr[i] = vm_get_gr(vm, i);
}

void rep_regs_print(FILE *out, const struct rep_regs *r)
{
    char psw[64];
    rep_psw_format(psw, sizeof psw, r->psw);
    fprintf(out, "%s\n", psw);
    for (int i = 0; i < 16; i++)
        fprintf(out, "GR%02d=%08X%s", i, r->gr[i], i % 4 == 3 ? "\n" : "  ");
}

void rep_psw_format(char *buf, size_t size, uint64_t psw)
{
    snprintf(buf, size, "PSW=%08X %08X", (unsigned)(psw >> 32), (unsigned)psw);
}

/* The PSW and its fields in words (EC mode, ISA.md "PSW"):
 *   PSW=000A0000 00000ABC  supervisor, key 0, disabled, wait, CC 0, PM 0, IA 000ABC
 * (", PER" after the masks when the PER mask is on) */
void rep_psw_fields_format(char *buf, size_t size, uint64_t psw)
{
    unsigned hi = (unsigned)(psw >> 32);
    int enabled = (hi & 0x03040000u) != 0;    /* I/O, external, machine check */
    snprintf(buf, size, "PSW=%08X %08X  %s, key %u, %s%s%s, CC %u, PM %X, IA %06X", hi,
             (unsigned)psw, hi & 0x10000 ? "problem" : "supervisor", hi >> 20 & 15,
             enabled ? "enabled" : "disabled", hi & 0x40000000u ? ", PER" : "",
             hi & 0x20000 ? ", wait" : "", hi >> 12 & 3,
             hi >> 8 & 15, (unsigned)psw & VM_ADDR_MASK);
}
