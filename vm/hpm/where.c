/*
 * where.c -- WHERE: the windows and ranges the monitors' settings name
 * (--ias-window=WHERE, --per=...,range=WHERE), resolved in the loaded
 * program: program (everything it loads), a CSECT or a label (a label
 * ends at the next label of its CSECT, or at the CSECT's end), or
 * FROM:TO with names or hex addresses, TO not in it.
 */
#include "hpm.h"

#include <string.h>
#include <strings.h>

#include "number.h"

uint32_t hpm_loaded(const struct symtab *s, uint32_t a)
{
    return (uint32_t)((int64_t)a + s->delta) & VM_ADDR_MASK;
}

/* The extent of everything the module loads: [lo, hi). */
static int program_extent(const struct symtab *s, uint32_t *lo, uint32_t *hi)
{
    const struct obj_module *m = s->m;
    uint32_t a = UINT32_MAX, b = 0;
    for (size_t i = 0; m && i < m->nesd; i++)
        if (m->esd[i].type == ESD_SD && m->esd[i].len) {
            uint32_t at = hpm_loaded(s, m->esd[i].addr);
            a = at < a ? at : a;
            b = at + m->esd[i].len > b ? at + m->esd[i].len : b;
        }
    if (a == UINT32_MAX)
        return -1;
    *lo = a;
    *hi = b;
    return 0;
}

/* A CSECT or a label: its start, and its end. */
static int named(const struct symtab *s, const char *name, uint32_t *lo, uint32_t *hi)
{
    const struct obj_module *m = s->m;
    for (size_t i = 0; m && i < m->nesd; i++)
        if (m->esd[i].type == ESD_SD && strcasecmp(m->esd[i].name, name) == 0) {
            *lo = hpm_loaded(s, m->esd[i].addr);
            *hi = *lo + m->esd[i].len;
            return 0;
        }
    for (size_t i = 0; m && i < m->nsym; i++) {
        const struct obj_sym *y = &m->sym[i];
        if (strcasecmp(y->name, name) != 0)
            continue;
        const struct obj_esd *sd = obj_esd_by_id(m, y->esd);
        uint32_t end = sd ? sd->addr + sd->len : y->addr + 2;
        for (size_t j = 0; j < m->nsym; j++)
            if (m->sym[j].esd == y->esd && m->sym[j].addr > y->addr && m->sym[j].addr < end)
                end = m->sym[j].addr;
        *lo = hpm_loaded(s, y->addr);
        *hi = hpm_loaded(s, end);
        return 0;
    }
    return -1;
}

/* A bound: a name's start, or a hex address. */
static int bound(const struct symtab *s, const char *t, uint32_t *v)
{
    uint32_t hi;
    uint64_t x;
    if (named(s, t, v, &hi) == 0)
        return 0;
    if (parse_number_in(t, NUM_HEX, 0, VM_ADDR_MASK + 1u, &x) != 0)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

/* WHERE into [*lo, *hi): 0, -1 if a name or address is not found, -2 if
 * FROM:TO has TO below FROM, -3 if TO is FROM (an empty range). */
int hpm_where(const struct symtab *s, const char *where, uint32_t *lo, uint32_t *hi)
{
    if (strcasecmp(where, "program") == 0)
        return program_extent(s, lo, hi);
    const char *colon = strchr(where, ':');
    if (!colon)
        return named(s, where, lo, hi);
    char a[64];
    size_t n = (size_t)(colon - where);
    if (n >= sizeof a)
        return -1;
    memcpy(a, where, n);
    a[n] = '\0';
    if (bound(s, a, lo) != 0 || bound(s, colon + 1, hi) != 0)
        return -1;
    return *lo > *hi ? -2 : *lo == *hi ? -3 : 0;
}

void hpm_where_say(const struct run *r, const char *setting, const char *value, int rc,
                   const struct symtab *s)
{
    if (rc == -2 || rc == -3)
        run_say(r->sink, setting, value, "%s: a range is FROM:TO, TO the first byte after it",
                rc == -2 ? "TO is below FROM" : "TO is FROM (no byte)");
    else
        run_say(r->sink, setting, value, "no such CSECT, label or range in the program%s",
                s->m ? "" : " (a core image has no symbols)");
}
