/*
 * gen-random.c -- the random differential test: seeded programs of random
 * problem-state instructions, built as flat core images that run the same
 * way on Hercules (the reference) and on IMP (imprun --core).
 *
 *   gen-random image SEED OUT.bin        write the core image of SEED
 *   gen-random images DIR SEED...        DIR/SEED.bin for each seed
 *   gen-random list SEED                 the program's listing
 *   gen-random golden SEED DUMP.bin      print SEED's golden line (DUMP is
 *                                        Hercules' storage RESULT_LO..HI)
 *   gen-random check GOLDEN.txt DIR      compare DIR/SEED.out (IMP's
 *                                        storage) with every golden line
 *   gen-random compare SEED WANT.bin GOT.bin   compare two dumps of SEED
 *
 * The same seed always gives the same image (a private splitmix64 stream,
 * instructions encoded with lib/isa.c, whose encodings t1900 checks
 * against GNU as).  The image:
 *
 *   000  restart new PSW 00080000 00000700 (EC mode, key 0, disabled)
 *   060  SVC new PSW     -> SVCH;  068 program new PSW -> PGMH
 *   1F8  disabled-wait PSW 000A0000 00000000
 *   200  results: GR0-15, +40 BALR link word (ILC|CC|PM|IA) at the end,
 *        +44 interruption count, +48 log pointer, +4C handler scratch,
 *        +50 log limit, +54 and +58 the log tags C'PGM ' and C'SVC '
 *   260  interruption log: 16-byte entries (tag, X'8C' or X'88' word,
 *        old PSW), at most 26; later ones are only counted
 *   400  initial GR0-15 (LM), 440 the SPM byte, 444 constant pool
 *   600  PGMH, 680 SVCH: log the interruption, resume at the old PSW
 *   700  the program, then the end (STM, BALR, ST, LPSW), then EX targets
 *  1000  data area: G 1000-12FF random bytes (plain stores go here),
 *        E 1300-13FF eight 32-byte ED patterns (only ED/EDMK store here),
 *        P 1400-17BF sixty 16-byte packed slots (decimal operands are the
 *        rightmost L bytes of a slot, so usually valid), S 17C0-17FF ED
 *        sources (digits 0-9 left, 0-9 or a sign right; never stored)
 *
 * A program is a list of blocks: straight-line blocks and loops (BCT,
 * BCTR, BXLE, BXH on GR13-15 with 1-6 iterations; the body never writes
 * GR11, the data base, nor in a loop GR13-15).  Each random instruction
 * gets fresh base and index registers from LA right before it, so every
 * storage operand lies where its zone rule allows; branches go forward
 * inside their block; EX runs a target kept after the end, with a known
 * OR value set by LA.  What the architecture leaves unpredictable is not
 * generated: branches to odd addresses, improperly overlapping decimal
 * operands, ED with an invalid source digit, access exceptions, and
 * interrupted MVCL/CLCL (all interruptions but program and SVC are off).
 */
#include "isa.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    IMG_SIZE = 0x1800, RESULT_LO = 0x200, RESULT_HI = 0x17FF,
    RES = 0x200, LOG = 0x260, LOG_END = 0x400, INIT = 0x400, SPMVAL = 0x440,
    KPOOL = 0x444, KPOOL_END = 0x600, PGMH = 0x600, SVCH = 0x680, ENTRY = 0x700,
    CODE_END = 0x1000, WAITPSW = 0x1F8,
    DATA = 0x1000, G_END = 0x1300, E_LO = 0x1300, P_LO = 0x1400, P_SLOTS = 60,
    S_LO = 0x17C0, DATA_END = 0x1800,
    MAXIT = 1200, MAXPOOL = 64, DATAREG = 11,
};

struct rng { unsigned long long s; };

