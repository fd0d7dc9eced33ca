/*
 * export.c -- the reports in forms other programs read: CSV and JSON
 * (the tables of report.c), an SVG bar chart written by hand, the
 * callgrind format (callgrind_annotate, KCachegrind) and folded stacks
 * (flamegraph.pl).
 *
 * The callgrind file follows valgrind's "Callgrind Format Specification":
 *
 *   # callgrind format
 *   version: 1
 *   creator: impprof VERSION
 *   positions: line
 *   events: Samples
 *   summary: TOTAL
 *
 *   fl=SOURCE FILE
 *   fn=LABEL (or CSECT)
 *   LINE COST
 */
#include "section.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"     /* json_quote */

/* ------------------------------------------------------------------ CSV */

/* A cell, quoted if it holds a comma, a quote or blanks at its ends. */
static void csv_cell(FILE *f, const char *s)
{
    size_t n = strlen(s);
    if (!strpbrk(s, ",\"\n") && (n == 0 || (s[0] != ' ' && s[n - 1] != ' '))) {
        fputs(s, f);
        return;
    }
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            putc('"', f);
        putc(*s, f);
    }
    putc('"', f);
}

void export_csv(FILE *f, const struct prof_report *r)
{
    int first = 1;
    for (size_t i = 0; i < r->ntabs; i++) {
        const struct table *t = &r->tabs[i];
        if (t->ncols == 0)
            continue;
        if (!first)
            putc('\n', f);
        first = 0;
        fputs("table", f);
        for (int c = 0; c < t->ncols; c++) {
            putc(',', f);
            csv_cell(f, t->cols[c].name);
        }
        putc('\n', f);
        for (size_t row = 0; row < t->nrows; row++) {
            csv_cell(f, t->name);
            for (int c = 0; c < t->ncols; c++) {
                putc(',', f);
                /* a number that is not there: an empty cell, as JSON's null
                   (the text's "-" would make the column text in a sheet) */
                const char *v = tab_get(t, row, c);
                if (!((t->cols[c].flags & TAB_NUM) && !strcmp(v, "-")))
                    csv_cell(f, v);
            }
            putc('\n', f);
        }
    }
}

/* ----------------------------------------------------------------- JSON */

/* s as a JSON number (an optional minus, digits, an optional fraction;
   a leading + dropped), or NULL if it is none: numeric cells are written
   as numbers. */
static const char *json_number(const char *s)
{
    const char *n = *s == '+' ? s + 1 : s;
    const char *q = *n == '-' ? n + 1 : n;
    if (*q < '0' || *q > '9' || (q[0] == '0' && q[1] >= '0' && q[1] <= '9'))
        return NULL;
    while (*q >= '0' && *q <= '9')
        q++;
    if (*q == '.') {
        q++;
        if (*q < '0' || *q > '9')
            return NULL;
        while (*q >= '0' && *q <= '9')
            q++;
    }
    return *q ? NULL : n;
}

static void json_table(FILE *f, const struct table *t)
{
    fputs("    {\n      \"name\": ", f);
    json_quote(f, t->name);
    fputs(",\n      \"title\": ", f);
    if (t->title)
        json_quote(f, t->title);
    else
        fputs("null", f);
    fputs(",\n      \"columns\": [", f);
    for (int c = 0; c < t->ncols; c++) {
        fputs(c ? ", " : "", f);
        json_quote(f, t->cols[c].name);
    }
    fputs("],\n      \"rows\": [", f);
    for (size_t row = 0; row < t->nrows; row++) {
        fputs(row ? ",\n        {" : "\n        {", f);
        for (int c = 0; c < t->ncols; c++) {
            const char *v = tab_get(t, row, c), *num;
            fputs(c ? ", " : "", f);
            json_quote(f, t->cols[c].name);
            fputs(": ", f);
            if ((t->cols[c].flags & TAB_NUM) && (num = json_number(v)))
                fputs(num, f);
            else if ((t->cols[c].flags & TAB_NUM) && (!*v || !strcmp(v, "-")))
                fputs("null", f);
            else
                json_quote(f, v);
        }
        putc('}', f);
    }
    fputs(t->nrows ? "\n      ],\n      \"notes\": [" : "],\n      \"notes\": [", f);
    for (size_t i = 0; i < t->nnotes; i++) {
        fputs(i ? ",\n        " : "\n        ", f);
        json_quote(f, t->notes[i]);
    }
    fputs(t->nnotes ? "\n      ]\n    }" : "]\n    }", f);
}

