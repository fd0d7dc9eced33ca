/*
 * arena.c -- the assembler's memory: statements, expression trees, names
 * and strings live in an arena of large blocks freed together by
 * asm_free().  Allocation never fails silently: on ENOMEM the process
 * aborts with a message (there is nothing sensible to continue with).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct arena_blk {
    struct arena_blk *next;
    size_t used, size;
    _Alignas(max_align_t) unsigned char data[];
};

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("impas: out of memory\n", stderr);
        abort();
    }
    return p;
}

/* n bytes, 8-byte aligned (enough for every structure of the assembler), not zeroed */
void *arena_raw(struct arena *a, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    struct arena_blk *b = a->head;
    if (!b || b->size - b->used < n) {
        size_t size = n > 65536 ? n : 65536;
        b = xmalloc(sizeof *b + size);
        b->next = a->head;
        b->used = 0;
        b->size = size;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += n;
    return p;
}

void *arena_alloc(struct arena *a, size_t n)
{
    void *p = arena_raw(a, n);
    memset(p, 0, n);
    return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
    char *p = arena_raw(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* Keep the newest block, emptied, and free the others: memory reused statement by statement. */
void arena_reset(struct arena *a)
{
    struct arena_blk *b = a->head;
    if (!b)
        return;
    for (struct arena_blk *p = b->next, *n; p; p = n) {
        n = p->next;
        free(p);
    }
    b->next = NULL;
    b->used = 0;
}

void arena_free(struct arena *a)
{
    while (a->head) {
        struct arena_blk *b = a->head;
        a->head = b->next;
        free(b);
    }
}

void *xgrow(void *p, size_t *cap, size_t n, size_t sz)
{
    if (n < *cap)
        return p;
    size_t nc = *cap ? *cap * 2 : 16;
    while (nc <= n)
        nc *= 2;
    void *q = realloc(p, nc * sz);
    if (!q) {
        fputs("impas: out of memory\n", stderr);
        abort();
    }
    *cap = nc;
    return q;
}