static unsigned long long rng_next(struct rng *r)
{
    unsigned long long z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniform number in 0..n-1 (n > 0). */
static unsigned rnd(struct rng *r, unsigned n) { return (unsigned)(rng_next(r) % n); }
static int chance(struct rng *r, unsigned n) { return rnd(r, n) == 0; }

/*
 * One instruction of the code.  target >= 0: the item whose address goes
 * into d2 (a branch or an LA of a label); tgt_op: the same, before the
 * block is resolved (an op index within the block, or the block's end).
 */
struct item {
    const struct isa_insn *in;
    struct isa_fields f;
    int target, tgt_op;
    int is_main;            /* the op's random instruction (for counts) */
    unsigned addr;
    int len;
    unsigned char raw[6];   /* used when in == NULL (e.g. X'0000') */
};

struct prog {
    struct rng r;
    struct item it[MAXIT];
    int n;
    unsigned char pool[MAXPOOL][6];
    int npool, full;
    unsigned knext;         /* next constant-pool address */
    unsigned forbid;        /* registers the body must not write */
    unsigned used;          /* registers this op's setup has set */
    int ex_mode;            /* put the main instruction aside for EX */
    struct item exmain, spare;
    int ops, mains;
    unsigned poolbase;
    unsigned char img[IMG_SIZE];
};

static const struct isa_insn *I(const char *name)
{
    const struct isa_insn *in = isa_by_name(name);
    if (!in) {
        fprintf(stderr, "gen-random: %s is not in lib/isa.def\n", name);
        exit(2);
    }
    return in;
}

static void put32(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)(v >> 24), p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8), p[3] = (unsigned char)v;
}

static unsigned get32(const unsigned char *p)
{
    return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

/* Append an instruction to the code (or keep it aside in EX mode). */
static struct item *emit(struct prog *p, const struct isa_insn *in, struct isa_fields f, int is_main)
{
    struct item it = { .in = in, .f = f, .target = -1, .tgt_op = -1, .is_main = is_main,
                       .len = in ? isa_format_length(in->format) : 2 };
    if (is_main && p->ex_mode) {
        p->exmain = it;
        return &p->exmain;
    }
    if (p->n >= MAXIT) {
        p->full = 1;
        p->spare = it;
        return &p->spare;
    }
    p->it[p->n] = it;
    return &p->it[p->n++];
}

static struct isa_fields RR(unsigned r1, unsigned r2) { return (struct isa_fields){ .r1 = (uint8_t)r1, .r2 = (uint8_t)r2 }; }
static struct isa_fields RX(unsigned r1, unsigned d, unsigned x, unsigned b)
{
    return (struct isa_fields){ .r1 = (uint8_t)r1, .r2 = (uint8_t)x, .b2 = (uint8_t)b, .d2 = (uint16_t)d };
}

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
static unsigned value(struct prog *p)
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

static void set_const(struct prog *p, unsigned r, unsigned v)
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
    emit(p, in, RR(writes ? wreg(p) : rnd(&p->r, 16), rnd(&p->r, 16)), 1);
}

