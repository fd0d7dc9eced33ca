/*
 * symbols.c -- where an address is in the program: CSECT and offset,
 * the nearest label at or before it, and the source line, from the load
 * module's ESD, SYM and LINE records (moved by the load delta).
 */
#define _DEFAULT_SOURCE     /* realpath(path, NULL) */
#include "symbols.h"
#include "sha256.h"
#include "vm.h"                 /* VM_ADDR_MASK */

#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void sym_init(struct symtab *t, const struct obj_module *m, int64_t delta)
{
    memset(t, 0, sizeof *t);
    t->m = m;
    t->delta = delta;
    if (m && m->nfiles)
        t->checked = calloc(m->nfiles, 1);  /* (none: every line is compared again) */
}

static uint32_t moved(const struct symtab *t, uint32_t a)
{
    return (uint32_t)(((int64_t)a + t->delta) & VM_ADDR_MASK);
}

/* The section (SD) holding addr, or NULL. */
static const struct obj_esd *section_at(const struct symtab *t, uint32_t addr)
{
    const struct obj_module *m = t->m;
    for (size_t i = 0; m && i < m->nesd; i++) {
        const struct obj_esd *e = &m->esd[i];
        uint32_t lo = moved(t, e->addr);
        if (e->type == ESD_SD && addr >= lo && addr - lo < (e->len ? e->len : 1))
            return e;
    }
    return NULL;
}

int sym_lookup(const struct symtab *t, uint32_t addr, struct sym_where *w)
{
    memset(w, 0, sizeof *w);
    const struct obj_esd *sd = section_at(t, addr);
    if (!sd)
        return -1;
    const struct obj_module *m = t->m;
    w->csect = sd->name;
    w->csect_off = addr - moved(t, sd->addr);
    uint32_t best = 0;
    for (size_t i = 0; i < m->nsym; i++) {
        const struct obj_sym *s = &m->sym[i];
        uint32_t a = moved(t, s->addr);
        if (s->esd == sd->id && a <= addr && (!w->label || a >= best)) {
            w->label = s->name;
            w->label_off = addr - a;
            best = a;
        }
    }
    best = 0;
    for (size_t i = 0; i < m->nline; i++) {
        const struct obj_line *l = &m->line[i];
        uint32_t a = moved(t, l->addr);
        if (l->esd == sd->id && a <= addr && (!w->file || a >= best) &&
            l->file >= 0 && (size_t)l->file < m->nfiles) {
            w->file = m->files[l->file];
            w->line = l->line;
            best = a;
        }
    }
    return 0;
}

int sym_format(const struct symtab *t, uint32_t addr, char *buf, size_t size)
{
    struct sym_where w;
    if (sym_lookup(t, addr, &w) != 0) {
        snprintf(buf, size, "%s", "");
        return -1;
    }
    snprintf(buf, size, "%s+X'%X'", w.csect, w.csect_off);
    return 0;
}

/* ---- source lines --------------------------------------------------------- */

int sym_loaded_bytes(const struct symtab *t, uint32_t addr, uint8_t *out, size_t n)
{
    const struct obj_module *m = t ? t->m : NULL;
    if (!m)
        return -1;
    for (size_t k = 0; k < n; k++) {
        int64_t link = (int64_t)addr + (int64_t)k - t->delta;  /* its link address */
        int got = 0;
        for (size_t i = 0; i < m->ntxt && !got; i++) {
            const struct obj_txt *x = &m->txt[i];
            if (link >= x->addr && link < (int64_t)x->addr + x->len) {
                out[k] = x->data[link - x->addr];
                got = 1;
            }
        }
        for (size_t i = 0; got && t->delta && i < m->nrld; i++)
            if (link >= m->rld[i].addr && link < (int64_t)m->rld[i].addr + m->rld[i].len)
                got = 0;
        if (!got)
            return -1;
    }
    return 0;
}

const char *sym_source_why(enum sym_source r)
{
    static const char *const why[] = {
#define X(e, w) w,
        SYM_SOURCE_REASONS(X)
#undef X
    };
    return (unsigned)r < sizeof why / sizeof why[0] ? why[r] : "";
}

int sym_allow_folder_of(struct symtab *t, const char *path)
{
    char *copy = strdup(path);
    if (!copy)
        return -1;
    char *dir = realpath(dirname(copy), NULL);
    free(copy);
    if (!dir || t->nroots == SYM_MAX_ROOTS) {
        free(dir);
        return -1;
    }
    t->roots[t->nroots++] = dir;
    return 0;
}

