/*
 * symtab.c -- impmc's symbols (labels and .equ names), diagnostics at a
 * source location, expressions, and freeing everything.
 */
#include "masm.h"

#include <stdlib.h>
#include <string.h>

void masm_report(struct masm *m, enum diag_level lvl, struct loc loc, const char *fmt, ...)
{
    va_list ap;
    const char *path = m->files[loc.file].path;
    const char *src = NULL;
    if (loc.line >= 1 && loc.line <= m->files[loc.file].nlines)
        src = m->files[loc.file].lines[loc.line - 1];
    va_start(ap, fmt);
    diag_vreport(&m->diag, lvl, path, loc.line, loc.col, src, fmt, ap);
    va_end(ap);
}

struct symbol *masm_lookup(struct masm *m, const char *name)
{
    for (int i = 0; i < m->nsyms; i++)
        if (strcmp(m->syms[i].name, name) == 0)
            return &m->syms[i];
    return NULL;
}

struct symbol *masm_define(struct masm *m, const char *name, long value, int is_label,
                           struct loc loc)
{
    struct symbol *old = masm_lookup(m, name);
    if (old) {
        masm_report(m, DIAG_ERROR, loc, "'%s' is already defined", name);
        masm_report(m, DIAG_NOTE, old->loc, "'%s' was defined here", name);
        return NULL;
    }
    if (m->nsyms == m->symcap) {
        int cap = m->symcap ? 2 * m->symcap : 256;
        struct symbol *s = realloc(m->syms, (size_t)cap * sizeof *s);
        if (!s)
            abort();
        m->syms = s;
        m->symcap = cap;
    }
    struct symbol *s = &m->syms[m->nsyms++];
    s->name = strdup(name);
    s->value = value;
    s->is_label = is_label;
    s->used = 0;
    s->loc = loc;
    return s;
}

struct expr *expr_new(enum expr_kind k, struct expr *l, struct expr *r, struct loc loc)
{
    struct expr *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    e->kind = k;
    e->l = l;
    e->r = r;
    e->loc = loc;
    return e;
}

void expr_free(struct expr *e)
{
    if (!e)
        return;
    expr_free(e->l);
    expr_free(e->r);
    free(e->name);
    free(e);
}

void items_free(struct item *it)
{
    while (it) {
        struct item *n = it->next;
        free(it->field);
        expr_free(it->value);
        free(it->cond);
        free(it->target);
        free(it);
        it = n;
    }
}

void masm_free(struct masm *m)
{
    for (struct stmt *s = m->first, *n; s; s = n) {
        n = s->next;
        free(s->label);
        items_free(s->items);
        expr_free(s->equ_value);
        free(s);
    }
    for (int i = 0; i < m->nsyms; i++)
        free(m->syms[i].name);
    free(m->syms);
    for (int i = 0; i < m->nfiles; i++) {
        free(m->files[i].text);
        free(m->files[i].lines);
        free(m->files[i].path);
    }
    free(m->files);
    free(m->word_stmt);
    mc_image_free(&m->img);
}
