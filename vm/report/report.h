/*
 * report.h -- the reports of a run, shared by imprun and the monitors.
 *
 * Each report has two halves: a collector that reads the machine (or
 * its counters, or guest storage) and fills a struct, and a printer that
 * formats that struct, to a FILE* or one line into a buffer for a
 * screen.  Collectors never print; printers never read the machine.
 *
 *   status.c   how a run ended: exit statuses, interruption codes, the
 *              failing instruction with its CSECT and source line
 *   abend.c    the abend report: completion code, last branches, the
 *              save-area chain, hints, storage around the failure
 *   stats.c    totals, CPI and the per-opcode table
 *   dump.c     storage, registers and PSW in Hercules' console formats
 *   trace.c    --trace and --microtrace lines
 *   mtrace.c   a microword field by field
 *   jsonw.c    a deterministic JSON writer
 *   summary.c  everything at the end of a run, and its JSON form
 *
 * Addresses map to the program through symbols.h (lib/).
 */
#ifndef IMP_VM_REPORT_H
#define IMP_VM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "microword.h"
#include "obj.h"
#include "services.h"
#include "symbols.h"
#include "vm.h"

/* ---- exit statuses: the one table (imprun(1), EXIT STATUS) -------------- */

/*      enum              code name           meaning */
#define IMPRUN_EXITS(X)                                                              \
    X(EXIT_RUN_OK,      0, "ok",          "normal end with return code 0, or a disabled wait") \
    X(EXIT_BAD_INPUT,   1, "bad-input",   "unreadable or invalid program, image, microcode or source") \
    X(EXIT_USAGE,       2, "usage",       "command-line error")                         \
    X(EXIT_RUN_RC,      3, "return-code", "normal end with a return code other than 0") \
    X(EXIT_RUN_PGM,     4, "program-interruption", "program interruption with no handler") \
    X(EXIT_RUN_INT,     5, "interruption", "SVC, external or restart interruption with no handler, or an enabled wait that can never end") \
    X(EXIT_RUN_LIMIT,   6, "cycle-limit", "the cycle limit was reached")               \
    X(EXIT_RUN_MACHINE, 7, "machine",     "microcode error, check-stop or host service failure")

enum imprun_exit {
#define X(e, code, name, what) e = code,
    IMPRUN_EXITS(X)
#undef X
};

/* The exit status for a machine status (rc: the return code of VM_EXIT). */
int imprun_exit_code(enum vm_status st, uint32_t rc);
const char *imprun_exit_name(int code);

/* ---- an instruction in storage (status.c) ------------------------------ */

struct rep_where {
    uint32_t addr;
    size_t nbytes;                  /* bytes of it inside storage, 0-6 */
    uint8_t bytes[6];
    char insn[80];                  /* the disassembly; "" if nbytes is 0 */
    int found;                      /* addr is in a section of the program */
    struct sym_where sym;           /* zeroed if not found */
    int have_source;                /* source holds line sym.line of sym.file */
    enum sym_source why;            /* if not: why (SYM_SRC_MISSING: say nothing) */
    char source[256];
    int changed;                    /* its bytes differ from those the module loaded: */
    uint8_t loaded[6];              /* ... these (the instruction's length of them) */
};

void rep_where_collect(struct rep_where *w, const struct vm *vm, const struct symtab *t,
                       uint32_t addr);
/* "  at X'010008' MAIN+X'8' (prog.s:12): L     1,0(0,2)" and the source line. */
void rep_where_print(FILE *out, const struct rep_where *w);
/* If w's instruction was changed after it was loaded, a line that says so
 * (after indent). */
void rep_where_print_changed(FILE *out, const struct rep_where *w, const char *indent);

/* Why a run that reached a limit did not end (loop.c): the loop its last
 * branches went round, and a save-area chain pointing at itself. */
struct rep_loop {
    unsigned branches;              /* branches in the history */
    int found;                      /* a backward branch taken twice or more: */
    unsigned hits;                  /* ... how often */
    uint32_t top, bottom;           /* ... its target and the branch */
    struct rep_where top_where, bottom_where;
    int self_chain;                 /* R13's save area has itself as back chain */
    uint32_t sa;
    int lost_reg;                   /* the loop is BR r back to just after a call
                                       that set r (BALR r,..): r, else 0 */
    struct rep_where call_where;    /* ... that call */
};
void rep_loop_collect(struct rep_loop *l, const struct vm *vm, const struct symtab *t);
/* Notes "prog: note: ..." for what l found; cycles: the run hit the cycle
 * limit (name --max-cycles). */
