/*
 * t-assist.c -- ASSIST's instructions on a plain byte array, with the
 * card, print and punch streams on temporary files: every rule of
 * assist.h (scans and their condition codes, output fields, cards,
 * carriage control, counting and limits, XDUMP's layout, named files,
 * storage that cannot be reached).  Expected values are written from
 * the rules, not copied from the output.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "assist.h"
#include "ebcdic.h"
#include "tap.h"

#define MEM_SIZE 0x4000u

/* Storage with an optional region that cannot be fetched (bad_code, e.g.
 * 4 protection or 5 addressing) and one that cannot be stored into
 * (code 4); past MEM_SIZE the callbacks return -1. */
struct mem {
    uint8_t b[MEM_SIZE];
    uint32_t bad_lo, bad_hi;
    int bad_code;
    uint32_t ro_lo, ro_hi;
};

static int overlaps(uint32_t addr, uint32_t len, uint32_t lo, uint32_t hi)
{
    return len > 0 && addr < hi && addr + len > lo;
}

static int mem_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    struct mem *m = ctx;
    if (addr > MEM_SIZE || len > MEM_SIZE - addr) return -1;
    if (overlaps(addr, len, m->bad_lo, m->bad_hi)) return m->bad_code;
    memcpy(buf, m->b + addr, len);
    return 0;
}

static int mem_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    struct mem *m = ctx;
    if (addr > MEM_SIZE || len > MEM_SIZE - addr) return -1;
    if (overlaps(addr, len, m->bad_lo, m->bad_hi)) return m->bad_code;
    if (overlaps(addr, len, m->ro_lo, m->ro_hi)) return 4;
    memcpy(m->b + addr, buf, len);
    return 0;
}

struct fixture {
    struct mem mem;
    struct svc_storage st;
    struct assist a;
    FILE *cards, *print, *punch;
    uint32_t gr[16];
    uint32_t psw2;
};

static void setup(struct fixture *x, const char *cards)
{
    memset(x, 0, sizeof *x);
    x->st = (struct svc_storage){ &x->mem, mem_read, mem_write, NULL };
    x->cards = tmpfile();
    x->print = tmpfile();
    x->punch = tmpfile();
    fputs(cards, x->cards);
    rewind(x->cards);
    assist_init(&x->a, x->cards, x->print, x->punch);
    for (int i = 0; i < 16; i++)
        x->gr[i] = 0xA0A0A000u + (uint32_t)i;
}

