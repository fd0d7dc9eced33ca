/*
 * imprun.h -- the imprun program: its options and the one-step
 * assemble-and-link helper (build.c).  main.c parses the command
 * line into struct imprun_opts and runs the machine.
 */
#ifndef IMP_VM_IMPRUN_H
#define IMP_VM_IMPRUN_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include "vm.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

#define IMPRUN_MAX_DUMPS 16
#define IMPRUN_DEFAULT_CYCLES 2000000000ull     /* --max-cycles default */
#define IMPRUN_DEFAULT_STORAGE (1u << 20)       /* --storage default: 1M */
#define IMPRUN_MAX_REFS (16u << 20)             /* page references kept for OPT (64 MiB) */
/* paging defaults (imprun(1), "Tasks and paging") */
#define IMPRUN_PAGE_SIZE   4096u
#define IMPRUN_PAGE_IN     16000u               /* cycles: 1 ms of virtual time */
#define IMPRUN_PAGE_OUT    16000u
/* ASSIST's job limits (imprun(1), "Limits") */
#define IMPRUN_MAX_LINES   10000u
#define IMPRUN_MAX_PAGES   250u
#define IMPRUN_MAX_CARDS   10000u
#define IMPRUN_MAX_PUNCH   1000u

/* Low storage: the PSA and what imprun puts there for a load module
 * (imp(7), "The problem-state environment"; imprun(1), "Starting state"). */
#define IMPRUN_LOW_END    0x1000u   /* programs load at or above this */
#define IMPRUN_EXIT_STUB  0xF00u    /* GR14: SVC 3 (EXIT, RC = GR15); --supervisor:
                                       DIAG 15,0,X'000' */
#define IMPRUN_SAVE_AREA  0xF80u    /* --supervisor: GR13, a 72-byte save area */
#define IMPRUN_NUCLEUS    0x800u    /* the SVC new PSW's address: DIAG X'100'; LPSW X'20' */
#define IMPRUN_KEY        8u        /* the program's PSW key and storage key */
#define IMPRUN_SAVE_LEN   72u       /* the first save area, at the start of the region */
#define IMPRUN_IIFM_BLOCK 0xA00u    /* --iifm: the control block, in the nucleus's block */
#define IMPRUN_IIFM_RESULT 0xA20u   /* and its counters */
#define IMPRUN_UNKNOWN_SVC 0x0F0u   /* system completion code of an SVC with no service */
#define IMPRUN_FILL_GR   0xF4F4F4F4u /* --assist-fill: GR0-GR12 at the start, as ASSIST */
#define IMPRUN_FILL_BYTE 0xF5u       /* ... and storage the program does not load */
/* The guest runtime's code CSECTs (imprt.s), protected with key 0 when
 * they are linked last on a page of their own (the first one starts it). */
#define IMPRUN_RUNTIME_CODE(X) X("IMPCHECK") X("IMPDEC")
#define IMPRUN_RUNTIME_FIRST "IMPCHECK"

/* How --csm records the transitions (imprun(1) "Monitors"): the
 * microcode-only monitor (ECSM), or the runtime's interrupt service
 * routine IMPPERI on PER's successful-branch event or on IMP's CSECT
 * event (CR9 bit 4); the routine's place and its DIAGNOSE back to imprun. */
#define IMPRUN_CSM_METHODS(X) X(MICROCODE, "microcode") X(PER, "per") X(ISR, "csm")
enum imprun_csm_method {
#define X(e, name) CSM_##e,
    IMPRUN_CSM_METHODS(X)
#undef X
};
const char *imprun_csm_method_name(enum imprun_csm_method m);  /* "microcode", "per", "csm" */
#define IMPRUN_PERI_AT   0xC58u     /* the routine, in the nucleus (key 0) */
#define IMPRUN_PERI_PASS 0x104u     /* its DIAGNOSE: the program's own exception */

