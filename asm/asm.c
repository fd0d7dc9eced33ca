/*
 * asm.c -- the assembler's life cycle: create, read and parse the source
 * (source.c), pass 1, layout, pass 2, report the diagnostics in statement
 * order, free.  See asm.h for the contract.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct assembler *asm_new(struct diag *d, const struct asm_options *o)
{
    struct assembler *as = calloc(1, sizeof *as);
    if (!as)
        return NULL;
    as->diag = d;
    if (o)
        as->opt = *o;
    as->optab = optab_new();
    symtab_init(&as->syms);
    obj_init(&as->obj, OBJ_OBJECT);
    as->cursect = -1;
    as->first_csect = -1;
    as->curstmt = -1;
    if (!as->optab || lex_init(as) != 0 || mac_init(as) != 0) {
        asm_free(as);
        return NULL;
    }
    if (as->opt.listing)
        as->lst = lst_new(as, as->opt.listing);
    return as;
}

void asm_free(struct assembler *as)
{
    if (!as)
        return;
    lex_free(as);
    mac_free(as);
    optab_free(as->optab);
    symtab_free(&as->syms);
    for (size_t i = 0; i < as->nlits; i++)
        free(as->lits[i]->fix);
    free(as->lits);
    free(as->lithash);
    free(as->pending);
    free(as->poolorder);
    src_free(as);
    big_free(as->stmts, as->capstmts, sizeof *as->stmts);
    free(as->sects);
    obj_free(&as->obj);
    lst_free(as->lst);
    arena_free(&as->arena);
    arena_free(&as->scratch);
    free(as);
}

struct obj_module *asm_object(struct assembler *as) { return &as->obj; }

static int has_errors(const struct assembler *as)
{
    for (size_t i = 0; i < as->nstmts; i++)
        for (const struct sdiag *d = stmt_diags(&as->stmts[i]); d; d = d->next)
            if (d->lvl >= DIAG_ERROR || (d->lvl == DIAG_WARNING && as->diag->werror))
                return 1;
    return 0;
}

static int assemble(struct assembler *as, const char *name)
{
    int taken = mac_finish(as);     /* then END may be in what it took */
    if (as->nstmts == 0) {
        diag_report(as->diag, DIAG_WARNING, name, 0, 0, NULL, "empty source: no statements");
    } else if (!as->ended && !as->stop && !taken) {
        /* at the main file's last statement (a COPY as the last line: not
           at the member's last line, a file the writer may never have seen) */
        int last = (int)as->nstmts - 1;
        while (last > 0 && as->stmts[last].file != 0)
            last--;
        if (as->stmts[last].file != 0)
            last = (int)as->nstmts - 1;
        stmt_msg(as, last, DIAG_WARNING, 0, "no END statement");
    }
    pass1(as);
    pass1_finish(as);
    pass2(as);
    lst_finish(as);
    int bad = has_errors(as);
    stmt_flush_diags(as);
    return bad ? 1 : 0;
}

int asm_run_file(struct assembler *as, const char *path)
{
    if (src_read_file(as, path, -1, 0) < 0)
        return 2;
    return assemble(as, path);
}

int asm_run_mem(struct assembler *as, const char *name, const char *text, size_t len)
{
    src_read_mem(as, name, text, len);
    return assemble(as, name);
}
