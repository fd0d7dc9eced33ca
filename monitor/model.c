/*
 * model.c -- impmon's model of the machine: the program it loads, the
 * machine imprun's run_open builds from it, breakpoints and watchpoints,
 * running in slices, stepping, and stepping back.
 *
 * Step back is a replay: the machine is deterministic (virtual time, no
 * host clock), so a fresh machine run from the program's initial state to
 * instruction count now - N is exactly the machine N instructions ago.
 * The replay runs with the console silenced and no breakpoints; the
 * breakpoints are installed again afterwards.
 *
 * Breakpoints on addresses and watchpoints on storage are the machine's
 * own (vm_set_breakpoint, vm_set_watchpoint: the free-running engine keeps
 * its speed).  Opcode, condition and register breakpoints need a look at
 * each instruction: a trace hook, set only while such a breakpoint exists.
 * The hook stops the machine after the instruction's fetch, before its
 * microcode runs; a resumed run executes it.
 */
#include "mon.h"
#include "hpm.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "assist.h"
#include "loader.h"
#include "report.h"
#include "services.h"

static const char *const kind_names[] = {
#define X(e, name) name,
    MON_BREAK_KINDS(X)
#undef X
};

struct vm *mon_vm(const struct mon *m) { return m->loaded ? m->r.vm : NULL; }
const struct symtab *mon_syms(const struct mon *m) { return &m->r.tk[0].syms; }

int mon_error(struct mon *m, const char *fmt, ...)
{
    va_list ap;
    fflush(m->out);
    if (m->where)
        fprintf(m->err, "%s: ", m->where);
    fputs("error: ", m->err);
    va_start(ap, fmt);
    vfprintf(m->err, fmt, ap);
    va_end(ap);
    fputc('\n', m->err);
    fflush(m->err);
    m->errors++;
    return -1;
}

void mon_init(struct mon *m, const char *self, FILE *out, FILE *err)
{
    memset(m, 0, sizeof *m);
    m->self = self;
    m->out = out;
    m->err = err;
    m->console = out;
    m->devnull = fopen("/dev/null", "w+");
    m->assts = calloc(VM_MAX_TASKS, sizeof *m->assts);
    m->next_id = 1;
    m->opt.max_cycles = MON_DEFAULT_CYCLES;
    m->opt.slice = MON_SLICE;
    struct imprun_opts *o = &m->o;
    o->max_cycles = MON_DEFAULT_CYCLES;
    o->storage = IMPRUN_DEFAULT_STORAGE;
    o->origin = LOADER_AT_LINK;
    o->pcfg = (struct vm_paging){ 0, IMPRUN_PAGE_SIZE, VM_LRU, IMPRUN_PAGE_IN,
                                  IMPRUN_PAGE_OUT, 0 };
    o->max_lines = IMPRUN_MAX_LINES;
    o->max_pages = IMPRUN_MAX_PAGES;
    o->max_cards = IMPRUN_MAX_CARDS;
    o->max_punch = IMPRUN_MAX_PUNCH;
    hpm_defaults(o);
    o->quiet = 1;
    o->assist_fill = -1;            /* ASSIST's look for a $JOB deck, as imprun */
}

static void unload(struct mon *m)
{
    where_index_free(m);
    if (m->loaded) {
        run_close(&m->r);
        for (int k = 0; k < m->o.ntasks; k++)
            svc_close_all(&m->svcs[k]);
    }
    m->loaded = 0;
}

static void unbuild(struct mon *m)
{
    for (int i = 0; i < m->nbuild; i++)
        build_cleanup(&m->build[i]);
    m->nbuild = 0;
}

void mon_free(struct mon *m)
{
    unload(m);
    unbuild(m);
    for (int k = 0; k < VM_MAX_TASKS; k++)
        free(m->prog[k]);
    free(m->assts);
    if (m->devnull)
        fclose(m->devnull);
}

