/*
 * csm.c -- the CSECT monitor (imp(7), "The CSECT monitor"; the Linz
 * paper): a record for every transition from one CSECT of the program to
 * another (a call, a return, another branch), and with `data' for every
 * operand reference to another CSECT's storage, with the cycle it
 * happened.  Three ways, for the paper's overhead table:
 *
 *   microcode  ECSM: the fetch's bounds comparator and the microcode
 *              (mc/src/monitor.mc, `csm', `dsm') write the records
 *   per        the runtime's interrupt service routine IMPPERI on PER's
 *              successful-branch event
 *   csm        IMPPERI on IMP's CSECT event (CR9 bit 4)
 *
 *   --csm[=RECORDS][,per|,csm][,data]
 *
 * The control block (at X'BE0', ECSM's operand): +0 F CSECTs, +4 A the
 * table (lo, hi pairs, sorted), +8 A the buffer, +12 F its length, +20 F
 * records written, +28 X full (IMPPERI's), +32 the current CSECT's
 * bounds, +40 X flags (data references), +44 A the block-indexed map
 * (ECSM builds it; the microcode's short way to a branch target's CSECT).
 */
#include "hpm.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "peri.inc"                 /* peri_code: vm/host/runtime/IMPPERI.s, assembled */

#define CSM_BLOCK_AT 0xBE0u
#define CSM_MAP_BLOCKS 8192u        /* entries of the block-indexed map, at most */

_Static_assert(CSM_BLOCK_AT + VM_CSM_BLOCK <= IMPRUN_EXIT_STUB,
               "the CSECT block fits before the exit stub");

const char *imprun_csm_method_name(enum imprun_csm_method m)
{
    static const char *const names[] = {
#define X(e, name) name,
        IMPRUN_CSM_METHODS(X)
#undef X
    };
    return (size_t)m < sizeof names / sizeof names[0] ? names[m] : "?";
}

static int parse(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    /* [RECORDS][,per|,csm][,data], the count first */
    char buf[64];
    uint64_t recs = 16384;
    o->csm_method = CSM_MICROCODE;
    o->csm_data = 0;
    if (spec && strlen(spec) >= sizeof buf) {
        snprintf(err, errsize, "'%s' is too long", spec);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", spec ? spec : "");
    for (char *t = buf, *next; *t; t = next) {
        if ((next = strchr(t, ',')) != NULL)
            *next++ = 0;
        else
            next = t + strlen(t);
        int method = -1;
        for (int m = CSM_PER; m <= CSM_ISR; m++)     /* (microcode: the default, no word) */
            if (!strcmp(t, imprun_csm_method_name((enum imprun_csm_method)m)))
                method = m;
        if (method >= 0)
            o->csm_method = (enum imprun_csm_method)method;
        else if (!strcmp(t, "data"))
            o->csm_data = 1;
        else if (t != buf || parse_number_in(t, NUM_DECIMAL, 1, 1u << 19, &recs) != 0) {
            snprintf(err, errsize, "'%s' is not a number of records (1 to 524288), per, "
                     "csm or data", t);
            return -1;
        }
    }
    if (o->csm_data && o->csm_method != CSM_MICROCODE) {
        snprintf(err, errsize, "data references are the microcode monitor's (not with "
                 "per or csm)");
        return -1;
    }
    o->csm_records = (uint32_t)recs;
    return 0;
}

static void said(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "csm: a buffer of %u records%s%s", o->csm_records,
             o->csm_method == CSM_PER ? ", by PER and IMPPERI"
             : o->csm_method == CSM_ISR ? ", by the CSECT event and IMPPERI" : "",
             o->csm_data ? ", data references too" : "");
}

static int on(const struct imprun_opts *o) { return o->csm_records != 0; }
static void off(struct imprun_opts *o) { o->csm_records = 0; }

