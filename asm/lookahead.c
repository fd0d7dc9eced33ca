/*
 * lookahead.c -- the attributes (T', L', D') of ordinary symbols as the
 * macro processor sees them: those defined by statements before this
 * point, kept in a hash index of statement numbers, and, as HLASM's
 * lookahead, those named later in the open code being read.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "macro.h"
#include "ebcdic.h"

/* ---- ordinary symbols before this point (T', L', D') ---------------------------- */

/* Add the names of the statements made since the last call to the index. */
static void sym_index(struct assembler *as)
{
    struct macproc *mp = as->mac;
    if (mp->aside)      /* statements parsed on the side are dropped: never index them */
        return;
    if (mp->indexed > as->nstmts)
        mp->indexed = as->nstmts;   /* statements dropped since (never named ones) */
    for (; mp->indexed < as->nstmts; mp->indexed++) {
        const struct stmt *st = &as->stmts[mp->indexed];
        if (!st->name || st->bad || st->kind == ST_NONE)
            continue;
        if (2 * (mp->nsym + 1) > mp->symcap) {      /* grow and rehash */
            size_t cap = mp->symcap ? mp->symcap * 2 : 1024;
            int *ns = calloc(cap, sizeof *ns);
            if (!ns) {
                fputs("impas: out of memory\n", stderr);
                abort();
            }
            for (size_t i = 0; i < mp->symcap; i++)
                if (mp->symslot[i]) {
                    const char *nm = as->stmts[mp->symslot[i] - 1].name;
                    size_t h = mac_hash(nm, strlen(nm)) % cap;
                    while (ns[h])
                        h = (h + 1) % cap;
                    ns[h] = mp->symslot[i];
                }
            free(mp->symslot);
            mp->symslot = ns;
            mp->symcap = cap;
        }
        size_t n = strlen(st->name);
        size_t h = mac_hash(st->name, n) % mp->symcap;
        while (mp->symslot[h] && strcasecmp(as->stmts[mp->symslot[h] - 1].name, st->name))
            h = (h + 1) % mp->symcap;
        if (!mp->symslot[h])
            mp->nsym++;
        mp->symslot[h] = (int)mp->indexed + 1;    /* the latest definition */
    }
}

/* The attributes of the symbol statement st defines. */
static void stmt_attr(struct assembler *as, const struct stmt *st, char *type, int64_t *len);

/* A line whose operation is MACRO (1) or MEND (-1), else 0. */
static int def_bracket(const char *t, int len)
{
    int i = 0;
    while (i < len && t[i] != ' ')     /* the name field */
        i++;
    while (i < len && t[i] == ' ')
        i++;
    int b = i;
    while (i < len && t[i] != ' ')
        i++;
    if (i - b == 5 && strncasecmp(t + b, "MACRO", 5) == 0)
        return 1;
    if (i - b == 4 && strncasecmp(t + b, "MEND", 4) == 0)
        return -1;
    return 0;
}

/*
 * Lookahead: the line of the open code being read (after this point) whose name
 * field is name, or -1.  The file's name fields are indexed once.
 */
