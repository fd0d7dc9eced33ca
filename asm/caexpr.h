/*
 * caexpr.h -- the values and the evaluator of conditional assembly
 * expressions, shared by setsym.c (the grammar, SET symbols, the
 * statements) and builtin.c (HLASM's built-in functions).
 *
 * A value is typed: A arithmetic (32 bits, kept in 64 to see overflow),
 * B logical (0 or 1), C a character string (in the statement's arena,
 * struct macproc.tmp, freed after each statement).
 */
#ifndef IMP_ASM_CAEXPR_H
#define IMP_ASM_CAEXPR_H

#include "macro.h"

#include <ctype.h>
#include <stddef.h>

/* A character of a symbol: letters, digits, _ $ # @. */
static inline int ca_is_symch(int c)
{
    return isalnum(c) || c == '_' || c == '$' || c == '#' || c == '@';
}

/* a[0, n) spelled as the upper-case name b, in any case. */
static inline int ca_name_eq(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (toupper((unsigned char)a[i]) != (unsigned char)b[i] || !b[i])
            return 0;
    return b[n] == '\0';
}

struct val {
    char t;                     /* 'A', 'B', 'C' */
    int64_t n;
    const char *s;
    int len;
    int at;                     /* where the term began (+1; 0 unknown) */
};

/* An expression being evaluated: the text s[0, n), the cursor i. */
struct ev {
    struct assembler *as;
    struct inv *v;
    const char *s;
    int n, i;
    int col0;                   /* column of s[0] */
    int err;
    int depth;                  /* nested terms: parentheses, strings, subscripts */
    int arith;                  /* a SETA operand: AND, OR, XOR, NOT of numbers are bitwise */
};

/* setsym.c */
/* Report an error at the cursor (the first one only); e->err is set. */
void ca_fail(struct ev *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
struct val ca_num(int64_t n);
struct val ca_bool(int b);
struct val ca_str(struct assembler *as, const char *s, int len);      /* copied */
int64_t ca_to_num(struct ev *e, struct val x);     /* a C value: decimal, or X'..' ... */
struct val ca_to_str(struct ev *e, struct val x);
void ca_blanks(struct ev *e);
struct val ca_expr(struct ev *e);                   /* a whole expression (lor) */
struct val ca_term(struct ev *e);                   /* one term (prim) */

/* builtin.c */
struct builtin;
const struct builtin *builtin_find(const char *s, int n);
int builtin_nargs(const struct builtin *b);
/* Apply b to its arguments a[0, nargs). */
struct val builtin_apply(struct ev *e, const struct builtin *b, struct val *a);
/* NAME(arg[,arg]) with the cursor on the '(': its value. */
struct val builtin_call(struct ev *e, const struct builtin *b);
/* Does a call NAME( of a built-in function begin at e->s[i]? */
int builtin_at(const struct ev *e, int i);

#endif
