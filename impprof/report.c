/*
 * report.c -- the reports of a profile as tables (table.h): the run and
 * its tasks, the IAS histograms, the PC samples (top addresses, and the
 * instruction types found by disassembling the sampled addresses against
 * the machine's exact counts), the gleaned records, the IIFM counters
 * and frequency table, and the monitors' own cost.  Every address is
 * labelled through its task's load module (symbols.h).
 *
 * Percentages and ratios are computed in double precision and printed
 * with two decimals; the counts themselves are printed exactly.
 */
#include "impprof.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "report.h"

static const char *opcode_text(char *buf, size_t size, unsigned opcode)
{
    snprintf(buf, size, opcode > 0xFF ? "%04X" : "%02X", opcode);
    return buf;
}

/* ---------------------------------------------------------------- helpers */

static double pct(uint64_t num, uint64_t den) { return den ? 100.0 * (double)num / (double)den : 0; }

/* "12.34" or "-" (no denominator). */
static void set_pct(struct table *t, size_t row, int col, uint64_t num, uint64_t den)
{
    if (den)
        tab_set(t, row, col, "%.2f", pct(num, den));
    else
        tab_set(t, row, col, "-");
}

static void set_ratio(struct table *t, size_t row, int col, uint64_t num, uint64_t den)
{
    char buf[32];
    rep_ratio(buf, sizeof buf, num, den);
    tab_set(t, row, col, "%s", buf);
}

static void set_u64(struct table *t, size_t row, int col, uint64_t v)
{
    tab_set(t, row, col, "%" PRIu64, v);
}

static struct table *new_table(struct prof_report *r, const char *name)
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

/* --------------------------------------------------------------- the run */

static void build_run(struct prof_report *r, const struct profile *p)
{
    struct table *t = new_table(r, "run");
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
        set_u64(t, row, 0, k->id);
        set_u64(t, row, 1, k->cycles);
        set_u64(t, row, 2, k->instructions);
        set_ratio(t, row, 3, k->cycles, k->instructions);
        tab_set(t, row, 4, "%s", k->has_module ? "yes" : "no");
        tab_set(t, row, 5, "%s", k->name);
    }
}

/* ----------------------------------------------------------------- IAS */

static void bar(char *buf, size_t size, uint64_t n, uint64_t max)
{
    size_t w = max ? (size_t)((30.0 * (double)n / (double)max) + 0.5) : 0;
    if (n && !w)
        w = 1;
    if (w >= size)
        w = size - 1;
    memset(buf, '#', w);
    buf[w] = '\0';
}

static void ias_row(struct table *t, const struct profile *p, const struct prof_syms *s,
                    const struct prof_window *w, uint64_t idx, uint64_t n, uint64_t total,
                    uint64_t max)
{
    uint64_t lo = w->low + idx * w->block;
    uint64_t hi = lo + w->block < w->high ? lo + w->block : w->high;
    struct prof_where where;
    psym_where(s, p, w->task, (uint32_t)lo, &where, 1);
    size_t row = tab_row(t);
    char b[32];
    bar(b, sizeof b, n, max);
    set_u64(t, row, 0, idx);
    tab_set(t, row, 1, "%06" PRIX64 "-%06" PRIX64, lo, hi - 1);
    tab_set(t, row, 2, "%s", *where.csect ? where.csect : "?");
    tab_set(t, row, 3, "%s", where.symbol);
    tab_set(t, row, 4, "%s", where.line);
    set_u64(t, row, 5, n);
    set_pct(t, row, 6, n, total);
    tab_set(t, row, 7, "%s", b);
    tab_set(t, row, 8, "%s", where.source);
}

static void build_window(struct prof_report *r, const struct profile *p,
                         const struct prof_syms *s, const struct prof_opts *o,
                         const struct prof_window *w)
{
    char name[32];
    snprintf(name, sizeof name, "ias-window-%u", w->k);
    struct table *t = new_table(r, name);
    if (!t)
        return;
    uint64_t total = 0, max = 0;
    for (size_t i = 0; i < w->nblocks; i++) {
        total += w->blocks[i].count;
        if (w->blocks[i].count > max)
            max = w->blocks[i].count;
    }
    char task[16] = "every task";
    if (w->task)
        snprintf(task, sizeof task, "task %u", w->task);
    tab_title(t, "ias window %u (%s): %06X-%06X, blocks of %u bytes, %s", w->k, w->label,
              (unsigned)w->low, (unsigned)w->high - 1, (unsigned)w->block, task);
    tab_col(t, "block", TAB_RIGHT | TAB_NUM);
    tab_col(t, "range", TAB_LEFT);
    tab_col(t, "where", TAB_LEFT);
    tab_col(t, "symbol", TAB_LEFT);
    tab_col(t, "line", TAB_LEFT);
    tab_col(t, "count", TAB_RIGHT | TAB_NUM);
    tab_col(t, "%", TAB_RIGHT | TAB_NUM);
    tab_col(t, "bar", TAB_LEFT);
    tab_col(t, "source", TAB_LEFT);     /* last: the widest, least regular column */
    uint64_t nb = ((uint64_t)w->high - w->low + w->block - 1) / w->block;
    int all = o->all_blocks && nb <= PROF_ALL_BLOCKS_MAX;
    size_t j = 0;
    for (uint64_t idx = 0; idx < nb; idx++) {
        uint64_t n = 0;
        if (j < w->nblocks && w->blocks[j].index == idx)
            n = w->blocks[j++].count;
        else if (!all) {
            if (j >= w->nblocks)
                break;
            idx = w->blocks[j].index - 1;
            continue;
        }
        ias_row(t, p, s, w, idx, n, total, max);
        if (t->oom)
            return;
    }
    if (o->all_blocks && !all)
        tab_note(t, "(%" PRIu64 " blocks: too many to show the empty ones, at most %u)", nb,
                 PROF_ALL_BLOCKS_MAX);
    tab_note(t, "in the window: %" PRIu64 " samples; out of range: %" PRIu64
                "; in the wait state: %" PRIu64, total, w->out, p->ias_wait);
    tab_note(t, "samples: %" PRIu64 ", one every %" PRIu64 " cycles", p->ias_samples,
             p->ias_period);
    double est = (double)p->ias_samples * (double)p->ias_period;
    if (p->cycles)
        tab_note(t, "check: samples x period = %.0f ~ %" PRIu64 " run cycles (%.2f%%)", est,
                 p->cycles, 100.0 * est / (double)p->cycles);
    else
        tab_note(t, "check: samples x period = %.0f (the run took no cycles)", est);
}

