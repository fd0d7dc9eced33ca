/*
 * order.c -- the input of CSECT reordering (from a profile), layouts,
 * the LRU replay that estimates a layout's page-ins, and the ORDER
 * control file.  The algorithms are in order-alg.c; see order.h.
 */
#include <stdlib.h>
#include <string.h>

#include "order.h"

static const char *const alg_names[] = {
#define X(e, name, what) name,
    ORD_ALGS(X)
#undef X
};
static const char *const alg_whats[] = {
#define X(e, name, what) what,
    ORD_ALGS(X)
#undef X
};

const char *ord_alg_name(enum ord_alg a) { return alg_names[a]; }
const char *ord_alg_what(enum ord_alg a) { return alg_whats[a]; }

int ord_alg_find(const char *name)
{
    for (int a = 0; a < ORD_NALG; a++)
        if (strcmp(name, alg_names[a]) == 0)
            return a;
    return -1;
}

/* ---- the input ------------------------------------------------------ */

static int by_addr(const void *a, const void *b)
{
    const struct ord_csect *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int find_name(const struct ord_input *in, const char *name)
{
    for (size_t i = 0; i < in->n; i++)
        if (strcmp(in->cs[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* The CSECT (index) an ESD id of the module stands for, or -1. */
static int esd_csect(const struct ord_input *in, const struct obj_module *m, int id)
{
    const struct obj_esd *e = obj_esd_by_id(m, id);
    if (e && e->type == ESD_LD)
        e = obj_esd_by_id(m, e->owner);
    if (!e || e->type != ESD_SD)
        return -1;
    return find_name(in, e->name);
}

static int build_csects(struct ord_input *in, const struct obj_module *m)
{
    size_t n = 0;
    for (size_t i = 0; i < m->nesd; i++)
        n += m->esd[i].type == ESD_SD;
    in->cs = calloc(n ? n : 1, sizeof *in->cs);
    if (!in->cs)
        return -1;
    for (size_t i = 0; i < m->nesd; i++)
        if (m->esd[i].type == ESD_SD) {
            struct ord_csect *c = &in->cs[in->n++];
            snprintf(c->name, sizeof c->name, "%s", m->esd[i].name);
            c->addr = m->esd[i].addr;
            c->len = m->esd[i].len;
        }
    qsort(in->cs, in->n, sizeof *in->cs, by_addr);
    in->origin = in->n ? in->cs[0].addr : 0;
    return 0;
}

static int build_xref(struct ord_input *in, const struct obj_module *m)
{
    in->xref = calloc(in->n * in->n + 1, sizeof *in->xref);
    if (!in->xref)
        return -1;
    for (size_t i = 0; i < m->nxref; i++) {
        int a = esd_csect(in, m, m->xref[i].esd), b = esd_csect(in, m, m->xref[i].rid);
        if (a >= 0 && b >= 0 && a != b)
            in->xref[(size_t)a * in->n + (size_t)b]++;
    }
    in->entry = -1;
    if (m->has_entry)
        for (size_t i = 0; i < in->n; i++)
            if (m->entry_addr >= in->cs[i].addr && m->entry_addr - in->cs[i].addr < in->cs[i].len)
                in->entry = (int)i;
    return 0;
}

/* Map the monitor's table to the module's CSECTs: map[k]; -1 reported. */
static int map_table(const struct ord_input *in, const struct profile *p, int64_t delta,
                     unsigned *map, const char *path, struct diag *d)
{
    int bad = 0;
    for (size_t k = 0; k < p->ncsects; k++) {
        const struct prof_csect *t = &p->csects[k];
        int i = find_name(in, t->name);
        if (i < 0) {
            diag_report(d, DIAG_ERROR, path, 0, 0, NULL,
                        "inconsistent profile: the CSECT monitor's CSECT %zu (%s) is not a "
                        "CSECT of task 1's load module", k, t->name);
            bad = 1;
            continue;
        }
        const struct ord_csect *c = &in->cs[i];
        if ((int64_t)t->low != (int64_t)c->addr + delta ||
            (int64_t)t->high != (int64_t)c->addr + delta + c->len) {
            diag_report(d, DIAG_ERROR, path, 0, 0, NULL,
                        "inconsistent profile: the CSECT monitor has %s at X'%06X'-X'%06X', "
                        "the load module at X'%06llX'-X'%06llX'", t->name, t->low, t->high,
                        (unsigned long long)(c->addr + delta),
                        (unsigned long long)(c->addr + delta + c->len));
            bad = 1;
            continue;
        }
        map[k] = (unsigned)i;
    }
    return bad ? -1 : 0;
}

static int build_refs(struct ord_input *in, const struct profile *p, const unsigned *map,
                      const char *path, struct diag *d)
{
    size_t cap = p->ntrs + 1;
    in->ref = malloc(cap * sizeof *in->ref);
    in->from = malloc(cap * sizeof *in->from);
    in->kind = malloc(cap);
    in->cyc = malloc(cap * sizeof *in->cyc);
    if (!in->ref || !in->from || !in->kind || !in->cyc)
        return -1;
    unsigned cur = (unsigned)in->n;     /* the code CSECT current (n: none yet) */
    for (size_t i = 0; i < p->ntrs; i++) {
        const struct prof_tr *t = &p->trs[i];
        if (t->kind >= 3) {             /* the data CSECT monitor's: an operand reference */
            if (!in->dref && !(in->dref = calloc(in->n * in->n, sizeof *in->dref)))
                return -1;
            if (t->to != PROF_NO_CSECT && cur < in->n)
                in->dref[cur * in->n + map[t->to]]++;
            continue;
        }
        if (t->task > 1) {
            diag_report(d, DIAG_ERROR, path, 0, 0, NULL,
                        "a transition of task %u: --order needs the profile of one task",
                        t->task);
            return -1;
        }
        if (in->nref && t->cycles < in->cyc[in->nref - 1]) {
            diag_report(d, DIAG_ERROR, path, 0, 0, NULL,
                        "inconsistent profile: transition %zu is earlier (cycle %llu) than "
                        "the one before it", i + 1, (unsigned long long)t->cycles);
            return -1;
        }
        if (cur == in->n && t->from != PROF_NO_CSECT)
            cur = map[t->from];
        if (t->to == PROF_NO_CSECT) {
            cur = (unsigned)in->n;
            continue;
        }
        cur = map[t->to];
        in->ref[in->nref] = map[t->to];
        in->from[in->nref] = t->from == PROF_NO_CSECT ? (unsigned)in->n : map[t->from];
        in->kind[in->nref] = (unsigned char)t->kind;
        in->cyc[in->nref++] = t->cycles;
    }
    for (size_t i = 0; i < in->n; i++)
        in->cs[i].first = in->nref;
    for (size_t r = 0; r < in->nref; r++) {
        struct ord_csect *c = &in->cs[in->ref[r]];
        c->code = 1;
        c->entries++;
        if (c->first == in->nref)
            c->first = r;
        uint64_t end = r + 1 < in->nref ? in->cyc[r + 1] : p->cycles;
        c->cycles += end > in->cyc[r] ? end - in->cyc[r] : 0;
    }
    return 0;
}

int ord_input_build(struct ord_input *in, const struct profile *p, const char *path,
                    struct diag *d)
{
    memset(in, 0, sizeof *in);
    if (!p->has_csm) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL,
                    "no csm data: --order needs a run with the CSECT monitor (imprun --csm)");
        return -1;
    }
    const struct prof_task *t = p->tasks[1];
    if (!t || !t->has_module) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL,
                    "--order needs task 1's load module in the profile");
        return -1;
    }
    size_t nsd = 0;
    for (size_t i = 0; i < t->module.nesd; i++)
        nsd += t->module.esd[i].type == ESD_SD;
    if (nsd > ORD_MAX_CSECTS) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL,
                    "task 1's module has %zu CSECTs: --order orders at most %d", nsd,
                    ORD_MAX_CSECTS);
        return -1;
    }
    unsigned *map = calloc(p->ncsects + 1, sizeof *map);
    int st = map && build_csects(in, &t->module) == 0 && build_xref(in, &t->module) == 0
                 ? 0 : -2;
    if (st == 0)
        st = map_table(in, p, t->delta, map, path, d);
    if (st == 0)
        st = build_refs(in, p, map, path, d) == 0 ? 0 : in->ref ? -1 : -2;
    if (st == 0 && in->nref == 0) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL,
                    "the CSECT monitor recorded no transitions: nothing to order by");
        st = -1;
    }
    free(map);
    if (st == -2)
        diag_error(d, "out of memory");
    if (st != 0) {
        ord_input_free(in);
        return -1;
    }
    in->full = p->csm_full;
    return 0;
}

