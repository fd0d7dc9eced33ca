/*
 * outfile.h -- how every IMP tool writes an output file.
 *
 *   struct outfile o;
 *   FILE *f = outfile_open(&o, path, d);
 *   if (!f) return -1;                     (reported through d)
 *   ... write to f ...
 *   return outfile_commit(&o, d);          (0, or -1 after reporting)
 *
 * What is written where (decided by outfile_open from what path names):
 *
 *   "-"                 standard output, written directly.
 *   a device, a FIFO,   opened and written directly: never replaced, never
 *   a socket            created (the type is checked again after opening).
 *   a directory         refused (EISDIR).
 *   a regular file      written to a temporary file in the same directory
 *   (or none yet)       and renamed over it by the commit, so a failed run
 *                       never leaves a partial file.  An existing file keeps
 *                       its permission bits (not set-id bits) and, when the
 *                       writer is root, its owner and group.  A file the
 *                       writer may not write is refused (EACCES).
 *   a file with several written to a temporary file too, then copied into
 *   hard links          the file itself by the commit, so every link still
 *                       names the same (new) content.  So is a file whose
 *                       directory may not be written (the temporary file
 *                       is then in $TMPDIR or /tmp).
 *   a symbolic link     followed (however many): the file it finally names
 *                       is the one replaced, in that file's directory; a
 *                       dangling link creates the file it points to.
 *
 * All or none: outfile_commit_all() commits several outputs only when every
 * one was written and closed without error; on any error none is installed
 * and the temporary files are removed.  (Data already written directly to a
 * device or standard output cannot be taken back.)
 *
 * Errors in writing (a full disk, /dev/full, EIO) are never lost: the
 * commit checks every write, flush and close and reports
 *   prog: error: writing 'name': No space left on device
 *
 * Temporary files are registered with tmpclean.h, so SIGINT, SIGTERM,
 * SIGHUP and SIGPIPE remove them (after tmpclean_install()).
 */
#ifndef IMP_OUTFILE_H
#define IMP_OUTFILE_H

#include <stdio.h>

#include "diag.h"

enum outfile_kind {
    OUTFILE_STDOUT,         /* "-" */
    OUTFILE_DIRECT,         /* device, FIFO, socket: written in place */
    OUTFILE_REPLACE,        /* temporary file renamed over the target */
    OUTFILE_COPY,           /* temporary file copied into the target */
};

struct outfile {
    FILE *f;                /* where to write; NULL once closed */
    const char *path;       /* as given, for messages */
    char *target;           /* the file to replace or copy into */
    char *tmp;              /* temporary file (REPLACE, COPY), else NULL */
    enum outfile_kind kind;
    int fd;                 /* the descriptor under f (not STDOUT) */
    int err;                /* errno of the first failed write or close */
    int failed;             /* a write, flush or close failed (reported) */
};

/* Open path for writing; NULL after reporting "path: error: cannot create".
 * The stream keeps a pointer to o: o must stay where it is until the
 * output is committed or aborted. */
FILE *outfile_open(struct outfile *o, const char *path, struct diag *d);

/* Flush and close (standard output: flush only), checking every error;
 * 0, or -1 after reporting.  The output is not yet installed. */
int outfile_finish(struct outfile *o, struct diag *d);

/* Finish, then install (rename or copy); 0, or -1 after reporting, the
 * temporary file removed and the target untouched. */
int outfile_commit(struct outfile *o, struct diag *d);

/* Commit the n outputs v[0..n-1] all, or (after any error) none. */
int outfile_commit_all(struct outfile *const *v, int n, struct diag *d);

/* Drop the output: close and remove the temporary file. */
void outfile_abort(struct outfile *o);

/* Remove the regular file an output at path would replace (its symbolic
 * links followed; a link is left dangling, so the next output there
 * creates the file again), as an output of an earlier run that no longer
 * stands for its input.  "-", a device, a FIFO, a socket, a directory and
 * a name of nothing are left alone.  0, or -1 after reporting
 * "path: error: cannot remove WHAT: ...". */
int outfile_remove(const char *path, const char *what, struct diag *d);

/* Flush standard output at the end of a tool; 0, or -1 after reporting
 * "writing 'standard output': ..." through d. */
int outfile_close_stdout(struct diag *d);

#endif
