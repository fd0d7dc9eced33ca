/*
 * iifm.c -- instruction frequency monitoring (imp(7), "INSTRUCTION
 * FREQUENCY MONITORING"; seed 004), armed from the command line with the
 * control block a guest's LOCR would load (mc/src/monitor.mc, LOCR and
 * STOCR; the hardware counts, vm/hpm-iifm.c, and the microcode
 * accumulates, mc/src/monitor.mc), and its report beside the machine's
 * exact counts and its microcode's cost.  The block and the frequency
 * table are reserved at the top of storage.
 *
 *   --iifm=WHAT[,problem][,supervisor][,tasks=N:M...][,slice=CYCLES|,table]
 *   WHAT: a mnemonic (BCT), an opcode in hex (X'46', 0x46, B2E6) with an
 *   optional /DONTCARE in hex (X'18'/X'07'), or all
 */
#include "hpm.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "number.h"
#include "report.h"

/* An opcode halfword: a mnemonic or hex; -1 if neither. */
static long opcode_value(const char *s)
{
    char up[16];
    size_t n = strlen(s);
    if (n == 0 || n >= sizeof up)
        return -1;
    for (size_t i = 0; i <= n; i++)
        up[i] = (char)toupper((unsigned char)s[i]);
    const struct isa_insn *in = isa_by_name(up);
    if (in)
        return in->opcode;
    uint64_t v;
    if (parse_number_in(s, NUM_HEX, 0, 0xFFFF, &v) != 0)
        return -1;
    return (long)v;
}

static int parse(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    char buf[256];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, errsize, "the specification is too long");
        return -1;
    }
    strcpy(buf, spec);
    o->iifm = 1;
    o->iifm_pattern = o->iifm_dontcare = o->iifm_flags = o->iifm_tasks = 0;
    o->iifm_slice = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save), *first = tok; tok;
         tok = strtok_r(NULL, ",", &save)) {
        uint64_t v;
        if (tok == first) {
            char *slash = strchr(tok, '/');
            if (slash)
                *slash = '\0';
            long op = strcmp(tok, "all") == 0 ? 0 : opcode_value(tok);
            if (op < 0) {
                snprintf(err, errsize, "'%s' is no mnemonic, opcode (hex) or all", tok);
                return -1;
            }
            o->iifm_pattern = (unsigned)op;
            o->iifm_dontcare = strcmp(tok, "all") == 0 ? 0xFFFF : 0;
            if (slash && (parse_number_in(slash + 1, NUM_HEX, 0, 0xFFFF, &v) != 0)) {
                snprintf(err, errsize, "'%s' is not a don't-care mask (hex, 0-FFFF)",
                         slash + 1);
                return -1;
            } else if (slash)
                o->iifm_dontcare = (unsigned)v;
        } else if (strcmp(tok, "problem") == 0)
            o->iifm_flags |= VM_IIFM_PROB;
        else if (strcmp(tok, "supervisor") == 0)
            o->iifm_flags |= VM_IIFM_SUP;
        else if (strcmp(tok, "table") == 0)
            o->iifm_flags |= VM_IIFM_TABLE_ALL;
        else if (strncmp(tok, "slice=", 6) == 0) {
            if (parse_number_in(tok + 6, NUM_DECIMAL, 1000, UINT32_MAX, &v) != 0) {
                snprintf(err, errsize, "slice '%s' is not a number of cycles (1000 or "
                         "more)", tok + 6);
                return -1;
            }
            o->iifm_flags |= VM_IIFM_SLICE;
            o->iifm_slice = (uint32_t)v;
        } else if (strncmp(tok, "tasks=", 6) == 0) {
            char *ts = NULL;
            for (char *t = strtok_r(tok + 6, ":", &ts); t; t = strtok_r(NULL, ":", &ts)) {
                if (parse_number_in(t, NUM_DECIMAL, 1, VM_MAX_TASKS, &v) != 0) {
                    snprintf(err, errsize, "task '%s' is not a task number (1-%d)", t,
                             VM_MAX_TASKS);
                    return -1;
                }
                o->iifm_tasks |= 1u << (v - 1);
            }
        } else {
            snprintf(err, errsize, "'%s' is not problem, supervisor, tasks=N:M, "
                     "slice=CYCLES or table", tok);
            return -1;
        }
    }
    if ((o->iifm_flags & VM_IIFM_SLICE) && (o->iifm_flags & VM_IIFM_TABLE_ALL)) {
        snprintf(err, errsize, "slice= and table are two uses of one table: give one");
        return -1;
    }
    return 0;
}