void ord_input_free(struct ord_input *in)
{
    free(in->cs);
    free(in->ref);
    free(in->from);
    free(in->kind);
    free(in->cyc);
    free(in->xref);
    free(in->dref);
    memset(in, 0, sizeof *in);
}

/* ---- layouts -------------------------------------------------------- */

int ord_layout_init(struct ord_layout *l, size_t n)
{
    l->n = 0;
    l->seq = calloc(n + 1, sizeof *l->seq);
    l->page = calloc(n + 1, 1);
    if (!l->seq || !l->page) {
        ord_layout_free(l);
        return -1;
    }
    return 0;
}

void ord_layout_free(struct ord_layout *l)
{
    free(l->seq);
    free(l->page);
    l->seq = NULL;
    l->page = NULL;
    l->n = 0;
}

void ord_layout_copy(struct ord_layout *to, const struct ord_layout *from)
{
    memcpy(to->seq, from->seq, from->n * sizeof *from->seq);
    memcpy(to->page, from->page, from->n);
    to->n = from->n;
}

/* Append CSECT c unless it is placed (placed[c]). */
static void put(struct ord_layout *l, unsigned char *placed, unsigned c)
{
    if (!placed[c]) {
        placed[c] = 1;
        l->seq[l->n++] = c;
    }
}

