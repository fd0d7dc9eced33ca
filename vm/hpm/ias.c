/*
 * ias.c -- instruction address sampling (imp(7), "THE SAMPLING
 * MONITORS"; seed 002): every --ias cycles interval timer 4 interrupts
 * the microcode (mc/src/monitor.mc, `ias'), which counts the instruction
 * address in the block of each window that holds it, or in the window's
 * out-of-range counter; samples in the wait state have a counter of
 * their own.
 *
 *   --ias=CYCLES                  the sample period (100 to 65535)
 *   --ias-window=WHERE[/BLOCK]    a window (repeatable; default: the
 *                                 program), BLOCK bytes per counter (16)
 *
 * The control block (the CAT's IAS pointer at X'A40'): +0 F samples in
 * the wait state, +4 H period, H windows, then per window lo, hi, block,
 * the count vector, the out-of-range counter.  The vectors are in the
 * monitors' area.
 */
#include "hpm.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"

#define IAS_BLOCK_AT  0xA40u        /* in the nucleus's key-0 block */
#define DEFAULT_BLOCK 16u

_Static_assert(IAS_BLOCK_AT + VM_IAS_HEADER + VM_IAS_MAX_WINDOWS * VM_IAS_WINDOW <= 0xBA0u,
               "the IAS block fits before the PC-sampling block");

static int parse_period(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    uint64_t p;
    if (!spec || parse_number_in(spec, NUM_DECIMAL, VM_IAS_MIN_PERIOD, 65535, &p) != 0) {
        snprintf(err, errsize, "'%s' is not a sample period of 100 to 65535 cycles",
                 spec ? spec : "");
        return -1;
    }
    o->ias_period = (uint32_t)p;
    return 0;
}

static void said_period(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "ias: a sample every %u cycles", o->ias_period);
}

static int parse_window(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    if (o->nias >= (int)VM_IAS_MAX_WINDOWS) {
        snprintf(err, errsize, "at most %u windows", VM_IAS_MAX_WINDOWS);
        return -1;
    }
    const char *slash = strrchr(spec, '/');
    uint64_t v = DEFAULT_BLOCK;
    if (slash && parse_number_in(slash + 1, NUM_DECIMAL, 1, 1u << 24, &v) != 0) {
        snprintf(err, errsize, "'%s' is not a block size in bytes (1 to 16M)", slash + 1);
        return -1;
    }
    size_t n = slash ? (size_t)(slash - spec) : strlen(spec);
    if (n == 0 || n >= sizeof o->ias_where[0]) {
        snprintf(err, errsize, "'%s' names no window", spec);
        return -1;
    }
    memcpy(o->ias_where[o->nias], spec, n);
    o->ias_where[o->nias][n] = '\0';
    o->ias_block[o->nias++] = (uint32_t)v;
    return 0;
}

static void said_window(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "ias: window %d over %s", o->nias, spec);
}

static int on(const struct imprun_opts *o) { return o->ias_period != 0; }

static void off(struct imprun_opts *o)
{
    o->ias_period = 0;
    o->nias = 0;
}

static int arm(struct run *r, uint32_t floor)
{
    const struct imprun_opts *o = r->o;
    struct imprun_mon *m = &r->mon;
    struct vm *vm = r->vm;
    const struct symtab *s = &r->tk[0].syms;
    uint8_t b[VM_IAS_HEADER + VM_IAS_MAX_WINDOWS * VM_IAS_WINDOW];
    int n = o->nias ? o->nias : 1;
    memset(b, 0, sizeof b);
    hpm_put32(b + 4, o->ias_period << 16 | (uint32_t)n);
    for (int i = 0; i < n; i++) {
        const char *where = o->nias ? o->ias_where[i] : "program";
        uint32_t blk = o->nias ? o->ias_block[i] : DEFAULT_BLOCK, lo, hi;
        int rc = hpm_where(s, where, &lo, &hi);
        if (rc != 0) {
            hpm_where_say(r, "ias-window", where, rc, s);
            return -1;
        }
        uint64_t nb = ((uint64_t)hi - lo + blk - 1) / blk;
        uint32_t vec = nb <= HPM_MAX_AREA / 4 ? hpm_take(r, (uint32_t)nb * 4, floor) : 0;
        if (!vec) {
            run_say(r->sink, "ias-window", where, "%" PRIu64 " blocks of %" PRIu32
                    " bytes do not fit in storage (a larger block size?)", nb, blk);
            return -1;
        }
        hpm_zero(vm, vec, (uint32_t)nb * 4);
        uint8_t *d = b + VM_IAS_HEADER + i * VM_IAS_WINDOW;
        hpm_put32(d, lo);
        hpm_put32(d + 4, hi);
        hpm_put32(d + 8, blk);
        hpm_put32(d + 12, vec);
        struct imprun_window *w = &m->win[i];
        w->lo = lo;
        w->hi = hi;
        w->block = blk;
        w->vec = vec;
        w->nblocks = (uint32_t)nb;
        snprintf(w->label, sizeof w->label, "%s", where);
    }
    m->nwin = n;
    vm_store_bytes(vm, IAS_BLOCK_AT, b, VM_IAS_HEADER + (size_t)n * VM_IAS_WINDOW);
    uint8_t cat[4];
    hpm_put32(cat, IAS_BLOCK_AT);
    vm_store_bytes(vm, VM_CAT + VM_CAT_IAS, cat, 4);
    return 0;
}

