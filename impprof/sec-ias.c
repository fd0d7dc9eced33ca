/*
 * sec-ias.c -- instruction address sampling's section of the profile
 * (imp-profile(5): ias, window, count) and its report: a histogram of
 * each counting window's blocks, labelled through the task's module.
 */
#include "section.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "report.h"

/* ------------------------------------------------------------ the records */

static int rec_ias(struct reader *r)
{
    struct profile *p = r->p;
    r->sec_line[PROF_IAS] = r->lineno;
    return rd_kv_dec_in(r, "period", 1, UINT64_MAX, &p->ias_period) ||
           rd_kv_dec(r, "samples", &p->ias_samples) || rd_kv_dec(r, "wait", &p->ias_wait) ||
           rd_kv_dec(r, "windows", &r->sec_count[PROF_IAS]) || rd_end(r) ? -1 : 0;
}

static int rec_window(struct reader *r)
{
    struct profile *p = r->p;
    const char *s = r->cur + 1;
    uint64_t k;
    if (rd_pos_dec(r, "window number", 1, UINT32_MAX, &k) != 0)
        return -1;
    if (k != p->nwindows + 1)
        return rd_error_at(r, s, "window %llu out of order (expected window %zu)",
                           (unsigned long long)k, p->nwindows + 1);
    struct prof_window w = { .k = (unsigned)k };
    const char *hs, *v;
    uint64_t block;
    long n;
    if (rd_kv_hex(r, "low", 8, &w.low))
        return -1;
    hs = r->cur + 1;
    if (rd_kv_hex(r, "high", 8, &w.high))
        return -1;
    if (w.high <= w.low)
        return rd_error_at(r, hs, "high=%X is not above low=%X", (unsigned)w.high,
                           (unsigned)w.low);
    if (rd_kv_dec_in(r, "block", 1, UINT32_MAX, &block) || rd_kv_dec(r, "out", &w.out))
        return -1;
    w.block = (uint32_t)block;
    const char *ts = r->cur + 1;
    uint64_t task;
    if (rd_kv_dec_in(r, "task", 0, PROF_MAX_TASKS, &task))
        return -1;
    if (task && !p->tasks[task])
        return rd_error_at(r, ts, "task=%u: no such task", (unsigned)task);
    w.task = (unsigned)task;
    if ((n = rd_need_kv(r, "label", &v)) < 0)
        return -1;
    if (n == 0)
        return rd_error_at(r, v, "label: empty (write - for none)");
    if (rd_end(r))
        return -1;
    if (!(w.label = rd_dup_span(v, n)))
        return rd_nomem(r);
    struct prof_window *e = rd_grow(&p->windows, &p->nwindows, sizeof w);
    if (!e) {
        free(w.label);
        return rd_nomem(r);
    }
    *e = w;
    return 0;
}

/* The number of blocks of window w. */
static uint64_t window_blocks(const struct prof_window *w)
{
    return ((uint64_t)w->high - w->low + w->block - 1) / w->block;
}

static int rec_count(struct reader *r)
{
    struct profile *p = r->p;
    const char *s = r->cur + 1;
    uint64_t k, idx, n;
    if (rd_pos_dec(r, "window number", 1, UINT32_MAX, &k) != 0)
        return -1;
    if (k > p->nwindows)
        return rd_error_at(r, s, "window %llu: no such window (no window record before)",
                           (unsigned long long)k);
    struct prof_window *w = &p->windows[k - 1];
    s = r->cur + 1;
    if (rd_pos_dec(r, "block index", 0, window_blocks(w) - 1, &idx) != 0)
        return -1;
    if (w->nblocks && w->blocks[w->nblocks - 1].index >= idx)
        return rd_error_at(r, s, "block %llu: the blocks of a window come once each, in "
                                 "increasing order", (unsigned long long)idx);
    if (rd_pos_dec(r, "count", 1, UINT64_MAX, &n) != 0 || rd_end(r) != 0)
        return -1;
    struct prof_block *b = rd_grow(&w->blocks, &w->nblocks, sizeof *b);
    if (!b)
        return rd_nomem(r);
    b->index = idx;
    b->count = n;
    return 0;
}

static void check(struct reader *r)
{
    struct profile *p = r->p;
    if (r->sec_count[PROF_IAS] == p->nwindows)
        return;
    r->errors++;
    diag_report(r->d, DIAG_ERROR, r->name, r->sec_line[PROF_IAS], 0, NULL,
                "ias: windows=%llu but %zu window records follow",
                (unsigned long long)r->sec_count[PROF_IAS], p->nwindows);
}

/* ------------------------------------------------------------- the report */

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
    pr_set_u64(t, row, 0, idx);
    tab_set(t, row, 1, "%06" PRIX64 "-%06" PRIX64, lo, hi - 1);
    tab_set(t, row, 2, "%s", *where.csect ? where.csect : "?");
    tab_set(t, row, 3, "%s", where.symbol);
    tab_set(t, row, 4, "%s", where.line);
    pr_set_u64(t, row, 5, n);
    pr_set_pct(t, row, 6, n, total);
    tab_set(t, row, 7, "%s", b);
    tab_set(t, row, 8, "%s", where.source);
}

