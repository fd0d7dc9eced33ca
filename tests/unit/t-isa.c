/*
 * t-isa.c -- the instruction table: unique names and opcodes, formats that
 * agree with the opcode's length bits, and encode -> decode -> disassemble
 * round trips for every row.
 */
#include "isa.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static void test_unique(void)
{
    int dup_name = 0, dup_op = 0;
    for (size_t i = 0; i < isa_count; i++)
        for (size_t j = i + 1; j < isa_count; j++) {
            if (strcmp(isa_table[i].name, isa_table[j].name) == 0) {
                printf("# duplicate name %s\n", isa_table[i].name);
                dup_name++;
            }
            if (isa_table[i].opcode == isa_table[j].opcode &&
                isa_table[i].mask == isa_table[j].mask) {     /* RX-SS: a family */
                printf("# duplicate opcode %04X mask %X\n", isa_table[i].opcode,
                       isa_table[i].mask);
                dup_op++;
            }
        }
    for (size_t i = 0; i < isa_ext_count; i++)
        if (isa_by_name(isa_ext_table[i].name)) {
            printf("# extended mnemonic %s shadows an instruction\n", isa_ext_table[i].name);
            dup_name++;
        }
    check_int(dup_name, ==, 0);
    check_int(dup_op, ==, 0);
}

static void test_counts(void)
{
    int tiers[TIER_COUNT] = {0};
    for (size_t i = 0; i < isa_count; i++)
        tiers[isa_table[i].tier]++;
    check_int(tiers[CORE], ==, 44);
    check_int(tiers[CORE] + tiers[LATER] + tiers[OPT], ==, 90);
    check_int(tiers[LATER], ==, 42);
    check_int(tiers[OPT], ==, 4);
    check_int(tiers[ASST], ==, 11);
    check_int(isa_ext_count, ==, 32);
}

static void test_lengths(void)
{
    int bad = 0;
    for (size_t i = 0; i < isa_count; i++) {
        const struct isa_insn *in = &isa_table[i];
        uint8_t op0 = in->opcode > 0xFF ? (uint8_t)(in->opcode >> 8) : (uint8_t)in->opcode;
        if (isa_length_of(op0) != isa_format_length(in->format)) {
            printf("# %s: opcode length %d, format length %d\n", in->name,
                   isa_length_of(op0), isa_format_length(in->format));
            bad++;
        }
    }
    check_int(bad, ==, 0);
}

static void test_roundtrip(void)
{
    int bad = 0;
    for (size_t i = 0; i < isa_count; i++) {
        const struct isa_insn *in = &isa_table[i];
        struct isa_fields f = { .r1 = 2, .r2 = 4, .b1 = 12, .b2 = 13, .i2 = 0x5A,
                                .l1 = 7, .l2 = 3, .d1 = 0x123, .d2 = 0xFED };
        if (in->format == FMT_S || in->format == FMT_S2 || in->format == FMT_RS_SH) f.r2 = 0;
        if (in->format == FMT_S || in->format == FMT_S2) f.r1 = 0;
        uint8_t buf[6];
        int n = isa_encode(in, &f, buf);
        const struct isa_insn *back = isa_by_opcode(buf[0], buf[1]);
        struct isa_fields g;
        isa_decode(in, buf, &g);
        char text[80];
        int m = isa_disasm(buf, sizeof buf, text, sizeof text);
        int ok = back == in && n == m;
        int len = isa_format_length(in->format);
        if (len >= 4 && in->format != FMT_SI && len != 6)
            ok &= g.b2 == f.b2 && g.d2 == f.d2;
        if (len == 6)
            ok &= g.b1 == f.b1 && g.d1 == f.d1 && g.b2 == f.b2 && g.d2 == f.d2;
        if (!ok) {
            printf("# %s does not round-trip: %s\n", in->name, text);
            bad++;
        }
    }
    check_int(bad, ==, 0);
}

static void test_examples(void)
{
    char t[80];
    uint8_t l[] = { 0x58, 0x10, 0xF0, 0x08 };
    check_int(isa_disasm(l, 4, t, sizeof t), ==, 4);
    check_str(t, "L     1,8(0,15)");
    uint8_t br[] = { 0x07, 0xFE };
    isa_disasm(br, 2, t, sizeof t);
    check_str(t, "BR    14");
    uint8_t mvc[] = { 0xD2, 0x07, 0xC0, 0x10, 0xC0, 0x20 };
    isa_disasm(mvc, 6, t, sizeof t);
    check_str(t, "MVC   16(8,12),32(12)");
    uint8_t stck[] = { 0xB2, 0x05, 0x10, 0x00 };
    isa_disasm(stck, 4, t, sizeof t);
    check_str(t, "STCK  0(1)");
    uint8_t bad[] = { 0x00, 0x00 };
    check_int(isa_disasm(bad, 2, t, sizeof t), ==, 0);
    check(isa_by_name("bctr") == isa_by_opcode(0x06, 0));
    check(isa_ext_by_name("bnz")->mask == 7);
}

/* The ASSIST instructions: the encodings of the ASSIST documentation,
 * the X'E0' family told apart by its mask, an unknown mask not installed. */
