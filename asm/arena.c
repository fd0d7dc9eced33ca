/*
 * arena.c -- the assembler's memory: expression trees, names, symbols and
 * strings live in an arena of large blocks freed together by asm_free();
 * the statements in one array.  Allocation never fails silently: on
 * ENOMEM the process aborts with a message (there is nothing sensible to
 * continue with).
 *
 * Big memory (the statement array of a large source, the arena's blocks
 * after its first megabyte) is mapped in 2 MB-aligned pieces and offered
 * to the kernel for huge pages: a large source then costs one page fault
 * per 2 MB it fills instead of one per 4 KB, and on this scale the faults,
 * not the assembling, were most of the time.  Where huge pages are not
 * available the mapping behaves as ordinary memory.
 */
#define _DEFAULT_SOURCE     /* MAP_ANONYMOUS, madvise */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "internal.h"

#define BIG        ((size_t)2 << 20)     /* a huge page; memory this big is mapped */
#define BLK_SMALL  ((size_t)65536)       /* the arena's first blocks */
#define BLK_BIG_AFTER ((size_t)1 << 20)  /* arena bytes in small blocks before big ones */

struct arena_blk {
    struct arena_blk *next;
    size_t used, size;
    size_t mapped;                       /* bytes mapped (big block), or 0 (malloc'ed) */
    _Alignas(max_align_t) unsigned char data[];
};

static void out_of_memory(void)
{
    fputs("impas: out of memory\n", stderr);
    abort();
}

/* n bytes (a multiple of BIG), zeroed, BIG-aligned, huge pages advised. */
static void *big_map(size_t n)
{
    size_t span = n + BIG;
    char *p = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        out_of_memory();
    char *a = (char *)(((uintptr_t)p + BIG - 1) & ~(uintptr_t)(BIG - 1));
    if (a > p)
        munmap(p, (size_t)(a - p));
    if (a + n < p + span)
        munmap(a + n, (size_t)(p + span - (a + n)));
#ifdef MADV_HUGEPAGE
    madvise(a, n, MADV_HUGEPAGE);
#endif
    return a;
}

static size_t big_round(size_t n) { return (n + BIG - 1) & ~(BIG - 1); }

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

/* A new block for at least n bytes: small ones first, big ones once the arena is large. */
static struct arena_blk *new_block(struct arena *a, size_t n)
{
    size_t total = 0;
    for (struct arena_blk *b = a->head; b && total < BLK_BIG_AFTER; b = b->next)
        total += b->size;
    struct arena_blk *b;
    if (total < BLK_BIG_AFTER && n <= BLK_SMALL) {
        b = xmalloc(sizeof *b + BLK_SMALL);
        b->size = BLK_SMALL;
        b->mapped = 0;
    } else {
        size_t m = big_round(sizeof *b + n);
        b = big_map(m);
        b->size = m - sizeof *b;
        b->mapped = m;
    }
    b->next = a->head;
    b->used = 0;
    a->head = b;
    return b;
}

static void free_block(struct arena_blk *b)
{
    if (b->mapped)
        munmap(b, b->mapped);
    else
        free(b);
}

/* n bytes, 8-byte aligned (enough for every structure of the assembler), not zeroed */
void *arena_raw(struct arena *a, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    struct arena_blk *b = a->head;
    if (!b || b->size - b->used < n)
        b = new_block(a, n);
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
        free_block(p);
    }
    b->next = NULL;
    b->used = 0;
}

void arena_free(struct arena *a)
{
    while (a->head) {
        struct arena_blk *b = a->head;
        a->head = b->next;
        free_block(b);
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
    if (!q)
        out_of_memory();
    *cap = nc;
    return q;
}

/*
 * Arrays that may be big: below BIG bytes they are malloc'ed, from BIG
 * up mapped (big_map), which capacity alone tells.  Grow p to at least n
 * elements (not zeroed).
 */
void *big_grow(void *p, size_t *cap, size_t n, size_t sz)
{
    if (n <= *cap)
        return p;
    size_t nc = *cap * 2 > n ? *cap * 2 : n;
    if (nc * sz < BIG) {
        void *q = realloc(p, nc * sz);
        if (!q)
            out_of_memory();
        *cap = nc;
        return q;
    }
    size_t bytes = big_round(nc * sz);
    void *q = big_map(bytes);
    if (*cap)
        memcpy(q, p, *cap * sz);
    big_free(p, *cap, sz);
    *cap = bytes / sz;
    return q;
}

void big_free(void *p, size_t cap, size_t sz)
{
    if (cap * sz < BIG)
        free(p);
    else
        munmap(p, big_round(cap * sz));
}
