/*
 * dc.c -- DC and DS operands and literals: sizing (pass 1) and the bytes
 * they generate (pass 2).
 *
 *   [dup] type [Ln] nominal
 *   C 'chars' (EBCDIC, padded with blanks / truncated on the right)
 *   X 'hex' and B 'bits' (padded with zeros / truncated on the left)
 *   F, H 'signed decimals'   (fullword, halfword)
 *   P, Z 'decimals'          (packed, zoned; sign C or D; '.' ignored)
 *   A, Y (expressions)       (4, 2 bytes; relocatable ones get RLDs)
 *   V (external names)       (4 bytes; an ER and an RLD each)
 *   S (addresses)            (2 bytes: base and displacement, through USING,
 *                             or written D(B))
 *   E, D 'decimals'          (hexadecimal floating point, short and long:
 *                             sign, 7-bit excess-64 exponent of 16, and a
 *                             24- or 56-bit fraction rounded to nearest)
 * Several values may share one operand (F'1,2', A(X,Y)), each taking its
 * own element.  F, H, A, V, Y, D are aligned to their natural boundary
 * unless an explicit length is given.  A duplication factor of 0 only
 * aligns.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ebcdic.h"
#include "internal.h"

struct dctype {
    char type;
    uint32_t deflen, align;
    int maxlen;
    int paren;          /* nominal in parentheses */
};

static const struct dctype types[] = {
    { 'C', 1, 1, 65535, 0 }, { 'X', 1, 1, 65535, 0 }, { 'B', 1, 1, 65535, 0 },
    { 'F', 4, 4, 8, 0 },     { 'H', 2, 2, 8, 0 },     { 'P', 1, 1, 16, 0 },
    { 'Z', 1, 1, 16, 0 },    { 'A', 4, 4, 4, 1 },     { 'V', 4, 4, 4, 1 },
    { 'Y', 2, 2, 2, 1 },     { 'S', 2, 2, 2, 1 },     { 'D', 8, 8, 8, 0 },
    { 'E', 4, 4, 4, 0 },
};

static const struct dctype *type_of(char t)
{
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (types[i].type == t)
            return &types[i];
    return NULL;
}

char dc_type_attr(const struct dcop *dc) { return dc->type; }

/* Next comma-separated value of a nominal string: [*p, *p+*n). Returns 0 at the end. */
static int next_value(const char *s, int len, int *pos, int *start, int *n)
{
    if (*pos > len)
        return 0;
    *start = *pos;
    int i = *pos;
    while (i < len && s[i] != ',')
        i++;
    *n = i - *start;
    *pos = i + 1;
    return 1;
}

/* Characters of a C string, '' and && counting once. */
static uint32_t char_len(const char *s, int n)
{
    uint32_t k = 0;
    for (int i = 0; i < n; i++, k++)
        if ((s[i] == '\'' || s[i] == '&') && i + 1 < n && s[i + 1] == s[i])
            i++;
    return k;
}

/* Count the digits of a P/Z value; -1 if invalid. */
static int dec_digits(const char *s, int n)
{
    int d = 0, i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        i++;
    for (; i < n; i++) {
        if (isdigit((unsigned char)s[i]))
            d++;
        else if (s[i] != '.')
            return -1;
    }
    return d;
}

/* Implicit length of one value of a string constant. */
static int64_t value_len(char t, const char *s, int n)
{
    switch (t) {
    case 'X': return (n + 1) / 2;
    case 'B': return (n + 7) / 8;
    case 'P': { int d = dec_digits(s, n); return d < 0 ? 1 : d / 2 + 1; }
    case 'Z': { int d = dec_digits(s, n); return d < 1 ? 1 : d; }
    default:  return type_of(t)->deflen;
    }
}

