/*
 * layout.c -- the order and final addresses of the CSECTs, and the entry
 * point.
 *
 * Order (as the OS/VS linkage editor's ORDER statement): the CSECTs named
 * in ORDER come first, in that order; the others follow in input order
 * (module by module, CSECT by CSECT).  Each CSECT starts at the next
 * doubleword boundary, or the next page boundary when ORDER gave it (P) or
 * PAGE named it.  Pages count from address 0, so a page boundary is a
 * multiple of the page size.
 *
 * Entry point, first found of: -e NAME, ENTRY NAME, the END operand of the
 * first module that has one, the start of the first CSECT in the layout.
 */
#include <stdlib.h>
#include <string.h>

#include "ld.h"

static uint32_t align_up(uint32_t a, uint32_t to) { return (a + to - 1) / to * to; }

/* No CSECT of that name is linked: an error, unless a call-library module
 * that was not needed defines it (then ORDER and PAGE ignore it). */
static int ctl_unknown(struct linker *l, const struct ld_ctl_name *nm, const char *stmt)
{
    for (size_t i = 0; i < l->nunlinked; i++)
        if (strcmp(l->unlinked[i], nm->name) == 0)
            return 0;
    diag_report(l->d, DIAG_ERROR, l->ctl.path, nm->line, nm->col, NULL,
                "%s: no CSECT named %s in the input", stmt, nm->name);
    return -1;
}

static int apply_control(struct linker *l)
{
    int bad = 0;
    for (size_t i = 0; i < l->ctl.norder; i++) {
        int s = ld_find_section(l, l->ctl.order[i].name);
        if (s < 0) {
            bad |= ctl_unknown(l, &l->ctl.order[i], "ORDER");
            continue;
        }
        l->sections[s].ordered = (int)i + 1;
        l->sections[s].page_align |= l->ctl.order[i].page;
    }
    for (size_t i = 0; i < l->ctl.npage; i++) {
        int s = ld_find_section(l, l->ctl.page[i].name);
        if (s < 0) {
            bad |= ctl_unknown(l, &l->ctl.page[i], "PAGE");
            continue;
        }
        l->sections[s].page_align = 1;
    }
    l->layout_marks = l->ctl.norder > 0 || l->ctl.npage > 0;
    return bad;
}

static int choose_entry(struct linker *l)
{
    const char *name = l->entry_name;
    if (!name && l->ctl.has_entry)
        name = l->ctl.entry.name;
    if (name) {
        int t = ld_find_name(l, name);
        if (t < 0) {
            if (l->entry_name)
                diag_error(l->d, "entry point %s is not a CSECT or entry name", name);
            else
                diag_report(l->d, DIAG_ERROR, l->ctl.path, l->ctl.entry.line,
                            l->ctl.entry.col, NULL,
                            "ENTRY: %s is not a CSECT or entry name", name);
            return -1;
        }
        l->entry = l->sections[l->names[t].section].addr + l->names[t].offset;
        l->entry_label = l->names[t].name;
        return 0;
    }
    for (size_t k = 0; k < l->ninputs; k++) {
        const struct obj_module *m = &l->inputs[k].m;
        if (!m->has_entry)
            continue;
        const struct ld_section *s = &l->sections[l->inputs[k].section[m->entry_esd - 1]];
        l->entry = s->addr + (m->entry_addr - s->asm_addr);
        l->entry_label = NULL;
        return 0;
    }
    const struct ld_section *first = &l->sections[l->order[0]];
    l->entry = first->addr;
    l->entry_label = first->name;
    diag_warning(l->d, "no entry point (no END operand, ENTRY statement or -e): the program "
                 "starts at its first CSECT, %s at X'%06X'", first->name, first->addr);
    return 0;
}

int ld_layout(struct linker *l)
{
    int bad = apply_control(l) != 0;
    l->order = malloc(l->nsections * sizeof *l->order);
    if (!l->order)
        return -1;
    size_t n = 0;
    for (size_t pos = 1; pos <= l->ctl.norder; pos++)
        for (size_t i = 0; i < l->nsections; i++)
            if (l->sections[i].ordered == (int)pos)
                l->order[n++] = (int)i;
    for (size_t i = 0; i < l->nsections; i++)
        if (!l->sections[i].ordered)
            l->order[n++] = (int)i;
    uint64_t addr = l->origin;
    for (size_t i = 0; i < n; i++) {
        struct ld_section *s = &l->sections[l->order[i]];
        addr = align_up((uint32_t)addr, s->page_align ? l->page_size : 8);
        s->addr = (uint32_t)addr;
        addr += s->len;
        if (addr > 0x1000000) {
            diag_error(l->d, "program does not fit in 16 MiB (CSECT %s ends at %llX)", s->name,
                       (unsigned long long)addr);
            return -1;
        }
    }
    l->end = (uint32_t)addr;
    if (bad)
        return -1;
    return choose_entry(l);
}
