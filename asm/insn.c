/*
 * insn.c -- encoding machine instructions (pass 2).
 *
 * The statement's operands were parsed by shape; here each format says
 * what its operands mean and checks them:
 *   registers, masks 0-15; immediates 0-255 (SI, SVC); I3 0-15
 *   RX storage operand  D(X,B):  D | D(X) | D(X,B) | D(,B)
 *        D(X) names the INDEX (HLASM), the base coming from a USING or 0
 *   RS, SI, S operand   D(B):    D | D(B)
 *   SS operand          D(L,B):  D | D(L) | D(L,B) | D(,B); an omitted
 *        length is the length attribute of D; 0 and 1 both encode 0
 *   RX-SS (ASSIST's X'E0' family)  D1(X1,B1),D2(B2): an RX address and a
 *        length, absolute 0-4095 or D2(B2); an omitted length is the
 *        table's default, and XDUMP alone (no operands) dumps the registers
 * An implicit address D (relocatable, or absolute beyond 4095) is turned
 * into base and displacement by the USINGs (using.c).
 */
#include <string.h>

#include "internal.h"

struct addrres {
    int b, d, x;
    int64_t len;    /* SS length, -1 if not given */
    long ea;        /* for the listing: effective address */
};

/* A literal where a register goes (AR 1,=F'1'): the storage form of
 * the instruction, if it has one (A for AR), is what was meant. */
static void literal_register(struct assembler *as, const struct expr *e)
{
    const struct opent *op = cur_stmt(as)->op;
    const char *name = op && op->insn ? op->insn->name : NULL;
    size_t n = name ? strlen(name) : 0;
    const struct opent *rx = n > 1 && name[n - 1] == 'R' && op->insn->format == FMT_RR &&
                             !(op->insn->flags & F_BRANCH)
                           ? optab_find(as->optab, name, n - 1) : NULL;
    if (rx && rx->insn && rx->insn->format == FMT_RX)
        stmt_msg(as, as->curstmt, DIAG_ERROR, e->col, "a literal is a constant in storage, "
                 "not a register: %s takes registers; %s takes a storage operand",
                 name, rx->insn->name);
    else
        stmt_msg(as, as->curstmt, DIAG_ERROR, e->col, "a literal is a constant in storage, "
                 "not a register");
}

static int reg(struct assembler *as, const struct expr *e, int max, const char *what, int *out)
{
    int64_t v;
    if (e->kind == EX_LIT) {
        literal_register(as, e);
        return -1;
    }
    if (expr_abs(as, e, 0, &v) < 0)
        return -1;
    if (v > 255 && max == 255) {     /* MVI X,C'AB': what the term was, in hex */
        stmt_msg(as, as->curstmt, DIAG_ERROR, e->col, "%s %lld (X'%llX') out of range (0-255): "
                 "it is one byte", what, (long long)v, (long long)v);
        return -1;
    }
    if (v < 0 || v > max) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, e->col, "%s %lld out of range (0-%d)", what,
                 (long long)v, max);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* SRP FLD,-3,5: a right shift written as a negative number.  The shift is the
   low 6 bits of the second operand's address (64-3 shifts right by 3); -3 is
   no address.  1 (reported) if o is such an operand. */
static int srp_negative(struct assembler *as, const struct operand *o)
{
    struct value v;
    if (o->form != OPF_PLAIN || expr_eval(as, o->d, EV_QUIET | EV_NOREF, &v) < 0 || v.nrel ||
        v.num >= 0 || v.num < -64)
        return 0;
    stmt_msg(as, as->curstmt, DIAG_ERROR, o->d->col, "shift %lld: SRP shifts by the low 6 bits "
             "of its second operand's address, a number 0-63; a right shift of %lld is "
             "written 64-%lld", (long long)v.num, (long long)-v.num, (long long)-v.num);
    return 1;
}

