/*
 * obj.c -- object and load modules: the in-memory model, the builders and
 * the atomic writer of the text format (obj.h and impobj(5) describe the
 * records).  The validating reader is in obj-read.c.
 */
#include "obj.h"
#include "obj-limits.h"
#include "outfile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ model */

void obj_init(struct obj_module *m, enum obj_kind kind)
{
    memset(m, 0, sizeof *m);
    m->kind = kind;
}

void obj_free(struct obj_module *m)
{
    for (size_t i = 0; i < m->ntxt; i++)
        free(m->txt[i].data);
    for (size_t i = 0; i < m->nfiles; i++) {
        free(m->files[i]);
        free(m->file_hash[i]);
    }
    free(m->file_hash);
    for (size_t i = 0; i < m->nmods; i++)
        free(m->mods[i].path);
    free(m->esd);
    free(m->txt);
    free(m->rld);
    free(m->sym);
    free(m->line);
    free(m->xref);
    free(m->files);
    free(m->mods);
    free(m->defs);
    obj_init(m, m->kind);
}

/*
 * Grow *arr (of *n elements of size sz) by one zeroed element; returns a
 * pointer to it or NULL on ENOMEM (the array is then unchanged).  Capacity
 * doubles at powers of two, so n alone determines it.
 */
static void *grow(void *arr_p, size_t *n, size_t sz)
{
    void **arr = arr_p;
    /* The capacity is the power of two at or above n: full when n is 0 or
       a power of two. */
    if ((*n & (*n - 1)) == 0) {
        size_t ncap = *n ? *n * 2 : 1;
        void *p = realloc(*arr, ncap * sz);
        if (!p)
            return NULL;
        *arr = p;
    }
    char *el = (char *)*arr + *n * sz;
    memset(el, 0, sz);
    (*n)++;
    return el;
}