/* A frequency table: time slicing, or every opcode's. */
static int has_table(const struct imprun_opts *o)
{
    return (o->iifm_flags & (VM_IIFM_SLICE | VM_IIFM_TABLE_ALL)) != 0;
}

/* The reserved top of storage: the block, the table. */
static uint32_t reserved(const struct imprun_opts *o)
{
    return 64 + (has_table(o) ? VM_IIFM_TABLE : 0);
}

static uint32_t block_at(const struct vm *vm) { return vm_storage_size(vm) - 64; }
static uint32_t table_at(const struct vm *vm) { return vm_storage_size(vm) - 64 - VM_IIFM_TABLE; }

static uint32_t reserve(const struct imprun_opts *o) { return o->iifm ? reserved(o) : 0; }

static int arm(struct run *r, uint32_t floor)
{
    struct vm *vm = r->vm;
    const struct imprun_opts *o = r->o;
    uint8_t b[VM_IIFM_BLOCK] = { 0 };
    uint32_t table = has_table(o) ? table_at(vm) : 0;
    b[0] = (uint8_t)(o->iifm_pattern >> 8);
    b[1] = (uint8_t)o->iifm_pattern;
    b[2] = (uint8_t)(o->iifm_dontcare >> 8);
    b[3] = (uint8_t)o->iifm_dontcare;
    b[4] = (uint8_t)o->iifm_flags;
    b[6] = (uint8_t)(o->iifm_tasks >> 8);
    b[7] = (uint8_t)o->iifm_tasks;
    for (int i = 0; i < 4; i++) {
        b[8 + i] = (uint8_t)(o->iifm_slice >> (24 - 8 * i));
        b[12 + i] = (uint8_t)(table >> (24 - 8 * i));
    }
    static const uint8_t zero[VM_IIFM_TABLE];
    if (table)
        vm_store_bytes(vm, table, zero, sizeof zero);
    vm_store_bytes(vm, block_at(vm), b, sizeof b);
    return 0;
}

static int enable(struct run *r)
{
    int pic = vm_iifm_start(r->vm, block_at(r->vm));
    if (pic)
        run_say(r->sink, "iifm", NULL, "the control block is not accepted (LOCR would raise "
                "program interruption %04X)", (unsigned)pic);
    return pic ? -1 : 0;
}

static int matches(const struct imprun_opts *o, unsigned d)
{
    return vm_iifm_matches(o->iifm_pattern, o->iifm_dontcare, d);
}

static const char *name_of(unsigned d)
{
    const char *name = rep_op_name(d);
    return name ? name : "?";
}

/* The frequency table's entry for decode index d: count and cycles, as
 * the microcode leaves it once it has taken what the hardware holds. */
static void table_entry(struct vm *vm, const struct vm_iifm_state *st, unsigned d,
                        uint64_t *count, uint64_t *cycles)
{
    (void)st;
    vm_iifm_entry(vm, d, count, cycles);
}

/* Cycles per instruction as imprun --stats and impprof print it (an
 * exact ratio, two decimals): "-" for no instructions, never 0.00. */
struct ratio { char s[24]; };

static struct ratio cpi(uint64_t c, uint64_t n)
{
    struct ratio r;
    rep_ratio(r.s, sizeof r.s, c, n);
    return r;
}

/* a's share of b in percent, "-" when b is 0 */
static struct ratio share(uint64_t a, uint64_t b)
{
    struct ratio r;
    if (b)
        snprintf(r.s, sizeof r.s, "%.2f%%", hpm_pct(a, b));
    else
        snprintf(r.s, sizeof r.s, "-");
    return r;
}

