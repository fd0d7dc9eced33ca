/*
 * parser.y -- the grammar of the micro-assembly language (impmc(5)).
 *
 *   line   : [label ':'] item* NL
 *          | '.equ' NAME ',' expr NL
 *   item   : FIELD '=' value               A=R1  ALU=ADD  ADDR=loop
 *          | FIELD '=' '#' expr            A=#0x28 (the LIT source and field)
 *          | GOTO label | CALL label | RETURN | END | DISPATCH label
 *          | IF [NOT] cond GOTO label [ELSE END]
 *          | IF [NOT] cond BRANCH          (IA <- EA2 if taken; END)
 *
 * The grammar knows the shapes only; which words are fields, values and
 * conditions comes from fields.def, looked up by the encoder.
 */
%define api.pure full
%define api.prefix {mcyy}
%locations
%parse-param {void *scanner} {struct masm *m} {int file}
%lex-param {void *scanner}

%code requires {
#include "masm.h"
}

%code {
#include <stdlib.h>
#include <string.h>

int mcyylex(MCYYSTYPE *lval, MCYYLTYPE *lloc, void *scanner);
static void mcyyerror(MCYYLTYPE *lloc, void *scanner, struct masm *m, int file, const char *msg);

static struct loc L(int file, MCYYLTYPE l) { struct loc x = { file, l.first_line, l.first_column }; return x; }
static struct item *new_item(enum item_kind k, struct loc loc)
{
    struct item *it = calloc(1, sizeof *it);
    if (!it) abort();
    it->kind = k;
    it->loc = loc;
    return it;
}
static struct stmt *new_stmt(struct masm *m, struct loc loc)
{
    struct stmt *s = calloc(1, sizeof *s);
    if (!s) abort();
    s->loc = loc;
    if (m->last) m->last->next = s; else m->first = s;
    m->last = s;
    return s;
}
static struct item *append(struct item *list, struct item *it)
{
    if (!list) return it;
    struct item *p = list;
    while (p->next) p = p->next;
    p->next = it;
    return list;
}
}

%union {
    long num;
    char *str;
    struct expr *expr;
    struct item *item;
}

%token <num> NUMBER "number"
%token <str> IDENT "name"
%define parse.error verbose
%token NL "end of line"
%token SHL "<<" SHR ">>" D_EQU ".equ" BADCHAR "invalid character"
%token K_IF "IF" K_NOT "NOT" K_GOTO "GOTO" K_ELSE "ELSE" K_END "END" K_CALL "CALL"
%token K_RETURN "RETURN" K_DISPATCH "DISPATCH" K_BRANCH "BRANCH"
%type <expr> expr value
%type <item> items item
%type <num> else_end

%destructor { free($$); } <str>
%destructor { expr_free($$); } <expr>
%destructor { items_free($$); } <item>

%left '|'
%left '&'
%left SHL SHR
%left '+' '-'
%left '*'
%precedence UMINUS

%%

file    : %empty
        | file line
        ;

line    : NL
        | IDENT ':' items NL        { struct stmt *s = new_stmt(m, L(file, @1)); s->label = $1;
                                      s->items = $3; s->is_word = $3 != NULL; }
        | IDENT ':' NL              { struct stmt *s = new_stmt(m, L(file, @1)); s->label = $1; }
        | items NL                  { struct stmt *s = new_stmt(m, L(file, @1)); s->items = $1; s->is_word = 1; }
        | D_EQU IDENT ',' expr NL   { struct stmt *s = new_stmt(m, L(file, @2)); s->label = $2;
                                      s->is_equ = 1; s->equ_value = $4; }
        | error NL                  { yyerrok; }
        ;

items   : item                      { $$ = $1; }
        | items item                { $$ = append($1, $2); }
        ;

