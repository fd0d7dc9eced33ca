/*
 * parser.y -- the impas grammar: one statement, written by operand shape.
 *
 * The scanner returns the operation as a token naming its shape (T_RR for
 * R1,R2; T_RX for R1,D2(X2,B2); ...), taken from the instruction's format in
 * lib/isa.def.  Adding an instruction never touches this file.  Storage
 * operands share one rule, addr:  D | D(A) | D(A,B) | D(,B); which of
 * those a format allows, and what A means (index or length), is checked
 * when the instruction is encoded (insn.c).  RX-SS (ASSIST's X'E0'
 * family) takes zero, one or two operands, an omitted one written as an
 * empty operand too (XDUMP , as ASSIST has it); insn.c says which it needs.
 */
%define api.pure full
%define api.prefix {asmyy}
%define parse.error detailed
%locations
/* After '=type' a '(' opens the literal's nominal values, never an address: shift. */
%expect 2
%param {void *scanner}
%parse-param {struct lexctx *x}

%define api.location.type {struct asm_loc}

%code requires {
#include <stdint.h>
#include "asm/parse.h"
/* Statements are one logical line: a location is a column range. */
struct asm_loc { int first_column, last_column; };
#define YYLLOC_DEFAULT(cur, rhs, n)                                          \
    do {                                                                     \
        if (n) {                                                             \
            (cur).first_column = YYRHSLOC(rhs, 1).first_column;              \
            (cur).last_column = YYRHSLOC(rhs, n).last_column;                \
        } else {                                                             \
            (cur).first_column = (cur).last_column = YYRHSLOC(rhs, 0).last_column; \
        }                                                                    \
    } while (0)
}

%union {
    int64_t num;
    struct { const char *s; int n; } str;
    const struct opent *op;
    struct { char type; int len; } dct;
    const char *id;
    struct expr *e;
    struct dcop *dc;
    struct { struct expr *d, *a, *b; int form; } addr;
    struct { struct expr **v; int n; } el;
}

%code {
#include <string.h>
int asmyylex(ASMYYSTYPE *lval, ASMYYLTYPE *lloc, void *scanner);
static void asmyyerror(ASMYYLTYPE *loc, void *scanner, struct lexctx *x, const char *msg);
static struct dcop *mkdc(struct lexctx *x, struct expr *dup, char type, int len,
                         struct expr *lenx, int col);
static void add_val(struct lexctx *x, struct expr ***v, int *n, struct expr *e);
#define OPND(i, ad, c) px_operand(x, i, (enum opform)(ad).form, (ad).d, (ad).a, (ad).b, c)
#define PLAIN(i, e, c) px_operand(x, i, OPF_PLAIN, e, NULL, NULL, c)
}

%token EOS 0 "end of operands"
%token ERRTOK "invalid token"
%token <id> NAME "name" IDENT "symbol" QIDENT "qualified symbol"
%token <num> NUM "number"
%token <str> STRING "string"
%token <dct> DCTYPE "constant type" DCTYPEL "constant type with L(length)"
%token LATTR "L'"
%token <op> T_RR T_R1 T_RX T_X T_RS T_RSH T_SI T_S T_SSL T_SSLL T_SSI3 T_RXSS T_DC T_DIR

%type <e> expr dup value
%type <dc> dcop dcops
%type <addr> addr
%type <el> nominal exprs

%left '+' '-'
%left '*' '/'
%precedence UMINUS

%%

statement
    : name body
    ;

name
    : %empty
    | NAME                                  { x->st->name = $1; x->st->namecol = (unsigned char)@1.first_column; }
    ;