void sym_free(struct symtab *t)
{
    for (int i = 0; i < t->nroots; i++)
        free(t->roots[i]);
    t->nroots = 0;
    free(t->checked);
    t->checked = NULL;
}

/* 1 if the real path lies in or below one of t's folders. */
static int inside_roots(const struct symtab *t, const char *real)
{
    for (int i = 0; i < t->nroots; i++) {
        size_t n = strlen(t->roots[i]);
        if (strcmp(t->roots[i], "/") == 0 ||
            (strncmp(real, t->roots[i], n) == 0 && real[n] == '/'))
            return 1;
    }
    return 0;
}

/* Open file if the rules allow it: *f, or why not. */
static enum sym_source open_source(const struct symtab *t, const char *file, FILE **f)
{
    *f = NULL;
    char *real = realpath(file, NULL);
    if (!real)
        return SYM_SRC_MISSING;
    if (!inside_roots(t, real)) {
        free(real);
        return SYM_SRC_OUTSIDE;
    }
    /* O_NONBLOCK: a FIFO put there after the check cannot hang the open;
       O_NOFOLLOW: nor can a symbolic link put in place of the file. */
    int fd = open(real, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW);
    free(real);
    if (fd < 0)
        return SYM_SRC_MISSING;
    struct stat sb;
    enum sym_source r = SYM_SRC_OK;
    if (fstat(fd, &sb) != 0)
        r = SYM_SRC_MISSING;
    else if (!S_ISREG(sb.st_mode))
        r = SYM_SRC_SPECIAL;
    else if ((uint64_t)sb.st_size > SYM_SOURCE_LIMIT)
        r = SYM_SRC_LARGE;
    if (r == SYM_SRC_OK && !(*f = fdopen(fd, "r")))
        r = SYM_SRC_MISSING;
    if (r != SYM_SRC_OK)
        close(fd);
    return r;
}

/* The module's FILE number of file (the very string, or the same path), or -1. */
static int file_number(const struct symtab *t, const char *file)
{
    const struct obj_module *m = t->m;
    for (size_t i = 0; m && i < m->nfiles; i++)
        if (m->files[i] == file)
            return (int)i;
    for (size_t i = 0; m && i < m->nfiles; i++)
        if (strcmp(m->files[i], file) == 0)
            return (int)i;
    return -1;
}

/* Are f's bytes those FILE n was assembled from (its HASH)?  1 or 0; f
 * is read to its end and rewound.  The answer is kept in t->checked. */
static int same_source(const struct symtab *t, int n, FILE *f)
{
    if (t->checked && t->checked[n])
        return t->checked[n] == 1;
    struct sha256 s;
    char buf[8192], hex[SHA256_HEX];
    size_t got;
    sha256_init(&s);
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        sha256_add(&s, buf, got);
    int same = !ferror(f) && (sha256_hex(&s, hex), strcmp(hex, t->m->file_hash[n]) == 0);
    rewind(f);
    if (t->checked)
        t->checked[n] = same ? 1 : 2;
    return same;
}

enum sym_source sym_source_text(const struct symtab *t, const char *file, int line, char *buf,
                                size_t size)
{
    if (line < 1 || size < 2)
        return SYM_SRC_MISSING;
    int fn = file_number(t, file);
    int hashed = fn >= 0 && t->m->file_hash[fn];
    if (hashed && t->checked && t->checked[fn] == 2)
        return SYM_SRC_CHANGED;
    FILE *f;
    enum sym_source r = open_source(t, file, &f);
    if (r != SYM_SRC_OK)
        return r;
    if (hashed && !same_source(t, fn, f)) {
        fclose(f);
        return SYM_SRC_CHANGED;
    }
    int n = 1, c;
    size_t k = 0, read = 0;
    while (read++ < SYM_SOURCE_LIMIT && (c = getc(f)) != EOF) {
        if (c == '\n') {
            if (n == line)
                break;
            n++;
            continue;
        }
        if (n == line && k + 1 < size && c != '\r')
            buf[k++] = (char)c;
    }
    fclose(f);
    buf[k] = '\0';
    return n == line ? SYM_SRC_OK : SYM_SRC_MISSING;
}
