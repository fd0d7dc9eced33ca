/*
 * pagerefs.c -- the imp-pagerefs(5) file: a page reference string as text.
 *
 *   #imp-pagerefs 1          the first line, exactly
 *   #page-size 4096          2048 or 4096, before the first reference
 *   #tasks 2                 1..255, optional, before the first reference
 *   # policy lru frames 8    any other '#' line is a comment
 *   1 0 r                    TASK (decimal) PAGE (hex, 1-4 digits) r|w
 *   1 1f w
 *
 * Blank lines are ignored; fields are separated by blanks or tabs.
 * A line is at most PR_LINE_MAX bytes.  Errors are reported as
 * file:line:col: error: ... with the line and a caret; a bad line is
 * skipped and reading goes on until the diag's cap.  Reading stops at
 * once at a first line that is not the magic one (at most PR_LINE_MAX+1
 * bytes are read for it: /dev/zero ends there) and at a line longer than
 * PR_LINE_MAX (the rest of the stream is not read).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lineread.h"
#include "pagesim.h"

#define PR_MAGIC    "#imp-pagerefs 1"
#define PR_LINE_MAX 255         /* longest line kept (longer ones are errors) */

struct pr_reader {
    struct ps_string *s;
    struct diag *d;
    const char *path;
    const char *text;           /* the current line, NUL-terminated */
    int lineno;
    unsigned tasks;             /* from #tasks, 0 if none */
};

