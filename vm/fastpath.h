/*
 * fastpath.h -- the fast path's operation codes (the cases of fp_run's
 * loop, uop.op) and what fpchoose.c gives fastpath.c (libimpvm private).
 * The cases that come from tables (an ALU function's, a storage
 * operation's, the X cases) are written by mkfastpath (mkfastpath.c).
 */
#ifndef IMP_FASTPATH_H
#define IMP_FASTPATH_H

#include "vmint.h"

#include <string.h>

/*
 * The X cases (fastpath.def): one operation code per combination of an X
 * function, CC setting and condition, X_OP(function, CC, condition).
 */
#include "fastpath.def"
#define FP_X_ENUM_(name, ...) XF_##name,
enum { FP_X_FNS(FP_X_ENUM_) NXFN };     /* XF_NONE ..., and how many */
#undef FP_X_ENUM_
#define FP_X_ENUM_(name, ...) XC_##name,
enum { FP_X_CCS(FP_X_ENUM_) NXCC };
#undef FP_X_ENUM_
#define FP_X_ENUM_(name, ...) XD_##name,
enum { FP_X_CONDS(FP_X_ENUM_) NXCOND };
#undef FP_X_ENUM_
#define X_OP(F, C, D) (OP_X + (XF_##F * NXCC + XC_##C) * NXCOND + XD_##D)

/* The bytes each storage operation moves (fields.def), by code. */
static const uint8_t mem_len[] = MC_MEM_LENS;

/* The OP_MEM cases assume: OP_MEM + F * 8 + M, and a storage operation
 * that only reads or only writes (the ones with a case) reads iff
 * M <= RD4 and writes iff M >= WR1 (mem_body tests
 * the code, a constant in each case, not the table). */
