/*
 * pagesim.h -- page reference strings and the replacement policies
 * replayed against them.
 *
 * The machine records, for every task, the virtual pages it touches: a
 * page reference string.  This module keeps such a string in memory,
 * reads and writes it as a text file (imp-pagerefs(5)), and replays it
 * against the replacement policies, counting page-ins and page-outs the
 * way the machine's own pager does.
 *
 * One reference is packed in a uint32_t:
 *
 *    31      24 23      16 15                        1   0
 *   +----------+----------+---------------------------+---+
 *   |    0     |   task   |       virtual page        | w |
 *   +----------+----------+---------------------------+---+
 *                         \______ ps_key: task+page ______/ (r >> 1)
 *
 * task is 1..255, page < 16 MiB / page size (< 8192), w is 1 for a
 * write.  Two references name the same page when their ps_key is equal.
 * (The write bit's accessor is ps_is_write: ps_write writes a file.)
 *
 * Frames are numbered 0..N-1.  Every fault is a page-in; a page-out is
 * written when the victim's frame is dirty (a 'w' reference hit the page
 * while it was resident, the faulting one included).  A fault takes the
 * lowest-numbered free frame while one exists in scope, else a victim:
 *
 *   LRU    the resident page whose last reference is oldest
 *   FIFO   the page loaded earliest
 *   CLOCK  second chance: every reference sets the page's reference bit;
 *          the hand (from ring position 0, still while frames are free)
 *          clears set bits and takes the first clear one
 *   OPT    Belady's MIN: the page next referenced farthest in the future
 *          (never again is farthest; among those the lowest frame)
 *
 * Global replacement: one scope of all N frames, ring order = frame
 * number.  Local replacement with T tasks: task t owns a quota
 * q_t = N/T + (t-1 < N%T), takes a free frame only while it holds fewer
 * than q_t, else replaces among its own frames; its ring is its frames in
 * the order it acquired them.
 *
 * Nothing here prints except ps_write and ps_curve_print, to the FILE
 * given; nothing keeps state outside the structs passed in.
 */
#ifndef IMP_VM_PAGESIM_H
#define IMP_VM_PAGESIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

#define PS_REF(task, page, w) ((uint32_t)(task) << 16 | (uint32_t)(page) << 1 | (uint32_t)(w))
#define PS_TASK_MAX  255u
#define PS_SPACE     ((uint32_t)1 << 24)     /* bytes of one task's virtual storage */

static inline unsigned ps_task(uint32_t r) { return r >> 16 & 0xFF; }
static inline unsigned ps_page(uint32_t r) { return r >> 1 & 0x7FFF; }
static inline unsigned ps_is_write(uint32_t r) { return r & 1; }
static inline uint32_t ps_key(uint32_t r) { return r >> 1; }

/* X(enum name, name on the command line and in files, one-line meaning) */
#define PS_POLICIES(X)                                                         \
    X(PS_LRU, "lru", "least recently used")                                    \
    X(PS_FIFO, "fifo", "first in, first out")                                  \
    X(PS_CLOCK, "clock", "second chance: a reference bit and a hand")          \
    X(PS_OPT, "opt", "Belady's MIN: the page used farthest in the future (offline)")

enum ps_policy {
#define PS_ENUM(e, name, what) e,
    PS_POLICIES(PS_ENUM)
#undef PS_ENUM
    PS_NPOLICIES
};

/* "lru", ...; "?" for a value outside the enum. */
const char *ps_policy_name(enum ps_policy p);
/* The one-line meaning from PS_POLICIES; "?" outside the enum. */
const char *ps_policy_what(enum ps_policy p);
/* The policy called name (any case), or -1 if there is none. */
int ps_policy_parse(const char *name);

/* A reference string: ref[0..n) in the order the references happened. */
struct ps_string {
    uint32_t *ref;
    size_t n, cap;
    unsigned page_size;     /* 2048 or 4096 (0: not known yet) */
    unsigned ntasks;        /* tasks 1..ntasks (at least the highest task seen) */
};

