/*
 * number.c -- numbers on command lines, written the ways the manuals do.
 */
#include "number.h"

#include <errno.h>
#include <stdlib.h>

static int hexdigit(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* The multiplier of a suffix letter under flags, or 0 if none applies. */
static uint64_t suffix_value(int c, int flags)
{
    static const struct { char letter; uint64_t binary, decimal; } suffixes[] = {
        { 'K', UINT64_C(1) << 10, UINT64_C(1000) },
        { 'M', UINT64_C(1) << 20, UINT64_C(1000000) },
        { 'G', UINT64_C(1) << 30, UINT64_C(1000000000) },
    };
    if (c >= 'a' && c <= 'z')
        c -= 'a' - 'A';
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
        if (suffixes[i].letter == c)
            return flags & NUM_BINARY ? suffixes[i].binary
                 : flags & NUM_DECIMAL ? suffixes[i].decimal : 0;
    return 0;
}

int parse_number(const char *s, int flags, uint64_t *out)
{
    char *end;
    uint64_t v;
    const char *digits = s;
    int base = flags & NUM_HEX ? 16 : 10;
    if ((s[0] == 'X' || s[0] == 'x') && s[1] == '\'') {
        digits = s + 2;
        base = 16;
    } else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        digits = s + 2;
        base = 16;
    }
    /* strtoull would take blanks, a sign and a second 0x: digits only */
    if (base == 16 ? !hexdigit((unsigned char)digits[0])
                   : !(digits[0] >= '0' && digits[0] <= '9'))
        return -1;
    const char *stop = digits;
    while (base == 16 ? hexdigit((unsigned char)*stop) : (*stop >= '0' && *stop <= '9'))
        stop++;
    errno = 0;
    v = strtoull(digits, &end, base);
    if (errno || end != stop)       /* strtoull took a second 0x */
        return -1;
    if (digits == s + 2 && s[1] == '\'') {
        if (*end != '\'')
            return -1;
        end++;
    }
    if (*end && (flags & (NUM_BINARY | NUM_DECIMAL))) {
        uint64_t mul = suffix_value((unsigned char)*end, flags);
        if (mul == 0 || v > UINT64_MAX / mul)
            return -1;
        v *= mul;
        end++;
    }
    if (*end != '\0')
        return -1;
    *out = v;
    return 0;
}

int parse_number_in(const char *s, int flags, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    if (parse_number(s, flags, &v) != 0 || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}
