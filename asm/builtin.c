/*
 * builtin.c -- HLASM's built-in functions of conditional assembly.
 *
 * HLASM's conversion and string functions, called as NAME(arg[,arg]) or, for
 * the one-argument ones, (NAME arg).  Letters in the names: A arithmetic
 * (a 32-bit value), B a string of binary digits, C characters, D a string of
 * decimal digits with an optional sign, X hexadecimal digits.  A2D and the
 * others that give D put a sign in front ('+0'), SIGNED only a minus.
 * A character value cannot hold X'00' here (SET symbols are C strings), so a
 * result with a byte X'00' (A2C(1)) is an error that says so.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "caexpr.h"
#include "ebcdic.h"

/* The string of characters whose EBCDIC codes are the bytes of u, the last n of 4. */
static struct val chars_of(struct ev *e, uint32_t u, int n)
{
    char c[4];
    for (int i = 0; i < n; i++) {
        uint8_t b = (uint8_t)(u >> (8 * (n - 1 - i)));
        if (b == 0) {
            ca_fail(e, "the result has a byte X'00', which a character value cannot hold in IMP");
            return ca_str(e->as, "", 0);
        }
        c[i] = ebcdic_char(b);
    }
    return ca_str(e->as, c, n);
}

/* The value of a string of digits in base 2, 10 or 16 (sign allowed in base 10). */
static int64_t digits_value(struct ev *e, struct val x, int base, const char *fn)
{
    int64_t n = 0;
    int i = 0, neg = 0;
    if (base == 10 && x.len > 0 && (x.s[0] == '+' || x.s[0] == '-'))
        neg = x.s[i++] == '-';
    int max = base == 2 ? 32 : base == 16 ? 8 : 10;
    if (x.len - i > max) {
        ca_fail(e, "%s: '%.*s' has more than %d digits", fn, x.len > 40 ? 40 : x.len, x.s, max);
        return 0;
    }
    for (; i < x.len; i++) {
        int c = toupper((unsigned char)x.s[i]), d = isdigit(c) ? c - '0'
                : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : 99;
        if (d >= base) {
            ca_fail(e, "%s: '%.*s' is not a %s number", fn, x.len > 40 ? 40 : x.len, x.s,
                    base == 2 ? "binary" : base == 10 ? "decimal" : "hexadecimal");
            return 0;
        }
        n = n * base + d;
    }
    if (base == 10) {
        n = neg ? -n : n;
        if (n > INT32_MAX || n < INT32_MIN)
            ca_fail(e, "%s: '%.*s' does not fit in 32 bits", fn, x.len > 40 ? 40 : x.len, x.s);
        return n;
    }
    return (int32_t)(uint32_t)n;        /* 32 bits, the first one the sign */
}

static struct val fmt_binary(struct ev *e, uint32_t u, int width)
{
    char b[32];
    for (int i = 0; i < width; i++)
        b[i] = (char)('0' + ((u >> (width - 1 - i)) & 1));
    return ca_str(e->as, b, width);
}

static struct val fmt_decimal(struct ev *e, int64_t n, int plus)
{
    char b[24];
    int k = snprintf(b, sizeof b, plus ? "%+lld" : "%lld", (long long)n);
    return ca_str(e->as, b, k);
}

static struct val fmt_hex(struct ev *e, uint32_t u, int width)
{
    char b[12];
    int k = snprintf(b, sizeof b, "%0*X", width, u);
    return ca_str(e->as, b, k);
}

/* The bytes of a string of binary (bits 1) or hexadecimal (bits 4) digits, as characters. */
static struct val digits_chars(struct ev *e, struct val x, int bits, const char *fn)
{
    int per = 8 / bits, nd = x.len, nb = (nd + per - 1) / per;
    char *out = arena_raw(&e->as->mac->tmp, (size_t)nb + 1);
    int pad = nb * per - nd, b = 0, k = 0;
    for (int i = 0; i < nb * per; i++) {
        int d = 0;
        if (i >= pad) {
            int c = toupper((unsigned char)x.s[i - pad]);
            d = isdigit(c) ? c - '0' : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : 99;
            if (d >= (1 << bits)) {
                ca_fail(e, "%s: '%.*s' is not a %s string", fn, x.len > 40 ? 40 : x.len, x.s,
                        bits == 1 ? "binary" : "hexadecimal");
                return ca_str(e->as, "", 0);
            }
        }
        b = (b << bits) | d;
        if ((i + 1) % per == 0) {
            if (b == 0) {
                ca_fail(e, "%s: the result has a byte X'00', which a character value cannot "
                        "hold in IMP", fn);
                return ca_str(e->as, "", 0);
            }
            out[k++] = ebcdic_char((uint8_t)b);
            b = 0;
        }
    }
    return (struct val){ .t = 'C', .s = out, .len = k };
}

