/*
 * monitors.c -- the sampling monitors armed from the command line (imprun(1),
 * "Monitors"): the control blocks a guest would build, in the nucleus's
 * block, and the count vectors, the PC-sampling table and the gleaning
 * buffer at the top of storage (key 0, below what --iifm reserves), armed
 * with the same enabling function the instructions use; a summary of what
 * each monitor saw and cost; and the monitor data file, imp-profile(5),
 * that impprof(1) reads.
 *
 *   --ias=CYCLES                      the sample period
 *   --ias-window=WHERE[/BLOCK]        a window (repeatable; default: the program)
 *       WHERE: program, a CSECT or label, or FROM:TO (names or hex addresses,
 *       TO not in it); BLOCK: the address block's bytes (default 16)
 *   --pcs[=RATE]  --pcs-slots=N       PC sampling, ticks per virtual second
 *   --glean=INFO[,every=N][,insns][,n=N][,buffer=BYTES]
 *   --csm[=RECORDS]                   the CSECT monitor over the program's CSECTs
 *   --profile=FILE
 */
#include "run.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "isa.h"
#include "number.h"
#include "report.h"

#define IAS_BLOCK_AT   0xA40u       /* the control blocks, in the nucleus's key-0 block */
#define PCS_BLOCK_AT   0xBA0u
#define GLEAN_BLOCK_AT 0xBC0u
#define CSM_BLOCK_AT   0xBE0u

#include "peri.inc"                 /* peri_code: vm/host/runtime/IMPPERI.s, assembled */
#define DEFAULT_BLOCK  16u
#define MAX_AREA       (12u << 20)  /* bytes the monitors may take from storage: the
                                       largest CSECT buffer (8 MiB) and the rest */

_Static_assert(IAS_BLOCK_AT + VM_IAS_HEADER + VM_IAS_MAX_WINDOWS * VM_IAS_WINDOW <= PCS_BLOCK_AT,
               "the IAS block fits before the PC-sampling block");
_Static_assert(CSM_BLOCK_AT + VM_CSM_BLOCK <= 0xF00u, "the CSECT block fits before the exit stub");

/* ---- options -------------------------------------------------------------------- */

int imprun_parse_ias_window(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    if (o->nias >= (int)VM_IAS_MAX_WINDOWS) {
        snprintf(err, errsize, "--ias-window: at most %u windows", VM_IAS_MAX_WINDOWS);
        return -1;
    }
    const char *slash = strrchr(spec, '/');
    uint64_t v = DEFAULT_BLOCK;
    if (slash && parse_number_in(slash + 1, NUM_DECIMAL, 1, 1u << 24, &v) != 0) {
        snprintf(err, errsize, "--ias-window: '%s' is not a block size in bytes (1 to 16M)",
                 slash + 1);
        return -1;
    }
    size_t n = slash ? (size_t)(slash - spec) : strlen(spec);
    if (n == 0 || n >= sizeof o->ias_where[0]) {
        snprintf(err, errsize, "--ias-window: '%s' names no window", spec);
        return -1;
    }
    memcpy(o->ias_where[o->nias], spec, n);
    o->ias_where[o->nias][n] = '\0';
    o->ias_block[o->nias++] = (uint32_t)v;
    return 0;
}

static int info_bit(const char *name, unsigned *bit)
{
#define X(n, b, len, s, what) if (strcasecmp(name, s) == 0) { *bit = (b); return 0; }
    VM_GLEAN_INFO(X)
#undef X
    return -1;
}

static void info_list(unsigned info, char *buf, size_t size, const char *sep)
{
    size_t k = 0;
    buf[0] = '\0';
#define X(n, b, len, s, what) \
    if ((info & (b)) && k < size) \
        k += (size_t)snprintf(buf + k, size - k, "%s%s", k ? sep : "", s);
    VM_GLEAN_INFO(X)
#undef X
}

const char *imprun_csm_method_name(enum imprun_csm_method m)
{
    static const char *const names[] = {
#define X(e, name) name,
        IMPRUN_CSM_METHODS(X)
#undef X
    };
    return (size_t)m < sizeof names / sizeof names[0] ? names[m] : "?";
}

int imprun_parse_csm(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    /* [RECORDS][,per|,csm][,data], the count first */
    char buf[64];
    uint64_t recs = 16384;
    o->csm_method = CSM_MICROCODE;
    o->csm_data = 0;
    if (spec && strlen(spec) >= sizeof buf) {
        snprintf(err, errsize, "--csm: '%s' is too long", spec);
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
            snprintf(err, errsize, "--csm: '%s' is not a number of records (1 to 524288), per, "
                     "csm or data", t);
            return -1;
        }
    }
    if (o->csm_data && o->csm_method != CSM_MICROCODE) {
        snprintf(err, errsize, "--csm: data references are the microcode monitor's (not with "
                 "per or csm)");
        return -1;
    }
    o->csm_records = (uint32_t)recs;
    return 0;
}

