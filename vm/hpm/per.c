/*
 * per.c -- program-event recording as a monitor (imp(7), "PROGRAM-EVENT
 * RECORDING"): CR9 as given, CR10-11 the range (all of storage by
 * default), and the PER mask on in the starting PSW (a core image's
 * restart PSW at 0).  With no handler of the program's, the first event
 * ends the run with the report of interruption 0080 naming the event and
 * the instruction -- a watchpoint the architecture defines.  The events
 * are recognized by the machine (vm/hpm-per.c), not by microcode; what
 * the firmware's checks would cost (vm/per-checks.def) is PER's row of
 * the machine's cost counters (VM_HPM_PER), never the program's: the
 * summary, the profile's `per' section and `check' records, the view.
 *
 *   --per=EVENTS[,range=WHERE][,gr=R+R...]   EVENTS: sb+if+sa+gra+csm
 */
#include "hpm.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int parse(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    const char *comma = strchr(spec, ',');
    size_t n = comma ? (size_t)(comma - spec) : strlen(spec);
    uint32_t cr9 = 0;
    for (const char *t = spec; t < spec + n;) {
        size_t k = strcspn(t, "+,");
        if (k > (size_t)(spec + n - t))
            k = (size_t)(spec + n - t);
        unsigned i = 0;             /* the events by their keys, in CR9's order (bits 0-4) */
        while (vm_per_event_key(i) &&
               (strlen(vm_per_event_key(i)) != k || strncasecmp(t, vm_per_event_key(i), k) != 0))
            i++;
        if (!vm_per_event_key(i)) {
            snprintf(err, errsize, "'%.*s' is not an event (sb, if, sa, gra, csm, joined by +)",
                     (int)k, t);
            return -1;
        }
        cr9 |= 0x80000000u >> i;
        t += k + (t[k] == '+');
    }
    if (!cr9) {
        snprintf(err, errsize, "no event (sb, if, sa, gra, csm, joined by +)");
        return -1;
    }
    o->per_range[0] = 0;
    for (const char *t = comma; t; t = strchr(t + 1, ',')) {
        const char *v = t + 1;
        size_t k = strcspn(v, ",");
        if (!strncmp(v, "range=", 6) && k > 6 && k - 6 < sizeof o->per_range) {
            memcpy(o->per_range, v + 6, k - 6);
            o->per_range[k - 6] = 0;
        } else if (!strncmp(v, "gr=", 3) && k > 3) {
            for (const char *g = v + 3; g < v + k;) {
                char *e;
                long r = strtol(g, &e, 10);
                if (e == g || r < 0 || r > 15 || (e < v + k && *e != '+')) {
                    snprintf(err, errsize, "gr=%.*s: registers 0 to 15, joined by +",
                             (int)(k - 3), v + 3);
                    return -1;
                }
                cr9 |= 0x8000u >> r;
                g = e + (e < v + k);
            }
        } else {
            snprintf(err, errsize, "'%.*s' is not range=WHERE or gr=R+R...", (int)k, v);
            return -1;
        }
    }
    if ((cr9 & VM_CR9_GRA) && !(cr9 & 0xFFFF)) {
        snprintf(err, errsize, "gra needs the registers to watch (gr=R+R...)");
        return -1;
    }
    o->per_cr9 = cr9;
    return 0;
}

static void said(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "per: CR9 X'%08X'%s%s", (unsigned)o->per_cr9,
             o->per_range[0] ? ", range " : "", o->per_range);
}

/* The firmware's checks made so far, "test N x 2, if N x 2, ..." (each
 * kind's count and cycles; "" if none). */
static void checks_made(char *buf, size_t size, const struct vm_per_stats *ps)
{
    unsigned cyc;
    const char *name;
    size_t k = 0;
    buf[0] = '\0';
    for (unsigned i = 0; (name = vm_per_check_name(i, &cyc)) != NULL && k < size; i++)
        if (ps->fw_count[i])
            k += (size_t)snprintf(buf + k, size - k, "%s%s %" PRIu64 " x %u", k ? ", " : "", name,
                                  ps->fw_count[i], cyc);
}

/* "per: the firmware's checks: C cycles in N instructions, P% of the
 * run's T cycles (test N x 2, ...)" */
