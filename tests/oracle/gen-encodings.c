/*
 * gen-encodings.c -- the GNU-as encoding cross-check: every row of
 * lib/isa.def (INSN and EXT), in several operand variants, written twice.
 * The ASST tier is left out: GNU as has no ASSIST (tests/t1140 checks it
 * against the encodings of the ASSIST documentation).
 *
 *   gen-encodings emit HLASM.s GNU.s LIST
 *       HLASM.s  an impas source: START 0, one instruction per line, no
 *                USING, every storage operand explicit (D(X,B), D(,B),
 *                D(X), D(B), or an absolute D resolving to base 0)
 *       GNU.s    the same instructions for s390x-linux-gnu-as -m31
 *                (lowercase, always D(X,B) / D(B), `.insn` for IMP's own
 *                opcodes, which GNU as cannot know)
 *       LIST     one line per instruction, tab-separated:
 *                offset  length  table-bytes  HLASM-statement  GNU-statement
 *                (table-bytes: what isa_encode() gives for the fields)
 *
 *   gen-encodings table LIST GNU.bin
 *       GNU.bin is `objcopy -O binary` of GNU.s: compare every instruction
 *       with the bytes isa_encode() produced (checks lib/isa.def/isa.c).
 *
 *   gen-encodings object LIST GNU.bin FILE.o
 *       FILE.o is impas' object module of HLASM.s (TXT records, lib/obj.h):
 *       compare every instruction with GNU as' bytes.
 *
 * The compare modes print one line per mismatch (the statement, both byte
 * strings) and a summary, and exit 1 if anything differs, 2 on bad input.
 *
 * Pitfalls the variants deliberately cover (ISA.md, "Assembler-level
 * differences"): HLASM D(X) is an index where GNU D(R) is a base; HLASM
 * accepts an explicit SS length 0 (encoded as 0, GNU needs 1); register
 * pairs must be even for GNU as, so pair fields use even registers only.
 */
#include "isa.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How the HLASM operand is spelled (GNU always uses the full form). */
enum spell {
    SP_FULL,    /* D(X,B) or D(L,B) */
    SP_NOX,     /* RX: D(,B) */
    SP_XONLY,   /* RX: D(X), index only, base 0 */
    SP_ABS,     /* RX/RS/SI/S: bare absolute D, base 0 */
    SP_LEN0,    /* SS: explicit length 0 (encodes as code 0, like 1) */
    SP_CHAR,    /* SI: immediate written C'A' (EBCDIC X'C1') */
};

/* One operand variant: field values plus the HLASM spelling. */
struct variant {
    int r1, r2, x, b1, d1, b2, d2, l1, l2, i;
    enum spell sp;
};

