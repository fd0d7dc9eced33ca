/*
 * timer.c -- the clocks, all driven by the cycle counter (never host time):
 *
 *   one cycle = 1/16 microsecond; the TOD clock advances 256 units of bit
 *   63 per cycle (bit 51 = 1 microsecond);
 *   the CPU timer decreases at the same rate; external interruption 1005
 *   while it is negative (CR0 bit 21);
 *   the clock comparator: 1004 while TOD > comparator (CR0 bit 20);
 *   the interval timer, the word at X'50': 76800 units of bit 31 per
 *   second (bit 23 every 1/300 s), i.e. cycles * 3 / 625 units, exactly;
 *   0080 when it goes from positive or zero to negative (CR0 bit 24);
 *   and, not a clock but pending the same way: the monitors' own
 *   condition (hpm_ext_code, hpm.c).
 *
 * tm_update runs at most every 209 cycles (at an instruction fetch), so the
 * word at X'50' is exact to one unit whenever the program can read it.
 */
#include "storage.h"

#define CR0_CKC  (1u << 11)     /* bit 20 */
#define CR0_CPT  (1u << 10)     /* bit 21 */
#define CR0_ITM  (1u << 7)      /* bit 24 */
#define TOD_PER_CYCLE 256
#define ITIMER 0x50u            /* the interval timer's word (a fixed storage location) */

uint32_t tm_itimer(struct vm *vm)
{
    uint32_t v = 0;
    st_cpu_read4(vm, ITIMER, &v);
    return v;
}

uint64_t tm_tod(const struct vm *vm) { return vm->tod_epoch + TOD_PER_CYCLE * vm->ctr.cycles; }
void tm_set_tod(struct vm *vm, uint64_t v) { vm->tod_epoch = v - TOD_PER_CYCLE * vm->ctr.cycles; tm_update_irq(vm); }

uint64_t tm_cpt(const struct vm *vm)
{
    return vm->cpt_value - TOD_PER_CYCLE * (vm->ctr.cycles - vm->cpt_cycle);
}

void tm_set_cpt(struct vm *vm, uint64_t v)
{
    vm->cpt_value = v;
    vm->cpt_cycle = vm->ctr.cycles;
    tm_update_irq(vm);
}

void tm_set_ckc(struct vm *vm, uint64_t v) { vm->ckc = v; tm_update_irq(vm); }

static int cpt_pending(const struct vm *vm) { return (int64_t)tm_cpt(vm) < 0; }
static int ckc_pending(const struct vm *vm) { return tm_tod(vm) > vm->ckc; }

/* The highest-priority enabled pending external condition: its code or 0. */
uint32_t tm_ext_code(const struct vm *vm)
{
    uint32_t cr0 = vm->cr[0];
    if (!(vm->sysmask & 1))
        return 0;
    if ((cr0 & CR0_CKC) && ckc_pending(vm))
        return 0x1004;
    if ((cr0 & CR0_CPT) && cpt_pending(vm))
        return 0x1005;
    if ((cr0 & CR0_ITM) && vm->itimer_pending)
        return 0x0080;
    return hpm_ext_code(vm);
}

void tm_update_irq(struct vm *vm)
{
    pw_set(vm, PW_IRQ, tm_ext_code(vm) != 0);
}

void tm_ext_ack(struct vm *vm)
{
    uint32_t code = tm_ext_code(vm);
    if (code == 0x0080)
        vm->itimer_pending = 0;
    else if (code)
        hpm_ext_ack(vm, code);
    tm_update_irq(vm);
}

static uint64_t units_at(uint64_t cycles) { return cycles / 625 * 3 + cycles % 625 * 3 / 625; }

/* First cycle at which units_at() reaches u. */
static uint64_t cycle_of_units(uint64_t u) { return u / 3 * 625 + (u % 3 * 625 + 2) / 3; }

/* The pending-work bit each event source raises at its deadline. */
enum { PW_NONE = 0 };
static const unsigned ev_bit[EV_COUNT] = {
#define X(name, bit, what) [EV_##name] = PW_##bit,
    VM_EVENT_SOURCES(X)
#undef X
};

void ev_set(struct vm *vm, enum ev_source k, uint64_t d)
{
    vm->ev[k] = d;
    if (d < vm->next_event) {
        vm->next_event = d;
        fp_deadline(vm);
    }
}