static void xref_value(struct assembler *as, const struct value *v)
{
    const struct stmt *st = cur_stmt(as);
    emit_xref(as, st->sect, st->loc, v);
}

/* An implicit address: through USING, or absolute 0-4095. */
static int implicit(struct assembler *as, const struct expr *e, struct addrres *r)
{
    struct value v;
    if (expr_eval(as, e, 0, &v) < 0)
        return -1;
    xref_value(as, &v);
    r->ea = v.nrel == 1 ? (long)sect_addr(as, v.rel[0].sect, v.num) : (long)v.num;
    int rc = using_resolve(as, &v, e->col, &r->b, &r->d);
    if (rc < 0 && e->kind == EX_LIT && v.nrel == 1)    /* the pool is out of reach */
        stmt_msg(as, as->curstmt, DIAG_NOTE, e->col, "%s is in the literal pool at X'%llX' "
                 "of its section: an LTORG where the base register reaches (after the code) "
                 "puts the pool there", as->lits[as->lits[e->num]->canon]->text,
                 (unsigned long long)v.num);
    return rc;
}

static int displacement(struct assembler *as, const struct expr *e, struct addrres *r)
{
    int64_t v;
    if (expr_abs(as, e, 0, &v) < 0)
        return -1;
    if (v < 0 || v > 4095) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, e->col, "displacement %lld out of range (0-4095)",
                 (long long)v);
        return -1;
    }
    r->d = (int)v;
    r->ea = (long)v;
    return 0;
}

enum addr_kind { AK_RX, AK_S, AK_SS };

static int storage(struct assembler *as, const struct operand *o, enum addr_kind k,
                   struct addrres *r)
{
    *r = (struct addrres){ .len = -1 };
    int bad = 0;
    switch (o->form) {
    case OPF_PLAIN:
        return implicit(as, o->d, r);
    case OPF_ONE:
        if (k == AK_S) {
            bad |= displacement(as, o->d, r);
            bad |= reg(as, o->a, 15, "base register", &r->b);
            return bad ? -1 : 0;
        }
        if (k == AK_RX)
            bad |= reg(as, o->a, 15, "index register", &r->x);
        else if (expr_abs(as, o->a, 0, &r->len) < 0)
            bad = -1;
        bad |= implicit(as, o->d, r);
        return bad ? -1 : 0;
    case OPF_TWO:
    case OPF_NOA:
        if (k == AK_S) {
            stmt_msg(as, as->curstmt, DIAG_ERROR, o->a ? o->a->col : o->b->col,
                     "this operand is D(B): an index or length is not allowed");
            return -1;
        }
        if (o->a && k == AK_RX)
            bad |= reg(as, o->a, 15, "index register", &r->x);
        else if (o->a && expr_abs(as, o->a, 0, &r->len) < 0)
            bad = -1;
        bad |= displacement(as, o->d, r);
        bad |= reg(as, o->b, 15, "base register", &r->b);
        return bad ? -1 : 0;
    }
    return -1;
}

/* The SS length of operand o: explicit, else the length attribute of D. */
static int ss_length(struct assembler *as, const struct operand *o, const struct addrres *r,
                     int max, uint8_t *code)
{
    int64_t l = r->len;
    int col = o->a ? o->a->col : o->col;
    if (l < 0)
        l = expr_lenattr(as, o->d);
    if (l < 0 || l > max) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, col, "length %lld out of range (0-%d)",
                 (long long)l, max);
        return -1;
    }
    *code = (uint8_t)(l ? l - 1 : 0);
    return 0;
}

/* MVC, CLC and the other instructions whose operand 2 is as long as
 * operand 1 (F_LEN2), with no length written, take it from operand 1; a
 * shorter literal as operand 2 then lends the bytes after it in the pool
 * (CLC CARD,=C'EOF' compares 80). */
