/*
 * encode.c -- impmc pass 2: addresses for labels, .equ values, and the
 * encoding of each microword statement into its fields, with the checks a
 * single word allows (unknown fields and values, widths, a field or the
 * literal given twice, sequencing without a target or a condition).
 */
#include "masm.h"

#include <stdlib.h>
#include <string.h>

/* Evaluate e; names are symbols (labels, .equ).  0 ok, -1 reported. */
static int eval(struct masm *m, const struct expr *e, long *out)
{
    long a = 0, b = 0;
    if (e->kind == E_NUM) {
        *out = e->num;
        return 0;
    }
    if (e->kind == E_NAME) {
        struct symbol *s = masm_lookup(m, e->name);
        if (!s) {
            masm_report(m, DIAG_ERROR, e->loc, "undefined name '%s'", e->name);
            return -1;
        }
        s->used = 1;
        *out = s->value;
        return 0;
    }
    if (eval(m, e->l, &a) < 0 || (e->r && eval(m, e->r, &b) < 0))
        return -1;
    switch (e->kind) {
    case E_NEG: *out = -a; break;
    case E_NOT: *out = ~a; break;
    case E_ADD: *out = a + b; break;
    case E_SUB: *out = a - b; break;
    case E_MUL: *out = a * b; break;
    case E_OR:  *out = a | b; break;
    case E_AND: *out = a & b; break;
    case E_SHL: *out = b >= 0 && b < 63 ? a << b : 0; break;
    case E_SHR: *out = b >= 0 && b < 63 ? a >> b : 0; break;
    default: *out = 0; break;
    }
    return 0;
}

int masm_assign(struct masm *m)
{
    unsigned n = 0;
    for (struct stmt *s = m->first; s; s = s->next)
        if (s->is_word)
            s->addr = n++;
        else
            s->addr = n;        /* a label alone names the next word */
    m->nwords = n;
    if (n == 0) {
        diag_error(&m->diag, "no microwords");
        return -1;
    }
    if (n > MC_CS_SIZE) {
        diag_error(&m->diag, "%u microwords do not fit the control store (%d words)", n,
                   MC_CS_SIZE);
        return -1;
    }
    for (struct stmt *s = m->first; s; s = s->next)
        if (s->label && !s->is_equ) {
            if (s->addr >= n)
                masm_report(m, DIAG_ERROR, s->loc, "label '%s' names no microword", s->label);
            else
                masm_define(m, s->label, (long)s->addr, 1, s->loc);
        }
    for (struct stmt *s = m->first; s; s = s->next)
        if (s->is_equ) {
            long v;
            if (eval(m, s->equ_value, &v) == 0)
                masm_define(m, s->label, v, 0, s->loc);
        }
    return m->diag.errors ? -1 : 0;
}

/* The word being encoded: which fields are set, and where. */
struct wordstate {
    struct mc_word w;
    int set[MC_NFIELDS];
    struct loc where[MC_NFIELDS];
};

static int field_index(const struct mc_field_desc *f) { return (int)(f - mc_fields); }

static void set_field(struct masm *m, struct wordstate *ws, int fi, unsigned v, struct loc loc)
{
    const struct mc_field_desc *f = &mc_fields[fi];
    if (v >= (1u << f->width)) {
        masm_report(m, DIAG_ERROR, loc, "value %u does not fit field %s (%u bits)", v, f->name,
                    f->width);
        return;
    }
    if (ws->set[fi]) {
        unsigned old = mc_get(&ws->w, f->pos, f->width);
        if (old != v) {
            if (fi == MC_F_LIT)
                masm_report(m, DIAG_ERROR, loc,
                            "conflicting literals: LIT is already 0x%X in this microword", old);
            else
                masm_report(m, DIAG_ERROR, loc, "field %s is set twice in this microword",
                            f->name);
            masm_report(m, DIAG_NOTE, ws->where[fi], "first set here");
            return;
        }
        if (fi != MC_F_LIT)
            masm_report(m, DIAG_WARNING, loc, "field %s is given twice", f->name);
        return;
    }
    ws->set[fi] = 1;
    ws->where[fi] = loc;
    mc_set(&ws->w, f->pos, f->width, v);
}

