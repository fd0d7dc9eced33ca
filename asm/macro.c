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
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "macro.h"

static int is_symch(int c)
{
    return isalnum(c) || c == '_' || c == '$' || c == '#' || c == '@';
}

static unsigned hash_raw(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned)toupper((unsigned char)s[i])) * 16777619u;
    return h;
}

static unsigned hash_name(const char *s, size_t n) { return hash_raw(s, n) % MAC_HASH; }

static int same_name(const char *a, size_t n, const char *upper)
{
    size_t i = 0;
    for (; i < n; i++)
        if (toupper((unsigned char)a[i]) != (unsigned char)upper[i] || !upper[i])
            return 0;
    return upper[i] == '\0';
}

/* ---- fields ------------------------------------------------------------------ */

/* A quote at t[i] that belongs to an attribute reference (L'X, T'&P), not a string. */
static int attr_quote(const char *t, int len, int i)
{
    if (i < 1 || i + 1 >= len || !strchr("LKNTDISOlkntdiso", t[i - 1]))
        return 0;
    if (i >= 2 && (is_symch((unsigned char)t[i - 2]) || t[i - 2] == '&' || t[i - 2] == '\''))
        return 0;
    unsigned char c = (unsigned char)t[i + 1];
    return c == '&' || c == '*' || c == '=' || isalpha(c) || c == '$' || c == '#' || c == '@';
}

int mac_operand_end(const char *t, int len, int i, int stop_blank)
{
    int depth = 0, q = 0;
    for (; i < len; i++) {
        char c = t[i];
        if (q) {
            if (c == '\'')
                q = 0;
            continue;
        }
        if (c == '\'' && !attr_quote(t, len, i))
            q = 1;
        else if (c == '(')
            depth++;
        else if (c == ')' && depth > 0)
            depth--;
        else if (c == ' ' && (stop_blank || depth == 0))
            return i;
        else if (c == ',' && depth == 0 && !stop_blank)
            return i;
    }
    return len;
}

/* The name and operation fields of t; the operands start at f->opndcol, their
   length is not known yet (fields_operands). */
static void fields_head(const char *t, int len, struct fields *f)
{
    memset(f, 0, sizeof *f);
    int i = 0;
    if (len > 0 && t[0] != ' ') {
        while (i < len && t[i] != ' ')
            i++;
        f->name = t;
        f->nlen = i;
        f->ncol = 1;
    }
    while (i < len && t[i] == ' ')
        i++;
    int b = i;
    while (i < len && t[i] != ' ')
        i++;
    f->op = t + b;
    f->oplen = i - b;
    f->opcol = b + 1;
    while (i < len && t[i] == ' ')
        i++;
    f->opnd = t + i;
    f->opndcol = i + 1;
}

/* The operands of t, after fields_head: they end at a blank outside quotes and
   parentheses. */
static void fields_operands(const char *t, int len, struct fields *f)
{
    int i = f->opndcol - 1;
    int e = i, depth = 0, q = 0;
    for (; e < len; e++) {
        char c = t[e];
        if (q) {
            if (c == '\'')
                q = 0;
        } else if (c == '\'' && !attr_quote(t, len, e)) {
            q = 1;
        } else if (c == '(') {
            depth++;
        } else if (c == ')' && depth > 0) {
            depth--;
        } else if (c == ' ' && depth == 0) {
            break;
        }
    }
    if (q || depth)     /* unbalanced: the first blank ends them */
        for (e = i; e < len && t[e] != ' '; e++)
            ;
    f->opndlen = e - i;
}

void mac_fields(const char *t, int len, struct fields *f)
{
    fields_head(t, len, f);
    fields_operands(t, len, f);
}

/* ---- parameters ---------------------------------------------------------------- */

const char *mac_param(const struct inv *v, const char *name, size_t n)
{
    const struct macdef *m = v->m;
    if (!m)
        return NULL;
    if (m->namep && same_name(name, n, m->namep))
        return v->pos[0];
    for (int i = 0; i < m->nparms; i++)
        if (same_name(name, n, m->parms[i].name))
            return v->val[i];
    return NULL;
}

