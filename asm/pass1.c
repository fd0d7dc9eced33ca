/*
 * pass1.c -- pass 1: location counters, symbol definitions, sizes.
 *
 * Every statement gets its section and location (stmt->sect, ->loc) and
 * its length; labels are defined with their length and type attributes;
 * literals are collected and placed at LTORG/END; DC/DS operands are sized
 * (their duplication factors and lengths must use symbols defined
 * earlier, as in HLASM).  Nothing is generated.  After the pass, the
 * sections are laid out and the ESD is numbered (pass1_finish).
 */
#include <string.h>

#include "internal.h"
#include "ebcdic.h"

static void define(struct assembler *as, struct stmt *st, enum sym_kind k, int sect,
                   int64_t val, uint32_t len, char type)
{
    struct symbol *s = symtab_get(as, st->name);
    if (s->kind != SYM_UNDEF) {
        int line = s->defstmt >= 0 ? as->stmts[s->defstmt].line + 1 : 0;
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->namecol,
                 "symbol %s is already defined (line %d)", st->name, line);
        return;
    }
    s->kind = k;
    s->sect = sect;
    s->val = (int32_t)val;
    s->len = len;
    s->type = type;
    s->defstmt = as->curstmt;
    s->state = 2;
}

/* The current section, making private code if instructions come first. */
static int need_section(struct assembler *as)
{
    if (as->cursect < 0) {
        int s = sect_find(as, "$PRIVATE", SEC_PRIVATE);
        if (s < 0)
            s = sect_new(as, "$PRIVATE", SEC_PRIVATE);
        if (as->first_csect < 0)
            as->first_csect = s;
        as->cursect = s;
    }
    return as->cursect;
}

static uint32_t here(struct assembler *as)
{
    return as->cursect >= 0 ? as->sects[as->cursect].loc : 0;
}

static void p1_section(struct assembler *as, struct stmt *st, enum sec_kind kind)
{
    const struct dirargs *d = st->dir;
    const char *name = st->name;
    if (!name) {
        if (kind == SEC_DSECT) {
            stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol, "DSECT needs a name");
            return;
        }
        as->cursect = -1;
        need_section(as);
        st->sect = as->cursect;
        st->loc = here(as);
        return;
    }
    int s = sect_find(as, name, kind == SEC_DSECT ? SEC_DSECT : SEC_CSECT);
    if (s < 0) {
        struct symbol *sym = symtab_find(&as->syms, name);
        if (sym && sym->kind != SYM_UNDEF) {
            define(as, st, SYM_SECT, -1, 0, 1, 'J');   /* reports the duplicate */
            return;
        }
        s = sect_new(as, name, kind);
        if (kind == SEC_CSECT && as->first_csect < 0)
            as->first_csect = s;
        as->cursect = s;
        if (st->op->dir == D_START && d->nargs > 0 && d->args[0]) {
            int64_t v;
            if (as->nsects > 1 && as->first_csect != s)
                stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol, "START must begin the first section");
            else if (expr_abs(as, d->args[0], EV_PASS1 | EV_NOREF, &v) == 0) {
                if (v < 0 || v > 0xFFFFFF)
                    stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[0]->col,
                             "START address out of range");
                else
                    as->sects[s].loc = as->sects[s].max = (uint32_t)((v + 7) & ~7LL);
            }
        }
        define(as, st, SYM_SECT, s, as->sects[s].loc, 1, 'J');
    } else {
        as->cursect = s;
    }
    st->sect = s;
    st->loc = here(as);
}

static void p1_dc(struct assembler *as, struct stmt *st, int is_ds)
{
    need_section(as);
    int first = 1;
    for (struct dcop *dc = st->dc; dc; dc = dc->next) {
        if (dc_size(as, dc, is_ds) < 0)
            continue;
        sect_align(as, dc->align);
        if (first) {
            st->sect = as->cursect;
            st->loc = here(as);
            if (st->name)
                define(as, st, SYM_LABEL, as->cursect, st->loc, dc->elen, dc->type);
            first = 0;
        }
        sect_advance(as, dc->total);
    }
    if (first) {
        st->loc = here(as);
        if (st->name)
            define(as, st, SYM_LABEL, as->cursect, st->loc, 1, is_ds ? 'C' : 'C');
    }
    st->len = here(as) - st->loc;
}

