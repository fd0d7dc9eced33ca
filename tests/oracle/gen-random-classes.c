/*
 * gen-random-classes.c -- how one random instruction of gen-random.c is
 * made: its registers (edge values, pairs, setup registers the body may
 * write), its storage operands (in their zones of the data area, see the
 * layout at the top of gen-random.c), the instruction classes and their
 * table, forward branches and EX of a target kept aside.
 *
 * Each generator first emits the setup it needs (L of a constant, LA of a
 * base, index or label) and then the main instruction, all through emit().
 */
#include "gen-random.h"

#include <string.h>

/* ---- registers ------------------------------------------------------ */

static int writable(struct prog *p, unsigned r) { return r < 16 && !(p->forbid >> r & 1); }

/* A register the body may write and this op's setup has not set. */
static unsigned wreg(struct prog *p)
{
    for (;;) {
        unsigned r = rnd(&p->r, 16);
        if (writable(p, r) && !(p->used >> r & 1))
            return r;
    }
}

/* A base or index register for setup: writable, not 0, not yet used. */
static unsigned sreg(struct prog *p)
{
    for (;;) {
        unsigned r = rnd(&p->r, 15) + 1;
        if (writable(p, r) && !(p->used >> r & 1)) {
            p->used |= 1u << r;
            return r;
        }
    }
}

/* An even-odd pair the body may write; now and then an odd R1 (0006). */
static unsigned wpair(struct prog *p)
{
    if (chance(&p->r, 14))
        return rnd(&p->r, 8) * 2 + 1;
    for (;;) {
        unsigned r = rnd(&p->r, 8) * 2;
        if (writable(p, r) && writable(p, r + 1))
            return r;
    }
}

static unsigned konst(struct prog *p, unsigned v)
{
    if (p->knext + 4 > KPOOL_END) {
        p->full = 1;
        return KPOOL;
    }
    put32(p->img + p->knext, v);
    p->knext += 4;
    return p->knext - 4;
}

/* An interesting 32-bit value: edges, small numbers, random bits. */
unsigned value(struct prog *p)
{
    static const unsigned edge[] = {
        0, 1, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 2, 0xFFFFFFFE, 0x80000001,
        0x7FFFFFFE, 0x0000FFFF, 0xFFFF0000, 0x00008000, 0xFFFF8000, 0x00007FFF,
    };
    switch (rnd(&p->r, 5)) {
    case 0: case 1: return edge[rnd(&p->r, sizeof edge / sizeof edge[0])];
    case 2: return rnd(&p->r, 40);
    case 3: return (unsigned)-(int)rnd(&p->r, 40);
    default: return (unsigned)rng_next(&p->r);
    }
}

void set_const(struct prog *p, unsigned r, unsigned v)
{
    emit(p, I("L"), RX(r, konst(p, v), 0, 0), 0);
    p->used |= 1u << r;
}

/*
 * Address the storage operand at ea: returns base b and displacement d,
 * emitting the LA that sets b (or using GR11 = X'1000' itself).
 */
static void address(struct prog *p, unsigned ea, unsigned *b, unsigned *d)
{
    if (chance(&p->r, 4)) {
        *b = DATAREG, *d = ea - DATA;
        return;
    }
    unsigned room = ea - DATA;
    *d = chance(&p->r, 3) ? 0 : rnd(&p->r, (room < 300 ? room : 300) + 1);
    *b = sreg(p);
    emit(p, I("LA"), RX(*b, ea - *d - DATA, 0, DATAREG), 0);
}

/* RX operand at ea: base, index (sometimes) and displacement. */
static struct isa_fields rx_at(struct prog *p, unsigned r1, unsigned ea)
{
    unsigned x = 0, k = 0, b, d;
    if (chance(&p->r, 2) && ea - DATA > 0) {
        unsigned room = ea - DATA;
        k = rnd(&p->r, (room < 64 ? room : 64) + 1);
        x = sreg(p);
        emit(p, I("LA"), RX(x, k, 0, 0), 0);
    }
    address(p, ea - k, &b, &d);
    return RX(r1, d, x, b);
}

