/*
 * mkfastpath.c -- writes the cases of fp_run (vm/fastpath.c) that come
 * from tables, as plain C for fastpath.c to include:
 *
 *   mkfastpath CASES CHECKED BOUND
 *
 * CASES holds one case per ALU function of mc/fields.def (flags set or
 * not, with or without a storage operation of its MEM list that only
 * reads or only writes) and per combination of vm/fastpath.def's X lists;
 * CHECKED and BOUND their entries in the two tables of labels of the
 * labels-as-values dispatch (fastpath.c, FP_LABELS): the case that checks
 * the runaway bound first (label_c), for control-store words, and the one
 * that need not, for an instruction's bound words.  The cases use fastpath.c's few
 * dispatch macros (CCASE, COUNT, GO, GOIF) and its helpers (mem_body,
 * successor), so that one text serves both dispatches.  The build runs
 * it (vm/vm.mk); its output is in build/gen/vm/.
 *
 * Each function's case does what eng_exec_uop does for such a word, in
 * the order of fields.def's phases; fastpath.c says how.
 */
#include "microword.h"
#include "fastpath.def"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the tables ------------------------------------------------------------- */

struct fn { const char *name; unsigned kind; const char *what; };
static const struct fn fns[] = {
#define FN_(x, name, code, cycles, kind, sets, reads, readfor, what) { #name, MC_AK_##kind, what },
    MC_ALU_VALUES(FN_, _)
#undef FN_
};
enum { NFN = sizeof fns / sizeof fns[0] };

/* The storage operations of the OP_MEM cases: a plain read or write. */
struct mem { const char *name; unsigned access; const char *what; };
static const struct mem mems[] = {
#define MEM_(x, name, code, cycles, len, access, what) { #name, MC_ACC_##access, what },
    MC_MEM_VALUES(MEM_, _)
#undef MEM_
};
enum { NMEM = sizeof mems / sizeof mems[0] };

static int plain_mem(const struct mem *m) { return m->access == MC_ACC_READ || m->access == MC_ACC_WRITE; }

struct xfn { const char *name, *y, *flag[5]; };     /* flag: Z N C V LT */
static const struct xfn xfns[] = {
#define XF_(name, y, z, n, c, v, lt) { #name, y, { z, n, c, v, lt } },
    FP_X_FNS(XF_)
#undef XF_
};
struct xrule { const char *name, *text; };
static const struct xrule xccs[] = {
#define XR_(name, text) { #name, text },
    FP_X_CCS(XR_)
};
static const struct xrule xconds[] = {
    FP_X_CONDS(XR_)
#undef XR_
};
#define COUNTOF(a) (sizeof (a) / sizeof (a)[0])

/* ---- output ------------------------------------------------------------------ */

static FILE *out;
static const char *out_name;

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
}

static void open_out(const char *name)
{
    out_name = name;
    out = fopen(name, "w");
    if (!out) {
        perror(name);
        exit(1);
    }
    put("/* %s -- written by mkfastpath (vm/mkfastpath.c) from mc/fields.def\n"
        " * and vm/fastpath.def; fastpath.c includes it.  Do not edit. */\n", name);
}

static void close_out(void)
{
    if (ferror(out) | fclose(out)) {
        perror(out_name);
        remove(out_name);
        exit(1);
    }
}

/* Append to buf (size n) the text t with $Z $N $C $V $LT replaced by the
 * X function f's flags, themselves expanded. */
static void expand(char *buf, size_t n, const char *t, const struct xfn *f)
{
    static const char *const names[] = { "$Z", "$N", "$C", "$V", "$LT" };
    size_t len = strlen(buf);
    while (*t) {
        int k = -1;
        for (int i = 4; i >= 0; i--)        /* $LT before any shorter name */
            if (strncmp(t, names[i], strlen(names[i])) == 0) {
                k = i;
                break;
            }
        if (k >= 0) {
            expand(buf, n, f->flag[k], f);
            len = strlen(buf);
            t += strlen(names[k]);
            continue;
        }
        if (len + 1 >= n) {
            fprintf(stderr, "mkfastpath: an X case's text is too long\n");
            exit(1);
        }
        buf[len++] = *t++;
        buf[len] = 0;
    }
}

/* ---- the cases ---------------------------------------------------------------- */

/* The ALU cases: Y <- A op B into D, the flags set; then without CC,
 * condition or successor choice (OP_ALUP). */