#define IMPRUN_HPM_WORDS 32         /* rows of the monitors' table, at most */
struct dump_req { uint32_t addr, len; };
struct services;
struct assist;
struct obj_module;
/* One task: its program files, origin and host services. */
struct imprun_task {
    char **inputs;
    int ninputs;
    uint32_t origin;
    const char *origin_text;
    struct services *svc;
    struct assist *asst;            /* ASSIST's files and counts (assist.h) */
    /* Its load module as imprun read it, once, before the run (the
       sources it names are checked against the outputs, then the run
       loads it): mod, or the messages of a read that failed, mod_err,
       which the run prints where it would have read the module.  Both
       NULL: the run reads inputs[0] (impmon, at each reset). */
    const struct obj_module *mod;
    const char *mod_err;
    /* What each input is (enum obj_sniff), told once from its first
       bytes by imprun_classify; NULL: not told yet, asked at each use. */
    unsigned char *kind;
};
struct save_req { const char *file; uint32_t start, end; };

struct imprun_opts {
    const char *core;               /* --core IMAGE */
    char **inputs;                  /* FILE.load, or SRC.s ... */
    int ninputs;
    uint64_t max_cycles;
    uint32_t storage;
    const char *microcode;          /* --microcode FILE */
    uint32_t origin;                /* --origin, LOADER_AT_LINK if absent */
    const char *origin_text;        /* as given (passed to impld) */
    int regs, trace, microtrace, stats, quiet;
    int supervisor;                 /* --supervisor: start as a supervisor-state program */
    int no_super;                   /* --no-super: SUPER (SVC 250) ends the program (S047) */
    int assist_fill;                /* --assist-fill 1, --no-assist-fill 0; -1: for a
                                       $JOB/$ENTRY deck */
    /* ASSIST (imprun(1), "ASSIST") */
    const char *cards, *print, *punch;  /* --cards, --print, --punch; NULL: the defaults */
    int asa_raw;                    /* --asa=raw */
    enum imprun_charset { CHARSET_AUTO, CHARSET_UTF8, CHARSET_LATIN1 } charset;  /* --charset */
    uint64_t max_lines, max_pages, max_cards, max_punch;   /* ASSIST's job limits */
    int trace_ranged;               /* --trace=START:END or --trace=CSECT */
    const char *trace_csect;        /* --trace=CSECT: its bounds come from the symbols */
    int abend_dump;                 /* --abend-dump: storage in the abend report */
    /* --iifm (imprun(1), "Monitors"): the control block LOCR would load */
    int iifm;
    unsigned iifm_pattern, iifm_dontcare, iifm_flags, iifm_tasks;
    uint32_t iifm_slice;
    /* the monitors' settings (imprun(1), "Monitors"; vm/hpm/) */
    uint32_t ias_period;            /* --ias=CYCLES; 0: off */
    char ias_where[VM_IAS_MAX_WINDOWS][64];     /* --ias-window=WHERE[/BLOCK] */
    uint32_t ias_block[VM_IAS_MAX_WINDOWS];
    int nias;
    uint32_t pcs_rate, pcs_slots;   /* --pcs[=RATE] (0: off), --pcs-slots */
    unsigned glean_info, glean_n;   /* --glean: info 0: off */
    int glean_insns;
    int glean_interrupt;            /* ... ,interrupt: 1407 when the buffer fills */
    uint32_t glean_every, glean_buffer;
    uint32_t csm_records;           /* --csm[=RECORDS]: the CSECT monitor's buffer; 0: off */
    enum imprun_csm_method csm_method;  /* ... by microcode, or PER or CSM with an ISR */
    int csm_data;                   /* ... and the operand references to CSECTs (data) */
    uint32_t per_cr9;               /* --per: CR9 (events, GR mask); 0: off */
    char per_range[128];            /* ... the range, as --ias-window's WHERE ("": all) */
    /* a monitor of the table (vm/hpm/hpm.def) with no fields above keeps
       its settings in a word of its own, by its row (hpm_word) */
    uint64_t hpm_words[IMPRUN_HPM_WORDS];
    uint64_t hpm_given;             /* bit k: the k-th setting of the monitors' table was given */
    const char *profile;            /* --profile FILE: imp-profile(5) */
    uint32_t trace_lo, trace_hi;
    uint64_t max_trace;             /* --max-trace: bytes of trace */
    struct dump_req dumps[IMPRUN_MAX_DUMPS];
    int ndumps;
    struct save_req saves[IMPRUN_MAX_DUMPS];
    int nsaves;
    const char *json;               /* --json FILE */
    const char *report;             /* --report FILE ("-" = stdout); else stderr */
    const char **incdirs;           /* -I DIR (in order): impas's COPY search path */
    int nincdirs;
    /* paging and tasks (imprun(1), "Tasks and paging") */
    int paging;                     /* a paging option was given, or --task */
    struct vm_paging pcfg;
    uint64_t slice;
    const char *page_refs;          /* --page-refs FILE */
    struct imprun_task task[VM_MAX_TASKS];  /* [0]: the inputs above */
    int ntasks;
    const char *replay;             /* --replay FILE: no run, the fault curves */
    unsigned curve_lo, curve_hi;    /* --curve LO:HI */
};

