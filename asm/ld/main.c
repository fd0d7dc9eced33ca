/*
 * main.c -- impld command line: link object modules into a load module,
 * with a load map, a CSECT cross-reference and a flat core image on
 * request; or disassemble a load module (-d).
 *
 * Exit status: 0 linked, 1 link errors (unresolved or duplicate symbols,
 * bad object module, bad control statements: the load module and core
 * image of an earlier link removed) or an output not written, 2 usage
 * errors or an input file that cannot be opened.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileset.h"
#include "ld.h"
#include "number.h"
#include "obj-limits.h"
#include "outfile.h"
#include "tmpclean.h"

struct options {
    const char *out, *map, *xref, *control, *core, *disasm;
    int restart_psw;
};

static void usage(FILE *f)
{
    fputs("Usage: impld [options] OBJ...\n"
          "       impld -d FILE.load\n"
          "Link IMP object modules into a load module.\n\n"
          "  -o FILE             load module (default a.load)\n"
          "  -m, --map=FILE      load map (\"-\" for stdout)\n"
          "  -x, --xref=FILE     CSECT cross-reference (\"-\" for stdout)\n"
          "  -c, --control=FILE  control statements: ENTRY, ORDER, PAGE\n"
          "  -e, --entry=NAME    entry point (a CSECT or entry name)\n"
          "  -L, --library=OBJ   call library: linked only if it resolves a reference\n"
          "      --origin=ADDR   load address (0x10000, X'10000'; default 0x10000)\n"
          "      --page-size=N   2048 or 4096 (default 4096)\n"
          "      --core=FILE     flat core image from address 0, with a restart PSW\n"
          "      --restart-psw   write the restart PSW at address 0 (default)\n"
          "      --no-restart-psw  leave address 0 zero in the core image\n"
          "  -d, --disassemble=FILE.load  disassemble a load module to stdout\n"
          "      --max-errors=N  stop after N errors (default 50)\n"
          "  -h, --help          this help\n"
          "  -V, --version       version\n\n"
          "Exit status: 0 linked, 1 link errors, 2 usage error or unreadable file.\n",
          f);
}

/* An address: 0x10000, X'10000', or decimal digits, below 16 MiB. */
static int parse_addr(const char *s, uint32_t *out)
{
    uint64_t v;
    if (parse_number(s, NUM_PLAIN, &v) != 0 || v >= ADDR_LIMIT)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

enum { OPT_ORIGIN = 256, OPT_PAGE, OPT_CORE, OPT_PSW, OPT_NOPSW, OPT_MAXERR };

static const struct option long_opts[] = {
    { "map", required_argument, NULL, 'm' },
    { "xref", required_argument, NULL, 'x' },
    { "control", required_argument, NULL, 'c' },
    { "entry", required_argument, NULL, 'e' },
    { "library", required_argument, NULL, 'L' },
    { "origin", required_argument, NULL, OPT_ORIGIN },
    { "page-size", required_argument, NULL, OPT_PAGE },
    { "core", required_argument, NULL, OPT_CORE },
    { "restart-psw", no_argument, NULL, OPT_PSW },
    { "no-restart-psw", no_argument, NULL, OPT_NOPSW },
    { "disassemble", required_argument, NULL, 'd' },
    { "max-errors", required_argument, NULL, OPT_MAXERR },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 },
};

/* Parse the options; returns -1 (usage error), 1 (done: help/version), 0. */
static int parse_options(int argc, char **argv, struct options *o, struct linker *l)
{
    int c;
    uint64_t v;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:m:x:c:e:L:d:hV", long_opts, NULL)) != -1) {
        switch (c) {
        case 'o': o->out = optarg; break;
        case 'm': o->map = optarg; break;
        case 'x': o->xref = optarg; break;
        case 'c': o->control = optarg; break;
        case 'e': l->entry_name = optarg; break;
        case 'L': {
            const char **nl = realloc(l->libs, (l->nlibs + 1) * sizeof *nl);
            if (!nl)
                return -1;
            l->libs = nl;
            l->libs[l->nlibs++] = optarg;
            break;
        }
        case 'd': o->disasm = optarg; break;
        case OPT_CORE: o->core = optarg; break;
        case OPT_PSW: o->restart_psw = 1; break;
        case OPT_NOPSW: o->restart_psw = 0; break;
        case OPT_ORIGIN:
            if (parse_addr(optarg, &l->origin) != 0 || l->origin % ORIGIN_ALIGN) {
                diag_error(l->d, "--origin: '%s' is not a doubleword-aligned address below "
                                 "X'1000000'", optarg);
                return -1;
            }
            break;
        case OPT_PAGE:
            if (parse_number(optarg, NUM_PLAIN, &v) != 0 || (v != 2048 && v != 4096)) {
                diag_error(l->d, "--page-size must be 2048 or 4096, not '%s'", optarg);
                return -1;
            }
            l->page_size = (uint32_t)v;
            break;
        case OPT_MAXERR:
            if (diag_set_max_errors(l->d, optarg) != 0)
                return -1;
            break;
        case 'h': usage(stdout); return 1;
        case 'V': printf("impld (IMP) %s\n", IMP_VERSION); return 1;
        case ':':
            diag_error(l->d, "option '%s' needs an argument", argv[optind - 1]);
            return -1;
        default:
            if (optopt)
                diag_error(l->d, "unknown option '-%c'", optopt);
            else
                diag_error(l->d, "unknown option '%s'", argv[optind - 1]);
            return -1;
        }
    }
    return 0;
}

