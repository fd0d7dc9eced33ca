/*
 * internal.h -- the assembler's data model, shared by the files of asm/.
 *
 * Flow: source.c reads files into physical lines and joins continuation
 * lines into logical statements; the macro processor (macro.c, setsym.c)
 * takes macro definitions, conditional assembly and macro calls, whose
 * expansions become statements of their own (stmt_more.exp); each
 * statement is scanned (lexer.l) and parsed (parser.y) into a struct stmt
 * holding expression trees.  Pass 1
 * (pass1.c) assigns locations, defines symbols and sizes literals; the
 * sections are then laid out (section.c); pass 2 (pass2.c) evaluates
 * operands, encodes instructions and constants, fills the object module
 * (emit.c) and writes the listing (listing.c).
 *
 * Values: a symbol's value is an offset within its section (its
 * "relocation base"); absolute symbols have section -1.  Externals are
 * sections too (kind SEC_EXT), at offset 0.  Assembly addresses (what the
 * object module and the listing show) are section origin + offset.
 */
#ifndef IMP_ASM_INTERNAL_H
#define IMP_ASM_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "asm.h"
#include "diag.h"
#include "isa.h"
#include "obj.h"

#define SYM_MAX      63     /* longest symbol */
#define COPY_DEPTH   16     /* nested COPY limit */
#define MAX_CONT     20     /* continuation lines per statement */
#define STMT_COLS    71     /* statement field: columns 1-71; 72 continues */
#define CONT_COL     16     /* continuation lines resume in column 16 */
#define MAX_RELTERMS 4      /* relocatable terms kept while evaluating */

/* ---- memory: an arena freed all at once -------------------------------- */
struct arena_blk;
struct arena { struct arena_blk *head; };
void *arena_alloc(struct arena *a, size_t n);          /* zeroed; never NULL (aborts on ENOMEM) */
void *arena_raw(struct arena *a, size_t n);            /* the same, not zeroed */
char *arena_strndup(struct arena *a, const char *s, size_t n);
void arena_free(struct arena *a);
void arena_reset(struct arena *a);                     /* everything freed, a block kept */
/* Grow a malloc'ed array to hold at least n+1 elements of size sz. */
void *xgrow(void *p, size_t *cap, size_t n, size_t sz);
/* The same for arrays that may be large (mapped from 2 MB up): at least n elements. */
void *big_grow(void *p, size_t *cap, size_t n, size_t sz);
void big_free(void *p, size_t cap, size_t sz);

/* ---- expressions --------------------------------------------------------- */
enum ex_kind { EX_NUM, EX_SYM, EX_LOC, EX_LATTR, EX_LIT, EX_ADD, EX_SUB, EX_MUL, EX_DIV,
               EX_NEG,
               EX_QSYM,     /* LABEL.SYM: name = SYM, r = EX_SYM naming the USING label */
               EX_RANGE,    /* (b,e): l = b, r = e; first operand of USING only */
               EX_BASED,    /* D(B) in an S-type constant: l = D, r = B */
};

struct expr {
    enum ex_kind kind;
    int col;                /* column in the logical statement, 1-based */
    union {
        int64_t num;        /* EX_NUM value; EX_LIT literal index */
        const char *name;   /* EX_SYM, EX_LATTR (NULL for L'* and L'=literal) */
    };
    struct expr *l, *r;
};

/* The value of an expression: num + sum(coef * base of sect). */
struct value {
    int64_t num;
    int nrel;
    struct { int sect, coef; } rel[MAX_RELTERMS];
    uint32_t lenattr;       /* length attribute of the leftmost term */
    int has_len;
    const char *qual;       /* USING label of a qualified term (LABEL.SYM), or NULL */
};

/* ---- operands ------------------------------------------------------------ */
enum opform {
    OPF_PLAIN,              /* e        */
    OPF_ONE,                /* e(a)     */
    OPF_TWO,                /* e(a,b)   */
    OPF_NOA,                /* e(,b)    */
};

struct operand {
    struct expr *d, *a, *b;
    enum opform form;
    int col;
};

