/*
 * bht.c -- the branch history table as a monitor: the machine's ring of
 * taken branches (vm/branch.c: the branch instruction's address and the
 * target, kept by both engines at every taken branch) read out at the
 * end of the run, each branch named by its CSECT and label.  Nothing is armed: the ring is always on and costs the program
 * no cycle; the monitor only reads it, as a service processor would.
 * How a run ended normally after a wild branch, or which loop it left
 * last, shows here without an abend report.
 *
 *   --bht[=N]    the last N taken branches (1 to 16; default 16)
 */
#include "hpm.h"

#include <inttypes.h>

#include "number.h"

extern const struct hpm_class hpm_bht;

static int parse(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    uint64_t n = VM_BRANCH_HISTORY;
    if (spec && parse_number_in(spec, NUM_DECIMAL, 1, VM_BRANCH_HISTORY, &n) != 0) {
        snprintf(err, errsize, "'%s' is not a number of branches (1 to %d)", spec,
                 VM_BRANCH_HISTORY);
        return -1;
    }
    *hpm_word(o, &hpm_bht) = n;
    return 0;
}

static void said(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "bht: the last %" PRIu64 " taken branches at the end",
             hpm_word_of(o, &hpm_bht));
}

static int on(const struct imprun_opts *o) { return hpm_word_of(o, &hpm_bht) != 0; }
static void off(struct imprun_opts *o) { *hpm_word(o, &hpm_bht) = 0; }

/* An address as its CSECT and label (sym_format), or in hex. */
static void where(const struct run *r, unsigned task, uint32_t a, char *buf, size_t size)
{
    const struct symtab *s = task >= 1 && task <= (unsigned)r->ntasks ? &r->tk[task - 1].syms
                                                                       : &r->tk[0].syms;
    if (sym_format(s, a, buf, size) != 0)
        snprintf(buf, size, "X'%06" PRIX32 "'", a);
}

static void summary(FILE *f, struct run *r)
{
    struct vm_branch b[VM_BRANCH_HISTORY];
    unsigned want = (unsigned)hpm_word_of(r->o, &hpm_bht);
    unsigned n = vm_branch_history(r->vm, b, want);
    fprintf(f, "bht: the last %u taken branch%s of the run, oldest first\n", n,
            n == 1 ? "" : "es");
    for (unsigned i = 0; i < n; i++) {
        char from[160], to[160];
        where(r, b[i].task, b[i].from, from, sizeof from);
        where(r, b[i].task, b[i].to, to, sizeof to);
        if (r->ntasks > 1)
            fprintf(f, "bht: [%u] %s -> %s\n", b[i].task, from, to);
        else
            fprintf(f, "bht: %s -> %s\n", from, to);
    }
}

/* The last taken branches so far, newest last, as many as are asked
 * for and fit. */
static void view(struct hpm_view *v, struct run *r)
{
    struct vm_branch b[VM_BRANCH_HISTORY];
    unsigned want = (unsigned)hpm_word_of(r->o, &hpm_bht);
    unsigned n = vm_branch_history(r->vm, b, want ? want : VM_BRANCH_HISTORY);
    int room = hpm_view_left(v) - 1;
    unsigned first = room < (int)n ? n - (unsigned)(room > 0 ? room : 0) : 0;
    hpm_view_put(v, 0, "the last %u taken branch%s, newest last", n - first,
                 n - first == 1 ? "" : "es");
    for (unsigned i = first; i < n; i++) {
        char from[160], to[160];
        where(r, b[i].task, b[i].from, from, sizeof from);
        where(r, b[i].task, b[i].to, to, sizeof to);
        if (r->ntasks > 1)
            hpm_view_put(v, 0, "[%u] %s -> %s", b[i].task, from, to);
        else
            hpm_view_put(v, 0, "%s -> %s", from, to);
    }
}

static const struct hpm_setting settings[] = {
    { "bht", "N", 1, "the last N taken branches at the end (16)", parse, said },
    { NULL, NULL, 0, NULL, NULL, NULL },
};

const struct hpm_class hpm_bht = {
    .name = "bht",
    .what = "the branch history",
    .hw = -1,
    .settings = settings,
    .on = on,
    .off = off,
    .summary = summary,
    .view = view,
};