static int by_start(const void *a, const void *b)
{
    const struct imprun_csect *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The table of the first program's CSECTs (those with bytes), sorted,
 * and the block; 0, or -1 after a message. */
static int arm(struct run *r, uint32_t floor)
{
    struct imprun_mon *m = &r->mon;
    const struct symtab *s = &r->tk[0].syms;
    const struct obj_module *mod = s->m;
    size_t n = 0;
    for (size_t i = 0; mod && i < mod->nesd; i++)
        n += mod->esd[i].type == ESD_SD && mod->esd[i].len;
    if (n == 0 || n > VM_CSM_MAX) {
        run_say(r->sink, "csm", NULL, "the program has %s CSECTs%s", n ? "too many" : "no",
                mod ? "" : " (a core image has no symbols)");
        return -1;
    }
    if (!(m->csects = calloc(n, sizeof *m->csects)))
        return -1;
    for (size_t i = 0; i < mod->nesd; i++)
        if (mod->esd[i].type == ESD_SD && mod->esd[i].len) {
            struct imprun_csect *c = &m->csects[m->ncsects++];
            c->lo = hpm_loaded(s, mod->esd[i].addr);
            c->hi = c->lo + mod->esd[i].len;
            c->name = mod->esd[i].name;
        }
    qsort(m->csects, m->ncsects, sizeof *m->csects, by_start);
    uint32_t table = hpm_take(r, m->ncsects * VM_CSM_ENTRY, floor);
    uint64_t blen = (uint64_t)r->o->csm_records * VM_CSM_RECORD;
    uint32_t buf = table && blen <= HPM_MAX_AREA ? hpm_take(r, (uint32_t)blen, floor) : 0;
    if (!buf) {
        char recs[16];
        snprintf(recs, sizeof recs, "%" PRIu32, r->o->csm_records);
        run_say(r->sink, "csm", recs, "its buffer (%" PRIu64 " bytes) does not fit in storage "
                "above the program (%u bytes of storage: --storage=16M gives the most room)",
                blen, vm_storage_size(r->vm));
        return -1;
    }
    /* the block-indexed map: room for 8-byte blocks over the CSECTs'
       span (ECSM picks larger ones if a program is too big for it) */
    uint64_t span = m->csects[m->ncsects - 1].hi - (m->csects[0].lo & ~7u);
    uint64_t blocks = (span + 7) / 8 < CSM_MAP_BLOCKS ? (span + 7) / 8 : CSM_MAP_BLOCKS;
    uint32_t mlen = VM_CSM_MAPHDR + (uint32_t)blocks * VM_CSM_MAPENT;
    uint32_t map = hpm_take(r, mlen, floor);
    if (!map) {
        run_say(r->sink, "csm", NULL, "its map (%" PRIu32 " bytes) does not fit in storage "
                "above the program", mlen);
        return -1;
    }
    uint8_t w[4];
    hpm_put32(w, mlen);
    vm_store_bytes(r->vm, map, w, sizeof w);
    for (uint32_t i = 0; i < m->ncsects; i++) {
        uint8_t e[8];
        hpm_put32(e, m->csects[i].lo);
        hpm_put32(e + 4, m->csects[i].hi);
        vm_store_bytes(r->vm, table + 8 * i, e, sizeof e);
    }
    uint8_t blk[VM_CSM_BLOCK];
    memset(blk, 0, sizeof blk);
    hpm_put32(blk, m->ncsects);
    hpm_put32(blk + 4, table);
    hpm_put32(blk + 8, buf);
    hpm_put32(blk + 12, (uint32_t)blen);
    hpm_put32(blk + 40, r->o->csm_data ? VM_CSM_DATA : 0);
    hpm_put32(blk + 44, map);
    m->csm_buf = buf;
    vm_store_bytes(r->vm, CSM_BLOCK_AT, blk, VM_CSM_BLOCK);
    return 0;
}

/*
 * --csm=per, --csm=csm: the same block, set up by ECSM (the current CSECT,
 * its bounds) and handed at once to the runtime's interrupt service
 * routine IMPPERI (DCSM: the microcode leaves it alone), which PER calls
 * on every successful branch (per) or on a way out of the bounds in
 * CR10..CR11 (csm, CR9 bit 4).  0, or -1 after a message.
 */
static int isr(struct run *r)
{
    struct vm *vm = r->vm;
    if (r->ntasks > 1) {
        run_say(r->sink, "csm", imprun_csm_method_name(r->o->csm_method),
                "the interrupt service routine serves one task");
        return -1;
    }
    if (hpm_enable_op(r, "DCSM", 0, "csm") != 0)
        return -1;
    uint8_t b[8];
    hpm_put32(b, (uint32_t)(VM_PSW_EC >> 32));
    hpm_put32(b + 4, IMPRUN_PERI_AT);
    vm_store_bytes(vm, 0x68, b, 8);                 /* the program new PSW */
    vm_store_bytes(vm, IMPRUN_PERI_AT, peri_code, sizeof peri_code);
    uint32_t lo = hpm_get32(vm, CSM_BLOCK_AT + 32), hi = hpm_get32(vm, CSM_BLOCK_AT + 36);
    vm_set_cr(vm, 9, r->o->csm_method == CSM_PER ? VM_CR9_SB : VM_CR9_CSM);
    vm_set_cr(vm, 10, r->o->csm_method == CSM_PER ? 0 : lo);
    vm_set_cr(vm, 11, r->o->csm_method == CSM_PER ? VM_ADDR_MASK : hi - 1);
    vm_set_psw(vm, vm_get_psw(vm) | VM_PSW_PER);
    vm_hpm_per_monitor(vm, VM_HPM_CSM);     /* PER's checks, interruptions, IMPPERI: csm's */
    r->mon.csm_isr = 1;
    return 0;
}

static int enable(struct run *r)
{
    if (hpm_enable_op(r, "ECSM", CSM_BLOCK_AT, "csm") != 0)
        return -1;
    return r->o->csm_method != CSM_MICROCODE ? isr(r) : 0;
}

static const char *csect_name(const struct imprun_mon *m, unsigned k)
{
    return k < m->ncsects ? m->csects[k].name : "(none)";
}

/* The transitions, the calls and returns, the busiest pairs. */
static void summary(FILE *f, struct run *r)
{
    struct imprun_mon *m = &r->mon;
    struct vm *vm = r->vm;
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_CSM, &s);
    uint32_t n = hpm_get32(vm, CSM_BLOCK_AT + 20), kinds[5] = { 0 };
    uint32_t nc = m->ncsects + 1;               /* the last row and column: no CSECT */
    uint32_t *mat = nc <= 256 ? calloc((size_t)nc * nc, sizeof *mat) : NULL;
    if (m->csm_isr)                             /* the routine's own indication */
        s.full = hpm_get32(vm, CSM_BLOCK_AT + 28) >> 31 != 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t a = m->csm_buf + i * VM_CSM_RECORD, ft = hpm_get32(vm, a);
        uint32_t k = hpm_get32(vm, a + 4) >> 24;
        uint32_t from = ft >> 16, to = ft & 0xFFFF;
        kinds[k < 5 ? k : 0]++;
        if (mat && k < 3)
            mat[(from < m->ncsects ? from : m->ncsects) * nc + (to < m->ncsects ? to : m->ncsects)]++;
    }
    fprintf(f, "csm: %" PRIu32 " transitions among %" PRIu32 " CSECTs: %" PRIu32 " calls, %" PRIu32
            " returns, %" PRIu32 " other branches%s\n", kinds[0] + kinds[1] + kinds[2], m->ncsects, kinds[1], kinds[2],
            kinds[0], s.full ? "; the buffer filled (the monitor ended)" : "");
    if (r->o->csm_data)
        fprintf(f, "csm: %" PRIu32 " data references to another CSECT: %" PRIu32 " fetches, %"
                PRIu32 " stores\n", kinds[3] + kinds[4], kinds[3], kinds[4]);
    for (int shown = 0; mat && shown < 5; shown++) {    /* the busiest pairs */
        uint32_t best = 0, bi = 0;
        for (uint32_t i = 0; i < nc * nc; i++)
            if (mat[i] > best) {
                best = mat[i];
                bi = i;
            }
        if (!best)
            break;
        fprintf(f, "csm: %s -> %s: %" PRIu32 "\n", csect_name(m, bi / nc),
                csect_name(m, bi % nc), best);
        mat[bi] = 0;
    }
    free(mat);
    if (m->csm_isr) {
        struct vm_per_stats ps;
        vm_per_stats(vm, &ps);
        fprintf(f, "csm: by the interrupt service routine IMPPERI on %s: %" PRIu64 " program "
                "interruptions in the run's %" PRIu64 " cycles\n", r->o->csm_method == CSM_PER ?
                "every successful branch (PER)" : "the CSECT event (CR9 bit 4)", ps.interrupts,
                vm_counters(vm)->cycles);
        fprintf(f, "csm: the firmware's PER checks: %" PRIu64 " cycles, %.2f%% of the run (",
                ps.fw_cycles, hpm_pct(ps.fw_cycles, vm_counters(vm)->cycles));
        unsigned cyc;
        const char *name, *sep = "";
        for (unsigned i = 0; (name = vm_per_check_name(i, &cyc)) != NULL; i++)
            if (ps.fw_count[i]) {
                fprintf(f, "%s%s %" PRIu64 " x %u", sep, name, ps.fw_count[i], cyc);
                sep = ", ";
            }
        fprintf(f, ")\n");
        fprintf(f, "csm: the monitor's cost (the checks, the interruptions, IMPPERI): %" PRIu64
                " cycles, %.2f%% of the run\n", s.cycles, hpm_pct(s.cycles, vm_counters(vm)->cycles));
    } else
        hpm_cost(f, "csm", vm, VM_HPM_CSM);
}