static void test_assist(void)
{
    char t[80];
    uint8_t xread[] = { 0xE0, 0x04, 0xF0, 0x2A, 0x00, 0x50 };
    check_int(isa_disasm(xread, 6, t, sizeof t), ==, 6);
    check_str(t, "XREAD 42(4,15),80");
    uint8_t xprnt[] = { 0xE0, 0x25, 0xB0, 0x3C, 0x00, 0x79 };
    isa_disasm(xprnt, 6, t, sizeof t);
    check_str(t, "XPRNT 60(5,11),121");
    uint8_t xdump[] = { 0xE0, 0x63, 0xA0, 0x0E, 0x00, 0x1C };
    isa_disasm(xdump, 6, t, sizeof t);
    check_str(t, "XDUMP 14(3,10),28");
    uint8_t based[] = { 0xE0, 0xC0, 0x10, 0x00, 0x30, 0x04 };
    isa_disasm(based, 6, t, sizeof t);
    check_str(t, "XPUT  0(0,1),4(3)");
    uint8_t regs[] = { 0xE0, 0x60, 0, 0, 0, 0 };
    check_int(isa_disasm(regs, 6, t, sizeof t), ==, 6);
    check_str(t, "XDUMP");
    uint8_t xdeco[] = { 0x52, 0x60, 0xF0, 0x0C };
    isa_disasm(xdeco, 4, t, sizeof t);
    check_str(t, "XDECO 6,12(0,15)");
    uint8_t xdeci[] = { 0x53, 0x80, 0xC0, 0x14 };
    isa_disasm(xdeci, 4, t, sizeof t);
    check_str(t, "XDECI 8,20(0,12)");
    uint8_t odd[] = { 0xE0, 0x10, 0, 0, 0, 0 };
    check_int(isa_disasm(odd, 6, t, sizeof t), ==, 0);
    check(isa_by_opcode(0xE0, 0x10) == NULL);
    const struct isa_insn *xl = isa_by_name("xlimd");
    check(xl && xl->mask == 8 && xl->deflen == 0 && xl->tier == ASST);
    check(isa_by_name("XPRNT")->deflen == 133);
    check(isa_by_name("xget") == isa_by_opcode(0xE0, 0xA7));
    check((isa_by_name("XDUMP")->flags & F_BARE) && !(isa_by_name("XREAD")->flags & F_BARE));
    struct isa_fields f = { .r1 = 9, .r2 = 4, .b1 = 15, .d1 = 42, .d2 = 80 };
    uint8_t b[6];
    check_int(isa_encode(isa_by_name("XREAD"), &f, b), ==, 6);
    check(memcmp(b, xread, 6) == 0);           /* the mask from the table, not r1 */
}

/* Each row's class (isa.def) is one of ISA_CLASSES; the branches are
 * the rows flagged F_BRANCH; a few rows, as a course counts them. */
static void test_classes(void)
{
    int bad = 0, branch_flag = 0, branch_class = 0;
    for (size_t i = 0; i < isa_count; i++) {
        const struct isa_insn *in = &isa_table[i];
        if (in->cls >= CLASS_COUNT) {
            printf("# %s: class %u\n", in->name, in->cls);
            bad++;
        }
        branch_flag += (in->flags & F_BRANCH) != 0;
        branch_class += in->cls == C_BRANCH;
        if (((in->flags & F_BRANCH) != 0) != (in->cls == C_BRANCH)) {
            printf("# %s: F_BRANCH and the branch class disagree\n", in->name);
            bad++;
        }
        /* a store to storage names the operand it stores into (MVCL's are
           in registers); an instruction that stores has a storage operand */
        int storage_operand = in->format != FMT_RR && in->format != FMT_RR_M &&
                              in->format != FMT_RR_R1 && in->format != FMT_RR_I;
        if ((in->cls == C_STORE && storage_operand && !(in->flags & F_STORES)) ||
            ((in->flags & F_STORES) && !storage_operand)) {
            printf("# %s: F_STORES and its class or format disagree\n", in->name);
            bad++;
        }
    }
    check((isa_by_name("ST")->flags & F_STORES) && (isa_by_name("AP")->flags & F_STORES) &&
          (isa_by_name("XREAD")->flags & F_STORES) && !(isa_by_name("CLC")->flags & F_STORES) &&
          !(isa_by_name("XPRNT")->flags & F_STORES) && !(isa_by_name("L")->flags & F_STORES));
    check_int(bad, ==, 0);
    check_int(branch_flag, ==, branch_class);
    static const struct { const char *name, *cls, *fmt; } want[] = {
        { "L", "load", "RX" },       { "ST", "store", "RX" },     { "MVC", "store", "SS" },
        { "BCT", "branch", "RX" },   { "AR", "arithmetic", "RR" }, { "NI", "logical", "SI" },
        { "AP", "decimal", "SS" },   { "LPSW", "control", "S" },  { "STCK", "control", "S" },
        { "SLL", "logical", "RS" },  { "SRA", "arithmetic", "RS" },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const struct isa_insn *in = isa_by_name(want[i].name);
        if (!check(in != NULL))
            continue;
        check_str(isa_class_name((enum isa_class)in->cls), want[i].cls);
        check_str(isa_format_class((enum isa_format)in->format), want[i].fmt);
    }
    check_str(isa_class_name(C_FLOAT), "floating");
}

int main(void)
{
    test_unique();
    test_classes();
    test_counts();
    test_lengths();
    test_roundtrip();
    test_examples();
    test_assist();
    return tap_done();
}