#define V(...) { __VA_ARGS__ }
#define R(a, b) { .r1 = (a), .r2 = (b) }
static const struct variant rr_v[] = {
    R(0, 0), R(15, 15), R(1, 14), R(14, 1), R(6, 8),
};
static const struct variant rrm_v[] = {
    R(0, 0), R(15, 15), R(8, 14), R(7, 1), R(1, 0), R(14, 12),
};
static const struct variant rr1_v[] = { R(0, 0), R(15, 0), R(5, 0) };
static const struct variant rri_v[] = {
    V(.i = 0), V(.i = 255), V(.i = 1), V(.i = 77),
};
static const struct variant rx_v[] = {
    V(.r1 = 0, .x = 0, .b2 = 0, .d2 = 0),
    V(.r1 = 15, .x = 15, .b2 = 15, .d2 = 4095),
    V(.r1 = 1, .x = 0, .b2 = 15, .d2 = 8, .sp = SP_NOX),
    V(.r1 = 2, .x = 15, .b2 = 0, .d2 = 8, .sp = SP_XONLY),
    V(.r1 = 14, .x = 0, .b2 = 0, .d2 = 4000, .sp = SP_ABS),
    V(.r1 = 4, .x = 3, .b2 = 12, .d2 = 0x123),
};
static const struct variant rs_v[] = {
    V(.r1 = 0, .r2 = 0, .b2 = 0, .d2 = 0),
    V(.r1 = 15, .r2 = 15, .b2 = 15, .d2 = 4095),
    V(.r1 = 14, .r2 = 12, .b2 = 13, .d2 = 12),
    V(.r1 = 2, .r2 = 4, .b2 = 0, .d2 = 200, .sp = SP_ABS),
};
static const struct variant rsm_v[] = {   /* r2 is the mask M3 */
    V(.r1 = 0, .r2 = 0, .b2 = 0, .d2 = 0),
    V(.r1 = 15, .r2 = 15, .b2 = 15, .d2 = 4095),
    V(.r1 = 1, .r2 = 7, .b2 = 2, .d2 = 100),
    V(.r1 = 3, .r2 = 8, .b2 = 0, .d2 = 16, .sp = SP_ABS),
};
static const struct variant rssh_v[] = {
    V(.r1 = 0, .b2 = 0, .d2 = 0),
    V(.r1 = 15, .b2 = 15, .d2 = 4095),
    V(.r1 = 2, .b2 = 0, .d2 = 63),
    V(.r1 = 4, .b2 = 7, .d2 = 5),
    V(.r1 = 6, .b2 = 0, .d2 = 31, .sp = SP_ABS),
};
static const struct variant si_v[] = {
    V(.b1 = 0, .d1 = 0, .i = 0),
    V(.b1 = 15, .d1 = 4095, .i = 255),
    V(.b1 = 1, .d1 = 100, .i = 0xF0),
    V(.b1 = 0, .d1 = 0x80, .i = 0xC1, .sp = SP_CHAR),
    V(.b1 = 0, .d1 = 3000, .i = 7, .sp = SP_ABS),
};
static const struct variant s_v[] = {
    V(.b2 = 0, .d2 = 0), V(.b2 = 15, .d2 = 4095), V(.b2 = 1, .d2 = 8),
    V(.b2 = 0, .d2 = 0x200, .sp = SP_ABS),
};
static const struct variant ssl_v[] = {   /* l1 is the length L (1-256) */
    V(.b1 = 0, .d1 = 0, .l1 = 1, .b2 = 0, .d2 = 0),
    V(.b1 = 15, .d1 = 4095, .l1 = 256, .b2 = 15, .d2 = 4095),
    V(.b1 = 1, .d1 = 10, .l1 = 8, .b2 = 2, .d2 = 20),
    V(.b1 = 1, .d1 = 0, .l1 = 0, .b2 = 2, .d2 = 0, .sp = SP_LEN0),
};
static const struct variant ssll_v[] = {
    V(.b1 = 0, .d1 = 0, .l1 = 1, .b2 = 0, .d2 = 0, .l2 = 1),
    V(.b1 = 15, .d1 = 4095, .l1 = 16, .b2 = 15, .d2 = 4095, .l2 = 16),
    V(.b1 = 1, .d1 = 10, .l1 = 8, .b2 = 2, .d2 = 20, .l2 = 3),
    V(.b1 = 3, .d1 = 7, .l1 = 0, .b2 = 4, .d2 = 9, .l2 = 0, .sp = SP_LEN0),
};
static const struct variant ssi3_v[] = {
    V(.b1 = 0, .d1 = 0, .l1 = 1, .b2 = 0, .d2 = 0, .i = 0),
    V(.b1 = 15, .d1 = 4095, .l1 = 16, .b2 = 15, .d2 = 4095, .i = 9),
    V(.b1 = 1, .d1 = 10, .l1 = 3, .b2 = 0, .d2 = 61, .i = 5),
};
#undef V
#undef R

struct vlist { const struct variant *v; size_t n; };
#define VL(a) { a, sizeof a / sizeof a[0] }
static const struct vlist variants_by_format[FMT_COUNT] = {
    [FMT_RR] = VL(rr_v), [FMT_RR_M] = VL(rrm_v), [FMT_RR_R1] = VL(rr1_v),
    [FMT_RR_I] = VL(rri_v), [FMT_RX] = VL(rx_v), [FMT_RX_M] = VL(rx_v),
    [FMT_RS] = VL(rs_v), [FMT_RS_SH] = VL(rssh_v), [FMT_RS_M] = VL(rsm_v),
    [FMT_SI] = VL(si_v), [FMT_S] = VL(s_v), [FMT_S2] = VL(s_v),
    [FMT_SS_L] = VL(ssl_v), [FMT_SS_LL] = VL(ssll_v), [FMT_SS_I3] = VL(ssi3_v),
};
#undef VL

