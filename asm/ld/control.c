/*
 * control.c -- linkage-editor control statements (after the OS/VS
 * linkage editor's):
 *
 *   * comment                       a '*' in column 1
 *   ENTRY name                      the entry point (a CSECT or entry name)
 *   ORDER name[(P)],name[(P)],...   these CSECTs first, in this order;
 *                                   (P) starts that CSECT on a page boundary
 *   PAGE  name,...                  start these CSECTs on a page boundary
 *
 * Keywords may be written in any case; names are folded to upper case.
 * A statement is at most CTL_LINE_MAX bytes, the file at most
 * CTL_FILE_LIMIT bytes (impld(1), "Limits").
 * The operand field ends at the first blank; anything after it is a
 * comment.  Several ORDER statements add to one list.  Whether the names
 * exist is checked by layout.c, which reports at the recorded positions.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "ld.h"
#include "lineread.h"

#define CTL_LINE_MAX   (64 * 1024)     /* longest control statement */
#define CTL_FILE_LIMIT (16 << 20)      /* largest control file */

struct ctl_line {
    struct linker *l;
    const char *text;           /* the line, NUL-terminated, no newline */
    int lineno;
};

static int ctl_error(struct ctl_line *c, const char *at, const char *fmt, const char *arg)
{
    diag_report(c->l->d, DIAG_ERROR, c->l->ctl.path, c->lineno, (int)(at - c->text) + 1,
                c->text, fmt, arg);
    return -1;
}

static int add_name(struct ld_ctl_name **arr, size_t *n, const struct ld_ctl_name *nm)
{
    struct ld_ctl_name *p = realloc(*arr, (*n + 1) * sizeof *p);
    if (!p)
        return -1;
    *arr = p;
    p[(*n)++] = *nm;
    return 0;
}

/* One name[(P)] operand at *pp; advances past it.  allow_p: (P) permitted. */
static int parse_operand(struct ctl_line *c, const char **pp, int allow_p, struct ld_ctl_name *nm)
{
    const char *p = *pp, *start = p;
    size_t n = 0;
    memset(nm, 0, sizeof *nm);
    while (*p && *p != ',' && *p != '(' && *p != ' ' && *p != '\t') {
        int ch = toupper((unsigned char)*p);
        if (!(isalnum(ch) || ch == '@' || ch == '#' || ch == '$' || ch == '_') || ch > 0x7F)
            return ctl_error(c, p, "invalid character in name%s", "");
        if (n == OBJ_NAME_MAX)
            return ctl_error(c, start, "name longer than 63 characters%s", "");
        nm->name[n++] = (char)ch;
        p++;
    }
    if (n == 0)
        return ctl_error(c, p, "missing name%s", "");
    nm->line = c->lineno;
    nm->col = (int)(start - c->text) + 1;
    if (*p == '(') {
        if (!allow_p)
            return ctl_error(c, p, "(P) is only allowed in ORDER%s", "");
        if ((p[1] != 'P' && p[1] != 'p') || p[2] != ')')
            return ctl_error(c, p, "expected (P) after the name%s", "");
        nm->page = 1;
        p += 3;
    }
    *pp = p;
    return 0;
}

/* FNV-1a: the ORDER duplicate check costs O(1) per name, not O(names). */
static size_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* Enter order[i] into the hash (which has room). */
static void hash_enter(struct ld_control *ctl, size_t i)
{
    size_t mask = ctl->hash_cap - 1, k = name_hash(ctl->order[i].name) & mask;
    while (ctl->order_hash[k])
        k = (k + 1) & mask;
    ctl->order_hash[k] = i + 1;
}

/* 1 if name is already in ORDER, else 0. */
static int in_order(const struct ld_control *ctl, const char *name)
{
    if (!ctl->hash_cap)
        return 0;
    size_t mask = ctl->hash_cap - 1;
    for (size_t k = name_hash(name) & mask; ctl->order_hash[k]; k = (k + 1) & mask)
        if (strcmp(ctl->order[ctl->order_hash[k] - 1].name, name) == 0)
            return 1;
    return 0;
}

/* Append nm to ORDER, growing the array and the hash by doubling; 0 or -1. */
static int add_order(struct ld_control *ctl, const struct ld_ctl_name *nm)
{
    if (ctl->norder == ctl->order_cap) {
        size_t cap = ctl->order_cap ? ctl->order_cap * 2 : 64;
        struct ld_ctl_name *p = realloc(ctl->order, cap * sizeof *p);
        if (!p)
            return -1;
        ctl->order = p;
        ctl->order_cap = cap;
    }
    if ((ctl->norder + 1) * 2 >= ctl->hash_cap) {
        size_t cap = ctl->hash_cap ? ctl->hash_cap * 2 : 256;
        size_t *h = calloc(cap, sizeof *h);
        if (!h)
            return -1;
        free(ctl->order_hash);
        ctl->order_hash = h;
        ctl->hash_cap = cap;
        for (size_t i = 0; i < ctl->norder; i++)
            hash_enter(ctl, i);
    }
    ctl->order[ctl->norder] = *nm;
    hash_enter(ctl, ctl->norder++);
    return 0;
}

