/*
 * slip.c -- names one typing slip apart (slip.h).  Operation names and
 * external symbols are ASCII upper case; the name typed may be any case.
 */
#include <stdio.h>
#include <string.h>

#include "slip.h"

static unsigned char up(char c)
{
    return (unsigned char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
}

static int digit(char c)
{
    return c >= '0' && c <= '9';
}

int slip_kind(const char *name, size_t n, const char *known)
{
    size_t nb = strlen(known), i = 0;
    if (n + 1 < nb || nb + 1 < n)
        return 0;
    while (i < n && i < nb && up(name[i]) == (unsigned char)known[i])
        i++;
    if (n == nb) {
        if (i == n)
            return 0;                               /* the same name */
        int kind = 3;                               /* one changed */
        if (i + 1 < n && up(name[i]) == (unsigned char)known[i + 1] &&
            up(name[i + 1]) == (unsigned char)known[i]) {
            if (digit(name[i]) && digit(name[i + 1]))
                return 0;
            i++;
            kind = 1;                               /* two swapped */
        } else if (digit(name[i]) || digit(known[i])) {
            return 0;
        }
        for (i++; i < n && up(name[i]) == (unsigned char)known[i]; i++)
            ;
        return i == n ? kind : 0;
    }
    size_t j = i;
    if (n > nb) {                                   /* one added */
        if (digit(name[i]))
            return 0;
        for (i++; i < n && up(name[i]) == (unsigned char)known[j]; i++, j++)
            ;
    } else {                                        /* one left out */
        if (digit(known[j]))
            return 0;
        for (j++; j < nb && up(name[i]) == (unsigned char)known[j]; i++, j++)
            ;
    }
    return i == n && j == nb ? (n > nb ? 2 : 4) : 0;
}

void slip_offer(struct slip_near *s, const char *name, size_t n, const char *known)
{
    int kind = slip_kind(name, n, known);
    if (!kind || (s->n > 0 && kind > s->kind))
        return;                     /* no slip, or a likelier one is known */
    if (s->n > 0 && kind < s->kind)
        s->n = 0;
    s->kind = kind;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->name[i], known) == 0)
            return;
    if (s->n < 3)
        s->name[s->n++] = known;
}

void slip_format(const struct slip_near *s, char *buf, size_t size)
{
    size_t k = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < s->n && k < size; i++)
        k += (size_t)snprintf(buf + k, size - k, "%s%s", i == 0 ? "; did you mean "
                              : i + 1 == s->n ? " or " : ", ", s->name[i]);
    if (s->n && k < size)
        snprintf(buf + k, size - k, "?");
}
