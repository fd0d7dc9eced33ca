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
    for (size_t i = 0; i < m->nfiles; i++)
        free(m->files[i]);
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
    size_t cap = 0;
    if (*n > 0) {
        cap = 1;
        while (cap < *n)
            cap <<= 1;
    }
    if (*n == cap) {
        size_t ncap = cap ? cap * 2 : 8;
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
    char **f = grow(&m->files, &m->nfiles, sizeof *f);
    if (!f) {
        free(copy);
        return -1;
    }
    *f = copy;
    return (int)m->nfiles - 1;
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
 */
struct wbuf {
    FILE *f;
    size_t n;
    char b[65536];
};

static void wb_flush(struct wbuf *w)
{
    if (w->n)
        fwrite(w->b, 1, w->n, w->f);
    w->n = 0;
}

/* Room for k more bytes (k <= sizeof b). */
static char *wb_room(struct wbuf *w, size_t k)
{
    if (sizeof w->b - w->n < k)
        wb_flush(w);
    return w->b + w->n;
}

static void wb_str(struct wbuf *w, const char *s)
{
    size_t k = strlen(s);
    if (k > sizeof w->b / 2) {
        wb_flush(w);
        fwrite(s, 1, k, w->f);
        return;
    }
    memcpy(wb_room(w, k), s, k);
    w->n += k;
}

static void wb_char(struct wbuf *w, char c)
{
    *wb_room(w, 1) = c;
    w->n++;
}

/* "%d" / "%zu" */
static void wb_dec(struct wbuf *w, long long v)
{
    char t[24];
    int k = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        t[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        t[k++] = '-';
    char *p = wb_room(w, (size_t)k);
    for (int i = 0; i < k; i++)
        p[i] = t[k - 1 - i];
    w->n += (size_t)k;
}

/* "%0<width>X" (width 0: "%X") */
static void wb_hex(struct wbuf *w, uint32_t v, int width)
{
    static const char digits[] = "0123456789ABCDEF";
    char t[8];
    int k = 0;
    do {
        t[k++] = digits[v & 15];
        v >>= 4;
    } while (v);
    while (k < width)
        t[k++] = '0';
    char *p = wb_room(w, (size_t)k);
    for (int i = 0; i < k; i++)
        p[i] = t[k - 1 - i];
    w->n += (size_t)k;
}

/* "TXT %d %06X " and "%02X" per byte, TXT_PER_LINE bytes a record. */
static void write_txt(const struct obj_txt *t, struct wbuf *w)
{
    static const char digits[] = "0123456789ABCDEF";
    for (uint32_t off = 0; off < t->len; off += TXT_PER_LINE) {
        uint32_t n = t->len - off < TXT_PER_LINE ? t->len - off : TXT_PER_LINE;
        wb_str(w, "TXT ");
        wb_dec(w, t->esd);
        wb_char(w, ' ');
        wb_hex(w, t->addr + off, 6);
        wb_char(w, ' ');
        char *p = wb_room(w, 2 * (size_t)n + 1);
        for (uint32_t i = 0; i < n; i++) {
            uint8_t b = t->data[off + i];
            *p++ = digits[b >> 4];
            *p++ = digits[b & 15];
        }
        *p = '\n';
        w->n += 2 * (size_t)n + 1;
    }
}

/* name followed by the numbers in the record's order: " %d" or " %06X" or " %X" */
static void wb_sp_dec(struct wbuf *w, long long v) { wb_char(w, ' '); wb_dec(w, v); }
static void wb_sp_hex(struct wbuf *w, uint32_t v, int width) { wb_char(w, ' '); wb_hex(w, v, width); }

static void write_records(const struct obj_module *m, struct wbuf *w)
{
    wb_str(w, m->kind == OBJ_LOAD ? "IMPLOAD 1\n" : "IMPOBJ 1\n");
    for (size_t i = 0; i < m->nfiles; i++) {        /* FILE %zu %s */
        wb_str(w, "FILE");
        wb_sp_dec(w, (long long)i);
        wb_char(w, ' ');
        wb_str(w, m->files[i]);
        wb_char(w, '\n');
    }
    for (size_t i = 0; i < m->nesd; i++) {          /* ESD %d %s %s %06X %X [%d] */
        const struct obj_esd *e = &m->esd[i];
        wb_str(w, "ESD");
        wb_sp_dec(w, e->id);
        wb_char(w, ' ');
        wb_str(w, obj_esd_type_names[e->type]);
        wb_char(w, ' ');
        wb_str(w, e->name);
        wb_sp_hex(w, e->addr, 6);
        wb_sp_hex(w, e->len, 0);
        if (e->type == ESD_LD)
            wb_sp_dec(w, e->owner);
        wb_char(w, '\n');
    }
    for (size_t i = 0; i < m->nmods; i++) {         /* MOD %d %s */
        wb_str(w, "MOD");
        wb_sp_dec(w, m->mods[i].esd);
        wb_char(w, ' ');
        wb_str(w, m->mods[i].path);
        wb_char(w, '\n');
    }
    for (size_t i = 0; i < m->ntxt; i++)
        write_txt(&m->txt[i], w);
    for (size_t i = 0; i < m->nrld; i++) {          /* RLD %d %06X %d %X %d */
        const struct obj_rld *r = &m->rld[i];
        wb_str(w, "RLD");
        wb_sp_dec(w, r->esd);
        wb_sp_hex(w, r->addr, 6);
        wb_sp_dec(w, r->len);
        wb_sp_hex(w, (uint32_t)r->flags, 0);
        wb_sp_dec(w, r->rid);
        wb_char(w, '\n');
    }
    for (size_t i = 0; i < m->nsym; i++) {          /* SYM %d %s %06X %X %c */
        const struct obj_sym *s = &m->sym[i];
        wb_str(w, "SYM");
        wb_sp_dec(w, s->esd);
        wb_char(w, ' ');
        wb_str(w, s->name);
        wb_sp_hex(w, s->addr, 6);
        wb_sp_hex(w, s->len, 0);
        wb_char(w, ' ');
        wb_char(w, s->type ? s->type : 'U');
        wb_char(w, '\n');
    }
    for (size_t i = 0; i < m->nline; i++) {         /* LINE %d %06X %d %d */
        const struct obj_line *l = &m->line[i];
        wb_str(w, "LINE");
        wb_sp_dec(w, l->esd);
        wb_sp_hex(w, l->addr, 6);
        wb_sp_dec(w, l->file);
        wb_sp_dec(w, l->line);
        wb_char(w, '\n');
    }
    for (size_t i = 0; i < m->nxref; i++) {         /* XREF %d %06X %d */
        const struct obj_xref *x = &m->xref[i];
        wb_str(w, "XREF");
        wb_sp_dec(w, x->esd);
        wb_sp_hex(w, x->addr, 6);
        wb_sp_dec(w, x->rid);
        wb_char(w, '\n');
    }
    if (m->has_entry) {                             /* END %d %06X */
        wb_str(w, "END");
        wb_sp_dec(w, m->entry_esd);
        wb_sp_hex(w, m->entry_addr, 6);
        wb_char(w, '\n');
    } else {
        wb_str(w, "END\n");
    }
}

int obj_write_stream(const struct obj_module *m, FILE *f)
{
    struct wbuf *w = malloc(sizeof *w);
    if (!w)
        return -1;
    w->f = f;
    w->n = 0;
    write_records(m, w);
    wb_flush(w);
    free(w);
    return ferror(f) ? -1 : 0;
}

int obj_write(const struct obj_module *m, const char *path, struct diag *d)
{
    struct outfile o;
    FILE *f = outfile_open(&o, path, d);
    if (!f)
        return -1;
    if (obj_write_stream(m, f) != 0) {
        outfile_abort(&o);
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot write: %s", strerror(errno));
        return -1;
    }
    return outfile_commit(&o, d);
}

