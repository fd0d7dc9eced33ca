/*
 * microword.h -- the IMP microword and the control-store image.
 *
 * A microword is 96 bits wide (84 used), numbered from the right.  Every
 * field is controlled in the same cycle (see the phase order in fields.def):
 *
 *   95     84 83     77 76     70 69   65 64    59 58  55 54 53  50 49 48 47 46
 *  +---------+---------+---------+-------+--------+------+--+------+-----+-----+
 *  | unused  |    A    |    B    |  ALU  |   D    | MEM  |AT|  AG  | RNC | CTR |
 *  +---------+---------+---------+-------+--------+------+--+------+-----+-----+
 *   45   42 41    37 36  33 32    28 27         16 15                       0
 *  +-------+--------+------+--------+-------------+-------------------------+
 *  |  CC   |   SF   | SEQ  |  COND  |    ADDR     |           LIT           |
 *  +-------+--------+------+--------+-------------+-------------------------+
 *
 *   A, B   bus sources            ALU  function Y <- A op B   D  destination
 *   MEM    storage operation      AT   which address register AG address generation
 *   RNC    register-number ctr    CTR  loop counter           CC condition code
 *   SF     special function       SEQ  sequencing             COND branch condition
 *   ADDR   next / branch address  LIT  16-bit literal
 *
 * The positions and widths above are those of fields.def (a unit test
 * checks that the fields tile the word without overlap); every accessor
 * below derives from that table.
 */
#ifndef IMP_MICROWORD_H
#define IMP_MICROWORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MC_WORD_BITS 96
#define MC_WORD_USED 84     /* bits 84-95 are unused and must be 0 */
#define MC_CS_SIZE   4096   /* control-store words: ADDR is 12 bits */
#define MC_RSTACK    8      /* micro-subroutine return stack depth */

/* Field indexes, positions and widths. */
enum mc_field {
#define MC_FIELD(name, pos, width, set, what) MC_F_##name,
#define MC_VALUE(set, name, code, cycles, what)
#include "fields.def"
#undef MC_FIELD
#undef MC_VALUE
    MC_NFIELDS
};
enum {
#define MC_FIELD(name, pos, width, set, what) MC_POS_##name = pos, MC_WIDTH_##name = width,
#define MC_VALUE(set, name, code, cycles, what)
#include "fields.def"
#undef MC_FIELD
#undef MC_VALUE
};

/* Value codes: MC_SRC_R1, MC_ALU_ADD, MC_SEQ_END, ... */
enum {
#define MC_FIELD(name, pos, width, set, what)
#define MC_VALUE(set, name, code, cycles, what) MC_##set##_##name = code,
#include "fields.def"
#undef MC_FIELD
#undef MC_VALUE
};

/* Value sets (SRC, ALU, DST, ..., NUM for plain numbers). */
enum mc_set {
#define X(s, np) MC_SET_##s,
    MC_SETS(X)
#undef X
    MC_SET_NUM, MC_NSETS
};

/*
 * The property columns of fields.def as tables indexed by value code, so
 * that code asks a table instead of listing values (a value added to
 * fields.def is in every table).  Header-static: the engine's hot paths
 * index them with constants the compiler folds.
 *
 * Sets of flags: the bits below, from fields.def's letters (ZNCVY order).
 */
enum { MC_FLAG_Z = 1, MC_FLAG_N = 2, MC_FLAG_C = 4, MC_FLAG_V = 8, MC_FLAG_Y = 16 };
#define MC_FL_0     0
#define MC_FL_Y     MC_FLAG_Y
#define MC_FL_Z     MC_FLAG_Z
#define MC_FL_N     MC_FLAG_N
#define MC_FL_C     MC_FLAG_C
#define MC_FL_V     MC_FLAG_V
#define MC_FL_ZC    (MC_FLAG_Z | MC_FLAG_C)
#define MC_FL_NV    (MC_FLAG_N | MC_FLAG_V)
#define MC_FL_ZNV   (MC_FLAG_Z | MC_FLAG_N | MC_FLAG_V)
#define MC_FL_ZNVY  (MC_FL_ZNV | MC_FLAG_Y)
#define MC_FL_ZNCY  (MC_FLAG_Z | MC_FLAG_N | MC_FLAG_C | MC_FLAG_Y)
#define MC_FL_ZNCVY (MC_FL_ZNCY | MC_FLAG_V)

