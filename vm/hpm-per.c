/*
 * hpm-per.c -- program-event recording (GA22-7000 "Program-Event Recording";
 * imp(7), "PROGRAM-EVENT RECORDING") and the stripped-down CSECT monitor
 * that rides on it.
 *
 * CR9 bits 0-4 arm the events (successful branch, instruction fetch,
 * storage alteration, GR alteration, and IMP's CSECT change), bits 16-31
 * the registers GR alteration watches; CR10 and CR11 bound the range
 * (inclusive, wrapping at 16M when CR10 > CR11).  Nothing happens unless
 * the PSW's PER mask (bit 1) is on.  Where each event is seen:
 *
 *   SB   the branch history moved since the last fetch (br_note, both
 *        engines): the fetch after a taken branch notes it, with the
 *        branch's address (vm->iaddr, not yet replaced);
 *   IF   the fetch, once the instruction is fetched (per_ifetch), and
 *        EX's fetch of its target (the PER address: the EX's);
 *   SA   the storage path's slow side: the pages of the range are out of
 *        the store tables while SA is armed, so every store into them
 *        comes here (per_store); the CPU's own stores (old PSWs,
 *        interruption codes) run with the PER mask off (interrupt.mc's
 *        storepsw) and the timers' and monitors' stores do not take this
 *        path at all;
 *   GRA  the reference engine's destination write (per_gr): while GRA is
 *        enabled with a register mask the reference engine runs;
 *   CSM  the fetch after a taken branch (the branch sets CR5 bit 0, the
 *        fetch tests and clears it): an instruction address outside
 *        CR10..CR11 is the event, with that address as the PER address.
 *
 * An event noted during an instruction raises PW_PER; the next fetch
 * enters the trap vector with PIC 0, and the program interruption's
 * SF=PERPGM ORs in X'80' and latches the code and address that
 * interrupt.mc stores at X'96' and X'98'.  A program exception in the
 * same instruction takes them along (code 00xx | 0080).
 */
#include "storage.h"

#define CR5_CSM_FLAG 0x80000000u        /* a branch was taken: compare at the fetch */

/* A storage-alteration event goes with a program interruption only when
 * the exception completes the instruction (as Hercules: the stores of a
 * nullified or suppressed instruction are undone, or never made). */
static int completing(unsigned pic)
{
    switch (pic & 0xFF7F) {
    case 0x00: case 0x06: case 0x08: case 0x0A: case 0x0C: case 0x0D: case 0x0E:
    case 0x1C: case 0x40:
        return 1;
    default:
        return 0;
    }
}

/* While storage alteration is armed every store comes to the slow side:
 * the firmware compares every stored operand with the range
 * (per-checks.def, STORE), not only those in it. */
int per_sa_page(const struct vm *vm, uint32_t base)
{
    (void)base;
    return vm->per.sa_mapped;
}

static const unsigned check_cycles[PER_NCHECKS] = {
#define PER_CHECK(name, key, cycles, when) cycles,
#include "per-checks.def"
#undef PER_CHECK
};

const char *vm_per_check_name(unsigned i, unsigned *cycles)
{
    static const char *const keys[PER_NCHECKS] = {
#define PER_CHECK(name, key, cycles, when) key,
#include "per-checks.def"
#undef PER_CHECK
    };
    if (i >= PER_NCHECKS)
        return NULL;
    if (cycles)
        *cycles = check_cycles[i];
    return keys[i];
}

/* The checks made at every fetch with these events enabled. */
static unsigned insn_checks(unsigned en)
{
    unsigned c = 0;
    if (en & (PER_SB | PER_IF | PER_SA | PER_GRA))
        c += check_cycles[PER_CK_TEST];
    if (en & PER_IF)
        c += check_cycles[PER_CK_IFETCH];
    if (en & (PER_SB | PER_CSM))
        c += check_cycles[PER_CK_FLAG];
    return c;
}

void per_owe(struct vm *vm, enum per_check k, unsigned mark)
{
    struct per *p = &vm->per;
    p->fw_marked |= mark;
    p->fw_owed += check_cycles[k];
    p->fw_owed_n[k]++;
}

