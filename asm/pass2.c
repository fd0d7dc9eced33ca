/*
 * pass2.c -- pass 2: generate.  Walks the statements again with every
 * symbol known: USING/DROP take effect in order, instructions and
 * constants are encoded into TXT with RLDs and XREFs, literal pools are
 * emitted where pass 1 placed them, LINE records map addresses to source
 * lines, and the listing is written statement by statement.
 */
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "ebcdic.h"

static int is_code_sect(const struct assembler *as, int s)
{
    return s >= 0 && (as->sects[s].kind == SEC_CSECT || as->sects[s].kind == SEC_PRIVATE);
}

/* An instruction using a literal refers to what the literal's constant
   refers to (=V(SUB), =A(OTHER)): XREF it from the instruction, so the
   linker can name the statement that made the reference. */
static void xref_literal(struct assembler *as, const struct literal *l)
{
    const struct stmt *st = cur_stmt(as);
    if (st->kind != ST_INSN)
        return;
    for (int k = 0; k < l->nfix; k++) {
        struct value v = { .nrel = 1 };
        v.rel[0].sect = l->fix[k].sect;
        v.rel[0].coef = 1;
        emit_xref(as, st->sect, st->loc, &v);
    }
}

static void gen_literals(struct assembler *as, const struct expr *e)
{
    while (e) {
        if (e->kind == EX_LIT) {
            int li = as->lits[e->num]->canon;
            lit_generate(as, li, e->col);
            xref_literal(as, as->lits[li]);
        }
        if (e->r)
            gen_literals(as, e->r);
        e = e->l;
    }
}

static void line_record(struct assembler *as, const struct stmt *st)
{
    if (!is_code_sect(as, st->sect) || st->len == 0)
        return;
    if (st->kind == ST_DIR && st->op->dir == D_ORG)
        return;     /* moves the location counter, defines nothing there */
    obj_add_line(&as->obj, as->sects[st->sect].esd, sect_addr(as, st->sect, st->loc),
                 as->files[st->file]->objfile, st->line + 1);
}

/* Record the symbols of an operand pass 1 evaluated (DC/DS factors, ORG) as references. */
static void note_refs(struct assembler *as, const struct expr *e)
{
    struct value v;
    if (e)
        expr_eval(as, e, EV_QUIET, &v);
}

static void p2_dc(struct assembler *as, struct stmt *st, int is_ds)
{
    for (struct dcop *dc = st->dc; dc; dc = dc->next) {
        note_refs(as, dc->dupx);
        note_refs(as, dc->lenx);
    }
    if (is_ds || !is_code_sect(as, st->sect) || st->len == 0) {
        if (!is_ds && st->len)
            for (struct dcop *dc = st->dc; dc; dc = dc->next)
                if (dc->done) {     /* check the values even in a DSECT */
                    uint8_t *tmp = malloc(dc->total ? dc->total : 1);
                    struct relfix *fix = NULL;
                    int nfix = 0;
                    if (tmp)
                        dc_gen(as, dc, 0, tmp, &fix, &nfix, -1);
                    free(tmp);
                    free(fix);
                }
        lst_stmt(as, st, NULL, 0, -1, -1);
        return;
    }
    uint8_t *buf = calloc(st->len, 1);
    if (!buf)
        abort();
    uint32_t off = st->loc;
    for (struct dcop *dc = st->dc; dc; dc = dc->next) {
        if (!dc->done)
            continue;
        if (dc->align > 1)
            off = (off + dc->align - 1) / dc->align * dc->align;
        struct relfix *fix = NULL;
        int nfix = 0;
        if (off - st->loc + dc->total <= st->len) {
            dc_gen(as, dc, 0, buf + (off - st->loc), &fix, &nfix, off - st->loc);
            for (int i = 0; i < nfix; i++)
                emit_fix(as, st->sect, off, &fix[i]);
        }
        free(fix);
        off += dc->total;
    }
    emit_bytes(as, st->sect, st->loc, buf, st->len);
    lst_stmt(as, st, buf, st->len, -1, -1);
    free(buf);
}

