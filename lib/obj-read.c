/*
 * obj-read.c -- the validating reader of object and load modules.
 *
 * The reader trusts nothing: every field is checked for syntax and range,
 * every id must name an ESD entry defined earlier, TXT/RLD/SYM/LINE/XREF
 * addresses must fall inside their section, and a file that is cut short
 * (no END), holds binary bytes or absurd sizes is rejected with a
 * path:line:col diagnostic.  It never reads outside the buffer it is given.
 */
#include "obj.h"
#include "obj-limits.h"
#include "readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- reader */

/* The state of one read: the text, the current line and a field cursor. */
struct reader {
    struct obj_module *m;
    struct diag *d;
    const char *name;           /* file name for diagnostics */
    const char *text, *end;
    const char *line, *eol;     /* current line [line, eol) */
    const char *p;              /* cursor within the line */
    int lineno;
    int line_base;              /* added to lineno in messages (obj_read_mem_at) */
    int errors;
    int *esd_line;              /* line of each ESD record (for late checks) */
    size_t esd_line_cap;
};

/* Report at column col of the current line; returns -1 for "record bad". */
static int rd_error_at(struct reader *r, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int rd_error_at(struct reader *r, const char *at, const char *fmt, ...)
{
    /* The text is not NUL-terminated: show diag a bounded copy of the line. */
    char src[256];
    size_t n = (size_t)(r->eol - r->line);
    if (n >= sizeof src)
        n = sizeof src - 1;
    memcpy(src, r->line, n);
    src[n] = '\0';
    va_list ap;
    va_start(ap, fmt);
    r->errors++;
    int col = at ? (int)(at - r->line) + 1 : 0;
    diag_vreport(r->d, DIAG_ERROR, r->name, r->line_base + r->lineno, col, n ? src : NULL, fmt, ap);
    va_end(ap);
    return -1;
}

static int is_blank(int c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Next blank-separated field: *start and its length, or 0 at end of line. */
static size_t next_field(struct reader *r, const char **start)
{
    while (r->p < r->eol && is_blank((unsigned char)*r->p))
        r->p++;
    *start = r->p;
    while (r->p < r->eol && !is_blank((unsigned char)*r->p))
        r->p++;
    return (size_t)(r->p - *start);
}

/* A required field named what; reports "missing" at end of line. */
static int need_field(struct reader *r, const char *what, const char **s, size_t *n)
{
    *n = next_field(r, s);
    if (*n == 0)
        return rd_error_at(r, *s, "missing %s", what);
    return 0;
}

static int end_of_record(struct reader *r)
{
    const char *s;
    if (next_field(r, &s) != 0)
        return rd_error_at(r, s, "unexpected field '%.*s' at end of record",
                           (int)(r->p - s > 40 ? 40 : r->p - s), s);
    return 0;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* A hexadecimal number of at most 8 digits, no prefix, <= max. */
static int read_hex(struct reader *r, const char *what, uint32_t max, uint32_t *out)
{
    const char *s;
    size_t n;
    if (need_field(r, what, &s, &n) != 0)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int h = hexval((unsigned char)s[i]);
        if (h < 0)
            return rd_error_at(r, s + i, "bad hexadecimal digit in %s", what);
        v = v * 16 + (uint64_t)h;
        if (v > max)
            return rd_error_at(r, s, "%s out of range (at most %X)", what, (unsigned)max);
    }
    *out = (uint32_t)v;
    return 0;
}

/* A decimal number in [lo, hi]. */
static int read_dec(struct reader *r, const char *what, long lo, long hi, int *out)
{
    const char *s;
    size_t n;
    if (need_field(r, what, &s, &n) != 0)
        return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return rd_error_at(r, s + i, "bad decimal digit in %s", what);
        v = v * 10 + (s[i] - '0');
        if (v > hi)
            return rd_error_at(r, s, "%s out of range (%ld to %ld)", what, lo, hi);
    }
    if (v < lo)
        return rd_error_at(r, s, "%s out of range (%ld to %ld)", what, lo, hi);
    *out = (int)v;
    return 0;
}

static int read_name(struct reader *r, char out[OBJ_NAME_MAX + 1])
{
    const char *s;
    size_t n;
    if (need_field(r, "name", &s, &n) != 0)
        return -1;
    if (n > OBJ_NAME_MAX)
        return rd_error_at(r, s, "name longer than %d characters", OBJ_NAME_MAX);
    for (size_t i = 0; i < n; i++)
        if (!obj_name_char((unsigned char)s[i]))
            return rd_error_at(r, s + i, "invalid character in name (A-Z 0-9 @ # $ _ only)");
    memcpy(out, s, n);
    out[n] = '\0';
    return 0;
}

/* An ESD id that must already be defined; with want_sd it must be an SD. */
static int read_id(struct reader *r, const char *what, int want_sd, int *out)
{
    const char *s = r->p;
    while (s < r->eol && is_blank((unsigned char)*s))
        s++;
    if (read_dec(r, what, 1, ID_LIMIT, out) != 0)
        return -1;
    const struct obj_esd *e = obj_esd_by_id(r->m, *out);
    if (!e)
        return rd_error_at(r, s, "%s %d is not a defined ESD id", what, *out);
    if (want_sd && e->type != ESD_SD)
        return rd_error_at(r, s, "%s %d (%s) is not a section (SD)", what, *out, e->name);
    return 0;
}

/* addr..addr+len must lie within section id (end inclusive when len is 0). */
static int check_in_section(struct reader *r, const char *at, int id, uint32_t addr,
                            uint32_t len, const char *what)
{
    const struct obj_esd *e = obj_esd_by_id(r->m, id);
    uint64_t lo = e->addr, hi = (uint64_t)e->addr + e->len;
    if (addr < lo || (uint64_t)addr + len > hi)
        return rd_error_at(r, at, "%s at %06X length %u lies outside section %s (%06X-%06X)",
                           what, (unsigned)addr, (unsigned)len, e->name, (unsigned)lo,
                           (unsigned)hi);
    return 0;
}

/* Position of the next field (for diagnostics about a field's value). */
static const char *peek(struct reader *r)
{
    const char *s = r->p;
    while (s < r->eol && is_blank((unsigned char)*s))
        s++;
    return s;
}

static int nomem(struct reader *r)
{
    return rd_error_at(r, NULL, "out of memory");
}

/*
 * The rest of the record, trailing blanks removed, as a new string: a
 * path, with each %XX (two hexadecimal digits, not 00) decoded to its byte.
 */
static int read_path(struct reader *r, char **out)
{
    const char *path = peek(r);
    if (path >= r->eol)
        return rd_error_at(r, path, "missing path");
    size_t len = (size_t)(r->eol - path);
    while (len > 0 && is_blank((unsigned char)path[len - 1]))
        len--;
    char *p = malloc(len + 1);
    if (!p)
        return nomem(r);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        int hi, lo;
        if (path[i] != '%') {
            p[n++] = path[i];
            continue;
        }
        if (i + 2 >= len || (hi = hexval((unsigned char)path[i + 1])) < 0 ||
            (lo = hexval((unsigned char)path[i + 2])) < 0 || (hi | lo) == 0) {
            free(p);
            return rd_error_at(r, path + i, "bad %%XX escape in path (two hexadecimal "
                               "digits, not 00)");
        }
        p[n++] = (char)(hi << 4 | lo);
        i += 2;
    }
    p[n] = '\0';
    *out = p;
    return 0;
}