/* The operand list of ORDER or PAGE: name,name,... up to a blank. */
static int parse_list(struct ctl_line *c, const char *p, int is_order)
{
    struct ld_control *ctl = &c->l->ctl;
    for (;;) {
        struct ld_ctl_name nm;
        if (parse_operand(c, &p, is_order, &nm) != 0)
            return -1;
        if (is_order) {
            if (in_order(ctl, nm.name))
                return ctl_error(c, c->text + nm.col - 1, "%s is already in ORDER", nm.name);
            if (add_order(ctl, &nm) != 0)
                return -1;
        } else if (add_name(&ctl->page, &ctl->npage, &nm) != 0) {
            return -1;
        }
        if (*p != ',')
            break;
        p++;
    }
    if (*p && *p != ' ' && *p != '\t')
        return ctl_error(c, p, "expected ',' or the end of the operands%s", "");
    return 0;
}

static int parse_statement(struct ctl_line *c)
{
    const char *p = c->text;
    if (*p == '*')
        return 0;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p)
        return 0;
    const char *kw = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    size_t n = (size_t)(p - kw);
    while (*p == ' ' || *p == '\t')
        p++;
    if (n == 5 && strncasecmp(kw, "ORDER", 5) == 0)
        return parse_list(c, p, 1);
    if (n == 4 && strncasecmp(kw, "PAGE", 4) == 0)
        return parse_list(c, p, 0);
    if (n == 5 && strncasecmp(kw, "ENTRY", 5) == 0) {
        struct ld_ctl_name nm;
        const char *at = p;
        if (parse_operand(c, &p, 0, &nm) != 0)
            return -1;
        if (*p && *p != ' ' && *p != '\t')
            return ctl_error(c, p, "ENTRY takes one name%s", "");
        if (c->l->ctl.has_entry)
            return ctl_error(c, at, "second ENTRY statement (the first was for %s)",
                             c->l->ctl.entry.name);
        c->l->ctl.entry = nm;
        c->l->ctl.has_entry = 1;
        return 0;
    }
    char word[32];
    snprintf(word, sizeof word, "%.*s", (int)(n > 20 ? 20 : n), kw);
    return ctl_error(c, kw, "unknown control statement '%s' (ENTRY, ORDER or PAGE)", word);
}

int ld_control_read(struct linker *l, const char *path)
{
    FILE *f = fopen(path, "r");
    struct stat sb;
    int err = !f ? errno : fstat(fileno(f), &sb) != 0 ? errno : S_ISDIR(sb.st_mode) ? EISDIR : 0;
    if (err) {
        diag_report(l->d, DIAG_ERROR, path, 0, 0, NULL, "cannot open: %s", strerror(err));
        if (f)
            fclose(f);
        return -2;
    }
    l->ctl.path = path;
    char *buf = malloc(CTL_LINE_MAX + 1);
    int bad = 0;
    size_t total = 0;
    struct lineread lr;
    enum line_result got = LINE_EOF;
    struct ctl_line c = { .l = l };
    while (buf && !l->d->capped && (got = line_read(f, buf, CTL_LINE_MAX, LINE_LIMIT, &lr)) == LINE_OK) {
        c.lineno++;
        total += lr.consumed;
        if (total > CTL_FILE_LIMIT) {
            diag_report(l->d, DIAG_ERROR, path, c.lineno, 0, NULL,
                        "control file larger than %d MiB", CTL_FILE_LIMIT >> 20);
            bad = 1;
            break;
        }
        if (lr.cut || lr.unended) {
            diag_report(l->d, DIAG_ERROR, path, c.lineno, 0, NULL,
                        "control statement longer than %d bytes (continue on another ORDER "
                        "or PAGE statement)", CTL_LINE_MAX);
            bad = 1;
            while (lr.unended && line_read(f, buf, 0, LINE_LIMIT, &lr) == LINE_OK &&
                   (total += lr.consumed) <= CTL_FILE_LIMIT)
                ;                   /* the rest of the line */
            continue;
        }
        buf[lr.len] = '\0';
        if (memchr(buf, '\0', lr.len)) {
            diag_report(l->d, DIAG_ERROR, path, c.lineno, 0, NULL,
                        "NUL byte in a control statement");
            bad = 1;
            continue;
        }
        c.text = buf;
        if (parse_statement(&c) != 0)
            bad = 1;
    }
    if (!buf) {
        diag_report(l->d, DIAG_ERROR, path, 0, 0, NULL, "out of memory");
        bad = 1;
    } else if (got == LINE_ERROR) {
        diag_report(l->d, DIAG_ERROR, path, c.lineno + 1, 0, NULL, "cannot read: %s",
                    strerror(errno));
        bad = 1;
    }
    free(buf);
    fclose(f);
    return bad ? -1 : 0;
}
