/*
 * order-imp.c -- IMP's own CSECT order (impprof --order=imp): a local
 * search that minimizes the page-ins of the LRU replay of the training
 * reference string (order.h).
 *
 * Start: the order of link, static, hg, cws, linz, ph or c3 with the
 * lowest cost (ord_cost: each frame count weighed by the fewest faults
 * any of them has there, so that the large counts of few frames do not
 * drown the rest).  Then a first-improvement local search: move a CSECT
 * next to one of its partners (before or after it), or start it on a
 * page boundary (or not); keep each change that lowers the cost; at most
 * prm->effort evaluations, in a fixed order, so the result is
 * deterministic.
 *
 * The replay is the model of order.h, not the machine: where the model
 * misses references (an entry touches more than its first hot bytes),
 * an order that fits the model can page more than link order on the
 * machine, and more still on another input (the Linz paper's warning).
 * So the search is checked on references it has not seen: the training
 * string is cut into IMP_BLOCKS blocks in time order, every third block
 * is held out, and the search runs on the others.  Its order must then
 * page no more than link order on the held-out blocks at every frame
 * count flo..fhi, replayed with a model that misses nothing an entry
 * could touch (the whole of the CSECT entered and of the data it refers
 * to).  The first model that passes (hot bytes prm->hot_bytes, then four
 * times as many, up to a page) is searched again on the whole string,
 * and that is the order; if none passes, the order is link order, which
 * the control file says.  A string under IMP_MIN_SPLIT references is
 * searched whole, unchecked.
 */
#include <stdlib.h>
#include <string.h>

#include "order.h"

/* Move the item at position i to position j (0 <= i, j < l->n). */
static void move_item(struct ord_layout *l, size_t i, size_t j)
{
    unsigned c = l->seq[i];
    if (i < j)
        memmove(l->seq + i, l->seq + i + 1, (j - i) * sizeof *l->seq);
    else
        memmove(l->seq + j + 1, l->seq + j, (i - j) * sizeof *l->seq);
    l->seq[j] = c;
}

static size_t pos_of(const struct ord_layout *l, unsigned c)
{
    size_t k = 0;
    while (k < l->n && l->seq[k] != c)
        k++;
    return k;
}

#define IMP_PARTNERS 6
#define IMP_MIN_SPLIT 30
#define IMP_BLOCKS 12

/* The partners of c (most transitions, or for data the referrers),
   strongest first; their number. */
static size_t partners(const struct ord_input *in, const uint64_t *w, unsigned c, unsigned *p)
{
    size_t n = in->n, k = 0;
    for (size_t v = 0; v < n; v++) {
        uint64_t x = in->cs[c].code ? w[c * n + v]
                                    : ord_refers(in, v, c) ? in->cs[v].entries : 0;
        if (v == c || !x || !in->cs[v].code)
            continue;
        size_t at = k < IMP_PARTNERS ? k++ : IMP_PARTNERS;
        if (at == IMP_PARTNERS) {
            uint64_t y = in->cs[c].code ? w[c * n + p[IMP_PARTNERS - 1]]
                                        : in->cs[p[IMP_PARTNERS - 1]].entries;
            if (x <= y)
                continue;
            at = IMP_PARTNERS - 1;
        }
        p[at] = (unsigned)v;
        while (at > 0) {                /* keep sorted, strongest first */
            uint64_t y = in->cs[c].code ? w[c * n + p[at - 1]] : in->cs[p[at - 1]].entries;
            if (x <= y)
                break;
            unsigned t = p[at]; p[at] = p[at - 1]; p[at - 1] = t;
            at--;
        }
    }
    return k;
}

/* The local search on the references of in (the whole training string,
   or the part of it the search may see). */
