/*
 * order.h -- CSECT reordering: from the CSECT monitor's reference string
 * in a profile to an impld ORDER control file (impprof --order=ALG).
 *
 * The input (struct ord_input) is the profiled program's CSECTs in link
 * order (address order of its load module), the CSECT reference string
 * (the CSECT entered by each transition the monitor recorded, with its
 * cycle and kind), and the linkage editor's static cross-reference (XREF
 * records) as a matrix of reference counts.
 *
 * Code and data: a CSECT the monitor saw entered is code; every other
 * CSECT is treated as data (or cold code).  Until the data CSECT monitor
 * records operand references, a data CSECT is "touched" whenever a code
 * CSECT that refers to it statically (XREF) is entered; the algorithms
 * order code CSECTs and ord_finish places the data CSECTs by that
 * code-order affinity.
 *
 * A layout is an order of all CSECTs plus page-alignment flags; its
 * addresses follow impld's rule (doubleword, or page with (P)) from the
 * profiled origin.  ord_replay runs LRU over the page string a layout
 * gives the training reference string: entering CSECT c touches the
 * pages of its first hot_bytes bytes and of the first hot_bytes of every
 * data CSECT c refers to.  That is the "expected page-ins" of the report
 * and the cost IMP's own algorithm minimizes.
 */
#ifndef IMP_IMPPROF_ORDER_H
#define IMP_IMPPROF_ORDER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "profile.h"

/* The most CSECTs a module may have for --order (the algorithms keep
   n x n matrices). */
#define ORD_MAX_CSECTS 4096

/* The algorithms: enum, name, one line, source. */
#define ORD_ALGS(X)                                                                        \
    X(ORD_LINK,   "link",   "link order (the linkage editor's input order)")               \
    X(ORD_STATIC, "static", "depth-first over the cross-reference list from the entry")    \
    X(ORD_HG,     "hg",     "Hatfield-Gerald nearness matrix, page by page (1971)")        \
    X(ORD_CWS,    "cws",    "Ferrari's critical working set affinity (1974)")              \
    X(ORD_LINZ,   "linz",   "CSECTs used together in intervals (Feilmair-Stadler 1980)")   \
    X(ORD_PH,     "ph",     "Pettis-Hansen chain merging on the call graph (1990)")        \
    X(ORD_C3,     "c3",     "call-chain clustering, hfsort (Ottoni-Maher 2017)")           \
    X(ORD_IMP,    "imp",    "local search minimizing replayed LRU page-ins (IMP)")

enum ord_alg {
#define X(e, name, what) e,
    ORD_ALGS(X)
#undef X
    ORD_NALG
};
const char *ord_alg_name(enum ord_alg a);
const char *ord_alg_what(enum ord_alg a);
/* The algorithm named name, or -1. */
int ord_alg_find(const char *name);

struct ord_csect {
    char name[64];
    uint32_t addr, len;         /* in the profiled layout */
    int code;                   /* entered at least once */
    uint64_t entries;           /* references in the string */
    uint64_t cycles;            /* cycles from its entries to the next transition */
    size_t first;               /* its first reference (nref if none) */
};

struct ord_input {
    struct ord_csect *cs;       /* link order */
    size_t n;
    uint32_t origin;            /* address of the first CSECT */
    int entry;                  /* the CSECT holding the entry point, or -1 */
    unsigned *ref;              /* the reference string: indexes into cs */
    unsigned char *kind;        /* 1 call, 2 return, 0 other branch */
    unsigned *from;             /* the CSECT left (n: none) */
    uint64_t *cyc;              /* cycle of each reference */
    size_t nref;
    uint32_t *xref;             /* n * n: static references [from * n + to] */
    uint32_t *dref;             /* n * n: operand references the data CSECT monitor saw,
                                   [code CSECT current * n + CSECT referred to]; NULL: none
                                   recorded (imprun --csm without data) */
    int full;                   /* the monitor's buffer filled */
};

/* Code CSECT c refers to CSECT dd: as the data CSECT monitor saw it
 * (the count of references), else by the static cross-reference. */
