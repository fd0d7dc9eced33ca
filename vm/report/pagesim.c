/*
 * pagesim.c -- replaying a page reference string against the replacement
 * policies (pagesim.h states the exact rules), and the page-fault curve.
 *
 * Key structures:
 *   struct sim     one replay: the frames, the scopes, each page's frame
 *   struct scope   the frames a fault may take or replace: all of them
 *                  (global), or one task's (local); ring[] holds its
 *                  frames in the order it acquired them, hand the CLOCK
 *                  and FIFO position in it
 *
 * Pages are renumbered 0..K-1 first (ps_dense), so every table is sized
 * by the string, never by the 255 x 8192 possible pages.
 *
 * FIFO needs no load times: frames are never freed, so a scope fills its
 * ring in load order, and each victim's frame then holds the newest page:
 * the oldest page is always at the hand, which steps round the ring.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pagesim.h"

#define NEVER SIZE_MAX          /* next use of a page not referenced again */
#define NONE  UINT32_MAX        /* no frame */

static const struct {
    const char *name, *what;
} policies[] = {
#define PS_ROW(e, name, what) [e] = { name, what },
    PS_POLICIES(PS_ROW)
#undef PS_ROW
};

const char *ps_policy_name(enum ps_policy p)
{
    return (unsigned)p < PS_NPOLICIES ? policies[p].name : "?";
}

const char *ps_policy_what(enum ps_policy p)
{
    return (unsigned)p < PS_NPOLICIES ? policies[p].what : "?";
}

int ps_policy_parse(const char *name)
{
    for (int p = 0; p < PS_NPOLICIES; p++)
        if (strcasecmp(name, policies[p].name) == 0)
            return p;
    return -1;
}

/* ---- the string ---- */

void ps_init(struct ps_string *s, unsigned page_size)
{
    memset(s, 0, sizeof *s);
    s->page_size = page_size;
}

void ps_free(struct ps_string *s)
{
    free(s->ref);
    ps_init(s, s->page_size);
}

int ps_page_ok(unsigned page_size, unsigned page)
{
    return page < (page_size ? PS_SPACE / page_size : PS_SPACE / 2048);
}

int ps_add(struct ps_string *s, uint32_t ref)
{
    unsigned t = ps_task(ref);
    if (t == 0 || (ref >> 24) != 0 || !ps_page_ok(s->page_size, ps_page(ref)))
        return -1;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        if (cap > SIZE_MAX / sizeof *s->ref)
            return -1;
        uint32_t *p = realloc(s->ref, cap * sizeof *p);
        if (!p)
            return -1;
        s->ref = p;
        s->cap = cap;
    }
    s->ref[s->n++] = ref;
    if (t > s->ntasks)
        s->ntasks = t;
    return 0;
}

/* ---- dense page numbers and next uses ---- */

/*
 * ids[i] = the dense number (0..K-1, in ps_key order) of the page of
 * reference i; *k = K.  The caller frees *ids.  0 or -1 (memory).
 * One pass marks the pages in a table of every possible page of each
 * task the string names (8192 pages of a task, below 16 MiB of 2 KiB
 * pages; a task's table made at its first reference), one numbers them
 * in order, task by task, one reads the numbers: no sort, and no table
 * for the tasks the string does not name.
 */
static int ps_dense(const struct ps_string *s, uint32_t **ids, size_t *k)
{
    size_t n = s->n, m = 0;
    uint32_t *table[PS_TASK_MAX + 1] = { 0 };  /* by task, by page: 0 absent, else id + 1 */
    uint32_t *id = malloc((n ? n : 1) * sizeof *id);
    int ok = id != NULL;
    for (size_t i = 0; ok && i < n; i++) {
        uint32_t **t = &table[ps_task(s->ref[i])];
        if (!*t && !(*t = calloc(8192, sizeof **t)))
            ok = 0;
        else
            (*t)[ps_page(s->ref[i]) & 8191] = 1;
    }
    for (size_t t = 0; ok && t <= PS_TASK_MAX; t++)
        for (size_t p = 0; table[t] && p < 8192; p++)
            if (table[t][p])
                table[t][p] = (uint32_t)++m;
    for (size_t i = 0; ok && i < n; i++)
        id[i] = table[ps_task(s->ref[i])][ps_page(s->ref[i]) & 8191] - 1;
    for (size_t t = 0; t <= PS_TASK_MAX; t++)
        free(table[t]);
    if (!ok) {
        free(id);
        return -1;
    }
    *ids = id;
    *k = m;
    return 0;
}

