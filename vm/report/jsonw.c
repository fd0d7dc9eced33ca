/*
 * jsonw.c -- a small streaming JSON writer: keys are written in the
 * order the caller gives them, one member per line, two-space indent, so
 * the same run always produces the same bytes.
 */
#include "report.h"

#include <inttypes.h>

void json_begin(struct json *j, FILE *f)
{
    j->f = f;
    j->depth = 0;
    j->first[0] = 1;
}

/* Separator, newline, indentation and "key": for the next member. */
static void member(struct json *j, const char *key)
{
    if (j->depth > 0) {
        fputs(j->first[j->depth] ? "\n" : ",\n", j->f);
        for (int i = 0; i < j->depth; i++)
            fputs("  ", j->f);
    }
    j->first[j->depth] = 0;
    if (key) {
        json_quote(j->f, key);
        fputs(": ", j->f);
    }
}

static void open_(struct json *j, const char *key, char c)
{
    member(j, key);
    putc(c, j->f);
    if (j->depth + 1 < JSON_MAX_DEPTH)
        j->depth++;
    j->first[j->depth] = 1;
}

void json_object(struct json *j, const char *key) { open_(j, key, '{'); }
void json_array(struct json *j, const char *key) { open_(j, key, '['); }

void json_end(struct json *j, char close)
{
    int empty = j->first[j->depth];
    if (j->depth > 0)
        j->depth--;
    if (!empty) {
        putc('\n', j->f);
        for (int i = 0; i < j->depth; i++)
            fputs("  ", j->f);
    }
    putc(close, j->f);
    if (j->depth == 0)
        putc('\n', j->f);
}

void json_quote(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c >= 0x7F)
            fprintf(f, "\\u%04x", c);
        else
            putc(c, f);
    }
    putc('"', f);
}

void json_str(struct json *j, const char *key, const char *v)
{
    member(j, key);
    if (v)
        json_quote(j->f, v);
    else
        fputs("null", j->f);
}

void json_u64(struct json *j, const char *key, uint64_t v)
{
    member(j, key);
    fprintf(j->f, "%" PRIu64, v);
}

void json_i64(struct json *j, const char *key, int64_t v)
{
    member(j, key);
    fprintf(j->f, "%" PRId64, v);
}

void json_bool(struct json *j, const char *key, int v)
{
    member(j, key);
    fputs(v ? "true" : "false", j->f);
}

/* A fixed-point ratio with 3 decimals ("1.250"), or null when den is 0:
 * exact and platform-independent, unlike %g of a double. */
void json_ratio(struct json *j, const char *key, uint64_t num, uint64_t den)
{
    member(j, key);
    if (den == 0) {
        fputs("null", j->f);
        return;
    }
    uint64_t milli = (num * 1000 + den / 2) / den;
    fprintf(j->f, "%" PRIu64 ".%03" PRIu64, milli / 1000, milli % 1000);
}

/* "X'...'"-free hex string: "0001A2F0" (width digits). */
void json_hex(struct json *j, const char *key, uint64_t v, int width)
{
    member(j, key);
    fprintf(j->f, "\"%0*" PRIX64 "\"", width, v);
}