static void build_ias(struct prof_report *r, const struct profile *p, const struct prof_syms *s,
                      const struct prof_opts *o)
{
    for (size_t i = 0; i < p->nwindows; i++)
        build_window(r, p, s, o, &p->windows[i]);
    if (p->nwindows == 0) {
        struct table *t = new_table(r, "ias");
        if (t) {
            tab_title(t, "ias: no windows");
            tab_note(t, "samples: %" PRIu64 ", one every %" PRIu64 " cycles; wait %" PRIu64,
                     p->ias_samples, p->ias_period, p->ias_wait);
        }
    }
}

/* ----------------------------------------------------------------- PCS */

static int by_count_desc(const void *a, const void *b)
{
    const struct prof_sample *x = a, *y = b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    if (x->task != y->task) return x->task < y->task ? -1 : 1;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static uint64_t sample_total(const struct profile *p)
{
    uint64_t n = 0;
    for (size_t i = 0; i < p->nsamples; i++)
        n += p->samples[i].count;
    return n;
}

static void build_pcs_top(struct prof_report *r, const struct profile *p,
                          const struct prof_syms *s, const struct prof_opts *o)
{
    struct table *t = new_table(r, "pcs-top");
    if (!t)
        return;
    uint64_t total = sample_total(p);
    tab_title(t, "pcs: %" PRIu64 " samples at %" PRIu64 " ticks (rate %" PRIu64 "), %" PRIu64
                 " lost; %" PRIu64 " of %" PRIu64 " slots used", total, p->pcs_ticks,
              p->pcs_rate, p->pcs_lost, p->pcs_used, p->pcs_slots);
    tab_col(t, "task", TAB_RIGHT | TAB_NUM);
    tab_col(t, "address", TAB_LEFT);
    tab_col(t, "where", TAB_LEFT);
    tab_col(t, "symbol", TAB_LEFT);
    tab_col(t, "line", TAB_LEFT);
    tab_col(t, "count", TAB_RIGHT | TAB_NUM);
    tab_col(t, "%", TAB_RIGHT | TAB_NUM);
    tab_col(t, "source", TAB_LEFT);
    struct prof_sample *v = malloc((p->nsamples ? p->nsamples : 1) * sizeof *v);
    if (!v) {
        r->oom = 1;
        return;
    }
    memcpy(v, p->samples, p->nsamples * sizeof *v);
    qsort(v, p->nsamples, sizeof *v, by_count_desc);
    size_t limit = o->top && o->top < p->nsamples ? (size_t)o->top : p->nsamples;
    for (size_t i = 0; i < limit; i++) {
        struct prof_where w;
        size_t row = tab_row(t);
        set_u64(t, row, 0, v[i].task);
        tab_set(t, row, 1, "%06X", (unsigned)v[i].addr);
        if (v[i].task == 0) {
            tab_set(t, row, 2, "(wait)");
        } else {
            psym_where(s, p, v[i].task, v[i].addr, &w, 1);
            tab_set(t, row, 2, "%s", *w.csect ? w.csect : "?");
            tab_set(t, row, 3, "%s", w.symbol);
            tab_set(t, row, 4, "%s", w.line);
            tab_set(t, row, 7, "%s", w.source);
        }
        set_u64(t, row, 5, v[i].count);
        set_pct(t, row, 6, v[i].count, total);
    }
    if (limit < p->nsamples)
        tab_note(t, "(%zu more addresses not shown: --top=0 shows all)", p->nsamples - limit);
    free(v);
}

/* One instruction type: sampled beside exact. */
struct optype {
    unsigned opcode;
    const char *name;
    uint64_t sampled, exact, cycles;
};

static struct optype *optype_find(struct optype **v, size_t *n, unsigned opcode)
{
    for (size_t i = 0; i < *n; i++)
        if ((*v)[i].opcode == opcode)
            return &(*v)[i];
    struct optype *nv = realloc(*v, (*n + 1) * sizeof *nv);
    if (!nv)
        return NULL;
    *v = nv;
    struct optype *e = &nv[(*n)++];
    memset(e, 0, sizeof *e);
    e->opcode = opcode;
    e->name = prof_op_name(opcode);
    return e;
}

static int by_sampled(const void *a, const void *b)
{
    const struct optype *x = a, *y = b;
    if (x->sampled != y->sampled) return x->sampled > y->sampled ? -1 : 1;
    if (x->exact != y->exact) return x->exact > y->exact ? -1 : 1;
    return x->opcode < y->opcode ? -1 : x->opcode > y->opcode;
}

static void build_pcs_types(struct prof_report *r, const struct profile *p,
                            const struct prof_opts *o)
{
    struct optype *v = NULL;
    size_t n = 0;
    uint64_t wait = 0, notext = 0, known = 0, exact_n = 0, exact_c = 0;
    for (size_t i = 0; i < p->nsamples; i++) {
        const struct prof_sample *sm = &p->samples[i];
        const struct prof_task *k = sm->task ? profile_task_module(p, sm->task) : NULL;
        unsigned opc;
        if (sm->task == 0) {
            wait += sm->count;
            continue;
        }
        if (prof_opcode_at(p, k, sm->addr, &opc) != 0) {
            notext += sm->count;
            continue;
        }
        struct optype *e = optype_find(&v, &n, opc);
        if (!e)
            goto oom;
        e->sampled += sm->count;
        known += sm->count;
    }
    for (size_t i = 0; i < p->nexact; i++) {
        struct optype *e = optype_find(&v, &n, p->exact[i].opcode);
        if (!e)
            goto oom;
        e->exact += p->exact[i].count;
        e->cycles += p->exact[i].cycles;
        e->name = p->exact[i].mnemonic;
        exact_n += p->exact[i].count;
        exact_c += p->exact[i].cycles;
    }
    qsort(v, n, sizeof *v, by_sampled);
    struct table *t = new_table(r, "pcs-types");
    if (!t)
        goto oom;
    tab_title(t, "pcs: instruction types of the sampled addresses (by disassembly) against "
                 "the exact counts");
    static const char *const cols[] = { "opcode", "mnemonic", "sampled", "sampled%", "exact",
                                        "exact%", "err", "cycles%", "cycles-err" };
    for (int c = 0; c < 9; c++)
        tab_col(t, cols[c], c < 2 ? TAB_LEFT : TAB_RIGHT | TAB_NUM);
    double tv_count = 0, tv_cycles = 0;
    for (size_t i = 0; i < n; i++) {
        double sp = pct(v[i].sampled, known), ep = pct(v[i].exact, exact_n),
               cp = pct(v[i].cycles, exact_c);
        tv_count += fabs(sp - ep);
        tv_cycles += fabs(sp - cp);
        if (o->top && i >= o->top)
            continue;
        size_t row = tab_row(t);
        char code[8];
        tab_set(t, row, 0, "%s", opcode_text(code, sizeof code, v[i].opcode));
        tab_set(t, row, 1, "%s", v[i].name);
        set_u64(t, row, 2, v[i].sampled);
        set_pct(t, row, 3, v[i].sampled, known);
        if (exact_n) {
            set_u64(t, row, 4, v[i].exact);
            set_pct(t, row, 5, v[i].exact, exact_n);
            tab_set(t, row, 6, "%+.2f", known ? sp - ep : 0.0);
            set_pct(t, row, 7, v[i].cycles, exact_c);
            tab_set(t, row, 8, "%+.2f", known ? sp - cp : 0.0);
        } else {
            for (int c = 4; c < 9; c++)
                tab_set(t, row, c, "-");
        }
    }
    /* the samples no instruction type is known for, outside the comparison */
    const char *const apart[2] = { "?", "(wait)" };
    const uint64_t napart[2] = { notext, wait };
    for (int a = 0; a < 2; a++) {
        if (!napart[a])
            continue;
        size_t row = tab_row(t);
        tab_set(t, row, 0, "-");
        tab_set(t, row, 1, "%s", apart[a]);
        set_u64(t, row, 2, napart[a]);
        for (int c = 3; c < 9; c++)
            tab_set(t, row, c, "-");
    }
    if (o->top && n > o->top)
        tab_note(t, "(%zu more types not shown: --top=0 shows all)", n - (size_t)o->top);
    tab_note(t, "samples: %" PRIu64 " of known instructions, %" PRIu64 " with no module text"
                " (?), %" PRIu64 " in the wait state", known, notext, wait);
    if (exact_n && known) {
        tab_note(t, "total error (sum |err| / 2, the total variation distance): %.2f points "
                    "against the counts, %.2f against the cycles", tv_count / 2, tv_cycles / 2);
        tab_note(t, "note: PC samples are time-weighted (an instruction that takes many "
                    "cycles is sampled more): they estimate the cycle share (cycles%%), not "
                    "the count share (exact%%)");
    } else if (!exact_n) {
        tab_note(t, "no exact counts in the profile: nothing to compare with");
    }
    free(v);
    return;
oom:
    free(v);
    r->oom = 1;
}

/* --------------------------------------------------------------- glean */

static void glean_title(struct table *t, const struct profile *p)
{
    char info[80] = "";
    for (int k = 0; k < GK_COUNT; k++)
        if (p->glean_info & 1u << k)
            snprintf(info + strlen(info), sizeof info - strlen(info), "%s%s", *info ? "," : "",
                     prof_glean_key_name(k));
    tab_title(t, "glean: info=%s, every %" PRIu64 " %s, %" PRIu64 " record%s a trigger, "
                 "buffer %" PRIu64 " bytes, %" PRIu64 " record%s (%s)", info, p->glean_every,
              p->glean_insns ? "instructions" : "cycles", p->glean_n,
              p->glean_n == 1 ? "" : "s", p->glean_size, p->glean_records,
              p->glean_records == 1 ? "" : "s",
              p->glean_full ? "the buffer filled: later records were lost" : "the buffer did not fill");
}

static void build_glean(struct prof_report *r, const struct profile *p,
                        const struct prof_syms *s, const struct prof_opts *o)
{
    struct table *t = new_table(r, "glean");
    if (!t)
        return;
    glean_title(t, p);
    unsigned has = p->glean_info;
    for (size_t i = 0; i < p->nrecs; i++)
        has |= p->recs[i].has & 1u << GK_BURST;
    int col[GK_COUNT + 1];
    tab_col(t, "seq", TAB_RIGHT | TAB_NUM);
    static const int order[] = { GK_BURST, GK_TASK, GK_IA, GK_OP, GK_PSW, GK_CYCLES,
                                 GK_PAGEINS, GK_GR };
    int where_col = -1;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        int k = order[i];
        col[k] = -1;
        if (!(has & 1u << k))
            continue;
        col[k] = t->ncols;
        int num = k == GK_BURST || k == GK_TASK || k == GK_CYCLES || k == GK_PAGEINS;
        tab_col(t, prof_glean_key_name(k), k == GK_GR ? TAB_WRAP : num ? TAB_RIGHT | TAB_NUM
                                                                          : TAB_LEFT);
        if (k == GK_IA) {
            where_col = t->ncols;
            tab_col(t, "where", TAB_LEFT);
            tab_col(t, "symbol", TAB_LEFT);
        }
    }
    size_t limit = o->top && o->top < p->nrecs ? (size_t)o->top : p->nrecs;
    for (size_t i = 0; i < limit; i++) {
        const struct prof_rec *x = &p->recs[i];
        size_t row = tab_row(t);
        set_u64(t, row, 0, x->seq);
        if (col[GK_BURST] >= 0 && (x->has & 1u << GK_BURST))
            set_u64(t, row, col[GK_BURST], x->burst);
        if (col[GK_TASK] >= 0 && (x->has & 1u << GK_TASK))
            set_u64(t, row, col[GK_TASK], x->task);
        if (col[GK_IA] >= 0 && (x->has & 1u << GK_IA)) {
            struct prof_where w;
            tab_set(t, row, col[GK_IA], "%06X", (unsigned)x->ia);
            psym_where(s, p, x->has & 1u << GK_TASK ? x->task : 0, x->ia, &w, 1);
            tab_set(t, row, where_col, "%s", *w.csect ? w.csect : "?");
            tab_set(t, row, where_col + 1, "%s", w.symbol);
        }
        if (col[GK_OP] >= 0 && (x->has & 1u << GK_OP)) {
            char code[8];
            tab_set(t, row, col[GK_OP], "%s %s", opcode_text(code, sizeof code, x->op),
                    prof_op_name(x->op));
        }
        if (col[GK_PSW] >= 0 && (x->has & 1u << GK_PSW))
            tab_set(t, row, col[GK_PSW], "%08X.%08X", (unsigned)x->psw[0], (unsigned)x->psw[1]);
        if (col[GK_CYCLES] >= 0 && (x->has & 1u << GK_CYCLES))
            set_u64(t, row, col[GK_CYCLES], x->cycles);
        if (col[GK_PAGEINS] >= 0 && (x->has & 1u << GK_PAGEINS))
            set_u64(t, row, col[GK_PAGEINS], x->pageins);
        if (col[GK_GR] >= 0 && (x->has & 1u << GK_GR)) {
            char g[16 * 9 + 1];
            size_t n = 0;
            for (int k = 0; k < 16; k++)
                n += (size_t)snprintf(g + n, sizeof g - n, "%s%08X", k ? " " : "",
                                      (unsigned)x->gr[k]);
            tab_set(t, row, col[GK_GR], "%s", g);
        }
    }
    if (limit < p->nrecs)
        tab_note(t, "(%zu more records not shown: --top=0 shows all)", p->nrecs - limit);
    if (p->nrecs == 0)
        tab_note(t, "no records");
}