static inline uint32_t ord_refers(const struct ord_input *in, size_t c, size_t dd)
{
    return in->dref ? in->dref[c * in->n + dd] : in->xref[c * in->n + dd];
}

struct ord_params {
    uint32_t page_size;         /* 2048 or 4096 */
    unsigned flo, fhi;          /* frame counts of the cost and the report */
    uint32_t hot_bytes;         /* bytes an entry touches (see above) */
    uint64_t interval;          /* cycles: linz intervals, cws window */
    unsigned effort;            /* evaluations of the local search */
};

struct ord_layout {
    unsigned *seq;              /* CSECT indexes, first to last */
    unsigned char *page;        /* by CSECT index: starts on a page boundary */
    size_t n;
};

/* Build the input from a profile (task 1's module and its csm section);
   0, or -1 after reporting why through d (path names the profile). */
int ord_input_build(struct ord_input *in, const struct profile *p, const char *path,
                    struct diag *d);
void ord_input_free(struct ord_input *in);

int ord_layout_init(struct ord_layout *l, size_t n);
void ord_layout_free(struct ord_layout *l);
/* Copy a complete layout (from->n is the number of CSECTs). */
void ord_layout_copy(struct ord_layout *to, const struct ord_layout *from);

/* Complete a layout from an order of some code CSECTs (code[0..nc)):
   them, then the data CSECTs they touch (hottest referrer first), then
   every other CSECT in link order.  The entry CSECT comes first. */
void ord_finish(const struct ord_input *in, const unsigned *code, size_t nc,
                struct ord_layout *l);

/* The layout of algorithm a; 0 or -1 (out of memory). */
int ord_compute(const struct ord_input *in, enum ord_alg a, const struct ord_params *prm,
                struct ord_layout *l);

/* The replay's workspace, allocated once for many layouts. */
struct ord_work {
    size_t *at, *cnt;           /* by CSECT: its touch list in list[] */
    unsigned *list;             /* a code CSECT, then the data it touches */
    uint32_t *lo, *hi;          /* by CSECT: the pages of its hot bytes */
    size_t *pat, *pn;           /* by CSECT: the pages entering it touches in pg[] */
    uint32_t *pg;               /* those pages, no page twice in a row */
    size_t pgcap;               /* room in pg[] */
    uint32_t *mru;              /* the LRU stack's top maxf entries */
    uint64_t *hist;             /* stack distances 1..maxf */
    unsigned char *seen;        /* by page from the origin's: referenced */
    size_t maxpages;
};
int ord_work_init(struct ord_work *w, const struct ord_input *in, const struct ord_params *prm);
void ord_work_free(struct ord_work *w);

/* LRU page-ins of the replayed training string for every frame count
   1..maxf: faults[f] (faults[0] = distinct pages).  0 or -1 (memory). */
int ord_replay(const struct ord_input *in, const struct ord_layout *l,
               const struct ord_params *prm, unsigned maxf, uint64_t *faults);
int ord_replay_work(struct ord_work *w, const struct ord_input *in, const struct ord_layout *l,
                    const struct ord_params *prm, unsigned maxf, uint64_t *faults);
/* The cost the local search minimizes: the sum over flo..fhi of the
   faults with f frames divided by scale[f] (1 if scale is NULL or
   scale[f] is 0), so that every frame count weighs alike; faults (room
   for fhi + 1) is scratch.  -1 if the replay failed. */
double ord_cost(struct ord_work *w, const struct ord_input *in, const struct ord_layout *l,
                const struct ord_params *prm, const uint64_t *scale, uint64_t *faults);

/* The algorithms' shared parts (order-alg.c, order-imp.c): the
   transitions between each pair of CSECTs (n x n, symmetric; calls_only:
   calls only), NULL if out of memory; IMP's own order. */
uint64_t *ord_pair_weights(const struct ord_input *in, int calls_only);
int ord_alg_imp(const struct ord_input *in, const struct ord_params *prm,
                struct ord_layout *l);

/* Write the control file: a comment report of expected page-ins (this
   layout against link order), then ORDER statements naming every CSECT. */
int ord_write(FILE *f, const struct ord_input *in, enum ord_alg a,
              const struct ord_params *prm, const struct ord_layout *l);

#endif
