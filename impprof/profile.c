/*
 * profile.c -- the reader of the monitor data file (profile.h,
 * imp-profile(5)).
 *
 * The file is read line by line.  Each record names its section (a stage:
 * header, run, tasks, exact, monitor, ias, pcs, glean, iifm, end); a
 * record may not come from an earlier section than the one before it, and
 * a section's detail records (window, count, sample, rec, freq) need the
 * section's header.  A record is dropped at its first bad field, reported
 * at the field's column; after the last line the counts the headers
 * announced (windows=, used=, records=) are checked.  An embedded load
 * module is handed to the obj reader with the profile's line numbers.
 */
#include "profile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "readfile.h"
#include "reader.h"

#define PROF_ERR_MAX 50     /* errors reported before the reader gives up */

const char *prof_monitor_name(enum prof_monitor_id m)
{
    static const char *const names[] = {
#define HPM_SECTION(e, name) name,
#include "../vm/hpm/sections.def"
#undef HPM_SECTION
    };
    return (unsigned)m < PROF_NMON ? names[m] : "?";
}

const char *prof_glean_key_name(enum prof_glean_key k)
{
    static const char *const names[] = {
#define X(e, key) key,
        PROF_GLEAN_KEYS(X)
#undef X
    };
    return (unsigned)k < GK_COUNT ? names[k] : "?";
}

/* ----------------------------------------------------------- the records */

static int rec_run(struct reader *r)
{
    struct profile *p = r->p;
    const char *v;
    long n = rd_need_kv(r, "status", &v);
    if (n < 0)
        return -1;
    if ((size_t)n >= sizeof p->status)
        return rd_error_at(r, v, "status: too long");
    memcpy(p->status, v, (size_t)n);
    p->status[n] = '\0';
    if (rd_kv_dec(r, "cycles", &p->cycles) || rd_kv_dec(r, "instructions", &p->instructions) ||
        rd_kv_dec(r, "microwords", &p->microwords))
        return -1;
    return rd_end(r);
}

static int task_id(struct reader *r, const char *what, int zero_ok, unsigned *out)
{
    const char *s = r->cur + (r->cur > r->line);
    uint64_t id;
    if (rd_pos_dec(r, what, zero_ok ? 0 : 1, PROF_MAX_TASKS, &id) != 0)
        return -1;
    if (id && !r->p->tasks[id])
        return rd_error_at(r, s, "%s %u: no such task (no task record before)", what,
                           (unsigned)id);
    *out = (unsigned)id;
    return 0;
}

static int rec_task(struct reader *r)
{
    const char *s = r->cur + 1;
    uint64_t id;
    if (rd_pos_dec(r, "task id", 1, PROF_MAX_TASKS, &id) != 0)
        return -1;
    if (r->p->tasks[id])
        return rd_error_at(r, s, "task %u given twice", (unsigned)id);
    struct prof_task *t = calloc(1, sizeof *t);
    if (!t)
        return rd_nomem(r);
    r->p->tasks[id] = t;
    t->id = (unsigned)id;
    const char *v;
    long n;
    if (rd_kv_dec(r, "cycles", &t->cycles) || rd_kv_dec(r, "instructions", &t->instructions) ||
        (n = rd_need_kv(r, "name", &v)) < 0)
        return -1;
    if (n == 0)
        return rd_error_at(r, v, "name: empty");
    if (!(t->name = rd_dup_span(v, n)))
        return rd_nomem(r);
    return rd_end(r);
}

/* The first word of a line (after no blanks), for the module's extent. */
static int first_word_is(const char *s, const char *e, const char *w)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    size_t n = strlen(w);
    return (size_t)(e - s) >= n && memcmp(s, w, n) == 0 && (e - s == (long)n || s[n] == ' ' ||
                                                            s[n] == '\t' || s[n] == '\r');
}

static int is_profile_keyword(const char *s, const char *e);

/*
 * module ID, then the load module up to and including its END line (or
 * up to the next profile record, if END is missing: the obj reader then
 * says the module is truncated, at the right line).
 */