int64_t dc_implicit_len(const struct dcop *dc)
{
    if (dc->explen >= 0)
        return dc->explen;
    if (!dc->str)
        return type_of(dc->type) ? type_of(dc->type)->deflen : 1;
    if (dc->type == 'C') {
        uint32_t n = char_len(dc->str, dc->strlen);
        return n ? n : 1;
    }
    int pos = 0, start = 0, n = dc->strlen;
    next_value(dc->str, dc->strlen, &pos, &start, &n);   /* the first value */
    return value_len(dc->type, dc->str + start, n);
}

int dc_size(struct assembler *as, struct dcop *dc, int is_ds)
{
    const struct dctype *ty = type_of(dc->type);
    dc->done = 0;
    dc->total = 0;
    if (!ty) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, dc->col, "unknown constant type '%c'", dc->type);
        return -1;
    }
    dc->dup = 1;
    if (dc->dupx && expr_abs(as, dc->dupx, EV_PASS1 | EV_NOREF, &dc->dup) < 0)
        return -1;
    if (dc->dup < 0) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, dc->dupx->col, "negative duplication factor");
        return -1;
    }
    int64_t len = dc->explen;
    if (dc->lenx && expr_abs(as, dc->lenx, EV_PASS1 | EV_NOREF, &len) < 0)
        return -1;
    int explicit = len >= 0;
    if (explicit && (len < 1 || len > ty->maxlen ||
                     ((dc->type == 'D' || dc->type == 'E') && len != ty->deflen))) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, dc->col, "length %lld out of range for type %c (1-%d)",
                 (long long)len, dc->type, ty->maxlen);
        return -1;
    }
    int has_nominal = dc->str || dc->nvals;
    if (!has_nominal && !is_ds && !(dc->dupx && dc->dup == 0)) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, dc->col, "constant has no nominal value");
        return -1;
    }
    if (has_nominal && (ty->paren ? dc->str != NULL : dc->nvals > 0)) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, dc->str ? dc->strcol : dc->col,
                 ty->paren ? "type %c needs its values in parentheses: %c(...)"
                           : "type %c needs its value in quotes: %c'...'", dc->type, dc->type);
        return -1;
    }
    uint64_t sum = 0;
    int nelem = 0;
    uint32_t first = 0;
    if (!has_nominal) {
        nelem = 1;
        first = explicit ? (uint32_t)len : ty->deflen;
        sum = first;
    } else if (ty->paren) {
        nelem = dc->nvals;
        first = explicit ? (uint32_t)len : ty->deflen;
        sum = (uint64_t)first * (uint64_t)nelem;
        if (dc->type == 'V')
            for (int i = 0; i < dc->nvals; i++)
                if (dc->vals[i]->kind == EX_SYM)
                    sect_extern(as, dc->vals[i]->name, 0, 1);
    } else if (dc->type == 'C') {
        nelem = 1;
        first = explicit ? (uint32_t)len : char_len(dc->str, dc->strlen);
        if (first == 0) {
            stmt_msg(as, as->curstmt, DIAG_ERROR, dc->strcol, "character constant is empty");
            return -1;
        }
        sum = first;
    } else {
        int pos = 0, start, n;
        while (next_value(dc->str, dc->strlen, &pos, &start, &n)) {
            if (n == 0) {       /* X'', F'1,,2': as C'' */
                stmt_msg(as, as->curstmt, DIAG_ERROR, dc->strcol + 1 + start,
                         "empty value in constant");
                return -1;
            }
            uint32_t l = explicit ? (uint32_t)len : (uint32_t)value_len(dc->type, dc->str + start, n);
            if (nelem++ == 0)
                first = l;
            sum += l;
        }
    }
    dc->elen = first;
    dc->nelem = nelem;
    dc->align = explicit ? 1 : ty->align;
    uint64_t total = sum * (uint64_t)dc->dup;
    if (total > 0xFFFFFF) {
        stmt_msg(as, as->curstmt, DIAG_ERROR, dc->col, "constant too long (%llu bytes)",
                 (unsigned long long)total);
        return -1;
    }
    dc->total = (uint32_t)total;
    dc->done = 1;
    return 0;
}

/* ---- generation ---------------------------------------------------------- */