static void g_rr_pair(struct prog *p, const struct isa_insn *in)
{
    emit(p, in, RR(wpair(p), rnd(&p->r, 16)), 1);
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
    emit(p, in, RX(wreg(p), rnd(&p->r, 4096), chance(&p->r, 2) ? 0 : rnd(&p->r, 16), rnd(&p->r, 16)), 1);
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
        e2 = chance(&p->r, 4) && e1 + 8 + l <= DATA_END ? e1 + rnd(&p->r, 9) - (e1 > DATA + 8 ? rnd(&p->r, 9) : 0)
                              : ea_any(p, l);
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
        emit(p, in, RR(rnd(&p->r, 8) * 2 + 1, rnd(&p->r, 8) * 2), 1);
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
    emit(p, in, (struct isa_fields){ .i2 = (uint8_t)i2, .b1 = (uint8_t)rnd(&p->r, 16), .d1 = (uint16_t)rnd(&p->r, 4096) }, 1);
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
static void g_load(struct prog *p)
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

enum cls {
    K_RR, K_RRP, K_RX, K_LA, K_LM, K_STM, K_SI, K_SSL, K_RSM, K_SH, K_SHD,
    K_MVCL, K_CLCL, K_DEC, K_SRP, K_ED, K_CS, K_CDS, K_TS, K_MC, K_SPM, K_SVC,
    K_EX, K_BR,
};

/* Per mnemonic: class, a mode/length argument, a weight. */
static const struct gclass {
    const char *name;
    enum cls k;
    int arg, mode, weight;
} classes[] = {
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

static const struct gclass *pick(struct prog *p, int allow_branch)
{
    int total = 0;
    for (size_t i = 0; i < NCLASSES; i++)
        total += classes[i].weight;
    for (;;) {
        int w = (int)rnd(&p->r, (unsigned)total);
        size_t i = 0;
        while (w >= classes[i].weight)
            w -= classes[i++].weight;
        if (allow_branch || (classes[i].k != K_BR && classes[i].k != K_EX))
            return &classes[i];
    }
}

/* Generate one main instruction of class c (setups first). */
static void gen_one(struct prog *p, const struct gclass *c, int cur_op, int nops)
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

/* The byte of an instruction that EX ORs into (byte 1). */
static void encode_item(const struct item *it, unsigned char out[6])
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
static void g_ex(struct prog *p)
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

/* ---- blocks and the program ----------------------------------------- */

/* Room for more: code bytes and constants left (EX targets fit anyway). */
static int room(const struct prog *p)
{
    unsigned bytes = 0;
    for (int i = 0; i < p->n; i++)
        bytes += (unsigned)p->it[i].len;
    return bytes < 1500 && p->knext + 64 <= KPOOL_END && p->npool < MAXPOOL && !p->full;
}

static void block(struct prog *p, int nops)
{
    int first = p->n;
    int opfirst[64];
    for (int op = 0; op < nops; op++) {
        opfirst[op] = p->n;
        if (!room(p))
            continue;
        p->used = 0;
        if (chance(&p->r, 7))
            g_load(p);
        else {
            const struct gclass *c = pick(p, 1);
            if (c->k == K_EX)
                g_ex(p);
            else
                gen_one(p, c, op, nops);
        }
        p->ops++;
    }
    opfirst[nops] = p->n;
    for (int i = first; i < p->n; i++)
        if (p->it[i].tgt_op >= 0 && p->it[i].target == -1)
            p->it[i].target = opfirst[p->it[i].tgt_op];
}

/* A loop of 1-6 iterations on GR13-15 around a block. */
static void loop(struct prog *p)
{
    unsigned kind = rnd(&p->r, 5), iters = rnd(&p->r, 6) + 1;
    unsigned saved = p->forbid;
    p->used = 0;
    switch (kind) {
    case 0: case 1: set_const(p, 13, iters); break;                  /* BCT, BCTR */
    case 2:  /* BXLE 13,14: comparand GR15 */
        set_const(p, 13, 5), set_const(p, 14, 3), set_const(p, 15, 5 + 3 * (iters - 1));
        break;
    case 3:  /* BXH 13,14 with a negative increment */
        set_const(p, 13, 20), set_const(p, 14, (unsigned)-4), set_const(p, 15, 20 - 4 * iters);
        break;
    default: /* BXLE 13,15: GR15 is increment and comparand */
        set_const(p, 13, (unsigned)-(int)(2 * iters - 2)), set_const(p, 15, 2);
        break;
    }
    int top = p->n;
    struct item *la = NULL;
    if (kind == 1) {
        la = emit(p, I("LA"), RX(14, 0, 0, 0), 0);
        if (la)
            la->target = p->n;
        top = p->n;
    }
    p->forbid |= 0xE000;
    block(p, (int)rnd(&p->r, 6) + 1);
    p->forbid = saved;
    struct item *it;
    switch (kind) {
    case 0: it = emit(p, I("BCT"), RX(13, 0, 0, 0), 0); break;
    case 1: emit(p, I("BCTR"), RR(13, 14), 0); return;
    case 2: it = emit(p, I("BXLE"), (struct isa_fields){ .r1 = 13, .r2 = 14 }, 0); break;
    case 3: it = emit(p, I("BXH"), (struct isa_fields){ .r1 = 13, .r2 = 14 }, 0); break;
    default: it = emit(p, I("BXLE"), (struct isa_fields){ .r1 = 13, .r2 = 15 }, 0); break;
    }
    it->target = top;
}

/* Lay out the code and the EX targets, encode everything into img. */
static int layout(struct prog *p)
{
    unsigned a = ENTRY;
    for (int i = 0; i < p->n; i++)
        p->it[i].addr = a, a += (unsigned)p->it[i].len;
    unsigned endseq = a;
    a += 4 + 2 + 4 + 4;                 /* STM, BALR, ST, LPSW */
    a = (a + 7) & ~7u;
    unsigned poolbase = p->poolbase = a;
    if (poolbase + 8 * (unsigned)p->npool > CODE_END)
        return -1;
    for (int k = 0; k < p->npool; k++)
        memcpy(p->img + poolbase + 8 * k, p->pool[k], 6);
    for (int i = 0; i < p->n; i++) {
        struct item *it = &p->it[i];
        if (it->target <= -2)
            it->f.d2 = (uint16_t)(poolbase + 8 * (unsigned)(-2 - it->target) + (it->tgt_op == 1));
        else if (it->target >= 0)
            it->f.d2 = (uint16_t)(it->target < p->n ? p->it[it->target].addr : endseq);
        unsigned char b[6];
        encode_item(it, b);
        memcpy(p->img + it->addr, b, (size_t)it->len);
    }
    /* isa_encode fills all 6 bytes of its buffer: encode aside, copy len */
    static const struct { const char *op; struct isa_fields f; } end[] = {
        { "STM", { .r1 = 0, .r2 = 15, .d2 = RES } }, { "BALR", { .r1 = 1 } },
        { "ST", { .r1 = 1, .d2 = RES + 0x40 } }, { "LPSW", { .d2 = WAITPSW } },
    };
    for (size_t k = 0; k < sizeof end / sizeof end[0]; k++) {
        unsigned char b[6];
        int n = isa_encode(I(end[k].op), &end[k].f, b);
        memcpy(p->img + endseq, b, (size_t)n);
        endseq += (unsigned)n;
    }
    return 0;
}

/* The interruption handlers: log (tag, code word, old PSW), count, resume. */
static void handler(unsigned char *img, unsigned at, unsigned codew, unsigned oldpsw, unsigned tag)
{
    unsigned char *e = img + at;
    const struct isa_fields fs[] = {
        { .r1 = 1, .d2 = RES + 0x4C },                  /* ST  1,scratch        */
        { .r1 = 1, .d2 = RES + 0x48 },                  /* L   1,logptr         */
        { .r1 = 1, .d2 = RES + 0x50 },                  /* CL  1,limit          */
        { .r1 = 10, .d2 = 0 },                          /* BC  10,skip (later)  */
        { .i2 = 3, .b1 = 1, .d1 = 0, .d2 = (uint16_t)tag },
        { .i2 = 3, .b1 = 1, .d1 = 4, .d2 = (uint16_t)codew },
        { .i2 = 7, .b1 = 1, .d1 = 8, .d2 = (uint16_t)oldpsw },
        { .r1 = 1, .d2 = 16, .b2 = 1 },                 /* LA  1,16(,1)         */
        { .r1 = 1, .d2 = RES + 0x48 },                  /* ST  1,logptr         */
        { .r1 = 1, .d2 = RES + 0x44 },                  /* skip: L 1,count      */
        { .r1 = 1, .d2 = 1, .b2 = 1 },                  /* LA  1,1(,1)          */
        { .r1 = 1, .d2 = RES + 0x44 },                  /* ST  1,count          */
        { .r1 = 1, .d2 = RES + 0x4C },                  /* L   1,scratch        */
        { .d2 = (uint16_t)oldpsw },                     /* LPSW old             */
    };
    static const char *const ops[] = { "ST", "L", "CL", "BC", "MVC", "MVC", "MVC", "LA", "ST",
                                       "L", "LA", "ST", "L", "LPSW" };
    unsigned skip = 0;
    for (int pass = 0; pass < 2; pass++) {
        e = img + at;
        for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
            struct isa_fields f = fs[i];
            if (i == 3)
                f.d2 = (uint16_t)skip;
            if (i == 9)
                skip = (unsigned)(e - img);
            e += isa_encode(I(ops[i]), &f, e);
        }
    }
}

/* Build the image of seed; returns the program (caller frees). */
static struct prog *build(unsigned long long seed)
{
    struct prog *p = calloc(1, sizeof *p);
    if (!p) {
        fprintf(stderr, "gen-random: out of memory\n");
        exit(2);
    }
    p->r.s = seed * 0x2545F4914F6CDD1DULL + 0x1234567;
    unsigned char *m = p->img;
    put32(m + 0, 0x00080000), put32(m + 4, ENTRY);
    put32(m + 0x60, 0x00080000), put32(m + 0x64, SVCH);
    put32(m + 0x68, 0x00080000), put32(m + 0x6C, PGMH);
    put32(m + WAITPSW, 0x000A0000), put32(m + WAITPSW + 4, 0);
    put32(m + RES + 0x48, LOG), put32(m + RES + 0x50, LOG_END - 16 + 1);
    put32(m + RES + 0x54, 0xD7C7D440), put32(m + RES + 0x58, 0xE2E5C340);
    handler(m, PGMH, 0x8C, 0x28, RES + 0x54);
    handler(m, SVCH, 0x88, 0x20, RES + 0x58);
    /* data: G random with edge words and zoned digits, E patterns, P slots, S */
    for (unsigned a = DATA; a < G_END; a++)
        m[a] = (unsigned char)rng_next(&p->r);
    for (int k = 0; k < 40; k++)
        put32(m + DATA + 4 * rnd(&p->r, (G_END - DATA) / 4), value(p));
    for (int k = 0; k < 8; k++) {
        unsigned a = DATA + rnd(&p->r, G_END - DATA - 16), n = rnd(&p->r, 16) + 1;
        for (unsigned i = 0; i < n; i++)
            m[a + i] = (unsigned char)(0xF0 + rnd(&p->r, 10));
        if (chance(&p->r, 2))
            m[a + n - 1] = (unsigned char)(0xC0 + rnd(&p->r, 10) + 0x10 * rnd(&p->r, 2));
    }
    static const unsigned char pat[] = { 0x20, 0x20, 0x20, 0x20, 0x20, 0x21, 0x22, 0x6B, 0x4B,
                                         0x40, 0xC3, 0xD9, 0x60 };
    static const unsigned char fill[] = { 0x40, 0x40, 0x5C, 0xF0, 0x20, 0x21, 0x4B };
    for (unsigned a = E_LO; a < P_LO; a++)
        m[a] = (a & 31) == 0 ? fill[rnd(&p->r, sizeof fill)] : pat[rnd(&p->r, sizeof pat)];
    static const unsigned char sign[] = { 0xC, 0xD, 0xC, 0xD, 0xF, 0xA, 0xB, 0xE };
    for (unsigned s = 0; s < P_SLOTS; s++) {
        unsigned char *q = m + P_LO + 16 * s;
        unsigned nd = chance(&p->r, 5) ? rnd(&p->r, 32) : rnd(&p->r, 10);
        for (unsigned i = 0; i < 31; i++) {
            unsigned dg = i >= 31 - nd ? rnd(&p->r, 10) : 0;
            q[i / 2] = (unsigned char)(i % 2 ? q[i / 2] | dg : dg << 4);
        }
        q[15] = (unsigned char)(q[15] | sign[rnd(&p->r, sizeof sign)]);
        if (chance(&p->r, 12))
            q[15 - rnd(&p->r, 4)] ^= (unsigned char)(chance(&p->r, 2) ? 0x0F : 0xA0);
    }
    for (unsigned a = S_LO; a < DATA_END; a++)
        m[a] = (unsigned char)(rnd(&p->r, 10) << 4 | (chance(&p->r, 6) ? 0xA + rnd(&p->r, 6) : rnd(&p->r, 10)));
    /* registers, CC and program mask; the program */
    for (unsigned r = 0; r < 16; r++)
        put32(m + INIT + 4 * r, r == DATAREG ? DATA : value(p));
    m[SPMVAL] = (unsigned char)rnd(&p->r, 64);
    p->knext = KPOOL;
    p->forbid = 1u << DATAREG;
    emit(p, I("IC"), RX(0, SPMVAL, 0, 0), 0);
    emit(p, I("SLL"), (struct isa_fields){ .r1 = 0, .d2 = 24 }, 0);
    emit(p, I("SPM"), RR(0, 0), 0);
    emit(p, I("LM"), (struct isa_fields){ .r1 = 0, .r2 = 15, .d2 = INIT }, 0);
    unsigned nblocks = rnd(&p->r, 6) + 2;
    for (unsigned b = 0; b < nblocks && room(p); b++) {
        if (chance(&p->r, 2))
            loop(p);
        else
            block(p, (int)rnd(&p->r, 12) + 2);
        if (chance(&p->r, 30)) {    /* an operation exception */
            struct item *it = emit(p, NULL, RR(0, 0), 1);
            if (it)
                memset(it->raw, 0, 6), it->len = 2;
        }
    }
    if (layout(p) != 0 || p->full) {
        fprintf(stderr, "gen-random: seed %llu: program too long\n", seed);
        exit(2);
    }
    for (int i = 0; i < p->n; i++)
        p->mains += p->it[i].is_main;
    return p;
}

/* ---- output, golden data, comparison -------------------------------- */

static void write_file(const char *path, const unsigned char *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "gen-random: cannot write %s\n", path);
        exit(2);
    }
}

