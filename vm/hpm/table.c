/*
 * table.c -- the table of the hardware performance monitors, from
 * hpm.def: every loop over the monitors starts here.
 */
#include "hpm.h"
#include "report.h"

#include <string.h>

#define HPM(name) extern const struct hpm_class hpm_##name;
#include "hpm.def"
#undef HPM

const struct hpm_class *const hpm_classes[] = {
#define HPM(name) &hpm_##name,
#include "hpm.def"
#undef HPM
    NULL,
};

_Static_assert(sizeof hpm_classes / sizeof hpm_classes[0] <= IMPRUN_HPM_WORDS + 1,
               "a word of settings for every monitor");

static size_t row(const struct hpm_class *c)
{
    size_t i = 0;
    while (hpm_classes[i] && hpm_classes[i] != c)
        i++;
    return i;
}

uint64_t *hpm_word(struct imprun_opts *o, const struct hpm_class *c)
{
    return &o->hpm_words[row(c)];
}

uint64_t hpm_word_of(const struct imprun_opts *o, const struct hpm_class *c)
{
    return o->hpm_words[row(c)];
}

const struct hpm_class *hpm_find(const char *name)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if (strcmp((*c)->name, name) == 0)
            return *c;
    return NULL;
}

const struct hpm_setting *hpm_setting_find(const char *name, const struct hpm_class **cls)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        for (const struct hpm_setting *s = (*c)->settings; s && s->name; s++)
            if (strcmp(s->name, name) == 0) {
                if (cls)
                    *cls = *c;
                return s;
            }
    return NULL;
}

int hpm_any_on(const struct imprun_opts *o)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->summary && (*c)->on(o))
            return 1;
    return 0;
}

uint32_t hpm_top(const struct imprun_opts *o, uint32_t size)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->reserve)
            size -= (*c)->reserve(o);
    return size;
}

void hpm_defaults(struct imprun_opts *o)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->defaults)
            (*c)->defaults(o);
}

void hpm_usage(FILE *f)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        for (const struct hpm_setting *s = (*c)->settings; s->name; s++) {
            char form[128];
            snprintf(form, sizeof form, "--%s%s%s%s%s", s->name, s->optional ? "[" : "",
                     s->arg[0] ? "=" : "", s->arg, s->optional ? "]" : "");
            if (strlen(form) <= 20)
                fprintf(f, "  %-20s  %s\n", form, s->help);
            else
                fprintf(f, "  %s\n  %-20s  %s\n", form, "", s->help);
        }
}

void hpm_info(FILE *f, struct vm *vm)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++) {
        if ((*c)->info) {
            (*c)->info(f, vm);
            continue;
        }
        if ((*c)->hw < 0)
            continue;
        struct vm_hpm_stats s;
        vm_hpm_stats(vm, (enum vm_hpm)(*c)->hw, &s);
        fprintf(f, "%-6s %-3s events %-10llu entries %-10llu cycles %llu%s\n", (*c)->name,
                s.on ? "on" : "off", (unsigned long long)s.events, (unsigned long long)s.entries,
                (unsigned long long)s.cycles, s.full ? " (buffer full)" : "");
    }
}

void hpm_json_member(struct hpm_json *h, const char *name)
{
    if (!h->open)
        json_object(h->j, "monitors");
    h->open = 1;
    json_object(h->j, name);
}

void hpm_json_counters(struct hpm_json *h, struct run *r, const struct hpm_class *c)
{
    if (c->hw < 0)
        return;
    struct vm_hpm_stats s;
    vm_hpm_stats(r->vm, (enum vm_hpm)c->hw, &s);
    if (!s.entries && !s.on && !s.full)
        return;
    hpm_json_member(h, c->name);
    json_u64(h->j, "events", s.events);
    json_u64(h->j, "entries", s.entries);
    json_u64(h->j, "cycles", s.cycles);
    json_bool(h->j, "full", s.full);
    json_end(h->j, '}');
}

void hpm_json(struct json *j, struct run *r)
{
    struct hpm_json h = { j, 0 };
    for (const struct hpm_class *const *c = hpm_classes; *c; c++) {
        if ((*c)->json)
            (*c)->json(&h, r);
        else
            hpm_json_counters(&h, r, *c);
    }
    if (h.open)
        json_end(j, '}');
}

int hpm_diagnose(struct run *r, uint32_t code, enum vm_host_result *res)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->diagnose && (*c)->diagnose(r, code, res))
            return 1;
    return 0;
}