unsigned per_checks(struct vm *vm)
{
    struct per *p = &vm->per;
    unsigned en = p->en, c = p->fw_insn + p->fw_owed;
    if (en & (PER_SB | PER_IF | PER_SA | PER_GRA))
        p->fw_count[PER_CK_TEST]++;
    if (en & PER_IF)
        p->fw_count[PER_CK_IFETCH]++;
    if (en & (PER_SB | PER_CSM))
        p->fw_count[PER_CK_FLAG]++;
    if (p->fw_owed)
        for (unsigned k = 0; k < PER_NCHECKS; k++) {
            p->fw_count[k] += p->fw_owed_n[k];
            p->fw_owed_n[k] = 0;
        }
    p->fw_owed = p->fw_marked = 0;
    p->fw_cycles += c;
    if (vm->hpm.isr_to)                 /* PER is a monitor's: its cost */
        vm->hpm.cycles[vm->hpm.isr_to - 1] += c;
    else {                              /* else PER's own, never the program's */
        vm->hpm.cycles[VM_HPM_PER] += c;
        vm->hpm.entries[VM_HPM_PER]++;
    }
    return c;
}

/* Map the pages of [lo, lo + span] again (every page if span covers 16M). */
static void remap_range(struct vm *vm, uint32_t lo, uint32_t span)
{
    uint32_t first = lo >> ST_SHIFT, n = (((lo & ST_OFF) + span) >> ST_SHIFT) + 1;
    if (n > ST_NPAGE)
        n = ST_NPAGE;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t p = (first + i) % ST_NPAGE;
        for (unsigned t = 1; t <= vm->ntasks; t++)
            st_map_one(vm, vm->task[t], p);
    }
    st_map_page(vm, first);             /* and the flat prefixes again */
}

void per_update(struct vm *vm)
{
    struct per *p = &vm->per;
    unsigned old_en = p->en;
    int old_gra = p->gra;
    p->en = vm->sysmask & 0x40 ? vm->cr[9] >> 24 & 0xF8 : 0;
    p->lo = vm->cr[10] & VM_ADDR_MASK;
    p->span = (vm->cr[11] - vm->cr[10]) & VM_ADDR_MASK;
    p->if_n = p->en & PER_IF ? p->span + 1 : 0;
    p->gra_mask = p->en & PER_GRA ? (uint16_t)vm->cr[9] : 0;
    p->gra = p->gra_mask != 0;
    if ((p->en & (PER_SB | PER_CSM)) && !(old_en & (PER_SB | PER_CSM)))
        p->brp = vm->brp;               /* branches from now on */
    p->fw_insn = insn_checks(p->en);
    /* The store tables follow CR9's SA bit and the range, not the PSW
     * mask: an interrupt handler that runs with PER off would otherwise
     * remap the range twice per interruption. */
    int sa = (vm->cr[9] & 0x20000000u) != 0;
    if (sa != p->sa_mapped) {           /* every page: every store is checked */
        p->sa_mapped = sa;
        remap_range(vm, 0, VM_ADDR_MASK);
    }
    if (p->gra != old_gra)
        vm->fp_refetch = 1;             /* eng_run picks the engine again */
    fp_set_fetch(vm);
}

void per_psw_loaded(struct vm *vm)
{
    struct per *p = &vm->per;
    if (p->host_pending) {              /* the PSW back to the program after an SVC */
        p->host_pending = 0;            /* whose service stored into the range */
        if (p->en & PER_SA)
            per_note(vm, PER_SA, p->host_iaddr);
    }
}

void per_note(struct vm *vm, unsigned ev, uint32_t addr)
{
    struct per *p = &vm->per;
    if (!p->ev)
        p->addr = addr;
    p->ev |= ev;
    pw_set(vm, PW_PER, 1);
}