/* The binary or hexadecimal digits of the EBCDIC bytes of a character string. */
static struct val chars_digits(struct ev *e, struct val x, int bits)
{
    int per = 8 / bits;
    char *out = arena_raw(&e->as->mac->tmp, (size_t)(x.len * per) + 1);
    for (int i = 0; i < x.len; i++) {
        uint8_t b = ebcdic_of(x.s[i]);
        for (int j = 0; j < per; j++)
            out[i * per + j] = "0123456789ABCDEF"[(b >> (8 - bits * (j + 1))) & ((1 << bits) - 1)];
    }
    return (struct val){ .t = 'C', .s = out, .len = x.len * per };
}

static int64_t chars_value(struct ev *e, struct val x, const char *fn)
{
    if (x.len > 4) {
        ca_fail(e, "%s: '%.*s' is longer than 4 characters", fn, x.len > 40 ? 40 : x.len, x.s);
        return 0;
    }
    uint32_t u = 0;
    for (int i = 0; i < x.len; i++)
        u = u << 8 | ebcdic_of(x.s[i]);
    return (int32_t)u;
}

/* A string as a DC C'..' operand would hold it: '' and && count once. */
static struct val dc_value(struct ev *e, struct val x)
{
    char *out = arena_raw(&e->as->mac->tmp, (size_t)x.len + 1);
    int k = 0;
    for (int i = 0; i < x.len; i++) {
        out[k++] = x.s[i];
        if ((x.s[i] == '\'' || x.s[i] == '&') && i + 1 < x.len && x.s[i + 1] == x.s[i])
            i++;
    }
    return (struct val){ .t = 'C', .s = out, .len = k };
}

static int is_sym_name(struct val x)
{
    if (x.len < 1 || x.len > SYM_MAX || isdigit((unsigned char)x.s[0]))
        return 0;
    for (int i = 0; i < x.len; i++)
        if (!mac_is_symch((unsigned char)x.s[i]))
            return 0;
    return 1;
}

static int all_digits(struct val x, int base, int max)
{
    if (x.len < 1 || x.len > max)
        return 0;
    for (int i = 0; i < x.len; i++) {
        int c = toupper((unsigned char)x.s[i]);
        int d = isdigit(c) ? c - '0' : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : 99;
        if (d >= base)
            return 0;
    }
    return 1;
}

enum bf {
    BF_A2B, BF_A2C, BF_A2D, BF_A2X, BF_B2A, BF_B2C, BF_B2D, BF_B2X, BF_BYTE, BF_C2A, BF_C2B,
    BF_C2D, BF_C2X, BF_D2A, BF_D2B, BF_D2C, BF_D2X, BF_DCLEN, BF_DCVAL, BF_DEQUOTE,
    BF_DOUBLE, BF_ISBIN, BF_ISDEC, BF_ISHEX, BF_ISSYM, BF_LOWER, BF_SIGNED, BF_UPPER,
    BF_X2A, BF_X2B, BF_X2C, BF_X2D, BF_INDEX, BF_FIND,
};

