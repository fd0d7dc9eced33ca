/*
 * report.c -- the class's table and summary, from result files.
 *
 *   scores.csv    submission,score,max,status,passed,tests  (sorted by
 *                 submission; RFC 4180 quoting, though ids never need it)
 *   tests.csv     submission, then the points of each test, then the score
 *   summary.txt   the statuses, mean and median, the score distribution,
 *                 the tests failed most often, the submissions to look at,
 *                 the hand-ins that are the same files
 *
 * The maximum is the exercise's: the largest a result shows (the
 * reference solution's, when it was graded), since a grader that stopped
 * early totals fewer points.  Nothing here depends on the order or the
 * time the results were made, so a class graded twice, or in pieces and
 * merged, gives the same files byte for byte.
 */
#define _GNU_SOURCE 1
#include "grade.h"
#include "outfile.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct table {
    struct result *r;
    int n, cap;
    char exname[256], title[256];
};

static int by_id(const void *a, const void *b)
{
    return strcmp(((const struct result *)a)->id, ((const struct result *)b)->id);
}

static int copy_file(const char *from, const char *to, struct diag *d)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        return errno == ENOENT ? 0 : (diag_error(d, "cannot read '%s': %s", from,
                                                 strerror(errno)), -1);
    struct outfile o;
    FILE *out = outfile_open(&o, to, d);
    if (!out) {
        fclose(in);
        return -1;
    }
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        fwrite(buf, 1, n, out);
    fclose(in);
    return outfile_commit(&o, d);
}

/* Read the results of dir into t; copy them and their feedback into out
   when dir is another folder. */
static int load_dir(struct table *t, const char *dir, const char *out, struct diag *d)
{
    char path[PATH_MAX], to[PATH_MAX];
    snprintf(path, sizeof path, "%s/results", dir);
    DIR *dh = opendir(path);
    if (!dh) {
        diag_error(d, "'%s' holds no results: %s", dir, strerror(errno));
        return -1;
    }
    int same = strcmp(dir, out) == 0;
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(dh))) {
        size_t len = strlen(e->d_name);
        if (len < 8 || strcmp(e->d_name + len - 7, ".result") != 0)
            continue;
        if (t->n == t->cap) {
            int cap = t->cap ? t->cap * 2 : 64;
            struct result *r = realloc(t->r, (size_t)cap * sizeof *r);
            if (!r) {
                diag_error(d, "out of memory");
                rc = -1;
                break;
            }
            t->r = r;
            t->cap = cap;
        }
        char ex[256] = "", title[256] = "";
        snprintf(path, sizeof path, "%s/results/%s", dir, e->d_name);
        if (result_read(path, &t->r[t->n], ex, sizeof ex, title, sizeof title, d) != 0) {
            rc = -1;
            continue;
        }
        if (!t->exname[0]) {
            snprintf(t->exname, sizeof t->exname, "%s", ex);
            snprintf(t->title, sizeof t->title, "%s", title);
        } else if (strcmp(t->exname, ex) != 0) {
            diag_error(d, "%s: a result of exercise %s among results of %s", path, ex,
                       t->exname);
            result_free(&t->r[t->n]);
            rc = -1;
            continue;
        }
        const char *id = t->r[t->n].id;
        t->n++;
        if (same)
            continue;
        snprintf(to, sizeof to, "%s/results/%s", out, e->d_name);
        if (copy_file(path, to, d) != 0)
            rc = -1;
        snprintf(path, sizeof path, "%s/feedback/%s.txt", dir, id);
        snprintf(to, sizeof to, "%s/feedback/%s.txt", out, id);
        if (copy_file(path, to, d) != 0)
            rc = -1;
    }
    closedir(dh);
    return rc;
}

static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static int passed_of(const struct result *r)
{
    int n = 0;
    for (int i = 0; i < r->ntests; i++)
        n += r->tests[i].passed;
    return n;
}

static int write_csv(const char *out, const struct table *t, int max, struct diag *d)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/scores.csv", out);
    struct outfile o;
    FILE *f = outfile_open(&o, path, d);
    if (!f)
        return -1;
    fputs("submission,score,max,status,passed,tests\n", f);
    for (int i = 0; i < t->n; i++) {
        const struct result *r = &t->r[i];
        if (r->id[0] == '.')
            continue;
        csv_field(f, r->id);
        fprintf(f, ",%d,%d,%s,%d,%d\n", r->score < max ? r->score : max, max,
                status_name(r->status), passed_of(r), r->ntests);
    }
    return outfile_commit(&o, d);
}

/* tests.csv: a row a submission, a column a test with the points it
   earned (0 when failed or not reached): who failed what, for a
   spreadsheet.  The columns are those of the result with the most tests
   (the reference's, when it was graded). */
