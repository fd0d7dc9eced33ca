/*
 * stats.c -- instruction statistics from the machine's counters:
 * totals, cycles per instruction, and a per-opcode table sorted by count
 * (then cycles, then opcode, so the order is always the same), collected
 * into struct rep_stats and printed from it.  CPI is printed as an
 * exact fixed-point ratio, never through floating point.
 */
#include "report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"

static void opcode_of(unsigned idx, uint8_t *op0, uint8_t *op1)
{
    *op0 = idx < 256 ? (uint8_t)idx : 0xB2;
    *op1 = idx < 256 ? 0 : (uint8_t)(idx - 256);
}

const char *rep_op_name(unsigned idx)
{
    uint8_t op0, op1;
    opcode_of(idx, &op0, &op1);
    if (op0 == 0xE0)
        return "XREAD...";              /* the X'E0' family shares its opcode */
    const struct isa_insn *in = isa_by_opcode(op0, op1);
    return in ? in->name : NULL;
}

static int by_count(const void *a, const void *b)
{
    const struct rep_op *x = a, *y = b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    if (x->cycles != y->cycles) return x->cycles > y->cycles ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

void rep_stats_collect(struct rep_stats *s, const struct vm_counters *c)
{
    s->instructions = c->instructions;
    s->cycles = c->cycles;
    s->microwords = c->microwords;
    s->program_cycles = c->cycles;
    s->program_words = c->microwords;
    s->mon_cycles = s->mon_words = 0;
    memset(s->mon, 0, sizeof s->mon);
    s->nops = 0;
    for (unsigned i = 0; i < 512; i++) {
        if (c->op_count[i] == 0 && c->op_cycles[i] == 0)
            continue;
        const char *name = rep_op_name(i);
        struct rep_op *o = &s->ops[s->nops++];
        o->idx = i;
        o->opcode = i < 256 ? i : 0xB200u + (i - 256);
        /* cycles with no instruction behind them: the IPL restart, the wait */
        o->name = name ? name : c->op_count[i] ? "?" : "(none)";
        o->count = c->op_count[i];
        o->cycles = c->op_cycles[i];
    }
    qsort(s->ops, s->nops, sizeof s->ops[0], by_count);
}

void rep_stats_monitors(struct rep_stats *s, const struct vm *vm)
{
    s->mon_cycles = s->mon_words = 0;
    for (int m = 0; m < VM_HPM_COUNT; m++) {
        vm_hpm_stats(vm, (enum vm_hpm)m, &s->mon[m]);
        s->mon_cycles += s->mon[m].cycles;
        s->mon_words += s->mon[m].microwords;
    }
    s->program_cycles = s->cycles - s->mon_cycles;
    s->program_words = s->microwords - s->mon_words;
}

/* num/den with two decimals, rounded: "5.50"; "-" when den is 0. */
void rep_ratio(char *buf, size_t size, uint64_t num, uint64_t den)
{
    if (den == 0) {
        snprintf(buf, size, "-");
        return;
    }
    uint64_t c = (num * 100 + den / 2) / den;
    snprintf(buf, size, "%" PRIu64 ".%02" PRIu64, c / 100, c % 100);
}

void rep_stats_format_op(char *buf, size_t size, const struct rep_op *op, uint64_t instructions)
{
    char cpi[32], pct[32], code[8];
    rep_ratio(cpi, sizeof cpi, op->cycles, op->count);
    rep_ratio(pct, sizeof pct, op->count * 100, instructions);
    snprintf(code, sizeof code, op->opcode > 0xFF ? "%04X" : "%02X", op->opcode);
    snprintf(buf, size, "%-6s %-8s %12" PRIu64 " %12" PRIu64 " %7s %6s", code, op->name,
             op->count, op->cycles, cpi, pct);
}

static void overhead_row(FILE *out, const char *name, uint64_t entries, uint64_t cycles,
                         uint64_t words, uint64_t total)
{
    char pct[32], ent[24];
    rep_ratio(pct, sizeof pct, cycles * 100, total);
    if (entries)
        snprintf(ent, sizeof ent, "%" PRIu64, entries);
    else
        snprintf(ent, sizeof ent, "-");
    fprintf(out, "%-8s %10s %12" PRIu64 " %12" PRIu64 " %7s\n", name, ent, cycles, words, pct);
}

void rep_stats_print_overhead(FILE *out, const struct rep_stats *s)
{
    int any = 0;
    for (int m = 0; m < VM_HPM_COUNT; m++)
        any |= s->mon[m].entries != 0;
    if (!any)
        return;
    fprintf(out, "overhead    entries       cycles   microwords       %%\n");
    for (int m = 0; m < VM_HPM_COUNT; m++)
        if (s->mon[m].entries)
            overhead_row(out, vm_hpm_name((enum vm_hpm)m), s->mon[m].entries, s->mon[m].cycles,
                         s->mon[m].microwords, s->cycles);
    overhead_row(out, "monitors", 0, s->mon_cycles, s->mon_words, s->cycles);
    overhead_row(out, "program", 0, s->program_cycles, s->program_words, s->cycles);
    fprintf(out, "total: %" PRIu64 " cycles = %" PRIu64 " program + %" PRIu64 " monitors; %" PRIu64
            " microwords = %" PRIu64 " + %" PRIu64 "\n", s->cycles, s->program_cycles,
            s->mon_cycles, s->microwords, s->program_words, s->mon_words);
}

void rep_stats_print(FILE *out, const struct rep_stats *s)
{
    char cpi[32];
    rep_ratio(cpi, sizeof cpi, s->cycles, s->instructions);
    fprintf(out, "instructions %14" PRIu64 "\n", s->instructions);
    fprintf(out, "cycles       %14" PRIu64 "\n", s->cycles);
    fprintf(out, "microwords   %14" PRIu64 "\n", s->microwords);
    fprintf(out, "CPI          %14s\n", cpi);
    if (s->mon_cycles) {                /* the per-opcode table is the program's */
        rep_ratio(cpi, sizeof cpi, s->program_cycles, s->instructions);
        fprintf(out, "program cycles %12" PRIu64 "\n", s->program_cycles);
        fprintf(out, "monitor cycles %12" PRIu64 "\n", s->mon_cycles);
        fprintf(out, "program CPI  %14s\n", cpi);
    }
    if (s->nops == 0)
        return;
    fprintf(out, "opcode mnemonic        count       cycles     CPI      %%\n");
    for (size_t i = 0; i < s->nops; i++) {
        char line[128];
        rep_stats_format_op(line, sizeof line, &s->ops[i], s->instructions);
        fprintf(out, "%s\n", line);
    }
    rep_stats_print_overhead(out, s);
}
