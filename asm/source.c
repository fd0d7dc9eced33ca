/*
 * source.c -- reading source files into statements.
 *
 * HLASM source format: columns 1-71 hold the statement, a non-blank in
 * column 72 continues it on the next line, which resumes in column 16;
 * columns 73-80 (sequence numbers) are ignored.  A '*' in column 1 (or
 * ".*") makes a comment line.  Tabs are expanded to every 8th column.
 * When a line's operands end with a comma, the blanks after it are
 * dropped so that the operands go on in column 16 of the next line.
 *
 * COPY members are read here, in place (search: the including file's
 * directory, then -I directories, then the macro libraries, as HLASM takes
 * both from SYSLIB), each one its own source file; a member must be a
 * regular file.  After
 * END, the remaining lines are ignored with a warning.
 *
 * ASSIST decks: a $JOB card (a line that begins "$JOB") before the
 * program is skipped, and a $ENTRY card after END begins the program's
 * data cards (imprun reads them for XREAD): ignored without a warning.
 * A $ENTRY card before END ends the program there, with a warning.
 */
#define _DEFAULT_SOURCE     /* MAP_POPULATE */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef EFTYPE
#define EFTYPE ENOEXEC      /* reported by member_error(), never by strerror() */
#endif

#include "internal.h"
#include "sha256.h"

#define BAD_LINES 10        /* lines with binary junk before a file is given up */

/*
 * A regular file is mapped read-only, its pages shared with the page
 * cache: nothing is copied, and with MAP_POPULATE the mapping is made in
 * one go instead of a page fault per page.  Returns the text, or NULL
 * (then the file is read instead).
 */
static void *map_file(FILE *f, size_t *len)
{
    struct stat sb;
    if (fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size <= 0 ||
        (uint64_t)sb.st_size >= ((uint64_t)1 << 30))
        return NULL;
    int flags = MAP_PRIVATE;
#ifdef MAP_POPULATE
    flags |= MAP_POPULATE;
#endif
    void *p = mmap(NULL, (size_t)sb.st_size, PROT_READ, flags, fileno(f), 0);
    if (p == MAP_FAILED)
        return NULL;
    *len = (size_t)sb.st_size;
    return p;
}

/*
 * The whole file: mapped (*maplen = its length), or else (a pipe, an
 * empty file) read into a malloc'ed buffer (*maplen = 0).  NULL with
 * *err set if it cannot be read.  A member (a COPY member, a macro
 * library member) must be a regular file: it is opened without waiting
 * (a FIFO would block) and anything else is refused with *err = EFTYPE
 * (ENODEV for a device, EISDIR for a folder); the main source may also be a pipe.
 */
static void *read_all(const char *path, size_t *len, size_t *maplen, int *err, int member)
{
    int fd = open(path, O_RDONLY | O_NOCTTY | (member ? O_NONBLOCK : 0));
    if (fd < 0) {
        *err = errno;
        return NULL;
    }
    struct stat sb;
    if (fstat(fd, &sb) == 0 && (S_ISDIR(sb.st_mode) || (member && !S_ISREG(sb.st_mode)))) {
        close(fd);
        *err = S_ISDIR(sb.st_mode) ? EISDIR : S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode)
                                               ? ENODEV : EFTYPE;
        return NULL;
    }
    if (member && (uint64_t)sb.st_size >= ((uint64_t)1 << 30)) {
        close(fd);
        *err = EFBIG;
        return NULL;
    }
    if (member)
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        *err = errno;
        close(fd);
        return NULL;
    }
    void *m = map_file(f, len);
    *maplen = m ? *len : 0;
    if (m) {
        fclose(f);
        return m;
    }
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            *err = ENOMEM;
            return NULL;
        }
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *nb = cap < ((size_t)1 << 30) ? realloc(buf, cap * 2) : NULL;
        if (!nb) {
            free(buf);
            fclose(f);
            *err = EFBIG;
            return NULL;
        }
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        *err = EIO;
        return NULL;
    }
    *len = n;
    return buf;
}

