/*
 * ld.h -- impld, the linkage editor: shared structures.
 *
 * A link goes through these stages, one file each:
 *
 *   control.c   parse the control statements (ENTRY, ORDER, PAGE)
 *   resolve.c   read the object modules, collect their CSECTs, build the
 *               table of external names (SD and LD), resolve every ER
 *   layout.c    order the CSECTs (ORDER first, then input order), give
 *               each its final address (doubleword or page aligned)
 *   relocate.c  copy the text into one image, apply the RLDs, and build
 *               the load module (ESD/MOD/TXT/RLD/SYM/LINE/FILE/XREF/END)
 *   map.c       the load map (-m)          xref.c  the cross-reference (-x)
 *   core.c      the flat core image        disasm.c  -d: disassembly
 *
 * All state hangs off struct linker; nothing here prints except through
 * the FILE* or struct diag it is handed, and nothing exits.
 */
#ifndef IMP_LD_H
#define IMP_LD_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "obj.h"

/* One object module given on the command line. */
struct ld_input {
    char *path;
    struct obj_module m;
    int *section;           /* per ESD index: global section index, or -1 */
    int *target;            /* per ESD index: global name index it resolves to, or -1 */
};

/* One CSECT of the program. */
struct ld_section {
    int input;              /* index into linker.inputs */
    int esd;                /* its SD id in that module */
    const char *name;
    uint32_t asm_addr;      /* address in the assembly's location space */
    uint32_t len;
    uint32_t addr;          /* final address */
    int page_align;         /* ORDER name(P) or PAGE */
    int ordered;            /* position in ORDER (1-based), 0 if not listed */
    int out_id;             /* its SD id in the load module */
};

/* An external name: a CSECT (SD) or an entry (LD). */
struct ld_name {
    const char *name;
    int section;            /* global section index */
    uint32_t offset;        /* from the start of the section */
    int is_entry;           /* LD */
    int input;              /* module that defines it */
    int esd;                /* its ESD id there */
    int out_id;             /* its ESD id in the load module */
};

/* A control statement naming a CSECT, kept for checks with positions. */
struct ld_ctl_name {
    char name[OBJ_NAME_MAX + 1];
    int page;               /* (P) */
    int line, col;
};

struct ld_control {
    const char *path;
    struct ld_ctl_name *order;  size_t norder;
    size_t order_cap;           /* allocated entries of order */
    size_t *order_hash;         /* open addressing: index + 1 into order, 0 empty */
    size_t hash_cap;            /* a power of two, more than twice norder */
    struct ld_ctl_name *page;   size_t npage;
    struct ld_ctl_name entry;   int has_entry;
};

/* One reference for the cross-reference list. */
struct ld_ref {
    int from;               /* section holding the reference */
    uint32_t addr;          /* final address of the field or instruction */
    int to_section;
    const char *to_name;    /* the symbol referred to (CSECT or entry name) */
    uint32_t to_addr;       /* its final address */
    char kind[8];           /* A(4) V(4) Y(2) -A(4) ref */
};

struct linker {
    struct diag *d;
    uint32_t origin;
    uint32_t page_size;
    struct ld_input *inputs;     size_t ninputs;
    const char **libs;           size_t nlibs;     /* -L: the automatic call library */
    char **unlinked;             size_t nunlinked; /* CSECTs of library modules left out */
    struct ld_section *sections; size_t nsections;
    struct ld_name *names;       size_t nnames;
    int *order;                  /* section indexes in layout order */
    struct ld_control ctl;
    int layout_marks;            /* ORDER or PAGE used: mark pages in the map */
    const char *entry_name;      /* -e, overrides ENTRY */
    uint32_t entry;              /* final entry address */
    const char *entry_label;     /* name shown in the map */
    uint32_t end;                /* first address after the program */
    uint8_t *image;              /* end - origin bytes */
    struct ld_ref *refs;         size_t nrefs;
    struct obj_module out;       /* the load module */
};

void ld_init(struct linker *l, struct diag *d);
void ld_free(struct linker *l);

/* control.c: parse statements; errors go to l->d as path:line:col. */
int ld_control_read(struct linker *l, const char *path);

/* A place in the source, for messages: file:line, or the module's path
   (line 0) when the module does not say. */
struct ld_where {
    const char *file;
    int line;
};

/* resolve.c */
/* The statement at addr of section esd in module k (its LINE records). */
struct ld_where ld_source_at(const struct linker *l, int k, int esd, uint32_t addr);
int ld_add_input(struct linker *l, const char *path);
int ld_resolve(struct linker *l);
int ld_find_name(const struct linker *l, const char *name);
int ld_find_section(const struct linker *l, const char *name);

/* layout.c */
int ld_layout(struct linker *l);

/* relocate.c, loadmod.c */
int ld_relocate(struct linker *l);
int ld_build_load_module(struct linker *l);

/* map.c, xref.c: each writes to f. */
void ld_write_map(const struct linker *l, FILE *f);
void ld_write_xref(const struct linker *l, FILE *f);

/* disasm.c: disassemble a load module to f. */
int ld_disassemble(const struct obj_module *m, FILE *f);

/* output.c: the files impld writes.  out is the load module; map, xref
 * and core (each NULL if not asked for) the listings and the core image. */
struct ld_outputs {
    const char *out, *map, *xref, *core;
    int restart_psw;                /* --core: restart PSW at 0 */
};
/* Write them all, or (after any error, reported through l->d) none; 0 or -1. */
int ld_write_outputs(const struct linker *l, const struct ld_outputs *o);

#endif
