/*
 * gen-semantics.c -- the semantics differential test: test cases for every
 * problem-state instruction of ISA.md (tiers CORE, LATER, OPT), written as
 * GNU-as sources of flat core images that run the same way on Hercules
 * (the reference, recorded once as golden data) and on IMP (imprun --core).
 *
 *   gen-semantics OUTDIR        writes OUTDIR/GROUP.s and OUTDIR/GROUP.cases
 *                               for each group, and fails if some instruction
 *                               of the 90 has no case
 *
 * The image (assembled with s390x-linux-gnu-as -m31, objcopy -O binary):
 *
 *   000  restart new PSW  00080000 00000400   EC mode, key 0, disabled
 *   060  SVC new PSW      00080000 SVCH       \ handlers store what the
 *   068  program new PSW  00080000 PGMH       / interruption left, resume
 *   280  CURRES  address of the current case's result block
 *   284  CURNEXT address of the next case
 *   300  64 bytes: GR0-15 scratch; 340: BALR link word scratch
 *   380  disabled-wait PSW 000A0000 00000000 (the end)
 *   400  handlers, then the cases, one after another
 *
 * Each case n sets CC and program mask with SPM, loads GR0-15 from its own
 * table (LM), runs its body, then stores GR0-15, and the link word of a
 * BALR (ILC|CC|PM|IA: the CC and program mask after the body) into its
 * result block.  A program or SVC interruption instead stores GR0-15, the
 * interruption identification word (X'8C' or X'88') and the old PSW.
 *
 *   R<n>: +0 GR0-15  +64 BALR link  +68 X'8C'/X'88' word  +72 old PSW
 *   D<n>: +80 the case's storage operands (initial data, then results)
 *   E<n>: end of what is compared
 *
 * GROUP.cases has one line per case: index, name, flags, description
 * (tab-separated).  Flag `psw` marks cases whose old-PSW IA and ILC the
 * architecture leaves unpredictable: only the interruption code counts.
 *
 * In a case, `@D` is the absolute address of its data area, `@T` of the
 * label `@T:` in its body, and `@X` of the label `@X:` in its data.
 */
#include "isa.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXCASE 4096

/* Generator state: current group output and coverage. */
struct gen {
    const char *dir;
    FILE *src, *cases;
    int n;                      /* cases in the current group */
    int total;
    unsigned char covered[256]; /* by index into isa_table */
    int failed;
};

/* Replace the @-placeholders of case n in s (see the header). */
static void expand(char *out, size_t size, const char *s, int n)
{
    size_t o = 0;
    while (*s && o + 32 < size) {
        if (s[0] == '@' && (s[1] == 'D' || s[1] == 'T' || s[1] == 'X')) {
            if (s[2] == ':')
                o += (size_t)snprintf(out + o, size - o, "%c%d:", s[1], n), s += 3;
            else
                o += (size_t)snprintf(out + o, size - o, "(%c%d-origin)", s[1], n), s += 2;
        } else {
            out[o++] = *s++;
        }
    }
    out[o] = 0;
}

/* Mark the mnemonic of each ';'-separated statement in body as covered. */
static void cover(struct gen *g, const char *body)
{
    const char *p = body;
    while (*p) {
        while (*p == ' ' || *p == ';')
            p++;
        if (*p == '@') {                /* a label */
            p += 3;
            continue;
        }
        char word[16];
        size_t k = 0;
        while (isalpha((unsigned char)*p) && k + 1 < sizeof word)
            word[k++] = *p++;
        word[k] = 0;
        const struct isa_insn *in = isa_by_name(word);
        if (!in && isa_ext_by_name(word))
            in = isa_ext_by_name(word)->base;
        if (in)
            g->covered[in - isa_table] = 1;
        p = strchr(p, ';');
        if (!p)
            break;
    }
}

/* Write ';'-separated statements, one per line. */
static void put_lines(FILE *fp, const char *s)
{
    fputs("\t", fp);
    for (; *s; s++) {
        if (*s == ';') {
            fputs("\n\t", fp);
            while (s[1] == ' ')
                s++;
        } else {
            fputc(*s, fp);
        }
    }
    fputc('\n', fp);
}

/*
 * One test case.  spm: the byte SPM loads (CC << 4 | program mask).
 * regs: "N=expr ..." initial registers (others get X'5A5A5A0N'-style
 * patterns).  body: GNU-as statements.  data: GNU-as data statements.
 */
static void tcase(struct gen *g, const char *name, int spm, const char *regs,
                  const char *body, const char *data, const char *flags)
{
    int n = g->n++;
    char rv[16][64], buf[2048];
    for (int r = 0; r < 16; r++)
        snprintf(rv[r], sizeof rv[r], "0x5a5a5a%02x", 0xA0 + r);
    for (const char *p = regs; p && *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        int r = atoi(p);
        const char *eq = strchr(p, '='), *end = strchr(p, ' ');
        if (!eq || r < 0 || r > 15) {
            fprintf(stderr, "gen-semantics: bad register spec in %s\n", name);
            g->failed = 1;
            return;
        }
        size_t len = end ? (size_t)(end - eq - 1) : strlen(eq + 1);
        char e[64];
        snprintf(e, sizeof e, "%.*s", (int)len, eq + 1);
        expand(rv[r], sizeof rv[r], e, n);
        p = end ? end : eq + 1 + len;
    }
    FILE *s = g->src;
    fprintf(s, "# case %d: %s\nC%d:\tbalr  12,0\nB%d:\tmvc   0x280(8,0),P%d-B%d(12)\n",
            n, name, n, n, n, n);
    fprintf(s, "\tl     1,S%d-B%d(0,12)\n\tspm   1\n\tlm    0,15,G%d-B%d(12)\n", n, n, n, n);
    expand(buf, sizeof buf, body, n);
    put_lines(s, buf);
    fprintf(s, "\tstm   0,15,0x300(0)\n\tbalr  1,0\n\tst    1,0x340(0,0)\n"
               "\tl     12,0x280(0,0)\n\tmvc   0(68,12),0x300(0)\n"
               "\tl     12,0x284(0,0)\n\tbcr   15,12\n\t.align 4\n");
    fprintf(s, "P%d:\t.long R%d-origin, C%d-origin\nS%d:\t.long 0x%02x000000\nG%d:",
            n, n, n + 1, n, spm & 0x3F, n);
    for (int r = 0; r < 16; r++)
        fprintf(s, "%s%s", r % 4 ? ", " : "\t.long ", rv[r]), r % 4 == 3 ? fputc('\n', s) : 0;
    fprintf(s, "\t.align 8\nR%d:\t.fill 80,1,0\nD%d:\n", n, n);
    if (data && *data) {
        expand(buf, sizeof buf, data, n);
        put_lines(s, buf);
    }
    fprintf(s, "E%d:\n\t.align 2\n", n);
    fprintf(g->cases, "%d\t%s\t%s\t", n, name, flags ? flags : "-");
    for (const char *p = body; *p; p++)
        fputc(*p == '\t' ? ' ' : *p, g->cases);
    fputc('\n', g->cases);
    cover(g, body);
}

