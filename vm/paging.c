/*
 * paging.c -- tasks and virtual storage: the task table, translation, the
 * page-fault service below the architecture, the replacement policies,
 * the page reference string and the dispatcher's special function
 * (SF=TASKSW; the microcode around it is in mc/src/fetch.mc).
 *
 *   virtual address (24 bits) of the running task
 *   +------------------------+-------------------+
 *   |  virtual page (12/13)  | offset (12/11)    |     page size 4096 / 2048
 *   +------------------------+-------------------+
 *          |
 *          v  task->pt[vpage]: frame + 1, or 0 (not resident: a fault)
 *   real storage + frame * psize + offset (st_real_at)
 *
 * A fault (pg_fault) takes a free frame (the lowest; with local
 * replacement only while the task holds fewer than its quota), or the
 * policy's victim among the frames in scope (all, or the task's own),
 * writes the victim to its owner's page file if it is dirty (a
 * page-out), and reads the page from the task's page file (a page-in;
 * a page never written out reads as zeros).  It completes at once: the
 * instruction goes on, and the task owes VM_FAULT_CYCLES of CPU and the
 * latencies as wait, paid at the next instruction boundary, where
 * PW_TASK sends the fetch to the dispatcher.  Only the task's own
 * storage can see the page arrive, so this is the same as suspending the
 * instruction and running it again.
 *
 * The reference string is reported at the page level with runs
 * collapsed: the storage path's filter (vm->ref_rd, ref_wr) passes only
 * a reference to another page than the last one, or a task's first
 * store in a run of references to one page.  LRU orders frames by the
 * number of the last reported reference, FIFO by load order, CLOCK by a
 * reference bit set at every reported reference; a collapsed run changes
 * none of them, so the machine's faults are exactly those of the
 * reported string replayed (vm/report/pagesim.c, tests/pagesim.pl).
 */
#include "storage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The filter's "no page": bit 0 of the mask, no address has it. */
#define REF_NONE 0x80000000u

static const char *const policy_names[VM_NPOLICY] = {
#define X(e, name, what) name,
    VM_POLICIES(X)
#undef X
};

const char *vm_policy_name(enum vm_policy p)
{
    return (unsigned)p < VM_NPOLICY ? policy_names[p] : "unknown";
}

/*
 * The reference string is produced only when something needs it: a
 * recorder (vm_set_page_refs), or replacement that can happen -- fewer
 * frames (in a task's scope) than the pages its address space can hold.
 * Otherwise the storage path's filter is off (shift 24: never passes).
 */
static void track_update(struct vm *vm)
{
    struct paging *pg = &vm->pg;
    int track = 0;
    if (pg->on) {
        uint32_t pages = vm->memsize >> pg->pshift;
        track = pg->ref_fn != NULL || pg->fixed > 0 ||
                (pg->local ? pg->nframes / vm->ntasks < pages
                           : (uint64_t)pg->nframes < (uint64_t)pages * vm->ntasks);
    }
    pg->track = track;
    vm->ref_mask = track ? REF_NONE | (VM_ADDR_MASK & ~(pg->psize - 1)) : 0;
    vm->ref_rd = vm->ref_wr = REF_NONE;
}

/* ---- tasks ------------------------------------------------------------------- */

static void task_free(struct task *t)
{
    if (!t)
        return;
    if (t->file)
        for (uint32_t p = 0; p < ST_NPAGE; p++)
            free(t->file[p]);
    free(t->file);
    free(t->pt);
    st_key_changes_free(t);
    free(t->skey);
    free(t->rd);
    free(t->wr);
    free(t->ring);
    free(t);
}

static struct task *task_new(unsigned id)
{
    struct task *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->id = id;
    t->skey = calloc(ST_NPAGE, 1);
    t->rd = calloc(ST_NPAGE, sizeof *t->rd);
    t->wr = calloc(ST_NPAGE, sizeof *t->wr);
    if (!t->skey || !t->rd || !t->wr) {
        task_free(t);
        return NULL;
    }
    return t;
}

/* Its address space under paging: page table and page file. */
static int task_space(struct task *t)
{
    t->pt = calloc(ST_NPAGE, sizeof *t->pt);
    t->file = calloc(ST_NPAGE, sizeof *t->file);
    t->ring = calloc(ST_NPAGE, sizeof *t->ring);     /* at most a frame per page */
    return t->pt && t->file && t->ring ? 0 : -1;
}