static int rec_file(struct reader *r)
{
    const char *at = peek(r);
    int n;
    if (read_dec(r, "file number", 0, ID_LIMIT, &n) != 0)
        return -1;
    if ((size_t)n != r->m->nfiles)
        return rd_error_at(r, at, "FILE %d out of sequence (expected %zu)", n, r->m->nfiles);
    char *copy;
    if (read_path(r, &copy) != 0)
        return -1;
    int ok = obj_add_file(r->m, copy);
    free(copy);
    return ok < 0 ? nomem(r) : 0;
}

/* HASH n sha256 hex: after FILE n, once. */
static int rec_hash(struct reader *r)
{
    const char *at = peek(r);
    int n;
    if (read_dec(r, "file number", 0, ID_LIMIT, &n) != 0)
        return -1;
    if ((size_t)n >= r->m->nfiles)
        return rd_error_at(r, at, "HASH of file %d, which has no FILE record before it", n);
    if (r->m->file_hash[n])
        return rd_error_at(r, at, "a second HASH of file %d", n);
    const char *s;
    size_t len;
    if (need_field(r, "hash algorithm", &s, &len) != 0)
        return -1;
    if (len != 6 || memcmp(s, "sha256", 6) != 0)
        return rd_error_at(r, s, "unknown hash algorithm '%.*s' (sha256)", (int)(len > 16 ? 16 : len),
                           s);
    if (need_field(r, "SHA-256 digest", &s, &len) != 0)
        return -1;
    char hex[65];
    if (len != 64)
        return rd_error_at(r, s, "a SHA-256 digest is 64 hexadecimal digits, not %zu", len);
    memcpy(hex, s, 64);
    hex[64] = '\0';
    if (!obj_hash_ok(hex))
        return rd_error_at(r, s, "the digest is not lower-case hexadecimal");
    if (obj_set_file_hash(r->m, n, hex) != 0)
        return nomem(r);
    return end_of_record(r);
}

