/*
 * trace.c -- --trace and --microtrace.  An instruction line is
 * written when the instruction has been decoded and completed when the
 * next one starts (or the run ends), once its results are known:
 *
 *   010004 MAIN+X'4'        LA    2,10(0,0)               CC0 GR02=0000000A
 *
 * address, CSECT+offset, the disassembly (isa_disasm), the condition
 * code after it and every general register it changed; then, when the
 * program's source is at hand (symbols.h, "Source lines"), the text of
 * the statement after a bar, in a column of its own:
 *
 *   010004 MAIN+X'4'        LA    2,10(0,0)               CC0 GR02=0000000A | LA 2,10
 *
 * An EX shows the instruction it executes, with R1's low byte OR-ed into
 * its second byte: "EX    1,20(0,15) -> MVC   0(5,2),30(15)".  With
 * --microtrace each microword follows its instruction, field by field.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "isa.h"

/* The width of a line's head (rep_trace_format_head: "%06X %-16s %-30s"). */
#define HEAD_WIDTH (6 + 1 + 16 + 1 + 30)
/* The results are padded to this width when the source text follows. */
#define TAIL_WIDTH 32

/* Source lines already read, by (file, line): a direct-mapped cache, so
   a loop reads its lines from the file once. */
#define SOURCE_SLOTS 1024
struct trace_source {
    const char *file;               /* a path of the symbols' module */
    int line;
    char text[TRACE_SOURCE_TEXT];
};

static void format_head(char *buf, size_t size, const struct symtab *t, uint32_t addr,
                        const char *dis)
{
    char where[80] = "";
    sym_format(t, addr, where, sizeof where);
    snprintf(buf, size, "%06X %-16s %-30s", addr, where, dis);
}

void rep_trace_format_head(char *buf, size_t size, const struct symtab *t, uint32_t addr,
                           const uint8_t *bytes, int len)
{
    char dis[80];
    isa_disasm(bytes, (size_t)len, dis, sizeof dis);
    format_head(buf, size, t, addr, dis);
}

void rep_trace_format_tail(char *buf, size_t size, unsigned cc, const uint32_t before[16],
                           const uint32_t after[16])
{
    int k = snprintf(buf, size, " CC%u", cc);
    for (unsigned i = 0; i < 16 && k > 0 && (size_t)k < size; i++)
        if (after[i] != before[i])
            k += snprintf(buf + k, size - (size_t)k, " GR%02u=%08X", i, after[i]);
}

void rep_trace_format(char *buf, size_t size, const struct symtab *t,
                      const struct rep_trace_insn *r)
{
    char tail[16 * 14 + 8];
    rep_trace_format_tail(tail, sizeof tail, r->cc, r->before, r->after);
    rep_trace_format_head(buf, size, t, r->addr, r->bytes, r->len);
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "%s", tail);
}

void trace_free(struct trace_state *t)
{
    free(t->cache);
    t->cache = NULL;
}

void trace_init(struct trace_state *t, FILE *out, const struct symtab *syms, int insns,
                int micros)
{
    memset(t, 0, sizeof *t);
    t->out = out;
    t->syms = syms;
    t->insns = insns;
    t->micros = micros;
    t->limit = TRACE_LIMIT;
}

/* Write s, counting its bytes against the limit. */
static void put(struct trace_state *t, const char *s)
{
    size_t n = strlen(s);
    t->written += fwrite(s, 1, n, t->out);
}

/* 1 (stop the run) once the trace has reached its limit. */
static int over_limit(struct trace_state *t)
{
    if (t->written < t->limit)
        return 0;
    t->limit_hit = 1;
    return 1;
}

static void snapshot(uint32_t gr[16], const struct vm *vm)
{
    for (unsigned i = 0; i < 16; i++)
        gr[i] = vm_get_gr(vm, i);
}

void trace_finish(struct trace_state *t, struct vm *vm)
{
    if (!t->pending)
        return;
    uint32_t after[16];
    char tail[16 * 14 + 8];
    snapshot(after, vm);
    rep_trace_format_tail(tail, sizeof tail, vm_get_cc(vm), t->gr, after);
    if (t->broken) {                    /* microwords came between: align the tail */
        char pad[HEAD_WIDTH + 1];
        snprintf(pad, sizeof pad, "%*s", HEAD_WIDTH, "");
        put(t, pad);
    }
    put(t, tail);
    if (t->source[0]) {
        char src[TAIL_WIDTH + TRACE_SOURCE_TEXT + 8];
        int pad = TAIL_WIDTH - (int)strlen(tail) - (t->broken ? 0 : t->head_over);
        snprintf(src, sizeof src, "%*s | %s", pad > 0 ? pad : 0, "", t->source);
        put(t, src);
    }
    put(t, "\n");
    t->pending = 0;
}