/* Rotating scratch buffers: up to four F() results live in one call. */
struct fbuf {
    char b[4][1024];
    int i;
};

/* printf into the next scratch buffer (for building bodies and data). */
static const char *fmt(struct fbuf *fb, const char *f, ...)
{
    char *buf = fb->b[fb->i++ % 4];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof fb->b[0], f, ap);
    va_end(ap);
    return buf;
}
#define F(...) fmt(&fb, __VA_ARGS__)
#define FBUF struct fbuf fb = { .i = 0 }

static void group_begin(struct gen *g, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.s", g->dir, name);
    g->src = fopen(path, "w");
    snprintf(path, sizeof path, "%s/%s.cases", g->dir, name);
    g->cases = fopen(path, "w");
    if (!g->src || !g->cases) {
        fprintf(stderr, "gen-semantics: cannot write %s\n", path);
        exit(2);
    }
    g->n = 0;
    fprintf(g->src,
            "# %s.s -- semantics test image (generated by gen-semantics; do not edit)\n"
            "\t.text\norigin:\t.long 0x00080000, 0x400\n"
            "\t.org 0x60\n\t.long 0x00080000, SVCH-origin\n"
            "\t.long 0x00080000, PGMH-origin\n"
            "\t.org 0x380\n\t.long 0x000a0000, 0\n"
            "\t.org 0x400\n\tbc    15,C0-origin(0,0)\n"
            "PGMH:\tstm   0,15,0x300(0)\n\tl     12,0x280(0,0)\n"
            "\tmvc   0(64,12),0x300(0)\n\tmvc   68(4,12),0x8c(0)\n"
            "\tmvc   72(8,12),0x28(0)\n\tl     12,0x284(0,0)\n\tbcr   15,12\n"
            "SVCH:\tstm   0,15,0x300(0)\n\tl     12,0x280(0,0)\n"
            "\tmvc   0(64,12),0x300(0)\n\tmvc   68(4,12),0x88(0)\n"
            "\tmvc   72(8,12),0x20(0)\n\tl     12,0x284(0,0)\n\tbcr   15,12\n"
            "\t.align 8\n", name);
}

static void group_end(struct gen *g)
{
    fprintf(g->src, "C%d:\tlpsw  0x380(0)\n\t.align 8\n", g->n);
    g->total += g->n;
    if (fclose(g->src) | fclose(g->cases)) {
        fprintf(stderr, "gen-semantics: write error\n");
        exit(2);
    }
}

/* ---- the cases ------------------------------------------------------- */

static const unsigned edge[] = {
    0, 1, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 2, 0xFFFFFFFE, 0x12345678,
};
#define NEDGE (sizeof edge / sizeof edge[0])

/* Operand pairs for two-operand binary instructions. */
static const unsigned pairs[][2] = {
    {0, 0}, {1, 1}, {1, 0xFFFFFFFF}, {0xFFFFFFFF, 1}, {0xFFFFFFFF, 0xFFFFFFFF},
    {0x7FFFFFFF, 1}, {0x7FFFFFFF, 0x7FFFFFFF}, {0x80000000, 0xFFFFFFFF},
    {0x80000000, 1}, {0x80000000, 0x80000000}, {5, 6}, {6, 5}, {5, 5},
    {0x12345678, 0x0F0F0F0F}, {0, 0x80000000},
};
#define NPAIRS (sizeof pairs / sizeof pairs[0])

static void binary_rr_rx(struct gen *g)
{
    FBUF;
    static const char *const arith[] = { "ar", "sr", "a", "s" };
    static const char *const other[] = {
        "alr", "slr", "al", "sl", "nr", "or", "xr", "n", "o", "x",
        "cr", "clr", "c", "cl",
    };
    for (size_t k = 0; k < 4; k++)
        for (size_t p = 0; p < NPAIRS; p++)
            for (int fo = 0; fo <= 8; fo += 8) {
                const char *m = arith[k];
                int rx = m[1] == 0;
                tcase(g, F("%s %08x,%08x%s", m, pairs[p][0], pairs[p][1], fo ? " FO" : ""),
                      0x30 | fo, F("2=0x%x 3=0x%x 4=@D", pairs[p][0], pairs[p][1]),
                      rx ? F("%s 2,0(0,4)", m) : F("%s 2,3", m),
                      F(".long 0x%x", pairs[p][1]), NULL);
            }
    for (size_t k = 0; k < sizeof other / sizeof other[0]; k++)
        for (size_t p = 0; p < NPAIRS; p++) {
            const char *m = other[k];
            int rr = m[strlen(m) - 1] == 'r';
            tcase(g, F("%s %08x,%08x", m, pairs[p][0], pairs[p][1]), 0x30,
                  F("2=0x%x 3=0x%x 4=@D 5=4", pairs[p][0], pairs[p][1]),
                  rr ? F("%s 2,3", m) : F("%s 2,0(5,4)", m),
                  F(".long 0; .long 0x%x", pairs[p][1]),
                  NULL);
        }
    /* index + base addressing and the same register twice */
    tcase(g, "a index+base", 0x30, "2=10 5=4 4=@D", "a 2,0(5,4)", ".long 0; .long 7", NULL);
    tcase(g, "ar 2,2 overflow FO", 0x38, "2=0x40000000", "ar 2,2", NULL, NULL);
    tcase(g, "sr 2,2", 0x30, "2=0x1234", "sr 2,2", NULL, NULL);
    tcase(g, "xr 2,2", 0x30, "2=0x1234", "xr 2,2", NULL, NULL);
}

