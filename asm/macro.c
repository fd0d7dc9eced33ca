/*
 * macro.c -- the macro processor: a stage between reading source lines
 * (source.c) and parsing statements (parse.c), as in IBM's HLASM.
 *
 *   open code ---> mac_open_stmt ---> a definition (MACRO .. MEND) is kept,
 *                       |             conditional assembly is executed,
 *                       |             a macro call is expanded (expand)
 *                       v
 *                  parse_stmt         everything else, unchanged
 *
 * A definition is a prototype and model statements, kept as text.  An
 * expansion binds the prototype's parameters to the call's operands,
 * executes the conditional assembly statements of the body and turns the
 * others, their variable symbols substituted (setsym.c), into statements
 * marked as generated: the listing shows them with '+', and a diagnostic
 * in one names the model statement and each call site (struct mexp).
 *
 * Macros are found in the source (definitions before use), then in macro
 * libraries: folders of members NAME.mac, searched like COPY (the source's
 * folder, -I folders) and then the folders of IMP_MACLIB and the library
 * shipped with IMP (asm_options.maclibs).
 *
 * This file is the expansion and open code; definitions, libraries and
 * OPSYN are macdef.c, a statement's fields and parameters macfields.c,
 * ordinary symbols' attributes lookahead.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "macro.h"

/* ---- expansion ------------------------------------------------------------------------- */

static void expand(struct assembler *as, const struct macdef *m, int call, struct inv *outer);
static int mac_step(struct assembler *as, int si, int col);

/* Whether a model statement of m names &SYSLIST (the only way to the operands
   beyond its positional parameters). */
static int uses_syslist(const struct macdef *m)
{
    for (int i = 0; i < m->nbody; i++) {
        const struct mline *l = &m->body[i];
        for (int k = 0; k + 8 <= l->len; k++)
            if (l->text[k] == '&' && strncasecmp(l->text + k + 1, "SYSLIST", 7) == 0)
                return 1;
    }
    return 0;
}

