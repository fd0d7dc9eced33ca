/*
 * number.c -- numbers on command lines, written the ways the manuals do.
 */
#include "number.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

int parse_number(const char *s, int allow_suffix, uint64_t *out)
{
    char *end;
    uint64_t v;
    errno = 0;
    if ((s[0] == 'X' || s[0] == 'x') && s[1] == '\'') {
        v = strtoull(s + 2, &end, 16);
        if (end == s + 2 || *end != '\'')
            return -1;
        end++;
    } else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        v = strtoull(s + 2, &end, 16);
        if (end == s + 2)
            return -1;
    } else {
        if (!isdigit((unsigned char)s[0]))
            return -1;
        v = strtoull(s, &end, 10);
    }
    if (errno)
        return -1;
    if (allow_suffix && (*end == 'K' || *end == 'k')) { v <<= 10; end++; }
    else if (allow_suffix && (*end == 'M' || *end == 'm')) { v <<= 20; end++; }
    if (*end != '\0')
        return -1;
    *out = v;
    return 0;
}