static void copy_name(char dst[OBJ_NAME_MAX + 1], const char *src)
{
    size_t n = strlen(src);
    if (n > OBJ_NAME_MAX)
        n = OBJ_NAME_MAX;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

int obj_add_esd(struct obj_module *m, enum esd_type t, const char *name, uint32_t addr,
                uint32_t len, int owner)
{
    struct obj_esd *e = grow(&m->esd, &m->nesd, sizeof *e);
    if (!e)
        return -1;
    e->id = (int)m->nesd;
    e->type = t;
    copy_name(e->name, name);
    e->addr = addr;
    e->len = len;
    e->owner = owner;
    return (int)m->nesd - 1;
}

int obj_add_txt(struct obj_module *m, int esd, uint32_t addr, const uint8_t *data, uint32_t len)
{
    uint8_t *copy = malloc(len ? len : 1);
    if (!copy)
        return -1;
    struct obj_txt *t = grow(&m->txt, &m->ntxt, sizeof *t);
    if (!t) {
        free(copy);
        return -1;
    }
    if (len)
        memcpy(copy, data, len);
    t->esd = esd;
    t->addr = addr;
    t->len = len;
    t->data = copy;
    return (int)m->ntxt - 1;
}

int obj_add_rld(struct obj_module *m, int esd, uint32_t addr, int len, int flags, int rid)
{
    struct obj_rld *r = grow(&m->rld, &m->nrld, sizeof *r);
    if (!r)
        return -1;
    *r = (struct obj_rld){ .esd = esd, .addr = addr, .len = len, .flags = flags, .rid = rid };
    return (int)m->nrld - 1;
}

int obj_add_sym(struct obj_module *m, int esd, const char *name, uint32_t addr, uint32_t len,
                char type)
{
    struct obj_sym *s = grow(&m->sym, &m->nsym, sizeof *s);
    if (!s)
        return -1;
    s->esd = esd;
    copy_name(s->name, name);
    s->addr = addr;
    s->len = len;
    s->type = type;
    return (int)m->nsym - 1;
}

int obj_add_line(struct obj_module *m, int esd, uint32_t addr, int file, int line)
{
    struct obj_line *l = grow(&m->line, &m->nline, sizeof *l);
    if (!l)
        return -1;
    *l = (struct obj_line){ .esd = esd, .addr = addr, .file = file, .line = line };
    return (int)m->nline - 1;
}

int obj_add_xref(struct obj_module *m, int esd, uint32_t addr, int rid)
{
    struct obj_xref *x = grow(&m->xref, &m->nxref, sizeof *x);
    if (!x)
        return -1;
    *x = (struct obj_xref){ .esd = esd, .addr = addr, .rid = rid };
    return (int)m->nxref - 1;
}

int obj_add_file(struct obj_module *m, const char *path)
{
    char *copy = strdup(path);
    if (!copy)
        return -1;
    size_t nh = m->nfiles;              /* file_hash grows in step with files */
    char **h = grow(&m->file_hash, &nh, sizeof *h);
    char **f = h ? grow(&m->files, &m->nfiles, sizeof *f) : NULL;
    if (!f) {
        free(copy);
        return -1;
    }
    *f = copy;
    return (int)m->nfiles - 1;
}

int obj_hash_ok(const char *hex)
{
    size_t n = 0;
    for (; hex[n]; n++)
        if (!((hex[n] >= '0' && hex[n] <= '9') || (hex[n] >= 'a' && hex[n] <= 'f')))
            return 0;
    return n == 64;
}

int obj_set_file_hash(struct obj_module *m, int n, const char *hex)
{
    if (n < 0 || (size_t)n >= m->nfiles || !obj_hash_ok(hex))
        return -1;
    char *copy = strdup(hex);
    if (!copy)
        return -1;
    free(m->file_hash[n]);
    m->file_hash[n] = copy;
    return 0;
}

int obj_add_mod(struct obj_module *m, int esd, const char *path)
{
    char *copy = strdup(path);
    if (!copy)
        return -1;
    struct obj_mod *md = grow(&m->mods, &m->nmods, sizeof *md);
    if (!md) {
        free(copy);
        return -1;
    }
    md->esd = esd;
    md->path = copy;
    return (int)m->nmods - 1;
}

const struct obj_esd *obj_esd_by_id(const struct obj_module *m, int id)
{
    if (id >= 1 && (size_t)id <= m->nesd && m->esd[id - 1].id == id)
        return &m->esd[id - 1];
    for (size_t i = 0; i < m->nesd; i++)
        if (m->esd[i].id == id)
            return &m->esd[i];
    return NULL;
}

const struct obj_esd *obj_esd_by_name(const struct obj_module *m, const char *name)
{
    for (size_t i = 0; i < m->nesd; i++)
        if (strcmp(m->esd[i].name, name) == 0)
            return &m->esd[i];
    return NULL;
}

int obj_add_def(struct obj_module *m, int esd, int file, int line)
{
    struct obj_def *d = grow(&m->defs, &m->ndefs, sizeof *d);
    if (!d)
        return -1;
    *d = (struct obj_def){ .esd = esd, .file = file, .line = line };
    return (int)m->ndefs - 1;
}

const struct obj_def *obj_def_of(const struct obj_module *m, int esd)
{
    for (size_t i = 0; i < m->ndefs; i++)
        if (m->defs[i].esd == esd)
            return &m->defs[i];
    return NULL;
}

const char *obj_mod_of(const struct obj_module *m, int esd)
{
    for (size_t i = 0; i < m->nmods; i++)
        if (m->mods[i].esd == esd)
            return m->mods[i].path;
    return NULL;
}

int obj_name_char(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '@' || c == '#' ||
           c == '$' || c == '_';
}

int obj_name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > OBJ_NAME_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!obj_name_char((unsigned char)s[i]))
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- writer */

const char *const obj_esd_type_names[3] = { "SD", "LD", "ER" };

/*
 * The records are formatted by hand into a buffer flushed with fwrite:
 * a 100,000-statement assembly writes hundreds of thousands of records,
 * and printf's format parsing dominated the assembler's run time.  The
 * output is byte for byte what the printf formats in the comments give.
 * A record is formatted at a pointer into the buffer after one check for
 * room (REC_ROOM bytes: every record but FILE and MOD, whose paths may be
 * long, fits); the put_* helpers return the pointer past what they wrote.
 */
enum { REC_ROOM = 256 };

struct wbuf {
    FILE *f;
    size_t n;
    uint64_t total;     /* bytes flushed so far */
    int too_big;        /* 1: past FILE_LIMIT, nothing more is written */
    char b[65536];
};

static const char hexdigits[] = "0123456789ABCDEF";

/* Write out the buffer, unless the module would pass FILE_LIMIT: the
   reader's limit, so that no tool writes a module another cannot read. */
static void wb_flush(struct wbuf *w)
{
    w->total += w->n;
    if (w->total > FILE_LIMIT)
        w->too_big = 1;
    if (w->n && !w->too_big)
        fwrite(w->b, 1, w->n, w->f);
    w->n = 0;
}

/* Room for k more bytes (k <= sizeof b): where the next record goes. */
static char *wb_room(struct wbuf *w, size_t k)
{
    if (sizeof w->b - w->n < k)
        wb_flush(w);
    return w->b + w->n;
}

/* The record formatted up to p is complete. */
static void wb_done(struct wbuf *w, const char *p) { w->n = (size_t)(p - w->b); }

