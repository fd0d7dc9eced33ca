/*
 * storage.c -- the storage path's slow side and its page tables (see
 * storage.h for the fast side).
 *
 * Real storage: big-endian bytes, 24-bit addresses that wrap at 16 MiB, an
 * addressing exception (5) at or beyond the configured size, and
 * key-controlled protection (4), as System/370 defines it: a store is
 * allowed when the PSW key is 0 or equals the 2 KiB block's storage key; a
 * fetch (operand or instruction) from a block whose fetch-protection bit is
 * set is allowed on the same terms, from any other block always.  The keys
 * start at 0; the embedder sets them (vm_set_storage_key: imprun's
 * problem-state environment).
 *
 * The slow path is where everything that watches or changes a reference
 * acts: watchpoints, PER storage alteration (hpm-per.c), and the
 * data CSECT monitor.  A page whose entry is NULL sends
 * every reference to it here; st_map_page decides which pages those are.
 */
#include "storage.h"

#include <stdlib.h>
#include <string.h>

/* The host address of real page `page` (paging off), or NULL outside storage. */
static uint8_t *real_page(const struct vm *vm, uint32_t page)
{
    uint32_t base = page << ST_SHIFT;
    return page < ST_NPAGE && base < vm->memsize ? vm->real + base : NULL;
}

void st_real_replace(struct vm *vm, uint8_t *real)
{
    free(vm->real);
    vm->real = real;
}

static const struct task *cur_task(const struct vm *vm) { return vm->task[vm->tcur]; }

/* A store at a with key k is not allowed by t's storage keys. */
static int prot_key(const struct task *t, unsigned k, uint32_t a)
{
    return k != 0 && (t->skey[a >> ST_SHIFT] >> 4) != k;
}

static int prot(const struct vm *vm, uint32_t a) { return prot_key(cur_task(vm), vm->key, a); }

/* A fetch at a with key k is not allowed by t's storage keys. */
static int fprot_key(const struct task *t, unsigned k, uint32_t a)
{
    uint8_t sk = t->skey[a >> ST_SHIFT];
    return k != 0 && (sk & VM_KEY_FETCH) && (sk >> 4) != k;
}

static int fprot(const struct vm *vm, uint32_t a) { return fprot_key(cur_task(vm), vm->key, a); }

static void find_flat(struct vm *vm);

/* The pages of w's range (none if it is empty) take their entries again. */
static void remap(struct vm *vm, const struct vm_watchpoint *w)
{
    if (!w->len)
        return;
    for (uint32_t p = w->addr >> ST_SHIFT; p <= (w->addr + w->len - 1) >> ST_SHIFT; p++)
        st_map_page(vm, p);
}

/* ---- watchpoints ----------------------------------------------------------- */

/* The kinds of the watchpoints that cover a byte of [a, a + n). */
static unsigned watched(const struct vm *vm, uint32_t a, uint32_t n)
{
    unsigned k = 0;
    for (unsigned i = 0; i < vm->nwatch; i++) {
        const struct vm_watchpoint *w = &vm->watch[i];
        if (a < w->addr + w->len && w->addr < a + n)
            k |= w->kind;
    }
    return k;
}

/* A completed reference of kind k (len bytes at addr, value v): if a
 * watchpoint covers one of its bytes, remember the first such reference
 * since the last stop and ask the next fetch to stop. */
static void watch_check(struct vm *vm, uint32_t addr, unsigned len, unsigned k, uint32_t v)
{
    for (unsigned i = 0; i < vm->nwatch; i++) {
        const struct vm_watchpoint *w = &vm->watch[i];
        if (!(w->kind & k))
            continue;
        for (unsigned j = 0; j < len; j++) {
            uint32_t a = (addr + j) & VM_ADDR_MASK;
            if (a - w->addr < w->len) {
                if (!(pw_get(vm) & PW_WATCH)) {
                    vm->watch_hit = (struct vm_watch_hit){ addr, len, k, v, vm->iaddr, *w, 0 };
                    pw_set(vm, PW_WATCH, 1);
                }
                return;
            }
        }
    }
}