void rep_loop_print(FILE *out, const char *prog, const struct rep_loop *l, int cycles);

/* ---- the end of a run (status.c) ---------------------------------------- */

struct rep_status {
    enum vm_status status;
    uint32_t rc;                    /* the return code of VM_EXIT; VM_ABEND: the
                                       completion code */
    uint64_t psw;                   /* the PSW when the run stopped (VM_ABEND: the
                                       SVC old PSW, the program's) */
    int interrupted;                /* VM_NO_*_HANDLER: in says what had none */
    struct vm_interrupt in;
    char pic_name[160];             /* program interruption: "specification", ...
                                       (PER: "PER event: storage alteration") */
    int per;                        /* PER: the code at X'96', the address at X'98' */
    unsigned per_code;
    uint32_t per_addr;
    int inside;                     /* stopped inside the microcode of where.addr */
    int waiting;                    /* a cycle limit in the wait state */
    unsigned upc;                   /* then: the microword, and its label */
    char micro_label[80];
    int have_where;                 /* where is the instruction the report names */
    struct rep_where where;
    int rc_is_entry;                /* VM_EXIT with rc = the entry point (GR15 unset) */
    uint32_t entry;                 /* the program's entry point, if rc_is_entry */
    int assist_end;                 /* VM_EXIT of an ASSIST job that returned (the
                                       caller sets it): rc 0, r15 what GR15 held */
    uint32_t r15;
    char hint[256];                 /* a hint about the cause, or "" (rep_hint_padding) */
};

/* What the run that returned st (return code rc) left in vm. */
void rep_status_collect(struct rep_status *s, const struct vm *vm, const struct symtab *t,
                        enum vm_status st, uint32_t rc);
/* The final status: what happened, the PSW, where; each line begins with
 * prog.  quiet: nothing for a normal end with return code 0 or a
 * disabled wait. */
void rep_status_print(FILE *out, const char *prog, const struct rep_status *s, int quiet);

/* An ABEND completion code (bits 8-19 system, 20-31 user): "U0100" for a
 * user code (decimal), else "S0C4" (hex). */
void rep_completion_code(uint32_t code, char *buf, size_t size);
/*
 * A hint for a program interruption s that the program ran off its end:
 * an operation exception on X'0000' that lies in no CSECT of t, after the
 * end of one.  Writes the hint (no newline) into buf and returns 1, else
 * returns 0 and leaves buf alone.
 */
int rep_hint_padding(const struct rep_status *s, const struct symtab *t, char *buf, size_t size);
/* The program's entry point, where its load module says it starts, into
 * *entry: 1; 0 if t names none. */
int rep_entry(const struct symtab *t, uint32_t *entry);

/* "specification", "fixed-point overflow + PER event", ... */
void rep_pic_name(uint16_t code, char *buf, size_t size);
/* The address of the instruction an interruption reports. */
uint32_t rep_failing_addr(const struct vm_interrupt *in);

/* ---- statistics (stats.c) ----------------------------------------------- */

struct rep_op {
    unsigned idx;           /* dispatch index (vm.h: 0-255, 256 + op1 for B2xx) */
    unsigned opcode;        /* 0xNN or 0xB2NN */
    const char *name;       /* mnemonic, "?" if not in the table, "(none)" for
                               cycles no instruction ran (the IPL, a wait) */
    uint64_t count, cycles;
};

struct rep_stats {
    uint64_t instructions, cycles, microwords;
    size_t nops;
    struct rep_op ops[512]; /* the opcodes that ran, most frequent first
                               (then most cycles, then lowest index) */
    /* The monitors' own cost (rep_stats_monitors; else all 0): ops[]
     * holds the program's cycles, and cycles = program + the monitors'. */
    uint64_t program_cycles, program_words, mon_cycles, mon_words;
    struct vm_hpm_stats mon[VM_HPM_COUNT];
};

void rep_stats_collect(struct rep_stats *s, const struct vm_counters *c);
/* The monitors' cycles and microwords beside the program's. */
void rep_stats_monitors(struct rep_stats *s, const struct vm *vm);
/* The overhead table: each monitor's cost, the program's, and the run's
 * total as their sum (nothing when no monitor's microcode ran). */
