/*
 * sec-csm.c -- the CSECT monitor's section of the profile
 * (imp-profile(5): csm, csect, tr) and its report: the CSECT reference
 * string, the transition matrix and the CSECTs used together, for the
 * code and (with data) the data references, per task.
 */
#include "section.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"

/* ------------------------------------------------------------ the records */

const char *const prof_csm_methods[PROF_CSM_NMETHODS] = { "microcode", "per", "csm" };

/* csm csects=N records=R full=0|1 [method=microcode|per|csm interrupts=K] */
static int rec_csm(struct reader *r)
{
    struct profile *p = r->p;
    uint64_t full;
    r->sec_line[PROF_CSM] = r->lineno;
    if (rd_kv_dec_in(r, "csects", 1, 65535, &p->csm_ncsects) ||
        rd_kv_dec(r, "records", &p->csm_records) || rd_kv_dec_in(r, "full", 0, 1, &full))
        return -1;
    p->csm_full = (int)full;
    p->csm_method = PROF_CSM_MICROCODE;
    if (strncmp(r->cur, " method=", 8) == 0) {
        const char *v = r->cur + 8;
        size_t n = strcspn(v, " \n");
        int m = -1;
        for (int i = 0; i < PROF_CSM_NMETHODS; i++)
            if (strlen(prof_csm_methods[i]) == n && !strncmp(v, prof_csm_methods[i], n))
                m = i;
        if (m < 0)
            return rd_error_at(r, v, "method: '%.*s' is not microcode, per or csm",
                               (int)(n > 24 ? 24 : n), v);
        p->csm_method = m;
        r->cur = v + n;
        if (rd_kv_dec(r, "interrupts", &p->csm_interrupts))
            return -1;
    }
    return rd_end(r);
}

/* csect K LOW HIGH NAME: K = 0, 1, ... in order, sorted, not overlapping. */
static int rec_csect(struct reader *r)
{
    struct profile *p = r->p;
    const char *s = r->cur + 1;
    uint64_t k;
    struct prof_csect c;
    if (rd_pos_dec(r, "csect's index", 0, 65534, &k) != 0)
        return -1;
    if (k != p->ncsects)
        return rd_error_at(r, s, "csect %llu: expected csect %zu", (unsigned long long)k,
                           p->ncsects);
    if (rd_pos_addr(r, "csect's start", &c.low) != 0 || rd_pos_addr(r, "csect's end", &c.high) ||
        rd_pos_token(r, "csect's name", c.name, sizeof c.name) != 0 || rd_end(r) != 0)
        return -1;
    if (c.low >= c.high || c.high > 0x1000000u)
        return rd_error_at(r, s, "csect %llu: not a range of 24-bit addresses",
                           (unsigned long long)k);
    if (p->ncsects && c.low < p->csects[p->ncsects - 1].high)
        return rd_error_at(r, s, "csect %llu: before the end of the one above", (unsigned long long)k);
    struct prof_csect *n = rd_grow(&p->csects, &p->ncsects, sizeof *n);
    if (!n)
        return rd_nomem(r);
    *n = c;
    return 0;
}

/* A CSECT index of a transition: below csects, or 65535 (none). */
static int tr_index(struct reader *r, const char *what, unsigned *out)
{
    const char *s = r->cur + 1;
    uint64_t v;
    if (rd_pos_dec(r, what, 0, PROF_NO_CSECT, &v) != 0)
        return -1;
    if (v != PROF_NO_CSECT && v >= r->p->ncsects)
        return rd_error_at(r, s, "%s %llu: no such csect", what, (unsigned long long)v);
    *out = (unsigned)v;
    return 0;
}

/* tr FROM TO KIND TASK CYCLES */
static int rec_tr(struct reader *r)
{
    struct profile *p = r->p;
    struct prof_tr t;
    uint64_t kind, task;
    if (tr_index(r, "tr's from", &t.from) != 0 || tr_index(r, "tr's to", &t.to) != 0 ||
        rd_pos_dec(r, "tr's kind", 0, 4, &kind) != 0 ||
        rd_pos_dec(r, "tr's task", 0, PROF_MAX_TASKS, &task) != 0 ||
        rd_pos_dec(r, "tr's cycles", 0, UINT64_MAX, &t.cycles) != 0 || rd_end(r) != 0)
        return -1;
    t.kind = (unsigned)kind;
    t.task = (unsigned)task;
    struct prof_tr *n = rd_grow(&p->trs, &p->ntrs, sizeof *n);
    if (!n)
        return rd_nomem(r);
    *n = t;
    return 0;
}