/* ---------------------------------------------------------------- IIFM */

static int freq_by_count(const void *a, const void *b)
{
    const struct prof_op *x = a, *y = b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    if (x->cycles != y->cycles) return x->cycles > y->cycles ? -1 : 1;
    return x->opcode < y->opcode ? -1 : x->opcode > y->opcode;
}

static const struct prof_op *exact_of(const struct profile *p, unsigned opcode)
{
    for (size_t i = 0; i < p->nexact; i++)
        if (p->exact[i].opcode == opcode)
            return &p->exact[i];
    return NULL;
}

static void build_iifm(struct prof_report *r, const struct profile *p, const struct prof_opts *o)
{
    struct table *t = new_table(r, "iifm");
    if (!t)
        return;
    tab_title(t, "iifm: the counters");
    tab_col(t, "pattern", TAB_LEFT);
    tab_col(t, "dontcare", TAB_LEFT);
    tab_col(t, "flags", TAB_LEFT);
    tab_col(t, "slice", TAB_RIGHT | TAB_NUM);
    tab_col(t, "count", TAB_RIGHT | TAB_NUM);
    tab_col(t, "cycles", TAB_RIGHT | TAB_NUM);
    tab_col(t, "CPI", TAB_RIGHT | TAB_NUM);
    size_t row = tab_row(t);
    tab_set(t, row, 0, "%04X", p->iifm_pattern);
    tab_set(t, row, 1, "%04X", p->iifm_dontcare);
    static const char *const flag_names[] = { "problem", "supervisor", "slice", "table" };
    char flags[40] = "-";
    for (int k = 0, n = 0; k < 4; k++)
        if (p->iifm_flags & 1u << k)
            n += snprintf(flags + n, sizeof flags - (size_t)n, "%s%s", n ? "," : "",
                          flag_names[k]);
    tab_set(t, row, 2, "%s", flags);
    set_u64(t, row, 3, p->iifm_slice);
    set_u64(t, row, 4, p->iifm_count);
    set_u64(t, row, 5, p->iifm_cycles);
    set_ratio(t, row, 6, p->iifm_cycles, p->iifm_count);
    if (p->nfreq == 0)
        return;

    struct table *f = new_table(r, "iifm-freq");
    if (!f)
        return;
    struct prof_op *v = malloc(p->nfreq * sizeof *v);
    if (!v) {
        r->oom = 1;
        return;
    }
    memcpy(v, p->freq, p->nfreq * sizeof *v);
    qsort(v, p->nfreq, sizeof *v, freq_by_count);
    uint64_t total = 0, total_c = 0;
    for (size_t i = 0; i < p->nfreq; i++) {
        total += v[i].count;
        total_c += v[i].cycles;
    }
    uint64_t exact_total = 0;
    for (size_t i = 0; i < p->nexact; i++)
        exact_total += p->exact[i].count;
    /* each opcode is counted only in its slices: the table estimates the
       shares, so its share is what compares with the exact share */
    int every = (p->iifm_flags & PROF_IIFM_TABLE) != 0;
    tab_title(f, every ? "iifm: the frequency table of every opcode beside the exact counts"
                       : "iifm: the time-sliced frequency table beside the exact counts");
    static const char *const cols[] = { "opcode", "mnemonic", "count", "%", "cycles", "CPI",
                                        "exact", "exact%", "err" };
    for (int c = 0; c < 9; c++)
        tab_col(f, cols[c], c < 2 ? TAB_LEFT : TAB_RIGHT | TAB_NUM);
    size_t limit = o->top && o->top < p->nfreq ? (size_t)o->top : p->nfreq;
    for (size_t i = 0; i < limit; i++) {
        char code[8];
        row = tab_row(f);
        tab_set(f, row, 0, "%s", opcode_text(code, sizeof code, v[i].opcode));
        tab_set(f, row, 1, "%s", v[i].mnemonic);
        set_u64(f, row, 2, v[i].count);
        set_pct(f, row, 3, v[i].count, total);
        set_u64(f, row, 4, v[i].cycles);
        set_ratio(f, row, 5, v[i].cycles, v[i].count);
        const struct prof_op *e = exact_of(p, v[i].opcode);
        if (p->nexact && exact_total && total) {
            uint64_t ec = e ? e->count : 0;
            set_u64(f, row, 6, ec);
            set_pct(f, row, 7, ec, exact_total);
            tab_set(f, row, 8, "%+.2f", 100.0 * (double)v[i].count / (double)total -
                                            100.0 * (double)ec / (double)exact_total);
        } else {
            tab_set(f, row, 6, "-");
            tab_set(f, row, 7, "-");
            tab_set(f, row, 8, "-");
        }
    }
    if (limit < p->nfreq)
        tab_note(f, "(%zu more opcodes not shown: --top=0 shows all)", p->nfreq - limit);
    tab_note(f, "the table: %" PRIu64 " instructions, %" PRIu64 " cycles; the counters: %" PRIu64
                " instructions, %" PRIu64 " cycles", total, total_c, p->iifm_count,
             p->iifm_cycles);
    if (every)
        tab_note(f, "err: the table's share less the exact share, in points (every opcode "
                    "counted all the time: 0 but for the filters and the last instruction)");
    else
        tab_note(f, "err: the table's share less the exact share, in points (each opcode is "
                    "counted in its slices only)");
    free(v);
}

