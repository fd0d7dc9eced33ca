/*
 * pane-code.c -- the program around the instruction address: the
 * disassembly with CSECT+offset or label, breakpoints and source lines,
 * and storage in hex and EBCDIC.
 */
#include <curses.h>
#include <string.h>

#include "scr.h"
#include "ebcdic.h"

static uint32_t ia_of(struct vm *vm)
{
    return vm_between_instructions(vm) ? (uint32_t)(vm_get_psw(vm) & VM_ADDR_MASK)
                                       : vm_instruction_address(vm);
}

/* A start before ia from which the instructions decode onto ia itself,
 * about `back' instructions earlier (ia if none does). */
static uint32_t start_before(struct mon *m, uint32_t ia, int back)
{
    char buf[80];
    for (uint32_t k = (uint32_t)back * 6; k >= 2; k -= 2) {
        if (k > ia)
            continue;
        uint32_t a = ia - k;
        int n = 0;
        while (a < ia && n < back * 3) {
            a += (uint32_t)where_disasm(m, a, buf, sizeof buf);
            n++;
        }
        if (a == ia && n <= back)
            return ia - k;
    }
    return ia;
}

static int is_break(struct mon *m, uint32_t a)
{
    for (int i = 0; i < MON_MAX_BREAKS; i++)
        if (m->brk[i].id && m->brk[i].kind == BK_ADDR && m->brk[i].addr == a)
            return 1;
    return 0;
}

/* The IAS samples of the block holding a (the first window that has
 * it), and the busiest block's, for the heat column; 0 if none. */
static uint32_t heat(struct mon *m, uint32_t a, uint32_t *top)
{
    struct vm *vm = mon_vm(m);
    *top = 0;
    if (!m->o.ias_period)
        return 0;
    for (int i = 0; i < m->r.mon.nwin; i++) {
        const struct imprun_window *w = &m->r.mon.win[i];
        if (a < w->lo || a > w->hi || !w->block)
            continue;
        uint8_t b[4];
        for (uint32_t k = 0; k < w->nblocks; k++)
            if (vm_fetch_bytes(vm, w->vec + 4 * k, b, 4) == 0) {
                uint32_t n = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
                *top = n > *top ? n : *top;
            }
        if (vm_fetch_bytes(vm, w->vec + 4 * ((a - w->lo) / w->block), b, 4) != 0)
            return 0;
        return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    }
    return 0;
}

/* ' ' no samples, then . : - = + * # % @ as the block gets hotter. */
static char heat_char(uint32_t n, uint32_t top)
{
    static const char ramp[] = " .:-=+*#%@";
    if (!n || !top)
        return ' ';
    return ramp[1 + (uint64_t)n * (sizeof ramp - 3) / top];
}

void pane_disasm(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "disassembly");
    struct vm *vm = mon_vm(s->m);
    if (!vm)
        return;
    /* on the assembler's statements when ia is one: never from the
       middle of an instruction; else a guess that decodes onto ia */
    uint32_t ia = ia_of(vm), a;
    if (where_statement_back(s->m, ia, in.h / 3, &a) != 0)
        a = start_before(s->m, ia, in.h / 3);
    for (int r = 0; r < in.h && a < vm_storage_size(vm); r++) {
        char text[80], sym[128], src[200];
        int len = where_disasm(s->m, a, text, sizeof text);
        uint32_t next = where_statement_after(s->m, a);
        if (next && next < a + (uint32_t)len && next > a) {
            len = (int)(next - a);      /* a statement starts inside: its bytes alone */
            uint8_t by[6];
            size_t k = (size_t)snprintf(text, sizeof text, "DC    X'");
            if (vm_fetch_bytes(vm, a, by, (size_t)len) == 0)
                for (int i = 0; i < len; i++)
                    k += (size_t)snprintf(text + k, sizeof text - k, "%02X", by[i]);
            snprintf(text + k, sizeof text - k, "'");
        }
        where_format(s->m, a, sym, sizeof sym, src, sizeof src);
        char *p = src;
        while (*p == ' ')
            p++;
        uint32_t top, n = heat(s->m, a, &top);
        scr_put(&in, r, a == ia ? A_REVERSE : 0, "%c%c%c%06X %-14.14s %-22s %s",
                heat_char(n, top), is_break(s->m, a) ? 'B' : ' ', a == ia ? '>' : ' ', a, sym,
                text, p);
        a += (uint32_t)len;
    }
}

void pane_storage(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "storage");
    struct vm *vm = mon_vm(s->m);
    if (!vm)
        return;
    if (s->m->examined)                 /* examine ADDR moves the pane */
        s->mem_addr = s->m->examined_at & ~15u;
    else if (!s->mem_set)
        s->mem_addr = ia_of(vm) & ~15u;
    s->mem_set = 1;
    int per = in.w >= 75 ? 16 : 8;
    for (int r = 0; r < in.h; r++) {
        uint32_t a = s->mem_addr + (uint32_t)(r * per);
        uint8_t bytes[16];
        if (vm_fetch_bytes(vm, a, bytes, (size_t)per) != 0)
            break;
        char hex[64] = "", txt[20] = "";
        size_t k = 0;
        for (int i = 0; i < per; i++) {
            k += (size_t)snprintf(hex + k, sizeof hex - k, "%02X%s", bytes[i], i % 4 == 3 ? " " : "");
            char c = ebcdic_char(bytes[i]);
            txt[i] = c >= 0x20 && c < 0x7F ? c : '.';
        }
        txt[per] = '\0';
        scr_put(&in, r, 0, "%06X %s %s", a, hex, txt);
    }
}