void src_free(struct assembler *as)
{
    for (size_t i = 0; i < as->nfiles; i++) {
        struct srcfile *f = as->files[i];
        if (f->maplen)
            munmap(f->buf, f->maplen);
        else
            free(f->buf);
    }
    free(as->files);
    as->files = NULL;
    as->nfiles = 0;
}

const char *src_line(const struct srcfile *f, int i, char *buf)
{
    memcpy(buf, f->lines[i], (size_t)f->lens[i]);
    buf[f->lens[i]] = '\0';
    return buf;
}

/* The display form of a line that needs it: tabs expanded, control characters '?'. */
static int display_line(const char *text, size_t i, size_t e, char line[LINE_KEEP + 1],
                        int *badcol)
{
    int col = 0, bad = 0;
    while (i < e) {
        unsigned char c = (unsigned char)text[i++];
        if (c == '\r' && i == e)
            continue;
        if (c == '\t') {
            do {
                if (col < LINE_KEEP) line[col] = ' ';
                col++;
            } while (col % 8);
            continue;
        }
        if (c < 0x20 || c == 0x7F) {
            if (!bad) bad = col + 1;
            c = '?';
        }
        if (col < LINE_KEEP) line[col] = (char)c;
        col++;
    }
    *badcol = bad;
    return col > LINE_KEEP ? LINE_KEEP : col;
}

/*
 * The end of the run of text[i, k) free of control characters (below
 * X'20', and DEL), eight bytes at a time: a word has a byte below X'20'
 * exactly when (w - 0x20 in every byte) & ~w & (the high bits) is not
 * zero, and a DEL byte when w ^ 0x7F in every byte has a zero byte.
 */
static size_t plain_prefix(const char *text, size_t i, size_t k)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    while (k - i >= 8) {
        uint64_t w, d;
        memcpy(&w, text + i, 8);
        d = w ^ (0x7F * ones);
        if (((w - 0x20 * ones) & ~w & high) || ((d - ones) & ~d & high))
            break;
        i += 8;
    }
    while (i < k && (unsigned char)text[i] >= 0x20 && text[i] != 0x7F)
        i++;
    return i;
}

/* A line with a control character: its number and the column of the first. */
struct badline { int line, col; };

/*
 * Split text (len bytes) into display lines: tabs expanded, control
 * characters shown as '?', at most LINE_KEEP columns.  A line that needs
 * none of that (the usual case) is used where it is; the others are
 * copied.  The lines with control characters are listed in *bad (*nbad
 * of them, in order).
 */
static void split_lines(struct assembler *as, struct srcfile *f, const char *text, size_t len,
                        struct badline **bad, int *nbad)
{
    size_t n = 0;
    for (const char *p = text, *end = text + len; (p = memchr(p, '\n', (size_t)(end - p))); p++)
        n++;
    if (len && text[len - 1] != '\n')
        n++;                                            /* the last line has no newline */
    f->lines = arena_raw(&as->arena, (n ? n : 1) * sizeof *f->lines);
    f->lens = arena_raw(&as->arena, n ? n : 1);
    char line[LINE_KEEP + 1];
    size_t bcap = 0;
    *bad = NULL;
    *nbad = 0;
    size_t i = 0;
    for (n = 0; i < len; n++) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t e = nl ? (size_t)(nl - text) : len;     /* the line is text[i, e) */
        size_t k = e;
        if (k > i && text[k - 1] == '\r')
            k--;                                        /* CR LF */
        size_t j = plain_prefix(text, i, k);
        if (j == k && k - i <= LINE_KEEP) {
            f->lines[n] = text + i;
            f->lens[n] = (unsigned char)(k - i);
        } else {
            int badcol;
            int col = display_line(text, i, e, line, &badcol);
            f->lines[n] = arena_strndup(&as->arena, line, (size_t)col);
            f->lens[n] = (unsigned char)col;
            if (badcol) {
                *bad = xgrow(*bad, &bcap, (size_t)*nbad, sizeof **bad);
                (*bad)[(*nbad)++] = (struct badline){ (int)n, badcol };
            }
        }
        i = e + 1;
    }
    f->nlines = (int)n;
}

