/*
 * where.c -- places in the program: symbols by name, FILE:LINE to an
 * address, an address to CSECT+offset and its source line, and the
 * disassembly of the instruction there.  All from the load module's ESD,
 * SYM and LINE records (moved by the load delta) through symbols.c.
 */
#include "mon.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "isa.h"
#include "report.h"

static uint32_t moved(const struct symtab *t, uint32_t a)
{
    return (uint32_t)((int64_t)a + t->delta) & VM_ADDR_MASK;
}

int where_symbol(const struct mon *m, const char *name, uint32_t *addr)
{
    if (!m->loaded)
        return -1;
    const struct symtab *t = mon_syms(m);
    const struct obj_module *mod = t->m;
    for (size_t i = 0; mod && i < mod->nsym; i++)
        if (strcasecmp(mod->sym[i].name, name) == 0) {
            *addr = moved(t, mod->sym[i].addr);
            return 0;
        }
    for (size_t i = 0; mod && i < mod->nesd; i++)
        if ((mod->esd[i].type == ESD_SD || mod->esd[i].type == ESD_LD) &&
            strcasecmp(mod->esd[i].name, name) == 0) {
            *addr = moved(t, mod->esd[i].addr);
            return 0;
        }
    return -1;
}

void where_each_symbol(const struct mon *m, void (*fn)(void *ctx, const char *name), void *ctx)
{
    if (!m->loaded)
        return;
    const struct obj_module *mod = mon_syms(m)->m;
    for (size_t i = 0; mod && i < mod->nesd; i++)
        if (mod->esd[i].type == ESD_SD || mod->esd[i].type == ESD_LD)
            fn(ctx, mod->esd[i].name);
    for (size_t i = 0; mod && i < mod->nsym; i++)
        fn(ctx, mod->sym[i].name);
}

/* Does the module's file name f match what the user typed (whole path or
 * the part after a slash)? */
static int file_matches(const char *f, const char *want, size_t n)
{
    size_t len = strlen(f);
    if (len < n || strncmp(f + len - n, want, n) != 0)
        return 0;
    return len == n || f[len - n - 1] == '/';
}

int where_line(const struct mon *m, const char *spec, uint32_t *addr, char *err, size_t errsize)
{
    const char *colon = strrchr(spec, ':');
    char *end;
    long line = colon ? strtol(colon + 1, &end, 10) : 0;
    if (!colon || colon == spec || colon[1] == '\0' || *end != '\0' || line <= 0) {
        snprintf(err, errsize, "'%s' is not FILE:LINE", spec);
        return -1;
    }
    const struct symtab *t = mon_syms(m);
    const struct obj_module *mod = m->loaded ? t->m : NULL;
    size_t n = (size_t)(colon - spec);
    int file_seen = 0, found = 0;
    uint32_t best = 0;
    for (size_t i = 0; mod && i < mod->nline; i++) {
        const struct obj_line *l = &mod->line[i];
        if (l->file < 0 || (size_t)l->file >= mod->nfiles ||
            !file_matches(mod->files[l->file], spec, n))
            continue;
        file_seen = 1;
        uint32_t a = moved(t, l->addr);
        if (l->line == line && (!found || a < best)) {
            best = a;
            found = 1;
        }
    }
    if (found) {
        *addr = best;
        return 0;
    }
    if (file_seen)
        snprintf(err, errsize, "line %ld of %.*s holds no instruction", line, (int)n, spec);
    else
        snprintf(err, errsize, "no source file '%.*s' in the program", (int)n, spec);
    return -1;
}

int where_parse(const struct mon *m, const char *spec, uint32_t *addr, char *err, size_t errsize)
{
    const char *colon = strrchr(spec, ':');
    if (colon && colon != spec && isdigit((unsigned char)colon[1]))
        return where_line(m, spec, addr, err, errsize);
    int64_t v;
    if (expr_eval(m, spec, &v, err, errsize) != 0)
        return -1;
    if (v < 0 || v > VM_ADDR_MASK) {
        snprintf(err, errsize, "address %lld is outside the 24-bit address space", (long long)v);
        return -1;
    }
    *addr = (uint32_t)v;
    return 0;
}

