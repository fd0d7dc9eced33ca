/*
 * order-alg.c -- the CSECT ordering algorithms of impprof --order.
 *
 * Each orders the code CSECTs (those the monitor saw entered); ord_finish
 * then places the data CSECTs after them and the unused CSECTs last
 * (order.h).  The sources, as impprof(1) cites them:
 *
 *   link    the linkage editor's input order: the baseline.
 *   static  the order a static analysis of the cross-reference list
 *           gives: depth-first from the entry CSECT, each CSECT's
 *           references in address order (as /PR78/ of the Linz paper
 *           starts from).  Uses no monitor data; orders data too.
 *   hg      D.J. Hatfield, J. Gerald, "Program restructuring for virtual
 *           memory", IBM Sys. J. 10(3), 1971: the nearness matrix (how
 *           often control passed between two CSECTs); pages are filled
 *           one by one with the CSECT nearest to the page's CSECTs.
 *   cws     D. Ferrari, "Improving locality by critical working sets",
 *           CACM 17(11), 1974: at each reference that would fault under
 *           the working set of window T (the CSECT was not used in the
 *           last T cycles), each CSECT of the working set gains affinity
 *           with the one referenced; clusters of high affinity, at most
 *           a page each, are packed.
 *   linz    E. Feilmair, K. Stadler, "A microprogrammed CSECT monitor",
 *           Linz SYSPRO 13/80, 1980: the CSECT reference string cut in
 *           intervals of T cycles; CSECTs used in the same intervals go
 *           in as few pages as possible, clusters in the order of first
 *           use.
 *   ph      K. Pettis, R.C. Hansen, "Profile guided code positioning",
 *           PLDI 1990: the call graph's edges by weight, heaviest first,
 *           merge the chains at their ends, the most strongly connected
 *           ends adjacent.
 *   c3      G. Ottoni, B. Maher, "Optimizing function placement for
 *           large-scale data-center applications", CGO 2017 (hfsort):
 *           each CSECT, hottest first, is appended to the cluster of its
 *           most frequent caller while the cluster stays within a page;
 *           clusters by density (cycles per byte).
 *   imp     IMP's own: order-imp.c.
 */
#include <stdlib.h>
#include <string.h>

#include "order.h"

uint64_t *ord_pair_weights(const struct ord_input *in, int calls_only)
{
    size_t n = in->n;
    uint64_t *w = calloc(n * n + 1, sizeof *w);
    if (!w)
        return NULL;
    for (size_t r = 0; r < in->nref; r++) {
        unsigned a = in->from[r], b = in->ref[r];
        if (a >= n || a == b || (calls_only && in->kind[r] != 1))
            continue;
        w[a * n + b]++;
        w[b * n + a]++;
    }
    return w;
}

/* Sort v[0..n) by key[v[i]], largest first, equal keys by smaller index
   first (a merge sort; tmp holds n). */
static void sort_desc(unsigned *v, unsigned *tmp, size_t n, const double *key)
{
    if (n < 2)
        return;
    size_t h = n / 2;
    sort_desc(v, tmp, h, key);
    sort_desc(v + h, tmp, n - h, key);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n) {
        unsigned a = v[i], b = v[j];
        int first = key[a] != key[b] ? key[a] > key[b] : a < b;
        tmp[k++] = first ? v[i++] : v[j++];
    }
    while (i < h)
        tmp[k++] = v[i++];
    while (j < n)
        tmp[k++] = v[j++];
    memcpy(v, tmp, n * sizeof *v);
}

/* The code CSECTs into v, hottest (most cycles) first, ties in link
   order; their number, or 0 with v in link order if out of memory. */
static size_t code_by_heat(const struct ord_input *in, unsigned *v)
{
    size_t k = 0;
    for (size_t i = 0; i < in->n; i++)
        if (in->cs[i].code)
            v[k++] = (unsigned)i;
    double *key = malloc((in->n + 1) * sizeof *key);
    unsigned *tmp = malloc((k + 1) * sizeof *tmp);
    if (key && tmp) {
        for (size_t i = 0; i < in->n; i++)
            key[i] = (double)in->cs[i].cycles;
        sort_desc(v, tmp, k, key);
    }
    free(key);
    free(tmp);
    return k;
}