/* A = #expr: the LIT source (or LITH for a value whose low half is 0). */
static void set_literal(struct masm *m, struct wordstate *ws, int fi, const struct item *it)
{
    long v;
    if (eval(m, it->value, &v) < 0)
        return;
    unsigned long u = (unsigned long)v & 0xFFFFFFFFul;
    if (v < -0x80000000L || v > 0xFFFFFFFFL) {
        masm_report(m, DIAG_ERROR, it->value->loc, "literal %ld does not fit 32 bits", v);
        return;
    }
    if (u <= 0xFFFF) {
        set_field(m, ws, fi, MC_SRC_LIT, it->loc);
        set_field(m, ws, MC_F_LIT, (unsigned)u, it->value->loc);
    } else if ((u & 0xFFFF) == 0) {
        set_field(m, ws, fi, MC_SRC_LITH, it->loc);
        set_field(m, ws, MC_F_LIT, (unsigned)(u >> 16), it->value->loc);
    } else
        masm_report(m, DIAG_ERROR, it->value->loc,
                    "literal 0x%lX needs more than 16 bits (only X'nnnn' or X'nnnn0000' fit)", u);
}

static void list_values(struct masm *m, const struct mc_field_desc *f, struct loc loc)
{
    char buf[600];
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < mc_nvalues && n < sizeof buf - 20; i++)
        if (mc_values[i].set == f->set)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? " " : "", mc_values[i].name);
    masm_report(m, DIAG_NOTE, loc, "values of %s: %s", f->name, buf);
}

static void encode_field(struct masm *m, struct wordstate *ws, const struct item *it)
{
    const struct mc_field_desc *f = mc_field_by_name(it->field);
    if (!f) {
        masm_report(m, DIAG_ERROR, it->loc, "unknown microword field '%s'", it->field);
        return;
    }
    int fi = field_index(f);
    if (it->literal) {
        if (f->set != MC_SET_SRC)
            masm_report(m, DIAG_ERROR, it->loc, "'#' literals are bus sources: %s=#... is not allowed",
                        f->name);
        else
            set_literal(m, ws, fi, it);
        return;
    }
    if (f->set == MC_SET_NUM) {
        long v;
        if (eval(m, it->value, &v) < 0)
            return;
        if (v < 0 || v >= (1L << f->width)) {
            masm_report(m, DIAG_ERROR, it->value->loc, "value %ld does not fit field %s (%u bits)",
                        v, f->name, f->width);
            return;
        }
        set_field(m, ws, fi, (unsigned)v, it->value->loc);
        return;
    }
    const struct mc_value_desc *v = NULL;
    if (it->value->kind == E_NAME)
        v = mc_value_by_name(f->set, it->value->name);
    if (!v) {
        if (it->value->kind == E_NAME)
            masm_report(m, DIAG_ERROR, it->value->loc, "'%s' is not a value of field %s",
                        it->value->name, f->name);
        else
            masm_report(m, DIAG_ERROR, it->value->loc, "field %s takes a value name", f->name);
        list_values(m, f, it->value->loc);
        return;
    }
    set_field(m, ws, fi, v->code, it->value->loc);
}

static void encode_seq(struct masm *m, struct wordstate *ws, const struct item *it)
{
    set_field(m, ws, MC_F_SEQ, (unsigned)it->seq, it->loc);
    if (it->cond) {
        const struct mc_value_desc *c = mc_value_by_name(MC_SET_COND, it->cond);
        if (!c || c->code == MC_COND_NONE) {
            masm_report(m, DIAG_ERROR, it->cond_loc, "unknown condition '%s'", it->cond);
            list_values(m, &mc_fields[MC_F_COND], it->cond_loc);
        } else
            set_field(m, ws, MC_F_COND, c->code, it->cond_loc);
    }
    if (it->target) {
        struct symbol *s = masm_lookup(m, it->target);
        if (!s || !s->is_label) {
            masm_report(m, DIAG_ERROR, it->target_loc, "undefined label '%s'", it->target);
            ws->set[MC_F_ADDR] = 1;         /* reported once */
        } else {
            s->used = 1;
            set_field(m, ws, MC_F_ADDR, (unsigned)s->value, it->target_loc);
        }
    }
}