static int rec_module(struct reader *r)
{
    unsigned id;
    const char *s = r->cur + 1;
    if (task_id(r, "module's task", 0, &id) != 0)
        return -1;
    if (id == 0)
        return rd_error_at(r, s, "module 0: tasks are numbered from 1");
    struct prof_task *t = r->p->tasks[id];
    const char *v;
    long n = r->cur < r->eol ? rd_need_kv(r, "delta", &v) : 0;
    if (n < 0)
        return -1;
    if (n > 0) {                        /* delta=[-]DECIMAL: where it was loaded */
        uint64_t mag;
        int neg = *v == '-';
        if (rd_parse_dec(v + neg, n - neg, &mag) != 0 || mag > 0xFFFFFF)
            return rd_error_at(r, v, "delta: '%.*s' is not a load displacement (-16M to 16M)",
                               (int)(n > 24 ? 24 : n), v);
        t->delta = neg ? -(int64_t)mag : (int64_t)mag;
    }
    if (rd_end(r) != 0)
        return -1;
    if (t->has_module)
        return rd_error_at(r, s, "task %u's module given twice", id);
    /* Find the module's last line without moving the reader. */
    const char *nl0 = memchr(r->eol, '\n', (size_t)(r->end - r->eol));
    const char *start = nl0 ? nl0 + 1 : r->end;
    const char *q = start, *stop = start;
    int lines = 0;
    while (q < r->end) {
        const char *nl = memchr(q, '\n', (size_t)(r->end - q));
        const char *e = nl ? nl : r->end;
        if (lines > 0 && is_profile_keyword(q, e))
            break;
        lines++;
        stop = nl ? nl + 1 : r->end;
        if (first_word_is(q, e, "END"))
            break;
        q = stop;
    }
    struct obj_module m;
    int first = r->lineno + 1;
    int rc = obj_read_mem_at(&m, OBJ_LOAD, r->name, first, start, (size_t)(stop - start), r->d);
    /* Step over the module's lines. */
    for (int i = 0; i < lines; i++)
        rd_next_line(r);
    if (rc != 0) {
        r->errors++;
        return -1;
    }
    t->module = m;
    t->has_module = 1;
    t->module_line = first;
    return 0;
}

/* OPCODE MNEMONIC COUNT CYCLES into a new element of *v. */
static int op_record(struct reader *r, struct prof_op **v, size_t *n, const char *what)
{
    const char *s;
    long len = rd_need(r, "opcode", &s);
    unsigned opc;
    if (len < 0)
        return -1;
    if (rd_parse_opcode(s, len, &opc) != 0)
        return rd_error_at(r, s, "opcode '%.*s' is not 2 or 4 hex digits",
                           (int)(len > 24 ? 24 : len), s);
    for (size_t i = 0; i < *n; i++)
        if ((*v)[i].opcode == opc)
            return rd_error_at(r, s, "opcode %.*s given twice in the %s table", (int)len, s,
                               what);
    struct prof_op op = { .opcode = opc };
    if (rd_pos_token(r, "mnemonic", op.mnemonic, sizeof op.mnemonic) ||
        rd_pos_dec(r, "count", 1, UINT64_MAX, &op.count) ||
        rd_pos_dec(r, "cycles", 0, UINT64_MAX, &op.cycles) || rd_end(r))
        return -1;
    struct prof_op *e = rd_grow(v, n, sizeof op);
    if (!e)
        return rd_nomem(r);
    *e = op;
    return 0;
}

static int rec_exact(struct reader *r) { return op_record(r, &r->p->exact, &r->p->nexact, "exact"); }

static int rec_monitor(struct reader *r)
{
    const char *s;
    long n = rd_need(r, "monitor name", &s);
    if (n < 0)
        return -1;
    int m;
    for (m = 0; m < PROF_NMON; m++)
        if (strlen(prof_monitor_name(m)) == (size_t)n && !memcmp(s, prof_monitor_name(m), n))
            break;
    if (m == PROF_NMON) {
        char known[128] = "";
        for (int i = 0, k = 0; i < PROF_NMON && k < (int)sizeof known; i++)
            k += snprintf(known + k, sizeof known - (size_t)k, "%s%s", i == 0 ? ""
                          : i == PROF_NMON - 1 ? " or " : ", ", prof_monitor_name(i));
        return rd_error_at(r, s, "unknown monitor '%.*s' (%s)", (int)(n > 24 ? 24 : n), s,
                           known);
    }
    if (r->p->has_monitor[m])
        return rd_error_at(r, s, "monitor %s given twice", prof_monitor_name(m));
    r->p->has_monitor[m] = 1;
    if (rd_kv_dec(r, "entries", &r->p->mon_entries[m]) || rd_kv_dec(r, "cycles", &r->p->mon_cycles[m]))
        return -1;
    return rd_end(r);
}

static int rec_ias(struct reader *r)
{
    struct profile *p = r->p;
    r->ias_line = r->lineno;
    return rd_kv_dec_in(r, "period", 1, UINT64_MAX, &p->ias_period) ||
           rd_kv_dec(r, "samples", &p->ias_samples) || rd_kv_dec(r, "wait", &p->ias_wait) ||
           rd_kv_dec(r, "windows", &r->ias_windows) || rd_end(r) ? -1 : 0;
}