/* ---- static ---- */

/* Depth first from c over the references not yet seen, appending each
   CSECT when first reached.  stack and cur hold n entries. */
static void dfs(const struct ord_input *in, unsigned c, unsigned char *seen,
                struct ord_layout *l, unsigned *stack, size_t *cur)
{
    size_t sp = 0, n = in->n;
    seen[c] = 1;
    l->seq[l->n++] = c;
    stack[sp] = c;
    cur[sp++] = 0;
    while (sp) {
        unsigned u = stack[sp - 1];
        size_t j = cur[sp - 1];
        while (j < n && (seen[j] || !in->xref[(size_t)u * n + j]))
            j++;
        cur[sp - 1] = j + 1;
        if (j >= n) {
            sp--;
            continue;
        }
        seen[j] = 1;
        l->seq[l->n++] = (unsigned)j;
        stack[sp] = (unsigned)j;
        cur[sp++] = 0;
    }
}

static int alg_static(const struct ord_input *in, struct ord_layout *l)
{
    unsigned char *seen = calloc(in->n + 1, 1);
    unsigned *stack = malloc((in->n + 1) * sizeof *stack);
    size_t *cur = malloc((in->n + 1) * sizeof *cur);
    if (!seen || !stack || !cur) {
        free(seen);
        free(stack);
        free(cur);
        return -1;
    }
    l->n = 0;
    memset(l->page, 0, in->n);
    if (in->entry >= 0)
        dfs(in, (unsigned)in->entry, seen, l, stack, cur);
    for (size_t i = 0; i < in->n; i++)
        if (!seen[i])
            dfs(in, (unsigned)i, seen, l, stack, cur);
    free(seen);
    free(stack);
    free(cur);
    return 0;
}

/* ---- hg ---- */

static int alg_hg(const struct ord_input *in, const struct ord_params *prm, struct ord_layout *l)
{
    size_t n = in->n;
    uint64_t *w = ord_pair_weights(in, 0);
    unsigned *hot = malloc((n + 1) * sizeof *hot), *out = malloc((n + 1) * sizeof *out);
    unsigned char *placed = calloc(n + 1, 1);
    if (!w || !hot || !out || !placed) {
        free(w); free(hot); free(out); free(placed);
        return -1;
    }
    size_t nh = code_by_heat(in, hot), no = 0, pstart = 0;
    uint32_t used = 0;
    while (no < nh) {
        long best = -1;
        uint64_t bw = 0;
        for (size_t k = 0; k < nh && no > pstart; k++) {
            unsigned u = hot[k];
            if (placed[u])
                continue;
            uint64_t s = 0;
            for (size_t q = pstart; q < no; q++)
                s += w[u * n + out[q]];
            if (s > bw) {
                bw = s;
                best = u;
            }
        }
        if (best < 0) {                 /* nothing near: the hottest left */
            for (size_t k = 0; k < nh && best < 0; k++)
                if (!placed[hot[k]])
                    best = hot[k];
        }
        placed[best] = 1;
        out[no++] = (unsigned)best;
        used += (in->cs[best].len + 7) & ~7u;
        if (used >= prm->page_size) {   /* the page is full: the next one */
            used %= prm->page_size;
            pstart = no - 1;
        }
    }
    ord_finish(in, out, no, l);
    free(w); free(hot); free(out); free(placed);
    return 0;
}

/* ---- clusters (cws, linz) ---- */