int mac_sublist(const char *val, int k, const char **out, int *olen)
{
    int len = (int)strlen(val);
    int sub = len >= 2 && val[0] == '(' && mac_operand_end(val, len, 0, 0) == len &&
              val[len - 1] == ')';
    if (!sub) {
        if (out) {
            *out = k == 1 ? val : "";
            *olen = k == 1 ? len : 0;
        }
        return len ? 1 : 0;
    }
    int i = 1, n = 0, end = len - 1;
    while (i <= end) {
        int e = mac_operand_end(val, end, i, 0);
        n++;
        if (n == k && out) {
            *out = val + i;
            *olen = e - i;
            return n;
        }
        i = e + 1;
    }
    if (out) {
        *out = "";
        *olen = 0;
    }
    return n;
}

/* ---- ordinary symbols before this point (T', L', D') ---------------------------- */

/* Add the names of the statements made since the last call to the index. */
static void sym_index(struct assembler *as)
{
    struct macproc *mp = as->mac;
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
                    size_t h = hash_raw(nm, strlen(nm)) % cap;
                    while (ns[h])
                        h = (h + 1) % cap;
                    ns[h] = mp->symslot[i];
                }
            free(mp->symslot);
            mp->symslot = ns;
            mp->symcap = cap;
        }
        size_t n = strlen(st->name);
        size_t h = hash_raw(st->name, n) % mp->symcap;
        while (mp->symslot[h] && strcasecmp(as->stmts[mp->symslot[h] - 1].name, st->name))
            h = (h + 1) % mp->symcap;
        if (!mp->symslot[h])
            mp->nsym++;
        mp->symslot[h] = (int)mp->indexed + 1;    /* the latest definition */
    }
}

/* The attributes of the symbol statement st defines. */
static void stmt_attr(const struct stmt *st, char *type, int64_t *len);
static char *upper_dup(struct assembler *as, const char *s, int n);

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
        for (int i = 0; i < f->nlines; i++) {
            const char *t = f->lines[i];
            int k = 0;
            while (k < f->lens[i] && k < STMT_COLS && is_symch((unsigned char)t[k]))
                k++;
            if (k == 0 || k > SYM_MAX || !isalpha((unsigned char)t[0]) ||
                (k < f->lens[i] && t[k] != ' '))
                continue;
            size_t h = hash_raw(t, (size_t)k) & (a->cap - 1);
            while (a->names[h] && !same_name(t, (size_t)k, a->names[h]))
                h = (h + 1) & (a->cap - 1);
            if (!a->names[h]) {         /* the first definition counts */
                a->names[h] = upper_dup(as, t, k);
                a->lines[h] = i;
            }
        }
    }
    size_t h = hash_raw(name, n) & (a->cap - 1);
    for (; a->names[h]; h = (h + 1) & (a->cap - 1))
        if (same_name(name, n, a->names[h]))
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
            stmt_attr(st, type, len);
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
    size_t h = hash_raw(name, n) % mp->symcap;
    for (; mp->symslot[h]; h = (h + 1) % mp->symcap) {
        const struct stmt *st = &as->stmts[mp->symslot[h] - 1];
        if (strlen(st->name) != n || strncasecmp(st->name, name, n))
            continue;
        stmt_attr(st, type, len);
        return 0;
    }
    int li = ahead ? ahead_line(as, name, n) : -1;
    return li >= 0 ? ahead_attr(as, li, type, len) : -1;
}

static void stmt_attr(const struct stmt *st, char *type, int64_t *len)
{
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
        }
    }
}

/* ---- the macro table -------------------------------------------------------------- */

static struct macdef *mac_find(struct macproc *mp, const char *name, size_t n)
{
    for (struct macdef *m = mp->tab[hash_name(name, n)]; m; m = m->next)
        if (same_name(name, n, m->name))
            return m;
    return NULL;
}

static void mac_define(struct assembler *as, struct macdef *m)
{
    unsigned h = hash_name(m->name, strlen(m->name));
    struct macdef **p = &as->mac->tab[h];
    for (; *p; p = &(*p)->next)
        if (strcmp((*p)->name, m->name) == 0) {     /* a new definition replaces the old */
            m->next = (*p)->next;
            *p = m;
            return;
        }
    m->next = NULL;
    *p = m;
}