static int pr_error(struct pr_reader *r, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int pr_error(struct pr_reader *r, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vreport(r->d, DIAG_ERROR, r->path, r->lineno, at ? (int)(at - r->text) + 1 : 0,
                 at ? r->text : NULL, fmt, ap);
    va_end(ap);
    return -1;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static const char *skip_blanks(const char *p)
{
    while (is_blank(*p))
        p++;
    return p;
}

/* The end of the field at p (the next blank or the end of the line). */
static const char *field_end(const char *p)
{
    while (*p && !is_blank(*p))
        p++;
    return p;
}

/* A decimal number [p, e) of at most 9 digits into *v; 0 or -1. */
static int decimal(const char *p, const char *e, unsigned *v)
{
    if (e == p || e - p > 9)
        return -1;
    unsigned x = 0;
    for (; p < e; p++) {
        if (!isdigit((unsigned char)*p))
            return -1;
        x = x * 10 + (unsigned)(*p - '0');
    }
    *v = x;
    return 0;
}

/* A hexadecimal number [p, e) of 1 to 4 digits into *v; 0 or -1. */
static int hex4(const char *p, const char *e, unsigned *v)
{
    if (e == p || e - p > 4)
        return -1;
    unsigned x = 0;
    for (; p < e; p++) {
        int c = tolower((unsigned char)*p);
        if (!isxdigit(c))
            return -1;
        x = x * 16 + (unsigned)(isdigit(c) ? c - '0' : c - 'a' + 10);
    }
    *v = x;
    return 0;
}

/* The one number after a directive keyword at p; 0 or -1 (reported). */
static int directive_number(struct pr_reader *r, const char *p, const char *what, unsigned *v)
{
    p = skip_blanks(p);
    const char *e = field_end(p);
    if (decimal(p, e, v) != 0)
        return pr_error(r, p, "%s: expected a decimal number", what);
    e = skip_blanks(e);
    if (*e)
        return pr_error(r, e, "unexpected text after the %s", what);
    return 0;
}

/* #page-size N, #tasks N, or a comment. */
static int pr_directive(struct pr_reader *r)
{
    const char *p = r->text + 1, *e = field_end(p);
    size_t n = (size_t)(e - p);
    unsigned v = 0;
    int is_size = n == 9 && memcmp(p, "page-size", 9) == 0;
    int is_tasks = n == 5 && memcmp(p, "tasks", 5) == 0;
    if (!is_size && !is_tasks)
        return 0;
    if (r->s->n > 0)
        return pr_error(r, r->text, "#%s after the first reference", is_size ? "page-size" : "tasks");
    if (directive_number(r, e, is_size ? "page size" : "number of tasks", &v) != 0)
        return -1;
    if (is_size) {
        if (v != 2048 && v != 4096)
            return pr_error(r, skip_blanks(e), "page size %u: must be 2048 or 4096", v);
        if (r->s->page_size && r->s->page_size != v)
            return pr_error(r, skip_blanks(e), "page size %u after #page-size %u", v,
                            r->s->page_size);
        r->s->page_size = v;
    } else {
        if (v < 1 || v > PS_TASK_MAX)
            return pr_error(r, skip_blanks(e), "%u tasks: must be 1 to %u", v, PS_TASK_MAX);
        r->tasks = v;
    }
    return 0;
}

/* TASK PAGE KIND. */
static int pr_reference(struct pr_reader *r)
{
    const char *p = skip_blanks(r->text), *e = field_end(p);
    unsigned task, page;
    if (!r->s->page_size)
        return pr_error(r, p, "reference before #page-size");
    if (decimal(p, e, &task) != 0 || task < 1 || task > PS_TASK_MAX)
        return pr_error(r, p, "expected a task number from 1 to %u", PS_TASK_MAX);
    if (r->tasks && task > r->tasks)
        return pr_error(r, p, "task %u above #tasks %u", task, r->tasks);
    p = skip_blanks(e);
    e = field_end(p);
    if (p == e)
        return pr_error(r, p, "expected a page number after the task");
    if (hex4(p, e, &page) != 0)
        return pr_error(r, p, "expected a hexadecimal page number of 1 to 4 digits");
    if (!ps_page_ok(r->s->page_size, page))
        return pr_error(r, p, "page %X past 16 MiB with %u-byte pages", page, r->s->page_size);
    p = skip_blanks(e);
    e = field_end(p);
    if (e - p != 1 || (*p != 'r' && *p != 'w'))
        return pr_error(r, p, "expected r or w (read or write)");
    e = skip_blanks(e);
    if (*e)
        return pr_error(r, e, "unexpected text after the reference");
    if (ps_add(r->s, PS_REF(task, page, *p == 'w')) != 0)
        return pr_error(r, NULL, "out of memory");
    return 0;
}

/* One line (not the first). */
static int pr_line(struct pr_reader *r)
{
    if (r->text[0] == '#')
        return pr_directive(r);
    if (!*skip_blanks(r->text))
        return 0;
    return pr_reference(r);
}

/* Read every line of f; 0 or -1 (something was reported). */
static int pr_lines(struct pr_reader *r, FILE *f)
{
    char buf[PR_LINE_MAX + 1];
    struct lineread lr;
    enum line_result got;
    int bad = 0;
    /* The first line is read with a limit just past the longest line:
       anything else (/dev/zero, a binary file) ends the reading there. */
    while (!r->d->capped &&
           (got = line_read(f, buf, PR_LINE_MAX, r->lineno ? LINE_LIMIT : PR_LINE_MAX + 1, &lr))
               == LINE_OK) {
        r->lineno++;
        buf[lr.len] = '\0';
        r->text = buf;
        if (r->lineno == 1 && (lr.cut || lr.unended || memchr(buf, '\0', lr.len) ||
                               strcmp(buf, PR_MAGIC) != 0)) {
            return pr_error(r, lr.cut || lr.unended ? NULL : buf,
                            "not a page reference file (the first line must be '%s')", PR_MAGIC);
        } else if (lr.cut || lr.unended) {
            /* no reference is this long: what follows is not a reference
               string either, and may not end (a stream) */
            return pr_error(r, NULL, "line longer than %d bytes", PR_LINE_MAX);
        } else if (memchr(buf, '\0', lr.len)) {
            bad = pr_error(r, NULL, "NUL byte in the line");
        } else if (r->lineno > 1 && pr_line(r) != 0) {
            bad = -1;
        }
    }
    if (r->d->capped)
        return -1;
    r->text = NULL;
    if (got == LINE_ERROR)
        return pr_error(r, NULL, "cannot read: %s", strerror(errno));
    if (r->lineno == 0)
        return pr_error(r, NULL, "empty file (the first line must be '%s')", PR_MAGIC);
    if (!r->s->page_size && !bad)
        return pr_error(r, NULL, "no #page-size line");
    return bad;
}

int ps_read_file(struct ps_string *s, const char *path, struct diag *d)
{
    ps_init(s, 0);
    FILE *f = fopen(path, "r");
    struct stat sb;
    int err = !f ? errno : fstat(fileno(f), &sb) != 0 ? errno : S_ISDIR(sb.st_mode) ? EISDIR : 0;
    if (err) {
        diag_error(d, "%s: %s", path, strerror(err));
        if (f)
            fclose(f);
        return -1;
    }
    struct pr_reader r = { .s = s, .d = d, .path = path };
    int rc = pr_lines(&r, f);
    fclose(f);
    if (rc == 0 && r.tasks > s->ntasks)
        s->ntasks = r.tasks;
    if (rc != 0)
        ps_free(s);
    return rc;
}

int ps_write(FILE *f, const struct ps_string *s, const char *comment)
{
    if (s->page_size != 2048 && s->page_size != 4096)
        return -1;
    fprintf(f, "%s\n#page-size %u\n", PR_MAGIC, s->page_size);
    if (s->ntasks)
        fprintf(f, "#tasks %u\n", s->ntasks);
    if (comment)
        fprintf(f, "# %.*s\n", (int)strcspn(comment, "\n"), comment);
    for (size_t i = 0; i < s->n; i++) {
        uint32_t ref = s->ref[i];
        fprintf(f, "%u %x %c\n", ps_task(ref), ps_page(ref), ps_is_write(ref) ? 'w' : 'r');
    }
    return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