/* The sections' headers as they were recorded: "settings": {...}. */
static void json_settings(FILE *f, const struct profile *p)
{
    fputs("  \"settings\": {", f);
    const char *sep = "\n";
    for (int m = 0; m < PROF_NMON; m++)
        if (p->has_monitor[m]) {
            fprintf(f, "%s    \"monitor-%s\": {\"entries\": %" PRIu64 ", \"cycles\": %" PRIu64
                       "}", sep, prof_monitor_name(m), p->mon_entries[m], p->mon_cycles[m]);
            sep = ",\n";
        }
    for (int m = 0; m < PROF_NMON; m++)
        if (prof_sections[m]->settings_json && *prof_sections[m]->has((struct profile *)p)) {
            fputs(sep, f);
            prof_sections[m]->settings_json(f, p);
            sep = ",\n";
        }
    fputs(*sep == ',' ? "\n  },\n" : "},\n", f);
}

void export_json(FILE *f, const struct profile *p, const struct prof_report *r)
{
    fputs("{\n  \"format\": \"imp-profile 1\",\n  \"run\": {\"status\": ", f);
    json_quote(f, p->status);
    fprintf(f, ", \"cycles\": %" PRIu64 ", \"instructions\": %" PRIu64 ", \"microwords\": %"
               PRIu64 "},\n  \"tasks\": [", p->cycles, p->instructions, p->microwords);
    int n = 0;
    for (int i = 1; i <= PROF_MAX_TASKS; i++) {
        const struct prof_task *t = p->tasks[i];
        if (!t)
            continue;
        fprintf(f, "%s\n    {\"id\": %u, \"name\": ", n++ ? "," : "", t->id);
        json_quote(f, t->name);
        fprintf(f, ", \"cycles\": %" PRIu64 ", \"instructions\": %" PRIu64
                   ", \"module\": %s}", t->cycles, t->instructions,
                t->has_module ? "true" : "false");
    }
    fputs(n ? "\n  ],\n  \"sections\": [" : "],\n  \"sections\": [", f);
    n = 0;
    for (int s = 0; s < SEC_COUNT; s++)
        if (report_present(p, s)) {
            fputs(n++ ? ", " : "", f);
            json_quote(f, report_section_name(s));
        }
    fputs("],\n", f);
    json_settings(f, p);
    fputs("  \"tables\": [", f);
    for (size_t i = 0; i < r->ntabs; i++) {
        fputs(i ? ",\n" : "\n", f);
        json_table(f, &r->tabs[i]);
    }
    fputs(r->ntabs ? "\n  ]\n}\n" : "]\n}\n", f);
}

/* ------------------------------------------------------------------ SVG */

static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: putc(*s, f);
        }
    }
}

/* A horizontal bar chart: one bar a row, its label at the left, its
   value at its right end. */
static void svg_chart(FILE *f, const char *title, const struct prof_bars *b)
{
    const int left = 260, width = 480, row = 18, top = 40;
    uint64_t max = 1;
    for (size_t i = 0; i < b->n; i++)
        if (b->v[i].value > max)
            max = b->v[i].value;
    int h = top + (int)b->n * row + 20;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"12\">\n",
            left + width + 100, h, left + width + 100, h);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fputs("<text x=\"10\" y=\"22\" font-size=\"14\" font-weight=\"bold\">", f);
    xml_text(f, title);
    fputs("</text>\n", f);
    for (size_t i = 0; i < b->n; i++) {
        int y = top + (int)i * row;
        int w = (int)((double)width * (double)b->v[i].value / (double)max + 0.5);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", left - 6, y + 12);
        xml_text(f, b->v[i].label);
        fprintf(f, "</text>\n<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                   "fill=\"#4a7ab5\"/>\n", left, y + 2, w, row - 4);
        fprintf(f, "<text x=\"%d\" y=\"%d\">%" PRIu64 "</text>\n", left + w + 4, y + 12,
                b->v[i].value);
    }
    fputs("</svg>\n", f);
}

