/*
 * trace.c -- --trace and --microtrace.  An instruction line is
 * written when the instruction has been decoded and completed when the
 * next one starts (or the run ends), once its results are known:
 *
 *   010004 MAIN+X'4'        LA    2,10(0,0)               CC0 GR02=0000000A
 *
 * address, CSECT+offset, the disassembly (isa_disasm), the condition
 * code after it and every general register it changed.  With
 * --microtrace each microword follows its instruction, field by field.
 */
#include "report.h"

#include <string.h>

#include "isa.h"

/* The width of a line's head (rep_trace_format_head: "%06X %-16s %-30s"). */
#define HEAD_WIDTH (6 + 1 + 16 + 1 + 30)

void rep_trace_format_head(char *buf, size_t size, const struct symtab *t, uint32_t addr,
                           const uint8_t *bytes, int len)
{
    char where[80] = "", dis[80];
    sym_format(t, addr, where, sizeof where);
    isa_disasm(bytes, (size_t)len, dis, sizeof dis);
    snprintf(buf, size, "%06X %-16s %-30s", addr, where, dis);
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
    put(t, "\n");
    t->pending = 0;
}

void trace_done(void *ctx, struct vm *vm) { trace_finish(ctx, vm); }

int trace_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *bytes, int len)
{
    struct trace_state *t = ctx;
    if (!t->insns)
        return 0;
    trace_finish(t, vm);
    if (over_limit(t))
        return 1;
    char head[200];
    const struct symtab *syms = t->syms;
    unsigned id = t->ntasks > 1 ? vm_current_task(vm) : 0;
    if (id) {
        char who[16];
        snprintf(who, sizeof who, "[%u] ", id);
        put(t, who);
        if (id <= t->ntasks && t->task_syms[id - 1])
            syms = t->task_syms[id - 1];
    }
    rep_trace_format_head(head, sizeof head, syms, addr, bytes, len);
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
