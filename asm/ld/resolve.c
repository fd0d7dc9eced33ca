/*
 * resolve.c -- read the object modules, collect their CSECTs and external
 * names, and resolve every external reference (ER) to a CSECT (SD) or
 * entry (LD) name defined in some module.
 *
 * After ld_resolve succeeds, for every module and ESD index i:
 *   inputs[k].section[i]  the global section an SD or LD belongs to
 *   inputs[k].target[i]   the global name an SD, LD or ER stands for
 * so the value of any ESD id is names[target].section's final address plus
 * names[target].offset.
 */
#include <stdlib.h>
#include <string.h>

#include "ld.h"
#include "slip.h"

void ld_init(struct linker *l, struct diag *d)
{
    memset(l, 0, sizeof *l);
    l->d = d;
    l->origin = 0x10000;
    l->page_size = 4096;
    obj_init(&l->out, OBJ_LOAD);
}

void ld_free(struct linker *l)
{
    for (size_t i = 0; i < l->ninputs; i++) {
        obj_free(&l->inputs[i].m);
        free(l->inputs[i].section);
        free(l->inputs[i].target);
    }
    free(l->inputs);
    free(l->libs);
    for (size_t i = 0; i < l->nunlinked; i++)
        free(l->unlinked[i]);
    free(l->unlinked);
    free(l->sections);
    free(l->names);
    free(l->order);
    free(l->ctl.order);
    free(l->ctl.order_hash);
    free(l->ctl.page);
    free(l->image);
    free(l->refs);
    obj_free(&l->out);
}

static void *grow_array(void *p, size_t n, size_t sz)
{
    return realloc(p, (n + 1) * sz);
}

static int add_section(struct linker *l, int input, const struct obj_esd *e)
{
    struct ld_section *s = grow_array(l->sections, l->nsections, sizeof *s);
    if (!s)
        return -1;
    l->sections = s;
    s += l->nsections;
    memset(s, 0, sizeof *s);
    s->input = input;
    s->esd = e->id;
    s->name = e->name;
    s->asm_addr = e->addr;
    s->len = e->len;
    return (int)l->nsections++;
}

/* Read one object module and record its CSECTs; -1 if it is unreadable or bad. */
int ld_add_input(struct linker *l, const char *path)
{
    struct ld_input *in = grow_array(l->inputs, l->ninputs, sizeof *in);
    if (!in)
        return -1;
    l->inputs = in;
    in += l->ninputs;
    memset(in, 0, sizeof *in);
    if (obj_read(&in->m, OBJ_OBJECT, path, l->d) != 0)
        return -1;
    in->path = (char *)path;
    size_t n = in->m.nesd ? in->m.nesd : 1;
    in->section = malloc(n * sizeof *in->section);
    in->target = malloc(n * sizeof *in->target);
    l->ninputs++;
    if (!in->section || !in->target)
        return -1;
    for (size_t i = 0; i < in->m.nesd; i++) {
        in->section[i] = in->target[i] = -1;
        if (in->m.esd[i].type == ESD_SD) {
            int s = add_section(l, (int)l->ninputs - 1, &in->m.esd[i]);
            if (s < 0)
                return -1;
            in->section[i] = s;
        }
    }
    for (size_t i = 0; i < in->m.nesd; i++)
        if (in->m.esd[i].type == ESD_LD)
            in->section[i] = in->section[in->m.esd[i].owner - 1];
    return 0;
}

int ld_find_name(const struct linker *l, const char *name)
{
    for (size_t i = 0; i < l->nnames; i++)
        if (strcmp(l->names[i].name, name) == 0)
            return (int)i;
    return -1;
}

int ld_find_section(const struct linker *l, const char *name)
{
    for (size_t i = 0; i < l->nsections; i++)
        if (strcmp(l->sections[i].name, name) == 0)
            return (int)i;
    return -1;
}

static const char *kind_word(int is_entry) { return is_entry ? "entry" : "CSECT"; }

/* The source line of the statement at addr of section esd: the LINE
   record at the highest address not above addr; 0 if there is none. */