/* Everything written to f so far. */
static const char *contents(FILE *f)
{
    static char buf[16384];
    fflush(f);
    long pos = ftell(f);
    rewind(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fseek(f, pos, SEEK_SET);
    return buf;
}

static const char *printed(struct fixture *x) { return contents(x->print); }

static void teardown(struct fixture *x)
{
    char err[128];
    assist_finish(&x->a, err, sizeof err);
    fclose(x->cards);
    fclose(x->print);
    fclose(x->punch);
}

static void put_ebcdic(struct fixture *x, uint32_t addr, const char *s)
{
    ebcdic_from_host(x->mem.b + addr, s, strlen(s));
}

/* n bytes at addr as host text (NUL-terminated, static). */
static const char *host_text(struct fixture *x, uint32_t addr, size_t n)
{
    static char buf[256];
    ebcdic_to_host(buf, x->mem.b + addr, n);
    buf[n] = '\0';
    return buf;
}

static struct assist_result call(struct fixture *x, unsigned opcode, unsigned r1,
                                 uint32_t addr, uint32_t len)
{
    struct assist_req rq = { .opcode = opcode, .r1 = r1, .addr = addr, .len = len,
                             .psw_word2 = x->psw2, .cc = 0 };
    memcpy(rq.gr, x->gr, sizeof rq.gr);
    struct assist_result res;
    assist_call(&x->a, &x->st, &rq, &res);
    return res;
}

/* ---- XDECI ---------------------------------------------------------------- */

/* XDECI R3 of text at 0x100; checks the CC, the value (if CC < 3) and GR1. */
static struct assist_result xdeci(struct fixture *x, const char *text)
{
    memset(x->mem.b + 0x100, 0x00, 64);
    put_ebcdic(x, 0x100, text);
    return call(x, 0x53, 3, 0x100, 0);
}

static void test_xdeci(void)
{
    struct fixture x;
    setup(&x, "");
    struct assist_result r = xdeci(&x, "   123 ");
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, 2);
    check_uint(r.set_gr, ==, 1u << 3 | 1u << 1);
    check_uint(r.gr[3], ==, 123);
    check_uint(r.gr[1], ==, 0x106);
    check_int(r.cycles, ==, 40 + 7 * ASSIST_BYTE_CYCLES);      /* 7 bytes scanned */
    check_uint(r.gr[5], ==, x.gr[5]);                           /* a copy of the rest */

    r = xdeci(&x, "-45X");
    check_int(r.cc, ==, 1);
    check_uint(r.gr[3], ==, (uint32_t)-45);
    check_uint(r.gr[1], ==, 0x103);

    r = xdeci(&x, "+0,");
    check_int(r.cc, ==, 0);
    check_uint(r.gr[3], ==, 0);
    check_uint(r.gr[1], ==, 0x102);
    r = xdeci(&x, "-0 ");
    check_int(r.cc, ==, 0);
    check_uint(r.gr[3], ==, 0);
    r = xdeci(&x, "+7");
    check_int(r.cc, ==, 2);
    check_uint(r.gr[3], ==, 7);

    /* no digit: GR1 -> the first non-blank, R1 unchanged */
    r = xdeci(&x, "  ABC");
    check_int(r.cc, ==, 3);
    check_uint(r.set_gr, ==, 1u << 1);
    check_uint(r.gr[3], ==, x.gr[3]);
    check_uint(r.gr[1], ==, 0x102);
    r = xdeci(&x, "12");
    check_int(r.cc, ==, 2);                 /* X'00' after it ends the number */
    /* a sign alone: GR1 -> the byte after the sign */
    r = xdeci(&x, " - 5");
    check_int(r.cc, ==, 3);
    check_uint(r.set_gr, ==, 1u << 1);
    check_uint(r.gr[1], ==, 0x102);
    r = xdeci(&x, "+-5");
    check_int(r.cc, ==, 3);
    check_uint(r.gr[1], ==, 0x101);
    check_int(r.cycles, ==, 40 + 2 * ASSIST_BYTE_CYCLES);      /* '+' and '-' scanned */

    /* nine digits are the most */
    r = xdeci(&x, "999999999 ");
    check_int(r.cc, ==, 2);
    check_uint(r.gr[3], ==, 999999999);
    check_uint(r.gr[1], ==, 0x109);
    r = xdeci(&x, "-999999999 ");
    check_int(r.cc, ==, 1);
    check_uint(r.gr[3], ==, (uint32_t)-999999999);
    check_uint(r.gr[1], ==, 0x10A);
    r = xdeci(&x, "000000001 ");
    check_int(r.cc, ==, 2);
    check_uint(r.gr[3], ==, 1);
    r = xdeci(&x, "1234567890 ");
    check_int(r.cc, ==, 3);
    check_uint(r.set_gr, ==, 1u << 1);
    check_uint(r.gr[1], ==, 0x10A);
    r = xdeci(&x, "0000000001 ");
    check_int(r.cc, ==, 3);
    r = xdeci(&x, "2147483647 ");
    check_int(r.cc, ==, 3);
    check_uint(r.gr[3], ==, x.gr[3]);
    r = xdeci(&x, "-2147483648 ");
    check_int(r.cc, ==, 3);
    check_uint(r.gr[1], ==, 0x10B);
    r = xdeci(&x, "2147483648");
    check_int(r.cc, ==, 3);
    r = xdeci(&x, "  123456789012345 X");
    check_int(r.cc, ==, 3);
    check_uint(r.gr[1], ==, 0x111);         /* after every digit */

    /* R1 = 1: the address wins */
    memset(x.mem.b + 0x100, 0x00, 64);
    put_ebcdic(&x, 0x100, "42 ");
    r = call(&x, 0x53, 1, 0x100, 0);
    check_int(r.cc, ==, 2);
    check_uint(r.set_gr, ==, 1u << 1);
    check_uint(r.gr[1], ==, 0x102);

    /* the address is taken modulo 2**24 */
    r = call(&x, 0x53, 4, 0xFF000100, 0);
    check_int(r.cc, ==, 2);
    check_uint(r.gr[4], ==, 42);

    /* the scan runs into the end of storage: addressing */
    memset(x.mem.b + MEM_SIZE - 8, 0x40, 8);
    r = call(&x, 0x53, 3, MEM_SIZE - 8, 0);
    check_int(r.outcome, ==, ASSIST_PROGCHECK);
    check_uint(r.pic, ==, 5);
    check_uint(r.set_gr, ==, 0);
    check_int(r.cc, ==, -1);
    put_ebcdic(&x, MEM_SIZE - 2, "12");     /* digits to the last byte */
    r = call(&x, 0x53, 3, MEM_SIZE - 2, 0);
    check_uint(r.pic, ==, 5);

    /* ... or into fetch-protected storage */
    x.mem.bad_lo = 0x200;
    x.mem.bad_hi = 0x300;
    x.mem.bad_code = 4;
    memset(x.mem.b + 0x1F0, 0x40, 16);
    r = call(&x, 0x53, 3, 0x1F0, 0);
    check_int(r.outcome, ==, ASSIST_PROGCHECK);
    check_uint(r.pic, ==, 4);
    check_uint(r.set_gr, ==, 0);
    x.mem.bad_code = 5;
    r = call(&x, 0x53, 3, 0x1F0, 0);
    check_uint(r.pic, ==, 5);
    teardown(&x);
}

/* ---- XHEXI ---------------------------------------------------------------- */

static struct assist_result xhexi(struct fixture *x, const char *text)
{
    memset(x->mem.b + 0x100, 0x00, 64);
    put_ebcdic(x, 0x100, text);
    return call(x, 0x61, 7, 0x100, 0);
}

static void test_xhexi(void)
{
    struct fixture x;
    setup(&x, "");
    struct assist_result r = xhexi(&x, " C0FFEE,");
    check_int(r.cc, ==, 2);
    check_uint(r.gr[7], ==, 0xC0FFEE);
    check_uint(r.gr[1], ==, 0x107);
    check_int(r.cycles, ==, 40 + 8 * ASSIST_BYTE_CYCLES);
    r = xhexi(&x, "FFFFFFFF ");
    check_int(r.cc, ==, 1);
    check_uint(r.gr[7], ==, 0xFFFFFFFF);
    r = xhexi(&x, "80000000 ");
    check_int(r.cc, ==, 1);
    r = xhexi(&x, "7FFFFFFF ");
    check_int(r.cc, ==, 2);
    check_uint(r.gr[7], ==, 0x7FFFFFFF);
    r = xhexi(&x, "0 ");
    check_int(r.cc, ==, 0);
    check_uint(r.gr[7], ==, 0);
    check_uint(r.set_gr, ==, 1u << 7 | 1u << 1);
    r = xhexi(&x, "1Af");                   /* lower case is not a digit */
    check_int(r.cc, ==, 2);
    check_uint(r.gr[7], ==, 0x1A);
    check_uint(r.gr[1], ==, 0x102);
    r = xhexi(&x, "123456789 ");            /* nine digits */
    check_int(r.cc, ==, 3);
    check_uint(r.set_gr, ==, 1u << 1);
    check_uint(r.gr[1], ==, 0x109);
    r = xhexi(&x, "  +12");                 /* no sign in hex */
    check_int(r.cc, ==, 3);
    check_uint(r.gr[1], ==, 0x102);
    r = xhexi(&x, "G1");
    check_int(r.cc, ==, 3);
    check_uint(r.gr[1], ==, 0x100);
    check_uint(r.gr[7], ==, x.gr[7]);
    teardown(&x);
}

