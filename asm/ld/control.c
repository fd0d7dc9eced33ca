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
 * The operand field ends at the first blank; anything after it is a
 * comment.  Several ORDER statements add to one list.  Whether the names
 * exist is checked by layout.c, which reports at the recorded positions.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ld.h"

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

/* The operand list of ORDER or PAGE: name,name,... up to a blank. */
static int parse_list(struct ctl_line *c, const char *p, int is_order)
{
    struct ld_control *ctl = &c->l->ctl;
    for (;;) {
        struct ld_ctl_name nm;
        if (parse_operand(c, &p, is_order, &nm) != 0)
            return -1;
        if (is_order) {
            for (size_t i = 0; i < ctl->norder; i++)
                if (strcmp(ctl->order[i].name, nm.name) == 0)
                    return ctl_error(c, c->text + nm.col - 1, "%s is already in ORDER", nm.name);
            if (add_name(&ctl->order, &ctl->norder, &nm) != 0)
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
    if (!f) {
        diag_report(l->d, DIAG_ERROR, path, 0, 0, NULL, "cannot open: %s", strerror(errno));
        return -2;
    }
    l->ctl.path = path;
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    int bad = 0;
    struct ctl_line c = { .l = l };
    while ((len = getline(&buf, &cap, f)) >= 0) {
        c.lineno++;
        while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
            buf[--len] = '\0';
        if (strlen(buf) != (size_t)len) {
            diag_report(l->d, DIAG_ERROR, path, c.lineno, 0, NULL,
                        "NUL byte in a control statement");
            bad = 1;
            continue;
        }
        c.text = buf;
        if (parse_statement(&c) != 0)
            bad = 1;
        if (l->d->capped)
            break;
    }
    free(buf);
    fclose(f);
    return bad ? -1 : 0;
}