static void p1_equ(struct assembler *as, struct stmt *st)
{
    const struct dirargs *d = st->dir;
    if (!st->name) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol, "EQU needs a name");
        return;
    }
    if (d->nargs < 1 || !d->args[0]) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol, "EQU needs a value");
        return;
    }
    struct symbol *s = symtab_get(as, st->name);
    if (s->kind != SYM_UNDEF) {
        define(as, st, SYM_EQU, -1, 0, 1, 'U');    /* reports the duplicate */
        return;
    }
    s->kind = SYM_EQU;
    s->defstmt = as->curstmt;       /* its operands are the EQU's value and length */
    s->type = 'U';
    if (d->nargs > 2 && d->args[2] && d->args[2]->kind == EX_NUM && d->args[2]->num > 0 &&
        d->args[2]->num <= 255 && equ_type_ok(ebcdic_char((uint8_t)d->args[2]->num)))
        s->type = ebcdic_char((uint8_t)d->args[2]->num);   /* C'X' (pass 2 checks it) */
    s->state = 0;
    sym_resolve(as, st->name, EV_PASS1);
}

static void p1_extrn(struct assembler *as, struct stmt *st, int weak)
{
    const struct dirargs *d = st->dir;
    if (d->nargs == 0)
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol, "%s needs the names of external "
                 "symbols", weak ? "WXTRN" : "EXTRN");
    for (int i = 0; i < d->nargs; i++) {
        const struct expr *e = d->args[i];
        if (!e || e->kind != EX_SYM) {
            stmt_msg(as, as->curstmt, DIAG_ERROR, d->argcol[i], "external symbol name expected");
            continue;
        }
        struct symbol *s = symtab_get(as, e->name);
        if (s->kind != SYM_UNDEF) {
            stmt_msg(as, as->curstmt, DIAG_ERROR, e->col, "symbol %s is already defined",
                     e->name);
            continue;
        }
        s->kind = SYM_EXT;
        s->sect = sect_extern(as, e->name, weak, 0);
        s->val = 0;
        s->type = 'T';
        s->defstmt = as->curstmt;
        s->state = 2;
    }
}

/* ORG [address][,boundary[,offset]]: address (the highest location so far if
   omitted) rounded up to boundary, a power of 2 from 2 to 4096 (from the
   section's start), plus offset. */
static void p1_org(struct assembler *as, struct stmt *st)
{
    const struct dirargs *d = st->dir;
    if (as->cursect < 0) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol, "ORG outside a section");
        return;
    }
    struct section *sec = &as->sects[as->cursect];
    int64_t loc = sec->max, b = 1, off = 0;
    if (d->nargs > 0 && d->args[0]) {
        struct value v;
        if (expr_eval(as, d->args[0], EV_PASS1 | EV_NOREF, &v) < 0)
            return;
        if (v.nrel != 1 || v.rel[0].coef != 1 || v.rel[0].sect != as->cursect) {
            stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[0]->col,
                     "ORG operand must be an address in the current section");
            return;
        }
        loc = v.num;
    }
    if (d->nargs > 3) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, d->argcol[3],
                 "ORG takes at most three operands: address, boundary, offset");
        return;
    }
    if (d->nargs > 1 && d->args[1]) {
        if (expr_abs(as, d->args[1], EV_PASS1 | EV_NOREF, &b) < 0)
            return;
        if (b < 2 || b > 4096 || (b & (b - 1))) {
            stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[1]->col,
                     "ORG boundary must be a power of 2 from 2 to 4096");
            return;
        }
    }
    if (d->nargs > 2 && d->args[2] && expr_abs(as, d->args[2], EV_PASS1 | EV_NOREF, &off) < 0)
        return;
    if (loc >= 0 && loc <= 0xFFFFFF)
        loc = (loc + b - 1) & ~(b - 1);
    loc += off;
    if (loc < 0 || loc > 0xFFFFFF) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, d->args[0] ? d->args[0]->col : st->opcol + 4,
                 loc < 0 ? "ORG below the section start" : "ORG past X'FFFFFF'");
        return;
    }
    sec->loc = (uint32_t)loc;
    if (sec->loc > sec->max)
        sec->max = sec->loc;
}