static void profile(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_CSM, &s);
    uint32_t n = hpm_get32(vm, CSM_BLOCK_AT + 20);
    if (r->mon.csm_isr) {
        struct vm_per_stats ps;
        vm_per_stats(vm, &ps);
        fprintf(f, "csm csects=%" PRIu32 " records=%" PRIu32 " full=%d method=%s interrupts=%"
                PRIu64 "\n", r->mon.ncsects, n, hpm_get32(vm, CSM_BLOCK_AT + 28) >> 31 != 0,
                imprun_csm_method_name(o->csm_method), ps.interrupts);
    } else
        fprintf(f, "csm csects=%" PRIu32 " records=%" PRIu32 " full=%d\n", r->mon.ncsects, n,
                s.full);
    for (uint32_t i = 0; i < r->mon.ncsects; i++)
        fprintf(f, "csect %" PRIu32 " %" PRIX32 " %" PRIX32 " %s\n", i, r->mon.csects[i].lo,
                r->mon.csects[i].hi, r->mon.csects[i].name);
    for (uint32_t i = 0; i < n && (uint64_t)(i + 1) * VM_CSM_RECORD <= (uint64_t)o->csm_records *
                                                                      VM_CSM_RECORD; i++) {
        uint32_t a = r->mon.csm_buf + i * VM_CSM_RECORD, ft = hpm_get32(vm, a);
        uint32_t kt = hpm_get32(vm, a + 4);
        uint64_t cyc = (uint64_t)hpm_get32(vm, a + 8) << 32 | hpm_get32(vm, a + 12);
        fprintf(f, "tr %" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu64 "\n", ft >> 16,
                ft & 0xFFFF, kt >> 24, kt >> 16 & 0xFF, cyc);
    }
}