static int rec_window(struct reader *r)
{
    struct profile *p = r->p;
    const char *s = r->cur + 1;
    uint64_t k;
    if (rd_pos_dec(r, "window number", 1, UINT32_MAX, &k) != 0)
        return -1;
    if (k != p->nwindows + 1)
        return rd_error_at(r, s, "window %llu out of order (expected window %zu)",
                           (unsigned long long)k, p->nwindows + 1);
    struct prof_window w = { .k = (unsigned)k };
    const char *hs, *v;
    uint64_t block;
    long n;
    if (rd_kv_hex(r, "low", 8, &w.low))
        return -1;
    hs = r->cur + 1;
    if (rd_kv_hex(r, "high", 8, &w.high))
        return -1;
    if (w.high <= w.low)
        return rd_error_at(r, hs, "high=%X is not above low=%X", (unsigned)w.high,
                           (unsigned)w.low);
    if (rd_kv_dec_in(r, "block", 1, UINT32_MAX, &block) || rd_kv_dec(r, "out", &w.out))
        return -1;
    w.block = (uint32_t)block;
    const char *ts = r->cur + 1;
    uint64_t task;
    if (rd_kv_dec_in(r, "task", 0, PROF_MAX_TASKS, &task))
        return -1;
    if (task && !p->tasks[task])
        return rd_error_at(r, ts, "task=%u: no such task", (unsigned)task);
    w.task = (unsigned)task;
    if ((n = rd_need_kv(r, "label", &v)) < 0)
        return -1;
    if (n == 0)
        return rd_error_at(r, v, "label: empty (write - for none)");
    if (rd_end(r))
        return -1;
    if (!(w.label = rd_dup_span(v, n)))
        return rd_nomem(r);
    struct prof_window *e = rd_grow(&p->windows, &p->nwindows, sizeof w);
    if (!e) {
        free(w.label);
        return rd_nomem(r);
    }
    *e = w;
    return 0;
}

/* The number of blocks of window w. */
static uint64_t window_blocks(const struct prof_window *w)
{
    return ((uint64_t)w->high - w->low + w->block - 1) / w->block;
}

static int rec_count(struct reader *r)
{
    struct profile *p = r->p;
    const char *s = r->cur + 1;
    uint64_t k, idx, n;
    if (rd_pos_dec(r, "window number", 1, UINT32_MAX, &k) != 0)
        return -1;
    if (k > p->nwindows)
        return rd_error_at(r, s, "window %llu: no such window (no window record before)",
                           (unsigned long long)k);
    struct prof_window *w = &p->windows[k - 1];
    s = r->cur + 1;
    if (rd_pos_dec(r, "block index", 0, window_blocks(w) - 1, &idx) != 0)
        return -1;
    if (w->nblocks && w->blocks[w->nblocks - 1].index >= idx)
        return rd_error_at(r, s, "block %llu: the blocks of a window come once each, in "
                                 "increasing order", (unsigned long long)idx);
    if (rd_pos_dec(r, "count", 1, UINT64_MAX, &n) != 0 || rd_end(r) != 0)
        return -1;
    struct prof_block *b = rd_grow(&w->blocks, &w->nblocks, sizeof *b);
    if (!b)
        return rd_nomem(r);
    b->index = idx;
    b->count = n;
    return 0;
}

static int rec_pcs(struct reader *r)
{
    struct profile *p = r->p;
    r->pcs_line = r->lineno;
    return rd_kv_dec(r, "rate", &p->pcs_rate) || rd_kv_dec(r, "ticks", &p->pcs_ticks) ||
           rd_kv_dec(r, "lost", &p->pcs_lost) || rd_kv_dec(r, "slots", &p->pcs_slots) ||
           rd_kv_dec(r, "used", &p->pcs_used) || rd_end(r) ? -1 : 0;
}

static int rec_sample(struct reader *r)
{
    struct prof_sample smp;
    if (task_id(r, "sample's task", 1, &smp.task) || rd_pos_addr(r, "address", &smp.addr) ||
        rd_pos_dec(r, "count", 0, UINT64_MAX, &smp.count) || rd_end(r))
        return -1;
    struct prof_sample *e = rd_grow(&r->p->samples, &r->p->nsamples, sizeof smp);
    if (!e)
        return rd_nomem(r);
    *e = smp;
    return 0;
}

/* A key of PROF_GLEAN_KEYS named by s[0..n), or -1. */
static int glean_key(const char *s, long n)
{
    for (int k = 0; k < GK_COUNT; k++)
        if (strlen(prof_glean_key_name(k)) == (size_t)n && !memcmp(s, prof_glean_key_name(k), n))
            return k;
    return -1;
}