int vm_set_watchpoint(struct vm *vm, uint32_t addr, uint32_t len, unsigned kind)
{
    unsigned i;
    kind &= VM_WATCH_READ | VM_WATCH_WRITE;
    if (!kind || len == 0 || addr > VM_ADDR_MASK || len > VM_ADDR_MASK + 1 - addr)
        return -1;
    for (i = 0; i < vm->nwatch && vm->watch[i].addr != addr; i++)
        ;
    if (i == vm->nwatch && vm->nwatch >= VM_MAX_WATCHPOINTS)
        return -1;
    struct vm_watchpoint old = i < vm->nwatch ? vm->watch[i] : (struct vm_watchpoint){ 0 };
    if (i == vm->nwatch)
        vm->nwatch++;
    vm->watch[i] = (struct vm_watchpoint){ addr, len, kind };
    remap(vm, &old);
    remap(vm, &vm->watch[i]);
    return 0;
}

void vm_clear_watchpoint(struct vm *vm, uint32_t addr)
{
    for (unsigned i = 0; i < vm->nwatch; i++)
        if (vm->watch[i].addr == addr) {
            struct vm_watchpoint w = vm->watch[i];
            vm->watch[i] = vm->watch[--vm->nwatch];
            remap(vm, &w);
            return;
        }
}

const struct vm_watch_hit *vm_last_watch(const struct vm *vm) { return &vm->watch_hit; }

/* ---- the page tables ----------------------------------------------------------- */

/* The entries of t's page `page`: paging off, real storage; on, the frame
 * that holds it (stores only once it is dirty: the first store takes the
 * slow path, which marks it). */
/* t's entries of page under the PSW key it runs with (st_map_one, and a
 * key change, which leaves every other reason for an entry as it is). */
static void map_one(struct vm *vm, struct task *t, uint32_t page)
{
    if (page >= ST_NPAGE)
        return;
    uint32_t base = page << ST_SHIFT;
    uint8_t *h = NULL;
    int dirty = 1;
    if (!vm->pg.on)
        h = real_page(vm, page);
    else if (base < vm->memsize) {
        uint32_t f = t->pt[base >> vm->pg.pshift];
        if (f) {
            h = vm->real + (size_t)(f - 1) * vm->pg.psize + (base & (vm->pg.psize - 1));
            dirty = vm->pg.frame[f - 1].dirty;
        }
    }
    unsigned w = h ? watched(vm, base, ST_PAGE) : 0;
    unsigned key = t->id == vm->tcur ? vm->key : t->key;
    int dsm = h && hpm_dsm_page(vm, base);      /* the data CSECT monitor's */
    t->rd[page] = h && !(w & VM_WATCH_READ) && !fprot_key(t, key, base) && !dsm ? h : NULL;
    t->wr[page] = h && dirty && !(w & VM_WATCH_WRITE) && !prot_key(t, key, base) &&
                  !per_sa_page(vm, base) && !dsm ? h : NULL;
}

void st_map_one(struct vm *vm, struct task *t, uint32_t page)
{
    t->kc[0].saved = t->kc[1].saved = 0;    /* a page's entries change: not by key */
    map_one(vm, t, page);
}

/* The flat prefixes: the pages from 0 whose entries are real storage
 * (none under paging: every reference is reported there). */
static void find_flat(struct vm *vm)
{
    uint32_t n = vm->pg.on ? 0 : vm->memsize >> ST_SHIFT, p;
    for (p = 0; p < n && vm->rd[p] == vm->real + (p << ST_SHIFT); p++)
        ;
    vm->rd_flat = p << ST_SHIFT;
    for (p = 0; p < n && vm->wr[p] == vm->real + (p << ST_SHIFT); p++)
        ;
    vm->wr_flat = p << ST_SHIFT;
}

void st_map_page(struct vm *vm, uint32_t page)
{
    for (unsigned i = 1; i <= vm->ntasks; i++)
        st_map_one(vm, vm->task[i], page);
    find_flat(vm);
}

void st_map_all(struct vm *vm)
{
    for (unsigned i = 1; i <= vm->ntasks; i++) {
        struct task *t = vm->task[i];
        t->wr_key = t->id == vm->tcur ? vm->key : t->key;
        for (uint32_t p = 0; p < ST_NPAGE; p++)
            st_map_one(vm, t, p);
    }
    find_flat(vm);
}

/* Does the access to block p change from key old to key new? */
static int changes(const struct task *t, unsigned old, unsigned new, uint32_t p)
{
    uint32_t a = p << ST_SHIFT;
    return prot_key(t, old, a) != prot_key(t, new, a) || fprot_key(t, old, a) != fprot_key(t, new, a);
}