/* ----------------------------------------------------------------- csm */

static const char *csect_name(const struct profile *p, unsigned k)
{
    return k < p->ncsects ? p->csects[k].name : "(none)";
}

/*
 * A view of the CSECT monitor's records: the code's transitions (kinds
 * 0-2) or the data references (3 fetch, 4 store), of every task or of
 * one.  Tables are named after the view: csm-string, csm-task2-string,
 * dsm-string ...
 */
struct csm_view {
    struct prof_tr *tr;
    size_t n;
    int data;
    char id[32], title[48];
};

/* A name of the string: the CSECT, and for data references (F) or (S). */
static void seq_name(const struct profile *p, const struct csm_view *v, unsigned e, char *buf,
                     size_t size)
{
    const char *nm = csect_name(p, e & 0xFFFF);
    if (v->data)
        snprintf(buf, size, "%s(%c)", nm, e >> 16 == 4 ? 'S' : 'F');
    else
        snprintf(buf, size, "%s", nm);
}

/* The CSECT reference string: the CSECTs in the order control entered
 * them (data: the order operands referred to them), the first being the
 * one the first record left; a run of a block of up to 8 names repeated
 * is written once with its count. */
static void csm_string(struct prof_report *r, const struct profile *p, const struct prof_opts *o,
                       const struct csm_view *v)
{
    char id[48];
    snprintf(id, sizeof id, "%s-string", v->id);
    struct table *t = new_table(r, id);
    if (!t)
        return;
    size_t n = v->n + 1;
    unsigned *seq = malloc(n * sizeof *seq);
    if (!seq) {
        r->oom = 1;
        return;
    }
    seq[0] = v->data ? v->tr[0].to | v->tr[0].kind << 16 : v->tr[0].from;
    for (size_t i = 0; i < v->n; i++)
        seq[i + 1] = v->tr[i].to | (v->data ? v->tr[i].kind << 16 : 0);
    if (v->data)                        /* the first record's own reference starts it */
        n--, memmove(seq, seq + 1, n * sizeof *seq);
    tab_title(t, "%s: the %s reference string (%zu references; a block repeated: once, with "
                 "its count)", v->title, v->data ? "data CSECT" : "CSECT", n);
    tab_col(t, "at", TAB_RIGHT | TAB_NUM);
    tab_col(t, "cycle", TAB_RIGHT | TAB_NUM);
    tab_col(t, "times", TAB_RIGHT | TAB_NUM);
    tab_col(t, "CSECTs", TAB_LEFT);
    size_t limit = o->top ? (size_t)o->top : SIZE_MAX, rows = 0, i = 0;
    while (i < n) {
        size_t best_p = 1, best_reps = 1;
        for (size_t per = 1; per <= 8 && i + 2 * per <= n; per++) {
            size_t reps = 1;
            while (i + (reps + 1) * per <= n &&
                   !memcmp(&seq[i], &seq[i + reps * per], per * sizeof *seq))
                reps++;
            if (reps > 1 && reps * per > best_reps * best_p) {
                best_p = per;
                best_reps = reps;
            }
        }
        if (rows++ < limit) {
            size_t row = tab_row(t);
            char names[8 * 70 + 8] = "";
            size_t k = 0;
            for (size_t j = 0; j < best_p; j++) {
                char nm[72];
                seq_name(p, v, seq[i + j], nm, sizeof nm);
                k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", j ? " " : "", nm);
            }
            set_u64(t, row, 0, i);
            if (v->data)
                set_u64(t, row, 1, v->tr[i].cycles);
            else if (i)
                set_u64(t, row, 1, v->tr[i - 1].cycles);
            else
                tab_set(t, row, 1, "-");
            set_u64(t, row, 2, best_reps);
            tab_set(t, row, 3, "%s", names);
        }
        i += best_p * best_reps;
    }
    if (rows > limit)
        tab_note(t, "(%zu more rows not shown: --top=0 shows all)", rows - limit);
    free(seq);
}