/* The services and ASSIST state of every task, fresh; console: out. */
static void services_fresh(struct mon *m, FILE *console)
{
    for (int k = 0; k < m->o.ntasks; k++) {
        svc_init(&m->svcs[k], m->devnull, console);
        assist_init(&m->assts[k], NULL, NULL, NULL);
        m->assts[k].max_lines = m->o.max_lines;
        m->assts[k].max_pages = m->o.max_pages;
        m->assts[k].max_cards = m->o.max_cards;
        m->assts[k].max_punch = m->o.max_punch;
        m->assts[k].max_bytes = m->svcs[0].max_files;
        m->o.task[k].svc = &m->svcs[k];
        m->o.task[k].asst = &m->assts[k];
    }
}

/* The runner library's messages, in impmon's words: a monitor setting as
 * the command that makes it ("monitor ias-window X: ..."), on m->err. */
static void runner_said(void *ctx, const struct run_msg *msg)
{
    struct mon *m = ctx;
    if (!msg->setting)
        mon_error(m, "%s", msg->text);
    else
        mon_error(m, "monitor %s%s%s: %s", msg->setting, msg->value ? " " : "",
                  msg->value ? msg->value : "", msg->text);
}

/* A fresh machine from the program's initial state, console on console. */
static int machine_fresh(struct mon *m, FILE *console)
{
    unload(m);
    if (m->o.ntasks == 0)
        return mon_error(m, "no program loaded (load FILE)");
    if (m->o.paging && m->o.pcfg.frames == 0) {
        uint64_t all = (uint64_t)m->o.storage * (uint64_t)m->o.ntasks;
        m->o.pcfg.frames = (uint32_t)((all < VM_MAX_STORAGE ? all : VM_MAX_STORAGE) /
                                      m->o.pcfg.page_size);
    }
    services_fresh(m, console);
    fflush(m->out);
    m->sink = (struct run_sink){ runner_said, m, "impmon", m->err };
    if (run_open(&m->r, &m->o, m->load, &m->sink) != 0) {
        run_close(&m->r);
        return mon_error(m, "the program could not be loaded");
    }
    m->loaded = 1;
    m->ended = 0;
    where_index(m);             /* no index (out of memory): the pane guesses */
    m->stop = (struct mon_stop){ .st = VM_STEPPED };
    return 0;
}

static int is_source(const char *p) { return imprun_is_source(p); }

/* The program as loaded: what mon_load replaces, and puts back when the
 * new one cannot be loaded. */
struct loaded_prog {
    char *prog[VM_MAX_TASKS], *load[VM_MAX_TASKS];
    struct build build[VM_MAX_TASKS];
    int nbuild, loaded;
    struct imprun_opts o;
};

static void take_prog(struct loaded_prog *p, struct mon *m)
{
    memcpy(p->prog, m->prog, sizeof p->prog);
    memcpy(p->load, m->load, sizeof p->load);
    memcpy(p->build, m->build, sizeof p->build);
    p->nbuild = m->nbuild;
    p->loaded = m->loaded;
    p->o = m->o;
    memset(m->prog, 0, sizeof m->prog);
    memset(m->load, 0, sizeof m->load);
    m->nbuild = 0;
}

static void give_prog(struct mon *m, const struct loaded_prog *p)
{
    memcpy(m->prog, p->prog, sizeof m->prog);
    memcpy(m->build, p->build, sizeof m->build);
    m->nbuild = p->nbuild;
    m->o = p->o;
    for (int k = 0; k < VM_MAX_TASKS; k++)      /* a built module is in m->build */
        m->load[k] = p->load[k] == p->build[k].load ? m->build[k].load : p->load[k];
}

static void drop_prog(struct loaded_prog *p)
{
    for (int k = 0; k < VM_MAX_TASKS; k++)
        free(p->prog[k]);
    for (int i = 0; i < p->nbuild; i++)
        build_cleanup(&p->build[i]);
}

/* After a load: each breakpoint and storage watchpoint set by a place of
 * the program (a symbol, FILE:LINE, an expression) is found again in the
 * program now loaded, which may be another, or the same one edited; one
 * whose place it lacks is deleted, with a line that says so. */
