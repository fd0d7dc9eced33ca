/*
 * run.h -- one imprun run, shared by runner.c (loading, the environment, the
 * reports) and host.c (what the machine asks of the host: storage with
 * the program's key, SVCs and DIAGNOSE, ASSIST's instructions and files).
 */
#ifndef IMP_VM_IMPRUN_RUN_H
#define IMP_VM_IMPRUN_RUN_H

#include "imprun.h"
#include "diag.h"
#include "obj.h"
#include "outfile.h"
#include "pagesim.h"
#include "report.h"
#include "services.h"
#include "symbols.h"

/* Limits imprun sets on a run besides the cycle limit: one row each, what
   reached its limit, its unit, and the option that raises it (imprun(1),
   "Limits"); the ASSIST rows are ASSIST's job limits. */
#define IMPRUN_LIMITS(X)                                                          \
    X(LIMIT_NONE,    "",                       "",      "")                       \
    X(LIMIT_CONSOLE, "console output",         "bytes", "--max-console=SIZE")     \
    X(LIMIT_FILES,   "output to bound files",  "bytes", "--max-output=SIZE")      \
    X(LIMIT_TRACE,   "trace",                  "bytes", "--max-trace=SIZE")       \
    X(LIMIT_CARDS,   "cards read (XREAD)",     "cards", "--max-cards=N")          \
    X(LIMIT_LINES,   "lines printed",          "lines", "--max-lines=N")          \
    X(LIMIT_PAGES,   "pages printed",          "pages", "--max-pages=N")          \
    X(LIMIT_PUNCH,   "cards punched (XPNCH)",  "cards", "--max-punch=N")          \
    X(LIMIT_ABYTES,  "ASSIST output",          "bytes", "--max-output=SIZE")

enum imprun_limit {
#define X(e, what, unit, option) e,
    IMPRUN_LIMITS(X)
#undef X
};

#define IMPRUN_STORES 16

/* What imprun keeps of one task. */
struct run_task {
    struct symtab syms;
    struct obj_module mod;
    int have_mod;
    int mod_borrowed;           /* mod is imprun_task's: not freed here */
    int64_t delta;              /* its load address - link address */
    uint32_t rc;                /* return code of its EXIT */
    int assist_end;             /* an ASSIST job returned: rc is 0, r15 what GR15 held */
    uint32_t r15;
    uint32_t abend;             /* completion code of its ABEND: system bits 8-19, user 20-31 */
    struct services *svc;
    struct assist *asst;
    const char *name;           /* its program, for the reports */
    struct rep_status status;   /* how it ended (several tasks) */
    struct rep_abend *abend_rep;    /* and its abend report, if it ended abnormally */
    int ended;
};

/* The monitors' storage (vm/hpm/, hpms.c): [lo, top) at the top. */
struct imprun_window {
    uint32_t lo, hi, block, vec, nblocks;
    char label[64];
};
struct imprun_csect { uint32_t lo, hi; const char *name; };
struct imprun_mon {
    uint32_t top, lo;
    struct imprun_window win[VM_IAS_MAX_WINDOWS];
    int nwin;
    uint32_t pcs_table, glean_buf;
    struct imprun_csect *csects;    /* --csm: the table, sorted (names: the module's) */
    uint32_t ncsects, csm_buf;
    int csm_isr;                    /* --csm=per|csm: IMPPERI serves the program interruptions */
    struct pcs_view *pcs_view;      /* the PC-sampling view's table as last drawn (pcs.c) */
};

struct run {
    const struct imprun_opts *o;
    struct services *svc;       /* task 1's */
    struct vm *vm;
    struct svc_storage st;      /* storage as a service sees it: the caller's key */
    struct svc_storage host;    /* and as the reports see it */
    unsigned key;               /* the key of the program a service is for */
    uint32_t for_iaddr;         /* ... the instruction it serves (DIAGNOSE, ASSIST's, SVC) */
    int for_svc;                /* ... 1: an SVC's, served in the nucleus */
    struct run_task tk[VM_MAX_TASKS];
    int ntasks;
    struct ps_string refs;      /* the page reference string, kept for OPT */
    int refs_full;              /* it grew past IMPRUN_MAX_REFS */
    FILE *refs_out;             /* --page-refs */
    struct outfile refs_file;
    uint32_t rc;                /* return code of task 1's EXIT */
    enum imprun_limit limit;    /* the limit that stopped the run, if any */
    uint64_t limit_max;         /* an ASSIST limit: its value */
    FILE *cards, *print, *punch;    /* ASSIST's files that imprun opened */
    FILE *rep;                  /* imprun's own reports */
    struct outfile rep_file;    /* --report, when rep_open */
    int rep_open;
    const struct run_sink *sink;    /* where its messages go */
    struct diag d;              /* messages about the output files */
    struct imprun_mon mon;      /* --ias, --pcs, --glean */
    /* the last stores services made for the program (host.c): which one
       changed an instruction, for the abend report */
    struct run_store { uint32_t addr, len, iaddr; } stores[IMPRUN_STORES];
    unsigned nstores;           /* made so far (the last IMPRUN_STORES kept) */
    int fill;                   /* ASSIST's look (--assist-fill): X'F4' registers,
                                   X'F5' storage, the PSA not fetch-protected */
};

/* runner.c */
/* A machine with every task of o loaded (load[k]: task k's load module,
 * NULL for a core image), its host services and monitors armed: 0, or the
 * exit status of the failure after a message to sink (which must outlive
 * r).  run_close releases it (in every case).  imprun runs it once;
 * impmon reloads it for a reset. */
int run_open(struct run *r, const struct imprun_opts *o, char *const *load,
             const struct run_sink *sink);
void run_close(struct run *r);

/* hpms.c: the monitors of the table (vm/hpm/hpm.def), one after another */
/* Arm each monitor that is on (its blocks and areas above floor), give
 * the area key 0, enable each; 0, or -1 after a message. */
int imprun_mon_arm(struct run *r, uint32_t floor);
/* Each one's summary, in table order; release what arm took. */
void imprun_mon_report(FILE *f, struct run *r);
void imprun_mon_free(struct run *r);
/* The monitor data file (imp-profile(5)). */
void imprun_profile_write(FILE *f, struct run *r, enum vm_status st);

/* host.c */
/* The storage views (r->st, r->host) and the host hooks of r->vm. */
void run_storage_init(struct run *r);
void run_host_set(struct run *r);
/* Each task's ASSIST streams (host.c, "ASSIST"); 0, or -1 after a
 * message; closed (outputs checked: -1 after a message) by run_assist_close. */
int run_assist_open(struct run *r);
/* The newest store a service made for the program over [addr, addr+len),
 * or NULL if none of the last IMPRUN_STORES did. */
const struct run_store *run_store_over(const struct run *r, uint32_t addr, uint32_t len);
/* 1 if task t's last input is a source and an ASSIST deck (a $JOB or
 * $ENTRY card). */
int run_is_deck(const struct imprun_task *t);
int run_assist_close(struct run *r);

#endif