/*
 * Counts of pairs of CSECT indexes (0..65535 each: the reader's limit), in
 * an open-addressing hash table of the pairs seen: memory and time follow
 * the records, never the square of the CSECT count.  A key is
 * (a << 16 | b) + 1, so 0 marks a free slot.
 */
struct pairs {
    uint32_t *key;
    uint64_t *count;
    size_t cap, used;           /* cap: a power of two, at most half used */
    int oom;
};

static size_t pair_slot(const struct pairs *ps, uint32_t key)
{
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & (ps->cap - 1);
    while (ps->key[i] && ps->key[i] != key)
        i = (i + 1) & (ps->cap - 1);
    return i;
}

static int pairs_grow(struct pairs *ps)
{
    size_t cap = ps->cap ? ps->cap * 2 : 1024;
    struct pairs n = { calloc(cap, sizeof *n.key), calloc(cap, sizeof *n.count), cap, ps->used, 0 };
    if (!n.key || !n.count) {
        free(n.key), free(n.count);
        return -1;
    }
    for (size_t i = 0; i < ps->cap; i++)
        if (ps->key[i]) {
            size_t j = pair_slot(&n, ps->key[i]);
            n.key[j] = ps->key[i];
            n.count[j] = ps->count[i];
        }
    free(ps->key), free(ps->count);
    *ps = n;
    return 0;
}

