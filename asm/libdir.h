/*
 * libdir.h -- macro library folders listed once, and sets of names
 * (libdir.c).
 */
#ifndef IMP_ASM_LIBDIR_H
#define IMP_ASM_LIBDIR_H

#include <stddef.h>
#include <stdio.h>

#define LIBDIR_NAME_MAX 80      /* longer file names are never members (NAME is <= 63) */

struct nameset {                /* strings, owned */
    char **slot;
    size_t n, cap;
};
int nameset_has(const struct nameset *s, const char *name);
void nameset_add(struct nameset *s, const char *name);
void nameset_free(struct nameset *s);

struct libdir {
    char *path;
    int listed;                 /* names holds its *.mac files; else probe with stat */
    struct nameset names;
};
struct libdirs {
    struct libdir *d;
    size_t n, cap;
};
/* Is there an entry named file (any kind: the reader judges it) in folder dir? */
int libdir_has(struct libdirs *ls, const char *dir, const char *file);
void libdirs_free(struct libdirs *ls);

#endif
