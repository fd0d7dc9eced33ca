/*
 * main.c -- impprof: the reports of a profile written by imprun
 * --profile=FILE (imp-profile(5)).
 *
 *   impprof [options] FILE
 *
 * This file parses the command line, reads the profile (profile.c),
 * builds the report tables (report.c) and writes them and the other
 * outputs (export.c), all or none (outfile.h).
 *
 * Exit status: 0 the reports were written, 1 the profile is missing,
 * unreadable or invalid (or lacks a section asked for, or an output
 * could not be written), 2 usage errors.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "fileset.h"
#include "section.h"
#include "number.h"
#include "order.h"
#include "outfile.h"
#include "tmpclean.h"

enum form { FORM_TEXT, FORM_CSV, FORM_JSON };

struct options {
    struct prof_opts po;
    enum form form;
    const char *out, *svg, *plot, *callgrind, *folded, *profile;
    int order;                  /* --order: enum ord_alg, or -1 */
    struct ord_params op;       /* its settings */
    int order_opt;              /* an ordering setting was given */
};

static void usage(FILE *f)
{
    fputs("Usage: impprof [options] FILE\n"
          "Report on a profile written by imprun --profile=FILE.\n"
          "\n"
          "Sections (default: every section the profile holds, in this order):\n", f);
    for (int m = 0; m < PROF_NMON; m++)
        fputs(prof_sections[m]->help, f);
    fputs("  --overhead            the monitors' own cycles (the probe effect)\n"
          "  --all-blocks          --ias: show the blocks with no samples too\n"
          "  --top=N               rows of the long tables (default 20; 0: all)\n"
          "\n"
          "CSECT reordering (instead of the reports; see ORDERING in impprof(1)):\n"
          "  --order=ALG           write an impld ORDER control file (to -o) computed\n"
          "                        from the CSECT monitor's data by ALG: link, static,\n"
          "                        hg, cws, linz, ph, c3 or imp\n"
          "  --page-size=SIZE      2K or 4K (default 4K)\n"
          "  --frames=LO:HI        frame counts of the expected page-ins (default 4:16)\n"
          "  --hot-bytes=N         bytes of a CSECT an entry touches (default 256)\n"
          "  --effort=N            evaluations of imp's local search (default 1000)\n"
          "  --interval=CYCLES     also the window of cws and linz\n"
          "\n"
          "Forms and outputs:\n"
          "  -o FILE               the report to FILE (default standard output)\n"
          "  --csv                 the tables as CSV\n"
          "  --json                everything as one JSON object\n"
          "  --svg=FILE            a bar chart: the IAS histogram, or --plot's table\n", f);
    char plots[64];
    export_plot_known("", plots, sizeof plots);
    fprintf(f, "  --plot=WHAT           what --svg draws: %s (default: the first\n"
               "                        of these the profile holds)\n", plots);
    fputs("  --window=K            the IAS window --svg draws (default 1)\n"
          "  --callgrind=FILE      the samples in callgrind format (callgrind_annotate,\n"
          "                        KCachegrind)\n"
          "  --folded=FILE         the samples as folded stacks (flamegraph.pl)\n"
          "  --help, --version\n"
          "\n"
          "Exit status: 0 reports written, 1 bad or unreadable profile (or no data\n"
          "for a section asked for), 2 usage.\n"
          "See impprof(1) and imp-profile(5).\n",
          f);
}

static int bad_usage(const char *fmt, const char *arg)
{
    fputs("impprof: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'impprof --help' for more information.\n", stderr);
    return 2;
}

enum { OPT_INTERVAL = 256, OPT_OVERHEAD, OPT_ALL_BLOCKS, OPT_TOP,
       OPT_CSV, OPT_JSON, OPT_SVG, OPT_PLOT, OPT_WINDOW, OPT_CALLGRIND, OPT_FOLDED, OPT_HELP,
       OPT_VERSION, OPT_ORDER, OPT_PAGE_SIZE, OPT_FRAMES, OPT_HOT_BYTES, OPT_EFFORT,
       OPT_SECTION = 512 };     /* OPT_SECTION + m: --NAME of prof_sections[m] */

/* The options besides the monitors' sections' (options_table adds those). */
static const struct option long_opts[] = {
    { "overhead", no_argument, NULL, OPT_OVERHEAD },
    { "all-blocks", no_argument, NULL, OPT_ALL_BLOCKS },
    { "top", required_argument, NULL, OPT_TOP },
    { "interval", required_argument, NULL, OPT_INTERVAL },
    { "csv", no_argument, NULL, OPT_CSV },
    { "json", no_argument, NULL, OPT_JSON },
    { "svg", required_argument, NULL, OPT_SVG },
    { "plot", required_argument, NULL, OPT_PLOT },
    { "window", required_argument, NULL, OPT_WINDOW },
    { "callgrind", required_argument, NULL, OPT_CALLGRIND },
    { "folded", required_argument, NULL, OPT_FOLDED },
    { "order", required_argument, NULL, OPT_ORDER },
    { "page-size", required_argument, NULL, OPT_PAGE_SIZE },
    { "frames", required_argument, NULL, OPT_FRAMES },
    { "hot-bytes", required_argument, NULL, OPT_HOT_BYTES },
    { "effort", required_argument, NULL, OPT_EFFORT },
    { "help", no_argument, NULL, OPT_HELP },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 },
};

