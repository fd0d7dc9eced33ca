/*
 * macdef.c -- macro definitions: the macro table, prototypes, reading a
 * definition (MACRO .. MEND) line by line, macro libraries (members
 * NAME.mac, read on first use) and OPSYN.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "macro.h"
#include "slip.h"

/* ---- the macro table -------------------------------------------------------------- */

static unsigned hash_name(const char *s, size_t n) { return mac_hash(s, n) % MAC_HASH; }

struct macdef *mac_find(struct macproc *mp, const char *name, size_t n)
{
    for (struct macdef *m = mp->tab[hash_name(name, n)]; m; m = m->next)
        if (mac_same_name(name, n, m->name))
            return m;
    return NULL;
}

void mac_near(struct assembler *as, const char *name, size_t n, struct slip_near *nn)
{
    if (!as->mac)
        return;
    for (int h = 0; h < MAC_HASH; h++)
        for (struct macdef *m = as->mac->tab[h]; m; m = m->next)
            slip_offer(nn, name, n, m->name);
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
                     int file, int line, int depth)
{
    if (m->nbody >= m->capbody) {
        m->capbody = m->capbody ? m->capbody * 2 : 16;
        struct mline *nb = arena_raw(&as->arena, sizeof *nb * (size_t)m->capbody);
        if (m->nbody)
            memcpy(nb, m->body, sizeof *nb * (size_t)m->nbody);
        m->body = nb;
    }
    struct mline *l = &m->body[m->nbody++];
    *l = (struct mline){ text, len, file, line, .op = CA_NONE, .depth = depth };
    mac_fields(text, len, &l->f);
    l->op = ca_lookup(l->f.op, l->f.oplen);
}

char *mac_upper_dup(struct assembler *as, const char *s, int n)
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
    while (i < n && mac_is_symch((unsigned char)s[i]))
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
        m->namep = mac_upper_dup(as, f.name + 1, k);
    }
    if (f.oplen == 0 || f.oplen > SYM_MAX || !isalpha((unsigned char)f.op[0]) ||
        var_name(f.op, f.oplen)) {
        stmt_msg(as, errsi, DIAG_ERROR, f.opcol, "a prototype needs the macro's name");
        return -1;
    }
    for (int i = 0; i < f.oplen; i++)
        if (!mac_is_symch((unsigned char)f.op[i])) {
            stmt_msg(as, errsi, DIAG_ERROR, f.opcol + i, "invalid character in a macro name");
            return -1;
        }
    m->name = mac_upper_dup(as, f.op, f.oplen);
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
        pp->name = mac_upper_dup(as, p + 1, k);
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

/* A sequence symbol in the name field f of a statement of m's own: an error if an
   earlier statement of m has it (branches go to the first). */
static void seq_unique(struct assembler *as, struct defreader *d, const struct fields *f,
                       int errsi)
{
    const struct macdef *m = d->m;
    char up[SYM_MAX + 2];
    snprintf(up, sizeof up, "%.*s", f->nlen, f->name);
    for (char *p = up; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    if (!nameset_has(&d->seqs, up)) {     /* the usual case: new */
        nameset_add(&d->seqs, up);
        return;
    }
    for (int i = 0; i < m->nbody; i++) {
        const struct mline *l = &m->body[i];
        if (l->depth == 0 && !l->comment && l->f.nlen == f->nlen &&
            strncasecmp(l->f.name, f->name, (size_t)f->nlen) == 0) {
            stmt_msg(as, errsi, DIAG_ERROR, 1, "sequence symbol %.*s is already defined in "
                     "macro %s (%s:%d); branches go to that one", f->nlen, f->name,
                     m->name ? m->name : "", as->files[l->file]->path, l->line + 1);
            return;
        }
    }
}

/* The reader of a definition is done with (complete, or cut off). */
void mac_def_drop(struct defreader *d)
{
    nameset_free(&d->seqs);
    d->seqs = (struct nameset){ 0 };
}

/*
 * COPY member in a macro definition (statement f of file; errors at errsi): as in
 * HLASM, the member's statements become part of the definition when it is read,
 * so they are model statements, substituted at each call.  1 if the definition
 * ended in the member.
 */
static int def_copy(struct assembler *as, struct defreader *d, const struct fields *f,
                    int file, int errsi)
{
    int n = 0;
    while (n < f->opndlen && f->opnd[n] != ' ' && f->opnd[n] != ',')
        n++;
    if (n == 0 || n > SYM_MAX || n < f->opndlen) {
        stmt_msg(as, errsi, DIAG_ERROR, f->opndcol, "COPY needs one operand: the member name");
        return 0;
    }
    char name[SYM_MAX + 1], path[4096];
    snprintf(name, sizeof name, "%.*s", n, f->opnd);
    if (src_find_copy(as, errsi, f->opndcol, file, name, path, sizeof path) < 0)
        return 0;
    int fi = src_load(as, path, errsi);
    if (fi < 0)
        return 0;
    as->copy_depth++;
    const struct srcfile *sf = as->files[fi];
    int li = 0, done = 0;
    while (li < sf->nlines && !done) {
        const char *t;
        int len, at = li;
        src_logical(as, fi, &li, &t, &len);
        if (len == 0 && sf->lens[at] > 0 && sf->lines[at][0] == '*') {  /* a * comment */
            t = sf->lines[at];
            len = sf->lens[at] < STMT_COLS ? sf->lens[at] : STMT_COLS;
        }
        done = mac_def_feed(as, d, t, len, fi, at, errsi);
    }
    as->copy_depth--;
    return done;
}

/* A definition being read (struct defreader): the line after MACRO is the prototype,
   then the body up to the matching MEND (inner MACRO .. MEND pairs are in the body). */

/* Feed one logical line; 1 when the definition is complete (and defined). */
int mac_def_feed(struct assembler *as, struct defreader *d, const char *t, int len, int file,
                 int line, int errsi)
{
    if (len == 0)
        return 0;                                   /* blank lines, .* comments */
    if (t[0] == '*') {                              /* * comments are generated */
        if (d->proto) {
            body_add(as, d->m, t, len, file, line, d->depth);
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
    if (f.oplen == 4 && strncasecmp(f.op, "COPY", 4) == 0 && f.opndlen > 0 &&
        !memchr(f.opnd, '&', (size_t)f.opndlen))    /* COPY &M: copied when generated */
        return def_copy(as, d, &f, file, errsi);
    int depth = d->depth;       /* 0: a statement of this macro (an inner MACRO's own
                                   sequence symbol is this macro's), not of an inner one */
    if (op == CA_MACRO)
        d->depth++;
    if (op == CA_MEND && d->depth-- == 0) {
        if (f.nlen && f.name[0] == '.') {
            seq_unique(as, d, &f, errsi);
            body_add(as, d->m, t, len, file, line, 0);  /* .SEQ MEND: a branch target */
        }
        if (d->bad && d->m->name)
            d->m->broken = 1;   /* known by its name, so that a call says why it fails */
        if (!d->bad || d->m->name)
            mac_define(as, d->m);
        mac_def_drop(d);
        return 1;
    }
    if (depth == 0 && f.nlen && f.name[0] == '.')
        seq_unique(as, d, &f, errsi);
    body_add(as, d->m, t, len, file, line, depth);
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
        done = mac_def_feed(as, &d, t, len, fi, at, si);
    }
    mac_def_drop(&d);
    if (in && !done)
        stmt_msg(as, si, DIAG_ERROR, 0, "%s: MACRO without MEND", path);
}

/* The macro name (n bytes) from the libraries, or NULL. */
/* The path of the library member of macro up (n characters, upper case): 1 if found. */
static int lib_path(struct assembler *as, const char *up, size_t n, char *path, size_t pathlen)
{
    struct macproc *mp = as->mac;
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
                (size_t)snprintf(path, pathlen, "%s/%s", d, file[c]) < pathlen)
                found = 1;
    }
    return found;
}