/* Bind the call's operands (statement call) to the parameters of m, into v. */
static void bind_args(struct assembler *as, const struct macdef *m, int call, struct inv *v)
{
    const struct stmt *st = &as->stmts[call];
    struct fields f;
    mac_fields(stmt_text(as, st), st->textlen, &f);
    v->val = arena_alloc(&as->arena, sizeof *v->val * (size_t)(m->nparms + 1));
    for (int i = 0; i < m->nparms; i++)
        v->val[i] = m->parms[i].def ? m->parms[i].def : "";
    int cap = m->npos + 1, npos = 0, xcol = 0, xpos = 0;
    const char **pos = arena_alloc(&as->arena, sizeof *pos * (size_t)(cap + 1));
    pos[0] = f.nlen && f.name[0] != '.' ? arena_strndup(&as->arena, f.name, (size_t)f.nlen) : "";
    if (*pos[0] && !m->namep)
        stmt_msg(as, call, DIAG_WARNING, 1, "name field ignored: the prototype of %s has no "
                 "name-field parameter", m->name);
    char *given = arena_alloc(&as->arena, (size_t)m->nparms + 1);
    memset(given, 0, (size_t)m->nparms + 1);
    for (int i = 0; i < f.opndlen;) {
        int e = mac_operand_end(f.opnd, f.opndlen, i, 0);
        const char *p = f.opnd + i;
        int n = e - i, k = 0;
        int open = e == f.opndlen ? mac_operand_open(f.opnd, e, i) : 0;
        if (open < 0)
            stmt_msg(as, call, DIAG_ERROR, f.opndcol - open - 1, "this quote opens a string "
                     "that the operands never close (a quote inside one is written '')");
        else if (open > 0)
            stmt_msg(as, call, DIAG_ERROR, f.opndcol + open - 1, "this parenthesis is never "
                     "closed: the rest of the operands became part of this one");
        while (k < n && mac_is_symch((unsigned char)p[k]))
            k++;
        if (k > 0 && k < n && p[k] == '=' && isalpha((unsigned char)p[0])) {
            int j = m->npos;
            while (j < m->nparms && !mac_same_name(p, (size_t)k, m->parms[j].name))
                j++;
            if (j < m->nparms) {
                if (given[j])
                    stmt_msg(as, call, DIAG_ERROR, f.opndcol + i, "keyword %.*s is given "
                             "twice: the last value is used", k, p);
                given[j] = 1;
                v->val[j] = arena_strndup(&as->arena, p + k + 1, (size_t)(n - k - 1));
                goto next;
            }
            stmt_msg(as, call, DIAG_WARNING, f.opndcol + i, "macro %s has no keyword "
                     "parameter %.*s: the operand is taken as a positional one", m->name, k, p);
        }
        {
            if (npos + 1 >= cap) {
                const char **np = arena_alloc(&as->arena, sizeof *np * (size_t)(cap * 2 + 1));
                memcpy(np, pos, sizeof *np * (size_t)(npos + 1));
                pos = np;
                cap *= 2;
            }
            pos[++npos] = arena_strndup(&as->arena, p, (size_t)n);
            if (npos <= m->npos)
                v->val[npos - 1] = pos[npos];
            else if (n > 0 && !xcol)
                xcol = f.opndcol + i, xpos = npos;
        }
    next:
        i = e < f.opndlen ? e + 1 : e;
        if (e < f.opndlen && i == f.opndlen) {      /* a trailing comma: one more, omitted */
            if (npos + 1 >= cap) {
                const char **np = arena_alloc(&as->arena, sizeof *np * (size_t)(cap * 2 + 1));
                memcpy(np, pos, sizeof *np * (size_t)(npos + 1));
                pos = np;
                cap *= 2;
            }
            pos[++npos] = "";
        }
    }
    for (int k = npos + 1; k <= m->npos; k++)
        if (k < cap) pos[k] = "";
    v->pos = pos;
    v->npos = npos;
    if (xcol && !uses_syslist(m))
        stmt_msg(as, call, DIAG_WARNING, xcol, "macro %s has %d positional parameter%s: "
                 "operand %d and those after it reach only &SYSLIST, which %s never reads "
                 "(too many operands?)", m->name, m->npos, m->npos == 1 ? "" : "s", xpos,
                 m->name);
}

/* The body line where sequence symbol seq (upper case, with the dot) is, or -1. */
static int find_seq(const struct macdef *m, const char *seq)
{
    size_t n = strlen(seq);
    for (int i = 0; i < m->nbody; i++) {
        const struct mline *l = &m->body[i];
        if (l->depth == 0 && l->len >= (int)n && strncasecmp(l->text, seq, n) == 0 &&
            (l->len == (int)n || l->text[n] == ' '))
            return i;
    }
    return -1;
}

/* A statement generated in v: a macro call (expanded) or an ordinary statement. */
static void generate(struct assembler *as, struct inv *v, char *t, int len, int file, int line)
{
    if (len > 0 && t[0] == '.')         /* a sequence symbol is not a name */
        for (int i = 0; i < len && t[i] != ' '; i++)
            t[i] = ' ';
    struct fields f;
    mac_fields(t, len, &f);
    if (mac_is_opsyn(&f)) {
        mac_opsyn(as, src_gen_stmt(as, file, line, t, len, v->frame, 1), &f);
        return;
    }
    struct macdef *m = NULL;
    if (f.oplen && !(f.oplen >= 3 && ca_lookup(f.op, f.oplen) != CA_NONE))
        m = mac_find(as->mac, f.op, (size_t)f.oplen);
    if (!m && f.oplen && !optab_find(as->optab, f.op, (size_t)f.oplen)) {
        int si = src_gen_stmt(as, file, line, t, len, v->frame, 2);
        m = mac_lib_find(as, f.op, (size_t)f.oplen, si);
        if (m) {
            expand(as, m, si, v);
            return;
        }
        as->nstmts--;   /* not a macro: parsed (and reported) as usual */
    }
    if (m) {
        int si = src_gen_stmt(as, file, line, t, len, v->frame, 2);
        expand(as, m, si, v);
        return;
    }
    src_gen_stmt(as, file, line, t, len, v->frame, 0);
}