static int line_at(const struct obj_module *m, int esd, uint32_t addr, int *file)
{
    const struct obj_line *best = NULL;
    for (size_t i = 0; i < m->nline; i++) {
        const struct obj_line *ln = &m->line[i];
        if (ln->esd == esd && ln->addr <= addr && (!best || ln->addr > best->addr))
            best = ln;
    }
    if (best)
        *file = best->file;
    return best ? best->line : 0;
}

struct ld_where ld_source_at(const struct linker *l, int k, int esd, uint32_t addr)
{
    const struct obj_module *m = &l->inputs[k].m;
    int file = -1, line = line_at(m, esd, addr, &file);
    struct ld_where w = { l->inputs[k].path, 0 };
    if (line > 0 && file >= 0 && (size_t)file < m->nfiles)
        w = (struct ld_where){ m->files[file], line };
    return w;
}

/*
 * Where ESD entry e of module k is in the source: for an external
 * reference, the first statement that refers to it (its first XREF),
 * else its EXTRN (DEF); for a CSECT or entry its DEF record, else the
 * statement at its address.  Modules without FILE/LINE/DEF records (hand
 * written, or from before DEF) give the module's path.
 */
static struct ld_where where_of(const struct linker *l, int k, const struct obj_esd *e)
{
    const struct ld_input *in = &l->inputs[k];
    const struct obj_module *m = &in->m;
    struct ld_where w = { in->path, 0 };
    int file = -1, line = 0;
    if (e->type == ESD_ER)
        for (size_t i = 0; i < m->nxref && !line; i++)
            if (m->xref[i].rid == e->id)
                line = line_at(m, m->xref[i].esd, m->xref[i].addr, &file);
    const struct obj_def *d = line ? NULL : obj_def_of(m, e->id);
    if (d) {
        file = d->file;
        line = d->line;
    } else if (!line && e->type != ESD_ER) {
        line = line_at(m, e->type == ESD_LD ? e->owner : e->id, e->addr, &file);
    }
    if (line > 0 && file >= 0 && (size_t)file < m->nfiles) {
        w.file = m->files[file];
        w.line = line;
    }
    return w;
}

/* Enter the SD and LD names of module k; duplicates are errors naming both
   definitions (by source line when the modules carry them).  0, 1 if
   there were duplicates, -1 out of memory. */
static int define_names(struct linker *l, int k)
{
    struct ld_input *in = &l->inputs[k];
    int bad = 0;
    for (size_t i = 0; i < in->m.nesd; i++) {
        const struct obj_esd *e = &in->m.esd[i];
        if (e->type == ESD_ER)
            continue;
        int old = ld_find_name(l, e->name);
        if (old >= 0) {
            const struct ld_name *o = &l->names[old];
            const struct ld_input *oin = &l->inputs[o->input];
            struct ld_where here = where_of(l, k, e);
            struct ld_where there = where_of(l, o->input, obj_esd_by_id(&oin->m, o->esd));
            char at[40] = "";
            if (there.line)
                snprintf(at, sizeof at, ":%d", there.line);
            diag_report(l->d, DIAG_ERROR, here.file, here.line, 0, NULL,
                        "duplicate external symbol %s: %s here, already defined as %s %s %s%s",
                        e->name, kind_word(e->type == ESD_LD), kind_word(o->is_entry),
                        there.line ? "at" : "in", there.file, at);
            bad = 1;
            continue;
        }
        struct ld_name *nm = grow_array(l->names, l->nnames, sizeof *nm);
        if (!nm)
            return -1;
        l->names = nm;
        nm += l->nnames;
        const struct ld_section *s = &l->sections[in->section[i]];
        *nm = (struct ld_name){ .name = e->name, .section = in->section[i],
                                .offset = e->addr - s->asm_addr,
                                .is_entry = e->type == ESD_LD, .input = k, .esd = e->id };
        in->target[i] = (int)l->nnames++;
    }
    return bad;
}