static int err_at(struct assembler *as, int col, const char *msg)
{
    stmt_msg(as, as->curstmt, DIAG_ERROR, col, "%s", msg);
    return -1;
}

static void put_be(uint8_t *p, uint32_t n, int64_t v)
{
    for (uint32_t i = 0; i < n; i++)
        p[n - 1 - i] = (uint8_t)(v >> (8 * i));
}

static int fits(int64_t v, uint32_t n)
{
    if (n >= 8)
        return 1;
    int64_t lo = -((int64_t)1 << (8 * n - 1)), hi = ((int64_t)1 << (8 * n)) - 1;
    return v >= lo && v <= hi;
}

static int gen_fixed(struct assembler *as, const struct dcop *dc, const char *s, int n, int col,
                     uint8_t *out, uint32_t len)
{
    int i = 0, neg = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    if (i == n)
        return err_at(as, col, "missing value in constant");
    int64_t v = 0;
    for (; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return err_at(as, col + i, "invalid character in decimal constant");
        v = v * 10 + (s[i] - '0');
        if (v > ((int64_t)1 << 40))
            return err_at(as, col, "value too large for the constant");
    }
    if (neg)
        v = -v;
    uint32_t bytes = len > 4 ? 4 : len;
    int64_t lo = -((int64_t)1 << (8 * bytes - 1)), hi = ((int64_t)1 << (8 * bytes - 1)) - 1;
    if (v < lo || v > hi)
        return err_at(as, col, dc->type == 'H' ? "value does not fit in a halfword"
                                               : "value does not fit in the constant's length");
    put_be(out, len, v);
    if (len > 4 && v < 0)
        memset(out, 0xFF, len - 4);
    return 0;
}

static int gen_bits(struct assembler *as, char t, const char *s, int n, int col, uint8_t *out,
                    uint32_t len)
{
    int bits = t == 'X' ? 4 : 1;
    for (int i = 0; i < n; i++) {
        int c = toupper((unsigned char)s[i]);
        if (t == 'X' ? !isxdigit(c) : c != '0' && c != '1')
            return err_at(as, col + i, t == 'X' ? "invalid hexadecimal digit"
                                                : "invalid binary digit");
    }
    memset(out, 0, len);
    uint64_t pos = 0;     /* bits filled from the right */
    for (int i = n - 1; i >= 0; i--) {
        int c = toupper((unsigned char)s[i]), d;
        if (t == 'X' && isxdigit(c))
            d = isdigit(c) ? c - '0' : c - 'A' + 10;
        else if (t == 'B' && (c == '0' || c == '1'))
            d = c - '0';
        else
            return err_at(as, col + i, t == 'X' ? "invalid hexadecimal digit"
                                                : "invalid binary digit");
        for (int b = 0; b < bits; b++, pos++)
            if (d >> b & 1 && pos < (uint64_t)len * 8)
                out[len - 1 - pos / 8] |= (uint8_t)(1u << (pos % 8));
    }
    return 0;
}

static int gen_decimal(struct assembler *as, char t, const char *s, int n, int col, uint8_t *out,
                       uint32_t len)
{
    int i = 0, neg = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    char dig[64];
    int nd = 0, point = -1;
    for (; i < n; i++) {
        if (s[i] == '.') {
            if (point >= 0)
                return err_at(as, col + i, "a second decimal point in a decimal constant");
            point = i;
            continue;
        }
        if (!isdigit((unsigned char)s[i]))
            return err_at(as, col + i, "invalid character in decimal constant");
        if (nd < (int)sizeof dig)
            dig[nd++] = s[i];
    }
    if (nd == 0)
        return err_at(as, col, "decimal constant has no digits");
    int sign = neg ? 0xD : 0xC;
    if (t == 'Z') {
        memset(out, 0xF0, len);
        for (int k = 0; k < nd; k++) {
            int o = (int)len - nd + k;
            if (o < 0) {
                if (dig[k] != '0')
                    return err_at(as, col, "value does not fit in the constant's length");
                continue;
            }
            out[o] = (uint8_t)(0xF0 | (dig[k] - '0'));
        }
        out[len - 1] = (uint8_t)(sign << 4 | (out[len - 1] & 0xF));
        return 0;
    }
    memset(out, 0, len);
    /* nibbles from the right: sign, then digits */
    uint64_t nib = 0;
    out[len - 1] = (uint8_t)sign;
    nib = 1;
    for (int k = nd - 1; k >= 0; k--, nib++) {
        int d = dig[k] - '0';
        if (nib >= (uint64_t)len * 2) {
            if (d)
                return err_at(as, col, "value does not fit in the constant's length");
            continue;
        }
        uint32_t byte = len - 1 - (uint32_t)(nib / 2);
        out[byte] |= (uint8_t)(nib % 2 ? d << 4 : d);
    }
    return 0;
}