/* ---- XDECO, XHEXO --------------------------------------------------------- */

static void test_output_fields(void)
{
    struct fixture x;
    setup(&x, "");
    static const struct { uint32_t v; const char *field; } deco[] = {
        { 0,           "           0" },
        { 123,         "         123" },
        { (uint32_t)-1, "          -1" },
        { 2147483647u, "  2147483647" },
        { 0x80000000u, " -2147483648" },
        { (uint32_t)-999999999, "  -999999999" },
    };
    for (size_t i = 0; i < sizeof deco / sizeof deco[0]; i++) {
        x.gr[9] = deco[i].v;
        x.mem.b[0x20C] = 0x55;
        struct assist_result r = call(&x, 0x52, 9, 0x200, 0);
        check_int(r.outcome, ==, ASSIST_CONTINUE);
        check_str(host_text(&x, 0x200, 12), deco[i].field);
        check_uint(x.mem.b[0x20C], ==, 0x55);                   /* 12 bytes only */
        check_int(r.cc, ==, -1);
        check_uint(r.set_gr, ==, 0);
        check_int(r.cycles, ==, 40 + 12 * ASSIST_BYTE_CYCLES);
    }
    check_uint(x.mem.b[0x200], ==, 0x40);                        /* EBCDIC blank */

    x.gr[0] = 0xDEADBEEF;
    struct assist_result r = call(&x, 0x62, 0, 0x300, 0);
    check_str(host_text(&x, 0x300, 8), "DEADBEEF");
    check_uint(x.mem.b[0x300], ==, 0xC4);
    check_int(r.cc, ==, -1);
    check_uint(r.set_gr, ==, 0);
    check_int(r.cycles, ==, 30 + 8 * ASSIST_BYTE_CYCLES);
    x.gr[15] = 0x0012AB00;
    call(&x, 0x62, 15, 0x300, 0);
    check_str(host_text(&x, 0x300, 8), "0012AB00");

    /* a field that cannot be stored: suppressed */
    x.mem.ro_lo = 0x400;
    x.mem.ro_hi = 0x500;
    memset(x.mem.b + 0x3F8, 0x11, 16);
    r = call(&x, 0x52, 9, 0x3F8, 0);
    check_int(r.outcome, ==, ASSIST_PROGCHECK);
    check_uint(r.pic, ==, 4);
    check_uint(x.mem.b[0x3F8], ==, 0x11);
    r = call(&x, 0x62, 9, MEM_SIZE - 4, 0);
    check_uint(r.pic, ==, 5);
    teardown(&x);
}

/* ---- XREAD ---------------------------------------------------------------- */

static void test_xread(void)
{
    static const char long_line[] =
        "0123456789012345678901234567890123456789012345678901234567890123456789"
        "0123456789ABCDEFGHIJ";                                 /* 90 columns */
    char cards[256];
    snprintf(cards, sizeof cards, "HELLO\n%s\n\tTAB\nfour\nfive\r\nsix", long_line);
    struct fixture x;
    setup(&x, cards);
    memset(x.mem.b + 0x100, 0x11, 0x100);
    struct assist_result r = call(&x, 0xE0, 0x0, 0x100, 80);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, 0);
    check_int(r.cycles, ==, 200 + 80 * ASSIST_BYTE_CYCLES);
    check(memcmp(host_text(&x, 0x100, 80), "HELLO                                        "
                 "                                   ", 80) == 0);
    check_uint(x.mem.b[0x104], ==, 0xD6);                   /* 'O' */
    check_uint(x.mem.b[0x14F], ==, 0x40);                   /* column 80 blank */
    check_uint(x.mem.b[0x150], ==, 0x11);

    r = call(&x, 0xE0, 0x0, 0x200, 0);                       /* len 0: 80, cut at 80 */
    check_int(r.cc, ==, 0);
    check(memcmp(host_text(&x, 0x200, 80), long_line, 80) == 0);
    check_uint(x.mem.b[0x250], ==, 0x00);

    memset(x.mem.b + 0x300, 0x11, 0x100);
    r = call(&x, 0xE0, 0x0, 0x300, 5);                       /* len 5: 5 bytes stored */
    check_int(r.cc, ==, 0);
    check_uint(x.mem.b[0x300], ==, 0x05);                   /* the tab, translated */
    check_str(host_text(&x, 0x301, 4), "TAB ");
    check_uint(x.mem.b[0x305], ==, 0x11);
    check_int(r.cycles, ==, 200 + 5 * ASSIST_BYTE_CYCLES);

    r = call(&x, 0xE0, 0x0, 0x300, 200);                     /* len > 80: 80 stored */
    check_str(host_text(&x, 0x300, 5), "four ");
    check_uint(x.mem.b[0x34F], ==, 0x40);
    check_uint(x.mem.b[0x350], ==, 0x11);
    check_int(x.a.cards_read, ==, 4);

    /* a card limit stops the run before the read */
    x.a.max_cards = 4;
    r = call(&x, 0xE0, 0x0, 0x300, 80);
    check_int(r.outcome, ==, ASSIST_LIMIT);
    check_int(r.limit, ==, ASSIST_LIMIT_CARDS);
    check_int(x.a.limit_hit, ==, ASSIST_LIMIT_CARDS);
    check_int(r.cc, ==, -1);
    check_str(host_text(&x, 0x300, 5), "four ");
    x.a.max_cards = 0;

    /* a target that cannot be stored into: the card stays unread */
    x.mem.ro_lo = 0x1000;
    x.mem.ro_hi = 0x1100;
    r = call(&x, 0xE0, 0x0, 0x0FF0, 80);
    check_int(r.outcome, ==, ASSIST_PROGCHECK);
    check_uint(r.pic, ==, 4);
    r = call(&x, 0xE0, 0x0, MEM_SIZE - 10, 80);
    check_uint(r.pic, ==, 5);
    r = call(&x, 0xE0, 0x0, 0x300, 80);
    check_int(r.cc, ==, 0);
    check_str(host_text(&x, 0x300, 6), "five  ");            /* CR LF ends a card */
    r = call(&x, 0xE0, 0x0, 0x300, 80);
    check_str(host_text(&x, 0x300, 4), "six ");              /* unended last line */

    /* end of file: CC 1, storage unchanged */
    memset(x.mem.b + 0x300, 0x11, 0x100);
    r = call(&x, 0xE0, 0x0, 0x300, 80);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, 1);
    check_uint(x.mem.b[0x300], ==, 0x11);
    check_int(x.a.cards_read, ==, 6);
    r = call(&x, 0xE0, 0x0, 0x300, 80);
    check_int(r.cc, ==, 1);

    x.a.cards = NULL;                                       /* no card file */
    r = call(&x, 0xE0, 0x0, 0x300, 80);
    check_int(r.cc, ==, 1);
    teardown(&x);
}