static void unary_rr(struct gen *g)
{
    FBUF;
    static const char *const ops[] = { "lr", "ltr", "lcr", "lnr", "lpr" };
    for (size_t k = 0; k < 5; k++)
        for (size_t e = 0; e < NEDGE; e++)
            for (int fo = 0; fo <= 8; fo += 8) {
                if (fo && k != 2 && k != 4)
                    continue;
                tcase(g, F("%s %08x%s", ops[k], edge[e], fo ? " FO" : ""), 0x10 | fo,
                      F("3=0x%x", edge[e]), F("%s 2,3", ops[k]), NULL, NULL);
            }
}

static void halfword(struct gen *g)
{
    FBUF;
    static const unsigned hw[] = { 0, 1, 0x7FFF, 0x8000, 0xFFFF, 0x1234 };
    static const unsigned r[] = { 0, 0x7FFFFFFF, 0x80000000, 5, 0xFFFFFFFF };
    static const char *const ops[] = { "ah", "sh", "ch", "mh", "lh" };
    for (size_t k = 0; k < 5; k++)
        for (size_t h = 0; h < 6; h++)
            for (size_t i = 0; i < (k == 4 ? 1 : 5); i++)
                tcase(g, F("%s %08x,%04x", ops[k], r[i], hw[h]), 0x38,
                      F("2=0x%x 4=@D", r[i]), F("%s 2,2(0,4)", ops[k]),
                      F(".short 0x5555, 0x%x, 0x6666", hw[h]), NULL);
    tcase(g, "sth", 0x30, "2=0x89abcdef 4=@D", "sth 2,1(0,4)", ".long 0, 0", NULL);
    tcase(g, "st", 0x30, "2=0x89abcdef 4=@D", "st 2,3(0,4)", ".long 0, 0", NULL);
    tcase(g, "l unaligned", 0x30, "4=@D", "l 2,1(0,4)", ".long 0x01020304, 0x05060708", NULL);
    tcase(g, "la 24-bit", 0x30, "3=0xff000010", "la 2,0(0,3)", NULL, NULL);
    tcase(g, "la index+base+disp", 0x30, "3=0xffffff 5=2", "la 2,4095(5,3)", NULL, NULL);
    tcase(g, "lm wrap 14-1", 0x30, "4=@D", "lm 14,1,0(4)", ".long 1, 2, 3, 4", NULL);
    tcase(g, "stm wrap 15-0", 0x30, "4=@D 15=0xf0f0 0=0x0f0f", "stm 15,0,0(4)", ".long 0, 0, 0", NULL);
    tcase(g, "lm 0-15", 0x30, "4=@D",
          "lm 0,15,0(4)",
          ".long 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", NULL);
    tcase(g, "ic stc", 0x30, "2=0x11223344 3=0xaabbccdd 4=@D",
          "ic 2,0(0,4); stc 3,1(0,4)", ".byte 0x99, 0, 0, 0", NULL);
}

static void muldiv(struct gen *g)
{
    FBUF;
    static const unsigned mp[][2] = {
        {3, 4}, {0xFFFFFFFD, 4}, {0x7FFFFFFF, 0x7FFFFFFF}, {0x80000000, 0x80000000},
        {0x80000000, 0xFFFFFFFF}, {0, 0xFFFFFFFF}, {0x10000, 0x10000},
    };
    for (size_t i = 0; i < sizeof mp / sizeof mp[0]; i++) {
        tcase(g, F("mr %08x*%08x", mp[i][0], mp[i][1]), 0x30,
              F("2=0x77 3=0x%x 6=0x%x", mp[i][0], mp[i][1]), "mr 2,6", NULL, NULL);
        tcase(g, F("m %08x*%08x", mp[i][0], mp[i][1]), 0x30,
              F("2=0x77 3=0x%x 4=@D", mp[i][0]), "m 2,0(0,4)", F(".long 0x%x", mp[i][1]), NULL);
    }
    tcase(g, "mr odd r1", 0x30, "3=5 6=7", ".long 0x1c360000", NULL, NULL);
    tcase(g, "m odd r1", 0x30, "3=5 4=@D", ".long 0x5c304000", ".long 7", NULL);
    /* dividend hi, lo, divisor */
    static const unsigned dv[][3] = {
        {0, 100, 7}, {0xFFFFFFFF, 0xFFFFFF9C, 7}, {0, 100, 0xFFFFFFF9},
        {0xFFFFFFFF, 0xFFFFFF9C, 0xFFFFFFF9}, {0, 0, 5}, {0, 100, 0},
        {1, 0, 1}, {0, 0x80000000, 1}, {0xFFFFFFFF, 0x80000000, 1},
        {0xFFFFFFFF, 0x80000000, 0xFFFFFFFF}, {0x3FFFFFFF, 0xFFFFFFFF, 0x7FFFFFFF},
    };
    for (size_t i = 0; i < sizeof dv / sizeof dv[0]; i++) {
        tcase(g, F("dr %08x%08x/%08x", dv[i][0], dv[i][1], dv[i][2]), 0x30,
              F("2=0x%x 3=0x%x 6=0x%x", dv[i][0], dv[i][1], dv[i][2]), "dr 2,6", NULL, NULL);
        tcase(g, F("d %08x%08x/%08x", dv[i][0], dv[i][1], dv[i][2]), 0x30,
              F("2=0x%x 3=0x%x 4=@D", dv[i][0], dv[i][1]), "d 2,0(0,4)",
              F(".long 0x%x", dv[i][2]), NULL);
    }
    tcase(g, "dr odd r1", 0x30, "3=5 6=7", ".long 0x1d360000", NULL, NULL);
    tcase(g, "d odd r1", 0x30, "3=5 4=@D", ".long 0x5d304000", ".long 7", NULL);
}