int pg_init_task1(struct vm *vm)
{
    struct task *t = task_new(1);
    if (!t)
        return -1;
    vm->task[1] = t;
    vm->ntasks = vm->tcur = 1;
    vm->skey = t->skey;
    vm->rd = t->rd;
    vm->wr = t->wr;
    vm->ic_tag = 1;
    vm->ref_mask = 0;
    vm->ref_rd = vm->ref_wr = REF_NONE;
    vm->pg.running = 1;
    return 0;
}

void pg_free(struct vm *vm)
{
    for (unsigned i = 1; i <= VM_MAX_TASKS; i++)
        task_free(vm->task[i]);
    free(vm->pg.frame);
}

/* The architected state of the running task into t, or out of t. */
static void save_state(struct vm *vm, struct task *t)
{
    memcpy(t->gr, vm->gr, sizeof t->gr);
    memcpy(t->cr, vm->cr, sizeof t->cr);
    t->sysmask = vm->sysmask;
    t->key = vm->key;
    t->emwp = vm->emwp;
    t->cc = vm->cc;
    t->pm = vm->pm;
    t->ia = vm->ia;
    t->psw_bad = vm->psw_bad;
    t->psw_junk0 = vm->psw_junk0;
    t->psw_junk1 = vm->psw_junk1;
    t->cpt_value = vm->cpt_value;
    t->cpt_cycle = vm->cpt_cycle;
    t->ckc = vm->ckc;
    t->itimer_units = vm->itimer_units;
    t->itimer_pending = vm->itimer_pending;
}

static void load_state(struct vm *vm, struct task *t)
{
    if (t->id != vm->tcur && vm->pg.track)  /* the filter holds the other task's page */
        vm->ref_rd = vm->ref_wr = REF_NONE;
    if (t->id != vm->tcur)                  /* its branches keep its id */
        br_fold(vm);
    memcpy(vm->gr, t->gr, sizeof t->gr);
    memcpy(vm->cr, t->cr, sizeof t->cr);
    vm->sysmask = t->sysmask;
    vm->key = t->key;
    vm->emwp = t->emwp;
    vm->cc = t->cc;
    vm->pm = t->pm;
    vm->ia = t->ia;
    vm->psw_bad = t->psw_bad;
    vm->psw_junk0 = t->psw_junk0;
    vm->psw_junk1 = t->psw_junk1;
    vm->cpt_value = t->cpt_value;
    vm->cpt_cycle = t->cpt_cycle;
    vm->ckc = t->ckc;
    vm->itimer_units = t->itimer_units;
    vm->itimer_pending = t->itimer_pending;
    vm->tcur = t->id;
    vm->pg.pt = t->pt;
    vm->skey = t->skey;
    vm->rd = t->rd;
    vm->wr = t->wr;
    vm->ic_tag = 1 + ((t->id - 1) << 24);
    if (t->wr_key != vm->key)
        st_set_key(vm);
    iifm_mark(vm);
    pw_set(vm, PW_PSWBAD, vm->psw_bad);
    per_update(vm);                         /* its PSW and CR9-11 */
    vm->per.brp = vm->brp;                  /* (br_fold moved it: no branch) */
}

/* CPU cycles of the running task up to now. */
static void account_cpu(struct vm *vm)
{
    struct task *t = vm->task[vm->tcur];
    uint64_t now = vm->ctr.cycles;
    t->cpu += now - vm->pg.acct;
    t->instructions += vm->ctr.instructions - t->start_insn;
    t->start_insn = vm->ctr.instructions;
    vm->pg.acct = now;
}

static void set_quotas(struct vm *vm)
{
    for (unsigned i = 1; i <= vm->ntasks; i++)
        vm->task[i]->quota = vm->pg.nframes / vm->ntasks + (i - 1 < vm->pg.nframes % vm->ntasks);
}