static int glean_info(struct reader *r, const char *v, long n, unsigned *mask)
{
    *mask = 0;
    const char *e = v + n;
    while (v <= e) {
        const char *c = memchr(v, ',', (size_t)(e - v));
        long len = (c ? c : e) - v;
        int k = glean_key(v, len);
        if (k < 0 || k == GK_BURST)
            return rd_error_at(r, v, "info: '%.*s' is none of ia, psw, gr, op, cycles, task, "
                                     "pageins", (int)(len > 24 ? 24 : len), v);
        if (*mask & 1u << k)
            return rd_error_at(r, v, "info: %s given twice", prof_glean_key_name(k));
        *mask |= 1u << k;
        v += len + 1;
    }
    return 0;
}

static int rec_glean(struct reader *r)
{
    struct profile *p = r->p;
    r->glean_line = r->lineno;
    const char *v;
    long n = rd_need_kv(r, "info", &v);
    uint64_t full;
    if (n < 0 || glean_info(r, v, n, &p->glean_info) != 0 ||
        rd_kv_dec_in(r, "every", 1, UINT64_MAX, &p->glean_every))
        return -1;
    if ((n = rd_need_kv(r, "unit", &v)) < 0)
        return -1;
    if (n == 5 && !memcmp(v, "insns", 5))
        p->glean_insns = 1;
    else if (!(n == 6 && !memcmp(v, "cycles", 6)))
        return rd_error_at(r, v, "unit: '%.*s' is not cycles or insns", (int)(n > 24 ? 24 : n), v);
    if (rd_kv_dec_in(r, "n", 1, UINT64_MAX, &p->glean_n) || rd_kv_dec(r, "size", &p->glean_size) ||
        rd_kv_dec(r, "records", &p->glean_records) || rd_kv_dec_in(r, "full", 0, 1, &full))
        return -1;
    p->glean_full = (int)full;
    return rd_end(r);
}

/* One K=V of a rec line into *x. */
static int rec_value(struct reader *r, int k, const char *v, long n, struct prof_rec *x)
{
    uint64_t u;
    const char *dot, *e = v + n;
    switch ((enum prof_glean_key)k) {
    case GK_IA:
        return rd_parse_hex(v, n, 8, &x->ia) ? rd_error_at(r, v, "ia: not 1 to 8 hex digits") : 0;
    case GK_PSW:
        dot = memchr(v, '.', (size_t)n);
        if (!dot || dot - v != 8 || e - dot != 9 || rd_parse_hex(v, 8, 8, &x->psw[0]) ||
            rd_parse_hex(dot + 1, 8, 8, &x->psw[1]))
            return rd_error_at(r, v, "psw: not HHHHHHHH.HHHHHHHH");
        return 0;
    case GK_GR:
    case GK_CR:
        for (int i = 0; i < 16; i++) {
            const char *c = memchr(v, ',', (size_t)(e - v));
            const char *w = c ? c : e;
            if ((i < 15 && !c) || (i == 15 && c) ||
                rd_parse_hex(v, w - v, 8, k == GK_GR ? &x->gr[i] : &x->cr[i]))
                return rd_error_at(r, v, "%s: not 16 words of 1 to 8 hex digits, "
                                         "separated by commas", prof_glean_key_name(k));
            v = w + 1;
        }
        return 0;
    case GK_TIMER:
    case GK_UADDR:
        return rd_parse_hex(v, n, 8, k == GK_TIMER ? &x->timer : &x->uaddr)
                   ? rd_error_at(r, v, "%s: not 1 to 8 hex digits", prof_glean_key_name(k)) : 0;
    case GK_KEY:
        if (rd_parse_dec(v, n, &u) || u > 15)
            return rd_error_at(r, v, "key: not a storage key (0 to 15)");
        x->key = (uint32_t)u;
        return 0;
    case GK_OP:
        return rd_parse_opcode(v, n, &x->op) ? rd_error_at(r, v, "op: not 2 or 4 hex digits") : 0;
    case GK_TASK:
        if (rd_parse_dec(v, n, &u) || u > PROF_MAX_TASKS)
            return rd_error_at(r, v, "task: not a task number (0 to 16)");
        x->task = (unsigned)u;
        return 0;
    case GK_BURST:
        if (rd_parse_dec(v, n, &x->burst) || x->burst >= r->p->glean_n)
            return rd_error_at(r, v, "burst: not an index below n=%llu",
                               (unsigned long long)r->p->glean_n);
        return 0;
    case GK_CYCLES:
    case GK_PAGEINS:
        if (rd_parse_dec(v, n, k == GK_CYCLES ? &x->cycles : &x->pageins))
            return rd_error_at(r, v, "%s: not a decimal count", prof_glean_key_name(k));
        return 0;
    case GK_COUNT:
        break;
    }
    return -1;
}