static void pairs_add(struct pairs *ps, unsigned a, unsigned b)
{
    uint32_t key = ((uint32_t)a << 16 | b) + 1;
    if (ps->oom || ((ps->used + 1) * 2 > ps->cap && pairs_grow(ps) != 0)) {
        ps->oom = 1;
        return;
    }
    size_t i = pair_slot(ps, key);
    if (!ps->key[i]) {
        ps->key[i] = key;
        ps->used++;
    }
    ps->count[i]++;
}

static void pairs_free(struct pairs *ps)
{
    free(ps->key), free(ps->count);
    *ps = (struct pairs){ 0 };
}

struct pair_row {
    unsigned a, b;
    uint64_t n;
};

/* Most first; among equals, by a then b (the order of the dense matrix). */
static int pair_row_cmp(const void *x, const void *y)
{
    const struct pair_row *p = x, *q = y;
    if (p->n != q->n)
        return p->n > q->n ? -1 : 1;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return (p->b > q->b) - (p->b < q->b);
}

/* The pairs, sorted (pair_row_cmp), into *rows: their number, or
 * (size_t)-1 if memory ran out.  The table is freed. */
static size_t pairs_sorted(struct pairs *ps, struct pair_row **rows)
{
    size_t n = 0;
    *rows = ps->oom ? NULL : malloc((ps->used ? ps->used : 1) * sizeof **rows);
    for (size_t i = 0; *rows && i < ps->cap; i++)
        if (ps->key[i])
            (*rows)[n++] = (struct pair_row){ (ps->key[i] - 1) >> 16, (ps->key[i] - 1) & 0xFFFF,
                                              ps->count[i] };
    pairs_free(ps);
    if (!*rows)
        return (size_t)-1;
    qsort(*rows, n, sizeof **rows, pair_row_cmp);
    return n;
}

/* The transition matrix: from x to (the last row and column: no CSECT),
 * as a matrix for up to 12 CSECTs, else the pairs by count. */
static void csm_matrix(struct prof_report *r, const struct profile *p, const struct prof_opts *o,
                       const struct csm_view *v)
{
    size_t nc = p->ncsects + 1;
    int dense = nc <= TAB_MAX_COLS - 1;
    uint64_t *m = dense ? calloc(nc * nc, sizeof *m) : NULL, calls = 0, rets = 0, stores = 0;
    struct pairs ps = { 0 };
    if (dense && !m) {
        r->oom = 1;
        return;
    }
    for (size_t i = 0; i < v->n; i++) {
        const struct prof_tr *x = &v->tr[i];
        size_t f = x->from < p->ncsects ? x->from : p->ncsects;
        size_t to = x->to < p->ncsects ? x->to : p->ncsects;
        if (dense)
            m[f * nc + to]++;
        else
            pairs_add(&ps, (unsigned)f, (unsigned)to);
        calls += x->kind == 1;
        rets += x->kind == 2;
        stores += x->kind == 4;
    }
    char id[48];
    snprintf(id, sizeof id, "%s-matrix", v->id);
    struct table *t = new_table(r, id);
    if (!t) {
        free(m);
        pairs_free(&ps);
        return;
    }
    if (dense) {
        tab_title(t, "%s: the transition matrix (rows: the CSECT left; columns: the one entered)",
                  v->title);
        tab_col(t, "from", TAB_LEFT);
        for (size_t j = 0; j < nc; j++)
            tab_col(t, csect_name(p, j < p->ncsects ? (unsigned)j : PROF_NO_CSECT),
                    TAB_RIGHT | TAB_NUM);
        for (size_t i = 0; i < nc; i++) {
            size_t row = tab_row(t);
            tab_set(t, row, 0, "%s", csect_name(p, i < p->ncsects ? (unsigned)i : PROF_NO_CSECT));
            for (size_t j = 0; j < nc; j++)
                set_u64(t, row, (int)j + 1, m[i * nc + j]);
        }
    } else {
        tab_title(t, "%s: the transitions by count", v->title);
        tab_col(t, "from", TAB_LEFT);
        tab_col(t, "to", TAB_LEFT);
        tab_col(t, "count", TAB_RIGHT | TAB_NUM);
        struct pair_row *pr;
        size_t np = pairs_sorted(&ps, &pr), limit = o->top ? (size_t)o->top : SIZE_MAX;
        if (np == (size_t)-1)
            r->oom = 1, np = 0;
        for (size_t k = 0; k < np && k < limit; k++) {
            size_t row = tab_row(t);
            tab_set(t, row, 0, "%s", csect_name(p, pr[k].a < p->ncsects ? pr[k].a : PROF_NO_CSECT));
            tab_set(t, row, 1, "%s", csect_name(p, pr[k].b < p->ncsects ? pr[k].b : PROF_NO_CSECT));
            set_u64(t, row, 2, pr[k].n);
        }
        free(pr);
    }
    if (v->data)
        tab_note(t, "%zu data references to another CSECT or of another kind: %" PRIu64
                    " fetches, %" PRIu64 " stores%s", v->n, v->n - stores, stores,
                 p->csm_full ? "; the buffer filled (the monitor ended)" : "");
    else
        tab_note(t, "%zu transitions among %zu CSECTs: %" PRIu64 " calls, %" PRIu64 " returns, %"
                    PRIu64 " other branches%s", v->n, p->ncsects, calls, rets,
                 v->n - calls - rets, p->csm_full ? "; the buffer filled (the monitor ended)" : "");
    if (p->csm_method != PROF_CSM_MICROCODE)
        tab_note(t, "recorded by the interrupt service routine IMPPERI on %s: %" PRIu64
                    " program interruptions", p->csm_method == PROF_CSM_PER ?
                 "PER's successful branch" : "the CSECT event (CR9 bit 4)", p->csm_interrupts);
    free(m);
}

