/*
 * obj.h -- object modules (impas output) and load modules (impld output).
 *
 * Both are line-oriented text files of records, documented in impobj(5):
 *
 *   IMPOBJ 1                      or  IMPLOAD 1       (header, first line)
 *   FILE  n path                  source file n (for LINE records)
 *   HASH  n sha256 hex            the SHA-256 of source file n's bytes as
 *                                 assembled (optional; after its FILE)
 *   ESD   id type name addr len [owner]               external symbol
 *   TXT   id addr hexbytes        text: bytes at addr in section id
 *   RLD   id addr len flags rid   relocatable field of len bytes at addr in
 *                                 section id, relocated by section/symbol rid
 *   SYM   id name addr len type   an internal symbol (for labels, monitors)
 *   LINE  id addr file line       source line of the statement at addr
 *   XREF  id addr rid             a reference from section id at addr to
 *                                 symbol rid (for the CSECT cross-reference)
 *   MOD   id path                 (load modules) section id came from the
 *                                 object module path
 *   DEF   id file line            ESD entry id is defined (SD, LD) or
 *                                 declared (ER) at line of source file
 *   END   [id addr]               last record; optional entry point
 *
 * Blank lines and lines starting with '#' are ignored.  ESD ids are 1, 2,
 * 3, ... in order (so id = index in esd[] + 1) and every ESD record comes
 * before the records that name its id.  FILE numbers are 0, 1, 2, ... in
 * order (the index in files[]).  SYM id 0 marks an absolute symbol (EQU).
 * The rest of a FILE or MOD line after one blank is the path.
 *
 * A load module uses the same records with every address final: its ESD
 * entries are the CSECTs (SD) and entry names (LD) of the linked program,
 * its RLD records say which fields to relocate if the module is loaded at
 * another origin, and END gives the entry point.  Only the header differs
 * and ESD type ER never appears.
 *
 * All numbers are hexadecimal without prefix except file/line numbers and
 * ids (decimal).  Names are 1-63 characters of A-Z 0-9 @ # $ _.
 */
#ifndef IMP_OBJ_H
#define IMP_OBJ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

#define OBJ_NAME_MAX 63

enum obj_kind { OBJ_OBJECT, OBJ_LOAD };

enum esd_type {
    ESD_SD,     /* section definition: a CSECT (or the private code of START) */
    ESD_LD,     /* label definition: an ENTRY name inside an SD (owner) */
    ESD_ER,     /* external reference: EXTRN or V-con target */
};

struct obj_esd {
    int id;                 /* 1-based, unique in the module */
    enum esd_type type;
    char name[OBJ_NAME_MAX + 1];
    uint32_t addr;          /* SD: origin; LD: address; ER: 0 */
    uint32_t len;           /* SD: length; else 0 */
    int owner;              /* LD: id of the owning SD; else 0 */
};

struct obj_txt {
    int esd;                /* section the bytes belong to */
    uint32_t addr;
    uint32_t len;
    uint8_t *data;
};

enum rld_flags {
    RLD_NEG = 1,            /* subtract the relocation value instead of adding */
    RLD_V   = 2,            /* from a V-type constant (a call), else A-type */
};

struct obj_rld {
    int esd;                /* section holding the field */
    uint32_t addr;          /* address of the field */
    int len;                /* 1..4 bytes */
    int flags;              /* enum rld_flags */
    int rid;                /* ESD id whose address is added to the field */
};

struct obj_sym {
    int esd;                /* owning section */
    char name[OBJ_NAME_MAX + 1];
    uint32_t addr;
    uint32_t len;           /* length attribute */
    char type;              /* HLASM type attribute: I, C, X, F, H, A, V, ... */
};

struct obj_line {
    int esd;
    uint32_t addr;
    int file;               /* index into files[] */
    int line;
};

struct obj_xref {
    int esd;                /* section containing the reference */
    uint32_t addr;          /* where (address of the field or instruction) */
    int rid;                /* ESD id referred to */
};

/* Where an ESD entry is defined or declared in the source (DEF, optional:
   modules written before it was added have none). */
struct obj_def {
    int esd;                /* ESD id */
    int file;               /* index into files[] */
    int line;
};

/* Load modules: the object module a section (SD) was linked from. */
struct obj_mod {
    int esd;                /* SD id */
    char *path;             /* object module path as given to the linker */
};