/* The inner definition starting after body line i-1 (its MACRO): defined; the index
   after its MEND. */
static int inner_def(struct assembler *as, struct inv *v, const struct macdef *m, int i)
{
    struct defreader d = { .m = arena_alloc(&as->arena, sizeof *d.m) };
    for (; i < m->nbody; i++) {
        const struct mline *l = &m->body[i];
        v->text = l->text;
        v->len = l->len;
        v->file = l->file;
        v->line = l->line;
        v->si = -1;
        int errsi = src_gen_stmt(as, l->file, l->line, l->text, l->len, v->frame, 1);
        int done = mac_def_feed(as, &d, l->text, l->len, l->file, l->line, errsi);
        if (!stmt_diags(&as->stmts[errsi]) && errsi == (int)as->nstmts - 1)
            as->nstmts--;       /* only kept to carry a message */
        if (done)
            return i + 1;
    }
    mac_def_drop(&d);
    return i;
}

static void expand(struct assembler *as, const struct macdef *m, int call, struct inv *outer)
{
    struct macproc *mp = as->mac;
    struct stmt_more *cm = stmt_more(as, &as->stmts[call]);
    cm->is_call = 1;
    struct fields cf;
    mac_fields(stmt_text(as, &as->stmts[call]), as->stmts[call].textlen, &cf);
    if (mp->stopped || as->stop)
        return;
    if (m->broken) {
        stmt_msg(as, call, DIAG_ERROR, cf.opcol, "macro %s is not expanded: its prototype "
                 "(%s:%d) has errors", m->name, as->files[m->file]->path, m->line + 1);
        return;
    }
    if (outer->depth >= MAC_DEPTH) {
        stmt_msg(as, call, DIAG_ERROR, cf.opcol,
                 "macro calls nested more than %d deep (recursion without end?)", MAC_DEPTH);
        return;
    }
    struct inv v = { .m = m, .actr = MAC_ACTR, .depth = outer->depth + 1, .si = -1 };
    bind_args(as, m, call, &v);
    snprintf(v.ndx, sizeof v.ndx, "%04d", ++mp->sysndx);
    memcpy(v.sysect, mp->sysect, sizeof v.sysect);
    struct mexp *fr = arena_alloc(&as->arena, sizeof *fr);
    *fr = (struct mexp){ m->name, call, cf.opcol };
    v.frame = fr;
    char *buf = malloc(MAC_TEXT);
    if (!buf) abort();
    for (int i = 0; i < m->nbody && !as->ended && !mp->stopped && !as->stop;) {
        const struct mline *l = &m->body[i++];
        if (mac_step(as, call, cf.opcol) < 0)
            break;
        const struct fields f = l->f;
        v.text = l->text;
        v.len = l->len;
        v.file = l->file;
        v.line = l->line;
        v.si = -1;
        enum ca_op op = (enum ca_op)l->op;
        if (l->comment) {
            src_gen_stmt(as, l->file, l->line, l->text, l->len, v.frame, 1);
            continue;
        }
        if (op == CA_MACRO) {
            i = inner_def(as, &v, m, i);
            continue;
        }
        if (op == CA_MEND)
            break;
        if (op != CA_NONE) {
            char jump[SYM_MAX + 2];
            int r = ca_exec(as, &v, op, &f, jump);
            arena_reset(&mp->tmp);
            if (r < 0)
                break;
            if (jump[0]) {
                int t = find_seq(m, jump);
                if (t < 0) {
                    ca_error(as, &v, v.jumpcol, "sequence symbol %s is not in macro %s", jump,
                             m->name);
                    break;
                }
                i = t;
            }
            continue;
        }
        int end = l->f.opndlen ? (int)(l->f.opnd - l->text) + l->f.opndlen : l->len;
        int n = set_subst(as, &v, l->text, end, buf, 1);     /* remarks stay as written */
        if (n >= 0 && end < l->len) {
            int r = l->len - end < MAC_TEXT - n ? l->len - end : MAC_TEXT - n;
            memcpy(buf + n, l->text + end, (size_t)r);
            n += r;
        }
        arena_reset(&mp->tmp);
        if (n >= 0)
            generate(as, &v, buf, n, l->file, l->line);
    }
    free(buf);
    set_free_bindings(mp, v.vars);
}

