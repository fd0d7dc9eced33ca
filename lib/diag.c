/*
 * diag.c -- GNU-format diagnostics with the source line and a caret.
 */
#include "diag.h"
#include "number.h"

#include <limits.h>
#include <string.h>

static const char *const level_names[] = { "note", "warning", "error", "fatal error" };

void diag_init(struct diag *d, const char *prog)
{
    memset(d, 0, sizeof *d);
    d->prog = prog;
    d->out = stderr;
    d->max_errors = 50;
}

static void show_source(FILE *out, const char *source, int col)
{
    size_t n = strcspn(source, "\n");
    fputc(' ', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)source[i];
        fputc(c == '\t' || (c >= 0x20 && c < 0x7F) ? c : '?', out);
    }
    fputc('\n', out);
    if (col <= 0)
        return;
    fputc(' ', out);
    for (int i = 1; i < col && (size_t)(i - 1) < n; i++)
        fputc(source[i - 1] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

int diag_vreport(struct diag *d, enum diag_level lvl, const char *file, int line, int col,
                 const char *source, const char *fmt, va_list ap)
{
    if (lvl == DIAG_WARNING && d->werror)
        lvl = DIAG_ERROR;
    if (lvl >= DIAG_ERROR && d->capped)
        return -1;
    if (file && line > 0 && col > 0)
        fprintf(d->out, "%s:%d:%d: ", file, line, col);
    else if (file && line > 0)
        fprintf(d->out, "%s:%d: ", file, line);
    else if (file)
        fprintf(d->out, "%s: ", file);
    else
        fprintf(d->out, "%s: ", d->prog);
    fprintf(d->out, "%s: ", level_names[lvl]);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    if (source)
        show_source(d->out, source, col);
    if (lvl == DIAG_WARNING)
        d->warnings++;
    if (lvl >= DIAG_ERROR) {
        d->errors++;
        if (lvl == DIAG_FATAL || (d->max_errors > 0 && d->errors >= d->max_errors)) {
            if (lvl != DIAG_FATAL)
                fprintf(d->out, "%s: too many errors (%d), stopping\n", d->prog, d->errors);
            d->capped = 1;
            return -1;
        }
    }
    return 0;
}

int diag_report(struct diag *d, enum diag_level lvl, const char *file, int line, int col,
                const char *source, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = diag_vreport(d, lvl, file, line, col, source, fmt, ap);
    va_end(ap);
    return r;
}

int diag_error(struct diag *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = diag_vreport(d, DIAG_ERROR, NULL, 0, 0, NULL, fmt, ap);
    va_end(ap);
    return r;
}

int diag_warning(struct diag *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = diag_vreport(d, DIAG_WARNING, NULL, 0, 0, NULL, fmt, ap);
    va_end(ap);
    return r;
}

int diag_set_max_errors(struct diag *d, const char *arg)
{
    uint64_t v;
    if (parse_number_in(arg, NUM_PLAIN, 0, INT_MAX, &v) != 0) {
        diag_error(d, "--max-errors: '%s' is not a number from 0 to %d", arg, INT_MAX);
        return -1;
    }
    d->max_errors = (int)v;
    return 0;
}
