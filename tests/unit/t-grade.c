/*
 * t-grade.c -- impgrade's parts that need no grader: a grader's TAP read
 * into tests, points and feedback (tap.c), a result written and read back
 * (result.c), archive names (unpack.c), the status table (status.def) and
 * a hand-in's fingerprint (handin.c).
 */
#define _GNU_SOURCE 1
#include "tap.h"
#include "grade.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void test_tap_complete(void)
{
    struct result r = { 0 };
    int complete = tap_parse("1..3\n"
                             "# before any test\n"
                             "ok 1 - [2] the greeting\n"
                             "not ok 2 - [3] the length\n"
                             "#   expected: 71\n"
                             "#   actual:   64\n"
                             "ok 3 - no points given\n"
                             "stray output\n"
                             "# score: 3/6\n",
                             &r);
    check_int(complete, ==, 1);
    check_int(r.ntests, ==, 3);
    check_int(r.score, ==, 3);          /* 2 + the 1 of a test without [P] */
    check_int(r.max, ==, 6);
    check_str(r.tests[0].desc, "the greeting");
    check_int(r.tests[1].passed, ==, 0);
    check_int(r.tests[1].points, ==, 3);
    check_str(r.tests[1].diag, "  expected: 71\n  actual:   64\n");
    check_str(r.general, "before any test\n");
    check(r.tests[2].diag == NULL);     /* "# score:" is not feedback */
    result_free(&r);
}

static void test_tap_incomplete(void)
{
    struct result r = { 0 };
    check_int(tap_parse("1..3\nok 1 - [1] a\nok 2 - [1] b\n", &r), ==, 0);   /* one missing */
    result_free(&r);
    check_int(tap_parse("ok 1 - [1] a\n", &r), ==, 0);                       /* no plan */
    result_free(&r);
    check_int(tap_parse("1..2\nok 1 - [1] a\nok 3 - [1] b\n", &r), ==, 0);   /* numbering */
    result_free(&r);
    check_int(tap_parse("1..1\nok 1 - [1] a\nBail out! broken\n", &r), ==, 0);
    check_str(r.general, "Bail out! broken\n");
    result_free(&r);
    check_int(tap_parse("1..1\r\nok 1 - [4] crlf\r\n", &r), ==, 1);          /* CR LF */
    check_int(r.max, ==, 4);
    check_str(r.tests[0].desc, "crlf");
    result_free(&r);
}

static void test_tap_flood(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    fputs("1..1\nnot ok 1 - [1] loud\n", f);
    for (int i = 0; i < TAP_MAX_DIAG + 25; i++)
        fprintf(f, "# line %d\n", i);
    fclose(f);
    struct result r = { 0 };
    check_int(tap_parse(text, &r), ==, 1);
    check_int(r.tests[0].ndiag, ==, TAP_MAX_DIAG);
    check(strstr(r.tests[0].diag, "line 59\n... (25 more lines)\n") != NULL);
    result_free(&r);
    free(text);
}

static void test_result_round_trip(void)
{
    char dir[] = "/tmp/t-grade.XXXXXX";
    check(mkdtemp(dir) != NULL);
    char sub[64];
    snprintf(sub, sizeof sub, "%s/results", dir);
    check_int(mkdir_p(sub), ==, 0);
    struct exercise ex = { .timeout = 60 };
    snprintf(ex.name, sizeof ex.name, "01-first");
    snprintf(ex.title, sizeof ex.title, "A title\\ with a backslash");
    struct result w = { .status = ST_LIMIT };
    w.id = strdup("alice");
    w.note = strdup("line one\nline two\n");
    result_add_test(&w, 1, 2, 1, "first");
    result_add_test(&w, 2, 5, 0, "second, with \\n literally");
    w.tests[1].diag = strdup("  expected: a\\b\n  actual:   c\n");
    w.handin = strdup("00112233aabbccdd-42");
    struct diag d;
    diag_init(&d, "t-grade");
    check_int(result_write(&w, &ex, dir, &d), ==, 0);

    char path[128], exname[256], title[256];
    snprintf(path, sizeof path, "%s/results/alice.result", dir);
    struct result r;
    check_int(result_read(path, &r, exname, sizeof exname, title, sizeof title, &d), ==, 0);
    check_str(r.id, "alice");
    check_int(r.status, ==, ST_LIMIT);
    check_int(r.score, ==, 2);
    check_int(r.max, ==, 7);
    check_str(exname, "01-first");
    check_str(title, "A title\\ with a backslash");
    check_str(r.note, "line one\nline two\n");
    check_int(r.ntests, ==, 2);
    check_str(r.tests[1].desc, "second, with \\n literally");
    check_str(r.tests[1].diag, "  expected: a\\b\n  actual:   c\n");
    check(r.tests[0].diag == NULL);
    check_str(r.handin, "00112233aabbccdd-42");
    result_free(&r);
    result_free(&w);

    /* not a result: refused with a message, nothing leaks */
    snprintf(path, sizeof path, "%s/results/bad.result", dir);
    FILE *f = fopen(path, "w");
    fputs("impgrade-result 1\nid x\nstatus sleepy\n", f);
    fclose(f);
    FILE *devnull = fopen("/dev/null", "w");
    d.out = devnull;
    check_int(result_read(path, &r, exname, sizeof exname, title, sizeof title, &d), ==, -1);
    fclose(devnull);
    check_int(rm_tree(dir), ==, 0);
    check(access(dir, F_OK) != 0);
}

