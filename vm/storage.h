/*
 * storage.h -- the storage path (libimpvm private): every reference of the
 * engine, the I-unit, the timers and the host to guest storage.
 *
 *        addr (24 bits)
 *   +-----------------+-----------+
 *   |  page (13 bits) | off (11)  |      ST_SHIFT = 11: 2 KiB pages
 *   +-----------------+-----------+
 *            |
 *            v
 *   vm->rd[page], vm->wr[page]:  host address of the page, or NULL
 *
 * The fast path is inline and has two steps.  First the flat prefix:
 * vm->rd_flat and vm->wr_flat are the length of the run of pages from
 * address 0 whose entries are plain real storage, so a reference below
 * it is one compare and a load or store (the compare does not wait for
 * a table load, which matters at every operand).  Beyond it, an entry
 * that is not NULL and a reference that stays inside its page is a plain
 * load or store (inline too).  Everything else takes the
 * slow path (storage.c): a reference that crosses a page or wraps at
 * 16 MiB, an address outside storage (addressing, 0005), a store the PSW
 * key does not allow (protection, 0004), a page with a watchpoint; and,
 * as the machine grows, address translation, PER storage alteration and
 * the data monitors -- all of them act in the slow path alone, and arming
 * one on a page only changes that page's entries (st_map_page).
 *
 * The read table serves operand reads and instruction fetch; the write
 * table stores.  vm->wr holds only pages the current PSW key may store
 * into: a change of key rebuilds it (st_set_key).
 *
 * Paging (paging.c): each task has its own pair of tables, and vm->rd,
 * vm->wr point at the running task's; an entry is the frame holding the
 * page (a store's only once the page is dirty), the flat prefixes are
 * empty, and the paged step reports a reference to a page other than
 * the last one (vm->ref_mask, ref_rd, ref_wr: with paging off, or
 * when no string is needed, the mask is 0 and the test never true).
 */
#ifndef IMP_STORAGE_H
#define IMP_STORAGE_H

#include "vmint.h"

#include <string.h>

static inline uint32_t st_be_load(const uint8_t *p, unsigned len)
{
    switch (len) {
    case 1: return p[0];
    case 2: return (uint32_t)p[0] << 8 | p[1];
    default: return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    }
}

static inline void st_be_store(uint8_t *p, unsigned len, uint32_t v)
{
    switch (len) {
    case 1: p[0] = (uint8_t)v; break;
    case 2: p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; break;
    default: p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16);
             p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v; break;
    }
}

/* storage.c: the slow path.  0, or the program-interruption code. */
int st_read_slow(struct vm *vm, uint32_t addr, unsigned len, uint32_t *out);
int st_write_slow(struct vm *vm, uint32_t addr, unsigned len, uint32_t v);

/* Read len (1, 2 or 4) bytes at addr, big-endian, into *out: 0, or the
 * program-interruption code (nothing read). */
static inline __attribute__((always_inline)) int st_read(struct vm *vm, uint32_t addr,
                                                         unsigned len, uint32_t *out)
{
    VM_ASSERT(addr <= VM_ADDR_MASK);    /* MAR, MAR2: every writer masks them */
    if (__builtin_expect(addr + len <= vm->rd_flat, 1)) {
        *out = st_be_load(vm->real + addr, len);
        return 0;
    }
    const uint8_t *p = vm->rd[addr >> ST_SHIFT];
    uint32_t off = addr & ST_OFF;
    if (__builtin_expect(p && off <= ST_PAGE - len, 1)) {
        if (__builtin_expect(((addr ^ vm->ref_rd) & vm->ref_mask) != 0, 0))
            pg_note(vm, addr, 0);
        *out = st_be_load(p + off, len);
        return 0;
    }
    return st_read_slow(vm, addr, len, out);
}

/* The host address of [addr, addr + len) when all of it lies in the flat
 * prefix for reads (store 0) or for stores (1), where every reference is a
 * plain load or store of real storage (no key, watchpoint, PER or paging
 * to act on it); else NULL (st_plain looks at the pages' entries too). */
static inline uint8_t *st_flat(struct vm *vm, uint32_t addr, uint32_t len, int store)
{
    uint32_t flat = store ? vm->wr_flat : vm->rd_flat;
    return addr < flat && len <= flat - addr ? vm->real + addr : NULL;
}

/* Store the low len (1, 2 or 4) bytes of v at addr: 0, or the
 * program-interruption code (nothing stored). */
static inline __attribute__((always_inline)) int st_write(struct vm *vm, uint32_t addr,
                                                          unsigned len, uint32_t v)
{
    VM_ASSERT(addr <= VM_ADDR_MASK);
    if (__builtin_expect(addr + len <= vm->wr_flat, 1)) {
        st_be_store(vm->real + addr, len, v);
        return 0;
    }
    uint8_t *p = vm->wr[addr >> ST_SHIFT];
    uint32_t off = addr & ST_OFF;
    if (__builtin_expect(p && off <= ST_PAGE - len, 1)) {
        if (__builtin_expect(((addr ^ vm->ref_wr) & vm->ref_mask) != 0, 0))
            pg_note(vm, addr, 1);
        st_be_store(p + off, len, v);
        return 0;
    }
    return st_write_slow(vm, addr, len, v);
}

/*
 * The storage-to-storage byte loops at once (fastpath.c OP_SSFILL,
 * OP_SSMOVE): the host address of [addr, addr + len) (len > 0) when each
 * single reference to it would be a plain load or store of real storage
 * that nothing observes -- all of it in the flat prefix (st_flat), or,
 * with paging off, every page it touches has its entry in the table
 * (real storage then: a watchpoint, a PER storage-alteration range, the
 * data CSECT monitor, a key that forbids the store or a fetch-protected
 * block each take the page out, and an address outside storage has
 * none); else NULL.  The helpers below return 1 if done, 0 if nothing was
 * done (the caller goes pass by pass).
 */