#define FP_MEM_CHECK_(x, M, code, cycles, len, access, what)                              \
    _Static_assert((MC_ACC_##access != MC_ACC_READ && MC_ACC_##access != MC_ACC_WRITE) ||  \
                       ((code) < 8 && ((code) <= MC_MEM_RD4) == (MC_ACC_##access == MC_ACC_READ) && \
                        ((code) >= MC_MEM_WR1) == (MC_ACC_##access == MC_ACC_WRITE)),    \
                   "MEM " #M ": the OP_MEM cases' codes");
MC_MEM_VALUES(FP_MEM_CHECK_, _)
#undef FP_MEM_CHECK_

/* Operation codes (uop.op). */
#define NALU (1u << MC_WIDTH_ALU)       /* every code the ALU field can hold */
enum {
    OP_GENERIC, OP_FETCH, OP_IA, OP_IAJ, OP_MEMX, OP_EXIT, OP_BRANCH,
    OP_FETCHP,                          /* the fetch vector with paging on (fp_set_fetch) */
    OP_FETCHM,                          /* ... with the CSECT monitor's bounds comparator */
    OP_FETCHR,                          /* ... with PER's branch and fetch comparators */
    OP_FETCHRP,                         /* ... and paging or the CSECT monitor */
    OP_RNLD, OP_RNST,                   /* the RN loops of LM and STM (one case, every pass) */
    OP_PROBE,                           /* an access check (PRBR, PRBW) and an ALU word */
    OP_LINK,                            /* an ALU word whose A is the link word (BAL, BALR) */
    OP_NEXTI,                           /* not a microword: a chained instruction's fetch of the next */
    OP_SSFILL, OP_SSMOVE,               /* the SS byte loops: XC's clear, MVC's (one case, every pass) */
    OP_ALU,                             /* + ALU function */
    OP_ALUP = OP_ALU + NALU,            /* + ALU function */
    OP_MEM = OP_ALUP + NALU,            /* + ALU function * 8 + MEM (RD1..WR4) */
    OP_ALUN = OP_MEM + NALU * 8,        /* + pure ALU function, flags not set */
    OP_ALUNP = OP_ALUN + NALU,          /* + pure ALU function, flags not set */
    OP_MEMN = OP_ALUNP + NALU,          /* + pure ALU function * 8 + MEM, flags not set */
    OP_ADDZ = OP_MEMN + NALU * 8,       /* ADD, SUB needing no C and no V: Z and N alone */
    OP_SUBZ,
    OP_X,                               /* + ((function * NXCC) + CC) * NXCOND + condition */
    OP_COUNT = OP_X + NXFN * NXCC * NXCOND
};

/* One of the fetch vector's cases. */
static inline int op_is_fetch(unsigned op)
{
    return op == OP_FETCH || op == OP_FETCHP || op == OP_FETCHM || op == OP_FETCHR ||
           op == OP_FETCHRP;
}

/* fpchoose.c.  The case of u given the one its fields chose (op), for its
 * CC and condition as they are now (a bound word's may be decided). */
unsigned fp_refine(const struct uop *u, unsigned op);
/* Copy into slot (TR_MAX words) the bound words of the instruction of the
 * cache entry e, whose first microword is entry; returns slot, the word
 * its fetch goes to (the first bound word, or a copy of the exit to
 * entry).  With e->succ set, the bound words' way to the fetch is
 * OP_NEXTI (vm->nextstub) if none of them loads IA; else e->succ is
 * made NULL. */
const struct uop *fp_bind(struct vm *vm, struct icent *e, struct uop *slot,
                          const struct uop *entry);

/*
 * What fastpath.c (the loop), fetch.c (the fetches outside it) and
 * icache.c (the decoded-instruction cache) share.
 */
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

/* The first 8 bytes at p as one native word. */
static inline uint64_t load8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* The cell at byte offset off of vm (an icent's register offsets). */
static inline uint32_t vm_cell(const struct vm *vm, unsigned off)
{
    uint32_t v;
    memcpy(&v, (const char *)vm + off, sizeof v);
    return v;
}

/* Stop before executing u (cycle bound): resume at u. */
static inline const struct uop *stop_at(struct vm *vm, const struct uop *u, enum vm_status s)
{
    vm->upc = u->self;
    vm->stop = s;
    return NULL;
}

/* Set the I-unit latches and register slots of the instruction whose
 * fetch left them in its cache entry (vm->cur): before any microword that
 * is not bound to the instruction runs, and before the loop returns. */
void fp_latch_in(struct vm *vm);

static inline void latches(struct vm *vm)
{
    if (vm->cur)
        fp_latch_in(vm);
}

static inline const struct uop *trap_to(struct vm *vm, int pic)
{
    latches(vm);
    vm->pic = (uint32_t)pic;
    vm->rsp = 0;
    return &vm->cs[vm->img.vector[MC_V_TRAP]];
}

/* Decode from the cache entry: IA, EA1/EA2 (from the registers before the
 * instruction changes any); the latches stay in the entry (vm->cur).  The
 * caller counts the fetch. */
static inline __attribute__((always_inline)) void fetch_hit(struct vm *vm, uint32_t ia,
                                                            const struct icent *e)
{
    unsigned eas = e->eas;
    vm->cur = e;
    vm->iaddr = ia;
    vm->ia = e->nia;
    if (eas) {
        if (eas & IC_EA2)
            vm->ea2 = (e->d2 + vm_cell(vm, e->x2o) + vm_cell(vm, e->b2o)) & VM_ADDR_MASK;
        if (eas & IC_EA1)
            vm->ea1 = (e->d1 + vm_cell(vm, e->b1o)) & VM_ADDR_MASK;
    }
}

/* The cached entry is the instruction at ia (tag and bytes; with psw_bad
 * set no fetch gets here but through fp_fetch_checked). */
static inline int ic_hit(const struct vm *vm, uint32_t ia, const struct icent *e)
{
    return e->tag == ia + vm->ic_tag && (load8(e->hp) & e->mask) == e->bytes;
}

/* The same with paging off: task 1's tag, 1. */
static inline int ic_hit_plain(uint32_t ia, const struct icent *e)
{
    return e->tag == ia + 1 && (load8(e->hp) & e->mask) == e->bytes;
}

/* icache.c.  Fill e from the latches iu_fetch just set for the
 * instruction at ia, whose bytes are at host (in one page), and bind its
 * words (fp_bind). */
void fp_ic_fill(struct vm *vm, struct icent *e, uint32_t ia, const uint8_t *host);

/* fetch.c.  The fetch of an instruction not in the cache (u, the fetch
 * word, counted; e its slot); the fetch at or past the deadline, every
 * check in the reference order; and the timer update alone at the
 * deadline (1: the plain fetch goes on).  Each gives the next microword,
 * or NULL to stop. */
const struct uop *fp_fetch_slow(struct vm *vm, const struct uop *u, uint32_t ia, struct icent *e);
const struct uop *fp_fetch_checked(struct vm *vm, const struct uop *u);
int fp_fetch_timer(struct vm *vm, unsigned fc);

#endif
