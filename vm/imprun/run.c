/*
 * run.c -- one imprun run: load the program onto a new machine,
 * set the starting state of imp(7) / imprun(1), serve DIAGNOSE through
 * the host services, run to a status, then write the reports asked for.
 *
 * Starting state for a load module (contracts: "The machine at start"):
 *   PSW  X'00080000' | entry   EC mode, supervisor, key 0, disabled, CC 0
 *   GR15 entry point           GR14 X'F00', an exit stub: DIAG 15,0,EXIT
 *   GR13 X'F80', a 72-byte save area         GR1 and the rest 0
 * so a program's final BR 14 ends the run with return code GR15.
 * A core image is loaded at 0 and started by a restart (PSW from 0).
 */
#include "imprun.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "home.h"
#include "loader.h"
#include "outfile.h"
#include "pagesim.h"
#include "report.h"
#include "vm.h"

/* Limits imprun sets on a run besides the cycle limit: one row each, what
   reached its limit and the option that raises it (imprun(1), "Limits"). */
#define IMPRUN_LIMITS(X)                                                 \
    X(LIMIT_NONE,    "",                       "")                       \
    X(LIMIT_CONSOLE, "console output",         "--max-console")          \
    X(LIMIT_FILES,   "output to bound files",  "--max-output")           \
    X(LIMIT_TRACE,   "trace",                  "--max-trace")

enum imprun_limit {
#define X(e, what, option) e,
    IMPRUN_LIMITS(X)
#undef X
};

static const struct { const char *what, *option; } limit_info[] = {
#define X(e, what, option) { what, option },
    IMPRUN_LIMITS(X)
#undef X
};

/* What imprun keeps of one task. */
struct run_task {
    struct symtab syms;
    struct obj_module mod;
    int have_mod;
    uint32_t rc;                /* return code of its EXIT */
    struct services *svc;
    const char *name;           /* its program, for the reports */
    struct rep_status status;   /* how it ended (several tasks) */
    int ended;
};

struct run {
    const struct imprun_opts *o;
    struct services *svc;       /* task 1's */
    struct vm *vm;
    struct svc_storage st;
    struct run_task tk[VM_MAX_TASKS];
    int ntasks;
    struct ps_string refs;      /* the page reference string, kept for OPT */
    int refs_full;              /* it grew past IMPRUN_MAX_REFS */
    FILE *refs_out;             /* --page-refs */
    struct outfile refs_file;
    uint32_t rc;                /* return code of task 1's EXIT */
    enum imprun_limit limit;    /* the limit that stopped the run, if any */
    FILE *rep;                  /* imprun's own reports */
    struct outfile rep_file;    /* --report, when rep_open */
    int rep_open;
    struct diag d;              /* messages about the output files */
};

/* ---- guest storage and DIAGNOSE --------------------------------------- */

static int st_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    return vm_fetch_bytes(ctx, addr, buf, len);
}

static int st_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    return vm_store_bytes(ctx, addr, buf, len);
}

static enum vm_host_result host_diagnose(void *ctx, struct vm *vm, uint32_t code, unsigned r1,
                                         unsigned r3)
{
    struct run *r = ctx;
    unsigned id = vm_current_task(vm);
    struct run_task *t = &r->tk[id ? id - 1 : 0];
    struct svc_request rq = { code, vm_get_gr(vm, r1), vm_get_gr(vm, r3) };
    struct svc_result res;
    svc_call(t->svc, &r->st, &rq, &res);
    vm_add_cycles(vm, res.cycles);
    switch (res.outcome) {
    case SVC_CONTINUE:
        if (res.cc >= 0)
            vm_set_cc(vm, (unsigned)res.cc);
        if (res.set_r3)
            vm_set_gr(vm, r3, res.r3);
        return VM_HOST_OK;
    case SVC_ENDED:
        t->rc = res.rc;
        if (t == &r->tk[0])
            r->rc = res.rc;
        return VM_HOST_EXIT;
    case SVC_PROGCHECK:
        return VM_HOST_BAD_CODE;        /* specification exception 0006 */
    case SVC_FAILED:
        r->limit = t->svc->limit_hit == SVC_LIMIT_CONSOLE ? LIMIT_CONSOLE : LIMIT_FILES;
        return VM_HOST_FAIL;
    }
    return VM_HOST_FAIL;
}

/* ---- loading ------------------------------------------------------------- */

/* Load the module at path into the selected task k (0-based) and set its
 * registers and PSW; 0 or -1 after a message. */