/* An empty string of pages of page_size bytes (2048, 4096 or 0). */
void ps_init(struct ps_string *s, unsigned page_size);
/* Free the references; s is empty (and may be used again) afterwards. */
void ps_free(struct ps_string *s);
/* 1 if page is a valid page number for page_size (0: any below 8192). */
int ps_page_ok(unsigned page_size, unsigned page);
/*
 * Append ref, raising ntasks to its task if needed.  0, or -1 (s
 * unchanged) if the task is not 1..255, the page is out of range for
 * s->page_size, or memory ran out.
 */
int ps_add(struct ps_string *s, uint32_t ref);

/*
 * Read the imp-pagerefs(5) file at path into s, which need not be
 * initialised (whatever it held is not freed).  Errors go to d as
 * file:line:col: error: ...; reading goes on after a bad line until d's
 * cap.  Returns 0 (s holds the string; ps_free it), or -1 after at least
 * one error (s is empty).
 */
int ps_read_file(struct ps_string *s, const char *path, struct diag *d);
/*
 * Write s in the imp-pagerefs(5) format: the header, a "# comment" line
 * if comment is non-NULL (one line: a newline in it ends it), then one
 * line per reference.  0, or -1 if writing failed or s->page_size is
 * not 2048 or 4096 (nothing written).
 */
int ps_write(FILE *f, const struct ps_string *s, const char *comment);

struct ps_result {
    uint64_t pageins;       /* faults: every one reads a page in */
    uint64_t pageouts;      /* victims that were dirty */
};

/*
 * Replay s against policy p with frames frames.  local = 0: global
 * replacement; else local replacement among local tasks (1..local).
 * Returns 0 and fills *out, or -1 (out untouched) if frames is 0, a
 * local quota would be 0 (frames < local), a reference names a task
 * above local, p is not a policy, or memory ran out.
 */
int ps_simulate(const struct ps_string *s, enum ps_policy p, unsigned frames, unsigned local,
                struct ps_result *out);

/*
 * The page-fault curve of global replacement: faults[f] = page-ins with
 * f frames for f = 1..maxf (faults[0] is set to the number of
 * references: no frame, every reference faults).  LRU and OPT come from
 * Mattson's stack algorithms in one pass over s, keeping only the top
 * min(maxf, K) places of the stack (K: the distinct pages of s), so the
 * time is O(n x min(maxf, K)).  FIFO and CLOCK are not stack algorithms:
 * one replay per frame count, O(n) each.  With K frames or more every
 * page fits and the count is K (no replay).  0, or -1 (maxf 0, bad p,
 * out of memory).
 */
int ps_curve(const struct ps_string *s, enum ps_policy p, unsigned maxf, uint64_t *faults);

/* What a long curve calls between replays: policy p, done of total. */
struct ps_progress {
    void (*fn)(void *ctx, enum ps_policy p, unsigned done, unsigned total);
    void *ctx;
};

/*
 * ps_curve for faults[lo..maxf] only (1 <= lo <= maxf): FIFO and CLOCK
 * replay only those frame counts below K; faults[1..lo) are then not
 * their counts.  pr (may be NULL) is told of each replay.  0 or -1.
 */
int ps_curve_range(const struct ps_string *s, enum ps_policy p, unsigned lo, unsigned maxf,
                   uint64_t *faults, const struct ps_progress *pr);

/*
 * Print the page-fault curve for frames lo..hi (1 <= lo <= hi), a column
 * per policy; a FIFO or CLOCK count larger than the count with one frame
 * fewer (Belady's anomaly) is marked '*', and a legend line follows (or,
 * if nothing was marked, a line saying there is no anomaly in the range).
 * 0, or -1 (bad range, out of memory, write error).
 */
int ps_curve_print(FILE *f, const struct ps_string *s, unsigned lo, unsigned hi);
/* The same, telling pr (may be NULL) of the replays as they go. */
int ps_curve_report(FILE *f, const struct ps_string *s, unsigned lo, unsigned hi,
                    const struct ps_progress *pr);

#endif
