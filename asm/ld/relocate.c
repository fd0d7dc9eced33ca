/*
 * relocate.c -- build the program image and the load module.
 *
 * Every TXT record is copied to its final place; every RLD field then gets
 * (final value of rid - assembled value of rid) added (or subtracted, with
 * RLD_NEG).  A field covered by several consecutive RLDs (A(X-Y)) is
 * checked once, after all of them, for overflow of its length.
 *
 * The load module carries the same information with final addresses: its
 * ESD lists the CSECTs in layout order (ids 1..n) then the entry names;
 * MOD names each CSECT's object module; XREF holds the complete reference
 * list (every relocatable constant and every XREF of the input that refers
 * to another CSECT or to an external name), the one map.c/xref.c print.
 */
#include <stdlib.h>
#include <string.h>

#include "ld.h"

/* Final address of a location in the assembly space of section s. */
static uint32_t final_addr(const struct ld_section *s, uint32_t asm_addr)
{
    return s->addr + (asm_addr - s->asm_addr);
}

static uint32_t name_value(const struct linker *l, int t)
{
    return l->sections[l->names[t].section].addr + l->names[t].offset;
}

static const struct ld_section *section_of(const struct linker *l, const struct ld_input *in,
                                           int esd)
{
    return &l->sections[in->section[esd - 1]];
}

static void copy_text(struct linker *l, const struct ld_input *in)
{
    for (size_t i = 0; i < in->m.ntxt; i++) {
        const struct obj_txt *t = &in->m.txt[i];
        uint32_t a = final_addr(section_of(l, in, t->esd), t->addr);
        memcpy(l->image + (a - l->origin), t->data, t->len);
    }
}

static int64_t get_field(const uint8_t *p, int len)
{
    int64_t v = 0;
    for (int i = 0; i < len; i++)
        v = v << 8 | p[i];
    return v;
}

static void put_field(uint8_t *p, int len, int64_t v)
{
    for (int i = len - 1; i >= 0; i--, v >>= 8)
        p[i] = (uint8_t)(v & 0xFF);
}

/* Apply the RLDs of module k; warn when a short field overflows. */
static void apply_rlds(struct linker *l, int k)
{
    const struct ld_input *in = &l->inputs[k];
    for (size_t i = 0; i < in->m.nrld;) {
        const struct obj_rld *r = &in->m.rld[i];
        const struct ld_section *s = section_of(l, in, r->esd);
        uint8_t *p = l->image + (final_addr(s, r->addr) - l->origin);
        int64_t orig = get_field(p, r->len), delta = 0;
        size_t j = i;
        for (; j < in->m.nrld && in->m.rld[j].esd == r->esd && in->m.rld[j].addr == r->addr &&
               in->m.rld[j].len == r->len; j++) {
            const struct obj_rld *q = &in->m.rld[j];
            const struct obj_esd *e = &in->m.esd[q->rid - 1];
            int64_t d = (int64_t)name_value(l, in->target[q->rid - 1]) -
                        (e->type == ESD_ER ? 0 : (int64_t)e->addr);
            delta += q->flags & RLD_NEG ? -d : d;
        }
        int bits = 8 * r->len;
        int64_t lim = (int64_t)1 << bits, half = lim / 2;
        int64_t as_unsigned = orig + delta;
        int64_t as_signed = (orig >= half ? orig - lim : orig) + delta;
        if ((as_unsigned < 0 || as_unsigned >= lim) && (as_signed < -half || as_signed >= half)) {
            struct ld_where w = ld_source_at(l, k, r->esd, r->addr);
            diag_report(l->d, DIAG_WARNING, w.file, w.line, 0, NULL,
                        "%d-byte address constant at %06X (%s+%X) overflows after relocation",
                        r->len, (unsigned)final_addr(s, r->addr), s->name,
                        (unsigned)(r->addr - s->asm_addr));
        }
        put_field(p, r->len, as_unsigned);
        i = j;
    }
}