#define NLONG (sizeof long_opts / sizeof long_opts[0])

/* The getopt table: each monitor's section (--NAME), then long_opts. */
static void options_table(struct option *all)
{
    int n = 0;
    for (int m = 0; m < PROF_NMON; m++)
        all[n++] = (struct option){ prof_sections[m]->name, no_argument, NULL, OPT_SECTION + m };
    memcpy(all + n, long_opts, sizeof long_opts);
}

/* One option; 0, -1 (done: --help, --version) or 2 (usage error). */
static int option(struct options *o, int c, const char *arg, char **argv)
{
    uint64_t v;
    char plots[64];
    if (c >= OPT_SECTION && c < OPT_SECTION + PROF_NMON) {
        o->po.sections |= 1u << (SEC_MONITOR + (c - OPT_SECTION));
        return 0;
    }
    switch (c) {
    case OPT_OVERHEAD: o->po.sections |= 1u << SEC_OVERHEAD; break;
    case OPT_ALL_BLOCKS: o->po.all_blocks = 1; break;
    case OPT_INTERVAL:
        if (parse_number(arg, NUM_PLAIN, &v) != 0 || v == 0)
            return bad_usage("--interval: '%s' is not a number of cycles (1 or more)", arg);
        o->po.interval = v;
        break;
    case OPT_TOP:
        if (parse_number(arg, NUM_PLAIN, &v) != 0)
            return bad_usage("--top: '%s' is not a number of rows (0: all)", arg);
        o->po.top = v;
        break;
    case OPT_CSV:
    case OPT_JSON: {
        enum form f = c == OPT_CSV ? FORM_CSV : FORM_JSON;
        if (o->form != FORM_TEXT && o->form != f)
            return bad_usage("%s", "--csv and --json: one form at a time");
        o->form = f;
        break;
    }
    case 'o': o->out = arg; break;
    case OPT_SVG: o->svg = arg; break;
    case OPT_PLOT:
        if (!export_plot_known(arg, plots, sizeof plots)) {
            char msg[160];
            snprintf(msg, sizeof msg, "--plot: '%.40s' is not %s", arg, plots);
            return bad_usage("%s", msg);
        }
        o->plot = arg;
        break;
    case OPT_WINDOW:
        if (parse_number_in(arg, NUM_PLAIN, 1, UINT32_MAX, &v) != 0)
            return bad_usage("--window: '%s' is not a window number (1 or more)", arg);
        o->po.window = (unsigned)v;
        break;
    case OPT_CALLGRIND: o->callgrind = arg; break;
    case OPT_FOLDED: o->folded = arg; break;
    case OPT_ORDER:
        if ((o->order = ord_alg_find(arg)) < 0)
            return bad_usage("--order: '%s' is not link, static, hg, cws, linz, ph, c3 or imp",
                             arg);
        break;
    case OPT_PAGE_SIZE:
        if (!strcmp(arg, "2K") || !strcmp(arg, "2k") || !strcmp(arg, "2048"))
            o->op.page_size = 2048;
        else if (!strcmp(arg, "4K") || !strcmp(arg, "4k") || !strcmp(arg, "4096"))
            o->op.page_size = 4096;
        else
            return bad_usage("--page-size: '%s' is not 2K or 4K", arg);
        o->order_opt = 1;
        break;
    case OPT_FRAMES: {
        unsigned lo, hi;
        char tail;
        if (sscanf(arg, "%u:%u%c", &lo, &hi, &tail) != 2 || lo < 1 || hi < lo || hi > 8192)
            return bad_usage("--frames: '%s' is not LO:HI with 1 <= LO <= HI <= 8192", arg);
        o->op.flo = lo;
        o->op.fhi = hi;
        o->order_opt = 1;
        break;
    }
    case OPT_HOT_BYTES:
        if (parse_number_in(arg, NUM_PLAIN, 1, 1u << 24, &v) != 0)
            return bad_usage("--hot-bytes: '%s' is not a number of bytes (1 to 16M)", arg);
        o->op.hot_bytes = (uint32_t)v;
        o->order_opt = 1;
        break;
    case OPT_EFFORT:
        if (parse_number_in(arg, NUM_PLAIN, 0, 100000000, &v) != 0)
            return bad_usage("--effort: '%s' is not a number of evaluations (0 to 10^8)", arg);
        o->op.effort = (unsigned)v;
        o->order_opt = 1;
        break;
    case OPT_HELP: usage(stdout); return -1;
    case OPT_VERSION: printf("impprof (IMP) %s\n", IMP_VERSION); return -1;
    case ':': return bad_usage("option '%s' needs an argument", argv[optind - 1]);
    default:
        if (optopt)
            return bad_usage("unknown option '-%c'", (char[]){ (char)optopt, 0 });
        return bad_usage("unknown option '%s'", argv[optind - 1]);
    }
    return 0;
}