/* ---- XPRNT ---------------------------------------------------------------- */

static struct assist_result prnt(struct fixture *x, const char *line)
{
    put_ebcdic(x, 0x800, line);
    return call(x, 0xE0, 0x2, 0x800, (uint32_t)strlen(line));
}

/* The print stream's bytes after lines[] and assist_finish. */
static const char *print_all(int raw, const char *const *lines, size_t n)
{
    static char out[1024];
    struct fixture x;
    char err[128];
    setup(&x, "");
    x.a.asa_raw = raw;
    for (size_t i = 0; i < n; i++)
        prnt(&x, lines[i]);
    assist_finish(&x.a, err, sizeof err);
    snprintf(out, sizeof out, "%s", printed(&x));
    teardown(&x);
    return out;
}

static void test_xprnt_asa(void)
{
    static const char *const seq[] = { " A", "0B", "-C", "1D", "+E", "xF", " G   ", " " };
    size_t nseq = sizeof seq / sizeof seq[0];
    check_str(print_all(0, seq, nseq), "A\n\nB\n\n\nC\n\fD\rE\nF\nG\n\n");
    check_str(print_all(1, seq, nseq), " A\n0B\n-C\n1D\n+E\nxF\n G\n \n");

    /* the first line of the stream */
    static const char *const f0[] = { "0X" }, *const fm[] = { "-X" }, *const f1[] = { "1X" },
                             *const fp[] = { "+X" }, *const fb[] = { " X" };
    check_str(print_all(0, f0, 1), "\nX\n");
    check_str(print_all(0, fm, 1), "\n\nX\n");
    check_str(print_all(0, f1, 1), "X\n");
    check_str(print_all(0, fp, 1), "X\n");
    check_str(print_all(0, fb, 1), "X\n");

    /* the pending newline and assist_sync */
    struct fixture x;
    setup(&x, "");
    struct assist_result r = prnt(&x, " A");
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, -1);
    check_int(r.cycles, ==, 200 + 2 * ASSIST_BYTE_CYCLES);
    check_str(printed(&x), "A");
    assist_sync(&x.a);
    check_str(printed(&x), "A\n");
    assist_sync(&x.a);                                      /* nothing more owed */
    check_str(printed(&x), "A\n");
    prnt(&x, " B");
    check_str(printed(&x), "A\nB");
    assist_sync(&x.a);
    prnt(&x, "0C");
    check_str(printed(&x), "A\nB\n\nC");
    assist_sync(&x.a);
    prnt(&x, "-D");
    check_str(printed(&x), "A\nB\n\nC\n\n\nD");
    assist_sync(&x.a);
    prnt(&x, "1E");
    check_str(printed(&x), "A\nB\n\nC\n\n\nD\n\fE");
    assist_sync(&x.a);
    prnt(&x, "+F");
    check_str(printed(&x), "A\nB\n\nC\n\n\nD\n\fE\nF");
    char err[128];
    check_int(assist_finish(&x.a, err, sizeof err), ==, 0);
    check_str(printed(&x), "A\nB\n\nC\n\n\nD\n\fE\nF\n");
    teardown(&x);

    /* raw mode owes nothing */
    setup(&x, "");
    x.a.asa_raw = 1;
    prnt(&x, "1TOP  ");
    check_str(printed(&x), "1TOP\n");
    assist_sync(&x.a);
    check_str(printed(&x), "1TOP\n");
    teardown(&x);
}