int imprun_parse_per(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
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
            snprintf(err, errsize, "--per: '%.*s' is not an event (sb, if, sa, gra, csm, "
                     "joined by +)", (int)k, t);
            return -1;
        }
        cr9 |= 0x80000000u >> i;
        t += k + (t[k] == '+');
    }
    if (!cr9) {
        snprintf(err, errsize, "--per: no event (sb, if, sa, gra, csm, joined by +)");
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
                    snprintf(err, errsize, "--per: gr=%.*s: registers 0 to 15, joined by +",
                             (int)(k - 3), v + 3);
                    return -1;
                }
                cr9 |= 0x8000u >> r;
                g = e + (e < v + k);
            }
        } else {
            snprintf(err, errsize, "--per: '%.*s' is not range=WHERE or gr=R+R...", (int)k, v);
            return -1;
        }
    }
    if ((cr9 & VM_CR9_GRA) && !(cr9 & 0xFFFF)) {
        snprintf(err, errsize, "--per: gra needs the registers to watch (gr=R+R...)");
        return -1;
    }
    o->per_cr9 = cr9;
    return 0;
}

int imprun_parse_glean(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    char buf[256];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, errsize, "--glean: the specification is too long");
        return -1;
    }
    strcpy(buf, spec);
    o->glean_info = 0;
    o->glean_every = 10000;
    o->glean_n = 1;
    o->glean_insns = 0;
    o->glean_buffer = 65536;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save), *first = tok; tok;
         tok = strtok_r(NULL, ",", &save)) {
        uint64_t v;
        if (tok == first) {
            char *s2 = NULL;
            for (char *w = strtok_r(tok, "+", &s2); w; w = strtok_r(NULL, "+", &s2)) {
                unsigned bit;
                if (strcmp(w, "all") == 0)
                    bit = 0xFE00;
                else if (info_bit(w, &bit) != 0) {
                    snprintf(err, errsize, "--glean: '%s' is not ia, psw, gr, op, cycles, task, "
                             "pageins or all", w);
                    return -1;
                }
                o->glean_info |= bit;
            }
        } else if (strcmp(tok, "insns") == 0)
            o->glean_insns = 1;
        else if (strncmp(tok, "every=", 6) == 0) {
            if (parse_number_in(tok + 6, NUM_DECIMAL, 1, UINT32_MAX, &v) != 0) {
                snprintf(err, errsize, "--glean: every '%s' is not a number", tok + 6);
                return -1;
            }
            o->glean_every = (uint32_t)v;
        } else if (strncmp(tok, "n=", 2) == 0) {
            if (parse_number_in(tok + 2, NUM_DECIMAL, 1, 65535, &v) != 0) {
                snprintf(err, errsize, "--glean: n '%s' is not 1 to 65535", tok + 2);
                return -1;
            }
            o->glean_n = (unsigned)v;
        } else if (strncmp(tok, "buffer=", 7) == 0) {
            if (parse_number_in(tok + 7, NUM_DECIMAL, 1, 4u << 20, &v) != 0) {
                snprintf(err, errsize, "--glean: buffer '%s' is not 1 to 4194304 bytes", tok + 7);
                return -1;
            }
            o->glean_buffer = (uint32_t)v;
        } else {
            snprintf(err, errsize, "--glean: '%s' is not every=N, insns, n=N or buffer=BYTES",
                     tok);
            return -1;
        }
    }
    if (!o->glean_insns && o->glean_every < VM_GLEAN_MIN_CYCLES) {
        snprintf(err, errsize, "--glean: every %" PRIu32 " cycles is too often (%u or more; "
                 "or count instructions: insns)", o->glean_every, VM_GLEAN_MIN_CYCLES);
        return -1;
    }
    if (o->glean_buffer < vm_glean_record_len(o->glean_info)) {
        snprintf(err, errsize, "--glean: a buffer of %" PRIu32 " bytes holds no record of %u",
                 o->glean_buffer, vm_glean_record_len(o->glean_info));
        return -1;
    }
    return 0;
}

/* ---- the windows ---------------------------------------------------------------- */

static uint32_t loaded(const struct symtab *s, uint32_t a)
{
    return (uint32_t)((int64_t)a + s->delta) & VM_ADDR_MASK;
}

/* The extent of everything the module loads: [lo, hi). */
static int program_extent(const struct symtab *s, uint32_t *lo, uint32_t *hi)
{
    const struct obj_module *m = s->m;
    uint32_t a = UINT32_MAX, b = 0;
    for (size_t i = 0; m && i < m->nesd; i++)
        if (m->esd[i].type == ESD_SD && m->esd[i].len) {
            uint32_t at = loaded(s, m->esd[i].addr);
            a = at < a ? at : a;
            b = at + m->esd[i].len > b ? at + m->esd[i].len : b;
        }
    if (a == UINT32_MAX)
        return -1;
    *lo = a;
    *hi = b;
    return 0;
}

/* A CSECT or a label: its start, and its end (a label: the next label of
 * its CSECT, or the CSECT's end). */