/* IMPPERI's DIAGNOSE: it hands back the program's own exception, and
 * the run ends as without a handler, at the old PSW (the abend
 * report's). */
static int diagnose(struct run *r, uint32_t code, enum vm_host_result *res)
{
    if (code != IMPRUN_PERI_PASS || !r->mon.csm_isr)
        return 0;
    uint8_t old[8];
    uint64_t psw = 0;
    vm_fetch_bytes(r->vm, 0x28, old, sizeof old);
    for (int i = 0; i < 8; i++)
        psw = psw << 8 | old[i];
    (void)vm_set_psw(r->vm, psw);
    *res = VM_HOST_NOPGM;
    return 1;
}

/* CSECT k of the block's table: its name in the program (the runner's
 * table, or the program's own, named by the symbols). */
static const char *view_name(struct run *r, uint32_t table, uint32_t nc, uint32_t k)
{
    if (k >= nc)
        return "-";
    if (r->mon.ncsects == nc)
        return r->mon.csects[k].name;
    const char *c = hpm_csect_of(r, 1, hpm_get32(r->vm, table + VM_CSM_ENTRY * k));
    return c ? c : "?";
}

/* The block the CAT points to: the transitions so far, the reference
 * string (newest last, half the rows) and the transition matrix of the
 * first CSECTs (from: rows, to: columns). */