static void cost(FILE *f, struct vm *vm, const struct vm_per_stats *ps)
{
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_PER, &s);
    char checks[256];
    checks_made(checks, sizeof checks, ps);
    uint64_t cyc = vm_counters(vm)->cycles;
    enum vm_hpm w = vm_hpm_per_serves(vm);
    if (w != VM_HPM_COUNT) {            /* armed for a monitor: its cost */
        fprintf(f, "per: the firmware's checks: %" PRIu64 " cycles, %.2f%% of the run's %" PRIu64
                " cycles, in %s's cost: PER is armed for it (%s)\n", ps->fw_cycles,
                hpm_pct(ps->fw_cycles, cyc), cyc, vm_hpm_name(w), checks[0] ? checks : "none");
        return;
    }
    fprintf(f, "per: the firmware's checks: %" PRIu64 " cycles in %" PRIu64 " instructions, "
            "%.2f%% of the run's %" PRIu64 " cycles (%s)\n", s.cycles, s.entries,
            hpm_pct(s.cycles, cyc), cyc, checks[0] ? checks : "none");
}

static void info(FILE *f, struct vm *vm)
{
    struct vm_per_stats ps;
    vm_per_stats(vm, &ps);
    enum vm_hpm w = vm_hpm_per_serves(vm);
    fprintf(f, "%-6s %-3s CR9 X'%08X' CR10 X'%06X' CR11 X'%06X' interruptions %llu%s%s\n", "per",
            (vm_get_psw(vm) & VM_PSW_PER) && (vm_get_cr(vm, 9) >> 27) ? "on" : "off",
            (unsigned)vm_get_cr(vm, 9), (unsigned)vm_get_cr(vm, 10) & VM_ADDR_MASK,
            (unsigned)vm_get_cr(vm, 11) & VM_ADDR_MASK, (unsigned long long)ps.interrupts,
            w != VM_HPM_COUNT ? ", for " : "", w != VM_HPM_COUNT ? vm_hpm_name(w) : "");
    for (unsigned i = 0; vm_per_event_name(i); i++)
        if (ps.events[i])
            fprintf(f, "       %-33s %llu\n", vm_per_event_name(i),
                    (unsigned long long)ps.events[i]);
    if (ps.fw_cycles)
        cost(f, vm, &ps);
}

static void summary(FILE *f, struct run *r)
{
    struct vm *vm = r->vm;
    struct vm_per_stats ps;
    vm_per_stats(vm, &ps);
    fprintf(f, "per: CR9 X'%08X', range X'%06X' to X'%06X': %" PRIu64 " program "
            "interruptions\n", (unsigned)vm_get_cr(vm, 9), (unsigned)vm_get_cr(vm, 10) & VM_ADDR_MASK,
            (unsigned)vm_get_cr(vm, 11) & VM_ADDR_MASK, ps.interrupts);
    cost(f, vm, &ps);
}

/* per cr9=X low=X high=X interrupts=N checks=K cycles=N, then a record
 * `check KEY COUNT CYCLES' for each kind of check made (CYCLES: one's). */
static void profile(FILE *f, struct run *r)
{
    struct vm *vm = r->vm;
    struct vm_per_stats ps;
    vm_per_stats(vm, &ps);
    unsigned cyc, k = 0;
    const char *name;
    for (unsigned i = 0; vm_per_check_name(i, NULL); i++)
        k += ps.fw_count[i] != 0;
    fprintf(f, "per cr9=%08X low=%06X high=%06X interrupts=%" PRIu64 " checks=%u cycles=%"
            PRIu64 "\n", (unsigned)vm_get_cr(vm, 9), (unsigned)vm_get_cr(vm, 10) & VM_ADDR_MASK,
            (unsigned)vm_get_cr(vm, 11) & VM_ADDR_MASK, ps.interrupts, k, ps.fw_cycles);
    for (unsigned i = 0; (name = vm_per_check_name(i, &cyc)) != NULL; i++)
        if (ps.fw_count[i])
            fprintf(f, "check %s %" PRIu64 " %u\n", name, ps.fw_count[i], cyc);
}