static void p2_end(struct assembler *as, struct stmt *st)
{
    const struct dirargs *d = st->dir;
    if (d->nargs > 0 && d->args[0]) {
        struct value v;
        if (expr_eval(as, d->args[0], 0, &v) == 0) {
            if (v.nrel != 1 || v.rel[0].coef != 1 || !is_code_sect(as, v.rel[0].sect))
                stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[0]->col,
                         "END operand must be an address in a control section");
            else {
                as->obj.has_entry = 1;
                as->obj.entry_esd = as->sects[v.rel[0].sect].esd;
                as->obj.entry_addr = sect_addr(as, v.rel[0].sect, v.num);
            }
        }
    }
    lst_stmt(as, st, NULL, 0, -1, -1);
    lit_emit_pool(as, st);
}

static void p2_equ(struct assembler *as, struct stmt *st)
{
    const struct dirargs *d = st->dir;
    long val = -1;
    if (st->name && d->nargs > 0 && d->args[0]) {
        struct value v;
        struct symbol *s = symtab_find(&as->syms, st->name);
        if (expr_eval(as, d->args[0], 0, &v) == 0) {
            if (v.nrel > 1 || (v.nrel == 1 && v.rel[0].coef != 1))
                stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[0]->col,
                         "EQU value must be absolute or simply relocatable");
            else
                val = v.nrel ? (long)sect_addr(as, v.rel[0].sect, v.num) : (long)(uint32_t)v.num;
        }
        int64_t l;
        if (d->nargs > 1 && d->args[1] && expr_abs(as, d->args[1], 0, &l) == 0 &&
            (l < 0 || l > 65535))
            stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[1]->col,
                     "length attribute out of range (0-65535)");
        const struct expr *t = d->nargs > 2 ? d->args[2] : NULL;
        if (t && (t->kind != EX_NUM || t->num <= 0 || t->num > 255 ||
                  !equ_type_ok(ebcdic_char((uint8_t)t->num))))
            stmt_msg(as, as->curstmt, DIAG_ERROR, t->col, "the type attribute of EQU must be "
                     "one printable character, written as a self-defining term such as C'X'");
        if (d->nargs > 3)
            stmt_msg(as, as->curstmt, DIAG_ERROR, d->argcol[3], "EQU takes at most three "
                     "operands (value, length, type): the program and assembler types are "
                     "not supported");
        if (s && s->defstmt == as->curstmt && s->kind == SYM_EQU && s->state != 2)
            sym_resolve(as, st->name, 0);
    }
    lst_stmt(as, st, NULL, 0, -1, val);
}

static void p2_cnop(struct assembler *as, struct stmt *st)
{
    uint8_t pad[8];
    for (uint32_t i = 0; i < st->len && i < sizeof pad; i += 2) {
        pad[i] = 0x07;
        pad[i + 1] = 0x00;
    }
    if (st->len && is_code_sect(as, st->sect))
        emit_bytes(as, st->sect, st->loc, pad, st->len);
    lst_stmt(as, st, pad, st->len, -1, -1);
}

/* PRINT's operands, as HLASM's: each sets one switch of the listing
 * (man/impas.1, LISTING).  NOPRINT leaves the PRINT statement itself out. */
enum print_switch { PR_ON, PR_GEN, PR_DATA, PR_MCALL, PR_MSOURCE, PR_UHEAD, PR_NOPRINT };
static const struct { const char *name; enum print_switch sw; int on; } print_ops[] = {
    { "ON", PR_ON, 1 },           { "OFF", PR_ON, 0 },
    { "GEN", PR_GEN, 1 },         { "NOGEN", PR_GEN, 0 },
    { "DATA", PR_DATA, 1 },       { "NODATA", PR_DATA, 0 },
    { "MCALL", PR_MCALL, 1 },     { "NOMCALL", PR_MCALL, 0 },
    { "MSOURCE", PR_MSOURCE, 1 }, { "NOMSOURCE", PR_MSOURCE, 0 },
    { "UHEAD", PR_UHEAD, 1 },     { "NOUHEAD", PR_UHEAD, 0 },
    { "NOPRINT", PR_NOPRINT, 1 },
};
#define N_PRINT_OPS (sizeof print_ops / sizeof print_ops[0])

