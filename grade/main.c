/*
 * main.c -- impgrade's command line.
 *
 *   impgrade [-j N] [-o DIR] EXERCISE SUBMISSION...      grade a class here
 *   impgrade --regrade -o DIR EXERCISE SUBMISSION...      some of it again
 *   impgrade --part [--slice=K/N] -o DIR EXERCISE ...     results only
 *   impgrade --merge -o DIR PART...                      one table from parts
 *   impgrade --sshloginfile=FILE -o DIR EXERCISE ...     GNU parallel
 *   impgrade --emit-slurm=SCRIPT [--tasks=N] -o DIR EXERCISE ...
 *
 * Exit status: 0 done, 1 bad input or a host error, 2 usage, 3 done but a
 * grader failed on some submission (status grader-error).
 */
#define _GNU_SOURCE 1
#include "grade.h"
#include "home.h"
#include "tmpclean.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_OK, EXIT_BAD, EXIT_USAGE, EXIT_GRADER };

static void usage(FILE *f)
{
    fputs("Usage: impgrade [options] EXERCISE SUBMISSION...\n"
          "       impgrade --merge -o DIR PART...\n"
          "Grade a class: each SUBMISSION (a folder, or a .tar, .tar.gz, .tgz or .zip\n"
          "archive; its name without the extension is the student's id) by the\n"
          "EXERCISE folder's grader (grade.t).\n"
          "\n"
          "  -j, --jobs=N          graders at once (default: the number of CPUs)\n"
          "  -o, --output=DIR      results folder (default grades): scores.csv,\n"
          "                        tests.csv (points a test), summary.txt,\n"
          "                        feedback/ID.txt, results/\n"
          "      --list=FILE       more submissions, one path a line\n"
          "      --timeout=SECONDS host time for one submission (default: the\n"
          "                        exercise's timeout=, else 60)\n"
          "      --max-output=SIZE a grader's output read at most (default 1M)\n"
          "      --bin=DIR         the IMP programs the graders use (default: the\n"
          "                        folder of impgrade)\n"
          "      --no-reference    do not grade the exercise's solution/ (it sets\n"
          "                        the maximum when a grader stops early)\n"
          "      --regrade         grade these submissions again in DIR, which keeps\n"
          "                        the rest of the class; then the table of them all\n"
          "  -q, --quiet           no progress bar, no warnings\n"
          "\n"
          "Past one machine:\n"
          "      --part            results and feedback only, no table (for --merge)\n"
          "      --slice=K/N       grade only the submissions K, K+N, K+2N, ... (0-based,\n"
          "                        in the order of their ids)\n"
          "      --merge           the arguments are result folders of --part runs:\n"
          "                        write one table in DIR\n"
          "      --sshloginfile=FILE  run the graders through GNU parallel on the\n"
          "                        hosts of FILE (\":\" is this one); the folders must\n"
          "                        have the same paths there\n"
          "      --emit-slurm=SCRIPT  write a Slurm job-array script that grades the\n"
          "                        class in --tasks=N pieces (default 4); then\n"
          "                        impgrade --merge -o DIR DIR/part-*\n"
          "      --help, --version\n"
          "\n"
          "Exit status: 0 done, 1 bad input or a host error, 2 usage error,\n"
          "3 done, but a grader failed on some submission (status grader-error).\n"
          "See impgrade(1).\n",
          f);
}

/* "1G", "1M", "512K", "4096": bytes; -1 if malformed or past 1G. */
static long parse_size(const char *s)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || v < 0)
        return -1;
    long unit = 1;
    if (*end == 'K' || *end == 'k')
        unit = 1024, end++;
    else if (*end == 'M' || *end == 'm')
        unit = 1024 * 1024, end++;
    else if (*end == 'G' || *end == 'g')
        unit = 1024 * 1024 * 1024, end++;
    if (*end || v > (1L << 30) / unit)      /* (checked before the product overflows) */
        return -1;
    return v * unit;
}

static int parse_int(const char *s, int lo, int hi)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    return (int)v;
}

/* Does any result of dir have the status grader-error? */
static int any_grader_error(const char *out)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/scores.csv", out);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[4096];
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, ",grader-error") != NULL;
    fclose(f);
    return found;
}

