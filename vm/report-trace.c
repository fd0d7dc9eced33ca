/*
 * report-trace.c -- --trace and --microtrace.  An instruction line is
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

#include <stdlib.h>
#include <string.h>

#include "isa.h"

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

/* Count what a trace write wrote (n < 0: nothing). */
static void wrote(struct trace_state *t, int n)
{
    if (n > 0)
        t->written += (uint64_t)n;
}

/* 1 (stop the run) once the trace has reached its limit. */
static int over_limit(struct trace_state *t)
{
    if (t->written < t->limit)
        return 0;
    t->limit_hit = 1;
    return 1;
}

static void snapshot(struct trace_state *t, const struct vm *vm)
{
    for (unsigned i = 0; i < 16; i++)
        t->gr[i] = vm_get_gr(vm, i);
}

void trace_finish(struct trace_state *t, struct vm *vm)
{
    if (!t->pending)
        return;
    if (t->broken)
        wrote(t, fprintf(t->out, "%*s", 6 + 1 + 16 + 1 + 30, ""));
    wrote(t, fprintf(t->out, " CC%u", vm_get_cc(vm)));
    for (unsigned i = 0; i < 16; i++) {
        uint32_t v = vm_get_gr(vm, i);
        if (v != t->gr[i])
            wrote(t, fprintf(t->out, " GR%02u=%08X", i, v));
    }
    wrote(t, fputs("\n", t->out) == EOF ? -1 : 1);
    t->pending = 0;
}

int trace_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *bytes, int len)
{
    struct trace_state *t = ctx;
    if (!t->insns)
        return 0;
    trace_finish(t, vm);
    if (over_limit(t))
        return 1;
    char where[80] = "", dis[80];
    sym_format(t->syms, addr, where, sizeof where);
    isa_disasm(bytes, (size_t)len, dis, sizeof dis);
    wrote(t, fprintf(t->out, "%06X %-16s %-30s", addr, where, dis));
    snapshot(t, vm);
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
        wrote(t, fputs("\n", t->out) == EOF ? -1 : 1);
        t->broken = 1;
    }
    struct mc_word w;
    char label[80];
    memset(&w, 0, sizeof w);
    vm_control_store_word(vm, upc, &w);
    report_micro_label(vm, upc, label, sizeof label);
    /* Through a buffer, to count its bytes against the limit. */
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return 1;
    report_microword(mem, label, upc, &w);
    fclose(mem);
    wrote(t, (int)fwrite(text, 1, len, t->out));
    free(text);
    return 0;
}