struct pairw { unsigned a, b; uint64_t w; };
static int by_pairw(const void *x, const void *y)
{
    const struct pairw *p = x, *q = y;
    if (p->w != q->w)
        return p->w > q->w ? -1 : 1;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

/* Greedy clustering by affinity aff (n*n, symmetric): heaviest pair
   first, two clusters merge if together they fit in a page; clusters in
   the order of their first reference. */
static int cluster_pack(const struct ord_input *in, const uint64_t *aff,
                        const struct ord_params *prm, struct ord_layout *l)
{
    size_t n = in->n, np = 0;
    struct pairw *pw = malloc((n * n / 2 + 1) * sizeof *pw);
    size_t *head = malloc((n + 1) * sizeof *head), *next = malloc((n + 1) * sizeof *next);
    size_t *tail = malloc((n + 1) * sizeof *tail);
    uint32_t *size = calloc(n + 1, sizeof *size);
    unsigned *out = malloc((n + 1) * sizeof *out);
    if (!pw || !head || !next || !tail || !size || !out) {
        free(pw); free(head); free(next); free(tail); free(size); free(out);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        head[i] = tail[i] = i;
        next[i] = n;
        size[i] = (in->cs[i].len + 7) & ~7u;
        for (size_t j = i + 1; j < n; j++)
            if (in->cs[i].code && in->cs[j].code && aff[i * n + j])
                pw[np++] = (struct pairw){ (unsigned)i, (unsigned)j, aff[i * n + j] };
    }
    qsort(pw, np, sizeof *pw, by_pairw);
    for (size_t k = 0; k < np; k++) {
        size_t a = head[pw[k].a], b = head[pw[k].b];
        if (a == b || size[a] + size[b] > prm->page_size)
            continue;
        if (in->cs[b].first < in->cs[a].first) {
            size_t t = a; a = b; b = t;
        }
        next[tail[a]] = b;              /* cluster b after cluster a */
        tail[a] = tail[b];
        size[a] += size[b];
        for (size_t x = b; x != n; x = next[x])
            head[x] = a;
    }
    /* clusters by first reference of their head (heads are the earliest) */
    unsigned *heads = malloc((n + 1) * sizeof *heads);
    size_t nh = 0, no = 0;
    if (!heads) {
        free(pw); free(head); free(next); free(tail); free(size); free(out);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        if (in->cs[i].code && head[i] == i)
            heads[nh++] = (unsigned)i;
    for (size_t i = 1; i < nh; i++)     /* insertion sort by first use */
        for (size_t j = i; j > 0 && in->cs[heads[j]].first < in->cs[heads[j - 1]].first; j--) {
            unsigned t = heads[j]; heads[j] = heads[j - 1]; heads[j - 1] = t;
        }
    for (size_t h = 0; h < nh; h++)
        for (size_t x = heads[h]; x != n; x = next[x])
            out[no++] = (unsigned)x;
    ord_finish(in, out, no, l);
    free(pw); free(head); free(next); free(tail); free(size); free(out); free(heads);
    return 0;
}

static int alg_cws(const struct ord_input *in, const struct ord_params *prm,
                   struct ord_layout *l)
{
    size_t n = in->n;
    uint64_t *aff = calloc(n * n + 1, sizeof *aff), *last = malloc((n + 1) * sizeof *last);
    unsigned char *used = calloc(n + 1, 1);
    if (!aff || !last || !used) {
        free(aff); free(last); free(used);
        return -1;
    }
    for (size_t r = 0; r < in->nref; r++) {
        unsigned x = in->ref[r];
        uint64_t t = in->cyc[r];
        if (used[x] && t - last[x] <= prm->interval) {
            last[x] = t;
            continue;
        }
        for (size_t y = 0; y < n; y++)  /* a critical reference */
            if (y != x && used[y] && t - last[y] <= prm->interval) {
                aff[x * n + y]++;
                aff[y * n + x]++;
            }
        used[x] = 1;
        last[x] = t;
    }
    int st = cluster_pack(in, aff, prm, l);
    free(aff); free(last); free(used);
    return st;
}

static int alg_linz(const struct ord_input *in, const struct ord_params *prm,
                    struct ord_layout *l)
{
    size_t n = in->n;
    uint64_t *aff = calloc(n * n + 1, sizeof *aff);
    unsigned *set = malloc((n + 1) * sizeof *set);
    unsigned char *in_set = calloc(n + 1, 1);
    if (!aff || !set || !in_set) {
        free(aff); free(set); free(in_set);
        return -1;
    }
    size_t r = 0;
    uint64_t start = in->cyc[0];
    while (r < in->nref) {
        size_t ns = 0;
        if (r > 0) {                    /* the CSECT current at the start */
            set[ns++] = in->ref[r - 1];
            in_set[in->ref[r - 1]] = 1;
        }
        for (; r < in->nref && in->cyc[r] < start + prm->interval; r++)
            if (!in_set[in->ref[r]]) {
                in_set[in->ref[r]] = 1;
                set[ns++] = in->ref[r];
            }
        for (size_t i = 0; i < ns; i++)
            for (size_t j = 0; j < ns; j++)
                if (i != j)
                    aff[(size_t)set[i] * n + set[j]]++;
        for (size_t i = 0; i < ns; i++)
            in_set[set[i]] = 0;
        start += prm->interval;
        if (r < in->nref && in->cyc[r] >= start + prm->interval)   /* skip empty intervals */
            start += (in->cyc[r] - start) / prm->interval * prm->interval;
    }
    int st = cluster_pack(in, aff, prm, l);
    free(aff); free(set); free(in_set);
    return st;
}

/* ---- ph ---- */

static int alg_ph(const struct ord_input *in, struct ord_layout *l)
{
    size_t n = in->n, np = 0;
    uint64_t *w = ord_pair_weights(in, 1);
    struct pairw *pw = malloc((n * n / 2 + 1) * sizeof *pw);
    unsigned **chain = calloc(n + 1, sizeof *chain);    /* by head: its members */
    size_t *len = calloc(n + 1, sizeof *len), *head = malloc((n + 1) * sizeof *head);
    unsigned *tmp = malloc((n + 1) * sizeof *tmp), *hot = malloc((n + 1) * sizeof *hot);
    unsigned *out = malloc((n + 1) * sizeof *out);
    int st = -1;
    if (!w || !pw || !chain || !len || !head || !tmp || !hot || !out)
        goto out;
    for (size_t i = 0; i < n; i++) {
        head[i] = i;
        if (!(chain[i] = malloc((n + 1) * sizeof **chain)))
            goto out;
        chain[i][0] = (unsigned)i;
        len[i] = 1;
        for (size_t j = i + 1; j < n; j++)
            if (w[i * n + j])
                pw[np++] = (struct pairw){ (unsigned)i, (unsigned)j, w[i * n + j] };
    }
    qsort(pw, np, sizeof *pw, by_pairw);
    for (size_t k = 0; k < np; k++) {
        size_t a = head[pw[k].a], b = head[pw[k].b];
        if (a == b)
            continue;
        /* the four ways to join: keep the one whose joined ends are nearest */
        unsigned *A = chain[a], *B = chain[b];
        size_t la = len[a], lb = len[b];
        uint64_t best = 0;
        int how = 0;
        for (int h = 0; h < 4; h++) {
            unsigned ea = h & 1 ? A[0] : A[la - 1], eb = h & 2 ? B[lb - 1] : B[0];
            uint64_t v = w[(size_t)ea * n + eb];
            if (h == 0 || v > best) {
                best = v;
                how = h;
            }
        }
        size_t m = 0;
        for (size_t i = 0; i < la; i++)
            tmp[m++] = how & 1 ? A[la - 1 - i] : A[i];
        for (size_t i = 0; i < lb; i++)
            tmp[m++] = how & 2 ? B[lb - 1 - i] : B[i];
        memcpy(A, tmp, m * sizeof *tmp);
        len[a] = m;
        len[b] = 0;
        for (size_t i = 0; i < m; i++)
            head[A[i]] = a;
    }
    /* chains in the order of their hottest member */
    size_t nh = code_by_heat(in, hot), no = 0;
    for (size_t k = 0; k < nh; k++) {
        size_t h = head[hot[k]];
        for (size_t i = 0; i < len[h]; i++)
            out[no++] = chain[h][i];
        len[h] = 0;
    }
    ord_finish(in, out, no, l);
    st = 0;
out:
    if (chain)
        for (size_t i = 0; i < n; i++)
            free(chain[i]);
    free(w); free(pw); free(chain); free(len); free(head); free(tmp); free(hot); free(out);
    return st;
}

/* ---- c3 ---- */

static int alg_c3(const struct ord_input *in, const struct ord_params *prm,
                  struct ord_layout *l)
{
    size_t n = in->n;
    uint64_t *calls = calloc(n * n + 1, sizeof *calls), *cyc = calloc(n + 1, sizeof *cyc);
    size_t *head = malloc((n + 1) * sizeof *head), *next = malloc((n + 1) * sizeof *next);
    size_t *tail = malloc((n + 1) * sizeof *tail);
    uint32_t *size = calloc(n + 1, sizeof *size);
    unsigned *hot = malloc((n + 1) * sizeof *hot), *heads = malloc((n + 1) * sizeof *heads);
    unsigned *out = malloc((n + 1) * sizeof *out);
    double *dens = calloc(n + 1, sizeof *dens);
    int st = -1;
    if (!calls || !cyc || !head || !next || !tail || !size || !hot || !heads || !out || !dens)
        goto out;
    for (size_t r = 0; r < in->nref; r++)
        if (in->kind[r] == 1 && in->from[r] < n && in->from[r] != in->ref[r])
            calls[(size_t)in->from[r] * n + in->ref[r]]++;
    for (size_t i = 0; i < n; i++) {
        head[i] = tail[i] = i;
        next[i] = n;
        size[i] = (in->cs[i].len + 7) & ~7u;
        cyc[i] = in->cs[i].cycles;
    }
    size_t nh = code_by_heat(in, hot);
    for (size_t k = 0; k < nh; k++) {
        unsigned f = hot[k];
        size_t g = n;
        uint64_t bw = 0;
        for (size_t c = 0; c < n; c++)
            if (calls[c * n + f] > bw) {
                bw = calls[c * n + f];
                g = c;
            }
        if (g == n)
            continue;
        size_t a = head[g], b = head[f];
        if (a == b || size[a] + size[b] > prm->page_size)
            continue;
        next[tail[a]] = b;              /* f's cluster after its caller's */
        tail[a] = tail[b];
        size[a] += size[b];
        cyc[a] += cyc[b];
        for (size_t x = b; x != n; x = next[x])
            head[x] = a;
    }
    size_t nc = 0, no = 0;
    for (size_t i = 0; i < n; i++)
        if (in->cs[i].code && head[i] == i) {
            heads[nc++] = (unsigned)i;
            dens[i] = (double)cyc[i] / (double)(size[i] ? size[i] : 1);
        }
    sort_desc(heads, out, nc, dens);      /* out: scratch until filled below */
    for (size_t h = 0; h < nc; h++)
        for (size_t x = heads[h]; x != n; x = next[x])
            out[no++] = (unsigned)x;
    ord_finish(in, out, no, l);
    st = 0;
out:
    free(calls); free(cyc); free(head); free(next); free(tail); free(size); free(hot);
    free(heads); free(out); free(dens);
    return st;
}

int ord_compute(const struct ord_input *in, enum ord_alg a, const struct ord_params *prm,
                struct ord_layout *l)
{
    switch (a) {
    case ORD_LINK:
        for (size_t i = 0; i < in->n; i++)
            l->seq[i] = (unsigned)i;
        l->n = in->n;
        memset(l->page, 0, in->n);
        return 0;
    case ORD_STATIC: return alg_static(in, l);
    case ORD_HG: return alg_hg(in, prm, l);
    case ORD_CWS: return alg_cws(in, prm, l);
    case ORD_LINZ: return alg_linz(in, prm, l);
    case ORD_PH: return alg_ph(in, l);
    case ORD_C3: return alg_c3(in, prm, l);
    case ORD_IMP: return ord_alg_imp(in, prm, l);
    case ORD_NALG: break;
    }
    return -1;
}