/* The output files of emit mode and the running location counter. */
struct emitter {
    FILE *hl, *gnu, *list;
    unsigned loc;
    unsigned count;
};

static void lower(char *s)
{
    for (; *s; s++)
        *s = (char)tolower((unsigned char)*s);
}

/* Storage operand D(X,B) of RX in both spellings. */
static void rx_operand(const struct variant *v, char *hl, char *gnu, size_t n)
{
    switch (v->sp) {
    case SP_NOX: snprintf(hl, n, "%d(,%d)", v->d2, v->b2); break;
    case SP_XONLY: snprintf(hl, n, "%d(%d)", v->d2, v->x); break;
    case SP_ABS: snprintf(hl, n, "%d", v->d2); break;
    default: snprintf(hl, n, "%d(%d,%d)", v->d2, v->x, v->b2); break;
    }
    snprintf(gnu, n, "%d(%d,%d)", v->d2, v->x, v->b2);
}

/* A base-displacement operand D(B) in both spellings. */
static void bd_operand(int d, int b, enum spell sp, char *hl, char *gnu, size_t n)
{
    if (sp == SP_ABS) snprintf(hl, n, "%d", d);
    else snprintf(hl, n, "%d(%d)", d, b);
    snprintf(gnu, n, "%d(%d)", d, b);
}

/* An SS operand D(L,B): HLASM may say length 0, GNU needs at least 1. */
static void dlb_operand(int d, int l, int b, char *hl, char *gnu, size_t n)
{
    snprintf(hl, n, "%d(%d,%d)", d, l, b);
    snprintf(gnu, n, "%d(%d,%d)", d, l ? l : 1, b);
}

static int even(int r, int pair) { return pair ? r & ~1 : r; }

/*
 * Fill f and the operand texts for insn (or extended mnemonic with mask
 * ext_mask >= 0) in variant v.  Returns 0 if the variant does not apply.
 */