/* ---- storage zones -------------------------------------------------- */

static unsigned ea_any(struct prog *p, unsigned len) { return DATA + rnd(&p->r, DATA_END - DATA - len + 1); }
static unsigned ea_g(struct prog *p, unsigned len) { return DATA + rnd(&p->r, G_END - DATA - len + 1); }
/* The rightmost len bytes of a packed slot. */
static unsigned ea_slot(unsigned slot, unsigned len) { return P_LO + 16 * slot + 16 - len; }
static unsigned slot_of(struct prog *p) { return rnd(&p->r, P_SLOTS); }

/* A length, mostly short: 1..max. */
static unsigned length(struct prog *p, unsigned max)
{
    unsigned l = chance(&p->r, 5) ? rnd(&p->r, max) + 1 : rnd(&p->r, max < 16 ? max : 16) + 1;
    return l;
}

static int overlaps(unsigned a, unsigned la, unsigned b, unsigned lb) { return a < b + lb && b < a + la; }

/* ---- the instruction classes ---------------------------------------- */

/* RR: R1 written (unless compare), R2 read. */
static void g_rr(struct prog *p, const struct isa_insn *in, int writes)
{
    unsigned r2 = rnd(&p->r, 16), r1 = writes ? wreg(p) : rnd(&p->r, 16);
    emit(p, in, RR(r1, r2), 1);
}

static void g_rr_pair(struct prog *p, const struct isa_insn *in)
{
    unsigned r2 = rnd(&p->r, 16), r1 = wpair(p);
    emit(p, in, RR(r1, r2), 1);
}

/* RX with a storage operand of len bytes; mode 'r' read into a written
 * R1, 'c' read (R1 only read), 'p' pair R1, 'w' store, 'W' store of 8
 * bytes that may land on a packed slot (CVD), '8' CVB. */
static void g_rx(struct prog *p, const struct isa_insn *in, unsigned len, int mode)
{
    unsigned ea, r1;
    switch (mode) {
    case 'w': ea = ea_g(p, len); r1 = rnd(&p->r, 16); break;
    case 'W': ea = chance(&p->r, 2) ? ea_slot(slot_of(p), 8) : ea_g(p, 8); r1 = rnd(&p->r, 16); break;
    case '8': ea = chance(&p->r, 4) ? ea_any(p, 8) : ea_slot(slot_of(p), 8); r1 = wreg(p); break;
    default: ea = ea_any(p, len); r1 = 0; break;
    }
    if (mode == 'r')
        r1 = wreg(p);
    else if (mode == 'c')
        r1 = rnd(&p->r, 16);
    else if (mode == 'p')
        r1 = wpair(p);
    p->used |= 1u << r1;
    emit(p, in, rx_at(p, r1, ea), 1);
}

static void g_la(struct prog *p, const struct isa_insn *in)
{
    unsigned b = rnd(&p->r, 16), x = chance(&p->r, 2) ? 0 : rnd(&p->r, 16);
    unsigned d = rnd(&p->r, 4096), r1 = wreg(p);
    emit(p, in, RX(r1, d, x, b), 1);
}

/* LM/STM: the register range R1..R3 (wrapping). */
static void g_lmstm(struct prog *p, const struct isa_insn *in, int load)
{
    unsigned r1, r3, n;
    for (;;) {
        r1 = rnd(&p->r, 16), n = chance(&p->r, 8) ? rnd(&p->r, 16) + 1 : rnd(&p->r, 4) + 1;
        r3 = (r1 + n - 1) & 15;
        int ok = 1;
        for (unsigned k = 0; k < n && load; k++)
            ok &= writable(p, (r1 + k) & 15);
        if (ok)
            break;
    }
    unsigned ea = load ? ea_any(p, 4 * n) : ea_g(p, 4 * n), b, d;
    address(p, ea, &b, &d);
    emit(p, in, (struct isa_fields){ .r1 = (uint8_t)r1, .r2 = (uint8_t)r3, .b2 = (uint8_t)b, .d2 = (uint16_t)d }, 1);
}