static void test_xprnt_lengths(void)
{
    struct fixture x;
    setup(&x, "");
    struct assist_result r = call(&x, 0xE0, 0x2, 0x800, 0);  /* len 0: nothing */
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(x.a.lines, ==, 0);
    check_str(printed(&x), "");

    char line[141];
    memset(line, 'X', 140);
    line[0] = ' ';
    line[140] = '\0';
    r = prnt(&x, line);                                     /* cut to 133 */
    check_int(r.cycles, ==, 200 + 133 * ASSIST_BYTE_CYCLES);
    char want[133];
    memset(want, 'X', 132);
    want[132] = '\0';
    check_str(printed(&x), want);

    /* translation: cp037 as it stands */
    x.mem.b[0x900] = 0x40;
    x.mem.b[0x901] = 0x5B;                                  /* '$' */
    x.mem.b[0x902] = 0x81;                                  /* 'a' */
    call(&x, 0xE0, 0x2, 0x900, 3);
    check(strcmp(printed(&x) + 132, "\n$a") == 0);

    /* storage that cannot be fetched: nothing printed */
    x.mem.bad_lo = 0x1000;
    x.mem.bad_hi = 0x1100;
    x.mem.bad_code = 4;
    r = call(&x, 0xE0, 0x2, 0xFF0, 20);
    check_int(r.outcome, ==, ASSIST_PROGCHECK);
    check_uint(r.pic, ==, 4);
    r = call(&x, 0xE0, 0x2, MEM_SIZE - 4, 8);
    check_uint(r.pic, ==, 5);
    check_int(x.a.lines, ==, 2);
    teardown(&x);
}

static void test_xprnt_counting(void)
{
    struct fixture x;
    setup(&x, "");
    static const char *const seq[] = { " A", "0B", "-C", "1D", "+E", "xF", " G" };
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++)
        prnt(&x, seq[i]);
    check_int(x.a.lines, ==, 1 + 2 + 3 + 1 + 0 + 1 + 1);
    check_int(x.a.pages, ==, 2);
    teardown(&x);

    /* 60 lines fill a page; the 61st begins the next */
    setup(&x, "");
    for (int i = 0; i < 60; i++)
        prnt(&x, " L");
    check_int(x.a.pages, ==, 1);
    check_int(x.a.page_lines, ==, 60);
    prnt(&x, "+L");                                         /* overprint: no advance */
    check_int(x.a.pages, ==, 1);
    prnt(&x, " L");
    check_int(x.a.pages, ==, 2);
    check_int(x.a.page_lines, ==, 1);
    check_int(x.a.lines, ==, 61);
    teardown(&x);

    /* a line limit: the line that would pass it is not printed */
    setup(&x, "");
    x.a.max_lines = 3;
    prnt(&x, " A");
    prnt(&x, " B");
    struct assist_result r = prnt(&x, "0C");
    check_int(r.outcome, ==, ASSIST_LIMIT);
    check_int(r.limit, ==, ASSIST_LIMIT_LINES);
    check_int(r.cc, ==, -1);
    check_str(printed(&x), "A\nB");
    r = prnt(&x, " D");                                     /* the third line fits */
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    r = prnt(&x, "+E");                                     /* so does overprinting */
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    r = prnt(&x, " F");
    check_int(r.limit, ==, ASSIST_LIMIT_LINES);
    check_int(x.a.lines, ==, 3);
    teardown(&x);

    /* a page limit: at '1' and at a full page */
    setup(&x, "");
    x.a.max_pages = 1;
    prnt(&x, "1A");
    r = prnt(&x, "1B");
    check_int(r.outcome, ==, ASSIST_LIMIT);
    check_int(r.limit, ==, ASSIST_LIMIT_PAGES);
    check_int(x.a.limit_hit, ==, ASSIST_LIMIT_PAGES);
    for (int i = 0; i < 59; i++)
        check_int(prnt(&x, " L").outcome, ==, ASSIST_CONTINUE);
    r = prnt(&x, " L");
    check_int(r.limit, ==, ASSIST_LIMIT_PAGES);
    check_int(x.a.pages, ==, 1);
    teardown(&x);

    /* the byte quota */
    setup(&x, "");
    x.a.max_bytes = 5;
    prnt(&x, " ABC");                                       /* 3 bytes */
    r = prnt(&x, " DE");                                    /* "\nDE": 3 more */
    check_int(r.outcome, ==, ASSIST_LIMIT);
    check_int(r.limit, ==, ASSIST_LIMIT_BYTES);
    check_str(printed(&x), "ABC");
    teardown(&x);
}

/* ---- XPNCH ---------------------------------------------------------------- */

static void test_xpnch(void)
{
    struct fixture x;
    setup(&x, "");
    memset(x.mem.b + 0x500, 0x40, 0x100);
    put_ebcdic(&x, 0x500, "CARD 1");
    struct assist_result r = call(&x, 0xE0, 0x4, 0x500, 0);  /* len 0: 80 */
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, -1);
    check_int(r.cycles, ==, 200 + 80 * ASSIST_BYTE_CYCLES);
    call(&x, 0xE0, 0x4, 0x500, 3);
    memset(x.mem.b + 0x500, 0xE7, 100);                     /* 'X' * 100 */
    r = call(&x, 0xE0, 0x4, 0x500, 100);                     /* cut to 80 */
    check_int(r.cycles, ==, 200 + 80 * ASSIST_BYTE_CYCLES);
    char want[200];
    snprintf(want, sizeof want, "CARD 1\nCAR\n%.80s\n",
             "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
             "XXXXXXXXXXXXXXXXXXXXXXXXXXXX");
    check_str(contents(x.punch), want);
    check_int(x.a.cards_punched, ==, 3);
    check_str(printed(&x), "");

    x.a.max_punch = 3;
    r = call(&x, 0xE0, 0x4, 0x500, 3);
    check_int(r.outcome, ==, ASSIST_LIMIT);
    check_int(r.limit, ==, ASSIST_LIMIT_PUNCH);
    check_str(contents(x.punch), want);
    x.a.max_punch = 0;

    r = call(&x, 0xE0, 0x4, MEM_SIZE - 40, 80);
    check_int(r.outcome, ==, ASSIST_PROGCHECK);
    check_uint(r.pic, ==, 5);

    /* no punch file: the cards go to the print stream */
    x.a.punch = NULL;
    prnt(&x, " A");
    call(&x, 0xE0, 0x4, 0x500, 2);
    check_str(printed(&x), "A\nXX\n");
    prnt(&x, " B");
    check_str(printed(&x), "A\nXX\nB");
    check_int(x.a.lines, ==, 2);                            /* not printed lines */
    check_int(x.a.cards_punched, ==, 4);

    /* the punch is the print stream: the pending newline first */
    x.a.punch = x.print;
    call(&x, 0xE0, 0x4, 0x500, 1);
    check_str(printed(&x), "A\nXX\nB\nX\n");
    x.a.punch = x.punch;
    teardown(&x);
}