/* next[i] = the index of the next reference to the page of reference i,
 * or NEVER: one backward pass.  NULL if memory ran out. */
static size_t *ps_next_uses(const uint32_t *id, size_t n, size_t k)
{
    size_t *next = malloc((n ? n : 1) * sizeof *next);
    size_t *seen = malloc((k ? k : 1) * sizeof *seen);
    if (!next || !seen) {
        free(next);
        free(seen);
        return NULL;
    }
    for (size_t j = 0; j < k; j++)
        seen[j] = NEVER;
    for (size_t i = n; i-- > 0;) {
        next[i] = seen[id[i]];
        seen[id[i]] = i;
    }
    free(seen);
    return next;
}

/* ---- one replay ---- */

struct frame {
    uint32_t page;          /* dense page number, NONE if free */
    unsigned dirty, refbit;
    size_t last;            /* index of the last reference (LRU) */
    size_t next;            /* index of the next reference (OPT), NEVER */
};

struct scope {
    uint32_t *ring;         /* its frames, in the order it acquired them */
    unsigned count, quota, hand;
};

struct sim {
    enum ps_policy p;
    struct frame *fr;
    unsigned nframes, next_free;    /* frames are taken 0, 1, 2, ... */
    struct scope *sc;               /* sc[0] global, or sc[t-1] for task t */
    unsigned nscopes;
    uint32_t *ring_store;
    uint32_t *where;                /* where[page] = its frame, or NONE */
    struct ps_result res;
};

static void sim_free(struct sim *m)
{
    free(m->fr);
    free(m->sc);
    free(m->ring_store);
    free(m->where);
}

/* Set up m for frames frames, local tasks (0: global), k pages.  0 or -1. */
static int sim_init(struct sim *m, enum ps_policy p, unsigned frames, unsigned local, size_t k)
{
    memset(m, 0, sizeof *m);
    m->p = p;
    m->nframes = frames;
    m->nscopes = local ? local : 1;
    m->fr = malloc(frames * sizeof *m->fr);
    m->sc = calloc(m->nscopes, sizeof *m->sc);
    m->ring_store = malloc(frames * sizeof *m->ring_store);
    m->where = malloc((k ? k : 1) * sizeof *m->where);
    if (!m->fr || !m->sc || !m->ring_store || !m->where) {
        sim_free(m);
        return -1;
    }
    for (unsigned f = 0; f < frames; f++)
        m->fr[f] = (struct frame){ .page = NONE };
    for (size_t j = 0; j < k; j++)
        m->where[j] = NONE;
    uint32_t *ring = m->ring_store;
    for (unsigned t = 0; t < m->nscopes; t++) {
        m->sc[t].quota = frames / m->nscopes + (t < frames % m->nscopes ? 1 : 0);
        m->sc[t].ring = ring;
        ring += m->sc[t].quota;
    }
    return 0;
}

/* CLOCK (refbits 1) or FIFO (refbits 0): the first frame from the hand
 * with a clear reference bit, clearing the set ones it passes. */
static uint32_t victim_hand(struct sim *m, struct scope *sc, int second_chance)
{
    for (;;) {
        uint32_t f = sc->ring[sc->hand];
        sc->hand = (sc->hand + 1) % sc->count;
        if (second_chance && m->fr[f].refbit) {
            m->fr[f].refbit = 0;
            continue;
        }
        return f;
    }
}

/* LRU: the oldest last reference.  OPT: the farthest next reference, the
 * lowest frame among equals (pages never used again). */
