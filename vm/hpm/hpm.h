/*
 * hpm.h -- the hardware performance monitors (HPMs) as the runner sets
 * them up: one constant descriptor per monitor (struct hpm_class, one
 * file each in this folder), listed once in hpm.def.  imprun's options
 * and --help, impmon's `monitor' command, its completion and `info
 * monitors', the summary after a run and the monitor data file
 * (imp-profile(5)) all loop over hpm_classes; nothing else names a
 * monitor.  HPM.md is the guide: how a descriptor meets its microcode,
 * its control block, its profile section and its views.
 *
 * A run with monitors goes through the descriptors in table order:
 *
 *   parse    a setting's argument into struct imprun_opts (the command
 *            line, or impmon's `monitor NAME SPEC')
 *   arm      lay out the control block and the areas in storage
 *            (hpm_take, below the program's region), as a guest would
 *   enable   once the areas have key 0: the enabling instruction
 *   summary  after the run: what it saw and what its microcode cost
 *   profile  its section of the monitor data file
 *   off      forget its settings
 *
 * Each is optional but on: a monitor with nothing to lay out has no
 * arm.  A descriptor never prints a diagnostic itself: it hands it to
 * the run's sink (run_say), by the setting's name.
 *
 * At any moment of a run, `view' writes what the monitor has seen so
 * far into a box of text (struct hpm_view) without changing the
 * machine: impmon draws it as the monitor's pane, live while the
 * program runs, and prints it for its `view' command.
 */
#ifndef IMP_VM_HPM_H
#define IMP_VM_HPM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "run.h"

/* One setting of a monitor: an imprun option --NAME[=ARG], impmon's
 * `monitor NAME [ARG]'. */
struct hpm_setting {
    const char *name;
    const char *arg;            /* the argument's form ("CYCLES"); "" takes none */
    int optional;               /* the argument may be left out (--pcs) */
    const char *help;           /* one line, for --help and the manual */
    /* spec into o (spec NULL: none given): 0, or -1 with the reason in
     * err, without the setting's name (the front end adds it) */
    int (*parse)(struct imprun_opts *o, const char *spec, char *err, size_t errsize);
    /* what is set now, for impmon's reply ("ias: a sample every ...") */
    void (*said)(const struct imprun_opts *o, const char *spec, char *buf, size_t size);
};

/* A box of text a monitor's view is written into: rows lines of at
 * most cols characters (longer ones are cut).  line gets each line, its
 * row and whether it is a heading (bold on the screen). */
struct hpm_view {
    int rows, cols;
    int used;                   /* lines written so far */
    void *ctx;
    void (*line)(void *ctx, int row, int heading, const char *text);
};

struct hpm_class {
    const char *name;           /* its name everywhere: `monitor off NAME', info, the guide */
    const char *what;           /* one line: what it measures */
    int hw;                     /* its counters in the machine (enum vm_hpm), or -1 */
    const struct hpm_setting *settings;     /* ended by a row without a name */
    /* bytes it keeps at the very top of storage, out of the program's
     * region and of the monitors' area (0: none) */
    uint32_t (*reserve)(const struct imprun_opts *o);
    void (*defaults)(struct imprun_opts *o);       /* its settings before any is given */
    int (*on)(const struct imprun_opts *o);
    void (*off)(struct imprun_opts *o);
    int (*arm)(struct run *r, uint32_t floor);      /* 0, or -1 after a message */
    int (*enable)(struct run *r);                   /* 0, or -1 after a message */
    void (*summary)(FILE *f, struct run *r);
    void (*profile)(FILE *f, struct run *r);
    void (*release)(struct run *r);                 /* what arm allocated */
    /* its state in the machine now, for impmon's `info monitors' (NULL:
     * the machine's counters of hw, hpm_info) */
    void (*info)(FILE *f, struct vm *vm);
    /* what it has seen so far, fitted to v, reading the machine without
     * changing it (impmon's pane; NULL: none) */
    void (*view)(struct hpm_view *v, struct run *r);
    /* armed now, or has it counted in this run -- by a setting or by the
     * program's own instructions? (NULL: on, or its machine counters
     * say so; hpm_shown) */
    int (*seen)(struct run *r);
};