void ord_finish(const struct ord_input *in, const unsigned *code, size_t nc,
                struct ord_layout *l)
{
    unsigned char *placed = calloc(in->n + 1, 1);
    uint64_t *heat = calloc(in->n + 1, sizeof *heat);
    size_t *owner = calloc(in->n + 1, sizeof *owner);
    l->n = 0;
    memset(l->page, 0, in->n);
    if (!placed || !heat || !owner) {       /* no memory: link order */
        for (size_t i = 0; i < in->n; i++)
            l->seq[l->n++] = (unsigned)i;
        goto out;
    }
    if (in->entry >= 0)
        put(l, placed, (unsigned)in->entry);
    for (size_t k = 0; k < nc; k++)
        put(l, placed, code[k]);
    /* a data CSECT's place: the position of its hottest referrer */
    for (size_t k = 0; k < l->n; k++) {
        unsigned c = l->seq[k];
        for (size_t dd = 0; dd < in->n; dd++)
            if (!in->cs[dd].code && ord_refers(in, c, dd) &&
                in->cs[c].entries > heat[dd]) {
                heat[dd] = in->cs[c].entries;
                owner[dd] = k;
            }
    }
    size_t ncode = l->n;
    for (size_t k = 0; k < ncode; k++)
        for (size_t dd = 0; dd < in->n; dd++)
            if (heat[dd] && owner[dd] == k)
                put(l, placed, (unsigned)dd);
    for (size_t i = 0; i < in->n; i++)
        if (in->cs[i].code)
            put(l, placed, (unsigned)i);
    for (size_t i = 0; i < in->n; i++)
        put(l, placed, (unsigned)i);
out:
    free(placed);
    free(heat);
    free(owner);
}

/* ---- the replay ----------------------------------------------------- */