void rep_stats_print_overhead(FILE *out, const struct rep_stats *s);
/* The mnemonic of a decode index ("XREAD..." for the X'E0' family), or
 * NULL if the ISA has none. */
const char *rep_op_name(unsigned idx);
/* Totals, CPI and the per-opcode table. */
void rep_stats_print(FILE *out, const struct rep_stats *s);
/* One row of the table (no newline): "41     LA       ...  CPI  %". */
void rep_stats_format_op(char *buf, size_t size, const struct rep_op *op, uint64_t instructions);
/* num/den as "5.50" (two decimals, rounded), "-" if den is 0. */
void rep_ratio(char *buf, size_t size, uint64_t num, uint64_t den);

/* ---- storage, registers and PSW (dump.c) -------------------------------- */

struct rep_dump_line {
    uint32_t addr;
    uint32_t want;                  /* bytes asked of this line, 1-16 */
    uint32_t n;                     /* bytes read: fewer where storage ends */
    uint8_t bytes[16];
};

/* The next line of a dump of len (> 0) bytes at addr, read through st. */
void rep_dump_collect_line(struct rep_dump_line *l, const struct svc_storage *st, uint32_t addr,
                           uint32_t len);
/* "R:00010200:K:00=C1C2C340 40F0F1F2 ...  ABC  012" (no newline); if n is
 * 0: "R:00010200: addressing exception (outside storage)". */
void rep_dump_format_line(char *buf, size_t size, const struct rep_dump_line *l, int key);
/* Dump len bytes at addr, 16 per line, up to the end of storage. */
void rep_dump_print(FILE *out, const struct svc_storage *st, uint32_t addr, uint32_t len, int key);

struct rep_regs {
    uint64_t psw;
    unsigned cc;
    uint32_t gr[16];
};

void rep_regs_collect(struct rep_regs *r, const struct vm *vm);
/* The PSW line, then GR00=........  GR01=........  ... four per line. */
void rep_regs_print(FILE *out, const struct rep_regs *r);
/* "PSW=xxxxxxxx xxxxxxxx" (no newline). */
void rep_psw_format(char *buf, size_t size, uint64_t psw);
/* The same followed by its fields in words. */
void rep_psw_fields_format(char *buf, size_t size, uint64_t psw);

/* ---- the abend report (abend.c) ------------------------------------------ */

/*
 * What a student needs when a program ends abnormally: the completion
 * code (S0C4 for a protection exception, S322 for the time limit, or the
 * code of an ABEND the program asked for), the PSW, the failing
 * instruction with its CSECT and source line, the registers, the last
 * branches (a wild branch is flagged), the chain of save areas from R13
 * (who called whom), hints that name the likely cause, and with dump
 * storage around the instruction and its operands.
 */
#define REP_ABEND_LEVELS 32             /* save areas followed at most */
#define REP_ABEND_HINTS  4
#define REP_ABEND_DUMPS  3              /* the instruction and two operands */
#define REP_ABEND_DUMP_LINES 4          /* 64 bytes each */

struct rep_abend_branch {
    struct vm_branch b;
    struct rep_where from, to;      /* from: with its source line */
};

struct rep_abend_level {
    uint32_t sa;                    /* the caller's save area (where R14, R15 were saved) */
    uint32_t entry;                 /* its R15: the routine called */
    uint32_t ret;                   /* its R14: the return address */
    int have_call;                  /* the return address is in the program (no
                                       symbols: nonzero); else the system's */
    struct sym_where routine;       /* the CSECT of the entry (else csect NULL) */
    struct rep_where call;          /* the call instruction: return address - 4 or - 2 */
};

struct rep_abend_dump {
    const char *what;               /* "the failing instruction", "operand 1", ... */
    uint32_t addr;                  /* the address it is about */
    unsigned nlines;
    struct rep_dump_line line[REP_ABEND_DUMP_LINES];
};