static int named(const struct symtab *s, const char *name, uint32_t *lo, uint32_t *hi)
{
    const struct obj_module *m = s->m;
    for (size_t i = 0; m && i < m->nesd; i++)
        if (m->esd[i].type == ESD_SD && strcasecmp(m->esd[i].name, name) == 0) {
            *lo = loaded(s, m->esd[i].addr);
            *hi = *lo + m->esd[i].len;
            return 0;
        }
    for (size_t i = 0; m && i < m->nsym; i++) {
        const struct obj_sym *y = &m->sym[i];
        if (strcasecmp(y->name, name) != 0)
            continue;
        const struct obj_esd *sd = obj_esd_by_id(m, y->esd);
        uint32_t end = sd ? sd->addr + sd->len : y->addr + 2;
        for (size_t j = 0; j < m->nsym; j++)
            if (m->sym[j].esd == y->esd && m->sym[j].addr > y->addr && m->sym[j].addr < end)
                end = m->sym[j].addr;
        *lo = loaded(s, y->addr);
        *hi = loaded(s, end);
        return 0;
    }
    return -1;
}

/* A bound: a name's start, or a hex address. */
static int bound(const struct symtab *s, const char *t, uint32_t *v)
{
    uint32_t hi;
    uint64_t x;
    if (named(s, t, v, &hi) == 0)
        return 0;
    if (parse_number_in(t, NUM_HEX, 0, VM_ADDR_MASK + 1u, &x) != 0)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

/* WHERE into [*lo, *hi): 0, -1 if a name or address is not found, -2 if
 * FROM:TO has TO below FROM, -3 if TO is FROM (an empty range). */
static int resolve(const struct symtab *s, const char *where, uint32_t *lo, uint32_t *hi)
{
    if (strcasecmp(where, "program") == 0)
        return program_extent(s, lo, hi);
    const char *colon = strchr(where, ':');
    if (!colon)
        return named(s, where, lo, hi);
    char a[64];
    size_t n = (size_t)(colon - where);
    if (n >= sizeof a)
        return -1;
    memcpy(a, where, n);
    a[n] = '\0';
    if (bound(s, a, lo) != 0 || bound(s, colon + 1, hi) != 0)
        return -1;
    return *lo > *hi ? -2 : *lo == *hi ? -3 : 0;
}

/* The message for resolve's failure rc of option opt's WHERE. */
static void where_error(const char *opt, const char *where, int rc, const struct symtab *s)
{
    if (rc == -2 || rc == -3)
        fprintf(stderr, "imprun: %s%s: %s: a range is FROM:TO, TO the first byte after "
                "it\n", opt, where, rc == -2 ? "TO is below FROM" : "TO is FROM (no byte)");
    else
        fprintf(stderr, "imprun: %s%s: no such CSECT, label or range in the program%s\n", opt,
                where, s->m ? "" : " (a core image has no symbols)");
}

/* ---- arming --------------------------------------------------------------------- */

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static uint32_t get32(struct vm *vm, uint32_t a)
{
    uint8_t b[4] = { 0 };
    vm_fetch_bytes(vm, a, b, 4);
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static void zero(struct vm *vm, uint32_t a, uint32_t n)
{
    static const uint8_t z[4096];
    while (n) {
        uint32_t k = n < sizeof z ? n : (uint32_t)sizeof z;
        vm_store_bytes(vm, a, z, k);
        a += k;
        n -= k;
    }
}

/* Take n bytes (8-aligned) below the area's bottom; 0 if storage ran out. */
static uint32_t take(struct imprun_mon *m, uint32_t n, uint32_t floor)
{
    n = (n + 7) & ~7u;
    if (m->lo < floor || m->lo - floor < n || m->top - m->lo + n > MAX_AREA)
        return 0;
    m->lo -= n;
    return m->lo;
}

/* What the enabling instruction `name' would do with the block at ea. */
static int op(struct run *r, const char *name, uint32_t ea, const char *what)
{
    int cc;
    const struct isa_insn *in = isa_by_name(name);
    int pic = in ? vm_monitor_op(r->vm, in->opcode, ea, &cc) : 1;
    if (pic)
        fprintf(stderr, "imprun: %s: the control block is not accepted (program interruption "
                "%04X)\n", what, (unsigned)pic);
    return pic ? -1 : 0;
}

static int by_start(const void *a, const void *b)
{
    const struct imprun_csect *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* --csm: the table of the first program's CSECTs (those with bytes),
 * sorted; 0, or -1 after a message. */
static int csm_table(struct run *r, uint32_t floor, uint8_t *blk)
{
    struct imprun_mon *m = &r->mon;
    const struct symtab *s = &r->tk[0].syms;
    const struct obj_module *mod = s->m;
    size_t n = 0;
    for (size_t i = 0; mod && i < mod->nesd; i++)
        n += mod->esd[i].type == ESD_SD && mod->esd[i].len;
    if (n == 0 || n > VM_CSM_MAX) {
        fprintf(stderr, "imprun: --csm: the program has %s CSECTs%s\n", n ? "too many" : "no",
                mod ? "" : " (a core image has no symbols)");
        return -1;
    }
    if (!(m->csects = calloc(n, sizeof *m->csects)))
        return -1;
    for (size_t i = 0; i < mod->nesd; i++)
        if (mod->esd[i].type == ESD_SD && mod->esd[i].len) {
            struct imprun_csect *c = &m->csects[m->ncsects++];
            c->lo = loaded(s, mod->esd[i].addr);
            c->hi = c->lo + mod->esd[i].len;
            c->name = mod->esd[i].name;
        }
    qsort(m->csects, m->ncsects, sizeof *m->csects, by_start);
    uint32_t table = take(m, m->ncsects * VM_CSM_ENTRY, floor);
    uint64_t blen = (uint64_t)r->o->csm_records * VM_CSM_RECORD;
    uint32_t buf = table && blen <= MAX_AREA ? take(m, (uint32_t)blen, floor) : 0;
    if (!buf) {
        fprintf(stderr, "imprun: --csm=%" PRIu32 ": its buffer (%" PRIu64 " bytes) does not "
                "fit in storage above the program (%u bytes of storage: --storage=16M gives the "
                "most room)\n", r->o->csm_records, blen, vm_storage_size(r->vm));
        return -1;
    }
    for (uint32_t i = 0; i < m->ncsects; i++) {
        uint8_t e[8];
        put32(e, m->csects[i].lo);
        put32(e + 4, m->csects[i].hi);
        vm_store_bytes(r->vm, table + 8 * i, e, sizeof e);
    }
    memset(blk, 0, VM_CSM_BLOCK);
    put32(blk, m->ncsects);
    put32(blk + 4, table);
    put32(blk + 8, buf);
    put32(blk + 12, (uint32_t)blen);
    put32(blk + 40, r->o->csm_data ? VM_CSM_DATA : 0);
    m->csm_buf = buf;
    return 0;
}

/*
 * --csm=per, --csm=csm: the same block, set up by ECSM (the current CSECT,
 * its bounds) and handed at once to the runtime's interrupt service
 * routine IMPPERI (DCSM: the microcode leaves it alone), which PER calls
 * on every successful branch (per) or on a way out of the bounds in
 * CR10..CR11 (csm, CR9 bit 4).  0, or -1 after a message.
 */
static int csm_isr(struct run *r)
{
    struct vm *vm = r->vm;
    if (r->ntasks > 1) {
        fprintf(stderr, "imprun: --csm=%s: the interrupt service routine serves one task\n",
                imprun_csm_method_name(r->o->csm_method));
        return -1;
    }
    if (op(r, "DCSM", 0, "--csm") != 0)
        return -1;
    uint8_t b[8];
    put32(b, (uint32_t)(VM_PSW_EC >> 32));
    put32(b + 4, IMPRUN_PERI_AT);
    vm_store_bytes(vm, 0x68, b, 8);                 /* the program new PSW */
    vm_store_bytes(vm, IMPRUN_PERI_AT, peri_code, sizeof peri_code);
    uint32_t lo = get32(vm, CSM_BLOCK_AT + 32), hi = get32(vm, CSM_BLOCK_AT + 36);  /* ECSM's */
    vm_set_cr(vm, 9, r->o->csm_method == CSM_PER ? VM_CR9_SB : VM_CR9_CSM);
    vm_set_cr(vm, 10, r->o->csm_method == CSM_PER ? 0 : lo);
    vm_set_cr(vm, 11, r->o->csm_method == CSM_PER ? VM_ADDR_MASK : hi - 1);
    vm_set_psw(vm, vm_get_psw(vm) | VM_PSW_PER);
    r->mon.csm_isr = 1;
    return 0;
}

void imprun_mon_free(struct run *r)
{
    free(r->mon.csects);
    r->mon.csects = NULL;
}

/*
 * --per: CR9 as given, CR10-11 the range (all of storage by default),
 * and the PER mask on in the starting PSW (a core image's restart PSW at
 * 0).  With no handler of the program's, the first event ends the run
 * with the report of interruption 0080 naming the event and the
 * instruction -- a watchpoint the architecture defines.
 */
static int per_arm(struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    uint32_t lo = 0, hi = VM_ADDR_MASK + 1;
    if (o->csm_records && o->csm_method != CSM_MICROCODE) {
        fprintf(stderr, "imprun: --per and --csm=%s both need PER\n",
                imprun_csm_method_name(o->csm_method));
        return -1;
    }
    int rc;
    if (o->per_range[0] && (rc = resolve(&r->tk[0].syms, o->per_range, &lo, &hi)) != 0) {
        where_error("--per=...,range=", o->per_range, rc, &r->tk[0].syms);
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

int imprun_mon_arm(struct run *r, uint32_t floor)
{
    const struct imprun_opts *o = r->o;
    struct imprun_mon *m = &r->mon;
    struct vm *vm = r->vm;
    const struct symtab *s = &r->tk[0].syms;
    if (o->per_cr9 && per_arm(r) != 0)
        return -1;
    m->top = m->lo = imprun_iifm_top(o, vm_storage_size(vm));
    if (!o->ias_period && !o->pcs_rate && !o->glean_info && !o->csm_records)
        return 0;
    uint8_t b[VM_IAS_HEADER + VM_IAS_MAX_WINDOWS * VM_IAS_WINDOW];
    if (o->ias_period) {
        int n = o->nias ? o->nias : 1;
        memset(b, 0, sizeof b);
        put32(b + 4, o->ias_period << 16 | (uint32_t)n);
        for (int i = 0; i < n; i++) {
            const char *where = o->nias ? o->ias_where[i] : "program";
            uint32_t blk = o->nias ? o->ias_block[i] : DEFAULT_BLOCK, lo, hi;
            int rc = resolve(s, where, &lo, &hi);
            if (rc != 0) {
                where_error("--ias-window=", where, rc, s);
                return -1;
            }
            uint64_t nb = ((uint64_t)hi - lo + blk - 1) / blk;
            uint32_t vec = nb <= MAX_AREA / 4 ? take(m, (uint32_t)nb * 4, floor) : 0;
            if (!vec) {
                fprintf(stderr, "imprun: --ias-window=%s: %" PRIu64 " blocks of %" PRIu32
                        " bytes do not fit in storage (a larger block size?)\n", where, nb, blk);
                return -1;
            }
            zero(vm, vec, (uint32_t)nb * 4);
            uint8_t *d = b + VM_IAS_HEADER + i * VM_IAS_WINDOW;
            put32(d, lo);
            put32(d + 4, hi);
            put32(d + 8, blk);
            put32(d + 12, vec);
            struct imprun_window *w = &m->win[i];
            w->lo = lo;
            w->hi = hi;
            w->block = blk;
            w->vec = vec;
            w->nblocks = (uint32_t)nb;
            snprintf(w->label, sizeof w->label, "%s", where);
        }
        m->nwin = n;
        vm_store_bytes(vm, IAS_BLOCK_AT, b, VM_IAS_HEADER + (size_t)n * VM_IAS_WINDOW);
        uint8_t cat[4];
        put32(cat, IAS_BLOCK_AT);
        vm_store_bytes(vm, VM_CAT + VM_CAT_IAS, cat, 4);
    }
    if (o->pcs_rate) {
        uint32_t t = take(m, o->pcs_slots * VM_PCS_ENTRY, floor);
        if (!t) {
            fprintf(stderr, "imprun: --pcs-slots=%" PRIu32 ": the table does not fit in "
                    "storage\n", o->pcs_slots);
            return -1;
        }
        memset(b, 0, VM_PCS_BLOCK);
        put32(b, o->pcs_rate);
        put32(b + 4, o->pcs_slots);
        put32(b + 8, t);
        vm_store_bytes(vm, PCS_BLOCK_AT, b, VM_PCS_BLOCK);
        m->pcs_table = t;
    }
    if (o->glean_info) {
        uint32_t buf = take(m, o->glean_buffer, floor);
        if (!buf) {
            fprintf(stderr, "imprun: --glean: a buffer of %" PRIu32 " bytes does not fit in "
                    "storage\n", o->glean_buffer);
            return -1;
        }
        memset(b, 0, VM_GLEAN_BLOCK);
        put32(b, o->glean_info << 16 | o->glean_n);
        b[4] = o->glean_insns ? VM_GLEAN_INSNS : 0;
        put32(b + 8, o->glean_every);
        put32(b + 12, buf);
        put32(b + 16, o->glean_buffer);
        vm_store_bytes(vm, GLEAN_BLOCK_AT, b, VM_GLEAN_BLOCK);
        m->glean_buf = buf;
    }
    if (o->csm_records) {
        if (csm_table(r, floor, b) != 0)
            return -1;
        vm_store_bytes(vm, CSM_BLOCK_AT, b, VM_CSM_BLOCK);
    }
    /* the area is the machine's: key 0, out of the program's region */
    uint32_t klo = m->lo & ~(VM_KEY_BLOCK - 1), khi = (m->top + VM_KEY_BLOCK - 1) &
                                                     ~(VM_KEY_BLOCK - 1);
    if (khi > vm_storage_size(vm))
        khi = vm_storage_size(vm);
    if (klo >= floor)
        vm_set_storage_key(vm, klo, khi - klo, 0);
    svc_limit_region(r->tk[0].svc, klo);    /* (task 1's address space) */
    if (o->ias_period && op(r, "EIAS", 0, "--ias") != 0)
        return -1;
    if (o->pcs_rate && op(r, "EPCS", PCS_BLOCK_AT, "--pcs") != 0)
        return -1;
    if (o->glean_info && op(r, "EGLN", GLEAN_BLOCK_AT, "--glean") != 0)
        return -1;
    if (o->csm_records && op(r, "ECSM", CSM_BLOCK_AT, "--csm") != 0)
        return -1;
    if (o->csm_records && o->csm_method != CSM_MICROCODE)
        return csm_isr(r);
    return 0;
}

/* ---- the summary ---------------------------------------------------------------- */

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static void cost(FILE *f, const char *name, struct vm *vm, enum vm_monitor w)
{
    struct vm_monitor_stats s;
    vm_monitor_stats(vm, w, &s);
    uint64_t cyc = vm_counters(vm)->cycles;
    fprintf(f, "%s: the monitor's microcode: %" PRIu64 " cycles in %" PRIu64 " entries, %.2f%% "
            "of the run's %" PRIu64 " cycles\n", name, s.cycles, s.entries, pct(s.cycles, cyc),
            cyc);
}

static const char *csect_name(const struct imprun_mon *m, unsigned k)
{
    return k < m->ncsects ? m->csects[k].name : "(none)";
}

/* --csm: the transitions, the calls and returns, the busiest pairs. */
static void csm_report(FILE *f, struct run *r)
{
    struct imprun_mon *m = &r->mon;
    struct vm *vm = r->vm;
    struct vm_monitor_stats s;
    vm_monitor_stats(vm, VM_MON_CSM, &s);
    uint32_t n = get32(vm, CSM_BLOCK_AT + 20), kinds[5] = { 0 };
    uint32_t nc = m->ncsects + 1;               /* the last row and column: no CSECT */
    uint32_t *mat = nc <= 256 ? calloc((size_t)nc * nc, sizeof *mat) : NULL;
    if (m->csm_isr)                             /* the routine's own indication */
        s.full = get32(vm, CSM_BLOCK_AT + 28) >> 31 != 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t a = m->csm_buf + i * VM_CSM_RECORD, ft = get32(vm, a), k = get32(vm, a + 4) >> 24;
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
    } else
        cost(f, "csm", vm, VM_MON_CSM);
}

void imprun_mon_report(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct imprun_mon *m = &r->mon;
    struct vm *vm = r->vm;
    struct vm_monitor_stats s;
    if (r->ntasks > 1)
        vm_select_task(vm, 1);              /* the monitors' storage is task 1's */
    if (o->ias_period) {
        vm_monitor_stats(vm, VM_MON_IAS, &s);
        fprintf(f, "ias: a sample every %" PRIu32 " cycles: %" PRIu64 " samples, %" PRIu32
                " in the wait state\n", o->ias_period, s.events, get32(vm, IAS_BLOCK_AT));
        for (int i = 0; i < m->nwin; i++) {
            const struct imprun_window *w = &m->win[i];
            uint64_t in = 0;
            uint32_t top = 0, topn = 0;
            for (uint32_t k = 0; k < w->nblocks; k++) {
                uint32_t n = get32(vm, w->vec + 4 * k);
                in += n;
                if (n > topn) {
                    topn = n;
                    top = k;
                }
            }
            uint32_t out = get32(vm, IAS_BLOCK_AT + VM_IAS_HEADER + i * VM_IAS_WINDOW + 16);
            fprintf(f, "ias: window %d %s (X'%06" PRIX32 "'-X'%06" PRIX32 "', %" PRIu32
                    " block%s of %" PRIu32 " bytes): %" PRIu64 " in it, %" PRIu32 " out of range",
                    i + 1, w->label, w->lo, w->hi, w->nblocks, w->nblocks == 1 ? "" : "s",
                    w->block, in, out);
            if (topn) {
                char where[160];
                uint32_t a = w->lo + top * w->block;
                if (sym_format(&r->tk[0].syms, a, where, sizeof where) != 0)
                    snprintf(where, sizeof where, "X'%06" PRIX32 "'", a);
                fprintf(f, "; busiest block %s, %.1f%%", where, pct(topn, in + out));
            }
            fputc('\n', f);
        }
        cost(f, "ias", vm, VM_MON_IAS);
    }
    if (o->pcs_rate) {
        vm_monitor_stats(vm, VM_MON_PCS, &s);
        fprintf(f, "pcs: %" PRIu32 " ticks per virtual second: %" PRIu32 " ticks, %" PRIu32
                " pairs in %" PRIu32 " slots, %" PRIu32 " ticks lost (table full)\n", o->pcs_rate,
                get32(vm, PCS_BLOCK_AT + 20), get32(vm, PCS_BLOCK_AT + 12), o->pcs_slots,
                get32(vm, PCS_BLOCK_AT + 16));
        cost(f, "pcs", vm, VM_MON_PCS);
    }
    if (o->glean_info) {
        char list[80];
        vm_monitor_stats(vm, VM_MON_GLEAN, &s);
        info_list(o->glean_info, list, sizeof list, "+");
        fprintf(f, "glean: %s every %" PRIu32 " %s, %u per trigger: %" PRIu32 " records of %u "
                "bytes%s\n", list, o->glean_every, o->glean_insns ? "instructions" : "cycles",
                o->glean_n, get32(vm, GLEAN_BLOCK_AT + 24), vm_glean_record_len(o->glean_info),
                s.full ? ", the buffer filled (gleaning ended)" : "");
        cost(f, "glean", vm, VM_MON_GLEAN);
    }
    if (o->csm_records)
        csm_report(f, r);
}

/* ---- the monitor data file (imp-profile(5)) ------------------------------------- */

static void opcode_text(unsigned d, char *buf, size_t size)
{
    snprintf(buf, size, d < 256 ? "%02X" : "B2%02X", d < 256 ? d : d - 256);
}

static void write_glean(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    struct vm_monitor_stats s;
    char list[80];
    vm_monitor_stats(vm, VM_MON_GLEAN, &s);
    info_list(o->glean_info, list, sizeof list, ",");
    uint32_t nrec = get32(vm, GLEAN_BLOCK_AT + 24), len = vm_glean_record_len(o->glean_info);
    fprintf(f, "glean info=%s every=%" PRIu32 " unit=%s n=%u size=%" PRIu32 " records=%" PRIu32
            " full=%d\n", list, o->glean_every, o->glean_insns ? "insns" : "cycles", o->glean_n,
            o->glean_buffer, nrec, s.full);
    for (uint32_t i = 0; i < nrec && (uint64_t)(i + 1) * len <= o->glean_buffer; i++) {
        uint32_t a = r->mon.glean_buf + i * len;
        uint32_t hdr = get32(vm, a);
        fprintf(f, "rec %" PRIu32 " burst=%" PRIu32, i, hdr & 0xFFFF);
        a += 4;
        if (o->glean_info & VM_GLEAN_IA) {
            fprintf(f, " ia=%" PRIX32, get32(vm, a));
            a += 4;
        }
        if (o->glean_info & VM_GLEAN_PSW) {
            fprintf(f, " psw=%08" PRIX32 ".%08" PRIX32, get32(vm, a), get32(vm, a + 4));
            a += 8;
        }
        if (o->glean_info & VM_GLEAN_GR) {
            fputs(" gr=", f);
            for (int g = 0; g < 16; g++, a += 4)
                fprintf(f, "%s%" PRIX32, g ? "," : "", get32(vm, a));
        }
        if (o->glean_info & VM_GLEAN_OP) {
            uint32_t opc = get32(vm, a);
            fprintf(f, opc > 0xFF ? " op=%04" PRIX32 : " op=%02" PRIX32, opc);
            a += 4;
        }
        if (o->glean_info & VM_GLEAN_CYCLES) {
            fprintf(f, " cycles=%" PRIu64, (uint64_t)get32(vm, a) << 32 | get32(vm, a + 4));
            a += 8;
        }
        if (o->glean_info & VM_GLEAN_TASK) {
            fprintf(f, " task=%" PRIu32, get32(vm, a));
            a += 4;
        }
        if (o->glean_info & VM_GLEAN_PAGEINS)
            fprintf(f, " pageins=%" PRIu32, get32(vm, a));
        fputc('\n', f);
    }
}

/* The load module, but its MOD records: the object files it was linked
 * from (temporary ones when imprun built it) say nothing impprof needs,
 * and the same run must give the same file. */
static void write_module(FILE *f, const struct obj_module *m)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return;
    obj_write_stream(m, mem);
    if (fclose(mem) != 0) {
        free(text);
        return;
    }
    for (char *line = text, *nl; line && *line; line = nl ? nl + 1 : NULL) {
        nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);
        if (strncmp(line, "MOD ", 4) != 0)
            fwrite(line, 1, n, f);
    }
    free(text);
}

void imprun_profile_write(FILE *f, struct run *r, enum vm_status st)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    const struct vm_counters *k = vm_counters(vm);
    if (r->ntasks > 1)
        vm_select_task(vm, 1);
    fprintf(f, "IMPPROF 1\n");
    fprintf(f, "run status=%s cycles=%" PRIu64 " instructions=%" PRIu64 " microwords=%" PRIu64
            "\n", vm_status_name(st), k->cycles, k->instructions, k->microwords);
    for (int t = 0; t < r->ntasks; t++) {
        struct vm_task_info ti;
        const char *name = strrchr(r->tk[t].name, '/');
        name = name ? name + 1 : r->tk[t].name;
        if (vm_task_info(vm, (unsigned)t + 1, &ti) != 0)
            memset(&ti, 0, sizeof ti);
        fprintf(f, "task %d cycles=%" PRIu64 " instructions=%" PRIu64 " name=", t + 1,
                ti.cpu_cycles, ti.instructions);
        for (const char *c = name; *c; c++)
            fputc(isspace((unsigned char)*c) || *c == '=' ? '_' : *c, f);
        fputc('\n', f);
        if (r->tk[t].have_mod) {
            if (r->tk[t].delta)
                fprintf(f, "module %d delta=%" PRId64 "\n", t + 1, r->tk[t].delta);
            else
                fprintf(f, "module %d\n", t + 1);
            write_module(f, &r->tk[t].mod);
        }
    }
    if (!o->core) {                     /* imprun's own code: the nucleus, the exit stub */
        static const struct { const char *name; uint32_t at, len; } sys[] = {
            { "NUCLEUS", IMPRUN_NUCLEUS, 8 }, { "EXITSTUB", IMPRUN_EXIT_STUB, 4 },
        };
        for (size_t i = 0; i < sizeof sys / sizeof sys[0]; i++) {
            uint8_t b[8];
            uint32_t n = sys[i].len;
            if (sys[i].at == IMPRUN_EXIT_STUB && !o->supervisor)
                n = 2;                  /* SVC 3 */
            vm_fetch_bytes(vm, sys[i].at, b, n);
            fprintf(f, "text %s %" PRIX32 " ", sys[i].name, sys[i].at);
            for (uint32_t j = 0; j < n; j++)
                fprintf(f, "%02X", b[j]);
            fputc('\n', f);
        }
    }
    for (unsigned d = 0; d < 512; d++)
        if (k->op_count[d]) {
            char opc[8];
            const char *mn = rep_op_name(d);
            opcode_text(d, opc, sizeof opc);
            fprintf(f, "exact %s %s %" PRIu64 " %" PRIu64 "\n", opc, mn ? mn : "?",
                    k->op_count[d], k->op_cycles[d]);
        }
    for (int w = 0; w < VM_MON_COUNT; w++) {
        int armed = w == VM_MON_IAS ? o->ias_period != 0 : w == VM_MON_PCS ? o->pcs_rate != 0
                  : w == VM_MON_GLEAN ? o->glean_info != 0 : o->csm_records != 0;
        struct vm_monitor_stats s;
        vm_monitor_stats(vm, (enum vm_monitor)w, &s);
        if (armed)
            fprintf(f, "monitor %s entries=%" PRIu64 " cycles=%" PRIu64 "\n",
                    vm_monitor_name((enum vm_monitor)w), s.entries, s.cycles);
    }
    if (o->ias_period) {
        struct vm_monitor_stats s;
        vm_monitor_stats(vm, VM_MON_IAS, &s);
        fprintf(f, "ias period=%" PRIu32 " samples=%" PRIu64 " wait=%" PRIu32 " windows=%d\n",
                o->ias_period, s.events, get32(vm, IAS_BLOCK_AT), r->mon.nwin);
        for (int i = 0; i < r->mon.nwin; i++) {
            const struct imprun_window *w = &r->mon.win[i];
            fprintf(f, "window %d low=%" PRIX32 " high=%" PRIX32 " block=%" PRIu32 " out=%" PRIu32
                    " task=1 label=", i + 1, w->lo, w->hi, w->block,
                    get32(vm, IAS_BLOCK_AT + VM_IAS_HEADER + i * VM_IAS_WINDOW + 16));
            for (const char *c = w->label; *c; c++)
                fputc(isspace((unsigned char)*c) ? '_' : *c, f);
            fputc('\n', f);
            for (uint32_t b = 0; b < w->nblocks; b++) {
                uint32_t n = get32(vm, w->vec + 4 * b);
                if (n)
                    fprintf(f, "count %d %" PRIu32 " %" PRIu32 "\n", i + 1, b, n);
            }
        }
    }
    if (o->pcs_rate) {
        fprintf(f, "pcs rate=%" PRIu32 " ticks=%" PRIu32 " lost=%" PRIu32 " slots=%" PRIu32
                " used=%" PRIu32 "\n", o->pcs_rate, get32(vm, PCS_BLOCK_AT + 20),
                get32(vm, PCS_BLOCK_AT + 16), o->pcs_slots, get32(vm, PCS_BLOCK_AT + 12));
        for (uint32_t i = 0; i < o->pcs_slots; i++) {
            uint32_t a = r->mon.pcs_table + VM_PCS_ENTRY * i, n = get32(vm, a);
            if (n) {
                uint32_t key = get32(vm, a + 4);
                fprintf(f, "sample %" PRIu32 " %" PRIX32 " %" PRIu32 "\n", key >> 24,
                        key & 0xFFFFFF, n);
            }
        }
    }
    if (o->glean_info)
        write_glean(f, r);
    if (o->csm_records) {
        struct vm_monitor_stats s;
        vm_monitor_stats(vm, VM_MON_CSM, &s);
        uint32_t n = get32(vm, CSM_BLOCK_AT + 20);
        if (r->mon.csm_isr) {
            struct vm_per_stats ps;
            vm_per_stats(vm, &ps);
            fprintf(f, "csm csects=%" PRIu32 " records=%" PRIu32 " full=%d method=%s interrupts=%"
                    PRIu64 "\n", r->mon.ncsects, n, get32(vm, CSM_BLOCK_AT + 28) >> 31 != 0,
                    imprun_csm_method_name(o->csm_method), ps.interrupts);
        } else
            fprintf(f, "csm csects=%" PRIu32 " records=%" PRIu32 " full=%d\n", r->mon.ncsects, n,
                    s.full);
        for (uint32_t i = 0; i < r->mon.ncsects; i++)
            fprintf(f, "csect %" PRIu32 " %" PRIX32 " %" PRIX32 " %s\n", i, r->mon.csects[i].lo,
                    r->mon.csects[i].hi, r->mon.csects[i].name);
        for (uint32_t i = 0; i < n && (uint64_t)(i + 1) * VM_CSM_RECORD <= (uint64_t)o->csm_records *
                                                                          VM_CSM_RECORD; i++) {
            uint32_t a = r->mon.csm_buf + i * VM_CSM_RECORD, ft = get32(vm, a), kt = get32(vm, a + 4);
            uint64_t cyc = (uint64_t)get32(vm, a + 8) << 32 | get32(vm, a + 12);
            fprintf(f, "tr %" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu64 "\n", ft >> 16,
                    ft & 0xFFFF, kt >> 24, kt >> 16 & 0xFF, cyc);
        }
    }
    if (o->iifm)
        imprun_iifm_profile(f, vm, o);
    fprintf(f, "end\n");
}
