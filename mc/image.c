/*
 * image.c -- control-store images (impmc(5)): writing and parsing the
 * text form shared by impmc and the VM's control-store loader.
 */
#include "microword.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void mc_image_free(struct mc_image *img)
{
    for (unsigned i = 0; i < img->nsyms; i++)
        free(img->syms[i].name);
    free(img->syms);
    free(img->words);
    memset(img, 0, sizeof *img);
}

int mc_image_write(FILE *f, const struct mc_image *img)
{
    fprintf(f, "IMPMC 1 %08X %u\n", (unsigned)mc_layout_hash(), img->nwords);
    for (int v = 0; v < MC_NVECTORS; v++)
        fprintf(f, "V %s %03X\n", mc_vector_names[v], img->vector[v]);
    for (int i = 0; i < MC_NDISPATCH; i++)
        if (img->dispatch[i] != img->vector[MC_V_UNDEF])
            fprintf(f, "D %03X %03X %s\n", i, img->dispatch[i], mc_decode_names[img->decode[i]]);
    for (unsigned i = 0; i < img->nsyms; i++)
        fprintf(f, "S %s %03X\n", img->syms[i].name, img->syms[i].addr);
    for (unsigned a = 0; a < img->nwords; a++) {
        const struct mc_word *w = &img->words[a];
        fprintf(f, "W %03X %08X%08X%08X\n", a, (unsigned)w->w[2], (unsigned)w->w[1],
                (unsigned)w->w[0]);
    }
    fprintf(f, "END\n");
    return ferror(f) ? -1 : 0;
}

const char *mc_image_label(const struct mc_image *img, unsigned addr)
{
    for (unsigned i = 0; i < img->nsyms; i++)
        if (img->syms[i].addr == addr)
            return img->syms[i].name;
    return NULL;
}

/* ---- parsing ---------------------------------------------------------------- */

struct parse {
    char *err;
    size_t errsize;
    int line;
    uint8_t seen_vector[MC_NVECTORS];
    uint8_t seen_dispatch[MC_NDISPATCH];
};

static int fail(struct parse *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct parse *p, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (p->err && p->errsize)
        snprintf(p->err, p->errsize, "line %d: %s", p->line, msg);
    return -1;
}

/* Parse a hex number of at most maxdigits; -1 if malformed. */
static long hexnum(const char *s, int maxdigits)
{
    char *end;
    if (!*s || strlen(s) > (size_t)maxdigits)
        return -1;
    errno = 0;
    long v = strtol(s, &end, 16);
    return *end || errno ? -1 : v;
}

static int check_word(struct parse *p, const struct mc_word *w, unsigned nwords)
{
    for (unsigned b = MC_WORD_USED; b < MC_WORD_BITS; b++)
        if (w->w[b / 32] >> (b % 32) & 1)
            return fail(p, "unused bit %u is set", b);
    for (int i = 0; i < MC_NFIELDS; i++) {
        const struct mc_field_desc *f = &mc_fields[i];
        unsigned v = mc_get(w, f->pos, f->width);
        if (f->set != MC_SET_NUM && !mc_value_by_code(f->set, v))
            return fail(p, "field %s has no value %u", f->name, v);
    }
    if (MC_GET(w, ADDR) >= nwords)
        return fail(p, "ADDR %03X is beyond the last word", MC_GET(w, ADDR));
    return 0;
}

static int parse_line(struct parse *p, char *line, struct mc_image *img, unsigned *next_word,
                      int *ended)
{
    char *tok[4];
    int n = 0;
    for (char *t = strtok(line, " \t\r"); t && n < 4; t = strtok(NULL, " \t\r"))
        tok[n++] = t;
    if (n == 0 || tok[0][0] == '#')
        return 0;
    if (*ended)
        return fail(p, "text after END");
    if (strcmp(tok[0], "END") == 0 && n == 1) {
        *ended = 1;
        return 0;
    }
    if (!img->words)
        return fail(p, "expected the IMPMC header");
    if (strcmp(tok[0], "V") == 0 && n == 3) {
        long a = hexnum(tok[2], 3);
        if (a < 0 || (unsigned long)a >= img->nwords)
            return fail(p, "bad vector address '%s'", tok[2]);
        for (int v = 0; v < MC_NVECTORS; v++)
            if (strcmp(tok[1], mc_vector_names[v]) == 0) {
                img->vector[v] = (uint16_t)a;
                p->seen_vector[v] = 1;
                return 0;
            }
        return fail(p, "unknown vector '%s'", tok[1]);
    }
    if (strcmp(tok[0], "D") == 0 && n == 4) {
        long i = hexnum(tok[1], 3), a = hexnum(tok[2], 3);
        if (i < 0 || i >= MC_NDISPATCH)
            return fail(p, "bad dispatch index '%s'", tok[1]);
        if (a < 0 || (unsigned long)a >= img->nwords)
            return fail(p, "bad dispatch address '%s'", tok[2]);
        for (int d = 0; d < MC_NDECODES; d++)
            if (strcmp(tok[3], mc_decode_names[d]) == 0) {
                img->dispatch[i] = (uint16_t)a;
                img->decode[i] = (uint8_t)d;
                p->seen_dispatch[i] = 1;
                return 0;
            }
        return fail(p, "unknown decode class '%s'", tok[3]);
    }
    if (strcmp(tok[0], "S") == 0 && n == 3) {
        long a = hexnum(tok[2], 3);
        if (a < 0 || (unsigned long)a >= img->nwords)
            return fail(p, "bad symbol address '%s'", tok[2]);
        struct mc_symbol *s = realloc(img->syms, (img->nsyms + 1) * sizeof *s);
        if (!s)
            return fail(p, "out of memory");
        img->syms = s;
        s[img->nsyms].name = strdup(tok[1]);
        if (!s[img->nsyms].name)
            return fail(p, "out of memory");
        s[img->nsyms++].addr = (uint16_t)a;
        return 0;
    }
    if (strcmp(tok[0], "W") == 0 && n == 3) {
        long a = hexnum(tok[1], 3);
        if (a < 0 || (unsigned long)a != *next_word)
            return fail(p, "word address '%s' out of order (expected %03X)", tok[1], *next_word);
        if (*next_word >= img->nwords)
            return fail(p, "more words than the header says");
        if (strlen(tok[2]) != 24)
            return fail(p, "a microword is 24 hex digits");
        struct mc_word *w = &img->words[*next_word];
        for (int k = 0; k < 3; k++) {
            char part[9];
            memcpy(part, tok[2] + 8 * k, 8);
            part[8] = 0;
            char *end;
            unsigned long v = strtoul(part, &end, 16);
            if (*end)
                return fail(p, "bad hex digits in microword");
            w->w[2 - k] = (uint32_t)v;
        }
        (*next_word)++;
        return 0;
    }
    return fail(p, "unrecognised record '%s'", tok[0]);
}