/* What the compare register selects: "every opcode", "AR (X'001A')"... */
static void describe(unsigned pattern, unsigned dontcare, char *what, size_t size)
{
    if (dontcare == 0xFFFF)
        snprintf(what, size, "every opcode");
    else if (dontcare)
        snprintf(what, size, "opcode X'%04X', don't-care X'%04X'", pattern, dontcare);
    else
        snprintf(what, size, "%s (X'%04X')",
                 name_of(pattern >> 8 == 0xB2 ? 256 + (pattern & 0xFF) : pattern & 0xFF),
                 pattern);
}

/* Time slicing: the slices each decode index had (vm_iifm_state's
 * slices over the steps, in their order, round and round) into nsl;
 * the number of steps, whose list goes into steps. */
static int slices_of(const struct vm_iifm_state *st, unsigned *steps, uint64_t nsl[512])
{
    int k = vm_iifm_steps(st->pattern, st->dontcare, steps);
    memset(nsl, 0, 512 * sizeof nsl[0]);
    for (int i = 0; i < k; i++)
        nsl[steps[i]] = st->slices > (uint64_t)i ? (st->slices - 1 - (uint64_t)i) / (uint64_t)k + 1 : 0;
    return k;
}

static void opcode_text(char *buf, size_t size, unsigned d)
{
    snprintf(buf, size, d < 256 ? "X'%02X' %s" : "X'B2%02X' %s", d < 256 ? d : d - 256,
             name_of(d));
}

/* What the slices covered: how many, over which opcodes, and the opcodes
 * that ran and had none (their share unknown: not 0), with what would
 * cover them.  Each line's third word is not a number (the table's
 * readers sum that column until the end). */
static void coverage(FILE *f, const struct vm_iifm_state *st, const struct vm_counters *k,
                     const struct imprun_opts *o)
{
    unsigned steps[512];
    uint64_t nsl[512];
    int K = slices_of(st, steps, nsl);
    uint64_t S = st->slices;
    if (K == 0 || S == 0)
        return;
    fprintf(f, "iifm: the slices: %" PRIu64 " of %" PRIu32 " program cycles over %" PRIu64
            " program cycles; a round of the %d opcodes the pattern selects is %d slices, "
            "%" PRIu64 " cycles or more\n", S, o->iifm_slice, st->sliced_cycles, K, K,
            (uint64_t)K * o->iifm_slice);
    char a[40], b[40];
    if (S < (uint64_t)K) {
        opcode_text(a, sizeof a, steps[0]);
        opcode_text(b, sizeof b, steps[S - 1]);
        fprintf(f, "iifm: the slices reached the first %" PRIu64 " (%s to %s)", S, a, b);
        opcode_text(a, sizeof a, steps[S]);
        fprintf(f, "; the other %" PRIu64 ", from %s on, had none\n", (uint64_t)K - S, a);
    } else {
        fprintf(f, "iifm: the slices went round %" PRIu64 " time%s: each opcode had %" PRIu64
                "%s\n", S / (uint64_t)K, S / (uint64_t)K == 1 ? "" : "s", S / (uint64_t)K,
                S % (uint64_t)K ? " or 1 more" : "");
    }
    int missed = 0;
    for (int i = 0; i < K; i++)
        missed += nsl[steps[i]] == 0 && k->op_count[steps[i]] > 0;
    if (!missed)
        return;
    fprintf(f, "iifm: no slice for %d opcode%s that ran, so %s share is unknown, not 0:", missed,
            missed == 1 ? "" : "s", missed == 1 ? "its" : "their");
    for (int i = 0; i < K; i++)
        if (nsl[steps[i]] == 0 && k->op_count[steps[i]] > 0)
            fprintf(f, " %s", name_of(steps[i]));
    fprintf(f, "\niifm: a shorter slice (1000 cycles or more), a pattern that selects fewer "
            "opcodes or a longer run would reach them\n");
}