/* The listing switch sw of as (NULL: NOPRINT, the statement's own). */
static int *print_switch(struct assembler *as, enum print_switch sw)
{
    switch (sw) {
    case PR_ON: return &as->print_on;
    case PR_GEN: return &as->print_gen;
    case PR_DATA: return &as->print_data;
    case PR_MCALL: return &as->print_mcall;
    case PR_MSOURCE: return &as->print_msource;
    case PR_UHEAD: return &as->print_uhead;
    case PR_NOPRINT: break;
    }
    return NULL;
}

/* PRINT op[,op]...: set the switches in order; an operand that is none
 * of them is a warning (the others still apply).  1 if the statement is
 * listed (no NOPRINT). */
static int p2_print(struct assembler *as, struct stmt *st)
{
    const struct dirargs *d = st->dir;
    int listed = 1, given = 0;
    for (int i = 0; i < d->nargs; i++) {
        const struct expr *e = d->args[i];
        if (!e)
            continue;               /* an omitted operand: PRINT ON,,GEN */
        given = 1;
        size_t k = 0;
        while (k < N_PRINT_OPS && !(e->kind == EX_SYM && strcmp(e->name, print_ops[k].name) == 0))
            k++;
        if (k == N_PRINT_OPS) {
            asm_warning(as, e->col, "unknown PRINT operand%s%s%s ignored: PRINT takes ON, OFF, "
                        "GEN, NOGEN, DATA, NODATA, MCALL, NOMCALL, MSOURCE, NOMSOURCE, UHEAD, "
                        "NOUHEAD and NOPRINT", e->kind == EX_SYM ? " '" : "",
                        e->kind == EX_SYM ? e->name : "", e->kind == EX_SYM ? "'" : "");
            continue;
        }
        int *sw = print_switch(as, print_ops[k].sw);
        if (sw)
            *sw = print_ops[k].on;
        else
            listed = 0;
    }
    if (!given)
        asm_warning(as, st->opcol, "PRINT without an operand does nothing: it takes ON, OFF, "
                    "GEN, NOGEN, DATA, NODATA, MCALL, NOMCALL, MSOURCE, NOMSOURCE, UHEAD, "
                    "NOUHEAD and NOPRINT");
    return listed || stmt_diags(st);
}

/* A directive that takes no operand (CSECT, DSECT, LTORG, EJECT): what
 * follows its operation is a remark only after a comma, as HLASM writes
 * a remark where the operand is omitted ("CSECT ,  the main program");
 * anything else in the operand field is a warning, and ignored. */
static void no_operand(struct assembler *as, const struct stmt *st)
{
    const char *t = stmt_text(as, st);
    int n = st->textlen, i = st->opcol - 1;
    while (i < n && t[i] != ' ')
        i++;
    while (i < n && t[i] == ' ')
        i++;
    if (i >= n || t[i] == ',')
        return;
    int w = 0;
    while (i + w < n && t[i + w] != ' ' && w < 24)
        w++;
    asm_warning(as, i + 1, "%.*s takes no operand: '%.*s' is ignored (a remark goes after "
                "a comma: '%.*s ,  remark')", st->op->len, st->op->name, w, t + i,
                st->op->len, st->op->name);
}

