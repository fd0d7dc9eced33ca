/*
 * profile.h -- the monitor data file of a run (imp-profile(5)), written
 * by imprun --profile=FILE and read here into struct profile.
 *
 *   IMPPROF 1
 *   run status=EXIT cycles=N instructions=N microwords=N
 *   task ID cycles=N instructions=N name=NAME       one per task, 1..16
 *   module ID                                        then the task's load
 *   IMPLOAD 1 ... END                                module, verbatim
 *   exact OPCODE MNEMONIC COUNT CYCLES               the machine's counts
 *   monitor NAME entries=N cycles=N                  the probe effect
 *   ias ... / window ... / count K INDEX N           instruction address sampling
 *   pcs ... / sample TASK ADDR N                     PC sampling
 *   glean ... / rec SEQ K=V ...                      gleaned records
 *   iifm ... / freq OPCODE MNEMONIC COUNT CYCLES     instruction frequency
 *   per ... / check KEY COUNT CYCLES                 PER's firmware checks
 *   end
 *
 * The reader is a pure library: it reports through a struct diag as
 * FILE:LINE:COL: error: ... and returns a status; it never prints
 * otherwise and never exits.  Everything it accepts is checked: record
 * order, every field's syntax and range, ids that exist, the counts a
 * header announces.
 */
#ifndef IMP_VM_PROFILE_H
#define IMP_VM_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "obj.h"

#define PROF_MAX_TASKS 16
#define PROF_FILE_LIMIT (256u << 20)    /* largest profile read */

/* The monitors of the format, in the order of their sections: the
 * table imprun's monitors write by (vm/hpm/sections.def). */
enum prof_monitor_id {
#define HPM_SECTION(e, name) e,
#include "../vm/hpm/sections.def"
#undef HPM_SECTION
    PROF_NMON
};
const char *prof_monitor_name(enum prof_monitor_id m);

/* The fields a glean record may hold: bit, key. */
#define PROF_GLEAN_KEYS(X) X(GK_IA, "ia") X(GK_PSW, "psw") X(GK_GR, "gr") X(GK_OP, "op") \
    X(GK_CYCLES, "cycles") X(GK_TASK, "task") X(GK_PAGEINS, "pageins") X(GK_CR, "cr") \
    X(GK_TIMER, "timer") X(GK_KEY, "key") X(GK_UADDR, "uaddr") X(GK_BURST, "burst")

enum prof_glean_key {
#define X(e, key) e,
    PROF_GLEAN_KEYS(X)
#undef X
    GK_COUNT
};
const char *prof_glean_key_name(enum prof_glean_key k);

struct prof_task {
    unsigned id;                    /* 1..16 */
    uint64_t cycles, instructions;
    char *name;                     /* the program's file name */
    int has_module;
    struct obj_module module;       /* valid if has_module */
    int module_line;                /* line of its IMPLOAD header in the profile */
    int64_t delta;                  /* load address - link address (module delta=) */
};

/* A CSECT of the CSECT monitor's table (csect K LOW HIGH NAME). */
struct prof_csect { uint32_t low, high; char name[64]; };
/* A transition (tr FROM TO KIND TASK CYCLES); PROF_NO_CSECT: none. */
#define PROF_NO_CSECT 0xFFFFu
struct prof_tr { unsigned from, to, kind, task; uint64_t cycles; };

/* Code no module holds that the machine ran (the runner's nucleus):
 * text NAME ADDR HEX. */
struct prof_text {
    char name[64];
    uint32_t addr;
    uint8_t *bytes;
    size_t len;
};

/* An opcode with counts: an exact record or a freq record. */
struct prof_op {
    unsigned opcode;                /* 0xNN or 0xNNNN */
    char mnemonic[16];
    uint64_t count, cycles;
};

/* A kind of PER's firmware checks: how many were made, what one costs. */
struct prof_check { char key[16]; uint64_t count, cycles; };

struct prof_block { uint64_t index, count; };

struct prof_window {
    unsigned k;                     /* 1.. */
    uint32_t low, high, block;      /* [low, high), blocks of block bytes */
    uint64_t out;                   /* samples of the window's task outside it */
    unsigned task;                  /* 0: every task */
    char *label;                    /* "-" if none */
    struct prof_block *blocks;      /* counts > 0, by increasing index */
    size_t nblocks;
};

struct prof_sample { unsigned task; uint32_t addr; uint64_t count; };

