/*
 * sec-glean.c -- processor-status gleaning's section of the profile
 * (imp-profile(5): glean, rec SEQ K=V ...) and its report: the gleaned
 * records, each field of the info mask a column.
 */
#include "section.h"

#include <inttypes.h>
#include <string.h>

#include "reader.h"

/* ------------------------------------------------------------ the records */

const char *prof_glean_key_name(enum prof_glean_key k)
{
    static const char *const names[] = {
#define X(e, key) key,
        PROF_GLEAN_KEYS(X)
#undef X
    };
    return (unsigned)k < GK_COUNT ? names[k] : "?";
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
                                     "pageins, cr, timer, key, uaddr", (int)(len > 24 ? 24 : len), v);
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
    r->sec_line[PROF_GLEAN] = r->lineno;
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

static void check(struct reader *r)
{
    struct profile *p = r->p;
    if (p->glean_records == p->nrecs)
        return;
    r->errors++;
    diag_report(r->d, DIAG_ERROR, r->name, r->sec_line[PROF_GLEAN], 0, NULL,
                "glean: records=%llu but %zu rec records follow",
                (unsigned long long)p->glean_records, p->nrecs);
}

/* ------------------------------------------------------------- the report */

static void glean_title(struct table *t, const struct profile *p)
{
    char info[80] = "";
    for (int k = 0; k < GK_COUNT; k++)
        if (p->glean_info & 1u << k)
            snprintf(info + strlen(info), sizeof info - strlen(info), "%s%s", *info ? "," : "",
                     prof_glean_key_name(k));
    tab_title(t, "glean: info=%s, every %" PRIu64 " %s, %" PRIu64 " record%s a trigger, "
                 "buffer %" PRIu64 " bytes, %" PRIu64 " record%s (%s)", info, p->glean_every,
              p->glean_insns ? "instructions" : "cycles", p->glean_n,
              p->glean_n == 1 ? "" : "s", p->glean_size, p->glean_records,
              p->glean_records == 1 ? "" : "s",
              p->glean_full ? "the buffer filled: later records were lost" : "the buffer did not fill");
}

