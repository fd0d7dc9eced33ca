/*
 * parse.c -- building statements: the grammar's actions (px_*), the
 * driver that scans and parses one logical statement, and the messages
 * attached to statements (reported in statement order at the end, and
 * shown in the listing right after their statement).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "asm/parser.h"

void *lex_begin(struct assembler *as, struct stmt *st);
void lex_end(struct assembler *as, void *buf);

struct expr *px_node(struct lexctx *x, enum ex_kind k, struct expr *l, struct expr *r, int col)
{
    struct expr *e = arena_raw(x->nodes, sizeof *e);
    *e = (struct expr){ .kind = k, .col = col, .l = l, .r = r };
    return e;
}

struct expr *px_num(struct lexctx *x, int64_t v, int col)
{
    struct expr *e = px_node(x, EX_NUM, NULL, NULL, col);
    e->num = v;
    return e;
}

struct expr *px_sym(struct lexctx *x, const char *name, int col)
{
    struct expr *e = px_node(x, EX_SYM, NULL, NULL, col);
    e->name = name;
    return e;
}

/* LABEL.SYM (qname, upper case): the symbol, qualified by a USING label. */
struct expr *px_qsym(struct lexctx *x, const char *qname, int col)
{
    const char *dot = strchr(qname, '.');
    struct expr *e = px_node(x, EX_QSYM, NULL, NULL, col);
    e->name = dot + 1;
    e->r = px_sym(x, arena_strndup(x->nodes, qname, (size_t)(dot - qname)), col);
    return e;
}

/* A literal: the text from '=' to the end of the operand is its identity. */
struct expr *px_lit(struct lexctx *x, struct dcop *dc, int col, int endcol)
{
    struct expr *e = px_node(x, EX_LIT, NULL, NULL, col);
    int len = endcol - col + 1;
    if (col < 1 || len < 1 || col - 1 + len > x->st->textlen)
        len = 1;
    e->num = lit_new(x->as, dc, stmt_text(x->as, x->st) + col - 1, len);
    return e;
}

void px_insn(struct lexctx *x, const struct opent *op, int col)
{
    x->st->op = op;
    x->st->opcol = (short)col;
    x->st->kind = op->kind == OPK_DIR ? ST_DIR : ST_INSN;
    if (stmt_dir(x->st))
        stmt_dir_make(x->as, x->st);
}

void px_operand(struct lexctx *x, int i, enum opform f, struct expr *d, struct expr *a,
                struct expr *b, int col)
{
    if (!x->st->ops)        /* three: the most any shape has */
        x->st->ops = arena_raw(x->nodes, 3 * sizeof *x->st->ops);
    struct operand *o = &x->st->ops[i];
    o->form = f;
    o->d = d;
    o->a = a;
    o->b = b;
    o->col = col;
    if (x->st->nops < i + 1)
        x->st->nops = i + 1;
}

void px_arg(struct lexctx *x, struct expr *e, int col)
{
    struct dirargs *st = stmt_dir_make(x->as, x->st);
    struct expr **na = arena_alloc(&x->as->arena, sizeof *na * (size_t)(st->nargs + 1));
    int *nc = arena_alloc(&x->as->arena, sizeof *nc * (size_t)(st->nargs + 1));
    if (st->nargs) {
        memcpy(na, st->args, sizeof *na * (size_t)st->nargs);
        memcpy(nc, st->argcol, sizeof *nc * (size_t)st->nargs);
    }
    na[st->nargs] = e;
    nc[st->nargs] = col;
    st->args = na;
    st->argcol = nc;
    st->nargs++;
}

/* A quoted string operand (TITLE's): the first one is the title. */
void px_string_arg(struct lexctx *x, const char *s, int n, int col)
{
    struct dirargs *d = stmt_dir_make(x->as, x->st);
    if (!d->title) {
        d->title = s;
        d->titlelen = n;
    }
    px_arg(x, NULL, col);
}

struct dirargs *stmt_dir_make(struct assembler *as, struct stmt *st)
{
    if (!st->dir) {
        st->dir = arena_alloc(&as->arena, sizeof *st->dir);
        st->dir->pool = -1;
    }
    return st->dir;
}

struct stmt_more *stmt_more(struct assembler *as, struct stmt *st)
{
    if (!st->more)
        st->more = arena_alloc(&as->arena, sizeof *st->more);
    return st->more;
}

void px_error(struct lexctx *x, int col, const char *msg)
{
    x->st->bad = 1;
    stmt_msg(x->as, (int)(x->st - x->as->stmts), DIAG_ERROR, col, "%s", msg);
}

/*
 * Parse st (its text and segments are set).  On return st->kind says what
 * it is; st->bad is set after a syntax error (already reported).
 *
 * An instruction the quick path cannot take is parsed in full, its nodes
 * and identifiers in as->scratch; if it has no literal (no '=' in its
 * text: a literal is registered as it is parsed) and no error, its
 * operands are not kept -- pass 1 needs only its name and operation, and
 * pass 2 parses it again (st->quick == 2, parse_rebuild), as it rescans a
 * quick statement.  A large source then keeps no expression nodes for
 * its instructions: the memory is the statements and their text.
 */
