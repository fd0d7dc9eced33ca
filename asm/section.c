/*
 * section.c -- control sections, dummy sections, externals and the
 * location counter.
 *
 * Each section keeps its own location counter (offsets from 0; START n
 * begins the first one at n).  After pass 1, sect_layout() places the
 * CSECTs one after another in the assembly's address space, each at the
 * next doubleword boundary, as HLASM does; DSECTs stay at 0 and produce
 * nothing.  Externals (EXTRN, WXTRN, V-con targets) are sections of kind
 * SEC_EXT: a symbol in one has offset 0 and its ESD is an ER.
 */
#include <string.h>

#include "internal.h"

int sect_new(struct assembler *as, const char *name, enum sec_kind kind)
{
    as->sects = xgrow(as->sects, &as->capsects, as->nsects, sizeof *as->sects);
    struct section *s = &as->sects[as->nsects];
    memset(s, 0, sizeof *s);
    s->name = name;
    s->kind = kind;
    return (int)as->nsects++;
}

int sect_find(struct assembler *as, const char *name, enum sec_kind kind)
{
    for (size_t i = 0; i < as->nsects; i++)
        if (as->sects[i].kind == kind && as->sects[i].name && strcmp(as->sects[i].name, name) == 0)
            return (int)i;
    return -1;
}

void sect_enter(struct assembler *as, int s)
{
    as->cursect = s;
}

/* Align the location counter to align (a power of two); returns the padding. */
uint32_t sect_align(struct assembler *as, uint32_t align)
{
    if (as->cursect < 0 || align <= 1)
        return 0;
    struct section *s = &as->sects[as->cursect];
    uint32_t pad = (align - s->loc % align) % align;
    sect_advance(as, pad);
    return pad;
}

void sect_advance(struct assembler *as, uint32_t n)
{
    if (as->cursect < 0)
        return;
    struct section *s = &as->sects[as->cursect];
    if ((uint64_t)s->loc + n > 0xFFFFFF) {
        if (s->loc <= 0xFFFFFF)
            stmt_msg(as, as->curstmt, DIAG_ERROR, 0,
                     "location counter exceeds X'FFFFFF' (24-bit addresses): the "
                     "assembly stops here");
        s->loc = 0x1000000;
        as->loc_over = 1;
    } else {
        s->loc += n;
    }
    if (s->loc > s->max)
        s->max = s->loc;
}

/* Place the CSECTs (and private code) consecutively at doubleword boundaries. */
void sect_layout(struct assembler *as)
{
    uint32_t next = 0;
    int first = 1;
    for (size_t i = 0; i < as->nsects; i++) {
        struct section *s = &as->sects[i];
        if (s->kind != SEC_CSECT && s->kind != SEC_PRIVATE)
            continue;
        if (first)
            first = 0;
        next = (next + 7) & ~7u;
        s->origin = next;
        next += s->max;
    }
}

int sect_extern(struct assembler *as, const char *name, int weak, int is_v)
{
    int s = sect_find(as, name, SEC_EXT);
    if (s >= 0) {
        if (!is_v)
            as->sects[s].is_v = 0;
        return s;
    }
    s = sect_new(as, name, SEC_EXT);
    as->sects[s].weak = weak;
    as->sects[s].is_v = is_v;
    return s;
}

uint32_t sect_addr(const struct assembler *as, int sect, int64_t off)
{
    if (sect < 0)
        return (uint32_t)off;
    return (uint32_t)(as->sects[sect].origin + off);
}
