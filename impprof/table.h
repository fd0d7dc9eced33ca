/*
 * table.h -- the reports of impprof as tables of text cells: the model
 * that report.c fills and that every output form draws (text here in
 * table.c; CSV and JSON in export.c).  A table has a name (the first CSV
 * column, the JSON key), a title line, columns, rows and note lines.
 *
 * Allocation failures never stop the building: they set tab->oom, which
 * the caller checks once at the end.
 */
#ifndef IMP_IMPPROF_TABLE_H
#define IMP_IMPPROF_TABLE_H

#include <stddef.h>
#include <stdio.h>

#define TAB_MAX_COLS 16

enum tab_col_flags {
    TAB_LEFT = 0,
    TAB_RIGHT = 1,          /* numbers: right-aligned */
    TAB_NUM = 2,            /* a number in JSON when the cell reads as one */
    TAB_WRAP = 4,           /* text form: on a line of its own below the row */
};

struct tab_col {
    const char *name;
    int flags;
};

struct table {
    char *name;             /* "pcs-top", "ias-window-1", ... */
    char *title;            /* the line above the table, or NULL */
    int ncols;
    struct tab_col cols[TAB_MAX_COLS];
    char **cells;           /* nrows * ncols, row-major; NULL: empty */
    size_t nrows, cap;
    char **notes;           /* lines below the table */
    size_t nnotes;
    int oom;
};

void tab_init(struct table *t, const char *name);
void tab_free(struct table *t);
void tab_title(struct table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tab_col(struct table *t, const char *name, int flags);
/* Append an empty row; its index. */
size_t tab_row(struct table *t);
void tab_set(struct table *t, size_t row, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *tab_get(const struct table *t, size_t row, int col);
void tab_note(struct table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The text form: title, header, rows (wrapped columns below their row),
   notes, then a blank line. */
void tab_print_text(FILE *f, const struct table *t);

#endif
