/*
 * xref.c -- the CSECT cross-reference list: for each CSECT (in address
 * order) every reference it makes to another CSECT or to an external
 * name: the location (address and CSECT+offset), the kind (A(4), V(4),
 * A(2) for a Y-con, a leading '-' for a subtracted term, "ref" for an
 * instruction reference recorded by the assembler), the symbol, the CSECT
 * holding it and its address.  A summary counts the references for each
 * pair of CSECTs: the static information reordering starts from.
 */
#include <stdlib.h>
#include <string.h>

#include "ld.h"

static void xref_section(const struct linker *l, FILE *f, int sec)
{
    const struct ld_section *s = &l->sections[sec];
    fprintf(f, "\nCSECT %s  %06X-%06X  length %06X  %s\n", s->name, (unsigned)s->addr,
            (unsigned)(s->len ? s->addr + s->len - 1 : s->addr), (unsigned)s->len,
            l->inputs[s->input].path);
    int any = 0;
    for (size_t i = 0; i < l->nrefs; i++) {
        const struct ld_ref *r = &l->refs[i];
        if (r->from != sec)
            continue;
        if (!any++)
            fprintf(f, "  LOCATION  CSECT+OFFSET         KIND   REFERS TO          IN CSECT"
                       "           ADDRESS\n");
        char where[96];
        snprintf(where, sizeof where, "%s+%X", s->name, (unsigned)(r->addr - s->addr));
        fprintf(f, "  %06X    %-20s %-6s %-18s %-18s %06X\n", (unsigned)r->addr, where, r->kind,
                r->to_name, l->sections[r->to_section].name, (unsigned)r->to_addr);
    }
    if (!any)
        fprintf(f, "  no references to other CSECTs\n");
}

/* Count references per (from, to) pair, in layout order of both. */
static void xref_summary(const struct linker *l, FILE *f)
{
    fprintf(f, "\nREFERENCES BETWEEN CSECTS\n  FROM               TO                 COUNT\n");
    int any = 0;
    for (size_t i = 0; i < l->nsections; i++)
        for (size_t j = 0; j < l->nsections; j++) {
            int from = l->order[i], to = l->order[j], n = 0;
            for (size_t k = 0; k < l->nrefs; k++)
                n += l->refs[k].from == from && l->refs[k].to_section == to;
            if (n) {
                any = 1;
                fprintf(f, "  %-18s %-18s %5d\n", l->sections[from].name, l->sections[to].name,
                        n);
            }
        }
    if (!any)
        fprintf(f, "  none\n");
}

void ld_write_xref(const struct linker *l, FILE *f)
{
    fprintf(f, "IMPLD CSECT CROSS-REFERENCE\n");
    for (size_t i = 0; i < l->nsections; i++)
        xref_section(l, f, l->order[i]);
    xref_summary(l, f);
}