static struct stmt *new_stmt(struct assembler *as, int file, int line)
{
    as->stmts = big_grow(as->stmts, &as->capstmts, as->nstmts + 1, sizeof *as->stmts);
    struct stmt *st = &as->stmts[as->nstmts++];
    memset(st, 0, sizeof *st);
    st->file = file;
    st->line = line;
    st->nlines = 1;
    st->sect = -1;
    return st;
}

static int blank_from(const char *s, int len, int from, int to)
{
    for (int c = from; c < to && c < len; c++)
        if (s[c] != ' ')
            return 0;
    return 1;
}

/* Line i has the shape of a continuation line: columns 1-15 blank,
 * something from column 16. */
static int continuation_shape(const struct srcfile *f, int i)
{
    const char *n = f->lines[i];
    int nl = f->lens[i];
    return blank_from(n, nl, 0, CONT_COL - 1) && !blank_from(n, nl, CONT_COL - 1, STMT_COLS);
}

/*
 * Line i is continued: column 72 is not blank and the next line looks like
 * a continuation (columns 1-15 blank, something from column 16).  A long
 * remark that merely runs into column 72 above an ordinary statement is
 * not taken as a continuation -- a common slip in hand-typed sources.
 */
static int continues(const struct srcfile *f, int i)
{
    if (f->lens[i] <= STMT_COLS || f->lines[i][STMT_COLS] == ' ')
        return 0;
    if (i + 1 >= f->nlines)
        return 1;       /* reported: the file ends */
    return continuation_shape(f, i + 1);
}

/*
 * Line i marks a continuation in column 72, and the next line begins (its
 * column 1 blank) before column 16: the column of its first non-blank,
 * else 0.  Whether it continues depends on the statement (cut_off).
 */
static int early_continuation(const struct srcfile *f, int i)
{
    if (f->lens[i] <= STMT_COLS || f->lines[i][STMT_COLS] == ' ' || i + 1 >= f->nlines)
        return 0;
    const char *n = f->lines[i + 1];
    int nl = f->lens[i + 1];
    for (int c = 1; c < CONT_COL - 1 && c < nl; c++)
        if (n[c] != ' ')
            return n[0] == ' ' ? c + 1 : 0;
    return 0;
}

/* The quote at t[i] follows an attribute letter (L'NAME, T'&P, L'*) and
 * opens no string. */
static int attribute_quote(const char *t, int i, int n)
{
    if (i < 1 || i + 1 >= n || !strchr("LTKNDISOltkndiso", t[i - 1]))
        return 0;
    if (i >= 2 && (isalnum((unsigned char)t[i - 2]) || strchr("@#$_&'", t[i - 2])))
        return 0;
    return isalpha((unsigned char)t[i + 1]) || strchr("@#$_&*", t[i + 1]) != NULL;
}

/*
 * The statement text t[0, n) is cut off: its operands end inside a quoted
 * string or with a comma, so the next line must go on with it.  (The
 * name and the operation are skipped; a blank outside quotes ends the
 * operands, and a comma before it continues them.)
 */
static int cut_off(const char *t, int n)
{
    int i = 0;
    while (i < n && t[i] != ' ')
        i++;
    while (i < n && t[i] == ' ')
        i++;
    while (i < n && t[i] != ' ')
        i++;
    while (i < n && t[i] == ' ')
        i++;
    int quoted = 0;
    char last = 0;
    for (; i < n; i++) {
        if (quoted) {
            quoted = t[i] != '\'';
        } else if (t[i] == ' ') {
            return last == ',';
        } else if (t[i] == '\'' && !attribute_quote(t, i, n)) {
            quoted = 1;
        }
        last = t[i];
    }
    return quoted || last == ',';
}