void per_fetch_end(struct vm *vm)
{
    struct per *p = &vm->per;
    if (vm->brp != p->brp) {
        p->brp = vm->brp;
        if (p->en & (PER_SB | PER_CSM))     /* the branch set the flag (paid at a fetch) */
            per_owe(vm, PER_CK_BRANCH, 0);
        if (p->en & PER_SB)
            per_note(vm, PER_SB, vm->iaddr);
        if (p->en & PER_CSM) {
            vm->cr[5] |= CR5_CSM_FLAG;
            per_owe(vm, PER_CK_CSECT, 0);   /* the fetch compares the address */
        }
    }
    if (vm->cr[5] & CR5_CSM_FLAG) {
        vm->cr[5] &= ~CR5_CSM_FLAG;
        if ((p->en & PER_CSM) && ((vm->ia - p->lo) & VM_ADDR_MASK) > p->span)
            per_note(vm, PER_CSM, vm->ia);
    }
}

int per_program(struct vm *vm)
{
    struct per *p = &vm->per;
    unsigned ev = p->ev;
    if ((ev & PER_SA) && !completing(vm->pic))
        ev &= ~(unsigned)PER_SA;
    p->ev = 0;
    pw_set(vm, PW_PER, 0);
    p->intr = ev != 0;
    if (!ev) {
        if (vm->hpm.isr) {              /* no interruption: no handler's window */
            vm->hpm.isr = 0;
            vm->hpm.entries[vm->hpm.isr_to - 1]--;
        }
        return 0;
    }
    vm->pic |= 0x80;
    p->code = ev;
    p->laddr = p->addr;
    p->interrupts++;
    for (unsigned i = 0; i < 5; i++)
        if (ev & 0x80u >> i)
            p->events[i]++;
    return 0;
}

/* The SVC interruption drops the SVC instruction's events: Hercules
 * presents no PER interruption for them, before or after (imp(7)). */
void per_drop(struct vm *vm)
{
    vm->per.ev = 0;
    pw_set(vm, PW_PER, 0);
}

void per_store(struct vm *vm, uint32_t addr, unsigned len)
{
    struct per *p = &vm->per;
    if (!(p->en & PER_SA))
        return;
    if (!(p->fw_marked & 1))            /* the instruction's store: the firmware's compare */
        per_owe(vm, PER_CK_STORE, 1);
    /* [addr, addr + len) meets the range: its first byte is in it, or
       the range starts inside it */
    if (((addr - p->lo) & VM_ADDR_MASK) <= p->span || ((p->lo - addr) & VM_ADDR_MASK) < len)
        per_note(vm, PER_SA, vm->iaddr);
}

void per_host_store(struct vm *vm, uint32_t addr, uint32_t len, uint32_t iaddr, int deferred)
{
    struct per *p = &vm->per;
    uint32_t lo = vm->cr[10] & VM_ADDR_MASK, span = (vm->cr[11] - vm->cr[10]) & VM_ADDR_MASK;
    if (!(vm->cr[9] & 0x20000000u) || len == 0)
        return;
    if (((addr - lo) & VM_ADDR_MASK) > span && ((lo - addr) & VM_ADDR_MASK) >= len)
        return;
    if (!deferred) {
        if (p->en & PER_SA)
            per_note(vm, PER_SA, iaddr);
        return;
    }
    if (!p->host_pending) {             /* the first store of the service names it */
        p->host_pending = 1;
        p->host_iaddr = iaddr;
    }
}

void vm_per_stats(const struct vm *vm, struct vm_per_stats *out)
{
    for (unsigned i = 0; i < 5; i++)
        out->events[i] = vm->per.events[i];
    out->interrupts = vm->per.interrupts;
    out->fw_cycles = vm->per.fw_cycles;
    _Static_assert(PER_NCHECKS <= sizeof out->fw_count / sizeof out->fw_count[0],
                   "vm_per_stats has a count for every check");
    for (unsigned i = 0; i < sizeof out->fw_count / sizeof out->fw_count[0]; i++)
        out->fw_count[i] = i < PER_NCHECKS ? vm->per.fw_count[i] : 0;
}

const char *vm_per_event_name(unsigned i)
{
    static const char *const names[] = {
#define X(e, key, what) what,
        PER_EVENTS(X)
#undef X
    };
    return i < sizeof names / sizeof names[0] ? names[i] : NULL;
}

const char *vm_per_event_key(unsigned i)
{
    static const char *const keys[] = {
#define X(e, key, what) key,
        PER_EVENTS(X)
#undef X
    };
    return i < sizeof keys / sizeof keys[0] ? keys[i] : NULL;
}