/* The section --plot=NAME names, if it draws. */
static const struct prof_sec *plot_section(const char *plot)
{
    for (int m = 0; m < PROF_NMON; m++)
        if (prof_sections[m]->plot && !strcmp(prof_sections[m]->name, plot))
            return prof_sections[m];
    return NULL;
}

const char *export_svg_plot(const struct profile *p)
{
    const char *first = NULL;
    for (int m = 0; m < PROF_NMON; m++)
        if (prof_sections[m]->plot) {
            if (prof_sections[m]->can_plot(p))
                return prof_sections[m]->name;
            if (!first)
                first = prof_sections[m]->name;
        }
    return first ? first : "?";
}

int export_plot_known(const char *plot, char *list, size_t size)
{
    int n = 0, k = 0;
    for (int m = 0; m < PROF_NMON; m++)
        n += prof_sections[m]->plot != NULL;
    list[0] = '\0';
    for (int m = 0, i = 0; m < PROF_NMON; m++)
        if (prof_sections[m]->plot && (size_t)k < size)
            k += snprintf(list + k, size - (size_t)k, "%s%s", i++ == 0 ? "" : i == n ? " or " : ", ",
                          prof_sections[m]->name);
    return plot_section(plot) != NULL;
}

/* Why sec's plot cannot be drawn, with what the profile has instead:
 * the first other plot it has, else every plot it lacks. */
static const char *svg_missing(const struct profile *p, const struct prof_sec *sec, char *buf,
                               size_t size)
{
    for (int m = 0; m < PROF_NMON; m++) {
        const struct prof_sec *o = prof_sections[m];
        if (o != sec && o->plot && o->can_plot(p)) {
            snprintf(buf, size, "the profile has %s (it has %s: --plot=%s)", sec->plot_none,
                     o->plot_have, o->name);
            return buf;
        }
    }
    int n = 0, k = snprintf(buf, size, "the profile has %s", sec->plot_none);
    for (int m = 0; m < PROF_NMON; m++)
        n += prof_sections[m] != sec && prof_sections[m]->plot != NULL;
    for (int m = 0, i = 0; m < PROF_NMON && (size_t)k < size; m++) {
        const struct prof_sec *o = prof_sections[m];
        if (o != sec && o->plot)
            k += snprintf(buf + k, size - (size_t)k, "%s%s", ++i == n ? " and " : ", ",
                          o->plot_none_also);
    }
    if ((size_t)k < size)
        snprintf(buf + k, size - (size_t)k, " to draw");
    return buf;
}

int export_svg(FILE *f, const struct profile *p, const struct prof_syms *s,
               const struct prof_opts *o, const char *plot, const char **why)
{
    static char missing[256];
    const struct prof_sec *sec = plot_section(plot);
    if (!sec)
        return *why = "nothing to draw", -1;
    if (!sec->can_plot(p))
        return *why = svg_missing(p, sec, missing, sizeof missing), -1;
    struct prof_bars b = { 0 };
    char title[160];
    if (sec->plot(&b, title, sizeof title, p, s, o, why) != 0) {
        free(b.v);
        return -1;
    }
    if (b.oom) {
        free(b.v);
        return *why = "out of memory", -1;
    }
    svg_chart(f, title, &b);
    free(b.v);
    return 0;
}

/* ------------------------------------------------- callgrind and folded */

/* One cost: where (file, function, line) and how much. */
struct cost {
    char file[256];
    char fn[160];
    int line;
    uint64_t n;
};

struct costs {
    struct cost *v;
    size_t n, cap;
    int oom;
};

/* Append a cost (costs_merge sums those of one place). */
static void costs_add(struct costs *c, const char *file, const char *fn, int line, uint64_t n)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 64;
        struct cost *nv = realloc(c->v, cap * sizeof *nv);
        if (!nv) {
            c->oom = 1;
            return;
        }
        c->v = nv;
        c->cap = cap;
    }
    struct cost *e = &c->v[c->n++];
    snprintf(e->file, sizeof e->file, "%s", file);
    snprintf(e->fn, sizeof e->fn, "%s", fn);
    e->line = line;
    e->n = n;
}

static int by_place(const void *a, const void *b)
{
    const struct cost *x = a, *y = b;
    int d = strcmp(x->file, y->file);
    if (!d)
        d = strcmp(x->fn, y->fn);
    return d ? d : (x->line > y->line) - (x->line < y->line);
}

