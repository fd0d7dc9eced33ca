/*
 * runner.c -- one imprun run: load the program onto a new machine,
 * set the starting state of imp(7) / imprun(1), serve DIAGNOSE through
 * the host services, run to a status, then write the reports asked for.
 *
 * Starting state for a load module (imprun(1), "Starting state"; imp(7),
 * "The problem-state environment"):
 *   PSW  X'00890000' | entry   EC mode, problem state, key 8, disabled, CC 0
 *   GR15 entry point           GR14 X'F00', an exit stub: SVC 3 (EXIT)
 *   GR13 the first save area, at the start of the region after the program
 *   GR1 and the rest 0
 * Low storage: the PSA (X'000'-X'7FF', key 0, fetch-protected), the
 * nucleus (X'800'-X'FFF', key 0: the SVC handler at X'800' and the exit
 * stub); the program and the region key 8.  So a program's final BR 14
 * ends the run with return code GR15, and a store outside its own storage
 * is a protection exception.  --supervisor: the PSW X'00080000' | entry
 * (supervisor state, key 0: no protection), the exit stub DIAG 15,0,X'000'
 * and GR13 X'F80' as on the bare machine; the nucleus serves SVCs too.
 * A core image is loaded at 0 and started by a restart (PSW from 0).
 */
#include "run.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "assist.h"
#include "diag.h"
#include "ebcdic.h"
#include "home.h"
#include "hpm.h"
#include "isa.h"
#include "loader.h"
#include "outfile.h"
#include "pagesim.h"
#include "report.h"
#include "vm.h"

/* The limits of IMPRUN_LIMITS (run.h): what, unit, option. */
static const struct { const char *what, *unit, *option; } limit_info[] = {
#define X(e, what, unit, option) { what, unit, option },
    IMPRUN_LIMITS(X)
#undef X
};

/* ---- loading ------------------------------------------------------------- */

/*
 * The environment of the selected task (the comment at the top): the SVC
 * new PSW and the nucleus, the storage keys, the region from end (the
 * program's end) up, and the registers and PSW: the problem state with
 * the exit stub SVC 3 and the first save area at the start of the region,
 * or (--supervisor) the supervisor state with the stub DIAG 15,0,X'000'
 * and the save area at X'F80', as on the bare machine.
 */
/*
 * The guest runtime's code, if the module has it linked last and starting
 * on a key block (imprun prog.s links it so): [*lo, *hi), hi rounded up to
 * the next block; 0, or -1 if there is none to protect.
 */
static int runtime_code(const struct obj_module *m, int64_t delta, uint32_t end, uint32_t *lo,
                        uint32_t *hi)
{
    static const char *const names[] = {
#define X(name) name,
        IMPRUN_RUNTIME_CODE(X)
#undef X
    };
    uint32_t a = UINT32_MAX, b = 0;
    for (size_t i = 0; i < m->nesd; i++) {
        const struct obj_esd *e = &m->esd[i];
        for (size_t k = 0; e->type == ESD_SD && k < sizeof names / sizeof names[0]; k++)
            if (strcmp(e->name, names[k]) == 0) {
                uint32_t at = (uint32_t)((int64_t)e->addr + delta);
                a = at < a ? at : a;
                b = at + e->len > b ? at + e->len : b;
            }
    }
    uint32_t top = (b + VM_KEY_BLOCK - 1) & ~(VM_KEY_BLOCK - 1);
    if (a == UINT32_MAX || a % VM_KEY_BLOCK || b < end)
        return -1;                      /* not linked, or not so */
    *lo = a;
    *hi = top;
    return 0;
}