static int read_file(const char *path, unsigned char *b, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t got = fread(b, 1, n, f);
    int extra = fgetc(f) != EOF;
    fclose(f);
    return got == n && !extra ? 0 : -1;
}

static unsigned fnv(const unsigned char *b, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 16777619u;
    return h;
}

static void listing(FILE *out, const struct prog *p)
{
    char buf[80];
    for (int i = 0; i < p->n; i++) {
        const struct item *it = &p->it[i];
        isa_disasm(p->img + it->addr, (size_t)it->len, buf, sizeof buf);
        fprintf(out, "  %06X %s %s", it->addr, it->is_main ? "*" : " ", buf);
        if (it->target <= -2)
            fprintf(out, "%*s-> EX target %d%s", (int)(32 - strlen(buf)), "",
                    -2 - it->target, it->tgt_op == 1 ? " + 1 (odd)" : "");
        fputc('\n', out);
    }
    unsigned a = p->n ? p->it[p->n - 1].addr + (unsigned)p->it[p->n - 1].len : ENTRY;
    for (int k = 0; k < 4; k++) {
        int n = isa_disasm(p->img + a, 6, buf, sizeof buf);
        fprintf(out, "  %06X   %s\n", a, buf);
        a += (unsigned)(n ? n : 2);
    }
    for (int k = 0; k < p->npool; k++) {
        isa_disasm(p->img + p->poolbase + 8 * k, 6, buf, sizeof buf);
        fprintf(out, "  %06X   %-32s EX target %d\n", p->poolbase + 8 * k, buf, k);
    }
}

