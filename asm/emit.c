/*
 * emit.c -- filling the object module: TXT (adjacent bytes of a section
 * are gathered into records of up to 64 bytes), RLD and XREF records for
 * relocatable fields, and SYM records for the labels of control sections.
 * Addresses are assembly addresses (section origin + offset).  Nothing is
 * emitted for DSECTs.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int sect_esd(const struct assembler *as, int sect)
{
    if (sect < 0)
        return 0;
    const struct section *s = &as->sects[sect];
    return s->kind == SEC_DSECT ? 0 : s->esd;
}

void emit_flush(struct assembler *as)
{
    struct emitbuf *b = &as->eb;
    if (b->len)
        obj_add_txt(&as->obj, b->esd, b->addr, b->data, b->len);
    b->len = 0;
}

void emit_bytes(struct assembler *as, int sect, uint32_t off, const uint8_t *p, uint32_t n)
{
    int esd = sect_esd(as, sect);
    if (!esd || as->sects[sect].kind == SEC_EXT)
        return;
    uint32_t addr = sect_addr(as, sect, off);
    struct emitbuf *b = &as->eb;
    while (n) {
        if (b->len && (b->esd != esd || b->addr + b->len != addr || b->len == sizeof b->data))
            emit_flush(as);
        if (!b->len) {
            b->esd = esd;
            b->addr = addr;
        }
        uint32_t k = (uint32_t)sizeof b->data - b->len;
        if (k > n)
            k = n;
        memcpy(b->data + b->len, p, k);
        b->len += k;
        p += k;
        n -= k;
        addr += k;
    }
}

/* A relocatable field of a constant placed at (sect, base). */
void emit_fix(struct assembler *as, int sect, uint32_t base, const struct relfix *f)
{
    int esd = sect_esd(as, sect);
    int rid = sect_esd(as, f->sect);
    if (!esd || !rid)
        return;
    uint32_t addr = sect_addr(as, sect, base + f->off);
    obj_add_rld(&as->obj, esd, addr, f->len, (f->neg ? RLD_NEG : 0) | (f->v ? RLD_V : 0), rid);
    if (f->sect != sect)
        obj_add_xref(&as->obj, esd, addr, rid);
}

/* An instruction at (sect, off) refers to v: XREF it if v is in another section. */
void emit_xref(struct assembler *as, int sect, uint32_t off, const struct value *v)
{
    int esd = sect_esd(as, sect);
    if (!esd)
        return;
    for (int i = 0; i < v->nrel; i++) {
        int rid = sect_esd(as, v->rel[i].sect);
        if (rid && v->rel[i].sect != sect)
            obj_add_xref(&as->obj, esd, sect_addr(as, sect, off), rid);
    }
}

void emit_symbols(struct assembler *as)
{
    struct symbol **v;
    int n = symtab_sorted(&as->syms, &v);
    for (int i = 0; i < n; i++) {
        struct symbol *s = v[i];
        if (s->kind != SYM_LABEL && s->kind != SYM_EQU)
            continue;
        if (s->kind == SYM_EQU && s->state != 2)
            continue;
        int esd = sect_esd(as, s->sect);
        if (!esd || as->sects[s->sect].kind == SEC_EXT)
            continue;
        obj_add_sym(&as->obj, esd, s->name, sect_addr(as, s->sect, s->val), s->len,
                    s->type ? s->type : 'U');
    }
    free(v);
}
