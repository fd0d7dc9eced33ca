/*
 * dump.c -- storage, registers and PSW in the formats of the
 * Hercules console, so output can be compared with a Hercules session:
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

#include <ctype.h>

#include "ebcdic.h"

static char printable(uint8_t e)
{
    unsigned char c = (unsigned char)ebcdic_char(e);
    return c >= 0x20 && c < 0x7F ? (char)c : '.';
}

void report_dump(FILE *out, const struct svc_storage *st, uint32_t addr, uint32_t len, int key)
{
    while (len > 0) {
        uint32_t n = len < 16 ? len : 16;
        uint8_t b[16];
        uint32_t ok = 0;
        while (ok < n && st->read(st->ctx, addr + ok, &b[ok], 1) == 0)
            ok++;
        if (ok == 0) {
            fprintf(out, "R:%08X: addressing exception (outside storage)\n", addr);
            return;
        }
        char text[17];
        fprintf(out, "R:%08X:K:%02X=", addr, (unsigned)key & 0xFF);
        for (uint32_t i = 0; i < ok; i++) {
            fprintf(out, "%02X", b[i]);
            if (((addr + i + 1) & 3) == 0)
                putc(' ', out);
            text[i] = printable(b[i]);
        }
        text[ok] = '\0';
        fprintf(out, " %s\n", text);
        if (ok < n) {
            fprintf(out, "R:%08X: addressing exception (outside storage)\n", addr + ok);
            return;
        }
        addr += n;
        len -= n;
    }
}

void report_gprs(FILE *out, const uint32_t gr[16])
{
    for (int i = 0; i < 16; i++)
        fprintf(out, "GR%02d=%08X%s", i, gr[i], i % 4 == 3 ? "\n" : "  ");
}

void report_psw(FILE *out, uint64_t psw)
{
    fprintf(out, "PSW=%08X %08X\n", (unsigned)(psw >> 32), (unsigned)psw);
}

/* The PSW and its fields in words (EC mode, ISA.md "PSW"):
 *   PSW=000A0000 00000ABC  supervisor, key 0, disabled, wait, CC 0, PM 0, IA 000ABC */
void report_psw_fields(FILE *out, uint64_t psw)
{
    unsigned hi = (unsigned)(psw >> 32);
    int enabled = (hi & 0x43040000u) != 0;    /* PER, I/O, external, machine check */
    fprintf(out, "PSW=%08X %08X  %s, key %u, %s%s, CC %u, PM %X, IA %06X\n", hi,
            (unsigned)psw, hi & 0x10000 ? "problem" : "supervisor", hi >> 20 & 15,
            enabled ? "enabled" : "disabled", hi & 0x20000 ? ", wait" : "", hi >> 12 & 3,
            hi >> 8 & 15, (unsigned)psw & 0xFFFFFF);
}
