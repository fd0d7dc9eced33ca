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
 * The replay is the model of order.h, not the machine: on another input,
 * or where the model misses references, the order can be worse than the
 * one it started from (examples/reorder shows both).
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

int ord_alg_imp(const struct ord_input *in, const struct ord_params *prm,
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

