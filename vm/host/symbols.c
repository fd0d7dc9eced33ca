/*
 * symbols.c -- where an address is in the program: CSECT and offset,
 * the nearest label at or before it, and the source line, from the load
 * module's ESD, SYM and LINE records (moved by the load delta).
 */
#include "symbols.h"

#include <stdio.h>
#include <string.h>

void sym_init(struct symtab *t, const struct obj_module *m, int64_t delta)
{
    t->m = m;
    t->delta = delta;
}

static uint32_t moved(const struct symtab *t, uint32_t a)
{
    return (uint32_t)(((int64_t)a + t->delta) & 0xFFFFFF);
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

int sym_source_text(const char *file, int line, char *buf, size_t size)
{
    FILE *f = fopen(file, "r");
    if (!f || line < 1 || size < 2) {
        if (f) fclose(f);
        return -1;
    }
    int n = 1, c;
    size_t k = 0;
    while ((c = getc(f)) != EOF) {
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
    return n == line ? 0 : -1;
}
