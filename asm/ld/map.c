/*
 * map.c -- the load map: every CSECT with its address, length, last byte,
 * alignment (D doubleword, P page) and object module, in address order;
 * the entry names; the entry point; the total size.  When ORDER or PAGE
 * statements shaped the layout, every page boundary the program crosses is
 * marked between the CSECT lines (inside a CSECT: after its line, naming
 * it), so the effect of ORDER on paging can be read off the map.
 */
#include <string.h>

#include "ld.h"

static int name_width(const struct linker *l)
{
    size_t w = 8;
    for (size_t i = 0; i < l->nnames; i++)
        if (strlen(l->names[i].name) > w)
            w = strlen(l->names[i].name);
    return (int)w;
}

/* Marks for page boundaries b with lo < b <= hi (inside: the CSECT they split). */
static void page_marks(const struct linker *l, FILE *f, uint32_t lo, uint32_t hi,
                       const char *inside)
{
    uint32_t b = (lo / l->page_size + 1) * l->page_size;
    for (; b <= hi && b > lo; b += l->page_size) {
        if (inside)
            fprintf(f, "  -------- page boundary %06X (inside %s) --------\n", (unsigned)b, inside);
        else
            fprintf(f, "  -------- page boundary %06X --------\n", (unsigned)b);
    }
}

static void map_sections(const struct linker *l, FILE *f, int w)
{
    fprintf(f, "%-*s  ADDRESS  LENGTH  END     ALIGN  MODULE\n", w, "CSECT");
    uint32_t prev = l->origin;
    for (size_t i = 0; i < l->nsections; i++) {
        const struct ld_section *s = &l->sections[l->order[i]];
        if (l->layout_marks)
            page_marks(l, f, i == 0 ? s->addr : prev, s->addr, NULL);
        char end[16] = "-";
        if (s->len)
            snprintf(end, sizeof end, "%06X", (unsigned)(s->addr + s->len - 1));
        fprintf(f, "%-*s  %06X   %06X  %-6s  %c      %s\n", w, s->name, (unsigned)s->addr,
                (unsigned)s->len, end, s->page_align ? 'P' : 'D', l->inputs[s->input].path);
        if (l->layout_marks && s->len)
            page_marks(l, f, s->addr, s->addr + s->len - 1, s->name);
        prev = s->len ? s->addr + s->len - 1 : s->addr;
    }
}

static void map_entries(const struct linker *l, FILE *f, int w)
{
    int any = 0;
    for (size_t i = 0; i < l->nnames; i++) {
        const struct ld_name *nm = &l->names[i];
        if (!nm->is_entry)
            continue;
        if (!any++)
            fprintf(f, "\n%-*s  ADDRESS  CSECT+OFFSET\n", w, "ENTRY");
        const struct ld_section *s = &l->sections[nm->section];
        fprintf(f, "%-*s  %06X   %s+%X\n", w, nm->name, (unsigned)(s->addr + nm->offset),
                s->name, (unsigned)nm->offset);
    }
}

void ld_write_map(const struct linker *l, FILE *f)
{
    int w = name_width(l);
    fprintf(f, "IMPLD LOAD MAP\n\n");
    fprintf(f, "Origin %06X, page size %u\n\n", (unsigned)l->origin, (unsigned)l->page_size);
    map_sections(l, f, w);
    map_entries(l, f, w);
    fprintf(f, "\nEntry point %06X", (unsigned)l->entry);
    for (size_t i = 0; i < l->nsections; i++) {
        const struct ld_section *s = &l->sections[l->order[i]];
        if (l->entry >= s->addr && (l->entry < s->addr + s->len || i + 1 == l->nsections)) {
            fprintf(f, " (%s+%X", s->name, (unsigned)(l->entry - s->addr));
            if (l->entry_label && strcmp(l->entry_label, s->name) != 0)
                fprintf(f, ", %s", l->entry_label);
            fputc(')', f);
            break;
        }
    }
    uint32_t size = l->end - l->origin;
    uint32_t first = l->origin / l->page_size;
    uint32_t last = l->end > l->origin ? (l->end - 1) / l->page_size : first;
    fprintf(f, "\nTotal length %06X (%u bytes, %06X-%06X), %u CSECTs, %u pages\n",
            (unsigned)size, (unsigned)size, (unsigned)l->origin,
            (unsigned)(size ? l->end - 1 : l->end), (unsigned)l->nsections,
            (unsigned)(size ? last - first + 1 : 0));
}
