/*
 * where.c -- addresses as the reports show them: the CSECT and offset,
 * the nearest label, the source line and its text, through the symbol
 * table of the task's load module (symbols.h); and the opcode found at
 * an address of a module's text, with its mnemonic.
 */
#include "impprof.h"

#include <string.h>

#include "report.h"     /* rep_op_name */

void psym_init(struct prof_syms *s, const struct profile *p, const char *profile_path)
{
    memset(s, 0, sizeof *s);
    const char *slash = strrchr(profile_path, '/');
    if (slash && (size_t)(slash - profile_path) < sizeof s->dir)
        snprintf(s->dir, sizeof s->dir, "%.*s", (int)(slash - profile_path), profile_path);
    if (slash == profile_path)
        snprintf(s->dir, sizeof s->dir, "/");
    for (int i = 1; i <= PROF_MAX_TASKS; i++) {
        const struct prof_task *t = p->tasks[i];
        if (!t || !t->has_module)
            continue;
        sym_init(&s->tab[i], &t->module, t->delta);
        sym_allow_folder_of(&s->tab[i], profile_path);
        s->have[i] = 1;
    }
}

void psym_free(struct prof_syms *s)
{
    for (int i = 1; i <= PROF_MAX_TASKS; i++)
        if (s->have[i])
            sym_free(&s->tab[i]);
}

/* The source text with runs of blanks squeezed to one, cut to size - 1. */
static void squeeze(char *out, size_t size, const char *in)
{
    size_t n = 0;
    while (*in == ' ' || *in == '\t')
        in++;
    for (; *in && n + 1 < size; in++) {
        if ((*in == ' ' || *in == '\t') && (in[1] == ' ' || in[1] == '\t' || !in[1]))
            continue;
        out[n++] = *in == '\t' ? ' ' : *in;
    }
    out[n] = '\0';
}

void psym_where(const struct prof_syms *s, const struct profile *p, unsigned task,
                uint32_t addr, struct prof_where *w, int source)
{
    memset(w, 0, sizeof *w);
    const struct prof_text *x = prof_text_at(p, addr);
    if (x) {                            /* the runner's own code: its name */
        snprintf(w->csect, sizeof w->csect, "%s+X'%X'", x->name, (unsigned)(addr - x->addr));
        snprintf(w->csect_name, sizeof w->csect_name, "%s", x->name);
        snprintf(w->fn, sizeof w->fn, "%s", x->name);
        return;
    }
    const struct prof_task *t = profile_task_module(p, task);
    if (!t)
        return;
    const struct symtab *tab = &s->tab[t->id];
    struct sym_where sw;
    if (sym_lookup(tab, addr, &sw) != 0)
        return;
    snprintf(w->csect, sizeof w->csect, "%s+X'%X'", sw.csect, (unsigned)sw.csect_off);
    snprintf(w->csect_name, sizeof w->csect_name, "%s", sw.csect);
    if (sw.label && sw.label_off)
        snprintf(w->symbol, sizeof w->symbol, "%s+X'%X'", sw.label, (unsigned)sw.label_off);
    else if (sw.label)
        snprintf(w->symbol, sizeof w->symbol, "%s", sw.label);
    snprintf(w->fn, sizeof w->fn, "%s", sw.label ? sw.label : sw.csect);
    if (!sw.file)
        return;
    const char *base = strrchr(sw.file, '/');
    snprintf(w->line, sizeof w->line, "%s:%d", base ? base + 1 : sw.file, sw.line);
    w->file = sw.file;
    w->lineno = sw.line;
    if (source) {
        char text[256], path[4096 + 256];
        enum sym_source rs = sym_source_text(tab, sw.file, sw.line, text, sizeof text);
        /* a relative name: from where the profile is, if not from here */
        if (rs != SYM_SRC_OK && sw.file[0] != '/' && *s->dir &&
            snprintf(path, sizeof path, "%s/%s", s->dir, sw.file) < (int)sizeof path)
            rs = sym_source_text(tab, path, sw.line, text, sizeof text);
        if (rs == SYM_SRC_OK)
            squeeze(w->source, sizeof w->source, text);
    }
}

/* --------------------------------------------------------------- opcodes */

const struct prof_text *prof_text_at(const struct profile *p, uint32_t addr)
{
    for (size_t i = 0; i < p->ntexts; i++)
        if (addr >= p->texts[i].addr && addr - p->texts[i].addr < p->texts[i].len)
            return &p->texts[i];
    return NULL;
}

/* The byte at addr (a loaded address) of t's module's text, or of the
 * profile's text records; -1 if none. */
static int text_byte(const struct profile *p, const struct prof_task *t, uint32_t addr)
{
    const struct prof_text *x = prof_text_at(p, addr);
    if (x)
        return x->bytes[addr - x->addr];
    if (!t)
        return -1;
    const struct obj_module *m = &t->module;
    uint32_t link = (uint32_t)((int64_t)addr - t->delta);
    for (size_t i = 0; i < m->ntxt; i++) {
        const struct obj_txt *tx = &m->txt[i];
        if (link >= tx->addr && link - tx->addr < tx->len)
            return tx->data[link - tx->addr];
    }
    return -1;
}

int prof_opcode_at(const struct profile *p, const struct prof_task *t, uint32_t addr,
                   unsigned *opcode)
{
    int b0 = text_byte(p, t, addr);
    if (b0 < 0)
        return -1;
    if (b0 == 0xB2) {
        int b1 = text_byte(p, t, addr + 1);
        if (b1 < 0)
            return -1;
        *opcode = 0xB200u | (unsigned)b1;
    } else {
        *opcode = (unsigned)b0;
    }
    return 0;
}

const char *prof_op_name(unsigned opcode)
{
    unsigned idx = opcode < 256 ? opcode : (opcode & 0xFF00) == 0xB200 ? 256 + (opcode & 0xFF)
                                                                       : 512;
    const char *n = idx < 512 ? rep_op_name(idx) : NULL;
    return n ? n : "?";
}
