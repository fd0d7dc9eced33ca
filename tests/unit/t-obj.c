/*
 * t-obj.c -- object/load module model, writer and validating reader:
 * a round trip through the text format, then one bad module per error
 * class, each checked for the exact path:line:col diagnostic.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "obj.h"
#include "sha256.h"
#include "tap.h"

/* Read text as a module, diagnostics captured in *msg (caller frees). */
static int read_text(struct obj_module *m, enum obj_kind kind, const char *text, char **msg)
{
    size_t n;
    struct diag d;
    diag_init(&d, "t-obj");
    FILE *f = open_memstream(msg, &n);
    d.out = f;
    int rc = obj_read_mem(m, kind, "t.o", text, strlen(text), &d);
    fclose(f);
    return rc;
}

/* The module must be rejected with a message containing want. */
static void expect_error(const char *text, const char *want)
{
    struct obj_module m;
    char *msg = NULL;
    int rc = read_text(&m, OBJ_OBJECT, text, &msg);
    check_int(rc, ==, -1);
    check_int(m.nesd + m.ntxt + m.nrld + m.nsym, ==, 0);
    if (!tap_ok(msg && strstr(msg, want) != NULL, __FILE__, __LINE__, want))
        printf("#   got: %s", msg ? msg : "(nothing)\n");
    free(msg);
}

static void build_sample(struct obj_module *m)
{
    static const uint8_t code[40] = { 0x05, 0xC0, 0x58, 0xF0, 0xC0, 0x0A, 0x07, 0xFE };
    obj_init(m, OBJ_OBJECT);
    check_int(obj_add_file(m, "prog one.s"), ==, 0);
    check_int(obj_add_esd(m, ESD_SD, "MAIN", 0, 0x28, 0), ==, 0);
    check_int(obj_add_esd(m, ESD_SD, "DATA", 0x28, 8, 0), ==, 1);
    check_int(obj_add_esd(m, ESD_LD, "START", 2, 0, 1), ==, 2);
    check_int(obj_add_esd(m, ESD_ER, "SUB", 0, 0, 0), ==, 3);
    obj_add_txt(m, 1, 0, code, sizeof code);
    obj_add_txt(m, 2, 0x28, (const uint8_t *)"\x00\x00\x00\x28\x00\x00\x00\x00", 8);
    obj_add_rld(m, 2, 0x28, 4, 0, 2);
    obj_add_rld(m, 2, 0x2C, 4, RLD_V, 4);
    obj_add_rld(m, 2, 0x2C, 2, RLD_NEG, 1);
    obj_add_sym(m, 1, "LOOP", 2, 4, 'I');
    obj_add_sym(m, 0, "TEN", 10, 1, 'U');
    obj_add_line(m, 1, 0, 0, 3);
    obj_add_xref(m, 2, 0x2C, 4);
    obj_add_def(m, 1, 0, 2);
    obj_add_def(m, 4, 0, 5);
    m->has_entry = 1;
    m->entry_esd = 1;
    m->entry_addr = 2;
}

static char *to_text(const struct obj_module *m)
{
    char *buf = NULL;
    size_t n;
    FILE *f = open_memstream(&buf, &n);
    check_int(obj_write_stream(m, f), ==, 0);
    fclose(f);
    return buf;
}