/*
 * The blocks whose access changes from key old to key new, for t: a list
 * kept for the last two changes (an interruption's key 8 -> 0 and the
 * LPSW's 0 -> 8 come again and again: an interrupt-driven monitor takes
 * both at every branch), made again after a storage key changes.  NULL
 * if there is no memory for it.
 */
static struct key_change *key_change(struct vm *vm, struct task *t, unsigned old, unsigned new)
{
    for (int i = 0; i < 2; i++) {
        struct key_change *k = &t->kc[i];
        if (k->pages && k->from == old && k->to == new && k->size == vm->memsize)
            return k;
    }
    uint32_t np = vm->memsize >> ST_SHIFT, cnt = 0;
    for (uint32_t p = 0; p < np; p++)
        cnt += changes(t, old, new, p) != 0;
    size_t m = cnt ? cnt : 1;
    uint32_t *pages = malloc(m * sizeof *pages);
    uint8_t **rd = malloc(m * sizeof *rd), **wr = malloc(m * sizeof *wr);
    if (!pages || !rd || !wr) {
        free(pages);
        free(rd);
        free(wr);
        return NULL;
    }
    cnt = 0;
    for (uint32_t p = 0; p < np; p++)
        if (changes(t, old, new, p))
            pages[cnt++] = p;
    struct key_change *k = &t->kc[t->kc_next];
    t->kc_next ^= 1;
    free(k->pages);
    free(k->rd);
    free(k->wr);
    *k = (struct key_change){ pages, cnt, vm->memsize, (uint8_t)old, (uint8_t)new, rd, wr, 0, 0, 0 };
    return k;
}

void st_key_changes_free(struct task *t)
{
    for (int i = 0; i < 2; i++) {
        free(t->kc[i].pages);
        free(t->kc[i].rd);
        free(t->kc[i].wr);
        t->kc[i].pages = NULL;
        t->kc[i].rd = t->kc[i].wr = NULL;
        t->kc[i].saved = 0;
    }
}

void st_set_key(struct vm *vm)
{
    struct task *t = vm->task[vm->tcur];
    if (vm->key == t->wr_key)
        return;
    unsigned old = t->wr_key;
    t->wr_key = vm->key;
    /* only the blocks whose access changes: an SVC's key 8 -> 0 -> 8 in
       imprun's environment remaps the two blocks of low storage.  No
       decoded instruction comes from a fetch-protected block (fetch.c
       fp_fetch_slow), so the cache needs nothing here. */
    struct key_change *k = key_change(vm, t, old, vm->key);
    if (!k) {                               /* (no memory for the list) */
        for (uint32_t p = 0; p < vm->memsize >> ST_SHIFT; p++)
            if (changes(t, old, vm->key, p))
                map_one(vm, t, p);
        find_flat(vm);
        return;
    }
    /* The same change again with no page remapped since: its entries
       and flat prefixes as saved (an interrupt-driven monitor's key 8 ->
       0 and 0 -> 8 at every event) */
    if (k->saved) {
        for (uint32_t i = 0; i < k->n; i++) {
            t->rd[k->pages[i]] = k->rd[i];
            t->wr[k->pages[i]] = k->wr[i];
        }
        vm->rd_flat = k->rd_flat;
        vm->wr_flat = k->wr_flat;
        return;
    }
    for (uint32_t i = 0; i < k->n; i++) {
        map_one(vm, t, k->pages[i]);
        k->rd[i] = t->rd[k->pages[i]];
        k->wr[i] = t->wr[k->pages[i]];
    }
    find_flat(vm);
    k->rd_flat = vm->rd_flat;
    k->wr_flat = vm->wr_flat;
    /* both directions' entries are good until a page is remapped: the
       reverse change's (if saved) too, since only these pages moved */
    k->saved = 1;
}

int vm_set_storage_key(struct vm *vm, uint32_t addr, uint32_t len, unsigned key)
{
    if (len == 0 || addr >= vm->memsize || len > vm->memsize - addr || key > 0xFF)
        return -1;
    struct task *t = vm->task[vm->tcur];
    st_key_changes_free(t);                 /* the lists of key_change are old */
    for (uint32_t p = addr >> ST_SHIFT; p <= (addr + len - 1) >> ST_SHIFT; p++) {
        t->skey[p] = (uint8_t)(key & 0xF8);
        st_map_one(vm, t, p);
        fp_forget_task_page(vm, t->id, p);
    }
    find_flat(vm);
    return 0;
}