static int ahead_line(struct assembler *as, const char *name, size_t n)
{
    struct macproc *mp = as->mac;
    if (!mp->cur_li)
        return -1;
    if ((size_t)mp->cur_fi >= mp->nahead) {
        size_t cnt = as->nfiles > (size_t)mp->cur_fi ? as->nfiles : (size_t)mp->cur_fi + 1;
        struct ahead *na = realloc(mp->ahead, cnt * sizeof *na);
        if (!na) {
            fputs("impas: out of memory\n", stderr);
            abort();
        }
        memset(na + mp->nahead, 0, (cnt - mp->nahead) * sizeof *na);
        mp->ahead = na;
        mp->nahead = cnt;
    }
    struct ahead *a = &mp->ahead[mp->cur_fi];
    const struct srcfile *f = as->files[mp->cur_fi];
    if (!a->cap) {              /* indexed once per file */
        a->cap = 64;
        while (a->cap < 2 * (size_t)f->nlines)
            a->cap *= 2;
        a->names = calloc(a->cap, sizeof *a->names);
        a->lines = calloc(a->cap, sizeof *a->lines);
        if (!a->names || !a->lines) {
            fputs("impas: out of memory\n", stderr);
            abort();
        }
        int depth = 0, cont = 0;    /* macro definitions open; a continuation line */
        for (int i = 0; i < f->nlines; i++) {
            const char *t = f->lines[i];
            int k = 0, was_cont = cont;
            cont = f->lens[i] >= 72 && t[71] != ' ';
            if (!was_cont && f->lens[i] > 0 && t[0] != '*') {
                int d = def_bracket(t, f->lens[i]);     /* a definition's names are its own */
                if (d > 0 || (d < 0 && depth > 0)) {
                    depth += d;
                    continue;
                }
            }
            if (depth > 0)
                continue;
            while (k < f->lens[i] && k < STMT_COLS && mac_is_symch((unsigned char)t[k]))
                k++;
            if (k == 0 || k > SYM_MAX || !isalpha((unsigned char)t[0]) ||
                (k < f->lens[i] && t[k] != ' '))
                continue;
            size_t h = mac_hash(t, (size_t)k) & (a->cap - 1);
            while (a->names[h] && !mac_same_name(t, (size_t)k, a->names[h]))
                h = (h + 1) & (a->cap - 1);
            if (!a->names[h]) {         /* the first definition counts */
                a->names[h] = mac_upper_dup(as, t, k);
                a->lines[h] = i;
            }
        }
    }
    size_t h = mac_hash(name, n) & (a->cap - 1);
    for (; a->names[h]; h = (h + 1) & (a->cap - 1))
        if (mac_same_name(name, n, a->names[h]))
            return a->lines[h] >= *mp->cur_li ? a->lines[h] : -1;
    return -1;
}

/* The attributes of a symbol defined later (line li of the open-code file): its
   statement is parsed on the side and dropped.  0, or -1 if it defines none. */
static int ahead_attr(struct assembler *as, int li, char *type, int64_t *len)
{
    struct macproc *mp = as->mac;
    const struct srcfile *f = as->files[mp->cur_fi];
    int nerrors = as->nerrors, stop = as->stop;
    size_t nstmts = as->nstmts;
    int n = f->lens[li] < STMT_COLS ? f->lens[li] : STMT_COLS;
    int si = src_gen_stmt(as, mp->cur_fi, li, f->lines[li], n, NULL, 1);
    struct stmt *st = &as->stmts[si];
    int r = -1;
    if (!memchr(f->lines[li], '&', (size_t)n)) {    /* no substitution needed */
        parse_stmt(as, st);
        st = &as->stmts[si];
        if (!st->bad && st->kind != ST_NONE) {
            mp->aside++;        /* an EQU's attributes may look up others */
            stmt_attr(as, st, type, len);
            mp->aside--;
            r = 0;
        }
    }
    as->nstmts = nstmts;        /* only its attributes were wanted */
    as->nerrors = nerrors;
    as->stop = stop;
    return r;
}

int mac_symattr(struct assembler *as, const char *name, size_t n, char *type, int64_t *len,
                int ahead)
{
    struct macproc *mp = as->mac;
    sym_index(as);
    if (!mp->symcap) {
        int li = ahead ? ahead_line(as, name, n) : -1;
        return li >= 0 ? ahead_attr(as, li, type, len) : -1;
    }
    size_t h = mac_hash(name, n) % mp->symcap;
    for (; mp->symslot[h]; h = (h + 1) % mp->symcap) {
        const struct stmt *st = &as->stmts[mp->symslot[h] - 1];
        if (strlen(st->name) != n || strncasecmp(st->name, name, n))
            continue;
        stmt_attr(as, st, type, len);
        return 0;
    }
    int li = ahead ? ahead_line(as, name, n) : -1;
    return li >= 0 ? ahead_attr(as, li, type, len) : -1;
}

/* One more symbol looked up for an EQU's attributes: 0 when the lookups that
   one attribute reference started have passed their budget (EQUs whose operands
   name the next EQU several times would otherwise take exponential time). */
static int attr_work(struct assembler *as)
{
    struct macproc *mp = as->mac;
    if (mp->attrdepth == 0)
        mp->attrwork = 0;       /* a new attribute reference */
    return ++mp->attrwork <= 1000;
}

