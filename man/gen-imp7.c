/*
 * gen-imp7.c -- generate imp(7) from its hand-written template and the
 * instruction table, so the manual cannot drift from lib/isa.def.
 *
 *   gen-imp7 imp.7.in > imp.7
 *
 * The template is copied line by line; a line that is exactly
 *   .\" @INSTRUCTIONS@    becomes the instruction tables (one per tier)
 *   .\" @CLASSES@         becomes the instructions by class (isa.def's
 *                         class column), one entry per class
 *   .\" @EXTENDED@        becomes the extended-mnemonic table
 *   .\" @HOSTSERVICES@    becomes the table of host services (SVC_FUNCS,
 *                         vm/host/services.h)
 *   .\" @ASSISTOPS@       becomes the table of ASSIST instructions (ASSIST_OPS)
 *   .\" @GLEANINFO@       becomes the table of gleaning's info bits
 *                         (VM_GLEAN_INFO, vm/vm.h)
 * Every row of isa_table, isa_ext_table and SVC_FUNCS appears exactly once.
 * Exit 0 ok, 1 if the template cannot be read or output fails, 2 usage.
 */
#include <stdio.h>
#include <string.h>

#include "isa.h"
#include "roff.h"
#include "assist.h"
#include "services.h"
#include "vm.h"

/* The opcode; an RX-SS family member's with its mask, as E02x. */
static void opcode_text(FILE *out, const struct isa_insn *in)
{
    if (in->format == FMT_RXSS)
        fprintf(out, "%02X%Xx", in->opcode, in->mask);
    else
        fprintf(out, in->opcode > 0xFF ? "%04X" : "%02X", in->opcode);
}

/* One line of flags: privileged, register pairs, branch. */
static void flags_text(FILE *out, unsigned flags)
{
    const char *sep = "";
    if (flags & F_PRIV) { fputs("priv", out); sep = ","; }
    if (flags & (F_PAIR1 | F_PAIR2 | F_PAIR3)) { fprintf(out, "%spair", sep); sep = ","; }
    if (flags & F_BRANCH) { fprintf(out, "%sbranch", sep); sep = ","; }
    if (!*sep)
        fputs("\\-", out);
}

static const char *const tier_title[TIER_COUNT] = {
    [CORE]  = "CORE: the first instructions a course needs",
    [LATER] = "LATER: the rest of the problem-state subset",
    [OPT]   = "OPT: optional, advanced",
    [XTRA]  = "XTRA: further System/370 problem-state instructions",
    [SYS]   = "SYS: privileged and system instructions",
    [IMPX]  = "IMPX: IMP's own instructions (the monitors)",
    [ASST]  = "ASST: the ASSIST instructions (the embedder's assist hook)",
};

static void instruction_tables(FILE *out)
{
    for (int t = 0; t < TIER_COUNT; t++) {
        size_t n = 0;
        for (size_t i = 0; i < isa_count; i++)
            n += isa_table[i].tier == t;
        if (n == 0)
            continue;
        fprintf(out, ".SS \"%s (%zu)\"\n", tier_title[t], n);
        fputs(".TS\nl l l l l lx.\n", out);
        fputs("\\fBname\tfmt\top\toperands\tflags\toperation\\fR\n", out);
        for (size_t i = 0; i < isa_count; i++) {
            const struct isa_insn *in = &isa_table[i];
            if (in->tier != t)
                continue;
            fprintf(out, "%s\t", in->name);
            roff_text(out, isa_format_name(in->format));
            fputc('\t', out);
            opcode_text(out, in);
            fputc('\t', out);
            roff_text(out, isa_format_syntax(in->format));
            fputc('\t', out);
            flags_text(out, in->flags);
            fputs("\tT{\n", out);
            roff_text(out, in->rtl);
            fputs("\nT}\n", out);
        }
        fputs(".TE\n", out);
    }
}

/* Each class, then its instructions' mnemonics in table order. */
static void class_list(FILE *out)
{
    for (int c = 0; c < CLASS_COUNT; c++) {
        fprintf(out, ".TP\n.B %s\n", isa_class_name((enum isa_class)c));
        int n = 0;
        for (size_t i = 0; i < isa_count; i++)
            if (isa_table[i].cls == c)
                fprintf(out, "%s%s", n++ ? " " : "", isa_table[i].name);
        fputs(n ? "\n" : "(none)\n", out);
    }
}