static void check(struct reader *r)
{
    struct profile *p = r->p;
    if (p->csm_ncsects == p->ncsects && p->csm_records == p->ntrs)
        return;
    r->errors++;
    diag_report(r->d, DIAG_ERROR, r->name, r->sec_line[PROF_CSM], 0, NULL,
                "csm: csects=%llu records=%llu but %zu csect and %zu tr records follow",
                (unsigned long long)p->csm_ncsects, (unsigned long long)p->csm_records,
                p->ncsects, p->ntrs);
}

/* ------------------------------------------------------------- the report */

static const char *csect_name(const struct profile *p, unsigned k)
{
    return k < p->ncsects ? p->csects[k].name : "(none)";
}

/*
 * A view of the CSECT monitor's records: the code's transitions (kinds
 * 0-2) or the data references (3 fetch, 4 store), of every task or of
 * one.  Tables are named after the view: csm-string, csm-task2-string,
 * dsm-string ...
 */
struct csm_view {
    struct prof_tr *tr;
    size_t n;
    int data;
    char id[32], title[48];
};

/* A name of the string: the CSECT, and for data references (F) or (S). */
static void seq_name(const struct profile *p, const struct csm_view *v, unsigned e, char *buf,
                     size_t size)
{
    const char *nm = csect_name(p, e & 0xFFFF);
    if (v->data)
        snprintf(buf, size, "%s(%c)", nm, e >> 16 == 4 ? 'S' : 'F');
    else
        snprintf(buf, size, "%s", nm);
}

/* The CSECT reference string: the CSECTs in the order control entered
 * them (data: the order operands referred to them), the first being the
 * one the first record left; a run of a block of up to 8 names repeated
 * is written once with its count. */
static void csm_string(struct prof_report *r, const struct profile *p, const struct prof_opts *o,
                       const struct csm_view *v)
{
    char id[48];
    snprintf(id, sizeof id, "%s-string", v->id);
    struct table *t = pr_new_table(r, id);
    if (!t)
        return;
    size_t n = v->n + 1;
    unsigned *seq = malloc(n * sizeof *seq);
    if (!seq) {
        r->oom = 1;
        return;
    }
    seq[0] = v->data ? v->tr[0].to | v->tr[0].kind << 16 : v->tr[0].from;
    for (size_t i = 0; i < v->n; i++)
        seq[i + 1] = v->tr[i].to | (v->data ? v->tr[i].kind << 16 : 0);
    if (v->data)                        /* the first record's own reference starts it */
        n--, memmove(seq, seq + 1, n * sizeof *seq);
    tab_title(t, "%s: the %s reference string (%zu references; a block repeated: once, with "
                 "its count)", v->title, v->data ? "data CSECT" : "CSECT", n);
    tab_col(t, "at", TAB_RIGHT | TAB_NUM);
    tab_col(t, "cycle", TAB_RIGHT | TAB_NUM);
    tab_col(t, "times", TAB_RIGHT | TAB_NUM);
    tab_col(t, "CSECTs", TAB_LEFT);
    size_t limit = o->top ? (size_t)o->top : SIZE_MAX, rows = 0, i = 0;
    while (i < n) {
        size_t best_p = 1, best_reps = 1;
        for (size_t per = 1; per <= 8 && i + 2 * per <= n; per++) {
            size_t reps = 1;
            while (i + (reps + 1) * per <= n &&
                   !memcmp(&seq[i], &seq[i + reps * per], per * sizeof *seq))
                reps++;
            if (reps > 1 && reps * per > best_reps * best_p) {
                best_p = per;
                best_reps = reps;
            }
        }
        if (rows++ < limit) {
            size_t row = tab_row(t);
            char names[8 * 70 + 8] = "";
            size_t k = 0;
            for (size_t j = 0; j < best_p; j++) {
                char nm[72];
                seq_name(p, v, seq[i + j], nm, sizeof nm);
                k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", j ? " " : "", nm);
            }
            pr_set_u64(t, row, 0, i);
            if (v->data)
                pr_set_u64(t, row, 1, v->tr[i].cycles);
            else if (i)
                pr_set_u64(t, row, 1, v->tr[i - 1].cycles);
            else
                tab_set(t, row, 1, "-");
            pr_set_u64(t, row, 2, best_reps);
            tab_set(t, row, 3, "%s", names);
        }
        i += best_p * best_reps;
    }
    if (rows > limit)
        tab_note(t, "(%zu more rows not shown: --top=0 shows all)", rows - limit);
    free(seq);
}