/* ---- budgets ------------------------------------------------------------------------- */

/* One more model statement (or open-code statement gone back to) processed: 0, or -1
   when the assembly's limit is passed (reported at statement si, column col). */
static int mac_step(struct assembler *as, int si, int col)
{
    struct macproc *mp = as->mac;
    if (++mp->steps <= mp->maxsteps)
        return 0;
    if (!mp->stopped)
        stmt_msg(as, si, DIAG_ERROR, col, "macro processing stopped after %ld statements "
                 "made or gone back to by conditional assembly (a runaway loop? "
                 "--max-macro-statements raises the limit)", mp->maxsteps);
    mp->stopped = 1;
    as->stop = 1;
    return -1;
}

int mac_budget(struct assembler *as, int si, long gen, long set)
{
    struct macproc *mp = as->mac;
    if (!mp)
        return 0;
    mp->textbytes += gen;
    mp->setbytes += set;
    if (mp->textbytes + mp->setbytes <= mp->maxtext)
        return 0;
    if (si >= 0 && !as->stop)
        stmt_msg(as, si, DIAG_ERROR, 0, "macro processing stopped: the text made by macros "
                 "and the values of SET symbols passed %ld bytes (--max-macro-text raises "
                 "the limit)", mp->maxtext);
    as->stop = 1;
    return -1;
}

/* ---- open code ----------------------------------------------------------------------- */

/* A name's hash, its letters taken as upper case (sequence symbols are
   compared so). */
static size_t oseq_hashname(const char *name, size_t len)
{
    size_t h = 5381;
    for (size_t i = 0; i < len; i++)
        h = h * 33 + (unsigned char)toupper((unsigned char)name[i]);
    return h;
}

/* The slot of the open-code sequence symbol name (len bytes, any case):
   its entry, or the empty slot where it goes. */
static size_t *oseq_slot(struct macproc *mp, const char *name, size_t len)
{
    size_t mask = mp->oseqhcap - 1, h = oseq_hashname(name, len) & mask;
    while (mp->oseqhash[h] && !mac_same_name(name, len, mp->oseqs[mp->oseqhash[h] - 1].name))
        h = (h + 1) & mask;
    return &mp->oseqhash[h];
}

/* Room in the table by name for one more. */
static void oseq_room(struct macproc *mp)
{
    if (2 * (mp->noseqs + 1) <= mp->oseqhcap)
        return;
    size_t want = mp->oseqhcap ? 2 * mp->oseqhcap : 256, cap = 0;
    size_t *old = mp->oseqhash, oldcap = mp->oseqhcap;
    mp->oseqhash = xgrow(NULL, &cap, want - 1, sizeof *mp->oseqhash);    /* cap: want */
    memset(mp->oseqhash, 0, cap * sizeof *mp->oseqhash);
    mp->oseqhcap = cap;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i]) {
            const char *n = mp->oseqs[old[i] - 1].name;
            *oseq_slot(mp, n, strlen(n)) = old[i];
        }
    free(old);
}

/* Open-code sequence symbol f->name seen at line of file fi (statement si); a second
   one of the same name elsewhere is an error.  Seen again (a branch back
   replays its statement), it is already there.  Constant time: the
   symbols are found by name, and a name has one place but after an
   error. */