int vm_set_paging(struct vm *vm, const struct vm_paging *cfg, char *err, size_t errsize)
{
#define FAIL(...) do { if (err && errsize) snprintf(err, errsize, __VA_ARGS__); return -1; } while (0)
    if (vm->pg.on)
        FAIL("paging is already on");
    if (cfg->page_size != 2048 && cfg->page_size != 4096)
        FAIL("page size %u: it must be 2048 or 4096", cfg->page_size);
    if (cfg->frames == 0)
        FAIL("zero frames: paging needs at least one");
    if ((uint64_t)cfg->frames * cfg->page_size > VM_MAX_STORAGE)
        FAIL("%u frames of %u bytes are more than 16 MiB of real storage", cfg->frames,
             cfg->page_size);
    if ((unsigned)cfg->policy >= VM_NPOLICY)
        FAIL("unknown replacement policy");
    struct task *t = vm->task[1];
    uint8_t *real = calloc((size_t)cfg->frames * cfg->page_size + ST_PAD, 1);
    struct frame *fr = calloc(cfg->frames, sizeof *fr);
    if (!real || !fr || task_space(t) != 0) {
        free(real);
        free(fr);
        FAIL("out of memory");
    }
#undef FAIL
    st_real_replace(vm, real);
    struct paging *pg = &vm->pg;
    pg->on = 1;
    pg->nframes = cfg->frames;
    pg->psize = cfg->page_size;
    pg->pshift = cfg->page_size == 4096 ? 12 : 11;
    pg->policy = cfg->policy;
    pg->local = cfg->local;
    pg->pagein = cfg->pagein_cycles;
    pg->pageout = cfg->pageout_cycles;
    if (!pg->slice)
        pg->slice = VM_DEFAULT_SLICE;
    pg->frame = fr;
    pg->pt = t->pt;
    pg->start = pg->acct = vm->ctr.cycles;
    t->start = vm->ctr.cycles;
    t->start_insn = vm->ctr.instructions;
    set_quotas(vm);
    track_update(vm);
    fp_set_fetch(vm);
    st_map_all(vm);
    return 0;
}

int vm_paging_on(const struct vm *vm) { return vm->pg.on; }

int vm_paging_config(const struct vm *vm, struct vm_paging *cfg, uint64_t *slice)
{
    if (!vm->pg.on)
        return -1;
    *cfg = (struct vm_paging){ vm->pg.nframes, vm->pg.psize, vm->pg.policy, vm->pg.pagein,
                               vm->pg.pageout, vm->pg.local };
    *slice = vm->pg.slice;
    return 0;
}

int vm_add_task(struct vm *vm)
{
    if (!vm->pg.on || vm->ntasks >= VM_MAX_TASKS)
        return -1;
    if (vm->pg.local && vm->pg.nframes < vm->ntasks + 1)
        return -1;
    unsigned id = vm->ntasks + 1;
    struct task *t = task_new(id);
    if (!t || task_space(t) != 0) {
        task_free(t);
        return -1;
    }
    t->cr[0] = 0xE0;
    t->cr[14] = 0xC2000000u;
    t->cr[15] = 512;
    t->emwp = 8;
    t->cpt_cycle = vm->ctr.cycles;
    t->itimer_units = vm->itimer_units;
    t->start = vm->ctr.cycles;
    vm->task[id] = t;
    vm->ntasks = id;
    set_quotas(vm);
    track_update(vm);
    for (uint32_t p = 0; p < ST_NPAGE; p++)
        st_map_one(vm, t, p);
    return (int)id;
}

unsigned vm_task_count(const struct vm *vm) { return vm->ntasks; }
unsigned vm_current_task(const struct vm *vm) { return vm->pg.running ? vm->tcur : 0; }

void vm_set_slice(struct vm *vm, uint64_t cycles)
{
    vm->pg.slice = cycles ? cycles : VM_DEFAULT_SLICE;
}

/* Switch the machine's state to task t (no dispatch: the host's choice). */
static void switch_to(struct vm *vm, struct task *t)
{
    if (vm->pg.running)
        account_cpu(vm);
    save_state(vm, vm->task[vm->tcur]);
    load_state(vm, t);
    t->start_insn = vm->ctr.instructions;
    vm->pg.acct = vm->ctr.cycles;
    vm->pg.running = 1;
    tm_update(vm);
}

int vm_select_task(struct vm *vm, unsigned id)
{
    if (id == 0 || id > vm->ntasks)
        return -1;
    if (id != vm->tcur || !vm->pg.running)
        switch_to(vm, vm->task[id]);
    return 0;
}