static void mac_undefine(struct macproc *mp, const char *name)
{
    for (struct macdef **p = &mp->tab[hash_name(name, strlen(name))]; *p; p = &(*p)->next)
        if (strcmp((*p)->name, name) == 0) {
            *p = (*p)->next;
            return;
        }
}

/* The body grows in the arena (the old copy stays there): definitions are few. */
static void body_add(struct assembler *as, struct macdef *m, const char *text, int len,
                     int file, int line)
{
    if (m->nbody >= m->capbody) {
        m->capbody = m->capbody ? m->capbody * 2 : 16;
        struct mline *nb = arena_raw(&as->arena, sizeof *nb * (size_t)m->capbody);
        if (m->nbody)
            memcpy(nb, m->body, sizeof *nb * (size_t)m->nbody);
        m->body = nb;
    }
    struct mline *l = &m->body[m->nbody++];
    *l = (struct mline){ text, len, file, line, .op = CA_NONE };
    mac_fields(text, len, &l->f);
    l->op = ca_lookup(l->f.op, l->f.oplen);
}

static char *upper_dup(struct assembler *as, const char *s, int n)
{
    char *d = arena_strndup(&as->arena, s, (size_t)n);
    for (char *p = d; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    return d;
}

/* Is s (n bytes) "&NAME"?  The length of NAME, 0 if not. */
static int var_name(const char *s, int n)
{
    if (n < 2 || s[0] != '&' || !isalpha((unsigned char)s[1]))
        return 0;
    int i = 1;
    while (i < n && is_symch((unsigned char)s[i]))
        i++;
    return i - 1;
}

/*
 * The prototype statement of m: [&NAME] MACNAME [&P,...,&K=default,...].
 * Errors go to statement errsi at the prototype's columns.  0 if good.
 */
static int prototype(struct assembler *as, struct macdef *m, const char *t, int len, int errsi)
{
    struct fields f;
    mac_fields(t, len, &f);
    if (f.nlen) {
        int k = var_name(f.name, f.nlen);
        if (!k || k != f.nlen - 1) {
            stmt_msg(as, errsi, DIAG_ERROR, 1,
                     "the name field of a prototype is a symbolic parameter (&NAME) or blank");
            return -1;
        }
        m->namep = upper_dup(as, f.name + 1, k);
    }
    if (f.oplen == 0 || f.oplen > SYM_MAX || !isalpha((unsigned char)f.op[0]) ||
        var_name(f.op, f.oplen)) {
        stmt_msg(as, errsi, DIAG_ERROR, f.opcol, "a prototype needs the macro's name");
        return -1;
    }
    for (int i = 0; i < f.oplen; i++)
        if (!is_symch((unsigned char)f.op[i])) {
            stmt_msg(as, errsi, DIAG_ERROR, f.opcol + i, "invalid character in a macro name");
            return -1;
        }
    m->name = upper_dup(as, f.op, f.oplen);
    int cap = 0;
    for (int i = 0; i < f.opndlen;) {
        int e = mac_operand_end(f.opnd, f.opndlen, i, 0);
        const char *p = f.opnd + i;
        int n = e - i, k = var_name(p, n);
        if (!k) {
            stmt_msg(as, errsi, DIAG_ERROR, f.opndcol + i,
                     "a prototype's parameters are &NAME or &NAME=default");
            return -1;
        }
        if (1 + k < n && p[1 + k] != '=') {
            stmt_msg(as, errsi, DIAG_ERROR, f.opndcol + i + 1 + k,
                     "a prototype's parameters are &NAME or &NAME=default");
            return -1;
        }
        if (m->nparms >= cap) {
            cap = cap ? cap * 2 : 8;
            struct parm *np = arena_alloc(&as->arena, sizeof *np * (size_t)cap);
            if (m->nparms)
                memcpy(np, m->parms, sizeof *np * (size_t)m->nparms);
            m->parms = np;
        }
        struct parm *pp = &m->parms[m->nparms];
        pp->name = upper_dup(as, p + 1, k);
        for (int j = 0; j < m->nparms; j++)
            if (strcmp(m->parms[j].name, pp->name) == 0 ||
                (m->namep && strcmp(m->namep, pp->name) == 0)) {
                stmt_msg(as, errsi, DIAG_ERROR, f.opndcol + i, "parameter &%s given twice",
                         pp->name);
                return -1;
            }
        if (1 + k < n) {
            pp->def = arena_strndup(&as->arena, p + k + 2, (size_t)(n - k - 2));
        } else if (m->nparms > m->npos) {
            stmt_msg(as, errsi, DIAG_ERROR, f.opndcol + i,
                     "positional parameter &%s after a keyword parameter", pp->name);
            return -1;
        } else {
            m->npos++;
        }
        m->nparms++;
        i = e < f.opndlen ? e + 1 : e;
    }
    return 0;
}

/* A definition being read (struct defreader): the line after MACRO is the prototype,
   then the body up to the matching MEND (inner MACRO .. MEND pairs are in the body). */

/* Feed one logical line; 1 when the definition is complete (and defined). */
static int def_feed(struct assembler *as, struct defreader *d, const char *t, int len, int file,
                    int line, int errsi)
{
    if (len == 0)
        return 0;                                   /* blank lines, .* comments */
    if (t[0] == '*') {                              /* * comments are generated */
        if (d->proto) {
            body_add(as, d->m, t, len, file, line);
            d->m->body[d->m->nbody - 1].comment = 1;
            d->m->body[d->m->nbody - 1].op = CA_NONE;
        }
        return 0;
    }
    struct fields f;
    mac_fields(t, len, &f);
    enum ca_op op = ca_lookup(f.op, f.oplen);
    if (!d->proto) {
        if (op == CA_MEND) {
            stmt_msg(as, errsi, DIAG_ERROR, f.opcol, "MEND without a prototype");
            return 1;
        }
        d->proto = 1;
        d->m->file = file;
        d->m->line = line;
        d->bad = prototype(as, d->m, t, len, errsi) != 0;
        return 0;
    }
    if (op == CA_MACRO)
        d->depth++;
    if (op == CA_MEND && d->depth-- == 0) {
        if (f.nlen && f.name[0] == '.')
            body_add(as, d->m, t, len, file, line);     /* .SEQ MEND: a branch target */
        if (!d->bad)
            mac_define(as, d->m);
        return 1;
    }
    body_add(as, d->m, t, len, file, line);
    return 0;
}

/* ---- macro libraries ------------------------------------------------------------------ */

/* Read the definition in member path; its errors go to statement si. */
static void lib_read(struct assembler *as, const char *path, int si)
{
    int fi = src_load(as, path, si);
    if (fi < 0)
        return;
    struct defreader d = { .m = arena_alloc(&as->arena, sizeof *d.m) };
    int li = 0, in = 0, done = 0;
    const struct srcfile *f = as->files[fi];
    while (li < f->nlines && !done) {
        const char *t;
        int len, at = li;
        src_logical(as, fi, &li, &t, &len);
        if (len == 0 && f->lens[at] > 0 && f->lines[at][0] == '*') {  /* a * comment */
            t = f->lines[at];
            len = f->lens[at] < STMT_COLS ? f->lens[at] : STMT_COLS;
        }
        if (!in) {
            struct fields fl;
            mac_fields(t, len, &fl);
            if (len && ca_lookup(fl.op, fl.oplen) == CA_MACRO)
                in = 1;
            else if (len && t[0] != '*')
                stmt_msg(as, si, DIAG_WARNING, 0, "%s:%d: ignored: not in a macro definition",
                         path, at + 1);
            continue;
        }
        done = def_feed(as, &d, t, len, fi, at, si);
    }
    if (in && !done)
        stmt_msg(as, si, DIAG_ERROR, 0, "%s: MACRO without MEND", path);
}

/* The macro name (n bytes) from the libraries, or NULL. */
static struct macdef *lib_find(struct assembler *as, const char *name, size_t n, int si)
{
    struct macproc *mp = as->mac;
    if (as->opt.no_files || n > SYM_MAX || !isalpha((unsigned char)name[0]))
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (!is_symch((unsigned char)name[i]))
            return NULL;
    char up[SYM_MAX + 1], path[4096];
    for (size_t i = 0; i < n; i++)
        up[i] = (char)toupper((unsigned char)name[i]);
    up[n] = '\0';
    if (nameset_has(&mp->missing, up))     /* looked for before: in no folder */
        return NULL;
    char dir[4096], file[2][SYM_MAX + 5];
    snprintf(file[0], sizeof file[0], "%s.mac", up);
    for (size_t i = 0; i <= n; i++)
        file[1][i] = (char)tolower((unsigned char)up[i]);
    memcpy(file[1] + n, ".mac", 5);
    int found = 0, nd = as->opt.nincdirs + as->opt.nmaclibs + 1;
    for (int k = 0; k < nd && !found; k++) {
        const char *d;
        if (k == 0) {           /* the source's folder */
            if (as->nfiles == 0)
                continue;
            const char *p = as->files[0]->path, *slash = strrchr(p, '/');
            snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - p) : 1, slash ? p : ".");
            d = dir;
        } else if (k <= as->opt.nincdirs) {
            d = as->opt.incdirs[k - 1];
        } else {
            d = as->opt.maclibs[k - 1 - as->opt.nincdirs];
        }
        for (int c = 0; c < 2 && !found; c++)
            if (libdir_has(&mp->libs, d, file[c]) &&
                (size_t)snprintf(path, sizeof path, "%s/%s", d, file[c]) < sizeof path)
                found = 1;
    }
    if (found) {
        lib_read(as, path, si);
        struct macdef *m = mac_find(mp, up, n);
        if (m)
            return m;
        if (!as->stop)
            stmt_msg(as, si, DIAG_ERROR, 0, "library member %s does not define macro %s",
                     path, up);
    }
    nameset_add(&mp->missing, up);     /* not read again */
    return NULL;
}