static void oseq_note(struct assembler *as, const struct fields *f, int fi, int line, int si)
{
    struct macproc *mp = as->mac;
    oseq_room(mp);
    size_t *slot = oseq_slot(mp, f->name, (size_t)f->nlen);
    size_t first = 0;
    for (size_t k = *slot; k; k = mp->oseqs[k - 1].prev) {
        if (mp->oseqs[k - 1].file == fi && mp->oseqs[k - 1].line == line)
            return;
        first = k;
    }
    if (first)
        stmt_msg(as, si, DIAG_ERROR, 1, "sequence symbol %s is already defined (%s:%d)",
                 mp->oseqs[first - 1].name, as->files[mp->oseqs[first - 1].file]->path,
                 mp->oseqs[first - 1].line + 1);
    char *up = mac_upper_dup(as, f->name, f->nlen);
    mp->oseqs = xgrow(mp->oseqs, &mp->caposeqs, mp->noseqs, sizeof *mp->oseqs);
    mp->oseqs[mp->noseqs++] = (struct oseq){ up, fi, line, *slot };
    *slot = mp->noseqs;
}

/* Go to sequence symbol seq in open code: back to where it was seen, or on until it is. */
static void open_jump(struct assembler *as, int si, int fi, int *li, const char *seq)
{
    struct macproc *mp = as->mac;
    int col = mp->open.jumpcol;
    size_t k = mp->oseqhcap ? *oseq_slot(mp, seq, strlen(seq)) : 0;
    if (k) {                            /* the last of that name seen */
        const struct oseq *o = &mp->oseqs[k - 1];
        if (o->file != fi) {
            stmt_msg(as, si, DIAG_ERROR, col, "sequence symbol %s is in another file", seq);
            return;
        }
        *li = o->line;
        mp->replay = 1;         /* from now on open code may run for ever: count it */
        return;
    }
    snprintf(mp->skipto, sizeof mp->skipto, "%s", seq);
    mp->skipstmt = si;
    mp->skipcol = col;
}

/*
 * Open-code statement si (fields f) with its SET symbols substituted and a
 * sequence symbol in its name field blanked: its text becomes the result
 * (stmt_more.subst) when that differs.  1 then, 0 if it is the same, -1 after an
 * error (reported).
 */
static int open_subst(struct assembler *as, int si, const struct fields *f)
{
    struct macproc *mp = as->mac;
    struct stmt *st = &as->stmts[si];
    const char *t = stmt_text(as, st);
    int len = st->textlen, seq = f->nlen && f->name[0] == '.';
    if (!seq && !memchr(t, '&', (size_t)len))
        return 0;
    char *buf = malloc(MAC_TEXT);
    if (!buf) abort();
    struct inv *v = &mp->open;
    v->text = t;
    v->len = len;
    v->file = st->file;
    v->line = st->line;
    v->si = si;
    int n = set_subst(as, v, t, len, buf, 1);
    arena_reset(&mp->tmp);
    if (n >= 0 && (n != len || memcmp(buf, t, (size_t)len) != 0 || seq)) {
        for (int i = 0; seq && i < n && buf[i] != ' '; i++)
            buf[i] = ' ';
        if (n > 4000)
            n = 4000;
        st = &as->stmts[si];
        struct stmt_more *mo = stmt_more(as, st);
        if (mo->segs && n != len)
            mo->segs = NULL, mo->nsegs = 0;     /* columns no longer follow the lines */
        mo->text = arena_strndup(&as->arena, buf, (size_t)n);
        mo->subst = 1;
        st->textlen = (short)n;
        free(buf);
        return 1;
    }
    free(buf);
    return n < 0 ? -1 : 0;
}

