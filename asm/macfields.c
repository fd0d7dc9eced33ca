/*
 * macfields.c -- the fields of a statement as the macro processor sees
 * them (name, operation, operands, with their columns; quotes and
 * parentheses respected, attribute references told from strings), and the
 * values of a macro's parameters and their sublists.
 */
#include <ctype.h>
#include <string.h>

#include "macro.h"

/* ---- fields ------------------------------------------------------------------ */

/* A quote at t[i] that belongs to an attribute reference (L'X, T'&P), not a string. */
static int attr_quote(const char *t, int len, int i)
{
    if (i < 1 || i + 1 >= len || !strchr("LKNTDISOlkntdiso", t[i - 1]))
        return 0;
    if (i >= 2 && (mac_is_symch((unsigned char)t[i - 2]) || t[i - 2] == '&' || t[i - 2] == '\''))
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

/*
 * Whether the operand t[i..e) is whole: 0, or the offset + 1 of the quote that
 * opens a string never closed (as a negative number), or of the '(' never
 * closed.  Read as mac_operand_end reads it.
 */
int mac_operand_open(const char *t, int e, int i)
{
    int q = -1, open[64], depth = 0;
    for (; i < e; i++) {
        char c = t[i];
        if (q >= 0) {
            if (c == '\'')
                q = -1;
            continue;
        }
        if (c == '\'' && !attr_quote(t, e, i))
            q = i;
        else if (c == '(') {
            if (depth < 64)
                open[depth] = i;
            depth++;
        } else if (c == ')' && depth > 0)
            depth--;
    }
    if (q >= 0)
        return -(q + 1);
    return depth > 0 ? open[depth > 64 ? 63 : depth - 1] + 1 : 0;
}

/* The name and operation fields of t; the operands start at f->opndcol, their
   length is not known yet (mac_fields_operands). */
void mac_fields_head(const char *t, int len, struct fields *f)
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

/* The operands of t, after mac_fields_head: they end at a blank outside quotes and
   parentheses. */
void mac_fields_operands(const char *t, int len, struct fields *f)
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
    mac_fields_head(t, len, f);
    mac_fields_operands(t, len, f);
}

/* ---- parameters ---------------------------------------------------------------- */

const char *mac_param(const struct inv *v, const char *name, size_t n)
{
    const struct macdef *m = v->m;
    if (!m)
        return NULL;
    if (m->namep && mac_same_name(name, n, m->namep))
        return v->pos[0];
    for (int i = 0; i < m->nparms; i++)
        if (mac_same_name(name, n, m->parms[i].name))
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
