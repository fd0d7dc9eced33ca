/*
 * main.c -- the impas command: options, file names, exit status.
 *
 *   impas [options] FILE.s
 * Exit: 0 assembled (warnings allowed), 1 errors in the source (no object
 * written, an earlier one removed), 2 usage error or unreadable source.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm.h"
#include "home.h"
#include "fileset.h"
#include "number.h"
#include "outfile.h"
#include "tmpclean.h"

static void usage(FILE *f)
{
    fputs("Usage: impas [options] FILE.s\n"
          "Assemble a System/370 (HLASM-style) source file into an IMP object module.\n"
          "\n"
          "  -o FILE            object module (default: FILE.s with .o, in the current dir)\n"
          "  -l, --listing=FILE write a listing to FILE ('-' for standard output)\n"
          "  -I DIR             search DIR for COPY members and macros (after the source's\n"
          "                     directory; then $IMP_MACLIB and IMP's macro library)\n"
          "      --sysparm=STR  the value of &SYSPARM\n"
          "      --sysdate      &SYSDATE and &SYSTIME are today's (default: fixed values)\n"
          "      --max-errors=N stop after N errors (default 50, 0 = no limit)\n"
          "      --max-macro-text=SIZE  bytes of text macros and SET symbols may make\n"
          "                     (default 64M; K, M, G suffixes)\n"
          "      --max-macro-statements=N  statements macros may make, and open-code\n"
          "                     statements AGO/AIF may go back to (default 2M)\n"
          "      --max-branches=N  AIF/AGO branches in open code, whatever ACTR says\n"
          "                     (default 1M)\n"
          "      --mnote-console  show every MNOTE's message on standard error too\n"
          "  -W error, --werror treat warnings as errors\n"
          "      --help         show this help and exit\n"
          "      --version      show the version and exit\n"
          "\n"
          "Exit status: 0 ok, 1 errors in the source, 2 usage error or unreadable file.\n"
          "See impas(1).\n", f);
}

/* Default object name: the base name with .s/.asm replaced by .o. */
static char *object_name(const char *src)
{
    const char *base = strrchr(src, '/');
    base = base ? base + 1 : src;
    size_t n = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot && (strcmp(dot, ".s") == 0 || strcmp(dot, ".asm") == 0 || strcmp(dot, ".S") == 0 ||
                strcmp(dot, ".mlc") == 0))
        n = (size_t)(dot - base);
    char *o = malloc(n + 3);
    if (!o)
        return NULL;
    memcpy(o, base, n);
    memcpy(o + n, ".o", 3);
    return o;
}

/*
 * Assemble src into the object out and the listing (or NULL), both
 * committed together (all or none).  The listing is kept when the source
 * has errors (it shows them); the object is then not written, and the
 * object of an earlier assembly at out is removed: it no longer stands
 * for the source, and a link would take it without a word (GNU as
 * removes its output so too).
 */