/* Kinds of bus sources and destinations (fields.def: SRC, DST). */
enum mc_reg_kind { MC_K_NONE, MC_K_CONST, MC_K_IREG, MC_K_RN, MC_K_LATCH, MC_K_REG, MC_K_CALC };
/* ALU kinds; MEM accesses; AG phases (fields.def: ALU, MEM, AG). */
enum mc_alu_kind { MC_AK_NOP, MC_AK_PURE, MC_AK_OTHER };
enum mc_access { MC_ACC_NONE, MC_ACC_READ, MC_ACC_WRITE, MC_ACC_RMW, MC_ACC_PROBE,
                 MC_ACC_MONR, MC_ACC_MONW };
enum mc_phase { MC_PH_NONE, MC_PH_PRE, MC_PH_POST };
/* Sequencing: how the next word is chosen, and the places it may be. */
enum mc_seq_how { MC_HOW_GO, MC_HOW_IF, MC_HOW_CALL, MC_HOW_RET, MC_HOW_DISPATCH };
enum mc_seq_to { MC_TO_NEXT, MC_TO_ADDR, MC_TO_FETCH, MC_TO_BRANCH, MC_TO_ENTRY, MC_TO_RETURN };

struct mc_alu_prop { uint8_t kind, sets, reads, readfor; };
struct mc_mem_prop { uint8_t len, access; };
struct mc_sf_prop { uint8_t traps, sets; };
struct mc_seq_prop { uint8_t how, then, els; };

