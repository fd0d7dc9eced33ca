/*
 * reader.c -- the line and field reader under profile.c: lines of the
 * profile, fields between single blanks, KEY=VALUE fields, decimal and
 * hexadecimal numbers, and the FILE:LINE:COL diagnostics with the line
 * and a caret.  Never reads outside the text it is given.
 */
#include "reader.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int rd_error_at(struct reader *r, const char *at, const char *fmt, ...)
{
    char src[256];
    size_t n = r->line ? (size_t)(r->eol - r->line) : 0;
    if (n >= sizeof src)
        n = sizeof src - 1;
    if (n)
        memcpy(src, r->line, n);
    src[n] = '\0';
    int col = at ? (int)(at - r->line) + 1 : 0;
    va_list ap;
    va_start(ap, fmt);
    r->errors++;
    diag_vreport(r->d, DIAG_ERROR, r->name, r->lineno, col, n ? src : NULL, fmt, ap);
    va_end(ap);
    return -1;
}

int rd_nomem(struct reader *r) { return rd_error_at(r, NULL, "out of memory"); }

/* Grow *v (of *n elements of size sz) by one zeroed element; NULL on
   ENOMEM.  The room doubles when *n reaches a power of two (so *v must
   have been grown only by rd_grow, from NULL and 0): a profile of many
   records is read in linear time even where realloc always copies. */
void *rd_grow(void *vp, size_t *n, size_t sz)
{
    void **v = vp;
    if ((*n & (*n - 1)) == 0) {         /* 0, 1, 2, 4, ...: the room is full */
        char *nv = realloc(*v, (*n ? 2 * *n : 1) * sz);
        if (!nv)
            return NULL;
        *v = nv;
    }
    char *e = (char *)*v + *n * sz;
    memset(e, 0, sz);
    (*n)++;
    return e;
}

/* Next line into r->line/eol (a CR before the newline dropped); 0 at the end. */
int rd_next_line(struct reader *r)
{
    const char *s = r->line ? r->eol : r->text;
    if (r->line) {
        while (s < r->end && *s != '\n')
            s++;
        if (s >= r->end)
            return 0;
        s++;
    }
    if (s >= r->end)
        return 0;
    const char *nl = memchr(s, '\n', (size_t)(r->end - s));
    r->line = s;
    r->eol = nl ? nl : r->end;
    if (r->eol > r->line && r->eol[-1] == '\r')
        r->eol--;
    r->cur = r->line;
    r->lineno++;
    return 1;
}

/* An empty line or one of blanks and tabs only (ignored, like comments). */
int rd_blank_line(const struct reader *r)
{
    for (const char *s = r->line; s < r->eol; s++)
        if (*s != ' ' && *s != '\t')
            return 0;
    return 1;
}

/* Text only: no control bytes but tab, nothing at or above 0x7F. */
int rd_check_text(struct reader *r)
{
    for (const char *s = r->line; s < r->eol; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c < 0x20 && c != '\t') || c >= 0x7F)
            return rd_error_at(r, s, "invalid byte 0x%02X (not a profile)", c);
    }
    return 0;
}

/* The next field (between single blanks): *s and its length; 0 at the end
   of the line.  A second blank, a tab or a trailing blank is an error (-1). */
long rd_field(struct reader *r, const char **s)
{
    if (r->cur >= r->eol)
        return 0;
    if (r->cur > r->line) {
        if (*r->cur != ' ')
            return rd_error_at(r, r->cur, "fields are separated by single blanks");
        r->cur++;
    }
    const char *b = r->cur;
    while (r->cur < r->eol && *r->cur != ' ' && *r->cur != '\t')
        r->cur++;
    if (r->cur == b || (r->cur < r->eol && *r->cur == '\t'))
        return rd_error_at(r, r->cur, "fields are separated by single blanks");
    *s = b;
    return r->cur - b;
}

/* A field that must be there: its length, or -1 after reporting. */
long rd_need(struct reader *r, const char *what, const char **s)
{
    long n = rd_field(r, s);
    if (n == 0)
        return rd_error_at(r, r->eol, "missing %s", what);
    return n;
}

int rd_end(struct reader *r)
{
    const char *s;
    long n = rd_field(r, &s);
    if (n < 0)
        return -1;
    return n ? rd_error_at(r, s, "unexpected field '%.*s'", (int)(n > 24 ? 24 : n), s) : 0;
}

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10
         : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* s[0..n) as 1..maxdig hex digits; -1 if not. */
int rd_parse_hex(const char *s, long n, int maxdig, uint32_t *out)
{
    if (n < 1 || n > maxdig)
        return -1;
    uint32_t v = 0;
    for (long i = 0; i < n; i++) {
        int h = hexval((unsigned char)s[i]);
        if (h < 0)
            return -1;
        v = v << 4 | (uint32_t)h;
    }
    *out = v;
    return 0;
}

