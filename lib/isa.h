/*
 * isa.h -- instruction formats and the instruction table (see isa.def).
 *
 * System/370 instruction formats, big-endian, opcode first:
 *
 *   RR     | op  8 | R1 4 | R2 4 |                                2 bytes
 *   RX     | op  8 | R1 4 | X2 4 | B2 4 | D2 12 |                 4 bytes
 *   RS     | op  8 | R1 4 | R3 4 | B2 4 | D2 12 |                 4 bytes
 *   SI     | op  8 |   I2 8      | B1 4 | D1 12 |                 4 bytes
 *   S      | op 16               | B2 4 | D2 12 |                 4 bytes
 *   SS-L   | op  8 |   L  8      | B1 4 | D1 12 | B2 4 | D2 12 |  6 bytes
 *   SS-LL  | op  8 | L1 4 | L2 4 | B1 4 | D1 12 | B2 4 | D2 12 |  6 bytes
 *   SS-I3  | op  8 | L1 4 | I3 4 | B1 4 | D1 12 | B2 4 | D2 12 |  6 bytes
 *   RX-SS  | op  8 | M  4 | X1 4 | B1 4 | D1 12 | B2 4 | D2 12 |  6 bytes
 *
 * The operand shapes (FMT_*) refine these: RR-M is BCR's M1,R2, RS-SH a
 * shift R1,D2(B2), RS-M the mask form R1,M3,D2(B2), S a one-byte opcode
 * with an S-format operand (SSM, LPSW, TS), S2 a two-byte B2xx opcode.
 * Lengths in SS formats are encoded as L-1.  RX-SS is ASSIST's X'E0'
 * family: the mask M (fixed by the mnemonic) selects the instruction, the
 * first operand is an RX address D1(X1,B1), the second D2(B2) a length
 * (with B2 = 0 the displacement itself).
 */
#ifndef IMP_ISA_H
#define IMP_ISA_H

#include <stddef.h>
#include <stdint.h>

/* Operand shapes: enum, assembler syntax, machine format, length, and
 * the format class a course counts by (RR, RX, RS, SI, S, SS). */
#define ISA_FORMATS(X)                                                  \
    X(FMT_RR,    "RR",    "R1,R2",               2, "RR")           \
    X(FMT_RR_M,  "RR-M",  "M1,R2",               2, "RR")           \
    X(FMT_RR_R1, "RR-R1", "R1",                  2, "RR")           \
    X(FMT_RR_I,  "RR-I",  "I",                   2, "RR")           \
    X(FMT_RX,    "RX",    "R1,D2(X2,B2)",        4, "RX")           \
    X(FMT_RX_M,  "RX-M",  "M1,D2(X2,B2)",        4, "RX")           \
    X(FMT_RS,    "RS",    "R1,R3,D2(B2)",        4, "RS")           \
    X(FMT_RS_SH, "RS-SH", "R1,D2(B2)",           4, "RS")           \
    X(FMT_RS_M,  "RS-M",  "R1,M3,D2(B2)",        4, "RS")           \
    X(FMT_SI,    "SI",    "D1(B1),I2",           4, "SI")           \
    X(FMT_S,     "S",     "D2(B2)",              4, "S")           \
    X(FMT_S2,    "S2",    "D2(B2)",              4, "S")           \
    X(FMT_SS_L,  "SS-L",  "D1(L,B1),D2(B2)",     6, "SS")           \
    X(FMT_SS_LL, "SS-LL", "D1(L1,B1),D2(L2,B2)", 6, "SS")           \
    X(FMT_SS_I3, "SS-I3", "D1(L1,B1),D2(B2),I3", 6, "SS")           \
    X(FMT_RXSS,  "RX-SS", "D1(X1,B1),D2(B2)",    6, "SS")

enum isa_format {
#define X(e, name, syntax, len, cls) e,
    ISA_FORMATS(X)
#undef X
    FMT_COUNT
};

enum isa_tier { CORE, LATER, OPT, XTRA, SYS, IMPX, ASST, TIER_COUNT };

/* What an instruction does (isa.def's class column): enum, name. */
#define ISA_CLASSES(X)                                                  \
    X(C_LOAD,    "load")                                                \
    X(C_STORE,   "store")                                               \
    X(C_BRANCH,  "branch")                                              \
    X(C_ARITH,   "arithmetic")                                          \
    X(C_LOGICAL, "logical")                                             \
    X(C_DECIMAL, "decimal")                                             \
    X(C_FLOAT,   "floating")                                            \
    X(C_CONTROL, "control")