static void summary(FILE *f, struct run *r)
{
    struct vm *vm = r->vm;
    const struct imprun_opts *o = r->o;
    uint64_t en = 0, ec = 0;
    struct vm_iifm_state st;
    vm_iifm_state(vm, &st);         /* (not stopped: impmon may report and go on) */
    uint64_t n = st.count, c = st.cycles;
    const struct vm_counters *k = vm_counters(vm);
    for (unsigned d = 0; d < 512; d++)
        if (matches(o, d) && k->op_count[d]) {
            en += k->op_count[d];
            ec += k->op_cycles[d];
        }
    char what[64];
    describe(o->iifm_pattern, o->iifm_dontcare, what, sizeof what);
    fprintf(f, "iifm: %s%s%s%s: %" PRIu64 " instructions, %" PRIu64 " cycles, CPI %s\n", what,
            (o->iifm_flags & VM_IIFM_PROB) && !(o->iifm_flags & VM_IIFM_SUP) ? ", problem state" : "",
            (o->iifm_flags & VM_IIFM_SUP) && !(o->iifm_flags & VM_IIFM_PROB) ? ", supervisor state" : "",
            o->iifm_tasks ? ", some tasks" : "", n, c, cpi(c, n).s);
    fprintf(f, "iifm: the machine's exact count of the same opcodes, whole run: %" PRIu64
            " instructions, %" PRIu64 " cycles, CPI %s\n", en, ec, cpi(ec, en).s);
    hpm_cost(f, "iifm", vm, VM_HPM_IIFM);
    if (!has_table(o))
        return;
    /* the frequency table in storage beside the exact frequencies */
    if (o->iifm_flags & VM_IIFM_SLICE)
        fprintf(f, "iifm: time-sliced frequency table (slices of %" PRIu32 " cycles) beside the "
                "exact counts\n", o->iifm_slice);
    else
        fprintf(f, "iifm: the frequency table of every opcode counted, beside the exact "
                "counts\n");
    fprintf(f, "opcode mnemonic  %7s    share       exact    share  %10s  CPI exact\n",
            (o->iifm_flags & VM_IIFM_SLICE) ? " sliced" : "counted",
            (o->iifm_flags & VM_IIFM_SLICE) ? "CPI sliced" : "CPI table");
    int sliced = (o->iifm_flags & VM_IIFM_SLICE) != 0;
    unsigned steps[512];
    uint64_t nsl[512];
    if (sliced)
        slices_of(&st, steps, nsl);
    for (unsigned d = 0; d < 512; d++) {
        uint64_t sn, sc;
        table_entry(vm, &st, d, &sn, &sc);
        if (!sn && !(matches(o, d) && k->op_count[d]))
            continue;
        char opc[8], cnt[24];
        snprintf(opc, sizeof opc, d < 256 ? "%02X" : "B2%02X", d < 256 ? d : d - 256);
        int none = sliced && nsl[d] == 0;   /* never looked at: no count, no share */
        snprintf(cnt, sizeof cnt, none ? "-" : "%" PRIu64, sn);
        fprintf(f, "%-6s %-8s %9s %8s %11" PRIu64 " %8s %11s %10s\n", opc, name_of(d), cnt,
                none ? "-" : share(sn, n).s, k->op_count[d], share(k->op_count[d], en).s,
                cpi(sc, sn).s, cpi(k->op_cycles[d], k->op_count[d]).s);
    }
    if (sliced)
        coverage(f, &st, k, o);
}