/* The sources whose deadline has passed raise their bits; the next update
 * is at the earliest of the others.  (At every update: the earliest
 * deadline first, and only when one is due, which is seldom, each.) */
static void ev_due(struct vm *vm)
{
    uint64_t now = vm->ctr.cycles, next = UINT64_MAX;
    for (unsigned k = 0; k < EV_COUNT; k++)
        next = vm->ev[k] < next ? vm->ev[k] : next;
    if (next <= now) {
        next = UINT64_MAX;
        for (unsigned k = 0; k < EV_COUNT; k++) {
            if (vm->ev[k] <= now)
                pw_set(vm, ev_bit[k], 1);
            else if (vm->ev[k] < next)
                next = vm->ev[k];
        }
    }
    vm->next_event = next;
}

void tm_update(struct vm *vm)
{
    uint64_t u = units_at(vm->ctr.cycles);
    uint32_t old;
    if (u != vm->itimer_units && st_cpu_read4(vm, ITIMER, &old) == 0) {
        uint32_t nv = old - (uint32_t)(u - vm->itimer_units);
        if ((int32_t)old >= 0 && (int32_t)nv < 0)
            vm->itimer_pending = 1;
        st_cpu_write4(vm, ITIMER, nv);
        vm->itimer_units = u;
    }
    vm->ev[EV_TIMER] = cycle_of_units(u + 1);
    hpm_timer(vm);
    ev_due(vm);
    tm_update_irq(vm);
}

/* a + b, or UINT64_MAX where that would overflow: a wait whose end lies
   past the cycle counter's range never ends (it cannot go back in time). */
static uint64_t sat_add(uint64_t a, uint64_t b) { return b > UINT64_MAX - a ? UINT64_MAX : a + b; }

uint64_t tm_next_irq(struct vm *vm)
{
    uint32_t cr0 = vm->cr[0];
    uint64_t now = vm->ctr.cycles, best = UINT64_MAX;
    uint32_t itv;
    if ((cr0 & CR0_ITM) && st_cpu_read4(vm, ITIMER, &itv) == 0) {
        int32_t v = (int32_t)itv;
        if (v >= 0) {
            uint64_t c = cycle_of_units(vm->itimer_units + (uint64_t)v + 1);
            if (c < best)
                best = c;
        }
    }
    if (cr0 & CR0_CPT) {
        uint64_t c = sat_add(now, tm_cpt(vm) / TOD_PER_CYCLE + 1);
        if ((int64_t)tm_cpt(vm) >= 0 && c < best)
            best = c;
    }
    if (cr0 & CR0_CKC) {
        uint64_t tod = tm_tod(vm);
        if (vm->ckc >= tod) {
            uint64_t c = sat_add(now, (vm->ckc - tod) / TOD_PER_CYCLE + 1);
            if (c < best)
                best = c;
        }
    }
    return best;
}

int tm_wait_end(struct vm *vm, uint64_t *when)
{
    tm_update(vm);
    *when = vm->ctr.cycles;
    if (pw_get(vm) & PW_IRQ)
        return 0;
    if (!(vm->sysmask & 1))
        return VM_DISABLED_WAIT;
    *when = tm_next_irq(vm);
    return *when == UINT64_MAX ? VM_ENABLED_WAIT : 0;
}

/*
 * The wait state: advance time to the first moment an enabled external
 * interruption becomes pending.  0 if time advanced (or one is pending),
 * IDLE_BOUND if it advanced to the run's bound first, else
 * VM_DISABLED_WAIT or VM_ENABLED_WAIT.
 */
int tm_idle(struct vm *vm)
{
    uint64_t now = vm->ctr.cycles, best;
    int rc = tm_wait_end(vm, &best);
    if (rc || best == now)
        return rc;
    uint64_t md = hpm_deadline(vm);
    if (md < best)                  /* a monitor's event comes first: wake for it */
        best = md > now ? md : now;
    int bound = best > vm->limit;   /* stop at the run's bound; resume waits on */
    if (bound)
        best = vm->limit > now ? vm->limit : now;
    vm->ctr.cycles = best;
    tm_update(vm);
    return bound ? IDLE_BOUND : 0;
}