struct obj_module {
    enum obj_kind kind;
    struct obj_esd *esd;   size_t nesd;
    struct obj_txt *txt;   size_t ntxt;
    struct obj_rld *rld;   size_t nrld;
    struct obj_sym *sym;   size_t nsym;
    struct obj_line *line; size_t nline;
    struct obj_xref *xref; size_t nxref;
    char **files;          size_t nfiles;
    char **file_hash;      /* parallel to files: its SHA-256 in hex, or NULL */
    struct obj_mod *mods;  size_t nmods;
    struct obj_def *defs;  size_t ndefs;
    int has_entry;
    int entry_esd;
    uint32_t entry_addr;
};

void obj_init(struct obj_module *m, enum obj_kind kind);
void obj_free(struct obj_module *m);

/* Builders: append one record (copies data/name).  Return the new index or -1 on ENOMEM. */
int obj_add_esd(struct obj_module *m, enum esd_type t, const char *name, uint32_t addr,
                uint32_t len, int owner);
int obj_add_txt(struct obj_module *m, int esd, uint32_t addr, const uint8_t *data, uint32_t len);
int obj_add_rld(struct obj_module *m, int esd, uint32_t addr, int len, int flags, int rid);
int obj_add_sym(struct obj_module *m, int esd, const char *name, uint32_t addr, uint32_t len,
                char type);
int obj_add_line(struct obj_module *m, int esd, uint32_t addr, int file, int line);
int obj_add_xref(struct obj_module *m, int esd, uint32_t addr, int rid);
int obj_add_file(struct obj_module *m, const char *path);
/* Source file n's SHA-256 (64 lower-case hex digits): 0, or -1 if n is no
 * file or hex is not such a digest (or no memory). */
int obj_set_file_hash(struct obj_module *m, int n, const char *hex);
/* 1 if hex is 64 lower-case hexadecimal digits. */
int obj_hash_ok(const char *hex);
int obj_add_mod(struct obj_module *m, int esd, const char *path);
int obj_add_def(struct obj_module *m, int esd, int file, int line);

/*
 * Builders return the new record's index in its array.  For ESD records
 * the id is that index + 1; for FILE records the file number is the index.
 * obj_add_esd assigns ids in order, so records appended by these builders
 * always satisfy the ordering rules the reader checks.
 */

const struct obj_esd *obj_esd_by_id(const struct obj_module *m, int id);
/* The ESD entry named name (any type), or NULL. */
const struct obj_esd *obj_esd_by_name(const struct obj_module *m, const char *name);
/* The DEF record of ESD id esd, or NULL if the module has none. */
const struct obj_def *obj_def_of(const struct obj_module *m, int esd);
/* The object module path recorded for section id (MOD), or NULL. */
const char *obj_mod_of(const struct obj_module *m, int esd);
/* 1 if s is a valid name: 1-63 characters of A-Z 0-9 @ # $ _. */
int obj_name_ok(const char *s);

/*
 * Write m to path, atomically (a temporary file renamed into place, so a
 * failed write never leaves a partial or lost file).  Returns 0, or -1
 * after reporting through d.
 */
int obj_write(const struct obj_module *m, const char *path, struct diag *d);
/* The text of m to f: 0, or -1 with errno set (EFBIG: the module would be
   larger than FILE_LIMIT, the most obj_read reads; the text is then cut). */
int obj_write_stream(const struct obj_module *m, FILE *f);

/*
 * Read an object or load module.  Every record is validated (syntax,
 * ranges, ids that exist, TXT inside its section); errors are reported as
 * path:line:col: error: ... through d.  Returns 0 with *m filled, or -1
 * with *m empty.  want is the kind expected; the other kind is an error.
 */
int obj_read(struct obj_module *m, enum obj_kind want, const char *path, struct diag *d);
int obj_read_mem(struct obj_module *m, enum obj_kind want, const char *name,
                 const char *text, size_t len, struct diag *d);
/* obj_read_mem() of a module embedded in a larger file whose line
 * first_line is the module's header: messages give the file's line numbers. */
int obj_read_mem_at(struct obj_module *m, enum obj_kind want, const char *name, int first_line,
                    const char *text, size_t len, struct diag *d);

/*
 * What the file at path holds, told by its content and never by its
 * name: a load module (its first line starts with IMPLOAD), an object
 * module (IMPOBJ), or anything else -- a source, for the assembler.  Only
 * a regular file is opened (a FIFO is never waited on); one that cannot
 * be opened is OBJ_SNIFF_OTHER, and the tool that reads it says why.
 */
enum obj_sniff { OBJ_SNIFF_OTHER, OBJ_SNIFF_LOAD, OBJ_SNIFF_OBJECT };
enum obj_sniff obj_sniff(const char *path);

#endif
