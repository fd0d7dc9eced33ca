/*
 * pane-stats.c -- the counters (instructions, cycles, CPI, virtual and
 * host MIPS, paging, samples, PER, the monitors' overhead) and the
 * opcode frequency / CPI table (sorted by count, CPI or cycles: key o).
 */
#include <curses.h>
#include <stdlib.h>

#include "scr.h"
#include "report.h"

void pane_counters(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "counters");
    struct vm *vm = mon_vm(s->m);
    if (!vm)
        return;
    const struct vm_counters *c = vm_counters(vm);
    struct vm_paging_stats ps;
    vm_paging_stats(vm, &ps);
    uint64_t samples = 0, mcyc = 0;
    struct vm_hpm_stats mon[VM_HPM_COUNT];
    for (int k = 0; k < VM_HPM_COUNT; k++) {
        vm_hpm_stats(vm, (enum vm_hpm)k, &mon[k]);
        samples += mon[k].events;
        mcyc += mon[k].cycles;
    }
    double vsec = (double)c->cycles / VM_CYCLES_PER_SECOND;
    int r = 0;
    scr_put(&in, r++, 0, "insns  %-12llu cycles %llu", (unsigned long long)c->instructions,
            (unsigned long long)c->cycles);
    char cpi[32];                       /* as imprun --stats: "-" before any instruction */
    rep_ratio(cpi, sizeof cpi, c->cycles, c->instructions);
    scr_put(&in, r++, 0, "CPI    %-12s uwords %llu", cpi, (unsigned long long)c->microwords);
    scr_put(&in, r++, 0, "vMIPS  %-12.2f host MIPS %.1f",
            vsec > 0 ? (double)c->instructions / vsec / 1e6 : 0.0, s->host_mips);
    scr_put(&in, r++, 0, "pg-in  %-12llu pg-out %llu", (unsigned long long)ps.pageins,
            (unsigned long long)ps.pageouts);
    scr_put(&in, r++, 0, "wait   %-12llu samples %llu", (unsigned long long)ps.wait_cycles,
            (unsigned long long)samples);
    scr_put(&in, r++, 0, "monitor %.2f%%  refresh %.1f Hz",
            c->cycles ? 100.0 * (double)mcyc / (double)c->cycles : 0.0, s->fps);
    /* the run's cycles: the program's (the opcode table's) + the monitors' */
    scr_put(&in, r++, 0, "prog   %-12llu mon %llu", (unsigned long long)(c->cycles - mcyc),
            (unsigned long long)mcyc);
    for (int k = 0; k < VM_HPM_COUNT; k++)
        if (mon[k].entries)
            scr_put(&in, r++, 0, " %-5s %-12llu uw %llu in %llu", vm_hpm_name((enum vm_hpm)k),
                    (unsigned long long)mon[k].cycles, (unsigned long long)mon[k].microwords,
                    (unsigned long long)mon[k].entries);
    struct vm_per_stats per;
    vm_per_stats(vm, &per);
    scr_put(&in, r++, 0, "PER    %-12llu events %llu", (unsigned long long)per.interrupts,
            (unsigned long long)(per.events[0] + per.events[1] + per.events[2] + per.events[3] +
                                 per.events[4]));
}

struct oprow { unsigned idx; uint64_t n, cyc; };

static double cpi(const struct oprow *r) { return r->n ? (double)r->cyc / (double)r->n : 0; }

/* The orders of the table (key o): by count, by CPI, by cycles; ties by
 * count, then by opcode. */
static int by_count(const void *a, const void *b)
{
    const struct oprow *x = a, *y = b;
    if (x->n != y->n)
        return x->n < y->n ? 1 : -1;
    return (int)x->idx - (int)y->idx;
}

static int by_cpi(const void *a, const void *b)
{
    const struct oprow *x = a, *y = b;
    if (cpi(x) != cpi(y))
        return cpi(x) < cpi(y) ? 1 : -1;
    return by_count(a, b);
}

static int by_cycles(const void *a, const void *b)
{
    const struct oprow *x = a, *y = b;
    if (x->cyc != y->cyc)
        return x->cyc < y->cyc ? 1 : -1;
    return by_count(a, b);
}

void pane_opcodes(struct scr *s, const struct box *b)
{
    static const char *const keys[] = { "count", "CPI", "cycles" };
    char title[64];
    snprintf(title, sizeof title, "opcodes by %s (o: sort)", keys[s->opsort]);
    struct box in = scr_frame(b, title);
    struct vm *vm = mon_vm(s->m);
    if (!vm)
        return;
    const struct vm_counters *c = vm_counters(vm);
    struct oprow rows[512];
    size_t k = 0;
    for (unsigned i = 0; i < 512; i++)
        if (c->op_count[i])
            rows[k++] = (struct oprow){ i, c->op_count[i], c->op_cycles[i] };
    static int (*const order[])(const void *, const void *) = { by_count, by_cpi, by_cycles };
    qsort(rows, k, sizeof rows[0], order[s->opsort % 3]);
    scr_put(&in, 0, A_BOLD, "%-8s %12s %7s %7s %14s", "opcode", "count", "%", "CPI", "cycles");
    for (size_t i = 0; i < k && (int)i + 1 < in.h; i++) {
        char ratio[32];                 /* as imprun --stats prints it */
        rep_ratio(ratio, sizeof ratio, rows[i].cyc, rows[i].n);
        scr_put(&in, (int)i + 1, 0, "%-8s %12llu %6.2f%% %7s %14llu", rep_op_name(rows[i].idx),
                (unsigned long long)rows[i].n,
                100.0 * (double)rows[i].n / (double)(c->instructions ? c->instructions : 1),
                ratio, (unsigned long long)rows[i].cyc);
    }
}