static int rec_rec(struct reader *r)
{
    struct profile *p = r->p;
    struct prof_rec x = { 0 };
    if (rd_pos_dec(r, "record number", p->nrecs, p->nrecs, &x.seq) != 0)
        return -1;
    const char *s;
    long n;
    while ((n = rd_field(r, &s)) > 0) {
        const char *eq = memchr(s, '=', (size_t)n);
        int k = eq ? glean_key(s, eq - s) : -1;
        if (k < 0)
            return rd_error_at(r, s, "'%.*s' is not K=V with a key of glean's info (or burst)",
                               (int)(n > 24 ? 24 : n), s);
        if (k != GK_BURST && !(p->glean_info & 1u << k))
            return rd_error_at(r, s, "%s: not in glean's info=", prof_glean_key_name(k));
        if (x.has & 1u << k)
            return rd_error_at(r, s, "%s given twice", prof_glean_key_name(k));
        x.has |= 1u << k;
        if (rec_value(r, k, eq + 1, n - (eq + 1 - s), &x) != 0)
            return -1;
    }
    if (n < 0)
        return -1;
    struct prof_rec *e = rd_grow(&p->recs, &p->nrecs, sizeof x);
    if (!e)
        return rd_nomem(r);
    *e = x;
    return 0;
}

static int iifm_flags(struct reader *r, const char *v, long n, unsigned *out)
{
    static const char *const names[] = { "problem", "supervisor", "slice" };
    *out = 0;
    if (n == 1 && *v == '-')
        return 0;
    const char *e = v + n;
    while (v <= e) {
        const char *c = memchr(v, ',', (size_t)(e - v));
        long len = (c ? c : e) - v;
        int k;
        for (k = 0; k < 3; k++)
            if (strlen(names[k]) == (size_t)len && !memcmp(v, names[k], len))
                break;
        if (k == 3)
            return rd_error_at(r, v, "flags: '%.*s' is none of problem, supervisor, slice",
                               (int)(len > 24 ? 24 : len), v);
        *out |= 1u << k;
        v += len + 1;
    }
    return 0;
}

static int rec_iifm(struct reader *r)
{
    struct profile *p = r->p;
    const char *v;
    long n;
    uint32_t pat, dc;
    if (rd_kv_hex(r, "pattern", 4, &pat) || rd_kv_hex(r, "dontcare", 4, &dc) ||
        (n = rd_need_kv(r, "flags", &v)) < 0 || iifm_flags(r, v, n, &p->iifm_flags) ||
        rd_kv_dec(r, "slice", &p->iifm_slice) || rd_kv_dec(r, "count", &p->iifm_count) ||
        rd_kv_dec(r, "cycles", &p->iifm_cycles))
        return -1;
    p->iifm_pattern = pat;
    p->iifm_dontcare = dc;
    return rd_end(r);
}

/* text NAME ADDR HEX: 1 to 256 bytes of code outside every module. */
static int rec_text(struct reader *r)
{
    struct prof_text x;
    memset(&x, 0, sizeof x);
    if (rd_pos_token(r, "text's name", x.name, sizeof x.name) != 0 ||
        rd_pos_addr(r, "text's address", &x.addr) != 0)
        return -1;
    const char *h;
    long n = rd_need(r, "text's bytes", &h);
    if (n < 0)
        return -1;
    if (n % 2 || n > 512)
        return rd_error_at(r, h, "text: 1 to 256 bytes, two hexadecimal digits each");
    if (rd_end(r) != 0)
        return -1;
    if (!(x.bytes = malloc((size_t)n / 2)))
        return rd_nomem(r);
    x.len = (size_t)n / 2;
    for (size_t i = 0; i < x.len; i++) {
        uint32_t b;
        if (rd_parse_hex(h + 2 * i, 2, 2, &b) != 0) {
            free(x.bytes);
            return rd_error_at(r, h + 2 * i, "text: '%.2s' is not a hexadecimal byte", h + 2 * i);
        }
        x.bytes[i] = (uint8_t)b;
    }
    if ((uint64_t)x.addr + x.len > 0x1000000u) {
        free(x.bytes);
        return rd_error_at(r, h, "text: the bytes go past the 24-bit address space");
    }
    struct prof_text *t = rd_grow(&r->p->texts, &r->p->ntexts, sizeof *t);
    if (!t) {
        free(x.bytes);
        return rd_nomem(r);
    }
    *t = x;
    return 0;
}