static void breaks_follow(struct mon *m)
{
    for (int i = 0; i < MON_MAX_BREAKS; i++) {
        struct mon_break *b = &m->brk[i];
        if (!b->id || (b->kind != BK_ADDR && b->kind != BK_WATCH))
            continue;
        uint32_t addr;
        char err[300];
        const char *what = b->kind == BK_ADDR ? "breakpoint" : "watchpoint";
        if (where_parse(m, b->text, &addr, err, sizeof err) != 0) {
            fprintf(m->out, "%s %d (%s) deleted: %s\n", what, b->id, b->text, err);
            b->id = 0;
        } else if (addr != b->addr) {
            fprintf(m->out, "%s %d (%s) moved: X'%06X'\n", what, b->id, b->text, addr);
            b->addr = addr;
        }
    }
}

/* Load files as the program (the new one assembled first, if sources);
 * 0, or -1 after a message.  A program that cannot be loaded leaves the
 * one before it: as it was if the new one never got to the machine
 * (bad arguments, sources that do not assemble, a file that is not
 * there), else loaded again from its start. */
int mon_load(struct mon *m, char **files, int nfiles)
{
    int core = nfiles == 2 && strcmp(files[0], "--core") == 0;
    int sources = !core && nfiles >= 1 && is_source(files[0]);
    int ntasks = core || sources ? 1 : nfiles;
    if (!core && (nfiles < 1 || strcmp(files[0], "--core") == 0))
        return mon_error(m, "load needs a program (or --core IMAGE)");
    if (ntasks > VM_MAX_TASKS)
        return mon_error(m, "more than %d tasks", VM_MAX_TASKS);
    for (int i = 0; !core && i < nfiles; i++)
        if (is_source(files[i]) != sources)
            return mon_error(m, "give either sources or load modules, not both");
    struct build nb;
    if (sources) {
        fflush(m->out);
        if (build_program(&nb, m->self, files, nfiles, NULL, 0, NULL, m->err) != 0) {
            build_cleanup(&nb);
            return mon_error(m, "%s: could not be assembled and linked", files[0]);
        }
    }
    struct loaded_prog old;
    take_prog(&old, m);
    unload(m);
    m->o.ntasks = ntasks;
    m->o.core = NULL;
    m->o.paging = old.o.paging || ntasks > 1;
    for (int i = 0; i < (core ? 1 : nfiles) && i < VM_MAX_TASKS; i++)
        m->prog[i] = strdup(files[core + i]);
    m->o.inputs = m->prog;
    m->o.ninputs = sources ? nfiles : 1;
    for (int k = 0; k < ntasks; k++) {
        m->o.task[k].inputs = sources ? m->prog : &m->prog[k];
        m->o.task[k].ninputs = sources ? nfiles : 1;
        m->o.task[k].origin = LOADER_AT_LINK;
    }
    if (core) {                         /* a core image: IPL by restart */
        m->o.core = m->prog[0];
    } else if (sources) {
        m->build[0] = nb;
        m->nbuild = 1;
        m->load[0] = m->build[0].load;
    } else {
        for (int k = 0; k < ntasks; k++)
            m->load[k] = m->prog[k];
    }
    if (machine_fresh(m, m->console) != 0) {
        struct loaded_prog bad;
        take_prog(&bad, m);
        drop_prog(&bad);
        give_prog(m, &old);
        if (old.loaded && machine_fresh(m, m->console) == 0) {
            mon_break_install(m);
            fprintf(m->out, "%s is loaded again, from its start\n", m->prog[0]);
        }
        return -1;
    }
    drop_prog(&old);
    breaks_follow(m);
    mon_break_install(m);
    return 0;
}

int mon_reset(struct mon *m)
{
    if (machine_fresh(m, m->console) != 0)
        return -1;
    for (int i = 0; i < MON_MAX_BREAKS; i++)
        m->brk[i].hits = 0;
    mon_break_install(m);
    return 0;
}

/* ---- breakpoints ------------------------------------------------------------- */