static void alu_cases(const struct fn *f)
{
    put("\n        /* %s: %s */\n", f->name, f->what);
    if (f->kind == MC_AK_NOP) {
        put("        CCASE(OP_ALU + MC_ALU_%s, l_alu_%s): {\n", f->name, f->name);
        put("            /* Y unchanged, B not driven (0 for CC=TM), as the reference */\n");
        put("            COUNT();\n");
        put("            uint32_t y = vm->y;\n");
        put("            **u->pd = y;\n");
        put("            if (u->cc)\n");
        put("                dp_set_cc(vm, u->cc, y, 0);\n");
        put("            GO(successor(vm, u));\n");
        put("        }\n");
        put("        CCASE(OP_ALUP + MC_ALU_%s, l_alup_%s):\n", f->name, f->name);
        put("            COUNT();\n");
        put("            **u->pd = vm->y;\n");
        put("            GO(u->nf);\n");
        return;
    }
    put("        CCASE(OP_ALU + MC_ALU_%s, l_alu_%s): {\n", f->name, f->name);
    put("            COUNT();\n");
    put("            uint32_t b = **u->pb;\n");
    put("            uint32_t y = dp_alu(vm, MC_ALU_%s, **u->pa, b);\n", f->name);
    put("            **u->pd = y;\n");
    put("            if (u->cc)\n");
    put("                dp_set_cc(vm, u->cc, y, b);\n");
    put("            GO(successor(vm, u));\n");
    put("        }\n");
    put("        CCASE(OP_ALUP + MC_ALU_%s, l_alup_%s):\n", f->name, f->name);
    put("            COUNT();\n");
    put("            **u->pd = dp_alu(vm, MC_ALU_%s, **u->pa, **u->pb);\n", f->name);
    put("            GO(u->nf);\n");
}

/* A pure function's cases that leave the flags alone (OP_ALUN, OP_ALUNP). */
static void alun_cases(const struct fn *f)
{
    put("\n        /* %s, no flags */\n", f->name);
    put("        CCASE(OP_ALUN + MC_ALU_%s, l_alun_%s): {\n", f->name, f->name);
    put("            COUNT();\n");
    put("            uint32_t b = **u->pb;\n");
    put("            uint32_t y = dp_alu_noflags(vm, MC_ALU_%s, **u->pa, b);\n", f->name);
    put("            **u->pd = y;\n");
    put("            if (u->cc)\n");
    put("                dp_set_cc(vm, u->cc, y, b);\n");
    put("            GO(successor(vm, u));\n");
    put("        }\n");
    put("        CCASE(OP_ALUNP + MC_ALU_%s, l_alunp_%s):\n", f->name, f->name);
    put("            COUNT();\n");
    put("            **u->pd = dp_alu_noflags(vm, MC_ALU_%s, **u->pa, **u->pb);\n", f->name);
    put("            GO(u->nf);\n");
}

/* A function's storage cases, with the flags (OP_MEM) or without (OP_MEMN). */
static void mem_cases(const struct fn *f, int flags)
{
    const char *op = flags ? "OP_MEM" : "OP_MEMN", *l = flags ? "mem" : "memn";
    put("\n        /* %s with a storage read or write%s */\n", f->name, flags ? "" : ", no flags");
    for (unsigned m = 0; m < NMEM; m++) {
        if (!plain_mem(&mems[m]))
            continue;
        put("        CCASE(%s + MC_ALU_%s * 8 + MC_MEM_%s, l_%s_%s_%s):\n", op, f->name,
            mems[m].name, l, f->name, mems[m].name);
        put("            COUNT();\n");
        put("            GO(mem_body(vm, u, MC_ALU_%s, MC_MEM_%s, %d));\n", f->name, mems[m].name,
            flags);
    }
}

/* ADD or SUB whose C and V no word reads: Z and N alone (OP_ADDZ, OP_SUBZ). */
static void zn_case(const char *op, const char *label, const char *fn)
{
    put("\n        /* %s, Z and N alone */\n", fn);
    put("        CCASE(%s, %s): {\n", op, label);
    put("            COUNT();\n");
    put("            uint32_t b = **u->pb;\n");
    put("            uint32_t y = dp_alu_noflags(vm, MC_ALU_%s, **u->pa, b);\n", fn);
    put("            vm->fz = y == 0;\n");
    put("            vm->fn = (uint8_t)(y >> 31);\n");
    put("            **u->pd = y;\n");
    put("            if (u->cc)\n");
    put("                dp_set_cc(vm, u->cc, y, b);\n");
    put("            GO(successor(vm, u));\n");
    put("        }\n");
}