static void test_round_trip(void)
{
    struct obj_module a, b;
    build_sample(&a);
    char *text = to_text(&a);
    char *msg = NULL;
    check_int(read_text(&b, OBJ_OBJECT, text, &msg), ==, 0);
    check_str(msg, "");
    check_int(b.nesd, ==, 4);
    check_int(b.ntxt, ==, 3);       /* 40 bytes are written as 32 + 8 */
    check_int(b.nrld, ==, 3);
    check_str(b.esd[2].name, "START");
    check_int(b.esd[2].owner, ==, 1);
    check_int(b.esd[3].type, ==, ESD_ER);
    check_int(b.rld[2].flags, ==, RLD_NEG);
    check_int(b.rld[1].rid, ==, 4);
    check_int(b.sym[1].esd, ==, 0);
    check_int(b.sym[0].type, ==, 'I');
    check_str(b.files[0], "prog one.s");
    check_int(b.entry_addr, ==, 2);
    check_uint(b.txt[1].addr, ==, 0x20);
    check_int(b.txt[0].data[3], ==, 0xF0);
    char *again = to_text(&b);
    check_str(again, text);
    check(obj_esd_by_name(&b, "SUB") == &b.esd[3]);
    check_int(b.ndefs, ==, 2);
    check(obj_def_of(&b, 4) && obj_def_of(&b, 4)->line == 5);
    check(obj_def_of(&b, 2) == NULL);
    check(obj_esd_by_id(&b, 5) == NULL);
    free(again);
    free(text);
    free(msg);
    obj_free(&a);
    obj_free(&b);
}

static void test_load_module(void)
{
    struct obj_module m, r;
    obj_init(&m, OBJ_LOAD);
    obj_add_esd(&m, ESD_SD, "MAIN", 0x10000, 4, 0);
    obj_add_mod(&m, 1, "dir/main.o");
    obj_add_txt(&m, 1, 0x10000, (const uint8_t *)"\x07\xFE\x00\x00", 4);
    m.has_entry = 1;
    m.entry_esd = 1;
    m.entry_addr = 0x10000;
    char *text = to_text(&m);
    char *msg = NULL;
    check_int(read_text(&r, OBJ_LOAD, text, &msg), ==, 0);
    check_str(obj_mod_of(&r, 1), "dir/main.o");
    obj_free(&r);
    free(msg);
    msg = NULL;
    check_int(read_text(&r, OBJ_OBJECT, text, &msg), ==, -1);
    check(strstr(msg, "t.o:1:1: error: this is a load module, not an object module") != NULL);
    free(msg);
    free(text);
    obj_free(&m);
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nMOD 1 x.o\nEND\n", "t.o:3:1: error: MOD record");
}

static void test_write_file(void)
{
    struct obj_module m, r;
    struct diag d;
    diag_init(&d, "t-obj");
    build_sample(&m);
    char path[] = "t-obj-XXXXXX";
    int fd = mkstemp(path);
    check(fd >= 0);
    close(fd);
    check_int(obj_write(&m, path, &d), ==, 0);
    check_int(obj_read(&r, OBJ_OBJECT, path, &d), ==, 0);
    check_int(r.nrld, ==, 3);
    obj_free(&r);
    remove(path);
    /* A directory that does not exist: an error, and nothing is left behind. */
    FILE *sink = fopen("/dev/null", "w");
    d.out = sink;
    check_int(obj_write(&m, "no-such-dir/x.o", &d), ==, -1);
    check_int(d.errors, ==, 1);
    check_int(obj_read(&r, OBJ_OBJECT, "no-such-file.o", &d), ==, -1);
    fclose(sink);
    obj_free(&m);
}

#define ABC_SHA "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