body
    : %empty
    | T_RR expr ',' expr                    { px_insn(x, $1, @1.first_column);
                                              PLAIN(0, $2, @2.first_column); PLAIN(1, $4, @4.first_column); }
    | T_R1 expr                             { px_insn(x, $1, @1.first_column); PLAIN(0, $2, @2.first_column); }
    | T_RX expr ',' addr                    { px_insn(x, $1, @1.first_column);
                                              PLAIN(0, $2, @2.first_column); OPND(1, $4, @4.first_column); }
    | T_X addr                              { px_insn(x, $1, @1.first_column); OPND(0, $2, @2.first_column); }
    | T_RS expr ',' expr ',' addr           { px_insn(x, $1, @1.first_column); PLAIN(0, $2, @2.first_column);
                                              PLAIN(1, $4, @4.first_column); OPND(2, $6, @6.first_column); }
    | T_RSH expr ',' addr                   { px_insn(x, $1, @1.first_column);
                                              PLAIN(0, $2, @2.first_column); OPND(1, $4, @4.first_column); }
    | T_SI addr ',' expr                    { px_insn(x, $1, @1.first_column);
                                              OPND(0, $2, @2.first_column); PLAIN(1, $4, @4.first_column); }
    | T_S addr                              { px_insn(x, $1, @1.first_column); OPND(0, $2, @2.first_column); }
    | T_SSL addr ',' addr                   { px_insn(x, $1, @1.first_column);
                                              OPND(0, $2, @2.first_column); OPND(1, $4, @4.first_column); }
    | T_SSLL addr ',' addr                  { px_insn(x, $1, @1.first_column);
                                              OPND(0, $2, @2.first_column); OPND(1, $4, @4.first_column); }
    | T_SSI3 addr ',' addr ',' expr         { px_insn(x, $1, @1.first_column); OPND(0, $2, @2.first_column);
                                              OPND(1, $4, @4.first_column); PLAIN(2, $6, @6.first_column); }
    | T_RXSS                                { px_insn(x, $1, @1.first_column); }
    | T_RXSS ','                            { px_insn(x, $1, @1.first_column); }   /* XDUMP , : both omitted */
    | T_RXSS addr                           { px_insn(x, $1, @1.first_column); OPND(0, $2, @2.first_column); }
    | T_RXSS addr ','                       { px_insn(x, $1, @1.first_column); OPND(0, $2, @2.first_column); }
    | T_RXSS addr ',' addr                  { px_insn(x, $1, @1.first_column);
                                              OPND(0, $2, @2.first_column); OPND(1, $4, @4.first_column); }
    | T_DC dcops                            { px_insn(x, $1, @1.first_column); x->st->dc = $2; }
    | T_DC                                  { px_insn(x, $1, @1.first_column);
                                              px_error(x, @1.last_column + 1, "operand expected"); }
    | T_DIR args                            { px_insn(x, $1, @1.first_column); }
    | error                                 { x->st->bad = 1; }
    ;

addr
    : expr                                  { $$.d = $1; $$.a = $$.b = NULL; $$.form = OPF_PLAIN; }
    | expr '(' expr ')'                     { $$.d = $1; $$.a = $3; $$.b = NULL; $$.form = OPF_ONE; }
    | expr '(' expr ',' expr ')'            { $$.d = $1; $$.a = $3; $$.b = $5; $$.form = OPF_TWO; }
    | expr '(' ',' expr ')'                 { $$.d = $1; $$.a = NULL; $$.b = $4; $$.form = OPF_NOA; }
    ;

args
    : arg
    | args ',' arg
    ;

arg
    : %empty                                { px_arg(x, NULL, @$.first_column); }
    | expr                                  { px_arg(x, $1, @1.first_column); }
    | '(' expr ',' expr ')'                 { px_arg(x, px_node(x, EX_RANGE, $2, $4, @1.first_column),
                                                     @1.first_column); }
    | STRING                                { px_string_arg(x, $1.s, $1.n, @1.first_column); }
    ;

