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
            if (isa_table[i].opcode == isa_table[j].opcode) {
                printf("# duplicate opcode %04X\n", isa_table[i].opcode);
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

int main(void)
{
    test_unique();
    test_counts();
    test_lengths();
    test_roundtrip();
    test_examples();
    return tap_done();
}