static int parse_esd_type(struct reader *r, enum esd_type *t)
{
    const char *s;
    size_t n;
    if (need_field(r, "ESD type", &s, &n) != 0)
        return -1;
    for (int i = 0; i < 3; i++)
        if (n == 2 && memcmp(s, obj_esd_type_names[i], 2) == 0) {
            *t = (enum esd_type)i;
            if (*t == ESD_ER && r->m->kind == OBJ_LOAD)
                return rd_error_at(r, s, "external reference (ER) in a load module");
            return 0;
        }
    return rd_error_at(r, s, "unknown ESD type '%.*s' (SD, LD or ER)", (int)(n > 8 ? 8 : n), s);
}

static int remember_esd_line(struct reader *r)
{
    if (r->m->nesd > r->esd_line_cap) {
        size_t cap = r->esd_line_cap ? r->esd_line_cap * 2 : 16;
        int *p = realloc(r->esd_line, cap * sizeof *p);
        if (!p)
            return nomem(r);
        r->esd_line = p;
        r->esd_line_cap = cap;
    }
    r->esd_line[r->m->nesd - 1] = r->line_base + r->lineno;
    return 0;
}

static int rec_esd(struct reader *r)
{
    const char *at = peek(r);
    int id, owner = 0;
    enum esd_type t;
    char name[OBJ_NAME_MAX + 1];
    uint32_t addr, len;
    if (read_dec(r, "ESD id", 1, ID_LIMIT, &id) != 0)
        return -1;
    if (obj_esd_by_id(r->m, id))
        return rd_error_at(r, at, "duplicate ESD id %d", id);
    if ((size_t)id != r->m->nesd + 1)
        return rd_error_at(r, at, "ESD id %d out of sequence (expected %zu)", id,
                           r->m->nesd + 1);
    if (parse_esd_type(r, &t) != 0)
        return -1;
    const char *name_at = peek(r);
    if (read_name(r, name) != 0)
        return -1;
    const struct obj_esd *dup = obj_esd_by_name(r->m, name);
    if (dup)
        return rd_error_at(r, name_at, "duplicate external symbol %s (also ESD id %d)", name,
                           dup->id);
    const char *addr_at = peek(r);
    if (read_hex(r, "address", ADDR_LIMIT - 1, &addr) != 0 ||
        read_hex(r, "length", ADDR_LIMIT, &len) != 0)
        return -1;
    if ((uint64_t)addr + len > ADDR_LIMIT)
        return rd_error_at(r, addr_at, "section %s ends past the 16 MiB address space", name);
    if (t == ESD_LD && read_dec(r, "owner id", 1, ID_LIMIT, &owner) != 0)
        return -1;
    if (t != ESD_SD && len != 0)
        return rd_error_at(r, addr_at, "only a section (SD) has a length");
    if (t == ESD_ER && addr != 0)
        return rd_error_at(r, addr_at, "an external reference (ER) has address 0");
    if (end_of_record(r) != 0)
        return -1;
    if (obj_add_esd(r->m, t, name, addr, len, owner) < 0)
        return nomem(r);
    return remember_esd_line(r);
}

static int rec_mod(struct reader *r)
{
    int id;
    if (r->m->kind != OBJ_LOAD)
        return rd_error_at(r, r->line, "MOD record in an object module (load modules only)");
    if (read_id(r, "section id", 1, &id) != 0)
        return -1;
    char *copy;
    if (read_path(r, &copy) != 0)
        return -1;
    int ok = obj_add_mod(r->m, id, copy);
    free(copy);
    return ok < 0 ? nomem(r) : 0;
}

