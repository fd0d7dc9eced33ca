/*
 * loader.c -- load modules and core images as flat storage images (see
 * loader.h).  Relocation follows the RLD rule of impobj(5): a field holds
 * the value assembled for the link origin, so moving the module by delta
 * adds delta to it (RLD_NEG: subtracts), modulo 2^(8*len).
 */
#include "loader.h"
#include "vm.h"                 /* VM_ADDR_MASK */
#include "readfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ADDR_LIMIT 0x1000000u

void loader_free(struct load_image *img)
{
    free(img->data);
    memset(img, 0, sizeof *img);
}

/* The extent [lo, hi) of the sections and text of m, as linked. */
static int module_extent(const struct obj_module *m, uint64_t *lo, uint64_t *hi)
{
    *lo = UINT64_MAX;
    *hi = 0;
    for (size_t i = 0; i < m->nesd; i++) {
        const struct obj_esd *e = &m->esd[i];
        if (e->type != ESD_SD)
            continue;
        if (e->addr < *lo) *lo = e->addr;
        if ((uint64_t)e->addr + e->len > *hi) *hi = (uint64_t)e->addr + e->len;
    }
    for (size_t i = 0; i < m->ntxt; i++) {
        const struct obj_txt *t = &m->txt[i];
        if (t->addr < *lo) *lo = t->addr;
        if ((uint64_t)t->addr + t->len > *hi) *hi = (uint64_t)t->addr + t->len;
    }
    return *lo == UINT64_MAX ? -1 : 0;
}

static void relocate_field(uint8_t *p, int len, int64_t delta, int neg)
{
    uint64_t v = 0;
    for (int i = 0; i < len; i++)
        v = v << 8 | p[i];
    v = neg ? v - (uint64_t)delta : v + (uint64_t)delta;
    for (int i = len - 1; i >= 0; i--) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

static uint32_t entry_of(const struct obj_module *m, uint64_t lo)
{
    if (m->has_entry)
        return m->entry_addr;
    for (size_t i = 0; i < m->nesd; i++)
        if (m->esd[i].type == ESD_SD)
            return m->esd[i].addr;         /* first section */
    return (uint32_t)lo;
}

int loader_place(const struct obj_module *m, uint32_t origin, uint32_t storage_size,
                 struct load_image *img, char *err, size_t errsize)
{
    uint64_t lo, hi;
    memset(img, 0, sizeof *img);
    if (module_extent(m, &lo, &hi) != 0) {
        snprintf(err, errsize, "the load module has no sections");
        return -1;
    }
    int64_t delta = origin == LOADER_AT_LINK ? 0 : (int64_t)origin - (int64_t)lo;
    uint64_t base = (uint64_t)((int64_t)lo + delta), len = hi - lo;
    if (base + len > ADDR_LIMIT || base + len > storage_size) {
        snprintf(err, errsize,
                 "the program (X'%06llX'-X'%06llX') does not fit in storage (%u bytes)",
                 (unsigned long long)base, (unsigned long long)(base + len - (len > 0)),
                 storage_size);
        return -1;
    }
    img->data = calloc(len ? len : 1, 1);
    if (!img->data) {
        snprintf(err, errsize, "out of memory for a %llu-byte program", (unsigned long long)len);
        return -1;
    }
    img->base = (uint32_t)base;
    img->len = (uint32_t)len;
    img->link_origin = (uint32_t)lo;
    img->delta = delta;
    for (size_t i = 0; i < m->ntxt; i++)
        memcpy(img->data + (m->txt[i].addr - lo), m->txt[i].data, m->txt[i].len);
    for (size_t i = 0; i < m->nrld; i++) {
        const struct obj_rld *r = &m->rld[i];
        if (r->len < 1 || r->len > 4 || r->addr < lo || (uint64_t)r->addr + (uint64_t)r->len > hi) {
            snprintf(err, errsize, "RLD field at X'%06X' (length %d) lies outside the program",
                     r->addr, r->len);
            loader_free(img);
            return -1;
        }
        if (delta != 0)
            relocate_field(img->data + (r->addr - lo), r->len, delta, r->flags & RLD_NEG);
    }
    img->entry = (uint32_t)(((int64_t)entry_of(m, lo) + delta) & VM_ADDR_MASK);
    return 0;
}

int loader_read_core(const char *path, uint32_t storage_size, struct load_image *img,
                     char *err, size_t errsize)
{
    memset(img, 0, sizeof *img);
    char *data;
    size_t n;
    int e = read_file(path, storage_size, &data, &n);
    const char *why = e == EFBIG ? "larger than storage (use --storage)"
                    : e ? strerror(e) : n == 0 ? "empty core image" : NULL;
    if (why) {
        snprintf(err, errsize, "%s: %s", path, why);
        free(data);
        return -1;
    }
    img->data = (uint8_t *)data;
    img->len = (uint32_t)n;
    return 0;
}

