/*
 * disasm.c -- impld -d: a load module shown as an assembler listing.
 *
 *   ADDR    OBJECT CODE    LABEL    STATEMENT
 *   010000  05C0           MAIN     BALR  12,0
 *
 * Each CSECT starts with a header (name, range, object module).  Labels
 * come from SYM records and from the CSECT and entry names.  Whether the
 * bytes at an address are code or data follows the type attribute of the
 * nearest symbol at or before it in the same CSECT: I (instruction) and J
 * (section) mean code, C X F H A V Y D E L P Z B S Q R mean data (shown as
 * DC X'..', at most 8 bytes a line, up to the next symbol); with no symbol
 * or another type, a valid opcode is shown as an instruction and anything
 * else as DC.  A LINE record adds the source position as a comment.
 */
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "ld.h"

struct dis {
    const struct obj_module *m;
    FILE *f;
    uint32_t lo, hi;            /* image covers [lo, hi) */
    uint8_t *image;
    uint8_t *has_text;          /* 1 where a TXT record gave the byte */
    struct obj_sym *syms;       /* SYM records plus SD and LD names, by address */
    size_t nsyms;
    struct obj_line *lines;     /* by address */
    size_t nlines;
};

static int sym_cmp(const void *a, const void *b)
{
    const struct obj_sym *x = a, *y = b;
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    /* section names first, then entries, then other labels, each by name */
    int rx = x->type == 'J' ? 0 : x->type == '=' ? 1 : 2;
    int ry = y->type == 'J' ? 0 : y->type == '=' ? 1 : 2;
    if (rx != ry)
        return rx - ry;
    return strcmp(x->name, y->name);
}

