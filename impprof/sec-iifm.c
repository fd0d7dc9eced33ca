/*
 * sec-iifm.c -- instruction frequency monitoring's section of the
 * profile (imp-profile(5): iifm, freq) and its report: the counters, and
 * the time-sliced frequency table beside the exact counts of the opcodes
 * the compare register matches.
 */
#include "section.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "reader.h"
#include "vm.h"

/* ------------------------------------------------------------ the records */

static int iifm_flags(struct reader *r, const char *v, long n, unsigned *out)
{
    static const char *const names[] = { "problem", "supervisor", "slice", "table" };
    *out = 0;
    if (n == 1 && *v == '-')
        return 0;
    const char *e = v + n;
    while (v <= e) {
        const char *c = memchr(v, ',', (size_t)(e - v));
        long len = (c ? c : e) - v;
        int k;
        for (k = 0; k < 4; k++)
            if (strlen(names[k]) == (size_t)len && !memcmp(v, names[k], len))
                break;
        if (k == 4)
            return rd_error_at(r, v, "flags: '%.*s' is none of problem, supervisor, slice, table",
                               (int)(len > 24 ? 24 : len), v);
        *out |= 1u << k;
        v += len + 1;
    }
    return 0;
}

static int rec_iifm(struct reader *r)
{
    struct profile *p = r->p;
    const char *v;
    long n;
    uint32_t pat, dc;
    if (rd_kv_hex(r, "pattern", 4, &pat) || rd_kv_hex(r, "dontcare", 4, &dc) ||
        (n = rd_need_kv(r, "flags", &v)) < 0 || iifm_flags(r, v, n, &p->iifm_flags) ||
        rd_kv_dec(r, "slice", &p->iifm_slice) || rd_kv_dec(r, "count", &p->iifm_count) ||
        rd_kv_dec(r, "cycles", &p->iifm_cycles))
        return -1;
    /* time slicing: the slices and their program cycles (optional: a
       profile written before them has none) */
    if (r->cur < r->eol) {
        if (rd_kv_dec(r, "slices", &p->iifm_slices) || rd_kv_dec(r, "sliced", &p->iifm_sliced))
            return -1;
        p->iifm_has_slices = 1;
    }
    p->iifm_pattern = pat;
    p->iifm_dontcare = dc;
    return rd_end(r);
}

static int rec_freq(struct reader *r) { return rd_op_record(r, &r->p->freq, &r->p->nfreq, "freq"); }

/* ------------------------------------------------------------- the report */

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

/* Does the IIFM compare register of p match opcode (0xNN, 0xB2NN)? */
static int iifm_matches(const struct profile *p, unsigned opcode)
{
    return ((opcode ^ p->iifm_pattern) & ~p->iifm_dontcare & 0xFFFFu) == 0;
}

/* The opcode of decode index d: 0xNN or 0xB2NN. */
static unsigned opcode_of_index(unsigned d) { return d < 256 ? d : 0xB200u | (d - 256); }

/* "04 SPM": decode index d's opcode and mnemonic. */
static const char *step_text(char *buf, size_t size, unsigned d)
{
    char code[8];
    const struct isa_insn *in = d < 256 ? isa_by_opcode((uint8_t)d, 0)
                                        : isa_by_opcode(0xB2, (uint8_t)(d - 256));
    snprintf(buf, size, "%s %s", pr_opcode_text(code, sizeof code, opcode_of_index(d)),
             in ? in->name : "?");
    return buf;
}

/* Time slicing: what the slices covered (imprun's report says the same):
 * how many, how far in the opcodes the pattern selects (vm_iifm_steps),
 * and the opcodes that ran, by the exact counts, and had no slice. */
static void slice_notes(struct table *f, const struct profile *p)
{
    unsigned steps[512];
    int k = vm_iifm_steps(p->iifm_pattern, p->iifm_dontcare, steps);
    uint64_t s = p->iifm_slices;
    if (k == 0 || s == 0)
        return;
    tab_note(f, "the slices: %" PRIu64 " of %" PRIu64 " program cycles over %" PRIu64
                "; a round of the %d opcodes the pattern selects is %d slices", s, p->iifm_slice,
             p->iifm_sliced, k, k);
    if (s >= (uint64_t)k) {
        tab_note(f, "they went round %" PRIu64 " time%s: each opcode had %" PRIu64 "%s",
                 s / (uint64_t)k, s / (uint64_t)k == 1 ? "" : "s", s / (uint64_t)k,
                 s % (uint64_t)k ? " or 1 more" : "");
        return;
    }
    char a[24], b[24], c[24];
    tab_note(f, "they reached the first %" PRIu64 " (%s to %s); the other %" PRIu64
                ", from %s on, had none", s, step_text(a, sizeof a, steps[0]),
             step_text(b, sizeof b, steps[s - 1]), (uint64_t)k - s,
             step_text(c, sizeof c, steps[s]));
    char list[1024] = "";
    size_t used = 0;
    int missed = 0;
    for (int i = (int)s; i < k; i++) {
        const struct prof_op *e = exact_of(p, opcode_of_index(steps[i]));
        if (!e || !e->count)
            continue;
        missed++;
        if (used + strlen(e->mnemonic) + 2 < sizeof list)
            used += (size_t)snprintf(list + used, sizeof list - used, " %s", e->mnemonic);
    }
    if (missed)
        tab_note(f, "no slice for %d opcode%s that ran (share unknown, not 0):%s", missed,
                 missed == 1 ? "" : "s", list);
}