static int parse_header(struct parse *p, char *line, struct mc_image *img)
{
    char magic[16];
    unsigned ver, hash, n;
    char extra;
    if (sscanf(line, "%15s %u %x %u %c", magic, &ver, &hash, &n, &extra) != 4 ||
        strcmp(magic, "IMPMC") != 0)
        return fail(p, "not a control-store image (expected 'IMPMC 1 hash words')");
    if (ver != 1)
        return fail(p, "image version %u not supported (this machine reads version 1)", ver);
    if (hash != mc_layout_hash())
        return fail(p, "layout hash %08X does not match this machine's microword (%08X): "
                    "reassemble with this impmc", hash, (unsigned)mc_layout_hash());
    if (n == 0 || n > MC_CS_SIZE)
        return fail(p, "word count %u out of range (1-%d)", n, MC_CS_SIZE);
    img->nwords = n;
    img->words = calloc(n, sizeof *img->words);
    if (!img->words)
        return fail(p, "out of memory");
    return 0;
}

int mc_image_parse(const char *text, size_t len, struct mc_image *img, char *err,
                   size_t errsize)
{
    struct parse p = { .err = err, .errsize = errsize };
    memset(img, 0, sizeof *img);
    int rc = 0, ended = 0, have_header = 0;
    unsigned next_word = 0;
    size_t i = 0;
    char line[256];
    while (i < len && rc == 0) {
        size_t j = i;
        while (j < len && text[j] != '\n')
            j++;
        p.line++;
        if (j - i >= sizeof line) {
            rc = fail(&p, "line too long");
            break;
        }
        memcpy(line, text + i, j - i);
        line[j - i] = 0;
        if (memchr(line, 0, j - i))
            rc = fail(&p, "binary data in the image");
        else if (!have_header) {
            if (line[0] && line[0] != '#') {
                rc = parse_header(&p, line, img);
                have_header = 1;
            }
        } else
            rc = parse_line(&p, line, img, &next_word, &ended);
        i = j + 1;
    }
    if (rc == 0 && !have_header)
        rc = fail(&p, "empty image");
    if (rc == 0 && !ended)
        rc = fail(&p, "missing END (truncated image?)");
    if (rc == 0 && next_word != img->nwords)
        rc = fail(&p, "%u words, the header says %u", next_word, img->nwords);
    if (rc == 0 && !p.seen_vector[MC_V_ACCUMULATE] && p.seen_vector[MC_V_MONITOR]) {
        img->vector[MC_V_ACCUMULATE] = img->vector[MC_V_MONITOR];     /* (optional) */
        p.seen_vector[MC_V_ACCUMULATE] = 1;
    }
    for (int v = 0; rc == 0 && v < MC_NVECTORS; v++)
        if (!p.seen_vector[v])
            rc = fail(&p, "no address for the %s vector", mc_vector_names[v]);
    for (int d = 0; rc == 0 && d < MC_NDISPATCH; d++)
        if (!p.seen_dispatch[d]) {
            img->dispatch[d] = img->vector[MC_V_UNDEF];
            img->decode[d] = d >= 256 ? MC_DEC_S : d < 0x40 ? MC_DEC_RR
                           : d < 0xC0 ? MC_DEC_RX : MC_DEC_SS;
        }
    for (unsigned a = 0; rc == 0 && a < img->nwords; a++) {
        p.line = 0;
        if (check_word(&p, &img->words[a], img->nwords) < 0) {
            char tmp[160];
            snprintf(tmp, sizeof tmp, "%s", err ? err : "");
            if (err && errsize)
                snprintf(err, errsize, "word %03X: %s", a, tmp + 8);
            rc = -1;
        }
    }
    if (rc < 0)
        mc_image_free(img);
    return rc;
}