/* One DC/DS operand or literal: [dup] type [Ln] [nominal]. */
struct dcop {
    struct expr *dupx;      /* duplication factor, NULL for 1 */
    char type;              /* C X B F H A V Y P Z D (upper case) */
    int explen;             /* explicit length from Ln, -1 if none */
    struct expr *lenx;      /* L(expr) */
    const char *str;        /* nominal string (raw, between the quotes) */
    int strlen, strcol;
    struct expr **vals;     /* nominal (expr,...) */
    int nvals;
    int col;
    struct dcop *next;
    /* pass 1 */
    int done;               /* sized */
    int64_t dup;
    uint32_t elen;          /* length of one nominal value */
    int nelem;              /* nominal values per duplicate */
    uint32_t align;
    uint32_t total;         /* bytes: dup * nelem * elen */
};

/* ---- operation table ----------------------------------------------------- */
enum dir_code {
    D_CSECT, D_DSECT, D_START, D_END, D_ENTRY, D_EXTRN, D_WXTRN, D_DC, D_DS, D_EQU, D_ORG,
    D_LTORG, D_USING, D_DROP, D_CNOP, D_COPY, D_TITLE, D_SPACE, D_EJECT, D_PRINT,
    D_AMODE, D_RMODE,
};

enum opkind { OPK_INSN, OPK_EXT, OPK_DIR };

struct opent {
    const char *name;
    enum opkind kind;
    const struct isa_insn *insn;    /* INSN: itself; EXT: BC or BCR */
    int mask;                       /* EXT: the fixed mask */
    enum dir_code dir;
    int noops;                      /* directive takes no operands */
    unsigned char len;              /* strlen(name) */
    unsigned char gone;             /* deleted or redefined by OPSYN */
};

struct optab;
struct optab *optab_new(void);
void optab_free(struct optab *t);
const struct opent *optab_find(const struct optab *t, const char *name, size_t n);
/* OPSYN: name (upper case, at most 8 characters, kept by the caller) is no operation
   any more; optab_alias then makes it stand for old.  optab_alias: 0, or -1 when the
   table is full. */
void optab_remove(struct optab *t, const char *name, size_t n);
int optab_alias(struct optab *t, const char *name, const struct opent *old);
/* Offer the operations (optab_near) and the macros (mac_near) for "did
   you mean" (slip.h). */
struct slip_near;
void optab_near(const struct optab *t, const char *name, size_t n, struct slip_near *nn);
void mac_near(struct assembler *as, const char *name, size_t n, struct slip_near *nn);
/* A macro name impas does not have: the message to give, or NULL. */
struct macro_hint {
    const char *name;
    int regs;               /* a register-equate macro: R0-R15 are defined anyway */
    const char *msg;
};
const struct macro_hint *optab_macro(const char *name, size_t n);
/* An instruction of a later architecture (later.def): what to write instead. */
struct later_insn {
    const char *name, *arch, *use;
};
const struct later_insn *optab_later(const char *name, size_t n);
/* A System/370 instruction IMP leaves out (absent.def): its group, what to do. */
struct absent_insn {
    const char *name, *what, *use;
};
const struct absent_insn *optab_absent(const char *name, size_t n);

/* ---- statements ---------------------------------------------------------- */
struct sdiag {              /* a diagnostic attached to a statement */
    enum diag_level lvl;
    int col;                /* logical column */
    char *msg;
    struct sdiag *next;
};

struct seg {                /* a piece of the logical statement */
    int off;                /* offset in the logical text */
    int line;               /* physical line (index in the file) */
    int col;                /* physical column of text[off], 1-based */
};

enum stmt_kind { ST_NONE, ST_INSN, ST_DIR };

/* What few statements have: continuation lines, diagnostics. */
struct stmt_more {
    const char *text;               /* a continued statement's logical text, else NULL */
    struct seg *segs;               /* its pieces (NULL: one line) */
    int nsegs;
    struct sdiag *diags, *dtail;
    const struct mexp *exp;         /* generated by this macro expansion, or NULL */
    unsigned char is_call;          /* a macro instruction (its expansion follows) */
    unsigned char subst;            /* open code with SET symbols substituted: text is it */
    unsigned char mnote;            /* an MNOTE: listed even under PRINT NOGEN (HLASM) */
};

/* One macro expansion, for the traceback of its statements' diagnostics. */
struct mexp {
    const char *name;               /* the macro */
    int call;                       /* the statement that called it (may be generated) */
    int col;                        /* column of the operation in that statement */
};