static void extended_table(FILE *out)
{
    fputs(".TS\nl l l l.\n", out);
    fputs("\\fBname\tmeans\tmask\tencoding\\fR\n", out);
    for (size_t i = 0; i < isa_ext_count; i++) {
        const struct isa_ext *e = &isa_ext_table[i];
        int rr = e->base->format == FMT_RR_M;
        fprintf(out, "%s\t%s %u,%s\t%u\t", e->name, e->base->name, e->mask,
                rr ? "R2" : "D2(X2,B2)", e->mask);
        if (rr)
            fprintf(out, "07%Xr\n", e->mask);
        else
            fprintf(out, "47%Xx bddd\n", e->mask);
    }
    fputs(".TE\n", out);
}

static void host_services_table(FILE *out)
{
    fputs(".TS\nl l l l lx.\n", out);
    fputs("\\fBcode\\fR\t\\fBIMPSVC\\fR\t\\fBname\\fR\t\\fBSVC\\fR\t\\fBmeaning\\fR\n", out);
#define X(code, svc, name, base, what)                                                \
    if (svc)                                                                          \
        fprintf(out, "%03X\tHS_%s\t%s\t%u\tT{\n", code, #name, #name, svc);             \
    else                                                                              \
        fprintf(out, "%03X\tHS_%s\t%s\t\\-\tT{\n", code, #name, #name);                \
    roff_text(out, what);                                                             \
    fputs("\nT}\n", out);
    SVC_FUNCS(X)
#undef X
    fputs(".TE\n", out);
}

static void assist_table(FILE *out)
{
    fputs(".TS\nl l l l lx.\n", out);
    fputs("\\fBopcode\\fR\t\\fBmask\\fR\t\\fBname\\fR\t\\fBcycles\\fR\t\\fBmeaning\\fR\n", out);
#define X(opcode, mask, name, base, what)                                             \
    if ((mask) < 0)                                                                   \
        fprintf(out, "%02X\t\\-\t%s\t%u\tT{\n", opcode, #name, base);                 \
    else                                                                              \
        fprintf(out, "%02X\t%X\t%s\t%u\tT{\n", opcode, (unsigned)(mask), #name, base);  \
    roff_text(out, what);                                                             \
    fputs("\nT}\n", out);
    ASSIST_OPS(X)
#undef X
    fputs(".TE\n", out);
}

static void glean_table(FILE *out)
{
    fputs(".TS\nl l l l lx.\n", out);
    fputs("\\fBbit\\fR\t\\fBvalue\\fR\t\\fBname\\fR\t\\fBbytes\\fR\t\\fBthe record holds\\fR\n", out);
    int bit = 0;
#define X(n, value, len, name, what)                                                  \
    for (bit = 0; bit < 16 && !((value) & (0x8000 >> bit)); bit++)                    \
        ;                                                                             \
    fprintf(out, "%d\tX'%04X'\t%s\t%d\tT{\n", bit, (unsigned)(value), name, len);      \
    roff_text(out, what);                                                             \
    fputs("\nT}\n", out);
    VM_GLEAN_INFO(X)
#undef X
    fputs(".TE\n", out);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("Usage: gen-imp7 TEMPLATE > imp.7\n", stderr);
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    char line[4096];
    while (fgets(line, sizeof line, in)) {
        if (strcmp(line, ".\\\" @INSTRUCTIONS@\n") == 0)
            instruction_tables(stdout);
        else if (strcmp(line, ".\\\" @CLASSES@\n") == 0)
            class_list(stdout);
        else if (strcmp(line, ".\\\" @EXTENDED@\n") == 0)
            extended_table(stdout);
        else if (strcmp(line, ".\\\" @HOSTSERVICES@\n") == 0)
            host_services_table(stdout);
        else if (strcmp(line, ".\\\" @ASSISTOPS@\n") == 0)
            assist_table(stdout);
        else if (strcmp(line, ".\\\" @GLEANINFO@\n") == 0)
            glean_table(stdout);
        else
            fputs(line, stdout);
    }
    int bad = ferror(in);
    fclose(in);
    if (bad || fflush(stdout) != 0 || ferror(stdout)) {
        fputs("gen-imp7: read or write error\n", stderr);
        return 1;
    }
    return 0;
}