static int rec_txt(struct reader *r)
{
    int id;
    uint32_t addr;
    const char *s;
    size_t n;
    if (read_id(r, "section id", 1, &id) != 0)
        return -1;
    const char *addr_at = peek(r);
    if (read_hex(r, "address", ADDR_LIMIT - 1, &addr) != 0 ||
        need_field(r, "text bytes", &s, &n) != 0)
        return -1;
    if (n % 2 != 0)
        return rd_error_at(r, s + n - 1, "odd number of hexadecimal digits in text");
    uint32_t len = (uint32_t)(n / 2);
    if (check_in_section(r, addr_at, id, addr, len, "text") != 0)
        return -1;
    uint8_t *buf = malloc(len);
    if (!buf)
        return nomem(r);
    for (uint32_t i = 0; i < len; i++) {
        int hi = hexval((unsigned char)s[2 * i]), lo = hexval((unsigned char)s[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(buf);
            return rd_error_at(r, s + 2 * i + (hi < 0 ? 0 : 1), "bad hexadecimal digit in text");
        }
        buf[i] = (uint8_t)(hi << 4 | lo);
    }
    int ok = end_of_record(r) == 0 ? obj_add_txt(r->m, id, addr, buf, len) : -2;
    free(buf);
    return ok == -2 ? -1 : ok < 0 ? nomem(r) : 0;
}

static int rec_rld(struct reader *r)
{
    int id, len, rid;
    uint32_t addr, flags;
    if (read_id(r, "section id", 1, &id) != 0)
        return -1;
    const char *addr_at = peek(r);
    if (read_hex(r, "address", ADDR_LIMIT - 1, &addr) != 0 ||
        read_dec(r, "field length", 1, 4, &len) != 0)
        return -1;
    const char *flags_at = peek(r);
    if (read_hex(r, "flags", 0xFF, &flags) != 0)
        return -1;
    if (flags & ~(uint32_t)(RLD_NEG | RLD_V))
        return rd_error_at(r, flags_at, "unknown RLD flag bits %X", (unsigned)flags);
    if (read_id(r, "relocation id", 0, &rid) != 0 || end_of_record(r) != 0)
        return -1;
    if (check_in_section(r, addr_at, id, addr, (uint32_t)len, "relocatable field") != 0)
        return -1;
    return obj_add_rld(r->m, id, addr, len, (int)flags, rid) < 0 ? nomem(r) : 0;
}

static int rec_sym(struct reader *r)
{
    int id;
    char name[OBJ_NAME_MAX + 1];
    uint32_t addr, len;
    const char *at = peek(r);
    if (read_dec(r, "section id", 0, ID_LIMIT, &id) != 0)
        return -1;
    if (id != 0) {
        const struct obj_esd *e = obj_esd_by_id(r->m, id);
        if (!e || e->type != ESD_SD)
            return rd_error_at(r, at, "section id %d is not a defined section (SD)", id);
    }
    if (read_name(r, name) != 0)
        return -1;
    const char *addr_at = peek(r);
    if (read_hex(r, "address", 0xFFFFFFFF, &addr) != 0 ||
        read_hex(r, "length", 0xFFFFFFFF, &len) != 0)
        return -1;
    const char *s;
    size_t n;
    if (need_field(r, "type", &s, &n) != 0)
        return -1;
    if (n != 1 || !((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '$' ||
                    *s == '@'))
        return rd_error_at(r, s, "symbol type must be one letter");
    if (end_of_record(r) != 0)
        return -1;
    if (id != 0 && check_in_section(r, addr_at, id, addr, 0, "symbol") != 0)
        return -1;
    return obj_add_sym(r->m, id, name, addr, len, *s) < 0 ? nomem(r) : 0;
}

/* The "file line" that ends a LINE or DEF record; the file must have its
 * FILE record.  0 or -1 (reported). */
static int read_file_line(struct reader *r, int *file, int *line)
{
    const char *file_at = peek(r);
    if (read_dec(r, "file number", 0, ID_LIMIT, file) != 0 ||
        read_dec(r, "line number", 1, 100000000, line) != 0 || end_of_record(r) != 0)
        return -1;
    if ((size_t)*file >= r->m->nfiles)
        return rd_error_at(r, file_at, "file number %d has no FILE record", *file);
    return 0;
}

static int rec_line(struct reader *r)
{
    int id, file, line;
    uint32_t addr;
    if (read_id(r, "section id", 1, &id) != 0)
        return -1;
    const char *addr_at = peek(r);
    if (read_hex(r, "address", ADDR_LIMIT - 1, &addr) != 0 ||
        read_file_line(r, &file, &line) != 0)
        return -1;
    if (check_in_section(r, addr_at, id, addr, 0, "line") != 0)
        return -1;
    return obj_add_line(r->m, id, addr, file, line) < 0 ? nomem(r) : 0;
}

static int rec_xref(struct reader *r)
{
    int id, rid;
    uint32_t addr;
    if (read_id(r, "section id", 1, &id) != 0)
        return -1;
    const char *addr_at = peek(r);
    if (read_hex(r, "address", ADDR_LIMIT - 1, &addr) != 0 ||
        read_id(r, "referenced id", 0, &rid) != 0 || end_of_record(r) != 0)
        return -1;
    if (check_in_section(r, addr_at, id, addr, 0, "reference") != 0)
        return -1;
    return obj_add_xref(r->m, id, addr, rid) < 0 ? nomem(r) : 0;
}

static int rec_def(struct reader *r)
{
    int id, file, line;
    if (read_id(r, "ESD id", 0, &id) != 0 || read_file_line(r, &file, &line) != 0)
        return -1;
    return obj_add_def(r->m, id, file, line) < 0 ? nomem(r) : 0;
}

static int rec_end(struct reader *r)
{
    if (peek(r) >= r->eol)
        return 0;
    int id;
    uint32_t addr;
    if (read_id(r, "entry section id", 1, &id) != 0)
        return -1;
    const char *addr_at = peek(r);
    if (read_hex(r, "entry address", ADDR_LIMIT - 1, &addr) != 0 || end_of_record(r) != 0)
        return -1;
    if (check_in_section(r, addr_at, id, addr, 0, "entry point") != 0)
        return -1;
    r->m->has_entry = 1;
    r->m->entry_esd = id;
    r->m->entry_addr = addr;
    return 0;
}

struct record_kind {
    const char *name;
    int (*parse)(struct reader *r);
};

static const struct record_kind record_kinds[] = {
    { "FILE", rec_file }, { "HASH", rec_hash }, { "ESD", rec_esd },   { "MOD", rec_mod },
    { "TXT", rec_txt },   { "RLD", rec_rld },   { "SYM", rec_sym },
    { "LINE", rec_line }, { "XREF", rec_xref }, { "DEF", rec_def },
    { "END", rec_end },
};

/* Advance to the next line; returns 0 at the end of the text. */
static int next_line(struct reader *r)
{
    if (r->eol >= r->end)
        return 0;
    r->line = r->eol == r->text && r->lineno == 0 ? r->text : r->eol + 1;
    if (r->line >= r->end)
        return 0;
    const char *nl = memchr(r->line, '\n', (size_t)(r->end - r->line));
    r->eol = nl ? nl : r->end;
    r->p = r->line;
    r->lineno++;
    return 1;
}

/* Binary junk: any control character other than tab and CR, or DEL, or >= 0x80. */
static int check_text(struct reader *r)
{
    for (const char *s = r->line; s < r->eol; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c < 0x20 && c != '\t' && c != '\r') || c >= 0x7F)
            return rd_error_at(r, s, "invalid byte 0x%02X (not a text module)", c);
    }
    return 0;
}