item    : IDENT '=' value           { $$ = new_item(IT_FIELD, L(file, @1)); $$->field = $1; $$->value = $3; }
        | IDENT '=' '#' expr        { $$ = new_item(IT_FIELD, L(file, @1)); $$->field = $1; $$->value = $4;
                                      $$->literal = 1; }
        | IDENT '=' K_END           { $$ = new_item(IT_FIELD, L(file, @1)); $$->field = $1;
                                      $$->value = expr_new(E_NAME, NULL, NULL, L(file, @3));
                                      $$->value->name = strdup("END"); }
        | K_GOTO IDENT              { $$ = new_item(IT_SEQ, L(file, @1)); $$->seq = MC_SEQ_JUMP;
                                      $$->target = $2; $$->target_loc = L(file, @2); }
        | K_CALL IDENT              { $$ = new_item(IT_SEQ, L(file, @1)); $$->seq = MC_SEQ_CALL;
                                      $$->target = $2; $$->target_loc = L(file, @2); }
        | K_DISPATCH IDENT          { $$ = new_item(IT_SEQ, L(file, @1)); $$->seq = MC_SEQ_DISPATCH;
                                      $$->target = $2; $$->target_loc = L(file, @2); }
        | K_RETURN                  { $$ = new_item(IT_SEQ, L(file, @1)); $$->seq = MC_SEQ_RET; }
        | K_END                     { $$ = new_item(IT_SEQ, L(file, @1)); $$->seq = MC_SEQ_END; }
        | K_IF IDENT K_GOTO IDENT else_end
                                    { $$ = new_item(IT_SEQ, L(file, @1));
                                      $$->seq = $5 ? MC_SEQ_BRE : MC_SEQ_BR;
                                      $$->cond = $2; $$->cond_loc = L(file, @2);
                                      $$->target = $4; $$->target_loc = L(file, @4); }
        | K_IF K_NOT IDENT K_GOTO IDENT else_end
                                    { $$ = new_item(IT_SEQ, L(file, @1));
                                      $$->seq = $6 ? MC_SEQ_BRNE : MC_SEQ_BRN;
                                      $$->cond = $3; $$->cond_loc = L(file, @3);
                                      $$->target = $5; $$->target_loc = L(file, @5); }
        | K_IF IDENT K_BRANCH       { $$ = new_item(IT_SEQ, L(file, @1)); $$->seq = MC_SEQ_BRT;
                                      $$->cond = $2; $$->cond_loc = L(file, @2); }
        | K_IF K_NOT IDENT K_BRANCH { $$ = new_item(IT_SEQ, L(file, @1)); $$->seq = MC_SEQ_BRNT;
                                      $$->cond = $3; $$->cond_loc = L(file, @3); }
        ;

else_end: %empty                    { $$ = 0; }
        | K_ELSE K_END              { $$ = 1; }
        ;

value   : expr                      { $$ = $1; }
        ;

expr    : NUMBER                    { $$ = expr_new(E_NUM, NULL, NULL, L(file, @1)); $$->num = $1; }
        | IDENT                     { $$ = expr_new(E_NAME, NULL, NULL, L(file, @1)); $$->name = $1; }
        | '(' expr ')'              { $$ = $2; }
        | '-' expr %prec UMINUS     { $$ = expr_new(E_NEG, $2, NULL, L(file, @1)); }
        | '~' expr %prec UMINUS     { $$ = expr_new(E_NOT, $2, NULL, L(file, @1)); }
        | expr '+' expr             { $$ = expr_new(E_ADD, $1, $3, L(file, @2)); }
        | expr '-' expr             { $$ = expr_new(E_SUB, $1, $3, L(file, @2)); }
        | expr '*' expr             { $$ = expr_new(E_MUL, $1, $3, L(file, @2)); }
        | expr '|' expr             { $$ = expr_new(E_OR, $1, $3, L(file, @2)); }
        | expr '&' expr             { $$ = expr_new(E_AND, $1, $3, L(file, @2)); }
        | expr SHL expr             { $$ = expr_new(E_SHL, $1, $3, L(file, @2)); }
        | expr SHR expr             { $$ = expr_new(E_SHR, $1, $3, L(file, @2)); }
        ;

%%

static void mcyyerror(MCYYLTYPE *lloc, void *scanner, struct masm *m, int file, const char *msg)
{
    (void)scanner;
    masm_report(m, DIAG_ERROR, L(file, *lloc), "%s", msg);
}
