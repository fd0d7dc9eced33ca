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

struct symtab {
    const struct obj_module *m;     /* NULL: no symbols (a core image) */
    int64_t delta;                  /* load address - link address */
};

struct sym_where {
    const char *csect;              /* NULL if addr is in no section */
    uint32_t csect_off;
    const char *label;              /* nearest SYM at or before addr, or NULL */
    uint32_t label_off;
    const char *file;               /* source file of the statement, or NULL */
    int line;
};

void sym_init(struct symtab *t, const struct obj_module *m, int64_t delta);
/* 0 with *w filled, or -1 if addr is in no section (*w zeroed).  The
 * strings of *w belong to the module: valid while it is. */
int sym_lookup(const struct symtab *t, uint32_t addr, struct sym_where *w);
/* "CSECT+X'1A'" into buf (empty string and -1 if in no section). */
int sym_format(const struct symtab *t, uint32_t addr, char *buf, size_t size);
/* Text of line `line` of file (no newline); 0, or -1 if unreadable. */
int sym_source_text(const char *file, int line, char *buf, size_t size);

#endif