/* SI: one byte; store: in G. */
static void g_si(struct prog *p, const struct isa_insn *in, int store)
{
    unsigned ea = store ? ea_g(p, 1) : ea_any(p, 1), b, d;
    address(p, ea, &b, &d);
    unsigned i2 = chance(&p->r, 4) ? (unsigned[]){ 0, 0xFF, 0x80, 0x01, 0x0F, 0xF0 }[rnd(&p->r, 6)] : rnd(&p->r, 256);
    emit(p, in, (struct isa_fields){ .i2 = (uint8_t)i2, .b1 = (uint8_t)b, .d1 = (uint16_t)d }, 1);
}

/* Two SS operands: op1 at e1, op2 at e2. */
static struct isa_fields ss2(struct prog *p, unsigned e1, unsigned e2)
{
    unsigned b1, d1, b2, d2;
    address(p, e1, &b1, &d1);
    unsigned v1 = e1 - d1;
    if (chance(&p->r, 2) && e2 >= v1 && e2 - v1 < 4096)
        b2 = b1, d2 = e2 - v1;
    else
        address(p, e2, &b2, &d2);
    return (struct isa_fields){ .b1 = (uint8_t)b1, .d1 = (uint16_t)d1, .b2 = (uint8_t)b2, .d2 = (uint16_t)d2 };
}

/* SS-L: mode 'w' op1 stored in G (op2 anywhere, may overlap), 'c' both
 * read, 't' TR (table away from op1), 'T' TRT. */
static void g_ssl(struct prog *p, const struct isa_insn *in, int mode)
{
    unsigned l = length(p, 256), e1, e2;
    switch (mode) {
    case 'w':
        e1 = ea_g(p, l);
        if (chance(&p->r, 4) && e1 + 8 + l <= DATA_END) {
            unsigned up = rnd(&p->r, 9);
            e2 = e1 + up - (e1 > DATA + 8 ? rnd(&p->r, 9) : 0);
        } else {
            e2 = ea_any(p, l);
        }
        if (e2 + l > DATA_END)
            e2 = ea_any(p, l);
        break;
    case 't': e1 = ea_g(p, l); e2 = E_LO + rnd(&p->r, DATA_END - 256 - E_LO + 1); break;
    default: e1 = ea_any(p, l); e2 = ea_any(p, mode == 'T' ? 256 : l); break;
    }
    struct isa_fields f = ss2(p, e1, e2);
    f.i2 = (uint8_t)(l - 1);
    emit(p, in, f, 1);
}

/* ICM (read, R1 written), STCM (store), CLM (read). */
static void g_rsm(struct prog *p, const struct isa_insn *in, int mode)
{
    unsigned m = rnd(&p->r, 16), n = (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1);
    unsigned r1 = mode == 'r' ? wreg(p) : rnd(&p->r, 16);
    p->used |= 1u << r1;
    unsigned ea = mode == 'w' ? ea_g(p, n ? n : 1) : ea_any(p, n ? n : 1), b, d;
    address(p, ea, &b, &d);
    emit(p, in, (struct isa_fields){ .r1 = (uint8_t)r1, .r2 = (uint8_t)m, .b2 = (uint8_t)b, .d2 = (uint16_t)d }, 1);
}

/* Shifts: the amount is EA bits 26-31, from a displacement or a register. */
static void g_shift(struct prog *p, const struct isa_insn *in, int pair)
{
    unsigned r1 = pair ? wpair(p) : wreg(p);
    unsigned b = chance(&p->r, 3) ? rnd(&p->r, 16) : 0;
    unsigned d = chance(&p->r, 4) ? rnd(&p->r, 4096) : rnd(&p->r, 64);
    emit(p, in, (struct isa_fields){ .r1 = (uint8_t)r1, .b2 = (uint8_t)b, .d2 = (uint16_t)d }, 1);
}