/*
 * Counts of pairs of CSECT indexes (0..65535 each: the reader's limit), in
 * an open-addressing hash table of the pairs seen: memory and time follow
 * the records, never the square of the CSECT count.  A key is
 * (a << 16 | b) + 1, so 0 marks a free slot.
 */
struct pairs {
    uint32_t *key;
    uint64_t *count;
    size_t cap, used;           /* cap: a power of two, at most half used */
    int oom;
};

static size_t pair_slot(const struct pairs *ps, uint32_t key)
{
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & (ps->cap - 1);
    while (ps->key[i] && ps->key[i] != key)
        i = (i + 1) & (ps->cap - 1);
    return i;
}

static int pairs_grow(struct pairs *ps)
{
    size_t cap = ps->cap ? ps->cap * 2 : 1024;
    struct pairs n = { calloc(cap, sizeof *n.key), calloc(cap, sizeof *n.count), cap, ps->used, 0 };
    if (!n.key || !n.count) {
        free(n.key), free(n.count);
        return -1;
    }
    for (size_t i = 0; i < ps->cap; i++)
        if (ps->key[i]) {
            size_t j = pair_slot(&n, ps->key[i]);
            n.key[j] = ps->key[i];
            n.count[j] = ps->count[i];
        }
    free(ps->key), free(ps->count);
    *ps = n;
    return 0;
}

static void pairs_add(struct pairs *ps, unsigned a, unsigned b)
{
    uint32_t key = ((uint32_t)a << 16 | b) + 1;
    if (ps->oom || ((ps->used + 1) * 2 > ps->cap && pairs_grow(ps) != 0)) {
        ps->oom = 1;
        return;
    }
    size_t i = pair_slot(ps, key);
    if (!ps->key[i]) {
        ps->key[i] = key;
        ps->used++;
    }
    ps->count[i]++;
}

static void pairs_free(struct pairs *ps)
{
    free(ps->key), free(ps->count);
    *ps = (struct pairs){ 0 };
}

struct pair_row {
    unsigned a, b;
    uint64_t n;
};

/* Most first; among equals, by a then b (the order of the dense matrix). */
static int pair_row_cmp(const void *x, const void *y)
{
    const struct pair_row *p = x, *q = y;
    if (p->n != q->n)
        return p->n > q->n ? -1 : 1;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return (p->b > q->b) - (p->b < q->b);
}

/* The pairs, sorted (pair_row_cmp), into *rows: their number, or
 * (size_t)-1 if memory ran out.  The table is freed. */
static size_t pairs_sorted(struct pairs *ps, struct pair_row **rows)
{
    size_t n = 0;
    *rows = ps->oom ? NULL : malloc((ps->used ? ps->used : 1) * sizeof **rows);
    for (size_t i = 0; *rows && i < ps->cap; i++)
        if (ps->key[i])
            (*rows)[n++] = (struct pair_row){ (ps->key[i] - 1) >> 16, (ps->key[i] - 1) & 0xFFFF,
                                              ps->count[i] };
    pairs_free(ps);
    if (!*rows)
        return (size_t)-1;
    qsort(*rows, n, sizeof **rows, pair_row_cmp);
    return n;
}

/* The transition matrix: from x to (the last row and column: no CSECT),
 * as a matrix for up to 12 CSECTs, else the pairs by count. */