static void p2_dir(struct assembler *as, struct stmt *st)
{
    const struct dirargs *d = stmt_dir(st);     /* NULL for DC and DS */
    if (st->op->noops)
        no_operand(as, st);
    switch (st->op->dir) {
    case D_DC: p2_dc(as, st, 0); return;
    case D_DS: p2_dc(as, st, 1); return;
    case D_EQU: p2_equ(as, st); return;
    case D_END: p2_end(as, st); return;
    case D_CNOP: p2_cnop(as, st); return;
    case D_USING: using_stmt(as, st); break;
    case D_ORG:
        if (d->nargs > 0)
            note_refs(as, d->args[0]);
        break;
    case D_DROP: drop_stmt(as, st); break;
    case D_LTORG:
        lst_stmt(as, st, NULL, 0, -1, -1);
        lit_emit_pool(as, st);
        return;
    case D_TITLE:
        lst_title(as, d->title, d->titlelen);
        if (!d->title)
            stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol, "TITLE needs a quoted string");
        return;     /* TITLE, EJECT, SPACE are not listed themselves */
    case D_EJECT:
        lst_eject(as);
        return;
    case D_SPACE: {
        int64_t n = 1;
        if (d->nargs > 0 && d->args[0] && expr_abs(as, d->args[0], 0, &n) == 0 &&
            (n < 0 || n > 100))
            n = 1;
        lst_space(as, (int)n);
        return;
    }
    case D_PRINT:
        if (p2_print(as, st))
            lst_stmt(as, st, NULL, 0, -1, -1);
        return;
    default:
        break;
    }
    lst_stmt(as, st, NULL, 0, -1, -1);
}

/* A DEF record for each ESD entry whose defining statement is known: the
   CSECT or START of an SD, the label of an LD, the EXTRN of an ER. */
static void def_records(struct assembler *as)
{
    for (size_t i = 0; i < as->obj.nesd; i++) {
        const struct obj_esd *e = &as->obj.esd[i];
        const struct symbol *s = e->name[0] ? symtab_find(&as->syms, e->name) : NULL;
        if (!s || s->defstmt < 0 || (size_t)s->defstmt >= as->nstmts)
            continue;
        const struct stmt *st = &as->stmts[s->defstmt];
        obj_add_def(&as->obj, e->id, as->files[st->file]->objfile, st->line + 1);
    }
}

void pass2(struct assembler *as)
{
    as->pass = 2;
    as->nusing = 0;
    as->print_on = 1;
    as->print_gen = 1;
    as->print_mcall = 0;
    as->print_data = 0;             /* HLASM's defaults: ON, GEN, NODATA, NOMCALL, */
    as->print_msource = 1;          /* MSOURCE, UHEAD */
    as->print_uhead = 1;
    for (size_t i = 0; i < as->nfiles; i++) {
        as->files[i]->objfile = obj_add_file(&as->obj, as->files[i]->path);
        (void)obj_set_file_hash(&as->obj, as->files[i]->objfile, as->files[i]->sha);
    }
    def_records(as);
    for (size_t i = 0; i < as->nstmts; i++) {
        struct stmt *st = &as->stmts[i];
        as->curstmt = (int)i;
        if ((i & (SRC_RELEASE - 1)) == SRC_RELEASE - 1)
            src_release(as);
        st->in_print_off = !as->print_on;
        if (st->bad || st->kind == ST_NONE) {
            lst_stmt(as, st, NULL, 0, -1, -1);
            continue;
        }
        if (st->quick)
            quick_operands(as, st);
        for (int k = 0; k < st->nops; k++) {
            gen_literals(as, st->ops[k].d);
            gen_literals(as, st->ops[k].a);
            gen_literals(as, st->ops[k].b);
        }
        if (st->kind == ST_INSN)
            insn_gen(as, st);
        else
            p2_dir(as, st);
        if (st->quick) {
            st->nops = 0;       /* its operands lived in as->scratch */
            st->ops = NULL;
        }
        line_record(as, st);
    }
    if (as->lits_orphan_n) {
        struct dirargs pool = { .pool_first = as->lits_orphan_first,
                                .pool_n = as->lits_orphan_n };
        struct stmt dummy = { .dir = &pool };
        lit_emit_pool(as, &dummy);
    }
    emit_flush(as);
    emit_symbols(as);
}