static void build_iifm(struct prof_report *r, const struct profile *p, const struct prof_syms *s,
                       const struct prof_opts *o)
{
    struct table *t = pr_new_table(r, "iifm");
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
    pr_set_u64(t, row, 3, p->iifm_slice);
    pr_set_u64(t, row, 4, p->iifm_count);
    pr_set_u64(t, row, 5, p->iifm_cycles);
    pr_set_ratio(t, row, 6, p->iifm_cycles, p->iifm_count);
    if ((p->iifm_flags & PROF_IIFM_SLICE) && p->iifm_has_slices)
        slice_notes(t, p);
    if (p->nfreq == 0)
        return;

    struct table *f = pr_new_table(r, "iifm-freq");
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
    /* the exact counts of the same subset: the opcodes the compare
       register matches (pattern, don't-care bits), not the whole run */
    uint64_t exact_total = 0;
    for (size_t i = 0; i < p->nexact; i++)
        if (iifm_matches(p, p->exact[i].opcode))
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
        tab_set(f, row, 0, "%s", pr_opcode_text(code, sizeof code, v[i].opcode));
        tab_set(f, row, 1, "%s", v[i].mnemonic);
        pr_set_u64(f, row, 2, v[i].count);
        pr_set_pct(f, row, 3, v[i].count, total);
        pr_set_u64(f, row, 4, v[i].cycles);
        pr_set_ratio(f, row, 5, v[i].cycles, v[i].count);
        const struct prof_op *e = exact_of(p, v[i].opcode);
        if (p->nexact && exact_total && total) {
            uint64_t ec = e ? e->count : 0;
            pr_set_u64(f, row, 6, ec);
            pr_set_pct(f, row, 7, ec, exact_total);
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

/* Its member of --json's "settings": the header as it was recorded. */
static void settings_json(FILE *f, const struct profile *p)
{
    fprintf(f, "    \"iifm\": {\"pattern\": \"%04X\", \"dontcare\": \"%04X\", "
               "\"problem\": %s, \"supervisor\": %s, \"sliced\": %s, \"slice\": %" PRIu64
               ", \"count\": %" PRIu64 ", \"cycles\": %" PRIu64 "}", p->iifm_pattern,
            p->iifm_dontcare, p->iifm_flags & PROF_IIFM_PROBLEM ? "true" : "false",
            p->iifm_flags & PROF_IIFM_SUPERVISOR ? "true" : "false",
            p->iifm_flags & PROF_IIFM_SLICE ? "true" : "false", p->iifm_slice,
            p->iifm_count, p->iifm_cycles);
}

/* --svg: the time-sliced table by opcode, the largest first (--top). */
static int can_plot(const struct profile *p) { return p->has_iifm && p->nfreq; }

static int plot(struct prof_bars *b, char *title, size_t size, const struct profile *p,
                const struct prof_syms *s, const struct prof_opts *o, const char **why)
{
    snprintf(title, size, "IIFM: instructions by opcode (time-sliced table)");
    for (size_t i = 0; i < p->nfreq && !b->oom; i++) {
        char label[112];
        snprintf(label, sizeof label, p->freq[i].opcode > 0xFF ? "%04X %s" : "%02X %s",
                 p->freq[i].opcode, p->freq[i].mnemonic);
        pr_bars_add(b, label, p->freq[i].count);
    }
    pr_bars_sort(b);
    if (o->top && b->n > o->top)
        b->n = (size_t)o->top;
    return 0;
}

static int *has(struct profile *p) { return &p->has_iifm; }

static const struct prof_record records[] = {
    { "iifm", 1, rec_iifm }, { "freq", 0, rec_freq },
    { NULL, 0, NULL },
};

const struct prof_sec prof_sec_iifm = {
    .name = "iifm",
    .help = "  --iifm                the instruction frequency monitor's counters and table\n",
    .records = records,
    .has = has,
    .settings_json = settings_json,
    .can_plot = can_plot,
    .plot = plot,
    .plot_none = "no IIFM frequency table",
    .plot_none_also = "no IIFM table",
    .plot_have = "an IIFM table",
    .build = build_iifm,
};