static void literal_short(struct assembler *as, const struct isa_insn *in,
                          const struct operand *o, const struct addrres *a1)
{
    const struct expr *l = o[1].d;
    if (!(in->flags & F_LEN2) || a1->len >= 0 || !l || l->kind != EX_LIT || o[1].a || o[1].b)
        return;
    int64_t len = expr_lenattr(as, o[0].d);
    const struct literal *lit = as->lits[as->lits[l->num]->canon];
    if (len <= 0 || (uint32_t)len <= lit->dc->total)
        return;
    const char *what = o[0].d->kind == EX_SYM ? o[0].d->name : "operand 1";
    stmt_msg(as, as->curstmt, DIAG_WARNING, l->col,
             "%s takes its length, %lld, from %s, but the literal %s has %u byte%s: the %lld "
             "after it in the literal pool take part; write the length (%s(%u)) or make the "
             "literal as long", in->name, (long long)len, what, lit->text, lit->dc->total,
             lit->dc->total == 1 ? "" : "s", (long long)(len - lit->dc->total), what,
             lit->dc->total);
}

static void pair_check(struct assembler *as, const struct expr *e, int r, int flag,
                       const struct isa_insn *in)
{
    if ((in->flags & flag) && (r & 1))
        stmt_msg(as, as->curstmt, DIAG_WARNING, e->col,
                 "%s needs an even register here (an even-odd pair); register %d is odd: "
                 "specification exception at run time", in->name, r);
}

/* RX-SS: the address D1(X1,B1) and the length D2(B2) into f; 0 or -1. */
static int rxss(struct assembler *as, const struct stmt *st, const struct isa_insn *in,
                struct isa_fields *f, struct addrres *a1, struct addrres *a2)
{
    const struct operand *o = st->ops;
    int n = o ? st->nops : 0, bad = 0;
    if (n == 0) {
        if (in->flags & F_BARE)
            return 0;
        stmt_msg(as, as->curstmt, DIAG_ERROR, st->opcol, "%s needs an operand: %s area%s",
                 in->name, in->name, in->deflen ? "[,length]" : ",length");
        return -1;
    }
    bad |= storage(as, &o[0], AK_RX, a1);
    f->r2 = (uint8_t)a1->x; f->b1 = (uint8_t)a1->b; f->d1 = (uint16_t)a1->d;
    if (n < 2) {
        if (in->deflen) {
            f->d2 = in->deflen;
            a2->ea = in->deflen;
            return bad;
        }
        stmt_msg(as, as->curstmt, DIAG_ERROR, o[0].col, "%s needs a length: %s area,length%s",
                 in->name, in->name, in->flags & F_BARE ? " (or no operands: the registers)"
                                                        : "");
        return -1;
    }
    if (o[1].form == OPF_PLAIN) {        /* a length: absolute, in the displacement */
        *a2 = (struct addrres){ .len = -1 };
        bad |= displacement(as, o[1].d, a2);
    } else
        bad |= storage(as, &o[1], AK_S, a2);
    f->b2 = (uint8_t)a2->b; f->d2 = (uint16_t)a2->d;
    return bad ? -1 : 0;
}

/* The operand an F_STORES instruction stores into: its first storage
 * operand (ST's second, MVC's and MVI's first). */
static const struct operand *receiving(const struct isa_insn *in, const struct operand *o,
                                       int ext)
{
    switch ((enum isa_format)in->format) {
    case FMT_RX: case FMT_RX_M: return ext ? &o[0] : &o[1];
    case FMT_RS: case FMT_RS_M: return &o[2];
    case FMT_RS_SH:             return &o[1];
    default:                    return &o[0];
    }
}

/* A literal is a constant the assembler may share between statements:
 * an instruction that stores into it changes every use. */
static void literal_stored(struct assembler *as, const struct isa_insn *in,
                           const struct operand *o)
{
    if (o && o->d && o->d->kind == EX_LIT)
        stmt_msg(as, as->curstmt, DIAG_WARNING, o->d->col, "%s stores into a literal: a "
                 "literal is a constant, shared by every statement that names it; store "
                 "into a field of your own (DS)", in->name);
}