static uint32_t victim_scan(const struct sim *m, const struct scope *sc)
{
    uint32_t best = sc->ring[0];
    for (unsigned i = 1; i < sc->count; i++) {
        uint32_t f = sc->ring[i];
        const struct frame *a = &m->fr[f], *b = &m->fr[best];
        int better = m->p == PS_LRU ? a->last < b->last
                                    : a->next > b->next || (a->next == b->next && f < best);
        if (better)
            best = f;
    }
    return best;
}

/* The frame for a page faulting in scope sc: a free one, else a victim
 * (paged out if dirty, its page no longer resident). */
static uint32_t sim_frame_for(struct sim *m, struct scope *sc)
{
    if (sc->count < sc->quota && m->next_free < m->nframes) {
        uint32_t f = m->next_free++;
        sc->ring[sc->count++] = f;
        return f;
    }
    uint32_t f = m->p == PS_CLOCK  ? victim_hand(m, sc, 1)
                 : m->p == PS_FIFO ? victim_hand(m, sc, 0)
                                   : victim_scan(m, sc);
    if (m->fr[f].dirty)
        m->res.pageouts++;
    m->where[m->fr[f].page] = NONE;
    return f;
}

/* Reference i to dense page pg (w: a write), next its next use. */
static void sim_ref(struct sim *m, struct scope *sc, uint32_t pg, size_t i, int w, size_t next)
{
    uint32_t f = m->where[pg];
    if (f == NONE) {
        f = sim_frame_for(m, sc);
        m->fr[f] = (struct frame){ .page = pg };
        m->where[pg] = f;
        m->res.pageins++;
    }
    struct frame *fr = &m->fr[f];
    fr->refbit = 1;
    fr->last = i;
    fr->next = next;
    if (w)
        fr->dirty = 1;
}

/* The replay proper, on dense ids (and next uses for OPT). */
static int sim_run(const struct ps_string *s, const uint32_t *id, const size_t *next, size_t k,
                   enum ps_policy p, unsigned frames, unsigned local, struct ps_result *out)
{
    struct sim m;
    if (sim_init(&m, p, frames, local, k) != 0)
        return -1;
    for (size_t i = 0; i < s->n; i++) {
        uint32_t r = s->ref[i];
        struct scope *sc = &m.sc[local ? ps_task(r) - 1 : 0];
        sim_ref(&m, sc, id[i], i, ps_is_write(r), next ? next[i] : NEVER);
    }
    *out = m.res;
    sim_free(&m);
    return 0;
}

int ps_simulate(const struct ps_string *s, enum ps_policy p, unsigned frames, unsigned local,
                struct ps_result *out)
{
    if ((unsigned)p >= PS_NPOLICIES || frames == 0 || frames < local)
        return -1;
    for (size_t i = 0; local && i < s->n; i++)
        if (ps_task(s->ref[i]) > local || ps_task(s->ref[i]) == 0)
            return -1;
    uint32_t *id;
    size_t k, *next = NULL;
    if (ps_dense(s, &id, &k) != 0)
        return -1;
    if (p == PS_OPT && !(next = ps_next_uses(id, s->n, k))) {
        free(id);
        return -1;
    }
    int rc = sim_run(s, id, next, k, p, frames, local, out);
    free(next);
    free(id);
    return rc;
}

/* ---- the page-fault curve ---- */

/*
 * Mattson's stack algorithms.  stack[0..depth) holds the pages seen so
 * far, at most cap of them (the top cap positions of the whole stack:
 * the rest never decides a count of cap frames or fewer); with f <= cap
 * frames the resident pages are exactly stack[0..f).  A reference found
 * at position d (0-based) hits for f > d frames and faults for fewer; a
 * page not in the stack faults for every f <= cap.
 *
 * LRU: the referenced page moves to the top, the ones above it down one.
 * OPT: the referenced page moves to the top; the old top is carried down,
 * and at each position above the page's old one the carried page and the
 * page there compete: the one used again sooner stays, the other is
 * carried on, into the page's old place (or a new one at the bottom, or
 * out of the kept part of the stack).  Pages below the kept part only
 * ever move further down or come back to the top, so the kept part is
 * exact.  nextuse[pg] is the next use of pg after the current reference.
 */