static void logical_storage(struct gen *g)
{
    FBUF;
    static const unsigned char bytes[] = { 0x00, 0xFF, 0x0F, 0xF0, 0x5A };
    static const char *const si[] = { "ni", "oi", "xi", "tm", "cli", "mvi" };
    for (size_t k = 0; k < 6; k++)
        for (size_t b = 0; b < 5; b++)
            for (size_t i = 0; i < 5; i += (k == 5 ? 4 : 1))
                tcase(g, F("%s %02x,%02x", si[k], bytes[b], bytes[i]), 0x30, "4=@D",
                      F("%s 1(4),0x%x", si[k], bytes[i]),
                      F(".byte 0x11, 0x%x, 0x22", bytes[b]), NULL);
    tcase(g, "tm mask 0", 0x30, "4=@D", "tm 0(4),0", ".byte 0xff", NULL);
    tcase(g, "tm mixed", 0x30, "4=@D", "tm 0(4),0xc0", ".byte 0x80", NULL);
    static const char *const ss[] = { "nc", "oc", "xc", "mvc", "clc" };
    static const char *const a[] = { "0x00ff0f5a, 0x01020304", "0xffffffff, 0xffffffff",
                                     "0x12345678, 0x9abcdef0" };
    static const char *const b[] = { "0xf0f0f0f0, 0x01020305", "0x00000000, 0x00000000",
                                     "0x12345678, 0x9abcdef0" };
    for (size_t k = 0; k < 5; k++)
        for (size_t i = 0; i < 3; i++)
            for (int len = 1; len <= 8; len += 7)
                tcase(g, F("%s len %d data %zu", ss[k], len, i), 0x30, "4=@D 5=@D+8",
                      F("%s 0(%d,4),0(5)", ss[k], len), F(".long %s; .long %s", a[i], b[i]),
                      NULL);
    tcase(g, "xc x,x clears", 0x30, "4=@D", "xc 0(8,4),0(4)", ".long 0x12345678, 0x9abcdef0", NULL);
    tcase(g, "mvc propagate", 0x30, "4=@D", "mvc 1(15,4),0(4)",
          ".byte 0x40; .fill 15,1,0xee", NULL);
    tcase(g, "mvc 256", 0x30, "4=@D 5=@D+256", "mvc 0(256,4),0(5)",
          ".fill 256,1,0; .fill 256,1,0xc1", NULL);
    tcase(g, "clc 256 equal", 0x30, "4=@D 5=@D+256", "clc 0(256,4),0(5)",
          ".fill 512,1,0x7e", NULL);
    tcase(g, "clc 256 last high", 0x30, "4=@D 5=@D+256", "clc 0(256,4),0(5)",
          ".fill 255,1,0x7e; .byte 0x80; .fill 256,1,0x7e", NULL);
    /* CLM, ICM, STCM with several masks */
    for (int m = 0; m < 16; m += (m < 2 ? 1 : 3)) {
        tcase(g, F("icm mask %d", m), 0x30, "2=0x11223344 4=@D", F("icm 2,%d,0(4)", m),
              ".byte 0x80, 0x00, 0x7f, 0x01", NULL);
        tcase(g, F("icm zeros mask %d", m), 0x30, "2=0x11223344 4=@D", F("icm 2,%d,0(4)", m),
              ".long 0", NULL);
        tcase(g, F("stcm mask %d", m), 0x30, "2=0x11223344 4=@D", F("stcm 2,%d,1(4)", m),
              ".long 0xeeeeeeee, 0xeeeeeeee", NULL);
        tcase(g, F("clm mask %d equal", m), 0x30, "2=0x11223344 4=@D", F("clm 2,%d,0(4)", m),
              m == 5 ? ".byte 0x22,0x44" : m == 15 ? ".long 0x11223344" : ".long 0x11223344",
              NULL);
        tcase(g, F("clm mask %d low", m), 0x30, "2=0x11223344 4=@D", F("clm 2,%d,0(4)", m),
              ".long 0xffffffff", NULL);
        tcase(g, F("clm mask %d high", m), 0x30, "2=0x11223344 4=@D", F("clm 2,%d,0(4)", m),
              ".long 0", NULL);
    }
}