static void csm_matrix(struct prof_report *r, const struct profile *p, const struct prof_opts *o,
                       const struct csm_view *v)
{
    size_t nc = p->ncsects + 1;
    int dense = nc <= TAB_MAX_COLS - 1;
    uint64_t *m = dense ? calloc(nc * nc, sizeof *m) : NULL, calls = 0, rets = 0, stores = 0;
    struct pairs ps = { 0 };
    if (dense && !m) {
        r->oom = 1;
        return;
    }
    for (size_t i = 0; i < v->n; i++) {
        const struct prof_tr *x = &v->tr[i];
        size_t f = x->from < p->ncsects ? x->from : p->ncsects;
        size_t to = x->to < p->ncsects ? x->to : p->ncsects;
        if (dense)
            m[f * nc + to]++;
        else
            pairs_add(&ps, (unsigned)f, (unsigned)to);
        calls += x->kind == 1;
        rets += x->kind == 2;
        stores += x->kind == 4;
    }
    char id[48];
    snprintf(id, sizeof id, "%s-matrix", v->id);
    struct table *t = pr_new_table(r, id);
    if (!t) {
        free(m);
        pairs_free(&ps);
        return;
    }
    if (dense) {
        tab_title(t, "%s: the transition matrix (rows: the CSECT left; columns: the one entered)",
                  v->title);
        tab_col(t, "from", TAB_LEFT);
        for (size_t j = 0; j < nc; j++)
            tab_col(t, csect_name(p, j < p->ncsects ? (unsigned)j : PROF_NO_CSECT),
                    TAB_RIGHT | TAB_NUM);
        for (size_t i = 0; i < nc; i++) {
            size_t row = tab_row(t);
            tab_set(t, row, 0, "%s", csect_name(p, i < p->ncsects ? (unsigned)i : PROF_NO_CSECT));
            for (size_t j = 0; j < nc; j++)
                pr_set_u64(t, row, (int)j + 1, m[i * nc + j]);
        }
    } else {
        tab_title(t, "%s: the transitions by count", v->title);
        tab_col(t, "from", TAB_LEFT);
        tab_col(t, "to", TAB_LEFT);
        tab_col(t, "count", TAB_RIGHT | TAB_NUM);
        struct pair_row *pr;
        size_t np = pairs_sorted(&ps, &pr), limit = o->top ? (size_t)o->top : SIZE_MAX;
        if (np == (size_t)-1)
            r->oom = 1, np = 0;
        for (size_t k = 0; k < np && k < limit; k++) {
            size_t row = tab_row(t);
            tab_set(t, row, 0, "%s", csect_name(p, pr[k].a < p->ncsects ? pr[k].a : PROF_NO_CSECT));
            tab_set(t, row, 1, "%s", csect_name(p, pr[k].b < p->ncsects ? pr[k].b : PROF_NO_CSECT));
            pr_set_u64(t, row, 2, pr[k].n);
        }
        free(pr);
    }
    if (v->data)
        tab_note(t, "%zu data references to another CSECT or of another kind: %" PRIu64
                    " fetches, %" PRIu64 " stores%s", v->n, v->n - stores, stores,
                 p->csm_full ? "; the buffer filled (the monitor ended)" : "");
    else
        tab_note(t, "%zu transitions among %zu CSECTs: %" PRIu64 " calls, %" PRIu64 " returns, %"
                    PRIu64 " other branches%s", v->n, p->ncsects, calls, rets,
                 v->n - calls - rets, p->csm_full ? "; the buffer filled (the monitor ended)" : "");
    if (p->csm_method != PROF_CSM_MICROCODE)
        tab_note(t, "recorded by the interrupt service routine IMPPERI on %s: %" PRIu64
                    " program interruptions", p->csm_method == PROF_CSM_PER ?
                 "PER's successful branch" : "the CSECT event (CR9 bit 4)", p->csm_interrupts);
    free(m);
}

/*
 * The CSECTs used together (the seed: "referenced within a specified time
 * interval"): the run cut into intervals of o->interval cycles from the
 * first record; in each, the CSECT current at its start and every one
 * entered (or referred to) during it.  A table of the intervals' sets,
 * and how often each pair was used in the same interval.
 *
 * Bounds: the pairs are counted sparsely (struct pairs), and only in
 * intervals of at most CSM_PAIR_SET CSECTs (a bigger set says little of
 * which go together; a note counts those intervals), so the work is at
 * most CSM_PAIR_SET / 2 pairs per record.  A stretch of intervals with no
 * record is stepped over at once, not interval by interval; at most
 * CSM_INTERVAL_ROWS intervals are listed even with --top=0.
 */
