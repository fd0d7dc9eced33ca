/*
 * impprof.h -- the parts of impprof: what the command line asks for
 * (struct prof_opts), the addresses labelled through the tasks' load
 * modules (struct prof_syms), the reports as tables (report.c) and the
 * other output forms (export.c).
 */
#ifndef IMP_IMPPROF_H
#define IMP_IMPPROF_H

#include <stdint.h>
#include <stdio.h>

#include "profile.h"
#include "symbols.h"
#include "table.h"

/* The report sections, in the order they are printed: the run, each
 * monitor's (vm/hpm/sections.def, its descriptor in section.h), the
 * monitors' own cost. */
enum prof_section {
    SEC_RUN,
    SEC_MONITOR,                    /* SEC_MONITOR + enum prof_monitor_id */
    SEC_OVERHEAD = SEC_MONITOR + PROF_NMON,
    SEC_COUNT
};

/* --all-blocks shows the empty blocks of windows of at most this many blocks. */
#define PROF_ALL_BLOCKS_MAX 65536u

struct prof_opts {
    unsigned sections;          /* 1 << enum prof_section; 0: all present */
    int all_blocks;             /* --all-blocks */
    uint64_t top;               /* --top (0: all) */
    unsigned window;            /* --window (1..) for --svg */
    uint64_t interval;          /* --interval: cycles of the CSECT concurrency intervals */
};

/* Where an address is, as text (empty strings when unknown). */
struct prof_where {
    char csect[96];             /* "MAIN+X'1A'" */
    char symbol[96];            /* "LOOP+X'4'" or "LOOP" */
    char fn[72];                /* the label, else the CSECT, else "" */
    char csect_name[72];        /* the CSECT alone */
    char line[96];              /* "sieve.s:12" */
    const char *file;           /* the source path, or NULL */
    int lineno;
    char source[80];            /* the source text, blanks squeezed, or "" */
};

struct prof_syms {
    struct symtab tab[PROF_MAX_TASKS + 1];
    int have[PROF_MAX_TASKS + 1];
    char dir[4096];             /* the profile's folder ("" if the current one) */
};

/* A symbol table for every task with a module (where.c); source lines
   may come from the profile's folder (and below).  A relative source name
   that cannot be read from the current folder is looked for in the
   profile's. */
void psym_init(struct prof_syms *s, const struct profile *p, const char *profile_path);
void psym_free(struct prof_syms *s);
/* Where addr of task (0: the task profile_task_module picks) is; with
   source 1 the text of the source line too (a file read: for the rows
   shown, not for every sample). */
void psym_where(const struct prof_syms *s, const struct profile *p, unsigned task,
                uint32_t addr, struct prof_where *w, int source);

/* The opcode (0xNN, 0xB2NN) of the instruction at addr (loaded) in task
   t's module (t may be NULL) or the profile's text records; -1 if neither
   holds text there. */
int prof_opcode_at(const struct profile *p, const struct prof_task *t, uint32_t addr,
                   unsigned *opcode);
/* The text record holding addr, or NULL. */
const struct prof_text *prof_text_at(const struct profile *p, uint32_t addr);
/* The mnemonic of an opcode (the instruction table's, "XREAD..." for the
   X'E0' family), "?" if none. */
const char *prof_op_name(unsigned opcode);

struct prof_report {
    struct table *tabs;
    size_t ntabs;
    int oom;
};

/* 1 if the profile holds the data of section sec (run: always). */
int report_present(const struct profile *p, enum prof_section sec);
/* The name of a section ("ias", ...). */
const char *report_section_name(enum prof_section sec);
/* The tables of the sections opts select (that the profile has). */
void report_build(struct prof_report *r, const struct profile *p, const struct prof_syms *s,
                  const struct prof_opts *o);
void report_free(struct prof_report *r);
void report_print_text(FILE *f, const struct prof_report *r);

/* export.c */
void export_csv(FILE *f, const struct prof_report *r);
void export_json(FILE *f, const struct profile *p, const struct prof_report *r);
/* The bar chart of plot (a section's name, section.h); -1 (with *why,
   naming the --plot the profile has data for) if the profile has no
   such data. */
int export_svg(FILE *f, const struct profile *p, const struct prof_syms *s,
               const struct prof_opts *o, const char *plot, const char **why);
/* What --svg draws without --plot: the first section with a plot (the
   table's order) that the profile has data for, else the first section
   with a plot. */
const char *export_svg_plot(const struct profile *p);
/* Does a section draw --plot=plot?  list: the names of those that do,
   "a, b or c", for a message. */
int export_plot_known(const char *plot, char *list, size_t size);
/* callgrind_annotate's input; -1 (with *why) without PCS or IAS data. */
int export_callgrind(FILE *f, const struct profile *p, const struct prof_syms *s,
                     const char *profile_path, const char **why);
int export_folded(FILE *f, const struct profile *p, const struct prof_syms *s,
                  const char **why);

#endif