const char *const prof_csm_methods[PROF_CSM_NMETHODS] = { "microcode", "per", "csm" };

/* csm csects=N records=R full=0|1 [method=microcode|per|csm interrupts=K] */
static int rec_csm(struct reader *r)
{
    struct profile *p = r->p;
    uint64_t full;
    r->csm_line = r->lineno;
    if (rd_kv_dec_in(r, "csects", 1, 65535, &p->csm_ncsects) ||
        rd_kv_dec(r, "records", &p->csm_records) || rd_kv_dec_in(r, "full", 0, 1, &full))
        return -1;
    p->csm_full = (int)full;
    p->csm_method = PROF_CSM_MICROCODE;
    if (strncmp(r->cur, " method=", 8) == 0) {
        const char *v = r->cur + 8;
        size_t n = strcspn(v, " \n");
        int m = -1;
        for (int i = 0; i < PROF_CSM_NMETHODS; i++)
            if (strlen(prof_csm_methods[i]) == n && !strncmp(v, prof_csm_methods[i], n))
                m = i;
        if (m < 0)
            return rd_error_at(r, v, "method: '%.*s' is not microcode, per or csm",
                               (int)(n > 24 ? 24 : n), v);
        p->csm_method = m;
        r->cur = v + n;
        if (rd_kv_dec(r, "interrupts", &p->csm_interrupts))
            return -1;
    }
    return rd_end(r);
}

/* csect K LOW HIGH NAME: K = 0, 1, ... in order, sorted, not overlapping. */
static int rec_csect(struct reader *r)
{
    struct profile *p = r->p;
    const char *s = r->cur + 1;
    uint64_t k;
    struct prof_csect c;
    if (rd_pos_dec(r, "csect's index", 0, 65534, &k) != 0)
        return -1;
    if (k != p->ncsects)
        return rd_error_at(r, s, "csect %llu: expected csect %zu", (unsigned long long)k,
                           p->ncsects);
    if (rd_pos_addr(r, "csect's start", &c.low) != 0 || rd_pos_addr(r, "csect's end", &c.high) ||
        rd_pos_token(r, "csect's name", c.name, sizeof c.name) != 0 || rd_end(r) != 0)
        return -1;
    if (c.low >= c.high || c.high > 0x1000000u)
        return rd_error_at(r, s, "csect %llu: not a range of 24-bit addresses",
                           (unsigned long long)k);
    if (p->ncsects && c.low < p->csects[p->ncsects - 1].high)
        return rd_error_at(r, s, "csect %llu: before the end of the one above", (unsigned long long)k);
    struct prof_csect *n = rd_grow(&p->csects, &p->ncsects, sizeof *n);
    if (!n)
        return rd_nomem(r);
    *n = c;
    return 0;
}

/* A CSECT index of a transition: below csects, or 65535 (none). */
static int tr_index(struct reader *r, const char *what, unsigned *out)
{
    const char *s = r->cur + 1;
    uint64_t v;
    if (rd_pos_dec(r, what, 0, PROF_NO_CSECT, &v) != 0)
        return -1;
    if (v != PROF_NO_CSECT && v >= r->p->ncsects)
        return rd_error_at(r, s, "%s %llu: no such csect", what, (unsigned long long)v);
    *out = (unsigned)v;
    return 0;
}

/* tr FROM TO KIND TASK CYCLES */
static int rec_tr(struct reader *r)
{
    struct profile *p = r->p;
    struct prof_tr t;
    uint64_t kind, task;
    if (tr_index(r, "tr's from", &t.from) != 0 || tr_index(r, "tr's to", &t.to) != 0 ||
        rd_pos_dec(r, "tr's kind", 0, 4, &kind) != 0 ||
        rd_pos_dec(r, "tr's task", 0, PROF_MAX_TASKS, &task) != 0 ||
        rd_pos_dec(r, "tr's cycles", 0, UINT64_MAX, &t.cycles) != 0 || rd_end(r) != 0)
        return -1;
    t.kind = (unsigned)kind;
    t.task = (unsigned)task;
    struct prof_tr *n = rd_grow(&p->trs, &p->ntrs, sizeof *n);
    if (!n)
        return rd_nomem(r);
    *n = t;
    return 0;
}

static int rec_freq(struct reader *r) { return op_record(r, &r->p->freq, &r->p->nfreq, "freq"); }

static int rec_end(struct reader *r) { r->has_end = 1; return rd_end(r); }

/*
 * The records: keyword, section, whether it comes at most once (the
 * run, a section's header, end), parser.  A record of a section that is
 * not "once" is a detail record: it needs the section's header first.
 */
struct record_kind {
    const char *name;
    enum stage stage;
    int once;                       /* at most one */
    int (*parse)(struct reader *r);
};