/* CR9-11 and the counts: what is armed, what happened so far. */
static void view(struct hpm_view *v, struct run *r)
{
    struct vm *vm = r->vm;
    struct vm_per_stats ps;
    vm_per_stats(vm, &ps);
    uint32_t cr9 = (uint32_t)vm_get_cr(vm, 9);
    char events[80] = "", from[160], to[160];
    size_t k = 0;
    for (unsigned i = 0; vm_per_event_key(i) && k < sizeof events; i++)
        if (cr9 & (0x80000000u >> i))
            k += (size_t)snprintf(events + k, sizeof events - k, "%s%s", k ? "+" : "",
                                  vm_per_event_key(i));
    uint32_t lo = (uint32_t)vm_get_cr(vm, 10) & VM_ADDR_MASK;
    uint32_t hi = (uint32_t)vm_get_cr(vm, 11) & VM_ADDR_MASK;
    hpm_label(r, 1, lo, from, sizeof from);
    hpm_label(r, 1, hi, to, sizeof to);
    hpm_view_put(v, 0, "CR9 X'%08" PRIX32 "' (%s), %s", cr9, k ? events : "no event",
                 (vm_get_psw(vm) & VM_PSW_PER) ? "the PSW's PER mask on" : "PER mask off");
    hpm_view_put(v, 0, "range %s to %s (CR10-CR11)", from, to);
    hpm_view_put(v, 0, "%llu program interruptions", (unsigned long long)ps.interrupts);
    for (unsigned i = 0; vm_per_event_name(i); i++)
        hpm_view_put(v, 0, "%-33s %llu", vm_per_event_name(i), (unsigned long long)ps.events[i]);
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_PER, &s);
    uint64_t cyc = vm_counters(vm)->cycles;
    hpm_view_put(v, 0, "firmware checks: %" PRIu64 " cycles in %" PRIu64 " instructions, %.2f%% "
                 "of %" PRIu64, s.cycles, s.entries, hpm_pct(s.cycles, cyc), cyc);
}

/* Armed by the program (CR9 and the PSW's mask) or has reported an event. */
static int seen(struct run *r)
{
    struct vm_per_stats ps;
    vm_per_stats(r->vm, &ps);
    return ((vm_get_psw(r->vm) & VM_PSW_PER) && vm_get_cr(r->vm, 9) >> 27) || ps.interrupts;
}

static int on(const struct imprun_opts *o) { return o->per_cr9 != 0; }
static void off(struct imprun_opts *o) { o->per_cr9 = 0; }

static int arm(struct run *r, uint32_t floor)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    uint32_t lo = 0, hi = VM_ADDR_MASK + 1;
    if (o->csm_records && o->csm_method != CSM_MICROCODE) {
        run_say(r->sink, "per", NULL, "the CSECT monitor by %s uses PER too (both need PER)",
                imprun_csm_method_name(o->csm_method));
        return -1;
    }
    int rc;
    if (o->per_range[0] && (rc = hpm_where(&r->tk[0].syms, o->per_range, &lo, &hi)) != 0) {
        char v[160];
        snprintf(v, sizeof v, "...,range=%s", o->per_range);
        hpm_where_say(r, "per", v, rc, &r->tk[0].syms);
        return -1;
    }
    for (int k = 0; k < r->ntasks; k++) {       /* each task: its own CRs and PSW */
        if (r->ntasks > 1)
            vm_select_task(vm, (unsigned)k + 1);
        vm_set_cr(vm, 9, o->per_cr9);
        vm_set_cr(vm, 10, lo);
        vm_set_cr(vm, 11, hi - 1);
        if (o->core) {
            uint8_t b0;
            vm_fetch_bytes(vm, 0, &b0, 1);
            b0 |= 0x40;
            vm_store_bytes(vm, 0, &b0, 1);
        } else
            vm_set_psw(vm, vm_get_psw(vm) | VM_PSW_PER);
    }
    if (r->ntasks > 1)
        vm_select_task(vm, 1);
    return 0;
}

static const struct hpm_setting settings[] = {
    { "per", "EVENTS[,range=WHERE][,gr=R+R...]", 0, "arm PER: EVENTS sb+if+sa+gra+csm "
      "(imp(7))", parse, said },
    { NULL, NULL, 0, NULL, NULL, NULL },
};

const struct hpm_class hpm_per = {
    .name = "per",
    .what = "program-event recording",
    .hw = VM_HPM_PER,
    .settings = settings,
    .on = on,
    .off = off,
    .arm = arm,
    .summary = summary,
    .profile = profile,
    .info = info,
    .view = view,
    .seen = seen,
};
