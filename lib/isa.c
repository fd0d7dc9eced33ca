/*
 * isa.c -- the instruction table as data, with lookup, encoding, decoding
 * and disassembly.  Everything here derives from isa.def.
 */
#include "isa.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const struct isa_insn isa_table[] = {
#define INSN(name, op, fmt, flags, tier, cls, rtl) { #name, op, fmt, flags, tier, rtl, 0, 0, cls },
#define INSNM(name, op, mask, deflen, fmt, flags, tier, cls, rtl) \
    { #name, op, fmt, flags, tier, rtl, mask, deflen, cls },
#include "isa.def"
};
const size_t isa_count = sizeof isa_table / sizeof isa_table[0];

enum {
#define INSN(name, op, fmt, flags, tier, cls, rtl) IX_##name,
#include "isa.def"
};

const struct isa_ext isa_ext_table[] = {
#define INSN(name, op, fmt, flags, tier, cls, rtl)
#define EXT(name, base, mask) { #name, &isa_table[IX_##base], mask },
#include "isa.def"
};
const size_t isa_ext_count = sizeof isa_ext_table / sizeof isa_ext_table[0];

static const struct { const char *name, *syntax; int len; const char *cls; } formats[] = {
#define X(e, name, syntax, len, cls) { name, syntax, len, cls },
    ISA_FORMATS(X)
#undef X
};

static const char *const tiers[] = { "CORE", "LATER", "OPT", "XTRA", "SYS", "IMP", "ASST" };

const char *isa_format_name(enum isa_format f) { return formats[f].name; }
const char *isa_format_class(enum isa_format f) { return formats[f].cls; }

static const char *const classes[] = {
#define X(e, name) name,
    ISA_CLASSES(X)
#undef X
};

const char *isa_class_name(enum isa_class c) { return c < CLASS_COUNT ? classes[c] : "?"; }
const char *isa_format_syntax(enum isa_format f) { return formats[f].syntax; }
int isa_format_length(enum isa_format f) { return formats[f].len; }
const char *isa_tier_name(enum isa_tier t) { return tiers[t]; }

static int name_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (toupper((unsigned char)*a) != *b)
            return 0;
    return *a == 0 && *b == 0;
}

const struct isa_insn *isa_by_name(const char *name)
{
    for (size_t i = 0; i < isa_count; i++)
        if (name_eq(name, isa_table[i].name))
            return &isa_table[i];
    return NULL;
}

const struct isa_ext *isa_ext_by_name(const char *name)
{
    for (size_t i = 0; i < isa_ext_count; i++)
        if (name_eq(name, isa_ext_table[i].name))
            return &isa_ext_table[i];
    return NULL;
}

const struct isa_insn *isa_by_opcode(uint8_t op0, uint8_t op1)
{
    uint16_t want = op0 == 0xB2 ? (uint16_t)(0xB200 | op1) : op0;
    for (size_t i = 0; i < isa_count; i++)
        if (isa_table[i].opcode == want &&
            (isa_table[i].format != FMT_RXSS || isa_table[i].mask == op1 >> 4))
            return &isa_table[i];
    return NULL;
}

static void put_bd(uint8_t *p, int b, int d)
{
    p[0] = (uint8_t)(b << 4 | (d >> 8 & 0xF));
    p[1] = (uint8_t)d;
}

int isa_encode(const struct isa_insn *insn, const struct isa_fields *f, uint8_t out[6])
{
    int len = isa_format_length(insn->format);
    uint16_t op = insn->opcode;
    memset(out, 0, 6);
    out[0] = op > 0xFF ? (uint8_t)(op >> 8) : (uint8_t)op;
    switch ((enum isa_format)insn->format) {
    case FMT_RR: case FMT_RR_M: case FMT_RR_R1:
        out[1] = (uint8_t)(f->r1 << 4 | (f->r2 & 0xF));
        break;
    case FMT_RR_I:
        out[1] = f->i2;
        break;
    case FMT_RX: case FMT_RX_M: case FMT_RS: case FMT_RS_SH: case FMT_RS_M:
        out[1] = (uint8_t)(f->r1 << 4 | (f->r2 & 0xF));
        put_bd(out + 2, f->b2, f->d2);
        break;
    case FMT_SI:
        out[1] = f->i2;
        put_bd(out + 2, f->b1, f->d1);
        break;
    case FMT_S:
        out[1] = 0;
        put_bd(out + 2, f->b2, f->d2);
        break;
    case FMT_S2:
        out[1] = (uint8_t)op;
        put_bd(out + 2, f->b2, f->d2);
        break;
    case FMT_SS_L:
        out[1] = f->i2;
        put_bd(out + 2, f->b1, f->d1);
        put_bd(out + 4, f->b2, f->d2);
        break;
    case FMT_SS_LL: case FMT_SS_I3:
        out[1] = (uint8_t)(f->l1 << 4 | (f->l2 & 0xF));
        put_bd(out + 2, f->b1, f->d1);
        put_bd(out + 4, f->b2, f->d2);
        break;
    case FMT_RXSS:
        out[1] = (uint8_t)(insn->mask << 4 | (f->r2 & 0xF));
        put_bd(out + 2, f->b1, f->d1);
        put_bd(out + 4, f->b2, f->d2);
        break;
    case FMT_COUNT:
        return 0;
    }
    return len;
}