enum isa_class {
#define X(e, name) e,
    ISA_CLASSES(X)
#undef X
    CLASS_COUNT
};

enum isa_flag {
    F_PRIV   = 1 << 0,  /* privileged: 0002 in problem state */
    F_PAIR1  = 1 << 1,  /* R1 names an even-odd pair: must be even */
    F_PAIR2  = 1 << 2,  /* R2 names an even-odd pair: must be even */
    F_PAIR3  = 1 << 3,  /* R3 names an even-odd pair: must be even */
    F_BRANCH = 1 << 4,  /* may change the instruction address */
    F_BARE   = 1 << 5,  /* RX-SS: may be written with no operands (all fields 0) */
    F_STORES = 1 << 6,  /* stores into its first storage operand (ST, MVC, AP, XREAD) */
    F_LEN2   = 1 << 7,  /* SS: operand 2 is as long as operand 1, byte for byte (MVC, CLC,
                           NC, OC, XC, MVN, MVZ; not TR's table nor ED's source) */
};

struct isa_insn {
    const char *name;
    uint16_t opcode;        /* 0xNN or 0xB2NN */
    uint8_t format;         /* enum isa_format */
    uint8_t flags;          /* enum isa_flag bits */
    uint8_t tier;           /* enum isa_tier */
    const char *rtl;
    uint8_t mask;           /* RX-SS: byte 1 bits 0-3, part of the opcode; else 0 */
    uint8_t deflen;         /* RX-SS: the length when the second operand is
                               omitted, 0 if it must be written */
    uint8_t cls;            /* enum isa_class */
};

/* An extended branch mnemonic: base instruction with a fixed mask. */
struct isa_ext {
    const char *name;
    const struct isa_insn *base;    /* BC or BCR */
    uint8_t mask;
};

/*
 * The fields of one instruction, decoded or to be encoded.  Which fields
 * mean something depends on the format:
 *   r1    R1, or M1 (BC, BCR)                  r2  R2, X2, R3 or M3
 *   b1,d1 first storage operand (SI, SS)       b2,d2 second (RX, RS, S, SS)
 *   i2    SI immediate, SVC number, SS-L length code (L-1)
 *   l1,l2 SS-LL length codes (L-1); SS-I3: l1 and i3 in l2
 *   RX-SS: r1 the mask (encoded from the table, not from r1), r2 X1,
 *          b1,d1 the first operand, b2,d2 the second
 */
struct isa_fields {
    uint8_t r1, r2, b1, b2, i2, l1, l2;
    uint16_t d1, d2;
};

extern const struct isa_insn isa_table[];
extern const size_t isa_count;
extern const struct isa_ext isa_ext_table[];
extern const size_t isa_ext_count;

const char *isa_format_name(enum isa_format f);
const char *isa_format_syntax(enum isa_format f);
const char *isa_tier_name(enum isa_tier t);
/* The format class of f ("RR", "RX", "RS", "SI", "S", "SS"). */
const char *isa_format_class(enum isa_format f);
/* The name of class c ("load", ... "control"). */
const char *isa_class_name(enum isa_class c);
int isa_format_length(enum isa_format f);
/* Length in bytes from the first opcode byte (bits 0-1), as the machine does. */
static inline int isa_length_of(uint8_t op0) { return op0 < 0x40 ? 2 : op0 < 0xC0 ? 4 : 6; }

/* Case-insensitive lookup by mnemonic; NULL if none. */
const struct isa_insn *isa_by_name(const char *name);
const struct isa_ext *isa_ext_by_name(const char *name);
/* Lookup by the first and second bytes (the second selects a B2xx opcode,
 * and by its bits 0-3 an RX-SS mask); NULL if not installed. */
const struct isa_insn *isa_by_opcode(uint8_t op0, uint8_t op1);

/* Encode f for insn into out (isa_format_length bytes); returns that length. */
int isa_encode(const struct isa_insn *insn, const struct isa_fields *f, uint8_t out[6]);
/* Decode the fields of insn from the bytes at p. */
void isa_decode(const struct isa_insn *insn, const uint8_t *p, struct isa_fields *f);

/*
 * Disassemble the instruction at p (at least avail bytes readable) into
 * buf in HLASM syntax, e.g. "L     1,8(0,15)".  Extended mnemonics are used
 * for BC/BCR where one exists.  Returns the instruction's length, or 0 if
 * the opcode is not installed or fewer than its length bytes are available
 * (buf then holds "DC    X'..'").
 */
int isa_disasm(const uint8_t *p, size_t avail, char *buf, size_t bufsize);

#endif
