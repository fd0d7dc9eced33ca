/*
 * t-pagesim.c -- the page reference string simulator (vm/report/pagesim.h):
 * the textbook string under every policy (Belady's anomaly included),
 * page-outs, local quotas, the stack-algorithm curves against replays on
 * pseudo-random strings, the imp-pagerefs(5) round trip and its errors.
 *
 *   t-pagesim                                 the TAP tests
 *   t-pagesim --simulate POLICY FRAMES LOCAL FILE
 *                                             print "pageins=N pageouts=M"
 *                                             (tests/t4600-pagesim.sh compares
 *                                             it with tests/pagesim.pl)
 *   t-pagesim --curve LO HI FILE              print the curve table
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pagesim.h"
#include "tap.h"

/* The textbook string 1 2 3 4 1 2 5 1 2 3 4 5, one task, reads. */
static void textbook(struct ps_string *s)
{
    static const unsigned pages[] = { 1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5 };
    ps_init(s, 4096);
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++)
        check_int(ps_add(s, PS_REF(1, pages[i], 0)), ==, 0);
}

static uint64_t faults(const struct ps_string *s, enum ps_policy p, unsigned frames,
                       unsigned local)
{
    struct ps_result r = { UINT64_MAX, UINT64_MAX };
    if (ps_simulate(s, p, frames, local, &r) != 0)
        return UINT64_MAX;
    return r.pageins;
}

static void test_policy_names(void)
{
    check_str(ps_policy_name(PS_LRU), "lru");
    check_str(ps_policy_name(PS_OPT), "opt");
    check_int(ps_policy_parse("CLOCK"), ==, PS_CLOCK);
    check_int(ps_policy_parse("fifo"), ==, PS_FIFO);
    check_int(ps_policy_parse("random"), ==, -1);
    check_str(ps_policy_name((enum ps_policy)99), "?");
}

static void test_packing(void)
{
    uint32_t r = PS_REF(255, 0x1FFF, 1);
    check_uint(ps_task(r), ==, 255);
    check_uint(ps_page(r), ==, 0x1FFF);
    check_uint(ps_is_write(r), ==, 1);
    check_uint(ps_key(r), ==, (255u << 15) | 0x1FFF);
    struct ps_string s;
    ps_init(&s, 4096);
    check_int(ps_add(&s, PS_REF(0, 1, 0)), ==, -1);       /* task 0 */
    check_int(ps_add(&s, PS_REF(1, 0x1000, 0)), ==, -1);  /* past 16 MiB of 4K pages */
    check_int(ps_add(&s, PS_REF(7, 0xFFF, 0)), ==, 0);
    check_uint(s.n, ==, 1);
    check_uint(s.ntasks, ==, 7);
    ps_free(&s);
}

/*
 * CLOCK on the textbook string, by hand (frame:page, '*' = reference bit):
 *
 * 3 frames: 1 2 3 fill f0-f2 (3 faults).  4: the hand clears all three,
 * comes round to f0 and takes it (4*,2,3; hand at f1).  1 takes f1, 2
 * takes f2 (bits clear): 4*,1*,2*, hand at f0.  5: a full sweep again,
 * takes f0: 5*,1,2, hand at f1 (7 faults).  1 and 2 hit: 5*,1*,2*.
 * 3: clears f1, f2, f0, takes f1: 5,3*,2, hand at f2 (8).  4 takes f2
 * (9).  5 hits.  9 faults, as FIFO.
 *
 * 4 frames: 1 2 3 4 fill f0-f3, 1 2 hit (every bit set).  5: full sweep,
 * takes f0 (5); then 1, 2, 3 find clear bits at f1, f2, f3 (8 faults):
 * 5*,1*,2*,3*, hand at f0.  4: full sweep, takes f0 (9); 5 takes f1
 * (10).  10 faults: CLOCK shows Belady's anomaly on this string too.
 */
