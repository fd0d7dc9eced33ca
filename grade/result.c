/*
 * result.c -- what became of a submission, kept as a file, and the feedback
 * its student reads.
 *
 * DIR/results/ID.result (one "key value" a line; in values a newline is
 * written \n and a backslash \\):
 *
 *   impgrade-result 1
 *   exercise 01-first
 *   title First program and the listing
 *   id alice
 *   status graded
 *   score 7
 *   max 10
 *   handin CRC-SIZE           the hand-in's fingerprint (optional)
 *   note ...                  impgrade's own words (optional)
 *   general ...               the grader's feedback before its first test
 *   test NUM POINTS PASSED description
 *   diag ...                  the feedback of the test above
 *
 * --merge reads these back (report.c), so a class graded in pieces on many
 * machines makes the same table as one graded here.  The reference solution
 * (id ".reference") has a result too, which only sets the maximum.
 */
#include "grade.h"
#include "outfile.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void put_escaped(FILE *f, const char *key, const char *s)
{
    fprintf(f, "%s ", key);
    for (; *s; s++) {
        if (*s == '\n' && s[1] == '\0')
            break;                  /* the last newline of a text */
        if (*s == '\n')
            fputs("\\n", f);
        else if (*s == '\\')
            fputs("\\\\", f);
        else
            fputc(*s, f);
    }
    fputc('\n', f);
}

static char *unescape(const char *s)
{
    char *out = malloc(strlen(s) + 2);
    if (!out)
        return NULL;
    char *o = out;
    for (; *s; s++) {
        if (*s == '\\' && s[1] == 'n')
            *o++ = '\n', s++;
        else if (*s == '\\' && s[1] == '\\')
            *o++ = '\\', s++;
        else
            *o++ = *s;
    }
    *o++ = '\n';
    *o = '\0';
    return out;
}

int result_write(const struct result *r, const struct exercise *ex, const char *dir,
                 struct diag *d)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/results/%s.result", dir, r->id);
    struct outfile o;
    FILE *f = outfile_open(&o, path, d);
    if (!f)
        return -1;
    fprintf(f, "impgrade-result 1\nexercise %s\n", ex->name);
    put_escaped(f, "title", ex->title);
    fprintf(f, "id %s\nstatus %s\nscore %d\nmax %d\n", r->id, status_name(r->status), r->score,
            r->max);
    if (r->handin)
        fprintf(f, "handin %s\n", r->handin);
    if (r->note)
        put_escaped(f, "note", r->note);
    if (r->general)
        put_escaped(f, "general", r->general);
    for (int i = 0; i < r->ntests; i++) {
        const struct test *t = &r->tests[i];
        fprintf(f, "test %d %d %d ", t->num, t->points, t->passed);
        put_escaped(f, "", t->desc);
        if (t->diag)
            put_escaped(f, "diag", t->diag);
    }
    return outfile_commit(&o, d);
}

int result_read(const char *path, struct result *r, char *exname, size_t exsize, char *title,
                size_t titlesize, struct diag *d)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(path, "r");
    if (!f) {
        diag_error(d, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0, rc = 0, have_status = 0;
    while (rc == 0 && (len = getline(&line, &cap, f)) > 0) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        char *sp = strchr(line, ' ');
        const char *val = sp ? sp + 1 : "";
        if (sp)
            *sp = '\0';
        if (lineno == 1) {
            if (strcmp(line, "impgrade-result") != 0 || strcmp(val, "1") != 0) {
                diag_report(d, DIAG_ERROR, path, 1, 1, NULL, "not an impgrade result");
                rc = -1;
            }
        } else if (strcmp(line, "exercise") == 0)
            snprintf(exname, exsize, "%s", val);
        else if (strcmp(line, "title") == 0) {
            char *t = unescape(val);
            if (t) {
                t[strcspn(t, "\n")] = '\0';
                snprintf(title, titlesize, "%s", t);
            }
            free(t);
        } else if (strcmp(line, "id") == 0)
            r->id = strdup(val);
        else if (strcmp(line, "handin") == 0)
            r->handin = strdup(val);
        else if (strcmp(line, "status") == 0) {
            int s = status_lookup(val);
            if (s < 0) {
                diag_report(d, DIAG_ERROR, path, lineno, 8, NULL, "unknown status '%s'", val);
                rc = -1;
            } else {
                r->status = (enum status)s;
                have_status = 1;
            }
        } else if (strcmp(line, "score") == 0)
            r->score = atoi(val);
        else if (strcmp(line, "max") == 0)
            r->max = atoi(val);
        else if (strcmp(line, "note") == 0)
            r->note = unescape(val);
        else if (strcmp(line, "general") == 0)
            r->general = unescape(val);
        else if (strcmp(line, "test") == 0) {
            int num, pts, passed, n = 0;
            if (sscanf(val, "%d %d %d %n", &num, &pts, &passed, &n) != 3 || !n) {
                diag_report(d, DIAG_ERROR, path, lineno, 6, NULL, "a malformed test line");
                rc = -1;
            } else {
                char *desc = unescape(val + n);
                if (desc)
                    desc[strcspn(desc, "\n")] = '\0';
                int s = r->score, m = r->max;
                if (!desc || result_add_test(r, num, pts, passed, desc) != 0)
                    rc = -1;
                r->score = s, r->max = m;   /* the file's own score and max hold */
                free(desc);
            }
        } else if (strcmp(line, "diag") == 0 && r->ntests > 0)
            r->tests[r->ntests - 1].diag = unescape(val);
    }
    free(line);
    fclose(f);
    if (rc == 0 && (!r->id || !have_status)) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "a result without id or status");
        rc = -1;
    }
    if (rc != 0)
        result_free(r);
    return rc;
}