static int imp_search(const struct ord_input *in, const struct ord_params *prm,
                      struct ord_layout *l)
{
    static const enum ord_alg starts[] = { ORD_LINK, ORD_STATIC, ORD_HG, ORD_CWS, ORD_LINZ,
                                           ORD_PH, ORD_C3 };
    struct ord_layout cand, trial;
    struct ord_work wk;
    size_t ns = sizeof starts / sizeof *starts;
    uint64_t *faults = calloc((ns + 1) * ((size_t)prm->fhi + 1), sizeof *faults);
    uint64_t *scale = calloc((size_t)prm->fhi + 1, sizeof *scale);
    uint64_t *w = ord_pair_weights(in, 0);
    if (!faults || !scale || !w || ord_work_init(&wk, in, prm) != 0) {
        free(faults); free(scale); free(w);
        return -1;
    }
    if (ord_layout_init(&cand, in->n) || ord_layout_init(&trial, in->n)) {
        free(faults); free(scale); free(w);
        ord_work_free(&wk);
        return -1;
    }
    /* the scale: the fewest faults of any start at each frame count */
    for (size_t s = 0; s < ns; s++) {
        uint64_t *fs = faults + s * ((size_t)prm->fhi + 1);
        if (ord_compute(in, starts[s], prm, &cand) != 0 ||
            ord_replay_work(&wk, in, &cand, prm, prm->fhi, fs) != 0)
            continue;
        for (unsigned f = prm->flo; f <= prm->fhi; f++)
            if (!scale[f] || fs[f] < scale[f])
                scale[f] = fs[f];
    }
    double best = -1;
    for (size_t s = 0; s < ns; s++) {
        if (ord_compute(in, starts[s], prm, &cand) != 0)
            continue;
        double c = ord_cost(&wk, in, &cand, prm, scale, faults + ns * ((size_t)prm->fhi + 1));
        if (c >= 0 && (best < 0 || c < best)) {
            best = c;
            ord_layout_copy(l, &cand);
        }
    }
    /* the hot region: entered code and the data it touches */
    size_t hot = 0;
    for (size_t k = 0; k < l->n; k++) {
        unsigned c = l->seq[k];
        int touched = in->cs[c].code;
        for (size_t v = 0; v < in->n && !touched; v++)
            touched = in->cs[v].code && ord_refers(in, v, c);
        if (touched)
            hot = k + 1;
    }
    unsigned evals = 0, p[IMP_PARTNERS];
    int improved = 1;
    while (improved && evals < prm->effort) {
        improved = 0;
        for (size_t i = 1; i < hot && evals < prm->effort; i++) {
            unsigned c = l->seq[i];
            size_t np = partners(in, w, c, p);
            for (size_t q = 0; q < 2 * np + 1 && evals < prm->effort; q++) {
                ord_layout_copy(&trial, l);
                size_t from = pos_of(&trial, c);
                if (q == 2 * np) {      /* start it on a page boundary, or not */
                    trial.page[c] ^= 1;
                } else {
                    size_t to = pos_of(&trial, p[q / 2]);
                    if (to == 0 && q % 2 == 0)
                        continue;
                    to = q % 2 ? to + (from > to) : to - (from < to);
                    if (to == from || to == 0 || to >= trial.n)
                        continue;
                    move_item(&trial, from, to);
                }
                evals++;
                double cst = ord_cost(&wk, in, &trial, prm, scale,
                                      faults + ns * ((size_t)prm->fhi + 1));
                if (cst >= 0 && cst < best) {
                    best = cst;
                    ord_layout_copy(l, &trial);
                    improved = 1;
                    c = l->seq[i];
                    np = partners(in, w, c, p);
                }
            }
        }
    }
    ord_layout_free(&cand);
    ord_layout_free(&trial);
    free(w);
    free(faults);
    free(scale);
    ord_work_free(&wk);
    return 0;
}

/* Link order: every CSECT where the linkage editor put it. */
static void link_order(const struct ord_input *in, struct ord_layout *l)
{
    for (size_t i = 0; i < in->n; i++)
        l->seq[i] = (unsigned)i;
    l->n = in->n;
    memset(l->page, 0, in->n);
}

/* A part of the training string: its own copies of the references. */
static void free_part(struct ord_input *p)
{
    free(p->ref);
    free(p->kind);
    free(p->from);
    free(p->cyc);
    p->ref = NULL, p->kind = NULL, p->from = NULL, p->cyc = NULL;
}