struct rep_abend {
    struct rep_status status;       /* the machine's status, the interruption */
    char code[8];                   /* "S0C4", "S322", "U0100"; "" if none applies */
    int have_pic;                   /* a program interruption: */
    uint16_t pic;                   /* its code (a PER bit removed) */
    char pic_name[160];
    uint64_t psw;                   /* the old PSW of the interruption, else the PSW */
    unsigned ilc;
    int have_where;
    struct rep_where where;         /* the failing instruction */
    int have_operands;              /* it has storage operands: */
    unsigned noperands;             /* 1 or 2 */
    uint32_t operand[2];            /* their addresses (the I-unit's EA1, EA2) */
    unsigned opnum[2];              /* which operand each is: 1 or 2 */
    unsigned opbase[2];             /* the base register that formed each (0: none) */
    uint32_t storage;               /* bytes of storage */
    int have_syms;                  /* the program's symbols are known (not a core image) */
    struct rep_regs regs;
    unsigned nbranch;
    struct rep_abend_branch branch[VM_BRANCH_HISTORY];  /* oldest first */
    int wild;                       /* the branch that led to the failure, or -1 */
    int wild_lost;                  /* ... and its target holds no instructions */
    uint32_t r13;
    unsigned nlevel;
    struct rep_abend_level level[REP_ABEND_LEVELS];
    char chain_end[256];            /* why the chain stopped */
    unsigned nhint;
    char hint[REP_ABEND_HINTS][240];
    int dumped;
    unsigned ndump;
    struct rep_abend_dump dump[REP_ABEND_DUMPS];
};

/* Read the machine after a run that ended with st (rc as for
 * rep_status_collect: VM_ABEND's completion code); dump: collect the
 * storage dumps too. */
void rep_abend_collect(struct rep_abend *a, const struct vm *vm, const struct symtab *syms,
                       enum vm_status st, uint32_t rc, int dump);
/* Does a run that ended with st get an abend report (imprun)?  A program
 * interruption with no handler.  (Any status can be collected: a cycle
 * limit is S322.) */
int rep_abend_wanted(enum vm_status st);
/* The report, each line indented; with dump (and the dumps collected)
 * the storage around the instruction and its operands. */
void rep_abend_print(FILE *f, const struct rep_abend *a, int dump);
/* "S0C4" for a program interruption code ("" if none applies). */
void rep_abend_completion(uint16_t pic, char *buf, size_t size);
struct json;
/* A place's members in the current JSON object: address, instruction,
 * csect, offset, file, line. */
void rep_where_json(struct json *j, const struct rep_where *w);
/* The report as the member "abend" of the current JSON object. */
void rep_abend_json(struct json *j, const struct rep_abend *a);

/* ---- microwords (mtrace.c) ---------------------------------------------- */

/* The label at or before upc in the control store, as "label+off". */
void rep_micro_label(const struct vm *vm, unsigned upc, char *buf, size_t size);
/* "u ADDR label  FIELD=VALUE ..." (the fields whose code is not 0; no
 * newline). */
void rep_micro_format(char *buf, size_t size, const char *label, unsigned addr,
                      const struct mc_word *w);

/* ---- tracing (trace.c) -------------------------------------------------- */

/* One traced instruction: what ran, and the state it left. */
struct rep_trace_insn {
    uint32_t addr;
    uint8_t bytes[6];
    int len;                        /* 2, 4 or 6 */
    unsigned cc;                    /* after it */
    uint32_t before[16], after[16]; /* general registers */
};

/* "010004 MAIN+X'4'        LA    2,10(0,0)             " (fixed width). */
void rep_trace_format_head(char *buf, size_t size, const struct symtab *t, uint32_t addr,
                           const uint8_t *bytes, int len);
/* " CC0 GR02=0000000A": the CC and the registers that changed. */
void rep_trace_format_tail(char *buf, size_t size, unsigned cc, const uint32_t before[16],
                           const uint32_t after[16]);
/* The whole line, head then tail (no newline). */
void rep_trace_format(char *buf, size_t size, const struct symtab *t,
                      const struct rep_trace_insn *r);

/* --trace and --microtrace as a run goes: an instruction's line starts
 * when it is decoded and ends when the next one starts. */
#define TRACE_SOURCE_TEXT 128  /* bytes of a source line shown */
struct trace_source;
struct trace_state {
    FILE *out;
    const struct symtab *syms;
    int insns, micros;      /* what to trace */
    int pending;            /* an instruction line waits for its results */
    int broken;             /* microwords were printed since it started */
    uint32_t gr[16];        /* registers before that instruction */
    uint64_t written;       /* bytes of trace written */
    uint64_t limit;         /* at most this many: then the run stops */
    int limit_hit;          /* 1: the trace stopped the run at its limit */
    /* several tasks: each line starts "[N] " and uses task N's symbols */
    const struct symtab *task_syms[VM_MAX_TASKS];
    unsigned ntasks;
    char source[TRACE_SOURCE_TEXT];     /* the pending line's source text, or "" */
    int head_over;                      /* its head is this much wider (EX) */
    struct trace_source *cache;         /* source lines read so far (trace_free) */
};
#define TRACE_LIMIT ((uint64_t)64 << 20)       /* --max-trace default: 64 MiB */
void trace_init(struct trace_state *t, FILE *out, const struct symtab *syms, int insns,
                int micros);