static void long_ops(struct gen *g)
{
    /* MVCL: R2 dst, R3 len; R6 src, R7 pad<<24 | len */
    tcase(g, "mvcl equal lengths", 0x30, "2=@D 3=8 6=@D+8 7=8", "mvcl 2,6",
          ".long 0,0; .long 0x01020304,0x05060708", NULL);
    tcase(g, "mvcl pad", 0x30, "2=@D 3=8 6=@D+8 7=0x40000003", "mvcl 2,6",
          ".long 0,0; .long 0xc1c2c3c4,0", NULL);
    tcase(g, "mvcl len1 low", 0x30, "2=@D 3=3 6=@D+8 7=8", "mvcl 2,6",
          ".long 0,0; .long 0x01020304,0x05060708", NULL);
    tcase(g, "mvcl zero lengths", 0x30, "2=@D 3=0 6=@D+8 7=0", "mvcl 2,6", ".long 0x55", NULL);
    tcase(g, "mvcl destructive overlap", 0x30, "2=@D+2 3=6 6=@D 7=6", "mvcl 2,6",
          ".long 0x01020304,0x05060708,0", NULL);
    tcase(g, "mvcl overlap ok (dst below)", 0x30, "2=@D 3=6 6=@D+2 7=6", "mvcl 2,6",
          ".long 0x01020304,0x05060708,0", NULL);
    tcase(g, "mvcl odd r1", 0x30, "3=@D", ".short 0x0e36", NULL, NULL);
    tcase(g, "mvcl high byte ignored", 0x30, "2=@D 3=0xff000004 6=@D+8 7=0x00000004",
          "mvcl 2,6", ".long 0,0; .long 0xf1f2f3f4", NULL);
    tcase(g, "mvcl 1000 bytes", 0x30, "2=@D 3=1000 6=@D+1000 7=0x5c000010", "mvcl 2,6",
          ".fill 1000,1,0; .fill 16,1,0x33", NULL);
    /* CLCL */
    tcase(g, "clcl equal", 0x30, "2=@D 3=4 6=@D+4 7=4", "clcl 2,6", ".long 0x11,0x11", NULL);
    tcase(g, "clcl pad equal", 0x30, "2=@D 3=6 6=@D+8 7=0x40000004", "clcl 2,6",
          ".long 0xc1c2c3c4,0x40400000; .long 0xc1c2c3c4", NULL);
    tcase(g, "clcl low", 0x30, "2=@D 3=4 6=@D+4 7=4", "clcl 2,6",
          ".long 0x01020304,0x01020305", NULL);
    tcase(g, "clcl high in pad", 0x30, "2=@D 3=6 6=@D+8 7=0x00000004", "clcl 2,6",
          ".long 0x01020304,0x00010000; .long 0x01020304", NULL);
    tcase(g, "clcl both zero", 0x30, "2=@D 3=0 6=@D 7=0", "clcl 2,6", NULL, NULL);
    tcase(g, "clcl odd r2", 0x30, "2=@D", ".short 0x0f27", NULL, NULL);
    /* TR, TRT */
    tcase(g, "tr", 0x30, "4=@D 5=@D+8", "tr 0(8,4),0(5)",
          ".byte 0,1,2,3,4,5,6,7; .byte 0xf0,0xf1,0xf2,0xf3,0xf4,0xf5,0xf6,0xf7", NULL);
    static const char *const trt[][2] = {
        { "no hit", ".byte 1,2,3,4" }, { "hit middle", ".byte 1,9,3,9" },
        { "hit last", ".byte 1,2,3,9" }, { "hit first", ".byte 9,2,3,4" },
    };
    for (int i = 0; i < 4; i++) {
        char name[64], data[256];
        snprintf(name, sizeof name, "trt %s", trt[i][0]);
        snprintf(data, sizeof data, "%s; .fill 4,1,0; .fill 9,1,0; .byte 0x42; .fill 246,1,0",
                 trt[i][1]);
        tcase(g, name, 0x30, "1=0xab000000 2=0xcdcdcdcd 4=@D 5=@D+8", "trt 0(4,4),0(5)",
              data, NULL);
    }
}

static void shifts(struct gen *g)
{
    FBUF;
    static const char *const s1[] = { "sll", "srl", "sla", "sra" };
    static const char *const s2[] = { "sldl", "srdl", "slda", "srda" };
    static const unsigned v[] = { 0x00000001, 0x80000001, 0x7FFFFFFF, 0xC0000000, 0x12345678 };
    static const int cnt[] = { 0, 1, 4, 31, 32, 63 };
    for (size_t k = 0; k < 4; k++)
        for (size_t i = 0; i < 5; i++)
            for (size_t c = 0; c < 6; c++) {
                tcase(g, F("%s %08x by %d", s1[k], v[i], cnt[c]), 0x38, F("2=0x%x", v[i]),
                      F("%s 2,%d(0)", s1[k], cnt[c]), NULL, NULL);
                tcase(g, F("%s %08x:%08x by %d", s2[k], v[i], v[(i + 2) % 5], cnt[c]), 0x38,
                      F("2=0x%x 3=0x%x", v[i], v[(i + 2) % 5]), F("%s 2,%d(0)", s2[k], cnt[c]),
                      NULL, NULL);
            }
    tcase(g, "sla overflow no FO", 0x30, "2=0x40000000", "sla 2,1(0)", NULL, NULL);
    tcase(g, "sll count from base", 0x30, "2=1 5=0x103", "sll 2,1(5)", NULL, NULL);
    tcase(g, "srda odd r1", 0x30, "3=5", ".long 0x8e300001", NULL, NULL);
    tcase(g, "sldl odd r1", 0x30, "3=5", ".long 0x8d300001", NULL, NULL);
}