static const struct record_kind record_kinds[] = {
    { "run", ST_RUN, 1, rec_run },
    { "task", ST_TASKS, 0, rec_task },
    { "module", ST_TASKS, 0, rec_module },
    { "text", ST_TASKS, 0, rec_text },
    { "exact", ST_EXACT, 0, rec_exact },
    { "monitor", ST_MONITOR, 0, rec_monitor },
    { "ias", ST_IAS, 1, rec_ias },
    { "window", ST_IAS, 0, rec_window },
    { "count", ST_IAS, 0, rec_count },
    { "pcs", ST_PCS, 1, rec_pcs },
    { "sample", ST_PCS, 0, rec_sample },
    { "glean", ST_GLEAN, 1, rec_glean },
    { "rec", ST_GLEAN, 0, rec_rec },
    { "csm", ST_CSM, 1, rec_csm },
    { "csect", ST_CSM, 0, rec_csect },
    { "tr", ST_CSM, 0, rec_tr },
    { "iifm", ST_IIFM, 1, rec_iifm },
    { "freq", ST_IIFM, 0, rec_freq },
    { "end", ST_END, 1, rec_end },
};
#define NKINDS (sizeof record_kinds / sizeof record_kinds[0])

static const struct record_kind *kind_of(const char *s, long n)
{
    for (size_t i = 0; i < NKINDS; i++)
        if (strlen(record_kinds[i].name) == (size_t)n && !memcmp(s, record_kinds[i].name, n))
            return &record_kinds[i];
    return NULL;
}

static int is_profile_keyword(const char *s, const char *e)
{
    const char *w = s;
    while (w < e && *w != ' ' && *w != '\r')
        w++;
    return kind_of(s, w - s) != NULL;
}

/* The header flag of a section: 1 once its header record was read. */
static int *section_flag(struct profile *p, enum stage st)
{
    switch (st) {
    case ST_IAS: return &p->has_ias;
    case ST_PCS: return &p->has_pcs;
    case ST_GLEAN: return &p->has_glean;
    case ST_CSM: return &p->has_csm;
    case ST_IIFM: return &p->has_iifm;
    default: return NULL;
    }
}

static const char *const stage_header[] = {
    [ST_IAS] = "ias", [ST_PCS] = "pcs", [ST_GLEAN] = "glean", [ST_CSM] = "csm",
    [ST_IIFM] = "iifm",
};

static void read_record(struct reader *r)
{
    const char *s;
    long n = rd_field(r, &s);
    if (n <= 0 || *s == '#')
        return;
    const struct record_kind *k = kind_of(s, n);
    if (!k) {
        rd_error_at(r, s, "unknown record '%.*s' (imp-profile version 1 knows run, task, "
                          "module, exact, monitor, ias, window, count, pcs, sample, glean, "
                          "rec, iifm, freq, end)", (int)(n > 24 ? 24 : n), s);
        return;
    }
    if (r->has_end) {
        rd_error_at(r, s, "record after end");
        return;
    }
    if (k->stage != ST_RUN && !r->has_run) {
        if (r->errors == 0)     /* else the run line was probably the bad one */
            rd_error_at(r, s, "expected the run record first");
        r->has_run = 1;         /* said once */
    }
    if (k->stage < r->stage) {
        rd_error_at(r, s, "'%s' out of order (records come in the order of imp-profile(5))",
                    k->name);
        return;
    }
    int *flag = section_flag(r->p, k->stage);
    if (k->once) {
        if (k->stage == ST_RUN ? r->has_run && r->stage >= ST_RUN : flag && *flag) {
            rd_error_at(r, s, "'%s' given twice", k->name);
            return;
        }
        if (flag)
            *flag = 1;          /* even if the header is bad: no cascade below */
        if (k->stage == ST_RUN)
            r->has_run = 1;
    } else if (flag && !*flag) {
        if (!(r->headless & 1u << k->stage))    /* once a section */
            rd_error_at(r, s, "'%s' before the '%s' record of its section", k->name,
                        stage_header[k->stage]);
        r->headless |= 1u << k->stage;
        return;
    }
    r->stage = k->stage;
    k->parse(r);
}