/* An open-code conditional assembly statement (op): executed; a branch taken. */
static void open_ca(struct assembler *as, int si, int fi, int *li, enum ca_op op,
                    const struct fields *f)
{
    struct macproc *mp = as->mac;
    struct inv *v = &mp->open;
    const struct stmt *st = &as->stmts[si];
    v->text = stmt_text(as, st);
    v->len = st->textlen;
    v->file = st->file;
    v->line = st->line;
    v->si = si;
    char jump[SYM_MAX + 2];
    int r = ca_exec(as, v, op, f, jump);
    arena_reset(&mp->tmp);
    if (r == 0 && jump[0])
        open_jump(as, si, fi, li, jump);
}

static int open_stmt(struct assembler *as, int si, int fi, int *li)
{
    struct macproc *mp = as->mac;
    struct stmt *st = &as->stmts[si];
    struct fields f;        /* the operands are found only where they are needed */
    mac_fields_head(stmt_text(as, st), st->textlen, &f);
    if (mp->replay && (mac_step(as, si, 0) < 0 ||
                       mac_budget(as, si, (long)sizeof *st + st->textlen, 0) < 0))
        return 1;
    if (mp->skipto[0]) {            /* AGO/AIF forward: statements up to the symbol go */
        enum ca_op sop = ca_lookup(f.op, f.oplen);
        int indef = mp->skipdepth > 0;  /* a macro definition's own symbols are not open code's */
        if (sop == CA_MACRO)
            mp->skipdepth++;
        else if (sop == CA_MEND && mp->skipdepth > 0)
            mp->skipdepth--;
        if (indef || !f.nlen || f.name[0] != '.' ||
            !mac_same_name(f.name, (size_t)f.nlen, mp->skipto)) {
            as->nstmts--;
            return 1;
        }
        mp->skipto[0] = '\0';
        mp->skipdepth = 0;
    }
    if (mp->def.m) {                /* a definition: kept, listed, not assembled */
        if (mac_def_feed(as, &mp->def, stmt_text(as, st), st->textlen, st->file, st->line, si))
            mp->def.m = NULL;
        return 1;
    }
    if (f.nlen && f.name[0] == '.') {
        if (f.nlen < 2 || !isalpha((unsigned char)f.name[1])) {
            stmt_msg(as, si, DIAG_ERROR, 1, "invalid sequence symbol");
            return 1;
        }
        oseq_note(as, &f, fi, st->line, si);
    }
    enum ca_op op = ca_lookup(f.op, f.oplen);
    if (op == CA_MACRO) {
        mp->def = (struct defreader){ .m = arena_alloc(&as->arena, sizeof *mp->def.m) };
        mp->defstmt = si;
        if (f.nlen && f.name[0] != '.')
            stmt_msg(as, si, DIAG_ERROR, 1, "MACRO takes no name");
        return 1;
    }
    if (op == CA_MEND) {
        stmt_msg(as, si, DIAG_ERROR, f.opcol, "MEND without MACRO");
        return 1;
    }
    if (op != CA_NONE) {
        mac_fields_operands(stmt_text(as, st), st->textlen, &f);
        open_ca(as, si, fi, li, op, &f);
        return 1;
    }
    /* the rest: SET symbols substituted (a macro call's operands too), then a macro
       call is expanded, anything else parsed */
    int sub = open_subst(as, si, &f);
    if (sub < 0)
        return 1;
    st = &as->stmts[si];
    if (sub)
        mac_fields_head(stmt_text(as, st), st->textlen, &f);
    if (mac_is_opsyn(&f)) {
        mac_fields_operands(stmt_text(as, st), st->textlen, &f);
        mac_opsyn(as, si, &f);
        return 1;
    }
    struct macdef *m = f.oplen ? mac_find(mp, f.op, (size_t)f.oplen) : NULL;
    if (!m && f.oplen && !optab_find(as->optab, f.op, (size_t)f.oplen))
        m = mac_lib_find(as, f.op, (size_t)f.oplen, si);
    if (m) {
        mp->rd_fi = fi;         /* AREAD reads the lines after the call */
        mp->rd_li = li;
        expand(as, m, si, &mp->open);
        return 1;
    }
    return 0;
}