/* USING *,12 written before BALR 12,0: the BALR loads the address after
 * itself, 2 more than the USING says, and every address is 2 off. */
static void using_before_balr(struct assembler *as, const struct stmt *st,
                              const struct isa_insn *in, int r)
{
    for (int i = 0; i < as->nusing; i++) {
        const struct using *u = &as->usings[i];
        if (u->reg == r && u->sect == st->sect && st->sect >= 0 && u->base == st->loc) {
            stmt_msg(as, as->curstmt, DIAG_WARNING, st->ops[0].col, "%s %d,0 loads the address "
                     "after itself, but the USING on register %d names this %s's own: put the "
                     "USING after it", in->name, r, r, in->name);
            return;
        }
    }
}

/* L 15,=V(SUBR) under a USING on register 15: the call's address takes
 * the base register.  Marked here; using_resolve warns if an address is
 * formed through the register afterwards. */
static void base_takes_vcon(struct assembler *as, const struct stmt *st, int r)
{
    const struct expr *e = st->ops[1].d;
    if (as->pass != 2 || !e || e->kind != EX_LIT || e->num < 0 || (size_t)e->num >= as->nlits)
        return;
    const char *t = as->lits[e->num]->text;
    if (!t || t[0] != '=' || (t[1] != 'V' && t[1] != 'v') || t[2] != '(')
        return;
    for (int i = 0; i < as->nusing; i++)
        if (as->usings[i].reg == r && as->usings[i].sect == st->sect) {
            as->base_lost[r] = as->curstmt + 1;
            return;
        }
}

