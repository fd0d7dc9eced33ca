/*
 * t-services-tables.c -- the texts that repeat the host services' tables
 * say what the tables say: every function code, every FCB field's
 * offset, length and type, every file mode, every base cost.
 *
 *   vm/host/runtime/IMPSVC.s   HS_* and FCB_* EQUs
 *   vm/host/runtime/IMPFCB.s   the FCB DSECT (offsets counted from its DS lengths)
 *   vm/host/services.h    the comment's lists of codes and FCB fields
 *   man/imprun.1.in       the services table, the FCB table, the modes,
 *                         the FCB's size, the cycle-cost table, the list
 *                         of SVC numbers
 *   imp(7)                the services table (generated from SVC_FUNCS:
 *                         this checks the generator), the FCB paragraph,
 *                         IMPFCB's labels
 *
 * The tables are SVC_FUNCS, SVC_FCB_FIELDS and SVC_MODES (services.h).
 * Files are read from $IMP_TOP, or the current directory (the top of the
 * tree, where `make check' runs the tests); the generated imp.7 from
 * $IMP_BUILD/man, or build/man.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "services.h"
#include "tap.h"

struct svc_row { unsigned code; const char *name; unsigned base, svc; };
static const struct svc_row funcs[] = {
#define X(code, svc, name, base, what) { code, #name, base, svc },
    SVC_FUNCS(X)
#undef X
};
enum { NFUNCS = sizeof funcs / sizeof funcs[0] };

struct fcb_row { unsigned off, len; const char *type, *label, *field; };
static const struct fcb_row fields[] = {
#define X(name, off, len, type, label, field) { off, len, #type, #label, field },
    SVC_FCB_FIELDS(X)
#undef X
};
enum { NFIELDS = sizeof fields / sizeof fields[0] };

struct mode_row { unsigned value; const char *label, *what; };
static const struct mode_row modes[] = {
#define X(value, name, label, what) { value, #label, what },
    SVC_MODES(X)
#undef X
};
enum { NMODES = sizeof modes / sizeof modes[0] };

/* The whole file dir/path, NUL-terminated, where dir is $env or dflt;
 * NULL if it cannot be read. */
static char *slurp(const char *env, const char *dflt, const char *path)
{
    const char *dir = getenv(env);
    char full[1024];
    snprintf(full, sizeof full, "%s/%s", dir && *dir ? dir : dflt, path);
    FILE *f = fopen(full, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, k;
    char *b = malloc(cap);
    while (b && (k = fread(b + n, 1, cap - n - 1, f)) > 0)
        if ((n += k) + 1 == cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb)
                free(b);
            b = nb;
        }
    fclose(f);
    if (b)
        b[n] = 0;
    return b;
}

/* The next line of *p (without its newline, in buf), or NULL at the end. */
static const char *next_line(const char **p, char *buf, size_t size)
{
    if (!**p)
        return NULL;
    size_t n = strcspn(*p, "\n");
    size_t k = n < size - 1 ? n : size - 1;
    memcpy(buf, *p, k);
    buf[k] = 0;
    *p += n + ((*p)[n] == '\n');
    return buf;
}

/* The text with every run of white space (newlines too) one blank. */
static char *squeeze(const char *text)
{
    char *s = malloc(strlen(text) + 1), *o = s;
    for (const char *t = text; s && *t; t++)
        if (isspace((unsigned char)*t)) {
            if (o > s && o[-1] != ' ')
                *o++ = ' ';
        } else
            *o++ = *t;
    if (s)
        *o = 0;
    return s;
}

static const struct svc_row *func_named(const char *name)
{
    for (int i = 0; i < NFUNCS; i++)
        if (strcmp(funcs[i].name, name) == 0)
            return &funcs[i];
    return NULL;
}

/* IMPSVC: "HS_name EQU X'ccc'" per function, "SV_name EQU n" per SVC
 * number, "label EQU v" per mode. */
static void check_impsvc(const char *text)
{
    char line[512], label[64], val[64];
    int nhs = 0, nfcb = 0, nsv = 0, want_sv = 0;
    for (int i = 0; i < NFUNCS; i++)
        want_sv += funcs[i].svc != 0;
    for (const char *p = text; next_line(&p, line, sizeof line);) {
        if (sscanf(line, "%63s EQU %63s", label, val) != 2)
            continue;
        if (strncmp(label, "HS_", 3) == 0) {
            nhs++;
            const struct svc_row *r = func_named(label + 3);
            unsigned code;
            if (!check(r) || !check(sscanf(val, "X'%x'", &code) == 1))
                printf("#   IMPSVC: %s\n", line);
            else
                check_uint(code, ==, r->code);
        } else if (strncmp(label, "SV_", 3) == 0) {
            nsv++;
            const struct svc_row *r = func_named(label + 3);
            if (!check(r && r->svc))
                printf("#   IMPSVC: %s\n", line);
            else
                check_uint(strtoul(val, NULL, 10), ==, r->svc);
        } else if (strncmp(label, "FCB_", 4) == 0) {
            nfcb++;
            int found = 0;
            for (int i = 0; i < NMODES; i++)
                if (strcmp(modes[i].label, label) == 0) {
                    found = 1;
                    check_uint(strtoul(val, NULL, 10), ==, modes[i].value);
                }
            if (!check(found))
                printf("#   IMPSVC: %s\n", line);
        }
    }
    check_int(nhs, ==, NFUNCS);
    check_int(nsv, ==, want_sv);
    check_int(nfcb, ==, NMODES);
}

