/*
 * readfile.h -- read a whole file into memory.
 */
#ifndef IMP_READFILE_H
#define IMP_READFILE_H

#include <stddef.h>

/*
 * Read the file at path into a new buffer (*buf, freed by the caller),
 * with a NUL after the last byte that *len does not count.  A file longer
 * than limit bytes is refused.  Returns 0, or an errno value: whatever
 * fopen(3) said, EISDIR for a directory, EFBIG past the limit, ENOMEM,
 * the read error (EIO if none is known); *buf is then NULL.
 * Never prints.
 */
int read_file(const char *path, size_t limit, char **buf, size_t *len);

struct diag;
/* The same, but a failure is reported to d as "PATH: error: cannot open:
 * ..." (too large, out of memory, cannot read, cannot open); 0 or -1. */
int read_file_reported(const char *path, size_t limit, char **buf, size_t *len,
                       struct diag *d);

#endif