#define CSM_PAIR_SET      64
#define CSM_INTERVAL_ROWS 100000

static void csm_concurrency(struct prof_report *r, const struct profile *p,
                            const struct prof_opts *o, const struct csm_view *v)
{
    uint64_t w = o->interval ? o->interval : 10000, t0 = v->tr[0].cycles;
    uint64_t end = p->cycles > v->tr[v->n - 1].cycles ? p->cycles : v->tr[v->n - 1].cycles;
    size_t nc = p->ncsects + 1;
    uint8_t *in = calloc(nc, 1);
    unsigned *set = malloc(nc * sizeof *set);
    struct pairs ps = { 0 };
    char id[48];
    snprintf(id, sizeof id, "%s-together", v->id);
    struct table *t = pr_new_table(r, id);
    if (!in || !set || !t) {
        r->oom |= !in || !set;
        free(in), free(set);
        return;
    }
    tab_title(t, "%s: the CSECTs used together, in intervals of %" PRIu64 " cycles", v->title, w);
    tab_col(t, "interval", TAB_RIGHT | TAB_NUM);
    tab_col(t, "from cycle", TAB_RIGHT | TAB_NUM);
    tab_col(t, "CSECTs", TAB_RIGHT | TAB_NUM);
    tab_col(t, "used", TAB_LEFT);
    size_t k = 0, limit = o->top ? (size_t)o->top : SIZE_MAX, big = 0;
    if (limit > CSM_INTERVAL_ROWS)
        limit = CSM_INTERVAL_ROWS;
    if (end < t0)
        end = t0;
    uint64_t shown = 0, intervals = (end - t0) / w + 1;
    unsigned cur = v->data ? v->tr[0].to : v->tr[0].from;
    for (uint64_t i = 0; i < intervals;) {
        uint64_t a = t0 + i * w;        /* at most end: no overflow */
        size_t n = 0;
        unsigned c = cur < p->ncsects ? cur : p->ncsects;
        in[c] = 1, set[n++] = c;
        for (; k < v->n && (v->tr[k].cycles < a || v->tr[k].cycles - a < w); k++) {
            cur = v->tr[k].to;
            c = cur < p->ncsects ? cur : p->ncsects;
            if (!in[c])
                in[c] = 1, set[n++] = c;
        }
        if (n > CSM_PAIR_SET)
            big++;
        else
            for (size_t x = 0; x < n; x++)
                for (size_t y = 0; y < n; y++)
                    if (set[x] < set[y])
                        pairs_add(&ps, set[x], set[y]);
        if (shown < limit) {
            char names[1024] = "";
            size_t len = 0;
            for (size_t x = 0; x < n && len < sizeof names; x++)
                len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", x ? " " : "",
                                        csect_name(p, set[x] < p->ncsects ? set[x] : PROF_NO_CSECT));
            size_t row = tab_row(t);
            pr_set_u64(t, row, 0, i);
            pr_set_u64(t, row, 1, a);
            pr_set_u64(t, row, 2, n);
            tab_set(t, row, 3, "%s", names);
            shown++;
        }
        for (size_t x = 0; x < n; x++)
            in[set[x]] = 0;
        /* the intervals up to the next record hold only the current CSECT */
        uint64_t same = k < v->n ? (v->tr[k].cycles - t0) / w - i - 1 : intervals - i - 1;
        c = cur < p->ncsects ? cur : p->ncsects;
        for (uint64_t j = 1; j <= same && shown < limit; j++, shown++) {
            size_t row = tab_row(t);
            pr_set_u64(t, row, 0, i + j);
            pr_set_u64(t, row, 1, t0 + (i + j) * w);
            pr_set_u64(t, row, 2, 1);
            tab_set(t, row, 3, "%s", csect_name(p, c < p->ncsects ? c : PROF_NO_CSECT));
        }
        i += same + 1;
    }
    if (intervals > shown)
        tab_note(t, "(%" PRIu64 " more intervals not shown%s)", intervals - shown,
                 o->top && o->top <= CSM_INTERVAL_ROWS ? ": --top=0 shows all" : "");
    if (big)
        tab_note(t, "%zu intervals used more than %d CSECTs: their pairs are not counted below "
                    "(a shorter --interval counts them)", big, CSM_PAIR_SET);
    snprintf(id, sizeof id, "%s-together-pairs", v->id);
    struct table *m = pr_new_table(r, id);
    struct pair_row *pr;
    size_t np = pairs_sorted(&ps, &pr);
    if (np == (size_t)-1)
        r->oom = 1, np = 0;
    if (m) {
        tab_title(m, "%s: pairs of CSECTs used in the same interval, by intervals", v->title);
        tab_col(m, "CSECT", TAB_LEFT);
        tab_col(m, "with", TAB_LEFT);
        tab_col(m, "intervals", TAB_RIGHT | TAB_NUM);
        for (size_t x = 0; x < np && x < (o->top ? (size_t)o->top : SIZE_MAX); x++) {
            size_t row = tab_row(m);
            tab_set(m, row, 0, "%s", csect_name(p, pr[x].a < p->ncsects ? pr[x].a : PROF_NO_CSECT));
            tab_set(m, row, 1, "%s", csect_name(p, pr[x].b < p->ncsects ? pr[x].b : PROF_NO_CSECT));
            pr_set_u64(m, row, 2, pr[x].n);
        }
    }
    free(pr);
    free(in), free(set);
}

