/*
 * symbols.h -- where an address is in the program: the CSECT holding it
 * and the offset, the nearest label at or before it, and the source
 * line, from a load module's ESD, SYM and LINE records moved by the load
 * delta (symbols.c).  A table without a module (a core image) knows no
 * address.
 */
#ifndef IMP_VM_SYMBOLS_H
#define IMP_VM_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

#include "obj.h"

#define SYM_MAX_ROOTS 64                /* folders of the programs named */
#define SYM_SOURCE_LIMIT (16u << 20)    /* largest source file lines are shown from */

/* Why a source line is or is not shown (sym_source_text). */
#define SYM_SOURCE_REASONS(X)                                                   \
    X(SYM_SRC_OK,       "")                                                    \
    X(SYM_SRC_MISSING,  "")                 /* unreadable or no such line: said nowhere */ \
    X(SYM_SRC_OUTSIDE,  "the file is outside the program's folders")          \
    X(SYM_SRC_SPECIAL,  "not a regular file")                                 \
    X(SYM_SRC_LARGE,    "the file is larger than 16 MiB")                     \
    X(SYM_SRC_CHANGED,  "the source has changed since it was assembled")

enum sym_source {
#define X(e, why) e,
    SYM_SOURCE_REASONS(X)
#undef X
};
const char *sym_source_why(enum sym_source r);

struct symtab {
    const struct obj_module *m;     /* NULL: no symbols (a core image) */
    int64_t delta;                  /* load address - link address */
    char *roots[SYM_MAX_ROOTS];     /* folders source lines may come from */
    int nroots;
    unsigned char *checked;         /* per FILE of m with a HASH: 0 not yet compared,
                                       1 the same bytes, 2 changed (sym_init makes it) */
};

struct sym_where {
    const char *csect;              /* NULL if addr is in no section */
    uint32_t csect_off;
    const char *label;              /* nearest SYM at or before addr, or NULL */
    uint32_t label_off;
    const char *file;               /* source file of the statement, or NULL */
    int line;
};

/* No folders are allowed yet: sym_allow_folder_of() adds them. */
void sym_init(struct symtab *t, const struct obj_module *m, int64_t delta);
/*
 * Let source lines come from files in or below the folder holding path
 * (both with symbolic links resolved): the load module's folder, or each
 * source's folder for "imprun SRC.s".  0, or -1 if path cannot be resolved
 * or too many folders were added.
 */
int sym_allow_folder_of(struct symtab *t, const char *path);
void sym_free(struct symtab *t);
/* 0 with *w filled, or -1 if addr is in no section (*w zeroed).  The
 * strings of *w belong to the module: valid while it is. */
int sym_lookup(const struct symtab *t, uint32_t addr, struct sym_where *w);
/* The n bytes the module loaded at addr (its TXT records), into out: 0,
 * or -1 if a byte was not loaded from text or, loaded away from the link
 * address, lies in a field relocated at load time (RLD). */
int sym_loaded_bytes(const struct symtab *t, uint32_t addr, uint8_t *out, size_t n);
/* "CSECT+X'1A'" into buf (empty string and -1 if in no section). */
int sym_format(const struct symtab *t, uint32_t addr, char *buf, size_t size);
/*
 * Text of line `line` of file (no newline, cut to size - 1 bytes) into
 * buf: SYM_SRC_OK, or why not.  The file named by a load module is read
 * only if it is a regular file of at most SYM_SOURCE_LIMIT bytes whose
 * real path lies in or below one of t's folders: a load module cannot
 * make imprun print other host files or hang on a device or FIFO.
 */
enum sym_source sym_source_text(const struct symtab *t, const char *file, int line, char *buf,
                                size_t size);

#endif