static int add_ref(struct linker *l, const struct ld_input *in, int from_esd, uint32_t asm_addr,
                   int rid, const char *kind)
{
    const struct ld_section *s = section_of(l, in, from_esd);
    int t = in->target[rid - 1];
    const struct obj_esd *e = &in->m.esd[rid - 1];
    int from = in->section[from_esd - 1];
    if (l->names[t].section == from && e->type == ESD_SD)
        return 0;   /* a reference inside the CSECT: not a cross-reference */
    struct ld_ref *r = realloc(l->refs, (l->nrefs + 1) * sizeof *r);
    if (!r)
        return -1;
    l->refs = r;
    r += l->nrefs++;
    memset(r, 0, sizeof *r);
    r->from = from;
    r->addr = final_addr(s, asm_addr);
    r->to_section = l->names[t].section;
    r->to_name = l->names[t].name;
    r->to_addr = name_value(l, t);
    snprintf(r->kind, sizeof r->kind, "%s", kind);
    return 0;
}

static int collect_refs(struct linker *l, int k)
{
    const struct ld_input *in = &l->inputs[k];
    for (size_t i = 0; i < in->m.nrld; i++) {
        const struct obj_rld *r = &in->m.rld[i];
        char kind[8];
        snprintf(kind, sizeof kind, "%s%c(%d)", r->flags & RLD_NEG ? "-" : "",
                 r->flags & RLD_V ? 'V' : 'A', r->len);
        if (add_ref(l, in, r->esd, r->addr, r->rid, kind) != 0)
            return -1;
    }
    for (size_t i = 0; i < in->m.nxref; i++) {
        const struct obj_xref *x = &in->m.xref[i];
        if (add_ref(l, in, x->esd, x->addr, x->rid, "ref") != 0)
            return -1;
    }
    return 0;
}

/* Position of each section in the layout, for sorting references. */
static int ref_cmp(const void *a, const void *b, void *ctx)
{
    const struct linker *l = ctx;
    const struct ld_ref *x = a, *y = b;
    int ox = l->sections[x->from].out_id, oy = l->sections[y->from].out_id;
    if (ox != oy)
        return ox < oy ? -1 : 1;
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    int c = strcmp(x->to_name, y->to_name);
    if (c)
        return c;
    /* relocatable constants before plain references ("ref") */
    return (x->kind[0] == 'r') - (y->kind[0] == 'r');
}

/* Insertion sort with a context (refs are few; qsort_r is not C11). */
static void sort_refs(struct linker *l)
{
    for (size_t i = 1; i < l->nrefs; i++) {
        struct ld_ref t = l->refs[i];
        size_t j = i;
        for (; j > 0 && ref_cmp(&l->refs[j - 1], &t, l) > 0; j--)
            l->refs[j] = l->refs[j - 1];
        l->refs[j] = t;
    }
    /* an XREF at the same place and target as a constant adds nothing */
    size_t n = 0;
    for (size_t i = 0; i < l->nrefs; i++) {
        const struct ld_ref *r = &l->refs[i];
        if (n > 0 && r->kind[0] == 'r' && l->refs[n - 1].from == r->from &&
            l->refs[n - 1].addr == r->addr && strcmp(l->refs[n - 1].to_name, r->to_name) == 0)
            continue;
        l->refs[n++] = *r;
    }
    l->nrefs = n;
}

int ld_relocate(struct linker *l)
{
    size_t size = l->end - l->origin;
    l->image = calloc(size ? size : 1, 1);
    if (!l->image)
        return -1;
    for (size_t i = 0; i < l->nsections; i++)
        l->sections[l->order[i]].out_id = (int)i + 1;
    for (size_t k = 0; k < l->ninputs; k++)
        copy_text(l, &l->inputs[k]);
    for (size_t k = 0; k < l->ninputs; k++) {
        apply_rlds(l, (int)k);
        if (collect_refs(l, (int)k) != 0)
            return -1;
    }
    sort_refs(l);
    return 0;
}