static void test_textbook(void)
{
    struct ps_string s;
    textbook(&s);
    check_uint(faults(&s, PS_FIFO, 3, 0), ==, 9);
    check_uint(faults(&s, PS_FIFO, 4, 0), ==, 10);
    check_uint(faults(&s, PS_LRU, 3, 0), ==, 10);
    check_uint(faults(&s, PS_LRU, 4, 0), ==, 8);
    check_uint(faults(&s, PS_OPT, 3, 0), ==, 7);
    check_uint(faults(&s, PS_OPT, 4, 0), ==, 6);
    check_uint(faults(&s, PS_CLOCK, 3, 0), ==, 9);
    check_uint(faults(&s, PS_CLOCK, 4, 0), ==, 10);
    /* With 5 frames only the 5 cold misses are left, 1 frame faults always. */
    for (int p = 0; p < PS_NPOLICIES; p++) {
        check_uint(faults(&s, p, 5, 0), ==, 5);
        check_uint(faults(&s, p, 1, 0), ==, 12);
    }
    /* One task under local replacement is global replacement. */
    check_uint(faults(&s, PS_CLOCK, 4, 1), ==, 10);
    /* Bad arguments. */
    struct ps_result r;
    check_int(ps_simulate(&s, PS_LRU, 0, 0, &r), ==, -1);
    check_int(ps_simulate(&s, (enum ps_policy)PS_NPOLICIES, 3, 0, &r), ==, -1);
    check_int(ps_simulate(&s, PS_LRU, 1, 2, &r), ==, -1);    /* task 2's quota 0 */
    ps_free(&s);
}

/* Page-outs: only dirty victims, a write hit included. */
static void test_pageouts(void)
{
    struct ps_string s;
    ps_init(&s, 2048);
    /* The string 0w 1 0 2 1 2w 3 4 (w: a write). */
    static const uint32_t refs[] = { PS_REF(1, 0, 1), PS_REF(1, 1, 0), PS_REF(1, 0, 0),
                                     PS_REF(1, 2, 0), PS_REF(1, 1, 0), PS_REF(1, 2, 1),
                                     PS_REF(1, 3, 0), PS_REF(1, 4, 0) };
    for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++)
        ps_add(&s, refs[i]);
    /* LRU, 2 frames: 0w and 1 fault in (0 dirty), 0 hits; 2 replaces 1
     * (clean); 1 replaces 0 (dirty: a page-out); 2w hits and dirties 2;
     * 3 replaces 1 (clean); 4 replaces 2 (dirty): 6 page-ins, 2 page-outs. */
    struct ps_result r;
    check_int(ps_simulate(&s, PS_LRU, 2, 0, &r), ==, 0);
    check_uint(r.pageins, ==, 6);
    check_uint(r.pageouts, ==, 2);
    /* FIFO: 0w 1 fault in, 0 hits; 2 replaces 0 (dirty); 1 and 2w hit;
     * 3 replaces 1 (clean); 4 replaces 2 (dirty). */
    check_int(ps_simulate(&s, PS_FIFO, 2, 0, &r), ==, 0);
    check_uint(r.pageins, ==, 5);
    check_uint(r.pageouts, ==, 2);
    /* Enough frames: nothing is ever paged out. */
    check_int(ps_simulate(&s, PS_OPT, 5, 0, &r), ==, 0);
    check_uint(r.pageins, ==, 5);
    check_uint(r.pageouts, ==, 0);
    ps_free(&s);
}

/* Local replacement: 3 frames, 2 tasks: quotas 2 and 1. */
static void test_local(void)
{
    struct ps_string s;
    ps_init(&s, 4096);
    static const uint32_t refs[] = { PS_REF(2, 0, 0), PS_REF(2, 1, 0), PS_REF(2, 0, 0),
                                     PS_REF(2, 1, 0), PS_REF(1, 0, 0), PS_REF(1, 1, 0),
                                     PS_REF(1, 0, 0), PS_REF(1, 1, 0) };
    for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++)
        ps_add(&s, refs[i]);
    /* Task 2 has one frame: all 4 of its references fault; task 1 fits in
     * its 2.  Globally, task 2's two pages fit, then task 1 takes the last
     * frame and one of task 2's. */
    for (int p = 0; p < PS_NPOLICIES; p++) {
        check_uint(faults(&s, p, 3, 2), ==, 6);
        check_uint(faults(&s, p, 3, 0), ==, 4);
        /* 4 frames, 2 each: only cold misses. */
        check_uint(faults(&s, p, 4, 2), ==, 4);
    }
    /* A task above the number of local tasks, a quota of 0. */
    struct ps_result r;
    check_int(ps_simulate(&s, PS_LRU, 3, 1, &r), ==, -1);
    check_int(ps_simulate(&s, PS_LRU, 2, 3, &r), ==, -1);
    ps_free(&s);
}