/*
 * The reader's position (file fi, *li the next line) is what lookahead and AREAD
 * read from while the statement is processed.  A macro may COPY a member, whose
 * open code is read by a nested call: the outer position is restored after it,
 * so no pointer to a finished reader's line outlives it.
 */
int mac_open_stmt(struct assembler *as, int si, int fi, int *li)
{
    struct macproc *mp = as->mac;
    int cur_fi = mp->cur_fi, rd_fi = mp->rd_fi, *cur_li = mp->cur_li, *rd_li = mp->rd_li;
    mp->cur_fi = fi;
    mp->cur_li = li;
    mp->rd_li = NULL;
    int r = open_stmt(as, si, fi, li);
    mp->cur_fi = cur_fi;
    mp->cur_li = cur_li;
    mp->rd_fi = rd_fi;
    mp->rd_li = rd_li;
    return r;
}

void mac_comment(struct assembler *as, int si)
{
    struct macproc *mp = as->mac;
    const struct stmt *st = &as->stmts[si];
    const struct srcfile *f = as->files[st->file];
    if (!mp->def.m || mp->skipto[0] || f->lens[st->line] == 0 || f->lines[st->line][0] != '*')
        return;
    int len = f->lens[st->line] < STMT_COLS ? f->lens[st->line] : STMT_COLS;
    mac_def_feed(as, &mp->def, f->lines[st->line], len, st->file, st->line, si);
}

void mac_section(struct assembler *as, const char *name)
{
    if (as->mac)
        snprintf(as->mac->sysect, sizeof as->mac->sysect, "%s", name ? name : "");
}

int mac_finish(struct assembler *as)
{
    struct macproc *mp = as->mac;
    int taken = mp->def.m || mp->skipto[0];
    if (mp->def.m)
        stmt_msg(as, mp->defstmt, DIAG_ERROR, 0,
                 "MACRO without MEND: the definition runs to the end of the source");
    if (mp->skipto[0])
        stmt_msg(as, mp->skipstmt, DIAG_ERROR, mp->skipcol,
                 "sequence symbol %s is not found after the branch to it", mp->skipto);
    mp->def.m = NULL;
    mac_def_drop(&mp->def);
    mp->skipto[0] = '\0';
    return taken;
}

int mac_init(struct assembler *as)
{
    struct macproc *mp = calloc(1, sizeof *mp);
    if (!mp)
        return -1;
    as->mac = mp;
    mp->open.actr = MAC_ACTR;
    mp->maxsteps = as->opt.macro_limit > 0 ? as->opt.macro_limit : MAC_STEPS;
    mp->maxtext = as->opt.macro_text > 0 ? as->opt.macro_text : MAC_TEXTMAX;
    mp->maxbranches = as->opt.branch_limit > 0 ? as->opt.branch_limit : MAC_BRANCHES;
    mp->open.si = -1;
    if (as->opt.real_date) {
        time_t now = time(NULL);
        struct tm tm;
        localtime_r(&now, &tm);
        strftime(mp->date, sizeof mp->date, "%m/%d/%y", &tm);
        strftime(mp->time, sizeof mp->time, "%H.%M", &tm);
    } else {
        snprintf(mp->date, sizeof mp->date, "01/01/70");
        snprintf(mp->time, sizeof mp->time, "00.00");
    }
    return 0;
}

void mac_free(struct assembler *as)
{
    struct macproc *mp = as->mac;
    if (!mp)
        return;
    set_free_bindings(mp, mp->open.vars);
    set_free_bindings(mp, mp->globals);
    free(mp->oseqs);
    for (size_t i = 0; i < mp->nahead; i++) {
        free(mp->ahead[i].names);
        free(mp->ahead[i].lines);
    }
    free(mp->ahead);
    nameset_free(&mp->missing);
    free(mp->oseqhash);
    mac_def_drop(&mp->def);
    libdirs_free(&mp->libs);
    free(mp->symslot);
    arena_free(&mp->tmp);
    free(mp);
    as->mac = NULL;
}