/* ---- OPSYN ------------------------------------------------------------------------------ */

static int is_opsyn(const struct fields *f)
{
    return f->oplen == 5 && same_name(f->op, 5, "OPSYN");
}

/*
 * NEW OPSYN OLD: from here on NEW is the operation OLD (an instruction, an
 * extended mnemonic, a directive, a macro of the source or the libraries);
 * NEW OPSYN with no operand deletes the operation NEW.  Statement si.
 */
static void opsyn(struct assembler *as, int si, const struct fields *f)
{
    struct macproc *mp = as->mac;
    int bad = !f->nlen || f->nlen > SYM_MAX || !isalpha((unsigned char)f->name[0]);
    for (int i = 0; i < f->nlen && !bad; i++)
        bad = !is_symch((unsigned char)f->name[i]);
    if (bad) {
        stmt_msg(as, si, DIAG_ERROR, f->nlen ? 1 : f->opcol,
                 "OPSYN needs the new operation's name in the name field");
        return;
    }
    char *nu = upper_dup(as, f->name, f->nlen);
    if (f->opndlen == 0) {                  /* NAME OPSYN: NAME is no operation any more */
        mac_undefine(mp, nu);
        optab_remove(as->optab, nu, strlen(nu));
        return;
    }
    for (int i = 0; i < f->opndlen; i++)
        if (!is_symch((unsigned char)f->opnd[i]) || f->opndlen > SYM_MAX) {
            stmt_msg(as, si, DIAG_ERROR, f->opndcol, "OPSYN needs an operation code as its "
                     "operand");
            return;
        }
    if (ca_lookup(f->opnd, f->opndlen) != CA_NONE || is_opsyn(&(struct fields){
            .op = f->opnd, .oplen = f->opndlen })) {
        stmt_msg(as, si, DIAG_ERROR, f->opndcol, "OPSYN of a conditional assembly instruction "
                 "is not supported");
        return;
    }
    struct macdef *m = mac_find(mp, f->opnd, (size_t)f->opndlen);
    const struct opent *op = m ? NULL : optab_find(as->optab, f->opnd, (size_t)f->opndlen);
    if (!m && !op)
        m = lib_find(as, f->opnd, (size_t)f->opndlen, si);
    if (m) {                                /* the same definition under another name */
        struct macdef *c = arena_alloc(&as->arena, sizeof *c);
        *c = *m;
        c->name = nu;
        optab_remove(as->optab, nu, strlen(nu));
        mac_define(as, c);
        return;
    }
    if (!op) {
        stmt_msg(as, si, DIAG_ERROR, f->opndcol, "OPSYN: %.*s is no operation code (an "
                 "instruction, a directive or a macro)", f->opndlen, f->opnd);
        return;
    }
    if (f->nlen > 8) {
        stmt_msg(as, si, DIAG_ERROR, 1, "OPSYN: a name for an instruction or a directive "
                 "has at most 8 characters");
        return;
    }
    mac_undefine(mp, nu);
    if (optab_alias(as->optab, nu, op) < 0)
        stmt_msg(as, si, DIAG_ERROR, 1, "too many OPSYN statements");
}

