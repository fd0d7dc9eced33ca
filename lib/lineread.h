/*
 * lineread.h -- the one bounded line reader: text read line by line from
 * a stream (the guest's console and text files, impld's control file)
 * costs bounded memory and time whatever the stream holds, an endless
 * line (/dev/zero) included.
 *
 *   char buf[80];
 *   struct lineread lr;
 *   while (line_read(f, buf, sizeof buf - 1, LINE_LIMIT, &lr) == LINE_OK) {
 *       buf[lr.len] = '\0';   ... lr.cut: bytes were dropped ...
 *   }
 */
#ifndef IMP_LINEREAD_H
#define IMP_LINEREAD_H

#include <stddef.h>
#include <stdio.h>

#define LINE_LIMIT ((size_t)1 << 20)    /* longest line any tool reads: 1 MiB */

enum line_result {
    LINE_OK,        /* a line was read (possibly cut, see lr.cut) */
    LINE_EOF,       /* end of file, nothing read */
    LINE_ERROR,     /* the stream failed (errno says why) */
};

struct lineread {
    size_t len;         /* bytes stored in buf */
    size_t consumed;    /* bytes taken from the stream, the newline included */
    int cut;            /* 1: the line held more than max bytes (the rest dropped) */
    int unended;        /* 1: limit bytes read without a newline: the rest of the
                           line is still in the stream, read as the next line */
};

/*
 * Read one line from f: at most limit bytes up to a newline.  The newline
 * (and a carriage return just before it) is removed; the first max bytes
 * are stored in buf (no NUL is added), the rest of the line is counted
 * and dropped.  A line that ends at end of file without a newline is
 * still a line.
 */
enum line_result line_read(FILE *f, char *buf, size_t max, size_t limit, struct lineread *lr);

#endif