/* ---- XDUMP ---------------------------------------------------------------- */

static void test_xdump_registers(void)
{
    struct fixture x;
    setup(&x, "");
    for (unsigned i = 0; i < 16; i++)
        x.gr[i] = i * 0x11111111u;
    x.psw2 = 0xE0001026;
    struct assist_result r = call(&x, 0xE0, 0x6, 0, 0);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, -1);
    check_uint(r.set_gr, ==, 0);
    assist_sync(&x.a);
    check_str(printed(&x),
              " BEGIN XSNAP - CALL     1 AT E0001026 USER REGISTERS\n"
              "\n"
              " REGS 0-7      00000000  11111111  22222222  33333333  44444444  55555555"
              "  66666666  77777777\n"
              " REGS 8-15     88888888  99999999  AAAAAAAA  BBBBBBBB  CCCCCCCC  DDDDDDDD"
              "  EEEEEEEE  FFFFFFFF\n"
              "\n");
    check_int(x.a.dumps, ==, 1);
    check_int(x.a.lines, ==, 5);
    teardown(&x);
}

static void test_xdump_storage(void)
{
    static const char pattern[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";
    static const uint8_t specials[32] = {
        0x40, 0x4B, 0x4C, 0x4D, 0x4E, 0x4F, 0x50, 0x5A, 0x5B, 0x5C, 0x5D, 0x5E, 0x5F, 0x60,
        0x61, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F, 0x7A, 0x7B, 0x7C, 0x7D, 0x7E, 0x7F, 0x81, 0x82,
        0x83, 0x00, 0xFF, 0x41,
    };
    struct fixture x;
    setup(&x, "");
    for (uint32_t p = 0x1000; p < 0x1100; p += 32)
        put_ebcdic(&x, p, pattern);
    for (uint32_t i = 0; i < 32; i++)
        x.mem.b[0x1100 + i] = (uint8_t)i;
    memcpy(x.mem.b + 0x1120, specials, 32);
    x.psw2 = 0x5E00104A;
    call(&x, 0xE0, 0x6, 0, 0);                              /* call 1: registers */
    struct assist_result r = call(&x, 0xE0, 0x6, 0x1004, 0x120);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, -1);
    check_int(r.cycles, ==, 500 + 10 * 32 * ASSIST_BYTE_CYCLES);   /* 10 lines read */
    check_int(x.a.dumps, ==, 2);
    const char *all = printed(&x);
    const char *text = strstr(all, " BEGIN XSNAP - CALL     2");
    check(text != NULL);
    check(text != NULL && text > all && text[-1] == '\n');
    check_str(text ? text : "",
              " BEGIN XSNAP - CALL     2 AT 5E00104A USER STORAGE\n"
              "\n"
              "                             CORE ADDRESSES SPECIFIED-     001004 TO 001124\n"
              " 001000    C1C2C3C4 C5C6C7C8 C9D1D2D3 D4D5D6D7  D8D9E2E3 E4E5E6E7 E8E9F0F1"
              " F2F3F4F5    *ABCDEFGHIJKLMNOPQRSTUVWXYZ012345*\n"
              "   LINES    001020-0010FF    SAME AS ABOVE\n"
              " 001100    00010203 04050607 08090A0B 0C0D0E0F  10111213 14151617 18191A1B"
              " 1C1D1E1F    *................................*\n"
              " 001120    404B4C4D 4E4F505A 5B5C5D5E 5F60616B  6C6D6E6F 7A7B7C7D 7E7F8182"
              " 8300FF41    * .<(+|&!$*);.-/,%_>?:#@'=\"abc...*\n");
    char err[128];
    check_int(assist_finish(&x.a, err, sizeof err), ==, 0);
    check(strcmp(printed(&x) + strlen(printed(&x)) - 6, "...*\n\n") == 0);
    teardown(&x);

    /* storage that cannot be read, and the end of storage */
    setup(&x, "");
    x.mem.bad_lo = 0x2000;
    x.mem.bad_hi = 0x2040;
    x.mem.bad_code = 4;
    r = call(&x, 0xE0, 0x6, 0x1FE0, 0xA0);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    assist_sync(&x.a);
    check_str(printed(&x),
              " BEGIN XSNAP - CALL     1 AT 00000000 USER STORAGE\n"
              "\n"
              "                             CORE ADDRESSES SPECIFIED-     001FE0 TO 002080\n"
              " 001FE0    00000000 00000000 00000000 00000000  00000000 00000000 00000000"
              " 00000000    *................................*\n"
              "   LINES    002000-00203F    STORAGE NOT AVAILABLE\n"
              " 002040    00000000 00000000 00000000 00000000  00000000 00000000 00000000"
              " 00000000    *................................*\n"
              "   LINES    002060-00207F    SAME AS ABOVE\n"
              "\n");
    teardown(&x);

    setup(&x, "");
    memset(x.mem.b + MEM_SIZE - 32, 0xC1, 32);
    r = call(&x, 0xE0, 0x6, MEM_SIZE - 32, 0x41);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    assist_sync(&x.a);
    check_str(printed(&x),
              " BEGIN XSNAP - CALL     1 AT 00000000 USER STORAGE\n"
              "\n"
              "                             CORE ADDRESSES SPECIFIED-     003FE0 TO 004021\n"
              " 003FE0    C1C1C1C1 C1C1C1C1 C1C1C1C1 C1C1C1C1  C1C1C1C1 C1C1C1C1 C1C1C1C1"
              " C1C1C1C1    *AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA*\n"
              "   LINES    004000-00403F    STORAGE NOT AVAILABLE\n"
              "\n");
    teardown(&x);

    /* a dump stopped by the line limit */
    setup(&x, "");
    x.a.max_lines = 4;
    r = call(&x, 0xE0, 0x6, 0, 0);
    check_int(r.outcome, ==, ASSIST_LIMIT);
    check_int(r.limit, ==, ASSIST_LIMIT_LINES);
    check_int(x.a.lines, ==, 4);
    teardown(&x);
}