/* Does SEQ value seq go to ADDR, or test COND (fields.def: how, then, else)? */
static int seq_needs_addr(unsigned seq)
{
    return mc_seq_prop[seq].then == MC_TO_ADDR || mc_seq_prop[seq].els == MC_TO_ADDR;
}

static int seq_needs_cond(unsigned seq) { return mc_seq_prop[seq].how == MC_HOW_IF; }

/* Checks on a whole microword. */
static void check_word(struct masm *m, struct wordstate *ws, struct loc loc)
{
    unsigned seq = MC_GET(&ws->w, SEQ), alu = MC_GET(&ws->w, ALU), mem = MC_GET(&ws->w, MEM);
    if (seq_needs_addr(seq) && !ws->set[MC_F_ADDR])
        masm_report(m, DIAG_ERROR, loc, "SEQ=%s needs a target (ADDR)",
                    mc_value_by_code(MC_SET_SEQ, seq)->name);
    if (seq_needs_cond(seq) && !ws->set[MC_F_COND])
        masm_report(m, DIAG_ERROR, loc, "SEQ=%s needs a condition (COND)",
                    mc_value_by_code(MC_SET_SEQ, seq)->name);
    if (!seq_needs_cond(seq) && ws->set[MC_F_COND])
        masm_report(m, DIAG_WARNING, ws->where[MC_F_COND], "COND has no effect with SEQ=%s",
                    mc_value_by_code(MC_SET_SEQ, seq)->name);
    if (ws->set[MC_F_ADDR] && !seq_needs_addr(seq))
        masm_report(m, DIAG_WARNING, ws->where[MC_F_ADDR], "ADDR has no effect with SEQ=%s",
                    mc_value_by_code(MC_SET_SEQ, seq)->name);
    if ((mc_seq_prop[seq].then == MC_TO_BRANCH || mc_seq_prop[seq].els == MC_TO_BRANCH) &&
        MC_GET(&ws->w, D) == MC_DST_IA)
        masm_report(m, DIAG_ERROR, ws->where[MC_F_D],
                    "D=IA and BRANCH both load IA in one microword");
    if (alu == MC_ALU_NONE && ws->set[MC_F_D])
        masm_report(m, DIAG_WARNING, ws->where[MC_F_D],
                    "D without ALU stores the Y of an earlier microword");
    if (alu == MC_ALU_NONE && mc_mem_stores_y(mem))
        masm_report(m, DIAG_WARNING, ws->where[MC_F_MEM],
                    "a storage write without ALU stores the Y of an earlier microword");
    if (ws->set[MC_F_AT] && mem == MC_MEM_NONE)
        masm_report(m, DIAG_WARNING, ws->where[MC_F_AT], "AT has no effect without MEM");
    if (ws->set[MC_F_LIT] && MC_GET(&ws->w, A) != MC_SRC_LIT && MC_GET(&ws->w, A) != MC_SRC_LITH &&
        MC_GET(&ws->w, B) != MC_SRC_LIT && MC_GET(&ws->w, B) != MC_SRC_LITH)
        masm_report(m, DIAG_WARNING, ws->where[MC_F_LIT], "LIT is not read by A or B");
}

int masm_encode(struct masm *m)
{
    m->img.nwords = m->nwords;
    m->img.words = calloc(m->nwords, sizeof *m->img.words);
    m->word_stmt = calloc(m->nwords, sizeof *m->word_stmt);
    if (!m->img.words || !m->word_stmt) {
        diag_error(&m->diag, "out of memory");
        return -1;
    }
    for (struct stmt *s = m->first; s; s = s->next) {
        if (!s->is_word)
            continue;
        struct wordstate ws;
        memset(&ws, 0, sizeof ws);
        for (const struct item *it = s->items; it; it = it->next)
            if (it->kind == IT_FIELD)
                encode_field(m, &ws, it);
            else
                encode_seq(m, &ws, it);
        check_word(m, &ws, s->loc);
        m->img.words[s->addr] = ws.w;
        m->word_stmt[s->addr] = s;
    }
    return m->diag.errors ? -1 : 0;
}