static void profile(FILE *f, struct run *r)
{
    struct vm *vm = r->vm;
    const struct imprun_opts *o = r->o;
    struct vm_iifm_state st;
    vm_iifm_state(vm, &st);
    uint64_t n = st.count, c = st.cycles;
    char flags[40] = "";
    snprintf(flags, sizeof flags, "%s%s%s%s", (o->iifm_flags & VM_IIFM_PROB) ? "problem," : "",
             (o->iifm_flags & VM_IIFM_SUP) ? "supervisor," : "",
             (o->iifm_flags & VM_IIFM_SLICE) ? "slice," : "",
             (o->iifm_flags & VM_IIFM_TABLE_ALL) ? "table," : "");
    size_t fl = strlen(flags);
    if (fl)
        flags[fl - 1] = '\0';
    fprintf(f, "iifm pattern=%04X dontcare=%04X flags=%s slice=%" PRIu32 " count=%" PRIu64
            " cycles=%" PRIu64, o->iifm_pattern, o->iifm_dontcare, fl ? flags : "-",
            o->iifm_slice, n, c);
    if (o->iifm_flags & VM_IIFM_SLICE)
        fprintf(f, " slices=%" PRIu64 " sliced=%" PRIu64, st.slices, st.sliced_cycles);
    fputc('\n', f);
    if (!has_table(o))
        return;
    for (unsigned d = 0; d < 512; d++) {
        uint64_t sn, sc;
        table_entry(vm, &st, d, &sn, &sc);
        if (!sn)
            continue;
        char opc[8];
        snprintf(opc, sizeof opc, d < 256 ? "%02X" : "B2%02X", d < 256 ? d : d - 256);
        fprintf(f, "freq %s %s %" PRIu64 " %" PRIu64 "\n", opc, name_of(d), sn, sc);
    }
}

/* Its member of --json: the compare register, its counters (count,
 * count_cycles) and, as every member, its microcode's entries, cycles
 * and microwords. */
static void json(struct hpm_json *h, struct run *r)
{
    const struct imprun_opts *o = r->o;
    if (!o->iifm)
        return;
    struct vm_iifm_state st;
    vm_iifm_state(r->vm, &st);      /* (as the summary reads them) */
    uint64_t n = st.count, c = st.cycles;
    struct vm_hpm_stats s;              /* its microcode: the accumulation */
    vm_hpm_stats(r->vm, VM_HPM_IIFM, &s);
    hpm_json_member(h, "iifm");
    json_hex(h->j, "pattern", o->iifm_pattern, 4);
    json_hex(h->j, "dontcare", o->iifm_dontcare, 4);
    json_u64(h->j, "count", n);
    json_u64(h->j, "count_cycles", c);
    json_u64(h->j, "entries", s.entries);
    json_u64(h->j, "cycles", s.cycles);
    json_u64(h->j, "microwords", s.microwords);
    json_end(h->j, '}');
}

struct slot { unsigned d; uint64_t sn, sc; };

static int by_sliced(const void *a, const void *b)
{
    const struct slot *x = a, *y = b;
    if (x->sn != y->sn)
        return x->sn < y->sn ? 1 : -1;
    return (int)x->d - (int)y->d;
}

static uint64_t be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

/* The counters so far (the machine's state, whoever started it: this
 * runner or the program's LOCR) beside the exact counts of the same
 * opcodes, and the time-sliced table, busiest first. */
