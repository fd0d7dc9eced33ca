/*
 * output.c -- the files impld writes besides the load module: the map and
 * cross-reference listings and the flat core image, each written to a
 * temporary file in the same directory and renamed into place, so an
 * error never leaves a partial file.  "-" writes a listing to stdout.
 *
 * Core image (contracts: --core): byte i of the file is storage address i,
 * from 0 to the end of the program; storage below the origin is zero
 * except, with restart_psw, the restart new PSW at 0:
 *     X'00080000' | entry      EC mode, supervisor, key 0, disabled
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ld.h"

/* Open a temporary file beside path; *tmp receives its name (caller frees). */
static FILE *open_temp(struct diag *d, const char *path, char **tmp)
{
    size_t n = strlen(path);
    *tmp = malloc(n + 16);
    if (!*tmp)
        return NULL;
    memcpy(*tmp, path, n);
    memcpy(*tmp + n, ".tmpXXXXXX", 11);
    int fd = mkstemp(*tmp);
    if (fd < 0) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot create: %s", strerror(errno));
        free(*tmp);
        *tmp = NULL;
        return NULL;
    }
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        close(fd);
        unlink(*tmp);
        free(*tmp);
        *tmp = NULL;
    }
    return f;
}

/* Close f and rename tmp to path; on any error remove tmp and report. */
static int close_temp(struct diag *d, FILE *f, char *tmp, const char *path)
{
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    if (fclose(f) != 0 && !err)
        err = errno ? errno : EIO;
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err) {
        unlink(tmp);
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot write: %s", strerror(err));
    }
    free(tmp);
    return err ? -1 : 0;
}

int ld_write_atomic(struct diag *d, const char *path,
                    void (*fn)(const struct linker *l, FILE *f), const struct linker *l)
{
    if (strcmp(path, "-") == 0) {
        fn(l, stdout);
        return fflush(stdout) == 0 ? 0 : -1;
    }
    char *tmp;
    FILE *f = open_temp(d, path, &tmp);
    if (!f)
        return -1;
    fn(l, f);
    return close_temp(d, f, tmp, path);
}

int ld_write_core(const struct linker *l, const char *path, int restart_psw)
{
    if (restart_psw && l->origin < 8) {
        diag_error(l->d, "--core: the restart PSW at 0 would overlap the program "
                         "(origin %X); use --no-restart-psw or a higher origin",
                   (unsigned)l->origin);
        return -1;
    }
    char *tmp;
    FILE *f = open_temp(l->d, path, &tmp);
    if (!f)
        return -1;
    uint8_t low[256] = { 0 };
    if (restart_psw) {
        low[1] = 0x08;
        low[5] = (uint8_t)(l->entry >> 16);
        low[6] = (uint8_t)(l->entry >> 8);
        low[7] = (uint8_t)l->entry;
    }
    for (uint32_t a = 0; a < l->origin;) {
        uint32_t n = l->origin - a < sizeof low ? l->origin - a : (uint32_t)sizeof low;
        fwrite(low, 1, n, f);
        if (a == 0)
            memset(low, 0, 8);
        a += n;
    }
    fwrite(l->image, 1, l->end - l->origin, f);
    return close_temp(l->d, f, tmp, path);
}