/* Bytes of a DS operand: CL8, F, A, H, X. */
static unsigned ds_length(const char *op)
{
    if (op[0] == 'C' && op[1] == 'L')
        return (unsigned)strtoul(op + 2, NULL, 10);
    switch (op[0]) {
    case 'F': case 'A': return 4;
    case 'H': return 2;
    default: return 1;
    }
}

/* IMPFCB: the DSECT's labels, offsets, types and lengths, and FCBLEN. */
static void check_impfcb(const char *text)
{
    char line[512], label[64], op[64], operand[64];
    int in = 0, k = 0;
    unsigned off = 0;
    for (const char *p = text; next_line(&p, line, sizeof line);) {
        int n = line[0] == '*' ? 0 : sscanf(line, "%63s %63s %63s", label, op, operand);
        if (n >= 2 && strcmp(op, "DSECT") == 0) {
            in = 1;
            continue;
        }
        if (!in || n != 3)
            continue;
        if (strcmp(op, "DS") == 0) {
            if (!check(k < NFIELDS))
                break;
            check_str(label, fields[k].label);
            check_str(operand, fields[k].type);
            check_uint(off, ==, fields[k].off);
            check_uint(ds_length(operand), ==, fields[k].len);
            off += ds_length(operand);
            k++;
        } else if (strcmp(op, "EQU") == 0 && strcmp(label, "FCBLEN") == 0)
            check_uint(off, ==, SVC_FCB_LEN);
    }
    check_int(k, ==, NFIELDS);
    check_uint(fields[NFIELDS - 1].off + fields[NFIELDS - 1].len, ==, SVC_FCB_LEN);
}

/* services.h's comment: " *   ccc NAME ..." and " *   +off TYPE field ...". */
static void check_header(const char *text)
{
    char line[512], name[64], type[16], field[64];
    unsigned code, off;
    int k = 0, f = 0;
    for (const char *p = text; next_line(&p, line, sizeof line);) {
        if (sscanf(line, " *   %3x %63s", &code, name) == 2 && isupper((unsigned char)name[0]) &&
            strlen(line) > 8 && isxdigit((unsigned char)line[5]) && line[8] == ' ') {
            if (check(k < NFUNCS)) {
                check_uint(code, ==, funcs[k].code);
                check_str(name, funcs[k].name);
            }
            k++;
        } else if (sscanf(line, " *   +%u %15s %63s", &off, type, field) == 3) {
            if (check(f < NFIELDS)) {
                check_uint(off, ==, fields[f].off);
                check_str(type, fields[f].type);
                check_str(field, fields[f].field);
            }
            f++;
        }
    }
    check_int(k, ==, NFUNCS);
    check_int(f, ==, NFIELDS);
}

/* "0 text input, 1 text output, ..." */
static void mode_list(char *buf, size_t size)
{
    size_t n = 0;
    for (int i = 0; i < NMODES && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%u %s", i ? ", " : "", modes[i].value,
                              modes[i].what);
}