/* s[0..n) as an unsigned 64-bit decimal; -1 if not (or too large). */
int rd_parse_dec(const char *s, long n, uint64_t *out)
{
    if (n < 1 || n > 20)
        return -1;
    uint64_t v = 0;
    for (long i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned dgt = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - dgt) / 10)
            return -1;
        v = v * 10 + dgt;
    }
    *out = v;
    return 0;
}

/* The next field is KEY=VALUE: *v and its length, or -1 after reporting. */
long rd_need_kv(struct reader *r, const char *key, const char **v)
{
    const char *s;
    long n = rd_field(r, &s);
    if (n < 0)
        return -1;
    size_t k = strlen(key);
    if (n == 0)
        return rd_error_at(r, r->eol, "missing %s=", key);
    if ((size_t)n <= k || memcmp(s, key, k) != 0 || s[k] != '=')
        return rd_error_at(r, s, "expected %s=", key);
    *v = s + k + 1;
    return n - (long)k - 1;
}

int rd_kv_dec(struct reader *r, const char *key, uint64_t *out)
{
    const char *v;
    long n = rd_need_kv(r, key, &v);
    if (n < 0)
        return -1;
    if (rd_parse_dec(v, n, out) != 0)
        return rd_error_at(r, v, "%s: '%.*s' is not a decimal count", key,
                           (int)(n > 24 ? 24 : n), v);
    return 0;
}

int rd_kv_dec_in(struct reader *r, const char *key, uint64_t lo, uint64_t hi, uint64_t *out)
{
    const char *v = r->cur;
    if (rd_kv_dec(r, key, out) != 0)
        return -1;
    if (*out < lo || *out > hi)
        return rd_error_at(r, v + 1, "%s=%llu is out of range (%llu to %llu)", key,
                           (unsigned long long)*out, (unsigned long long)lo,
                           (unsigned long long)hi);
    return 0;
}

int rd_kv_hex(struct reader *r, const char *key, int maxdig, uint32_t *out)
{
    const char *v;
    long n = rd_need_kv(r, key, &v);
    if (n < 0)
        return -1;
    if (rd_parse_hex(v, n, maxdig, out) != 0)
        return rd_error_at(r, v, "%s: '%.*s' is not 1 to %d hex digits", key,
                           (int)(n > 24 ? 24 : n), v, maxdig);
    return 0;
}

/* A positional decimal field. */
int rd_pos_dec(struct reader *r, const char *what, uint64_t lo, uint64_t hi, uint64_t *out)
{
    const char *s;
    long n = rd_need(r, what, &s);
    if (n < 0)
        return -1;
    if (rd_parse_dec(s, n, out) != 0)
        return rd_error_at(r, s, "%s: '%.*s' is not a decimal number", what,
                           (int)(n > 24 ? 24 : n), s);
    if (*out < lo || *out > hi)
        return rd_error_at(r, s, "%s %llu is out of range (%llu to %llu)", what,
                           (unsigned long long)*out, (unsigned long long)lo,
                           (unsigned long long)hi);
    return 0;
}

int rd_pos_addr(struct reader *r, const char *what, uint32_t *out)
{
    const char *s;
    long n = rd_need(r, what, &s);
    if (n < 0)
        return -1;
    if (rd_parse_hex(s, n, 8, out) != 0)
        return rd_error_at(r, s, "%s: '%.*s' is not 1 to 8 hex digits", what,
                           (int)(n > 24 ? 24 : n), s);
    return 0;
}

/* An opcode: 2 or 4 hex digits. */
int rd_parse_opcode(const char *s, long n, unsigned *out)
{
    uint32_t v;
    if ((n != 2 && n != 4) || rd_parse_hex(s, n, 4, &v) != 0)
        return -1;
    *out = v;
    return 0;
}

/* A token of printable characters (no blanks), copied into out[size]. */
int rd_pos_token(struct reader *r, const char *what, char *out, size_t size)
{
    const char *s;
    long n = rd_need(r, what, &s);
    if (n < 0)
        return -1;
    if ((size_t)n >= size)
        return rd_error_at(r, s, "%s '%.*s' is too long (at most %zu characters)", what,
                           (int)(n > 24 ? 24 : n), s, size - 1);
    memcpy(out, s, (size_t)n);
    out[n] = '\0';
    return 0;
}

char *rd_dup_span(const char *s, long n)
{
    char *c = malloc((size_t)n + 1);
    if (c) {
        memcpy(c, s, (size_t)n);
        c[n] = '\0';
    }
    return c;
}
