/*
 * t-limits.c -- the shared bounds: the one number parser (every numeric
 * option of every tool), the one bounded line reader, and the object
 * writer's size limit (the reader's FILE_LIMIT, so no tool writes a
 * module another refuses).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lineread.h"
#include "number.h"
#include "obj.h"
#include "obj-limits.h"
#include "tap.h"

static void numbers(void)
{
    uint64_t v = 0;
    check_int(parse_number("123", NUM_PLAIN, &v), ==, 0);
    check_uint(v, ==, 123);
    check_int(parse_number("0x1F", NUM_PLAIN, &v), ==, 0);
    check_uint(v, ==, 31);
    check_int(parse_number("X'1F'", NUM_PLAIN, &v), ==, 0);
    check_uint(v, ==, 31);
    check_int(parse_number("1F", NUM_HEX, &v), ==, 0);
    check_uint(v, ==, 31);
    check_int(parse_number("16M", NUM_BINARY, &v), ==, 0);
    check_uint(v, ==, 16u << 20);
    check_int(parse_number("2g", NUM_BINARY, &v), ==, 0);
    check_uint(v, ==, UINT64_C(2) << 30);
    check_int(parse_number("3k", NUM_DECIMAL, &v), ==, 0);
    check_uint(v, ==, 3000);
    check_int(parse_number("18446744073709551615", NUM_PLAIN, &v), ==, 0);
    check_uint(v, ==, UINT64_MAX);
    /* never numbers: */
    static const char *const bad[] = { "", "abc", "-1", "+1", " 1", "1 ", "0x", "0x-1",
        "X'1F", "1F", "18446744073709551616", "17179869184G", "1K", "0x0x1" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (!tap_ok(parse_number(bad[i], NUM_PLAIN, &v) != 0, __FILE__, __LINE__, bad[i]))
            printf("#   accepted '%s'\n", bad[i]);
    check_int(parse_number("17179869184G", NUM_BINARY, &v), ==, -1);   /* overflow */
    check_int(parse_number("1T", NUM_BINARY, &v), ==, -1);
    check_int(parse_number_in("5", NUM_PLAIN, 6, 10, &v), ==, -1);
    check_int(parse_number_in("7", NUM_PLAIN, 6, 10, &v), ==, 0);
    check_uint(v, ==, 7);
}

static enum line_result one_line(FILE *f, char *buf, size_t max, size_t limit,
                                 struct lineread *lr)
{
    enum line_result r = line_read(f, buf, max, limit, lr);
    buf[lr->len] = '\0';
    return r;
}

static void lines(void)
{
    char text[] = "ab\r\ncd\r\nlong line\nx\ry\nlast";
    FILE *f = fmemopen(text, strlen(text), "r");
    char buf[8];
    struct lineread lr;
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_OK);
    check_str(buf, "ab");                   /* CR LF removed */
    check_int(lr.consumed, ==, 4);
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_OK);
    check_str(buf, "cd");
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_OK);
    check_str(buf, "long");                 /* cut to max, rest dropped */
    check_int(lr.cut, ==, 1);
    check_int(lr.unended, ==, 0);
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_OK);
    check_str(buf, "x\ry");                 /* a lone CR is data */
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_OK);
    check_str(buf, "last");                 /* no newline at the end */
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_EOF);
    fclose(f);

    /* An endless line stops at the limit; its rest is the next line. */
    FILE *z = fopen("/dev/zero", "r");
    if (z) {
        check_int(line_read(z, buf, 4, 1000, &lr), ==, LINE_OK);
        check_int(lr.consumed, ==, 1000);
        check_int(lr.unended, ==, 1);
        check_int(lr.len, ==, 4);
        fclose(z);
    }
    char exact[] = "abcd\nef";
    f = fmemopen(exact, strlen(exact), "r");
    check_int(one_line(f, buf, 7, 4, &lr), ==, LINE_OK);    /* limit just before the LF */
    check_str(buf, "abcd");
    check_int(lr.unended, ==, 0);
    check_int(lr.consumed, ==, 5);
    check_int(one_line(f, buf, 7, 4, &lr), ==, LINE_OK);
    check_str(buf, "ef");
    fclose(f);

    /* a full buffer: the rest is counted; only a CR before the LF is not data */
    char full[] = "abcd\r\nabcde\r\nabcd\r";
    f = fmemopen(full, strlen(full), "r");
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_OK);
    check_str(buf, "abcd");
    check_int(lr.cut, ==, 0);
    check_int(lr.consumed, ==, 6);
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_OK);
    check_str(buf, "abcd");
    check_int(lr.cut, ==, 1);
    check_int(lr.consumed, ==, 7);
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_OK);
    check_str(buf, "abcd");
    check_int(lr.cut, ==, 1);                       /* a CR at the end of file is data */
    check_int(one_line(f, buf, 4, 100, &lr), ==, LINE_EOF);
    fclose(f);
    char none[] = "xyz\n";                          /* max 0: everything counted */
    f = fmemopen(none, strlen(none), "r");
    check_int(line_read(f, NULL, 0, 100, &lr), ==, LINE_OK);
    check_int(lr.len, ==, 0);
    check_int(lr.consumed, ==, 4);
    check_int(lr.cut, ==, 1);
    fclose(f);
}

/* A module whose text passes FILE_LIMIT is refused by the writer. */
static void object_size(void)
{
    struct obj_module m;
    obj_init(&m, OBJ_OBJECT);
    check_int(obj_add_file(&m, "big.s"), ==, 0);
    int idx = obj_add_esd(&m, ESD_SD, "BIG", 0, 0xFFFFFF, 0);
    check(idx >= 0);
    int id = idx >= 0 ? m.esd[idx].id : 1;
    /* "LINE 1 FFFFFF 0 999999\n" is 23 bytes: enough lines to pass 64 MiB */
    size_t n = (size_t)FILE_LIMIT / 20;
    int ok = 1;
    for (size_t i = 0; ok && i < n; i++)
        ok = obj_add_line(&m, id, 0xFFFFFF, 0, 999999) >= 0;
    check(ok);
    FILE *null = fopen("/dev/null", "w");
    errno = 0;
    check_int(obj_write_stream(&m, null), ==, -1);
    check_int(errno, ==, EFBIG);
    fclose(null);
    obj_free(&m);
}

int main(void)
{
    numbers();
    lines();
    object_size();
    return tap_done();
}