/* Split the string into IMP_BLOCKS blocks: every third one (the third,
   sixth ...) to held, the others to fit, each in time order.  0, or -1
   (out of memory). */
static int split(const struct ord_input *in, struct ord_input *fit, struct ord_input *held)
{
    struct ord_input *part[2] = { fit, held };
    for (int k = 0; k < 2; k++) {
        *part[k] = *in;
        part[k]->ref = malloc(in->nref * sizeof *in->ref);
        part[k]->kind = malloc(in->nref);
        part[k]->from = malloc(in->nref * sizeof *in->from);
        part[k]->cyc = malloc(in->nref * sizeof *in->cyc);
        part[k]->nref = 0;
    }
    if (!fit->ref || !fit->kind || !fit->from || !fit->cyc ||
        !held->ref || !held->kind || !held->from || !held->cyc) {
        free_part(fit);
        free_part(held);
        return -1;
    }
    for (size_t r = 0; r < in->nref; r++) {
        struct ord_input *p = part[(r * IMP_BLOCKS / in->nref) % 3 == 2];
        p->ref[p->nref] = in->ref[r];
        p->kind[p->nref] = in->kind[r];
        p->from[p->nref] = in->from[r];
        p->cyc[p->nref] = in->cyc[r];
        p->nref++;
    }
    return 0;
}

/* The check of layout l: 1 if its faults on the held-out part under the
   whole-CSECT model are no more than link order's (base) at every frame
   count flo..fhi; 0 if not, -1 if the replay failed. */
static int held_check(const struct ord_input *held, const struct ord_params *whole,
                      const struct ord_layout *l, const uint64_t *base, uint64_t *faults)
{
    if (ord_replay(held, l, whole, whole->fhi, faults) != 0)
        return -1;
    for (unsigned f = whole->flo; f <= whole->fhi; f++)
        if (faults[f] > base[f])
            return 0;
    return 1;
}

int ord_alg_imp(const struct ord_input *in, const struct ord_params *prm,
                struct ord_layout *l)
{
    if (in->nref < IMP_MIN_SPLIT)
        return imp_search(in, prm, l);
    struct ord_input fit, held;
    if (split(in, &fit, &held) != 0)
        return -1;
    struct ord_params whole = *prm;
    whole.hot_bytes = UINT32_MAX;

    struct ord_layout cand, base;
    uint64_t *linkf = calloc((size_t)prm->fhi + 1, sizeof *linkf);
    uint64_t *faults = calloc((size_t)prm->fhi + 1, sizeof *faults);
    int st = -1;
    if (!linkf || !faults || ord_layout_init(&cand, in->n) != 0) {
        free(linkf);
        free(faults);
        free_part(&fit);
        free_part(&held);
        return -1;
    }
    if (ord_layout_init(&base, in->n) != 0)
        goto out1;
    link_order(in, &base);
    ord_layout_copy(l, &base);
    if (ord_replay(&held, &base, &whole, prm->fhi, linkf) != 0)
        goto out;
    uint32_t held_h = 0;
    for (uint32_t h = prm->hot_bytes ? prm->hot_bytes : 1;; h *= 4) {
        struct ord_params p = *prm;
        p.hot_bytes = h;
        int ok;
        if (imp_search(&fit, &p, &cand) != 0 ||
            (ok = held_check(&held, &whole, &cand, linkf, faults)) < 0)
            goto out;
        if (ok) {
            held_h = h;
            break;
        }
        if (h >= prm->page_size || h > UINT32_MAX / 4)
            break;
    }
    if (held_h) {               /* the model that held, on the whole string */
        struct ord_params p = *prm;
        p.hot_bytes = held_h;
        if (imp_search(in, &p, l) != 0)
            goto out;
    }
    st = 0;
out:
    ord_layout_free(&base);
out1:
    ord_layout_free(&cand);
    free(linkf);
    free(faults);
    free_part(&fit);
    free_part(&held);
    return st;
}
