/*
 * report.h -- imprun's reports: where an address is in the program
 * (report-sym.c), storage dumps, registers and PSW in Hercules' console
 * formats (report-dump.c), microwords field by field (report-mtrace.c)
 * and a deterministic JSON writer (report-json.c).  Nothing here runs the machine; everything writes to
 * the FILE* it is given.
 */
#ifndef IMP_VM_REPORT_H
#define IMP_VM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "microword.h"
#include "obj.h"
#include "services.h"
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
    X(EXIT_RUN_LIMIT,   6, "cycle-limit", "the cycle limit or an output limit was reached")               \
    X(EXIT_RUN_MACHINE, 7, "machine",     "microcode error, check-stop or host service failure")

enum imprun_exit {
#define X(e, code, name, what) e = code,
    IMPRUN_EXITS(X)
#undef X
};

/* The exit status for a machine status (rc: the return code of VM_EXIT). */
int imprun_exit_code(enum vm_status st, uint32_t rc);
const char *imprun_exit_name(int code);

/* ---- symbols: addresses -> CSECT+offset, label, source line ------------ */

#define SYM_MAX_ROOTS 64                /* folders of the programs named */
#define SYM_SOURCE_LIMIT (16u << 20)    /* largest source file lines are shown from */

/* Why a source line is or is not shown (sym_source_text). */
#define SYM_SOURCE_REASONS(X)                                                   \
    X(SYM_SRC_OK,       "")                                                    \
    X(SYM_SRC_MISSING,  "")                 /* unreadable or no such line: said nowhere */ \
    X(SYM_SRC_OUTSIDE,  "the file is outside the program's folders")          \
    X(SYM_SRC_SPECIAL,  "not a regular file")                                 \
    X(SYM_SRC_LARGE,    "the file is larger than 16 MiB")

enum sym_source {
#define X(e, why) e,
    SYM_SOURCE_REASONS(X)
#undef X
};
const char *sym_source_why(enum sym_source r);

struct symtab {
    const struct obj_module *m;     /* NULL: no symbols (a core image) */
    int64_t delta;                  /* load address - link address */
    char *roots[SYM_MAX_ROOTS];     /* folders source lines may come from */
    int nroots;
};

struct sym_where {
    const char *csect;              /* NULL if addr is in no section */
    uint32_t csect_off;
    const char *label;              /* nearest SYM at or before addr, or NULL */
    uint32_t label_off;
    const char *file;               /* source file of the statement, or NULL */
    int line;
};

/* No folders are allowed yet: sym_allow_folder_of() adds them. */
void sym_init(struct symtab *t, const struct obj_module *m, int64_t delta);
/*
 * Let source lines come from files in or below the folder holding path
 * (both with symbolic links resolved): the load module's folder, or each
 * source's folder for "imprun SRC.s".  0, or -1 if path cannot be resolved
 * or too many folders were added.
 */
int sym_allow_folder_of(struct symtab *t, const char *path);
void sym_free(struct symtab *t);
/* 0 with *w filled, or -1 if addr is in no section (*w zeroed). */
int sym_lookup(const struct symtab *t, uint32_t addr, struct sym_where *w);
/* "CSECT+X'1A'" into buf (empty string and -1 if in no section). */
int sym_format(const struct symtab *t, uint32_t addr, char *buf, size_t size);
/*
 * Text of line `line` of file (no newline, cut to size - 1 bytes) into
 * buf: SYM_SRC_OK, or why not.  The file named by a load module is read
 * only if it is a regular file of at most SYM_SOURCE_LIMIT bytes whose
 * real path lies in or below one of t's folders: a load module cannot
 * make imprun print other host files or hang on a device or FIFO.
 */
enum sym_source sym_source_text(const struct symtab *t, const char *file, int line, char *buf,
                                size_t size);

/* ---- Hercules-style displays ------------------------------------------- */

/* Dump len bytes at addr, 16 per line (R:addr:K:key=hex text). */
void report_dump(FILE *out, const struct svc_storage *st, uint32_t addr, uint32_t len, int key);
/* GR00=........  GR01=........  ... four per line. */
void report_gprs(FILE *out, const uint32_t gr[16]);
/* PSW=xxxxxxxx xxxxxxxx */
void report_psw(FILE *out, uint64_t psw);
/* The same followed by its fields in words. */
void report_psw_fields(FILE *out, uint64_t psw);

/* ---- microwords -------------------------------------------------------- */

/* The label at or before upc in the control store, as "label+off". */
void report_micro_label(const struct vm *vm, unsigned upc, char *buf, size_t size);
/* "u ADDR label  FIELD=VALUE ..." (the fields whose code is not 0). */
void report_microword(FILE *out, const char *label, unsigned addr, const struct mc_word *w);

/* ---- the end of a run (report-status.c) ------------------------------------ */

/* "specification", "fixed-point overflow + PER event", ... */
void report_pic_name(uint16_t code, char *buf, size_t size);
/* The address of the instruction an interruption reports. */
uint32_t report_failing_addr(const struct vm_interrupt *in);
/* The instruction at addr: address, CSECT+offset, source line, disassembly. */
void report_where(FILE *out, const struct vm *vm, const struct symtab *t, uint32_t addr);
/* The final status: what happened, the PSW, where (quiet: nothing for a
 * normal end with return code 0 or a disabled wait). */
void report_status(FILE *out, const struct vm *vm, const struct symtab *t, enum vm_status st,
                   uint32_t rc, int quiet);

/* ---- statistics (report-stats.c) ------------------------------------------ */

struct op_stat {
    unsigned idx;           /* dispatch index (vm.h: 0-255, 256 + op1 for B2xx) */
    unsigned opcode;        /* 0xNN or 0xB2NN */
    const char *name;       /* mnemonic, "?" if not in the table */
    uint64_t count, cycles;
};
/* The opcodes that ran, most frequent first; returns how many. */
size_t stats_collect(const struct vm_counters *c, struct op_stat out[512]);
/* num/den as "5.50" (two decimals, rounded), "-" if den is 0. */
void report_ratio(char *buf, size_t size, uint64_t num, uint64_t den);
/* Totals, CPI and the per-opcode table. */
void report_stats(FILE *out, const struct vm_counters *c);

/* ---- tracing (report-trace.c) ----------------------------------------------- */

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
};
#define TRACE_LIMIT ((uint64_t)64 << 20)       /* --max-trace default: 64 MiB */
void trace_init(struct trace_state *t, FILE *out, const struct symtab *syms, int insns,
                int micros);
/* The callbacks of struct vm_trace (ctx is the trace_state); once limit
   bytes were written they stop the run (VM_STOP_REQUEST, limit_hit set). */
int trace_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *bytes, int len);
int trace_micro(void *ctx, struct vm *vm, unsigned upc);
/* Complete the last instruction's line at the end of the run. */
void trace_finish(struct trace_state *t, struct vm *vm);

/* ---- JSON --------------------------------------------------------------- */

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