void where_format(const struct mon *m, uint32_t addr, char *sym, size_t symsize,
                  char *src, size_t srcsize)
{
    struct sym_where w;
    sym[0] = src[0] = '\0';
    if (!m->loaded || sym_lookup(mon_syms(m), addr, &w) != 0)
        return;
    if (w.label && w.label_off == 0)
        snprintf(sym, symsize, "%s", w.label);
    else if (w.label)
        snprintf(sym, symsize, "%s+X'%X'", w.label, w.label_off);
    else if (w.csect_off == 0)
        snprintf(sym, symsize, "%s", w.csect);
    else
        snprintf(sym, symsize, "%s+X'%X'", w.csect, w.csect_off);
    if (w.file && w.line > 0 &&
        sym_source_text(mon_syms(m), w.file, w.line, src, srcsize) != SYM_SRC_OK)
        src[0] = '\0';
}

int where_disasm(const struct mon *m, uint32_t addr, char *buf, size_t size)
{
    uint8_t b[6] = { 0 };
    size_t avail = 6;
    while (avail > 0 && vm_fetch_bytes(mon_vm(m), addr, b, avail) != 0)
        avail -= 2;
    int len = avail ? isa_disasm(b, avail, buf, size) : 0;
    if (!avail)
        snprintf(buf, size, "(outside storage)");
    return len > 0 ? len : 2;
}

int where_opcode(const char *mnemonic)
{
    char up[16];
    size_t i;
    for (i = 0; mnemonic[i] && i < sizeof up - 1; i++)
        up[i] = (char)toupper((unsigned char)mnemonic[i]);
    up[i] = '\0';
    const struct isa_insn *in = isa_by_name(up);
    if (!in)
        return -1;
    return in->opcode > 0xFF ? 256 + (in->opcode & 0xFF) : in->opcode;
}

/* ---- statement boundaries: the disassembly follows the assembler's --------------- */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void where_index_free(struct mon *m)
{
    free(m->stmt);
    m->stmt = NULL;
    m->nstmt = 0;
}

int where_index(struct mon *m)
{
    where_index_free(m);
    const struct symtab *t = mon_syms(m);
    const struct obj_module *mod = m->loaded ? t->m : NULL;
    if (!mod || !mod->nline)
        return 0;
    if (!(m->stmt = malloc(mod->nline * sizeof *m->stmt)))
        return -1;
    for (size_t i = 0; i < mod->nline; i++)
        m->stmt[i] = moved(t, mod->line[i].addr);
    qsort(m->stmt, mod->nline, sizeof *m->stmt, cmp_u32);
    size_t n = 0;
    for (size_t i = 0; i < mod->nline; i++)
        if (n == 0 || m->stmt[n - 1] != m->stmt[i])
            m->stmt[n++] = m->stmt[i];
    m->nstmt = n;
    return 0;
}

/* The index of the first statement at or after addr (nstmt if none). */
static size_t stmt_lower(const struct mon *m, uint32_t addr)
{
    size_t lo = 0, hi = m->nstmt;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->stmt[mid] < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int where_statement_back(const struct mon *m, uint32_t addr, int back, uint32_t *start)
{
    size_t i = stmt_lower(m, addr);
    if (i == m->nstmt || m->stmt[i] != addr)
        return -1;
    *start = m->stmt[back > 0 && (size_t)back < i ? i - (size_t)back : back > 0 ? 0 : i];
    return 0;
}

uint32_t where_statement_after(const struct mon *m, uint32_t addr)
{
    size_t i = stmt_lower(m, addr + 1);
    return i < m->nstmt ? m->stmt[i] : 0;
}