static void view(struct hpm_view *v, struct run *r)
{
    struct vm *vm = r->vm;
    struct vm_iifm_state st;
    vm_iifm_state(vm, &st);
    const struct vm_counters *k = vm_counters(vm);
    uint64_t en = 0, ec = 0;
    for (unsigned d = 0; d < 512; d++)
        if (vm_iifm_matches(st.pattern, st.dontcare, d) && k->op_count[d]) {
            en += k->op_count[d];
            ec += k->op_cycles[d];
        }
    char what[64];
    describe(st.pattern, st.dontcare, what, sizeof what);
    hpm_view_put(v, 0, "%s%s%s%s: %s", what,
                 (st.flags & VM_IIFM_PROB) && !(st.flags & VM_IIFM_SUP) ? ", problem state" : "",
                 (st.flags & VM_IIFM_SUP) && !(st.flags & VM_IIFM_PROB) ? ", supervisor state" : "",
                 st.tasks ? ", some tasks" : "", st.on ? "counting" : "stopped");
    hpm_view_put(v, 1, "%-9s %12s %12s %7s", "", "instructions", "cycles", "CPI");
    hpm_view_put(v, 0, "%-9s %12" PRIu64 " %12" PRIu64 " %7s", "counters", st.count, st.cycles,
                 cpi(st.cycles, st.count).s);
    hpm_view_put(v, 0, "%-9s %12" PRIu64 " %12" PRIu64 " %7s", "exact", en, ec, cpi(ec, en).s);
    if (st.cur < 0 || hpm_view_left(v) < 3)
        return;
    uint8_t *raw = malloc(VM_IIFM_TABLE);
    struct slot *rows = malloc(512 * sizeof *rows);
    size_t n = 0;
    uint64_t tn = 0;
    if (raw && rows && vm_fetch_bytes(vm, st.table, raw, VM_IIFM_TABLE) == 0)
        for (unsigned d = 0; d < 512; d++) {
            uint64_t sn = be64(raw + 16 * d), sc = be64(raw + 16 * d + 8);
            if ((int)d == st.cur) {     /* the slice under way */
                sn += st.slice_count;
                sc += st.slice_cycles;
            }
            tn += sn;
            if (sn || (vm_iifm_matches(st.pattern, st.dontcare, d) && k->op_count[d]))
                rows[n++] = (struct slot){ d, sn, sc };
        }
    if (rows)
        qsort(rows, n, sizeof *rows, by_sliced);
    unsigned steps[512];
    uint64_t nsl[512];
    int nsteps = slices_of(&st, steps, nsl);
    hpm_view_put(v, 0, "slices of %" PRIu32 " cycles, counting %s now: %" PRIu64 " begun, a round "
                 "is %d", st.slice, name_of((unsigned)st.cur), st.slices, nsteps);
    hpm_view_put(v, 1, "%-8s %10s %7s %10s %7s %6s %6s", "opcode", "sliced", "%", "exact", "%",
                 "CPI", "exact");
    for (size_t i = 0; i < n && hpm_view_left(v) > 0; i++) {
        unsigned d = rows[i].d;
        char cnt[24];                   /* "-": no slice yet, never looked at */
        snprintf(cnt, sizeof cnt, nsl[d] ? "%" PRIu64 : "-", rows[i].sn);
        hpm_view_put(v, 0, "%-8s %10s %7s %10" PRIu64 " %7s %6s %6s", name_of(d), cnt,
                     nsl[d] ? share(rows[i].sn, tn).s : "-", k->op_count[d],
                     share(k->op_count[d], en).s, cpi(rows[i].sc, rows[i].sn).s,
                     cpi(k->op_cycles[d], k->op_count[d]).s);
    }
    free(raw);
    free(rows);
}

/* Started now or before in this run, by a setting or by the program's LOCR. */
static int seen(struct run *r)
{
    struct vm_iifm_state st;
    vm_iifm_state(r->vm, &st);
    return st.on || st.count || st.cycles;
}

static void said(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "iifm: %s", spec);
}

static void info(FILE *f, struct vm *vm)
{
    struct vm_iifm_state st;
    vm_iifm_state(vm, &st);
    fprintf(f, "%-6s %-3s count  %-10" PRIu64 " cycles %" PRIu64 "\n", "iifm",
            st.on ? "on" : "off", st.count, st.cycles);
}

static int on(const struct imprun_opts *o) { return o->iifm; }
static void off(struct imprun_opts *o) { o->iifm = 0; }

static const struct hpm_setting settings[] = {
    { "iifm", "WHAT[,problem|supervisor][,tasks=N:M][,slice=CYCLES|,table]", 0,
      "count an opcode (a mnemonic, hex, all) as LOCR would; table: each one's", parse, said },
    { NULL, NULL, 0, NULL, NULL, NULL },
};

const struct hpm_class hpm_iifm = {
    .name = "iifm",
    .what = "instruction frequency monitoring",
    .hw = VM_HPM_IIFM,
    .settings = settings,
    .reserve = reserve,
    .on = on,
    .off = off,
    .arm = arm,
    .enable = enable,
    .summary = summary,
    .profile = profile,
    .info = info,
    .json = json,
    .view = view,
    .seen = seen,
};
