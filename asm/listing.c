/*
 * listing.c -- the assembly listing, in the manner of HLASM's:
 *
 *     Loc  Object Code      Addr1 Addr2   Stmt  Source Statement
 *   000000 90EC D00C                 0000C     2           STM   14,12,12(13)
 *
 * Loc is the statement's assembly address, Object Code the bytes (up to 8
 * a line; more go on continuation lines), Addr1/Addr2 the effective
 * addresses of storage operands (or an EQU's value), then the statement
 * number and the source.  Diagnostics follow their statement with a
 * caret.  Literal pools are listed where they are generated.  At the end:
 * the symbol cross-reference and a diagnostic summary.  The output is
 * deterministic: no dates or times.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define PAGE_LINES 60
#define SRC_COL    45       /* listing column where the source begins */

struct listing {
    FILE *f;
    int page, line;
    char title[104];
};

struct listing *lst_new(struct assembler *as, FILE *f)
{
    (void)as;
    struct listing *l = calloc(1, sizeof *l);
    if (l)
        l->f = f;
    return l;
}

void lst_free(struct listing *l) { free(l); }

static void heading(struct listing *l, const char *cols)
{
    if (l->page > 0)
        fputc('\f', l->f);
    l->page++;
    fprintf(l->f, "%-100s Page %4d\n", l->title[0] ? l->title : "IMPAS  System/370 assembler",
            l->page);
    fprintf(l->f, "%s\n\n", cols);
    l->line = 3;
}

static const char src_cols[] =
    "  Loc  Object Code      Addr1 Addr2   Stmt  Source Statement";

