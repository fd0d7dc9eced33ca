/*
 * json-out.c -- the --json file: the end of the run as report/run.c
 * collects it, with what only imprun knows (the files given, how they
 * were run, the cycle bound, the exit status), written to f (runner.c
 * installs it with the other outputs, all or none).
 */
#include "imprun.h"
#include "hpm.h"

#include "report.h"
#include "vm.h"

/* The "monitors" object: each monitor's member, by its descriptor. */
static void monitors(struct json *j, void *ctx)
{
    hpm_json(j, ctx);
}

void imprun_write_json(FILE *f, struct run *run, const struct symtab *syms, int status,
                       uint32_t rc, int exit_code, const struct rep_paging *paging)
{
    const struct imprun_opts *o = run->o;
    struct rep_run r;
    rep_run_collect(&r, run->vm, syms, (enum vm_status)status, rc, run->svc);
    r.monitors = monitors;
    r.monitors_ctx = run;
    if (paging)
        r.paging = *paging;         /* with the runner's names, return codes and OPT */
    /* --core and files are exclusive (main.c): the program is one or the other */
    r.program = o->core ? &o->core : (const char *const *)o->inputs;
    r.nprogram = o->core ? 1 : o->ninputs;
    r.mode = o->core ? "core" : o->ninputs == 1 && !imprun_input_is_source(&o->task[0], 0) ? "load"
                                                                                   : "source";
    r.exit_code = exit_code;
    r.max_cycles = o->max_cycles;
    struct rep_abend abend;
    if (o->ntasks <= 1 && rep_abend_wanted((enum vm_status)status)) {
        rep_abend_collect(&abend, run->vm, syms, (enum vm_status)status, rc, 0);
        r.abend = &abend;
    }
    rep_run_json(f, &r);
}