static int check_header(struct reader *r)
{
    while (rd_next_line(r)) {
        if (rd_check_text(r) != 0)
            return -1;
        if (rd_blank_line(r) || *r->line == '#')
            continue;
        const char *s;
        long n = rd_field(r, &s);
        if (n < 0)
            return -1;
        if (n != 7 || memcmp(s, "IMPPROF", 7) != 0)
            return rd_error_at(r, s, "not an IMP profile (expected 'IMPPROF 1')");
        n = rd_field(r, &s);
        if (n < 0)
            return -1;
        if (n != 1 || *s != '1')
            return rd_error_at(r, n ? s : r->eol, "unsupported profile version '%.*s' "
                               "(expected 1)", (int)(n > 8 ? 8 : n), n ? s : "");
        r->stage = ST_HEADER;
        return rd_end(r);
    }
    r->lineno = r->lineno ? r->lineno : 1;
    r->line = NULL;
    return rd_error_at(r, NULL, "empty file (expected 'IMPPROF 1')");
}

/* What the headers announced against what followed. */
static void check_counts(struct reader *r)
{
    struct profile *p = r->p;
    if (p->has_ias && r->ias_windows != p->nwindows) {
        r->errors++;
        diag_report(r->d, DIAG_ERROR, r->name, r->ias_line, 0, NULL,
                    "ias: windows=%llu but %zu window records follow",
                    (unsigned long long)r->ias_windows, p->nwindows);
    }
    if (p->has_pcs && p->pcs_used != p->nsamples) {
        r->errors++;
        diag_report(r->d, DIAG_ERROR, r->name, r->pcs_line, 0, NULL,
                    "pcs: used=%llu but %zu sample records follow",
                    (unsigned long long)p->pcs_used, p->nsamples);
    }
    if (p->has_csm && (p->csm_ncsects != p->ncsects || p->csm_records != p->ntrs)) {
        r->errors++;
        diag_report(r->d, DIAG_ERROR, r->name, r->csm_line, 0, NULL,
                    "csm: csects=%llu records=%llu but %zu csect and %zu tr records follow",
                    (unsigned long long)p->csm_ncsects, (unsigned long long)p->csm_records,
                    p->ncsects, p->ntrs);
    }
    if (p->has_glean && p->glean_records != p->nrecs) {
        r->errors++;
        diag_report(r->d, DIAG_ERROR, r->name, r->glean_line, 0, NULL,
                    "glean: records=%llu but %zu rec records follow",
                    (unsigned long long)p->glean_records, p->nrecs);
    }
}

int profile_parse(struct profile *p, const char *name, const char *text, size_t len,
                  struct diag *d)
{
    memset(p, 0, sizeof *p);
    struct reader r = { .p = p, .d = d, .name = name, .text = text, .end = text + len };
    if (check_header(&r) == 0) {
        while (r.errors < PROF_ERR_MAX && !d->capped && rd_next_line(&r))
            if (rd_check_text(&r) == 0 && !rd_blank_line(&r))
                read_record(&r);
        if (r.errors == 0 && !r.has_end) {
            r.errors++;
            diag_report(d, DIAG_ERROR, name, r.lineno + 1, 0, NULL,
                        "truncated profile: no end record");
        }
        if (r.errors == 0)
            check_counts(&r);
    }
    if (r.errors) {
        profile_free(p);
        return -1;
    }
    return 0;
}

int profile_read(struct profile *p, const char *path, struct diag *d)
{
    memset(p, 0, sizeof *p);
    char *buf;
    size_t n;
    if (read_file_reported(path, PROF_FILE_LIMIT, &buf, &n, d) != 0)
        return -1;
    int rc = profile_parse(p, path, buf, n, d);
    free(buf);
    return rc;
}

void profile_free(struct profile *p)
{
    for (int i = 0; i <= PROF_MAX_TASKS; i++) {
        struct prof_task *t = p->tasks[i];
        if (!t)
            continue;
        if (t->has_module)
            obj_free(&t->module);
        free(t->name);
        free(t);
    }
    for (size_t i = 0; i < p->nwindows; i++) {
        free(p->windows[i].label);
        free(p->windows[i].blocks);
    }
    free(p->windows);
    for (size_t i = 0; i < p->ntexts; i++)
        free(p->texts[i].bytes);
    free(p->texts);
    free(p->exact);
    free(p->samples);
    free(p->recs);
    free(p->csects);
    free(p->trs);
    free(p->freq);
    memset(p, 0, sizeof *p);
}

const struct prof_task *profile_task_module(const struct profile *p, unsigned id)
{
    if (id >= 1 && id <= PROF_MAX_TASKS)
        return p->tasks[id] && p->tasks[id]->has_module ? p->tasks[id] : NULL;
    const struct prof_task *only = NULL;
    for (int i = 1; i <= PROF_MAX_TASKS; i++) {
        if (!p->tasks[i] || !p->tasks[i]->has_module)
            continue;
        if (only)
            return p->tasks[1] && p->tasks[1]->has_module ? p->tasks[1] : NULL;
        only = p->tasks[i];
    }
    return only;
}
