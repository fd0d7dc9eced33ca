/*
 * fileset.c -- same-file checks between the inputs and outputs of one
 * command (rules in fileset.h).
 */
#define _GNU_SOURCE
#include "fileset.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

#define MAX_LINKS 40        /* symbolic links followed, as the kernel does */

/* Copy of dir/name, dir being the first ndir bytes of dir (0: none). */
static char *join(const char *dir, size_t ndir, const char *name)
{
    size_t n = strlen(name);
    char *p = malloc(ndir + n + 2);
    if (!p)
        return NULL;
    memcpy(p, dir, ndir);
    if (ndir)
        p[ndir++] = '/';
    memcpy(p + ndir, name, n + 1);
    return p;
}

char *fileset_final_name(const char *path)
{
    char *cur = strdup(path);
    for (int hops = 0; cur; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur;
        if (hops == MAX_LINKS) {
            free(cur);
            errno = ELOOP;
            return NULL;
        }
        char link[PATH_MAX];
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0) {
            free(cur);
            return NULL;
        }
        link[n] = '\0';
        const char *slash = strrchr(cur, '/');
        char *next = link[0] == '/' || !slash ? strdup(link)
                                               : join(cur, (size_t)(slash - cur), link);
        free(cur);
        cur = next;
    }
    errno = ENOMEM;
    return NULL;
}

/* Absolute name of a file yet to be made: its directory's real path and
 * its last component; NULL if the directory cannot be resolved. */
static char *new_file_name(const char *path)
{
    char *fin = fileset_final_name(path);
    if (!fin)
        return NULL;
    char *slash = strrchr(fin, '/');
    const char *base = slash ? slash + 1 : fin;
    char *dir;
    if (!slash)
        dir = realpath(".", NULL);
    else if (slash == fin)
        dir = realpath("/", NULL);
    else {
        *slash = '\0';
        dir = realpath(fin, NULL);
    }
    char *name = dir ? join(dir, strlen(dir), base) : NULL;
    free(dir);
    free(fin);
    return name;
}

void fileset_init(struct fileset *s, struct diag *d)
{
    s->d = d;
    s->v = NULL;
    s->n = 0;
}

static int conflict(enum file_role a, enum file_role b)
{
    return a == FILE_OUT || b == FILE_OUT || (a == FILE_BOUND && b == FILE_BOUND);
}

static int same(const struct fileset_entry *a, const struct fileset_entry *b)
{
    if (a->exists != b->exists)
        return 0;
    return a->exists ? a->dev == b->dev && a->ino == b->ino : strcmp(a->name, b->name) == 0;
}

int fileset_add(struct fileset *s, enum file_role role, const char *path, const char *what)
{
    if (!path || strcmp(path, "-") == 0)
        return 0;
    struct fileset_entry e = { role, path, what, 0, 0, 0, NULL };
    struct stat st;
    if (stat(path, &st) == 0) {
        if (!S_ISREG(st.st_mode))
            return 0;           /* a device, FIFO or directory: nothing to destroy */
        e.exists = 1;
        e.dev = st.st_dev;
        e.ino = st.st_ino;
    } else if (role == FILE_IN) {
        return 0;               /* reading it will say why it cannot be read */
    } else if (!(e.name = new_file_name(path))) {
        return 0;               /* cannot be made either: opening it will say why */
    }
    for (int i = 0; i < s->n; i++) {
        const struct fileset_entry *o = &s->v[i];
        if (!conflict(o->role, role) || !same(o, &e))
            continue;
        if (role == FILE_BOUND && o->role == FILE_BOUND)
            diag_error(s->d, "%s '%s' is the same file as %s '%s': a file may be bound "
                       "under one name only", what, path, o->what, o->path);
        else
            diag_error(s->d, "%s '%s' is the same file as %s '%s': refusing to overwrite it",
                       role == FILE_OUT ? what : o->what, role == FILE_OUT ? path : o->path,
                       role == FILE_OUT ? o->what : what, role == FILE_OUT ? o->path : path);
        free(e.name);
        return -1;
    }
    struct fileset_entry *nv = realloc(s->v, (size_t)(s->n + 1) * sizeof *nv);
    if (!nv) {
        free(e.name);
        diag_error(s->d, "out of memory");
        return -1;
    }
    s->v = nv;
    s->v[s->n++] = e;
    return 0;
}

void fileset_free(struct fileset *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i].name);
    free(s->v);
    s->v = NULL;
    s->n = 0;
}