/* Sort the costs by place and sum those of the same place. */
static void costs_merge(struct costs *c)
{
    qsort(c->v, c->n, sizeof *c->v, by_place);
    size_t k = 0;
    for (size_t i = 0; i < c->n; i++) {
        if (k && !by_place(&c->v[k - 1], &c->v[i]))
            c->v[k - 1].n += c->v[i].n;
        else
            c->v[k++] = c->v[i];
    }
    c->n = k;
}

/* The costs of the PC samples (or, without them, of the IAS windows):
   folded 1 keys them by "CSECT;label" instead of file, function, line. */
static const char *collect(const struct profile *p, const struct prof_syms *s, int folded,
                           struct costs *c)
{
    struct prof_where w;
    char fn[160];
    if (p->has_pcs) {
        for (size_t i = 0; i < p->nsamples && !c->oom; i++) {
            const struct prof_sample *sm = &p->samples[i];
            if (sm->task == 0) {
                costs_add(c, folded ? "" : "???", "(wait)", 0, sm->count);
                continue;
            }
            psym_where(s, p, sm->task, sm->addr, &w, 0);
            if (folded) {
                snprintf(fn, sizeof fn, "%s;%s", *w.csect_name ? w.csect_name : "?",
                         *w.fn ? w.fn : "?");
                costs_add(c, "", fn, 0, sm->count);
            } else {
                costs_add(c, w.file ? w.file : "???", *w.fn ? w.fn : "???", w.lineno,
                          sm->count);
            }
        }
        return "Samples";
    }
    if (!p->has_ias)
        return NULL;
    for (size_t k = 0; k < p->nwindows; k++) {
        const struct prof_window *win = &p->windows[k];
        for (size_t i = 0; i < win->nblocks && !c->oom; i++) {
            uint32_t a = (uint32_t)(win->low + win->blocks[i].index * win->block);
            psym_where(s, p, win->task, a, &w, 0);
            if (folded) {
                snprintf(fn, sizeof fn, "%s;%s", *w.csect_name ? w.csect_name : "?",
                         *w.fn ? w.fn : "?");
                costs_add(c, "", fn, 0, win->blocks[i].count);
            } else {
                costs_add(c, w.file ? w.file : "???", *w.fn ? w.fn : "???", w.lineno,
                          win->blocks[i].count);
            }
        }
    }
    return "IAS";
}

int export_callgrind(FILE *f, const struct profile *p, const struct prof_syms *s,
                     const char *profile_path, const char **why)
{
    struct costs c = { 0 };
    const char *event = collect(p, s, 0, &c);
    if (!event || c.oom) {
        free(c.v);
        return *why = c.oom ? "out of memory" : "the profile has neither PC samples nor IAS "
                                                "windows", -1;
    }
    costs_merge(&c);
    uint64_t total = 0;
    for (size_t i = 0; i < c.n; i++)
        total += c.v[i].n;
    fprintf(f, "# callgrind format\nversion: 1\ncreator: impprof %s\n", IMP_VERSION);
    fprintf(f, "cmd: %s\npositions: line\nevents: %s\nsummary: %" PRIu64 "\n", profile_path,
            event, total);
    for (size_t i = 0; i < c.n; i++) {
        int new_file = i == 0 || strcmp(c.v[i].file, c.v[i - 1].file);
        if (new_file)
            fprintf(f, "\nfl=%s\n", c.v[i].file);
        if (new_file || strcmp(c.v[i].fn, c.v[i - 1].fn))
            fprintf(f, "fn=%s\n", c.v[i].fn);
        fprintf(f, "%d %" PRIu64 "\n", c.v[i].line, c.v[i].n);
    }
    free(c.v);
    return 0;
}

int export_folded(FILE *f, const struct profile *p, const struct prof_syms *s,
                  const char **why)
{
    struct costs c = { 0 };
    const char *event = collect(p, s, 1, &c);
    if (!event || c.oom) {
        free(c.v);
        return *why = c.oom ? "out of memory" : "the profile has neither PC samples nor IAS "
                                                "windows", -1;
    }
    costs_merge(&c);
    for (size_t i = 0; i < c.n; i++)
        fprintf(f, "%s %" PRIu64 "\n", c.v[i].fn, c.v[i].n);
    free(c.v);
    return 0;
}
