/*
 * optab.c -- the operation table: a hash index over the instruction table
 * of lib/isa.def (instructions and extended branch mnemonics) and the
 * assembler's directives, so the scanner finds an operation in O(1).  It
 * holds pointers into isa_table/isa_ext_table; nothing is copied.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const struct { const char *name; enum dir_code dir; int noops; } directives[] = {
    { "CSECT", D_CSECT, 1 }, { "DSECT", D_DSECT, 1 }, { "START", D_START, 0 },
    { "END", D_END, 0 },     { "ENTRY", D_ENTRY, 0 }, { "EXTRN", D_EXTRN, 0 },
    { "WXTRN", D_WXTRN, 0 }, { "DC", D_DC, 0 },       { "DS", D_DS, 0 },
    { "EQU", D_EQU, 0 },     { "ORG", D_ORG, 0 },     { "LTORG", D_LTORG, 1 },
    { "USING", D_USING, 0 }, { "DROP", D_DROP, 0 },   { "CNOP", D_CNOP, 0 },
    { "COPY", D_COPY, 0 },   { "TITLE", D_TITLE, 0 }, { "SPACE", D_SPACE, 0 },
    { "EJECT", D_EJECT, 1 }, { "PRINT", D_PRINT, 0 }, { "AMODE", D_AMODE, 0 },
    { "RMODE", D_RMODE, 0 },
};

#define OPTAB_SIZE 512      /* power of two, > 2 * entries */

struct optab {
    struct opent ent[256];
    int n;
    short slot[OPTAB_SIZE];  /* index+1 into ent, 0 empty */
};

static unsigned hash_upper(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)toupper((unsigned char)s[i])) * 16777619u;
    return h;
}

static void insert(struct optab *t, struct opent e)
{
    if (t->n >= (int)(sizeof t->ent / sizeof t->ent[0]))
        return;
    unsigned h = hash_upper(e.name, strlen(e.name)) & (OPTAB_SIZE - 1);
    while (t->slot[h])
        h = (h + 1) & (OPTAB_SIZE - 1);
    t->ent[t->n] = e;
    t->slot[h] = (short)++t->n;
}

struct optab *optab_new(void)
{
    struct optab *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    for (size_t i = 0; i < isa_count; i++)
        insert(t, (struct opent){ .name = isa_table[i].name, .kind = OPK_INSN,
                                  .insn = &isa_table[i], .mask = -1 });
    for (size_t i = 0; i < isa_ext_count; i++)
        insert(t, (struct opent){ .name = isa_ext_table[i].name, .kind = OPK_EXT,
                                  .insn = isa_ext_table[i].base, .mask = isa_ext_table[i].mask });
    for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++)
        insert(t, (struct opent){ .name = directives[i].name, .kind = OPK_DIR,
                                  .dir = directives[i].dir, .noops = directives[i].noops,
                                  .mask = -1 });
    return t;
}

void optab_free(struct optab *t) { free(t); }

const struct opent *optab_find(const struct optab *t, const char *name, size_t n)
{
    if (n == 0 || n > 8)
        return NULL;
    unsigned h = hash_upper(name, n) & (OPTAB_SIZE - 1);
    while (t->slot[h]) {
        const struct opent *e = &t->ent[t->slot[h] - 1];
        if (strlen(e->name) == n) {
            size_t i = 0;
            while (i < n && toupper((unsigned char)name[i]) == e->name[i])
                i++;
            if (i == n)
                return e;
        }
        h = (h + 1) & (OPTAB_SIZE - 1);
    }
    return NULL;
}