/* ---- hexadecimal floating point ------------------------------------------ */

#define BIG_LIMBS 24        /* 768 bits: 10^80 * 16^80 fits */

struct big { uint32_t l[BIG_LIMBS]; };     /* little-endian limbs */

static void big_mul(struct big *a, uint32_t m)
{
    uint64_t c = 0;
    for (int i = 0; i < BIG_LIMBS; i++) {
        c += (uint64_t)a->l[i] * m;
        a->l[i] = (uint32_t)c;
        c >>= 32;
    }
}

static int big_cmp(const struct big *a, const struct big *b)
{
    for (int i = BIG_LIMBS - 1; i >= 0; i--)
        if (a->l[i] != b->l[i])
            return a->l[i] < b->l[i] ? -1 : 1;
    return 0;
}

static void big_sub(struct big *a, const struct big *b)
{
    int64_t c = 0;
    for (int i = 0; i < BIG_LIMBS; i++) {
        c += (int64_t)a->l[i] - b->l[i];
        a->l[i] = (uint32_t)c;
        c = c < 0 ? -1 : 0;
    }
}

static int big_zero(const struct big *a)
{
    for (int i = 0; i < BIG_LIMBS; i++)
        if (a->l[i])
            return 0;
    return 1;
}

/*
 * One E or D value: [sign] digits [.digits] [E[sign]digits].  The value
 * N/D (exact big integers) is written as F/2^fbits * 16^(c-64) with the
 * first hex digit of F non-zero, F rounded to nearest (half up).
 */
static int gen_float(struct assembler *as, const char *s, int n, int col, uint8_t *out,
                     uint32_t len)
{
    int i = 0, neg = 0, digits = 0, scale = 0;
    struct big num = { { 0 } }, den = { { 0 } };
    den.l[0] = 1;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    for (int point = 0; i < n; i++) {
        if (s[i] == '.' && !point) {
            point = 1;
        } else if (s[i] >= '0' && s[i] <= '9') {
            if (digits < 40) {
                big_mul(&num, 10);
                num.l[0] += (uint32_t)(s[i] - '0');     /* no carry: the low digit is 0 */
                scale -= point;
            } else {
                scale += !point;                        /* dropped digits still count */
            }
            digits += num.l[0] || digits;
        } else {
            break;
        }
    }
    if (i < n && (s[i] == 'E' || s[i] == 'e')) {
        int eneg = 0, ev = 0, k = ++i;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            eneg = s[i++] == '-';
        for (k = i; i < n && s[i] >= '0' && s[i] <= '9' && ev < 1000; i++)
            ev = ev * 10 + (s[i] - '0');
        if (i == k)
            return err_at(as, col + i, "exponent digits expected after E");
        scale += eneg ? -ev : ev;
    }
    if (i != n)
        return err_at(as, col + i, "invalid character in floating-point constant");
    memset(out, 0, len);
    if (big_zero(&num))
        return 0;
    if (scale > 80 || scale < -80)
        return err_at(as, col, "floating-point constant out of range");
    for (; scale > 0; scale--)
        big_mul(&num, 10);
    for (; scale < 0; scale++)
        big_mul(&den, 10);
    /* the characteristic: the smallest c with N < D * 16^(c-64) */
    int c = 64;
    struct big lim = den;
    while (big_cmp(&num, &lim) >= 0 && c < 200) {
        big_mul(&lim, 16);
        c++;
    }
    while (c > -20) {   /* N < lim; go down while N < lim/16, i.e. 16N < lim */
        struct big t = num;
        big_mul(&t, 16);
        if (big_cmp(&t, &lim) >= 0)
            break;
        big_mul(&num, 16);
        c--;
    }
    /* F = floor(N * 2^(fbits+1) / lim), then round */
    int fbits = (int)len * 8 - 8;
    uint64_t f = 0;
    for (int b = 0; b < fbits + 1; b++) {
        big_mul(&num, 2);
        f <<= 1;
        if (big_cmp(&num, &lim) >= 0) {
            big_sub(&num, &lim);
            f |= 1;
        }
    }
    f = (f + 1) >> 1;
    if (f >> fbits) {           /* rounded up to 1.0: renormalize */
        f >>= 4;
        c++;
    }
    if (c > 127)
        return err_at(as, col, "floating-point constant too large (above 16**63)");
    if (c < 0)
        return err_at(as, col, "floating-point constant too small (below 16**-65)");
    out[0] = (uint8_t)((neg ? 0x80 : 0) | c);
    for (uint32_t k = 1; k < len; k++)
        out[k] = (uint8_t)(f >> (8 * (len - 1 - k)));
    return 0;
}