static void branches(struct gen *g)
{
    FBUF;
    static const int masks[] = { 0, 8, 4, 2, 1, 7, 11, 13, 14, 15 };
    for (int cc = 0; cc < 4; cc++)
        for (size_t m = 0; m < sizeof masks / sizeof masks[0]; m++) {
            tcase(g, F("bc %d cc %d", masks[m], cc), cc << 4, "4=@T 5=0",
                  F("bc %d,0(0,4); la 5,1(0,0); @T: la 6,0(0,0)", masks[m]), NULL, NULL);
            if (m % 3 == 0)
                tcase(g, F("bcr %d cc %d", masks[m], cc), cc << 4, "4=@T 5=0",
                      F("bcr %d,4; la 5,1(0,0); @T: la 6,0(0,0)", masks[m]), NULL, NULL);
        }
    tcase(g, "bcr 15,0 no branch", 0x20, "5=0", "bcr 15,0; la 5,1(0,0)", NULL, NULL);
    static const char *const ext[] = { "b", "bh", "bl", "be", "bne", "bo", "bnh", "bnl",
                                       "bp", "bm", "bz", "bnz", "bnp", "bnm", "bno", "nop" };
    for (size_t k = 0; k < 16; k++) {
        tcase(g, F("%s cc 1", ext[k]), 0x10, "4=@T 5=0",
              F("%s 0(0,4); la 5,1(0,0); @T: la 6,0(0,0)", ext[k]), NULL, NULL);
        tcase(g, F("%sr cc 2", ext[k]), 0x20, "4=@T 5=0",
              F("%sr 4; la 5,1(0,0); @T: la 6,0(0,0)", ext[k]), NULL, NULL);
    }
    tcase(g, "bal link word", 0x2c, "4=@T", "bal 3,0(0,4); la 5,1(0,0); @T: la 6,0(0,0)",
          NULL, NULL);
    tcase(g, "balr link word", 0x1a, "4=@T", "balr 3,4; la 5,1(0,0); @T: la 6,0(0,0)",
          NULL, NULL);
    tcase(g, "balr r2=0", 0x35, "", "balr 3,0", NULL, NULL);
    tcase(g, "bal same register", 0x00, "3=@T", "bal 3,0(0,3); la 5,1(0,0); @T: la 6,0(0,0)",
          NULL, NULL);
    tcase(g, "bas", 0x2c, "4=@T", "bas 3,0(0,4); la 5,1(0,0); @T: la 6,0(0,0)", NULL, NULL);
    tcase(g, "basr", 0x2c, "4=@T", "basr 3,4; la 5,1(0,0); @T: la 6,0(0,0)", NULL, NULL);
    tcase(g, "basr r2=0", 0x2c, "", "basr 3,0", NULL, NULL);
    static const unsigned bct[] = { 1, 2, 0, 0x80000000 };
    for (int i = 0; i < 4; i++) {
        tcase(g, F("bct %08x", bct[i]), 0x30, F("2=0x%x 4=@T 5=0", bct[i]),
              "bct 2,0(0,4); la 5,1(0,0); @T: la 6,0(0,0)", NULL, NULL);
        tcase(g, F("bctr %08x", bct[i]), 0x30, F("2=0x%x 4=@T 5=0", bct[i]),
              "bctr 2,4; la 5,1(0,0); @T: la 6,0(0,0)", NULL, NULL);
    }
    tcase(g, "bctr r2=0", 0x30, "2=1", "bctr 2,0", NULL, NULL);
    tcase(g, "bct loop 10", 0x30, "2=10 3=0 4=@T", "@T: la 3,1(0,3); bct 2,0(0,4)", NULL, NULL);
    tcase(g, "bxle loop (inc 1, limit 5)", 0x30, "2=0 4=1 5=5 6=0 7=@T",
          "@T: la 6,1(0,6); bxle 2,4,0(7)", NULL, NULL);
    tcase(g, "bxle odd r3", 0x30, "2=0 5=2 6=0 7=@T", "@T: la 6,1(0,6); bxle 2,5,0(7)",
          NULL, NULL);
    tcase(g, "bxh down loop", 0x30, "2=10 4=-2 5=0 6=0 7=@T", "@T: la 6,1(0,6); bxh 2,4,0(7)",
          NULL, NULL);
    /* One BXH or BXLE, then LA 6 (skipped when it branches): the edges,
     * and R1 the comparand (R3+1, compared before R1 changes) or R3. */
    static const struct { const char *name, *regs, *insn; } bx[] = {
        { "bxh not taken", "2=1 4=1 5=5 6=0 7=@T", "bxh 2,4" },
        { "bxle overflow wrap", "2=0x7fffffff 4=1 5=0x7fffffff 6=0 7=@T", "bxle 2,4" },
        { "bxle r1 is the comparand", "4=1 5=0 6=0 7=@T", "bxle 5,4" },
        { "bxh r1 is the comparand", "4=1 5=0 6=0 7=@T", "bxh 5,4" },
        { "bxh r1 comparand, negative", "4=-3 5=-1 6=0 7=@T", "bxh 5,4" },
        { "bxle r1 is r3", "4=3 5=10 6=0 7=@T", "bxle 4,4" },
        { "bxh r1 is r3 odd", "5=7 6=0 7=@T", "bxh 5,5" },
    };
    for (size_t i = 0; i < sizeof bx / sizeof bx[0]; i++)
        tcase(g, bx[i].name, 0x30, bx[i].regs,
              F("%s,0(7); la 6,1(0,0); @T: la 8,0(0,0)", bx[i].insn), NULL, NULL);
    tcase(g, "branch to odd address", 0x30, "4=@T+1", "bcr 15,4; la 5,1(0,0); @T: la 6,0(0,0)",
          NULL, "psw");
}

static void execute(struct gen *g)
{
    tcase(g, "ex mvc r1=0", 0x30, "2=0x44 4=@D 5=@X", "ex 0,0(0,5)",
          ".long 0, 0x01020304; @X: mvc 0(1,4),4(4)", NULL);
    tcase(g, "ex mvc or length 2", 0x30, "2=2 4=@D 5=@X", "ex 2,0(0,5)",
          ".long 0, 0x01020304; @X: mvc 0(1,4),4(4)", NULL);
    tcase(g, "ex mvi or immediate", 0x30, "2=0x0f 4=@D 5=@X", "ex 2,0(0,5)",
          ".long 0; @X: mvi 0(4),0xf0", NULL);
    tcase(g, "ex cli sets cc", 0x30, "2=0x01 4=@D 5=@X", "ex 2,0(0,5)",
          ".long 0x01000000; @X: cli 0(4),0", NULL);
    tcase(g, "ex bc branches", 0x00, "2=0x80 4=@T 5=@X 6=0",
          "ex 2,0(0,5); la 6,1(0,0); @T: la 7,0(0,0)", ".long 0; @X: bc 0,0(0,4)", NULL);
    tcase(g, "ex balr link", 0x10, "5=@X 4=@T", "ex 0,0(0,5); la 6,1(0,0); @T: la 7,0(0,0)",
          ".long 0; @X: balr 3,4", NULL);
    tcase(g, "ex of ex", 0x30, "5=@X", "ex 0,0(0,5)", ".long 0; @X: ex 0,0(0,5)", NULL);
    tcase(g, "ex odd target", 0x30, "5=@X+1", "ex 0,0(0,5)", ".long 0; @X: mvc 0(1,4),4(4)",
          NULL);
    tcase(g, "ex overflow in target FO", 0x38, "2=0x7fffffff 3=1 5=@X", "ex 0,0(0,5)",
          ".long 0; @X: ar 2,3", NULL);
    tcase(g, "ex trt", 0x30, "1=0 2=0 3=3 4=@D 5=@X", "ex 3,0(0,5)",
          ".byte 0,0,7,0; .fill 4,1,0; @X: trt 0(1,4),0(4)", NULL);
}

