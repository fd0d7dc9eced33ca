/*
 * gen-imprun1.c -- generate imprun(1) from its template, imprun's option
 * table (options.def) and the monitors' settings (vm/hpm/hpm.def), so
 * the manual's OPTIONS cannot drift from the options imprun takes.
 *
 *   gen-imprun1 imprun.1.in > imprun.1
 *
 * The template is copied line by line, except:
 *
 *   .\" @OPTIONS@       becomes the entries: group by group of
 *                       IMPRUN_GROUPS (a .SS heading and the group's
 *                       text), one .TP per option in table order (the
 *                       monitors' settings first among the monitors),
 *                       its tag drawn from the row's form;
 *   .\" @OPTION KEY     starts the text of option KEY (its long name;
 *                       "I" for -I), up to the next line that starts
 *                       with .\" @ -- an entry without one gets the
 *                       row's --help line;
 *   .\" @GROUP CODE     the same for the text under a group's heading;
 *   .\" @END            ends such a text.
 *
 * A text for an option or group that does not exist, or a second text
 * for one, is an error: exit 1 with file:line: error: ...; 2 on usage.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hpm.h"
#include "roff.h"

#define DOC_ONLY (-1)
#define no_argument 0
#define required_argument 1
#define optional_argument 2

struct group {
    const char *code, *title;       /* title: the .SS heading, or NULL */
};

static const struct group groups[] = {
#define G(code, heading, title) { #code, title },
#define IMPRUN_OPT(code, name, arg, form, group, set, help)
#include "options.def"
    IMPRUN_GROUPS(G)
#undef IMPRUN_OPT
#undef G
};
#define NGROUPS (sizeof groups / sizeof groups[0])

struct option_row {
    const char *name, *form, *group, *help;
};

static const struct option_row rows[] = {
#define IMPRUN_OPT(code, name, arg, form, group, set, help) { name, form, #group, help },
#include "options.def"
#undef IMPRUN_OPT
};
#define NROWS (sizeof rows / sizeof rows[0])

/* A text of the template: the lines after a @OPTION or @GROUP marker. */
struct text {
    char kind;                      /* 'O' option, 'G' group */
    char *key;
    char *body;                     /* its lines, each with its newline */
    int line;                       /* the marker's line, for messages */
    int used;
};