static int enable(struct run *r) { return hpm_enable_op(r, "EIAS", 0, "ias"); }

static uint32_t out_of_range(struct vm *vm, int i)
{
    return hpm_get32(vm, IAS_BLOCK_AT + VM_IAS_HEADER + i * VM_IAS_WINDOW + 16);
}

static void summary(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct imprun_mon *m = &r->mon;
    struct vm *vm = r->vm;
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_IAS, &s);
    fprintf(f, "ias: a sample every %" PRIu32 " cycles: %" PRIu64 " samples, %" PRIu32
            " in the wait state\n", o->ias_period, s.events, hpm_get32(vm, IAS_BLOCK_AT));
    for (int i = 0; i < m->nwin; i++) {
        const struct imprun_window *w = &m->win[i];
        uint64_t in = 0;
        uint32_t top = 0, topn = 0;
        for (uint32_t k = 0; k < w->nblocks; k++) {
            uint32_t n = hpm_get32(vm, w->vec + 4 * k);
            in += n;
            if (n > topn) {
                topn = n;
                top = k;
            }
        }
        uint32_t out = out_of_range(vm, i);
        fprintf(f, "ias: window %d %s (X'%06" PRIX32 "'-X'%06" PRIX32 "', %" PRIu32
                " block%s of %" PRIu32 " bytes): %" PRIu64 " in it, %" PRIu32 " out of range",
                i + 1, w->label, w->lo, w->hi, w->nblocks, w->nblocks == 1 ? "" : "s",
                w->block, in, out);
        if (topn) {
            char where[160];
            uint32_t a = w->lo + top * w->block;
            if (sym_format(&r->tk[0].syms, a, where, sizeof where) != 0)
                snprintf(where, sizeof where, "X'%06" PRIX32 "'", a);
            fprintf(f, "; busiest block %s, %.1f%%", where, hpm_pct(topn, in + out));
        }
        fputc('\n', f);
    }
    hpm_cost(f, "ias", vm, VM_HPM_IAS);
}

static void profile(FILE *f, struct run *r)
{
    struct vm *vm = r->vm;
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_IAS, &s);
    fprintf(f, "ias period=%" PRIu32 " samples=%" PRIu64 " wait=%" PRIu32 " windows=%d\n",
            r->o->ias_period, s.events, hpm_get32(vm, IAS_BLOCK_AT), r->mon.nwin);
    for (int i = 0; i < r->mon.nwin; i++) {
        const struct imprun_window *w = &r->mon.win[i];
        fprintf(f, "window %d low=%" PRIX32 " high=%" PRIX32 " block=%" PRIu32 " out=%" PRIu32
                " task=1 label=", i + 1, w->lo, w->hi, w->block, out_of_range(vm, i));
        for (const char *c = w->label; *c; c++)
            fputc(isspace((unsigned char)*c) ? '_' : *c, f);
        fputc('\n', f);
        for (uint32_t b = 0; b < w->nblocks; b++) {
            uint32_t n = hpm_get32(vm, w->vec + 4 * b);
            if (n)
                fprintf(f, "count %d %" PRIu32 " %" PRIu32 "\n", i + 1, b, n);
        }
    }
}

struct bar { uint32_t k, n; };

static int by_count(const void *a, const void *b)
{
    const struct bar *x = a, *y = b;
    return x->n < y->n ? 1 : x->n > y->n ? -1 : (int)x->k - (int)y->k;
}