/* The table (hpm.def, in its order), ended by NULL. */
extern const struct hpm_class *const hpm_classes[];
/* A monitor by name, a setting by name (and its monitor); NULL if none. */
const struct hpm_class *hpm_find(const char *name);
const struct hpm_setting *hpm_setting_find(const char *name, const struct hpm_class **cls);
/* The word of settings of monitor c (its row of the table). */
uint64_t *hpm_word(struct imprun_opts *o, const struct hpm_class *c);
uint64_t hpm_word_of(const struct imprun_opts *o, const struct hpm_class *c);
/* Is any monitor with a summary on? */
int hpm_any_on(const struct imprun_opts *o);
/* Each monitor's line (or lines) of impmon's `info monitors'. */
void hpm_info(FILE *f, struct vm *vm);
/* Every monitor's defaults into o. */
void hpm_defaults(struct imprun_opts *o);
/* The monitors' settings for --help: "  --NAME=ARG, --NAME2=ARG  what\n"
 * each, and each setting's help below. */
void hpm_usage(FILE *f);
/* The storage below what the monitors reserve at its top (size if none). */
uint32_t hpm_top(const struct imprun_opts *o, uint32_t size);

/* ---- what the descriptors share (area.c) ---- */

#define HPM_MAX_AREA (12u << 20)    /* bytes the monitors may take from storage: the
                                       largest CSECT buffer (8 MiB) and the rest */
void hpm_put32(uint8_t *p, uint32_t v);
uint32_t hpm_get32(struct vm *vm, uint32_t a);
void hpm_zero(struct vm *vm, uint32_t a, uint32_t n);
/* n bytes (8-aligned) below the monitors' area, above floor; 0 if
 * storage ran out. */
uint32_t hpm_take(struct run *r, uint32_t n, uint32_t floor);
/* What the enabling instruction `insn' does with the block at ea; 0, or
 * -1 after a message about setting. */
int hpm_enable_op(struct run *r, const char *insn, uint32_t ea, const char *setting);
double hpm_pct(uint64_t a, uint64_t b);
/* "NAME: the monitor's microcode: C cycles in E entries, P% of the run's" */
void hpm_cost(FILE *f, const char *name, struct vm *vm, int hw);

/* ---- the live views (view.c) ---- */

/* Does monitor c have a view to show in run r: on by a setting, or by
 * the program (its seen hook, or its machine counters)? */
int hpm_shown(const struct hpm_class *c, struct run *r);
/* The next line of v (nothing once v is full); heading: a title line. */
void hpm_view_put(struct hpm_view *v, int heading, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int hpm_view_left(const struct hpm_view *v);    /* the lines still free */
/* A bar of '#' of n against the largest, max, in width characters. */
void hpm_view_bar(char *buf, size_t size, uint64_t n, uint64_t max, int width);
/* "microcode: C cycles in E entries, P% of the run's" (hw: enum vm_hpm) */
void hpm_view_cost(struct hpm_view *v, struct vm *vm, int hw);
/* Address a of task (1, ...) as the program names it: a label
 * ("ADDUP"), a label or CSECT and an offset ("LOOP+X'1C'"), or in hex. */
void hpm_label(const struct run *r, unsigned task, uint32_t a, char *buf, size_t size);
/* The CSECT holding a in task's program, or NULL. */
const char *hpm_csect_of(const struct run *r, unsigned task, uint32_t a);

/* ---- WHERE: a window or a range in the program (where.c) ---- */

/* program, a CSECT or label, or FROM:TO (names or hex addresses, TO not
 * in it), in the loaded program of s: [lo, hi); 0, or -1 (not found), -2 (TO below
 * FROM), -3 (TO is FROM). */
int hpm_where(const struct symtab *s, const char *where, uint32_t *lo, uint32_t *hi);
/* The message for hpm_where's failure rc, through the run's sink. */
void hpm_where_say(const struct run *r, const char *setting, const char *value, int rc,
                   const struct symtab *s);
/* A CSECT's or a label's address moved by the load delta. */
uint32_t hpm_loaded(const struct symtab *s, uint32_t a);

#endif