static void view(struct hpm_view *v, struct run *r)
{
    struct vm *vm = r->vm;
    uint32_t blk = hpm_get32(vm, VM_CAT + VM_CAT_CSM) & VM_ADDR_MASK;
    if (!blk) {
        hpm_view_put(v, 0, "no control block yet (CAT+X'B4' is 0)");
        return;
    }
    uint32_t nc = hpm_get32(vm, blk), table = hpm_get32(vm, blk + 4) & VM_ADDR_MASK;
    uint32_t buf = hpm_get32(vm, blk + 8) & VM_ADDR_MASK, len = hpm_get32(vm, blk + 12);
    uint32_t n = hpm_get32(vm, blk + 20), ntr = 0, ndata = 0;
    if ((uint64_t)n * VM_CSM_RECORD > len)
        n = len / VM_CSM_RECORD;
    uint8_t *raw = n ? malloc((size_t)n * VM_CSM_RECORD) : NULL;
    if (n && (!raw || vm_fetch_bytes(vm, buf, raw, (size_t)n * VM_CSM_RECORD) != 0))
        n = 0;
    for (uint32_t i = 0; i < n; i++)
        if (raw[(size_t)i * VM_CSM_RECORD + 4] < 3)
            ntr++;
        else
            ndata++;
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_CSM, &s);
    hpm_view_put(v, 1, "%" PRIu32 " transitions among %" PRIu32 " CSECTs%s%s", ntr, nc,
                 ndata ? ", data references too" : "",
                 s.full || (r->mon.csm_isr && hpm_get32(vm, blk + 28) >> 31)
                 ? "; the buffer filled" : "");
    if (r->mon.csm_isr) {
        struct vm_per_stats ps;
        vm_per_stats(vm, &ps);
        hpm_view_put(v, 0, "by IMPPERI: %" PRIu64 " program interruptions, %" PRIu64
                     " cycles (the checks, the interruptions, the routine)", ps.interrupts,
                     s.cycles);
    } else
        hpm_view_cost(v, vm, VM_HPM_CSM);
    /* the reference string: the CSECTs entered, as many as fit in half the rows */
    int rows = hpm_view_left(v) / 2;
    uint32_t first = n, used = 0;
    while (first > 0 && used < (uint32_t)(rows * (v->cols > 0 ? v->cols : 1))) {
        const uint8_t *p = raw + (size_t)(first - 1) * VM_CSM_RECORD;
        if (p[4] < 3)
            used += (uint32_t)strlen(view_name(r, table, nc, (uint32_t)p[2] << 8 | p[3])) + 1;
        first--;
    }
    char line[512];
    size_t k = 0;
    int shown = 0;
    for (uint32_t i = first; i < n && shown < rows; i++) {
        const uint8_t *p = raw + (size_t)i * VM_CSM_RECORD;
        if (p[4] >= 3)
            continue;
        const char *name = view_name(r, table, nc, (uint32_t)p[2] << 8 | p[3]);
        if (k && k + strlen(name) + 1 >= (size_t)v->cols) {
            hpm_view_put(v, 0, "%s", line);
            shown++;
            k = 0;
        }
        if (k + strlen(name) + 2 < sizeof line)
            k += (size_t)snprintf(line + k, sizeof line - k, "%s ", name);
    }
    if (k && shown < rows)
        hpm_view_put(v, 0, "%s", line);
    /* the matrix of the first CSECTs, as many columns as fit */
    uint32_t m = v->cols > 9 ? (uint32_t)(v->cols - 9) / 9 : 0;
    if (m > nc)
        m = nc;
    if (m > 8)
        m = 8;
    if (m && hpm_view_left(v) >= 2) {
        uint32_t mat[8][8] = { { 0 } };
        for (uint32_t i = 0; i < n; i++) {
            const uint8_t *p = raw + (size_t)i * VM_CSM_RECORD;
            uint32_t f = (uint32_t)p[0] << 8 | p[1], t = (uint32_t)p[2] << 8 | p[3];
            if (p[4] < 3 && f < m && t < m)
                mat[f][t]++;
        }
        k = (size_t)snprintf(line, sizeof line, "%-9s", "from\\to");
        for (uint32_t j = 0; j < m; j++)
            k += (size_t)snprintf(line + k, sizeof line - k, " %8.8s", view_name(r, table, nc, j));
        hpm_view_put(v, 1, "%s", line);
        for (uint32_t i = 0; i < m; i++) {
            k = (size_t)snprintf(line, sizeof line, "%-9.9s", view_name(r, table, nc, i));
            for (uint32_t j = 0; j < m; j++)
                k += (size_t)snprintf(line + k, sizeof line - k, " %8" PRIu32, mat[i][j]);
            hpm_view_put(v, 0, "%s", line);
        }
    }
    free(raw);
}

static void release(struct run *r)
{
    free(r->mon.csects);
    r->mon.csects = NULL;
}

static const struct hpm_setting settings[] = {
    { "csm", "RECORDS[,per|,csm][,data]", 1, "CSECT transitions (microcode; per, csm: an ISR)",
      parse, said },
    { NULL, NULL, 0, NULL, NULL, NULL },
};

const struct hpm_class hpm_csm = {
    .name = "csm",
    .what = "the CSECT monitor",
    .hw = VM_HPM_CSM,
    .settings = settings,
    .on = on,
    .off = off,
    .arm = arm,
    .enable = enable,
    .summary = summary,
    .profile = profile,
    .release = release,
    .diagnose = diagnose,
    .view = view,
};