int vm_task_info(const struct vm *vm, unsigned id, struct vm_task_info *out)
{
    if (id == 0 || id > vm->ntasks)
        return -1;
    const struct task *t = vm->task[id];
    memset(out, 0, sizeof *out);
    out->id = id;
    out->ended = t->state == TS_ENDED;
    out->status = t->status;
    out->cpu_cycles = t->cpu;
    out->instructions = t->instructions;
    if (id == vm->tcur && vm->pg.running && !out->ended) {
        out->cpu_cycles += vm->ctr.cycles - vm->pg.acct;
        out->instructions += vm->ctr.instructions - t->start_insn;
    }
    out->wait_cycles = t->wait;
    if (t->state == TS_PAGEWAIT)        /* waiting now: so far */
        out->wait_cycles += (vm->ctr.cycles < t->ready_at ? vm->ctr.cycles : t->ready_at) -
                            t->blocked_at;
    out->elapsed_cycles = (out->ended ? t->ended_at : vm->ctr.cycles) - t->start;
    out->pageins = t->pageins;
    out->pageouts = t->pageouts;
    out->dispatches = t->dispatches;
    out->frames = t->frames;
    return 0;
}

void vm_paging_stats(const struct vm *vm, struct vm_paging_stats *out)
{
    memset(out, 0, sizeof *out);
    out->pageins = vm->pg.pageins;
    out->pageouts = vm->pg.pageouts;
    out->wait_cycles = vm->pg.wait;
    out->elapsed_cycles = vm->ctr.cycles - vm->pg.start;
    out->dispatches = vm->pg.dispatches;
    out->references = vm->pg.refno;
    out->frames_fixed = vm->pg.fixed;
    for (uint32_t f = 0; f < vm->pg.nframes; f++)
        out->frames_used += vm->pg.frame[f].task != 0;
}

void vm_set_task_end(struct vm *vm, vm_task_end_fn *fn, void *ctx)
{
    vm->pg.end_fn = fn;
    vm->pg.end_ctx = ctx;
}

void vm_set_page_refs(struct vm *vm, vm_ref_fn *fn, void *ctx)
{
    vm->pg.ref_fn = fn;
    vm->pg.ref_ctx = ctx;
    track_update(vm);
}

/* ---- frames ------------------------------------------------------------------- */

static uint8_t *frame_addr(const struct vm *vm, uint32_t f)
{
    return st_real_at(vm, (size_t)f * vm->pg.psize);
}

/* The storage path's entries of t's page vpage, again. */
static void map_vpage(struct vm *vm, struct task *t, uint32_t vpage)
{
    uint32_t n = vm->pg.psize >> ST_SHIFT, g = vpage * n;
    for (uint32_t i = 0; i < n; i++)
        st_map_one(vm, t, g + i);
}

/* Take frame f away from its owner: written to its page file first if
 * dirty (count: a page-out; cost: the running task waits for it), its
 * entries and its cached instructions gone. */
static void evict(struct vm *vm, uint32_t f, int count, int cost)
{
    struct frame *fr = &vm->pg.frame[f];
    struct task *o = vm->task[fr->task];
    if (fr->dirty) {
        if (!o->file[fr->vpage])
            o->file[fr->vpage] = malloc(vm->pg.psize);
        if (o->file[fr->vpage])     /* out of host memory: the page reads as zeros */
            memcpy(o->file[fr->vpage], frame_addr(vm, f), vm->pg.psize);
        if (count) {
            o->pageouts++;
            vm->pg.pageouts++;
        }
        if (cost)
            vm->pg.fault_wait += vm->pg.pageout;
    }
    o->pt[fr->vpage] = 0;
    o->frames--;
    map_vpage(vm, o, fr->vpage);
    uint32_t n = vm->pg.psize >> ST_SHIFT;
    for (uint32_t i = 0; i < n; i++)
        fp_forget_task_page(vm, o->id, fr->vpage * n + i);
    uint32_t va = fr->vpage << vm->pg.pshift;
    if (o->id == vm->tcur && (vm->ref_rd == va || vm->ref_wr == va))
        vm->ref_rd = vm->ref_wr = REF_NONE;
    if (fr->fixed)
        vm->pg.fixed--;
    memset(fr, 0, sizeof *fr);
}

