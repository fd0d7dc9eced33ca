/*
 * microword.c -- the field table of fields.def as data: descriptors,
 * lookups by name and code, the layout hash and per-word cycle costs.
 */
#include "microword.h"

#include <ctype.h>

const struct mc_field_desc mc_fields[MC_NFIELDS] = {
#define MC_FIELD(name, pos, width, set, what) { #name, pos, width, MC_SET_##set, what },
#define MC_VALUE(set, name, code, cycles, what)
#include "fields.def"
#undef MC_FIELD
#undef MC_VALUE
};

const struct mc_value_desc mc_values[] = {
#define MC_FIELD(name, pos, width, set, what)
#define MC_VALUE(set, name, code, cycles, what) { MC_SET_##set, #name, code, cycles, what },
#include "fields.def"
#undef MC_FIELD
#undef MC_VALUE
};
const size_t mc_nvalues = sizeof mc_values / sizeof mc_values[0];

const char *const mc_vector_names[MC_NVECTORS] = {
#define X(e, s) s,
    MC_VECTORS(X)
#undef X
};

const char *const mc_decode_names[MC_NDECODES] = {
#define X(e) #e,
    MC_DECODES(X)
#undef X
};

static const char *const set_names[MC_NSETS] = {
#define X(s, np) #s,
    MC_SETS(X)
#undef X
    "NUM"
};

const char *mc_set_name(enum mc_set s) { return s < MC_NSETS ? set_names[s] : "?"; }

static int same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (toupper((unsigned char)*a) != toupper((unsigned char)*b))
            return 0;
    return *a == *b;
}

/* Each value's place in mc_values, and for each set the value of each
 * code (its place + 1; 0: none), both from the rows themselves, so that
 * mc_value_by_code -- which loading a control store calls for every field
 * of every word -- is one index.  A code beyond MC_CODE_LIMIT does not
 * compile. */
enum mc_value_place {
#define MC_FIELD(name, pos, width, set, what)
#define MC_VALUE(set, name, code, cycles, what) MC_VP_##set##_##name,
#include "fields.def"
#undef MC_FIELD
#undef MC_VALUE
    MC_VP_COUNT
};
#define MC_CODE_LIMIT 128                /* the widest coded field: 7 bits */
static const unsigned short by_code[MC_NSETS][MC_CODE_LIMIT] = {
#define MC_FIELD(name, pos, width, set, what)
#define MC_VALUE(set, name, code, cycles, what) [MC_SET_##set][code] = MC_VP_##set##_##name + 1,
#include "fields.def"
#undef MC_FIELD
#undef MC_VALUE
};

const struct mc_value_desc *mc_value_by_code(enum mc_set s, unsigned code)
{
    if ((unsigned)s >= MC_NSETS || code >= MC_CODE_LIMIT || !by_code[s][code])
        return NULL;
    return &mc_values[by_code[s][code] - 1];
}

const struct mc_field_desc *mc_field_by_name(const char *name)
{
    for (int i = 0; i < MC_NFIELDS; i++)
        if (same_name(name, mc_fields[i].name))
            return &mc_fields[i];
    return NULL;
}

const struct mc_value_desc *mc_value_by_name(enum mc_set s, const char *name)
{
    for (size_t i = 0; i < mc_nvalues; i++)
        if (mc_values[i].set == s && same_name(name, mc_values[i].name))
            return &mc_values[i];
    return NULL;
}

unsigned mc_word_cycles(const struct mc_word *m)
{
    unsigned n = 0;
    for (int i = 0; i < MC_NFIELDS; i++) {
        const struct mc_field_desc *f = &mc_fields[i];
        if (f->set == MC_SET_NUM)
            continue;
        const struct mc_value_desc *v = mc_value_by_code(f->set, mc_get(m, f->pos, f->width));
        if (v)
            n += v->cycles;
    }
    return n;
}

/* FNV-1a over every field's name/position/width and every value's code. */
static uint32_t fnv(uint32_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 16777619u;
    return (h ^ 0xFF) * 16777619u;
}

uint32_t mc_layout_hash(void)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < MC_NFIELDS; i++) {
        h = fnv(h, mc_fields[i].name);
        h = (h ^ mc_fields[i].pos) * 16777619u;
        h = (h ^ mc_fields[i].width) * 16777619u;
        h = (h ^ mc_fields[i].set) * 16777619u;
    }
    for (size_t i = 0; i < mc_nvalues; i++) {
        h = fnv(h, mc_values[i].name);
        h = (h ^ mc_values[i].set) * 16777619u;
        h = (h ^ mc_values[i].code) * 16777619u;
        h = (h ^ mc_values[i].cycles) * 16777619u;
    }
    return h;
}