static void p1_cnop(struct assembler *as, struct stmt *st)
{
    const struct dirargs *d = st->dir;
    int64_t b, w;
    need_section(as);
    st->loc = here(as);
    if (d->nargs != 2 || !d->args[0] || !d->args[1]) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol, "CNOP needs two operands: byte,boundary");
        return;
    }
    if (expr_abs(as, d->args[0], EV_PASS1 | EV_NOREF, &b) < 0 ||
        expr_abs(as, d->args[1], EV_PASS1 | EV_NOREF, &w) < 0)
        return;
    if ((w != 4 && w != 8) || b < 0 || b >= w || b % 2) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, d->argcol[0],
                 "CNOP operands must be 0, 2, 4 or 6 and 4 or 8 (byte below boundary)");
        return;
    }
    sect_align(as, 2);
    st->loc = here(as);
    while (here(as) % (uint32_t)w != (uint32_t)b)
        sect_advance(as, 2);
    st->len = here(as) - st->loc;
}

static void p1_dir(struct assembler *as, struct stmt *st)
{
    switch (st->op->dir) {
    case D_CSECT: case D_START: p1_section(as, st, SEC_CSECT); return;
    case D_DSECT: p1_section(as, st, SEC_DSECT); return;
    case D_DC: p1_dc(as, st, 0); return;
    case D_DS: p1_dc(as, st, 1); return;
    case D_EQU: p1_equ(as, st); return;
    case D_EXTRN: p1_extrn(as, st, 0); break;
    case D_WXTRN: p1_extrn(as, st, 1); break;
    case D_ORG: p1_org(as, st); break;
    case D_LTORG:
        lit_pool(as, st, 0);
        if (st->name && st->dir->pool >= 0)
            define(as, st, SYM_LABEL, st->sect, st->loc, 1, 'U');
        return;
    case D_END: lit_pool(as, st, 1); break;
    case D_CNOP: p1_cnop(as, st); break;
    default: break;
    }
    if (!st->name)
        return;
    switch (st->op->dir) {
    case D_ORG: case D_CNOP:
        define(as, st, SYM_LABEL, as->cursect, st->loc, 1, 'U');
        break;
    case D_TITLE: case D_AMODE: case D_RMODE: case D_USING:
        break;      /* TITLE's name is a deck id; AMODE/RMODE name a CSECT; USING's
                       is a qualifier (using.c) */
    default:
        stmt_msg(as, as->curstmt, DIAG_WARNING, st->namecol, "the name field of %s is ignored",
                 st->op->name);
    }
}

static void p1_insn(struct assembler *as, struct stmt *st)
{
    need_section(as);
    sect_align(as, 2);
    st->sect = as->cursect;
    st->loc = here(as);
    st->len = (uint32_t)isa_format_length(st->op->insn->format);
    if (st->name)
        define(as, st, SYM_LABEL, as->cursect, st->loc, st->len, 'I');
    sect_advance(as, st->len);
}

/*
 * A macro statement (already reported, see optab_macro): its name is still
 * defined here, and a register-equate macro still defines R0-R15, so the
 * one error is not followed by a flood of undefined symbols.
 */
static void p1_macro(struct assembler *as, struct stmt *st)
{
    static const char *const regs[16] = {
        "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7",
        "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
    };
    if (st->name && as->cursect >= 0)
        define(as, st, SYM_LABEL, as->cursect, here(as), 1, 'M');
    for (int i = 0; st->macro == 2 && i < 16; i++) {
        struct symbol *s = symtab_get(as, regs[i]);
        if (s->kind != SYM_UNDEF)
            continue;
        s->kind = SYM_EQU;
        s->sect = -1;
        s->val = i;
        s->len = 1;
        s->type = 'U';
        s->defstmt = as->curstmt;
        s->state = 2;
    }
}

