/*
 * icache.c -- the decoded-instruction cache (vm->ic, vm/ENGINE.md "The
 * decoded-instruction cache"): an entry filled from the I-unit's latches
 * (fp_ic_fill, with its bound words, fp_bind), flushed whole (fp_flush)
 * and forgotten by address (fp_forget, a breakpoint) or by a task's page
 * (fp_forget_task_page, a page's mapping changed).
 */
#include "fastpath.h"

#include <stddef.h>
#include <string.h>

/* The mask of the first n bytes of a native word (load8). */
static uint64_t byte_mask(unsigned n)
{
    uint8_t b[8] = { 0 };
    memset(b, 0xFF, n);
    return load8(b);
}

_Static_assert(sizeof(struct icent) == 128, "a cache entry is 128 bytes");
_Static_assert(offsetof(struct vm, zero) <= UINT16_MAX, "register offsets fit 16 bits");

/* The offset in struct vm of GR[r], or of the zero cell for r = 0. */
static uint16_t gr_off(unsigned r)
{
    return (uint16_t)(r ? offsetof(struct vm, gr) + r * sizeof(uint32_t)
                        : offsetof(struct vm, zero));
}

/* Fill e from the latches iu_fetch just set for the instruction at ia,
 * whose bytes are at host (in one page: storage.h st_ifetch). */
void fp_ic_fill(struct vm *vm, struct icent *e, uint32_t ia, const uint8_t *host)
{
    const uint8_t *p = vm->ibytes;
    unsigned dec = vm->img.decode[vm->didx];
    e->hp = host;
    /* The instruction that follows, for chaining (fp_bind): with paging
     * off (the tag is task 1's). */
    uint32_t next = (ia + vm->ilen) & VM_ADDR_MASK;
    e->nia = next;
    e->succ = NULL;
    if (!vm->pg.on) {
        e->succ = ic_slot(vm, next);
        e->succ_tag = next + vm->ic_tag;
    }
    e->mask = byte_mask(vm->ilen);
    e->bytes = load8(host) & e->mask;
    e->il = vm->il;
    e->eas = 0;
    e->b1o = e->b2o = e->x2o = gr_off(0);
    e->d1 = e->d2 = 0;
    unsigned b1 = p[2] >> 4, b2 = dec == MC_DEC_SS ? p[4] >> 4 : p[2] >> 4;
    uint16_t d1 = (uint16_t)((p[2] & 15) << 8 | p[3]);
    switch (dec) {
    case MC_DEC_RX:
        e->x2o = gr_off(vm->r2);
        /* fall through */
    case MC_DEC_RS: case MC_DEC_S:
        e->eas = IC_EA2;
        e->b2o = gr_off(b2);
        e->d2 = d1;
        break;
    case MC_DEC_SI:
        e->eas = IC_EA1;
        e->b1o = gr_off(b1);
        e->d1 = d1;
        break;
    case MC_DEC_SS:
        e->eas = IC_EA1 | IC_EA2;
        e->b1o = gr_off(b1);
        e->d1 = d1;
        e->b2o = gr_off(b2);
        e->d2 = (uint16_t)((p[4] & 15) << 8 | p[5]);
        break;
    default:
        break;
    }
    for (int i = 0; i < 5; i++)
        e->gpo[i] = (uint16_t)((char *)vm->src[MC_SRC_R1 + i] - (char *)vm);
    e->entry = fp_bind(vm, e, &vm->tr[(size_t)(e - vm->ic) * TR_MAX],
                          &vm->cs[vm->img.dispatch[vm->didx]]);
    e->tag = ia + vm->ic_tag;
    vm->ic_used = 1;
}

void fp_flush(struct vm *vm)
{
    if (vm->ic_used) {
        memset(vm->ic, 0, sizeof vm->ic);
        vm->ic_used = 0;
    }
}

/* Task id's tag (paging.c load_state sets the current task's in
 * vm->ic_tag: task 1's is that of paging off). */
static uint32_t task_tag(unsigned id) { return 1 + ((id - 1) << 24); }

static void forget_as(struct vm *vm, uint32_t ia, uint32_t tag)
{
    struct icent *e = ic_slot(vm, ia);
    if (e->tag == ia + tag)
        e->tag = 0;
}

void fp_forget(struct vm *vm, uint32_t ia)
{
    for (unsigned id = 1; id <= vm->ntasks; id++)     /* a breakpoint is in every task */
        forget_as(vm, ia, task_tag(id));
}

void fp_forget_task_page(struct vm *vm, unsigned id, uint32_t page)
{
    /* the page's halfwords map onto ST_PAGE / 2 entries */
    uint32_t base = page << ST_SHIFT, tag = task_tag(id);
    if (!vm->ic_used)
        return;
    for (uint32_t a = base; a < base + ST_PAGE; a += 2)
        forget_as(vm, a, tag);
}

