/*
 * sec-pcs.c -- program-counter sampling's section of the profile
 * (imp-profile(5): pcs, sample TASK ADDR N) and its report: the top
 * addresses, the instruction types of the samples (by disassembly of
 * the task's module) against the machine's exact counts, the types of
 * each task (task, type, count) with their format class and class
 * (lib/isa.def), and the samples by class.
 */
#include "section.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "reader.h"

/* ------------------------------------------------------------ the records */

static int rec_pcs(struct reader *r)
{
    struct profile *p = r->p;
    r->sec_line[PROF_PCS] = r->lineno;
    return rd_kv_dec(r, "rate", &p->pcs_rate) || rd_kv_dec(r, "ticks", &p->pcs_ticks) ||
           rd_kv_dec(r, "lost", &p->pcs_lost) || rd_kv_dec(r, "slots", &p->pcs_slots) ||
           rd_kv_dec(r, "used", &p->pcs_used) || rd_end(r) ? -1 : 0;
}

static int rec_sample(struct reader *r)
{
    struct prof_sample smp;
    if (rd_task_id(r, "sample's task", 1, &smp.task) || rd_pos_addr(r, "address", &smp.addr) ||
        rd_pos_dec(r, "count", 0, UINT64_MAX, &smp.count) || rd_end(r))
        return -1;
    struct prof_sample *e = rd_grow(&r->p->samples, &r->p->nsamples, sizeof smp);
    if (!e)
        return rd_nomem(r);
    *e = smp;
    return 0;
}

static void check(struct reader *r)
{
    struct profile *p = r->p;
    if (p->pcs_used == p->nsamples)
        return;
    r->errors++;
    diag_report(r->d, DIAG_ERROR, r->name, r->sec_line[PROF_PCS], 0, NULL,
                "pcs: used=%llu but %zu sample records follow",
                (unsigned long long)p->pcs_used, p->nsamples);
}

/* ------------------------------------------------------------- the report */