/* Resolve the ERs of module k against the name table. */
static int resolve_refs(struct linker *l, int k)
{
    struct ld_input *in = &l->inputs[k];
    int bad = 0;
    for (size_t i = 0; i < in->m.nesd; i++) {
        const struct obj_esd *e = &in->m.esd[i];
        if (e->type != ESD_ER)
            continue;
        int t = ld_find_name(l, e->name);
        if (t < 0) {
            struct ld_where w = where_of(l, k, e);
            struct slip_near nn = { { NULL }, 0, 0 };
            char mean[256];
            if (strlen(e->name) >= 3)
                for (size_t j = 0; j < l->nnames; j++)
                    slip_offer(&nn, e->name, strlen(e->name), l->names[j].name);
            slip_format(&nn, mean, sizeof mean);
            diag_report(l->d, DIAG_ERROR, w.file, w.line, 0, NULL,
                        "unresolved external symbol %s%s", e->name, mean);
            bad = 1;
            continue;
        }
        in->target[i] = t;
        in->section[i] = l->names[t].section;
    }
    return bad ? -1 : 0;
}

/* Does module m define name (as a CSECT or an entry)? */
static int defines(const struct obj_module *m, const char *name)
{
    for (size_t i = 0; i < m->nesd; i++)
        if (m->esd[i].type != ESD_ER && strcmp(m->esd[i].name, name) == 0)
            return 1;
    return 0;
}

/* The first external reference of the linked modules that no name
   satisfies and that library module lib[j] (not yet taken) defines; the
   index j, or -1 when the library has nothing more to give. */
static int wanted_library_module(const struct linker *l, const struct obj_module *lib,
                                 const char *taken)
{
    for (size_t k = 0; k < l->ninputs; k++) {
        const struct obj_module *m = &l->inputs[k].m;
        for (size_t i = 0; i < m->nesd; i++) {
            if (m->esd[i].type != ESD_ER || ld_find_name(l, m->esd[i].name) >= 0)
                continue;
            for (size_t j = 0; j < l->nlibs; j++)
                if (!taken[j] && defines(&lib[j], m->esd[i].name))
                    return (int)j;
        }
    }
    return -1;
}

/*
 * Automatic call: as long as an external reference is unresolved and a
 * library module defines it, link that module too (and then what it
 * refers to), the way IBM's linkage editor takes members from its call
 * library.  Library modules nobody calls are left out.
 */
static int autocall(struct linker *l)
{
    if (l->nlibs == 0)
        return 0;
    struct obj_module *lib = calloc(l->nlibs, sizeof *lib);
    char *taken = calloc(l->nlibs, 1);
    int bad = !lib || !taken;
    for (size_t j = 0; j < l->nlibs && !bad; j++)
        if (obj_read(&lib[j], OBJ_OBJECT, l->libs[j], l->d) != 0)
            bad = 1;
    int j;
    while (!bad && (j = wanted_library_module(l, lib, taken)) >= 0) {
        taken[j] = 1;
        if (ld_add_input(l, l->libs[j]) != 0 || define_names(l, (int)l->ninputs - 1) != 0)
            bad = 1;
    }
    /* the CSECTs of the modules left out: ORDER and PAGE may name them */
    for (size_t k = 0; !bad && lib && k < l->nlibs; k++)
        for (size_t i = 0; !taken[k] && i < lib[k].nesd && !bad; i++) {
            if (lib[k].esd[i].type != ESD_SD)
                continue;
            char **u = realloc(l->unlinked, (l->nunlinked + 1) * sizeof *u);
            char *name = u ? strdup(lib[k].esd[i].name) : NULL;
            if (u)
                l->unlinked = u;
            if (!name)
                bad = 1;
            else
                l->unlinked[l->nunlinked++] = name;
        }
    for (size_t k = 0; lib && k < l->nlibs; k++)
        obj_free(&lib[k]);
    free(lib);
    free(taken);
    return bad ? -1 : 0;
}

int ld_resolve(struct linker *l)
{
    int bad = 0;
    if (l->nsections == 0) {
        diag_error(l->d, "no CSECTs to link");
        return -1;
    }
    for (size_t k = 0; k < l->ninputs; k++) {
        int dup = define_names(l, (int)k);
        if (dup < 0)
            return -1;
        bad |= dup;                     /* reported; the references still are */
    }
    if (autocall(l) != 0)
        return -1;
    for (size_t k = 0; k < l->ninputs; k++)
        if (resolve_refs(l, (int)k) != 0)
            bad = 1;
    return bad ? -1 : 0;
}