/* Window i of the block at blk: a heading and its busiest blocks as bars,
 * in at most rows lines of v. */
static void view_window(struct hpm_view *v, struct run *r, uint32_t blk, int i, int rows)
{
    struct vm *vm = r->vm;
    uint32_t d = blk + VM_IAS_HEADER + (uint32_t)i * VM_IAS_WINDOW;
    uint32_t lo = hpm_get32(vm, d), hi = hpm_get32(vm, d + 4), size = hpm_get32(vm, d + 8);
    uint32_t vec = hpm_get32(vm, d + 12), out = hpm_get32(vm, d + 16);
    uint64_t nb = size && hi > lo ? ((uint64_t)hi - lo + size - 1) / size : 0, total = 0;
    uint8_t *raw = nb && nb <= HPM_MAX_AREA / 4 ? malloc(nb * 4) : NULL;
    struct bar *bars = raw ? malloc(nb * sizeof *bars) : NULL;
    if (!bars || vm_fetch_bytes(vm, vec, raw, nb * 4) != 0)
        nb = 0;
    for (uint32_t k = 0; k < nb; k++) {
        const uint8_t *p = raw + 4 * k;
        bars[k] = (struct bar){ k, (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
                                   (uint32_t)p[2] << 8 | p[3] };
        total += bars[k].n;
    }
    if (nb)
        qsort(bars, nb, sizeof *bars, by_count);
    char label[160];
    if (i < r->mon.nwin && r->mon.win[i].lo == lo && r->mon.win[i].hi == hi)
        snprintf(label, sizeof label, "%s", r->mon.win[i].label);
    else
        hpm_label(r, 1, lo, label, sizeof label);
    hpm_view_put(v, 1, "window %s: %" PRIu64 " samples in %" PRIu64 " blocks of %" PRIu32
                 ", %" PRIu32 " out of range", label, total, nb, size, out);
    for (uint32_t k = 0; k + 1 < (uint32_t)rows && k < nb && bars[k].n; k++) {
        char sym[160], hashes[256];
        hpm_label(r, 1, lo + bars[k].k * size, sym, sizeof sym);
        hpm_view_bar(hashes, sizeof hashes, bars[k].n, bars[0].n, v->cols - 32);
        hpm_view_put(v, 0, "%-18.18s %5.1f%% %s", sym, hpm_pct(bars[k].n, total), hashes);
    }
    free(bars);
    free(raw);
}

/* The block the CAT points to (the program's own, or the one arm laid
 * out): the sample count and each window's histogram. */
static void view(struct hpm_view *v, struct run *r)
{
    struct vm *vm = r->vm;
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_IAS, &s);
    uint32_t blk = hpm_get32(vm, VM_CAT + VM_CAT_IAS) & VM_ADDR_MASK;
    if (!blk) {
        hpm_view_put(v, 0, "no control block yet (CAT+X'A8' is 0)");
        return;
    }
    uint32_t w1 = hpm_get32(vm, blk + 4), nwin = w1 & 0xFFFF;
    if (nwin > VM_IAS_MAX_WINDOWS)
        nwin = VM_IAS_MAX_WINDOWS;
    hpm_view_put(v, 0, "a sample every %" PRIu32 " cycles%s: %" PRIu64 " samples, %" PRIu32
                 " in the wait state", w1 >> 16, s.on ? "" : " (off)", s.events,
                 hpm_get32(vm, blk));
    hpm_view_cost(v, vm, VM_HPM_IAS);
    for (uint32_t i = 0; i < nwin && hpm_view_left(v) > 0; i++)
        view_window(v, r, blk, (int)i, hpm_view_left(v) / (int)(nwin - i));
}

static const struct hpm_setting settings[] = {
    { "ias", "CYCLES", 0, "instruction address sampling: a sample every CYCLES",
      parse_period, said_period },
    { "ias-window", "WHERE[/BLOCK]", 0, "a window of counters (repeatable; default: the "
      "program)", parse_window, said_window },
    { NULL, NULL, 0, NULL, NULL, NULL },
};

const struct hpm_class hpm_ias = {
    .name = "ias",
    .what = "instruction address sampling",
    .hw = VM_HPM_IAS,
    .settings = settings,
    .on = on,
    .off = off,
    .arm = arm,
    .enable = enable,
    .summary = summary,
    .profile = profile,
    .view = view,
};