/*
 * The runner library's messages.  It never prints one itself: it hands
 * each to the front end's sink, which spells it in its own words --
 * imprun as "imprun: --ias-window=X: no such ...", impmon in its log
 * pane as a command's error.  setting is the option or setting the
 * message is about, by imprun's long option name without the dashes
 * ("ias-window"), or NULL; value the value given for it, or NULL.
 */
struct run_msg {
    const char *setting;
    const char *value;
    const char *text;
};
struct run_sink {
    void (*report)(void *ctx, const struct run_msg *msg);
    void *ctx;
    const char *prog;           /* names the program in lib/diag.h's messages (files) */
    FILE *err;                  /* where those, the tools' diagnostics and the reports go */
};
/* Hand a message to the sink (fmt: the text). */
void run_say(const struct run_sink *s, const char *setting, const char *value,
             const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* A struct diag (lib/diag.h, for messages about files) named and sent
 * as the sink says. */
struct diag;
void run_diag_init(struct diag *d, const struct run_sink *s);

struct services;
struct vm;
struct symtab;

/* Run the program(s) the options name (building them first from
 * sources); returns imprun's exit status.  self is argv[0]; messages go
 * to sink. */
int imprun_main(const struct imprun_opts *o, const char *self, const struct run_sink *sink);
/* --replay: the page-fault curves of a recorded reference string. */
int imprun_replay(const struct imprun_opts *o, const struct run_sink *sink);
/* Several tasks: each task's console output with its number before each
 * line (console.c); 0 or -1.  Closed by tasks_console_close. */
int tasks_console(struct imprun_opts *o, struct services *svcs);
void tasks_console_close(struct imprun_opts *o);
/* 1 if path holds an assembler source: anything but an IMP load or
 * object module, told by its first line (obj_sniff), never by its name. */
int imprun_is_source(const char *path);
/* Tell each of t's inputs apart once, so that the checks and the run
 * that follow ask t->kind and open no input again to ask: 0, or -1 out
 * of memory (the inputs are then told at each use).  Freed by
 * imprun_unclassify. */
int imprun_classify(struct imprun_task *t);
void imprun_unclassify(struct imprun_task *t);
/* Input i of t: its enum obj_sniff, and whether it is a source. */
int imprun_input_kind(const struct imprun_task *t, int i);
int imprun_input_is_source(const struct imprun_task *t, int i);
/* Write the --json report of run r to f (write errors are left to the
 * caller; the monitors' members come from their descriptors). */
struct rep_paging;
struct run;
void imprun_write_json(FILE *f, struct run *r, const struct symtab *syms, int status,
                       uint32_t rc, int exit_code, const struct rep_paging *paging);

/* A private temporary directory holding the objects and a.load. */
struct build {
    char dir[PATH_MAX];
    char load[PATH_MAX + 16];
};

/*
 * Assemble each source with impas (given -I incdirs[0..ninc), in order,
 * before the runtime's) and link them with impld (origin: the --origin
 * text or NULL) into b->load.  self is argv[0].  Returns 0, 1
 * if a tool reported errors (its diagnostics already on err), or -1 if
 * a tool could not be run.  Call build_cleanup() in every case.
 */
int build_program(struct build *b, const char *self, char **sources, int nsources,
                  const char *const *incdirs, int ninc, const char *origin, FILE *err);
void build_cleanup(struct build *b);

#endif