int main(int argc, char **argv)
{
    enum { O_LIST = 256, O_TIMEOUT, O_MAXOUT, O_BIN, O_NOREF, O_PART, O_SLICE, O_MERGE,
           O_SSH, O_SLURM, O_TASKS, O_REGRADE, O_HELP, O_VERSION };
    static const struct option longopts[] = {
        { "jobs", required_argument, NULL, 'j' },
        { "output", required_argument, NULL, 'o' },
        { "quiet", no_argument, NULL, 'q' },
        { "list", required_argument, NULL, O_LIST },
        { "timeout", required_argument, NULL, O_TIMEOUT },
        { "max-output", required_argument, NULL, O_MAXOUT },
        { "bin", required_argument, NULL, O_BIN },
        { "no-reference", no_argument, NULL, O_NOREF },
        { "part", no_argument, NULL, O_PART },
        { "slice", required_argument, NULL, O_SLICE },
        { "merge", no_argument, NULL, O_MERGE },
        { "sshloginfile", required_argument, NULL, O_SSH },
        { "emit-slurm", required_argument, NULL, O_SLURM },
        { "tasks", required_argument, NULL, O_TASKS },
        { "regrade", no_argument, NULL, O_REGRADE },
        { "help", no_argument, NULL, O_HELP },
        { "version", no_argument, NULL, O_VERSION },
        { NULL, 0, NULL, 0 },
    };
    struct diag d;
    diag_init(&d, "impgrade");
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    struct grade_opts o = { .jobs = ncpu > 0 ? (int)ncpu : 1, .out = "grades",
                            .max_output = 1 << 20, .reference = 1 };
    const char *lists[64];
    int nlists = 0, part = 0, merge = 0, regrade = 0, tasks = 4;
    const char *slice = NULL, *ssh = NULL, *slurm = NULL;
    int c;
    while ((c = getopt_long(argc, argv, "j:o:q", longopts, NULL)) != -1) {
        switch (c) {
        case 'j':
            if ((o.jobs = parse_int(optarg, 1, 1024)) < 0) {
                fprintf(stderr, "impgrade: error: -j wants a number from 1 to 1024, not '%s'\n",
                        optarg);
                return EXIT_USAGE;
            }
            break;
        case 'o': o.out = optarg; break;
        case 'q': o.quiet = 1; break;
        case O_LIST:
            if (nlists == 64) {
                fprintf(stderr, "impgrade: error: more than 64 --list files\n");
                return EXIT_USAGE;
            }
            lists[nlists++] = optarg;
            break;
        case O_TIMEOUT:
            if ((o.timeout = parse_int(optarg, 1, 86400)) < 0) {
                fprintf(stderr, "impgrade: error: --timeout wants seconds from 1 to 86400, "
                        "not '%s'\n", optarg);
                return EXIT_USAGE;
            }
            break;
        case O_MAXOUT: {
            long v = parse_size(optarg);
            if (v < 1024) {
                fprintf(stderr, "impgrade: error: --max-output wants a size of 1K to 1G "
                        "(K, M, G suffixes), not '%s'\n", optarg);
                return EXIT_USAGE;
            }
            o.max_output = (size_t)v;
            break;
        }
        case O_BIN: o.bindir = optarg; break;
        case O_NOREF: o.reference = 0; break;
        case O_PART: part = 1; break;
        case O_REGRADE: regrade = 1; break;
        case O_SLICE: slice = optarg; break;
        case O_MERGE: merge = 1; break;
        case O_SSH: ssh = optarg; break;
        case O_SLURM: slurm = optarg; break;
        case O_TASKS:
            if ((tasks = parse_int(optarg, 1, 100000)) < 0) {
                fprintf(stderr, "impgrade: error: --tasks wants a number from 1 to 100000, "
                        "not '%s'\n", optarg);
                return EXIT_USAGE;
            }
            break;
        case O_HELP: usage(stdout); return EXIT_OK;
        case O_VERSION: printf("impgrade (IMP) %s\n", IMP_VERSION); return EXIT_OK;
        default: usage(stderr); return EXIT_USAGE;
        }
    }
    if (merge + part + regrade + (ssh != NULL) + (slurm != NULL) > 1) {
        fprintf(stderr, "impgrade: error: --merge, --part, --regrade, --sshloginfile and "
                "--emit-slurm do not go together\n");
        return EXIT_USAGE;
    }
    tmpclean_install();
    if (merge) {
        if (optind == argc) {
            fprintf(stderr, "impgrade: error: --merge needs the folders to merge\n");
            return EXIT_USAGE;
        }
        /* the folder merged into starts afresh, unless it is a part too */
        char *outabs = realpath(o.out, NULL);
        int is_part = 0;
        for (int i = optind; outabs && i < argc; i++) {
            char *p = realpath(argv[i], NULL);
            is_part |= p && strcmp(p, outabs) == 0;
            free(p);
        }
        free(outabs);
        if (!is_part && results_clear(o.out, &d) != 0)
            return EXIT_BAD;
        if (report_write(o.out, argv + optind, argc - optind, &d) != 0)
            return EXIT_BAD;
        return any_grader_error(o.out) ? EXIT_GRADER : EXIT_OK;
    }
    if (optind == argc || (optind + 1 == argc && nlists == 0)) {
        fprintf(stderr, "impgrade: error: %s\n", optind == argc ? "no exercise given"
                        : "no submission given");
        usage(stderr);
        return EXIT_USAGE;
    }
    char bindir[PATH_MAX], self[PATH_MAX + 16];
    if (!o.bindir) {
        if (home_bindir(bindir, sizeof bindir) != 0) {
            fprintf(stderr, "impgrade: error: cannot tell where the IMP programs are: "
                    "give --bin=DIR\n");
            return EXIT_BAD;
        }
        o.bindir = bindir;
    }
    char *absbin = realpath(o.bindir, NULL);
    if (!absbin) {
        fprintf(stderr, "impgrade: error: --bin '%s': %s\n", o.bindir, strerror(errno));
        return EXIT_BAD;
    }
    o.bindir = absbin;
    if (home_bindir(self, sizeof self - 10) == 0)
        strcat(self, "/impgrade");
    else
        snprintf(self, sizeof self, "impgrade");

    int rc = EXIT_OK;
    struct exercise ex;
    struct class cl = { 0 };
    if (exercise_load(&ex, argv[optind], &d) != 0) {
        free(absbin);
        return EXIT_BAD;
    }
    for (int i = optind + 1; i < argc; i++)
        if (class_add(&cl, argv[i], &d) != 0)
            rc = EXIT_BAD;
    for (int i = 0; i < nlists; i++)
        if (class_add_list(&cl, lists[i], &d) != 0)
            rc = EXIT_BAD;
    if (class_sort(&cl, &d) != 0)     /* (every bad name and id told at once) */
        rc = EXIT_BAD;
    if (rc == EXIT_OK && slice && class_slice(&cl, slice, &d) != 0)
        rc = EXIT_USAGE;
    if (rc == EXIT_OK && mkdir_p(o.out) != 0) {
        diag_error(&d, "cannot create '%s': %s", o.out, strerror(errno));
        rc = EXIT_BAD;
    }
    if (rc == EXIT_OK && slurm) {
        if (dist_emit_slurm(slurm, &ex, &cl, &o, tasks, self, &d) != 0)
            rc = EXIT_BAD;
    } else if (rc == EXIT_OK && ssh) {
        if (dist_parallel(ssh, &ex, &cl, &o, self, &d) != 0)
            rc = EXIT_BAD;
    } else if (rc == EXIT_OK) {
        if (part)
            o.reference = 0;
        /* a table of this class alone; parts of one share their folder, and
           a regrading replaces its submissions' results among the others' */
        if (regrade && results_same_exercise(o.out, ex.name, &d) != 0)
            rc = EXIT_BAD;
        else if (!part && !regrade && results_clear(o.out, &d) != 0)
            rc = EXIT_BAD;
        else if (pool_grade(&ex, &cl, &o, &d) != 0)
            rc = EXIT_BAD;
        else if (!part && report_write(o.out, NULL, 0, &d) != 0)
            rc = EXIT_BAD;
    }
    if (rc == EXIT_OK && !slurm && !part && any_grader_error(o.out))
        rc = EXIT_GRADER;
    class_free(&cl);
    free(absbin);
    return rc;
}