/* Compare IMP's dump with the expected one; report what differs. */
static int compare(FILE *out, unsigned long long seed, const unsigned char *want, const unsigned char *got)
{
    size_t n = RESULT_HI - RESULT_LO + 1;
    if (!memcmp(want, got, n))
        return 0;
    fprintf(out, "FAIL seed %llu: IMP differs from Hercules\n", seed);
    for (unsigned r = 0; r < 16; r++)
        if (get32(want + 4 * r) != get32(got + 4 * r))
            fprintf(out, "  GR%-2u expected %08X got %08X\n", r, get32(want + 4 * r), get32(got + 4 * r));
    unsigned wl = get32(want + 0x40), gl = get32(got + 0x40);
    if (wl != gl)
        fprintf(out, "  end link word expected %08X (CC%u PM%X) got %08X (CC%u PM%X)\n",
                wl, wl >> 28 & 3, wl >> 24 & 15, gl, gl >> 28 & 3, gl >> 24 & 15);
    if (get32(want + 0x44) != get32(got + 0x44))
        fprintf(out, "  interruptions expected %u got %u\n", get32(want + 0x44), get32(got + 0x44));
    for (unsigned e = LOG - RESULT_LO; e < LOG_END - RESULT_LO; e += 16)
        if (memcmp(want + e, got + e, 16))
            fprintf(out, "  log entry %u expected %.4s %08X %08X %08X got %.4s %08X %08X %08X\n",
                    (e - (LOG - RESULT_LO)) / 16, want[e] == 0xD7 ? "PGM" : want[e] ? "SVC" : "-",
                    get32(want + e + 4), get32(want + e + 8), get32(want + e + 12),
                    got[e] == 0xD7 ? "PGM" : got[e] ? "SVC" : "-",
                    get32(got + e + 4), get32(got + e + 8), get32(got + e + 12));
    int shown = 0;
    for (size_t i = LOG_END - RESULT_LO; i < n && shown < 24;) {
        if (want[i] == got[i]) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && j - i < 16 && want[j] != got[j])
            j++;
        fprintf(out, "  storage %04zX:", i + RESULT_LO);
        for (size_t k = i; k < j; k++)
            fprintf(out, " %02X", want[k]);
        fprintf(out, " expected, got");
        for (size_t k = i; k < j; k++)
            fprintf(out, " %02X", got[k]);
        fputc('\n', out);
        shown++;
        i = j;
    }
    struct prog *p = build(seed);
    fprintf(out, "  the program (gen-random list %llu; * = random instruction):\n", seed);
    listing(out, p);
    free(p);
    return 1;
}

