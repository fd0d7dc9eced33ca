/*
 * fileset.h -- the files of one command, so that no output is an input
 * (or another output) under a second name.
 *
 *   struct fileset fs;
 *   fileset_init(&fs, d);
 *   if (fileset_add(&fs, FILE_IN, src, "source") ||
 *       fileset_add(&fs, FILE_OUT, out, "object (-o)")) ...refuse, exit 2
 *   fileset_free(&fs);
 *
 * Call it before anything is read or written.  Two files are the same when
 * they are the same device and inode (through symbolic and hard links),
 * or, for a file that does not exist yet, the same name in the same
 * directory (after following a dangling symbolic link).  Devices, FIFOs,
 * directories and "-" (standard input or output) never conflict: writing
 * them destroys nothing.  What conflicts:
 *
 *   an output with any other file of the set (input, output or bound);
 *   a bound file (imprun --file, read or written as the program decides)
 *   with another bound file under another name.
 *
 * A bound file may be the same as an input (a program reading its source).
 */
#ifndef IMP_FILESET_H
#define IMP_FILESET_H

#include <sys/types.h>

#include "diag.h"

enum file_role { FILE_IN, FILE_OUT, FILE_BOUND };

struct fileset_entry {
    enum file_role role;
    const char *path, *what;    /* as given, for the message */
    int exists;                 /* 1: dev and ino; 0: name */
    dev_t dev;
    ino_t ino;
    char *name;                 /* absolute name of a file yet to be made */
};

struct fileset {
    struct diag *d;
    struct fileset_entry *v;
    int n;
};

void fileset_init(struct fileset *s, struct diag *d);
/* Add path in role (what names it in messages: "source", "--json");
 * 0, or -1 after reporting the conflict through s->d.  Both strings must
 * outlive the set. */
int fileset_add(struct fileset *s, enum file_role role, const char *path, const char *what);
void fileset_free(struct fileset *s);

/* The name a path that does not exist stands for: itself or, if it is a
 * dangling symbolic link, the name it finally points to (malloc'd; NULL
 * with errno set, ELOOP after 40 links). */
char *fileset_final_name(const char *path);

#endif