static uint32_t align_up(uint32_t a, uint32_t to) { return (a + to - 1) / to * to; }

/* Entering code CSECT c touches data CSECT dd: the data CSECT monitor
   saw c's operands refer to it (when the run recorded them), else c
   refers to it statically, or the entry CSECT does (standard linkage:
   the save areas the main program set up are used by every call and
   return). */
static int touches(const struct ord_input *in, size_t c, size_t dd)
{
    if (in->cs[dd].code || dd == c)
        return 0;
    if (in->dref)
        return ord_refers(in, c, dd) != 0;
    return in->xref[c * in->n + dd] ||
           (in->entry >= 0 && in->xref[(size_t)in->entry * in->n + dd]);
}

int ord_work_init(struct ord_work *w, const struct ord_input *in, const struct ord_params *prm)
{
    size_t n = in->n, k = 0;
    uint64_t bytes = 0;
    memset(w, 0, sizeof *w);
    for (size_t c = 0; c < n; c++) {
        bytes += in->cs[c].len;
        if (in->cs[c].code)
            for (size_t dd = 0; dd < n; dd++)
                k += dd == c || touches(in, c, dd);
    }
    /* every CSECT may start a page: at most this many pages */
    w->maxpages = (size_t)(bytes / prm->page_size) + n + 2;
    w->at = calloc(n + 1, sizeof *w->at);
    w->cnt = calloc(n + 1, sizeof *w->cnt);
    w->list = malloc((k + 1) * sizeof *w->list);
    w->lo = malloc((n + 1) * sizeof *w->lo);
    w->hi = malloc((n + 1) * sizeof *w->hi);
    w->pat = calloc(n + 1, sizeof *w->pat);
    w->pn = calloc(n + 1, sizeof *w->pn);
    w->mru = malloc(w->maxpages * sizeof *w->mru);
    w->hist = malloc((w->maxpages + 2) * sizeof *w->hist);
    w->seen = malloc(w->maxpages + 2);
    if (!w->at || !w->cnt || !w->list || !w->lo || !w->hi || !w->pat || !w->pn || !w->mru || !w->hist || !w->seen) {
        ord_work_free(w);
        return -1;
    }
    k = 0;
    for (size_t c = 0; c < n; c++) {
        w->at[c] = k;
        if (!in->cs[c].code)
            continue;
        w->list[k++] = (unsigned)c;
        for (size_t dd = 0; dd < n; dd++)
            if (touches(in, c, dd))
                w->list[k++] = (unsigned)dd;
        w->cnt[c] = k - w->at[c];
    }
    return 0;
}

void ord_work_free(struct ord_work *w)
{
    free(w->at);
    free(w->cnt);
    free(w->list);
    free(w->lo);
    free(w->hi);
    free(w->pat);
    free(w->pn);
    free(w->pg);
    free(w->mru);
    free(w->hist);
    free(w->seen);
    memset(w, 0, sizeof *w);
}

/* The pages of each CSECT's first hot bytes in layout l: lo[c]..hi[c]. */
static void page_ranges(struct ord_work *w, const struct ord_input *in,
                        const struct ord_layout *l, const struct ord_params *prm)
{
    uint32_t a = in->origin;
    for (size_t k = 0; k < l->n; k++) {
        unsigned c = l->seq[k];
        a = align_up(a, l->page[c] ? prm->page_size : 8);
        uint32_t len = in->cs[c].len < prm->hot_bytes ? in->cs[c].len : prm->hot_bytes;
        w->lo[c] = a / prm->page_size;
        w->hi[c] = (a + (len ? len : 1) - 1) / prm->page_size;
        a += in->cs[c].len;
    }
}

/* The pages entering each code CSECT touches in layout l, in the order
   of its touch list, each run of one page once: pg[pat[c]] on, pn[c] of
   them.  0, or -1 (out of memory). */
