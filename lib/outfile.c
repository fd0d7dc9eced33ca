/*
 * outfile.c -- output files written through a temporary file and rename(2).
 */
#include "outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *outfile_open(struct outfile *o, const char *path, struct diag *d)
{
    o->path = path;
    o->tmp = NULL;
    o->f = NULL;
    if (strcmp(path, "-") == 0)
        return o->f = stdout;
    size_t n = strlen(path);
    o->tmp = malloc(n + sizeof ".tmpXXXXXX");
    if (!o->tmp) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot create: out of memory");
        return NULL;
    }
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, ".tmpXXXXXX", sizeof ".tmpXXXXXX");
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot create: %s", strerror(errno));
        free(o->tmp);
        o->tmp = NULL;
        return NULL;
    }
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot create: %s", strerror(errno));
        close(fd);
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    }
    return o->f;
}

int outfile_commit(struct outfile *o, struct diag *d)
{
    if (!o->tmp) {
        int bad = fflush(o->f) != 0 || ferror(o->f);
        if (bad)
            diag_report(d, DIAG_ERROR, "(standard output)", 0, 0, NULL, "write error");
        return bad ? -1 : 0;
    }
    errno = 0;
    int err = ferror(o->f) ? (errno ? errno : EIO) : 0;
    if (fclose(o->f) != 0 && !err)
        err = errno ? errno : EIO;
    o->f = NULL;
    if (!err && rename(o->tmp, o->path) != 0)
        err = errno;
    if (err) {
        unlink(o->tmp);
        diag_report(d, DIAG_ERROR, o->path, 0, 0, NULL, "cannot write: %s", strerror(err));
    }
    free(o->tmp);
    o->tmp = NULL;
    return err ? -1 : 0;
}

void outfile_abort(struct outfile *o)
{
    if (!o->tmp)
        return;
    if (o->f)
        fclose(o->f);
    unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    o->f = NULL;
}
