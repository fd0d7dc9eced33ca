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
    int c = EOF, cr = 0, full = 0;
    lr->len = lr->consumed = 0;
    lr->cut = lr->unended = 0;
    flockfile(f);                   /* one lock for the line, not one a byte */
    while (taken < limit && (c = getc_unlocked(f)) != EOF && c != '\n') {
        taken++;
        if (cr)                     /* a CR not followed by LF is data */
            keep(lr, buf, max, '\r');
        cr = c == '\r';
        if (!cr)
            keep(lr, buf, max, c);
        if (lr->len == max && !cr) {
            full = 1;               /* the rest of the line is only counted */
            break;
        }
    }
    if (full) {
        size_t dropped = 0;
        int last = 0;
        while (taken < limit && (c = getc_unlocked(f)) != EOF && c != '\n') {
            taken++;
            dropped++;
            last = c;
        }
        /* every dropped byte is data but a CR just before the newline */
        if (dropped > 1 || (dropped == 1 && !(last == '\r' && c == '\n')))
            lr->cut = 1;
    }
    if (taken == limit && c != '\n' && c != EOF) {     /* stopped by the limit */
        c = getc_unlocked(f);
        if (c != '\n' && c != EOF) {
            ungetc(c, f);
            lr->unended = 1;
        }
    }
    funlockfile(f);
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