static int page_lists(struct ord_work *w, const struct ord_input *in)
{
    size_t need = 0;
    for (size_t c = 0; c < in->n; c++)
        for (size_t j = 0; j < w->cnt[c]; j++) {
            unsigned t = w->list[w->at[c] + j];
            need += w->hi[t] - w->lo[t] + 1;
        }
    if (need > w->pgcap) {
        uint32_t *pg = realloc(w->pg, need * sizeof *pg);
        if (!pg)
            return -1;
        w->pg = pg;
        w->pgcap = need;
    }
    size_t k = 0;
    for (size_t c = 0; c < in->n; c++) {
        uint32_t last = UINT32_MAX;
        w->pat[c] = k;
        for (size_t j = 0; j < w->cnt[c]; j++) {
            unsigned t = w->list[w->at[c] + j];
            for (uint32_t p = w->lo[t]; p <= w->hi[t]; p++)
                if (p != last)
                    w->pg[k++] = last = p;
        }
        w->pn[c] = k - w->pat[c];
    }
    return 0;
}

/* The LRU stack distances of the page string, kept only as far as they
   matter: f frames miss a reference whose distance exceeds f, so for
   f <= maxf it is enough to know the distances 1..maxf exactly and to
   count the rest (a page seen before but deeper in the stack, or never
   seen).  The stack's top maxf entries are the maxf pages used last,
   whatever lies below them; a page found there moves to the top, any
   other page goes on top and the entry at depth maxf falls off. */
int ord_replay_work(struct ord_work *w, const struct ord_input *in, const struct ord_layout *l,
                    const struct ord_params *prm, unsigned maxf, uint64_t *faults)
{
    page_ranges(w, in, l, prm);
    if (page_lists(w, in) != 0)
        return -1;
    size_t top = maxf < 1 ? 1 : maxf < w->maxpages ? maxf : w->maxpages;
    memset(w->hist, 0, (top + 2) * sizeof *w->hist);
    memset(w->seen, 0, w->maxpages + 2);
    uint32_t base = in->origin / prm->page_size;
    size_t depth = 0;
    uint64_t cold = 0, deep = 0;
    uint32_t last = UINT32_MAX, *mru = w->mru;
    for (size_t r = 0; r < in->nref; r++) {
        unsigned c = in->ref[r];
        const uint32_t *q = w->pg + w->pat[c];
        size_t m = w->pn[c];
        if (m == 0)
            continue;
        /* a page touched again at once does not move the stack */
        for (size_t k = q[0] == last; k < m; k++) {
            uint32_t p = q[k];
            /* find p, moving each entry above it down by one */
            uint32_t up = p;
            size_t i = 0;
            while (i < depth) {
                uint32_t e = mru[i];
                mru[i] = up;
                if (e == p)
                    break;
                up = e;
                i++;
            }
            if (i < depth) {
                w->hist[i + 1]++;   /* stack distance i + 1 */
                continue;
            }
            size_t x = p - base;
            if (p < base || x >= w->maxpages + 2)
                return -1;          /* cannot happen: maxpages bounds them */
            if (w->seen[x])
                deep++;             /* distance > top */
            else
                cold++;
            w->seen[x] = 1;
            if (depth < top)
                mru[depth++] = up;  /* else the entry at depth top falls off */
        }
        last = q[m - 1];
    }
    /* faults with f frames: the first references and distances > f */
    uint64_t s = cold + deep;
    for (size_t dist = top; dist > maxf; dist--)
        s += w->hist[dist];
    for (unsigned f = maxf; f >= 1; f--) {
        faults[f] = s;
        if (f <= top)
            s += w->hist[f];
    }
    faults[0] = cold;
    return 0;
}

int ord_replay(const struct ord_input *in, const struct ord_layout *l,
               const struct ord_params *prm, unsigned maxf, uint64_t *faults)
{
    struct ord_work w;
    if (ord_work_init(&w, in, prm) != 0)
        return -1;
    int st = ord_replay_work(&w, in, l, prm, maxf, faults);
    ord_work_free(&w);
    return st;
}

