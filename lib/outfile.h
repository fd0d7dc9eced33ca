/*
 * outfile.h -- write an output file safely: into a temporary file beside
 * it, renamed into place only when everything was written.  A failed write
 * never leaves a partial file and never destroys the file it would have
 * replaced.  The path "-" means standard output, written directly.
 *
 *   struct outfile o;
 *   FILE *f = outfile_open(&o, path, d);
 *   if (!f) return -1;                     (reported through d)
 *   ... write to f ...
 *   return outfile_commit(&o, d);          (0, or -1 after reporting)
 *
 * outfile_abort() drops the temporary file instead (for example when the
 * content turned out to be wrong).  New files get mode 0666 less the umask,
 * as fopen() would give them.
 */
#ifndef IMP_OUTFILE_H
#define IMP_OUTFILE_H

#include <stdio.h>

#include "diag.h"

struct outfile {
    FILE *f;
    char *tmp;              /* temporary name, NULL for standard output */
    const char *path;
};

FILE *outfile_open(struct outfile *o, const char *path, struct diag *d);
int outfile_commit(struct outfile *o, struct diag *d);
void outfile_abort(struct outfile *o);

#endif