/* The golden line: seed, image hash, changed byte runs (offset:hex). */
static void golden_line(FILE *out, unsigned long long seed, const unsigned char *dump)
{
    struct prog *p = build(seed);
    const unsigned char *init = p->img + RESULT_LO;
    size_t n = RESULT_HI - RESULT_LO + 1;
    fprintf(out, "%llu\t%08X\t", seed, fnv(p->img, IMG_SIZE));
    int first = 1;
    for (size_t i = 0; i < n;) {
        if (init[i] == dump[i]) {
            i++;
            continue;
        }
        size_t j = i, last = i;
        while (j < n && j - last <= 4) {
            if (init[j] != dump[j])
                last = j;
            j++;
        }
        fprintf(out, "%s%zX:", first ? "" : " ", i + RESULT_LO);
        for (size_t k = i; k <= last; k++)
            fprintf(out, "%02X", dump[k]);
        first = 0;
        i = last + 1;
    }
    if (first)
        fputc('-', out);
    fputc('\n', out);
    free(p);
}

static int hexval(int c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

/* Check every golden line against DIR/SEED.out. */
static int check(const char *golden, const char *dir)
{
    FILE *g = fopen(golden, "r");
    if (!g) {
        fprintf(stderr, "gen-random: cannot read %s\n", golden);
        return 2;
    }
    static char line[1 << 16];
    int bad = 0, total = 0;
    size_t n = RESULT_HI - RESULT_LO + 1;
    while (fgets(line, sizeof line, g)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        if (!t2) {
            fprintf(stderr, "gen-random: bad line in %s\n", golden);
            fclose(g);
            return 2;
        }
        unsigned long long seed = strtoull(line, NULL, 10);
        unsigned hash = (unsigned)strtoul(t1 + 1, NULL, 16);
        struct prog *p = build(seed);
        total++;
        if (fnv(p->img, IMG_SIZE) != hash) {
            printf("FAIL seed %llu: the generator no longer makes the recorded image (re-record)\n", seed);
            bad++;
            free(p);
            continue;
        }
        unsigned char want[RESULT_HI - RESULT_LO + 1], got[sizeof want];
        memcpy(want, p->img + RESULT_LO, n);
        free(p);
        for (char *q = t2 + 1; *q && *q != '\n' && *q != '-';) {
            unsigned long off = strtoul(q, &q, 16) - RESULT_LO;
            if (*q++ != ':')
                break;
            while (q[0] && q[0] != ' ' && q[0] != '\n' && off < n)
                want[off++] = (unsigned char)(hexval(q[0]) << 4 | hexval(q[1])), q += 2;
            while (*q == ' ')
                q++;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/%llu.out", dir, seed);
        if (read_file(path, got, n) != 0) {
            printf("FAIL seed %llu: no dump %s\n", seed, path);
            bad++;
            continue;
        }
        bad += compare(stdout, seed, want, got);
    }
    fclose(g);
    printf("%d of %d random programs differ\n", bad, total);
    return bad ? 1 : 0;
}

static void usage(void)
{
    fprintf(stderr, "Usage: gen-random image SEED OUT.bin | images DIR SEED... | list SEED |\n"
                    "       golden SEED DUMP | check GOLDEN DIR | compare SEED WANT GOT\n");
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc < 3)
        usage();
    const char *cmd = argv[1];
    size_t n = RESULT_HI - RESULT_LO + 1;
    if (!strcmp(cmd, "image") && argc == 4) {
        struct prog *p = build(strtoull(argv[2], NULL, 10));
        write_file(argv[3], p->img, IMG_SIZE);
        free(p);
    } else if (!strcmp(cmd, "images") && argc >= 4) {
        for (int i = 3; i < argc; i++) {
            char path[4096];
            struct prog *p = build(strtoull(argv[i], NULL, 10));
            snprintf(path, sizeof path, "%s/%s.bin", argv[2], argv[i]);
            write_file(path, p->img, IMG_SIZE);
            printf("%s %d %d\n", argv[i], p->mains, p->n);
            free(p);
        }
    } else if (!strcmp(cmd, "list") && argc == 3) {
        struct prog *p = build(strtoull(argv[2], NULL, 10));
        printf("seed %s: %d random instructions, %d in all, %d EX targets\n", argv[2], p->mains,
               p->n, p->npool);
        listing(stdout, p);
        free(p);
    } else if (!strcmp(cmd, "golden") && argc == 4) {
        unsigned char d[RESULT_HI - RESULT_LO + 1];
        if (read_file(argv[3], d, n) != 0) {
            fprintf(stderr, "gen-random: %s is not a %zu-byte dump\n", argv[3], n);
            return 2;
        }
        golden_line(stdout, strtoull(argv[2], NULL, 10), d);
    } else if (!strcmp(cmd, "check") && argc == 4) {
        return check(argv[2], argv[3]);
    } else if (!strcmp(cmd, "compare") && argc == 5) {
        unsigned char w[RESULT_HI - RESULT_LO + 1], g[sizeof w];
        if (read_file(argv[3], w, n) != 0 || read_file(argv[4], g, n) != 0) {
            fprintf(stderr, "gen-random: %s or %s is not a %zu-byte dump\n", argv[3], argv[4], n);
            return 2;
        }
        return compare(stdout, strtoull(argv[2], NULL, 10), w, g);
    } else {
        usage();
    }
    return 0;
}