/* The table: name, arguments, and A if they are arithmetic (else character). */
static const struct builtin { const char *name; enum bf f; int nargs; char arg; } builtins[] = {
    { "A2B", BF_A2B, 1, 'A' },    { "A2C", BF_A2C, 1, 'A' },      { "A2D", BF_A2D, 1, 'A' },
    { "A2X", BF_A2X, 1, 'A' },    { "B2A", BF_B2A, 1, 'C' },      { "B2C", BF_B2C, 1, 'C' },
    { "B2D", BF_B2D, 1, 'C' },    { "B2X", BF_B2X, 1, 'C' },      { "BYTE", BF_BYTE, 1, 'A' },
    { "C2A", BF_C2A, 1, 'C' },    { "C2B", BF_C2B, 1, 'C' },      { "C2D", BF_C2D, 1, 'C' },
    { "C2X", BF_C2X, 1, 'C' },    { "D2A", BF_D2A, 1, 'C' },      { "D2B", BF_D2B, 1, 'C' },
    { "D2C", BF_D2C, 1, 'C' },    { "D2X", BF_D2X, 1, 'C' },      { "DCLEN", BF_DCLEN, 1, 'C' },
    { "DCVAL", BF_DCVAL, 1, 'C' }, { "DEQUOTE", BF_DEQUOTE, 1, 'C' },
    { "DOUBLE", BF_DOUBLE, 1, 'C' }, { "ISBIN", BF_ISBIN, 1, 'C' }, { "ISDEC", BF_ISDEC, 1, 'C' },
    { "ISHEX", BF_ISHEX, 1, 'C' }, { "ISSYM", BF_ISSYM, 1, 'C' },  { "LOWER", BF_LOWER, 1, 'C' },
    { "SIGNED", BF_SIGNED, 1, 'A' }, { "UPPER", BF_UPPER, 1, 'C' }, { "X2A", BF_X2A, 1, 'C' },
    { "X2B", BF_X2B, 1, 'C' },    { "X2C", BF_X2C, 1, 'C' },      { "X2D", BF_X2D, 1, 'C' },
    { "INDEX", BF_INDEX, 2, 'C' }, { "FIND", BF_FIND, 2, 'C' },
};

int builtin_nargs(const struct builtin *b) { return b->nargs; }

const struct builtin *builtin_find(const char *s, int n)
{
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (mac_same_name(s, (size_t)n, builtins[i].name))
            return &builtins[i];
    return NULL;
}

static int64_t index_find(struct val a, struct val b, int find)
{
    for (int i = 0; i < a.len; i++)
        if (find ? memchr(b.s, a.s[i], (size_t)b.len) != NULL
                 : b.len > 0 && i + b.len <= a.len && !memcmp(a.s + i, b.s, (size_t)b.len))
            return i + 1;
    return 0;
}

static struct val apply(struct ev *e, const struct builtin *b, struct val *a);

/* The function's value; a character value longer than the limit is an error
   (DOUBLE and C2X make more characters than they are given). */
struct val builtin_apply(struct ev *e, const struct builtin *b, struct val *a)
{
    struct val r = apply(e, b, a);
    if (!e->err && r.t == 'C' && r.len > MAC_TEXT) {
        ca_fail(e, "%s makes a character value of %d characters: the limit is %d", b->name,
                r.len, MAC_TEXT);
        return ca_str(e->as, "", 0);
    }
    return r;
}