#define MC_SRC_KIND_(x, n, c, cy, kind, w) [c] = MC_K_##kind,
static const uint8_t mc_src_kind[1 << MC_WIDTH_A] = { MC_SRC_VALUES(MC_SRC_KIND_, _) };
static const uint8_t mc_dst_kind[1 << MC_WIDTH_D] = { MC_DST_VALUES(MC_SRC_KIND_, _) };
#undef MC_SRC_KIND_
#define MC_ALU_PROP_(x, n, c, cy, kind, sets, reads, readfor, w) \
    [c] = { MC_AK_##kind, MC_FL_##sets, MC_FL_##reads, MC_FL_##readfor },
static const struct mc_alu_prop mc_alu_prop[1 << MC_WIDTH_ALU] = { MC_ALU_VALUES(MC_ALU_PROP_, _) };
#undef MC_ALU_PROP_
#define MC_MEM_PROP_(x, n, c, cy, len, access, w) [c] = { len, MC_ACC_##access },
static const struct mc_mem_prop mc_mem_prop[1 << MC_WIDTH_MEM] = { MC_MEM_VALUES(MC_MEM_PROP_, _) };
#undef MC_MEM_PROP_
#define MC_AG_PHASE_(x, n, c, cy, phase, w) [c] = MC_PH_##phase,
static const uint8_t mc_ag_phase[1 << MC_WIDTH_AG] = { MC_AG_VALUES(MC_AG_PHASE_, _) };
#undef MC_AG_PHASE_
#define MC_FLAGS_(x, n, c, cy, flags, w) [c] = MC_FL_##flags,
static const uint8_t mc_cc_reads[1 << MC_WIDTH_CC] = { MC_CC_VALUES(MC_FLAGS_, _) };
static const uint8_t mc_cond_reads[1 << MC_WIDTH_COND] = { MC_COND_VALUES(MC_FLAGS_, _) };
#undef MC_FLAGS_
#define MC_SF_PROP_(x, n, c, cy, traps, sets, w) [c] = { traps, MC_FL_##sets },
static const struct mc_sf_prop mc_sf_prop[1 << MC_WIDTH_SF] = { MC_SF_VALUES(MC_SF_PROP_, _) };
#undef MC_SF_PROP_
#define MC_SEQ_PROP_(x, n, c, cy, how, then, els, w) \
    [c] = { MC_HOW_##how, MC_TO_##then, MC_TO_##els },
static const struct mc_seq_prop mc_seq_prop[1 << MC_WIDTH_SEQ] = { MC_SEQ_VALUES(MC_SEQ_PROP_, _) };
#undef MC_SEQ_PROP_

/* An initializer of a table of the bytes each MEM value moves, by code. */
#define MC_MEM_LEN_(x, n, c, cy, len, access, w) [c] = len,
#define MC_MEM_LENS { MC_MEM_VALUES(MC_MEM_LEN_, _) }

/* Does MEM value m read storage, write it, or touch it before the ALU
 * (a read or a probe: an access exception there abandons the whole word)? */
static inline int mc_mem_reads(unsigned m)
{
    return mc_mem_prop[m].access == MC_ACC_READ || mc_mem_prop[m].access == MC_ACC_RMW;
}
static inline int mc_mem_writes(unsigned m)
{
    return mc_mem_prop[m].access == MC_ACC_WRITE || mc_mem_prop[m].access == MC_ACC_RMW;
}
/* A monitor reference (MRD4, MWR4: the monitor's own, imp(7)). */
static inline int mc_mem_monitor(unsigned m)
{
    return mc_mem_prop[m].access == MC_ACC_MONR || mc_mem_prop[m].access == MC_ACC_MONW;
}
/* Does MEM value m store Y (a program's store or a monitor's)? */
static inline int mc_mem_stores_y(unsigned m)
{
    return mc_mem_writes(m) || mc_mem_prop[m].access == MC_ACC_MONW;
}
static inline int mc_mem_before_alu(unsigned m)
{
    return mc_mem_reads(m) || mc_mem_prop[m].access == MC_ACC_PROBE ||
           mc_mem_prop[m].access == MC_ACC_MONR;
}

/* Descriptors, in fields.def order (microword.c). */
struct mc_field_desc {
    const char *name;
    uint8_t pos, width;
    uint8_t set;            /* enum mc_set */
    const char *what;
};
struct mc_value_desc {
    uint8_t set;            /* enum mc_set */
    const char *name;
    uint8_t code, cycles;
    const char *what;
};
extern const struct mc_field_desc mc_fields[MC_NFIELDS];
extern const struct mc_value_desc mc_values[];
extern const size_t mc_nvalues;

const char *mc_set_name(enum mc_set s);
/* The value of set s with this code, or NULL. */
const struct mc_value_desc *mc_value_by_code(enum mc_set s, unsigned code);
/* Case-insensitive lookups; NULL if none. */
const struct mc_field_desc *mc_field_by_name(const char *name);
const struct mc_value_desc *mc_value_by_name(enum mc_set s, const char *name);

/* One microword: bits 0-31 in w[0], 32-63 in w[1], 64-95 in w[2]. */
struct mc_word {
    uint32_t w[3];
};

static inline unsigned mc_get(const struct mc_word *m, unsigned pos, unsigned width)
{
    unsigned i = pos / 32, sh = pos % 32;
    uint64_t v = m->w[i];
    if (i + 1 < 3)
        v |= (uint64_t)m->w[i + 1] << 32;
    return (unsigned)(v >> sh) & ((1u << width) - 1);
}

static inline void mc_set(struct mc_word *m, unsigned pos, unsigned width, unsigned val)
{
    for (unsigned b = 0; b < width; b++) {
        unsigned bit = pos + b;
        uint32_t mask = 1u << (bit % 32);
        if (val >> b & 1)
            m->w[bit / 32] |= mask;
        else
            m->w[bit / 32] &= ~mask;
    }
}

/* MC_GET(m, ALU) reads the ALU field of microword m. */
#define MC_GET(m, f)      mc_get((m), MC_POS_##f, MC_WIDTH_##f)
#define MC_SET(m, f, v)   mc_set((m), MC_POS_##f, MC_WIDTH_##f, (v))

/* Extra cycles a microword costs beyond its one cycle (sum over its values). */
unsigned mc_word_cycles(const struct mc_word *m);

/* A hash of the field layout and value codes: images carry it, and a loader
 * rejects an image built for another layout. */
uint32_t mc_layout_hash(void);

/*
 * Vectors: fixed entry points the hardware enters.  impmc requires a label
 * of each name and records its address in the image.
 *   fetch    end of every instruction (SEQ=END, BRE, BRNE)
 *   trap     an access exception or an instruction-fetch exception: PIC set
 *   undef    dispatch of an opcode with no microcode (operation exception)
 *   restart  the operator's restart (vm_restart)
 *   monitor  a sampling monitor's event is due (imp(7), "The monitor
 *            vector"): at an instruction fetch, or in the wait state
 *   accumulate  the instruction-frequency monitor's counts are due, alone:
 *            the same, entered when no other monitor's event is
 *            (optional: without it, the monitor vector's address)
 */
#define MC_VECTORS(X) X(FETCH, "fetch") X(TRAP, "trap") X(UNDEF, "undef") X(RESTART, "restart") \
                      X(MONITOR, "monitor") X(ACCUMULATE, "accumulate")
enum mc_vector {
#define X(e, s) MC_V_##e,
    MC_VECTORS(X)
#undef X
    MC_NVECTORS
};
extern const char *const mc_vector_names[MC_NVECTORS];

/*
 * Decode classes: how the I-unit splits an instruction into fields and
 * which effective addresses it computes.  The image gives one per opcode
 * (impmc takes it from the format in lib/isa.def).
 *   RR  R1, R2                        RX  R1, EA2 = D2+X2+B2
 *   RS  R1, R3 (in R2), EA2 = D2+B2   SI  I2, EA1 = D1+B1
 *   S   EA2 = D2+B2                   SS  I2 (L or L1/L2), EA1, EA2
 *   RXSS  (ASSIST's X'E0') R1 the mask, R2 X1, EA1 = D1+X1+B1, EA2 = D2+B2
 */
#define MC_DECODES(X) X(RR) X(RX) X(RS) X(SI) X(S) X(SS) X(RXSS)
enum mc_decode {
#define X(e) MC_DEC_##e,
    MC_DECODES(X)
#undef X
    MC_NDECODES
};
extern const char *const mc_decode_names[MC_NDECODES];

/* Dispatch index: 0-255 for one-byte opcodes, 256 + op1 for B2xx. */
#define MC_NDISPATCH 512
static inline unsigned mc_dispatch_index(uint8_t op0, uint8_t op1)
{
    return op0 == 0xB2 ? 256u + op1 : op0;
}

/*
 * A control-store image (impmc(5) describes the file):
 *
 *   IMPMC 1 <layout hash, 8 hex digits> <number of words>
 *   V <vector name> <address>                 one per vector
 *   D <dispatch index, 3 hex> <address> <decode class>
 *   S <label> <address>                       symbols, for listings and monitors
 *   W <address> <24 hex digits: bits 95..0>   every word 0 .. n-1, in order
 *   END
 *
 * Addresses are 3 hex digits.  Lines starting with '#' are comments.
 */
struct mc_symbol {
    char *name;
    uint16_t addr;
};
struct mc_image {
    unsigned nwords;
    struct mc_word *words;
    uint16_t vector[MC_NVECTORS];
    uint16_t dispatch[MC_NDISPATCH];
    uint8_t decode[MC_NDISPATCH];         /* enum mc_decode */
    struct mc_symbol *syms;
    unsigned nsyms;
};

void mc_image_free(struct mc_image *img);
/* Write img as text; returns 0, or -1 on a write error. */
int mc_image_write(FILE *f, const struct mc_image *img);
/*
 * Parse an image from text[0..len).  On error returns -1 with a message
 * "line N: what" in err; img is then empty.  Checks the header, layout hash,
 * every address against the word count, every value code of every word.
 */
int mc_image_parse(const char *text, size_t len, struct mc_image *img, char *err, size_t errsize);
/* The label at addr, or NULL. */
const char *mc_image_label(const struct mc_image *img, unsigned addr);

#endif
