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

static void write_txt(const struct obj_txt *t, FILE *f)
{
    for (uint32_t off = 0; off < t->len; off += TXT_PER_LINE) {
        uint32_t n = t->len - off < TXT_PER_LINE ? t->len - off : TXT_PER_LINE;
        fprintf(f, "TXT %d %06X ", t->esd, (unsigned)(t->addr + off));
        for (uint32_t i = 0; i < n; i++)
            fprintf(f, "%02X", t->data[off + i]);
        fputc('\n', f);
    }
}

int obj_write_stream(const struct obj_module *m, FILE *f)
{
    fprintf(f, "%s 1\n", m->kind == OBJ_LOAD ? "IMPLOAD" : "IMPOBJ");
    for (size_t i = 0; i < m->nfiles; i++)
        fprintf(f, "FILE %zu %s\n", i, m->files[i]);
    for (size_t i = 0; i < m->nesd; i++) {
        const struct obj_esd *e = &m->esd[i];
        fprintf(f, "ESD %d %s %s %06X %X", e->id, obj_esd_type_names[e->type], e->name,
                (unsigned)e->addr, (unsigned)e->len);
        if (e->type == ESD_LD)
            fprintf(f, " %d", e->owner);
        fputc('\n', f);
    }
    for (size_t i = 0; i < m->nmods; i++)
        fprintf(f, "MOD %d %s\n", m->mods[i].esd, m->mods[i].path);
    for (size_t i = 0; i < m->ntxt; i++)
        write_txt(&m->txt[i], f);
    for (size_t i = 0; i < m->nrld; i++) {
        const struct obj_rld *r = &m->rld[i];
        fprintf(f, "RLD %d %06X %d %X %d\n", r->esd, (unsigned)r->addr, r->len,
                (unsigned)r->flags, r->rid);
    }
    for (size_t i = 0; i < m->nsym; i++) {
        const struct obj_sym *s = &m->sym[i];
        fprintf(f, "SYM %d %s %06X %X %c\n", s->esd, s->name, (unsigned)s->addr,
                (unsigned)s->len, s->type ? s->type : 'U');
    }
    for (size_t i = 0; i < m->nline; i++) {
        const struct obj_line *l = &m->line[i];
        fprintf(f, "LINE %d %06X %d %d\n", l->esd, (unsigned)l->addr, l->file, l->line);
    }
    for (size_t i = 0; i < m->nxref; i++) {
        const struct obj_xref *x = &m->xref[i];
        fprintf(f, "XREF %d %06X %d\n", x->esd, (unsigned)x->addr, x->rid);
    }
    if (m->has_entry)
        fprintf(f, "END %d %06X\n", m->entry_esd, (unsigned)m->entry_addr);
    else
        fputs("END\n", f);
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