/* ---- expansion ------------------------------------------------------------------------- */

static void expand(struct assembler *as, const struct macdef *m, int call, struct inv *outer);
static int mac_step(struct assembler *as, int si, int col);

/* Bind the call's operands (statement call) to the parameters of m, into v. */
static void bind_args(struct assembler *as, const struct macdef *m, int call, struct inv *v)
{
    const struct stmt *st = &as->stmts[call];
    struct fields f;
    mac_fields(stmt_text(as, st), st->textlen, &f);
    v->val = arena_alloc(&as->arena, sizeof *v->val * (size_t)(m->nparms + 1));
    for (int i = 0; i < m->nparms; i++)
        v->val[i] = m->parms[i].def ? m->parms[i].def : "";
    int cap = m->npos + 1, npos = 0;
    const char **pos = arena_alloc(&as->arena, sizeof *pos * (size_t)(cap + 1));
    pos[0] = f.nlen && f.name[0] != '.' ? arena_strndup(&as->arena, f.name, (size_t)f.nlen) : "";
    if (*pos[0] && !m->namep)
        stmt_msg(as, call, DIAG_WARNING, 1, "name field ignored: the prototype of %s has no "
                 "name-field parameter", m->name);
    for (int i = 0; i < f.opndlen;) {
        int e = mac_operand_end(f.opnd, f.opndlen, i, 0);
        const char *p = f.opnd + i;
        int n = e - i, k = 0;
        while (k < n && is_symch((unsigned char)p[k]))
            k++;
        if (k > 0 && k < n && p[k] == '=' && isalpha((unsigned char)p[0])) {
            int j = m->npos;
            while (j < m->nparms && !same_name(p, (size_t)k, m->parms[j].name))
                j++;
            if (j < m->nparms) {
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
}

/* The body line where sequence symbol seq (upper case, with the dot) is, or -1. */
static int find_seq(const struct macdef *m, const char *seq)
{
    size_t n = strlen(seq);
    for (int i = 0; i < m->nbody; i++) {
        const struct mline *l = &m->body[i];
        if (l->len >= (int)n && strncasecmp(l->text, seq, n) == 0 &&
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
    if (is_opsyn(&f)) {
        opsyn(as, src_gen_stmt(as, file, line, t, len, v->frame, 1), &f);
        return;
    }
    struct macdef *m = NULL;
    if (f.oplen && !(f.oplen >= 3 && ca_lookup(f.op, f.oplen) != CA_NONE))
        m = mac_find(as->mac, f.op, (size_t)f.oplen);
    if (!m && f.oplen && !optab_find(as->optab, f.op, (size_t)f.oplen)) {
        int si = src_gen_stmt(as, file, line, t, len, v->frame, 2);
        m = lib_find(as, f.op, (size_t)f.oplen, si);
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
        int done = def_feed(as, &d, l->text, l->len, l->file, l->line, errsi);
        if (!stmt_diags(&as->stmts[errsi]) && errsi == (int)as->nstmts - 1)
            as->nstmts--;       /* only kept to carry a message */
        if (done)
            return i + 1;
    }
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
                    ca_error(as, &v, f.opndcol, "sequence symbol %s is not in macro %s", jump,
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

static void oseq_note(struct assembler *as, const struct fields *f, int fi, int line)
{
    struct macproc *mp = as->mac;
    for (size_t i = 0; i < mp->noseqs; i++)
        if (mp->oseqs[i].file == fi && mp->oseqs[i].line == line)
            return;
    mp->oseqs = xgrow(mp->oseqs, &mp->caposeqs, mp->noseqs, sizeof *mp->oseqs);
    mp->oseqs[mp->noseqs++] = (struct oseq){ upper_dup(as, f->name, f->nlen), fi, line };
}

/* Go to sequence symbol seq in open code: back to where it was seen, or on until it is. */
static void open_jump(struct assembler *as, int si, int fi, int *li, const char *seq)
{
    struct macproc *mp = as->mac;
    for (size_t i = mp->noseqs; i-- > 0;)
        if (strcmp(mp->oseqs[i].name, seq) == 0) {
            if (mp->oseqs[i].file != fi) {
                stmt_msg(as, si, DIAG_ERROR, 0, "sequence symbol %s is in another file", seq);
                return;
            }
            *li = mp->oseqs[i].line;
            mp->replay = 1;     /* from now on open code may run for ever: count it */
            return;
        }
    snprintf(mp->skipto, sizeof mp->skipto, "%s", seq);
    mp->skipstmt = si;
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
    fields_head(stmt_text(as, st), st->textlen, &f);
    if (mp->replay && (mac_step(as, si, 0) < 0 ||
                       mac_budget(as, si, (long)sizeof *st + st->textlen, 0) < 0))
        return 1;
    if (mp->skipto[0]) {            /* AGO/AIF forward: statements up to the symbol go */
        if (!f.nlen || f.name[0] != '.' || !same_name(f.name, (size_t)f.nlen, mp->skipto)) {
            as->nstmts--;
            return 1;
        }
        mp->skipto[0] = '\0';
    }
    if (mp->def.m) {                /* a definition: kept, listed, not assembled */
        if (def_feed(as, &mp->def, stmt_text(as, st), st->textlen, st->file, st->line, si))
            mp->def.m = NULL;
        return 1;
    }
    if (f.nlen && f.name[0] == '.') {
        if (f.nlen < 2 || !isalpha((unsigned char)f.name[1])) {
            stmt_msg(as, si, DIAG_ERROR, 1, "invalid sequence symbol");
            return 1;
        }
        oseq_note(as, &f, fi, st->line);
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
        fields_operands(stmt_text(as, st), st->textlen, &f);
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
        fields_head(stmt_text(as, st), st->textlen, &f);
    if (is_opsyn(&f)) {
        fields_operands(stmt_text(as, st), st->textlen, &f);
        opsyn(as, si, &f);
        return 1;
    }
    struct macdef *m = f.oplen ? mac_find(mp, f.op, (size_t)f.oplen) : NULL;
    if (!m && f.oplen && !optab_find(as->optab, f.op, (size_t)f.oplen))
        m = lib_find(as, f.op, (size_t)f.oplen, si);
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
    def_feed(as, &mp->def, f->lines[st->line], len, st->file, st->line, si);
}

void mac_section(struct assembler *as, const char *name)
{
    if (as->mac)
        snprintf(as->mac->sysect, sizeof as->mac->sysect, "%s", name ? name : "");
}

void mac_finish(struct assembler *as)
{
    struct macproc *mp = as->mac;
    if (mp->def.m)
        stmt_msg(as, mp->defstmt, DIAG_ERROR, 0,
                 "MACRO without MEND: the definition runs to the end of the source");
    if (mp->skipto[0])
        stmt_msg(as, mp->skipstmt, DIAG_ERROR, 0, "sequence symbol %s is not found after "
                 "the branch to it", mp->skipto);
    mp->def.m = NULL;
    mp->skipto[0] = '\0';
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
    libdirs_free(&mp->libs);
    free(mp->symslot);
    arena_free(&mp->tmp);
    free(mp);
    as->mac = NULL;
}