static void test_names(void)
{
    size_t n;
    check_int(archive_kind("alice.tar.gz", &n), ==, ARCHIVE_TAR);
    check_int(n, ==, 7);
    check_int(archive_kind("bob.TGZ", &n), ==, ARCHIVE_TAR);
    check_int(archive_kind("carol.zip", &n), ==, ARCHIVE_ZIP);
    check_int(n, ==, 4);
    check_int(archive_kind("dave.tar", &n), ==, ARCHIVE_TAR);
    check_int(archive_kind("notes.txt", &n), ==, ARCHIVE_NONE);
    check_int(archive_kind(".zip", &n), ==, ARCHIVE_NONE);       /* no name left */
    for (int s = 0; s < ST_COUNT; s++)
        check_int(status_lookup(status_name(s)), ==, s);
    check_int(status_lookup("sleepy"), ==, -1);
    check_str(status_name(ST_BAD_ARCHIVE), "bad-archive");
    check_str(status_name(ST_GRADED), "graded");
}

/* A feedback line past TAP_MAX_LINE is cut, and says by how much. */
static void test_tap_long_line(void)
{
    size_t n = 100000;
    char *text = malloc(n + 64);
    strcpy(text, "1..1\nnot ok 1 - [1] x\n#   actual:   ");
    size_t at = strlen(text);
    memset(text + at, 'S', n);
    strcpy(text + at + n, "\n");
    struct result r = { 0 };
    check_int(tap_parse(text, &r), ==, 1);
    size_t len = strcspn(r.tests[0].diag, "\n");
    check_int((long)len, <=, TAP_MAX_LINE + 40);
    check(strstr(r.tests[0].diag, " more bytes)\n") != NULL);
    result_free(&r);
    free(text);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

/* Copies through another editor (CRLF, blanks at line ends) have one
   fingerprint; another program, a link, an empty file have another or
   none. */
static void test_fingerprint(void)
{
    char dir[] = "/tmp/t-grade.XXXXXX";
    check(mkdtemp(dir) != NULL);
    const char *names[] = { "a", "b", "c", "d", "e" };
    char path[128], fp[5][64];
    for (int i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        check_int(mkdir_p(path), ==, 0);
    }
    snprintf(path, sizeof path, "%s/a/T.s", dir);
    write_file(path, "X  CSECT\n   BR 14\n   END\n");
    snprintf(path, sizeof path, "%s/b/T.s", dir);
    write_file(path, "X  CSECT  \r\n   BR 14\t\r\n   END\r\n");
    snprintf(path, sizeof path, "%s/c/T.s", dir);
    write_file(path, "X  CSECT\n   BR 15\n   END\n");
    snprintf(path, sizeof path, "%s/d/T.s", dir);
    check_int(symlink("../a/T.s", path), ==, 0);
    snprintf(path, sizeof path, "%s/e/T.s", dir);
    write_file(path, "");
    for (int i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        fp[i][0] = '\0';
        check_int(handin_fingerprint(path, "T.s", fp[i], sizeof fp[i]), ==, i < 3 ? 0 : -1);
    }
    check_str(fp[0], fp[1]);
    check(strcmp(fp[0], fp[2]) != 0);
    snprintf(path, sizeof path, "%s/a", dir);
    check_int(handin_fingerprint(path, "T.s U.s", fp[3], sizeof fp[3]), ==, -1);  /* U.s missing */
    check_int(rm_tree(dir), ==, 0);
}

int main(void)
{
    test_tap_complete();
    test_tap_incomplete();
    test_tap_flood();
    test_tap_long_line();
    test_result_round_trip();
    test_names();
    test_fingerprint();
    return tap_done();
}