/* text with each line indented by ind. */
static void put_indented(FILE *f, const char *text, const char *ind)
{
    for (const char *l = text; *l;) {
        size_t len = strcspn(l, "\n");
        fprintf(f, "%s%.*s\n", ind, (int)len, l);
        l += len + (l[len] == '\n');
    }
}

int feedback_write(const struct result *r, const struct exercise *ex, const char *dir,
                   struct diag *d)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/feedback/%s.txt", dir, r->id);
    struct outfile o;
    FILE *f = outfile_open(&o, path, d);
    if (!f)
        return -1;
    fprintf(f, "Exercise %s: %s\n", ex->name, ex->title);
    fprintf(f, "Submission: %s\n", r->id);
    fprintf(f, "Score: %d of %d\n", r->score, r->max);
    fprintf(f, "Status: %s", status_name(r->status));
    if (r->status != ST_GRADED)
        fprintf(f, " (%s)", status_message(r->status));
    fputc('\n', f);
    if (r->note) {
        fputc('\n', f);
        put_indented(f, r->note, "");
    }
    if (r->general) {
        fputc('\n', f);
        put_indented(f, r->general, "");
    }
    if (r->ntests)
        fputc('\n', f);
    for (int i = 0; i < r->ntests; i++) {
        const struct test *t = &r->tests[i];
        /* the tests a grader never reached (0 points: grade.sh's
           grade_finish), each failed with the one reason it stopped for:
           one line for a run of them */
        if (!t->passed && !t->points && !t->diag) {
            int last = i;
            while (last + 1 < r->ntests && !r->tests[last + 1].passed &&
                   !r->tests[last + 1].points && !r->tests[last + 1].diag &&
                   strcmp(r->tests[last + 1].desc, t->desc) == 0)
                last++;
            if (last > i)
                fprintf(f, "%-17s%d-%d. not run: %s\n", "FAILED", t->num, r->tests[last].num,
                        t->desc);
            else
                fprintf(f, "%-17s%d. not run: %s\n", "FAILED", t->num, t->desc);
            i = last;
            continue;
        }
        fprintf(f, "%-6s %2d of %-2d  %d. %s\n", t->passed ? "ok" : "FAILED",
                t->passed ? t->points : 0, t->points, t->num, t->desc);
        if (t->diag)
            put_indented(f, t->diag, "                  ");
    }
    return outfile_commit(&o, d);
}

/* Remove the files of dir/sub whose names end with ext. */
static int clear_files(const char *dir, const char *sub, const char *ext, struct diag *d)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    DIR *dh = opendir(path);
    if (!dh)
        return errno == ENOENT ? 0 : (diag_error(d, "cannot read '%s': %s", path,
                                                 strerror(errno)), -1);
    struct dirent *e;
    int rc = 0;
    size_t el = strlen(ext);
    while ((e = readdir(dh))) {
        size_t len = strlen(e->d_name);
        if (len <= el || strcmp(e->d_name + len - el, ext) != 0)
            continue;
        char file[PATH_MAX + 256];
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        if (unlink(file) != 0 && errno != ENOENT) {
            diag_error(d, "cannot remove '%s': %s", file, strerror(errno));
            rc = -1;
        }
    }
    closedir(dh);
    return rc;
}

int results_clear(const char *dir, struct diag *d)
{
    int rc = clear_files(dir, "results", ".result", d);
    if (clear_files(dir, "feedback", ".txt", d) != 0)
        rc = -1;
    return rc;
}

int results_same_exercise(const char *dir, const char *exname, struct diag *d)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/results", dir);
    DIR *dh = opendir(path);
    if (!dh)
        return errno == ENOENT ? 0 : (diag_error(d, "cannot read '%s': %s", path,
                                                 strerror(errno)), -1);
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(dh))) {
        size_t len = strlen(e->d_name);
        if (len < 8 || strcmp(e->d_name + len - 7, ".result") != 0)
            continue;
        char file[PATH_MAX + 256], line[512] = "";
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        FILE *f = fopen(file, "r");
        if (!f)
            continue;
        /* the second line: "exercise NAME" */
        if (fgets(line, sizeof line, f) && fgets(line, sizeof line, f)) {
            line[strcspn(line, "\n")] = '\0';
            if (strncmp(line, "exercise ", 9) == 0 && strcmp(line + 9, exname) != 0) {
                diag_error(d, "'%s' holds the grades of exercise %s, not of %s", dir,
                           line + 9, exname);
                rc = -1;
            }
        }
        fclose(f);
    }
    closedir(dh);
    return rc;
}