/* MVCL/CLCL: two even pairs with small lengths, a pad byte. */
static void g_long(struct prog *p, const struct isa_insn *in, int move)
{
    if (chance(&p->r, 15)) {
        unsigned r2 = rnd(&p->r, 8) * 2, r1 = rnd(&p->r, 8) * 2 + 1;
        emit(p, in, RR(r1, r2), 1);
        return;
    }
    unsigned r1, r2;
    do {
        r1 = wpair(p) & 14, r2 = wpair(p) & 14;
    } while (r1 == r2 || !writable(p, r1) || !writable(p, r1 + 1) || !writable(p, r2) || !writable(p, r2 + 1));
    p->used |= 3u << r1 | 3u << r2;
    unsigned l1 = rnd(&p->r, 70), l2 = rnd(&p->r, 70);
    unsigned e1 = move ? ea_g(p, l1 ? l1 : 1) : ea_any(p, l1 ? l1 : 1);
    unsigned e2 = ea_any(p, l2 ? l2 : 1);
    if (move && chance(&p->r, 4) && e1 >= DATA + 40)    /* overlap: destructive or not */
        e2 = e1 - 20 + rnd(&p->r, 41);
    if (e2 + l2 > DATA_END)
        e2 = DATA_END - l2;
    emit(p, I("LA"), RX(r1, e1 - DATA, 0, DATAREG), 0);
    set_const(p, r1 + 1, (chance(&p->r, 3) ? (unsigned)rng_next(&p->r) & 0xFF000000u : 0) | l1);
    emit(p, I("LA"), RX(r2, e2 - DATA, 0, DATAREG), 0);
    set_const(p, r2 + 1, (unsigned)rnd(&p->r, 256) << 24 | l2);
    emit(p, in, RR(r1, r2), 1);
}

/* Decimal SS-LL.  mode: 'a' AP SP ZAP (op1 stored), 'c' CP, 'm' MP, 'd'
 * DP, 'p' PACK MVO (op1 in G or a slot, op2 elsewhere), 'u' UNPK. */
static void g_dec(struct prog *p, const struct isa_insn *in, int mode)
{
    unsigned l1 = rnd(&p->r, 16) + 1, l2 = rnd(&p->r, 16) + 1, e1, e2;
    if (mode == 'm' || mode == 'd') {
        l2 = rnd(&p->r, 8) + 1;
        l1 = l2 + 1 + rnd(&p->r, 16 - l2);
        if (chance(&p->r, 12))
            l2 = rnd(&p->r, 16) + 1, l1 = rnd(&p->r, 16) + 1;  /* maybe 0006 */
    }
    if (mode == 'p' || mode == 'u') {
        e1 = mode == 'u' || chance(&p->r, 2) ? ea_g(p, l1) : ea_slot(slot_of(p), l1);
        do e2 = ea_any(p, l2); while (overlaps(e1, l1, e2, l2));
    } else {
        unsigned s1 = slot_of(p), s2 = slot_of(p);
        int g1 = chance(&p->r, 10);
        e1 = g1 ? (mode == 'c' ? ea_any(p, l1) : ea_g(p, l1)) : ea_slot(s1, l1);
        if (!g1 && chance(&p->r, 8))            /* coincident rightmost bytes */
            s2 = s1;
        if (s2 == s1 && (mode == 'm' || mode == 'd') && l2 >= l1)
            s2 = (s1 + 1) % P_SLOTS;
        e2 = chance(&p->r, 12) ? S_LO + rnd(&p->r, 64 - l2 + 1) : ea_slot(s2, l2);
        if (g1 || e2 >= S_LO)
            while (overlaps(e1, l1, e2, l2))
                e2 = ea_slot(slot_of(p), l2);
    }
    struct isa_fields f = ss2(p, e1, e2);
    f.l1 = (uint8_t)(l1 - 1), f.l2 = (uint8_t)(l2 - 1);
    emit(p, in, f, 1);
}