/* The operands of a directive other than DC and DS. */
struct dirargs {
    struct expr **args;             /* nargs operands (NULL = omitted) */
    int *argcol;
    int nargs;
    int titlelen;
    const char *title;              /* TITLE string */
    int pool;                       /* LTORG/END: literal pool index, -1 */
    int pool_first, pool_n;         /* its literals: poolorder[first .. first+n) */
};

/*
 * One logical statement: what every pass needs, in 64 bytes (a large
 * source has one per line, so its size is most of the assembler's memory).
 * The operands hang off it by kind; the rest is in st->more when needed.
 * The text of a one-line statement is its source line: stmt_text().
 */
struct stmt {
    const char *name;
    const struct opent *op;
    union {                         /* by kind and operation: */
        struct operand *ops;        /* ST_INSN: nops of them (NULL for a quick statement
                                       outside its own step in pass 2, see quick.c) */
        struct dcop *dc;            /* DC, DS */
        struct dirargs *dir;        /* other directives: never NULL once parsed */
    };
    struct stmt_more *more;         /* NULL for a one-line statement without messages */
    uint32_t loc;                   /* pass 1: offset of the statement in sect */
    uint32_t len;                   /* pass 1: bytes generated or reserved */
    int sect;                       /* pass 1: section of the location counter, -1 none */
    int file, line;                 /* first physical line (0-based index) */
    short textlen;                  /* columns: a statement is at most ~1200 */
    short opcol;
    unsigned char nlines;           /* physical lines (at most 1 + MAX_CONT) */
    unsigned char namecol;          /* 1 with a name (the name field is column 1), else 0 */
    unsigned char kind;             /* enum stmt_kind */
    unsigned char nops;             /* 0 for directives */
    unsigned char bad;              /* syntax error: skip */
    unsigned char in_print_off;     /* listing suppressed */
    unsigned char macro;            /* bad: a macro name (1), a register-equate macro (2) */
    unsigned char quick;            /* an instruction whose operands are built again in
                                       pass 2, only for its own step: 1 by the quick path
                                       (quick.c), 2 by flex and bison (parse_stmt) */
};
_Static_assert(sizeof(void *) != 8 || sizeof(struct stmt) == 64, "struct stmt grew");

/* ---- sections ------------------------------------------------------------ */
enum sec_kind { SEC_CSECT, SEC_DSECT, SEC_PRIVATE, SEC_EXT };

struct section {
    const char *name;
    enum sec_kind kind;
    uint32_t loc, max;              /* current and highest location counter */
    uint32_t origin;                /* assembly address (CSECTs) */
    int esd;                        /* ESD id (CSECT, EXT) */
    int weak;                       /* WXTRN */
    int is_v;                       /* EXT made by a V-con only */
};

/* ---- symbols ------------------------------------------------------------- */
enum sym_kind { SYM_UNDEF, SYM_LABEL, SYM_EQU, SYM_SECT, SYM_EXT };

/*
 * A symbol, in 48 bytes (a large source has thousands).  An EQU is
 * evaluated lazily: its expressions are the operands of its statement
 * (defstmt), where * is that statement's location.
 */
struct symbol {
    const char *name;
    int *refs;                      /* referencing statements, for the listing only */
    int32_t val;                    /* values are 32-bit (expr.c checks) */
    int sect;                       /* -1 absolute */
    uint32_t len;
    int defstmt;                    /* statement index, -1 */
    uint32_t nrefs, caprefs;
    unsigned char kind;             /* enum sym_kind */
    char type;
    unsigned char state;            /* EQU: 0 unevaluated, 1 evaluating, 2 done, 3 failed */
    unsigned char entry;            /* named by ENTRY */
    unsigned char circular;         /* its EQU refers to itself */
};
_Static_assert(sizeof(void *) != 8 || sizeof(struct symbol) == 48, "struct symbol grew");

struct symtab {
    struct symbol **slots;
    size_t cap, count;
};
void symtab_init(struct symtab *t);
void symtab_free(struct symtab *t);
struct symbol *symtab_find(struct symtab *t, const char *name);
struct symbol *symtab_get(struct assembler *as, const char *name);  /* creates SYM_UNDEF */
void symtab_ref(struct symbol *s, int stmt);    /* stmt refers to s (once in a row) */
int symtab_sorted(struct symtab *t, struct symbol ***out);         /* malloc'ed, by name */

