/*
 * loadmod.c -- the load module (IMPLOAD) of a linked program.
 *
 * ESD: the CSECTs in layout order (ids 1..n, final addresses), then the
 * entry names (LD, owner = their CSECT).  MOD: each CSECT's object module.
 * FILE: the source files of all modules (duplicates merged).  TXT: the
 * relocated text of every input TXT record.  RLD: every relocatable field
 * at its final address, rid = the CSECT whose address it holds, so the
 * program can be moved by adding (new origin - old origin) to each.
 * SYM, LINE: as in the input, final addresses.  XREF: the cross-reference
 * list (relocate.c), rid = the CSECT or entry referred to.  END: entry.
 */
#include <string.h>

#include "ld.h"

static int out_section(const struct linker *l, const struct ld_input *in, int esd)
{
    return l->sections[in->section[esd - 1]].out_id;
}

static uint32_t final_addr(const struct linker *l, const struct ld_input *in, int esd,
                           uint32_t a)
{
    const struct ld_section *s = &l->sections[in->section[esd - 1]];
    return s->addr + (a - s->asm_addr);
}

/* The output FILE number of path with content hash (or NULL: unknown),
 * adding it if new: one path assembled twice from different contents (two
 * objects made at different times) is two FILE records, each with its own
 * HASH, so that each LINE names the text it was assembled from. */
static int out_file(struct obj_module *out, const char *path, const char *hash)
{
    for (size_t i = 0; i < out->nfiles; i++) {
        const char *h = out->file_hash[i];
        if (strcmp(out->files[i], path) == 0 && (h && hash ? strcmp(h, hash) == 0 : h == hash))
            return (int)i;
    }
    int n = obj_add_file(out, path);
    if (n >= 0 && hash && obj_set_file_hash(out, n, hash) != 0)
        return -1;
    return n;
}

static int add_esd(struct linker *l)
{
    struct obj_module *out = &l->out;
    for (size_t i = 0; i < l->nsections; i++) {
        const struct ld_section *s = &l->sections[l->order[i]];
        if (obj_add_esd(out, ESD_SD, s->name, s->addr, s->len, 0) < 0 ||
            obj_add_mod(out, s->out_id, l->inputs[s->input].path) < 0)
            return -1;
    }
    for (size_t i = 0; i < l->nnames; i++) {
        struct ld_name *nm = &l->names[i];
        const struct ld_section *s = &l->sections[nm->section];
        if (!nm->is_entry) {
            nm->out_id = s->out_id;
            continue;
        }
        int idx = obj_add_esd(out, ESD_LD, nm->name, s->addr + nm->offset, 0, s->out_id);
        if (idx < 0)
            return -1;
        nm->out_id = idx + 1;
    }
    return 0;
}

static int add_module(struct linker *l, const struct ld_input *in)
{
    struct obj_module *out = &l->out;
    const struct obj_module *m = &in->m;
    for (size_t i = 0; i < m->ntxt; i++) {
        uint32_t a = final_addr(l, in, m->txt[i].esd, m->txt[i].addr);
        if (obj_add_txt(out, out_section(l, in, m->txt[i].esd), a, l->image + (a - l->origin),
                        m->txt[i].len) < 0)
            return -1;
    }
    for (size_t i = 0; i < m->nrld; i++) {
        const struct obj_rld *r = &m->rld[i];
        int t = in->target[r->rid - 1];
        if (obj_add_rld(out, out_section(l, in, r->esd), final_addr(l, in, r->esd, r->addr),
                        r->len, r->flags, l->sections[l->names[t].section].out_id) < 0)
            return -1;
    }
    for (size_t i = 0; i < m->nsym; i++) {
        const struct obj_sym *s = &m->sym[i];
        int esd = s->esd ? out_section(l, in, s->esd) : 0;
        uint32_t a = s->esd ? final_addr(l, in, s->esd, s->addr) : s->addr;
        if (obj_add_sym(out, esd, s->name, a, s->len, s->type) < 0)
            return -1;
    }
    for (size_t i = 0; i < m->nline; i++) {
        const struct obj_line *ln = &m->line[i];
        int f = out_file(out, m->files[ln->file], m->file_hash[ln->file]);
        if (f < 0 || obj_add_line(out, out_section(l, in, ln->esd),
                                  final_addr(l, in, ln->esd, ln->addr), f, ln->line) < 0)
            return -1;
    }
    return 0;
}

static int add_xrefs(struct linker *l)
{
    for (size_t i = 0; i < l->nrefs; i++) {
        const struct ld_ref *r = &l->refs[i];
        int t = ld_find_name(l, r->to_name);
        if (obj_add_xref(&l->out, l->sections[r->from].out_id, r->addr, l->names[t].out_id) < 0)
            return -1;
    }
    return 0;
}

static int entry_section(const struct linker *l)
{
    for (size_t i = 0; i < l->nsections; i++) {
        const struct ld_section *s = &l->sections[l->order[i]];
        if (l->entry >= s->addr && l->entry < s->addr + s->len)
            return s->out_id;
    }
    for (size_t i = 0; i < l->nsections; i++) {     /* an entry at the very end */
        const struct ld_section *s = &l->sections[l->order[i]];
        if (l->entry == s->addr + s->len)
            return s->out_id;
    }
    return 1;
}

/* Build l->out from the linked program; -1 on ENOMEM. */
int ld_build_load_module(struct linker *l)
{
    if (add_esd(l) != 0)
        return -1;
    for (size_t k = 0; k < l->ninputs; k++)
        if (add_module(l, &l->inputs[k]) != 0)
            return -1;
    if (add_xrefs(l) != 0)
        return -1;
    l->out.has_entry = 1;
    l->out.entry_esd = entry_section(l);
    l->out.entry_addr = l->entry;
    return 0;
}