static int load_module(struct run *r, int k, const char *path)
{
    struct diag d;
    struct load_image img;
    char err[300];
    struct run_task *t = &r->tk[k];
    diag_init(&d, "imprun");
    if (obj_read(&t->mod, OBJ_LOAD, path, &d) != 0)
        return -1;
    t->have_mod = 1;
    if (loader_place(&t->mod, r->o->task[k].origin, vm_storage_size(r->vm), &img, err,
                     sizeof err) != 0) {
        fprintf(stderr, "imprun: %s: %s\n", path, err);
        return -1;
    }
    if (img.base < IMPRUN_LOW_END) {
        fprintf(stderr, "imprun: %s: the program starts at X'%06X', inside low storage "
                "(X'0'-X'%X'); link it at X'%X' or above\n", path, img.base,
                IMPRUN_LOW_END - 1, IMPRUN_LOW_END);
        loader_free(&img);
        return -1;
    }
    static const uint8_t stub[4] = { 0x83, 0xF0, 0x00, 0x00 };     /* DIAG 15,0,X'000' */
    vm_store_bytes(r->vm, img.base, img.data, img.len);
    vm_store_bytes(r->vm, IMPRUN_EXIT_STUB, stub, sizeof stub);
    for (unsigned i = 0; i < 16; i++)
        vm_set_gr(r->vm, i, 0);
    vm_set_gr(r->vm, 15, img.entry);
    vm_set_gr(r->vm, 14, IMPRUN_EXIT_STUB);
    vm_set_gr(r->vm, 13, IMPRUN_SAVE_AREA);
    vm_set_psw(r->vm, VM_PSW_EC | img.entry);
    sym_free(&t->syms);
    sym_init(&t->syms, &t->mod, img.delta);
    loader_free(&img);
    return 0;
}

static int load_core(struct run *r, const char *path)
{
    struct load_image img;
    char err[300];
    if (loader_read_core(path, vm_storage_size(r->vm), &img, err, sizeof err) != 0) {
        fprintf(stderr, "imprun: %s\n", err);
        return -1;
    }
    vm_store_bytes(r->vm, 0, img.data, img.len);
    loader_free(&img);
    /* As after a system reset: the PSW is zero, so the restart stores a
       zero old PSW at X'08' (as Hercules does) and loads the one at 0. */
    (void)vm_set_psw(r->vm, 0);
    vm_restart(r->vm);
    return 0;
}

/* ---- after the run --------------------------------------------------------- */

static void write_reports(struct run *r, enum vm_status st)
{
    const struct imprun_opts *o = r->o;
    if (r->limit != LIMIT_NONE) {       /* instead of the machine's status */
        uint64_t max = r->limit == LIMIT_CONSOLE ? r->svc->max_console
                     : r->limit == LIMIT_FILES ? r->svc->max_files : o->max_trace;
        char psw[128];
        struct rep_where where;
        fprintf(r->rep, "imprun: output limit reached: the %s reached its limit of %" PRIu64
                " bytes (%s=SIZE raises it)\n", limit_info[r->limit].what, max,
                limit_info[r->limit].option);
        rep_psw_fields_format(psw, sizeof psw, vm_get_psw(r->vm));
        fprintf(r->rep, "  %s\n", psw);
        rep_where_collect(&where, r->vm, &r->tk[0].syms, vm_instruction_address(r->vm));
        rep_where_print(r->rep, &where);
    } else if (r->ntasks > 1) {
        /* each task's end as it happened; then what stopped the machine */
        for (int k = 0; k < r->ntasks; k++)
            if (r->tk[k].ended) {
                char who[PATH_MAX + 40];
                snprintf(who, sizeof who, "imprun: task %d (%s)", k + 1, r->tk[k].name);
                rep_status_print(r->rep, who, &r->tk[k].status, o->quiet);
            }
        if (st != VM_TASKS_ENDED) {
            unsigned id = vm_current_task(r->vm);
            char who[PATH_MAX + 80];
            struct rep_status status;
            if (id)
                snprintf(who, sizeof who, "imprun: task %u (%s)", id, r->tk[id - 1].name);
            else
                snprintf(who, sizeof who, "imprun: no task running (every task waits)");
            rep_status_collect(&status, r->vm, &r->tk[id ? id - 1 : 0].syms, st, r->rc);
            if (!id)                    /* in the dispatcher: no instruction to show */
                status.inside = status.have_where = status.waiting = 0;
            rep_status_print(r->rep, who, &status, o->quiet);
        }
    } else {
        struct rep_status status;
        rep_status_collect(&status, r->vm, &r->tk[0].syms, st, r->rc);
        rep_status_print(r->rep, "imprun", &status, o->quiet);
        if (rep_abend_wanted(st)) {     /* imprun(1), "Abend report" */
            struct rep_abend abend;
            rep_abend_collect(&abend, r->vm, &r->tk[0].syms, st, NULL, o->abend_dump);
            rep_abend_print(r->rep, &abend, o->abend_dump);
        }
    }
    if (o->regs) {
        struct rep_regs regs;
        rep_regs_collect(&regs, r->vm);
        rep_regs_print(r->rep, &regs);
    }
    for (int i = 0; i < o->ndumps; i++)
        rep_dump_print(r->rep, &r->st, o->dumps[i].addr, o->dumps[i].len, 0);
    if (o->stats) {
        struct rep_stats stats;
        rep_stats_collect(&stats, vm_counters(r->vm));
        rep_stats_print(r->rep, &stats);
    }
}

