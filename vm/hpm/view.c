/*
 * view.c -- what the monitors' live views share (struct hpm_view, the
 * `view' hook of a descriptor): whether a monitor has anything to show,
 * lines fitted to the box, bars, the cost line, and addresses named as
 * the program names them.  A view only reads the machine: impmon draws
 * it many times a second while the program runs, and a view that
 * changed the machine would change the run it shows.
 */
#include "hpm.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

int hpm_shown(const struct hpm_class *c, struct run *r)
{
    if (!c->view || !r->vm)
        return 0;
    if (c->on(r->o))
        return 1;
    if (c->seen)
        return c->seen(r);
    if (c->hw < 0)
        return 0;
    struct vm_hpm_stats s;
    vm_hpm_stats(r->vm, (enum vm_hpm)c->hw, &s);
    return s.on || s.events || s.entries;
}

void hpm_view_put(struct hpm_view *v, int heading, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    if (v->used >= v->rows)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (v->cols >= 0 && (size_t)v->cols < sizeof buf)
        buf[v->cols] = '\0';
    v->line(v->ctx, v->used++, heading, buf);
}

int hpm_view_left(const struct hpm_view *v) { return v->rows > v->used ? v->rows - v->used : 0; }

void hpm_view_bar(char *buf, size_t size, uint64_t n, uint64_t max, int width)
{
    size_t len = width > 0 && max ? (size_t)(n * (uint64_t)width / max) : 0;
    if (len > size - 1)
        len = size - 1;
    memset(buf, '#', len);
    buf[len] = '\0';
}

void hpm_view_cost(struct hpm_view *v, struct vm *vm, int hw)
{
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, (enum vm_hpm)hw, &s);
    uint64_t cyc = vm_counters(vm)->cycles;
    hpm_view_put(v, 0, "microcode: %" PRIu64 " cycles in %" PRIu64 " entries, %.2f%% of %"
                 PRIu64, s.cycles, s.entries, hpm_pct(s.cycles, cyc), cyc);
}

static const struct symtab *syms_of(const struct run *r, unsigned task)
{
    return task >= 1 && task <= (unsigned)r->ntasks ? &r->tk[task - 1].syms : &r->tk[0].syms;
}

void hpm_label(const struct run *r, unsigned task, uint32_t a, char *buf, size_t size)
{
    struct sym_where w;
    if (sym_lookup(syms_of(r, task), a, &w) != 0)
        snprintf(buf, size, "X'%06" PRIX32 "'", a);
    else if (w.label && w.label_off == 0)
        snprintf(buf, size, "%s", w.label);
    else if (w.label)
        snprintf(buf, size, "%s+X'%" PRIX32 "'", w.label, w.label_off);
    else if (w.csect_off == 0)
        snprintf(buf, size, "%s", w.csect);
    else
        snprintf(buf, size, "%s+X'%" PRIX32 "'", w.csect, w.csect_off);
}

const char *hpm_csect_of(const struct run *r, unsigned task, uint32_t a)
{
    struct sym_where w;
    return sym_lookup(syms_of(r, task), a, &w) == 0 ? w.csect : NULL;
}