/* The trace hook: opcode, condition and register breakpoints. */
static int hook_insn(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *bytes, int len)
{
    struct mon *m = ctx;
    unsigned idx = bytes[0] == 0xB2 ? 256u + bytes[1] : bytes[0];
    for (int i = 0; i < MON_MAX_BREAKS; i++) {
        struct mon_break *b = &m->brk[i];
        int hit = 0;
        if (!b->id)
            continue;
        if (b->kind == BK_OP)
            hit = b->op == idx;
        else if (b->kind == BK_COND) {
            int64_t v;
            char err[8];
            hit = expr_eval(m, b->text, &v, err, sizeof err) == 0 && v != 0;
        } else if (b->kind == BK_WREG) {
            uint32_t now = vm_get_gr(vm, b->addr);
            hit = now != b->last;
            b->last = now;
        }
        if (hit) {
            m->stop.brk = b->id;
            return 1;
        }
    }
    (void)addr;
    (void)len;
    return 0;
}

void mon_break_install(struct mon *m)
{
    struct vm *vm = mon_vm(m);
    if (!vm)
        return;
    m->traced = 0;
    for (int i = 0; i < MON_MAX_BREAKS; i++) {
        struct mon_break *b = &m->brk[i];
        if (!b->id)
            continue;
        if (b->kind == BK_ADDR)
            vm_set_breakpoint(vm, b->addr);
        else if (b->kind == BK_WATCH)
            vm_set_watchpoint(vm, b->addr, b->len, VM_WATCH_READ | VM_WATCH_WRITE);
        else {
            m->traced = 1;
            if (b->kind == BK_WREG)
                b->last = vm_get_gr(vm, b->addr);
        }
    }
    if (m->traced) {
        struct vm_trace tr = { .ctx = m, .insn = hook_insn };
        vm_set_trace(vm, &tr);
    } else
        vm_set_trace(vm, NULL);
}

int mon_break_add(struct mon *m, const struct mon_break *nb)
{
    int addrs = 0, watches = 0;
    for (int i = 0; i < MON_MAX_BREAKS; i++) {
        addrs += m->brk[i].id && m->brk[i].kind == BK_ADDR;
        watches += m->brk[i].id && m->brk[i].kind == BK_WATCH;
    }
    if ((nb->kind == BK_ADDR && addrs >= VM_MAX_BREAKPOINTS) ||
        (nb->kind == BK_WATCH && watches >= VM_MAX_WATCHPOINTS))
        return mon_error(m, "the machine holds at most %d %s", VM_MAX_BREAKPOINTS,
                         nb->kind == BK_ADDR ? "breakpoints" : "watchpoints");
    for (int i = 0; i < MON_MAX_BREAKS; i++)
        if (!m->brk[i].id) {
            m->brk[i] = *nb;
            m->brk[i].id = m->next_id++;
            m->brk[i].hits = 0;
            mon_break_install(m);
            return m->brk[i].id;
        }
    return mon_error(m, "too many breakpoints (%d)", MON_MAX_BREAKS);
}

int mon_break_delete(struct mon *m, int id)
{
    struct vm *vm = mon_vm(m);
    for (int i = 0; i < MON_MAX_BREAKS; i++) {
        struct mon_break *b = &m->brk[i];
        if (b->id != id || !id)
            continue;
        if (vm && b->kind == BK_ADDR) {
            vm_clear_breakpoint(vm, b->addr);
            b->id = 0;
            mon_break_install(m);       /* another at the same address stays */
        } else if (vm && b->kind == BK_WATCH)
            vm_clear_watchpoint(vm, b->addr);
        if (b->temp && id == m->next_id - 1)
            m->next_id--;               /* until's own: its number is the next break's */
        b->id = 0;
        mon_break_install(m);
        return 0;
    }
    return mon_error(m, "no breakpoint %d", id);
}

const char *mon_break_kind_name(enum mon_break_kind k) { return kind_names[k]; }

/* The breakpoint a machine stop belongs to: its id, or 0. */
static int stop_owner(struct mon *m, enum vm_status st)
{
    struct vm *vm = m->r.vm;
    for (int i = 0; i < MON_MAX_BREAKS; i++) {
        struct mon_break *b = &m->brk[i];
        if (!b->id)
            continue;
        if (st == VM_BREAKPOINT && b->kind == BK_ADDR &&
            b->addr == (uint32_t)(vm_get_psw(vm) & VM_ADDR_MASK))
            return b->id;
        if (st == VM_WATCHPOINT && b->kind == BK_WATCH && vm_last_watch(vm) &&
            vm_last_watch(vm)->watch.addr == b->addr)
            return b->id;
    }
    return 0;
}

