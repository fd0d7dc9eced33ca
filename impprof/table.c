/*
 * table.c -- tables of text cells (table.h) and their text form: columns
 * as wide as their widest cell, numbers right-aligned, a wrapped column
 * on a line of its own under its row.
 */
#include "table.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void tab_init(struct table *t, const char *name)
{
    memset(t, 0, sizeof *t);
    t->name = strdup(name);
    t->oom = !t->name;
}

void tab_free(struct table *t)
{
    for (size_t i = 0; i < t->nrows * (size_t)t->ncols; i++)
        free(t->cells[i]);
    for (size_t i = 0; i < t->nnotes; i++)
        free(t->notes[i]);
    free(t->cells);
    free(t->notes);
    free(t->title);
    free(t->name);
    memset(t, 0, sizeof *t);
}

/* vsnprintf into a new string; NULL on ENOMEM. */
static char *vformat(const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

void tab_title(struct table *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(t->title);
    t->title = vformat(fmt, ap);
    va_end(ap);
    t->oom |= !t->title;
}

void tab_col(struct table *t, const char *name, int flags)
{
    if (t->ncols == TAB_MAX_COLS || t->nrows) {
        t->oom = 1;             /* a programming error: show it somewhere */
        return;
    }
    t->cols[t->ncols].name = name;
    t->cols[t->ncols].flags = flags;
    t->ncols++;
}

size_t tab_row(struct table *t)
{
    size_t per = (size_t)t->ncols;
    if (t->nrows == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 16;
        char **c = realloc(t->cells, cap * per * sizeof *c);
        if (!c) {
            t->oom = 1;
            return t->nrows ? t->nrows - 1 : 0;
        }
        t->cells = c;
        t->cap = cap;
    }
    memset(&t->cells[t->nrows * per], 0, per * sizeof *t->cells);
    return t->nrows++;
}

void tab_set(struct table *t, size_t row, int col, const char *fmt, ...)
{
    if (row >= t->nrows || col < 0 || col >= t->ncols)
        return;
    va_list ap;
    va_start(ap, fmt);
    char **cell = &t->cells[row * (size_t)t->ncols + (size_t)col];
    free(*cell);
    *cell = vformat(fmt, ap);
    va_end(ap);
    t->oom |= !*cell;
}

const char *tab_get(const struct table *t, size_t row, int col)
{
    const char *s = t->cells[row * (size_t)t->ncols + (size_t)col];
    return s ? s : "";
}

void tab_note(struct table *t, const char *fmt, ...)
{
    char **n = realloc(t->notes, (t->nnotes + 1) * sizeof *n);
    if (!n) {
        t->oom = 1;
        return;
    }
    t->notes = n;
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    if (!s) {
        t->oom = 1;
        return;
    }
    t->notes[t->nnotes++] = s;
}

/* One line of cells (the header if row is (size_t)-1), the unwrapped
   columns, with no blanks at its end. */
static void print_line(FILE *f, const struct table *t, const size_t *w, size_t row)
{
    size_t pending = 0;     /* blanks owed before the next text */
    int first = 1;
    for (int c = 0; c < t->ncols; c++) {
        if (t->cols[c].flags & TAB_WRAP)
            continue;
        const char *s = row == (size_t)-1 ? t->cols[c].name : tab_get(t, row, c);
        size_t n = strlen(s), pad = w[c] > n ? w[c] - n : 0;
        pending += first ? 0 : 2;
        first = 0;
        if (t->cols[c].flags & TAB_RIGHT)
            pending += pad;
        if (n) {
            fprintf(f, "%*s%s", (int)pending, "", s);
            pending = 0;
        }
        if (!(t->cols[c].flags & TAB_RIGHT))
            pending += pad;
    }
    fputc('\n', f);
}

void tab_print_text(FILE *f, const struct table *t)
{
    size_t w[TAB_MAX_COLS];
    for (int c = 0; c < t->ncols; c++) {
        w[c] = strlen(t->cols[c].name);
        for (size_t r = 0; r < t->nrows; r++) {
            size_t n = strlen(tab_get(t, r, c));
            if (n > w[c])
                w[c] = n;
        }
    }
    if (t->title)
        fprintf(f, "%s\n", t->title);
    if (t->nrows) {
        print_line(f, t, w, (size_t)-1);
        for (size_t r = 0; r < t->nrows; r++) {
            print_line(f, t, w, r);
            for (int c = 0; c < t->ncols; c++)
                if ((t->cols[c].flags & TAB_WRAP) && *tab_get(t, r, c))
                    fprintf(f, "    %s: %s\n", t->cols[c].name, tab_get(t, r, c));
        }
    }
    for (size_t i = 0; i < t->nnotes; i++)
        fprintf(f, "%s\n", t->notes[i]);
    fputc('\n', f);
}