/* ---- the run --------------------------------------------------------------- */

static int open_report(struct run *r)
{
    r->rep = stderr;
    if (!r->o->report)
        return 0;
    r->rep = outfile_open(&r->rep_file, r->o->report, &r->d);
    r->rep_open = r->rep != NULL;
    return r->rep ? 0 : -1;
}

/* Storage start..end (inclusive) to f, a block at a time through
 * vm_fetch_bytes (the caller checked that the range is in storage). */
static void save_core(const struct vm *vm, const struct save_req *s, FILE *f)
{
    uint8_t block[4096];
    for (uint32_t a = s->start, left = s->end - s->start + 1; left > 0;) {
        uint32_t n = left < sizeof block ? left : (uint32_t)sizeof block;
        if (vm_fetch_bytes(vm, a, block, n) != 0)
            break;
        fwrite(block, 1, n, f);
        a += n;
        left -= n;
    }
}

/*
 * After the run: write the --savecore and --json files, then commit them
 * with the --report file, all or none; 0, or -1 after a message.
 */
static int write_outputs(struct run *r, enum vm_status st, int ex, const struct rep_paging *pg)
{
    const struct imprun_opts *o = r->o;
    struct outfile of[IMPRUN_MAX_DUMPS + 1];
    struct outfile *all[IMPRUN_MAX_DUMPS + 3] = { NULL };
    int n = 0, bad = 0;
    if (r->rep_open)
        all[n++] = &r->rep_file;
    r->rep_open = 0;
    if (r->refs_out)
        all[n++] = &r->refs_file;
    r->refs_out = NULL;
    for (int i = 0; i < o->nsaves && !bad; i++) {
        const struct save_req *s = &o->saves[i];
        if (s->end >= vm_storage_size(r->vm)) {
            fprintf(stderr, "imprun: --savecore: X'%X' is beyond storage (X'%X' bytes)\n",
                    s->end, vm_storage_size(r->vm));
            bad = 1;
        } else if (!outfile_open(&of[i], s->file, &r->d)) {
            bad = 1;
        } else {
            all[n++] = &of[i];
            save_core(r->vm, s, of[i].f);
        }
    }
    if (o->json && !bad) {
        struct outfile *j = &of[IMPRUN_MAX_DUMPS];
        if (!outfile_open(j, o->json, &r->d))
            bad = 1;
        else {
            all[n++] = j;
            imprun_write_json(j->f, o, r->vm, &r->tk[0].syms, st, r->rc, ex, r->svc, pg);
        }
    }
    if (bad) {
        for (int i = 0; i < n; i++)
            outfile_abort(all[i]);
        return -1;
    }
    return outfile_commit_all(all, n, &r->d);   /* write errors are found here */
}

/* A task ended (several tasks): its status, with its own symbols. */
static void task_ended(void *ctx, struct vm *vm, unsigned id, enum vm_status st)
{
    struct run *r = ctx;
    struct run_task *t = &r->tk[id - 1];
    rep_status_collect(&t->status, vm, &t->syms, st, t->rc);
    t->ended = 1;
}

/* Each reference of the string: kept for OPT, written for --page-refs. */
static void note_ref(void *ctx, unsigned task, uint32_t page, int write)
{
    struct run *r = ctx;
    if (!r->refs_full && (r->refs.n >= IMPRUN_MAX_REFS || ps_add(&r->refs, PS_REF(task, page, write)) != 0))
        r->refs_full = 1;
    if (r->refs_out)
        fprintf(r->refs_out, "%u %x %c\n", task, page, write ? 'w' : 'r');
}