void insn_gen(struct assembler *as, struct stmt *st)
{
    const struct isa_insn *in = st->op->insn;
    int ext = st->op->kind == OPK_EXT;
    struct isa_fields f = { 0 };
    struct addrres a1 = { .ea = -1 }, a2 = { .ea = -1 };
    int bad = 0, r;
    const struct operand *o = st->ops;
    switch ((enum isa_format)in->format) {
    case FMT_RR: case FMT_RR_M:
        if (ext) {
            f.r1 = (uint8_t)st->op->mask;
            bad |= reg(as, o[0].d, 15, "register", &r); f.r2 = (uint8_t)r;
            break;
        }
        bad |= reg(as, o[0].d, 15, in->format == FMT_RR_M ? "mask" : "register", &r);
        f.r1 = (uint8_t)r;
        bad |= reg(as, o[1].d, 15, "register", &r); f.r2 = (uint8_t)r;
        if (!bad) {
            pair_check(as, o[0].d, f.r1, F_PAIR1, in);
            pair_check(as, o[1].d, f.r2, F_PAIR2, in);
        }
        break;
    case FMT_RR_R1:
        bad |= reg(as, o[0].d, 15, "register", &r); f.r1 = (uint8_t)r;
        break;
    case FMT_RR_I:
        bad |= reg(as, o[0].d, 255, "SVC number", &r); f.i2 = (uint8_t)r;
        break;
    case FMT_RX: case FMT_RX_M: {
        const struct operand *ao = &o[1];
        if (ext) {
            f.r1 = (uint8_t)st->op->mask;
            ao = &o[0];
        } else {
            bad |= reg(as, o[0].d, 15, in->format == FMT_RX_M ? "mask" : "register", &r);
            f.r1 = (uint8_t)r;
        }
        bad |= storage(as, ao, AK_RX, &a2);
        f.r2 = (uint8_t)a2.x; f.b2 = (uint8_t)a2.b; f.d2 = (uint16_t)a2.d;
        if (!bad && !ext)
            pair_check(as, o[0].d, f.r1, F_PAIR1, in);
        break;
    }
    case FMT_RS: case FMT_RS_M:
        bad |= reg(as, o[0].d, 15, "register", &r); f.r1 = (uint8_t)r;
        bad |= reg(as, o[1].d, 15, in->format == FMT_RS_M ? "mask" : "register", &r);
        f.r2 = (uint8_t)r;
        bad |= storage(as, &o[2], AK_S, &a2);
        f.b2 = (uint8_t)a2.b; f.d2 = (uint16_t)a2.d;
        if (!bad) {
            pair_check(as, o[0].d, f.r1, F_PAIR1, in);
            pair_check(as, o[1].d, f.r2, F_PAIR3, in);
        }
        break;
    case FMT_RS_SH:
        bad |= reg(as, o[0].d, 15, "register", &r); f.r1 = (uint8_t)r;
        bad |= storage(as, &o[1], AK_S, &a2);
        f.b2 = (uint8_t)a2.b; f.d2 = (uint16_t)a2.d;
        if (!bad)
            pair_check(as, o[0].d, f.r1, F_PAIR1, in);
        break;
    case FMT_SI:
        bad |= storage(as, &o[0], AK_S, &a1);
        f.b1 = (uint8_t)a1.b; f.d1 = (uint16_t)a1.d;
        bad |= reg(as, o[1].d, 255, "immediate value", &r); f.i2 = (uint8_t)r;
        break;
    case FMT_S: case FMT_S2:
        bad |= storage(as, &o[0], AK_S, &a2);
        f.b2 = (uint8_t)a2.b; f.d2 = (uint16_t)a2.d;
        break;
    case FMT_SS_L:
        bad |= storage(as, &o[0], AK_SS, &a1);
        bad |= storage(as, &o[1], AK_S, &a2);
        if (!bad)
            bad |= ss_length(as, &o[0], &a1, 256, &f.i2);
        if (!bad)
            literal_short(as, in, o, &a1);
        f.b1 = (uint8_t)a1.b; f.d1 = (uint16_t)a1.d; f.b2 = (uint8_t)a2.b; f.d2 = (uint16_t)a2.d;
        break;
    case FMT_SS_LL: case FMT_SS_I3:
        bad |= storage(as, &o[0], AK_SS, &a1);
        if (in->format == FMT_SS_I3 && srp_negative(as, &o[1]))
            bad = -1;
        else
            bad |= storage(as, &o[1], in->format == FMT_SS_LL ? AK_SS : AK_S, &a2);
        if (!bad)
            bad |= ss_length(as, &o[0], &a1, 16, &f.l1);
        if (in->format == FMT_SS_LL) {
            if (!bad)
                bad |= ss_length(as, &o[1], &a2, 16, &f.l2);
        } else {
            bad |= reg(as, o[2].d, 15, "rounding digit", &r); f.l2 = (uint8_t)r;
        }
        f.b1 = (uint8_t)a1.b; f.d1 = (uint16_t)a1.d; f.b2 = (uint8_t)a2.b; f.d2 = (uint16_t)a2.d;
        break;
    case FMT_RXSS:
        bad |= rxss(as, st, in, &f, &a1, &a2);
        break;
    case FMT_COUNT:
        break;
    }
    if (!bad && (in->flags & F_STORES))
        literal_stored(as, in, receiving(in, st->ops, ext));
    if (!bad && (in->opcode == 0x05 || in->opcode == 0x0D) && f.r1 && !f.r2)
        using_before_balr(as, st, in, f.r1);
    if (!bad && in->opcode == 0x58 && !ext)
        base_takes_vcon(as, st, f.r1);
    if ((in->opcode == 0x07 || in->opcode == 0x47) && f.r1 == 15)
        memset(as->base_lost, 0, sizeof as->base_lost);    /* B, BR: no falling through */
    uint8_t code[6];
    int n = isa_encode(in, &f, code);
    if (bad)
        memset(code, 0, sizeof code);
    if (bad)
        code[0] = 0;    /* keep the space; the object is not written on errors */
    emit_bytes(as, st->sect, st->loc, code, (uint32_t)n);
    lst_stmt(as, st, code, (uint32_t)n, a1.ea, a2.ea);
}
