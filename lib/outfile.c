/*
 * outfile.c -- output files: direct for devices and standard output, a
 * temporary file renamed (or, for hard-linked files, copied) into place
 * for regular files.  The rules are in outfile.h.
 */
#define _GNU_SOURCE
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileset.h"
#include "tmpclean.h"

static void reset(struct outfile *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    o->fd = -1;
}

/* The stream over o->fd: a write error keeps its errno in o->err, so the
 * message names the cause even when stdio has lost it. */
static ssize_t cookie_write(void *cookie, const char *buf, size_t n)
{
    struct outfile *o = cookie;
    for (size_t done = 0; done < n;) {
        ssize_t w = write(o->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!o->err)
                o->err = w < 0 ? errno : EIO;
            return -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)n;
}

static int cookie_close(void *cookie)
{
    struct outfile *o = cookie;
    int rc = close(o->fd);
    if (rc != 0 && !o->err)
        o->err = errno;
    o->fd = -1;
    return rc;
}

static FILE *stream(struct outfile *o, int fd)
{
    static const cookie_io_functions_t io = { NULL, cookie_write, NULL, cookie_close };
    o->fd = fd;
    FILE *f = fopencookie(o, "wb", io);
    if (!f) {
        int e = errno;
        close(fd);
        o->fd = -1;
        errno = e;
    }
    return f;
}

/* A new temporary file named after base (base.tmpXXXXXX); fd or -1. */
static int make_temp(struct outfile *o, const char *base)
{
    size_t n = strlen(base);
    o->tmp = malloc(n + sizeof ".tmpXXXXXX");
    if (!o->tmp)
        return -1;
    memcpy(o->tmp, base, n);
    memcpy(o->tmp + n, ".tmpXXXXXX", sizeof ".tmpXXXXXX");
    int fd = tmpclean_mkstemp(o->tmp);     /* registered as it appears */
    if (fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        errno = e;
        return -1;
    }
    return fd;
}

/* A temporary file in $TMPDIR (or /tmp), for an existing file whose
 * directory we may not write: it is copied into the file at the end. */
static int make_outside_temp(struct outfile *o)
{
    const char *t = getenv("TMPDIR");
    char base[PATH_MAX];
    snprintf(base, sizeof base, "%s/imp-out", t && *t ? t : "/tmp");
    return make_temp(o, base);
}

static void drop_temp(struct outfile *o)
{
    if (o->tmp) {
        unlink(o->tmp);
        tmpclean_forget(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    }
}

/* Open a device, FIFO or socket for writing; the FILE, or NULL with errno
 * (EAGAIN: it is no longer such a file, decide again). */
static FILE *open_direct(struct outfile *o, const char *path)
{
    int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) {
        close(fd);
        errno = EAGAIN;
        return NULL;
    }
    o->kind = OUTFILE_DIRECT;
    return stream(o, fd);
}

/* Open a temporary file standing for the regular file (or new file)
 * o->target; st describes the existing file, or is NULL. */
static FILE *open_temp(struct outfile *o, const struct stat *st)
{
    if (st && access(o->target, W_OK) != 0)
        return NULL;
    int fd = make_temp(o, o->target);
    int outside = 0;
    if (fd < 0 && st && errno == EACCES) {
        fd = make_outside_temp(o);
        outside = 1;
    }
    if (fd < 0)
        return NULL;
    if (st && (st->st_nlink > 1 || outside)) {
        o->kind = OUTFILE_COPY;
    } else {
        o->kind = OUTFILE_REPLACE;
        if (st) {
            /* Keep owner (root only may give a file away) and mode. */
            if (geteuid() == 0)
                (void)fchown(fd, st->st_uid, st->st_gid);
            else if (st->st_gid != getegid())
                (void)fchown(fd, (uid_t)-1, st->st_gid);
            (void)fchmod(fd, st->st_mode & 0777);
        } else {
            mode_t mask = umask(0);
            umask(mask);
            (void)fchmod(fd, 0666 & ~mask);
        }
    }
    FILE *f = stream(o, fd);
    if (!f) {
        int e = errno;
        drop_temp(o);
        errno = e;
    }
    return f;
}

