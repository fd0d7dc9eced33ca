/*
 * sec-per.c -- program-event recording's section of the profile
 * (imp-profile(5): per, check KEY COUNT CYCLES), written when imprun
 * armed PER as a watchpoint (--per), and its report: what was armed, and
 * the firmware's checks PER cost (imp(7), "What PER costs") -- the
 * cycles of the per row of the overhead table, by kind of check.
 */
#include "section.h"

#include <inttypes.h>
#include <string.h>

#include "reader.h"

/* ------------------------------------------------------------ the records */

static int rec_per(struct reader *r)
{
    struct profile *p = r->p;
    r->sec_line[PROF_PER] = r->lineno;
    return rd_kv_hex(r, "cr9", 8, &p->per_cr9) || rd_kv_hex(r, "low", 6, &p->per_low) ||
           rd_kv_hex(r, "high", 6, &p->per_high) ||
           rd_kv_dec(r, "interrupts", &p->per_interrupts) ||
           rd_kv_dec_in(r, "checks", 0, 64, &r->sec_count[PROF_PER]) ||
           rd_kv_dec(r, "cycles", &p->per_cycles) || rd_end(r) ? -1 : 0;
}

static int rec_check(struct reader *r)
{
    struct prof_check c;
    const char *at = r->cur;
    if (rd_pos_token(r, "check's kind", c.key, sizeof c.key) ||
        rd_pos_dec(r, "check's count", 0, UINT64_MAX, &c.count) ||
        rd_pos_dec(r, "check's cycles", 0, 1000, &c.cycles) || rd_end(r))
        return -1;
    for (size_t i = 0; i < r->p->nchecks; i++)
        if (!strcmp(r->p->checks[i].key, c.key))
            return rd_error_at(r, at, "check %s given twice", c.key);
    struct prof_check *e = rd_grow(&r->p->checks, &r->p->nchecks, sizeof c);
    if (!e)
        return rd_nomem(r);
    *e = c;
    return 0;
}

/* The header's count of check records, and its cycles: each kind's count
 * times its cost, summed. */
static void check(struct reader *r)
{
    struct profile *p = r->p;
    uint64_t sum = 0;
    for (size_t i = 0; i < p->nchecks; i++)
        sum += p->checks[i].count * p->checks[i].cycles;
    if (r->sec_count[PROF_PER] != p->nchecks) {
        r->errors++;
        diag_report(r->d, DIAG_ERROR, r->name, r->sec_line[PROF_PER], 0, NULL,
                    "per: checks=%llu but %zu check records follow",
                    (unsigned long long)r->sec_count[PROF_PER], p->nchecks);
    } else if (sum != p->per_cycles) {
        r->errors++;
        diag_report(r->d, DIAG_ERROR, r->name, r->sec_line[PROF_PER], 0, NULL,
                    "per: cycles=%llu but the check records sum to %llu",
                    (unsigned long long)p->per_cycles, (unsigned long long)sum);
    }
}

/* ------------------------------------------------------------- the report */

static void build_per(struct prof_report *r, const struct profile *p, const struct prof_syms *s,
                      const struct prof_opts *o)
{
    (void)s;
    (void)o;
    struct table *t = pr_new_table(r, "per");
    if (!t)
        return;
    tab_title(t, "per: program-event recording as a watchpoint");
    tab_col(t, "CR9", TAB_LEFT);
    tab_col(t, "low", TAB_LEFT);
    tab_col(t, "high", TAB_LEFT);
    tab_col(t, "interruptions", TAB_RIGHT | TAB_NUM);
    size_t row = tab_row(t);
    tab_set(t, row, 0, "%08" PRIX32, p->per_cr9);
    tab_set(t, row, 1, "%06" PRIX32, p->per_low);
    tab_set(t, row, 2, "%06" PRIX32, p->per_high);
    pr_set_u64(t, row, 3, p->per_interrupts);

    struct table *c = pr_new_table(r, "per-checks");
    if (!c)
        return;
    tab_title(c, "per: the firmware's checks (what PER costs: none of the program's cycles)");
    tab_col(c, "check", TAB_LEFT);
    tab_col(c, "count", TAB_RIGHT | TAB_NUM);
    tab_col(c, "each", TAB_RIGHT | TAB_NUM);
    tab_col(c, "cycles", TAB_RIGHT | TAB_NUM);
    tab_col(c, "% of run", TAB_RIGHT | TAB_NUM);
    for (size_t i = 0; i < p->nchecks; i++) {
        const struct prof_check *k = &p->checks[i];
        row = tab_row(c);
        tab_set(c, row, 0, "%s", k->key);
        pr_set_u64(c, row, 1, k->count);
        pr_set_u64(c, row, 2, k->cycles);
        pr_set_u64(c, row, 3, k->count * k->cycles);
        pr_set_pct(c, row, 4, k->count * k->cycles, p->cycles);
    }
    if (p->nchecks == 0)
        tab_note(c, "no check was made (PER was never enabled)");
    tab_note(c, "all checks: %" PRIu64 " cycles, %.2f%% of the run's %" PRIu64, p->per_cycles,
             pr_pct(p->per_cycles, p->cycles), p->cycles);
}

/* Its member of --json's "settings": the header as it was recorded. */
static void settings_json(FILE *f, const struct profile *p)
{
    fprintf(f, "    \"per\": {\"cr9\": \"%08" PRIX32 "\", \"low\": \"%06" PRIX32 "\", \"high\": \"%06"
               PRIX32 "\", \"interrupts\": %" PRIu64 ", \"cycles\": %" PRIu64 "}", p->per_cr9,
            p->per_low, p->per_high, p->per_interrupts, p->per_cycles);
}

static int *has(struct profile *p) { return &p->has_per; }

static const struct prof_record records[] = {
    { "per", 1, rec_per }, { "check", 0, rec_check },
    { NULL, 0, NULL },
};

const struct prof_sec prof_sec_per = {
    .name = "per",
    .help = "  --per                 PER's firmware checks (imprun --per): their counts and cycles\n",
    .records = records,
    .has = has,
    .check = check,
    .settings_json = settings_json,
    .build = build_per,
};