/* Count a hit on the breakpoint that stopped the run; a temporary one goes. */
static void note_hit(struct mon *m)
{
    for (int i = 0; m->stop.brk && i < MON_MAX_BREAKS; i++)
        if (m->brk[i].id == m->stop.brk) {
            m->brk[i].hits++;
            if (m->brk[i].temp)
                snprintf(m->stop.until, sizeof m->stop.until, "%s", m->brk[i].text);
            if (m->brk[i].temp)
                mon_break_delete(m, m->brk[i].id);
            return;
        }
}

/* ---- running --------------------------------------------------------------------- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int need_machine(struct mon *m)
{
    if (!m->loaded)
        return mon_error(m, "no program loaded (load FILE)");
    if (m->ended)
        return mon_error(m, "the program has ended: reset (or run) to start it again");
    return 0;
}

static int scope_task(enum vm_status st)
{
    switch (st) {
#define X(e, name, scope, msg) case e: return #scope[0] == 'T';
        VM_STATUSES(X)
#undef X
    default: return 0;
    }
}

/* After a run, step or microstep returned st: note and report it. */
static enum vm_status stopped(struct mon *m, enum vm_status st, int report)
{
    if (st == VM_BREAKPOINT || st == VM_WATCHPOINT)
        m->stop.brk = stop_owner(m, st);
    else if (st == VM_STOP_REQUEST && m->stop.brk)
        st = VM_BREAKPOINT;             /* a trace breakpoint's stop */
    m->stop.st = st;
    m->stop.until[0] = '\0';
    note_hit(m);
    if (scope_task(st) || st == VM_TASKS_ENDED || st == VM_BAD_MICROCODE ||
        st == VM_CHECK_STOP || st == VM_HOST_ERROR)
        m->ended = 1;
    if (report)
        mon_report_stop(m);
    return st;
}

/* Is the machine at an address breakpoint, between instructions?  Then
 * the first instruction runs with it lifted (a replayed machine does not
 * know it stopped there): VM_STEPPED or what stopped it; else VM_NSTATUS. */
static enum vm_status step_off_break(struct mon *m)
{
    struct vm *vm = m->r.vm;
    uint32_t ia = (uint32_t)(vm_get_psw(vm) & VM_ADDR_MASK);
    int at = 0;
    for (int i = 0; i < MON_MAX_BREAKS; i++)
        at |= m->brk[i].id && m->brk[i].kind == BK_ADDR && m->brk[i].addr == ia;
    if (!at || !vm_between_instructions(vm))
        return VM_NSTATUS;
    vm_clear_breakpoint(vm, ia);
    enum vm_status st = vm_step_insn(vm);
    mon_break_install(m);
    return st;
}

enum vm_status mon_continue(struct mon *m, uint64_t max_cycles)
{
    if (need_machine(m))
        return VM_HOST_ERROR;
    struct vm *vm = m->r.vm;
    const struct vm_counters *c = vm_counters(vm);
    uint64_t budget = max_cycles ? max_cycles : m->opt.max_cycles;
    uint64_t start = c->cycles, insns = c->instructions;
    enum vm_status st = VM_CYCLE_LIMIT;
    double t0 = now_seconds();
    m->stop.brk = 0;
    m->stop_req = 0;
    st = step_off_break(m);
    if (st != VM_NSTATUS && st != VM_STEPPED)
        return stopped(m, st, 1);
    st = VM_CYCLE_LIMIT;
    /* a live run's slices last about 10 ms of host time: the slice
       starts at the slice option and doubles or halves to stay there */
    uint64_t slice = m->opt.slice;
    while (c->cycles - start < budget) {
        uint64_t left = budget - (c->cycles - start);
        uint64_t this = m->between && left > slice ? slice : left;
        double s0 = m->between ? now_seconds() : 0;
        st = vm_run(vm, this);
        if (m->between) {
            double dt = now_seconds() - s0;
            if (dt < 0.005 && slice < (UINT64_C(1) << 32))
                slice *= 2;
            else if (dt > 0.02 && slice > 1000)
                slice /= 2;
        }
        if (st != VM_CYCLE_LIMIT)
            break;
        if (m->stop_req || (m->between && m->between(m->between_ctx, m))) {
            st = VM_STOP_REQUEST;
            break;
        }
    }
    m->host_seconds += now_seconds() - t0;
    m->host_insns += c->instructions - insns;
    return stopped(m, st, 1);
}