/* ".byte 0x.., ..." for a string of hex digits (an even number of them). */
static const char *hexbytes(char *out, size_t n, const char *hex)
{
    size_t o = (size_t)snprintf(out, n, ".byte ");
    for (size_t i = 0; hex[i] && hex[i + 1] && o + 8 < n; i += 2)
        o += (size_t)snprintf(out + o, n - o, "%s0x%c%c", i ? "," : "", hex[i], hex[i + 1]);
    return out;
}

/* Packed decimal: op1 at @D, op2 at @D+8, followed by X'EE' guard bytes. */
static void decimal(struct gen *g)
{
    FBUF;
    struct { const char *op, *name, *a, *b; int l1, l2, spm; } d[] = {
        { "zap", "zap +123", "ffffffff", "00123c", 4, 3, 0x30 },
        { "zap", "zap -0", "0", "00000d", 4, 3, 0x30 },
        { "zap", "zap sign f", "0", "00123f", 4, 3, 0x30 },
        { "zap", "zap overflow", "0", "12345c", 2, 3, 0x30 },
        { "zap", "zap overflow DO", "0", "12345c", 2, 3, 0x34 },
        { "zap", "zap invalid sign", "0", "001234", 4, 3, 0x30 },
        { "zap", "zap invalid digit", "0", "00a23c", 4, 3, 0x30 },
        { "ap", "ap 1+1", "0000001c", "001c", 4, 2, 0x30 },
        { "ap", "ap 999+1 carry", "0000999c", "001c", 4, 2, 0x30 },
        { "ap", "ap 5-7 sign change", "0000005c", "007d", 4, 2, 0x30 },
        { "ap", "ap -5 + 5 = +0", "0000005d", "005c", 4, 2, 0x30 },
        { "ap", "ap signs a b", "0000012a", "003b", 4, 2, 0x30 },
        { "ap", "ap signs e f", "0000012e", "003f", 4, 2, 0x30 },
        { "ap", "ap overflow", "9999999c", "001c", 4, 2, 0x30 },
        { "ap", "ap overflow DO", "9999999c", "001c", 4, 2, 0x34 },
        { "ap", "ap invalid sign", "00000012", "001c", 4, 2, 0x30 },
        { "ap", "ap invalid digit op2", "0000001c", "0f1c", 4, 2, 0x30 },
        { "sp", "sp 10-3", "0000010c", "003c", 4, 2, 0x30 },
        { "sp", "sp 3-10", "0000003c", "010c", 4, 2, 0x30 },
        { "sp", "sp x-x", "0012345c", "0012345c", 4, 4, 0x30 },
        { "sp", "sp -9999999 - 1 overflow", "9999999d", "001c", 4, 2, 0x30 },
        { "cp", "cp equal", "0000123c", "123c", 4, 2, 0x30 },
        { "cp", "cp -0 = +0", "0000000d", "000c", 4, 2, 0x30 },
        { "cp", "cp low", "0000123d", "123c", 4, 2, 0x30 },
        { "cp", "cp high", "0001000c", "999c", 4, 2, 0x30 },
        { "cp", "cp invalid", "000012c1", "123c", 4, 2, 0x30 },
        { "mp", "mp 12*34", "0000012c", "034c", 4, 2, 0x30 },
        { "mp", "mp -12*34", "0000012d", "034c", 4, 2, 0x30 },
        { "mp", "mp too few zeros", "0001234c", "034c", 4, 2, 0x30 },
        { "mp", "mp l2 >= l1", "0000012c", "0000034c", 4, 4, 0x30 },
        { "mp", "mp invalid sign", "00000123", "034c", 4, 2, 0x30 },
        { "dp", "dp 100/7", "0000100c", "7c", 4, 1, 0x30 },
        { "dp", "dp -100/7", "0000100d", "7c", 4, 1, 0x30 },
        { "dp", "dp 100/-7", "0000100c", "7d", 4, 1, 0x30 },
        { "dp", "dp by zero", "0000100c", "0c", 4, 1, 0x30 },
        { "dp", "dp quotient too big", "9999999c", "1c", 4, 1, 0x30 },
        { "dp", "dp l2 >= l1", "0000100c", "0000007c", 4, 4, 0x30 },
        { "pack", "pack 4 digits", "eeeeeeee", "f1f2f3c4", 3, 4, 0x30 },
        { "pack", "pack short op1", "eeeeeeee", "f1f2f3f4", 2, 4, 0x30 },
        { "pack", "pack long op1", "eeeeeeee", "f1c4", 4, 2, 0x30 },
        { "pack", "pack no check", "eeeeeeee", "abcdef12", 3, 4, 0x30 },
        { "unpk", "unpk +123", "eeeeeeee", "123c", 4, 2, 0x30 },
        { "unpk", "unpk short op1", "eeeeeeee", "12345c", 2, 3, 0x30 },
        { "unpk", "unpk long op1", "eeeeeeee", "5d", 4, 1, 0x30 },
    };
    for (size_t i = 0; i < sizeof d / sizeof d[0]; i++) {
        char a[128], b[128];
        tcase(g, d[i].name, d[i].spm, "4=@D 5=@D+8",
              F("%s 0(%d,4),0(%d,5)", d[i].op, d[i].l1, d[i].l2),
              F("%s; .org @D+8; %s; .fill 8,1,0xee", hexbytes(a, sizeof a, d[i].a),
                hexbytes(b, sizeof b, d[i].b)), NULL);
    }
    struct { const char *name, *hex; } cv[] = {
        { "cvb +123", "000000000000123c" }, { "cvb -123", "000000000000123d" },
        { "cvb max", "000002147483647c" }, { "cvb min", "000002147483648d" },
        { "cvb too big", "999999999999999c" }, { "cvb too small", "000002147483649d" },
        { "cvb max+1", "000002147483648c" },
        { "cvb sign f", "000000000000000f" }, { "cvb sign b", "000000000000001b" },
        { "cvb invalid digit", "00000000000012c3" }, { "cvb invalid sign", "0000000000001234" },
    };
    for (size_t i = 0; i < sizeof cv / sizeof cv[0]; i++) {
        char a[128];
        tcase(g, cv[i].name, 0x30, "2=0x77777777 4=@D", "cvb 2,0(0,4)",
              hexbytes(a, sizeof a, cv[i].hex), NULL);
    }
    for (size_t e = 0; e < NEDGE; e++)
        tcase(g, F("cvd %08x", edge[e]), 0x30, F("2=0x%x 4=@D", edge[e]), "cvd 2,0(0,4)",
              ".long 0xeeeeeeee, 0xeeeeeeee", NULL);
    tcase(g, "cvd unaligned", 0x30, "2=12345 4=@D", "cvd 2,1(0,4)",
          ".long 0xeeeeeeee, 0xeeeeeeee, 0xeeeeeeee", NULL);
    /* ED: pattern at @D, source at @D+16 */
    struct { const char *name, *pat, *src; int len; } ed[] = {
        { "ed 40202020 123d", ".long 0x40202020", ".short 0x123d", 4 },
        { "ed 40202020 123c", ".long 0x40202020", ".short 0x123c", 4 },
        { "ed zero", ".long 0x40202020", ".short 0x000c", 4 },
        { "ed significance starter", ".long 0x40202120; .short 0x2020", ".short 0x000c, 0x005c", 6 },
        { "ed with comma and point", ".long 0x40206b20; .long 0x21204b20; .byte 0x20",
          ".long 0x0123456c", 9 },
        { "ed field separator", ".long 0x40202022; .short 0x2020", ".short 0x012c; .byte 0x3d", 6 },
        { "ed fill asterisk", ".long 0x5c202020", ".short 0x005c", 4 },
        { "ed message chars", ".long 0x5c202020; .long 0x60c3d940", ".short 0x123d", 8 },
    };
    for (size_t i = 0; i < sizeof ed / sizeof ed[0]; i++)
        tcase(g, ed[i].name, 0x30, "4=@D 5=@D+16", F("ed 0(%d,4),0(5)", ed[i].len),
              F("%s; .org @D+16; %s", ed[i].pat, ed[i].src), NULL);
}