/* ---- XLIMD ---------------------------------------------------------------- */

static void test_xlimd(void)
{
    struct fixture x;
    setup(&x, "");
    check_int(x.a.limd_set, ==, 0);
    struct assist_result r = call(&x, 0xE0, 0x8, 0x01001000, 0x200);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, -1);
    check_int(r.cycles, ==, 20);
    check_int(x.a.limd_set, ==, 1);
    check_uint(x.a.limd_addr, ==, 0x1000);
    check_uint(x.a.limd_len, ==, 0x200);
    teardown(&x);
}

/* ---- XGET, XPUT ----------------------------------------------------------- */

struct opener {
    const char *dir;
    int opens;
};

static FILE *open_in_dir(void *ctx, const char *name, int write)
{
    struct opener *o = ctx;
    char path[600];
    o->opens++;
    snprintf(path, sizeof path, "%s/%s", o->dir, name);
    return fopen(path, write ? "w" : "r");
}

static void set_name(struct fixture *x, uint32_t addr, const char *name)
{
    memset(x->mem.b + addr, 0x40, 8);
    put_ebcdic(x, addr, name);
    x->gr[14] = addr;
}

static void test_files(const char *dir)
{
    char path[600];
    snprintf(path, sizeof path, "%s/IN", dir);
    FILE *f = fopen(path, "w");
    fputs("line one\nsecond\n", f);
    fclose(f);

    struct fixture x;
    struct opener o = { dir, 0 };
    setup(&x, "");
    x.a.open_file = open_in_dir;
    x.a.open_ctx = &o;

    set_name(&x, 0x600, "IN");
    memset(x.mem.b + 0x700, 0x11, 0x100);
    struct assist_result r = call(&x, 0xE0, 0xA, 0x700, 10);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, 0);
    check_str(host_text(&x, 0x700, 10), "line one  ");
    check_uint(x.mem.b[0x70A], ==, 0x11);
    check_int(r.cycles, ==, 200 + (8 + 10) * ASSIST_BYTE_CYCLES);
    r = call(&x, 0xE0, 0xA, 0x700, 3);
    check_int(r.cc, ==, 0);
    check_str(host_text(&x, 0x700, 4), "sece");              /* cut to 3 */
    memset(x.mem.b + 0x700, 0x11, 0x100);
    r = call(&x, 0xE0, 0xA, 0x700, 10);
    check_int(r.cc, ==, 1);                                 /* end of file */
    check_uint(x.mem.b[0x700], ==, 0x11);
    check_int(o.opens, ==, 1);                              /* kept open */
    check_int(x.a.records_in, ==, 2);

    set_name(&x, 0x600, "NOFILE");
    r = call(&x, 0xE0, 0xA, 0x700, 10);
    check_int(r.cc, ==, 2);
    check_uint(x.mem.b[0x700], ==, 0x11);

    set_name(&x, 0x600, "OUT");
    put_ebcdic(&x, 0x780, "HELLO       WORLD   ");
    r = call(&x, 0xE0, 0xC, 0x780, 12);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, 0);
    check_int(r.cycles, ==, 200 + (8 + 12) * ASSIST_BYTE_CYCLES);
    r = call(&x, 0xE0, 0xC, 0x78C, 8);
    check_int(r.cc, ==, 0);
    check_int(x.a.records_out, ==, 2);

    /* storage errors: the name, the record */
    x.mem.bad_lo = 0x3000;
    x.mem.bad_hi = 0x3100;
    x.mem.bad_code = 4;
    x.gr[14] = 0x3000;
    r = call(&x, 0xE0, 0xC, 0x780, 12);
    check_int(r.outcome, ==, ASSIST_PROGCHECK);
    check_uint(r.pic, ==, 4);
    set_name(&x, 0x600, "OUT");
    r = call(&x, 0xE0, 0xC, 0x30F0, 20);
    check_uint(r.pic, ==, 4);
    int opens = o.opens;
    set_name(&x, 0x600, "NEW");                             /* suppressed before opening */
    r = call(&x, 0xE0, 0xC, 0x30F0, 20);
    check_uint(r.pic, ==, 4);
    r = call(&x, 0xE0, 0xA, 0x30F0, 20);
    check_uint(r.pic, ==, 4);
    check_int(o.opens, ==, opens);
    set_name(&x, 0x600, "IN");
    r = call(&x, 0xE0, 0xA, 0x3000, 10);
    check_uint(r.pic, ==, 4);

    /* the table holds ASSIST_MAX_FILES: IN and OUT, and six more */
    put_ebcdic(&x, 0x780, "REC");
    for (int i = 0; i < ASSIST_MAX_FILES - 2; i++) {
        char name[9];
        snprintf(name, sizeof name, "F%d", i);
        set_name(&x, 0x600, name);
        check_int(call(&x, 0xE0, 0xC, 0x780, 3).cc, ==, 0);
    }
    set_name(&x, 0x600, "FULL");
    r = call(&x, 0xE0, 0xC, 0x780, 3);
    check_int(r.cc, ==, 2);
    set_name(&x, 0x600, "F0");                              /* open ones still work */
    check_int(call(&x, 0xE0, 0xC, 0x780, 3).cc, ==, 0);

    char err[128];
    check_int(assist_finish(&x.a, err, sizeof err), ==, 0);
    snprintf(path, sizeof path, "%s/F0", dir);
    f = fopen(path, "r");
    check(f != NULL);
    if (f) {
        check_str(contents(f), "REC\nREC\n");
        fclose(f);
    }
    snprintf(path, sizeof path, "%s/OUT", dir);
    f = fopen(path, "r");
    check(f != NULL);
    if (f) {
        check_str(contents(f), "HELLO\nWORLD\n");
        fclose(f);
    }
    fclose(x.cards);
    fclose(x.print);
    fclose(x.punch);

    /* no callback: not available */
    setup(&x, "");
    set_name(&x, 0x600, "IN");
    r = call(&x, 0xE0, 0xA, 0x700, 10);
    check_int(r.cc, ==, 2);
    r = call(&x, 0xE0, 0xC, 0x700, 10);
    check_int(r.cc, ==, 2);
    teardown(&x);
}