/* The policy's victim among the n frames list[0..n) (NULL: 0..nframes),
 * fixed frames never; *hand is the CLOCK hand over that list. */
static uint32_t victim(struct vm *vm, const uint32_t *list, uint32_t n, uint32_t *hand)
{
    struct frame *fr = vm->pg.frame;
#define AT(i) (list ? list[i] : (i))
    if (vm->pg.policy == VM_CLOCK) {
        for (;;) {
            uint32_t f = AT(*hand);
            *hand = (*hand + 1) % n;
            if (fr[f].fixed)
                continue;
            if (fr[f].ref) {
                fr[f].ref = 0;
                continue;
            }
            return f;
        }
    }
    uint32_t best = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t f = AT(i);
        if (fr[f].fixed)
            continue;
        uint64_t k = vm->pg.policy == VM_LRU ? fr[f].used : fr[f].loaded;
        if (best == UINT32_MAX || k < (vm->pg.policy == VM_LRU ? fr[best].used : fr[best].loaded))
            best = f;
    }
#undef AT
    return best;
}

static uint32_t free_frame(const struct vm *vm)
{
    for (uint32_t f = 0; f < vm->pg.nframes; f++)
        if (!vm->pg.frame[f].task)
            return f;
    return UINT32_MAX;
}

/* Bring t's page vpage into a frame (a page-in, and a page-out if the
 * victim is dirty): its number + 1, or 0 if every frame in scope is
 * fixed.  fault: the running task owes the costs (else the host fixes a
 * page: no wait). */
static uint32_t page_in(struct vm *vm, struct task *t, uint32_t vpage, int fault)
{
    struct paging *pg = &vm->pg;
    uint32_t f = UINT32_MAX;
    int take_free = pg->local ? t->frames < t->quota : 1;
    if (take_free)
        f = free_frame(vm);
    if (f == UINT32_MAX) {
        f = pg->local ? victim(vm, t->ring, t->nring, &t->hand)
                      : victim(vm, NULL, pg->nframes, &pg->hand);
        if (f == UINT32_MAX)
            return 0;       /* every frame in scope fixed: vm_fix_pages prevents it */
        evict(vm, f, 1, fault);
    } else if (pg->local)
        t->ring[t->nring++] = f;
    struct frame *fr = &pg->frame[f];
    fr->task = (uint8_t)t->id;
    fr->vpage = vpage;
    fr->dirty = 0;
    fr->ref = 1;
    fr->loaded = ++pg->loads;
    fr->used = pg->refno;
    if (t->file[vpage])
        memcpy(frame_addr(vm, f), t->file[vpage], pg->psize);
    else
        memset(frame_addr(vm, f), 0, pg->psize);
    t->pt[vpage] = f + 1;
    t->frames++;
    map_vpage(vm, t, vpage);
    t->pageins++;
    pg->pageins++;
    if (fault) {
        pg->fault_wait += pg->pagein;
        pg->fault_cpu += VM_FAULT_CYCLES;
        pw_set(vm, PW_TASK, 1);
    }
    return f + 1;
}

/* ---- the program's references -------------------------------------------------- */

void pg_note(struct vm *vm, uint32_t addr, int write)
{
    /* the callers' filter missed (so the string is produced) */
    uint32_t vp = addr >> vm->pg.pshift;
    struct frame *fr = &vm->pg.frame[vm->pg.pt[vp] - 1];
    fr->used = ++vm->pg.refno;
    fr->ref = 1;
    vm->ref_rd = addr & vm->ref_mask;
    vm->ref_wr = write ? addr & vm->ref_mask : REF_NONE;
    if (vm->pg.ref_fn)
        vm->pg.ref_fn(vm->pg.ref_ctx, vm->tcur, vp, write);
}

uint8_t *pg_xlate(struct vm *vm, uint32_t addr, int write)
{
    struct task *t = vm->task[vm->tcur];
    uint32_t vp = addr >> vm->pg.pshift, f = t->pt[vp];
    if (!f)
        f = page_in(vm, t, vp, 1);
    struct frame *fr = &vm->pg.frame[f - 1];
    if ((addr ^ (write ? vm->ref_wr : vm->ref_rd)) & vm->ref_mask)
        pg_note(vm, addr, write);
    if (write && !fr->dirty) {
        fr->dirty = 1;
        map_vpage(vm, t, vp);
    }
    return frame_addr(vm, f - 1) + (addr & (vm->pg.psize - 1));
}

