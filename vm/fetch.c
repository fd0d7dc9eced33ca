/*
 * fetch.c -- the instruction fetches that leave fp_run's loop (fastpath.c):
 * past the fetch deadline (fp_fetch_checked: the run's bound, timed
 * events, pending work, in the reference order), a timer update alone
 * (fp_fetch_timer), and a fetch the cache misses (fp_fetch_slow); with
 * the deadline itself (fp_deadline) and the pending-work word (pw_set).
 * vm/ENGINE.md, "Cycles, bounds and the fetch deadline".
 */
#include "storage.h"
#include "fastpath.h"

/* Set the I-unit latches and register slots of the instruction whose
 * fetch left them in its cache entry (vm->cur): before any microword that
 * is not bound to the instruction runs, and before the loop returns. */
__attribute__((noinline)) void fp_latch_in(struct vm *vm)
{
    const struct icent *e = vm->cur;
    vm->il = e->il;
    for (unsigned i = 0; i < 5; i++)
        vm->src[MC_SRC_R1 + i] = ic_gp(vm, e, i);
    vm->cur = NULL;
}

/* The counts of an instruction fetch at cycle `now` (as special() in
 * engine.c). */
static inline void count_fetch(struct vm *vm, unsigned didx, uint64_t now)
{
    if (UNLIKELY(vm->hpm.isr) && hpm_isr_fetch(vm))
        return;                         /* a monitor's PER handler: not the program's */
    vm->ctr.instructions++;
    if (OPC_ON(vm)) {
        vm->ctr.op_count[didx]++;
        vm->ctr.op_cycles[vm->last_op] += now - vm->last_fetch_cycle;
        vm->last_fetch_cycle = now;
    }
    vm->last_op = didx;
    if (UNLIKELY(vm->per.en)) {         /* the firmware's PER checks: PER's cycles */
        unsigned c = per_checks(vm);
        vm->ctr.cycles += c;
        vm->last_fetch_cycle += c;
    }
    if (UNLIKELY(pw_get(vm) & PW_MON))
        iifm_fetched(vm);
}

/* Not in the cache (u, the fetch word, counted): a breakpoint stops the
 * run here; else the reference fetch, remembered in the cache unless its
 * bytes cross a page or the instruction is observed (a breakpoint, the
 * instruction trace) or of decode class RXSS (ASSIST's X'E0', whose EA1 has
 * an index register a cache entry has no room for), and the trace's
 * callback. */
__attribute__((noinline)) const struct uop *fp_fetch_slow(struct vm *vm, const struct uop *u,
                                                         uint32_t ia, struct icent *e)
{
    latches(vm);
    int at_bp = vm->nbp && eng_at_breakpoint(vm, ia);
    if (at_bp && eng_fetch_break(vm, u))
        return NULL;
    const uint8_t *host;
    int rc = iu_fetch(vm, &host);
    if (rc)
        return trap_to(vm, rc);
    int traced = eng_traced(vm, ia);
    /* (not from a fetch-protected block: whether it may be fetched depends
       on the PSW key, and a key change forgets nothing, storage.c) */
    if (host && !traced && !at_bp && vm->img.decode[vm->didx] != MC_DEC_RXSS &&
        !(vm->skey[ia >> ST_SHIFT] & VM_KEY_FETCH))
        fp_ic_fill(vm, e, ia, host);
    per_ifetch(vm, ia);
    count_fetch(vm, vm->didx, vm->ctr.cycles);
    const struct uop *next = &vm->cs[vm->img.dispatch[vm->didx]];
    if (traced && vm->trace.done)
        pw_set(vm, PW_TRACED, 1);
    if (traced && vm->trace.insn(vm->trace.ctx, vm, vm->iaddr, vm->ibytes, vm->ilen))
        return stop_at(vm, next, VM_STOP_REQUEST);
    return next;
}

