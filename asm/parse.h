/*
 * parse.h -- what the scanner (lexer.l) and the parser (parser.y) share:
 * the per-statement scanning context and the helpers the grammar's
 * actions call to build a struct stmt.
 *
 * The scanner is a small state machine over one logical statement:
 *   INITIAL  column 1: the name field (or blanks)
 *   OPC      the operation field; looked up in the operation table, which
 *            yields the token class (the operand shape) of the statement
 *   OPSP     blanks before the operands
 *   OPND     ordinary operands (expressions, addresses)
 *   DCOP     DC/DS operands and literals: [dup] type [Ln] 'nominal'|(...)
 *   REM      remarks, ignored
 * A frame stack handles literals inside operands and the parentheses of
 * DC operands (dup factor, length, nominal list).
 */
#ifndef IMP_ASM_PARSE_H
#define IMP_ASM_PARSE_H

#include "internal.h"

enum lex_frame_kind { LF_OPND, LF_DCOP, LF_DCPAR };
enum dc_phase { DCP_START, DCP_TYPE, DCP_TYPEL };
enum dc_parkind { DPK_DUP, DPK_LEN, DPK_NOMINAL };

struct lex_frame {
    enum lex_frame_kind kind;
    int lit;                        /* DCOP: scanning a literal */
    enum dc_phase phase;            /* DCOP */
    enum dc_parkind pk;             /* DCPAR: what the parentheses hold */
    int depth;                      /* DCPAR: nesting */
};

#define LEX_FRAMES 8

struct lexctx {
    struct assembler *as;
    struct arena *nodes;            /* where px_node puts nodes and identifiers: as->arena,
                                       or as->scratch (see parse_stmt) */
    int rebuild;                    /* pass 2 builds a statement's operands again: the
                                       name field is not kept either */
    struct stmt *st;
    int off;                        /* offset of the next character */
    struct lex_frame fr[LEX_FRAMES];
    int nfr;
    const char *errmsg;             /* set with ERRTOK */
    char errbuf[300];
    int errcol;
    int reported;                   /* one syntax error per statement */
    char *scan;                     /* the scanner's copy of the statement */
    size_t scancap;
    const char *lastdc_str;         /* nominal string of the dcop being reduced */
    int lastdc_strlen, lastdc_strcol;
};

/* The scanner's token for an operation (T_RR, T_RX, ..., T_DC, T_DIR): its shape. */
int lex_op_token(const struct opent *op);

/*
 * The quick path (quick.c): if st is an instruction whose operands are
 * plain numbers and symbols in the shape its token wants, set its name and
 * operation as the grammar would, mark it st->quick and return 1; else 0
 * (st untouched) to parse it in full.  Pass 1 needs no more of it; pass 2
 * calls quick_operands() to build its operands (as the grammar would, in
 * as->scratch: valid until the next call).
 */
int quick_stmt(struct assembler *as, struct stmt *st);
void quick_operands(struct assembler *as, struct stmt *st);
/* The same, and *op the operation the quick path found in st's operation field
   (NULL if it stopped before it). */
int quick_stmt_op(struct assembler *as, struct stmt *st, const struct opent **op);
/* The full path: flex and bison (parse_stmt tries quick_stmt first). */
void parse_stmt_full(struct assembler *as, struct stmt *st);
/* Pass 2: the operands of st (st->quick == 2) parsed again by flex and bison, in
   as->scratch as quick_operands builds them. */
void parse_rebuild(struct assembler *as, struct stmt *st);

/* Actions of the grammar. */
struct expr *px_num(struct lexctx *x, int64_t v, int col);
struct expr *px_sym(struct lexctx *x, const char *name, int col);
struct expr *px_qsym(struct lexctx *x, const char *qname, int col);
struct expr *px_node(struct lexctx *x, enum ex_kind k, struct expr *l, struct expr *r, int col);
struct expr *px_lit(struct lexctx *x, struct dcop *dc, int col, int endcol);
void px_insn(struct lexctx *x, const struct opent *op, int col);
void px_operand(struct lexctx *x, int i, enum opform f, struct expr *d, struct expr *a,
                struct expr *b, int col);
void px_arg(struct lexctx *x, struct expr *e, int col);
void px_string_arg(struct lexctx *x, const char *s, int n, int col);
void px_error(struct lexctx *x, int col, const char *msg);

#endif