struct prof_rec {
    uint64_t seq;
    unsigned has;                   /* 1 << enum prof_glean_key: keys present */
    uint32_t ia;
    uint32_t psw[2];
    uint32_t gr[16];
    unsigned op;
    uint64_t cycles, pageins, burst;
    unsigned task;
    uint32_t cr[16];
    uint32_t timer, key, uaddr;
};

/* How the CSECT transitions were recorded (imprun --csm[=N][,per|,csm]):
 * the microcode-only monitor, or the PER interrupt service routine on
 * every successful branch or on IMP's CSECT event. */
enum { PROF_CSM_MICROCODE, PROF_CSM_PER, PROF_CSM_ISR, PROF_CSM_NMETHODS };
extern const char *const prof_csm_methods[PROF_CSM_NMETHODS];   /* "microcode", "per", "csm" */

struct profile {
    /* run */
    char status[32];
    uint64_t cycles, instructions, microwords;
    struct prof_task *tasks[PROF_MAX_TASKS + 1];    /* by id; NULL if absent */
    struct prof_text *texts; size_t ntexts;
    struct prof_op *exact; size_t nexact;
    /* monitor overhead, by enum prof_monitor_id */
    int has_monitor[PROF_NMON];
    uint64_t mon_entries[PROF_NMON], mon_cycles[PROF_NMON];
    uint64_t mon_words[PROF_NMON];      /* its microwords (has_mon_words: the record gave them) */
    int has_mon_words[PROF_NMON];

    int has_ias;
    uint64_t ias_period, ias_samples, ias_wait;
    struct prof_window *windows; size_t nwindows;

    int has_pcs;
    uint64_t pcs_rate, pcs_ticks, pcs_lost, pcs_slots, pcs_used;
    struct prof_sample *samples; size_t nsamples;

    int has_glean;
    unsigned glean_info;            /* keys of info=, as 1 << enum prof_glean_key */
    uint64_t glean_every, glean_n, glean_size, glean_records;
    int glean_insns;                /* unit=insns (else cycles) */
    int glean_full;
    struct prof_rec *recs; size_t nrecs;

    int has_csm;                    /* the CSECT monitor: its table, its transitions */
    uint64_t csm_ncsects, csm_records;
    int csm_full;
    int csm_method;                     /* PROF_CSM_*: how the transitions were recorded */
    uint64_t csm_interrupts;            /* ... the PER interruptions that took (per, csm) */
    struct prof_csect *csects; size_t ncsects;
    struct prof_tr *trs; size_t ntrs;

    int has_iifm;
    unsigned iifm_pattern, iifm_dontcare;
    unsigned iifm_flags;            /* PROF_IIFM_* */
    uint64_t iifm_slice, iifm_count, iifm_cycles;
    int iifm_has_slices;            /* the record gave slices= and sliced= */
    uint64_t iifm_slices, iifm_sliced;  /* slices begun, program cycles they covered */
    struct prof_op *freq; size_t nfreq;

    int has_per;                    /* PER as a watchpoint (imprun --per) */
    uint32_t per_cr9, per_low, per_high;
    uint64_t per_interrupts, per_cycles;    /* the checks' cycles, all kinds */
    struct prof_check *checks; size_t nchecks;
};

enum { PROF_IIFM_PROBLEM = 1, PROF_IIFM_SUPERVISOR = 2, PROF_IIFM_SLICE = 4,
       PROF_IIFM_TABLE = 8 };            /* every opcode's counts in the table */

/*
 * Read the profile text[0..len) (name for messages).  0 with *p filled,
 * or -1 after reporting every error through d (*p then empty).  Never
 * reads outside the buffer; the text need not end in a newline or a NUL.
 */
int profile_parse(struct profile *p, const char *name, const char *text, size_t len,
                  struct diag *d);
/* Read the file at path: as profile_parse, also for an unreadable file. */
int profile_read(struct profile *p, const char *path, struct diag *d);
void profile_free(struct profile *p);

/* The task whose module labels addresses of task id (0: the only task,
   or task 1); NULL if none has a module. */
const struct prof_task *profile_task_module(const struct profile *p, unsigned id);

/* The cycles of every monitor's records (their microcode, PER's checks):
   the run's cycles less these are the program's, which the monitors'
   timers count. */
uint64_t profile_monitor_cycles(const struct profile *p);

#endif