static int by_count_desc(const void *a, const void *b)
{
    const struct prof_sample *x = a, *y = b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    if (x->task != y->task) return x->task < y->task ? -1 : 1;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static uint64_t sample_total(const struct profile *p)
{
    uint64_t n = 0;
    for (size_t i = 0; i < p->nsamples; i++)
        n += p->samples[i].count;
    return n;
}

static void build_pcs_top(struct prof_report *r, const struct profile *p,
                          const struct prof_syms *s, const struct prof_opts *o)
{
    struct table *t = pr_new_table(r, "pcs-top");
    if (!t)
        return;
    uint64_t total = sample_total(p);
    tab_title(t, "pcs: %" PRIu64 " samples at %" PRIu64 " ticks (rate %" PRIu64 "), %" PRIu64
                 " lost; %" PRIu64 " of %" PRIu64 " slots used", total, p->pcs_ticks,
              p->pcs_rate, p->pcs_lost, p->pcs_used, p->pcs_slots);
    tab_col(t, "task", TAB_RIGHT | TAB_NUM);
    tab_col(t, "address", TAB_LEFT);
    tab_col(t, "where", TAB_LEFT);
    tab_col(t, "symbol", TAB_LEFT);
    tab_col(t, "line", TAB_LEFT);
    tab_col(t, "count", TAB_RIGHT | TAB_NUM);
    tab_col(t, "%", TAB_RIGHT | TAB_NUM);
    tab_col(t, "source", TAB_LEFT);
    struct prof_sample *v = malloc((p->nsamples ? p->nsamples : 1) * sizeof *v);
    if (!v) {
        r->oom = 1;
        return;
    }
    memcpy(v, p->samples, p->nsamples * sizeof *v);
    qsort(v, p->nsamples, sizeof *v, by_count_desc);
    size_t limit = o->top && o->top < p->nsamples ? (size_t)o->top : p->nsamples;
    for (size_t i = 0; i < limit; i++) {
        struct prof_where w;
        size_t row = tab_row(t);
        pr_set_u64(t, row, 0, v[i].task);
        tab_set(t, row, 1, "%06X", (unsigned)v[i].addr);
        if (v[i].task == 0) {
            tab_set(t, row, 2, "(wait)");
        } else {
            psym_where(s, p, v[i].task, v[i].addr, &w, 1);
            tab_set(t, row, 2, "%s", *w.csect ? w.csect : "?");
            tab_set(t, row, 3, "%s", w.symbol);
            tab_set(t, row, 4, "%s", w.line);
            tab_set(t, row, 7, "%s", w.source);
        }
        pr_set_u64(t, row, 5, v[i].count);
        pr_set_pct(t, row, 6, v[i].count, total);
    }
    if (limit < p->nsamples)
        tab_note(t, "(%zu more addresses not shown: --top=0 shows all)", p->nsamples - limit);
    free(v);
}

/* One instruction type: sampled beside exact. */
struct optype {
    unsigned opcode;
    const char *name;
    uint64_t sampled, exact, cycles;
};

static struct optype *optype_find(struct optype **v, size_t *n, unsigned opcode)
{
    for (size_t i = 0; i < *n; i++)
        if ((*v)[i].opcode == opcode)
            return &(*v)[i];
    struct optype *nv = realloc(*v, (*n + 1) * sizeof *nv);
    if (!nv)
        return NULL;
    *v = nv;
    struct optype *e = &nv[(*n)++];
    memset(e, 0, sizeof *e);
    e->opcode = opcode;
    e->name = prof_op_name(opcode);
    return e;
}

static int by_sampled(const void *a, const void *b)
{
    const struct optype *x = a, *y = b;
    if (x->sampled != y->sampled) return x->sampled > y->sampled ? -1 : 1;
    if (x->exact != y->exact) return x->exact > y->exact ? -1 : 1;
    return x->opcode < y->opcode ? -1 : x->opcode > y->opcode;
}

static void build_pcs_types(struct prof_report *r, const struct profile *p,
                            const struct prof_opts *o)
{
    struct optype *v = NULL;
    size_t n = 0;
    uint64_t wait = 0, notext = 0, known = 0, exact_n = 0, exact_c = 0;
    for (size_t i = 0; i < p->nsamples; i++) {
        const struct prof_sample *sm = &p->samples[i];
        const struct prof_task *k = sm->task ? profile_task_module(p, sm->task) : NULL;
        unsigned opc;
        if (sm->task == 0) {
            wait += sm->count;
            continue;
        }
        if (prof_opcode_at(p, k, sm->addr, &opc) != 0) {
            notext += sm->count;
            continue;
        }
        struct optype *e = optype_find(&v, &n, opc);
        if (!e)
            goto oom;
        e->sampled += sm->count;
        known += sm->count;
    }
    for (size_t i = 0; i < p->nexact; i++) {
        struct optype *e = optype_find(&v, &n, p->exact[i].opcode);
        if (!e)
            goto oom;
        e->exact += p->exact[i].count;
        e->cycles += p->exact[i].cycles;
        e->name = p->exact[i].mnemonic;
        exact_n += p->exact[i].count;
        exact_c += p->exact[i].cycles;
    }
    if (n > 1)
        qsort(v, n, sizeof *v, by_sampled);
    struct table *t = pr_new_table(r, "pcs-types");
    if (!t)
        goto oom;
    tab_title(t, "pcs: instruction types of the sampled addresses (by disassembly) against "
                 "the exact counts");
    static const char *const cols[] = { "opcode", "mnemonic", "sampled", "sampled%", "exact",
                                        "exact%", "err", "cycles%", "cycles-err" };
    for (int c = 0; c < 9; c++)
        tab_col(t, cols[c], c < 2 ? TAB_LEFT : TAB_RIGHT | TAB_NUM);
    double tv_count = 0, tv_cycles = 0;
    for (size_t i = 0; i < n; i++) {
        double sp = pr_pct(v[i].sampled, known), ep = pr_pct(v[i].exact, exact_n),
               cp = pr_pct(v[i].cycles, exact_c);
        tv_count += fabs(sp - ep);
        tv_cycles += fabs(sp - cp);
        if (o->top && i >= o->top)
            continue;
        size_t row = tab_row(t);
        char code[8];
        tab_set(t, row, 0, "%s", pr_opcode_text(code, sizeof code, v[i].opcode));
        tab_set(t, row, 1, "%s", v[i].name);
        pr_set_u64(t, row, 2, v[i].sampled);
        pr_set_pct(t, row, 3, v[i].sampled, known);
        if (exact_n) {
            pr_set_u64(t, row, 4, v[i].exact);
            pr_set_pct(t, row, 5, v[i].exact, exact_n);
            tab_set(t, row, 6, "%+.2f", known ? sp - ep : 0.0);
            pr_set_pct(t, row, 7, v[i].cycles, exact_c);
            tab_set(t, row, 8, "%+.2f", known ? sp - cp : 0.0);
        } else {
            for (int c = 4; c < 9; c++)
                tab_set(t, row, c, "-");
        }
    }
    /* the samples no instruction type is known for, outside the comparison */
    const char *const apart[2] = { "?", "(wait)" };
    const uint64_t napart[2] = { notext, wait };
    for (int a = 0; a < 2; a++) {
        if (!napart[a])
            continue;
        size_t row = tab_row(t);
        tab_set(t, row, 0, "-");
        tab_set(t, row, 1, "%s", apart[a]);
        pr_set_u64(t, row, 2, napart[a]);
        for (int c = 3; c < 9; c++)
            tab_set(t, row, c, "-");
    }
    if (o->top && n > o->top)
        tab_note(t, "(%zu more types not shown: --top=0 shows all)", n - (size_t)o->top);
    tab_note(t, "samples: %" PRIu64 " of known instructions, %" PRIu64 " with no module text"
                " (?), %" PRIu64 " in the wait state", known, notext, wait);
    if (exact_n && known) {
        tab_note(t, "total error (sum |err| / 2, the total variation distance): %.2f points "
                    "against the counts, %.2f against the cycles", tv_count / 2, tv_cycles / 2);
        tab_note(t, "note: PC samples are time-weighted (an instruction that takes many "
                    "cycles is sampled more): they estimate the cycle share (cycles%%), not "
                    "the count share (exact%%)");
    } else if (!exact_n) {
        tab_note(t, "no exact counts in the profile: nothing to compare with");
    }
    free(v);
    return;
oom:
    free(v);
    r->oom = 1;
}

/* The instruction of opcode (0xNN, 0xB2NN): its format class and its
 * class (isa.def), or "?" for an opcode the table does not have. */
static const struct isa_insn *insn_of(unsigned opcode)
{
    return opcode > 0xFF ? isa_by_opcode((uint8_t)(opcode >> 8), (uint8_t)opcode)
                         : isa_by_opcode((uint8_t)opcode, 0);
}

static const char *format_class_of(unsigned opcode)
{
    const struct isa_insn *in = insn_of(opcode);
    return in ? isa_format_class((enum isa_format)in->format) : "?";
}

static const char *class_of(unsigned opcode)
{
    const struct isa_insn *in = insn_of(opcode);
    return in ? isa_class_name((enum isa_class)in->cls) : "?";
}

/* One task's samples by opcode (task 0: every task's); the samples with
 * no module text in *notext.  NULL and *n 0 on no memory (r->oom set). */
static struct optype *task_types(struct prof_report *r, const struct profile *p, unsigned task,
                                 size_t *n, uint64_t *known, uint64_t *notext)
{
    struct optype *v = NULL;
    *n = 0;
    *known = *notext = 0;
    for (size_t i = 0; i < p->nsamples; i++) {
        const struct prof_sample *sm = &p->samples[i];
        unsigned opc;
        if (sm->task == 0 || (task && sm->task != task))
            continue;
        if (prof_opcode_at(p, profile_task_module(p, sm->task), sm->addr, &opc) != 0) {
            *notext += sm->count;
            continue;
        }
        struct optype *e = optype_find(&v, n, opc);
        if (!e) {
            free(v);
            *n = 0;
            r->oom = 1;
            return NULL;
        }
        e->sampled += sm->count;
        *known += sm->count;
    }
    return v;
}

/*
 * The samples of each task by instruction type, as (task, instruction
 * type, count): each type with its format class and its class beside
 * its mnemonic, its share of the task's samples of known instructions.
 */
static void build_pcs_tasks(struct prof_report *r, const struct profile *p,
                            const struct prof_opts *o)
{
    struct table *t = pr_new_table(r, "pcs-tasks");
    if (!t)
        return;
    tab_title(t, "pcs: instruction types by task (task, type, samples)");
    static const char *const cols[] = { "task", "opcode", "mnemonic", "format", "class",
                                        "sampled", "task%" };
    for (int c = 0; c < 7; c++)
        tab_col(t, cols[c], c == 0 || c >= 5 ? TAB_RIGHT | TAB_NUM : TAB_LEFT);
    for (unsigned id = 1; id <= PROF_MAX_TASKS; id++) {
        size_t n;
        uint64_t known, notext;
        struct optype *v = task_types(r, p, id, &n, &known, &notext);
        if (r->oom)
            return;
        if (n > 1)
            qsort(v, n, sizeof *v, by_sampled);
        for (size_t i = 0; i < n && (!o->top || i < o->top); i++) {
            size_t row = tab_row(t);
            char code[8];
            pr_set_u64(t, row, 0, id);
            tab_set(t, row, 1, "%s", pr_opcode_text(code, sizeof code, v[i].opcode));
            tab_set(t, row, 2, "%s", v[i].name);
            tab_set(t, row, 3, "%s", format_class_of(v[i].opcode));
            tab_set(t, row, 4, "%s", class_of(v[i].opcode));
            pr_set_u64(t, row, 5, v[i].sampled);
            pr_set_pct(t, row, 6, v[i].sampled, known);
        }
        if (o->top && n > o->top)
            tab_note(t, "(task %u: %zu more types not shown: --top=0 shows all)", id,
                     n - (size_t)o->top);
        if (notext)
            tab_note(t, "task %u: %" PRIu64 " samples with no module text", id, notext);
        free(v);
    }
}

/* The classes of one group (format or function), by name. */
struct class_group {
    const char *group;
    const char *const *names;
    size_t n;
    const char *(*of)(unsigned opcode);
};

static const char *const format_classes[] = { "RR", "RX", "RS", "SI", "S", "SS" };
static const char *const function_classes[] = {
#define X(e, name) name,
    ISA_CLASSES(X)
#undef X
};

/* The rows of one task (0: the whole run, beside the exact counts). */
static void class_rows(struct table *t, const struct class_group *g, unsigned task,
                       const struct optype *v, size_t n, uint64_t known, const struct profile *p)
{
    uint64_t exact_n = 0, exact_c = 0;
    for (size_t i = 0; i < p->nexact; i++) {
        exact_n += p->exact[i].count;
        exact_c += p->exact[i].cycles;
    }
    for (size_t k = 0; k < g->n; k++) {
        uint64_t s = 0, e = 0, c = 0;
        for (size_t i = 0; i < n; i++)
            if (strcmp(g->of(v[i].opcode), g->names[k]) == 0)
                s += v[i].sampled;
        for (size_t i = 0; i < p->nexact; i++)
            if (strcmp(g->of(p->exact[i].opcode), g->names[k]) == 0) {
                e += p->exact[i].count;
                c += p->exact[i].cycles;
            }
        size_t row = tab_row(t);
        if (task)
            pr_set_u64(t, row, 0, task);
        else
            tab_set(t, row, 0, "all");
        tab_set(t, row, 1, "%s", g->group);
        tab_set(t, row, 2, "%s", g->names[k]);
        pr_set_u64(t, row, 3, s);
        pr_set_pct(t, row, 4, s, known);
        if (task || !exact_n) {
            for (int col = 5; col < 9; col++)
                tab_set(t, row, col, "-");
            continue;
        }
        pr_set_u64(t, row, 5, e);
        pr_set_pct(t, row, 6, e, exact_n);
        tab_set(t, row, 7, "%+.2f", known ? pr_pct(s, known) - pr_pct(e, exact_n) : 0.0);
        pr_set_pct(t, row, 8, c, exact_c);
    }
}

/*
 * The samples by class: the format classes (RR, RX, RS, SI, S, SS) and
 * the classes of what the instructions do (load ... control), for the
 * whole run beside the exact counts, then for each task when more than
 * one was sampled.
 */
static void build_pcs_classes(struct prof_report *r, const struct profile *p)
{
    static const struct class_group groups[2] = {
        { "format", format_classes, sizeof format_classes / sizeof *format_classes,
          format_class_of },
        { "function", function_classes, sizeof function_classes / sizeof *function_classes,
          class_of },
    };
    struct table *t = pr_new_table(r, "pcs-classes");
    if (!t)
        return;
    tab_title(t, "pcs: the sampled instructions by class (isa.def's format and class)");
    static const char *const cols[] = { "task", "group", "class", "sampled", "sampled%",
                                        "exact", "exact%", "err", "cycles%" };
    for (int c = 0; c < 9; c++)
        tab_col(t, cols[c], c == 1 || c == 2 ? TAB_LEFT : TAB_RIGHT | TAB_NUM);
    unsigned sampled_tasks = 0;
    for (unsigned id = 1; id <= PROF_MAX_TASKS; id++)
        for (size_t i = 0; i < p->nsamples; i++)
            if (p->samples[i].task == id) {
                sampled_tasks++;
                break;
            }
    for (unsigned id = 0; id <= PROF_MAX_TASKS; id++) {
        if (id && sampled_tasks < 2)
            break;
        size_t n;
        uint64_t known, notext;
        struct optype *v = task_types(r, p, id, &n, &known, &notext);
        if (r->oom)
            return;
        if (id && !known) {
            free(v);
            continue;
        }
        for (int g = 0; g < 2; g++)
            class_rows(t, &groups[g], id, v, n, known, p);
        free(v);
    }
    tab_note(t, "sampled%%: of the samples of known instructions (of the task); exact%%, "
                "err, cycles%%: the whole run's exact counts, as in pcs-types");
}

static void build(struct prof_report *r, const struct profile *p, const struct prof_syms *s,
                  const struct prof_opts *o)
{
    build_pcs_top(r, p, s, o);
    build_pcs_types(r, p, o);
    build_pcs_tasks(r, p, o);
    build_pcs_classes(r, p);
}

/* Its member of --json's "settings": the header as it was recorded. */
static void settings_json(FILE *f, const struct profile *p)
{
    fprintf(f, "    \"pcs\": {\"rate\": %" PRIu64 ", \"ticks\": %" PRIu64
               ", \"lost\": %" PRIu64 ", \"slots\": %" PRIu64 ", \"used\": %" PRIu64 "}",
            p->pcs_rate, p->pcs_ticks, p->pcs_lost, p->pcs_slots, p->pcs_used);
}

/* --svg: the samples by address, the largest first (--top of them). */
static int can_plot(const struct profile *p) { return p->has_pcs; }

static int plot(struct prof_bars *b, char *title, size_t size, const struct profile *p,
                const struct prof_syms *s, const struct prof_opts *o, const char **why)
{
    snprintf(title, size, "PC samples by address");
    for (size_t i = 0; i < p->nsamples && !b->oom; i++) {
        const struct prof_sample *sm = &p->samples[i];
        struct prof_where w;
        char label[112];
        if (sm->task == 0) {
            snprintf(label, sizeof label, "%06X (wait)", (unsigned)sm->addr);
        } else {
            psym_where(s, p, sm->task, sm->addr, &w, 0);
            snprintf(label, sizeof label, "%u:%06X %s", sm->task, (unsigned)sm->addr,
                     *w.symbol ? w.symbol : w.csect);
        }
        pr_bars_add(b, label, sm->count);
    }
    pr_bars_sort(b);
    if (o->top && b->n > o->top)
        b->n = (size_t)o->top;
    return 0;
}

static int *has(struct profile *p) { return &p->has_pcs; }

static const struct prof_record records[] = {
    { "pcs", 1, rec_pcs }, { "sample", 0, rec_sample },
    { NULL, 0, NULL },
};

const struct prof_sec prof_sec_pcs = {
    .name = "pcs",
    .help = "  --pcs                 PC samples: top addresses, and the instruction types\n"
    "                        of the samples against the machine's exact counts,\n"
    "                        by task and by class\n",
    .records = records,
    .has = has,
    .settings_json = settings_json,
    .can_plot = can_plot,
    .plot = plot,
    .plot_none = "no PC samples",
    .plot_none_also = "no PC samples",
    .plot_have = "PC samples",
    .check = check,
    .build = build,
};