static int line_cmp(const void *a, const void *b)
{
    const struct obj_line *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Index of the first symbol with addr >= a (binary search). */
static size_t first_sym_from(const struct dis *ds, uint32_t a)
{
    size_t lo = 0, hi = ds->nsyms;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (ds->syms[mid].addr < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static const struct obj_line *line_at(const struct dis *ds, uint32_t a)
{
    struct obj_line key = { .addr = a };
    return bsearch(&key, ds->lines, ds->nlines, sizeof key, line_cmp);
}

static int build(struct dis *ds)
{
    const struct obj_module *m = ds->m;
    ds->lo = UINT32_MAX;
    ds->hi = 0;
    for (size_t i = 0; i < m->nesd; i++)
        if (m->esd[i].type == ESD_SD) {
            if (m->esd[i].addr < ds->lo)
                ds->lo = m->esd[i].addr;
            if (m->esd[i].addr + m->esd[i].len > ds->hi)
                ds->hi = m->esd[i].addr + m->esd[i].len;
        }
    if (ds->lo > ds->hi)
        ds->lo = ds->hi = 0;
    ds->image = calloc(ds->hi - ds->lo + 1, 1);
    ds->has_text = calloc(ds->hi - ds->lo + 1, 1);
    ds->syms = malloc((m->nsym + m->nesd + 1) * sizeof *ds->syms);
    ds->lines = malloc((m->nline + 1) * sizeof *ds->lines);
    if (!ds->image || !ds->has_text || !ds->syms || !ds->lines)
        return -1;
    for (size_t i = 0; i < m->ntxt; i++) {
        memcpy(ds->image + (m->txt[i].addr - ds->lo), m->txt[i].data, m->txt[i].len);
        memset(ds->has_text + (m->txt[i].addr - ds->lo), 1, m->txt[i].len);
    }
    for (size_t i = 0; i < m->nsym; i++)
        if (m->sym[i].esd != 0)
            ds->syms[ds->nsyms++] = m->sym[i];
    for (size_t i = 0; i < m->nesd; i++) {
        const struct obj_esd *e = &m->esd[i];
        struct obj_sym s = { .esd = e->type == ESD_SD ? e->id : e->owner, .addr = e->addr,
                             .type = e->type == ESD_SD ? 'J' : '=' };
        memcpy(s.name, e->name, sizeof s.name);
        ds->syms[ds->nsyms++] = s;
    }
    qsort(ds->syms, ds->nsyms, sizeof *ds->syms, sym_cmp);
    memcpy(ds->lines, m->line, m->nline * sizeof *ds->lines);
    ds->nlines = m->nline;
    qsort(ds->lines, ds->nlines, sizeof *ds->lines, line_cmp);
    return 0;
}

static int is_data_type(char t) { return t && strchr("CXFHAVYDELPZBSQR", t) != NULL; }

/* The type of the nearest symbol at or before a in section id ('\0' if none). */
static char mode_at(const struct dis *ds, int id, uint32_t a)
{
    size_t i = first_sym_from(ds, a + 1);
    while (i-- > 0)
        if (ds->syms[i].esd == id && ds->syms[i].type != '=')
            return ds->syms[i].type;
    return '\0';
}

/* Print the labels at a beyond the first (which goes on the statement line). */
static const char *labels_at(const struct dis *ds, int id, uint32_t a)
{
    const char *first = NULL;
    for (size_t i = first_sym_from(ds, a); i < ds->nsyms && ds->syms[i].addr == a; i++) {
        if (ds->syms[i].esd != id || (first && strcmp(first, ds->syms[i].name) == 0))
            continue;
        if (!first)
            first = ds->syms[i].name;
        else
            fprintf(ds->f, "%06X  %-16s %-8s DS    0H\n", (unsigned)a, "",
                    ds->syms[i].name);
    }
    return first ? first : "";
}

static void print_stmt(const struct dis *ds, uint32_t a, const uint8_t *p, int n,
                       const char *label, const char *text)
{
    char hex[20] = "";
    for (int i = 0; i < n && i < 8; i++)
        snprintf(hex + 2 * i, sizeof hex - 2 * (size_t)i, "%02X", p[i]);
    fprintf(ds->f, "%06X  %-16s %-8s %s", (unsigned)a, hex, label, text);
    const struct obj_line *ln = line_at(ds, a);
    if (ln && (size_t)ln->file < ds->m->nfiles)
        fprintf(ds->f, "   %s:%d", ds->m->files[ln->file], ln->line);
    fputc('\n', ds->f);
}

/* Next address after a where a symbol of section id starts, or end. */
static uint32_t next_sym(const struct dis *ds, int id, uint32_t a, uint32_t end)
{
    for (size_t i = first_sym_from(ds, a + 1); i < ds->nsyms && ds->syms[i].addr < end; i++)
        if (ds->syms[i].esd == id)
            return ds->syms[i].addr;
    return end;
}

static void dis_section(const struct dis *ds, const struct obj_esd *e)
{
    const char *mod = obj_mod_of(ds->m, e->id);
    fprintf(ds->f, "\n* CSECT %s  %06X-%06X  length %06X%s%s\n", e->name, (unsigned)e->addr,
            (unsigned)(e->len ? e->addr + e->len - 1 : e->addr), (unsigned)e->len,
            mod ? "  from " : "", mod ? mod : "");
    uint32_t end = e->addr + e->len;
    for (uint32_t a = e->addr; a < end;) {
        const char *label = labels_at(ds, e->id, a);
        const uint8_t *p = ds->image + (a - ds->lo);
        char text[96];
        char t = mode_at(ds, e->id, a);
        uint32_t stop = next_sym(ds, e->id, a, end);
        int n = 0;
        if (!ds->has_text[a - ds->lo]) {    /* storage with no text: DS */
            uint32_t z = a;
            while (z < stop && !ds->has_text[z - ds->lo])
                z++;
            fprintf(ds->f, "%06X  %-16s %-8s DS    XL%X\n", (unsigned)a, "", label,
                    (unsigned)(z - a));
            a = z;
            continue;
        }
        if (!is_data_type(t))
            n = isa_disasm(p, end - a, text, sizeof text);
        if (n == 0) {       /* data up to the next symbol, 8 bytes a line */
            n = (int)(stop - a < 8 ? stop - a : 8);
            if (!is_data_type(t)) {     /* not an instruction: up to the next valid one */
                int k = 2;
                char tmp[96];
                while (k < n && isa_disasm(p + k, end - a - (uint32_t)k, tmp, sizeof tmp) == 0)
                    k += 2;
                n = k < n ? k : n;
            }
            for (int i = 1; i < n; i++)
                if (!ds->has_text[a + (uint32_t)i - ds->lo])
                    n = i;
            int k = snprintf(text, sizeof text, "DC    X'");
            for (int i = 0; i < n; i++)
                k += snprintf(text + k, sizeof text - (size_t)k, "%02X", p[i]);
            snprintf(text + k, sizeof text - (size_t)k, "'");
        }
        print_stmt(ds, a, p, n, label, text);
        a += (uint32_t)n;
    }
}

static int esd_addr_cmp(const void *a, const void *b)
{
    const struct obj_esd *const *x = a, *const *y = b;
    return (*x)->addr < (*y)->addr ? -1 : (*x)->addr > (*y)->addr;
}

int ld_disassemble(const struct obj_module *m, FILE *f)
{
    struct dis ds = { .m = m, .f = f };
    const struct obj_esd **sds = malloc((m->nesd + 1) * sizeof *sds);
    int rc = sds && build(&ds) == 0 ? 0 : -1;
    if (rc == 0) {
        size_t n = 0;
        for (size_t i = 0; i < m->nesd; i++)
            if (m->esd[i].type == ESD_SD)
                sds[n++] = &m->esd[i];
        qsort(sds, n, sizeof *sds, esd_addr_cmp);
        fprintf(f, "ADDR    OBJECT CODE      LABEL    STATEMENT\n");
        for (size_t i = 0; i < n; i++)
            dis_section(&ds, sds[i]);
        if (m->has_entry)
            fprintf(f, "\n* entry point %06X\n", (unsigned)m->entry_addr);
    }
    free(sds);
    free(ds.image);
    free(ds.has_text);
    free(ds.syms);
    free(ds.lines);
    return rc;
}