struct gen {
    const char *file;
    struct text *texts;
    size_t ntexts;
    char **lines;                   /* the template's other lines */
    size_t nlines;
    int errors;
};

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) {
        fputs("gen-imprun1: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

static char *xstrdup(const char *s)
{
    char *d = xrealloc(NULL, strlen(s) + 1);
    return strcpy(d, s);
}

static void append(char **body, const char *line)
{
    size_t n = *body ? strlen(*body) : 0;
    *body = xrealloc(*body, n + strlen(line) + 1);
    strcpy(*body + n, line);
}

/* The key of option row r: its long name, or the letter of "-I DIR". */
static const char *row_key(const struct option_row *r, char *buf, size_t size)
{
    if (r->name)
        return r->name;
    const char *f = r->form;
    while (*f == '-')
        f++;
    size_t n = strcspn(f, " =[");
    snprintf(buf, size, "%.*s", (int)n, f);
    return buf;
}

static struct text *find_text(struct gen *g, char kind, const char *key)
{
    for (size_t i = 0; i < g->ntexts; i++)
        if (g->texts[i].kind == kind && strcmp(g->texts[i].key, key) == 0)
            return &g->texts[i];
    return NULL;
}

static int option_exists(const char *key)
{
    char buf[32];
    for (size_t i = 0; i < NROWS; i++)
        if (strcmp(row_key(&rows[i], buf, sizeof buf), key) == 0)
            return 1;
    return hpm_setting_find(key, NULL) != NULL;
}

static int group_exists(const char *code)
{
    for (size_t i = 0; i < NGROUPS; i++)
        if (strcmp(groups[i].code, code) == 0)
            return 1;
    return 0;
}

/* Read the template: its texts apart, every other line in order. */
static int read_template(struct gen *g, FILE *in)
{
    char line[4096];
    struct text *cur = NULL;
    int n = 0;
    while (fgets(line, sizeof line, in)) {
        n++;
        if (strncmp(line, ".\\\" @", 5) == 0 && strcmp(line, ".\\\" @OPTIONS@\n") != 0) {
            cur = NULL;
            char kind = strncmp(line + 5, "OPTION ", 7) == 0 ? 'O'
                        : strncmp(line + 5, "GROUP ", 6) == 0 ? 'G' : 0;
            if (strcmp(line + 5, "END\n") == 0)
                continue;
            if (!kind) {
                fprintf(stderr, "%s:%d: error: unknown marker %s", g->file, n, line);
                g->errors++;
                continue;
            }
            char *key = line + 5 + (kind == 'O' ? 7 : 6);
            key[strcspn(key, " \n")] = '\0';
            if (kind == 'O' ? !option_exists(key) : !group_exists(key)) {
                fprintf(stderr, "%s:%d: error: imprun has no %s '%s'\n", g->file, n,
                        kind == 'O' ? "option" : "group of options", key);
                g->errors++;
                continue;
            }
            if (find_text(g, kind, key)) {
                fprintf(stderr, "%s:%d: error: a second text for '%s'\n", g->file, n, key);
                g->errors++;
                continue;
            }
            g->texts = xrealloc(g->texts, (g->ntexts + 1) * sizeof *g->texts);
            cur = &g->texts[g->ntexts++];
            *cur = (struct text){ kind, xstrdup(key), NULL, n, 0 };
            continue;
        }
        if (cur) {
            append(&cur->body, line);
            continue;
        }
        g->lines = xrealloc(g->lines, (g->nlines + 1) * sizeof *g->lines);
        g->lines[g->nlines++] = xstrdup(line);
    }
    return ferror(in) ? -1 : 0;
}

/* An option's form as a tag: literal parts bold, the upper-case words
 * (the values to give) italic, brackets and bars roman. */
static void tag(FILE *out, const char *form)
{
    char font = 'R';
    for (const char *s = form; *s;) {
        char want;
        size_t n = 1;
        if (isupper((unsigned char)*s) && (s == form || !isalpha((unsigned char)s[-1]))) {
            want = 'I';
            while (isupper((unsigned char)s[n]) || isdigit((unsigned char)s[n]) || s[n] == '_')
                n++;
        } else if (strchr("[]|", *s) || strncmp(s, "...", 3) == 0) {
            want = 'R';
            n = *s == '.' ? 3 : 1;
        } else
            want = 'B';
        if (want != font)
            fprintf(out, "\\f%c", want);
        font = want;
        for (size_t i = 0; i < n; i++)
            if (s[i] == '-')
                fputs("\\-", out);
            else
                fputc(s[i], out);
        s += n;
    }
    fputs(font == 'R' ? "\n" : "\\fR\n", out);
}

/* One entry: .TP, the tag, the template's text or the help line. */
static void entry(struct gen *g, FILE *out, const char *key, const char *form, const char *help)
{
    fputs(".TP\n", out);
    tag(out, form);
    struct text *t = find_text(g, 'O', key);
    if (t) {
        t->used = 1;
        fputs(t->body ? t->body : "", out);
        return;
    }
    /* the help line, capitalised, its lines joined, with a full stop */
    char buf[512];
    size_t n = 0;
    for (const char *h = help; *h && n + 1 < sizeof buf; h++)
        buf[n++] = *h == '\n' ? ' ' : *h;
    buf[n] = '\0';
    if (buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
    roff_text(out, buf);
    fputs(".\n", out);
}

static void options_section(struct gen *g, FILE *out)
{
    for (size_t k = 0; k < NGROUPS; k++) {
        if (groups[k].title)
            fprintf(out, ".SS \"%s\"\n", groups[k].title);
        struct text *t = find_text(g, 'G', groups[k].code);
        if (t) {
            t->used = 1;
            fputs(t->body ? t->body : "", out);
        }
        if (strcmp(groups[k].code, "MONITORS") == 0)
            for (const struct hpm_class *const *c = hpm_classes; *c; c++)
                for (const struct hpm_setting *s = (*c)->settings; s->name; s++) {
                    char form[160];
                    snprintf(form, sizeof form, "--%s%s%s%s%s", s->name, s->optional ? "[" : "",
                             s->arg[0] ? "=" : "", s->arg, s->optional ? "]" : "");
                    entry(g, out, s->name, form, s->help);
                }
        for (size_t i = 0; i < NROWS; i++) {
            char buf[32];
            if (strcmp(rows[i].group, groups[k].code) == 0)
                entry(g, out, row_key(&rows[i], buf, sizeof buf), rows[i].form, rows[i].help);
        }
    }
}

/* Everything read_template kept. */
static void gen_free(struct gen *g)
{
    for (size_t i = 0; i < g->ntexts; i++) {
        free(g->texts[i].key);
        free(g->texts[i].body);
    }
    free(g->texts);
    for (size_t i = 0; i < g->nlines; i++)
        free(g->lines[i]);
    free(g->lines);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: gen-imprun1 imprun.1.in > imprun.1\n", stderr);
        return 2;
    }
    struct gen g = { .file = argv[1] };
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    int rd = read_template(&g, in);
    fclose(in);
    if (rd) {
        perror(argv[1]);
        gen_free(&g);
        return 1;
    }
    int placed = 0;
    for (size_t i = 0; i < g.nlines; i++)
        if (strcmp(g.lines[i], ".\\\" @OPTIONS@\n") == 0) {
            options_section(&g, stdout);
            placed++;
        } else
            fputs(g.lines[i], stdout);
    if (placed != 1) {
        fprintf(stderr, "%s: error: wants one line .\\\" @OPTIONS@, has %d\n", g.file, placed);
        g.errors++;
    }
    for (size_t i = 0; i < g.ntexts; i++)
        if (!g.texts[i].used) {
            fprintf(stderr, "%s:%d: error: the text of '%s' is in no entry\n", g.file,
                    g.texts[i].line, g.texts[i].key);
            g.errors++;
        }
    gen_free(&g);
    if (fflush(stdout) != 0 || ferror(stdout))
        return 1;
    return g.errors ? 1 : 0;
}
