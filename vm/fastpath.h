/*
 * fastpath.h -- the fast path's operation codes (the cases of fp_run's
 * loop, uop.op) and what fpchoose.c gives fastpath.c (libimpvm private).
 */
#ifndef IMP_FASTPATH_H
#define IMP_FASTPATH_H

#include "vmint.h"

/*
 * The X cases: an ALU word with flags (OP_ALU) whose function is NONE, ADD,
 * SUB or CMPA, whose CC setting is one of X_CCS and whose condition one of
 * X_CONDS, and whose flags no later word reads (uop.keep), each
 * combination a case of its own: flags, CC and condition computed in
 * line, no jump table.  CCM is a bound word's (UC_CCM + mask).
 */
#define X_FNS(X, ...) X(NONE, __VA_ARGS__) X(ADD, __VA_ARGS__) X(SUB, __VA_ARGS__) \
                      X(CMPA, __VA_ARGS__)
#define X_CCS(X, ...) X(NONE, __VA_ARGS__) X(ARITH, __VA_ARGS__) X(ADDL, __VA_ARGS__) \
                      X(CMP, __VA_ARGS__) X(CMPL, __VA_ARGS__)
#define X_CONDS(X, ...) X(NONE, __VA_ARGS__) X(NZ, __VA_ARGS__) X(Z, __VA_ARGS__)  \
                        X(FXO, __VA_ARGS__) X(GT, __VA_ARGS__) X(LT, __VA_ARGS__)  \
                        X(CCM, __VA_ARGS__)
#define X_ENUM(N, P) P##N,
enum { X_FNS(X_ENUM, XF_) NXFN };      /* XF_NONE ..., and how many */
enum { X_CCS(X_ENUM, XC_) NXCC };
enum { X_CONDS(X_ENUM, XD_) NXCOND };
#undef X_ENUM
#define X_OP(F, C, D) (OP_X + (XF_##F * NXCC + XC_##C) * NXCOND + XD_##D)

/*
 * The lists of the cases, from the columns of mc/fields.def:
 *   ALU_FUNCTIONS(X)  X(F) for every ALU function but NONE
 *   PURE_FUNCTIONS(X) X(F) for the PURE ones (dp_alu_pure)
 *   MEM_OPS(X, F)     X(M, F) for every storage operation M that only reads
 *                     or only writes (RD1 ... WR4): the OP_MEM cases
 *   mem_len[M]        the bytes M moves
 */
#define FP_FN_NOP(X, F)
#define FP_FN_PURE(X, F) X(F)
#define FP_FN_OTHER(X, F) X(F)
#define FP_PURE_NOP(X, F)
#define FP_PURE_PURE(X, F) X(F)
#define FP_PURE_OTHER(X, F)
#define FP_FN_(X, F, code, cycles, kind, sets, reads, readfor, what) FP_FN_##kind(X, F)
#define FP_PURE_(X, F, code, cycles, kind, sets, reads, readfor, what) FP_PURE_##kind(X, F)
#define ALU_FUNCTIONS(X) MC_ALU_VALUES(FP_FN_, X)
#define PURE_FUNCTIONS(X) MC_ALU_VALUES(FP_PURE_, X)

#define FP_UNPAREN(...) __VA_ARGS__
#define FP_APPLY(X, F, M) X(M, F)
#define FP_APPLY_(...) FP_APPLY(__VA_ARGS__)
#define FP_MEM_NONE(XF, M)
#define FP_MEM_READ(XF, M) FP_APPLY_(FP_UNPAREN XF, M)
#define FP_MEM_WRITE(XF, M) FP_APPLY_(FP_UNPAREN XF, M)
#define FP_MEM_RMW(XF, M)
#define FP_MEM_PROBE(XF, M)
#define FP_MEM_MONR(XF, M)
#define FP_MEM_MONW(XF, M)
#define FP_MEM_(XF, M, code, cycles, len, access, what) FP_MEM_##access(XF, M)
#define MEM_OPS(X, F) MC_MEM_VALUES(FP_MEM_, (X, F))

static const uint8_t mem_len[] = MC_MEM_LENS;

/* fastpath.c's cases assume: OP_MEM + F * 8 + M, and a MEM_OPS
 * operation reads iff M <= RD4 and writes iff M >= WR1 (mem_body tests
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
 * entry). */
const struct uop *fp_bind(struct vm *vm, const struct icent *e, struct uop *slot,
                          const struct uop *entry);

#endif