static void out_line(struct listing *l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void out_line(struct listing *l, const char *fmt, ...)
{
    if (l->page == 0 || l->line >= PAGE_LINES)
        heading(l, src_cols);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(l->f, fmt, ap);
    va_end(ap);
    l->line++;
}

static void hex(char *buf, const uint8_t *p, uint32_t n, int grouped)
{
    char *b = buf;
    for (uint32_t i = 0; i < n; i++) {
        if (grouped && i && i % 2 == 0)
            *b++ = ' ';
        b += sprintf(b, "%02X", p[i]);
    }
    *b = '\0';
}

static int shows_loc(const struct assembler *as, const struct stmt *st)
{
    if (st->bad || st->kind == ST_NONE || st->sect < 0)
        return 0;
    if (st->kind == ST_INSN)
        return 1;
    switch (st->op->dir) {
    case D_DC: case D_DS: case D_CNOP: case D_CSECT: case D_DSECT: case D_START: case D_ORG:
        return 1;
    case D_LTORG:
        return st->dir->pool >= 0;
    default:
        (void)as;
        return 0;
    }
}

static void diags(struct assembler *as, const struct stmt *st)
{
    struct listing *l = as->lst;
    for (const struct sdiag *d = stmt_diags(st); d; d = d->next) {
        int line, col;
        stmt_source_pos(as, st, d->col, &line, &col);
        if (st->more && st->more->exp) {
            if (d->col > 0)
                out_line(l, "%*s^\n", SRC_COL - 1 + d->col - 1, "");
            line = st->line;
        } else if (d->col > 0 && line >= st->line && line < st->line + st->nlines)
            out_line(l, "%*s^\n", SRC_COL - 1 + col - 1, "");
        static const char *const names[] = { "note", "warning", "error", "error" };
        if (line != st->line && d->col > 0)
            out_line(l, "** %s (line %d): %s\n", names[d->lvl], line + 1, d->msg);
        else
            out_line(l, "** %s: %s\n", names[d->lvl], d->msg);
    }
}

void lst_stmt(struct assembler *as, struct stmt *st, const uint8_t *code, uint32_t n,
              long addr1, long addr2)
{
    struct listing *l = as->lst;
    if (!l || (st->in_print_off && !stmt_diags(st)))
        return;
    const struct mexp *gen = st->more ? st->more->exp : NULL;
    if (gen && !stmt_diags(st) && !st->more->mnote &&
        !(st->more->is_call ? as->print_mcall : as->print_gen))
        return;     /* PRINT NOGEN / NOMCALL */
    const struct srcfile *f = as->files[st->file];
    int grouped = st->kind == ST_INSN;
    uint32_t first = grouped ? n : (n > 8 ? 8 : n);
    char loc[8] = "", obj[24] = "", a1[8] = "", a2[8] = "";
    if (shows_loc(as, st))
        snprintf(loc, sizeof loc, "%06X", sect_addr(as, st->sect, st->loc) & 0xFFFFFF);
    if (code && n)
        hex(obj, code, first, grouped);
    if (addr1 >= 0)
        snprintf(a1, sizeof a1, "%05lX", addr1 & 0xFFFFF);
    if (addr2 >= 0 && st->kind == ST_INSN)
        snprintf(a2, sizeof a2, "%05lX", addr2 & 0xFFFFF);
    else if (addr2 >= 0)
        snprintf(a2, sizeof a2, "%05lX", addr2 & 0xFFFFF);
    int own = gen || (st->more && st->more->subst);
    if (own) {      /* generated (marked +), or substituted: the text made */
        int text = !gen || as->print_msource || stmt_diags(st);    /* PRINT NOMSOURCE */
        out_line(l, "%-6s %-16s %5s %5s %6d%c %.*s\n", loc, obj, a1, a2,
                 (int)(st - as->stmts) + 1, gen ? '+' : ' ', text ? st->textlen : 0,
                 st->more->text);
    }
    for (int k = 0; k < st->nlines && !own; k++) {
        int li = st->line + k, w = li < f->nlines ? f->lens[li] : 0;
        const char *src = li < f->nlines ? f->lines[li] : "";
        if (k == 0)
            out_line(l, "%-6s %-16s %5s %5s %6d  %.*s\n", loc, obj, a1, a2,
                     (int)(st - as->stmts) + 1, w, src);
        else
            out_line(l, "%*s%.*s\n", SRC_COL - 1, "", w, src);
    }
    for (uint32_t k = first; k < n && as->print_data; k += 8) {    /* PRINT DATA */
        uint32_t m = n - k > 8 ? 8 : n - k;
        hex(obj, code + k, m, 0);
        out_line(l, "%06X %s\n", (sect_addr(as, st->sect, st->loc) + k) & 0xFFFFFF, obj);
    }
    diags(as, st);
}

void lst_literal(struct assembler *as, const struct literal *lit, uint32_t addr)
{
    struct listing *l = as->lst;
    if (!l || !as->print_on)
        return;
    uint32_t n = lit->dc->total;
    char obj[24] = "";
    hex(obj, lit->bytes, n > 8 ? 8 : n, 0);
    out_line(l, "%06X %-16s %5s %5s %6s  %s\n", addr & 0xFFFFFF, obj, "", "", "", lit->text);
    for (uint32_t k = 8; k < n && as->print_data; k += 8) {         /* PRINT DATA */
        hex(obj, lit->bytes + k, n - k > 8 ? 8 : n - k, 0);
        out_line(l, "%06X %s\n", (addr + k) & 0xFFFFFF, obj);
    }
}

void lst_title(struct assembler *as, const char *t, int n)
{
    struct listing *l = as->lst;
    if (!l)
        return;
    size_t k = 0;
    for (int i = 0; t && i < n && k < sizeof l->title - 1; i++) {
        if (t[i] == '\'' && i + 1 < n && t[i + 1] == '\'')
            i++;
        l->title[k++] = t[i];
    }
    l->title[k] = '\0';
    l->line = PAGE_LINES;   /* a new page with the new title */
}

void lst_eject(struct assembler *as)
{
    if (as->lst && as->lst->page > 0)
        as->lst->line = PAGE_LINES;
}

void lst_space(struct assembler *as, int n)
{
    struct listing *l = as->lst;
    if (!l || !as->print_on)
        return;
    for (int i = 0; i < n && l->line < PAGE_LINES; i++)
        out_line(l, "\n");
}

static const char *sect_label(const struct assembler *as, const struct symbol *s)
{
    if (s->sect < 0)
        return "(abs)";
    const struct section *sec = &as->sects[s->sect];
    if (sec->kind == SEC_EXT)
        return "(ext)";
    return sec->name ? sec->name : "$PRIVATE";
}

static void xref(struct assembler *as)
{
    struct listing *l = as->lst;
    struct symbol **v;
    int n = symtab_sorted(&as->syms, &v);
    l->line = PAGE_LINES;
    static const char cols[] =
        "Symbol                            Length    Value  Section          Defn  References";
    heading(l, cols);
    for (int i = 0; i < n; i++) {
        const struct symbol *s = v[i];
        if (l->line >= PAGE_LINES)
            heading(l, cols);
        char val[12];
        if (s->kind == SYM_UNDEF || (s->kind == SYM_EQU && s->state != 2))
            snprintf(val, sizeof val, "%s", "????????");
        else if (s->sect >= 0)
            snprintf(val, sizeof val, "%08X", sect_addr(as, s->sect, s->val));
        else
            snprintf(val, sizeof val, "%08X", (uint32_t)s->val);
        char defn[12] = "undef";
        if (s->defstmt >= 0)
            snprintf(defn, sizeof defn, "%d", s->defstmt + 1);
        fprintf(l->f, "%-32s %7u %8s  %-16.16s %5s", s->name, (unsigned)s->len, val,
                s->kind == SYM_UNDEF ? "" : sect_label(as, s), defn);
        if (s->nrefs)
            fputc(' ', l->f);
        for (size_t k = 0; k < s->nrefs; k++) {
            if (k && k % 10 == 0) {
                fprintf(l->f, "\n%*s", 76, "");
                l->line++;
            }
            fprintf(l->f, " %d", s->refs[k] + 1);
        }
        fputc('\n', l->f);
        l->line++;
    }
    free(v);
}

void lst_finish(struct assembler *as)
{
    struct listing *l = as->lst;
    if (!l)
        return;
    xref(as);
    int errors = 0, warnings = 0;
    for (size_t i = 0; i < as->nstmts; i++)
        for (const struct sdiag *d = stmt_diags(&as->stmts[i]); d; d = d->next) {
            if (d->lvl >= DIAG_ERROR) errors++;
            else if (d->lvl == DIAG_WARNING) warnings++;
        }
    fprintf(l->f, "\n%zu statement%s, %zu source file%s\n", as->nstmts, as->nstmts == 1 ? "" : "s",
            as->nfiles, as->nfiles == 1 ? "" : "s");
    fprintf(l->f, "%d error%s, %d warning%s\n", errors, errors == 1 ? "" : "s", warnings,
            warnings == 1 ? "" : "s");
    for (size_t i = 0; i < as->nstmts && (errors || warnings); i++)
        for (const struct sdiag *d = stmt_diags(&as->stmts[i]); d; d = d->next)
            if (d->lvl >= DIAG_WARNING)
                fprintf(l->f, "  statement %zu (%s:%d): %s: %s\n", i + 1,
                        as->files[as->stmts[i].file]->path, as->stmts[i].line + 1,
                        d->lvl >= DIAG_ERROR ? "error" : "warning", d->msg);
}
