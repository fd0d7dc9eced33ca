/*
 * libdir.c -- the folders searched for macro library members, each listed
 * once, and the set of names known to be in none of them.
 *
 * An operation code that is no instruction or macro of the source is
 * looked for in every library folder, as NAME.mac and name.mac.  Opening
 * files to find out costs two system calls per folder and name; a source
 * of 20,000 distinct unknown names would make 160,000 of them.  Instead a
 * folder is read once (readdir) into a hash set of its file names, and a
 * name found nowhere is remembered (struct nameset), so each name costs a
 * few hash probes.  A folder that cannot be listed is probed with stat().
 *
 * Whether a member found is fit to read (a regular file, not too large) is
 * decided when it is opened (source.c, src_load).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "libdir.h"

static unsigned long hash_str(const char *s)
{
    unsigned long h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fputs("impas: out of memory\n", stderr);
        abort();
    }
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d) {
        fputs("impas: out of memory\n", stderr);
        abort();
    }
    return memcpy(d, s, n);
}

/* ---- a set of strings (open addressing, at most half full) --------------------------- */

int nameset_has(const struct nameset *s, const char *name)
{
    if (!s->cap)
        return 0;
    for (size_t h = hash_str(name) & (s->cap - 1); s->slot[h]; h = (h + 1) & (s->cap - 1))
        if (strcmp(s->slot[h], name) == 0)
            return 1;
    return 0;
}

void nameset_add(struct nameset *s, const char *name)
{
    if (nameset_has(s, name))
        return;
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        char **ns = xcalloc(cap, sizeof *ns);
        for (size_t i = 0; i < s->cap; i++)
            if (s->slot[i]) {
                size_t h = hash_str(s->slot[i]) & (cap - 1);
                while (ns[h])
                    h = (h + 1) & (cap - 1);
                ns[h] = s->slot[i];
            }
        free(s->slot);
        s->slot = ns;
        s->cap = cap;
    }
    size_t h = hash_str(name) & (s->cap - 1);
    while (s->slot[h])
        h = (h + 1) & (s->cap - 1);
    s->slot[h] = xstrdup(name);
    s->n++;
}

void nameset_free(struct nameset *s)
{
    for (size_t i = 0; i < s->cap; i++)
        free(s->slot[i]);
    free(s->slot);
    *s = (struct nameset){ 0 };
}

/* ---- library folders ------------------------------------------------------------------ */

/* The entry of folder path, listed on first use. */
static struct libdir *dir_get(struct libdirs *ls, const char *path)
{
    for (size_t i = 0; i < ls->n; i++)
        if (strcmp(ls->d[i].path, path) == 0)
            return &ls->d[i];
    if (ls->n == ls->cap) {
        size_t cap = ls->cap ? ls->cap * 2 : 8;
        struct libdir *nd = realloc(ls->d, cap * sizeof *nd);
        if (!nd) {
            fputs("impas: out of memory\n", stderr);
            abort();
        }
        ls->d = nd;
        ls->cap = cap;
    }
    struct libdir *d = &ls->d[ls->n++];
    *d = (struct libdir){ .path = xstrdup(path) };
    DIR *dp = opendir(path);
    if (!dp)
        return d;           /* not listable: probe each name */
    d->listed = 1;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n > 4 && n <= LIBDIR_NAME_MAX && strcmp(e->d_name + n - 4, ".mac") == 0)
            nameset_add(&d->names, e->d_name);
    }
    closedir(dp);
    return d;
}

int libdir_has(struct libdirs *ls, const char *dir, const char *file)
{
    struct libdir *d = dir_get(ls, dir);
    if (d->listed)
        return nameset_has(&d->names, file);
    char path[4096];
    struct stat sb;
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, file) >= sizeof path)
        return 0;
    return stat(path, &sb) == 0;
}

void libdirs_free(struct libdirs *ls)
{
    for (size_t i = 0; i < ls->n; i++) {
        free(ls->d[i].path);
        nameset_free(&ls->d[i].names);
    }
    free(ls->d);
    *ls = (struct libdirs){ 0 };
}