double ord_cost(struct ord_work *w, const struct ord_input *in, const struct ord_layout *l,
                const struct ord_params *prm, const uint64_t *scale, uint64_t *faults)
{
    if (ord_replay_work(w, in, l, prm, prm->fhi, faults) != 0)
        return -1;
    double s = 0;
    for (unsigned f = prm->flo; f <= prm->fhi; f++)
        s += (double)faults[f] / (double)(scale && scale[f] ? scale[f] : 1);
    return s;
}

/* ---- the control file ------------------------------------------------ */

static void link_layout(const struct ord_input *in, struct ord_layout *l)
{
    for (size_t i = 0; i < in->n; i++)
        l->seq[i] = (unsigned)i;
    l->n = in->n;
    memset(l->page, 0, in->n);
}

/* Layout l is link order: every CSECT in place, none page-aligned. */
static int same_as_link(const struct ord_layout *l)
{
    for (size_t k = 0; k < l->n; k++)
        if (l->seq[k] != k || l->page[k])
            return 0;
    return 1;
}

static void pct(FILE *f, uint64_t was, uint64_t now)
{
    if (was == 0)
        fputs("     -", f);
    else
        fprintf(f, " %+5.1f%%", 100.0 * ((double)now - (double)was) / (double)was);
}

int ord_write(FILE *f, const struct ord_input *in, enum ord_alg a,
              const struct ord_params *prm, const struct ord_layout *l)
{
    struct ord_layout link;
    uint64_t *mine = calloc((size_t)prm->fhi + 1, sizeof *mine);
    uint64_t *base = calloc((size_t)prm->fhi + 1, sizeof *base);
    int st = -1;
    if (!mine || !base || ord_layout_init(&link, in->n) != 0)
        goto out;
    link_layout(in, &link);
    if (ord_replay(in, l, prm, prm->fhi, mine) == 0 &&
        ord_replay(in, &link, prm, prm->fhi, base) == 0) {
        size_t ncode = 0;
        for (size_t i = 0; i < in->n; i++)
            ncode += in->cs[i].code;
        fprintf(f, "* impprof --order=%s: %s\n", ord_alg_name(a), ord_alg_what(a));
        fprintf(f, "* %zu CSECTs, %zu entered; %zu references%s; pages of %u bytes, "
                "%u hot bytes an entry\n", in->n, ncode, in->nref,
                in->full ? " (the monitor's buffer filled)" : "", (unsigned)prm->page_size,
                (unsigned)prm->hot_bytes);
        fprintf(f, "* data CSECTs by %s\n", in->dref ? "the operand references the data CSECT "
                "monitor saw (imprun --csm=N,data)" : "the static cross-reference");
        if (a == ORD_IMP && same_as_link(l))
            fprintf(f, "* IMP's search did not hold on the held-out references: link order\n");
        fprintf(f, "* expected LRU page-ins on the training string (link order, this order):\n");
        for (unsigned fr = prm->flo; fr <= prm->fhi; fr++) {
            fprintf(f, "*   %3u frames %8llu %8llu", fr, (unsigned long long)base[fr],
                    (unsigned long long)mine[fr]);
            pct(f, base[fr], mine[fr]);
            fputc('\n', f);
        }
        int col = 0;
        for (size_t k = 0; k < l->n; k++) {
            const char *nm = in->cs[l->seq[k]].name;
            int w = (int)strlen(nm) + (l->page[l->seq[k]] ? 3 : 0);
            if (col == 0)
                col = fprintf(f, "ORDER ");
            else if (col + w > 70) {
                fputc('\n', f);
                col = fprintf(f, "ORDER ");
            } else
                col += fprintf(f, ",");
            col += fprintf(f, "%s%s", nm, l->page[l->seq[k]] ? "(P)" : "");
        }
        if (col)
            fputc('\n', f);
        st = 0;
    }
    ord_layout_free(&link);
out:
    free(mine);
    free(base);
    return st;
}