expr
    : expr '+' expr                         { $$ = px_node(x, EX_ADD, $1, $3, @2.first_column); }
    | expr '-' expr                         { $$ = px_node(x, EX_SUB, $1, $3, @2.first_column); }
    | expr '*' expr                         { $$ = px_node(x, EX_MUL, $1, $3, @2.first_column); }
    | expr '/' expr                         { $$ = px_node(x, EX_DIV, $1, $3, @2.first_column); }
    | '-' expr %prec UMINUS                 { $$ = px_node(x, EX_NEG, $2, NULL, @1.first_column); }
    | '+' expr %prec UMINUS                 { $$ = $2; }
    | NUM                                   { $$ = px_num(x, $1, @1.first_column); }
    | IDENT                                 { $$ = px_sym(x, $1, @1.first_column); }
    | QIDENT                                { $$ = px_qsym(x, $1, @1.first_column); }
    | '*'                                   { $$ = px_node(x, EX_LOC, NULL, NULL, @1.first_column); }
    | LATTR IDENT                           { $$ = px_node(x, EX_LATTR, NULL, NULL, @1.first_column);
                                              $$->name = $2; }
    | LATTR QIDENT                          { $$ = px_node(x, EX_LATTR, NULL, NULL, @1.first_column);
                                              $$->name = strchr($2, '.') + 1; }
    | LATTR '*'                             { $$ = px_node(x, EX_LATTR, NULL, NULL, @1.first_column); }
    | LATTR '=' dcop                        { $$ = px_node(x, EX_LATTR, px_lit(x, $3, @2.first_column, @3.last_column),
                                                           NULL, @1.first_column); }
    | '(' expr ')'                          { $$ = $2; }
    | '=' dcop                              { $$ = px_lit(x, $2, @1.first_column, @2.last_column); }
    ;

dcops
    : dcop                                  { $$ = $1; }
    | dcops ',' dcop                        { struct dcop *p = $1; while (p->next) p = p->next;
                                              p->next = $3; $$ = $1; }
    ;

dcop
    : dup DCTYPE nominal                    { $$ = mkdc(x, $1, $2.type, $2.len, NULL, @2.first_column);
                                              $$->vals = $3.v; $$->nvals = $3.n; }
    | dup DCTYPEL '(' expr ')' nominal      { $$ = mkdc(x, $1, $2.type, -1, $4, @2.first_column);
                                              $$->vals = $6.v; $$->nvals = $6.n; }
    | dup STRING                            { px_error(x, @2.first_column, "constant type missing");
                                              $$ = mkdc(x, $1, 'C', -1, NULL, @2.first_column); }
    ;

dup
    : %empty                                { $$ = NULL; }
    | NUM                                   { $$ = px_num(x, $1, @1.first_column); }
    | '(' expr ')'                          { $$ = $2; }
    ;

nominal
    : %empty                                { $$.v = NULL; $$.n = 0; }
    | STRING                                { $$.v = NULL; $$.n = 0; x->lastdc_str = $1.s;
                                              x->lastdc_strlen = $1.n; x->lastdc_strcol = @1.first_column; }
    | '(' exprs ')'                         { $$ = $2; }
    ;

exprs
    : value                                 { $$.v = NULL; $$.n = 0; add_val(x, &$$.v, &$$.n, $1); }
    | exprs ',' value                       { $$ = $1; add_val(x, &$$.v, &$$.n, $3); }
    ;

/* a nominal value; D(B) is for S-type constants (dc.c checks) */
value
    : expr
    | expr '(' expr ')'                     { $$ = px_node(x, EX_BASED, $1, $3, @2.first_column); }
    ;

%%

static void asmyyerror(ASMYYLTYPE *loc, void *scanner, struct lexctx *x, const char *msg)
{
    (void)scanner;
    if (x->reported)
        return;
    x->reported = 1;
    if (x->errmsg)
        px_error(x, x->errcol, x->errmsg);
    else
        px_error(x, loc->first_column, msg);
}

static struct dcop *mkdc(struct lexctx *x, struct expr *dup, char type, int len,
                         struct expr *lenx, int col)
{
    struct dcop *d = arena_alloc(&x->as->arena, sizeof *d);
    d->dupx = dup;
    d->type = type;
    d->explen = len;
    d->lenx = lenx;
    d->col = col;
    if (x->lastdc_str) {
        d->str = x->lastdc_str;
        d->strlen = x->lastdc_strlen;
        d->strcol = x->lastdc_strcol;
        x->lastdc_str = NULL;
    }
    return d;
}

static void add_val(struct lexctx *x, struct expr ***v, int *n, struct expr *e)
{
    struct expr **nv = arena_alloc(&x->as->arena, sizeof *nv * (size_t)(*n + 1));
    if (*n)
        memcpy(nv, *v, sizeof *nv * (size_t)*n);
    nv[(*n)++] = e;
    *v = nv;
}
