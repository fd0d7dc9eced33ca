/*
 * pcs.c -- program-counter sampling (imp(7), "THE SAMPLING MONITORS";
 * seed 003): RATE ticks per virtual second; at each the microcode
 * (mc/src/monitor.mc, `pcs') counts the (task, address) pair in a hashed
 * table of SLOTS entries, or a lost tick when the table is full.
 *
 *   --pcs[=RATE]   ticks per virtual second (default 100, at most 160000)
 *   --pcs-slots=N  the table's entries (default 1024)
 *
 * The control block (at X'BA0', EPCS's operand): +0 F rate, +4 F slots,
 * +8 A the table, +12 F pairs used, +16 F ticks lost, +20 F ticks.
 */
#include "hpm.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"

#define PCS_BLOCK_AT 0xBA0u

static int parse_rate(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    uint64_t rate = 100;
    if (spec && parse_number_in(spec, NUM_DECIMAL, 1, VM_PCS_MAX_RATE, &rate) != 0) {
        snprintf(err, errsize, "'%s' is not a rate of 1 to 160000 per virtual second", spec);
        return -1;
    }
    o->pcs_rate = (uint32_t)rate;
    return 0;
}

static void said_rate(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "pcs: %u samples per virtual second", o->pcs_rate);
}

static int parse_slots(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    uint64_t slots;
    if (!spec || parse_number_in(spec, NUM_DECIMAL, 1, 1u << 20, &slots) != 0) {
        snprintf(err, errsize, "'%s' is not 1 to 1048576", spec ? spec : "");
        return -1;
    }
    o->pcs_slots = (uint32_t)slots;
    return 0;
}

static void said_slots(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "pcs: a table of %u slots", o->pcs_slots);
}

static void defaults(struct imprun_opts *o) { o->pcs_slots = 1024; }
static int on(const struct imprun_opts *o) { return o->pcs_rate != 0; }
static void off(struct imprun_opts *o) { o->pcs_rate = 0; }

static int arm(struct run *r, uint32_t floor)
{
    const struct imprun_opts *o = r->o;
    uint32_t t = hpm_take(r, o->pcs_slots * VM_PCS_ENTRY, floor);
    if (!t) {
        char v[16];
        snprintf(v, sizeof v, "%" PRIu32, o->pcs_slots);
        run_say(r->sink, "pcs-slots", v, "the table does not fit in storage");
        return -1;
    }
    uint8_t b[VM_PCS_BLOCK];
    memset(b, 0, sizeof b);
    hpm_put32(b, o->pcs_rate);
    hpm_put32(b + 4, o->pcs_slots);
    hpm_put32(b + 8, t);
    vm_store_bytes(r->vm, PCS_BLOCK_AT, b, VM_PCS_BLOCK);
    r->mon.pcs_table = t;
    return 0;
}

static int enable(struct run *r) { return hpm_enable_op(r, "EPCS", PCS_BLOCK_AT, "pcs"); }

static void summary(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    fprintf(f, "pcs: %" PRIu32 " ticks per virtual second: %" PRIu32 " ticks, %" PRIu32
            " pairs in %" PRIu32 " slots, %" PRIu32 " ticks lost (table full)\n", o->pcs_rate,
            hpm_get32(vm, PCS_BLOCK_AT + 20), hpm_get32(vm, PCS_BLOCK_AT + 12), o->pcs_slots,
            hpm_get32(vm, PCS_BLOCK_AT + 16));
    hpm_cost(f, "pcs", vm, VM_HPM_PCS);
}

static void profile(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    fprintf(f, "pcs rate=%" PRIu32 " ticks=%" PRIu32 " lost=%" PRIu32 " slots=%" PRIu32
            " used=%" PRIu32 "\n", o->pcs_rate, hpm_get32(vm, PCS_BLOCK_AT + 20),
            hpm_get32(vm, PCS_BLOCK_AT + 16), o->pcs_slots, hpm_get32(vm, PCS_BLOCK_AT + 12));
    for (uint32_t i = 0; i < o->pcs_slots; i++) {
        uint32_t a = r->mon.pcs_table + VM_PCS_ENTRY * i, n = hpm_get32(vm, a);
        if (n) {
            uint32_t key = hpm_get32(vm, a + 4);
            fprintf(f, "sample %" PRIu32 " %" PRIX32 " %" PRIu32 "\n", key >> 24,
                    key & 0xFFFFFF, n);
        }
    }
}

struct hot { unsigned task; uint32_t addr; const char *csect; uint64_t n; };