static int write_tests_csv(const char *out, const struct table *t, int max, struct diag *d)
{
    const struct result *cols = NULL;
    for (int i = 0; i < t->n; i++)
        if (!cols || t->r[i].ntests > cols->ntests)
            cols = &t->r[i];
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/tests.csv", out);
    struct outfile o;
    FILE *f = outfile_open(&o, path, d);
    if (!f)
        return -1;
    fputs("submission", f);
    for (int k = 0; cols && k < cols->ntests; k++) {
        char head[1200];
        snprintf(head, sizeof head, "%d. %s [%d]", cols->tests[k].num, cols->tests[k].desc,
                 cols->tests[k].points);
        fputc(',', f);
        csv_field(f, head);
    }
    fputs(",score\n", f);
    for (int i = 0; i < t->n; i++) {
        const struct result *r = &t->r[i];
        if (r->id[0] == '.')
            continue;
        csv_field(f, r->id);
        for (int k = 0; cols && k < cols->ntests; k++) {
            int got = 0;
            for (int j = 0; j < r->ntests; j++)
                if (r->tests[j].num == cols->tests[k].num && r->tests[j].passed)
                    got = r->tests[j].points;
            fprintf(f, ",%d", got);
        }
        fprintf(f, ",%d\n", r->score < max ? r->score : max);
    }
    return outfile_commit(&o, d);
}

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* A test failed by many: its number, description and count. */
struct failing {
    int num;
    const char *desc;
    int count;
};

static int by_count(const void *a, const void *b)
{
    const struct failing *x = a, *y = b;
    if (x->count != y->count)
        return y->count - x->count;
    return x->num - y->num;
}

/* Do the tests of r tell what the program did (it was built and run)? */
static int ran(const struct result *r)
{
    return r->status == ST_GRADED || r->status == ST_LIMIT || r->status == ST_CRASHED;
}

static void write_distribution(FILE *f, const struct table *t, const int *scores, int n,
                               int max)
{
    int width = max <= 20 ? 1 : (max + 9) / 10;
    int nb = max / width + 1;
    int *count = calloc((size_t)nb, sizeof *count);
    if (!count)
        return;
    int most = 1;
    for (int i = 0; i < n; i++) {
        int b = scores[i] / width;
        if (b >= nb)
            b = nb - 1;
        if (++count[b] > most)
            most = count[b];
    }
    fputs("\nScore distribution\n", f);
    for (int b = nb - 1; b >= 0; b--) {
        char label[32];
        int lo = b * width, hi = b == nb - 1 ? max : lo + width - 1;
        if (lo == hi)
            snprintf(label, sizeof label, "%d", lo);
        else
            snprintf(label, sizeof label, "%d-%d", lo, hi);
        int bar = count[b] * 50 / most;
        if (count[b] && !bar)
            bar = 1;
        fprintf(f, "  %7s | %.*s%s%d\n", label, bar,
                "##################################################", count[b] ? " " : "",
                count[b]);
    }
    free(count);
    (void)t;
}

/* The submissions whose grading did not go normally, by status: the
   ones an instructor looks at by hand (at most 20 ids a status). */
static void write_unusual(FILE *f, const struct table *t)
{
    int header = 0;
    for (int s = 0; s < ST_COUNT; s++) {
        if (s == ST_GRADED)
            continue;
        int n = 0;
        for (int i = 0; i < t->n; i++) {
            const struct result *r = &t->r[i];
            if (r->id[0] == '.' || (int)r->status != s)
                continue;
            if (!header) {
                fputs("\nTo look at (by status)\n", f);
                header = 1;
            }
            if (n == 0)
                fprintf(f, "  %s:", status_name(s));
            if (n < 20)
                fprintf(f, " %s", r->id);
            n++;
        }
        if (n > 20)
            fprintf(f, " and %d more", n - 20);
        if (n)
            fputc('\n', f);
    }
}

/* The hand-ins that are the same files (fingerprints equal), a group a
   line, with " = the exercise's solution" for a group holding the
   reference's: copies an instructor reads before the grades stand. */
static void write_identical(FILE *f, const struct table *t)
{
    int header = 0;
    for (int i = 0; i < t->n; i++) {
        const struct result *r = &t->r[i];
        if (!r->handin)
            continue;
        int first = 1, n = 0, ref = 0;
        for (int j = 0; j < t->n; j++) {
            const char *h = t->r[j].handin;
            if (!h || strcmp(h, r->handin) != 0)
                continue;
            if (j < i)
                first = 0;
            if (t->r[j].id[0] == '.')
                ref = 1;
            else
                n++;
        }
        if (!first || n + ref < 2 || n == 0)
            continue;
        if (!header) {
            fputs("\nIdentical hand-ins (the same files, blanks at line ends aside)\n", f);
            header = 1;
        }
        fputs(" ", f);
        for (int j = i; j < t->n; j++)
            if (t->r[j].handin && t->r[j].id[0] != '.' && strcmp(t->r[j].handin, r->handin) == 0)
                fprintf(f, " %s", t->r[j].id);
        fputs(ref ? " = the exercise's solution\n" : "\n", f);
    }
}