static int check_header(struct reader *r, enum obj_kind want)
{
    const char *magic = want == OBJ_LOAD ? "IMPLOAD" : "IMPOBJ";
    const char *other = want == OBJ_LOAD ? "IMPOBJ" : "IMPLOAD";
    if (!next_line(r)) {
        r->lineno = 1;
        r->line = r->eol = r->p = r->text;
        return rd_error_at(r, NULL, "empty file (expected '%s 1')", magic);
    }
    if (check_text(r) != 0)
        return -1;
    const char *s;
    size_t n = next_field(r, &s);
    if (n == strlen(other) && memcmp(s, other, n) == 0)
        return rd_error_at(r, s, "this is %s, not %s",
                           want == OBJ_LOAD ? "an object module" : "a load module",
                           want == OBJ_LOAD ? "a load module" : "an object module");
    if (n != strlen(magic) || memcmp(s, magic, n) != 0)
        return rd_error_at(r, s, "not an IMP %s (expected '%s 1')",
                           want == OBJ_LOAD ? "load module" : "object module", magic);
    n = next_field(r, &s);
    if (n != 1 || *s != '1')
        return rd_error_at(r, s, "unsupported format version '%.*s' (expected 1)",
                           (int)(n > 8 ? 8 : n), s);
    return end_of_record(r);
}