/* A string of n references over 1..npages pages, tasks 1..2, some writes
 * (an xorshift generator: the same string on every run). */
static void random_string(struct ps_string *s, uint32_t seed, size_t n, unsigned npages)
{
    ps_init(s, 4096);
    uint32_t x = seed, last = UINT32_MAX;
    while (s->n < n) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        unsigned task = 1 + (x >> 3) % 2, page = (x >> 8) % npages, w = (x >> 20) % 5 == 0;
        uint32_t r = PS_REF(task, page, w);
        if (last != UINT32_MAX && ps_key(r) == ps_key(last) && !(w && !ps_is_write(last)))
            continue;           /* collapsed, as the recorder does */
        ps_add(s, r);
        last = r;
    }
}

static void test_curves(void)
{
    static const struct {
        uint32_t seed;
        size_t n;
        unsigned pages;
    } cases[] = { { 1, 3000, 40 }, { 12345, 4000, 17 }, { 777, 2500, 1 }, { 99, 3000, 8 } };
    const unsigned maxf = 45;
    uint64_t c[46];
    uint64_t replay[PS_NPOLICIES][46];     /* each frame count replayed once */
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        struct ps_string s;
        random_string(&s, cases[k].seed, cases[k].n, cases[k].pages);
        for (int p = 0; p < PS_NPOLICIES; p++) {
            int same = 1;
            check_int(ps_curve(&s, p, maxf, c), ==, 0);
            for (unsigned f = 1; f <= maxf; f++) {
                replay[p][f] = faults(&s, p, f, 0);
                if (c[f] != replay[p][f]) {
                    printf("# %s, seed %u: %u frames: curve %llu, replay %llu\n",
                           ps_policy_name(p), (unsigned)cases[k].seed, f,
                           (unsigned long long)c[f], (unsigned long long)replay[p][f]);
                    same = 0;
                }
            }
            check(same);
        }
        /* OPT is optimal; LRU and OPT never rise with more frames. */
        uint64_t o[46], l[46];
        ps_curve(&s, PS_OPT, maxf, o);
        ps_curve(&s, PS_LRU, maxf, l);
        int ok = 1;
        for (unsigned f = 1; f <= maxf; f++)
            for (int p = 0; p < PS_NPOLICIES; p++)
                if (replay[p][f] < o[f] || (f > 1 && (o[f] > o[f - 1] || l[f] > l[f - 1])))
                    ok = 0;
        check(ok);
        ps_free(&s);
    }
}

/* Counts replays for the bounds test. */
static void count_replay(void *ctx, enum ps_policy p, unsigned done, unsigned total)
{
    unsigned *calls = ctx;
    (void)done;
    (void)total;
    calls[p]++;
}

/*
 * The curve's bounds: a stack pass keeping only the top places gives the
 * same counts as the whole stack; counts from the distinct pages K on
 * are K, with no replay; FIFO and CLOCK replay only the frame counts
 * asked for (below K); immediate repeats (dropped before the replays)
 * change nothing.
 */