unsigned vm_get_storage_key(const struct vm *vm, uint32_t addr)
{
    return addr < vm->memsize ? vm->task[vm->tcur]->skey[addr >> ST_SHIFT] : 0;
}

/* ---- the slow path ---------------------------------------------------------------- */

int st_read_slow(struct vm *vm, uint32_t addr, unsigned len, uint32_t *out)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < len; i++) {           /* check all before reading any */
        uint32_t a = (addr + i) & VM_ADDR_MASK;
        if (a >= vm->memsize)
            return 5;
        if (fprot(vm, a))
            return 4;
    }
    for (unsigned i = 0; i < len; i++) {
        uint32_t a = (addr + i) & VM_ADDR_MASK;
        v = v << 8 | (vm->pg.on ? *pg_xlate(vm, a, 0) : vm->real[a]);
    }
    *out = v;
    if (vm->hpm.dsm)
        hpm_dsm_ref(vm, addr, 0);
    if (vm->nwatch)
        watch_check(vm, addr, len, VM_WATCH_READ, v);
    return 0;
}

int st_write_slow(struct vm *vm, uint32_t addr, unsigned len, uint32_t v)
{
    for (unsigned i = 0; i < len; i++) {           /* check all before storing any */
        uint32_t a = (addr + i) & VM_ADDR_MASK;
        if (a >= vm->memsize)
            return 5;
        if (prot(vm, a))
            return 4;
    }
    for (unsigned i = 0; i < len; i++) {
        uint32_t a = (addr + i) & VM_ADDR_MASK;
        uint8_t *h = vm->pg.on ? pg_xlate(vm, a, 1) : &vm->real[a];
        *h = (uint8_t)(v >> (8 * (len - 1 - i)));
    }
    if (vm->per.sa_mapped)
        per_store(vm, addr, len);
    if (vm->hpm.dsm)
        hpm_dsm_ref(vm, addr, 1);
    if (vm->nwatch)
        watch_check(vm, addr, len, VM_WATCH_WRITE, v);
    return 0;
}

int st_probe(struct vm *vm, uint32_t addr, uint32_t len, int store)
{
    if (len == 0 || st_plain(vm, addr, len, store))
        return 0;                           /* plain storage (st_plain): no check fails */
    if (len > VM_ADDR_MASK + 1)
        len = VM_ADDR_MASK + 1;
    /* page by page, in address order: the first page that fails decides */
    uint32_t a = addr & VM_ADDR_MASK, left = len;
    while (left) {
        uint32_t page = a >> ST_SHIFT, n = ST_PAGE - (a & ST_OFF);
        if (n > left)
            n = left;
        if (!(store ? vm->wr[page] : vm->rd[page])) {
            if (page >= ST_NPAGE || (page << ST_SHIFT) >= vm->memsize)
                return 5;
            if (store ? prot(vm, a) : fprot(vm, a))
                return 4;
        }
        left -= n;
        a = (a + n) & VM_ADDR_MASK;
    }
    return 0;
}

/* The host address of the page of addr for instruction fetch: the read
 * table's, or real storage where a read watchpoint took it out of the
 * table (the fetch is not a watched reference). */
static const uint8_t *fetch_page(struct vm *vm, uint32_t addr)
{
    addr &= VM_ADDR_MASK;
    uint32_t page = addr >> ST_SHIFT;
    if (vm->pg.on)
        return addr < vm->memsize ? pg_xlate(vm, addr, 0) - (addr & ST_OFF) : NULL;
    const uint8_t *p = vm->rd[page];
    return p ? p : real_page(vm, page);
}

int st_ifetch_byte(struct vm *vm, uint32_t addr, uint8_t *b)
{
    const uint8_t *p = fetch_page(vm, addr);
    if (!p)
        return 5;
    if (fprot(vm, addr & VM_ADDR_MASK))
        return 4;
    *b = p[addr & ST_OFF];
    return 0;
}

