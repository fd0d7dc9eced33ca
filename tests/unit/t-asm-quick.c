/*
 * t-asm-quick.c -- the parser's quick path (asm/quick.c) against the full
 * one (flex and bison): every statement the quick path takes must come
 * out (with its operands built as pass 2 builds them) exactly as the
 * grammar builds it (name, operation, columns, operand
 * forms, expression nodes), and the statements it must leave alone are
 * left untouched.  An instruction flex and bison parse keeps no operands
 * unless it has a literal or an error: pass 2 parses it again, and gets
 * the same statement.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "../../asm/parse.h"

static struct assembler *as;

/* Statement 0 of the assembler, made fresh with the given text. */
static struct stmt *fresh(const char *text)
{
    struct stmt *st = &as->stmts[0];
    memset(st, 0, sizeof *st);
    stmt_more(as, st)->text = text;     /* as a continued statement holds its text */
    st->textlen = (short)strlen(text);
    st->nlines = 1;
    st->sect = -1;
    return st;
}

static int same_expr(const struct expr *a, const struct expr *b)
{
    if (!a || !b)
        return a == b;
    if (a->kind != b->kind || a->col != b->col)
        return 0;
    if (a->kind == EX_NUM && a->num != b->num)
        return 0;
    if (a->kind == EX_SYM && strcmp(a->name, b->name) != 0)
        return 0;
    return same_expr(a->l, b->l) && same_expr(a->r, b->r);
}

static int same_stmt(const struct stmt *a, const struct stmt *b)
{
    if ((a->name == NULL) != (b->name == NULL) || (a->name && strcmp(a->name, b->name) != 0))
        return 0;
    if (a->namecol != b->namecol || a->op != b->op || a->opcol != b->opcol ||
        a->kind != b->kind || a->nops != b->nops || a->bad != b->bad || stmt_diags(a) ||
        stmt_diags(b) ||
        a->quick || !b->quick)
        return 0;
    for (int i = 0; i < a->nops; i++) {
        const struct operand *x = &a->ops[i], *y = &b->ops[i];
        if (x->form != y->form || x->col != y->col || !same_expr(x->d, y->d) ||
            !same_expr(x->a, y->a) || !same_expr(x->b, y->b))
            return 0;
    }
    return 1;
}

static void taken(const char *text)
{
    parse_stmt_full(as, fresh(text));
    struct stmt full = as->stmts[0];
    int q = quick_stmt(as, fresh(text));
    check_int(q, ==, 1);
    if (q)
        quick_operands(as, &as->stmts[0]);
    if (!check(q && same_stmt(&full, &as->stmts[0])))
        printf("# not the same statement: '%s'\n", text);
}

/* text: an instruction parsed in full, kept without operands, rebuilt the same. */
static void rebuilt(const char *text)
{
    parse_stmt_full(as, fresh(text));
    struct stmt full = as->stmts[0];
    struct stmt *st = fresh(text);
    parse_stmt(as, st);
    const char *name = st->name;
    if (!check(st->quick == 2 && st->ops == NULL && st->nops == 0 && !st->bad))
        printf("# kept its operands: '%s'\n", text);
    quick_operands(as, st);
    if (!check(same_stmt(&full, st) && st->name == name))
        printf("# not the same statement again: '%s'\n", text);
}

/* text: parsed in full and kept so (a literal, an error, a directive). */
static void kept(const char *text)
{
    struct stmt *st = fresh(text);
    parse_stmt(as, st);
    if (!check(st->quick == 0))
        printf("# not kept: '%s'\n", text);
}

static void left(const char *text)
{
    struct stmt *st = fresh(text);
    struct stmt before = *st;
    int q = quick_stmt(as, st);
    if (!check(q == 0 && memcmp(&before, st, sizeof before) == 0))
        printf("# the quick path took: '%s'\n", text);
}

int main(void)
{
    struct diag d;
    diag_init(&d, "impas");
    FILE *null = fopen("/dev/null", "w");
    d.out = null;
    struct asm_options o = { .no_files = 1 };
    as = asm_new(&d, &o);
    as->stmts = big_grow(as->stmts, &as->capstmts, 1, sizeof *as->stmts);
    as->nstmts = 1;

    static const char *const quick[] = {
        "         LR    1,2",
        "LAB      LR    15,0          remark, with (commas)",
        "lower    ar    r1,r2",
        "         BR    14",
        "         SVC   255",
        "         L     1,0(2,3)",
        "X1       L     1,FIELD",
        "         L     1,FIELD(2)",
        "         L     1,FIELD(,12)",
        "         ST    R1,4(R2,R13)",
        "         LA    0,4095",
        "         B     LOOP",
        "         BC    8,0(1,2)",
        "         STM   14,12,12(13)",
        "         SLL   1,3",
        "         SRDA  2,0(5)",
        "         CLI   0(1),255",
        "         MVI   FLAG,C",
        "         LPSW  0(0)",
        "         MVC   0(256,1),2(3)",
        "         MVC   TO,FROM",
        "         MVC   TO(8),FROM",
        "         MVC   0(,1),2(3)",
        "         PACK  P(8,1),Z(3,2)",
        "         SRP   0(3,1),2(0),5",
        "$@#_9    LR    1,2147483647",
        "         LR    1,0000000009",
    };
    for (size_t i = 0; i < sizeof quick / sizeof quick[0]; i++)
        taken(quick[i]);

    static const char *const full[] = {
        "         LR    1,2+3",
        "         L     1,=F'1'",
        "         L     1,X'10'",
        "         L     1,L'FIELD",
        "         L     1,LAB.FIELD",
        "         L     1,*",
        "         L     1,-4",
        "         LR    1,00000000001",
        "         LR    1,2147483648",
        "         LR    1,12AB",
        "         LR    1,2,3",
        "         LR    1",
        "         LR    1(2),3",
        "         L     1,0(2,3,4)",
        "         L     1,0(2",
        "         L     1,(4)",
        "         LR    ",
        "LAB",
        "1LAB     LR    1,2",
        ".SEQ     LR    1,2",
        "LAB.X    LR    1,2",
        "         FOO   1,2",
        "         SAVE  (14,12)",
        "         DC    F'1'",
        "         USING *,12",
        "         EQU   1",
        "         MVC   0(1,2),1(2,3)x",
        "A234567890123456789012345678901234567890123456789012345678901234 LR 1,2",
    };
    for (size_t i = 0; i < sizeof full / sizeof full[0]; i++)
        left(full[i]);

    static const char *const again[] = {
        "         LR    1,2+3",
        "LAB      L     1,X'10'       remarks",
        "         L     1,L'FIELD",
        "         L     1,LAB.FIELD",
        "         L     1,*",
        "         L     1,-4(2,12)",
        "NAME     MVC   FLD(L'FLD),FLD2+4*(2-1)",
        "         CLI   0(1),C'A'",
        "         SLL   R1,B'101'",
    };
    for (size_t i = 0; i < sizeof again / sizeof again[0]; i++)
        rebuilt(again[i]);
    kept("         L     1,=F'1'");
    kept("         CLI   0(1),C'='");
    kept("         DC    A(X+1)");
    kept("         USING *+4,12");
    kept("         LR    1(2),3");
    kept("         L     1,0(2,3,4)");

    asm_free(as);
    fclose(null);
    return tap_done();
}