/* imprun(1): the tables of services, FCB fields and costs, the modes. */
static void check_imprun(const char *text)
{
    char line[512], name[64], type[16], field[64], want[256], *sq;
    unsigned code, off;
    int k = 0, f = 0, costs = 0, seen[NFUNCS] = { 0 };
    mode_list(want, sizeof want);
    for (const char *p = text; next_line(&p, line, sizeof line);) {
        if (strlen(line) > 4 && isxdigit((unsigned char)line[0]) && line[3] == '\t' &&
            sscanf(line, "%3x\t%63[^\t]", &code, name) == 2) {
            if (check(k < NFUNCS)) {
                check_uint(code, ==, funcs[k].code);
                check_str(name, funcs[k].name);
            }
            k++;
        } else if (sscanf(line, "+%u\t%15[^\t]\t%63[^\t]", &off, type, field) == 3) {
            if (check(f < NFIELDS)) {
                check_uint(off, ==, fields[f].off);
                check_str(type, fields[f].type);
                check_str(field, fields[f].field);
            }
            if (strcmp(field, "mode") == 0 && next_line(&p, line, sizeof line))
                check_str(line, want);
            f++;
        } else if (strcmp(line, "function\tbase cycles") == 0)
            costs = 1;
        else if (costs && strcmp(line, ".TE") == 0)
            costs = 0;
        else if (costs && strchr(line, '\t')) {
            char *tab = strchr(line, '\t');
            unsigned cycles = (unsigned)strtoul(tab + 1, NULL, 10);
            *tab = 0;
            if (strcmp(line, "a call ending in an exception") == 0) {
                check_uint(cycles, ==, SVC_BAD_CYCLES);
                continue;
            }
            for (char *n = strtok(line, ", "); n; n = strtok(NULL, ", ")) {
                const struct svc_row *r = func_named(n);
                if (!check(r)) {
                    printf("#   imprun(1) costs: %s\n", n);
                    continue;
                }
                check_uint(cycles, ==, r->base);
                seen[r - funcs]++;
            }
        }
    }
    check_int(k, ==, NFUNCS);
    check_int(f, ==, NFIELDS);
    for (int i = 0; i < NFUNCS; i++)
        if (!check(seen[i] == 1))
            printf("#   imprun(1) costs: %s listed %d times\n", funcs[i].name, seen[i]);
    snprintf(want, sizeof want, "An FCB is %d bytes", SVC_FCB_LEN);
    check(strstr(text, want));
    snprintf(want, sizeof want, "a mode other than %u\\-%u", modes[0].value,
             modes[NMODES - 1].value);
    sq = squeeze(text);
    if (!check(sq && strstr(sq, want)))
        printf("#   wanted: %s\n", want);
    /* the list of SVC numbers: "EXIT 3," ... "SUPER 250;" */
    for (int i = 0; sq && i < NFUNCS; i++) {
        if (!funcs[i].svc)
            continue;
        char a[64], b[64];
        snprintf(a, sizeof a, " %s %u,", funcs[i].name, funcs[i].svc);
        snprintf(b, sizeof b, " %s %u;", funcs[i].name, funcs[i].svc);
        if (!check(strstr(sq, a) || strstr(sq, b)))
            printf("#   imprun(1) SVC numbers: wanted %s %u\n", funcs[i].name, funcs[i].svc);
    }
    free(sq);
}

/* imp(7): the services table (in HOST SERVICES), the FCB paragraph, the
 * IMPFCB labels. */
static void check_imp7(const char *text)
{
    char line[512], label[64], name[64], want[256];
    unsigned code;
    int k = 0, in = 0;
    for (const char *p = text; next_line(&p, line, sizeof line);)
        if (strncmp(line, ".SH", 3) == 0)
            in = strcmp(line, ".SH \"HOST SERVICES\"") == 0;
        else if (in && strlen(line) > 4 && isxdigit((unsigned char)line[0]) && line[3] == '\t' &&
            sscanf(line, "%3x\t%63[^\t]\t%63[^\t]", &code, label, name) == 3) {
            if (check(k < NFUNCS)) {
                check_uint(code, ==, funcs[k].code);
                check(strncmp(label, "HS_", 3) == 0 && strcmp(label + 3, funcs[k].name) == 0);
                check_str(name, funcs[k].name);
            }
            k++;
        }
    check_int(k, ==, NFUNCS);
    char *sq = squeeze(text);
    if (!check(sq))
        return;
    snprintf(want, sizeof want, "is %d bytes, fullword aligned", SVC_FCB_LEN);
    check(strstr(sq, want));
    for (int i = 0; i < NFIELDS; i++) {
        snprintf(want, sizeof want, "+%u %s ", fields[i].off, fields[i].type);
        if (!check(strstr(sq, want)))
            printf("#   wanted: %s\n", want);
    }
    want[0] = '(';
    mode_list(want + 1, sizeof want - 2);
    strcat(want, ")");
    if (!check(strstr(sq, want)))
        printf("#   wanted: %s\n", want);
    size_t n = (size_t)snprintf(want, sizeof want, "(");
    for (int i = 0; i < NFIELDS; i++)
        n += (size_t)snprintf(want + n, sizeof want - n, "%s, ", fields[i].label);
    snprintf(want + n, sizeof want - n, "FCBLEN)");
    if (!check(strstr(sq, want)))
        printf("#   wanted: %s\n", want);
    free(sq);
}

int main(void)
{
    static const struct {
        const char *env, *dflt, *path;
        void (*fn)(const char *text);
    } files[] = {
        { "IMP_TOP", ".", "vm/host/runtime/IMPSVC.s", check_impsvc },
        { "IMP_TOP", ".", "vm/host/runtime/IMPFCB.s", check_impfcb },
        { "IMP_TOP", ".", "vm/host/services.h", check_header },
        { "IMP_TOP", ".", "man/imprun.1.in", check_imprun },
        { "IMP_BUILD", "build", "man/imp.7", check_imp7 },
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *text = slurp(files[i].env, files[i].dflt, files[i].path);
        printf("# %s\n", files[i].path);
        if (!check(text))
            continue;
        files[i].fn(text);
        free(text);
    }
    return tap_done();
}
