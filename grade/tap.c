/*
 * tap.c -- a grader's output read as TAP (the Test Anything Protocol).
 *
 *   1..N                              the plan
 *   ok N - [P] description            a test passed, worth P points
 *   not ok N - [P] description        a test failed
 *   # text                            a diagnostic: feedback for the test
 *                                     before it (before any test: general)
 *   Bail out! reason                  the grader gave up
 *
 * A test without "[P]" is worth one point.  grade.sh's closing
 * "# score: S/M" is not feedback.  Other lines (a grader's stray output)
 * are ignored here; pool.c shows them when the TAP is incomplete.  Of a
 * test's feedback TAP_MAX_DIAG lines are kept, of each TAP_MAX_LINE bytes.
 */
#include "grade.h"

#include <stdlib.h>
#include <string.h>

int text_append(char **text, const char *line, size_t len)
{
    size_t old = *text ? strlen(*text) : 0;
    char *t = realloc(*text, old + len + 2);
    if (!t)
        return -1;
    memcpy(t + old, line, len);
    t[old + len] = '\n';
    t[old + len + 1] = '\0';
    *text = t;
    return 0;
}

int result_add_test(struct result *r, int num, int points, int passed, const char *desc)
{
    if (r->ntests == r->cap) {
        int cap = r->cap ? r->cap * 2 : 16;
        struct test *t = realloc(r->tests, (size_t)cap * sizeof *t);
        if (!t)
            return -1;
        r->tests = t;
        r->cap = cap;
    }
    char *dup = strdup(desc);
    if (!dup)
        return -1;
    r->tests[r->ntests++] = (struct test){ num, points, passed, dup, NULL, 0, 0 };
    r->max += points;
    if (passed)
        r->score += points;
    return 0;
}

void result_free(struct result *r)
{
    for (int i = 0; i < r->ntests; i++) {
        free(r->tests[i].desc);
        free(r->tests[i].diag);
    }
    free(r->tests);
    free(r->id);
    free(r->general);
    free(r->note);
    free(r->handin);
    memset(r, 0, sizeof *r);
}

/* Append the feedback line t (tl bytes) to *to: at most TAP_MAX_LINE bytes
   of it, cut before a UTF-8 sequence, then how many bytes were left out. */
static void diag_append(char **to, const char *t, size_t tl)
{
    if (tl <= TAP_MAX_LINE) {
        text_append(to, t, tl);
        return;
    }
    size_t keep = TAP_MAX_LINE;
    while (keep > 0 && ((unsigned char)t[keep] & 0xC0) == 0x80)
        keep--;
    char more[64];
    int n = snprintf(more, sizeof more, " ... (%zu more bytes)", tl - keep);
    char *line = malloc(keep + (size_t)n + 1);
    if (!line)
        return;
    memcpy(line, t, keep);
    memcpy(line + keep, more, (size_t)n + 1);
    text_append(to, line, keep + (size_t)n);
    free(line);
}

/* "ok N - [P] desc" at s (after "ok " or "not ok "): fills the test. */
static int test_line(struct result *r, const char *s, size_t len, int passed)
{
    char line[1024];
    snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1), s);
    char *p = line;
    char *end;
    long num = strtol(p, &end, 10);
    if (end == p)
        num = r->ntests + 1;
    p = end;
    p += strspn(p, " ");
    if (*p == '-')
        p++;
    p += strspn(p, " ");
    long points = 1;
    if (*p == '[') {
        long v = strtol(p + 1, &end, 10);
        if (end != p + 1 && *end == ']' && v >= 0 && v <= 1000000) {
            points = v;
            p = end + 1;
            p += strspn(p, " ");
        }
    }
    return result_add_test(r, (int)num, (int)points, passed, p);
}

int tap_parse(const char *text, struct result *r)
{
    long plan = -1;
    int bailed = 0;
    for (const char *l = text; *l;) {
        size_t len = strcspn(l, "\n");
        size_t trim = len;
        if (trim && l[trim - 1] == '\r')
            trim--;
        if (strncmp(l, "1..", 3) == 0 && plan < 0)
            plan = strtol(l + 3, NULL, 10);
        else if (strncmp(l, "ok ", 3) == 0 || (trim == 2 && strncmp(l, "ok", 2) == 0))
            test_line(r, l + 2 + (trim > 2), trim - 2 - (trim > 2), 1);
        else if (strncmp(l, "not ok", 6) == 0)
            test_line(r, l + 6 + (trim > 6), trim - 6 - (trim > 6), 0);
        else if (strncmp(l, "Bail out!", 9) == 0) {
            bailed = 1;
            text_append(&r->general, l, trim);
        } else if (l[0] == '#') {
            const char *t = l + 1;
            size_t tl = trim - 1;
            if (tl && *t == ' ')
                t++, tl--;
            if (strncmp(t, "score: ", 7) != 0) {
                struct test *te = r->ntests ? &r->tests[r->ntests - 1] : NULL;
                char **to = te ? &te->diag : &r->general;
                int *kept = te ? &te->ndiag : &r->ngeneral;
                if (*kept < TAP_MAX_DIAG) {
                    diag_append(to, t, tl);
                    ++*kept;
                } else
                    ++*(te ? &te->dropped : &r->gdropped);
            }
        }
        l += len + (l[len] == '\n');
    }
    char more[64];
    for (int i = -1; i < r->ntests; i++) {
        int n = i < 0 ? r->gdropped : r->tests[i].dropped;
        if (n) {
            snprintf(more, sizeof more, "... (%d more lines)", n);
            text_append(i < 0 ? &r->general : &r->tests[i].diag, more, strlen(more));
        }
    }
    if (bailed || plan < 0 || plan != r->ntests)
        return 0;
    for (int i = 0; i < r->ntests; i++)
        if (r->tests[i].num != i + 1)
            return 0;
    return 1;
}