static void environment(struct run *r, struct run_task *t, uint32_t end, uint32_t entry)
{
    static const uint8_t nucleus[] = {
        0x83, 0x00, 0x01, 0x00,         /* X'800' DIAG 0,0,X'100'   serve the SVC */
        0x82, 0x00, 0x00, 0x20,         /* X'804' LPSW X'20'        back to the program */
    };
    static const uint8_t svc3[2] = { 0x0A, 0x03 };                     /* SVC 3 */
    static const uint8_t diag[4] = { 0x83, 0xF0, 0x00, 0x00 };         /* DIAG 15,0,X'000' */
    uint8_t newpsw[8];
    uint64_t svcpsw = VM_PSW_EC | IMPRUN_NUCLEUS;
    for (int i = 0; i < 8; i++)
        newpsw[i] = (uint8_t)(svcpsw >> (56 - 8 * i));
    struct vm *vm = r->vm;
    uint32_t size = vm_storage_size(vm);
    vm_store_bytes(vm, 0x60, newpsw, sizeof newpsw);
    vm_store_bytes(vm, IMPRUN_NUCLEUS, nucleus, sizeof nucleus);
    /* the PSA: fetch-protected, but under --assist-fill a branch there is
       S0C1 on its zeros, as under ASSIST */
    vm_set_storage_key(vm, 0, VM_KEY_BLOCK, r->fill ? 0 : VM_KEY_FETCH);
    vm_set_storage_key(vm, VM_KEY_BLOCK, IMPRUN_LOW_END - VM_KEY_BLOCK, 0);
    vm_set_storage_key(vm, IMPRUN_LOW_END, size - IMPRUN_LOW_END, IMPRUN_KEY << 4);
    uint32_t lo, hi;
    if (t->have_mod && runtime_code(&t->mod, t->delta, end, &lo, &hi) == 0 && hi <= size) {
        vm_set_storage_key(vm, lo, hi - lo, 0);     /* the runtime: key 0, fetchable */
        end = hi;
    }
    uint32_t save = (end + 7) & ~7u;
    if (save > size - IMPRUN_SAVE_LEN)          /* no room after the program */
        save = size - IMPRUN_SAVE_LEN;
    static const uint8_t zero[IMPRUN_SAVE_LEN];
    vm_store_bytes(vm, save, zero, sizeof zero);
    svc_set_region(t->svc, save + IMPRUN_SAVE_LEN, hpm_top(r->o, size));
    if (r->o->supervisor) {
        vm_store_bytes(vm, IMPRUN_EXIT_STUB, diag, sizeof diag);
        vm_set_gr(vm, 13, IMPRUN_SAVE_AREA);
        vm_set_psw(vm, VM_PSW_EC | entry);
    } else {
        vm_store_bytes(vm, IMPRUN_EXIT_STUB, svc3, sizeof svc3);
        vm_set_gr(vm, 13, save);
        vm_set_psw(vm, VM_PSW_EC | VM_PSW_PROB | (uint64_t)IMPRUN_KEY << 52 | entry);
    }
}

void run_say(const struct run_sink *s, const char *setting, const char *value,
             const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    struct run_msg msg = { setting, value, text };
    s->report(s->ctx, &msg);
}

void run_diag_init(struct diag *d, const struct run_sink *s)
{
    diag_init(d, s->prog);
    d->out = s->err;
}

/* Load the module at path into the selected task k (0-based) and set its
 * registers and PSW; 0 or -1 after a message. */