static int gen_char(const char *s, int n, uint8_t *out, uint32_t len)
{
    uint32_t k = 0;
    memset(out, 0x40, len);
    for (int i = 0; i < n && k < len; i++, k++) {
        if ((s[i] == '\'' || s[i] == '&') && i + 1 < n && s[i + 1] == s[i])
            i++;
        out[k] = ebcdic_of(s[i]);
    }
    return 0;
}

static void add_fix(struct relfix **fix, int *nfix, struct relfix f)
{
    struct relfix *nf = realloc(*fix, sizeof *nf * (size_t)(*nfix + 1));
    if (!nf)
        abort();
    nf[(*nfix)++] = f;
    *fix = nf;
}

/* One A, Y or V value into out[len]; relocation fixes at offset off. */
static int gen_address(struct assembler *as, char t, const struct expr *e, uint8_t *out,
                       uint32_t len, uint32_t off, struct relfix **fix, int *nfix)
{
    struct value v;
    if (t == 'V') {
        if (e->kind != EX_SYM)
            return err_at(as, e->col, "V-type constant needs an external symbol name");
        int s = sect_find(as, e->name, SEC_EXT);
        struct symbol *sym = symtab_find(&as->syms, e->name);
        if (s >= 0 && as->sects[s].esd == 0 && sym) {
            if (expr_eval(as, e, 0, &v) < 0)
                return -1;
        } else {
            v = (struct value){ 0 };
            v.nrel = 1;
            v.rel[0].sect = s;
            v.rel[0].coef = 1;
            if (sym && as->pass == 2 && as->lst)
                symtab_ref(sym, as->curstmt);   /* for the listing's cross-reference */
        }
    } else {
        as->in_acon = t == 'A';
        int r = expr_eval(as, e, 0, &v);
        as->in_acon = 0;
        if (r < 0)
            return -1;
    }
    int64_t val = v.num;
    for (int i = 0; i < v.nrel; i++) {
        const struct section *sec = &as->sects[v.rel[i].sect];
        int c = v.rel[i].coef;
        if (sec->kind == SEC_DSECT)
            continue;   /* DSECT offsets are plain numbers */
        if (c != 1 && c != -1)
            return err_at(as, e->col, "relocatable term may appear only as +X or -X in an "
                                      "address constant");
        val += (int64_t)c * sec->origin;
        add_fix(fix, nfix, (struct relfix){ off, (int)len, v.rel[i].sect, c < 0, t == 'V' });
    }
    if (!fits(val, len))
        return err_at(as, e->col, "address constant value does not fit in its length");
    put_be(out, len, val);
    return 0;
}