/*
 * Build the logical statement starting at line *li of f; advance *li past
 * its continuation lines.  Returns the statement's index.
 */
static int build_stmt(struct assembler *as, int fi, int *li)
{
    struct srcfile *f = as->files[fi];
    int first = *li;
    struct stmt *st = new_stmt(as, fi, first);
    int si = (int)(st - as->stmts);
    const char *s = f->lines[first];
    int len = f->lens[first];
    (*li)++;
    if (len == 0 || blank_from(s, len, 0, STMT_COLS) || s[0] == '*' ||
        (len > 1 && s[0] == '.' && s[1] == '*')) {
        return si;  /* comment or blank line: no text */
    }
    int cont = continues(f, first);
    if (!cont && early_continuation(f, first))
        cont = cut_off(s, len < STMT_COLS ? len : STMT_COLS);
    if (!cont) {    /* one line: the statement is the line's columns 1-71 */
        int n = len < STMT_COLS ? len : STMT_COLS;
        if (first + 1 < f->nlines && continuation_shape(f, first + 1) && cut_off(s, n))
            stmt_msg(as, si, DIAG_WARNING, STMT_COLS + 1,
                     "the statement goes on, but column 72 is blank: line %d is not its "
                     "continuation (a non-blank in column 72 continues a statement)",
                     first + 2);
        while (n > 0 && s[n - 1] == ' ')
            n--;
        st->textlen = (short)n;
        return si;  /* the text is the line; logical column = physical column */
    }
    char buf[STMT_COLS * (MAX_CONT + 1) + 1];   /* a line begun too early is longer */
    struct seg segs[MAX_CONT + 1];
    int n = len < STMT_COLS ? len : STMT_COLS;
    memcpy(buf, s, (size_t)n);
    segs[0] = (struct seg){ 0, first, 1 };
    int nsegs = 1;
    while (cont) {
        if (*li >= f->nlines) {
            stmt_msg(as, si, DIAG_ERROR, STMT_COLS + 1,
                     "continuation indicated in column 72, but the file ends");
            break;
        }
        if (nsegs > MAX_CONT) {
            stmt_msg(as, si, DIAG_ERROR, 1, "more than %d continuation lines", MAX_CONT);
            while (*li < f->nlines && f->lens[*li] > STMT_COLS && f->lines[*li][STMT_COLS] != ' ')
                (*li)++;
            (*li)++;
            break;
        }
        const char *c = f->lines[*li];
        int clen = f->lens[*li];
        int early = early_continuation(f, *li - 1);
        int t = n;
        while (t > 0 && buf[t - 1] == ' ')
            t--;
        if (t > 0 && buf[t - 1] == ',')
            n = t;
        /* a line that begins too early is read from where it begins, so
           that the one error is the column */
        int from = early ? early - 1 : CONT_COL - 1, to = clen < STMT_COLS ? clen : STMT_COLS;
        segs[nsegs++] = (struct seg){ n, *li, from + 1 };
        if (early)
            stmt_msg(as, si, DIAG_ERROR, n + 1,
                     "a continuation line must start in column %d, this one starts in "
                     "column %d", CONT_COL, early);
        if (to > from) {
            memcpy(buf + n, c + from, (size_t)(to - from));
            n += to - from;
        }
        cont = continues(f, *li);
        if (!cont && early_continuation(f, *li))
            cont = cut_off(buf, n);
        (*li)++;
        st = &as->stmts[si];
        st->nlines++;
    }
    st = &as->stmts[si];
    while (n > 0 && buf[n - 1] == ' ')
        n--;
    struct stmt_more *m = stmt_more(as, st);
    m->text = arena_strndup(&as->arena, buf, (size_t)n);
    st->textlen = (short)n;
    m->segs = arena_alloc(&as->arena, sizeof *segs * (size_t)nsegs);
    memcpy(m->segs, segs, sizeof *segs * (size_t)nsegs);
    m->nsegs = nsegs;
    return si;
}