/* A string of any length (paths), outside the REC_ROOM discipline. */
static void wb_str(struct wbuf *w, const char *s)
{
    size_t k = strlen(s);
    if (k > sizeof w->b / 2) {
        wb_flush(w);
        w->total += k;
        if (w->total > FILE_LIMIT)
            w->too_big = 1;
        if (!w->too_big)
            fwrite(s, 1, k, w->f);
        return;
    }
    memcpy(wb_room(w, k), s, k);
    w->n += k;
}

/* A path, percent-encoded (obj.h, "Paths"): any byte string round-trips. */
static void wb_path(struct wbuf *w, const char *s)
{
    for (; *s; s++) {
        char *p = wb_room(w, 3);
        unsigned char c = (unsigned char)*s;
        if (obj_path_byte_plain(c)) {
            *p++ = (char)c;
        } else {
            *p++ = '%';
            *p++ = hexdigits[c >> 4];
            *p++ = hexdigits[c & 15];
        }
        wb_done(w, p);
    }
}

int obj_path_byte_plain(int c)
{
    return c >= 0x21 && c < 0x7F && c != '%';
}

/* A name (at most OBJ_NAME_MAX characters) or a short literal. */
static char *put_str(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

/* "%d" / "%zu" */
static char *put_dec(char *p, long long v)
{
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    if (v < 0)
        *p++ = '-';
    if (u < 10) {
        *p++ = (char)('0' + u);
        return p;
    }
    char t[24];
    int k = 0;
    do {
        t[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    while (k)
        *p++ = t[--k];
    return p;
}

/* "%0<width>X" (width 0: "%X") */
static char *put_hex(char *p, uint32_t v, int width)
{
    if (width == 6 && v < 0x1000000) {
        for (int i = 5; i >= 0; i--) {
            p[i] = hexdigits[v & 15];
            v >>= 4;
        }
        return p + 6;
    }
    char t[8];
    int k = 0;
    do {
        t[k++] = hexdigits[v & 15];
        v >>= 4;
    } while (v);
    while (k < width)
        t[k++] = '0';
    while (k)
        *p++ = t[--k];
    return p;
}

/* " %d", " %06X", " %X": a number after its blank */
static char *put_sp_dec(char *p, long long v) { *p++ = ' '; return put_dec(p, v); }
static char *put_sp_hex(char *p, uint32_t v, int width) { *p++ = ' '; return put_hex(p, v, width); }

/* "TXT %d %06X " and "%02X" per byte, TXT_PER_LINE bytes a record. */
static void write_txt(const struct obj_txt *t, struct wbuf *w)
{
    for (uint32_t off = 0; off < t->len; off += TXT_PER_LINE) {
        uint32_t n = t->len - off < TXT_PER_LINE ? t->len - off : TXT_PER_LINE;
        char *p = wb_room(w, REC_ROOM);
        p = put_str(p, "TXT");
        p = put_sp_dec(p, t->esd);
        p = put_sp_hex(p, t->addr + off, 6);
        *p++ = ' ';
        const uint8_t *d = t->data + off;
        for (uint32_t i = 0; i < n; i++) {
            *p++ = hexdigits[d[i] >> 4];
            *p++ = hexdigits[d[i] & 15];
        }
        *p++ = '\n';
        wb_done(w, p);
    }
}

static void write_records(const struct obj_module *m, struct wbuf *w)
{
    char *p;
    wb_str(w, m->kind == OBJ_LOAD ? "IMPLOAD 1\n" : "IMPOBJ 1\n");
    for (size_t i = 0; i < m->nfiles; i++) {        /* FILE %zu %s */
        p = put_str(wb_room(w, REC_ROOM), "FILE");
        p = put_sp_dec(p, (long long)i);
        *p++ = ' ';
        wb_done(w, p);
        wb_path(w, m->files[i]);
        wb_str(w, "\n");
        if (m->file_hash[i]) {                       /* HASH %zu sha256 %s */
            p = put_str(wb_room(w, REC_ROOM), "HASH");
            p = put_sp_dec(p, (long long)i);
            p = put_str(p, " sha256 ");
            p = put_str(p, m->file_hash[i]);
            *p++ = '\n';
            wb_done(w, p);
        }
    }
    for (size_t i = 0; i < m->nesd; i++) {          /* ESD %d %s %s %06X %X [%d] */
        const struct obj_esd *e = &m->esd[i];
        p = put_str(wb_room(w, REC_ROOM), "ESD");
        p = put_sp_dec(p, e->id);
        *p++ = ' ';
        p = put_str(p, obj_esd_type_names[e->type]);
        *p++ = ' ';
        p = put_str(p, e->name);
        p = put_sp_hex(p, e->addr, 6);
        p = put_sp_hex(p, e->len, 0);
        if (e->type == ESD_LD)
            p = put_sp_dec(p, e->owner);
        *p++ = '\n';
        wb_done(w, p);
    }
    for (size_t i = 0; i < m->nmods; i++) {         /* MOD %d %s */
        p = put_str(wb_room(w, REC_ROOM), "MOD");
        p = put_sp_dec(p, m->mods[i].esd);
        *p++ = ' ';
        wb_done(w, p);
        wb_path(w, m->mods[i].path);
        wb_str(w, "\n");
    }
    for (size_t i = 0; i < m->ntxt; i++)
        write_txt(&m->txt[i], w);
    for (size_t i = 0; i < m->nrld; i++) {          /* RLD %d %06X %d %X %d */
        const struct obj_rld *r = &m->rld[i];
        p = put_str(wb_room(w, REC_ROOM), "RLD");
        p = put_sp_dec(p, r->esd);
        p = put_sp_hex(p, r->addr, 6);
        p = put_sp_dec(p, r->len);
        p = put_sp_hex(p, (uint32_t)r->flags, 0);
        p = put_sp_dec(p, r->rid);
        *p++ = '\n';
        wb_done(w, p);
    }
    for (size_t i = 0; i < m->nsym; i++) {          /* SYM %d %s %06X %X %c */
        const struct obj_sym *s = &m->sym[i];
        p = put_str(wb_room(w, REC_ROOM), "SYM");
        p = put_sp_dec(p, s->esd);
        *p++ = ' ';
        p = put_str(p, s->name);
        p = put_sp_hex(p, s->addr, 6);
        p = put_sp_hex(p, s->len, 0);
        *p++ = ' ';
        *p++ = s->type ? s->type : 'U';
        *p++ = '\n';
        wb_done(w, p);
    }
    for (size_t i = 0; i < m->nline; i++) {         /* LINE %d %06X %d %d */
        const struct obj_line *l = &m->line[i];
        p = put_str(wb_room(w, REC_ROOM), "LINE");
        p = put_sp_dec(p, l->esd);
        p = put_sp_hex(p, l->addr, 6);
        p = put_sp_dec(p, l->file);
        p = put_sp_dec(p, l->line);
        *p++ = '\n';
        wb_done(w, p);
    }
    for (size_t i = 0; i < m->nxref; i++) {         /* XREF %d %06X %d */
        const struct obj_xref *x = &m->xref[i];
        p = put_str(wb_room(w, REC_ROOM), "XREF");
        p = put_sp_dec(p, x->esd);
        p = put_sp_hex(p, x->addr, 6);
        p = put_sp_dec(p, x->rid);
        *p++ = '\n';
        wb_done(w, p);
    }
    for (size_t i = 0; i < m->ndefs; i++) {         /* DEF %d %d %d */
        const struct obj_def *d = &m->defs[i];
        p = put_str(wb_room(w, REC_ROOM), "DEF");
        p = put_sp_dec(p, d->esd);
        p = put_sp_dec(p, d->file);
        p = put_sp_dec(p, d->line);
        *p++ = '\n';
        wb_done(w, p);
    }
    p = put_str(wb_room(w, REC_ROOM), "END");
    if (m->has_entry) {                             /* END %d %06X */
        p = put_sp_dec(p, m->entry_esd);
        p = put_sp_hex(p, m->entry_addr, 6);
    }
    *p++ = '\n';
    wb_done(w, p);
}

int obj_write_stream(const struct obj_module *m, FILE *f)
{
    struct wbuf *w = malloc(sizeof *w);
    if (!w)
        return -1;
    w->f = f;
    w->n = 0;
    w->total = 0;
    w->too_big = 0;
    write_records(m, w);
    wb_flush(w);
    int too_big = w->too_big;
    free(w);
    if (too_big) {
        errno = EFBIG;
        return -1;
    }
    return ferror(f) ? -1 : 0;
}

int obj_write(const struct obj_module *m, const char *path, struct diag *d)
{
    struct outfile o;
    FILE *f = outfile_open(&o, path, d);
    if (!f)
        return -1;
    if (obj_write_stream(m, f) != 0 && (errno == EFBIG || !ferror(f))) {
        int err = errno;
        outfile_abort(&o);
        if (err == EFBIG)
            diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "module larger than %d MiB, the "
                        "most impld and imprun read", FILE_LIMIT >> 20);
        else
            diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot write: out of memory");
        return -1;
    }
    return outfile_commit(&o, d);       /* write errors are reported here */
}

