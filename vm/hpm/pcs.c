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

static int by_samples(const void *a, const void *b)
{
    const struct hot *x = a, *y = b;
    if (x->n != y->n)
        return x->n < y->n ? 1 : -1;
    return x->task != y->task ? (x->task < y->task ? -1 : 1)
                              : x->addr < y->addr ? -1 : x->addr > y->addr;
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
    uint8_t *raw = malloc((size_t)slots * VM_PCS_ENTRY + 1);
    struct hot *addr = malloc((size_t)slots * sizeof *addr + 1);
    struct hot *cs = malloc((size_t)slots * sizeof *cs + 1);
    size_t na = 0, nc = 0;
    uint64_t total = 0;
    if (raw && addr && cs && vm_fetch_bytes(vm, table, raw, (size_t)slots * VM_PCS_ENTRY) == 0)
        for (uint32_t i = 0; i < slots; i++) {
            const uint8_t *p = raw + (size_t)i * VM_PCS_ENTRY;
            uint32_t n = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
            if (!n)
                continue;
            unsigned task = p[4];
            uint32_t a = (uint32_t)p[5] << 16 | (uint32_t)p[6] << 8 | p[7];
            const char *c = hpm_csect_of(r, task, a);
            addr[na++] = (struct hot){ task, a, c, n };
            total += n;
            size_t k = 0;
            while (k < nc && (cs[k].task != task || cs[k].csect != c))
                k++;
            if (k == nc)
                cs[nc++] = (struct hot){ task, c ? 0 : a, c, 0 };
            cs[k].n += n;
        }
    qsort(addr, na, sizeof *addr, by_samples);
    qsort(cs, nc, sizeof *cs, by_samples);
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
    if (na && hpm_view_left(v) >= 2) {
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
    free(raw);
    free(addr);
    free(cs);
}

static const struct hpm_setting settings[] = {
    { "pcs", "RATE", 1, "program-counter sampling, RATE per virtual second (100)",
      parse_rate, said_rate },
    { "pcs-slots", "N", 0, "the sample table's entries (1024)", parse_slots, said_slots },
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
    .view = view,
};
