/*
 * mon.h -- impmon, the interactive monitor: its model of the machine and
 * the command table that drives it.
 *
 *   model.c    struct mon: the loaded program, the machine (loaded with
 *              imprun's run_open), breakpoints, watchpoints, running and
 *              stepping, step back by deterministic replay
 *   expr.c     expressions: X'..', decimal, symbols, registers, + - * / ()
 *   regs.c     the register descriptors examine and deposit iterate over
 *   where.c    symbols by name, FILE:LINE, CSECT+offset, disassembly
 *   cmd.c      the command table: dispatch, abbreviations, help
 *   cmd-*.c    the commands' handlers
 *   output.c   the files commands write (save, COMMAND > FILE): never an input
 *   screen.c, pane-*.c   the ncurses views over the model (no model code)
 *
 * The model never prints to the terminal itself: commands write to
 * m->out (what they print) and m->err (errors); batch mode points both at
 * standard output and error, the screen at its log pane.
 */
#ifndef IMP_MONITOR_MON_H
#define IMP_MONITOR_MON_H

#include <stdint.h>
#include <stdio.h>

#include "imprun.h"
#include "run.h"

#define MON_MAX_BREAKS  32
#define MON_MAX_WATCHES VM_MAX_WATCHPOINTS
#define MON_SLICE       200000u         /* cycles per slice of a live run */
#define MON_DEFAULT_CYCLES 2000000000ull
#define MON_MAX_SOURCE  16              /* scripts open at once (source nesting) */
#define MON_MAX_LINE    1023            /* longest command line, in bytes */
#define MON_VIEW_ROWS   200             /* `view': the lines of a monitor's view at most */
#define MON_VIEW_COLS   132             /* ... and their width (a line printer's) */

/* Kinds of breakpoint: one row each, its name in `info break'. */
#define MON_BREAK_KINDS(X)                                              \
    X(BK_ADDR,  "addr")     /* an instruction address (symbol, FILE:LINE) */ \
    X(BK_OP,    "op")       /* an instruction by mnemonic */            \
    X(BK_COND,  "if")       /* before an instruction where EXPR != 0 */ \
    X(BK_WATCH, "watch")    /* a storage range referenced */            \
    X(BK_WREG,  "watch-gr") /* a general register changed */

enum mon_break_kind {
#define X(e, name) e,
    MON_BREAK_KINDS(X)
#undef X
};

struct mon_break {
    int id;                     /* 1, 2, ...; 0: slot free */
    enum mon_break_kind kind;
    uint32_t addr, len;         /* BK_ADDR, BK_WATCH; BK_WREG: the register */
    unsigned op;                /* BK_OP: the dispatch index */
    char text[256];             /* as the user gave it */
    uint64_t hits;
    int temp;                   /* `until': deleted when hit */
    uint32_t last;              /* BK_WREG: the value last seen */
};

/* Where a run stopped and why, for the log and the panes. */
struct mon_stop {
    enum vm_status st;
    int brk;                    /* the breakpoint that stopped it, or 0 */
    char until[64];             /* until's place, when its own breakpoint (gone) stopped it */
};

struct mon_opts {
    uint64_t max_cycles;        /* set max-cycles: a run's budget */
    uint32_t slice;             /* set slice: cycles per live slice */
    int echo;                   /* set echo: batch echoes each command */
};

struct mon {
    struct imprun_opts o;       /* what imprun's command line would say */
    struct services svcs[VM_MAX_TASKS];
    struct assist *assts;       /* VM_MAX_TASKS of them */
    char *prog[VM_MAX_TASKS];   /* the program files (owned) */
    char *load[VM_MAX_TASKS];   /* the load modules run_open loads */
    struct build build[VM_MAX_TASKS];
    int nbuild;
    const char *self;           /* argv[0], to find impas and impld */
    struct run r;               /* the machine: r.vm, r.tk[k].syms */
    struct run_sink sink;       /* the runner's messages, as errors on m->err */
    int loaded;                 /* r holds a machine */
    int ended;                  /* the program ended: only reset goes on */
    struct mon_stop stop;
    struct mon_break brk[MON_MAX_BREAKS];
    int next_id;
    int traced;                 /* a trace hook is set */
    struct mon_opts opt;
    FILE *out, *err;            /* what commands print; their errors */
    FILE *devnull;              /* the program's console during a replay */
    FILE *console;              /* the program's console otherwise */
    int errors;                 /* commands that failed (batch exit status) */
    int quit;
    volatile int stop_req;      /* a key or a signal asked the run to stop */
    double host_seconds;        /* host time of the runs, for host MIPS */
    uint64_t host_insns;
    /* a live view's hooks: called between slices of a run */
    int (*between)(void *ctx, struct mon *m);   /* nonzero: stop the run */
    void *between_ctx;
    const char *where;          /* "file:line" prefix of the command running */
    const char *sourcing[MON_MAX_SOURCE];   /* the scripts being read, outermost first */
    int nsourcing;
    int examined;               /* examine showed storage at examined_at */
    uint32_t examined_at;
    uint32_t *stmt;             /* the first address of every statement of the */
    size_t nstmt;               /* program's text (task 1), ascending: where_index */
};

/* model.c */
void mon_init(struct mon *m, const char *self, FILE *out, FILE *err);
void mon_free(struct mon *m);
/* Name the program(s) (sources are assembled and linked; or "--core",
 * IMAGE: a core image) and load a fresh machine; 0, or -1 after a
 * message on m->err. */
int mon_load(struct mon *m, char **files, int nfiles);
/* The machine again from the program's initial state, breakpoints kept. */
int mon_reset(struct mon *m);
/* Run up to max_cycles (0: the max-cycles option) in slices, honouring
 * breakpoints and stop requests; reports the stop on m->out. */
