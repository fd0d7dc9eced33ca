/*
 * asm.h -- the impas assembler as a library: assemble a source file (or a
 * buffer in memory) into an object module and, optionally, a listing.
 *
 *   struct diag d; diag_init(&d, "impas");
 *   struct asm_options o = { .listing = stdout };
 *   struct assembler *as = asm_new(&d, &o);
 *   if (asm_run_file(as, "prog.s") == 0) obj_write(asm_object(as), "prog.o", &d);
 *   asm_free(as);
 *
 * There is no global state: many assemblers may live in one process.  The
 * library never prints except through the diag and the listing stream the
 * caller supplies, and never exits.
 */
#ifndef IMP_ASM_H
#define IMP_ASM_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "obj.h"

struct asm_options {
    const char *const *incdirs; /* COPY search path after the source's own directory */
    int nincdirs;
    FILE *listing;              /* listing stream, or NULL for none */
    int no_files;               /* never open files (COPY fails): for fuzzing */
    const char *sysparm;        /* &SYSPARM (NULL: empty) */
    int real_date;              /* &SYSDATE/&SYSTIME the real ones, not fixed */
    const char *const *maclibs; /* macro libraries after incdirs (IMP_MACLIB, the shipped one) */
    int nmaclibs;
    long macro_limit;           /* model statements processed in all, 0: 2,000,000 */
    long macro_text;            /* bytes of text made by macros and SET symbols, 0: 64 MiB */
    long branch_limit;          /* AIF/AGO branches taken in open code, 0: 1,000,000 */
    int mnote_console;          /* MNOTE messages also to the diag stream, as notes */
};

struct assembler;

struct assembler *asm_new(struct diag *d, const struct asm_options *o);
void asm_free(struct assembler *as);

/*
 * Assemble.  Returns 0 if the source had no errors, 1 if it had errors
 * (the object module is then incomplete and should not be written), 2 if
 * the main source could not be read.  Call one of them once per assembler.
 */
int asm_run_file(struct assembler *as, const char *path);
int asm_run_mem(struct assembler *as, const char *name, const char *text, size_t len);

/* The object module built by a run (owned by the assembler). */
struct obj_module *asm_object(struct assembler *as);

#endif