/* The fetch microword when a timer update is due or an event pending. */
static __attribute__((noinline, cold)) const struct uop *fetch_event(struct vm *vm,
                                                                     const struct uop *u)
{
    latches(vm);
    if (vm->ctr.cycles >= vm->next_event)
        tm_update(vm);
    uint32_t ia = vm->ia;
    if (eng_fetch_events(vm, u))
        return NULL;
    per_fetch_end(vm);
    if ((pw_get(vm) & PW_SAMPLE) && hpm_enter(vm, 1, u->cycles))
        return &vm->cs[vm->img.vector[vm->hpm.vector]];
    if (pw_get(vm) & PW_PER) {
        hpm_isr_enter(vm);
        return trap_to(vm, 0);          /* PER: SF=PERPGM makes the code 0080 */
    }
    if (pw_get(vm) & PW_EVENTS) {
        vm->evskip = 0;
        return &vm->cs[u->addr];
    }
    struct icent *e = ic_slot(vm, ia);
    if (vm->psw_bad || !ic_hit(vm, ia, e))
        return fp_fetch_slow(vm, u, ia, e);
    if ((ia ^ vm->ref_rd) & vm->ref_mask)         /* paging: the fetch is a reference */
        pg_note(vm, ia, 0);
    fetch_hit(vm, ia, e);
    per_ifetch(vm, ia);
    count_fetch(vm, e->il.didx, vm->ctr.cycles);
    if (vm->hard_limit <= vm->ctr.cycles + BOUND_CYCLES)      /* checked words only */
        return &vm->xstub[vm->img.dispatch[e->il.didx]];
    return e->entry;
}

/* The fetch microword at or past the fetch deadline: every check in the
 * reference order (the run's bound, then events, then an invalid PSW). */
__attribute__((noinline)) const struct uop *fp_fetch_checked(struct vm *vm, const struct uop *u)
{
    latches(vm);
    if (vm->ctr.cycles >= vm->limit)
        return stop_at(vm, u, VM_CYCLE_LIMIT);
    vm->ctr.cycles += u->cycles;
    vm->ctr.microwords++;
    return fetch_event(vm, u);
}

/*
 * The fetch at its deadline when all that is due is a timer update: the
 * update as fetch_event makes it (the fetch word counted, then tm_update,
 * then the branch's PER bookkeeping), and 1 if nothing is pending after
 * it, so that the plain fetch goes on (its deadline is now further than
 * the counters).  0, nothing done, for fp_fetch_checked: work pending, the
 * run's limit or the runaway margin reached.  The counters are in
 * vm->ctr (fp_run's SYNC_OUT); the timers read the cycle counter only.
 */
__attribute__((noinline)) int fp_fetch_timer(struct vm *vm, unsigned fc)
{
    uint64_t now = vm->ctr.cycles;
    if (pw_get(vm) || vm->per.en || now >= vm->limit || now + fc + BOUND_CYCLES >= vm->hard_limit)
        return 0;
    vm->ctr.cycles += fc;
    if (vm->ctr.cycles >= vm->next_event)
        tm_update(vm);
    if (pw_get(vm)) {
        vm->ctr.cycles -= fc;
        return 0;                       /* fetch_event: the update is made */
    }
    per_fetch_end(vm);
    vm->ctr.cycles -= fc;
    return vm->ctr.cycles < vm->fetch_deadline;
}

void fp_deadline(struct vm *vm)
{
    uint64_t d = vm->limit, fc = vm->fetch_cycles;
    uint64_t ev = vm->next_event > fc ? vm->next_event - fc : 0;
    uint64_t run = vm->hard_limit > fc + BOUND_CYCLES ? vm->hard_limit - fc - BOUND_CYCLES : 0;
    if (ev < d)
        d = ev;
    if (run < d)
        d = run;
    vm->fetch_deadline = pw_get(vm) ? 0 : d;
}

void pw_set(struct vm *vm, unsigned bits, int on)
{
    unsigned old = pw_get(vm);
    if (on && (old & bits) != bits)
        atomic_fetch_or_explicit(&vm->pending, bits, memory_order_relaxed);
    else if (!on && (old & bits))
        atomic_fetch_and_explicit(&vm->pending, ~bits, memory_order_relaxed);
    fp_deadline(vm);            /* also for a new vm->next_event (tm_update) */
}