/* The callbacks of struct vm_trace (ctx is the trace_state); once limit
   bytes were written they stop the run (VM_STOP_REQUEST, limit_hit set). */
int trace_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *bytes, int len);
int trace_micro(void *ctx, struct vm *vm, unsigned upc);
/* The done callback of struct vm_trace: the traced instruction's results
   (CC, changed registers) complete its line. */
void trace_done(void *ctx, struct vm *vm);
/* Complete the last instruction's line at the end of the run. */
void trace_finish(struct trace_state *t, struct vm *vm);
/* Free what the trace keeps (its cache of source lines). */
void trace_free(struct trace_state *t);

/* ---- everything at the end of a run (summary.c) ------------------------- */

/* ---- tasks and paging (pagerep.c) ----------------------------------------- */

struct rep_task_row {
    struct vm_task_info info;
    const char *program;            /* the runner's name for it (may be NULL) */
    uint32_t rc;                    /* its return code, if it ended with VM_EXIT */
};
struct rep_paging {
    int on;
    struct vm_paging cfg;
    uint64_t slice;
    unsigned ntasks;
    struct rep_task_row task[VM_MAX_TASKS];
    struct vm_paging_stats total;
    uint64_t cpu_total;             /* the tasks' CPU cycles */
    /* OPT on the run's reference string (the runner fills these) */
    int opt_known;
    uint64_t opt_pageins, opt_pageouts;
    const char *opt_note;           /* why it is not known */
};
/* The machine's part; names, return codes and OPT are the caller's. */
void rep_paging_collect(struct rep_paging *p, const struct vm *vm);
/* The table of Table I: per task and in total, page-ins, page-outs, CPU,
 * wait and elapsed cycles, and OPT beside the policy. */
void rep_paging_print(FILE *f, const struct rep_paging *p);

struct rep_run {
    const char *const *program;     /* the files run, as given */
    int nprogram;
    const char *mode;               /* "core", "load" or "source" */
    int exit_code;                  /* the runner's exit status */
    uint64_t max_cycles;            /* the bound the run had */
    uint32_t storage;               /* bytes of storage */
    struct rep_status status;
    struct rep_regs regs;
    struct rep_stats stats;
    uint64_t svc_calls, svc_bytes_in, svc_bytes_out;
    struct rep_paging paging;       /* paging.on: the "paging" object */
    const struct rep_abend *abend;  /* the "abend" object, or NULL (the caller's) */
    /* the "monitors" object: written by the caller's monitors, each its
       own member (imprun: the descriptors, vm/hpm/); NULL: none */
    void (*monitors)(struct json *j, void *ctx);
    void *monitors_ctx;
};

/* Fill the machine's part of *r (status, registers, statistics, storage,
 * services; svc may be NULL); the caller sets program, mode, exit_code
 * and max_cycles. */
void rep_run_collect(struct rep_run *r, const struct vm *vm, const struct symtab *t,
                     enum vm_status st, uint32_t rc, const struct services *svc);
/* *r as one JSON object (the layout of imprun(1), JSON OUTPUT). */
void rep_run_json(FILE *f, const struct rep_run *r);
struct json;
void rep_paging_json(struct json *j, const struct rep_paging *p);

/* ---- JSON (jsonw.c) ------------------------------------------------------- */

#define JSON_MAX_DEPTH 16

struct json {
    FILE *f;
    int depth;
    int first[JSON_MAX_DEPTH];
};

void json_begin(struct json *j, FILE *f);
/* key is NULL for array elements and the top-level value. */
void json_object(struct json *j, const char *key);
void json_array(struct json *j, const char *key);
void json_end(struct json *j, char close);      /* '}' or ']' */
void json_str(struct json *j, const char *key, const char *v);
void json_u64(struct json *j, const char *key, uint64_t v);
void json_i64(struct json *j, const char *key, int64_t v);
void json_bool(struct json *j, const char *key, int v);
void json_ratio(struct json *j, const char *key, uint64_t num, uint64_t den);
void json_hex(struct json *j, const char *key, uint64_t v, int width);
void json_quote(FILE *f, const char *s);

#endif