void trace_done(void *ctx, struct vm *vm) { trace_finish(ctx, vm); }

/* The text of the statement at addr (blanks at its end dropped) into
   t->source, or "" when its source line cannot be shown. */
static void find_source(struct trace_state *t, const struct symtab *syms, uint32_t addr)
{
    struct sym_where w;
    t->source[0] = '\0';
    if (sym_lookup(syms, addr, &w) != 0 || !w.file || w.line < 1)
        return;
    if (!t->cache)
        t->cache = calloc(SOURCE_SLOTS, sizeof *t->cache);
    struct trace_source *c = t->cache ? &t->cache[(unsigned)w.line % SOURCE_SLOTS] : NULL;
    if (c && c->file == w.file && c->line == w.line) {
        snprintf(t->source, sizeof t->source, "%s", c->text);
        return;
    }
    char text[TRACE_SOURCE_TEXT];
    if (sym_source_text(syms, w.file, w.line, text, sizeof text) != SYM_SRC_OK)
        text[0] = '\0';
    size_t n = strlen(text);
    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t'))
        text[--n] = '\0';
    snprintf(t->source, sizeof t->source, "%s", text);
    if (c) {
        c->file = w.file;
        c->line = w.line;
        snprintf(c->text, sizeof c->text, "%s", text);
    }
}

/* EX R1,D2(X2,B2) (X'44'): "EX ... -> TARGET", the target instruction
   with R1's low byte OR-ed into its second byte (R1 = 0: as it is), the
   registers being those before the EX. */
static void ex_disasm(char *buf, size_t size, const struct vm *vm, const uint8_t *b, int len)
{
    char dis[80], target[80];
    isa_disasm(b, (size_t)len, dis, sizeof dis);
    unsigned r1 = b[1] >> 4, x2 = b[1] & 15, b2 = b[2] >> 4;
    uint32_t ea = (uint32_t)((b[2] & 15) << 8 | b[3]);
    ea += (x2 ? vm_get_gr(vm, x2) : 0) + (b2 ? vm_get_gr(vm, b2) : 0);
    ea &= VM_ADDR_MASK;
    uint8_t tb[6];
    size_t n = 0;
    while (n < sizeof tb && vm_fetch_bytes(vm, ea + (uint32_t)n, &tb[n], 1) == 0)
        n++;
    if (n < 2) {
        snprintf(buf, size, "%s -> (X'%06X' outside storage)", dis, ea);
        return;
    }
    if (r1)
        tb[1] |= (uint8_t)(vm_get_gr(vm, r1) & 0xFF);
    isa_disasm(tb, n, target, sizeof target);
    snprintf(buf, size, "%s -> %s", dis, target);
}

int trace_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *bytes, int len)
{
    struct trace_state *t = ctx;
    if (!t->insns)
        return 0;
    trace_finish(t, vm);
    if (over_limit(t))
        return 1;
    char head[400];
    const struct symtab *syms = t->syms;
    unsigned id = t->ntasks > 1 ? vm_current_task(vm) : 0;
    if (id) {
        char who[16];
        snprintf(who, sizeof who, "[%u] ", id);
        put(t, who);
        if (id <= t->ntasks && t->task_syms[id - 1])
            syms = t->task_syms[id - 1];
    }
    if (bytes[0] == 0x44 && len == 4) {
        char dis[200];
        ex_disasm(dis, sizeof dis, vm, bytes, len);
        format_head(head, sizeof head, syms, addr, dis);
    } else {
        rep_trace_format_head(head, sizeof head, syms, addr, bytes, len);
    }
    find_source(t, syms, addr);
    t->head_over = (int)strlen(head) - HEAD_WIDTH;
    put(t, head);
    snapshot(t->gr, vm);
    t->pending = 1;
    t->broken = 0;
    return 0;
}

int trace_micro(void *ctx, struct vm *vm, unsigned upc)
{
    struct trace_state *t = ctx;
    if (!t->micros)
        return 0;
    if (over_limit(t))
        return 1;
    if (t->pending && !t->broken) {
        put(t, "\n");
        t->broken = 1;
    }
    struct mc_word w;
    char label[80], line[512];
    memset(&w, 0, sizeof w);
    vm_control_store_word(vm, upc, &w);
    rep_micro_label(vm, upc, label, sizeof label);
    rep_micro_format(line, sizeof line, label, upc, &w);
    put(t, line);
    put(t, "\n");
    return 0;
}