uint8_t *pg_peek(struct vm *vm, uint32_t addr, int write)
{
    return pg_peek_in(vm, vm->task[vm->tcur], addr, write);
}

uint8_t *pg_peek_in(struct vm *vm, struct task *t, uint32_t addr, int write)
{
    uint32_t vp = addr >> vm->pg.pshift, f = t->pt[vp], off = addr & (vm->pg.psize - 1);
    if (f && (!write || vm->pg.frame[f - 1].dirty))
        return frame_addr(vm, f - 1) + off;
    if (f && !t->file[vp]) {            /* a clean page never written out: as it is */
        if (!(t->file[vp] = malloc(vm->pg.psize)))
            return NULL;
        memcpy(t->file[vp], frame_addr(vm, f - 1), vm->pg.psize);
    }
    if (!t->file[vp]) {
        if (!write)
            return NULL;
        if (!(t->file[vp] = calloc(vm->pg.psize, 1)))
            return NULL;
    }
    return t->file[vp] + off;
}

int pg_store(struct vm *vm, uint32_t addr, const void *src, uint32_t n)
{
    return pg_store_in(vm, vm->task[vm->tcur], addr, src, n);
}

int pg_store_in(struct vm *vm, struct task *t, uint32_t addr, const void *src, uint32_t n)
{
    uint32_t vp = addr >> vm->pg.pshift, f = t->pt[vp], off = addr & (vm->pg.psize - 1);
    uint8_t *p = pg_peek_in(vm, t, addr, 1);
    if (!p)
        return -1;          /* out of host memory for the page file */
    memcpy(p, src, n);
    if (f && !vm->pg.frame[f - 1].dirty)        /* clean in a frame: the frame too */
        memcpy(frame_addr(vm, f - 1) + off, src, n);
    return 0;
}

int vm_fix_pages(struct vm *vm, uint32_t addr, uint32_t len, int fix)
{
    if (!vm->pg.on || len == 0)
        return vm->pg.on || len == 0 ? 0 : -1;
    if (addr >= vm->memsize || len > vm->memsize - addr)
        return -1;
    struct task *t = vm->task[vm->tcur];
    uint32_t lo = addr >> vm->pg.pshift, hi = (addr + len - 1) >> vm->pg.pshift;
    if (fix) {
        uint32_t need = 0, scope = vm->pg.local ? t->quota : vm->pg.nframes;
        uint32_t fixed = 0;
        for (uint32_t f = 0; f < vm->pg.nframes; f++)
            fixed += vm->pg.frame[f].fixed && (!vm->pg.local || vm->pg.frame[f].task == t->id);
        for (uint32_t p = lo; p <= hi; p++)
            need += !t->pt[p] || !vm->pg.frame[t->pt[p] - 1].fixed;
        if (fixed + need >= scope)
            return -1;
    }
    for (uint32_t p = lo; p <= hi; p++) {
        uint32_t f = t->pt[p];
        if (!f && fix)
            f = page_in(vm, t, p, 0);
        if (!f)
            continue;
        struct frame *fr = &vm->pg.frame[f - 1];
        if (fix && !fr->fixed)
            vm->pg.fixed++;
        else if (!fix && fr->fixed)
            vm->pg.fixed--;
        fr->fixed = fix != 0;
    }
    track_update(vm);
    return 0;
}

/* ---- the dispatcher ----------------------------------------------------------------- */

/* The next task to run at `now`, round-robin after the current one. */
static struct task *pick(struct vm *vm, uint64_t now)
{
    for (unsigned k = 1; k <= vm->ntasks; k++) {
        struct task *t = vm->task[(vm->tcur - 1 + k) % vm->ntasks + 1];
        if (t->state == TS_READY || (t->state != TS_ENDED && t->ready_at <= now))
            return t;
    }
    return NULL;
}