static int open_copy(struct assembler *as, int si, const char *name);

/* Does line i of f begin with the ASSIST control card word w? */
static int control_card(const struct srcfile *f, int i, const char *w)
{
    size_t n = strlen(w);
    return (size_t)f->lens[i] >= n && strncmp(f->lines[i], w, n) == 0 &&
           ((size_t)f->lens[i] == n || f->lines[i][n] == ' ');
}

/* What follows parsing statement si: END, COPY, the name of a section. */
void src_after_parse(struct assembler *as, int si)
{
    struct stmt *st = &as->stmts[si];
    if (st->bad || st->kind != ST_DIR)
        return;
    switch (st->op->dir) {
    case D_END:
        as->ended = 1;
        break;
    case D_CSECT: case D_DSECT: case D_START:
        mac_section(as, st->name);
        break;
    case D_COPY: {
        const struct dirargs *d = st->dir;
        if (d->nargs != 1 || !d->args[0] || d->args[0]->kind != EX_SYM)
            stmt_msg(as, si, DIAG_ERROR, d->nargs ? d->argcol[0] : st->opcol,
                     "COPY needs one operand: the member name");
        else
            open_copy(as, si, d->args[0]->name);
        break;
    }
    default:
        break;
    }
}

void src_release(struct assembler *as)
{
#ifdef MADV_DONTNEED
    for (size_t i = 0; i < as->nfiles; i++)
        if (as->files[i]->maplen)
            madvise(as->files[i]->buf, as->files[i]->maplen, MADV_DONTNEED);
#else
    (void)as;
#endif
}

/* Read the lines of file fi into statements. */
static void read_stmts(struct assembler *as, int fi, const struct badline *bad, int nbadlines)
{
    struct srcfile *f = as->files[fi];
    int li = 0, nbad = 0, bi = 0, n = 0;
    while (li < f->nlines && !as->ended && !as->stop) {
        if ((++n & (SRC_RELEASE - 1)) == 0)
            src_release(as);
        if (control_card(f, li, "$JOB")) {
            li++;
            continue;
        }
        if (control_card(f, li, "$ENTRY") && fi == 0) {
            /* a deck whose END is missing: the program ends at $ENTRY, as
               if END were written there (imprun reads the cards after it) */
            int si = src_gen_stmt(as, fi, li, "         END", 12, NULL, 0);
            stmt_msg(as, si, DIAG_WARNING, 0, "$ENTRY before END: the END statement is "
                     "missing; the program ends here");
            break;
        }
        int first = li;
        int si = build_stmt(as, fi, &li);
        for (; bi < nbadlines && bad[bi].line < li; bi++) {
            int k = bad[bi].line;
            stmt_msg(as, si, DIAG_ERROR, k == first ? bad[bi].col : 0,
                     "invalid character (control character or binary data) in line %d",
                     k + 1);
            nbad++;
        }
        if (nbad >= BAD_LINES) {
            stmt_msg(as, si, DIAG_ERROR, 0, "too much binary data: the rest of %s is ignored",
                     f->path);
            break;
        }
        struct stmt *st = &as->stmts[si];
        if (st->textlen == 0) {
            mac_comment(as, si);
            continue;
        }
        if (mac_open_stmt(as, si, fi, &li))
            continue;
        parse_stmt(as, st);
        st = &as->stmts[si];
        if (st->bad || st->kind != ST_DIR)
            continue;
        src_after_parse(as, si);
        if (as->ended && li < f->nlines) {
            int rest = li;
            while (rest < f->nlines && blank_from(f->lines[rest], f->lens[rest], 0, 80))
                rest++;
            if (rest < f->nlines && !control_card(f, rest, "$ENTRY"))
                stmt_msg(as, si, DIAG_WARNING, 0,
                         "statements after END are ignored (from line %d)", rest + 1);
        }
    }
}