static void test_curve_bounds(void)
{
    struct ps_string s;
    random_string(&s, 4242, 3000, 30);
    uint64_t full[61], part[61];
    int same = 1;
    for (int p = 0; p < PS_NPOLICIES; p++) {
        check_int(ps_curve(&s, p, 60, full), ==, 0);
        check_int(ps_curve(&s, p, 7, part), ==, 0);
        for (unsigned f = 1; f <= 7; f++)
            same &= part[f] == full[f];
        for (unsigned f = 60; f <= 60; f++)        /* 30 pages in each of 2 tasks */
            same &= full[f] == 60;
    }
    check(same);
    unsigned calls[PS_NPOLICIES] = { 0 };
    struct ps_progress pr = { count_replay, calls };
    uint64_t c[101];
    for (int p = 0; p < PS_NPOLICIES; p++)
        check_int(ps_curve_range(&s, p, 10, 100, c, &pr), ==, 0);
    check_uint(calls[PS_FIFO], ==, 50);     /* 10..59: below the 60 pages */
    check_uint(calls[PS_CLOCK], ==, 50);
    check_uint(calls[PS_LRU] + calls[PS_OPT], ==, 0);
    check_uint(c[100], ==, 60);
    check_int(ps_curve_range(&s, PS_FIFO, 0, 5, c, NULL), ==, -1);
    check_int(ps_curve_range(&s, PS_FIFO, 6, 5, c, NULL), ==, -1);
    ps_free(&s);
    /* every reference three times over: the same curve, and each count
       the replay's */
    struct ps_string r;
    random_string(&s, 99, 1500, 12);
    ps_init(&r, 4096);
    for (size_t i = 0; i < s.n; i++)
        for (int k = 0; k < 3; k++)
            ps_add(&r, s.ref[i]);
    same = 1;
    for (int p = 0; p < PS_NPOLICIES; p++) {
        check_int(ps_curve(&s, p, 30, full), ==, 0);
        check_int(ps_curve(&r, p, 30, part), ==, 0);
        for (unsigned f = 1; f <= 30; f++)
            same &= full[f] == part[f] && part[f] == faults(&r, p, f, 0);
        same &= part[0] == 3 * full[0];
    }
    check(same);
    ps_free(&r);
    ps_free(&s);
}

/* No anomaly in the range: the last line says so, no '*' legend. */
static void test_curve_legend(void)
{
    struct ps_string s;
    textbook(&s);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    check_int(ps_curve_print(f, &s, 1, 3), ==, 0);
    fclose(f);
    check(strchr(buf, '*') == NULL);
    check(strstr(buf, "\nno Belady's anomaly: ") != NULL);
    free(buf);
    ps_free(&s);
}

static void test_curve_print(void)
{
    struct ps_string s;
    textbook(&s);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    check_int(ps_curve_print(f, &s, 3, 4), ==, 0);
    fclose(f);
    check_str(buf, "frames         lru        fifo       clock         opt\n"
                   "     3         10           9           9           7\n"
                   "     4          8          10*         10*          6\n"
                   "* more page faults than with one frame fewer (Belady's anomaly)\n");
    free(buf);
    check_int(ps_curve_print(stdout, &s, 0, 4), ==, -1);
    check_int(ps_curve_print(stdout, &s, 5, 4), ==, -1);
    ps_free(&s);
}

/* A temporary file holding text; its name in path (PATH_MAX-free). */
static int temp_file(char *path, size_t size, const char *text)
{
    const char *dir = getenv("TMPDIR");
    snprintf(path, size, "%s/t-pagesim.XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return -1;
    }
    fputs(text, f);
    return fclose(f);
}

static void test_round_trip(void)
{
    struct ps_string s, t;
    random_string(&s, 4242, 500, 300);
    char path[512];
    check_int(temp_file(path, sizeof path, ""), ==, 0);
    FILE *f = fopen(path, "w");
    check_int(ps_write(f, &s, "policy lru frames 8\nnot this"), ==, 0);
    fclose(f);
    struct diag d;
    diag_init(&d, "t-pagesim");
    check_int(ps_read_file(&t, path, &d), ==, 0);
    check_int(d.errors, ==, 0);
    check_uint(t.n, ==, s.n);
    check_uint(t.page_size, ==, 4096);
    check_uint(t.ntasks, ==, 2);
    check(t.n == s.n && memcmp(t.ref, s.ref, s.n * sizeof *s.ref) == 0);
    ps_free(&t);
    /* The comment is one line. */
    f = fopen(path, "r");
    char line[80];
    int lines = 0, comment = 0;
    while (fgets(line, sizeof line, f)) {
        lines++;
        if (strcmp(line, "# policy lru frames 8\n") == 0)
            comment = 1;
    }
    fclose(f);
    check(comment);
    check_int(lines, ==, (int)s.n + 4);
    unlink(path);
    ps_free(&s);
    /* A string with no page size cannot be written. */
    ps_init(&s, 0);
    check_int(ps_write(stdout, &s, NULL), ==, -1);
}

