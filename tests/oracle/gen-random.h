/*
 * gen-random.h -- what the two halves of the random differential test
 * share: gen-random.c (the program, its image, the checks; the layout of
 * the image is described at its top) and gen-random-classes.c (how one
 * random instruction is made).
 */
#ifndef IMP_GEN_RANDOM_H
#define IMP_GEN_RANDOM_H

#include "isa.h"

enum {
    IMG_SIZE = 0x1800, RESULT_LO = 0x200, RESULT_HI = 0x17FF,
    RES = 0x200, LOG = 0x260, LOG_END = 0x400, INIT = 0x400, SPMVAL = 0x440,
    KPOOL = 0x444, KPOOL_END = 0x600, PGMH = 0x600, SVCH = 0x680, ENTRY = 0x700,
    CODE_END = 0x1000, WAITPSW = 0x1F8, PERCR = 0x1E0,
    DATA = 0x1000, G_END = 0x1300, E_LO = 0x1300, P_LO = 0x1400, P_SLOTS = 60,
    S_LO = 0x17C0, DATA_END = 0x1800,
    MAXIT = 1200, MAXPOOL = 64, DATAREG = 11,
};

struct rng { unsigned long long s; };

/*
 * One instruction of the code.  target >= 0: the item whose address goes
 * into d2 (a branch or an LA of a label); tgt_op: the same, before the
 * block is resolved (an op index within the block, or the block's end).
 */
struct item {
    const struct isa_insn *in;
    struct isa_fields f;
    int target, tgt_op;
    int is_main;            /* the op's random instruction (for counts) */
    unsigned addr;
    int len;
    unsigned char raw[6];   /* used when in == NULL (e.g. X'0000') */
};

struct prog {
    struct rng r;
    struct item it[MAXIT];
    int n;
    unsigned char pool[MAXPOOL][6];
    int npool, full;
    unsigned knext;         /* next constant-pool address */
    unsigned forbid;        /* registers the body must not write */
    unsigned used;          /* registers this op's setup has set */
    int ex_mode;            /* put the main instruction aside for EX */
    struct item exmain, spare;
    int ops, mains;
    unsigned poolbase;
    int per;                /* PER armed (gen-random per-...): CR9-11 at PERCR */
    unsigned per_cr[3];
    unsigned char img[IMG_SIZE];
};

enum cls {
    K_RR, K_RRP, K_RX, K_LA, K_LM, K_STM, K_SI, K_SSL, K_RSM, K_SH, K_SHD,
    K_MVCL, K_CLCL, K_DEC, K_SRP, K_ED, K_CS, K_CDS, K_TS, K_MC, K_SPM, K_SVC,
    K_EX, K_BR,
};

/* A row of the table of classes: per mnemonic, class, a mode/length argument, a weight. */
struct gclass {
    const char *name;
    enum cls k;
    int arg, mode, weight;
};

/* ---- gen-random.c ---------------------------------------------------- */

/* Every draw from the stream is a statement of its own, or sequenced by
 * ?:, && or a declarator's comma: C leaves the order of function arguments,
 * of an initializer list and of most operands unspecified, gcc and clang
 * choose differently, and the images must not depend on the compiler. */

/* The next number of r's splitmix64 stream. */
unsigned long long rng_next(struct rng *r);
/* A uniform number in 0..n-1 (n > 0). */
unsigned rnd(struct rng *r, unsigned n);
/* True once in n times. */
int chance(struct rng *r, unsigned n);
/* The lib/isa.def row of a mnemonic (exits if there is none). */
const struct isa_insn *I(const char *name);
/* Store v big-endian at p. */
void put32(unsigned char *p, unsigned v);
/* Append an instruction to the code (or keep it aside in EX mode). */
struct item *emit(struct prog *p, const struct isa_insn *in, struct isa_fields f, int is_main);
/* The fields of RR R1,R2. */
struct isa_fields RR(unsigned r1, unsigned r2);
/* The fields of RX R1,D(X,B). */
struct isa_fields RX(unsigned r1, unsigned d, unsigned x, unsigned b);

/* ---- gen-random-classes.c -------------------------------------------- */

/* An interesting 32-bit value: edges, small numbers, random bits. */
unsigned value(struct prog *p);
/* Load v into register r from the constant pool (an L). */
void set_const(struct prog *p, unsigned r, unsigned v);
/* A random register load, to keep values interesting. */
void g_load(struct prog *p);
/* A class by weight; without allow_branch never a branch nor EX. */
const struct gclass *pick(struct prog *p, int allow_branch);
/* Generate one main instruction of class c (setups first), op cur_op of nops. */
void gen_one(struct prog *p, const struct gclass *c, int cur_op, int nops);
/* The 6 bytes of an item (isa_encode, or its raw bytes when in == NULL). */
void encode_item(const struct item *it, unsigned char out[6]);
/* EX of a random target kept aside for the pool after the end. */
void g_ex(struct prog *p);

#endif