/*
 * The CSECTs used together (the seed: "referenced within a specified time
 * interval"): the run cut into intervals of o->interval cycles from the
 * first record; in each, the CSECT current at its start and every one
 * entered (or referred to) during it.  A table of the intervals' sets,
 * and how often each pair was used in the same interval.
 *
 * Bounds: the pairs are counted sparsely (struct pairs), and only in
 * intervals of at most CSM_PAIR_SET CSECTs (a bigger set says little of
 * which go together; a note counts those intervals), so the work is at
 * most CSM_PAIR_SET / 2 pairs per record.  A stretch of intervals with no
 * record is stepped over at once, not interval by interval; at most
 * CSM_INTERVAL_ROWS intervals are listed even with --top=0.
 */
#define CSM_PAIR_SET      64
#define CSM_INTERVAL_ROWS 100000

static void csm_concurrency(struct prof_report *r, const struct profile *p,
                            const struct prof_opts *o, const struct csm_view *v)
{
    uint64_t w = o->interval ? o->interval : 10000, t0 = v->tr[0].cycles;
    uint64_t end = p->cycles > v->tr[v->n - 1].cycles ? p->cycles : v->tr[v->n - 1].cycles;
    size_t nc = p->ncsects + 1;
    uint8_t *in = calloc(nc, 1);
    unsigned *set = malloc(nc * sizeof *set);
    struct pairs ps = { 0 };
    char id[48];
    snprintf(id, sizeof id, "%s-together", v->id);
    struct table *t = new_table(r, id);
    if (!in || !set || !t) {
        r->oom |= !in || !set;
        free(in), free(set);
        return;
    }
    tab_title(t, "%s: the CSECTs used together, in intervals of %" PRIu64 " cycles", v->title, w);
    tab_col(t, "interval", TAB_RIGHT | TAB_NUM);
    tab_col(t, "from cycle", TAB_RIGHT | TAB_NUM);
    tab_col(t, "CSECTs", TAB_RIGHT | TAB_NUM);
    tab_col(t, "used", TAB_LEFT);
    size_t k = 0, limit = o->top ? (size_t)o->top : SIZE_MAX, big = 0;
    if (limit > CSM_INTERVAL_ROWS)
        limit = CSM_INTERVAL_ROWS;
    if (end < t0)
        end = t0;
    uint64_t shown = 0, intervals = (end - t0) / w + 1;
    unsigned cur = v->data ? v->tr[0].to : v->tr[0].from;
    for (uint64_t i = 0; i < intervals;) {
        uint64_t a = t0 + i * w;        /* at most end: no overflow */
        size_t n = 0;
        unsigned c = cur < p->ncsects ? cur : p->ncsects;
        in[c] = 1, set[n++] = c;
        for (; k < v->n && (v->tr[k].cycles < a || v->tr[k].cycles - a < w); k++) {
            cur = v->tr[k].to;
            c = cur < p->ncsects ? cur : p->ncsects;
            if (!in[c])
                in[c] = 1, set[n++] = c;
        }
        if (n > CSM_PAIR_SET)
            big++;
        else
            for (size_t x = 0; x < n; x++)
                for (size_t y = 0; y < n; y++)
                    if (set[x] < set[y])
                        pairs_add(&ps, set[x], set[y]);
        if (shown < limit) {
            char names[1024] = "";
            size_t len = 0;
            for (size_t x = 0; x < n && len < sizeof names; x++)
                len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", x ? " " : "",
                                        csect_name(p, set[x] < p->ncsects ? set[x] : PROF_NO_CSECT));
            size_t row = tab_row(t);
            set_u64(t, row, 0, i);
            set_u64(t, row, 1, a);
            set_u64(t, row, 2, n);
            tab_set(t, row, 3, "%s", names);
            shown++;
        }
        for (size_t x = 0; x < n; x++)
            in[set[x]] = 0;
        /* the intervals up to the next record hold only the current CSECT */
        uint64_t same = k < v->n ? (v->tr[k].cycles - t0) / w - i - 1 : intervals - i - 1;
        c = cur < p->ncsects ? cur : p->ncsects;
        for (uint64_t j = 1; j <= same && shown < limit; j++, shown++) {
            size_t row = tab_row(t);
            set_u64(t, row, 0, i + j);
            set_u64(t, row, 1, t0 + (i + j) * w);
            set_u64(t, row, 2, 1);
            tab_set(t, row, 3, "%s", csect_name(p, c < p->ncsects ? c : PROF_NO_CSECT));
        }
        i += same + 1;
    }
    if (intervals > shown)
        tab_note(t, "(%" PRIu64 " more intervals not shown%s)", intervals - shown,
                 o->top && o->top <= CSM_INTERVAL_ROWS ? ": --top=0 shows all" : "");
    if (big)
        tab_note(t, "%zu intervals used more than %d CSECTs: their pairs are not counted below "
                    "(a shorter --interval counts them)", big, CSM_PAIR_SET);
    snprintf(id, sizeof id, "%s-together-pairs", v->id);
    struct table *m = new_table(r, id);
    struct pair_row *pr;
    size_t np = pairs_sorted(&ps, &pr);
    if (np == (size_t)-1)
        r->oom = 1, np = 0;
    if (m) {
        tab_title(m, "%s: pairs of CSECTs used in the same interval, by intervals", v->title);
        tab_col(m, "CSECT", TAB_LEFT);
        tab_col(m, "with", TAB_LEFT);
        tab_col(m, "intervals", TAB_RIGHT | TAB_NUM);
        for (size_t x = 0; x < np && x < (o->top ? (size_t)o->top : SIZE_MAX); x++) {
            size_t row = tab_row(m);
            tab_set(m, row, 0, "%s", csect_name(p, pr[x].a < p->ncsects ? pr[x].a : PROF_NO_CSECT));
            tab_set(m, row, 1, "%s", csect_name(p, pr[x].b < p->ncsects ? pr[x].b : PROF_NO_CSECT));
            set_u64(m, row, 2, pr[x].n);
        }
    }
    free(pr);
    free(in), free(set);
}