FILE *outfile_open(struct outfile *o, const char *path, struct diag *d)
{
    reset(o, path);
    if (strcmp(path, "-") == 0) {
        o->kind = OUTFILE_STDOUT;
        return o->f = stdout;
    }
    FILE *f = NULL;
    for (int tries = 0; !f && tries < 3; tries++) {
        struct stat st;
        free(o->target);
        o->target = NULL;
        errno = 0;
        if (stat(path, &st) == 0) {
            if (S_ISDIR(st.st_mode)) {
                errno = EISDIR;
                break;
            }
            if (!S_ISREG(st.st_mode)) {
                f = open_direct(o, path);
                if (!f && errno != EAGAIN)
                    break;
                continue;
            }
            o->target = realpath(path, NULL);
            if (!o->target)
                break;
            f = open_temp(o, &st);
            break;
        }
        if (errno != ENOENT)
            break;
        o->target = fileset_final_name(path);
        if (!o->target)
            break;
        f = open_temp(o, NULL);
        break;
    }
    if (!f) {
        int e = errno ? errno : EIO;
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot create: %s", strerror(e));
        free(o->target);
        o->target = NULL;
        return NULL;
    }
    return o->f = f;
}

static int write_failed(struct outfile *o, struct diag *d, int err)
{
    if (o->kind == OUTFILE_STDOUT)
        clearerr(stdout);           /* reported here, not again at exit */
    if (o->err)
        err = o->err;
    if (!o->failed)
        diag_error(d, "writing '%s': %s",
                   o->kind == OUTFILE_STDOUT ? "standard output" : o->path,
                   strerror(err ? err : EIO));
    o->failed = 1;
    return -1;
}

int outfile_finish(struct outfile *o, struct diag *d)
{
    if (!o->f)
        return o->failed ? -1 : 0;
    FILE *f = o->f;
    errno = 0;
    int bad = fflush(f) != 0;
    int err = errno;
    if (ferror(f) && !bad) {
        bad = 1;
        err = EIO;
    }
    if (o->kind == OUTFILE_STDOUT) {
        o->f = NULL;
        return bad ? write_failed(o, d, err) : 0;
    }
    errno = 0;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    o->f = NULL;
    return bad ? write_failed(o, d, err) : 0;
}

/* Copy the temporary file into the target in place (hard-linked file). */
static int copy_into(struct outfile *o)
{
    int in = open(o->tmp, O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return -1;
    int out = open(o->target, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC);
    if (out < 0) {
        int e = errno;
        close(in);
        errno = e;
        return -1;
    }
    char buf[65536];
    ssize_t n;
    int rc = 0;
    while (rc == 0 && (n = read(in, buf, sizeof buf)) != 0) {
        if (n < 0) {
            if (errno != EINTR)
                rc = -1;
            continue;
        }
        for (ssize_t done = 0; rc == 0 && done < n;) {
            ssize_t w = write(out, buf + done, (size_t)(n - done));
            if (w < 0 && errno != EINTR)
                rc = -1;
            else if (w > 0)
                done += w;
        }
    }
    int e = errno;
    close(in);
    if (close(out) != 0 && rc == 0)
        return -1;
    errno = e;
    return rc;
}

/* Install a finished output; 0, or -1 after reporting. */
static int install(struct outfile *o, struct diag *d)
{
    int rc = 0;
    if (o->kind == OUTFILE_REPLACE && rename(o->tmp, o->target) == 0) {
        tmpclean_forget(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    } else if (o->kind == OUTFILE_REPLACE || (o->kind == OUTFILE_COPY && copy_into(o) != 0)) {
        rc = write_failed(o, d, errno);
    }
    drop_temp(o);
    free(o->target);
    o->target = NULL;
    return rc;
}

int outfile_commit(struct outfile *o, struct diag *d)
{
    struct outfile *v[1] = { o };
    return outfile_commit_all(v, 1, d);
}

int outfile_commit_all(struct outfile *const *v, int n, struct diag *d)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (v[i] && outfile_finish(v[i], d) != 0)
            bad = 1;
    for (int i = 0; i < n; i++) {
        if (!v[i])
            continue;
        if (bad)
            outfile_abort(v[i]);
        else if (install(v[i], d) != 0)
            bad = 1;
    }
    return bad ? -1 : 0;
}

void outfile_abort(struct outfile *o)
{
    if (o->f && o->kind != OUTFILE_STDOUT)
        fclose(o->f);
    else if (o->f)
        fflush(o->f);
    o->f = NULL;
    drop_temp(o);
    free(o->target);
    o->target = NULL;
}

int outfile_remove(const char *path, const char *what, struct diag *d)
{
    struct stat st;
    if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    char *target = realpath(path, NULL);
    int rc = target ? unlink(target) : -1;
    int e = errno;
    free(target);
    if (rc != 0 && e != ENOENT) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot remove %s: %s", what, strerror(e));
        return -1;
    }
    return 0;
}

int outfile_close_stdout(struct diag *d)
{
    errno = 0;
    int bad = fflush(stdout) != 0;
    int err = errno;
    if (ferror(stdout) && !bad) {
        bad = 1;
        err = EIO;
    }
    if (bad) {
        diag_error(d, "writing 'standard output': %s", strerror(err ? err : EIO));
        clearerr(stdout);
    }
    return bad ? -1 : 0;
}