static void g_srp(struct prog *p, const struct isa_insn *in)
{
    unsigned l1 = rnd(&p->r, 16) + 1, b, d;
    address(p, ea_slot(slot_of(p), l1), &b, &d);
    unsigned sh = chance(&p->r, 2) ? rnd(&p->r, 2 * l1 + 2) : 64 - rnd(&p->r, 2 * l1 + 2);
    emit(p, in, (struct isa_fields){ .l1 = (uint8_t)(l1 - 1), .l2 = (uint8_t)rnd(&p->r, 10),
                                     .b1 = (uint8_t)b, .d1 = (uint16_t)d, .d2 = (uint16_t)(sh & 63) }, 1);
}

/* ED/EDMK: pattern in its E slot, source in S. */
static void g_ed(struct prog *p, const struct isa_insn *in)
{
    unsigned slot = rnd(&p->r, 8), off = rnd(&p->r, 8), l = rnd(&p->r, 32 - off) + 1;
    unsigned e1 = E_LO + 32 * slot + off, e2 = S_LO + rnd(&p->r, 64 - 16 + 1);
    struct isa_fields f = ss2(p, e1, e2);
    f.i2 = (uint8_t)(l - 1);
    emit(p, in, f, 1);
}

static void g_cs(struct prog *p, const struct isa_insn *in, int dbl)
{
    unsigned r1 = dbl ? wpair(p) : wreg(p), r3 = dbl ? (chance(&p->r, 14) ? rnd(&p->r, 16) : rnd(&p->r, 8) * 2) : rnd(&p->r, 16);
    p->used |= 1u << r1;
    unsigned al = dbl ? 8 : 4, ea = ea_g(p, al);
    if (!chance(&p->r, 8))
        ea &= ~(al - 1);
    unsigned b, d;
    address(p, ea, &b, &d);
    emit(p, in, (struct isa_fields){ .r1 = (uint8_t)r1, .r2 = (uint8_t)r3, .b2 = (uint8_t)b, .d2 = (uint16_t)d }, 1);
}

static void g_ts(struct prog *p, const struct isa_insn *in)
{
    unsigned b, d;
    address(p, ea_g(p, 1), &b, &d);
    emit(p, in, (struct isa_fields){ .b2 = (uint8_t)b, .d2 = (uint16_t)d }, 1);
}

static void g_mc(struct prog *p, const struct isa_insn *in)
{
    unsigned i2 = chance(&p->r, 4) ? rnd(&p->r, 256) : rnd(&p->r, 16);
    unsigned b1 = rnd(&p->r, 16), d1 = rnd(&p->r, 4096);
    emit(p, in, (struct isa_fields){ .i2 = (uint8_t)i2, .b1 = (uint8_t)b1, .d1 = (uint16_t)d1 }, 1);
}

static void g_spm(struct prog *p, const struct isa_insn *in)
{
    unsigned r = rnd(&p->r, 16);
    if (chance(&p->r, 2) && writable(p, r) && r)
        set_const(p, r, (unsigned)rnd(&p->r, 64) << 24);
    emit(p, in, RR(r, 0), 1);
}

static void g_svc(struct prog *p, const struct isa_insn *in)
{
    emit(p, in, (struct isa_fields){ .i2 = (uint8_t)rnd(&p->r, 256) }, 1);
}

/* A random register load, to keep values interesting. */
void g_load(struct prog *p)
{
    unsigned r = wreg(p);
    set_const(p, r, value(p));
}

/* ---- branches (forward, inside the block) ---------------------------- */

/* Mark item it as branching tgt ops ahead (resolved at the block's end). */
static void forward(struct prog *p, struct item *it, int cur_op, int nops)
{
    if (it)
        it->tgt_op = cur_op + 1 + (int)rnd(&p->r, (unsigned)(nops - cur_op));
}

/* LA of a label into a fresh register, for BCR/BALR/BASR/BCTR. */
static unsigned label_reg(struct prog *p, int cur_op, int nops)
{
    unsigned r = sreg(p);
    struct item *it = emit(p, I("LA"), RX(r, 0, 0, 0), 0);
    forward(p, it, cur_op, nops);
    return r;
}