/* ---- literals ------------------------------------------------------------ */
struct literal {
    const char *text;               /* "=F'1'" as written */
    struct dcop *dc;
    int stmt;                       /* first use */
    int pool;                       /* -1 until placed */
    int sect;
    uint32_t loc;
    int generated;
    uint8_t *bytes;
    struct relfix *fix;
    int nfix;
    int canon;                      /* the pooled literal this one shares */
    struct literal *hnext;          /* hash chain (pending pool only) */
};

/* A relocatable field produced by dc.c, emitted as RLD/XREF. */
struct relfix {
    uint32_t off;                   /* offset from the constant's start */
    int len;
    int sect;
    int neg;
    int v;
};

/* ---- USING --------------------------------------------------------------- */
struct using {
    int reg;
    int sect;                       /* -1: absolute */
    int64_t base;
    int64_t end;                    /* first offset not covered */
    const char *label;              /* labeled USING: only LABEL.SYM resolves here */
};

/* ---- the assembler ------------------------------------------------------- */
#define LINE_KEEP    160    /* columns of a source line kept for display (lens are bytes) */
_Static_assert(LINE_KEEP <= 255, "a line length is kept in a byte");

/*
 * A source file: its text, mapped or read whole, and its lines.  A line
 * is lines[i] with lens[i] characters (at most LINE_KEEP), NOT
 * NUL-terminated: most lines point into the text, which is never written.
 */
struct srcfile {
    const char *path;
    void *buf;                      /* the text: malloc'ed, or mapped (maplen > 0) */
    size_t maplen;
    const char **lines;             /* in the arena, like lens */
    unsigned char *lens;
    int nlines;
    int objfile;                    /* FILE index in the object */
    char sha[65];                   /* SHA-256 of the text, hex (the object's HASH) */
};

struct lexctx;
struct macproc;

struct assembler {
    struct diag *diag;
    struct asm_options opt;
    struct arena arena;
    struct arena scratch;           /* pass 2: the operands of the current quick statement */
    struct optab *optab;
    struct srcfile **files;
    size_t nfiles, capfiles;
    int copy_depth;
    struct stmt *stmts;
    size_t nstmts, capstmts;
    int ended;                      /* END seen while reading */
    struct symtab syms;
    struct section *sects;
    size_t nsects, capsects;
    int cursect;                    /* location counter's section, -1 none */
    uint32_t loc_bias;              /* added to * while a DC address constant is made */
    int first_csect;
    struct literal **lits;
    size_t nlits, caplits;
    struct literal **lithash;       /* pending literals by text */
    size_t lithcap;
    int npools;
    int *pending;                   /* canonical literals awaiting a pool */
    size_t npending, cappending;
    int lits_orphan_first, lits_orphan_n;  /* pool made when END is missing */
    int *poolorder;
    size_t npoolorder, cappoolorder;
    struct using usings[16];
    int nusing;
    int base_lost[16];              /* pass 2: 1 + the statement that loaded a routine's
                                       address (=V) into a USING's base register; 0 none */
    int entry_stmt;                 /* END with operand: statement index */
    struct lexctx *lex;
    void *scanner;
    struct obj_module obj;
    /* pass 2 */
    int pass;
    int curstmt;
    int in_acon;                    /* evaluating the value of an A-type constant */
    int said_no_using;              /* the note "no USING is in effect" was given */
    struct emitbuf { int esd; uint32_t addr; uint32_t len; uint8_t data[64]; } eb;
    int print_on;
    int print_gen, print_mcall;     /* PRINT GEN/NOGEN, MCALL/NOMCALL */
    int print_data, print_msource;  /* PRINT DATA/NODATA, MSOURCE/NOMSOURCE */
    int print_uhead;                /* PRINT UHEAD/NOUHEAD (kept: no USING heading) */
    struct listing *lst;
    struct macproc *mac;            /* the macro processor (macro.c) */
    int nerrors;                    /* errors attached to statements so far */
    int loc_over;                   /* pass 1 passed X'FFFFFF': it stops there */
    int stop;                       /* a limit was reached (the error limit, a macro
                                       budget): read, copy and expand nothing more */
};