/* Dispatch one record line; returns 1 after END, 0 otherwise. */
static int read_record(struct reader *r)
{
    if (check_text(r) != 0)
        return 0;
    const char *s;
    size_t n = next_field(r, &s);
    if (n == 0 || *s == '#')
        return 0;
    for (size_t i = 0; i < sizeof record_kinds / sizeof record_kinds[0]; i++) {
        const struct record_kind *k = &record_kinds[i];
        if (n == strlen(k->name) && memcmp(s, k->name, n) == 0) {
            k->parse(r);
            return k->parse == rec_end;
        }
    }
    rd_error_at(r, s, "unknown record type '%.*s'", (int)(n > 16 ? 16 : n), s);
    return 0;
}

/* Checks needing the whole ESD table: an LD's owner must be an SD. */
static void check_owners(struct reader *r)
{
    for (size_t i = 0; i < r->m->nesd; i++) {
        const struct obj_esd *e = &r->m->esd[i];
        if (e->type != ESD_LD)
            continue;
        const struct obj_esd *o = obj_esd_by_id(r->m, e->owner);
        if (!o || o->type != ESD_SD) {
            r->errors++;
            diag_report(r->d, DIAG_ERROR, r->name, r->esd_line[i], 0, NULL,
                        "entry %s: owner id %d is not a section (SD)", e->name, e->owner);
        } else if (e->addr < o->addr || (uint64_t)e->addr > (uint64_t)o->addr + o->len) {
            r->errors++;
            diag_report(r->d, DIAG_ERROR, r->name, r->esd_line[i], 0, NULL,
                        "entry %s at %06X lies outside section %s", e->name,
                        (unsigned)e->addr, o->name);
        }
    }
}

static void read_body(struct reader *r)
{
    int ended = 0;
    while (r->errors < READ_ERR_MAX && !r->d->capped && next_line(r)) {
        if (ended) {
            if (check_text(r) != 0)
                continue;
            const char *s;
            if (next_field(r, &s) != 0 && *s != '#')
                rd_error_at(r, s, "record after END");
            continue;
        }
        ended = read_record(r);
    }
    if (!ended && r->errors == 0) {
        diag_report(r->d, DIAG_ERROR, r->name, r->line_base + r->lineno + 1, 0, NULL,
                    "truncated module: no END record");
        r->errors++;
    }
    if (r->errors == 0)
        check_owners(r);
}

int obj_read_mem(struct obj_module *m, enum obj_kind want, const char *name,
                 const char *text, size_t len, struct diag *d)
{
    return obj_read_mem_at(m, want, name, 1, text, len, d);
}

int obj_read_mem_at(struct obj_module *m, enum obj_kind want, const char *name, int first_line,
                    const char *text, size_t len, struct diag *d)
{
    struct reader r = { .m = m, .d = d, .name = name, .text = text, .end = text + len,
                        .line_base = first_line - 1 };
    r.line = r.eol = r.p = text;
    obj_init(m, want);
    if (check_header(&r, want) == 0)
        read_body(&r);
    free(r.esd_line);
    if (r.errors) {
        obj_free(m);
        return -1;
    }
    return 0;
}

int obj_read(struct obj_module *m, enum obj_kind want, const char *path, struct diag *d)
{
    obj_init(m, want);
    char *buf;
    size_t n;
    if (read_file_reported(path, FILE_LIMIT, &buf, &n, d) != 0)
        return -1;
    int rc = obj_read_mem(m, want, path, buf, n, d);
    free(buf);
    return rc;
}

enum obj_sniff obj_sniff(const char *path)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return OBJ_SNIFF_OTHER;
    struct stat sb;
    char head[16];
    ssize_t n = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) ? read(fd, head, sizeof head) : 0;
    close(fd);
    /* the header's first field, ended by a blank, a tab or the line's end */
    static const struct { const char *magic; enum obj_sniff kind; } kinds[] = {
        { "IMPLOAD", OBJ_SNIFF_LOAD },
        { "IMPOBJ", OBJ_SNIFF_OBJECT },
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t k = strlen(kinds[i].magic);
        if (n > (ssize_t)k && memcmp(head, kinds[i].magic, k) == 0 && strchr(" \t\r\n", head[k]))
            return kinds[i].kind;
        if (n == (ssize_t)k && memcmp(head, kinds[i].magic, k) == 0)
            return kinds[i].kind;
    }
    return OBJ_SNIFF_OTHER;
}