static void stack_ref(uint32_t *stack, size_t *depth, size_t cap, uint32_t pg, size_t *nextuse,
                      int opt, uint64_t *hist)
{
    size_t d = 0;
    while (d < *depth && stack[d] != pg)
        d++;
    if (d < *depth)
        hist[d]++;
    else if (*depth < cap)
        (*depth)++;             /* a new position at the bottom */
    else
        d = cap;                /* below the kept part: the carry falls out */
    if (d == 0) {
        stack[0] = pg;
        return;
    }
    uint32_t carry = stack[0];
    stack[0] = pg;
    for (size_t j = 1; j < d; j++) {
        uint32_t here = stack[j];
        if (!opt || nextuse[carry] < nextuse[here]) {
            stack[j] = carry;   /* LRU always; OPT: the carried one sooner */
            carry = here;
        }
    }
    if (d < cap)
        stack[d] = carry;
}

static int curve_stack(const struct ps_string *s, const uint32_t *id, size_t k, int opt,
                       unsigned maxf, uint64_t *faults)
{
    size_t cap = maxf < k ? maxf : k;
    size_t *next = ps_next_uses(id, s->n, k);
    size_t *nextuse = malloc((k ? k : 1) * sizeof *nextuse);
    uint32_t *stack = malloc((cap ? cap : 1) * sizeof *stack);
    uint64_t *hist = calloc(cap ? cap : 1, sizeof *hist);
    int rc = -1;
    if (next && nextuse && stack && hist) {
        size_t depth = 0;
        for (size_t i = 0; i < s->n; i++) {
            nextuse[id[i]] = next[i];
            stack_ref(stack, &depth, cap, id[i], nextuse, opt, hist);
        }
        uint64_t hits = 0;
        for (unsigned f = 1; f <= maxf; f++) {
            hits += f <= cap ? hist[f - 1] : 0;
            faults[f] = s->n - hits;
        }
        rc = 0;
    }
    free(hist);
    free(stack);
    free(nextuse);
    free(next);
    return rc;
}

/*
 * FIFO (clock 0) or CLOCK (clock 1) with f frames over the dense ids
 * id[0..n): the page faults only.  The same rules as sim_run, reduced to
 * what decides a fault: whether each page is resident, the ring of
 * resident pages in load order (frames taken 0, 1, ... fill it in that
 * order) with the hand, and CLOCK's reference bit, kept per page (the
 * bit of the frame holding it).  A hit costs one load (FIFO) or store.
 */
static uint64_t hand_faults(const uint32_t *id, size_t n, int clock, unsigned f, uint32_t *ring,
                            uint8_t *resident, uint8_t *refbit, size_t k)
{
    uint64_t faults = 0;
    unsigned count = 0, hand = 0;
    memset(resident, 0, k);
    memset(refbit, 0, k);
    for (size_t i = 0; i < n; i++) {
        uint32_t pg = id[i];
        if (resident[pg]) {
            refbit[pg] = 1;
            continue;
        }
        faults++;
        resident[pg] = 1;
        refbit[pg] = 1;
        if (count < f) {            /* a free frame: the ring grows */
            ring[count++] = pg;
            continue;
        }
        while (clock && refbit[ring[hand]]) {
            refbit[ring[hand]] = 0;
            hand = hand + 1 == f ? 0 : hand + 1;
        }
        resident[ring[hand]] = 0;
        ring[hand] = pg;
        hand = hand + 1 == f ? 0 : hand + 1;
    }
    return faults;
}

/* FIFO and CLOCK: one replay per frame count from lo to hi (< K: with K
 * frames every page fits, the count is K).  A
 * reference to the page just referenced is a hit that changes nothing
 * (its reference bit is already set) and is dropped first. */