enum vm_status mon_continue(struct mon *m, uint64_t max_cycles);
/* Reset, then run from the start: an address breakpoint on the first
 * instruction stops it there, before it runs (continue steps off one). */
enum vm_status mon_run(struct mon *m, uint64_t max_cycles);
enum vm_status mon_step(struct mon *m, uint64_t n);
enum vm_status mon_microstep(struct mon *m, uint64_t n);
/* Back n instructions (micro: microwords) by replay from the start. */
int mon_back(struct mon *m, uint64_t n, int micro);
/* Breakpoints: add (its id, or -1 after a message), delete, install. */
int mon_break_add(struct mon *m, const struct mon_break *b);
int mon_break_delete(struct mon *m, int id);
const char *mon_break_kind_name(enum mon_break_kind k);
void mon_break_install(struct mon *m);
/* "stopped: ..." for the last stop, and where. */
void mon_report_stop(struct mon *m);
/* The machine's state in a few words, as info and the screen's top row
 * say it: "no program", "ready to run" (loaded or reset, nothing run),
 * "stopped (breakpoint)", "stopped by request", "ended (exit)". */
void mon_state(const struct mon *m, char *buf, size_t size);
struct vm *mon_vm(const struct mon *m);
const struct symtab *mon_syms(const struct mon *m);
/* m->err gets "where: error: ..." and m->errors counts it; returns -1. */
int mon_error(struct mon *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* expr.c */
/* Evaluate text as an expression: 0 with *v, or -1 with a message in err. */
int expr_eval(const struct mon *m, const char *text, int64_t *v, char *err, size_t errsize);

/* where.c */
/* A symbol (label, CSECT or entry) by name, any case: 0 with its address. */
int where_symbol(const struct mon *m, const char *name, uint32_t *addr);
/* FILE:LINE: the lowest address of that source line; 0, or -1 with err. */
int where_line(const struct mon *m, const char *spec, uint32_t *addr, char *err, size_t errsize);
/* An address by symbol, FILE:LINE or expression; 0, or -1 with err. */
int where_parse(const struct mon *m, const char *spec, uint32_t *addr, char *err, size_t errsize);
/* "MAIN+X'1A'" (or "" if in no section) and the source line (or ""). */
void where_format(const struct mon *m, uint32_t addr, char *sym, size_t symsize,
                  char *src, size_t srcsize);
/* The instruction at addr, disassembled; its length (2 if unknown). */
int where_disasm(const struct mon *m, uint32_t addr, char *buf, size_t size);
/* Index the statements of the loaded program (from its LINE records) into
 * m->stmt; 0, or -1 if memory ran out (no index then). */
int where_index(struct mon *m);
void where_index_free(struct mon *m);
/* The statement `back' statements before the one at addr (addr must be a
 * statement's first address): 0 with *start, or -1 if addr is none. */
int where_statement_back(const struct mon *m, uint32_t addr, int back, uint32_t *start);
/* The first address of the next statement after addr, or 0 if none. */
uint32_t where_statement_after(const struct mon *m, uint32_t addr);
/* The dispatch index of a mnemonic, or -1. */
int where_opcode(const char *mnemonic);
/* Call fn for each symbol name (completion). */
void where_each_symbol(const struct mon *m, void (*fn)(void *ctx, const char *name), void *ctx);

/* regs.c: one table of register descriptors */
struct reg_desc {
    const char *name;           /* "R", "CR", "PSW", ... */
    unsigned count;             /* 16 for a file of registers, 1 for one */
    unsigned bits;              /* 32 or 64 */
    const char *group;          /* examine NAME shows every register of a group */
    const char *what;
    uint64_t (*get)(const struct vm *vm, unsigned n);
    void (*set)(struct vm *vm, unsigned n, uint64_t v);     /* NULL: read-only */
};
/* The descriptor named (any case) "R5", "GR5", "CR0", "PSW", "W3"...:
 * the descriptor and *n, or NULL. */
const struct reg_desc *reg_find(const char *name, unsigned *n);
const struct reg_desc *reg_table(size_t *count);
/* "R5" for register n of d. */
void reg_name(const struct reg_desc *d, unsigned n, char *buf, size_t size);

/* cmd.c: the command table */
enum cmd_complete { CC_NONE, CC_COMMAND, CC_SYMBOL, CC_FILE, CC_REGISTER, CC_OPTION };
struct cmd {
    const char *name;
    const char *args;           /* synopsis */
    const char *help;           /* one line */
    int (*fn)(struct mon *m, int argc, char **argv);    /* 0, or -1 (counted) */
    enum cmd_complete complete;
};
const struct cmd *cmd_table(size_t *count);
/* Look a command up by unique prefix: the row, or NULL with a message. */
const struct cmd *cmd_find(const char *word, char *err, size_t errsize);
/* Split and run one command line (# comments, blank lines ok): 0 or -1. */
int cmd_exec(struct mon *m, const char *line);
/* Read and run every line of f (name for messages); 0 if all succeeded.
 * Lines are read with the bounded line reader: a line longer than
 * MON_MAX_LINE is an error at its own line number and is not run; at
 * most MON_MAX_SOURCE scripts are read at once (a script that sources
 * itself stops there with an error). */
int cmd_source_file(struct mon *m, FILE *f, const char *name);

/* output.c: where a command writes a file (save FILE, COMMAND > FILE) */
struct outfile;
/* Open path for writing through lib/'s output module, after refusing a
 * path that is one of the inputs (the program files, the load modules,
 * the sources they were assembled from, the scripts being read); NULL
 * after a message on m->err (counted). */
FILE *mon_output_open(struct mon *m, struct outfile *o, const char *path);
/* Install the output (0), or -1 after a message (counted). */
int mon_output_commit(struct mon *m, struct outfile *o);

#endif