/* Paging on and the tasks made; 0, or the exit status of the failure. */
static int prepare_paging(struct run *r)
{
    const struct imprun_opts *o = r->o;
    char err[300];
    if (vm_set_paging(r->vm, &o->pcfg, err, sizeof err) != 0) {
        fprintf(stderr, "imprun: paging: %s\n", err);
        return EXIT_USAGE;
    }
    if (o->slice)
        vm_set_slice(r->vm, o->slice);
    for (int k = 1; k < o->ntasks; k++)
        if (vm_add_task(r->vm) < 0) {
            fprintf(stderr, "imprun: cannot make task %d: local replacement needs at least one "
                    "frame per task (--frames=%u for %d tasks)\n", k + 1, o->pcfg.frames,
                    o->ntasks);
            return EXIT_USAGE;
        }
    ps_init(&r->refs, o->pcfg.page_size);
    r->refs.ntasks = (unsigned)o->ntasks;
    if (o->page_refs) {
        r->refs_out = outfile_open(&r->refs_file, o->page_refs, &r->d);
        if (!r->refs_out)
            return EXIT_BAD_INPUT;
        fprintf(r->refs_out, "#imp-pagerefs 1\n#page-size %u\n#tasks %d\n# policy %s frames %u %s\n",
                o->pcfg.page_size, o->ntasks, vm_policy_name(o->pcfg.policy), o->pcfg.frames,
                o->pcfg.local ? "local" : "global");
    }
    vm_set_page_refs(r->vm, note_ref, r);
    vm_set_task_end(r->vm, task_ended, r);
    return 0;
}

/* Set up the machine and load every task (load[k]: task k's load module,
 * NULL for a core image); 0, or the exit status of the failure. */