static int operands(const struct isa_insn *in, int ext_mask, const struct variant *v,
                    struct isa_fields *f, char *hl, char *gnu, size_t n)
{
    char h1[40], g1[40], h2[40], g2[40];
    int p1 = in->flags & F_PAIR1, p2 = in->flags & F_PAIR2, p3 = in->flags & F_PAIR3;
    memset(f, 0, sizeof *f);
    switch ((enum isa_format)in->format) {
    case FMT_RR: case FMT_RR_M:
        f->r1 = (uint8_t)even(v->r1, p1);
        f->r2 = (uint8_t)even(v->r2, p2);
        if (ext_mask >= 0) {
            f->r1 = (uint8_t)ext_mask;
            snprintf(hl, n, "%d", f->r2);
        } else {
            snprintf(hl, n, "%d,%d", f->r1, f->r2);
        }
        snprintf(gnu, n, "%s", hl);
        return 1;
    case FMT_RR_R1:
        f->r1 = (uint8_t)v->r1;
        snprintf(hl, n, "%d", f->r1);
        snprintf(gnu, n, "%s", hl);
        return 1;
    case FMT_RR_I:
        f->i2 = (uint8_t)v->i;
        snprintf(hl, n, "%d", v->i);
        snprintf(gnu, n, "%s", hl);
        return 1;
    case FMT_RX: case FMT_RX_M:
        f->r1 = (uint8_t)even(v->r1, p1);
        f->r2 = (uint8_t)v->x;
        f->b2 = (uint8_t)v->b2;
        f->d2 = (uint16_t)v->d2;
        rx_operand(v, h1, g1, sizeof h1);
        if (ext_mask >= 0) {
            f->r1 = (uint8_t)ext_mask;
            snprintf(hl, n, "%s", h1);
            snprintf(gnu, n, "%s", g1);
        } else {
            snprintf(hl, n, "%d,%s", f->r1, h1);
            snprintf(gnu, n, "%d,%s", f->r1, g1);
        }
        return 1;
    case FMT_RS: case FMT_RS_M:
        f->r1 = (uint8_t)even(v->r1, p1);
        f->r2 = (uint8_t)even(v->r2, p3);
        f->b2 = (uint8_t)v->b2;
        f->d2 = (uint16_t)v->d2;
        bd_operand(v->d2, v->b2, v->sp, h1, g1, sizeof h1);
        snprintf(hl, n, "%d,%d,%s", f->r1, f->r2, h1);
        snprintf(gnu, n, "%d,%d,%s", f->r1, f->r2, g1);
        return 1;
    case FMT_RS_SH:
        f->r1 = (uint8_t)even(v->r1, p1);
        f->b2 = (uint8_t)v->b2;
        f->d2 = (uint16_t)v->d2;
        bd_operand(v->d2, v->b2, v->sp, h1, g1, sizeof h1);
        snprintf(hl, n, "%d,%s", f->r1, h1);
        snprintf(gnu, n, "%d,%s", f->r1, g1);
        return 1;
    case FMT_SI:
        f->i2 = (uint8_t)v->i;
        f->b1 = (uint8_t)v->b1;
        f->d1 = (uint16_t)v->d1;
        bd_operand(v->d1, v->b1, v->sp, h1, g1, sizeof h1);
        if (v->sp == SP_CHAR)
            snprintf(hl, n, "%s,C'A'", h1);
        else
            snprintf(hl, n, "%s,X'%02X'", h1, v->i);
        snprintf(gnu, n, "%s,%d", g1, v->i);
        return 1;
    case FMT_S: case FMT_S2:
        f->b2 = (uint8_t)v->b2;
        f->d2 = (uint16_t)v->d2;
        bd_operand(v->d2, v->b2, v->sp, hl, gnu, n);
        return 1;
    case FMT_SS_L:
        f->i2 = (uint8_t)(v->l1 ? v->l1 - 1 : 0);
        f->b1 = (uint8_t)v->b1;
        f->d1 = (uint16_t)v->d1;
        f->b2 = (uint8_t)v->b2;
        f->d2 = (uint16_t)v->d2;
        dlb_operand(v->d1, v->l1, v->b1, h1, g1, sizeof h1);
        snprintf(hl, n, "%s,%d(%d)", h1, v->d2, v->b2);
        snprintf(gnu, n, "%s,%d(%d)", g1, v->d2, v->b2);
        return 1;
    case FMT_SS_LL:
        f->l1 = (uint8_t)(v->l1 ? v->l1 - 1 : 0);
        f->l2 = (uint8_t)(v->l2 ? v->l2 - 1 : 0);
        f->b1 = (uint8_t)v->b1;
        f->d1 = (uint16_t)v->d1;
        f->b2 = (uint8_t)v->b2;
        f->d2 = (uint16_t)v->d2;
        dlb_operand(v->d1, v->l1, v->b1, h1, g1, sizeof h1);
        dlb_operand(v->d2, v->l2, v->b2, h2, g2, sizeof h2);
        snprintf(hl, n, "%s,%s", h1, h2);
        snprintf(gnu, n, "%s,%s", g1, g2);
        return 1;
    case FMT_SS_I3:
        f->l1 = (uint8_t)(v->l1 - 1);
        f->l2 = (uint8_t)v->i;
        f->b1 = (uint8_t)v->b1;
        f->d1 = (uint16_t)v->d1;
        f->b2 = (uint8_t)v->b2;
        f->d2 = (uint16_t)v->d2;
        dlb_operand(v->d1, v->l1, v->b1, h1, g1, sizeof h1);
        snprintf(hl, n, "%s,%d(%d),%d", h1, v->d2, v->b2, v->i);
        snprintf(gnu, n, "%s,%d(%d),%d", g1, v->d2, v->b2, v->i);
        return 1;
    case FMT_RXSS:      /* ASSIST only: not for GNU as */
    case FMT_COUNT:
        break;
    }
    return 0;
}

