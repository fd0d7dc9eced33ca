/*
 * section.h -- a monitor's section of the profile (imp-profile(5)) as
 * impprof handles it: one constant descriptor per section, one file
 * each (sec-NAME.c), listed once in vm/hpm/sections.def -- the rows
 * imprun writes its sections by.  The reader (profile.c) takes each
 * section's records from its descriptor, impprof's options and --help
 * its option, the report its tables (report.c): adding a monitor's
 * report is its file and its row.
 */
#ifndef IMP_IMPPROF_SECTION_H
#define IMP_IMPPROF_SECTION_H

#include "impprof.h"

struct reader;

/* The bars of a chart: a label and a value each. */
struct prof_bar {
    char label[112];
    uint64_t value;
};

struct prof_bars {
    struct prof_bar *v;
    size_t n;
    int oom;
};

/* A record of the section: its keyword, whether it comes at most once
 * (the section's header, first in the list), its parser (reader.h: it
 * reports its own errors and returns 0 or -1). */
struct prof_record {
    const char *name;
    int once;
    int (*parse)(struct reader *r);
};

struct prof_sec {
    const char *name;                       /* its header record, and --NAME */
    const char *help;                       /* its lines of impprof --help */
    const struct prof_record *records;      /* the header first; ended by a NULL name */
    int *(*has)(struct profile *p);         /* set once its header was read */
    /* after the last line: the counts its header announced against the
     * records that followed (NULL: nothing to check) */
    void (*check)(struct reader *r);
    /* its tables of the report, for a profile that has the section */
    void (*build)(struct prof_report *r, const struct profile *p, const struct prof_syms *s,
                  const struct prof_opts *o);
    /* its member of --json's "settings" object, "NAME": {...}, the
     * section's header as recorded (NULL: none) */
    void (*settings_json)(FILE *f, const struct profile *p);
    /* what --svg --plot=NAME draws (NULL: nothing): 1 if the profile has
     * the data; the bars and their title into b and title, 0, or -1 with
     * *why; its data named for the messages of a missing plot: "no ...",
     * "no ..." in a list, "it has ..." */
    int (*can_plot)(const struct profile *p);
    int (*plot)(struct prof_bars *b, char *title, size_t size, const struct profile *p,
                const struct prof_syms *s, const struct prof_opts *o, const char **why);
    const char *plot_none, *plot_none_also, *plot_have;
};

/* By enum prof_monitor_id (sections.def, in its order). */
extern const struct prof_sec *const prof_sections[PROF_NMON];

/* ---- what the sections' reports share (report.c) ---- */

/* The bars of --svg's chart (export.c draws them). */
void pr_bars_add(struct prof_bars *b, const char *label, uint64_t value);
/* Largest first, then by label. */
void pr_bars_sort(struct prof_bars *b);

/* A new table named name (its CSV and JSON name); NULL on no memory. */
struct table *pr_new_table(struct prof_report *r, const char *name);
double pr_pct(uint64_t num, uint64_t den);
/* "12.34" or "-" (no denominator). */
void pr_set_pct(struct table *t, size_t row, int col, uint64_t num, uint64_t den);
/* num/den with three decimals, as the reports write ratios. */
void pr_set_ratio(struct table *t, size_t row, int col, uint64_t num, uint64_t den);
void pr_set_u64(struct table *t, size_t row, int col, uint64_t v);
/* "1A" or "B2E6". */
const char *pr_opcode_text(char *buf, size_t size, unsigned opcode);

#endif
