/*
 * caexpr.h -- the values and the evaluator of conditional assembly
 * expressions: the grammar (caexpr.c), shared by setsym.c (SET symbols,
 * the statements) and builtin.c (HLASM's built-in functions).
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

/* caexpr.c */
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
struct val ca_sum(struct ev *e);                    /* a sum of products (no relations) */

/* A parameter's value, a system variable, a SET symbol's: &NAME[(sub[,sub]...)]. */
#define REF_SUBS 8
struct ref {
    const char *name;
    int nlen;
    struct setvar *var;
    const char *pval;           /* a parameter's or system variable's value */
    int is_param;               /* 1 parameter, 2 &SYSLIST */
    int nsub;
    int64_t sub[REF_SUBS];      /* &P(2,1,3): an element of an element of ... */
};
/* Parse the reference at e->s[e->i] == '&' into r, its subscripts evaluated
 * (sysbuf holds a system variable's value): 0 with r filled, 1 if the name
 * is unknown (e->i after the name), -1 on an error (reported). */
int ca_parse_ref(struct ev *e, struct ref *r, char *sysbuf);
/* The value of a parsed reference. */
struct val ca_ref_value(struct ev *e, const struct ref *r);

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
