/*
 * sections.c -- the table of the monitors' sections of a profile, from
 * vm/hpm/sections.def: the reader, impprof's options and the report
 * loop over it.
 */
#include "section.h"

#define HPM_SECTION(e, name) extern const struct prof_sec prof_sec_##name;
#include "../vm/hpm/sections.def"
#undef HPM_SECTION

const struct prof_sec *const prof_sections[PROF_NMON] = {
#define HPM_SECTION(e, name) [e] = &prof_sec_##name,
#include "../vm/hpm/sections.def"
#undef HPM_SECTION
};