enum vm_status mon_run(struct mon *m, uint64_t max_cycles)
{
    if (mon_reset(m) != 0)
        return VM_HOST_ERROR;
    struct vm *vm = m->r.vm;
    uint32_t ia = (uint32_t)(vm_get_psw(vm) & VM_ADDR_MASK);
    m->stop.brk = 0;
    for (int i = 0; i < MON_MAX_BREAKS; i++)
        if (m->brk[i].id && m->brk[i].kind == BK_ADDR && m->brk[i].addr == ia &&
            vm_between_instructions(vm))
            return stopped(m, VM_BREAKPOINT, 1);
    return mon_continue(m, max_cycles);
}

enum vm_status mon_step(struct mon *m, uint64_t n)
{
    if (need_machine(m))
        return VM_HOST_ERROR;
    m->stop.brk = 0;
    enum vm_status st = step_off_break(m);
    if (st == VM_NSTATUS)
        st = vm_step_insn(m->r.vm);
    for (uint64_t i = 1; i < n && st == VM_STEPPED; i++)
        st = vm_step_insn(m->r.vm);
    return stopped(m, st, 1);
}

enum vm_status mon_microstep(struct mon *m, uint64_t n)
{
    if (need_machine(m))
        return VM_HOST_ERROR;
    enum vm_status st = VM_MICROSTEPPED;
    m->stop.brk = 0;
    for (uint64_t i = 0; i < n && st == VM_MICROSTEPPED; i++)
        st = vm_step_micro(m->r.vm);
    return stopped(m, st, 1);
}

/* Run a fresh machine to microword count target (micro) or instruction
 * count target; 0, or -1 if it cannot get there. */
static int replay_to(struct mon *m, uint64_t target, int micro)
{
    struct vm *vm = m->r.vm;
    const struct vm_counters *c = vm_counters(vm);
    for (;;) {
        uint64_t at = micro ? c->microwords : c->instructions;
        if (at >= target)
            return at == target ? 0 : -1;
        uint64_t left = target - at;
        enum vm_status st;
        if (!micro && left > 1)
            st = vm_run(vm, left - 1);  /* cycles >= instructions: no overshoot */
        else if (micro && left > 65536)
            st = vm_run(vm, left / 2);
        else
            st = micro ? vm_step_micro(vm) : vm_step_insn(vm);
        if (st != VM_CYCLE_LIMIT && st != VM_STEPPED && st != VM_MICROSTEPPED)
            return -1;
    }
}

int mon_back(struct mon *m, uint64_t n, int micro)
{
    if (!m->loaded)
        return mon_error(m, "no program loaded (load FILE)");
    const struct vm_counters *c = vm_counters(m->r.vm);
    uint64_t now = micro ? c->microwords : c->instructions;
    if (n > now)
        return mon_error(m, "only %llu %s have run", (unsigned long long)now,
                         micro ? "microwords" : "instructions");
    /* inside an instruction (a program interruption, a trace breakpoint,
       microsteps), the count includes it: back 1 is its start */
    uint64_t target = now - n;
    uint64_t hits[MON_MAX_BREAKS];
    for (int i = 0; i < MON_MAX_BREAKS; i++)
        hits[i] = m->brk[i].hits;
    if (machine_fresh(m, m->devnull) != 0)
        return -1;
    int rc = replay_to(m, target, micro);
    for (int k = 0; k < m->o.ntasks; k++) {
        m->svcs[k].out = m->console;
        m->assts[k].print = m->console;
    }
    for (int i = 0; i < MON_MAX_BREAKS; i++)
        m->brk[i].hits = hits[i];
    mon_break_install(m);
    if (rc != 0)
        return mon_error(m, "the replay did not reach %s %llu",
                         micro ? "microword" : "instruction", (unsigned long long)target);
    m->stop = (struct mon_stop){ .st = micro ? VM_MICROSTEPPED : VM_STEPPED };
    fprintf(m->out, "back at %s %llu\n", micro ? "microword" : "instruction",
            (unsigned long long)target);
    mon_report_stop(m);
    return 0;
}