void isa_decode(const struct isa_insn *insn, const uint8_t *p, struct isa_fields *f)
{
    memset(f, 0, sizeof *f);
    f->r1 = p[1] >> 4;
    f->r2 = p[1] & 0xF;
    f->i2 = p[1];
    f->l1 = p[1] >> 4;
    f->l2 = p[1] & 0xF;
    int len = isa_format_length(insn->format);
    if (len >= 4) {
        int b = p[2] >> 4, d = (p[2] & 0xF) << 8 | p[3];
        if (insn->format == FMT_SI || len == 6) {
            f->b1 = (uint8_t)b;
            f->d1 = (uint16_t)d;
        } else {
            f->b2 = (uint8_t)b;
            f->d2 = (uint16_t)d;
        }
    }
    if (len == 6) {
        f->b2 = p[4] >> 4;
        f->d2 = (uint16_t)((p[4] & 0xF) << 8 | p[5]);
    }
}

/* The extended mnemonic HLASM would print for BC/BCR with mask m, or NULL. */
static const char *ext_name(const struct isa_insn *base, int m)
{
    for (size_t i = 0; i < isa_ext_count; i++)
        if (isa_ext_table[i].base == base && isa_ext_table[i].mask == m)
            return isa_ext_table[i].name;
    return NULL;
}

int isa_disasm(const uint8_t *p, size_t avail, char *buf, size_t n)
{
    const struct isa_insn *in = avail >= 2 ? isa_by_opcode(p[0], p[1]) : NULL;
    int len = avail ? isa_length_of(p[0]) : 0;
    if (!in || (size_t)len > avail) {
        size_t k = avail < 2 ? avail : 2;
        if (k == 0)
            snprintf(buf, n, "DC    0X''");
        else if (k == 1)
            snprintf(buf, n, "DC    X'%02X'", p[0]);
        else
            snprintf(buf, n, "DC    X'%02X%02X'", p[0], p[1]);
        return 0;
    }
    struct isa_fields f;
    isa_decode(in, p, &f);
    const char *name = in->name;
    int ext = 0;
    if (in->format == FMT_RX_M || in->format == FMT_RR_M) {
        const char *e = ext_name(in, f.r1);
        if (e) {
            name = e;
            ext = 1;
        }
    }
    char ops[64];
    switch ((enum isa_format)in->format) {
    case FMT_RR: case FMT_RR_M:
        if (ext) snprintf(ops, sizeof ops, "%d", f.r2);
        else snprintf(ops, sizeof ops, "%d,%d", f.r1, f.r2);
        break;
    case FMT_RR_R1: snprintf(ops, sizeof ops, "%d", f.r1); break;
    case FMT_RR_I: snprintf(ops, sizeof ops, "%d", f.i2); break;
    case FMT_RX: case FMT_RX_M:
        if (ext) snprintf(ops, sizeof ops, "%d(%d,%d)", f.d2, f.r2, f.b2);
        else snprintf(ops, sizeof ops, "%d,%d(%d,%d)", f.r1, f.d2, f.r2, f.b2);
        break;
    case FMT_RS: case FMT_RS_M:
        snprintf(ops, sizeof ops, "%d,%d,%d(%d)", f.r1, f.r2, f.d2, f.b2);
        break;
    case FMT_RS_SH: snprintf(ops, sizeof ops, "%d,%d(%d)", f.r1, f.d2, f.b2); break;
    case FMT_SI: snprintf(ops, sizeof ops, "%d(%d),X'%02X'", f.d1, f.b1, f.i2); break;
    case FMT_S: case FMT_S2: snprintf(ops, sizeof ops, "%d(%d)", f.d2, f.b2); break;
    case FMT_SS_L:
        snprintf(ops, sizeof ops, "%d(%d,%d),%d(%d)", f.d1, f.i2 + 1, f.b1, f.d2, f.b2);
        break;
    case FMT_SS_LL:
        snprintf(ops, sizeof ops, "%d(%d,%d),%d(%d,%d)", f.d1, f.l1 + 1, f.b1, f.d2,
                 f.l2 + 1, f.b2);
        break;
    case FMT_SS_I3:
        snprintf(ops, sizeof ops, "%d(%d,%d),%d(%d),%d", f.d1, f.l1 + 1, f.b1, f.d2, f.b2,
                 f.l2);
        break;
    case FMT_RXSS:     /* XDUMP with no operands: the registers; B2 = 0: a length */
        if ((in->flags & F_BARE) && !(f.r2 | f.b1 | f.d1 | f.b2 | f.d2))
            ops[0] = 0;
        else if (f.b2 == 0)
            snprintf(ops, sizeof ops, "%d(%d,%d),%d", f.d1, f.r2, f.b1, f.d2);
        else
            snprintf(ops, sizeof ops, "%d(%d,%d),%d(%d)", f.d1, f.r2, f.b1, f.d2, f.b2);
        break;
    case FMT_COUNT: ops[0] = 0; break;
    }
    if (ops[0])
        snprintf(buf, n, "%-5s %s", name, ops);
    else
        snprintf(buf, n, "%s", name);
    return len;
}