/* SHA-256 against FIPS 180-4's examples (and sha256sum), and HASH records. */
static void test_hash(void)
{
    char hex[SHA256_HEX];
    sha256_of("abc", 3, hex);
    check_str(hex, ABC_SHA);
    sha256_of("", 0, hex);
    check_str(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    sha256_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
    check_str(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    char a1000[1000];
    memset(a1000, 'a', sizeof a1000);
    struct sha256 s;                                /* in uneven pieces */
    sha256_init(&s);
    for (size_t at = 0, step = 1; at < sizeof a1000; at += step, step = step * 3 % 97 + 1)
        sha256_add(&s, a1000 + at, at + step <= sizeof a1000 ? step : sizeof a1000 - at);
    sha256_hex(&s, hex);
    check_str(hex, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
    sha256_init(&s);                                /* in one piece */
    sha256_add(&s, a1000, sizeof a1000);
    sha256_hex(&s, hex);
    check_str(hex, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
    /* The processor's SHA instructions, where there are some, and the portable
       rounds give the same digest for every length of 0 to 4 blocks and more. */
    static uint8_t data[5000];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(i * 131 + (i >> 7) * 17);
    int differ = 0;
    for (size_t n = 0; n <= sizeof data; n += n < 300 ? 1 : 233) {
        char hw[SHA256_HEX], sw[SHA256_HEX];
        sha256_init(&s);
        sha256_add(&s, data, n);
        sha256_hex(&s, hw);
        sha256_init(&s);
        s.hw = 0;
        sha256_add(&s, data, n);
        sha256_hex(&s, sw);
        if (strcmp(hw, sw) != 0 && differ++ == 0)
            check_str(hw, sw);
    }
    check_int(differ, ==, 0);

    struct obj_module m, r;
    obj_init(&m, OBJ_OBJECT);
    check_int(obj_add_file(&m, "a.s"), ==, 0);
    check_int(obj_add_file(&m, "b.s"), ==, 1);
    check_int(obj_set_file_hash(&m, 1, ABC_SHA), ==, 0);
    check_int(obj_set_file_hash(&m, 2, ABC_SHA), ==, -1);             /* no such file */
    check_int(obj_set_file_hash(&m, 0, "ABC"), ==, -1);               /* not a digest */
    char *text = to_text(&m);
    check(strstr(text, "FILE 1 b.s\nHASH 1 sha256 " ABC_SHA "\n") != NULL);
    char *msg = NULL;
    check_int(read_text(&r, OBJ_OBJECT, text, &msg), ==, 0);
    check(r.file_hash[0] == NULL);
    check_str(r.file_hash[1], ABC_SHA);
    free(msg);
    free(text);
    obj_free(&m);
    obj_free(&r);

    expect_error("IMPOBJ 1\nHASH 0 sha256 " ABC_SHA "\nEND\n",
                 "t.o:2:6: error: HASH of file 0, which has no FILE record before it");
    expect_error("IMPOBJ 1\nFILE 0 a.s\nHASH 0 md5 " ABC_SHA "\nEND\n",
                 "t.o:3:8: error: unknown hash algorithm 'md5'");
    expect_error("IMPOBJ 1\nFILE 0 a.s\nHASH 0 sha256 abc\nEND\n",
                 "t.o:3:15: error: a SHA-256 digest is 64 hexadecimal digits, not 3");
    expect_error("IMPOBJ 1\nFILE 0 a.s\nHASH 0 sha256 "
                 "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD\nEND\n",
                 "t.o:3:15: error: the digest is not lower-case hexadecimal");
    expect_error("IMPOBJ 1\nFILE 0 a.s\nHASH 0 sha256 " ABC_SHA "\nHASH 0 sha256 " ABC_SHA
                 "\nEND\n", "t.o:4:6: error: a second HASH of file 0");
}

static void test_errors(void)
{
    expect_error("", "t.o:1: error: empty file");
    expect_error("IMPOBJ 2\nEND\n", "t.o:1:8: error: unsupported format version");
    expect_error("\x7F" "ELF\x02\x01", "t.o:1:1: error: invalid byte 0x7F");
    expect_error("HELLO 1\n", "t.o:1:1: error: not an IMP object module");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nTXT 1 0 00\x01\nEND\n",
                 "t.o:3:11: error: invalid byte 0x01");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\n", "t.o:3: error: truncated module: no END");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nTXT 1 0 0", "t.o:3:9: error: odd number");
    expect_error("IMPOBJ 1\nBOGUS 1 2\nEND\n", "t.o:2:1: error: unknown record type 'BOGUS'");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nTXT 1 0 0G\nEND\n",
                 "t.o:3:10: error: bad hexadecimal digit in text");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nTXT 1 2 000000\nEND\n",
                 "t.o:3:7: error: text at 000002 length 3 lies outside section A");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nTXT 2 0 00\nEND\n",
                 "t.o:3:5: error: section id 2 is not a defined ESD id");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nESD 2 ER B 0 0\nTXT 2 0 00\nEND\n",
                 "t.o:4:5: error: section id 2 (B) is not a section");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nESD 1 SD B 0 4\nEND\n",
                 "t.o:3:5: error: duplicate ESD id 1");
    expect_error("IMPOBJ 1\nESD 2 SD A 0 4\nEND\n", "t.o:2:5: error: ESD id 2 out of sequence");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nESD 2 LD A 2 0 1\nEND\n",
                 "t.o:3:10: error: duplicate external symbol A");
    expect_error("IMPOBJ 1\nESD 1 SD ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKL 0 4\nEND\n",
                 "t.o:2:10: error: name longer than 63");
    expect_error("IMPOBJ 1\nESD 1 SD Ab 0 4\nEND\n", "t.o:2:11: error: invalid character in name");
    expect_error("IMPOBJ 1\nESD 1 XD A 0 4\nEND\n", "t.o:2:7: error: unknown ESD type 'XD'");
    expect_error("IMPOBJ 1\nESD 1 SD A FFFFFF 2\nEND\n",
                 "t.o:2:12: error: section A ends past the 16 MiB");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 123456789\nEND\n", "t.o:2:14: error: length out of range");
    expect_error("IMPOBJ 1\nESD 99999999 SD A 0 4\nEND\n", "t.o:2:5: error: ESD id out of range");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nESD 2 LD E 8 0 1\nEND\n",
                 "t.o:3: error: entry E at 000008 lies outside section A");
    expect_error("IMPOBJ 1\nESD 1 LD E 0 0 1\nEND\n", "t.o:2: error: entry E: owner id 1");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nRLD 1 0 5 0 1\nEND\n",
                 "t.o:3:9: error: field length out of range");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nRLD 1 0 4 8 1\nEND\n",
                 "t.o:3:11: error: unknown RLD flag bits 8");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nRLD 1 2 4 0 1\nEND\n",
                 "t.o:3:7: error: relocatable field at 000002 length 4 lies outside");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nRLD 1 0 4 0 3\nEND\n",
                 "t.o:3:13: error: relocation id 3 is not a defined ESD id");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nSYM 1 X 9 1 F\nEND\n",
                 "t.o:3:9: error: symbol at 000009 length 0 lies outside section A");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nSYM 1 X 0 1 FF\nEND\n",
                 "t.o:3:13: error: symbol type must be one letter");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nLINE 1 0 0 1\nEND\n",
                 "t.o:3:10: error: file number 0 has no FILE record");
    expect_error("IMPOBJ 1\nFILE 1 a.s\nEND\n", "t.o:2:6: error: FILE 1 out of sequence");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nXREF 1 0\nEND\n", "t.o:3:9: error: missing referenced id");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4\nEND 1 6\n", "t.o:3:7: error: entry point at 000006");
    expect_error("IMPOBJ 1\nEND\nESD 1 SD A 0 4\n", "t.o:3:1: error: record after END");
    expect_error("IMPOBJ 1\nESD 1 SD A 0 4 9\nEND\n", "t.o:2:16: error: unexpected field '9'");
    expect_error("IMPOBJ 1\nESD 1 ER X 0 4\nEND\n", "t.o:2:12: error: only a section (SD) has a length");
}

/* Comments, blank lines and CRLF line ends are accepted. */
static void test_lenient(void)
{
    struct obj_module m;
    char *msg = NULL;
    check_int(read_text(&m, OBJ_OBJECT,
                        "IMPOBJ 1\r\n# a comment\n\nESD 1 SD A 0 4\r\nTXT 1 0 0a0B\nEND", &msg),
              ==, 0);
    check_int(m.ntxt, ==, 1);
    check_int(m.txt[0].data[1], ==, 0x0B);
    obj_free(&m);
    free(msg);
}

int main(void)
{
    test_round_trip();
    test_load_module();
    test_write_file();
    test_errors();
    test_hash();
    test_lenient();
    return tap_done();
}