int src_gen_stmt(struct assembler *as, int file, int line, const char *text, int len,
                 const struct mexp *exp, int unparsed)
{
    struct stmt *st = new_stmt(as, file, line);
    int si = (int)(st - as->stmts);
    while (len > 0 && text[len - 1] == ' ')
        len--;
    if (len > 4000)
        len = 4000;
    struct stmt_more *m = stmt_more(as, st);
    m->text = arena_strndup(&as->arena, text, (size_t)len);
    m->exp = exp;
    if (mac_budget(as, si, len + (long)sizeof *st + (long)sizeof *m, 0) < 0)
        unparsed = 1;       /* the budget is spent: kept for its message only */
    m->is_call = unparsed == 2;
    st->textlen = (short)len;
    if (!unparsed && len > 0) {
        parse_stmt(as, st);
        src_after_parse(as, si);
    }
    return si;
}

/* Why member path cannot be read (err from read_all), as a message. */
static void member_error(struct assembler *as, int si, int col, const char *what,
                         const char *path, int err)
{
    if (err == EISDIR)
        stmt_msg(as, si, DIAG_ERROR, col, "%s %s is a directory, not a file", what, path);
    else if (err == ENODEV)
        stmt_msg(as, si, DIAG_ERROR, col, "%s %s is a device, not a regular file", what, path);
    else if (err == EFTYPE)
        stmt_msg(as, si, DIAG_ERROR, col, "%s %s is not a regular file (a FIFO or socket?)",
                 what, path);
    else if (err == EFBIG)
        stmt_msg(as, si, DIAG_ERROR, col, "%s %s is too large (1 GiB at most)", what, path);
    else
        stmt_msg(as, si, DIAG_ERROR, col, "cannot read %s %s: %s", what, path, strerror(err));
}

int src_load(struct assembler *as, const char *path, int si)
{
    size_t len = 0, maplen = 0;
    int err = 0;
    void *text = read_all(path, &len, &maplen, &err, 1);
    if (!text) {
        member_error(as, si, 0, "library member", path, err);
        return -1;
    }
    struct srcfile *f = arena_alloc(&as->arena, sizeof *f);
    f->path = arena_strndup(&as->arena, path, strlen(path));
    f->buf = text;
    f->maplen = maplen;
    sha256_of(text, len, f->sha);
    as->files = xgrow(as->files, &as->capfiles, as->nfiles, sizeof *as->files);
    as->files[as->nfiles] = f;
    struct badline *bad;
    int nbad;
    split_lines(as, f, text, len, &bad, &nbad);
    free(bad);
    return (int)as->nfiles++;
}

void src_logical(struct assembler *as, int fi, int *li, const char **text, int *len)
{
    int si = build_stmt(as, fi, li);
    struct stmt *st = &as->stmts[si];
    *text = stmt_text(as, st);
    *len = st->textlen;
    as->nstmts--;       /* only its text was wanted */
}

/* Add a source file; text (len bytes; mapped if maplen) becomes the file's. */
static int add_file(struct assembler *as, const char *path, void *text, size_t len,
                    size_t maplen)
{
    struct srcfile *f = arena_alloc(&as->arena, sizeof *f);
    f->path = arena_strndup(&as->arena, path, strlen(path));
    f->buf = text;
    f->maplen = maplen;
    sha256_of(text, len, f->sha);
    as->files = xgrow(as->files, &as->capfiles, as->nfiles, sizeof *as->files);
    as->files[as->nfiles] = f;
    struct badline *bad;
    int nbad;
    split_lines(as, f, text, len, &bad, &nbad);
    int fi = (int)as->nfiles++;
    src_release(as);        /* hashed and split: the statements read it again */
    /* room for a statement per line, in one piece */
    as->stmts = big_grow(as->stmts, &as->capstmts, as->nstmts + (size_t)f->nlines,
                         sizeof *as->stmts);
    read_stmts(as, fi, bad, nbad);
    free(bad);
    return fi;
}