/* Write one instruction to all three outputs. */
static void emit_one(struct emitter *e, const char *name, const struct isa_insn *in,
                     int ext_mask, const struct variant *v)
{
    struct isa_fields f;
    char hl[96], gnu[96], gname[16], gline[160];
    uint8_t bytes[6];
    if (!operands(in, ext_mask, v, &f, hl, gnu, sizeof hl))
        return;
    int len = isa_encode(in, &f, bytes);
    snprintf(gname, sizeof gname, "%s", name);
    lower(gname);
    if (in->tier == IMPX)   /* GNU as cannot know IMP's own opcodes */
        snprintf(gline, sizeof gline, ".insn s,0x%04x0000,%s", in->opcode, gnu);
    else
        snprintf(gline, sizeof gline, "%s %s", gname, gnu);
    fprintf(e->hl, "         %-5s %s\n", name, hl);
    fprintf(e->gnu, "\t%s\n", gline);
    fprintf(e->list, "%06X\t%d\t", e->loc, len);
    for (int k = 0; k < len; k++)
        fprintf(e->list, "%02X", bytes[k]);
    fprintf(e->list, "\t%-5s %s\t%s\n", name, hl, gline);
    e->loc += (unsigned)len;
    e->count++;
}

static int emit(const char *hlpath, const char *gnupath, const char *listpath)
{
    struct emitter e = { fopen(hlpath, "w"), fopen(gnupath, "w"), fopen(listpath, "w"), 0, 0 };
    if (!e.hl || !e.gnu || !e.list) {
        fprintf(stderr, "gen-encodings: cannot write outputs\n");
        return 2;
    }
    fprintf(e.hl, "ENCODE   START 0\n");
    fprintf(e.gnu, "\t.text\n");
    for (size_t i = 0; i < isa_count; i++) {
        const struct isa_insn *in = &isa_table[i];
        const struct vlist *vl = &variants_by_format[in->format];
        if (in->tier == ASST)   /* GNU as has no ASSIST (t1140 checks those) */
            continue;
        for (size_t k = 0; k < vl->n; k++)
            emit_one(&e, in->name, in, -1, &vl->v[k]);
    }
    for (size_t i = 0; i < isa_ext_count; i++) {
        const struct isa_ext *x = &isa_ext_table[i];
        const struct vlist *vl = &variants_by_format[x->base->format];
        for (size_t k = 0; k < vl->n; k++)
            emit_one(&e, x->name, x->base, x->mask, &vl->v[k]);
    }
    fprintf(e.hl, "         END\n");
    int bad = ferror(e.hl) | ferror(e.gnu) | ferror(e.list);
    bad |= fclose(e.hl) | fclose(e.gnu) | fclose(e.list);
    if (bad) {
        fprintf(stderr, "gen-encodings: write error\n");
        return 2;
    }
    fprintf(stderr, "gen-encodings: %u instructions (%zu table rows, %zu extended mnemonics)\n",
            e.count, isa_count, isa_ext_count);
    return 0;
}

/* ---- comparison ------------------------------------------------------ */

/* A byte image with a "defined" flag per byte. */
struct image {
    uint8_t *b, *def;
    size_t n;
};

static int image_init(struct image *im, size_t n)
{
    im->n = n;
    im->b = calloc(n ? n : 1, 1);
    im->def = calloc(n ? n : 1, 1);
    return im->b && im->def;
}

static void image_free(struct image *im)
{
    free(im->b);
    free(im->def);
}

