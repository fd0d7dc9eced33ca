/*
 * stats.c -- instruction statistics from the machine's counters:
 * totals, cycles per instruction, and a per-opcode table sorted by count
 * (then cycles, then opcode, so the order is always the same).  CPI is
 * printed as an exact fixed-point ratio, never through floating point.
 */
#include "report.h"

#include <inttypes.h>
#include <stdlib.h>

#include "isa.h"

static void opcode_of(unsigned idx, uint8_t *op0, uint8_t *op1)
{
    *op0 = idx < 256 ? (uint8_t)idx : 0xB2;
    *op1 = idx < 256 ? 0 : (uint8_t)(idx - 256);
}

static int by_count(const void *a, const void *b)
{
    const struct op_stat *x = a, *y = b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    if (x->cycles != y->cycles) return x->cycles > y->cycles ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

size_t stats_collect(const struct vm_counters *c, struct op_stat out[512])
{
    size_t n = 0;
    for (unsigned i = 0; i < 512; i++) {
        if (c->op_count[i] == 0 && c->op_cycles[i] == 0)
            continue;
        uint8_t op0, op1;
        opcode_of(i, &op0, &op1);
        const struct isa_insn *in = isa_by_opcode(op0, op1);
        out[n].idx = i;
        out[n].opcode = i < 256 ? i : 0xB200u + (i - 256);
        /* cycles with no instruction behind them: the IPL restart, the wait */
        out[n].name = in ? in->name : c->op_count[i] ? "?" : "(none)";
        out[n].count = c->op_count[i];
        out[n].cycles = c->op_cycles[i];
        n++;
    }
    qsort(out, n, sizeof out[0], by_count);
    return n;
}

/* num/den with two decimals, rounded: "5.50"; "-" when den is 0. */
void report_ratio(char *buf, size_t size, uint64_t num, uint64_t den)
{
    if (den == 0) {
        snprintf(buf, size, "-");
        return;
    }
    uint64_t c = (num * 100 + den / 2) / den;
    snprintf(buf, size, "%" PRIu64 ".%02" PRIu64, c / 100, c % 100);
}

void report_stats(FILE *out, const struct vm_counters *c)
{
    struct op_stat ops[512];
    char cpi[32];
    report_ratio(cpi, sizeof cpi, c->cycles, c->instructions);
    fprintf(out, "instructions %14" PRIu64 "\n", c->instructions);
    fprintf(out, "cycles       %14" PRIu64 "\n", c->cycles);
    fprintf(out, "microwords   %14" PRIu64 "\n", c->microwords);
    fprintf(out, "CPI          %14s\n", cpi);
    size_t n = stats_collect(c, ops);
    if (n == 0)
        return;
    fprintf(out, "opcode mnemonic        count       cycles     CPI      %%\n");
    for (size_t i = 0; i < n; i++) {
        char pct[32];
        report_ratio(cpi, sizeof cpi, ops[i].cycles, ops[i].count);
        report_ratio(pct, sizeof pct, ops[i].count * 100, c->instructions);
        char op[8];
        snprintf(op, sizeof op, ops[i].opcode > 0xFF ? "%04X" : "%02X", ops[i].opcode);
        fprintf(out, "%-6s %-8s %12" PRIu64 " %12" PRIu64 " %7s %6s\n", op, ops[i].name,
                ops[i].count, ops[i].cycles, cpi, pct);
    }
}