static int load_module(struct run *r, int k, const char *path)
{
    struct diag d;
    struct load_image img;
    char err[300];
    struct run_task *t = &r->tk[k];
    const struct imprun_task *given = &r->o->task[k];
    run_diag_init(&d, r->sink);
    if (given->mod_err) {               /* read before the run, and failed */
        fputs(given->mod_err, d.out);
        return -1;
    }
    if (given->mod) {                   /* read before the run: borrowed */
        t->mod = *given->mod;
        t->mod_borrowed = 1;
    } else if (obj_read(&t->mod, OBJ_LOAD, path, &d) != 0) {
        return -1;
    }
    t->have_mod = 1;
    /* the program as the user named it: the module, or the first source
       (not the module built from the sources in a scratch folder) */
    const char *name = given->ninputs > 0 ? given->inputs[0] : path;
    if (loader_place(&t->mod, r->o->task[k].origin, vm_storage_size(r->vm), &img, err,
                     sizeof err) != 0) {
        run_say(r->sink, NULL, NULL, "%s: %s", name, err);
        return -1;
    }
    if (img.base < IMPRUN_LOW_END) {
        run_say(r->sink, NULL, NULL, "%s: the program starts at X'%06X', inside low storage "
                "(X'0'-X'%X'); link it at X'%X' or above", name, img.base,
                IMPRUN_LOW_END - 1, IMPRUN_LOW_END);
        loader_free(&img);
        return -1;
    }
    if (!r->fill) {
        vm_store_bytes(r->vm, img.base, img.data, img.len);
    } else {                            /* the text only: DS areas keep X'F5' */
        for (size_t i = 0; i < t->mod.ntxt; i++) {
            const struct obj_txt *x = &t->mod.txt[i];
            uint32_t off = (uint32_t)((int64_t)x->addr + img.delta - img.base);
            if (off <= img.len && x->len <= img.len - off)
                vm_store_bytes(r->vm, img.base + off, img.data + off, x->len);
        }
    }
    for (unsigned i = 0; i < 16; i++)
        vm_set_gr(r->vm, i, r->fill && i < 13 ? IMPRUN_FILL_GR : 0);
    vm_set_gr(r->vm, 15, img.entry);
    vm_set_gr(r->vm, 14, IMPRUN_EXIT_STUB);
    t->delta = img.delta;
    environment(r, t, img.base + img.len, img.entry);
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
        run_say(r->sink, NULL, NULL, "%s", err);
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

/* An instruction changed after it was loaded: the service's store that
 * changed it, if one of the last ones did (a card read over code). */
static void changed_by(struct run *r, const struct rep_where *w)
{
    if (!w->changed)
        return;
    const struct run_store *s = run_store_over(r, w->addr, (uint32_t)isa_length_of(w->loaded[0]));
    if (!s)
        return;
    struct rep_where by;
    rep_where_collect(&by, r->vm, &r->tk[0].syms, s->iaddr);
    fprintf(r->rep, "imprun: note: the instruction at X'%06X' was changed by the %u bytes "
            "stored at X'%06X' for the instruction at X'%06X'", w->addr, s->len, s->addr,
            s->iaddr);
    if (by.found && by.sym.file)
        fprintf(r->rep, " (%s:%d)", by.sym.file, by.sym.line);
    if (by.nbytes)
        fprintf(r->rep, ": %s", by.insn);
    fputc('\n', r->rep);
}

/* A run stopped by a limit after XREAD found no card more than once: the
 * program read on past the last card, never testing XREAD's CC 1. */
static void eof_note(struct run *r)
{
    const struct assist *a = r->tk[0].asst;
    if (r->ntasks > 1 || !a || a->eof_reads < 2)
        return;
    struct rep_where w;
    rep_where_collect(&w, r->vm, &r->tk[0].syms, a->eof_iaddr);
    fprintf(r->rep, "imprun: note: XREAD found no more cards %" PRIu64 " times, the last "
            "at X'%06X'", a->eof_reads, a->eof_iaddr);
    if (w.found && w.sym.file)
        fprintf(r->rep, " (%s:%d)", w.sym.file, w.sym.line);
    fprintf(r->rep, ": after the last card XREAD reads nothing and sets condition code 1; "
            "a BC 4 after it leaves the loop\n");
}

/* XDECI found no number and the program went on without testing CC 3:
 * the register kept its old value (a card with a word where a number
 * was wanted, or the end of a card's numbers). */
static void nonum_note(struct run *r)
{
    const struct assist *a = r->tk[0].asst;
    if (r->ntasks > 1 || !a || a->nonum_untested == 0)
        return;
    struct rep_where w;
    char text[ASSIST_NONUM_TEXT + 1];
    ebcdic_to_host(text, a->nonum_text, a->nonum_len);
    text[a->nonum_len] = '\0';
    rep_where_collect(&w, r->vm, &r->tk[0].syms, a->nonum_iaddr);
    if (a->nonum_untested == 1)
        fprintf(r->rep, "imprun: note: XDECI found no number at X'%06X'", a->nonum_iaddr);
    else
        fprintf(r->rep, "imprun: note: XDECI found no number %" PRIu64 " times, the last at "
                "X'%06X'", a->nonum_untested, a->nonum_iaddr);
    if (w.found && w.sym.file)
        fprintf(r->rep, " (%s:%d)", w.sym.file, w.sym.line);
    if (a->nonum_len)
        fprintf(r->rep, ": it found '%s'", text);
    else
        fprintf(r->rep, ": it found only blanks");
    fprintf(r->rep, ", and the program went on without testing condition code 3; register "
            "%u kept its old value; a BC 1 (BO) right after XDECI catches it\n", a->nonum_reg);
}

static void write_reports(struct run *r, enum vm_status st)
{
    const struct imprun_opts *o = r->o;
    if (r->limit != LIMIT_NONE) {       /* instead of the machine's status */
        uint64_t max = r->limit == LIMIT_CONSOLE ? r->svc->max_console
                     : r->limit == LIMIT_FILES ? r->svc->max_files
                     : r->limit == LIMIT_TRACE ? o->max_trace : r->limit_max;
        fprintf(r->rep, "%s: %s limit reached: the %s reached its limit of %" PRIu64
                " %s (%s raises it)\n", r->sink->prog, r->limit >= LIMIT_CARDS ? "job" : "output",
                limit_info[r->limit].what, max, limit_info[r->limit].unit,
                limit_info[r->limit].option);
        char psw[128];
        struct rep_where where;
        rep_psw_fields_format(psw, sizeof psw, vm_get_psw(r->vm));
        fprintf(r->rep, "  %s\n", psw);
        rep_where_collect(&where, r->vm, &r->tk[0].syms, vm_instruction_address(r->vm));
        rep_where_print(r->rep, &where);
        struct rep_loop loop;
        rep_loop_collect(&loop, r->vm, &r->tk[0].syms);
        rep_loop_print(r->rep, "imprun", &loop, 0);
        eof_note(r);
        nonum_note(r);
    } else if (r->ntasks > 1) {
        /* each task's end as it happened; then what stopped the machine */
        for (int k = 0; k < r->ntasks; k++)
            if (r->tk[k].ended) {
                char who[PATH_MAX + 40];
                snprintf(who, sizeof who, "imprun: task %d (%s)", k + 1, r->tk[k].name);
                rep_status_print(r->rep, who, &r->tk[k].status, o->quiet);
                if (r->tk[k].abend_rep)
                    rep_abend_print(r->rep, r->tk[k].abend_rep, o->abend_dump);
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
        rep_status_collect(&status, r->vm, &r->tk[0].syms, st,
                           st == VM_ABEND ? r->tk[0].abend : r->rc);
        status.assist_end = st == VM_EXIT && r->tk[0].assist_end;
        status.r15 = r->tk[0].r15;
        rep_status_print(r->rep, "imprun", &status, o->quiet);
        if (st == VM_CYCLE_LIMIT) {     /* what it was doing */
            struct rep_loop loop;
            rep_loop_collect(&loop, r->vm, &r->tk[0].syms);
            rep_loop_print(r->rep, "imprun", &loop, 1);
            eof_note(r);
        }
        if (rep_abend_wanted(st)) {     /* imprun(1), "Abend report" */
            struct rep_abend abend;
            rep_abend_collect(&abend, r->vm, &r->tk[0].syms, st, status.rc, o->abend_dump);
            rep_abend_print(r->rep, &abend, o->abend_dump);
            changed_by(r, &abend.where);
        }
        nonum_note(r);
    }
    if (o->regs) {
        struct rep_regs regs;
        rep_regs_collect(&regs, r->vm);
        rep_regs_print(r->rep, &regs);
    }
    for (int i = 0; i < o->ndumps; i++)
        rep_dump_print(r->rep, &r->host, o->dumps[i].addr, o->dumps[i].len, 0);
    if (o->stats) {
        struct rep_stats stats;
        rep_stats_collect(&stats, vm_counters(r->vm));
        rep_stats_monitors(&stats, r->vm);
        rep_stats_print(r->rep, &stats);
    }
    if (hpm_any_on(o))
        imprun_mon_report(r->rep, r);
}

/* ---- the run --------------------------------------------------------------- */

static int open_report(struct run *r)
{
    r->rep = r->sink->err;
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
    struct outfile of[IMPRUN_MAX_DUMPS + 2];
    struct outfile *all[IMPRUN_MAX_DUMPS + 4] = { NULL };
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
            run_say(r->sink, "savecore", NULL, "X'%X' is beyond storage (X'%X' bytes)", s->end, vm_storage_size(r->vm));
            bad = 1;
        } else if (!outfile_open(&of[i], s->file, &r->d)) {
            bad = 1;
        } else {
            all[n++] = &of[i];
            save_core(r->vm, s, of[i].f);
        }
    }
    if (o->profile && !bad) {
        struct outfile *pf = &of[IMPRUN_MAX_DUMPS + 1];
        if (!outfile_open(pf, o->profile, &r->d))
            bad = 1;
        else {
            all[n++] = pf;
            imprun_profile_write(pf->f, r, st);
        }
    }
    if (o->json && !bad) {
        struct outfile *j = &of[IMPRUN_MAX_DUMPS];
        if (!outfile_open(j, o->json, &r->d))
            bad = 1;
        else {
            all[n++] = j;
            imprun_write_json(j->f, r, &r->tk[0].syms, st,
                              st == VM_ABEND ? r->tk[0].abend : r->rc, ex, pg);
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
    rep_status_collect(&t->status, vm, &t->syms, st, st == VM_ABEND ? t->abend : t->rc);
    t->status.assist_end = st == VM_EXIT && t->assist_end;
    t->status.r15 = t->r15;
    t->ended = 1;
    if (rep_abend_wanted(st) && (t->abend_rep = malloc(sizeof *t->abend_rep)) != NULL) {
        rep_abend_collect(t->abend_rep, vm, &t->syms, st, t->status.rc, r->o->abend_dump);
    }
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
        run_say(r->sink, NULL, NULL, "paging: %s", err);
        return EXIT_USAGE;
    }
    if (o->slice)
        vm_set_slice(r->vm, o->slice);
    for (int k = 1; k < o->ntasks; k++)
        if (vm_add_task(r->vm) < 0) {
            run_say(r->sink, NULL, NULL, "cannot make task %d: local replacement needs at least "
                    "one frame per task (--frames=%u for %d tasks)", k + 1, o->pcfg.frames,
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

/* Storage from lo to its end <- byte b. */
static void fill_storage(struct vm *vm, uint32_t lo, uint8_t b)
{
    uint8_t block[4096];
    memset(block, b, sizeof block);
    uint32_t size = vm_storage_size(vm);
    for (uint32_t a = lo; a < size; a += sizeof block)
        vm_store_bytes(vm, a, block, size - a < sizeof block ? size - a : sizeof block);
}

/* Set up the machine and load every task (load[k]: task k's load module,
 * NULL for a core image); 0, or the exit status of the failure. */
static int prepare(struct run *r, char *const *load)
{
    const struct imprun_opts *o = r->o;
    struct vm_config cfg = { o->storage };
    r->vm = vm_new(&cfg);
    if (!r->vm) {
        run_say(r->sink, NULL, NULL, "cannot create a machine with %u bytes of storage",
                o->storage);
        return EXIT_RUN_MACHINE;
    }
    char err[400];
    struct stat sb;
    if (o->microcode && stat(o->microcode, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        run_say(r->sink, NULL, NULL, "%s: cannot read: %s", o->microcode, strerror(EISDIR));
        return EXIT_BAD_INPUT;
    }
    if (o->microcode && vm_load_control_store_file(r->vm, o->microcode, err, sizeof err) != 0) {
        run_say(r->sink, NULL, NULL, "%s", err);
        return EXIT_BAD_INPUT;
    }
    int ex;
    if (o->paging && (ex = prepare_paging(r)) != 0)
        return ex;
    run_storage_init(r);
    for (int k = 0; k < r->ntasks; k++) {
        sym_init(&r->tk[k].syms, NULL, 0);
        vm_select_task(r->vm, (unsigned)k + 1);
        if (r->fill)                    /* storage the program does not load: X'F5' */
            fill_storage(r->vm, IMPRUN_LOW_END, IMPRUN_FILL_BYTE);
        if (o->core ? load_core(r, o->core) : load_module(r, k, load[k]))
            return EXIT_BAD_INPUT;
    }
    if (r->ntasks > 1 || o->paging)
        vm_select_task(r->vm, 1);
    run_host_set(r);
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

/* --trace=CSECT: the addresses of CSECT name (any case) in the loaded
 * program of syms, into lo..hi (inclusive); 0, or -1 after a message
 * listing the CSECTs there are. */
static int trace_bounds(const struct run *r, const struct symtab *syms, const char *name,
                        uint32_t *lo, uint32_t *hi)
{
    const struct obj_module *m = syms->m;
    char list[400] = "";
    size_t k = 0;
    for (size_t i = 0; m && i < m->nesd; i++) {
        const struct obj_esd *e = &m->esd[i];
        if (e->type != ESD_SD)
            continue;
        if (strcasecmp(e->name, name) == 0) {
            *lo = (uint32_t)((int64_t)e->addr + syms->delta) & VM_ADDR_MASK;
            *hi = *lo + (e->len ? e->len - 1 : 0);
            return 0;
        }
        if (k < sizeof list)
            k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", k ? ", " : "", e->name);
    }
    if (k)
        run_say(r->sink, "trace", name, "the program has no CSECT %s (its CSECTs: %s)", name,
                list);
    else
        run_say(r->sink, "trace", name, "the program has no CSECTs (no symbols)");
    return -1;
}

/*
 * Everything before the run: a new machine with every task loaded, its
 * host services, ASSIST's streams and the monitors armed.  r is zeroed
 * first; run_close releases what it holds in every case.  0, or the exit
 * status of the failure after a message.  impmon loads its machine here.
 */
int run_open(struct run *r, const struct imprun_opts *o, char *const *load,
             const struct run_sink *sink)
{
    memset(r, 0, sizeof *r);
    r->o = o;
    r->sink = sink;
    r->svc = o->task[0].svc;
    r->ntasks = o->ntasks;
    for (int k = 0; k < r->ntasks; k++) {
        r->tk[k].svc = o->task[k].svc;
        r->tk[k].asst = o->task[k].asst;
        r->tk[k].name = o->core ? o->core : o->task[k].inputs[0];
        r->tk[k].svc->no_super = o->no_super;
    }
    run_diag_init(&r->d, sink);
    /* ASSIST's look: asked for, or a $JOB/$ENTRY deck unless refused; not
       with paging (every page would be touched) or a core image */
    r->fill = !o->core && !o->paging &&
              (o->assist_fill > 0 ||
               (o->assist_fill < 0 && o->task[0].ninputs > 0 &&
                run_is_deck(&o->task[0])));
    if (open_report(r) != 0)
        return EXIT_BAD_INPUT;
    int ex = prepare(r, load);
    /* Source lines only from the folders of the programs named (imprun(1),
       "Source lines"): the load module's, or each source's. */
    for (int k = 0; ex == 0 && !o->core && k < r->ntasks; k++)
        for (int i = 0; i < o->task[k].ninputs; i++)
            (void)sym_allow_folder_of(&r->tk[k].syms, o->task[k].inputs[i]);
    char rt[PATH_MAX];                  /* and the guest runtime's, linked in */
    if (ex == 0 && !o->core && home_runtime(rt, sizeof rt - 16) == 0) {
        strcat(rt, "/imprt.s");
        for (int k = 0; k < r->ntasks; k++)
            (void)sym_allow_folder_of(&r->tk[k].syms, rt);
    }
    if (ex == 0 && run_assist_open(r) != 0)
        ex = EXIT_BAD_INPUT;
    if (ex == 0 && imprun_mon_arm(r, r->tk[0].svc->region_lo) != 0)
        ex = EXIT_USAGE;
    return ex;
}

/* Release what run_open took (the machine included). */
void run_close(struct run *r)
{
    run_assist_close(r);
    if (r->rep_open)
        outfile_abort(&r->rep_file);     /* the program could not be loaded */
    r->rep_open = 0;
    if (r->refs_out)
        outfile_abort(&r->refs_file);
    r->refs_out = NULL;
    if (r->vm)
        vm_free(r->vm);
    r->vm = NULL;
    for (int k = 0; k < r->ntasks; k++) {
        if (r->tk[k].have_mod && !r->tk[k].mod_borrowed)
            obj_free(&r->tk[k].mod);
        r->tk[k].have_mod = 0;
        r->tk[k].mod_borrowed = 0;
        free(r->tk[k].abend_rep);
        r->tk[k].abend_rep = NULL;
        sym_free(&r->tk[k].syms);
    }
    ps_free(&r->refs);
    imprun_mon_free(r);
}

static int run_program(const struct imprun_opts *o, char *const *load,
                       const struct run_sink *sink)
{
    struct run r;
    int ex = run_open(&r, o, load, sink);
    /* The opcode counters are read only by the statistics, the JSON
       summary, the profile and the instruction-frequency report: a run
       with none of them goes without (faster: vm_count_opcodes). */
    if (ex == 0 && !o->stats && !o->json && !o->profile && !o->iifm)
        vm_count_opcodes(r.vm, 0);
    uint32_t trace_lo = o->trace_lo, trace_hi = o->trace_hi;
    if (ex == 0 && o->trace_csect && trace_bounds(&r, &r.tk[0].syms, o->trace_csect, &trace_lo,
                                                  &trace_hi) != 0)
        ex = EXIT_USAGE;
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
                                   .ranged = o->trace_ranged, .lo = trace_lo,
                                   .hi = trace_hi };
            vm_set_trace(r.vm, &tr);
        }
        enum vm_status st = vm_run(r.vm, o->max_cycles);
        trace_finish(&ts, r.vm);
        trace_free(&ts);
        if (ts.limit_hit)
            r.limit = LIMIT_TRACE;
        char err[PATH_MAX + 200];
        int lost = 0;
        for (int k = 0; k < r.ntasks; k++)
            if (assist_finish(r.tk[k].asst, err, sizeof err) != 0) {
                diag_error(&r.d, "%s", err);
                lost = 1;
            }
        for (int k = 0; k < r.ntasks; k++)
            if (svc_flush_all(r.tk[k].svc, err, sizeof err) != 0) {
                diag_error(&r.d, "%s", err);
                lost = 1;
            }
        if (run_assist_close(&r) != 0)
            lost = 1;
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
    run_close(&r);
    return ex;
}


int imprun_main(const struct imprun_opts *o, const char *self, const struct run_sink *sink)
{
    struct build b[VM_MAX_TASKS];
    char *load[VM_MAX_TASKS] = { NULL };
    int ex = 0, nb = 0;
    for (int k = 0; k < o->ntasks && !o->core && ex == 0; k++) {
        const struct imprun_task *t = &o->task[k];
        if (t->ninputs == 1 && !imprun_input_is_source(t, 0)) {
            load[k] = t->inputs[0];
            continue;
        }
        int rc = build_program(&b[nb], self, t->inputs, t->ninputs, o->incdirs, o->nincdirs,
                               t->origin_text, sink->err);
        nb++;
        if (rc != 0)
            ex = EXIT_BAD_INPUT;
        else
            load[k] = b[nb - 1].load;
    }
    if (ex == 0)
        ex = run_program(o, load, sink);
    for (int i = 0; i < nb; i++)
        build_cleanup(&b[i]);
    return ex;
}
