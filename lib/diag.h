/*
 * diag.h -- GNU-style diagnostics shared by every IMP tool.
 *
 *   file:line:col: error: message
 *    source line
 *         ^
 *
 * A struct diag collects counts and applies the error cap; it never exits.
 * The caller decides the exit status from diag->errors.
 */
#ifndef IMP_DIAG_H
#define IMP_DIAG_H

#include <stdarg.h>
#include <stdio.h>

enum diag_level { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR, DIAG_FATAL };

struct diag {
    const char *prog;       /* program name for messages without a file */
    FILE *out;              /* where messages go (stderr) */
    int errors, warnings;
    int max_errors;         /* stop reporting after this many (0: no cap) */
    int capped;             /* set once the cap was reached */
    int werror;             /* treat warnings as errors */
    int color;              /* not used yet: plain text */
};

void diag_init(struct diag *d, const char *prog);

/*
 * Report at file:line:col (line, col 1-based; 0 means unknown).  If
 * source is non-NULL it is the text of that line (up to a newline) and is
 * shown with a caret under col.  Returns 0 normally, -1 once the error cap
 * is reached (the caller should stop).
 */
int diag_report(struct diag *d, enum diag_level lvl, const char *file, int line, int col,
                const char *source, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
int diag_vreport(struct diag *d, enum diag_level lvl, const char *file, int line, int col,
                 const char *source, const char *fmt, va_list ap);

/* "prog: error: message" for errors with no source position. */
int diag_error(struct diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Every tool's --max-errors=N (0 to INT_MAX, 0: no cap): 0, or -1 after
 * reporting the bad value. */
int diag_set_max_errors(struct diag *d, const char *arg);
int diag_warning(struct diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
