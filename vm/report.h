/*
 * report.h -- imprun's reports: where an address is in the program
 * (report-sym.c), storage dumps, registers and PSW in Hercules' console
 * formats (report-dump.c), and a deterministic JSON writer
 * (report-json.c).  Nothing here runs the machine; everything writes to
 * the FILE* it is given.
 */
#ifndef IMP_VM_REPORT_H
#define IMP_VM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "obj.h"
#include "services.h"

/* ---- symbols: addresses -> CSECT+offset, label, source line ------------ */

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
/* 0 with *w filled, or -1 if addr is in no section (*w zeroed). */
int sym_lookup(const struct symtab *t, uint32_t addr, struct sym_where *w);
/* "CSECT+X'1A'" into buf (empty string and -1 if in no section). */
int sym_format(const struct symtab *t, uint32_t addr, char *buf, size_t size);
/* Text of line `line` of file (no newline); 0, or -1 if unreadable. */
int sym_source_text(const char *file, int line, char *buf, size_t size);

/* ---- Hercules-style displays ------------------------------------------- */

/* Dump len bytes at addr, 16 per line (R:addr:K:key=hex text). */
void report_dump(FILE *out, const struct svc_storage *st, uint32_t addr, uint32_t len, int key);
/* GR00=........  GR01=........  ... four per line. */
void report_gprs(FILE *out, const uint32_t gr[16]);
/* PSW=xxxxxxxx xxxxxxxx */
void report_psw(FILE *out, uint64_t psw);
/* The same followed by its fields in words. */
void report_psw_fields(FILE *out, uint64_t psw);

/* ---- JSON --------------------------------------------------------------- */

#define JSON_MAX_DEPTH 16

struct json {
    FILE *f;
    int depth;
    int first[JSON_MAX_DEPTH];
};

void json_begin(struct json *j, FILE *f);
/* key is NULL for array elements and the top-level value. */
void json_object(struct json *j, const char *key);
void json_array(struct json *j, const char *key);
void json_end(struct json *j, char close);      /* '}' or ']' */
void json_str(struct json *j, const char *key, const char *v);
void json_u64(struct json *j, const char *key, uint64_t v);
void json_i64(struct json *j, const char *key, int64_t v);
void json_bool(struct json *j, const char *key, int v);
void json_ratio(struct json *j, const char *key, uint64_t num, uint64_t den);
void json_hex(struct json *j, const char *key, uint64_t v, int width);
void json_quote(FILE *f, const char *s);

#endif
