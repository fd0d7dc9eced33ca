/*
 * replay.c -- imprun --replay: a recorded page reference string
 * (imp-pagerefs(5), from --page-refs) replayed against LRU, FIFO, CLOCK
 * and OPT for a range of frame counts: the page-fault curve.  LRU and
 * OPT come from Mattson's stack algorithm, every frame count in one
 * pass; FIFO and CLOCK are simulated once per frame count, and a count
 * that faults more than the one before it is marked (Belady's anomaly).
 *
 * Bounds: no replay goes past the pages the string touches (with that
 * many frames every page fits: each policy faults once per page), so the
 * work is at most references x pages per policy, whatever --curve asks.  On a terminal,
 * the sink's error stream (imprun's standard error) shows which replay
 * is running; elsewhere nothing, so the output of a run never depends on
 * the host's speed.
 */
#include "imprun.h"

#include <inttypes.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "pagesim.h"
#include "report.h"

/* Distinct pages (task and page) of s: the most frames worth a row. */
static unsigned distinct_pages(const struct ps_string *s)
{
    static const size_t nkeys = (size_t)1 << 23;     /* task (8 bits) and page (15 bits) */
    uint8_t *seen = calloc(nkeys / 8, 1);
    unsigned n = 0;
    if (!seen)
        return 64;
    for (size_t i = 0; i < s->n; i++) {
        uint32_t k = ps_key(s->ref[i]) & (uint32_t)(nkeys - 1);
        if (!(seen[k >> 3] & (1u << (k & 7)))) {
            seen[k >> 3] |= (uint8_t)(1u << (k & 7));
            n++;
        }
    }
    free(seen);
    return n;
}

/* Progress on a terminal: "fifo, 1200 of 4096 frame counts", redrawn
 * at each policy's first replay and at most ten times a second. */
struct progress {
    double last;
    int shown;
    enum ps_policy p;           /* of the last line shown */
    const struct run_sink *sink;    /* its err stream, its program's name */
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void progress_show(void *ctx, enum ps_policy p, unsigned done, unsigned total)
{
    struct progress *pg = ctx;
    double t = now_seconds();
    if (pg->shown && p == pg->p && t - pg->last < 0.1)
        return;
    pg->last = t;
    pg->shown = 1;
    pg->p = p;
    fprintf(pg->sink->err, "\r%s: --replay: %s, %u of %u frame counts ", pg->sink->prog,
            ps_policy_name(p), done, total);
    fflush(pg->sink->err);
}

int imprun_replay(const struct imprun_opts *o, const struct run_sink *sink)
{
    struct diag d;
    struct ps_string s;
    run_diag_init(&d, sink);
    ps_init(&s, 0);
    if (ps_read_file(&s, o->replay, &d) != 0) {
        ps_free(&s);
        return EXIT_BAD_INPUT;
    }
    unsigned pages = distinct_pages(&s);
    unsigned lo = o->curve_lo ? o->curve_lo : 1;
    unsigned hi = o->curve_hi ? o->curve_hi : pages ? pages : 1;
    printf("%s: %zu references to %u pages of %u bytes, %u task%s\n", o->replay, s.n, pages,
           s.page_size, s.ntasks, s.ntasks == 1 ? "" : "s");
    struct progress pg = { 0, 0, PS_LRU, sink };
    struct ps_progress pr = { progress_show, &pg };
    int rc = ps_curve_report(stdout, &s, lo, hi, isatty(fileno(sink->err)) ? &pr : NULL);
    if (pg.shown)
        fputs("\r\033[K", sink->err);  /* the progress line, erased */
    ps_free(&s);
    if (rc != 0) {
        run_say(sink, "replay", NULL, "out of memory");
        return EXIT_RUN_MACHINE;
    }
    return EXIT_RUN_OK;
}
