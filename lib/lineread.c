/*
 * lineread.c -- one line at a time, never more than a bound.
 */
#include "lineread.h"

#include <errno.h>

/* Store c as the next byte of the line, or count it as dropped. */
static void keep(struct lineread *lr, char *buf, size_t max, int c)
{
    if (lr->len < max)
        buf[lr->len++] = (char)c;
    else
        lr->cut = 1;
}

enum line_result line_read(FILE *f, char *buf, size_t max, size_t limit, struct lineread *lr)
{
    size_t taken = 0;               /* bytes of the line, a pending CR included */
    int c = EOF, cr = 0;
    lr->len = lr->consumed = 0;
    lr->cut = lr->unended = 0;
    while (taken < limit && (c = getc(f)) != EOF && c != '\n') {
        taken++;
        if (cr)                     /* a CR not followed by LF is data */
            keep(lr, buf, max, '\r');
        cr = c == '\r';
        if (!cr)
            keep(lr, buf, max, c);
    }
    if (taken == limit && c != '\n' && c != EOF) {     /* stopped by the limit */
        c = getc(f);
        if (c != '\n' && c != EOF) {
            ungetc(c, f);
            lr->unended = 1;
        }
    }
    lr->consumed = taken + (c == '\n');
    if (c == EOF && ferror(f)) {
        if (!errno)
            errno = EIO;
        return LINE_ERROR;
    }
    if (cr && (c != '\n' || lr->unended))
        keep(lr, buf, max, '\r');   /* a CR at end of file or at the limit is data */
    return taken == 0 && c == EOF ? LINE_EOF : LINE_OK;
}