/* source.c */
int src_read_file(struct assembler *as, const char *path, int from_stmt, int col);
int src_read_mem(struct assembler *as, const char *name, const char *text, size_t len);
void src_free(struct assembler *as);
/*
 * The mapped text's pages leave the process: they stay in the page cache
 * and come back, unchanged, at the next access.  Reading statements and
 * pass 2 call it every SRC_RELEASE statements, so a large source is never
 * resident in the assembler all at once (its peak memory is the
 * statements, not the statements and the text).
 */
#define SRC_RELEASE 16384
void src_release(struct assembler *as);
/* Line i of file f as a C string, in buf (at least LINE_KEEP + 1 bytes). */
const char *src_line(const struct srcfile *f, int i, char *buf);

/* A statement made by a macro expansion: text (len columns) stands for
   line `line` of file `file` (the model statement); parsed unless is_ca
   (conditional assembly, a macro call: listed only).  Returns its index. */
int src_gen_stmt(struct assembler *as, int file, int line, const char *text, int len,
                 const struct mexp *exp, int unparsed);
/* What follows parsing a statement: END, COPY, the section name &SYSECT needs. */
void src_after_parse(struct assembler *as, int si);
/* A macro library member: its lines, without statements.  The file index, or -1 (a
   member that is no regular file, or too large: reported at statement si). */
int src_load(struct assembler *as, const char *path, int si);
/* The path of COPY member name for a COPY statement of file (errors at si, col). */
int src_find_copy(struct assembler *as, int si, int col, int file, const char *name,
                  char *path, size_t n);
/* The next logical line of file fi from line *li (continuations joined):
   its text and length (0 for a comment or blank line), *li advanced. */
void src_logical(struct assembler *as, int fi, int *li, const char **text, int *len);

/* macro.c: the macro processor, between reading lines and parsing them */
int mac_init(struct assembler *as);
void mac_free(struct assembler *as);
/* Statement si (open code, line *li of file fi, the next line to read) before it is
   parsed: 1 if the macro processor took it (a definition, conditional assembly, a
   macro call and its expansion, a skipped statement); *li may move (AGO). */
int mac_open_stmt(struct assembler *as, int si, int fi, int *li);
/* End of the source: an unterminated MACRO, or an AGO/AIF whose target
 * never came, is reported; returns nonzero if so (the rest of the source,
 * END included, was taken by it). */
int mac_finish(struct assembler *as);
/* Charge gen bytes of generated text and set bytes of SET symbol values (negative:
   freed) to the assembly's budget (asm_options.macro_text): 0, or -1 once it is
   spent -- then as->stop is set and, if si >= 0, the error is attached to statement si. */
int mac_budget(struct assembler *as, int si, long gen, long set);
void mac_section(struct assembler *as, const char *name);   /* &SYSECT */
/* A comment line (statement si, no text) in open code: kept if a definition is read. */
void mac_comment(struct assembler *as, int si);

/* parse.c: parse one logical statement into st */
void parse_stmt(struct assembler *as, struct stmt *st);
int lex_init(struct assembler *as);
void lex_free(struct assembler *as);