static int read_binary(const char *path, struct image *im, size_t n)
{
    FILE *fp = fopen(path, "rb");
    if (!fp || !image_init(im, n)) {
        fprintf(stderr, "gen-encodings: cannot read %s\n", path);
        if (fp) fclose(fp);
        return 0;
    }
    size_t got = fread(im->b, 1, n, fp);
    memset(im->def, 1, got);
    fclose(fp);
    return 1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = toupper(c);
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The TXT records of an object module (lib/obj.h) laid out by address. */
static int read_object(const char *path, struct image *im, size_t n)
{
    FILE *fp = fopen(path, "r");
    char line[8192];
    if (!fp || !image_init(im, n)) {
        fprintf(stderr, "gen-encodings: cannot read %s\n", path);
        if (fp) fclose(fp);
        return 0;
    }
    while (fgets(line, sizeof line, fp)) {
        int id, off = 0;
        unsigned long addr;
        if (sscanf(line, "TXT %d %lx %n", &id, &addr, &off) < 2 || off == 0)
            continue;
        for (const char *p = line + off; hexval(p[0]) >= 0 && hexval(p[1]) >= 0; p += 2, addr++)
            if (addr < n) {
                im->b[addr] = (uint8_t)(hexval(p[0]) << 4 | hexval(p[1]));
                im->def[addr] = 1;
            }
    }
    fclose(fp);
    return 1;
}

static void hex_of(const struct image *im, size_t at, int len, char *out)
{
    for (int k = 0; k < len; k++) {
        if (at + (size_t)k < im->n && im->def[at + (size_t)k])
            sprintf(out + 2 * k, "%02X", im->b[at + (size_t)k]);
        else
            sprintf(out + 2 * k, "--");
    }
}

/* One LIST line, split in place. */
struct entry {
    unsigned long off;
    int len;
    char *table, *hl, *gnu;
};

static int parse_entry(char *line, struct entry *e)
{
    char *f[5], *save = NULL;
    line[strcspn(line, "\n")] = 0;
    for (int k = 0; k < 5; k++)
        if (!(f[k] = strtok_r(k ? NULL : line, "\t", &save)))
            return 0;
    e->off = strtoul(f[0], NULL, 16);
    e->len = atoi(f[1]);
    e->table = f[2];
    e->hl = f[3];
    e->gnu = f[4];
    return e->len >= 2 && e->len <= 6;
}

/* Compare GNU bytes with the table (obj == NULL) or with impas' object. */
static int compare(const char *listpath, const char *gnupath, const char *objpath)
{
    FILE *lp = fopen(listpath, "r");
    struct image gnu, imp = { 0 };
    char line[512], g[16], o[16];
    unsigned long top = 0;
    if (!lp) {
        fprintf(stderr, "gen-encodings: cannot read %s\n", listpath);
        return 2;
    }
    struct entry e;
    while (fgets(line, sizeof line, lp))
        if (parse_entry(line, &e) && e.off + (unsigned long)e.len > top)
            top = e.off + (unsigned long)e.len;
    if (!read_binary(gnupath, &gnu, top) || (objpath && !read_object(objpath, &imp, top))) {
        fclose(lp);
        return 2;
    }
    rewind(lp);
    unsigned n = 0, bad = 0;
    while (fgets(line, sizeof line, lp)) {
        if (!parse_entry(line, &e))
            continue;
        n++;
        hex_of(&gnu, e.off, e.len, g);
        if (objpath)
            hex_of(&imp, e.off, e.len, o);
        else
            snprintf(o, sizeof o, "%s", e.table);
        if (strcmp(g, o) != 0) {
            bad++;
            printf("%06lX  %-32s GNU as %-12s %s %s   (%s)\n", e.off, e.hl, g,
                   objpath ? "impas" : "isa.def", o, e.gnu);
        }
    }
    fclose(lp);
    printf("%u of %u instructions differ (%s vs GNU as)\n", bad, n,
           objpath ? "impas" : "isa_encode");
    image_free(&gnu);
    if (objpath)
        image_free(&imp);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "emit") == 0)
        return emit(argv[2], argv[3], argv[4]);
    if (argc == 4 && strcmp(argv[1], "table") == 0)
        return compare(argv[2], argv[3], NULL);
    if (argc == 5 && strcmp(argv[1], "object") == 0)
        return compare(argv[2], argv[3], argv[4]);
    fprintf(stderr, "Usage: gen-encodings emit HLASM.s GNU.s LIST\n"
                    "       gen-encodings table LIST GNU.bin\n"
                    "       gen-encodings object LIST GNU.bin FILE.o\n");
    return 2;
}