int dc_gen(struct assembler *as, const struct dcop *dc, uint32_t off, uint8_t *out,
           struct relfix **fix, int *nfix, int64_t stmt_off)
{
    if (!dc->done || dc->total == 0)
        return 0;
    uint32_t unit = (uint32_t)(dc->total / (uint64_t)dc->dup);
    uint32_t k = 0;
    int bad = 0;
    int nfix0 = *nfix;
    if (dc->type == 'S') {
        for (int i = 0; i < dc->nvals; i++, k += dc->elen) {
            struct value v;
            int b, d;
            const struct expr *e = dc->vals[i];
            if (e->kind == EX_BASED) {      /* S(D(B)): explicit */
                int64_t dv, bv;
                if (expr_abs(as, e->l, 0, &dv) < 0 || expr_abs(as, e->r, 0, &bv) < 0) {
                    bad = 1;
                } else if (dv < 0 || dv > 4095 || bv < 0 || bv > 15) {
                    bad = err_at(as, dv < 0 || dv > 4095 ? e->l->col : e->r->col,
                                 "S-type constant: displacement 0-4095 and base register "
                                 "0-15 expected");
                } else {
                    put_be(out + k, 2, bv << 12 | dv);
                }
                continue;
            }
            if (expr_eval(as, dc->vals[i], 0, &v) < 0 ||
                using_resolve(as, &v, dc->vals[i]->col, &b, &d) < 0) {
                bad = 1;
                continue;
            }
            put_be(out + k, 2, (int64_t)(b << 12 | d));
        }
    } else if (dc->type == 'A' || dc->type == 'V' || dc->type == 'Y') {
        /* Every value of every duplicate is made on its own: * differs. */
        for (int64_t d = 0; d < dc->dup && !bad; d++)
            for (int i = 0; i < dc->nvals && !bad; i++) {
                uint32_t at = (uint32_t)(d * unit) + (uint32_t)i * dc->elen;
                as->loc_bias = stmt_off >= 0 ? (uint32_t)stmt_off + at : 0;
                if (gen_address(as, dc->type, dc->vals[i], out + at, dc->elen, off + at, fix,
                                nfix) < 0)
                    bad = 1;
            }
        as->loc_bias = 0;
        return bad ? -1 : 0;
    } else if (dc->type == 'C') {
        gen_char(dc->str, dc->strlen, out, unit);
    } else if (dc->str) {
        int pos = 0, start, n;
        while (next_value(dc->str, dc->strlen, &pos, &start, &n) && k < unit) {
            uint32_t l = dc->explen >= 0 || dc->lenx ? dc->elen
                                                      : (uint32_t)value_len(dc->type, dc->str + start, n);
            int col = dc->strcol + 1 + start;
            int r;
            if (n == 0)
                r = err_at(as, col, "empty value in constant");
            else if (dc->type == 'X' || dc->type == 'B')
                r = gen_bits(as, dc->type, dc->str + start, n, col, out + k, l);
            else if (dc->type == 'P' || dc->type == 'Z')
                r = gen_decimal(as, dc->type, dc->str + start, n, col, out + k, l);
            else if (dc->type == 'D' || dc->type == 'E')
                r = gen_float(as, dc->str + start, n, col, out + k, l);
            else
                r = gen_fixed(as, dc, dc->str + start, n, col, out + k, l);
            if (r < 0)
                bad = 1;
            k += l;
        }
    }
    /* duplicates: copy the first, repeat its fixes */
    int nf = *nfix - nfix0;
    for (int64_t d = 1; d < dc->dup; d++) {
        memcpy(out + d * unit, out, unit);
        for (int i = 0; i < nf; i++) {
            struct relfix f = (*fix)[nfix0 + i];
            f.off += (uint32_t)(d * unit);
            add_fix(fix, nfix, f);
        }
    }
    return bad ? -1 : 0;
}