/* ---- operation exceptions, names, output errors --------------------------- */

static void test_bad_ops(void)
{
    struct fixture x;
    setup(&x, "");
    static const unsigned masks[] = { 0x1, 0x3, 0x5, 0x7, 0x9, 0xB, 0xD, 0xE, 0xF };
    for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++) {
        struct assist_result r = call(&x, 0xE0, masks[i], 0x100, 10);
        check_int(r.outcome, ==, ASSIST_PROGCHECK);
        check_uint(r.pic, ==, 1);
        check_int(r.cycles, ==, ASSIST_BAD_CYCLES);
    }
    struct assist_result r = call(&x, 0x54, 1, 0x100, 0);
    check_uint(r.pic, ==, 1);
    check_int(x.a.calls, ==, 0);

    check_str(assist_name(0x53, 0), "XDECI");
    check_str(assist_name(0x52, 7), "XDECO");
    check_str(assist_name(0x61, 0), "XHEXI");
    check_str(assist_name(0x62, 0), "XHEXO");
    check_str(assist_name(0xE0, 0x0), "XREAD");
    check_str(assist_name(0xE0, 0x2), "XPRNT");
    check_str(assist_name(0xE0, 0x4), "XPNCH");
    check_str(assist_name(0xE0, 0x6), "XDUMP");
    check_str(assist_name(0xE0, 0x8), "XLIMD");
    check_str(assist_name(0xE0, 0xA), "XGET");
    check_str(assist_name(0xE0, 0xC), "XPUT");
    check(assist_name(0xE0, 0xE) == NULL);

    /* the table: names unique, X'E0' masks even and below E, RX rows no mask */
    static const struct { unsigned opcode; int mask; const char *name; } rows[] = {
#define X(opcode, mask, name, base, what) { opcode, mask, #name },
        ASSIST_OPS(X)
#undef X
    };
    check_int(sizeof rows / sizeof rows[0], ==, ASSIST_NOPS);
    for (size_t i = 0; i < ASSIST_NOPS; i++) {
        if (rows[i].opcode == 0xE0)
            check(rows[i].mask >= 0 && rows[i].mask < 0xE && rows[i].mask % 2 == 0);
        else
            check_int(rows[i].mask, ==, -1);
        for (size_t j = 0; j < i; j++)
            check(strcmp(rows[i].name, rows[j].name) != 0
                  && (rows[i].opcode != rows[j].opcode || rows[i].mask != rows[j].mask));
        check_str(assist_name(rows[i].opcode, rows[i].mask < 0 ? 0 : (unsigned)rows[i].mask),
                  rows[i].name);
    }
    check(assist_name(0x51, 0) == NULL);
    teardown(&x);
}

static void test_write_error(void)
{
    struct fixture x;
    setup(&x, "");
    FILE *ro = fopen("/dev/null", "r");
    check(ro != NULL);
    if (!ro) { teardown(&x); return; }
    x.a.print = ro;
    struct assist_result r = prnt(&x, " A");
    check_int(r.outcome, ==, ASSIST_CONTINUE);               /* not the guest's */
    char err[128] = "";
    check_int(assist_finish(&x.a, err, sizeof err), ==, -1);
    check(strncmp(err, "writing the print stream: ", 26) == 0);
    fclose(ro);
    x.a.print = x.print;
    fclose(x.cards);
    fclose(x.print);
    fclose(x.punch);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    char tmpl[512];
    snprintf(tmpl, sizeof tmpl, "%s/t-assist.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    char *d = mkdtemp(tmpl);
    check(d != NULL);
    if (!d) return tap_done();

    test_xdeci();
    test_xhexi();
    test_output_fields();
    test_xread();
    test_xprnt_asa();
    test_xprnt_lengths();
    test_xprnt_counting();
    test_xpnch();
    test_xdump_registers();
    test_xdump_storage();
    test_xlimd();
    test_files(d);
    test_bad_ops();
    test_write_error();

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
    check_int(system(cmd), ==, 0);
    return tap_done();
}