/* messages attached to the current statement (or to stmt index i) */
void stmt_msg(struct assembler *as, int i, enum diag_level lvl, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
#define asm_error(as, col, ...)   stmt_msg(as, (as)->curstmt, DIAG_ERROR, col, __VA_ARGS__)
#define asm_warning(as, col, ...) stmt_msg(as, (as)->curstmt, DIAG_WARNING, col, __VA_ARGS__)
void stmt_flush_diags(struct assembler *as);
void stmt_source_pos(const struct assembler *as, const struct stmt *st, int col, int *line,
                     int *pcol);

/* expr.c */
enum { EV_QUIET = 1, EV_PASS1 = 2, EV_NOREF = 4 };
int expr_eval(struct assembler *as, const struct expr *e, int flags, struct value *v);
int expr_abs(struct assembler *as, const struct expr *e, int flags, int64_t *out);
int value_is_abs(const struct value *v);
int value_is_simple(const struct value *v);     /* exactly one base, coefficient +1 */
/* Whether c may be an EQU's type attribute: a printable character other than a
   blank (it is written in the object module's SYM record). */
static inline int equ_type_ok(char c) { return c > ' ' && c < 0x7F; }
struct symbol *sym_resolve(struct assembler *as, const char *name, int flags);
int64_t expr_lenattr(struct assembler *as, const struct expr *e);

/* section.c */
int sect_new(struct assembler *as, const char *name, enum sec_kind kind);
int sect_find(struct assembler *as, const char *name, enum sec_kind kind);
void sect_enter(struct assembler *as, int s);
uint32_t sect_align(struct assembler *as, uint32_t align);    /* aligns the locctr */
void sect_advance(struct assembler *as, uint32_t n);
void sect_layout(struct assembler *as);
int sect_extern(struct assembler *as, const char *name, int weak, int is_v);
uint32_t sect_addr(const struct assembler *as, int sect, int64_t off);

/* using.c */
void using_stmt(struct assembler *as, struct stmt *st);
void drop_stmt(struct assembler *as, struct stmt *st);
/* Resolve a storage address to base+displacement; 0 ok, -1 (reported). */
int using_resolve(struct assembler *as, const struct value *v, int col, int *base, int *disp);

/* literal.c */
int lit_new(struct assembler *as, struct dcop *dc, const char *text, int len);
void lit_pool(struct assembler *as, struct stmt *st, int at_end);
void lit_scan_stmt(struct assembler *as, struct stmt *st);
void lit_generate(struct assembler *as, int li, int col);
void lit_emit_pool(struct assembler *as, struct stmt *st);

/* dc.c */
int dc_size(struct assembler *as, struct dcop *dc, int is_ds);
/* The length attribute of constant dc's first value, before pass 1 (explicit, or
   implied by the nominal value: P'12345' is 3, Z'123' 3, C'AB' 2). */
int64_t dc_implicit_len(const struct dcop *dc);
void dc_stmt_size(struct assembler *as, struct stmt *st, int is_ds);
/*
 * Generate one operand into out (dc->total bytes); relocation fixes appended.
 * stmt_off is the operand's offset from its statement's location, so that *
 * in an address constant names the constant it stands in (each value and
 * each duplicate its own, as HLASM does); -1 for a literal, where * is the
 * location of the statement that uses it.
 */
int dc_gen(struct assembler *as, const struct dcop *dc, uint32_t addr_off, uint8_t *out,
           struct relfix **fix, int *nfix, int64_t stmt_off);
void dc_stmt_gen(struct assembler *as, struct stmt *st);
char dc_type_attr(const struct dcop *dc);

/* pass1.c, pass2.c, insn.c */
void pass1(struct assembler *as);
void pass1_finish(struct assembler *as);
void pass2(struct assembler *as);
void insn_gen(struct assembler *as, struct stmt *st);

/* emit.c */
void emit_bytes(struct assembler *as, int sect, uint32_t off, const uint8_t *p, uint32_t n);
void emit_flush(struct assembler *as);
void emit_fix(struct assembler *as, int sect, uint32_t off, const struct relfix *f);
void emit_xref(struct assembler *as, int sect, uint32_t off, const struct value *v);
void emit_symbols(struct assembler *as);

/* listing.c */
struct listing;
struct listing *lst_new(struct assembler *as, FILE *f);
void lst_free(struct listing *l);
void lst_stmt(struct assembler *as, struct stmt *st, const uint8_t *code, uint32_t n,
              long addr1, long addr2);
void lst_literal(struct assembler *as, const struct literal *lit, uint32_t addr);
void lst_title(struct assembler *as, const char *t, int n);
void lst_eject(struct assembler *as);
void lst_space(struct assembler *as, int n);
void lst_finish(struct assembler *as);

static inline struct stmt *cur_stmt(struct assembler *as) { return &as->stmts[as->curstmt]; }

/* The logical text of st (textlen columns, not NUL-terminated). */
static inline const char *stmt_text(const struct assembler *as, const struct stmt *st)
{
    return st->more && st->more->text ? st->more->text : as->files[st->file]->lines[st->line];
}

static inline struct sdiag *stmt_diags(const struct stmt *st)
{
    return st->more ? st->more->diags : NULL;
}

/* The operands of directive st (not DC/DS); NULL if it has none yet. */
static inline struct dirargs *stmt_dir(const struct stmt *st)
{
    if (!st->op || st->op->kind != OPK_DIR || st->op->dir == D_DC || st->op->dir == D_DS)
        return NULL;
    return st->dir;
}

/* The operands of st, made on first need (st is a directive other than DC/DS). */
struct dirargs *stmt_dir_make(struct assembler *as, struct stmt *st);
struct stmt_more *stmt_more(struct assembler *as, struct stmt *st);

#endif