static void x_case(const struct xfn *f, const struct xrule *cc, const struct xrule *cond)
{
    char set[512] = "", taken[512] = "";
    expand(set, sizeof set, cc->text, f);
    expand(taken, sizeof taken, cond->text, f);
    put("        CCASE(X_OP(%s, %s, %s), l_x_%s_%s_%s): {\n", f->name, cc->name, cond->name,
        f->name, cc->name, cond->name);
    put("            COUNT();\n");
    for (const char *p = f->y, *e; *p; p = *e ? e + 2 : e) {     /* a statement a line */
        e = strstr(p, "; ");
        if (!e)
            e = p + strlen(p);
        put("            %.*s;\n", (int)(e - p), p);
    }
    put("            **u->pd = y;\n");
    if (*set)
        put("            %s;\n", set);
    if (strcmp(taken, "0") == 0)
        put("            GO(u->nf);\n");
    else
        put("            GOIF(%s);\n", taken);
    put("        }\n");
}

/* A handler table's entries of the generated cases (suffix "_c": the
 * cases that check the runaway bound first). */
static void handler_entries(const char *suffix)
{
    for (unsigned f = 0; f < NFN; f++) {
        put("        [OP_ALU + MC_ALU_%s] = &&l_alu_%s%s,\n", fns[f].name, fns[f].name, suffix);
        put("        [OP_ALUP + MC_ALU_%s] = &&l_alup_%s%s,\n", fns[f].name, fns[f].name, suffix);
    }
    for (unsigned f = 0; f < NFN; f++)
        for (unsigned m = 0; m < NMEM; m++)
            if (plain_mem(&mems[m]))
                put("        [OP_MEM + MC_ALU_%s * 8 + MC_MEM_%s] = &&l_mem_%s_%s%s,\n",
                    fns[f].name, mems[m].name, fns[f].name, mems[m].name, suffix);
    for (unsigned f = 0; f < NFN; f++) {
        if (fns[f].kind != MC_AK_PURE)
            continue;
        for (unsigned m = 0; m < NMEM; m++)
            if (plain_mem(&mems[m]))
                put("        [OP_MEMN + MC_ALU_%s * 8 + MC_MEM_%s] = &&l_memn_%s_%s%s,\n",
                    fns[f].name, mems[m].name, fns[f].name, mems[m].name, suffix);
        put("        [OP_ALUN + MC_ALU_%s] = &&l_alun_%s%s,\n", fns[f].name, fns[f].name, suffix);
        put("        [OP_ALUNP + MC_ALU_%s] = &&l_alunp_%s%s,\n", fns[f].name, fns[f].name, suffix);
    }
    put("        [OP_ADDZ] = &&l_addz%s,\n", suffix);
    put("        [OP_SUBZ] = &&l_subz%s,\n", suffix);
    for (unsigned f = 0; f < COUNTOF(xfns); f++)
        for (unsigned c = 0; c < COUNTOF(xccs); c++)
            for (unsigned d = 0; d < COUNTOF(xconds); d++)
                put("        [X_OP(%s, %s, %s)] = &&l_x_%s_%s_%s%s,\n", xfns[f].name,
                    xccs[c].name, xconds[d].name, xfns[f].name, xccs[c].name,
                    xconds[d].name, suffix);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: mkfastpath CASES CHECKED BOUND\n");
        return 2;
    }
    open_out(argv[1]);
    put("\n        /* ---- ALU words ---- */\n");
    for (unsigned f = 0; f < NFN; f++)
        alu_cases(&fns[f]);
    put("\n        /* ---- storage words (mem_body) ---- */\n");
    for (unsigned f = 0; f < NFN; f++)
        mem_cases(&fns[f], 1);
    for (unsigned f = 0; f < NFN; f++)
        if (fns[f].kind == MC_AK_PURE)
            mem_cases(&fns[f], 0);
    put("\n        /* ---- pure functions whose flags no word reads ---- */\n");
    for (unsigned f = 0; f < NFN; f++)
        if (fns[f].kind == MC_AK_PURE)
            alun_cases(&fns[f]);
    zn_case("OP_ADDZ", "l_addz", "ADD");
    zn_case("OP_SUBZ", "l_subz", "SUB");
    put("\n        /* ---- the X cases (fastpath.def): flags computed in line, never stored ---- */\n");
    for (unsigned f = 0; f < COUNTOF(xfns); f++)
        for (unsigned c = 0; c < COUNTOF(xccs); c++) {
            put("\n        /* %s, CC=%s */\n", xfns[f].name, xccs[c].name);
            for (unsigned d = 0; d < COUNTOF(xconds); d++)
                x_case(&xfns[f], &xccs[c], &xconds[d]);
        }
    close_out();

    open_out(argv[2]);
    handler_entries("_c");
    close_out();
    open_out(argv[3]);
    handler_entries("");
    close_out();
    return 0;
}