/* The name (n bytes) upper-cased into up, if it can name a library macro. */
static int lib_name(struct assembler *as, const char *name, size_t n, char *up)
{
    if (as->opt.no_files || n > SYM_MAX || n == 0 || !isalpha((unsigned char)name[0]))
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (!mac_is_symch((unsigned char)name[i]))
            return 0;
        up[i] = (char)toupper((unsigned char)name[i]);
    }
    up[n] = '\0';
    return !nameset_has(&as->mac->missing, up);    /* looked for before: in no folder */
}

int mac_lib_has(struct assembler *as, const char *name, size_t n)
{
    char up[SYM_MAX + 1], path[4096];
    return lib_name(as, name, n, up) && lib_path(as, up, n, path, sizeof path);
}

struct macdef *mac_lib_find(struct assembler *as, const char *name, size_t n, int si)
{
    struct macproc *mp = as->mac;
    char up[SYM_MAX + 1], path[4096];
    if (!lib_name(as, name, n, up))
        return NULL;
    int found = lib_path(as, up, n, path, sizeof path);
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

int mac_is_opsyn(const struct fields *f)
{
    return f->oplen == 5 && mac_same_name(f->op, 5, "OPSYN");
}

/*
 * NEW OPSYN OLD: from here on NEW is the operation OLD (an instruction, an
 * extended mnemonic, a directive, a macro of the source or the libraries);
 * NEW OPSYN with no operand deletes the operation NEW.  Statement si.
 */
void mac_opsyn(struct assembler *as, int si, const struct fields *f)
{
    struct macproc *mp = as->mac;
    int bad = !f->nlen || f->nlen > SYM_MAX || !isalpha((unsigned char)f->name[0]);
    for (int i = 0; i < f->nlen && !bad; i++)
        bad = !mac_is_symch((unsigned char)f->name[i]);
    if (bad) {
        stmt_msg(as, si, DIAG_ERROR, f->nlen ? 1 : f->opcol,
                 "OPSYN needs the new operation's name in the name field");
        return;
    }
    char *nu = mac_upper_dup(as, f->name, f->nlen);
    if (f->opndlen == 0) {                  /* NAME OPSYN: NAME is no operation any more */
        mac_undefine(mp, nu);
        optab_remove(as->optab, nu, strlen(nu));
        return;
    }
    for (int i = 0; i < f->opndlen; i++)
        if (!mac_is_symch((unsigned char)f->opnd[i]) || f->opndlen > SYM_MAX) {
            stmt_msg(as, si, DIAG_ERROR, f->opndcol, "OPSYN needs an operation code as its "
                     "operand");
            return;
        }
    if (ca_lookup(f->opnd, f->opndlen) != CA_NONE || mac_is_opsyn(&(struct fields){
            .op = f->opnd, .oplen = f->opndlen })) {
        stmt_msg(as, si, DIAG_ERROR, f->opndcol, "OPSYN of a conditional assembly instruction "
                 "is not supported");
        return;
    }
    struct macdef *m = mac_find(mp, f->opnd, (size_t)f->opndlen);
    const struct opent *op = m ? NULL : optab_find(as->optab, f->opnd, (size_t)f->opndlen);
    if (!m && !op)
        m = mac_lib_find(as, f->opnd, (size_t)f->opndlen, si);
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