static void g_branch(struct prog *p, const struct isa_insn *in, int cur_op, int nops)
{
    const char *n = in->name;
    struct item *it;
    if (!strcmp(n, "BC")) {
        it = emit(p, in, RX(rnd(&p->r, 16), 0, 0, 0), 1);
    } else if (!strcmp(n, "BAL") || !strcmp(n, "BAS")) {
        it = emit(p, in, RX(wreg(p), 0, 0, 0), 1);
    } else if (!strcmp(n, "BCT")) {
        unsigned r = wreg(p);
        if (chance(&p->r, 2))
            set_const(p, r, rnd(&p->r, 3));
        it = emit(p, in, RX(r, 0, 0, 0), 1);
    } else if (!strcmp(n, "BXH") || !strcmp(n, "BXLE")) {
        unsigned r1 = wreg(p), r3 = rnd(&p->r, 16);
        it = emit(p, in, (struct isa_fields){ .r1 = (uint8_t)r1, .r2 = (uint8_t)r3 }, 1);
    } else {    /* BCR BALR BASR BCTR: R2 a label register, or 0 */
        unsigned r2 = chance(&p->r, 5) ? 0 : label_reg(p, cur_op, nops);
        if (r2) {
            unsigned r1 = !strcmp(n, "BCR") ? rnd(&p->r, 16) : chance(&p->r, 6) ? r2 : wreg(p);
            if (!strcmp(n, "BCTR") && r1 == r2)
                r1 = wreg(p);
            if (!strcmp(n, "BCTR") && chance(&p->r, 2))
                set_const(p, r1, rnd(&p->r, 3));
            emit(p, in, RR(r1, r2), 1);
        } else {
            emit(p, in, RR(!strcmp(n, "BCR") ? rnd(&p->r, 16) : wreg(p), 0), 1);
        }
        return;
    }
    forward(p, it, cur_op, nops);
}

/* ---- the table of classes ------------------------------------------- */