void parse_stmt(struct assembler *as, struct stmt *st)
{
    const struct opent *op;
    if (quick_stmt_op(as, st, &op))
        return;
    if (!op || op->kind == OPK_DIR || memchr(stmt_text(as, st), '=', (size_t)st->textlen)) {
        parse_stmt_full(as, st);
        return;
    }
    struct lexctx *x = as->lex;
    arena_reset(&as->scratch);
    x->nodes = &as->scratch;
    parse_stmt_full(as, st);
    x->nodes = &as->arena;
    st->ops = NULL;         /* they lived in as->scratch */
    st->nops = 0;
    if (st->kind == ST_INSN && !st->bad)
        st->quick = 2;
}

void parse_rebuild(struct assembler *as, struct stmt *st)
{
    struct lexctx *x = as->lex;
    const char *name = st->name;
    arena_reset(&as->scratch);
    x->nodes = &as->scratch;
    x->rebuild = 1;
    parse_stmt_full(as, st);
    x->rebuild = 0;
    x->nodes = &as->arena;
    st->name = name;        /* the same text: the one the symbol table holds */
}

void parse_stmt_full(struct assembler *as, struct stmt *st)
{
    void *buf = lex_begin(as, st);
    as->lex->lastdc_str = NULL;
    asmyyparse(as->scanner, as->lex);
    lex_end(as, buf);
    /* a lone empty operand list means no operands */
    struct dirargs *d = stmt_dir(st);
    if (d && d->nargs == 1 && !d->args[0] && !d->title)
        d->nargs = 0;
}

/* ---- messages ------------------------------------------------------------ */

void stmt_msg(struct assembler *as, int i, enum diag_level lvl, int col, const char *fmt, ...)
{
    if (i < 0 || (size_t)i >= as->nstmts)
        return;
    struct stmt *st = &as->stmts[i];
    for (struct sdiag *p = stmt_diags(st); p; p = p->next)
        if (p->lvl >= DIAG_ERROR && lvl >= DIAG_ERROR && p->col == col)
            return;     /* one error per position */
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if ((lvl >= DIAG_ERROR || (lvl == DIAG_WARNING && as->diag->werror)) &&
        as->diag->max_errors > 0 && ++as->nerrors >= as->diag->max_errors)
        as->stop = 1;       /* the report stops there: so does the work */
    struct sdiag *d = arena_alloc(&as->arena, sizeof *d);
    d->lvl = lvl;
    d->col = col;
    d->msg = arena_strndup(&as->arena, buf, strlen(buf));
    struct stmt_more *m = stmt_more(as, st);
    if (m->dtail)
        m->dtail->next = d;
    else
        m->diags = d;
    m->dtail = d;
}

/* Map a logical column of st to its physical line and column. */
void stmt_source_pos(const struct assembler *as, const struct stmt *st, int col, int *line,
                     int *pcol)
{
    (void)as;
    int k = 0;
    if (col < 1)
        col = 1;
    const struct seg *segs = st->more ? st->more->segs : NULL;
    if (!segs) {
        *line = st->line;
        *pcol = col;
        return;
    }
    for (int j = 0; j < st->more->nsegs; j++)
        if (segs[j].off < col)
            k = j;
    *line = segs[k].line;
    *pcol = segs[k].col + (col - 1 - segs[k].off);
}

/* The calls that made a generated statement, innermost first: the first
   few and the outermost (a runaway recursion has a hundred). */
static int traceback(struct assembler *as, const struct mexp *x)
{
    int n = 0;
    for (const struct mexp *p = x; p; n++) {
        const struct stmt *c = &as->stmts[p->call];
        p = c->more ? c->more->exp : NULL;
    }
    for (int k = 0; x; k++) {
        const struct stmt *c = &as->stmts[x->call];
        if (k < 5 || k == n - 1) {
            if (diag_report(as->diag, DIAG_NOTE, as->files[c->file]->path, c->line + 1, x->col,
                            NULL, "in expansion of macro %s called here", x->name) < 0)
                return -1;
        } else if (k == 5 && diag_report(as->diag, DIAG_NOTE, as->files[c->file]->path,
                                         c->line + 1, x->col, NULL,
                                         "(%d more levels of macro calls)", n - 6) < 0) {
            return -1;
        }
        x = c->more ? c->more->exp : NULL;
    }
    return 0;
}

/* Report every statement's messages, in statement order, through diag. */
void stmt_flush_diags(struct assembler *as)
{
    for (size_t i = 0; i < as->nstmts; i++) {
        struct stmt *st = &as->stmts[i];
        for (struct sdiag *d = stmt_diags(st); d; d = d->next) {
            const struct srcfile *f = as->files[st->file];
            int line, col;
            stmt_source_pos(as, st, d->col, &line, &col);
            if (d->col <= 0)
                col = 0;
            char buf[LINE_KEEP + 1];
            const char *src = line < f->nlines ? src_line(f, line, buf) : NULL;
            const struct mexp *x = st->more->exp;
            if (x || st->more->subst) {     /* generated or substituted: the text made */
                int n = st->textlen < LINE_KEEP ? st->textlen : LINE_KEEP;
                memcpy(buf, st->more->text, (size_t)n);
                buf[n] = '\0';
                src = buf;
                col = d->col > 0 ? d->col : 0;
                line = st->line;
            }
            if (diag_report(as->diag, d->lvl, f->path, line + 1, col, src, "%s", d->msg) < 0)
                return;
            if (traceback(as, x) < 0)
                return;
        }
    }
}
