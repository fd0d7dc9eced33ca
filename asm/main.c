/*
 * main.c -- the impas command: options, file names, exit status.
 *
 *   impas [options] FILE.s
 * Exit: 0 assembled (warnings allowed), 1 errors in the source (no object
 * written), 2 usage error or unreadable source.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm.h"
#include "home.h"
#include "number.h"
#include "outfile.h"

static void usage(FILE *f)
{
    fputs("Usage: impas [options] FILE.s\n"
          "Assemble a System/370 (HLASM-style) source file into an IMP object module.\n"
          "\n"
          "  -o FILE            object module (default: FILE.s with .o, in the current dir)\n"
          "  -l, --listing=FILE write a listing to FILE ('-' for standard output)\n"
          "  -I DIR             search DIR for COPY members (after the source's directory)\n"
          "      --max-errors=N stop reporting after N errors (default 50, 0 = no limit)\n"
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
    if (dot && (strcmp(dot, ".s") == 0 || strcmp(dot, ".asm") == 0 || strcmp(dot, ".S") == 0))
        n = (size_t)(dot - base);
    char *o = malloc(n + 3);
    if (!o)
        return NULL;
    memcpy(o, base, n);
    memcpy(o + n, ".o", 3);
    return o;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "listing", required_argument, NULL, 'l' },
        { "max-errors", required_argument, NULL, 'M' },
        { "werror", no_argument, NULL, 'E' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    struct diag d;
    diag_init(&d, "impas");
    const char *out = NULL, *listing = NULL;
    const char **inc = NULL;
    int ninc = 0, c;
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
        case 'M': {
            uint64_t v;
            if (parse_number_in(optarg, NUM_PLAIN, 0, 1000000, &v) != 0) {
                fprintf(stderr, "impas: invalid --max-errors value '%s'\n", optarg);
                free(inc);
                return 2;
            }
            d.max_errors = (int)v;
            break;
        }
        case 'h': usage(stdout); free(inc); return 0;
        case 'V': printf("impas (IMP) %s\n", IMP_VERSION); free(inc); return 0;
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
    const char *src = argv[optind];
    char *defout = out ? NULL : object_name(src);
    if (!out)
        out = defout;
    struct outfile lo;
    FILE *lf = NULL;
    if (listing && !(lf = outfile_open(&lo, listing, &d))) {
        free(defout);
        free(inc);
        return 2;
    }
    struct asm_options o = { .incdirs = inc, .nincdirs = ninc, .listing = lf };
    struct assembler *as = asm_new(&d, &o);
    int rc = as ? asm_run_file(as, src) : 2;
    if (rc == 0 && obj_write(asm_object(as), out, &d) != 0)
        rc = 2;
    asm_free(as);
    if (lf && rc == 2 && d.errors)
        outfile_abort(&lo);         /* nothing was assembled */
    else if (lf && outfile_commit(&lo, &d) != 0)
        rc = rc ? rc : 2;
    free(defout);
    free(inc);
    return rc;
}
