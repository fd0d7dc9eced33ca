/*
 * report.c -- the reports of a profile as tables (table.h): the run and
 * its tasks, then each monitor's section by its descriptor (section.h,
 * sec-NAME.c), then the monitors' own cost; and the helpers the
 * sections' tables share.  Every address is labelled through its task's
 * load module (symbols.h).
 *
 * Percentages and ratios are computed in double precision and printed
 * with two decimals; the counts themselves are printed exactly.
 */
#include "section.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "report.h"

const char *pr_opcode_text(char *buf, size_t size, unsigned opcode)
{
    snprintf(buf, size, opcode > 0xFF ? "%04X" : "%02X", opcode);
    return buf;
}

/* ---------------------------------------------------------------- helpers */

double pr_pct(uint64_t num, uint64_t den) { return den ? 100.0 * (double)num / (double)den : 0; }

void pr_set_pct(struct table *t, size_t row, int col, uint64_t num, uint64_t den)
{
    if (den)
        tab_set(t, row, col, "%.2f", pr_pct(num, den));
    else
        tab_set(t, row, col, "-");
}

void pr_set_ratio(struct table *t, size_t row, int col, uint64_t num, uint64_t den)
{
    char buf[32];
    rep_ratio(buf, sizeof buf, num, den);
    tab_set(t, row, col, "%s", buf);
}

void pr_set_u64(struct table *t, size_t row, int col, uint64_t v)
{
    tab_set(t, row, col, "%" PRIu64, v);
}

struct table *pr_new_table(struct prof_report *r, const char *name)
{
    struct table *n = realloc(r->tabs, (r->ntabs + 1) * sizeof *n);
    if (!n) {
        r->oom = 1;
        return NULL;
    }
    r->tabs = n;
    struct table *t = &r->tabs[r->ntabs++];
    tab_init(t, name);
    return t;
}

/* ------------------------------------------------------------- the bars */

void pr_bars_add(struct prof_bars *b, const char *label, uint64_t value)
{
    struct prof_bar *nv = realloc(b->v, (b->n + 1) * sizeof *nv);
    if (!nv) {
        b->oom = 1;
        return;
    }
    b->v = nv;
    snprintf(nv[b->n].label, sizeof nv[b->n].label, "%s", label);
    nv[b->n++].value = value;
}

static int by_value(const void *a, const void *b)
{
    const struct prof_bar *x = a, *y = b;
    if (x->value != y->value) return x->value > y->value ? -1 : 1;
    return strcmp(x->label, y->label);
}

void pr_bars_sort(struct prof_bars *b)
{
    if (b->n)
        qsort(b->v, b->n, sizeof *b->v, by_value);
}

/* --------------------------------------------------------------- the run */

static void build_run(struct prof_report *r, const struct profile *p)
{
    struct table *t = pr_new_table(r, "run");
    if (!t)
        return;
    char cpi[32];
    rep_ratio(cpi, sizeof cpi, p->cycles, p->instructions);
    tab_title(t, "run: status %s, %" PRIu64 " cycles, %" PRIu64 " instructions, %" PRIu64
                 " microwords, CPI %s", p->status, p->cycles, p->instructions, p->microwords, cpi);
    tab_col(t, "task", TAB_RIGHT | TAB_NUM);
    tab_col(t, "cycles", TAB_RIGHT | TAB_NUM);
    tab_col(t, "instructions", TAB_RIGHT | TAB_NUM);
    tab_col(t, "CPI", TAB_RIGHT | TAB_NUM);
    tab_col(t, "module", TAB_LEFT);
    tab_col(t, "name", TAB_LEFT);
    for (int i = 1; i <= PROF_MAX_TASKS; i++) {
        const struct prof_task *k = p->tasks[i];
        if (!k)
            continue;
        size_t row = tab_row(t);
        pr_set_u64(t, row, 0, k->id);
        pr_set_u64(t, row, 1, k->cycles);
        pr_set_u64(t, row, 2, k->instructions);
        pr_set_ratio(t, row, 3, k->cycles, k->instructions);
        tab_set(t, row, 4, "%s", k->has_module ? "yes" : "no");
        tab_set(t, row, 5, "%s", k->name);
    }
}

/* ------------------------------------------------------------ overhead */

static void build_overhead(struct prof_report *r, const struct profile *p)
{
    struct table *t = pr_new_table(r, "overhead");
    if (!t)
        return;
    tab_title(t, "overhead: the monitors' microcode (the probe effect), of %" PRIu64
                 " run cycles", p->cycles);
    tab_col(t, "monitor", TAB_LEFT);
    tab_col(t, "entries", TAB_RIGHT | TAB_NUM);
    tab_col(t, "cycles", TAB_RIGHT | TAB_NUM);
    tab_col(t, "% of run", TAB_RIGHT | TAB_NUM);
    tab_col(t, "cycles/entry", TAB_RIGHT | TAB_NUM);
    uint64_t all = 0;
    for (int m = 0; m < PROF_NMON; m++) {
        if (!p->has_monitor[m])
            continue;
        size_t row = tab_row(t);
        tab_set(t, row, 0, "%s", prof_monitor_name(m));
        pr_set_u64(t, row, 1, p->mon_entries[m]);
        pr_set_u64(t, row, 2, p->mon_cycles[m]);
        pr_set_pct(t, row, 3, p->mon_cycles[m], p->cycles);
        pr_set_ratio(t, row, 4, p->mon_cycles[m], p->mon_entries[m]);
        all += p->mon_cycles[m];
    }
    if (t->nrows == 0)
        tab_note(t, "no monitor records");
    else
        tab_note(t, "all monitors: %" PRIu64 " cycles, %.2f%% of the run", all, pr_pct(all, p->cycles));
}

/* ------------------------------------------------------------- the whole */

int report_present(const struct profile *p, enum prof_section sec)
{
    int any = 0;
    if (sec == SEC_RUN)
        return 1;
    if (sec >= SEC_MONITOR && sec < SEC_OVERHEAD)
        return *prof_sections[sec - SEC_MONITOR]->has((struct profile *)p);
    if (sec == SEC_OVERHEAD)
        for (int m = 0; m < PROF_NMON; m++)
            any |= p->has_monitor[m];
    return any;
}

void report_build(struct prof_report *r, const struct profile *p, const struct prof_syms *s,
                  const struct prof_opts *o)
{
    memset(r, 0, sizeof *r);
    for (int sec = 0; sec < SEC_COUNT; sec++) {
        if (o->sections ? !(o->sections & 1u << sec) : !report_present(p, sec))
            continue;
        if (!report_present(p, sec))
            continue;
        if (sec == SEC_RUN)
            build_run(r, p);
        else if (sec == SEC_OVERHEAD)
            build_overhead(r, p);
        else
            prof_sections[sec - SEC_MONITOR]->build(r, p, s, o);
    }
    for (size_t i = 0; i < r->ntabs; i++)
        r->oom |= r->tabs[i].oom;
}

void report_free(struct prof_report *r)
{
    for (size_t i = 0; i < r->ntabs; i++)
        tab_free(&r->tabs[i]);
    free(r->tabs);
    memset(r, 0, sizeof *r);
}

void report_print_text(FILE *f, const struct prof_report *r)
{
    for (size_t i = 0; i < r->ntabs; i++)
        tab_print_text(f, &r->tabs[i]);
}

const char *report_section_name(enum prof_section sec)
{
    return sec == SEC_RUN ? "run" : sec == SEC_OVERHEAD ? "overhead"
         : sec > SEC_RUN && sec < SEC_OVERHEAD ? prof_sections[sec - SEC_MONITOR]->name : "?";
}
