/*
 * readfile.c -- whole files into memory, in one read when the size is known.
 */
#include "readfile.h"
#include "diag.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int read_file(const char *path, size_t limit, char **buf, size_t *len)
{
    *buf = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return errno ? errno : EIO;
    struct stat sb;
    size_t cap = 65536, n = 0;
    if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
        fclose(f);
        return EISDIR;
    }
    if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size >= 0 &&
        (unsigned long long)sb.st_size <= limit)
        cap = (size_t)sb.st_size + 1;   /* one read, and one byte more to see the end */
    char *b = malloc(cap + 1);
    int err = 0;
    errno = 0;
    for (;;) {
        if (!b) {
            err = ENOMEM;
            break;
        }
        n += fread(b + n, 1, cap - n, f);
        if (n > limit) {
            err = EFBIG;
            break;
        }
        if (n < cap) {
            if (ferror(f))
                err = errno ? errno : EIO;
            break;
        }
        char *nb = realloc(b, cap * 2 + 1);
        if (!nb) {
            err = ENOMEM;
            break;
        }
        b = nb;
        cap *= 2;
    }
    fclose(f);
    if (err) {
        free(b);
        return err;
    }
    b[n] = '\0';
    *buf = b;
    *len = n;
    return 0;
}

int read_file_reported(const char *path, size_t limit, char **buf, size_t *len, struct diag *d)
{
    int err = read_file(path, limit, buf, len);
    if (err == EFBIG)
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "file too large (over %zu MiB)",
                    limit >> 20);
    else if (err == ENOMEM)
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "out of memory");
    else if (err == EIO || err == EISDIR)
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot read: %s", strerror(err));
    else if (err)
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot open: %s", strerror(err));
    return err ? -1 : 0;
}