int src_read_mem(struct assembler *as, const char *name, const char *text, size_t len)
{
    char *copy = malloc(len ? len : 1);
    if (!copy) {
        fputs("impas: out of memory\n", stderr);
        abort();
    }
    memcpy(copy, text, len);
    add_file(as, name, copy, len, 0);
    return 0;
}

int src_read_file(struct assembler *as, const char *path, int from_stmt, int col)
{
    size_t len = 0, maplen = 0;
    int err = 0;
    void *text = read_all(path, &len, &maplen, &err, from_stmt >= 0);
    if (!text) {
        if (from_stmt < 0)
            diag_report(as->diag, DIAG_ERROR, path, 0, 0, NULL, "cannot read: %s",
                        strerror(err));
        else
            member_error(as, from_stmt, col, "COPY member", path, err);
        return -1;
    }
    /* A text editor's encoding marks, which no statement can start with:
       said plainly, before the errors of the first line they cause. */
    const unsigned char *u = text;
    if (len >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF)
        diag_report(as->diag, DIAG_ERROR, path, 1, 1, NULL,
                    "the file begins with a UTF-8 byte-order mark (bytes EF BB BF): "
                    "save it without one, as plain ASCII or UTF-8");
    else if (len >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF)))
        diag_report(as->diag, DIAG_ERROR, path, 1, 1, NULL,
                    "the file is UTF-16 text: save it as plain ASCII or UTF-8");
    add_file(as, path, text, len, maplen);
    return 0;
}

/* The directory part of path ("." if none), into buf. */
static void dir_of(const char *path, char *buf, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, n, ".");
    else
        snprintf(buf, n, "%.*s", (int)(slash - path), path);
}

static int find_member(struct assembler *as, const char *dir, const char *name, char *out,
                       size_t n)
{
    static const char *const exts[] = { "", ".s", ".asm", ".cpy", ".mac" };
    char lower[SYM_MAX + 1];
    size_t k = 0;
    for (; name[k] && k < SYM_MAX; k++)
        lower[k] = (char)tolower((unsigned char)name[k]);
    lower[k] = '\0';
    const char *names[] = { name, lower };
    for (size_t e = 0; e < sizeof exts / sizeof exts[0]; e++)
        for (int c = 0; c < 2; c++) {
            struct stat sb;
            if ((size_t)snprintf(out, n, "%s/%s%s", dir, names[c], exts[e]) < n &&
                stat(out, &sb) == 0)
                return 0;       /* whether it can be read is found when it is read */
        }
    (void)as;
    return -1;
}

int src_find_copy(struct assembler *as, int si, int col, int file, const char *name,
                  char *path, size_t n)
{
    if (as->copy_depth >= COPY_DEPTH) {
        stmt_msg(as, si, DIAG_ERROR, col, "COPY nested more than %d deep (recursive COPY?)",
                 COPY_DEPTH);
        return -1;
    }
    char dir[4096];
    int found = -1;
    if (!as->opt.no_files) {
        dir_of(as->files[file]->path, dir, sizeof dir);
        found = find_member(as, dir, name, path, n);
        for (int i = 0; found < 0 && i < as->opt.nincdirs; i++)
            found = find_member(as, as->opt.incdirs[i], name, path, n);
        for (int i = 0; found < 0 && i < as->opt.nmaclibs; i++)     /* HLASM's SYSLIB */
            found = find_member(as, as->opt.maclibs[i], name, path, n);
    }
    if (found < 0) {
        stmt_msg(as, si, DIAG_ERROR, col, "COPY member %s not found", name);
        return -1;
    }
    return 0;
}

static int open_copy(struct assembler *as, int si, const char *name)
{
    struct stmt *st = &as->stmts[si];
    int col = st->dir->argcol[0];
    char path[4096];
    if (src_find_copy(as, si, col, st->file, name, path, sizeof path) < 0)
        return -1;
    as->copy_depth++;
    int r = src_read_file(as, path, si, col);
    as->copy_depth--;
    return r;
}