static int prepare(struct run *r, char *const *load)
{
    const struct imprun_opts *o = r->o;
    struct vm_config cfg = { o->storage };
    r->vm = vm_new(&cfg);
    if (!r->vm) {
        fprintf(stderr, "imprun: cannot create a machine with %u bytes of storage\n", o->storage);
        return EXIT_RUN_MACHINE;
    }
    char err[400];
    struct stat sb;
    if (o->microcode && stat(o->microcode, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        fprintf(stderr, "imprun: %s: cannot read: %s\n", o->microcode, strerror(EISDIR));
        return EXIT_BAD_INPUT;
    }
    if (o->microcode && vm_load_control_store_file(r->vm, o->microcode, err, sizeof err) != 0) {
        fprintf(stderr, "imprun: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int ex;
    if (o->paging && (ex = prepare_paging(r)) != 0)
        return ex;
    r->st = (struct svc_storage){ r->vm, st_read, st_write };
    for (int k = 0; k < r->ntasks; k++) {
        sym_init(&r->tk[k].syms, NULL, 0);
        vm_select_task(r->vm, (unsigned)k + 1);
        if (o->core ? load_core(r, o->core) : load_module(r, k, load[k]))
            return EXIT_BAD_INPUT;
    }
    if (r->ntasks > 1 || o->paging)
        vm_select_task(r->vm, 1);
    struct vm_host host = { r, host_diagnose };
    vm_set_host(r->vm, &host);
    return 0;
}

/* OPT on the recorded string, into p. */
static void paging_opt(struct run *r, struct rep_paging *p)
{
    const struct imprun_opts *o = r->o;
    struct ps_result res;
    if (r->refs_full)
        p->opt_note = "not computed: the reference string is longer than imprun keeps "
                      "(write it with --page-refs and replay it)";
    else if (ps_simulate(&r->refs, PS_OPT, o->pcfg.frames, o->pcfg.local ? (unsigned)r->ntasks : 0,
                         &res) == 0) {
        p->opt_known = 1;
        p->opt_pageins = res.pageins;
        p->opt_pageouts = res.pageouts;
    } else
        p->opt_note = "not computed (out of memory)";
}

/* The exit status of a run with tasks: the worst of the tasks'. */
static int tasks_exit(struct run *r, enum vm_status st)
{
    if (!r->o->paging || (st != VM_TASKS_ENDED && st != VM_EXIT))
        return imprun_exit_code(st, r->rc);
    int ex = EXIT_RUN_OK;
    for (int k = 0; k < r->ntasks; k++) {
        struct vm_task_info ti;
        vm_task_info(r->vm, (unsigned)k + 1, &ti);
        int e = ti.ended ? imprun_exit_code(ti.status, r->tk[k].rc) : EXIT_RUN_MACHINE;
        if (e > ex)
            ex = e;
    }
    return ex;
}

static int run_program(const struct imprun_opts *o, char *const *load)
{
    struct run r;
    memset(&r, 0, sizeof r);
    r.o = o;
    r.svc = o->task[0].svc;
    r.ntasks = o->ntasks;
    for (int k = 0; k < r.ntasks; k++) {
        r.tk[k].svc = o->task[k].svc;
        r.tk[k].name = o->core ? o->core : o->task[k].inputs[0];
    }
    diag_init(&r.d, "imprun");
    if (open_report(&r) != 0)
        return EXIT_BAD_INPUT;
    int ex = prepare(&r, load);
    /* Source lines only from the folders of the programs named (imprun(1),
       "Source lines"): the load module's, or each source's. */
    for (int k = 0; ex == 0 && !o->core && k < r.ntasks; k++)
        for (int i = 0; i < o->task[k].ninputs; i++)
            (void)sym_allow_folder_of(&r.tk[k].syms, o->task[k].inputs[i]);
    char rt[PATH_MAX];                  /* and the guest runtime's, linked in */
    if (ex == 0 && !o->core && home_runtime(rt, sizeof rt - 16) == 0) {
        strcat(rt, "/imprt.s");
        for (int k = 0; k < r.ntasks; k++)
            (void)sym_allow_folder_of(&r.tk[k].syms, rt);
    }
    if (ex == 0) {
        struct trace_state ts;
        trace_init(&ts, r.rep, &r.tk[0].syms, o->trace, o->microtrace);
        ts.limit = o->max_trace;
        ts.ntasks = (unsigned)r.ntasks;
        for (int k = 0; k < r.ntasks; k++)
            ts.task_syms[k] = &r.tk[k].syms;
        if (o->trace || o->microtrace) {
            struct vm_trace tr = { .ctx = &ts, .insn = o->trace ? trace_insn : NULL,
                                   .micro = o->microtrace ? trace_micro : NULL,
                                   .done = o->trace ? trace_done : NULL,
                                   .ranged = o->trace_ranged, .lo = o->trace_lo,
                                   .hi = o->trace_hi };
            vm_set_trace(r.vm, &tr);
        }
        enum vm_status st = vm_run(r.vm, o->max_cycles);
        trace_finish(&ts, r.vm);
        if (ts.limit_hit)
            r.limit = LIMIT_TRACE;
        char err[PATH_MAX + 200];
        int lost = 0;
        for (int k = 0; k < r.ntasks; k++)
            if (svc_flush_all(r.tk[k].svc, err, sizeof err) != 0) {
                diag_error(&r.d, "%s", err);
                lost = 1;
            }
        struct rep_paging pg;
        rep_paging_collect(&pg, r.vm);
        if (pg.on) {
            for (int k = 0; k < r.ntasks; k++) {
                pg.task[k].program = r.tk[k].name;
                pg.task[k].rc = r.tk[k].rc;
            }
            paging_opt(&r, &pg);
        }
        write_reports(&r, st);
        ex = r.limit != LIMIT_NONE ? EXIT_RUN_LIMIT : tasks_exit(&r, st);
        if (pg.on && !(o->quiet && ex == EXIT_RUN_OK))
            rep_paging_print(r.rep, &pg);
        if ((write_outputs(&r, st, ex, pg.on ? &pg : NULL) != 0 || lost) && ex == EXIT_RUN_OK)
            ex = EXIT_BAD_INPUT;
    }
    if (r.rep_open)
        outfile_abort(&r.rep_file);     /* the program could not be loaded */
    if (r.refs_out)
        outfile_abort(&r.refs_file);
    if (r.vm)
        vm_free(r.vm);
    for (int k = 0; k < r.ntasks; k++) {
        if (r.tk[k].have_mod)
            obj_free(&r.tk[k].mod);
        sym_free(&r.tk[k].syms);
    }
    ps_free(&r.refs);
    return ex;
}

int imprun_main(const struct imprun_opts *o, const char *self)
{
    struct build b[VM_MAX_TASKS];
    char *load[VM_MAX_TASKS] = { NULL };
    int ex = 0, nb = 0;
    for (int k = 0; k < o->ntasks && !o->core && ex == 0; k++) {
        const struct imprun_task *t = &o->task[k];
        if (t->ninputs == 1 && !imprun_is_source(t->inputs[0])) {
            load[k] = t->inputs[0];
            continue;
        }
        int rc = build_program(&b[nb], self, t->inputs, t->ninputs, t->origin_text, stderr);
        nb++;
        if (rc != 0)
            ex = EXIT_BAD_INPUT;
        else
            load[k] = b[nb - 1].load;
    }
    if (ex == 0)
        ex = run_program(o, load);
    for (int i = 0; i < nb; i++)
        build_cleanup(&b[i]);
    return ex;
}