/*
 * The length that an EQU's length operand (or, without one, its value's
 * leftmost term) gives, as conditional assembly sees it before pass 1 has
 * defined anything: numbers, L'symbol, absolute EQU symbols and the length
 * of a symbol (through this lookup, so an EQU of an EQU follows), combined
 * by + - * /.  0 if it cannot be known here (the caller then takes 1).
 * With lattr 0, the length attribute of e's leftmost term; with 1, e's value.
 */
static int64_t equ_len(struct assembler *as, const struct expr *e, int lattr, int depth)
{
    char t;
    int64_t l = 1, a, b;
    int r;
    if (!e || depth > 32)       /* a circular EQU is reported by pass 1 */
        return 0;
    switch (e->kind) {
    case EX_NUM:
        return lattr ? e->num : 1;
    case EX_LOC: case EX_LIT: case EX_NEG:
        return lattr ? 0 : 1;
    case EX_SYM: case EX_QSYM:
        if (as->mac->attrdepth > 32 || !attr_work(as))
            return 0;
        as->mac->attrdepth++;
        as->mac->want_val = lattr;
        r = mac_symattr(as, e->name, strlen(e->name), &t, &l, 1);
        as->mac->want_val = 0;
        as->mac->attrdepth--;
        if (lattr)              /* the value of an absolute EQU symbol (LEN EQU 80) */
            return r == 0 && as->mac->symval_ok ? as->mac->symval : 0;
        return r == 0 ? l : 0;
    case EX_LATTR:
        if (!e->name || as->mac->attrdepth > 32 || !attr_work(as))
            return 0;
        as->mac->attrdepth++;
        r = mac_symattr(as, e->name, strlen(e->name), &t, &l, 1);
        as->mac->attrdepth--;
        return r == 0 ? l : 0;
    case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV:
        if (!lattr)             /* the leftmost term's */
            return equ_len(as, e->l, 0, depth + 1);
        a = equ_len(as, e->l, 1, depth + 1);
        b = equ_len(as, e->r, 1, depth + 1);
        if (e->kind == EX_ADD) return a + b;
        if (e->kind == EX_SUB) return a - b;
        if (e->kind == EX_MUL) return a * b;
        return b ? a / b : 0;
    default:
        return 0;
    }
}

/* name EQU value[,length[,type]]: its length and type attributes, 1 and U by
   default; or, for want_val, its value (mp->symval) instead of its length. */
static void equ_attr(struct assembler *as, const struct stmt *st, char *type, int64_t *len,
                     int want_val)
{
    const struct dirargs *d = stmt_dir(st);
    if (!d || d->nargs < 1)
        return;
    const struct expr *t = d->nargs > 2 ? d->args[2] : NULL;
    if (t && t->kind == EX_NUM && t->num > 0 && t->num <= 255 &&
        equ_type_ok(ebcdic_char((uint8_t)t->num)))
        *type = ebcdic_char((uint8_t)t->num);
    if (want_val) {             /* one lookup a level: a chain of EQUs stays linear */
        int64_t v = equ_len(as, d->args[0], 1, 0);
        as->mac->symval = v;
        as->mac->symval_ok = v != 0;
        return;
    }
    int64_t l = d->nargs > 1 && d->args[1] ? equ_len(as, d->args[1], 1, 0)
                                             : equ_len(as, d->args[0], 0, 0);
    if (l > 0 && l <= 65535)
        *len = l;
}

static void stmt_attr(struct assembler *as, const struct stmt *st, char *type, int64_t *len)
{
    int want_val = as->mac->want_val;
    as->mac->want_val = 0;
    as->mac->symval_ok = 0;
    {
        *len = 1;
        *type = 'U';
        if (st->kind == ST_INSN) {
            *type = 'I';
            *len = isa_length_of((uint8_t)(st->op->insn->opcode >> (st->op->insn->opcode > 0xFF
                                                                     ? 8 : 0)));
        } else if (st->kind == ST_DIR && (st->op->dir == D_DC || st->op->dir == D_DS) &&
                   st->dc) {
            *type = st->dc->type;
            *len = dc_implicit_len(st->dc);
        } else if (st->kind == ST_DIR && (st->op->dir == D_CSECT || st->op->dir == D_START)) {
            *type = 'J';
        } else if (st->kind == ST_DIR && st->op->dir == D_EQU) {
            equ_attr(as, st, type, len, want_val);
        }
    }
}
