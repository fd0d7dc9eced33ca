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

void trace_init(struct trace_state *t, FILE *out, const struct symtab *syms, int insns,
                int micros)
{
    memset(t, 0, sizeof *t);
    t->out = out;
    t->syms = syms;
    t->insns = insns;
    t->micros = micros;
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
        fprintf(t->out, "%*s", 6 + 1 + 16 + 1 + 30, "");
    fprintf(t->out, " CC%u", vm_get_cc(vm));
    for (unsigned i = 0; i < 16; i++) {
        uint32_t v = vm_get_gr(vm, i);
        if (v != t->gr[i])
            fprintf(t->out, " GR%02u=%08X", i, v);
    }
    putc('\n', t->out);
    t->pending = 0;
}

int trace_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *bytes, int len)
{
    struct trace_state *t = ctx;
    if (!t->insns)
        return 0;
    trace_finish(t, vm);
    char where[80] = "", dis[80];
    sym_format(t->syms, addr, where, sizeof where);
    isa_disasm(bytes, (size_t)len, dis, sizeof dis);
    fprintf(t->out, "%06X %-16s %-30s", addr, where, dis);
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
    if (t->pending && !t->broken) {
        putc('\n', t->out);
        t->broken = 1;
    }
    struct mc_word w;
    char label[80];
    memset(&w, 0, sizeof w);
    vm_control_store_word(vm, upc, &w);
    report_micro_label(vm, upc, label, sizeof label);
    report_microword(t->out, label, upc, &w);
    return 0;
}