/* Per mnemonic: class, a mode/length argument, a weight (enum cls in gen-random.h). */
static const struct gclass classes[] = {
    { "LR", K_RR, 1, 0, 3 }, { "LTR", K_RR, 1, 0, 3 }, { "LCR", K_RR, 1, 0, 3 },
    { "LNR", K_RR, 1, 0, 2 }, { "LPR", K_RR, 1, 0, 3 }, { "AR", K_RR, 1, 0, 4 },
    { "ALR", K_RR, 1, 0, 3 }, { "SR", K_RR, 1, 0, 4 }, { "SLR", K_RR, 1, 0, 3 },
    { "NR", K_RR, 1, 0, 2 }, { "OR", K_RR, 1, 0, 2 }, { "XR", K_RR, 1, 0, 2 },
    { "CR", K_RR, 0, 0, 3 }, { "CLR", K_RR, 0, 0, 3 },
    { "MR", K_RRP, 0, 0, 3 }, { "DR", K_RRP, 0, 0, 3 },
    { "L", K_RX, 4, 'r', 3 }, { "LH", K_RX, 2, 'r', 2 }, { "A", K_RX, 4, 'r', 3 },
    { "AH", K_RX, 2, 'r', 2 }, { "AL", K_RX, 4, 'r', 2 }, { "S", K_RX, 4, 'r', 3 },
    { "SH", K_RX, 2, 'r', 2 }, { "SL", K_RX, 4, 'r', 2 }, { "N", K_RX, 4, 'r', 2 },
    { "O", K_RX, 4, 'r', 2 }, { "X", K_RX, 4, 'r', 2 }, { "IC", K_RX, 1, 'r', 2 },
    { "MH", K_RX, 2, 'r', 2 }, { "C", K_RX, 4, 'c', 2 }, { "CH", K_RX, 2, 'c', 2 },
    { "CL", K_RX, 4, 'c', 2 }, { "M", K_RX, 4, 'p', 3 }, { "D", K_RX, 4, 'p', 3 },
    { "ST", K_RX, 4, 'w', 3 }, { "STH", K_RX, 2, 'w', 2 }, { "STC", K_RX, 1, 'w', 2 },
    { "CVD", K_RX, 8, 'W', 3 }, { "CVB", K_RX, 8, '8', 3 }, { "LA", K_LA, 0, 0, 2 },
    { "LM", K_LM, 1, 0, 2 }, { "STM", K_STM, 0, 0, 2 },
    { "NI", K_SI, 1, 0, 2 }, { "OI", K_SI, 1, 0, 2 }, { "XI", K_SI, 1, 0, 2 },
    { "MVI", K_SI, 1, 0, 2 }, { "TM", K_SI, 0, 0, 3 }, { "CLI", K_SI, 0, 0, 2 },
    { "MVC", K_SSL, 'w', 0, 3 }, { "NC", K_SSL, 'w', 0, 2 }, { "OC", K_SSL, 'w', 0, 2 },
    { "XC", K_SSL, 'w', 0, 2 }, { "MVN", K_SSL, 'w', 0, 2 }, { "MVZ", K_SSL, 'w', 0, 2 },
    { "CLC", K_SSL, 'c', 0, 3 }, { "TR", K_SSL, 't', 0, 2 }, { "TRT", K_SSL, 'T', 0, 3 },
    { "ICM", K_RSM, 'r', 0, 3 }, { "STCM", K_RSM, 'w', 0, 2 }, { "CLM", K_RSM, 'c', 0, 2 },
    { "SLL", K_SH, 0, 0, 2 }, { "SRL", K_SH, 0, 0, 2 }, { "SLA", K_SH, 0, 0, 3 },
    { "SRA", K_SH, 0, 0, 2 }, { "SLDL", K_SHD, 0, 0, 2 }, { "SRDL", K_SHD, 0, 0, 2 },
    { "SLDA", K_SHD, 0, 0, 3 }, { "SRDA", K_SHD, 0, 0, 2 },
    { "MVCL", K_MVCL, 0, 0, 3 }, { "CLCL", K_CLCL, 0, 0, 3 },
    { "AP", K_DEC, 'a', 0, 4 }, { "SP", K_DEC, 'a', 0, 4 }, { "ZAP", K_DEC, 'a', 0, 3 },
    { "CP", K_DEC, 'c', 0, 3 }, { "MP", K_DEC, 'm', 0, 4 }, { "DP", K_DEC, 'd', 0, 4 },
    { "PACK", K_DEC, 'p', 0, 2 }, { "MVO", K_DEC, 'p', 0, 2 }, { "UNPK", K_DEC, 'u', 0, 2 },
    { "SRP", K_SRP, 0, 0, 3 }, { "ED", K_ED, 0, 0, 3 }, { "EDMK", K_ED, 0, 0, 3 },
    { "CS", K_CS, 0, 0, 2 }, { "CDS", K_CDS, 0, 0, 2 }, { "TS", K_TS, 0, 0, 1 },
    { "MC", K_MC, 0, 0, 1 }, { "SPM", K_SPM, 0, 0, 2 }, { "SVC", K_SVC, 0, 0, 1 },
    { "EX", K_EX, 0, 0, 6 },
    { "BC", K_BR, 0, 0, 4 }, { "BCR", K_BR, 0, 0, 2 }, { "BAL", K_BR, 0, 0, 1 },
    { "BALR", K_BR, 0, 0, 2 }, { "BAS", K_BR, 0, 0, 1 }, { "BASR", K_BR, 0, 0, 1 },
    { "BCT", K_BR, 0, 0, 1 }, { "BCTR", K_BR, 0, 0, 2 }, { "BXH", K_BR, 0, 0, 1 },
    { "BXLE", K_BR, 0, 0, 1 },
};
#define NCLASSES (sizeof classes / sizeof classes[0])