void pass1(struct assembler *as)
{
    as->pass = 1;
    as->cursect = -1;
    as->first_csect = -1;
    for (size_t i = 0; i < as->nstmts; i++) {
        struct stmt *st = &as->stmts[i];
        as->curstmt = (int)i;
        st->sect = as->cursect;
        st->loc = here(as);
        if (st->bad) {
            if (st->macro)
                p1_macro(as, st);
            continue;
        }
        if (st->kind == ST_NONE) {
            if (st->name)
                stmt_msg(as, (int)i, DIAG_ERROR, st->namecol + (int)strlen(st->name),
                         "operation code missing after the name");
            continue;
        }
        lit_scan_stmt(as, st);
        if (st->kind == ST_INSN)
            p1_insn(as, st);
        else
            p1_dir(as, st);
        if (as->loc_over) {     /* nothing after it has an address: not assembled */
            for (size_t k = i + 1; k < as->nstmts; k++)
                as->stmts[k].bad = 1, as->stmts[k].macro = 0;
            break;
        }
    }
    if (as->npending) {     /* no END: the literals still need a home */
        struct dirargs pool = { .pool = -1 };
        struct stmt dummy = { .dir = &pool };
        lit_pool(as, &dummy, 1);
        as->lits_orphan_first = pool.pool_first;
        as->lits_orphan_n = pool.pool_n;
    }
}

/* Number the ESD: SDs, then LDs (ENTRY), then ERs; check ENTRY names. */
void pass1_finish(struct assembler *as)
{
    sect_layout(as);
    for (size_t i = 0; i < as->nsects; i++) {
        struct section *s = &as->sects[i];
        if (s->kind == SEC_CSECT || s->kind == SEC_PRIVATE)
            s->esd = obj_add_esd(&as->obj, ESD_SD, s->name, s->origin, s->max, 0) + 1;
    }
    for (size_t i = 0; i < as->nstmts; i++) {
        struct stmt *st = &as->stmts[i];
        if (st->bad || st->kind != ST_DIR || st->op->dir != D_ENTRY)
            continue;
        as->curstmt = (int)i;
        const struct dirargs *d = st->dir;
        if (d->nargs == 0)
            stmt_msg(as, (int)i, DIAG_ERROR, st->opcol, "ENTRY needs the names of labels");
        for (int k = 0; k < d->nargs; k++) {
            const struct expr *e = d->args[k];
            if (!e || e->kind != EX_SYM) {
                stmt_msg(as, (int)i, DIAG_ERROR, d->argcol[k], "entry symbol name expected");
                continue;
            }
            struct symbol *s = sym_resolve(as, e->name, 0);
            if (!s || s->sect < 0 || (as->sects[s->sect].kind != SEC_CSECT &&
                                      as->sects[s->sect].kind != SEC_PRIVATE)) {
                stmt_msg(as, (int)i, DIAG_ERROR, e->col,
                         "ENTRY %s must name a label in a control section", e->name);
                continue;
            }
            if (s->entry || (s->kind == SYM_SECT))
                continue;
            s->entry = 1;
            obj_add_esd(&as->obj, ESD_LD, s->name, sect_addr(as, s->sect, s->val), 0,
                        as->sects[s->sect].esd);
        }
    }
    for (size_t i = 0; i < as->nsects; i++) {
        struct section *s = &as->sects[i];
        if (s->kind != SEC_EXT)
            continue;
        struct symbol *sym = symtab_find(&as->syms, s->name);
        if (s->is_v && sym && sym_resolve(as, s->name, EV_QUIET) && sym->sect >= 0 &&
            sym->kind != SYM_EXT)
            continue;   /* V(name) of a name defined here: internal */
        s->esd = obj_add_esd(&as->obj, ESD_ER, s->name, 0, 0, 0) + 1;
    }
}
