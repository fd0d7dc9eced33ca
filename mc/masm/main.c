/*
 * main.c -- impmc, the IMP micro-assembler: command line, reading the
 * sources, the passes, and writing outputs safely (temporary file, then
 * rename, so a failed run never leaves a partial image).
 *
 * Exit status: 0 ok (warnings allowed), 1 errors in the microprogram,
 * 2 usage error or unreadable/unwritable file.
 */
#include "masm.h"
#include "fileset.h"
#include "number.h"
#include "outfile.h"
#include "readfile.h"
#include "tmpclean.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void mc_field_reference(FILE *out);

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: impmc [options] FILE.mc...\n"
        "Assemble horizontal microcode for the IMP machine into a control-store image.\n\n"
        "  -o FILE             image (default: first FILE with .mc replaced by .mcs)\n"
        "  -l, --listing=FILE  listing ('-' for standard output)\n"
        "  -m, --map=FILE      symbol map: labels, vectors, dispatch table\n"
        "      --emit-c=FILE   also write the image as a C string (for the built-in store)\n"
        "      --c-name=NAME   name of that string (default vm_default_control_store)\n"
        "      --fields        print the microword field reference (roff) and exit\n"
        "      --max-errors=N  stop after N errors (default 50)\n"
        "  -W error, --werror  treat warnings as errors\n"
        "  -h, --help          this help\n"
        "  -V, --version       version\n\n"
        "The language and the image format are described in impmc(5).\n");
}

static int read_source(struct masm *m, const char *path)
{
    char *buf;
    size_t len;
    int err = read_file(path, (size_t)1 << 24, &buf, &len);
    if (err) {
        diag_error(&m->diag, "cannot read %s: %s", path, strerror(err));
        return -1;
    }
    if (memchr(buf, 0, len)) {
        free(buf);
        diag_error(&m->diag, "%s: not a text file", path);
        return -1;
    }
    struct srcfile *nf = realloc(m->files, (size_t)(m->nfiles + 1) * sizeof *nf);
    if (!nf)
        abort();
    m->files = nf;
    struct srcfile *sf = &m->files[m->nfiles++];
    sf->path = strdup(path);
    sf->text = buf;
    sf->nlines = 0;
    for (size_t i = 0; i < len; i++)
        if (buf[i] == '\n')
            sf->nlines++;
    if (len && buf[len - 1] != '\n')
        sf->nlines++;
    sf->lines = malloc(((size_t)sf->nlines + 1) * sizeof *sf->lines);
    int n = 0;
    sf->lines[n++] = buf;
    for (size_t i = 0; i + 1 < len; i++)
        if (buf[i] == '\n')
            sf->lines[n++] = buf + i + 1;
    return 0;
}

static int w_image(struct masm *m, FILE *f, const char *a) { (void)a; return mc_image_write(f, &m->img); }
static int w_list(struct masm *m, FILE *f, const char *a) { (void)a; return masm_write_listing(m, f); }
static int w_map(struct masm *m, FILE *f, const char *a) { (void)a; return masm_write_map(m, f); }
static int w_c(struct masm *m, FILE *f, const char *a) { return masm_write_c(m, f, a); }

typedef int (*writer_fn)(struct masm *, FILE *, const char *);

/*
 * Write the n outputs paths[i] (NULL: not asked for) with fns[i], then
 * commit them all, or none after any error; 0, or -1 after reporting.
 */
static int write_outputs(struct masm *m, const char *const *paths, const writer_fn *fns, int n,
                         const char *cname)
{
    struct outfile of[4], *all[4] = { NULL };
    int bad = 0;
    for (int i = 0; i < n && !bad; i++) {
        if (!paths[i])
            continue;
        if (!outfile_open(&of[i], paths[i], &m->diag)) {
            bad = 1;
            break;
        }
        all[i] = &of[i];
        if (fns[i](m, of[i].f, cname) != 0 && !ferror(of[i].f)) {
            diag_error(&m->diag, "cannot write %s: out of memory", paths[i]);
            bad = 1;
        }                   /* write errors are found by the commit */
    }
    if (bad) {
        for (int i = 0; i < n; i++)
            if (all[i])
                outfile_abort(all[i]);
        return -1;
    }
    return outfile_commit_all(all, n, &m->diag);
}

/* Refuse an output that is an input or another output; 0 or -1. */
static int check_files(struct masm *m, char **srcs, int nsrcs, const char *const *paths,
                       const char *const *whats, int n)
{
    struct fileset fs;
    fileset_init(&fs, &m->diag);
    int bad = 0;
    for (int i = 0; i < nsrcs && !bad; i++)
        bad = fileset_add(&fs, FILE_IN, srcs[i], "the source");
    for (int i = 0; i < n && !bad; i++)
        bad = fileset_add(&fs, FILE_OUT, paths[i], whats[i]);
    fileset_free(&fs);
    return bad ? -1 : 0;
}

