/*
 * fastpath.h -- the fast path's operation codes (the cases of fp_run's
 * loop, uop.op) and what fpchoose.c gives fastpath.c (libimpvm private).
 * The cases that come from tables (an ALU function's, a storage
 * operation's, the X cases) are written by mkfastpath (mkfastpath.c).
 */
#ifndef IMP_FASTPATH_H
#define IMP_FASTPATH_H

#include "vmint.h"

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

#endif