static int disassemble(struct diag *d, const char *path)
{
    if (access(path, R_OK) != 0) {
        diag_report(d, DIAG_ERROR, path, 0, 0, NULL, "cannot open: %s", strerror(errno));
        return 2;
    }
    struct obj_module m;
    if (obj_read(&m, OBJ_LOAD, path, d) != 0)
        return 1;
    ld_disassemble(&m, stdout);
    obj_free(&m);
    return 0;
}

/* Refuse an output that is an input or another output; 0 or -1. */
static int check_files(struct linker *l, const struct options *o, char **objs, int nobjs)
{
    struct fileset fs;
    fileset_init(&fs, l->d);
    int bad = fileset_add(&fs, FILE_IN, o->control, "the control file (-c)");
    for (int i = 0; i < nobjs && !bad; i++)
        bad = fileset_add(&fs, FILE_IN, objs[i], "the input");
    for (size_t i = 0; i < l->nlibs && !bad; i++)
        bad = fileset_add(&fs, FILE_IN, l->libs[i], "the library (-L)");
    bad = bad || fileset_add(&fs, FILE_OUT, o->out, "the load module (-o)") ||
          fileset_add(&fs, FILE_OUT, o->map, "the map (-m)") ||
          fileset_add(&fs, FILE_OUT, o->xref, "the cross-reference (-x)") ||
          fileset_add(&fs, FILE_OUT, o->core, "the core image (--core)");
    fileset_free(&fs);
    return bad ? -1 : 0;
}

/* Link errors: the load module and core image of an earlier link at the
 * outputs' names are removed, as GNU ld removes its output: they are
 * not the program of these objects, and imprun would run one without a
 * word.  The maps, reports, stay as they were.  1. */
static int link_failed(struct linker *l, const struct options *o)
{
    (void)outfile_remove(o->out, "the load module of an earlier link", l->d);
    if (o->core)
        (void)outfile_remove(o->core, "the core image of an earlier link", l->d);
    return 1;
}

/* Link; 0, 1 (link errors) or 2 (unreadable input). */
static int link_program(struct linker *l, const struct options *o, char **objs, int nobjs)
{
    if (check_files(l, o, objs, nobjs) != 0)
        return 2;
    if (o->control) {
        int rc = ld_control_read(l, o->control);
        if (rc == -2)
            return 2;
    }
    for (int i = 0; i < nobjs; i++) {
        if (access(objs[i], R_OK) != 0) {
            diag_report(l->d, DIAG_ERROR, objs[i], 0, 0, NULL, "cannot open: %s",
                        strerror(errno));
            return 2;
        }
        if (ld_add_input(l, objs[i]) != 0 && !l->d->errors)
            diag_error(l->d, "out of memory");
    }
    if (l->d->errors || ld_resolve(l) != 0 || ld_layout(l) != 0 || l->d->errors)
        return link_failed(l, o);
    if (ld_relocate(l) != 0 || ld_build_load_module(l) != 0) {
        diag_error(l->d, "out of memory");
        return 1;
    }
    if (l->d->errors)
        return link_failed(l, o);
    struct ld_outputs out = { o->out, o->map, o->xref, o->core, o->restart_psw };
    return ld_write_outputs(l, &out) != 0 ? 1 : 0;
}

int main(int argc, char **argv)
{
    struct diag d;
    struct linker l;
    struct options o = { .out = "a.load", .restart_psw = 1 };
    diag_init(&d, "impld");
    tmpclean_install();
    ld_init(&l, &d);
    int rc = parse_options(argc, argv, &o, &l);
    if (rc != 0) {
        if (rc < 0)
            fprintf(stderr, "Try 'impld --help' for more information.\n");
        ld_free(&l);
        if (rc > 0 && outfile_close_stdout(&d) != 0)
            return 1;
        return rc < 0 ? 2 : 0;
    }
    if (o.disasm) {
        rc = optind < argc ? -1 : disassemble(&d, o.disasm);
        if (rc < 0) {
            diag_error(&d, "-d takes a load module and no object modules");
            rc = 2;
        }
    } else if (optind >= argc) {
        diag_error(&d, "no object modules given");
        fprintf(stderr, "Try 'impld --help' for more information.\n");
        rc = 2;
    } else {
        rc = link_program(&l, &o, argv + optind, argc - optind);
    }
    ld_free(&l);
    if (outfile_close_stdout(&d) != 0 && rc == 0)
        rc = 1;                     /* an output that could not be written */
    return rc;
}
