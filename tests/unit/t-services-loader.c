/*
 * t-services-loader.c -- imprun's loader and symbolizer: a load module
 * built in memory is placed at its link origin and relocated elsewhere
 * (A-cons move, RLD_NEG subtracts, absolute bytes stay), bad modules are
 * refused with a message, numbers parse, core images read, and addresses
 * map back to CSECT+offset, label and source line.
 */
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "number.h"
#include "symbols.h"
#include "tap.h"

static uint32_t word(const struct load_image *img, uint32_t addr)
{
    const uint8_t *p = img->data + (addr - img->base);
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/*
 * MAIN at 10000 (length 0x10): 05C0 (BALR 12,0), 0000, A(DATA) at +4,
 * A(DATA-MAIN) with two RLDs at +8, X'11223344' at +C.
 * DATA at 10010 (length 8): A(MAIN) 3 bytes at +1.
 */
static void build(struct obj_module *m)
{
    static const uint8_t main_text[16] = { 0x05, 0xC0, 0, 0, 0x00, 0x01, 0x00, 0x10,
                                           0x00, 0x00, 0x00, 0x10, 0x11, 0x22, 0x33, 0x44 };
    static const uint8_t data_text[8] = { 0xFF, 0x01, 0x00, 0x00, 0xEE, 0, 0, 0 };
    obj_init(m, OBJ_LOAD);
    obj_add_esd(m, ESD_SD, "MAIN", 0x10000, 16, 0);
    obj_add_esd(m, ESD_SD, "DATA", 0x10010, 8, 0);
    obj_add_txt(m, 1, 0x10000, main_text, 16);
    obj_add_txt(m, 2, 0x10010, data_text, 8);
    obj_add_rld(m, 1, 0x10004, 4, 0, 2);
    obj_add_rld(m, 1, 0x10008, 4, 0, 2);
    obj_add_rld(m, 1, 0x10008, 4, RLD_NEG, 1);
    obj_add_rld(m, 2, 0x10011, 3, 0, 1);
    obj_add_file(m, "prog.s");
    obj_add_sym(m, 1, "MAIN", 0x10000, 2, 'I');
    obj_add_sym(m, 1, "CONST", 0x1000C, 4, 'X');
    obj_add_sym(m, 2, "DATA", 0x10010, 1, 'X');
    obj_add_line(m, 1, 0x10000, 0, 3);
    obj_add_line(m, 1, 0x10002, 0, 4);
    obj_add_line(m, 2, 0x10010, 0, 9);
    m->has_entry = 1;
    m->entry_esd = 1;
    m->entry_addr = 0x10002;
}

static void test_place(void)
{
    struct obj_module m;
    struct load_image img;
    char err[200];
    build(&m);

    check_int(loader_place(&m, LOADER_AT_LINK, 1 << 20, &img, err, sizeof err), ==, 0);
    check_uint(img.base, ==, 0x10000);
    check_uint(img.len, ==, 0x18);
    check_uint(img.entry, ==, 0x10002);
    check_uint(word(&img, 0x10004), ==, 0x00010010);
    check_uint(word(&img, 0x10008), ==, 0x10);
    loader_free(&img);

    check_int(loader_place(&m, 0x20000, 1 << 20, &img, err, sizeof err), ==, 0);
    check_uint(img.base, ==, 0x20000);
    check_int(img.delta, ==, 0x10000);
    check_uint(img.entry, ==, 0x20002);
    check_uint(word(&img, 0x20000), ==, 0x05C00000);       /* code unchanged */
    check_uint(word(&img, 0x20004), ==, 0x00020010);       /* A(DATA) moved */
    check_uint(word(&img, 0x20008), ==, 0x10);             /* A(DATA-MAIN) same */
    check_uint(word(&img, 0x2000C), ==, 0x11223344);
    check_uint(word(&img, 0x20010), ==, 0xFF020000);       /* AL3(MAIN) moved */
    check_uint(img.data[0x14], ==, 0xEE);

    struct symtab t;
    struct sym_where w;
    char buf[100];
    sym_init(&t, &m, img.delta);
    check_int(sym_lookup(&t, 0x2000E, &w), ==, 0);
    check_str(w.csect, "MAIN");
    check_uint(w.csect_off, ==, 0xE);
    check_str(w.label, "CONST");
    check_uint(w.label_off, ==, 2);
    check_str(w.file, "prog.s");
    check_int(w.line, ==, 4);
    check_int(sym_lookup(&t, 0x20001, &w), ==, 0);
    check_int(w.line, ==, 3);
    check_int(sym_lookup(&t, 0x20017, &w), ==, 0);
    check_str(w.csect, "DATA");
    check_int(w.line, ==, 9);
    check_int(sym_lookup(&t, 0x20018, &w), ==, -1);
    check_int(sym_lookup(&t, 0x10000, &w), ==, -1);        /* the link address */
    sym_format(&t, 0x20012, buf, sizeof buf);
    check_str(buf, "DATA+X'2'");
    sym_free(&t);
    loader_free(&img);

    check_int(loader_place(&m, 0xFFFFF0, 1 << 24, &img, err, sizeof err), ==, -1);
    check(strstr(err, "does not fit") != NULL);
    check_int(loader_place(&m, LOADER_AT_LINK, 0x10010, &img, err, sizeof err), ==, -1);
    m.rld[0].addr = 0x10016;                               /* crosses the end */
    check_int(loader_place(&m, 0x20000, 1 << 20, &img, err, sizeof err), ==, -1);
    check(strstr(err, "RLD") != NULL);
    check(img.data == NULL);
    obj_free(&m);

    obj_init(&m, OBJ_LOAD);
    check_int(loader_place(&m, LOADER_AT_LINK, 1 << 20, &img, err, sizeof err), ==, -1);
    check(strstr(err, "no sections") != NULL);
    obj_free(&m);
}

static void test_numbers(void)
{
    uint64_t v;
    check(parse_number("0x10000", 0, &v) == 0 && v == 0x10000);
    check(parse_number("X'1F'", 0, &v) == 0 && v == 0x1F);
    check(parse_number("x'1f'", 0, &v) == 0 && v == 0x1F);
    check(parse_number("4096", 0, &v) == 0 && v == 4096);
    check(parse_number("64K", 1, &v) == 0 && v == 65536);
    check(parse_number("16M", 1, &v) == 0 && v == 16u << 20);
    check_int(parse_number("64K", 0, &v), ==, -1);
    check_int(parse_number("", 0, &v), ==, -1);
    check_int(parse_number("0x", 0, &v), ==, -1);
    check_int(parse_number("X'12", 0, &v), ==, -1);
    check_int(parse_number("-1", 0, &v), ==, -1);
    check_int(parse_number("12abc", 1, &v), ==, -1);
    check_int(parse_number("99999999999999999999999", 0, &v), ==, -1);
}

static void test_core(void)
{
    struct load_image img;
    char err[300], path[300];
    const char *tmp = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/t-loader-core.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    check(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    for (int i = 0; i < 100000; i++)
        putc(i & 0xFF, f);
    fclose(f);
    check_int(loader_read_core(path, 1 << 20, &img, err, sizeof err), ==, 0);
    check_uint(img.len, ==, 100000);
    check_uint(img.data[99999], ==, 99999 & 0xFF);
    loader_free(&img);
    check_int(loader_read_core(path, 4096, &img, err, sizeof err), ==, -1);
    check(strstr(err, "larger than storage") != NULL);
    f = fopen(path, "wb");
    fclose(f);
    check_int(loader_read_core(path, 4096, &img, err, sizeof err), ==, -1);
    check(strstr(err, "empty") != NULL);
    remove(path);
    check_int(loader_read_core(path, 4096, &img, err, sizeof err), ==, -1);
    check(strstr(err, "No such file") != NULL);
}

int main(void)
{
    test_place();
    test_numbers();
    test_core();
    return tap_done();
}
