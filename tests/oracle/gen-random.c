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
 *
 * This file builds the program (blocks, loops, layout, handlers) and does
 * the output and the checks; how one random instruction is made (its
 * registers, storage zones and class) is gen-random-classes.c, and what
 * the two share is gen-random.h.
 */
#include "gen-random.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned long long rng_next(struct rng *r)
{
    unsigned long long z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniform number in 0..n-1 (n > 0). */
unsigned rnd(struct rng *r, unsigned n) { return (unsigned)(rng_next(r) % n); }
int chance(struct rng *r, unsigned n) { return rnd(r, n) == 0; }

const struct isa_insn *I(const char *name)
{
    const struct isa_insn *in = isa_by_name(name);
    if (!in) {
        fprintf(stderr, "gen-random: %s is not in lib/isa.def\n", name);
        exit(2);
    }
    return in;
}

void put32(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)(v >> 24), p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8), p[3] = (unsigned char)v;
}

static unsigned get32(const unsigned char *p)
{
    return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

/* Append an instruction to the code (or keep it aside in EX mode). */
struct item *emit(struct prog *p, const struct isa_insn *in, struct isa_fields f, int is_main)
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

struct isa_fields RR(unsigned r1, unsigned r2) { return (struct isa_fields){ .r1 = (uint8_t)r1, .r2 = (uint8_t)r2 }; }
struct isa_fields RX(unsigned r1, unsigned d, unsigned x, unsigned b)
{
    return (struct isa_fields){ .r1 = (uint8_t)r1, .r2 = (uint8_t)x, .b2 = (uint8_t)b, .d2 = (uint16_t)d };
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

/* The interruption handlers: log (tag, code word, old PSW), count, resume.
 * With per, the log entry's first word is the PER code (X'96') and the
 * PER address (X'99'-X'9B') instead of the tag. */
static void handler(unsigned char *img, unsigned at, unsigned codew, unsigned oldpsw, unsigned tag,
                    int per)
{
    struct step { const char *op; struct isa_fields f; };
    const struct step steps[] = {
        { "ST", { .r1 = 1, .d2 = RES + 0x4C } },                /* ST  1,scratch        */
        { "L", { .r1 = 1, .d2 = RES + 0x48 } },                 /* L   1,logptr         */
        { "CL", { .r1 = 1, .d2 = RES + 0x50 } },                /* CL  1,limit          */
        { "BC", { .r1 = 10, .d2 = 0 } },                        /* BC  10,skip (later)  */
        { "MVC", { .i2 = 3, .b1 = 1, .d1 = 0, .d2 = (uint16_t)tag } },
        { "MVC", { .i2 = 3, .b1 = 1, .d1 = 4, .d2 = (uint16_t)codew } },
        { "MVC", { .i2 = 7, .b1 = 1, .d1 = 8, .d2 = (uint16_t)oldpsw } },
        { "MVC", { .i2 = 0, .b1 = 1, .d1 = 0, .d2 = 0x96 } },  /* per: the PER code    */
        { "MVC", { .i2 = 2, .b1 = 1, .d1 = 1, .d2 = 0x99 } },  /* ... and address      */
        { "LA", { .r1 = 1, .d2 = 16, .b2 = 1 } },               /* LA  1,16(,1)         */
        { "ST", { .r1 = 1, .d2 = RES + 0x48 } },                /* ST  1,logptr         */
        { "L", { .r1 = 1, .d2 = RES + 0x44 } },                 /* skip: L 1,count      */
        { "LA", { .r1 = 1, .d2 = 1, .b2 = 1 } },                /* LA  1,1(,1)          */
        { "ST", { .r1 = 1, .d2 = RES + 0x44 } },                /* ST  1,count          */
        { "L", { .r1 = 1, .d2 = RES + 0x4C } },                 /* L   1,scratch        */
        { "LPSW", { .d2 = (uint16_t)oldpsw } },                 /* LPSW old             */
    };
    unsigned skip = 0;
    for (int pass = 0; pass < 2; pass++) {
        unsigned char *e = img + at;
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
            struct isa_fields f = steps[i].f;
            if ((i == 7 || i == 8) && !per)
                continue;
            if (i == 3)
                f.d2 = (uint16_t)skip;
            if (i == 11)
                skip = (unsigned)(e - img);
            e += isa_encode(I(steps[i].op), &f, e);
        }
    }
}

/* The PER set-up of a per- image, from its own stream (the program is
 * the plain seed's): CR9 some of successful branch, instruction fetch
 * and storage alteration (Hercules 3.13 has no GR alteration); CR10-11
 * a range over code, over data, over all of storage, wrapping, or over
 * storage nothing touches. */
static void per_setup(struct prog *p, unsigned long long seed)
{
    struct rng q = { seed * 0x9E3779B97F4A7C15ULL + 0xFEED };
    unsigned ev = 0;
    while (!ev)
        ev = rnd(&q, 8);                                /* bits SB, IF, SA */
    unsigned lo, hi;
    switch (rnd(&q, 5)) {
    case 0:                                             /* code */
        lo = ENTRY + 2 * rnd(&q, 0x180);
        hi = lo + rnd(&q, 0x300);
        break;
    case 1:                                             /* data */
        lo = DATA + rnd(&q, 0x600);
        hi = lo + rnd(&q, 0x200);
        break;
    case 2:                                             /* everything */
        lo = 0, hi = 0xFFFFFF;
        break;
    case 3:                                             /* wrapping: data.., ..code */
        lo = DATA + rnd(&q, 0x700);
        hi = ENTRY + rnd(&q, 0x400);
        break;
    default:                                            /* nothing there */
        lo = 0x100000, hi = 0x1FFFFF;
        break;
    }
    p->per = 1;
    p->per_cr[0] = ev << 29;
    p->per_cr[1] = lo, p->per_cr[2] = hi;
}

/* Build the image of seed; returns the program (caller frees). */
static struct prog *build(unsigned long long seed, int per)
{
    struct prog *p = calloc(1, sizeof *p);
    if (!p) {
        fprintf(stderr, "gen-random: out of memory\n");
        exit(2);
    }
    p->r.s = seed * 0x2545F4914F6CDD1DULL + 0x1234567;
    unsigned char *m = p->img;
    put32(m + 0, 0x00080000), put32(m + 4, ENTRY);
    if (per) {
        per_setup(p, seed);
        put32(m + 0, 0x40080000);                       /* PER mask on */
        for (int i = 0; i < 3; i++)
            put32(m + PERCR + 4 * i, p->per_cr[i]);
    }
    put32(m + 0x60, 0x00080000), put32(m + 0x64, SVCH);
    put32(m + 0x68, 0x00080000), put32(m + 0x6C, PGMH);
    put32(m + WAITPSW, 0x000A0000), put32(m + WAITPSW + 4, 0);
    put32(m + RES + 0x48, LOG), put32(m + RES + 0x50, LOG_END - 16 + 1);
    put32(m + RES + 0x54, 0xD7C7D440), put32(m + RES + 0x58, 0xE2E5C340);
    handler(m, PGMH, 0x8C, 0x28, RES + 0x54, per);
    handler(m, SVCH, 0x88, 0x20, RES + 0x58, 0);
    /* data: G random with edge words and zoned digits, E patterns, P slots, S */
    for (unsigned a = DATA; a < G_END; a++)
        m[a] = (unsigned char)rng_next(&p->r);
    for (int k = 0; k < 40; k++) {
        unsigned v = value(p);
        put32(m + DATA + 4 * rnd(&p->r, (G_END - DATA) / 4), v);
    }
    for (int k = 0; k < 8; k++) {
        unsigned a = DATA + rnd(&p->r, G_END - DATA - 16), n = rnd(&p->r, 16) + 1;
        for (unsigned i = 0; i < n; i++)
            m[a + i] = (unsigned char)(0xF0 + rnd(&p->r, 10));
        if (chance(&p->r, 2)) {
            unsigned lo = rnd(&p->r, 10);
            m[a + n - 1] = (unsigned char)(0xC0 + lo + 0x10 * rnd(&p->r, 2));
        }
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
        if (chance(&p->r, 12)) {
            unsigned char flip = (unsigned char)(chance(&p->r, 2) ? 0x0F : 0xA0);
            q[15 - rnd(&p->r, 4)] ^= flip;
        }
    }
    for (unsigned a = S_LO; a < DATA_END; a++) {
        unsigned hi = rnd(&p->r, 10);
        m[a] = (unsigned char)(hi << 4 | (chance(&p->r, 6) ? 0xA + rnd(&p->r, 6) : rnd(&p->r, 10)));
    }
    /* registers, CC and program mask; the program */
    for (unsigned r = 0; r < 16; r++)
        put32(m + INIT + 4 * r, r == DATAREG ? DATA : value(p));
    m[SPMVAL] = (unsigned char)rnd(&p->r, 64);
    p->knext = KPOOL;
    p->forbid = 1u << DATAREG;
    if (per)
        emit(p, I("LCTL"), (struct isa_fields){ .r1 = 9, .r2 = 11, .d2 = PERCR }, 0);
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
/*
 * Hercules 3.13 stores, for a program interruption that is PER alone
 * (code 0080), the ILC its last instruction to set one left behind: the
 * RR instructions of its fast paths set none, so after an RR instruction
 * it often says 4.  The architecture (and IMP) give the length of the
 * instruction the PER address designates.  Where that is the only
 * difference of a log entry, the entry is taken as agreeing, and counted.
 */
static int per_ilc_only(const unsigned char *img, const unsigned char *w, const unsigned char *g)
{
    if (memcmp(w, g, 5) || memcmp(w + 6, g + 6, 10) || w[4] != 0 ||
        (get32(w + 4) & 0xFFFF) != 0x80)
        return 0;
    unsigned a = get32(w) & 0xFFFFFF;
    if (a + 1 >= IMG_SIZE)
        return 0;
    unsigned len = (unsigned)isa_length_of(img[a]);
    return (unsigned)(g[5] >> 1 & 3) * 2 == len;
}

static int compare(FILE *out, unsigned long long seed, const unsigned char *want, const unsigned char *got,
                   int per)
{
    size_t n = RESULT_HI - RESULT_LO + 1;
    unsigned char w2[RESULT_HI - RESULT_LO + 1];
    if (per) {                          /* forgive Hercules' stale ILC (per_ilc_only) */
        struct prog *p = build(seed, per);
        memcpy(w2, want, n);
        for (unsigned e = LOG - RESULT_LO; e < LOG_END - RESULT_LO; e += 16)
            if (per_ilc_only(p->img, want + e, got + e))
                w2[e + 5] = got[e + 5];
        free(p);
        want = w2;
    }
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
        if (memcmp(want + e, got + e, 16) && per)
            fprintf(out, "  log entry %u expected PER %02X at %06X, %08X %08X %08X got PER %02X at %06X, "
                    "%08X %08X %08X\n", (e - (LOG - RESULT_LO)) / 16, want[e], get32(want + e) & 0xFFFFFF,
                    get32(want + e + 4), get32(want + e + 8), get32(want + e + 12), got[e],
                    get32(got + e) & 0xFFFFFF, get32(got + e + 4), get32(got + e + 8),
                    get32(got + e + 12));
        else if (memcmp(want + e, got + e, 16))
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
    struct prog *p = build(seed, per);
    fprintf(out, "  the program (gen-random %slist %llu; * = random instruction):\n", per ? "per-" : "",
            seed);
    if (per)
        fprintf(out, "  PER: CR9 %08X CR10 %08X CR11 %08X\n", p->per_cr[0], p->per_cr[1], p->per_cr[2]);
    listing(out, p);
    free(p);
    return 1;
}

/* The golden line: seed, image hash, changed byte runs (offset:hex). */
static void golden_line(FILE *out, unsigned long long seed, const unsigned char *dump, int per)
{
    struct prog *p = build(seed, per);
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
static int check(const char *golden, const char *dir, int per)
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
        struct prog *p = build(seed, per);
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
        bad += compare(stdout, seed, want, got, per);
    }
    fclose(g);
    printf("%d of %d random programs differ\n", bad, total);
    return bad ? 1 : 0;
}

static void usage(void)
{
    fprintf(stderr, "Usage: gen-random image SEED OUT.bin | images DIR SEED... | list SEED |\n"
                    "       golden SEED DUMP | check GOLDEN DIR | compare SEED WANT GOT\n"
                    "  (per-image, per-images ...: the same programs with PER armed)\n");
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc < 3)
        usage();
    const char *cmd = argv[1];
    int per = !strncmp(cmd, "per-", 4);
    if (per)
        cmd += 4;
    size_t n = RESULT_HI - RESULT_LO + 1;
    if (!strcmp(cmd, "image") && argc == 4) {
        struct prog *p = build(strtoull(argv[2], NULL, 10), per);
        write_file(argv[3], p->img, IMG_SIZE);
        free(p);
    } else if (!strcmp(cmd, "images") && argc >= 4) {
        for (int i = 3; i < argc; i++) {
            char path[4096];
            struct prog *p = build(strtoull(argv[i], NULL, 10), per);
            snprintf(path, sizeof path, "%s/%s.bin", argv[2], argv[i]);
            write_file(path, p->img, IMG_SIZE);
            printf("%s %d %d\n", argv[i], p->mains, p->n);
            free(p);
        }
    } else if (!strcmp(cmd, "list") && argc == 3) {
        struct prog *p = build(strtoull(argv[2], NULL, 10), per);
        if (per)
            printf("PER: CR9 %08X CR10 %08X CR11 %08X\n", p->per_cr[0], p->per_cr[1], p->per_cr[2]);
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
        golden_line(stdout, strtoull(argv[2], NULL, 10), d, per);
    } else if (!strcmp(cmd, "check") && argc == 4) {
        return check(argv[2], argv[3], per);
    } else if (!strcmp(cmd, "compare") && argc == 5) {
        unsigned char w[RESULT_HI - RESULT_LO + 1], g[sizeof w];
        if (read_file(argv[3], w, n) != 0 || read_file(argv[4], g, n) != 0) {
            fprintf(stderr, "gen-random: %s or %s is not a %zu-byte dump\n", argv[3], argv[4], n);
            return 2;
        }
        return compare(stdout, strtoull(argv[2], NULL, 10), w, g, per);
    } else {
        usage();
    }
    return 0;
}