static int write_outputs(struct diag *d, const char *src, const char *out, const char *listing,
                         const char **inc, int ninc, struct asm_options *mo)
{
    struct fileset fs;
    fileset_init(&fs, d);
    int bad = fileset_add(&fs, FILE_IN, src, "the source") ||
              fileset_add(&fs, FILE_OUT, out, "the object (-o)") ||
              fileset_add(&fs, FILE_OUT, listing, "the listing (-l)");
    fileset_free(&fs);
    if (bad)
        return 2;
    struct outfile lo, oo;
    FILE *lf = NULL;
    if (listing && !(lf = outfile_open(&lo, listing, d)))
        return 2;
    struct asm_options o = *mo;
    o.incdirs = inc;
    o.nincdirs = ninc;
    o.listing = lf;
    struct assembler *as = asm_new(d, &o);
    int rc = as ? asm_run_file(as, src) : 2;
    struct outfile *all[2] = { lf ? &lo : NULL, NULL };
    if (rc == 0) {
        all[1] = outfile_open(&oo, out, d) ? &oo : NULL;
        if (!all[1])
            rc = 2;
        else if (obj_write_stream(asm_object(as), oo.f) != 0 && !ferror(oo.f)) {
            diag_error(d, "out of memory");
            rc = 2;
        }                           /* write errors are found by the commit */
    }
    asm_free(as);
    if (rc == 2) {
        for (int i = 0; i < 2; i++)     /* nothing was assembled, or no object */
            if (all[i])
                outfile_abort(all[i]);
    } else if (outfile_commit_all(all, 2, d) != 0) {
        rc = 2;
    } else if (rc == 1) {
        (void)outfile_remove(out, "the object of an earlier assembly", d);
    }
    return rc;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "listing", required_argument, NULL, 'l' },
        { "max-errors", required_argument, NULL, 'M' },
        { "werror", no_argument, NULL, 'E' },
        { "sysparm", required_argument, NULL, 'P' },
        { "sysdate", no_argument, NULL, 'D' },
        { "max-macro-text", required_argument, NULL, 'T' },
        { "max-macro-statements", required_argument, NULL, 'S' },
        { "max-branches", required_argument, NULL, 'B' },
        { "mnote-console", no_argument, NULL, 'N' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    struct diag d;
    diag_init(&d, "impas");
    tmpclean_install();
    const char *out = NULL, *listing = NULL;
    const char **inc = NULL;
    int ninc = 0, c;
    struct asm_options mo = { 0 };
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:l:I:W:", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'l': listing = optarg; break;
        case 'I': {
            const char **ni = realloc(inc, sizeof *inc * (size_t)(ninc + 1));
            if (!ni) { free(inc); return 2; }
            inc = ni;
            inc[ninc++] = optarg;
            break;
        }
        case 'W':
            if (strcmp(optarg, "error") != 0) {
                fprintf(stderr, "impas: unknown warning option '-W %s'\n", optarg);
                free(inc);
                return 2;
            }
            d.werror = 1;
            break;
        case 'E': d.werror = 1; break;
        case 'P': mo.sysparm = optarg; break;
        case 'D': mo.real_date = 1; break;
        case 'N': mo.mnote_console = 1; break;
        case 'T': case 'S': case 'B': {
            uint64_t v;
            if (parse_number_in(optarg, c == 'T' ? NUM_BINARY : NUM_DECIMAL, 1,
                                c == 'T' ? (uint64_t)1 << 40 : (uint64_t)1 << 40, &v) != 0) {
                fprintf(stderr, "impas: invalid %s '%s': a number from 1%s\n",
                        c == 'T' ? "--max-macro-text" : c == 'S' ? "--max-macro-statements"
                                                                : "--max-branches",
                        optarg, c == 'T' ? " (K, M, G suffixes)" : " (k, M, G suffixes)");
                free(inc);
                return 2;
            }
            if (c == 'T') mo.macro_text = (long)v;
            else if (c == 'S') mo.macro_limit = (long)v;
            else mo.branch_limit = (long)v;
            break;
        }
        case 'M':
            if (diag_set_max_errors(&d, optarg) != 0) {
                free(inc);
                return 2;
            }
            break;
        case 'h': usage(stdout); free(inc); return outfile_close_stdout(&d) ? 2 : 0;
        case 'V':
            printf("impas (IMP) %s\n", IMP_VERSION);
            free(inc);
            return outfile_close_stdout(&d) ? 2 : 0;
        case ':':
            fprintf(stderr, "impas: option '%s' needs an argument\n", argv[optind - 1]);
            usage(stderr);
            free(inc);
            return 2;
        default:
            fprintf(stderr, "impas: unknown option '%s'\n", argv[optind - 1]);
            usage(stderr);
            free(inc);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, optind >= argc ? "impas: no source file given\n"
                                       : "impas: only one source file may be given\n");
        usage(stderr);
        free(inc);
        return 2;
    }
    /* The guest runtime's COPY members come last on the search path. */
    char rt[4096];
    if (home_runtime(rt, sizeof rt) == 0) {
        const char **ni = realloc(inc, sizeof *inc * (size_t)(ninc + 1));
        if (!ni) { free(inc); return 2; }
        inc = ni;
        inc[ninc++] = rt;
    }
    /* Macro libraries: the folders of $IMP_MACLIB (':' between them), then IMP's. */
    const char *libs[65];
    int nlibs = 0;
    char *envcopy = NULL, ml[4096];
    const char *env = getenv("IMP_MACLIB");
    if (env && *env && (envcopy = strdup(env)))
        for (char *p = strtok(envcopy, ":"); p && nlibs < 64; p = strtok(NULL, ":"))
            libs[nlibs++] = p;
    if (home_maclib(ml, sizeof ml) == 0)
        libs[nlibs++] = ml;
    mo.maclibs = libs;
    mo.nmaclibs = nlibs;
    const char *src = argv[optind];
    char *defout = out ? NULL : object_name(src);
    if (!out)
        out = defout;
    int rc = write_outputs(&d, src, out, listing, inc, ninc, &mo);
    free(envcopy);
    if (outfile_close_stdout(&d) != 0 && rc == 0)
        rc = 2;
    free(defout);
    free(inc);
    return rc;
}
