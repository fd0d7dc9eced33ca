/*
 * t-assist-print.c -- ASSIST's output on a plain byte array, with the
 * print and punch streams on temporary files: carriage control
 * interpreted and raw, lengths, counting and limits (XPRNT), cards
 * punched (XPNCH), XDUMP's layout, named files (XGET, XPUT) and output
 * errors.  Expected values are written from the rules of assist.h, not
 * copied from the output.
 */
#include "assist-fixture.h"

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
    r = prnt(&x, line);                                     /* 140: more than a line */
    check_int(r.outcome, ==, ASSIST_PROGCHECK);
    check_uint(r.pic, ==, 6);
    check_str(printed(&x), "");
    check_int(x.a.lines, ==, 0);
    line[133] = '\0';
    r = prnt(&x, line);                                     /* 133: the longest */
    check_int(r.outcome, ==, ASSIST_CONTINUE);
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
    check_int(r.cycles, ==, 200 + (8 + 10 + 9) * ASSIST_BYTE_CYCLES);   /* name, stored, read */
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
    snprintf(tmpl, sizeof tmpl, "%s/t-assist-print.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    char *d = mkdtemp(tmpl);
    check(d != NULL);
    if (!d) return tap_done();

    test_xprnt_asa();
    test_xprnt_lengths();
    test_xprnt_counting();
    test_xpnch();
    test_xdump_registers();
    test_xdump_storage();
    test_files(d);
    test_write_error();

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
    check_int(system(cmd), ==, 0);
    return tap_done();
}