/* ---- reporting ------------------------------------------------------------------- */

/* Did a register watchpoint stop the machine (a breakpoint to the VM)? */
static int watched_reg(const struct mon *m)
{
    for (int i = 0; i < MON_MAX_BREAKS; i++)
        if (m->brk[i].id && m->brk[i].id == m->stop.brk && m->brk[i].kind == BK_WREG)
            return 1;
    return 0;
}

void mon_state(const struct mon *m, char *buf, size_t size)
{
    if (!m->loaded)
        snprintf(buf, size, "no program");
    else if (m->ended)
        snprintf(buf, size, "ended (%s)", vm_status_name(m->stop.st));
    else if (m->stop.st == VM_STEPPED && vm_counters(m->r.vm)->cycles == 0)
        snprintf(buf, size, "ready to run");   /* as loaded (or reset, or back there) */
    else if (m->stop.st == VM_STOP_REQUEST)
        snprintf(buf, size, "stopped by request");
    else if (m->stop.until[0])
        snprintf(buf, size, "stopped (until %s)", m->stop.until);
    else
        snprintf(buf, size, "stopped (%s)", m->stop.st == VM_BREAKPOINT && watched_reg(m)
                                             ? "watchpoint" : vm_status_name(m->stop.st));
}

void mon_report_stop(struct mon *m)
{
    struct vm *vm = m->r.vm;
    enum vm_status st = m->stop.st;
    FILE *f = m->out;
    if (m->ended) {
        struct rep_status s;
        rep_status_collect(&s, vm, mon_syms(m), st, st == VM_ABEND ? m->r.tk[0].abend : m->r.rc);
        fflush(f);
        rep_status_print(f, "impmon", &s, 0);
        return;
    }
    if (st == VM_BREAKPOINT || st == VM_WATCHPOINT) {
        int watch = st == VM_WATCHPOINT;
        for (int i = 0; i < MON_MAX_BREAKS; i++)
            if (m->brk[i].id == m->stop.brk && m->brk[i].kind == BK_WREG) {
                watch = 1;
                fprintf(f, "stopped: watchpoint %d: R%u = X'%08X'", m->stop.brk,
                        m->brk[i].addr, m->brk[i].last);
            }
        if (m->stop.until[0])           /* until's own breakpoint, gone: its place */
            fprintf(f, "stopped: until %s", m->stop.until);
        else if (!watch || st == VM_WATCHPOINT)
            fprintf(f, "stopped: %s %d", watch ? "watchpoint" : "breakpoint", m->stop.brk);
    }
    else if (st == VM_CYCLE_LIMIT)
        fprintf(f, "stopped: cycle limit reached");
    else if (st == VM_STOP_REQUEST)
        fprintf(f, "stopped by request");
    else if (st == VM_MICROSTEPPED) {
        struct vm_datapath dp;
        char label[80];
        vm_datapath(vm, &dp);
        rep_micro_label(vm, dp.upc, label, sizeof label);
        fprintf(f, "microword %03X %s\n", dp.upc, label);
    }
    if (st == VM_WATCHPOINT && vm_last_watch(vm)) {
        const struct vm_watch_hit *h = vm_last_watch(vm);
        fprintf(f, ": %s of %u bytes at X'%06X', value X'%X', by the instruction at X'%06X'%s",
                h->kind == VM_WATCH_WRITE ? "store" : "fetch", h->len, h->addr, h->value,
                h->iaddr, h->host ? " (the host stored for it)" : "");
    }
    if (st != VM_STEPPED && st != VM_MICROSTEPPED)
        fputc('\n', f);
    uint32_t ia = vm_between_instructions(vm) ? (uint32_t)(vm_get_psw(vm) & VM_ADDR_MASK)
                                              : vm_instruction_address(vm);
    struct rep_where w;
    rep_where_collect(&w, vm, mon_syms(m), ia);
    rep_where_print(f, &w);
}
