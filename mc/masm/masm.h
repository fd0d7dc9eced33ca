/*
 * masm.h -- impmc, the micro-assembler: shared data structures.
 *
 * Pass 1 (parser.y, lexer.l) turns each source file into statements: a
 * statement is an optional label and the field assignments of one
 * microword, or an .equ directive.  Pass 2 (encode.c) resolves names and
 * encodes the words; check.c verifies the program (labels, reachability,
 * entry points of lib/isa.def); emit.c writes the image, listing and map.
 */
#ifndef IMP_MASM_H
#define IMP_MASM_H

#include "diag.h"
#include "microword.h"

#include <stdint.h>

struct loc {
    int file;                   /* index in masm.files */
    int line, col;
};

/* Expressions: numbers, names (an .equ, a label, or a value name), operators. */
enum expr_kind { E_NUM, E_NAME, E_NEG, E_NOT, E_ADD, E_SUB, E_MUL, E_OR, E_AND, E_SHL, E_SHR };
struct expr {
    enum expr_kind kind;
    long num;
    char *name;
    struct expr *l, *r;
    struct loc loc;
};

/* One item of a microword statement. */
enum item_kind {
    IT_FIELD,       /* name = value, or name = #expr (a literal) */
    IT_SEQ          /* GOTO, IF ... GOTO, CALL, RETURN, END, DISPATCH */
};
struct item {
    enum item_kind kind;
    struct loc loc;
    char *field;                /* IT_FIELD */
    struct expr *value;
    int literal;                /* '#' form */
    int seq;                    /* IT_SEQ: MC_SEQ_* */
    char *cond;                 /* condition name or NULL */
    struct loc cond_loc;
    char *target;               /* label or NULL */
    struct loc target_loc;
    struct item *next;
};

struct stmt {
    struct loc loc;
    char *label;                /* may be NULL */
    struct item *items;         /* a microword (NULL with is_equ) */
    int is_word;                /* this statement is a microword */
    int is_equ;
    struct expr *equ_value;
    unsigned addr;              /* of the word */
    struct stmt *next;
};

struct srcfile {
    char *path;
    char *text;                 /* whole file, NUL-terminated */
    char **lines;               /* line starts, for diagnostics */
    int nlines;
};

struct symbol {
    char *name;
    long value;
    int is_label;
    int used;
    struct loc loc;
};

struct masm {
    struct diag diag;
    struct srcfile *files;
    int nfiles;
    struct stmt *first, *last;
    unsigned nwords;
    struct symbol *syms;
    int nsyms, symcap;
    struct mc_image img;
    struct stmt **word_stmt;
    int eof_nl;                 /* the scanner gave the final end of line */
};

/* Report at loc (level: DIAG_*). */
void masm_report(struct masm *m, enum diag_level lvl, struct loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Parse one source file (already in m->files[file]); statements appended. */
int masm_parse_file(struct masm *m, int file);

/* Symbols. */
struct symbol *masm_lookup(struct masm *m, const char *name);
struct symbol *masm_define(struct masm *m, const char *name, long value, int is_label,
                           struct loc loc);

/* Pass 2 and the checks. */
int masm_assign(struct masm *m);        /* addresses, labels, .equ */
int masm_encode(struct masm *m);        /* words */
int masm_check(struct masm *m);         /* vectors, dispatch, reachability, unused */

/* Outputs. */
int masm_write_listing(struct masm *m, FILE *f);
int masm_write_map(struct masm *m, FILE *f);
int masm_write_c(struct masm *m, FILE *f, const char *name);

/* Helpers for the parser. */
struct expr *expr_new(enum expr_kind k, struct expr *l, struct expr *r, struct loc loc);
void expr_free(struct expr *e);
void items_free(struct item *it);          /* a list, through next */
void masm_free(struct masm *m);

#endif
