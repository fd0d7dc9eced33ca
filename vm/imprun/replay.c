/*
 * replay.c -- imprun --replay: a recorded page reference string
 * (imp-pagerefs(5), from --page-refs) replayed against LRU, FIFO, CLOCK
 * and OPT for a range of frame counts: the page-fault curve.  LRU and
 * OPT come from Mattson's stack algorithm, every frame count in one
 * pass; FIFO and CLOCK are simulated once per frame count, and a count
 * that faults more than the one before it is marked (Belady's anomaly).
 */
#include "imprun.h"

#include <inttypes.h>
#include <stdlib.h>

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
    int rc = ps_curve_print(stdout, &s, lo, hi);
    ps_free(&s);
    if (rc != 0) {
        run_say(sink, "replay", NULL, "out of memory");
        return EXIT_RUN_MACHINE;
    }
    return EXIT_RUN_OK;
}