int pg_dispatch(struct vm *vm)
{
    struct paging *pg = &vm->pg;
    if (pg->running) {
        struct task *t = vm->task[vm->tcur];
        vm->ctr.cycles += pg->fault_cpu;        /* the fault service: the task's CPU */
        pg->fault_cpu = 0;
        account_cpu(vm);
        uint64_t now = vm->ctr.cycles;
        if (t->state != TS_ENDED) {
            t->state = TS_READY;
            if (pg->fault_wait) {
                t->state = TS_PAGEWAIT;
                t->blocked_at = now;
                t->ready_at = now + pg->fault_wait;
            } else if (pg->yield_until) {
                t->state = TS_TIMERWAIT;
                t->ready_at = pg->yield_until;
            }
        }
        pg->fault_wait = pg->yield_until = 0;
        save_state(vm, t);
        pg->running = 0;
    } else if (pg->stopped) {
        /* resumed after the cycle limit stopped the wait: the wait goes on
         * from where it was, this word not counted again */
        vm->ctr.cycles = pg->acct;
        vm->ctr.microwords--;
    }
    pg->stopped = 0;
    for (;;) {
        uint64_t now = vm->ctr.cycles;
        pg->wait += now - pg->acct;             /* the dispatcher's own words while idle */
        pg->acct = now;
        struct task *n = pick(vm, now);
        if (n) {
            if (n->state == TS_PAGEWAIT)        /* its wait is over */
                n->wait += n->ready_at - n->blocked_at;
            load_state(vm, n);
            n->state = TS_READY;
            n->dispatches++;
            n->start_insn = vm->ctr.instructions;
            pg->dispatches++;
            pg->running = 1;
            ev_set(vm, EV_SLICE, vm->ntasks > 1 ? now + pg->slice : UINT64_MAX);
            pw_set(vm, PW_TASK, 0);
            tm_update(vm);
            return 0;
        }
        uint64_t m = UINT64_MAX;
        for (unsigned i = 1; i <= vm->ntasks; i++)
            if (vm->task[i]->state != TS_ENDED && vm->task[i]->ready_at < m)
                m = vm->task[i]->ready_at;
        if (m == UINT64_MAX)
            return VM_TASKS_ENDED;              /* pg_task_end leaves a live task: not reached */
        uint64_t to = m <= vm->limit ? m : vm->limit > now ? vm->limit : now;
        uint64_t md = hpm_deadline(vm);
        if (md < to) {                          /* a monitor's event while all wait */
            to = md > now ? md : now;
            pg->wait += to - now;
            vm->ctr.cycles = pg->acct = to;
            return PG_MONITOR;
        }
        pg->wait += to - now;
        vm->ctr.cycles = pg->acct = to;
        if (to < m) {
            pg->stopped = 1;
            return VM_CYCLE_LIMIT;
        }
    }
}

int pg_idle(struct vm *vm)
{
    uint64_t when;
    int rc = tm_wait_end(vm, &when);
    if (rc || (pw_get(vm) & PW_IRQ))
        return rc;
    vm->pg.yield_until = when;
    pw_set(vm, PW_TASK, 1);
    return 0;
}

int pg_task_end(struct vm *vm, enum vm_status st)
{
    struct task *t = vm->task[vm->tcur];
    if (vm->pg.end_fn)
        vm->pg.end_fn(vm->pg.end_ctx, vm, t->id, st);
    /* a fault in its last instruction: the service is its CPU; there is
     * no instruction left to wait for the page */
    vm->ctr.cycles += vm->pg.fault_cpu;
    vm->pg.fault_cpu = vm->pg.fault_wait = vm->pg.yield_until = 0;
    if (vm->pg.running)
        account_cpu(vm);
    t->state = TS_ENDED;
    t->status = st;
    t->ended_at = vm->ctr.cycles;
    save_state(vm, t);
    vm->pg.running = 0;                 /* from here the dispatcher's: the machine's wait */
    if (vm->ntasks == 1)
        return 0;
    /* its frames stay until the policy replaces them, as a replay of the
     * reference string (which knows nothing of ends) has them */
    int live = 0;
    for (unsigned i = 1; i <= vm->ntasks; i++)
        live += vm->task[i]->state != TS_ENDED;
    if (!live)
        return 0;
    vm->upc = vm->img.vector[MC_V_FETCH];
    vm->rsp = 0;
    vm->evskip = 0;
    vm->stop = STOP_NONE;
    pw_set(vm, PW_TASK, 1);
    return 1;
}