static char *default_output(const char *src)
{
    const char *base = strrchr(src, '/');
    base = base ? base + 1 : src;
    size_t n = strlen(base);
    char *out = malloc(n + 5);
    memcpy(out, base, n + 1);
    if (n > 3 && strcmp(out + n - 3, ".mc") == 0)
        out[n - 3] = 0;
    strcat(out, ".mcs");
    return out;
}

/* 1 if s may name a C object: an identifier that is not a keyword. */
static int c_identifier(const char *s)
{
    static const char *const keywords[] = {
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
        "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
        "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
        "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Alignas",
        "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
        "_Static_assert", "_Thread_local",
    };
    if (!(isalpha((unsigned char)s[0]) || s[0] == '_') || strlen(s) > 255)
        return 0;
    for (const char *p = s; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_') || (unsigned char)*p > 0x7F)
            return 0;
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (strcmp(s, keywords[i]) == 0)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        { "listing", required_argument, 0, 'l' }, { "map", required_argument, 0, 'm' },
        { "emit-c", required_argument, 0, 'C' }, { "c-name", required_argument, 0, 'N' },
        { "fields", no_argument, 0, 'F' }, { "max-errors", required_argument, 0, 'E' },
        { "werror", no_argument, 0, 'w' }, { "help", no_argument, 0, 'h' },
        { "version", no_argument, 0, 'V' }, { 0, 0, 0, 0 },
    };
    struct masm m;
    memset(&m, 0, sizeof m);
    diag_init(&m.diag, "impmc");
    tmpclean_install();
    m.diag.max_errors = 50;
    const char *out = NULL, *listing = NULL, *map = NULL, *cfile = NULL;
    const char *cname = "vm_default_control_store";
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:l:m:W:hV", opts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'l': listing = optarg; break;
        case 'm': map = optarg; break;
        case 'C': cfile = optarg; break;
        case 'N':
            if (!c_identifier(optarg)) {
                fprintf(stderr, "impmc: --c-name: '%s' is not a C identifier "
                        "(a letter or _, then letters, digits or _; not a keyword)\n", optarg);
                return 2;
            }
            cname = optarg;
            break;
        case 'F': mc_field_reference(stdout); return outfile_close_stdout(&m.diag) ? 2 : 0;
        case 'E':
            if (diag_set_max_errors(&m.diag, optarg) != 0)
                return 2;
            break;
        case 'w': m.diag.werror = 1; break;
        case 'W':
            if (strcmp(optarg, "error") != 0) {
                fprintf(stderr, "impmc: unknown warning option '-W %s'\n", optarg);
                return 2;
            }
            m.diag.werror = 1;
            break;
        case 'h': usage(stdout); return outfile_close_stdout(&m.diag) ? 2 : 0;
        case 'V':
            printf("impmc (IMP) %s\n", IMP_VERSION);
            return outfile_close_stdout(&m.diag) ? 2 : 0;
        case ':':
            fprintf(stderr, "impmc: option '%s' needs an argument\n", argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "impmc: unknown option '%s'\n", argv[optind - 1]);
            usage(stderr);
            return 2;
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "impmc: no input files\n");
        usage(stderr);
        return 2;
    }
    char *def = out ? NULL : default_output(argv[optind]);
    const char *paths[4] = { out ? out : def, listing, map, cfile };
    static const char *const whats[4] = { "the image (-o)", "the listing (-l)", "the map (-m)",
                                          "the C file (--emit-c)" };
    static const writer_fn fns[4] = { w_image, w_list, w_map, w_c };
    if (check_files(&m, argv + optind, argc - optind, paths, whats, 4) != 0) {
        free(def);
        return 2;
    }
    for (int i = optind; i < argc; i++)
        if (read_source(&m, argv[i]) < 0) {
            masm_free(&m);
            free(def);
            return 2;
        }
    for (int i = 0; i < m.nfiles; i++)
        masm_parse_file(&m, i);
    int rc = 1;
    if (!m.diag.errors && masm_assign(&m) == 0 && masm_encode(&m) == 0 && masm_check(&m) == 0 &&
        !m.diag.errors)
        rc = write_outputs(&m, paths, fns, 4, cname) != 0 ? 2 : 0;
    free(def);
    if (outfile_close_stdout(&m.diag) != 0 && rc == 0)
        rc = 2;
    masm_free(&m);
    return rc;
}