static inline uint8_t *st_plain(struct vm *vm, uint32_t addr, uint32_t len, int store)
{
    uint8_t *p = st_flat(vm, addr, len, store);
    if (p || vm->pg.on || (uint64_t)addr + len > vm->memsize)
        return p;
    uint8_t *const *tab = store ? vm->wr : vm->rd;
    for (uint32_t pg = addr >> ST_SHIFT; pg <= (addr + len - 1) >> ST_SHIFT; pg++)
        if (!tab[pg])
            return NULL;
    return vm->real + addr;
}

/* n bytes of b at addr. */
static inline int st_fill_flat(struct vm *vm, uint32_t addr, uint32_t n, uint8_t b)
{
    uint8_t *d = st_plain(vm, addr, n, 1);
    if (!d)
        return 0;
    memset(d, b, n);
    return 1;
}

/* n bytes from src to dst one at a time from the left, as MVC moves them:
 * a destination that starts inside the source (dst - src = k < n) gets the
 * source's first k bytes over and over.  *last is the byte the last pass
 * read (src + n - 1 after the move: only the last store could change it
 * later, and that one only when dst = src). */
static inline int st_move_flat(struct vm *vm, uint32_t dst, uint32_t src, uint32_t n,
                               uint32_t *last)
{
    uint8_t *d = st_plain(vm, dst, n, 1);
    const uint8_t *s = st_plain(vm, src, n, 0);
    if (!d || !s)
        return 0;
    if (dst > src && dst - src < n) {
        uint32_t done = dst - src;
        memcpy(d, s, done);                     /* s's first k bytes, just below d */
        while (done < n) {                      /* then the pattern, doubled */
            uint32_t c = done < n - done ? done : n - done;
            memcpy(d + done, d, c);
            done += c;
        }
    } else
        memmove(d, s, n);                       /* below the source, or apart */
    *last = s[n - 1];
    return 1;
}

/* storage.c */
/* Replace the host copy of real storage by real (calloc'd, paging's
 * frames and their pad), freeing the old one. */
void st_real_replace(struct vm *vm, uint8_t *real);
/* The host address of byte off of real storage (paging's frames). */
static inline uint8_t *st_real_at(const struct vm *vm, size_t off) { return vm->real + off; }
/* Would [addr, addr+len) be accessible (store: for storing)?  0, or the
 * code of the first byte that is not (the SS instructions' pre-test). */
int st_probe(struct vm *vm, uint32_t addr, uint32_t len, int store);
/* Fetch the ilen (2, 4, 6) bytes of an instruction at an even addr into
 * dst: 0 or 5.  Returns in *host the host address of its bytes when they
 * all lie in one page (the decoded-instruction cache keeps it), else NULL. */
int st_ifetch(struct vm *vm, uint32_t addr, unsigned ilen, uint8_t *dst, const uint8_t **host);
/* The first byte of an instruction (its length code): 0 or 5. */
int st_ifetch_byte(struct vm *vm, uint32_t addr, uint8_t *b);
/* The machine's own references to a word (the interval timer at X'50'):
 * real storage, no key, no watchpoint, no PER.  -1 outside storage. */
static inline int st_cpu_read4(struct vm *vm, uint32_t addr, uint32_t *v)
{
    if (addr > vm->memsize - 4)
        return -1;
    if (!vm->pg.on) {
        *v = st_be_load(vm->real + addr, 4);
        return 0;
    }
    /* a word never crosses a page: the table's entry, else the slow way */
    const uint8_t *p = vm->rd[addr >> ST_SHIFT];
    p = p ? p + (addr & ST_OFF) : pg_peek(vm, addr, 0);
    *v = p ? st_be_load(p, 4) : 0;
    return 0;
}
static inline int st_cpu_write4(struct vm *vm, uint32_t addr, uint32_t v)
{
    if (addr > vm->memsize - 4)
        return -1;
    uint8_t *p = vm->pg.on ? vm->wr[addr >> ST_SHIFT] : vm->real + addr - (addr & ST_OFF);
    if (p) {                                    /* paging off, or a dirty page */
        st_be_store(p + (addr & ST_OFF), 4, v);
        return 0;
    }
    uint8_t b[4];
    st_be_store(b, 4, v);
    return pg_store(vm, addr, b, 4);            /* never makes a page dirty */
}
/* The machine's own references (the hardware performance monitors'
 * control blocks and areas, hpm.c): len bytes at addr of real storage,
 * or with paging of task 1's address space, resident or not; no key, no
 * fault, no reference string, no watchpoint.  The caller checked that
 * the range is in storage.  0, or -1 if a store found no page file. */
int st_machine_copy(struct vm *vm, uint32_t addr, uint8_t *buf, unsigned len, int store);
/* Recompute the entries of one page of task t; of one page in every
 * task; of every page in every task. */
void st_map_one(struct vm *vm, struct task *t, uint32_t page);
void st_map_page(struct vm *vm, uint32_t page);
void st_map_all(struct vm *vm);
/* The PSW key changed: rebuild the store table if it was built for
 * another key (the blocks whose access changes; the same change again
 * with no page mapped since: the entries it made then). */
void st_set_key(struct vm *vm);
/* Free t's lists of the blocks a key change remaps. */
void st_key_changes_free(struct task *t);

#endif