/* The records of view v: data or code, task (0: every task). */
static int csm_select(const struct profile *p, struct csm_view *v, int data, unsigned task)
{
    v->n = 0;
    v->data = data;
    v->tr = malloc((p->ntrs ? p->ntrs : 1) * sizeof *v->tr);
    if (!v->tr)
        return -1;
    for (size_t i = 0; i < p->ntrs; i++)
        if ((p->trs[i].kind >= 3) == (data != 0) && (!task || p->trs[i].task == task))
            v->tr[v->n++] = p->trs[i];
    const char *what = data ? "dsm" : "csm";
    if (task) {
        snprintf(v->id, sizeof v->id, "%s-task%u", what, task);
        snprintf(v->title, sizeof v->title, "%s task %u", what, task);
    } else {
        snprintf(v->id, sizeof v->id, "%s", what);
        snprintf(v->title, sizeof v->title, "%s", what);
    }
    return 0;
}

static void csm_sections(struct prof_report *r, const struct profile *p,
                         const struct prof_opts *o, const struct csm_view *v)
{
    if (v->n) {
        csm_string(r, p, o, v);
        csm_concurrency(r, p, o, v);
    }
    csm_matrix(r, p, o, v);
}

/* The code's transitions, then (ECSM's data flag) the data references;
 * with several tasks, each task's too. */
static void build_csm(struct prof_report *r, const struct profile *p, const struct prof_opts *o)
{
    unsigned tasks = 0;
    for (size_t i = 0; i < p->ntrs; i++)
        tasks |= p->trs[i].task < 32 ? 1u << p->trs[i].task : 0;
    int several = (tasks & (tasks - 1)) != 0;
    for (int data = 0; data < 2; data++) {
        struct csm_view v;
        if (csm_select(p, &v, data, 0) != 0) {
            r->oom = 1;
            return;
        }
        if (!data || v.n)
            csm_sections(r, p, o, &v);
        free(v.tr);
        for (unsigned t = 1; several && t < 32; t++) {
            if (!(tasks >> t & 1))
                continue;
            if (csm_select(p, &v, data, t) != 0) {
                r->oom = 1;
                return;
            }
            if (v.n)
                csm_sections(r, p, o, &v);
            free(v.tr);
        }
    }
}

/* ------------------------------------------------------------ overhead */

static void build_overhead(struct prof_report *r, const struct profile *p)
{
    struct table *t = new_table(r, "overhead");
    if (!t)
        return;
    tab_title(t, "overhead: the monitors' microcode (the probe effect), of %" PRIu64
                 " run cycles", p->cycles);
    tab_col(t, "monitor", TAB_LEFT);
    tab_col(t, "entries", TAB_RIGHT | TAB_NUM);
    tab_col(t, "cycles", TAB_RIGHT | TAB_NUM);
    tab_col(t, "microwords", TAB_RIGHT | TAB_NUM);
    tab_col(t, "% of run", TAB_RIGHT | TAB_NUM);
    tab_col(t, "cycles/entry", TAB_RIGHT | TAB_NUM);
    uint64_t all = 0, words = 0;
    int have_words = 1;
    for (int m = 0; m < PROF_NMON; m++) {
        if (!p->has_monitor[m])
            continue;
        size_t row = tab_row(t);
        tab_set(t, row, 0, "%s", prof_monitor_name(m));
        set_u64(t, row, 1, p->mon_entries[m]);
        set_u64(t, row, 2, p->mon_cycles[m]);
        if (p->has_mon_words[m])
            set_u64(t, row, 3, p->mon_words[m]);
        else
            tab_set(t, row, 3, "-");
        set_pct(t, row, 4, p->mon_cycles[m], p->cycles);
        set_ratio(t, row, 5, p->mon_cycles[m], p->mon_entries[m]);
        all += p->mon_cycles[m];
        words += p->mon_words[m];
        have_words &= p->has_mon_words[m];
    }
    if (t->nrows == 0) {
        tab_note(t, "no monitor records");
        return;
    }
    /* the program's own cost: the run's less the monitors' (the exact
       per-opcode table holds the program's cycles alone) */
    uint64_t prog = p->cycles >= all ? p->cycles - all : 0;
    size_t row = tab_row(t);
    tab_set(t, row, 0, "program");
    tab_set(t, row, 1, "-");
    set_u64(t, row, 2, prog);
    if (have_words && p->microwords >= words)
        set_u64(t, row, 3, p->microwords - words);
    else
        tab_set(t, row, 3, "-");
    set_pct(t, row, 4, prog, p->cycles);
    tab_set(t, row, 5, "-");
    tab_note(t, "all monitors: %" PRIu64 " cycles, %.2f%% of the run", all, pct(all, p->cycles));
    tab_note(t, "the run's cycles: %" PRIu64 " = %" PRIu64 " program + %" PRIu64 " monitors",
             p->cycles, prog, all);
}

/* ------------------------------------------------------------- the whole */

int report_present(const struct profile *p, enum prof_section sec)
{
    int any = 0;
    switch (sec) {
    case SEC_RUN: return 1;
    case SEC_IAS: return p->has_ias;
    case SEC_PCS: return p->has_pcs;
    case SEC_GLEAN: return p->has_glean;
    case SEC_CSM: return p->has_csm;
    case SEC_IIFM: return p->has_iifm;
    case SEC_OVERHEAD:
        for (int m = 0; m < PROF_NMON; m++)
            any |= p->has_monitor[m];
        return any;
    case SEC_COUNT: break;
    }
    return 0;
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
        switch ((enum prof_section)sec) {
        case SEC_RUN: build_run(r, p); break;
        case SEC_IAS: build_ias(r, p, s, o); break;
        case SEC_PCS: build_pcs_top(r, p, s, o); build_pcs_types(r, p, o); break;
        case SEC_GLEAN: build_glean(r, p, s, o); break;
        case SEC_CSM: build_csm(r, p, o); break;
        case SEC_IIFM: build_iifm(r, p, o); break;
        case SEC_OVERHEAD: build_overhead(r, p); break;
        case SEC_COUNT: break;
        }
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
    static const char *const names[] = {
#define X(e, name) name,
        PROF_SECTIONS(X)
#undef X
    };
    return (unsigned)sec < SEC_COUNT ? names[sec] : "?";
}