static int parse_args(int argc, char **argv, struct options *o)
{
    int c, st = 0;
    opterr = 0;
    o->po.top = 20;
    o->out = "-";
    o->order = -1;
    o->op = (struct ord_params){ .page_size = 4096, .flo = 4, .fhi = 16, .hot_bytes = 256,
                                 .interval = 10000, .effort = 1000 };
    struct option all[PROF_NMON + NLONG];
    options_table(all);
    while (st == 0 && (c = getopt_long(argc, argv, ":o:", all, NULL)) != -1)
        st = option(o, c, optarg, argv);
    if (st)
        return st;
    if (optind >= argc)
        return bad_usage("%s", "no profile (FILE) given");
    if (optind + 1 < argc)
        return bad_usage("one profile at a time ('%s')", argv[optind + 1]);
    o->profile = argv[optind];
    if (o->po.interval)
        o->op.interval = o->po.interval;
    if (o->order_opt && o->order < 0)
        return bad_usage("%s", "--page-size, --frames, --hot-bytes and --effort go with --order");
    if (o->order >= 0 && (o->po.sections || o->svg || o->callgrind || o->folded ||
                          o->form != FORM_TEXT))
        return bad_usage("%s", "--order writes a control file: no sections, forms or charts");
    if ((o->plot || o->po.window) && !o->svg)
        return bad_usage("%s", "--plot and --window choose what --svg draws: give --svg=FILE");
    if (o->po.window && o->plot && strcmp(o->plot, "ias"))
        return bad_usage("%s", "--window applies to --plot=ias");
    return 0;
}

/* No output is the profile or another output; 0 or -1 (reported). */
static int check_files(const struct options *o, struct diag *d)
{
    struct fileset fs;
    fileset_init(&fs, d);
    int bad = fileset_add(&fs, FILE_IN, o->profile, "the profile") ||
              fileset_add(&fs, FILE_OUT, o->out, "the report (-o)") ||
              (o->svg && fileset_add(&fs, FILE_OUT, o->svg, "--svg")) ||
              (o->callgrind && fileset_add(&fs, FILE_OUT, o->callgrind, "--callgrind")) ||
              (o->folded && fileset_add(&fs, FILE_OUT, o->folded, "--folded"));
    fileset_free(&fs);
    return bad ? -1 : 0;
}

/* No output is a source the profile's modules name (impprof reads them
 * for the text of source lines: a relative name from here, or from the
 * profile's folder); 0 or -1 (reported). */
static int check_sources(const struct options *o, const struct profile *p, struct diag *d)
{
    struct fileset fs;
    char dir[4096] = "", path[4096 + 512];
    const char *slash = strrchr(o->profile, '/');
    if (slash && (size_t)(slash - o->profile) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - o->profile), o->profile);
    fileset_init(&fs, d);
    int bad = 0;
    for (int k = 1; k <= PROF_MAX_TASKS && !bad; k++) {
        const struct prof_task *t = p->tasks[k];
        for (size_t i = 0; t && t->has_module && i < t->module.nfiles && !bad; i++) {
            const char *f = t->module.files[i];
            bad = fileset_add(&fs, FILE_IN, f, "a source the profile names");
            if (!bad && f[0] != '/' && *dir &&
                snprintf(path, sizeof path, "%s/%s", dir, f) < (int)sizeof path)
                bad = fileset_add(&fs, FILE_IN, path, "a source the profile names");
        }
    }
    bad = bad || fileset_add(&fs, FILE_OUT, o->out, o->order >= 0 ? "the control file (-o)"
                                                                  : "the report (-o)") ||
          (o->svg && fileset_add(&fs, FILE_OUT, o->svg, "--svg")) ||
          (o->callgrind && fileset_add(&fs, FILE_OUT, o->callgrind, "--callgrind")) ||
          (o->folded && fileset_add(&fs, FILE_OUT, o->folded, "--folded"));
    fileset_free(&fs);
    return bad ? -1 : 0;
}