int st_ifetch(struct vm *vm, uint32_t addr, unsigned ilen, uint8_t *dst, const uint8_t **host)
{
    const uint8_t *p = fetch_page(vm, addr);
    uint32_t off = addr & ST_OFF;
    *host = NULL;
    if (p && off + ilen <= ST_PAGE && !fprot(vm, addr & VM_ADDR_MASK)) {
        memcpy(dst, p + off, ilen);
        *host = p + off;
        return 0;
    }
    for (unsigned i = 0; i < ilen; i++) {
        uint32_t a = (addr + i) & VM_ADDR_MASK;
        int rc = st_ifetch_byte(vm, a, &dst[i]);
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- the host's access --------------------------------------------------------------- */

uint32_t vm_storage_size(const struct vm *vm) { return vm->memsize; }

/* Copy len bytes between host memory and storage at addr, page by page:
 * 0, or -1 (nothing copied) if the range is not wholly in storage. */
static int host_copy(const struct vm *vm, uint32_t addr, uint8_t *buf, size_t len, int store)
{
    if (addr > vm->memsize || len > vm->memsize - addr)
        return -1;
    while (len) {
        size_t n = ST_PAGE - (addr & ST_OFF);
        if (n > len)
            n = len;
        if (!vm->pg.on) {
            uint8_t *p = real_page(vm, addr >> ST_SHIFT);
            if (store)
                memcpy(p + (addr & ST_OFF), buf, n);
            else
                memcpy(buf, p + (addr & ST_OFF), n);
        } else if (store) {
            if (pg_store((struct vm *)(uintptr_t)vm, addr, buf, (uint32_t)n) != 0)
                return -1;
        } else {
            const uint8_t *p = pg_peek((struct vm *)(uintptr_t)vm, addr, 0);
            if (p)
                memcpy(buf, p, n);
            else
                memset(buf, 0, n);
        }
        addr += (uint32_t)n;
        buf += n;
        len -= n;
    }
    return 0;
}

int st_machine_copy(struct vm *vm, uint32_t addr, uint8_t *buf, unsigned len, int store)
{
    uint8_t *r = vm->pg.on ? NULL : real_page(vm, addr >> ST_SHIFT);
    if (r && (addr & ST_OFF) + len <= ST_PAGE) {    /* the common case: one real page */
        if (store)
            memcpy(r + (addr & ST_OFF), buf, len);
        else
            memcpy(buf, r + (addr & ST_OFF), len);
        return 0;
    }
    for (unsigned i = 0; i < len; i++, addr++) {    /* a word may cross a page */
        uint8_t *p;
        if (!vm->pg.on) {
            p = real_page(vm, addr >> ST_SHIFT);
            if (!p)
                return -1;
            p += addr & ST_OFF;
            if (store)
                *p = buf[i];
            else
                buf[i] = *p;
        } else if (store) {
            if (pg_store_in(vm, vm->task[1], addr, buf + i, 1) != 0)
                return -1;
        } else {
            p = pg_peek_in(vm, vm->task[1], addr, 0);
            buf[i] = p ? *p : 0;
        }
    }
    return 0;
}

int vm_store_bytes(struct vm *vm, uint32_t addr, const void *src, size_t len)
{
    return host_copy(vm, addr, (uint8_t *)(uintptr_t)src, len, 1);
}

int vm_store_for_program(struct vm *vm, uint32_t addr, const void *src, size_t len,
                         uint32_t iaddr, int deferred)
{
    if (host_copy(vm, addr, (uint8_t *)(uintptr_t)src, len, 1) != 0)
        return -1;
    if (len == 0)
        return 0;
    per_host_store(vm, addr, (uint32_t)len, iaddr, deferred);
    if (vm->nwatch && (watched(vm, addr, (uint32_t)len) & VM_WATCH_WRITE) &&
        !(pw_get(vm) & PW_WATCH) && !vm->watch_deferred) {
        const uint8_t *b = src;
        uint32_t v = 0;
        for (size_t i = 0; i < 4 && i < len; i++)
            v = v << 8 | b[i];
        uint32_t saved = vm->iaddr;
        vm->iaddr = iaddr;
        watch_check(vm, addr, (unsigned)len, VM_WATCH_WRITE, v);
        vm->iaddr = saved;
        if (pw_get(vm) & PW_WATCH) {
            vm->watch_hit.host = 1;
            if (deferred) {             /* not in the nucleus: after its LPSW */
                pw_set(vm, PW_WATCH, 0);
                vm->watch_deferred = 1;
            }
        }
    }
    return 0;
}

void st_psw_loaded(struct vm *vm)
{
    if (vm->watch_deferred) {
        vm->watch_deferred = 0;
        pw_set(vm, PW_WATCH, 1);
    }
}

int vm_fetch_bytes(const struct vm *vm, uint32_t addr, void *dst, size_t len)
{
    return host_copy(vm, addr, dst, len, 0);
}
