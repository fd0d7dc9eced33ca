/*
 * main.c -- impmon: the interactive monitor of the IMP machine.
 *
 *   impmon [options] [PROG...]          the ncurses screen
 *   impmon --batch [options] [PROG...]  commands from standard input
 *   impmon -x SCRIPT [options] [PROG...]  commands from SCRIPT
 *
 * PROG is one or more sources (assembled and linked with the runtime), a
 * load module, several load modules (one task each), or --core IMAGE.
 * Batch mode runs the same command table as the screen, writes what each
 * command prints to standard output and errors to standard error, and
 * exits 0 if every command succeeded, 1 if one failed, 2 for a usage
 * error.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "mon.h"
#include "screen.h"
#include "tmpclean.h"

static void usage(FILE *f)
{
    fputs("Usage: impmon [options] [PROG...]\n"
          "Watch and drive the microcoded IMP machine: an ncurses screen with a\n"
          "readline command line, or the same commands from a script.\n"
          "PROG: sources (SRC.s ...), a load module, one load module per task,\n"
          "or --core IMAGE (a flat core image, started by a restart).\n"
          "\n"
          "  --batch               read commands from standard input, no screen\n"
          "  -x SCRIPT             read commands from SCRIPT, no screen\n"
          "  -e COMMAND            run COMMAND first (repeatable)\n"
          "  --echo                batch: echo each command after '> '\n"
          "  --core=IMAGE          a flat core image (IPL by restart, PSW at 0)\n"
          "  --max-cycles=N        cycles a run may use (default 2000000000)\n"
          "  --help, --version\n"
          "\n"
          "Type 'help' at the prompt for the commands; see impmon(1).\n", f);
}

enum { OPT_BATCH = 256, OPT_ECHO, OPT_HELP, OPT_VERSION, OPT_MAXCYC, OPT_CORE };

static const struct option long_opts[] = {
    { "batch", no_argument, NULL, OPT_BATCH },
    { "echo", no_argument, NULL, OPT_ECHO },
    { "max-cycles", required_argument, NULL, OPT_MAXCYC },
    { "core", required_argument, NULL, OPT_CORE },
    { "help", no_argument, NULL, OPT_HELP },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 },
};

#define MAX_PRE 16

int main(int argc, char **argv)
{
    int batch = 0, echo = 0, c, npre = 0;
    const char *script = NULL, *pre[MAX_PRE];
    char *core = NULL;
    uint64_t max_cycles = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+x:e:", long_opts, NULL)) != -1) {
        switch (c) {
        case OPT_BATCH: batch = 1; break;
        case 'x': script = optarg; batch = 1; break;
        case 'e':
            if (npre == MAX_PRE) {
                fprintf(stderr, "impmon: more than %d -e commands\n", MAX_PRE);
                return 2;
            }
            pre[npre++] = optarg;
            break;
        case OPT_ECHO: echo = 1; break;
        case OPT_CORE: core = optarg; break;
        case OPT_MAXCYC: {
            char *end;
            max_cycles = strtoull(optarg, &end, 10);
            if (*end || max_cycles == 0) {
                fprintf(stderr, "impmon: --max-cycles: '%s' is not a number of cycles\n", optarg);
                return 2;
            }
            break;
        }
        case OPT_HELP: usage(stdout); return 0;
        case OPT_VERSION: printf("impmon (IMP) %s\n", IMP_VERSION); return 0;
        default:
            fprintf(stderr, "impmon: unknown or incomplete option '%s'\n", argv[optind - 1]);
            usage(stderr);
            return 2;
        }
    }
    if (core && optind < argc) {
        fprintf(stderr, "impmon: --core and a program: give one or the other\n");
        return 2;
    }
    FILE *in = stdin;
    if (script && !(in = fopen(script, "r"))) {
        perror(script);
        return 2;
    }
    tmpclean_install();
    struct mon *m = malloc(sizeof *m);
    if (!m) {
        fprintf(stderr, "impmon: out of memory\n");
        return 2;
    }
    mon_init(m, argv[0], stdout, stderr);
    m->opt.echo = echo;
    if (max_cycles)
        m->opt.max_cycles = max_cycles;
    char *core_args[2] = { "--core", core };
    char **files = core ? core_args : argv + optind;
    int nfiles = core ? 2 : argc - optind;
    int st;
    if (batch) {
        m->where = "impmon";
        if (nfiles > 0 && mon_load(m, files, nfiles) != 0)
            m->errors++;
        for (int i = 0; i < npre && !m->quit; i++)
            cmd_exec(m, pre[i]);
        m->where = NULL;
        cmd_source_file(m, in, script ? script : "<stdin>");
        st = m->errors ? 1 : 0;
    } else
        st = screen_main(m, nfiles, files, pre, npre);
    if (in != stdin)
        fclose(in);
    mon_free(m);
    free(m);
    fflush(stdout);
    return st;
}