static struct val apply(struct ev *e, const struct builtin *b, struct val *a)
{
    const char *fn = b->name;
    int64_t n = b->arg == 'A' ? ca_to_num(e, a[0]) : 0;
    struct val x = b->arg == 'C' ? ca_to_str(e, a[0]) : a[0];
    if (e->err)
        return ca_num(0);
    uint32_t u = (uint32_t)n;
    switch (b->f) {
    case BF_A2B: return fmt_binary(e, u, 32);
    case BF_A2C: return chars_of(e, u, 4);
    case BF_A2D: return fmt_decimal(e, n, 1);
    case BF_A2X: return fmt_hex(e, u, 8);
    case BF_SIGNED: return fmt_decimal(e, n, 0);
    case BF_BYTE:
        if (n < 0 || n > 255) {
            ca_fail(e, "BYTE: %lld is not from 0 to 255", (long long)n);
            return ca_str(e->as, "", 0);
        }
        return chars_of(e, u, 1);
    case BF_B2A: return ca_num(digits_value(e, x, 2, fn));
    case BF_B2C: return digits_chars(e, x, 1, fn);
    case BF_B2D: return fmt_decimal(e, digits_value(e, x, 2, fn), 1);
    case BF_B2X: {
        int64_t v = digits_value(e, x, 2, fn);
        return fmt_hex(e, (uint32_t)v, (x.len + 3) / 4 ? (x.len + 3) / 4 : 1);
    }
    case BF_C2A: return ca_num(chars_value(e, x, fn));
    case BF_C2B: return chars_digits(e, x, 1);
    case BF_C2D: return fmt_decimal(e, chars_value(e, x, fn), 1);
    case BF_C2X: return chars_digits(e, x, 4);
    case BF_D2A: return ca_num(x.len ? digits_value(e, x, 10, fn) : 0);
    case BF_D2B: return fmt_binary(e, (uint32_t)digits_value(e, x, 10, fn), 32);
    case BF_D2C: return chars_of(e, (uint32_t)digits_value(e, x, 10, fn), 4);
    case BF_D2X: return fmt_hex(e, (uint32_t)digits_value(e, x, 10, fn), 8);
    case BF_X2A: return ca_num(digits_value(e, x, 16, fn));
    case BF_X2B: {
        struct val c = digits_chars(e, x, 4, fn);
        return e->err ? c : chars_digits(e, c, 1);
    }
    case BF_X2C: return digits_chars(e, x, 4, fn);
    case BF_X2D: return fmt_decimal(e, digits_value(e, x, 16, fn), 1);
    case BF_DCLEN: return ca_num(dc_value(e, x).len);
    case BF_DCVAL: return dc_value(e, x);
    case BF_DEQUOTE: {
        int s = x.len > 0 && x.s[0] == '\'', t = x.len > s && x.s[x.len - 1] == '\'';
        return ca_str(e->as, x.s + s, x.len - s - t);
    }
    case BF_DOUBLE: case BF_LOWER: case BF_UPPER: {
        char *d = arena_raw(&e->as->mac->tmp, (size_t)(2 * x.len + 1));
        int k = 0;
        for (int j = 0; j < x.len; j++) {
            unsigned char ch = (unsigned char)x.s[j];
            d[k++] = (char)(b->f == BF_UPPER ? toupper(ch) : b->f == BF_LOWER ? tolower(ch) : ch);
            if (b->f == BF_DOUBLE && (ch == '\'' || ch == '&'))
                d[k++] = (char)ch;
        }
        return (struct val){ .t = 'C', .s = d, .len = k };
    }
    case BF_ISBIN: return ca_bool(all_digits(x, 2, 32));
    case BF_ISHEX: return ca_bool(all_digits(x, 16, 8));
    case BF_ISDEC: {
        if (!all_digits(x, 10, 10))
            return ca_bool(0);
        int64_t v = 0;
        for (int j = 0; j < x.len; j++)
            v = v * 10 + (x.s[j] - '0');
        return ca_bool(v <= INT32_MAX);
    }
    case BF_ISSYM: return ca_bool(is_sym_name(x));
    case BF_INDEX: case BF_FIND:
        return ca_num(index_find(x, ca_to_str(e, a[1]), b->f == BF_FIND));
    }
    return ca_num(0);
}

/* Does a built-in function call NAME( begin at e->s[i]? */
int builtin_at(const struct ev *e, int i)
{
    int w = 0;
    while (i + w < e->n && mac_is_symch((unsigned char)e->s[i + w]))
        w++;
    return w && i + w < e->n && e->s[i + w] == '(' && builtin_find(e->s + i, w);
}

/* NAME(arg[,arg]) at the cursor (on the '('), b its entry. */
struct val builtin_call(struct ev *e, const struct builtin *b)
{
    struct val a[2];
    e->i++;
    for (int k = 0; k < b->nargs; k++) {
        ca_blanks(e);
        a[k] = ca_expr(e);
        ca_blanks(e);
        if (e->err)
            return ca_num(0);
        char want = k + 1 < b->nargs ? ',' : ')';
        if (e->i >= e->n || e->s[e->i] != want) {
            ca_fail(e, "%s needs %d operand%s: '%c' expected", b->name, b->nargs,
                    b->nargs > 1 ? "s" : "", want);
            return ca_num(0);
        }
        e->i++;
    }
    return builtin_apply(e, b, a);
}
