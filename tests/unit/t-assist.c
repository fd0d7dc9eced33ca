/*
 * t-assist.c -- ASSIST's instructions on a plain byte array: the rules of
 * assist.h for the scans (XDECI, XHEXI) and their condition codes, the
 * output fields (XDECO, XHEXO), cards (XREAD), XLIMD, the masks that are
 * no instruction and the table of names (against lib/isa.def).
 * (Printing, punching, dumps and files: t-assist-print.)  Expected values
 * are written from the rules, not copied from the output.
 */
#include "assist-fixture.h"
#include "isa.h"
#include "lineread.h"

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
    check_int(r.cycles, ==, 200 + (80 + 6) * ASSIST_BYTE_CYCLES);    /* stored, read */
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
    check_int(r.cycles, ==, 200 + (5 + 5) * ASSIST_BYTE_CYCLES);   /* "\tTAB\n" read */

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

/* A line of 2.5 MiB is one card: its first 80 bytes; the next XREAD reads
 * and drops the rest, LINE_LIMIT bytes a call (ASSIST_AGAIN until the
 * newline), each byte charged, then reads the next card. */
static void test_long_card(void)
{
    size_t n = 2 * LINE_LIMIT + LINE_LIMIT / 2;
    char *text = malloc(n + 8);
    if (!check(text != NULL))
        return;
    memset(text, 'A', n);
    memcpy(text + n, "\nNEXT\n", 7);
    struct fixture x;
    setup(&x, text);
    free(text);
    struct assist_result r = call(&x, 0xE0, 0x0, 0x100, 80);
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, 0);
    check_str(host_text(&x, 0x100, 3), "AAA");
    check_int(r.cycles, ==, 200 + (80 + LINE_LIMIT) * ASSIST_BYTE_CYCLES);
    r = call(&x, 0xE0, 0x0, 0x200, 80);
    check_int(r.outcome, ==, ASSIST_AGAIN);         /* 1 MiB dropped, more to come */
    check_int(r.cc, ==, -1);
    check_int(r.cycles, ==, 200 + LINE_LIMIT * ASSIST_BYTE_CYCLES);
    r = call(&x, 0xE0, 0x0, 0x200, 80);             /* the last half and the newline */
    check_int(r.outcome, ==, ASSIST_CONTINUE);
    check_int(r.cc, ==, 0);
    check_str(host_text(&x, 0x200, 5), "NEXT ");
    check_int(r.cycles, ==, 200 + (LINE_LIMIT / 2 + 1 + 80 + 5) * ASSIST_BYTE_CYCLES);
    check_int(x.a.cards_read, ==, 2);
    r = call(&x, 0xE0, 0x0, 0x200, 80);
    check_int(r.cc, ==, 1);
    teardown(&x);

    /* an endless line: every call charges what it read, none completes */
    setup(&x, "");
    FILE *z = fopen("/dev/zero", "r");
    if (z) {
        x.a.cards = z;
        r = call(&x, 0xE0, 0x0, 0x100, 80);
        check_int(r.outcome, ==, ASSIST_CONTINUE);
        for (int i = 0; i < 3; i++) {
            r = call(&x, 0xE0, 0x0, 0x100, 80);
            check_int(r.outcome, ==, ASSIST_AGAIN);
            check_int(r.cycles, ==, 200 + LINE_LIMIT * ASSIST_BYTE_CYCLES);
        }
        check_int(x.a.cards_read, ==, 1);
        x.a.cards = x.cards;
        fclose(z);
    }
    teardown(&x);
}

/* ---- XPRNT ---------------------------------------------------------------- */

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
        /* the instruction table (lib/isa.def) says the same opcode and mask */
        const struct isa_insn *in = isa_by_name(rows[i].name);
        if (check(in != NULL)) {
            check_uint(in->opcode, ==, rows[i].opcode);
            check_uint(in->mask, ==, rows[i].mask < 0 ? 0u : (unsigned)rows[i].mask);
        }
    }
    check(assist_name(0x51, 0) == NULL);
    teardown(&x);
}

int main(void)
{
    test_xdeci();
    test_xhexi();
    test_output_fields();
    test_xread();
    test_long_card();
    test_xlimd();
    test_bad_ops();
    return tap_done();
}
