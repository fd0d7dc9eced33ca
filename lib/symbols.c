/*
 * symbols.c -- where an address is in the program: CSECT and offset,
 * the nearest label at or before it, and the source line, from the load
 * module's ESD, SYM and LINE records (moved by the load delta).
 */
#define _DEFAULT_SOURCE     /* realpath(path, NULL) */
#include "symbols.h"
#define ADDR_MASK 0xFFFFFFu           /* 24-bit addresses */

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
}

static uint32_t moved(const struct symtab *t, uint32_t a)
{
    return (uint32_t)(((int64_t)a + t->delta) & ADDR_MASK);
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

enum sym_source sym_source_text(const struct symtab *t, const char *file, int line, char *buf,
                                size_t size)
{
    if (line < 1 || size < 2)
        return SYM_SRC_MISSING;
    FILE *f;
    enum sym_source r = open_source(t, file, &f);
    if (r != SYM_SRC_OK)
        return r;
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