static void build_glean(struct prof_report *r, const struct profile *p,
                        const struct prof_syms *s, const struct prof_opts *o)
{
    struct table *t = pr_new_table(r, "glean");
    if (!t)
        return;
    glean_title(t, p);
    unsigned has = p->glean_info;
    for (size_t i = 0; i < p->nrecs; i++)
        has |= p->recs[i].has & 1u << GK_BURST;
    int col[GK_COUNT + 1];
    tab_col(t, "seq", TAB_RIGHT | TAB_NUM);
    static const int order[] = { GK_BURST, GK_TASK, GK_IA, GK_OP, GK_PSW, GK_CYCLES,
                                 GK_PAGEINS, GK_KEY, GK_TIMER, GK_UADDR, GK_GR, GK_CR };
    int where_col = -1;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        int k = order[i];
        col[k] = -1;
        if (!(has & 1u << k))
            continue;
        col[k] = t->ncols;
        int num = k == GK_BURST || k == GK_TASK || k == GK_CYCLES || k == GK_PAGEINS ||
                  k == GK_KEY;
        tab_col(t, prof_glean_key_name(k), k == GK_GR || k == GK_CR ? TAB_WRAP
                                           : num ? TAB_RIGHT | TAB_NUM : TAB_LEFT);
        if (k == GK_IA) {
            where_col = t->ncols;
            tab_col(t, "where", TAB_LEFT);
            tab_col(t, "symbol", TAB_LEFT);
        }
    }
    size_t limit = o->top && o->top < p->nrecs ? (size_t)o->top : p->nrecs;
    for (size_t i = 0; i < limit; i++) {
        const struct prof_rec *x = &p->recs[i];
        size_t row = tab_row(t);
        pr_set_u64(t, row, 0, x->seq);
        if (col[GK_BURST] >= 0 && (x->has & 1u << GK_BURST))
            pr_set_u64(t, row, col[GK_BURST], x->burst);
        if (col[GK_TASK] >= 0 && (x->has & 1u << GK_TASK))
            pr_set_u64(t, row, col[GK_TASK], x->task);
        if (col[GK_IA] >= 0 && (x->has & 1u << GK_IA)) {
            struct prof_where w;
            tab_set(t, row, col[GK_IA], "%06X", (unsigned)x->ia);
            psym_where(s, p, x->has & 1u << GK_TASK ? x->task : 0, x->ia, &w, 1);
            tab_set(t, row, where_col, "%s", *w.csect ? w.csect : "?");
            tab_set(t, row, where_col + 1, "%s", w.symbol);
        }
        if (col[GK_OP] >= 0 && (x->has & 1u << GK_OP)) {
            char code[8];
            tab_set(t, row, col[GK_OP], "%s %s", pr_opcode_text(code, sizeof code, x->op),
                    prof_op_name(x->op));
        }
        if (col[GK_PSW] >= 0 && (x->has & 1u << GK_PSW))
            tab_set(t, row, col[GK_PSW], "%08X.%08X", (unsigned)x->psw[0], (unsigned)x->psw[1]);
        if (col[GK_CYCLES] >= 0 && (x->has & 1u << GK_CYCLES))
            pr_set_u64(t, row, col[GK_CYCLES], x->cycles);
        if (col[GK_PAGEINS] >= 0 && (x->has & 1u << GK_PAGEINS))
            pr_set_u64(t, row, col[GK_PAGEINS], x->pageins);
        if (col[GK_KEY] >= 0 && (x->has & 1u << GK_KEY))
            pr_set_u64(t, row, col[GK_KEY], x->key);
        if (col[GK_TIMER] >= 0 && (x->has & 1u << GK_TIMER))
            tab_set(t, row, col[GK_TIMER], "%08X", (unsigned)x->timer);
        if (col[GK_UADDR] >= 0 && (x->has & 1u << GK_UADDR))
            tab_set(t, row, col[GK_UADDR], "%08X", (unsigned)x->uaddr);
        /* the registers, 16 words each (a line of their own below the row) */
        for (int gk = GK_GR; gk == GK_GR || gk == GK_CR; gk = gk == GK_GR ? GK_CR : GK_COUNT) {
            if (col[gk] < 0 || !(x->has & 1u << gk))
                continue;
            const uint32_t *w = gk == GK_GR ? x->gr : x->cr;
            char g[16 * 9 + 1];
            size_t n = 0;
            for (int k = 0; k < 16; k++)
                n += (size_t)snprintf(g + n, sizeof g - n, "%s%08X", k ? " " : "", (unsigned)w[k]);
            tab_set(t, row, col[gk], "%s", g);
        }
    }
    if (limit < p->nrecs)
        tab_note(t, "(%zu more records not shown: --top=0 shows all)", p->nrecs - limit);
    if (p->nrecs == 0)
        tab_note(t, "no records");
}

/* Its member of --json's "settings": the header as it was recorded. */
static void settings_json(FILE *f, const struct profile *p)
{
    fputs("    \"glean\": {\"info\": [", f);
    for (int k = 0, n = 0; k < GK_COUNT; k++)
        if (p->glean_info & 1u << k)
            fprintf(f, "%s\"%s\"", n++ ? ", " : "", prof_glean_key_name(k));
    fprintf(f, "], \"every\": %" PRIu64 ", \"unit\": \"%s\", \"n\": %" PRIu64
               ", \"size\": %" PRIu64 ", \"records\": %" PRIu64 ", \"full\": %s}",
            p->glean_every, p->glean_insns ? "insns" : "cycles", p->glean_n, p->glean_size,
            p->glean_records, p->glean_full ? "true" : "false");
}

static int *has(struct profile *p) { return &p->has_glean; }

static const struct prof_record records[] = {
    { "glean", 1, rec_glean }, { "rec", 0, rec_rec },
    { NULL, 0, NULL },
};

const struct prof_sec prof_sec_glean = {
    .name = "glean",
    .help = "  --glean               the gleaned records\n",
    .records = records,
    .has = has,
    .settings_json = settings_json,
    .check = check,
    .build = build_glean,
};