static void test_read_ok(void)
{
    char path[512];
    check_int(temp_file(path, sizeof path,
                        "#imp-pagerefs 1\n# recorded by hand\n#page-size 2048\n#tasks 3\n\n"
                        "1 0 r\n  2\t1FFF   w  \n\n1 a r\n"), ==, 0);
    struct ps_string s;
    struct diag d;
    diag_init(&d, "t-pagesim");
    check_int(ps_read_file(&s, path, &d), ==, 0);
    check_uint(s.n, ==, 3);
    check_uint(s.page_size, ==, 2048);
    check_uint(s.ntasks, ==, 3);
    check_uint(s.ref[1], ==, PS_REF(2, 0x1FFF, 1));
    check_uint(s.ref[2], ==, PS_REF(1, 0xA, 0));
    ps_free(&s);
    unlink(path);
}

/* Read text as a file; the diagnostics (or "ok") into out. */
static void read_text(const char *text, char *out, size_t size, const char **name)
{
    static char path[512];
    struct ps_string s;
    struct diag d;
    char *buf = NULL;
    size_t len = 0;
    temp_file(path, sizeof path, text);
    diag_init(&d, "t-pagesim");
    d.out = open_memstream(&buf, &len);
    int rc = ps_read_file(&s, path, &d);
    fclose(d.out);
    /* The messages with the temporary file's name as F: "F:line:col: ...". */
    size_t o = 0, plen = strlen(path);
    if (rc == 0)
        o += (size_t)snprintf(out, size, "ok");
    for (const char *p = buf; p && *p && o + 1 < size;) {
        if (strncmp(p, path, plen) == 0) {
            out[o++] = 'F';
            p += plen;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = '\0';
    if (rc == 0)
        ps_free(&s);
    else
        check_uint(s.n, ==, 0);
    free(buf);
    unlink(path);
    *name = path;
}

static void test_read_errors(void)
{
    static const struct {
        const char *text, *first;   /* the file, its first diagnostic line */
    } cases[] = {
        { "#imp-pagerefs 2\n", "F:1:1: error: not a page reference file" },
        { "", "F: error: empty file" },
        { "#imp-pagerefs 1\n1 0 r\n", "F:2:1: error: reference before #page-size" },
        { "#imp-pagerefs 1\n#page-size 1024\n", "F:2:12: error: page size 1024: must be" },
        { "#imp-pagerefs 1\n#page-size\n", "F:2:11: error: page size: expected a decimal" },
        { "#imp-pagerefs 1\n", "F:1: error: no #page-size line" },
        { "#imp-pagerefs 1\n#page-size 4096\n0 0 r\n", "F:3:1: error: expected a task number" },
        { "#imp-pagerefs 1\n#page-size 4096\n256 0 r\n", "F:3:1: error: expected a task" },
        { "#imp-pagerefs 1\n#page-size 4096\n1 1000 r\n", "F:3:3: error: page 1000 past 16" },
        { "#imp-pagerefs 1\n#page-size 2048\n1 1fff r\n1 2000 r\n", "F:4:3: error: page 2000" },
        { "#imp-pagerefs 1\n#page-size 4096\n1 0x1 r\n", "F:3:3: error: expected a hexadecimal" },
        { "#imp-pagerefs 1\n#page-size 4096\n1 12345 r\n", "F:3:3: error: expected a hexadecimal" },
        { "#imp-pagerefs 1\n#page-size 4096\n1\n", "F:3:2: error: expected a page number" },
        { "#imp-pagerefs 1\n#page-size 4096\n1 0 x\n", "F:3:5: error: expected r or w" },
        { "#imp-pagerefs 1\n#page-size 4096\n1 0 rw\n", "F:3:5: error: expected r or w" },
        { "#imp-pagerefs 1\n#page-size 4096\n1 0 r 7\n", "F:3:7: error: unexpected text" },
        { "#imp-pagerefs 1\n#page-size 4096\n#tasks 1\n2 0 r\n", "F:4:1: error: task 2 above" },
        { "#imp-pagerefs 1\n#page-size 4096\n#tasks 0\n", "F:3:8: error: 0 tasks: must be 1" },
        { "#imp-pagerefs 1\n#page-size 4096\n1 0 r\n#tasks 2\n", "F:4:1: error: #tasks after" },
        { "#imp-pagerefs 1\n#page-size 4096\n#page-size 2048\n", "F:3:12: error: page size 2048" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[2048];
        const char *path;
        read_text(cases[i].text, out, sizeof out, &path);
        if (!tap_ok(strncmp(out, cases[i].first, strlen(cases[i].first)) == 0, __FILE__,
                    __LINE__, cases[i].first))
            printf("#   got: %s\n", out);
    }
    /* Several bad lines: each reported, with the line and a caret. */
    char out[2048];
    const char *path;
    read_text("#imp-pagerefs 1\n#page-size 4096\n1 0 r\n1 g r\n1 0 r\n9999 0 r\n", out,
              sizeof out, &path);
    check_str(out, "F:4:3: error: expected a hexadecimal page number of 1 to 4 digits\n"
                   " 1 g r\n"
                   "   ^\n"
                   "F:6:1: error: expected a task number from 1 to 255\n"
                   " 9999 0 r\n"
                   " ^\n");
    /* A missing file, a long line. */
    struct ps_string s;
    struct diag d;
    char *buf = NULL;
    size_t len = 0;
    diag_init(&d, "imprun");
    d.out = open_memstream(&buf, &len);
    check_int(ps_read_file(&s, "/nonexistent/refs", &d), ==, -1);
    fclose(d.out);
    check_str(buf, "imprun: error: /nonexistent/refs: No such file or directory\n");
    free(buf);
    char longline[600];
    snprintf(longline, sizeof longline, "#imp-pagerefs 1\n#page-size 4096\n#%0400d\n1 0 r\n", 0);
    read_text(longline, out, sizeof out, &path);
    check_str(out, "F:3: error: line longer than 255 bytes\n");
}

/* --simulate POLICY FRAMES LOCAL FILE: the numbers for tests/t4600. */
static int simulate_main(char **argv)
{
    struct diag d;
    struct ps_string s;
    struct ps_result r;
    diag_init(&d, "t-pagesim");
    int p = ps_policy_parse(argv[0]);
    if (p < 0 || ps_read_file(&s, argv[3], &d) != 0)
        return 2;
    int rc = ps_simulate(&s, p, (unsigned)atoi(argv[1]), (unsigned)atoi(argv[2]), &r);
    ps_free(&s);
    if (rc != 0) {
        fprintf(stderr, "t-pagesim: cannot simulate\n");
        return 1;
    }
    printf("pageins=%llu pageouts=%llu\n", (unsigned long long)r.pageins,
           (unsigned long long)r.pageouts);
    return 0;
}

/* --curve LO HI FILE: the table, for the example in imp-pagerefs(5). */
static int curve_main(char **argv)
{
    struct diag d;
    struct ps_string s;
    diag_init(&d, "t-pagesim");
    if (ps_read_file(&s, argv[2], &d) != 0)
        return 2;
    int rc = ps_curve_print(stdout, &s, (unsigned)atoi(argv[0]), (unsigned)atoi(argv[1]));
    ps_free(&s);
    return rc != 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "--curve") == 0)
        return curve_main(argv + 2);
    if (argc == 6 && strcmp(argv[1], "--simulate") == 0)
        return simulate_main(argv + 2);
    test_policy_names();
    test_packing();
    test_textbook();
    test_pageouts();
    test_local();
    test_curves();
    test_curve_print();
    test_curve_bounds();
    test_curve_legend();
    test_round_trip();
    test_read_ok();
    test_read_errors();
    return tap_done();
}