const struct gclass *pick(struct prog *p, int allow_branch)
{
    int total = 0;
    for (size_t i = 0; i < NCLASSES; i++)
        total += classes[i].weight;
    for (;;) {
        int w = (int)rnd(&p->r, (unsigned)total);
        size_t i = 0;
        while (w >= classes[i].weight)
            w -= classes[i++].weight;
        /* PER storage alteration: an unsuccessful CS or CDS alters
           nothing (imp(7)); Hercules 3.13 reports it all the same */
        if (p->per && (p->per_cr[0] & 0x20000000u) && (classes[i].k == K_CS || classes[i].k == K_CDS))
            continue;
        if (allow_branch || (classes[i].k != K_BR && classes[i].k != K_EX))
            return &classes[i];
    }
}

/* Generate one main instruction of class c (setups first). */
void gen_one(struct prog *p, const struct gclass *c, int cur_op, int nops)
{
    const struct isa_insn *in = I(c->name);
    switch (c->k) {
    case K_RR: g_rr(p, in, c->arg); break;
    case K_RRP: g_rr_pair(p, in); break;
    case K_RX: g_rx(p, in, (unsigned)c->arg, c->mode); break;
    case K_LA: g_la(p, in); break;
    case K_LM: g_lmstm(p, in, 1); break;
    case K_STM: g_lmstm(p, in, 0); break;
    case K_SI: g_si(p, in, c->arg); break;
    case K_SSL: g_ssl(p, in, c->arg); break;
    case K_RSM: g_rsm(p, in, c->arg); break;
    case K_SH: g_shift(p, in, 0); break;
    case K_SHD: g_shift(p, in, 1); break;
    case K_MVCL: g_long(p, in, 1); break;
    case K_CLCL: g_long(p, in, 0); break;
    case K_DEC: g_dec(p, in, c->arg); break;
    case K_SRP: g_srp(p, in); break;
    case K_ED: g_ed(p, in); break;
    case K_CS: g_cs(p, in, 0); break;
    case K_CDS: g_cs(p, in, 1); break;
    case K_TS: g_ts(p, in); break;
    case K_MC: g_mc(p, in); break;
    case K_SPM: g_spm(p, in); break;
    case K_SVC: g_svc(p, in); break;
    case K_BR: g_branch(p, in, cur_op, nops); break;
    case K_EX: break;
    }
}

/* The bytes of an item: its instruction encoded, or its raw bytes. */
void encode_item(const struct item *it, unsigned char out[6])
{
    if (it->in)
        isa_encode(it->in, &it->f, out);
    else
        memcpy(out, it->raw, 6);
}

/*
 * EX: generate the effective instruction, keep a target whose byte 1 has
 * some bits cleared after the end, and LA the cleared bits (and maybe
 * more of byte 1) into the EX register.  Now and then: EX of EX (0003),
 * an odd target (0006).
 */
void g_ex(struct prog *p)
{
    const struct isa_insn *ex = I("EX");
    if (p->npool >= MAXPOOL)
        return;
    unsigned char raw[6] = { 0 };
    unsigned v = 0, rv = 0;
    int odd = chance(&p->r, 25);
    if (chance(&p->r, 25)) {        /* EX of EX */
        struct isa_fields f = RX(0, 0x700, 0, 0);
        isa_encode(ex, &f, raw);
    } else {
        p->ex_mode = 1;
        gen_one(p, pick(p, 0), 0, 0);
        p->ex_mode = 0;
        encode_item(&p->exmain, raw);
        if (chance(&p->r, 4)) {
            rv = 0;
        } else {
            unsigned clear = raw[1] & rnd(&p->r, 256);
            v = clear | (raw[1] & rnd(&p->r, 256));
            raw[1] = (unsigned char)(raw[1] & ~clear);
            rv = wreg(p);
            if (rv == 0)
                rv = 0, v = 0, raw[1] = (unsigned char)(raw[1] | clear);
        }
    }
    memcpy(p->pool[p->npool], raw, 6);
    if (rv)
        emit(p, I("LA"), RX(rv, v, 0, 0), 0);
    struct item *it = emit(p, ex, RX(rv, 0, 0, 0), 1);
    it->target = -2 - p->npool;     /* pool entry, placed at layout */
    it->tgt_op = odd;               /* 1: one byte past the target */
    p->npool++;
}
