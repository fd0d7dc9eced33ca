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

/* A symbol and the first 8 bytes of its name, big-endian: keys compare as the names'
   first 8 characters do under strcmp (a shorter name is padded with NULs). */
struct keyed {
    uint64_t key;
    struct symbol *s;
};

static uint64_t name_key(const char *name)
{
    uint64_t k = 0;
    int i = 0;
    for (; i < 8 && name[i]; i++)
        k = k << 8 | (unsigned char)name[i];
    return i ? k << (8 * (8 - i)) : 0;
}

/*
 * Sort v[0..n) by key: least significant byte first, one counting pass a
 * byte, skipping a byte every key has the same (the trailing NULs of
 * short names); tmp holds n.  Stable, so it sorts what qsort with strcmp
 * sorts for names that differ in their first 8 characters, in a few
 * passes over the array instead of n log n calls of a comparison.
 */
static void radix_sort(struct keyed *v, struct keyed *tmp, size_t n)
{
    for (int shift = 0; shift < 64; shift += 8) {
        size_t count[257] = { 0 };
        for (size_t i = 0; i < n; i++)
            count[(v[i].key >> shift & 0xFF) + 1]++;
        if (count[(v[0].key >> shift & 0xFF) + 1] == n)
            continue;
        for (int b = 0; b < 256; b++)
            count[b + 1] += count[b];
        for (size_t i = 0; i < n; i++)
            tmp[count[v[i].key >> shift & 0xFF]++] = v[i];
        memcpy(v, tmp, n * sizeof *v);
    }
}

int symtab_sorted(struct symtab *t, struct symbol ***out)
{
    size_t cnt = t->count ? t->count : 1;
    struct symbol **v = malloc(cnt * sizeof *v);
    struct keyed *k = malloc(2 * cnt * sizeof *k);
    if (!v || !k)
        abort();
    size_t n = 0;
    for (size_t i = 0; i < t->cap; i++)
        if (t->slots[i])
            k[n++] = (struct keyed){ name_key(t->slots[i]->name), t->slots[i] };
    if (n)
        radix_sort(k, k + cnt, n);
    for (size_t i = 0; i < n; i++)
        v[i] = k[i].s;
    /* names alike in their first 8 characters: in order by the rest */
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && k[j].key == k[i].key)
            j++;
        if (j - i > 1)
            qsort(v + i, j - i, sizeof *v, by_name);
        i = j;
    }
    free(k);
    *out = v;
    return (int)n;
}