static int write_summary(const char *out, const struct table *t, int max, struct diag *d)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/summary.txt", out);
    struct outfile o;
    FILE *f = outfile_open(&o, path, d);
    if (!f)
        return -1;
    int n = 0, nstatus[ST_COUNT] = { 0 }, nran = 0;
    int *scores = calloc((size_t)t->n + 1, sizeof *scores);
    struct failing *fail = calloc(256, sizeof *fail);
    int nfail = 0;
    long sum = 0;
    for (int i = 0; i < t->n && scores && fail; i++) {
        const struct result *r = &t->r[i];
        if (r->id[0] == '.')
            continue;
        int s = r->score < max ? r->score : max;
        scores[n++] = s;
        sum += s;
        nstatus[r->status]++;
        if (!ran(r))
            continue;
        nran++;
        for (int k = 0; k < r->ntests; k++) {
            const struct test *te = &r->tests[k];
            if (te->passed)
                continue;
            int j = 0;
            while (j < nfail && fail[j].num != te->num)
                j++;
            if (j == nfail && nfail < 256)
                fail[nfail++] = (struct failing){ te->num, te->desc, 0 };
            if (j < nfail)
                fail[j].count++;
        }
    }
    fprintf(f, "Exercise %s: %s\n", t->exname, t->title);
    fprintf(f, "Submissions: %d, each out of %d points\n", n, max);
    fputs("Status:", f);
    const char *sep = " ";
    for (int s = 0; s < ST_COUNT; s++)
        if (nstatus[s]) {
            fprintf(f, "%s%s %d", sep, status_name(s), nstatus[s]);
            sep = ", ";
        }
    fputc('\n', f);
    if (n > 0 && scores) {
        qsort(scores, (size_t)n, sizeof *scores, by_int);
        long twice_median = n % 2 ? 2L * scores[n / 2] : (long)scores[n / 2 - 1] + scores[n / 2];
        long tenths = (sum * 10 + n / 2) / n;
        int full = 0;
        for (int i = 0; i < n; i++)
            full += scores[i] == max;
        fprintf(f, "Mean %ld.%ld, median %ld%s, full marks %d\n", tenths / 10, tenths % 10,
                twice_median / 2, twice_median % 2 ? ".5" : "", full);
    }
    if (n > 0 && scores)
        write_distribution(f, t, scores, n, max);
    if (fail && nfail > 0) {
        qsort(fail, (size_t)nfail, sizeof *fail, by_count);
        fprintf(f, "\nTests failed most often (of the %d submissions that ran)\n", nran);
        for (int j = 0; j < nfail && j < 10; j++)
            fprintf(f, "  %4d  test %d: %s\n", fail[j].count, fail[j].num, fail[j].desc);
    }
    write_unusual(f, t);
    write_identical(f, t);
    free(scores);
    free(fail);
    return outfile_commit(&o, d);
}

int report_write(const char *out, char *const *dirs, int ndirs, struct diag *d)
{
    struct table t = { 0 };
    int rc = 0;
    char sub[PATH_MAX + 16];
    for (const char *s = "results"; s; s = strcmp(s, "results") == 0 ? "feedback" : NULL) {
        snprintf(sub, sizeof sub, "%s/%s", out, s);
        if (mkdir_p(sub) != 0) {
            diag_error(d, "cannot create '%s': %s", sub, strerror(errno));
            return -1;
        }
    }
    if (ndirs == 0) {
        rc = load_dir(&t, out, out, d);
    } else {
        for (int i = 0; i < ndirs; i++)
            if (load_dir(&t, dirs[i], out, d) != 0)
                rc = -1;
    }
    if (t.n > 1)
        qsort(t.r, (size_t)t.n, sizeof *t.r, by_id);
    for (int i = 1; i < t.n; i++)
        if (strcmp(t.r[i - 1].id, t.r[i].id) == 0 && t.r[i].id[0] != '.') {
            diag_error(d, "the submission '%s' has two results", t.r[i].id);
            rc = -1;
        }
    int max = 0;
    for (int i = 0; i < t.n; i++)
        if (t.r[i].max > max)
            max = t.r[i].max;
    /* A grader that stopped early (its hand-in did not build) printed
       fewer tests, so its own total is below the exercise's: the student
       reads the score out of the exercise's maximum, as the table says. */
    struct exercise ex;
    memset(&ex, 0, sizeof ex);
    snprintf(ex.name, sizeof ex.name, "%s", t.exname);
    snprintf(ex.title, sizeof ex.title, "%s", t.title);
    for (int i = 0; i < t.n && rc == 0; i++)
        if (t.r[i].id[0] != '.' && t.r[i].max < max) {
            t.r[i].max = max;
            if (feedback_write(&t.r[i], &ex, out, d) != 0)
                rc = -1;
        }
    if (rc == 0 && write_csv(out, &t, max, d) != 0)
        rc = -1;
    if (rc == 0 && write_tests_csv(out, &t, max, d) != 0)
        rc = -1;
    if (rc == 0 && write_summary(out, &t, max, d) != 0)
        rc = -1;
    for (int i = 0; i < t.n; i++)
        result_free(&t.r[i]);
    free(t.r);
    return rc;
}
