/*
 * pane-mon.c -- the sampling monitors' results, read from where their
 * microcode stores them in guest storage (imp(7), "The sampling
 * monitors"; the areas the descriptors of vm/hpm/ lay out): the IAS window
 * histograms, labelled with CSECT and symbol names, and the CSECT
 * monitor's reference string with its transition matrix.
 */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "scr.h"

static uint32_t word(struct vm *vm, uint32_t a)
{
    uint8_t b[4] = { 0 };
    vm_fetch_bytes(vm, a, b, 4);
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

struct bar { uint32_t k, n; };

static int by_count(const void *a, const void *b)
{
    const struct bar *x = a, *y = b;
    return x->n < y->n ? 1 : x->n > y->n ? -1 : (int)x->k - (int)y->k;
}

/* Window w's busiest blocks as bars, rows r0.. of in; returns rows used. */
static int histogram(struct scr *s, const struct box *in, int r0, const struct imprun_window *w)
{
    struct vm *vm = mon_vm(s->m);
    struct bar *bars = calloc(w->nblocks ? w->nblocks : 1, sizeof *bars);
    uint64_t total = 0;
    if (!bars)
        return 0;
    for (uint32_t k = 0; k < w->nblocks; k++) {
        bars[k] = (struct bar){ k, word(vm, w->vec + 4 * k) };
        total += bars[k].n;
    }
    qsort(bars, w->nblocks, sizeof *bars, by_count);
    int r = r0;
    scr_put(in, r++, A_BOLD, "window %s: %llu samples in %u blocks of %u", w->label,
            (unsigned long long)total, w->nblocks, w->block);
    int width = in->w - 32;
    for (uint32_t i = 0; i < w->nblocks && bars[i].n && r < in->h; i++) {
        char sym[128], src[8], hashes[256];
        uint32_t a = w->lo + bars[i].k * w->block;
        where_format(s->m, a, sym, sizeof sym, src, sizeof src);
        int len = width > 0 && bars[0].n ? (int)((uint64_t)bars[i].n * (uint64_t)width / bars[0].n) : 0;
        if (len > (int)sizeof hashes - 1)
            len = (int)sizeof hashes - 1;
        memset(hashes, '#', (size_t)len);
        hashes[len] = '\0';
        scr_put(in, r++, 0, "%-18.18s %5.1f%% %s", sym[0] ? sym : "?",
                total ? 100.0 * bars[i].n / (double)total : 0.0, hashes);
    }
    free(bars);
    return r - r0;
}

void pane_ias(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "IAS histogram");
    struct vm *vm = mon_vm(s->m);
    if (!vm)
        return;
    if (!s->m->o.ias_period) {
        scr_put(&in, 0, 0, "the IAS monitor is off: monitor ias 500 turns it on");
        return;
    }
    int r = 0;
    for (int i = 0; i < s->m->r.mon.nwin && r < in.h; i++)
        r += histogram(s, &in, r, &s->m->r.mon.win[i]) + 1;
}

static const char *csect(const struct imprun_mon *mm, uint32_t k)
{
    return k < mm->ncsects ? mm->csects[k].name : "-";
}

void pane_csm(struct scr *s, const struct box *b)
{
    struct box in = scr_frame(b, "CSECT references");
    struct vm *vm = mon_vm(s->m);
    const struct imprun_mon *mm = &s->m->r.mon;
    if (!vm)
        return;
    if (!s->m->o.csm_records) {
        scr_put(&in, 0, 0, "the CSECT monitor is off: monitor csm turns it on");
        return;
    }
    uint32_t blk = word(vm, VM_CAT + VM_CAT_CSM), n = blk ? word(vm, blk + 20) : 0;
    scr_put(&in, 0, A_BOLD, "%u transitions among %u CSECTs", n, mm->ncsects);
    /* the reference string, newest last, as many as fit in half the pane */
    int rows = in.h / 2 - 1, r = 1;
    char line[512];
    uint32_t first = n, used = 0;
    while (first > 0 && used < (uint32_t)(rows * in.w)) {
        first--;
        uint32_t to = word(vm, mm->csm_buf + first * VM_CSM_RECORD) & 0xFFFF;
        used += (uint32_t)strlen(csect(mm, to)) + 1;
    }
    size_t k = 0;
    for (uint32_t i = first; i < n && r <= rows; i++) {
        const char *name = csect(mm, word(vm, mm->csm_buf + i * VM_CSM_RECORD) & 0xFFFF);
        if (k + strlen(name) + 1 >= (size_t)in.w) {
            scr_put(&in, r++, 0, "%s", line);
            k = 0;
        }
        k += (size_t)snprintf(line + k, sizeof line - k, "%s ", name);
    }
    if (k && r <= rows)
        scr_put(&in, r++, 0, "%s", line);
    /* the transition matrix of the first CSECTs: from (rows) -> to (columns) */
    uint32_t nc = mm->ncsects < 6 ? mm->ncsects : 6;
    if (!nc)
        return;
    uint32_t mat[6][6] = { { 0 } };
    for (uint32_t i = 0; i < n; i++) {
        uint32_t ft = word(vm, mm->csm_buf + i * VM_CSM_RECORD), f = ft >> 16, t = ft & 0xFFFF;
        if (f < nc && t < nc)
            mat[f][t]++;
    }
    r = in.h / 2 + 1;
    k = (size_t)snprintf(line, sizeof line, "%-9s", "from\\to");
    for (uint32_t j = 0; j < nc; j++)
        k += (size_t)snprintf(line + k, sizeof line - k, " %8.8s", csect(mm, j));
    scr_put(&in, r++, A_BOLD, "%s", line);
    for (uint32_t i = 0; i < nc && r < in.h; i++) {
        k = (size_t)snprintf(line, sizeof line, "%-9.9s", csect(mm, i));
        for (uint32_t j = 0; j < nc; j++)
            k += (size_t)snprintf(line + k, sizeof line - k, " %8u", mat[i][j]);
        scr_put(&in, r++, 0, "%s", line);
    }
}