static int curve_replay(const struct ps_string *s, const uint32_t *id, size_t k, enum ps_policy p,
                        unsigned lo, unsigned hi, uint64_t *faults, const struct ps_progress *pr)
{
    uint32_t *run = malloc((s->n ? s->n : 1) * sizeof *run);
    uint32_t *ring = malloc((size_t)hi * sizeof *ring);
    uint8_t *resident = malloc(k ? k : 1), *refbit = malloc(k ? k : 1);
    int rc = -1;
    if (run && ring && resident && refbit) {
        size_t n = 0;
        for (size_t i = 0; i < s->n; i++)
            if (n == 0 || run[n - 1] != id[i])
                run[n++] = id[i];
        for (unsigned f = lo; f <= hi; f++) {
            if (pr && pr->fn)
                pr->fn(pr->ctx, p, f - lo, hi - lo + 1);
            faults[f] = hand_faults(run, n, p == PS_CLOCK, f, ring, resident, refbit, k);
        }
        rc = 0;
    }
    free(refbit);
    free(resident);
    free(ring);
    free(run);
    return rc;
}

int ps_curve_range(const struct ps_string *s, enum ps_policy p, unsigned lo, unsigned maxf,
                   uint64_t *faults, const struct ps_progress *pr)
{
    if (maxf == 0 || lo == 0 || lo > maxf || (unsigned)p >= PS_NPOLICIES)
        return -1;
    uint32_t *id;
    size_t k;
    if (ps_dense(s, &id, &k) != 0)
        return -1;
    faults[0] = s->n;
    for (unsigned f = 1; f <= maxf; f++)
        faults[f] = k;          /* k frames or more: every page fits, first uses fault */
    int rc = 0;
    if (p == PS_LRU || p == PS_OPT)
        rc = curve_stack(s, id, k, p == PS_OPT, maxf, faults);
    else if (lo < k)
        rc = curve_replay(s, id, k, p, lo, maxf < k ? maxf : (unsigned)k - 1, faults, pr);
    free(id);
    return rc;
}

int ps_curve(const struct ps_string *s, enum ps_policy p, unsigned maxf, uint64_t *faults)
{
    return ps_curve_range(s, p, 1, maxf, faults, NULL);
}

int ps_curve_report(FILE *f, const struct ps_string *s, unsigned lo, unsigned hi,
                    const struct ps_progress *pr)
{
    if (lo == 0 || hi < lo || hi == UINT_MAX)
        return -1;
    uint64_t *c[PS_NPOLICIES] = { 0 };
    unsigned from = lo > 1 ? lo - 1 : 1;        /* the row before lo, for the marks */
    int rc = 0, marked = 0;
    for (int p = 0; p < PS_NPOLICIES && rc == 0; p++)
        if (!(c[p] = malloc(((size_t)hi + 1) * sizeof *c[p])) ||
            ps_curve_range(s, p, from, hi, c[p], pr) != 0)
            rc = -1;
    if (rc == 0) {
        fprintf(f, "%6s", "frames");
        for (int p = 0; p < PS_NPOLICIES; p++)
            fprintf(f, " %11s", ps_policy_name(p));
        fputc('\n', f);
        for (unsigned n = lo; n <= hi; n++) {
            fprintf(f, "%6u", n);
            for (int p = 0; p < PS_NPOLICIES; p++) {
                int anomaly = (p == PS_FIFO || p == PS_CLOCK) && n > 1 && c[p][n] > c[p][n - 1];
                marked |= anomaly;
                fprintf(f, " %10llu", (unsigned long long)c[p][n]);
                if (anomaly || p + 1 < PS_NPOLICIES)
                    fputc(anomaly ? '*' : ' ', f);
            }
            fputc('\n', f);
        }
        if (marked)
            fputs("* more page faults than with one frame fewer (Belady's anomaly)\n", f);
        else
            fputs("no Belady's anomaly: no FIFO or CLOCK count here is above the one with "
                  "a frame fewer\n", f);
        if (ferror(f))
            rc = -1;
    }
    for (int p = 0; p < PS_NPOLICIES; p++)
        free(c[p]);
    return rc;
}

int ps_curve_print(FILE *f, const struct ps_string *s, unsigned lo, unsigned hi)
{
    return ps_curve_report(f, s, lo, hi, NULL);
}