/* Every section asked for is in the profile; 0 or -1 (reported). */
static int check_sections(const struct options *o, const struct profile *p, struct diag *d)
{
    int bad = 0;
    for (int s = 0; s < SEC_COUNT; s++)
        if ((o->po.sections & 1u << s) && !report_present(p, s)) {
            diag_report(d, DIAG_ERROR, o->profile, 0, 0, NULL,
                        "no %s data: the run had no such monitor armed", report_section_name(s));
            bad = 1;
        }
    return bad ? -1 : 0;
}

/* Write every output, all or none; 0 or 1 (reported). */
static int write_outputs(const struct options *o, const struct profile *p,
                         const struct prof_syms *s, const struct prof_report *r,
                         struct diag *d)
{
    struct outfile of[4];
    struct outfile *all[4];
    int n = 0, bad = 0;
    const char *why = NULL;
    const char *paths[4] = { o->out, o->svg, o->callgrind, o->folded };
    for (int i = 0; i < 4 && !bad; i++) {
        if (!paths[i])
            continue;
        FILE *f = outfile_open(&of[i], paths[i], d);
        if (!f) {
            bad = 1;
            break;
        }
        all[n++] = &of[i];
        int rc = 0;
        switch (i) {
        case 0:
            if (o->form == FORM_CSV)
                export_csv(f, r);
            else if (o->form == FORM_JSON)
                export_json(f, p, r);
            else
                report_print_text(f, r);
            break;
        case 1:
            rc = export_svg(f, p, s, &o->po, o->plot ? o->plot : export_svg_plot(p), &why);
            break;
        case 2: rc = export_callgrind(f, p, s, o->profile, &why); break;
        case 3: rc = export_folded(f, p, s, &why); break;
        }
        if (rc != 0) {
            diag_report(d, DIAG_ERROR, o->profile, 0, 0, NULL, "%s: %s",
                        i == 1 ? "--svg" : i == 2 ? "--callgrind" : "--folded", why);
            bad = 1;
        }
    }
    if (bad) {
        for (int i = 0; i < n; i++)
            outfile_abort(all[i]);
        return 1;
    }
    return outfile_commit_all(all, n, d) ? 1 : 0;
}

/* --order: the control file to -o, all or none; 0 or 1 (reported). */
static int run_order(const struct options *o, const struct profile *p, struct diag *d)
{
    struct ord_input in;
    struct ord_layout l;
    if (ord_input_build(&in, p, o->profile, d) != 0)
        return 1;
    if (in.full)
        diag_report(d, DIAG_WARNING, o->profile, 0, 0, NULL,
                    "the CSECT monitor's buffer filled: the order follows the first %zu "
                    "transitions only (imprun --csm=RECORDS)", in.nref);
    int st = 1;
    if (ord_layout_init(&l, in.n) != 0 ||
        ord_compute(&in, (enum ord_alg)o->order, &o->op, &l) != 0) {
        diag_error(d, "out of memory");
    } else {
        struct outfile of;
        struct outfile *all[1] = { &of };
        FILE *f = outfile_open(&of, o->out, d);
        if (f) {
            tmpclean_install();
            if (ord_write(f, &in, (enum ord_alg)o->order, &o->op, &l) != 0) {
                diag_error(d, "out of memory");
                outfile_abort(&of);
            } else {
                st = outfile_commit_all(all, 1, d) ? 1 : 0;
            }
        }
    }
    ord_layout_free(&l);
    ord_input_free(&in);
    return st;
}

static int run(const struct options *o)
{
    struct diag d;
    diag_init(&d, "impprof");
    if (check_files(o, &d) != 0)
        return 2;
    struct profile p;
    if (profile_read(&p, o->profile, &d) != 0)
        return 1;
    if (check_sources(o, &p, &d) != 0) {
        profile_free(&p);
        return 2;
    }
    if (o->order >= 0) {
        int ost = run_order(o, &p, &d);
        profile_free(&p);
        return ost;
    }
    if (check_sections(o, &p, &d) != 0) {
        profile_free(&p);
        return 1;
    }
    struct prof_syms s;
    struct prof_report r;
    psym_init(&s, &p, o->profile);
    report_build(&r, &p, &s, &o->po);
    int st;
    if (r.oom) {
        diag_error(&d, "out of memory");
        st = 1;
    } else {
        tmpclean_install();
        st = write_outputs(o, &p, &s, &r, &d);
    }
    report_free(&r);
    psym_free(&s);
    profile_free(&p);
    return st;
}

int main(int argc, char **argv)
{
    struct options o = { 0 };
    int st = parse_args(argc, argv, &o);
    if (st == 0)
        st = run(&o);
    struct diag d;
    diag_init(&d, "impprof");
    if (outfile_close_stdout(&d) != 0 && st <= 0)
        st = 1;
    return st < 0 ? 0 : st;
}