/* Most samples first, then by task and address. */
static int by_samples(const struct hot *x, const struct hot *y)
{
    if (x->n != y->n)
        return x->n < y->n ? 1 : -1;
    return x->task != y->task ? (x->task < y->task ? -1 : 1)
                              : x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* ... and CSECTs by name among equals (no CSECT last). */
static int cs_order(const void *a, const void *b)
{
    const struct hot *x = a, *y = b;
    int c = by_samples(x, y);
    if (c || x->csect == y->csect)
        return c;
    return !x->csect ? 1 : !y->csect ? -1 : strcmp(x->csect, y->csect);
}

/*
 * What the view keeps between redraws (the run's mon.pcs_view), so that
 * a redraw reads the table but looks again only at the slots that
 * changed since: impmon draws the view many times a second.  A changed
 * slot takes its old count out of its CSECT's total and puts the new one
 * in; only a slot that holds a new (task, address) pair is looked up in
 * the symbols.  `used' lists the slots with samples (pos: 1 + where).
 */
#define VIEW_RUN 512                    /* slots compared at once (4 KiB) */
struct pcs_view {
    uint32_t table, slots;
    uint8_t *raw, *now;                 /* the table as last drawn, as read now */
    uint32_t *cs_of;                    /* each used slot's CSECT total (index of cs) */
    uint32_t *used, *pos;
    size_t nused;
    struct hot *cs;                     /* the CSECTs' totals, one per (task, CSECT) */
    size_t nc;
    uint64_t total;
};

static void view_free(struct pcs_view *c)
{
    if (!c)
        return;
    free(c->raw);
    free(c->now);
    free(c->cs_of);
    free(c->used);
    free(c->pos);
    free(c->cs);
    free(c);
}

static struct pcs_view *view_new(uint32_t table, uint32_t slots)
{
    struct pcs_view *c = calloc(1, sizeof *c);
    size_t n = (size_t)slots + 1;
    if (!c)
        return NULL;
    c->table = table;
    c->slots = slots;
    c->raw = calloc(n, VM_PCS_ENTRY);
    c->now = malloc(n * VM_PCS_ENTRY);
    c->cs_of = malloc(n * sizeof *c->cs_of);
    c->used = malloc(n * sizeof *c->used);
    c->pos = calloc(n, sizeof *c->pos);
    c->cs = malloc(n * sizeof *c->cs);
    if (!c->raw || !c->now || !c->cs_of || !c->used || !c->pos || !c->cs) {
        view_free(c);
        return NULL;
    }
    return c;
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Slot i of the table read now, against what it was. */
static void view_slot(struct pcs_view *c, struct run *r, uint32_t i)
{
    const uint8_t *o = c->raw + (size_t)i * VM_PCS_ENTRY, *p = c->now + (size_t)i * VM_PCS_ENTRY;
    uint32_t on = be32(o), nn = be32(p);
    int same_pair = !memcmp(o + 4, p + 4, 4);
    if (on) {                           /* its old count out */
        c->cs[c->cs_of[i]].n -= on;
        c->total -= on;
        if (!nn || !same_pair) {
            uint32_t k = c->pos[i] - 1, last = c->used[--c->nused];
            c->used[k] = last;
            c->pos[last] = k + 1;
            c->pos[i] = 0;
        }
    }
    if (!nn)
        return;
    if (!on || !same_pair) {            /* a new pair: its CSECT */
        unsigned task = p[4];
        uint32_t a = be32(p + 4) & 0xFFFFFF;
        const char *name = hpm_csect_of(r, task, a);
        size_t k = 0;
        while (k < c->nc && (c->cs[k].task != task || c->cs[k].csect != name))
            k++;
        if (k == c->nc)
            c->cs[c->nc++] = (struct hot){ task, 0, name, 0 };
        c->cs_of[i] = (uint32_t)k;
        c->pos[i] = (uint32_t)c->nused + 1;
        c->used[c->nused++] = i;
    }
    c->cs[c->cs_of[i]].n += nn;
    c->total += nn;
}

/* The table at `table' of `slots' read into the run's cache and its
 * changes taken in: the cache, or NULL (no memory, unreadable). */
static struct pcs_view *view_read(struct run *r, uint32_t table, uint32_t slots)
{
    struct pcs_view *c = r->mon.pcs_view;
    if (!c || c->table != table || c->slots != slots) {
        view_free(c);
        c = r->mon.pcs_view = view_new(table, slots);
        if (!c)
            return NULL;
    }
    size_t size = (size_t)slots * VM_PCS_ENTRY;
    if (vm_fetch_bytes(r->vm, table, c->now, size) != 0)
        return NULL;
    for (uint32_t i = 0; i < slots; i += VIEW_RUN) {
        uint32_t n = slots - i < VIEW_RUN ? slots - i : VIEW_RUN;
        size_t off = (size_t)i * VM_PCS_ENTRY;
        if (!memcmp(c->raw + off, c->now + off, (size_t)n * VM_PCS_ENTRY))
            continue;
        for (uint32_t j = i; j < i + n; j++)
            if (memcmp(c->raw + (size_t)j * VM_PCS_ENTRY, c->now + (size_t)j * VM_PCS_ENTRY,
                       VM_PCS_ENTRY))
                view_slot(c, r, j);
    }
    uint8_t *t = c->raw;                /* what was read is what is drawn */
    c->raw = c->now;
    c->now = t;
    return c;
}

/* The k hottest addresses of c into top (most samples first): how many. */
static size_t view_top(const struct pcs_view *c, struct run *r, struct hot *top, size_t k)
{
    size_t n = 0;
    for (size_t u = 0; u < c->nused; u++) {
        const uint8_t *p = c->raw + (size_t)c->used[u] * VM_PCS_ENTRY;
        struct hot h = { p[4], be32(p + 4) & 0xFFFFFF, NULL, be32(p) };
        if (n == k && by_samples(&h, &top[n - 1]) >= 0)
            continue;
        size_t at = n < k ? n++ : n - 1;
        while (at > 0 && by_samples(&h, &top[at - 1]) < 0) {
            top[at] = top[at - 1];
            at--;
        }
        top[at] = h;
    }
    (void)r;
    return n;
}

static void release(struct run *r)
{
    view_free(r->mon.pcs_view);
    r->mon.pcs_view = NULL;
}

/* The table the block at the CAT's pointer names: the counts so far,
 * the hottest CSECTs (a third of the rows) and the hottest addresses. */
static void view(struct hpm_view *v, struct run *r)
{
    struct vm *vm = r->vm;
    uint32_t blk = hpm_get32(vm, VM_CAT + VM_CAT_PCS) & VM_ADDR_MASK;
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_PCS, &s);
    if (!blk) {
        hpm_view_put(v, 0, "no control block yet (CAT+X'AC' is 0)");
        return;
    }
    uint32_t slots = hpm_get32(vm, blk + 4), table = hpm_get32(vm, blk + 8);
    hpm_view_put(v, 0, "%" PRIu32 " ticks (%" PRIu32 " a second%s), %" PRIu32 " pairs in %"
                 PRIu32 " slots, %" PRIu32 " lost", hpm_get32(vm, blk + 20), hpm_get32(vm, blk),
                 s.on ? "" : ", off", hpm_get32(vm, blk + 12), slots, hpm_get32(vm, blk + 16));
    hpm_view_cost(v, vm, VM_HPM_PCS);
    if (slots > 1u << 20)
        return;
    struct pcs_view *c = view_read(r, table & VM_ADDR_MASK, slots);
    if (!c)
        return;
    size_t nc = 0;
    struct hot *cs = malloc((c->nc + 1) * sizeof *cs);
    for (size_t k = 0; cs && k < c->nc; k++)
        if (c->cs[k].n)
            cs[nc++] = c->cs[k];
    if (cs)
        qsort(cs, nc, sizeof *cs, cs_order);
    uint64_t total = c->total;
    int multi = r->ntasks > 1, crows = hpm_view_left(v) / 3;
    char name[160], task[8] = "", hashes[128];
    if (nc && crows >= 2) {
        hpm_view_put(v, 1, "%-22s %9s %6s", "hottest CSECTs", "samples", "%");
        for (size_t k = 0; k < nc && k + 1 < (size_t)crows; k++) {
            if (multi)
                snprintf(task, sizeof task, "[%u] ", cs[k].task);
            hpm_view_bar(hashes, sizeof hashes, cs[k].n, cs[0].n, v->cols - 41);
            hpm_view_put(v, 0, "%s%-*.*s %9" PRIu64 " %5.1f%% %s", task, 22 - (int)strlen(task),
                         22 - (int)strlen(task), cs[k].csect ? cs[k].csect : "(no CSECT)",
                         cs[k].n, hpm_pct(cs[k].n, total), hashes);
        }
    }
    free(cs);
    size_t want = hpm_view_left(v) >= 2 ? (size_t)hpm_view_left(v) - 1 : 0;
    if (want > c->nused)
        want = c->nused;
    struct hot *addr = want ? malloc(want * sizeof *addr) : NULL;
    size_t na = addr ? view_top(c, r, addr, want) : 0;
    if (na) {
        hpm_view_put(v, 1, "%-22s %9s %6s", "hottest addresses", "samples", "%");
        for (size_t k = 0; k < na && hpm_view_left(v) > 0; k++) {
            if (multi)
                snprintf(task, sizeof task, "[%u] ", addr[k].task);
            hpm_label(r, addr[k].task, addr[k].addr, name, sizeof name);
            hpm_view_bar(hashes, sizeof hashes, addr[k].n, addr[0].n, v->cols - 41);
            hpm_view_put(v, 0, "%s%-*.*s %9" PRIu64 " %5.1f%% %s", task, 22 - (int)strlen(task),
                         22 - (int)strlen(task), name, addr[k].n, hpm_pct(addr[k].n, total),
                         hashes);
        }
    }
    free(addr);
}

static const struct hpm_setting settings[] = {
    { "pcs", "RATE", 1, "program-counter sampling, RATE per virtual second (100)",
      parse_rate, said_rate },
    { "pcs-slots", "N", 0, "the sample table's entries (1024; with --pcs)", parse_slots, said_slots },
    { NULL, NULL, 0, NULL, NULL, NULL },
};

const struct hpm_class hpm_pcs = {
    .name = "pcs",
    .what = "program-counter sampling",
    .hw = VM_HPM_PCS,
    .settings = settings,
    .defaults = defaults,
    .on = on,
    .off = off,
    .arm = arm,
    .enable = enable,
    .summary = summary,
    .profile = profile,
    .release = release,
    .view = view,
};