static void build_window(struct prof_report *r, const struct profile *p,
                         const struct prof_syms *s, const struct prof_opts *o,
                         const struct prof_window *w)
{
    char name[32];
    snprintf(name, sizeof name, "ias-window-%u", w->k);
    struct table *t = pr_new_table(r, name);
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
    /* The sampler's timer counts the program's cycles alone: it stands
       still while a monitor's microcode runs (imp(7)), so the samples
       cover the run's cycles less the monitors'. */
    double est = (double)p->ias_samples * (double)p->ias_period;
    uint64_t mon = profile_monitor_cycles(p);
    uint64_t prog = p->cycles >= mon ? p->cycles - mon : 0;
    if (prog && mon)
        tab_note(t, "check: samples x period = %.0f ~ %" PRIu64 " program cycles (%.2f%%): "
                 "the run's %" PRIu64 " less the monitors' %" PRIu64, est, prog,
                 100.0 * est / (double)prog, p->cycles, mon);
    else if (prog)
        tab_note(t, "check: samples x period = %.0f ~ %" PRIu64 " run cycles (%.2f%%)", est,
                 prog, 100.0 * est / (double)prog);
    else
        tab_note(t, "check: samples x period = %.0f (the run took no cycles)", est);
}

static void build_ias(struct prof_report *r, const struct profile *p, const struct prof_syms *s,
                      const struct prof_opts *o)
{
    for (size_t i = 0; i < p->nwindows; i++)
        build_window(r, p, s, o, &p->windows[i]);
    if (p->nwindows == 0) {
        struct table *t = pr_new_table(r, "ias");
        if (t) {
            tab_title(t, "ias: no windows");
            tab_note(t, "samples: %" PRIu64 ", one every %" PRIu64 " cycles; wait %" PRIu64,
                     p->ias_samples, p->ias_period, p->ias_wait);
        }
    }
}

/* Its member of --json's "settings": the header as it was recorded. */
static void settings_json(FILE *f, const struct profile *p)
{
    fprintf(f, "    \"ias\": {\"period\": %" PRIu64 ", \"samples\": %" PRIu64
               ", \"wait\": %" PRIu64 ", \"windows\": [", p->ias_period,
            p->ias_samples, p->ias_wait);
    for (size_t i = 0; i < p->nwindows; i++) {
        const struct prof_window *w = &p->windows[i];
        fprintf(f, "%s{\"window\": %u, \"low\": \"%06X\", \"high\": \"%06X\", "
                   "\"block\": %u, \"out\": %" PRIu64 ", \"task\": %u, \"label\": ",
                i ? ", " : "", w->k, (unsigned)w->low, (unsigned)w->high,
                (unsigned)w->block, w->out, w->task);
        json_quote(f, w->label);
        putc('}', f);
    }
    fputs("]}", f);
}

/* --svg: the blocks of the window --window names (1), every block with
 * --all-blocks (if the window has at most PROF_ALL_BLOCKS_MAX). */
static int can_plot(const struct profile *p) { return p->has_ias && p->nwindows; }

static int plot(struct prof_bars *b, char *title, size_t size, const struct profile *p,
                const struct prof_syms *s, const struct prof_opts *o, const char **why)
{
    unsigned k = o->window ? o->window : 1;
    if (k > p->nwindows)
        return *why = "--window: the profile has no such window", -1;
    const struct prof_window *w = &p->windows[k - 1];
    snprintf(title, size, "IAS window %u (%s): samples by block of %u bytes", k, w->label,
             (unsigned)w->block);
    uint64_t nb = ((uint64_t)w->high - w->low + w->block - 1) / w->block;
    int all = o->all_blocks && nb <= PROF_ALL_BLOCKS_MAX;
    size_t j = 0;
    for (uint64_t idx = 0; idx < nb && !b->oom; idx++) {
        uint64_t n = 0;
        if (j < w->nblocks && w->blocks[j].index == idx)
            n = w->blocks[j++].count;
        else if (!all)
            continue;
        uint32_t lo = (uint32_t)(w->low + idx * w->block);
        struct prof_where where;
        psym_where(s, p, w->task, lo, &where, 0);
        char label[112];
        snprintf(label, sizeof label, "%06X %s", (unsigned)lo,
                 *where.symbol ? where.symbol : where.csect);
        pr_bars_add(b, label, n);
    }
    return 0;
}

static int *has(struct profile *p) { return &p->has_ias; }

static const struct prof_record records[] = {
    { "ias", 1, rec_ias }, { "window", 0, rec_window }, { "count", 0, rec_count },
    { NULL, 0, NULL },
};

const struct prof_sec prof_sec_ias = {
    .name = "ias",
    .help = "  --ias                 instruction address sampling: a histogram per window\n",
    .records = records,
    .has = has,
    .settings_json = settings_json,
    .can_plot = can_plot,
    .plot = plot,
    .plot_none = "no IAS window",
    .plot_none_also = "no IAS window",
    .plot_have = "an IAS window",
    .check = check,
    .build = build_ias,
};