/* The records of view v: data or code, task (0: every task). */
static int csm_select(const struct profile *p, struct csm_view *v, int data, unsigned task)
{
    v->n = 0;
    v->data = data;
    v->tr = malloc((p->ntrs ? p->ntrs : 1) * sizeof *v->tr);
    if (!v->tr)
        return -1;
    for (size_t i = 0; i < p->ntrs; i++)
        if ((p->trs[i].kind >= 3) == (data != 0) && (!task || p->trs[i].task == task))
            v->tr[v->n++] = p->trs[i];
    const char *what = data ? "dsm" : "csm";
    if (task) {
        snprintf(v->id, sizeof v->id, "%s-task%u", what, task);
        snprintf(v->title, sizeof v->title, "%s task %u", what, task);
    } else {
        snprintf(v->id, sizeof v->id, "%s", what);
        snprintf(v->title, sizeof v->title, "%s", what);
    }
    return 0;
}

static void csm_sections(struct prof_report *r, const struct profile *p,
                         const struct prof_opts *o, const struct csm_view *v)
{
    if (v->n) {
        csm_string(r, p, o, v);
        csm_concurrency(r, p, o, v);
    }
    csm_matrix(r, p, o, v);
}

/* The code's transitions, then (ECSM's data flag) the data references;
 * with several tasks, each task's too. */
static void build_csm(struct prof_report *r, const struct profile *p, const struct prof_syms *s,
                      const struct prof_opts *o)
{
    unsigned tasks = 0;
    for (size_t i = 0; i < p->ntrs; i++)
        tasks |= p->trs[i].task < 32 ? 1u << p->trs[i].task : 0;
    int several = (tasks & (tasks - 1)) != 0;
    for (int data = 0; data < 2; data++) {
        struct csm_view v;
        if (csm_select(p, &v, data, 0) != 0) {
            r->oom = 1;
            return;
        }
        if (!data || v.n)
            csm_sections(r, p, o, &v);
        free(v.tr);
        for (unsigned t = 1; several && t < 32; t++) {
            if (!(tasks >> t & 1))
                continue;
            if (csm_select(p, &v, data, t) != 0) {
                r->oom = 1;
                return;
            }
            if (v.n)
                csm_sections(r, p, o, &v);
            free(v.tr);
        }
    }
}

static int *has(struct profile *p) { return &p->has_csm; }

static const struct prof_record records[] = {
    { "csm", 1, rec_csm }, { "csect", 0, rec_csect }, { "tr", 0, rec_tr },
    { NULL, 0, NULL },
};

const struct prof_sec prof_sec_csm = {
    .name = "csm",
    .help = "  --csm                 the CSECT reference string, the CSECTs used together\n"
    "                        and the transition matrix\n"
    "  --interval=CYCLES     --csm: the time interval of \"used together\"\n"
    "                        (default 10000)\n",
    .records = records,
    .has = has,
    .check = check,
    .build = build_csm,
};
