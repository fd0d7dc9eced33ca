/*
 * symtab.c -- the symbol table: open addressing on an FNV-1a hash of the
 * (upper-case) name, doubled when half full, so lookups stay O(1) on
 * large sources.  Symbols are created on first mention (SYM_UNDEF) and
 * defined by pass 1; each keeps the statements that refer to it for the
 * cross-reference listing.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static unsigned hash_name(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

void symtab_init(struct symtab *t)
{
    t->cap = 1024;
    t->count = 0;
    t->slots = calloc(t->cap, sizeof *t->slots);
    if (!t->slots)
        abort();
}

void symtab_free(struct symtab *t)
{
    for (size_t i = 0; i < t->cap; i++)
        if (t->slots[i])
            free(t->slots[i]->refs);
    free(t->slots);
    t->slots = NULL;
}

static struct symbol **slot_of(struct symtab *t, const char *name)
{
    size_t i = hash_name(name) & (t->cap - 1);
    while (t->slots[i] && strcmp(t->slots[i]->name, name) != 0)
        i = (i + 1) & (t->cap - 1);
    return &t->slots[i];
}

struct symbol *symtab_find(struct symtab *t, const char *name)
{
    return *slot_of(t, name);
}

static void grow(struct symtab *t)
{
    struct symbol **old = t->slots;
    size_t oldcap = t->cap;
    t->cap *= 2;
    t->slots = calloc(t->cap, sizeof *t->slots);
    if (!t->slots)
        abort();
    for (size_t i = 0; i < oldcap; i++)
        if (old[i])
            *slot_of(t, old[i]->name) = old[i];
    free(old);
}

struct symbol *symtab_get(struct assembler *as, const char *name)
{
    struct symtab *t = &as->syms;
    struct symbol **p = slot_of(t, name);
    if (*p)
        return *p;
    if (2 * (t->count + 1) > t->cap) {
        grow(t);
        p = slot_of(t, name);
    }
    struct symbol *s = arena_alloc(&as->arena, sizeof *s);
    s->name = name;
    s->kind = SYM_UNDEF;
    s->sect = -1;
    s->defstmt = -1;
    s->len = 1;
    *p = s;
    t->count++;
    return s;
}

void symtab_ref(struct symbol *s, int stmt)
{
    if (s->nrefs && s->refs[s->nrefs - 1] == stmt)
        return;
    if (s->nrefs == s->caprefs) {
        size_t cap = s->caprefs;
        s->refs = xgrow(s->refs, &cap, s->nrefs, sizeof *s->refs);
        s->caprefs = (uint32_t)cap;
    }
    s->refs[s->nrefs++] = stmt;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(struct symbol *const *)a)->name, (*(struct symbol *const *)b)->name);
}

int symtab_sorted(struct symtab *t, struct symbol ***out)
{
    struct symbol **v = malloc((t->count ? t->count : 1) * sizeof *v);
    if (!v)
        abort();
    int n = 0;
    for (size_t i = 0; i < t->cap; i++)
        if (t->slots[i])
            v[n++] = t->slots[i];
    qsort(v, (size_t)n, sizeof *v, by_name);
    *out = v;
    return n;
}