static void system_ops(struct gen *g)
{
    tcase(g, "svc 0", 0x30, "", "svc 0", NULL, NULL);
    tcase(g, "svc 255", 0x30, "", "svc 255", NULL, NULL);
    tcase(g, "svc 66 cc pm", 0x2c, "", "svc 66", NULL, NULL);
    static const unsigned spm[] = { 0x00000000, 0x3F000000, 0x1A000000, 0xFFFFFFFF, 0x25123456 };
    for (int i = 0; i < 5; i++) {
        char regs[32], name[32];
        snprintf(regs, sizeof regs, "2=0x%x", spm[i]);
        snprintf(name, sizeof name, "spm %08x", spm[i]);
        tcase(g, name, 0x00, regs, "spm 2", NULL, NULL);
    }
    tcase(g, "operation exception (00)", 0x30, "", ".short 0x0000", NULL, NULL);
    tcase(g, "problem state: ssm privileged", 0x30, "4=@D",
          "lpsw 0(4); @T: ssm 0(4)", ".long 0x00090000, @T", NULL);
    tcase(g, "problem state: lpsw privileged", 0x30, "4=@D",
          "lpsw 0(4); @T: lpsw 0(4)", ".long 0x00090000, @T", NULL);
    tcase(g, "problem state: lr runs", 0x30, "3=7 4=@D",
          "lpsw 0(4); @T: lr 2,3; svc 1", ".long 0x00090000, @T", NULL);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "Usage: gen-semantics OUTDIR\n");
        return 2;
    }
    struct gen g = { .dir = argv[1] };
    static const struct { const char *name; void (*fn)(struct gen *); } groups[] = {
        { "binary", binary_rr_rx }, { "unary", unary_rr }, { "halfword", halfword },
        { "muldiv", muldiv }, { "logical", logical_storage }, { "long", long_ops },
        { "shift", shifts }, { "branch", branches }, { "execute", execute },
        { "decimal", decimal }, { "system", system_ops },
    };
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        group_begin(&g, groups[i].name);
        groups[i].fn(&g);
        group_end(&g);
    }
    int missing = 0;
    for (size_t i = 0; i < isa_count; i++)
        if (isa_table[i].tier <= OPT && !g.covered[i]) {
            fprintf(stderr, "gen-semantics: no case for %s\n", isa_table[i].name);
            missing++;
        }
    fprintf(stderr, "gen-semantics: %d cases in %zu images\n", g.total,
            sizeof groups / sizeof groups[0]);
    return missing || g.failed ? 1 : 0;
}
