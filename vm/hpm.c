/*
 * hpm.c -- the hardware performance monitors (HPMs) in the machine: the
 * sampling monitors' hardware (imp(7), "THE SAMPLING MONITORS") and the
 * CSECT monitor's comparators.  (The instruction-frequency monitor's
 * counters are hpm-iifm.c, PER hpm-per.c; what sets them up from a
 * command line is vm/hpm/, see vm/hpm/HPM.md.)  The instruction-address sampler's interval timer 4, the
 * program-counter sampling clock and the gleaning triggers; the entry to
 * the `monitor' vector; the enabling and disabling instructions; the
 * monitors' own storage references (through the storage path's
 * st_machine_copy); what each monitor's microcode costs.
 *
 * Everything a monitor does with an event -- which window an address
 * falls in, which table entry a (task, address) pair has, what a gleaned
 * record holds -- is microcode (mc/src/monitor.mc), reading the control
 * blocks in storage at every event.  What is here is the part a machine
 * does in hardware: the timers, and latching which events are due.
 *
 * Events are due by cycle (the IAS period, the PCS clock, gleaning every
 * N cycles) or by instruction (gleaning every N instructions, and the
 * records after each of a burst's instructions).  The first timed event
 * is the deadline of the event source EV_HPM (events.def), so tm_update
 * runs when it is due and raises PW_SAMPLE;
 * an event by instruction keeps PW_SAMPLE raised.  At the next
 * instruction fetch, hpm_enter latches the due events (MONEV), restarts
 * their timers and sends the fetch to the monitor vector -- at most once
 * per instruction, so a monitor that costs more than its period slows
 * the program but cannot stop it.  In the wait state the idle functions
 * stop at the next monitor deadline and enter the vector too; the
 * microcode then counts the wait.
 */
#include "storage.h"
#include "isa.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[VM_HPM_COUNT] = { "ias", "pcs", "glean", "csm", "iifm", "per" };

const char *vm_hpm_name(enum vm_hpm m) { return (unsigned)m < VM_HPM_COUNT ? names[m] : "?"; }

unsigned vm_glean_record_len(unsigned info)
{
    unsigned n = 4;
#define X(name, bit, len, s, what) if (info & (bit)) n += (len);
    VM_GLEAN_INFO(X)
#undef X
    return n;
}

static unsigned info_bits(void)
{
    unsigned all = 0;
#define X(name, bit, len, s, what) all |= (bit);
    VM_GLEAN_INFO(X)
#undef X
    return all;
}

/* ---- the monitors' storage references ------------------------------------------ */

/* Real storage (paging off) or task 1's address space, resident or not:
 * no key, no fault, no reference, no watchpoint.  Outside storage a
 * read gives 0 and a store does nothing: a control block damaged after
 * the enabling instruction cannot take the machine down. */
static int hpm_bytes(struct vm *vm, uint32_t addr, uint8_t *b, int write)
{
    if (addr > vm->memsize || vm->memsize - addr < 4)
        return -1;
    return st_machine_copy(vm, addr, b, 4, write);   /* the storage path's side door */
}

uint32_t hpm_read4(struct vm *vm, uint32_t addr)
{
    uint8_t b[4];
    if (hpm_bytes(vm, addr, b, 0) != 0)
        return 0;
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

void hpm_write4(struct vm *vm, uint32_t addr, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
    hpm_bytes(vm, addr, b, 1);
}

/* ---- timers and triggers ------------------------------------------------------- */

static uint64_t pcs_tick(const struct hpm *m, uint64_t k)
{
    /* k * second / rate without overflow for any k a run can reach */
    return m->pcs_start + k / m->pcs_rate * VM_CYCLES_PER_SECOND +
           k % m->pcs_rate * VM_CYCLES_PER_SECOND / m->pcs_rate;
}

/* The monitors' timers count the program's cycles: their microcode
 * stops them, so a sample never falls in a monitor's own cycles and
 * weighs each instruction by its own.  The deadline is the cycle at
 * which the first comes due if no monitor runs before (one that does
 * only delays it: tm_update and hpm_enter look again). */
uint64_t hpm_deadline(const struct vm *vm)
{
    const struct hpm *m = &vm->hpm;
    uint64_t d = UINT64_MAX, now = hpm_program_cycles(vm);
    if ((m->on & HPM_IAS) && m->ias_next < d)
        d = m->ias_next;
    if ((m->on & HPM_PCS) && m->pcs_next < d)
        d = m->pcs_next;
    if ((m->on & HPM_GLN) && !m->gln_insns && !m->gln_left && m->gln_next < d)
        d = m->gln_next;                /* (in a burst, the next record is by instruction) */
    return d == UINT64_MAX ? d : d <= now ? vm->ctr.cycles : vm->ctr.cycles + (d - now);
}

/* Does gleaning want a record at this fetch?  (A trigger, or the next
 * instruction of a burst.) */
static int glean_due(const struct vm *vm)
{
    const struct hpm *m = &vm->hpm;
    if (!(m->on & HPM_GLN))
        return 0;
    if (m->gln_left)                    /* a burst first: a trigger waits for its end */
        return vm->ctr.instructions > m->gln_last;
    return m->gln_insns ? vm->ctr.instructions >= m->gln_next
                        : hpm_program_cycles(vm) >= m->gln_next;
}

static unsigned due(const struct vm *vm)
{
    const struct hpm *m = &vm->hpm;
    uint64_t now = hpm_program_cycles(vm);
    unsigned ev = 0;
    if ((m->on & HPM_IAS) && now >= m->ias_next)
        ev |= HPM_IAS;
    if ((m->on & HPM_PCS) && now >= m->pcs_next)
        ev |= HPM_PCS;
    if (glean_due(vm))
        ev |= HPM_GLN;
    if (m->csm_due)
        ev |= HPM_CSM;
    if (m->dsm_qn)
        ev |= HPM_DSM;
    if (vm->iifm.due)
        ev |= HPM_IFM;
    return ev;
}

/* PW_SAMPLE: raised while an event is due, or while gleaning counts
 * instructions (every fetch must ask). */
static void settle(struct vm *vm)
{
    const struct hpm *m = &vm->hpm;
    int by_insn = (m->on & HPM_GLN) && (m->gln_insns || m->gln_left);
    pw_set(vm, PW_SAMPLE, by_insn || due(vm) != 0);
}

void hpm_timer(struct vm *vm)
{
    if (vm->hpm.on || vm->ev[EV_HPM] != UINT64_MAX)     /* (none on: no deadline) */
        ev_set(vm, EV_HPM, hpm_deadline(vm));
}

/* The CSECT monitor's bounds comparator, at each fetch: a branch taken
 * since the last one (the branch history moved) to a target outside the
 * current CSECT's bounds is an event. */
static void csm_compare(struct vm *vm, struct hpm *m)
{
    if (vm->brp != m->csm_brp) {
        m->csm_brp = vm->brp;
        if (vm->ia < m->csm_lo || vm->ia >= m->csm_hi)
            m->csm_due = 1;
    }
}

int hpm_enter(struct vm *vm, int at_fetch, unsigned word_cycles)
{
    struct hpm *m = &vm->hpm;
    if ((m->on & HPM_CSM) && at_fetch)
        csm_compare(vm, m);
    unsigned ev = due(vm);
    if (ev & ~HPM_IFM)                  /* the frequency monitor's counts wait their turn */
        ev &= ~HPM_IFM;
    if (!ev || (at_fetch && m->entered && m->entry_insn == vm->ctr.instructions)) {
        settle(vm);
        return 0;
    }
    m->entered = at_fetch;
    m->entry_insn = vm->ctr.instructions;
    m->entry_upc = at_fetch ? vm->img.vector[MC_V_FETCH] : vm->upc;
    if (ev & HPM_IAS) {                 /* interval timer 4 restarts */
        m->ias_next += m->ias_period;
        m->events[VM_HPM_IAS]++;
    }
    if (ev & HPM_PCS) {
        m->pcs_next = pcs_tick(m, ++m->pcs_k);
        m->events[VM_HPM_PCS]++;
    }
    if (ev & HPM_GLN) {
        if (m->gln_left) {
            m->gln_left--;              /* the burst's next instruction */
            m->gln_idx++;
        } else {                        /* a trigger: a new burst */
            m->gln_next += m->gln_every;
            uint64_t now = hpm_program_cycles(vm);
            if (!m->gln_insns && m->gln_next <= now)
                m->gln_next = now + m->gln_every;   /* no backlog of bursts */
            m->gln_left = m->gln_n - 1;
            m->gln_idx = 0;
        }
        m->gln_last = vm->ctr.instructions;
        m->events[VM_HPM_GLEAN]++;
    }
    if (ev & HPM_CSM) {
        m->csm_due = 0;
        m->events[VM_HPM_CSM]++;
    }
    if (ev & HPM_DSM)
        m->events[VM_HPM_CSM] += m->dsm_qn;
    if (ev & HPM_IFM) {                 /* the microcode takes the counters */
        vm->iifm.due = 0;
        m->events[VM_HPM_IIFM]++;
    }
    m->ev = ev;
    m->vector = ev == HPM_IFM ? MC_V_ACCUMULATE : MC_V_MONITOR;
    m->cur = 0;
    /* the fetch word that came here instead of fetching runs again after
       the vector: it is the monitors' too */
    m->mark = vm->ctr.cycles - word_cycles;
    m->mark_mw = vm->ctr.microwords - (at_fetch ? 1 : 0);
    m->in_vector = 1;
    settle(vm);
    return 1;
}

/* MONEV: the events being served and, when a gleaned record is among
 * them, its index in the burst (0 otherwise: an index left from the last
 * burst must not make a CSECT event alone look like more than one). */
uint32_t hpm_source(const struct vm *vm)
{
    const struct hpm *m = &vm->hpm;
    return m->ev | ((m->ev & HPM_GLN) ? (m->gln_idx & 0xFFFF) << 16 : 0);
}

/* ---- the data CSECT monitor ------------------------------------------------------
 *
 * The storage path's comparator (seed 004, its section 6.2): while the
 * CSECT monitor runs with its data flag, the pages of the table's CSECTs
 * are out of the storage path's tables, so every operand reference to
 * them comes to the slow side, which asks hpm_dsm_ref.  A reference to
 * a CSECT, or of a kind (fetch, store), other than the last one latched
 * is latched (at most DSM_QUEUE between two fetches; more are counted as
 * lost) and the next fetch enters the monitor vector, whose microcode
 * (`dsm' in monitor.mc) records each in the CSECT monitor's
 * buffer: the data CSECT reference string, with fetch and store, beside
 * the code's transitions.  Instruction fetch is not an operand reference,
 * and neither are the CPU's and the monitors' own references.
 */

/* The index of the table's CSECT holding addr, or X'FFFF'. */
static uint32_t dsm_find(const struct hpm *m, uint32_t addr)
{
    uint32_t lo = 0, hi = m->dsm_n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (addr < m->dsm_tab[2 * mid])
            hi = mid;
        else if (addr >= m->dsm_tab[2 * mid + 1])
            lo = mid + 1;
        else
            return mid;
    }
    return 0xFFFF;
}

int hpm_dsm_page(const struct vm *vm, uint32_t base)
{
    const struct hpm *m = &vm->hpm;
    if (!m->dsm)
        return 0;
    uint32_t lo = 0, hi = m->dsm_n;       /* the first CSECT ending past base */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (m->dsm_tab[2 * mid + 1] <= base)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->dsm_n && m->dsm_tab[2 * lo] < base + ST_PAGE;
}

void hpm_dsm_ref(struct vm *vm, uint32_t addr, int store)
{
    struct hpm *m = &vm->hpm;
    uint32_t k = dsm_find(m, addr), kind = store ? 4u : 3u;
    if (k == 0xFFFF || (kind << 16 | k) == m->dsm_last)
        return;
    if (m->dsm_qn == DSM_QUEUE) {
        m->dsm_lost++;
        return;
    }
    m->dsm_q[m->dsm_qn][0] = (m->dsm_last & 0xFFFF) << 16 | k;
    m->dsm_q[m->dsm_qn][1] = kind << 24;
    m->dsm_qn++;
    m->dsm_last = kind << 16 | k;
    pw_set(vm, PW_SAMPLE, 1);
}

uint32_t hpm_dsm_source(const struct vm *vm, int which)
{
    const struct hpm *m = &vm->hpm;
    return m->dsm_qn ? m->dsm_q[0][which] : 0;
}

static void dsm_pop(struct hpm *m)
{
    if (!m->dsm_qn)
        return;
    m->dsm_qn--;
    memmove(m->dsm_q[0], m->dsm_q[1], m->dsm_qn * sizeof m->dsm_q[0]);
}

/* The data comparator on (with a copy of the table at tab, n CSECTs) or
 * off: the pages it watches leave the storage path's tables or return. */
static void dsm_set(struct vm *vm, uint32_t *tab, uint32_t n)
{
    struct hpm *m = &vm->hpm;
    if (!m->dsm && !tab)
        return;
    free(m->dsm_tab);
    m->dsm_tab = tab;
    m->dsm_n = n;
    m->dsm = tab != NULL;
    m->dsm_qn = 0;
    m->dsm_last = 0xFFFF;
    st_map_all(vm);
}

void hpm_dsm_free(struct vm *vm)
{
    free(vm->hpm.dsm_tab);
    vm->hpm.dsm_tab = NULL;
}

/* The first monitor of the events ev, as the vector serves them (its
 * first words are that monitor's): 1 + its index, 0 if none. */
static unsigned first_of(unsigned ev)
{
    static const unsigned order[] = { HPM_IAS, HPM_PCS, HPM_GLN, HPM_CSM | HPM_DSM, HPM_IFM };
    for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++)
        if (ev & order[i])
            return 1 + i;
    return 0;
}

/* The cycles and microwords since the mark go to the monitor whose
 * microcode ran (the vector's first words: the first monitor's), and not
 * to the program: the instruction before the vector is charged its own
 * cycles only (vm->last_fetch_cycle moves past them), so the per-opcode
 * counts are the program's and the run's cycles are the program's plus
 * the monitors'.  `next' runs now (0: none). */
static void account(struct vm *vm)
{
    struct hpm *m = &vm->hpm;
    unsigned to = m->cur ? m->cur : first_of(m->ev);
    uint64_t c = vm->ctr.cycles - m->mark, w = vm->ctr.microwords - m->mark_mw;
    if (to) {
        m->cycles[to - 1] += c;
        m->words[to - 1] += w;
        vm->last_fetch_cycle += c;
    }
    m->mark = vm->ctr.cycles;
    m->mark_mw = vm->ctr.microwords;
}

static void charge(struct vm *vm, unsigned next)
{
    struct hpm *m = &vm->hpm;
    if (next && !m->cur)
        m->cur = next;                  /* the vector's first words are its */
    account(vm);
    if (next)
        m->entries[next - 1]++;
    m->cur = next;
}

/* The monitors' cycles and microwords charged so far. */
static void charged(const struct hpm *m, uint64_t *c, uint64_t *w)
{
    *c = *w = 0;
    for (int i = 0; i < VM_HPM_COUNT; i++) {
        *c += m->cycles[i];
        *w += m->words[i];
    }
}

/* The PER handler's window since its mark, less the other monitors'
 * cost charged in it (a fetch: less the fetch's own microword, the
 * program's), goes to PER's monitor; the window goes on from now. */
static void isr_account(struct vm *vm, int fetch)
{
    struct hpm *m = &vm->hpm;
    uint64_t oc, ow, mw = vm->ctr.microwords - (uint64_t)fetch;
    charged(m, &oc, &ow);
    uint64_t c = vm->ctr.cycles - m->isr_mark - (oc - m->isr_other);
    uint64_t w = mw - m->isr_mark_mw - (ow - m->isr_other_mw);
    m->cycles[m->isr_to - 1] += c;
    m->words[m->isr_to - 1] += w;
    m->isr_mark = vm->ctr.cycles;
    m->isr_mark_mw = mw;
    m->isr_other = oc + c;
    m->isr_other_mw = ow + w;
}

/* At the fetch that takes the PER interruption: the instruction before
 * is charged its cycles so far (as at any fetch), and the window opens
 * (the fetch's microword, which the interruption cancels, is in it: the
 * fetch after the handler is the program's). */
void hpm_isr_enter(struct vm *vm)
{
    struct hpm *m = &vm->hpm;
    if (!m->isr_to || m->isr)
        return;
    if (OPC_ON(vm)) {
        vm->ctr.op_cycles[vm->last_op] += vm->ctr.cycles - vm->last_fetch_cycle;
        vm->last_fetch_cycle = vm->ctr.cycles;
    }
    m->isr = 1;
    m->isr_mark = vm->ctr.cycles;
    m->isr_mark_mw = vm->ctr.microwords - 1;
    charged(m, &m->isr_other, &m->isr_other_mw);
    m->entries[m->isr_to - 1]++;
}

int hpm_isr_fetch(struct vm *vm)
{
    struct hpm *m = &vm->hpm;
    if (!vm->per.en)
        return 1;                       /* the handler's (it runs with PER off) */
    isr_account(vm, 1);
    m->isr = 0;
    vm->last_fetch_cycle = vm->ctr.cycles;
    return 0;
}

void vm_hpm_per_monitor(struct vm *vm, enum vm_hpm w)
{
    vm->hpm.isr_to = (unsigned)w < VM_HPM_COUNT ? 1 + (unsigned)w : 0;
    vm->hpm.isr = 0;
}

enum vm_hpm vm_hpm_per_serves(const struct vm *vm)
{
    return vm->hpm.isr_to ? (enum vm_hpm)(vm->hpm.isr_to - 1) : VM_HPM_COUNT;
}

uint64_t hpm_program_cycles(const struct vm *vm)
{
    const struct hpm *m = &vm->hpm;
    uint64_t c = vm->ctr.cycles, oc, ow;
    charged(m, &oc, &ow);
    c -= oc;
    if (m->in_vector)
        c -= vm->ctr.cycles - m->mark;  /* (not charged yet) */
    if (m->isr)                         /* ... nor the handler's window */
        c -= vm->ctr.cycles - m->isr_mark - (oc - m->isr_other);
    return c;
}

void hpm_settle_cost(struct vm *vm)
{
    if (vm->hpm.in_vector)
        account(vm);
    if (vm->hpm.isr)
        isr_account(vm, 0);
}

/* ---- the enabling and disabling instructions ---------------------------------- */

static uint32_t rd4(struct vm *vm, uint32_t a) { return hpm_read4(vm, a); }
static int in_storage(const struct vm *vm, uint32_t addr, uint64_t len)
{
    return addr < vm->memsize && len <= vm->memsize - addr;
}
static int overlaps(uint32_t a, uint64_t alen, uint32_t b, uint64_t blen)
{
    return a < b + blen && b < a + alen;
}

/* A control block of len bytes at ea: 0, 6 (not on a word boundary) or
 * 5 (not in storage). */
static int block_check(const struct vm *vm, uint32_t ea, uint32_t len)
{
    return (ea & 3) ? 6 : !in_storage(vm, ea, len) ? 5 : 0;
}

/* The monitor of bit is on: the enabling instruction's CC (1: it was). */
static int turn_on(struct hpm *m, unsigned bit)
{
    int was = (m->on & bit) != 0;
    m->on |= bit;
    return was;
}

/* EIAS: the block whose address is at CAT+X'A8'. */
static int ias_enable(struct vm *vm, int *cc)
{
    uint32_t blk = rd4(vm, VM_CAT + VM_CAT_IAS) & VM_ADDR_MASK;
    int bad = block_check(vm, blk, VM_IAS_HEADER);
    if (bad)
        return bad;
    uint32_t w1 = rd4(vm, blk + 4);
    unsigned period = w1 >> 16, reserved = w1 >> 8 & 0xFF, n = w1 & 0xFF;
    if (period < VM_IAS_MIN_PERIOD || reserved || n == 0 || n > VM_IAS_MAX_WINDOWS)
        return 6;
    uint64_t blen = VM_IAS_HEADER + (uint64_t)n * VM_IAS_WINDOW;
    if (!in_storage(vm, blk, blen))
        return 5;
    for (unsigned i = 0; i < n; i++) {
        uint32_t d = blk + VM_IAS_HEADER + i * VM_IAS_WINDOW;
        uint32_t lo = rd4(vm, d), hi = rd4(vm, d + 4), size = rd4(vm, d + 8);
        uint32_t vec = rd4(vm, d + 12);
        if (lo > VM_ADDR_MASK + 1 || hi > VM_ADDR_MASK + 1 || lo >= hi || size == 0 ||
            size > 0x7FFFFFFFu || (vec & 3))
            return 6;
        uint64_t vlen = 4 * (((uint64_t)hi - lo + size - 1) / size);
        if (!in_storage(vm, vec, vlen))
            return 5;
        if (overlaps(vec, vlen, blk, blen))
            return 6;
        for (unsigned j = 0; j < n; j++) {      /* a vector inside a window: the program */
            uint32_t e = blk + VM_IAS_HEADER + j * VM_IAS_WINDOW;
            uint32_t elo = rd4(vm, e), ehi = rd4(vm, e + 4);
            if (elo < ehi && overlaps(vec, vlen, elo, (uint64_t)ehi - elo))
                return 6;
        }
    }
    struct hpm *m = &vm->hpm;
    *cc = turn_on(m, HPM_IAS);
    m->ias_period = period;
    m->ias_next = hpm_program_cycles(vm) + period;
    return 0;
}

/* EPCS: the block at ea; its address goes to CAT+X'AC'. */
static int pcs_enable(struct vm *vm, uint32_t ea, int *cc)
{
    int bad = block_check(vm, ea, VM_PCS_BLOCK);
    if (bad)
        return bad;
    uint32_t rate = rd4(vm, ea), slots = rd4(vm, ea + 4), table = rd4(vm, ea + 8);
    if (rate == 0 || rate > VM_PCS_MAX_RATE || slots == 0 || (table & 7) || rd4(vm, ea + 24) ||
        rd4(vm, ea + 28))
        return 6;
    uint64_t tlen = (uint64_t)slots * VM_PCS_ENTRY;
    if (!in_storage(vm, table, tlen))
        return 5;
    if (overlaps(table, tlen, ea, VM_PCS_BLOCK))
        return 6;
    for (uint64_t a = 0; a < tlen; a += 4)          /* the machine clears the table */
        hpm_write4(vm, table + (uint32_t)a, 0);
    for (uint32_t off = 12; off < VM_PCS_BLOCK; off += 4)
        hpm_write4(vm, ea + off, 0);
    hpm_write4(vm, VM_CAT + VM_CAT_PCS, ea);
    struct hpm *m = &vm->hpm;
    *cc = turn_on(m, HPM_PCS);
    m->pcs_rate = rate;
    m->pcs_start = hpm_program_cycles(vm);
    m->pcs_k = 1;
    m->pcs_next = pcs_tick(m, 1);
    return 0;
}

/* EGLN: the block at ea; its address goes to CAT+X'B0'. */
static int glean_enable(struct vm *vm, uint32_t ea, int *cc)
{
    int bad = block_check(vm, ea, VM_GLEAN_BLOCK);
    if (bad)
        return bad;
    uint32_t w0 = rd4(vm, ea), w1 = rd4(vm, ea + 4);
    unsigned info = w0 >> 16, n = w0 & 0xFFFF, flags = w1 >> 24;
    uint32_t every = rd4(vm, ea + 8), buf = rd4(vm, ea + 12), size = rd4(vm, ea + 16);
    unsigned len = vm_glean_record_len(info);
    if (info == 0 || (info & ~info_bits()) || n == 0 ||
        (flags & ~(VM_GLEAN_INSNS | VM_GLEAN_INTERRUPT)) ||
        (w1 >> 16 & 0xFF) || every == 0 ||
        (!(flags & VM_GLEAN_INSNS) && every < VM_GLEAN_MIN_CYCLES) || (buf & 3) ||
        size < len)
        return 6;
    if (!in_storage(vm, buf, size))
        return 5;
    if (overlaps(buf, size, ea, VM_GLEAN_BLOCK))
        return 6;
    hpm_write4(vm, ea + 4, (w1 & 0xFF000000u) | len);   /* the machine sets the length */
    for (uint32_t off = 20; off < VM_GLEAN_BLOCK; off += 4)
        hpm_write4(vm, ea + off, 0);
    hpm_write4(vm, VM_CAT + VM_CAT_GLEAN, ea);
    struct hpm *m = &vm->hpm;
    *cc = turn_on(m, HPM_GLN);
    m->gln_insns = (flags & VM_GLEAN_INSNS) != 0;
    m->gln_every = every;
    m->gln_next = (m->gln_insns ? vm->ctr.instructions : hpm_program_cycles(vm)) + every;
    m->gln_n = n;
    m->gln_left = m->gln_idx = 0;
    m->gln_full = 0;
    m->gln_int = (flags & VM_GLEAN_INTERRUPT) != 0;
    return 0;
}

/* SF=CSMSET: the comparator takes the current CSECT (+24) and its
 * bounds: a CSECT's from the table (which it stores at +32, +36 for the
 * program to see), a gap's from +32, +36 (the microcode found them). */
static void csm_latch(struct vm *vm, uint32_t blk)
{
    struct hpm *m = &vm->hpm;
    uint32_t k = rd4(vm, blk + 24) & 0xFFFF;
    m->csm_k = k;
    if (k < m->csm_n) {
        m->csm_lo = rd4(vm, m->csm_tab + 8 * k);
        m->csm_hi = rd4(vm, m->csm_tab + 8 * k + 4);
        hpm_write4(vm, blk + 32, m->csm_lo);
        hpm_write4(vm, blk + 36, m->csm_hi);
    } else {
        m->csm_lo = rd4(vm, blk + 32);
        m->csm_hi = rd4(vm, blk + 36);
    }
    if (rd4(vm, blk + 28) & VM_GLEAN_FULL) {    /* no room: the monitor ends */
        m->on &= ~HPM_CSM;
        m->csm_full = 1;
        dsm_set(vm, NULL, 0);
        fp_set_fetch(vm);
    }
}

/*
 * The block-indexed map (ECSM builds it in the area at block +44): the
 * CSECTs' span cut in blocks of 2^shift bytes, the smallest blocks whose
 * entries fit in the area (8 bytes or more).  An entry tells the
 * microcode a block's CSECTs with two compares: +0 A e, +4 F a, +8 A s,
 * +12 F b -- an address below e is in CSECT a, else below s in no CSECT,
 * else in CSECT b.  Where no CSECT starts in the block s is X'FFFFFFFF'
 * (b X'FFFF'), and so where more CSECTs meet in it than the entry can
 * say (b X'FFFE'): the microcode searches the table.  0, or 6: no block size
 * fits.
 */
static int csm_map_build(struct vm *vm, uint32_t area, uint32_t len, uint32_t table, uint32_t n)
{
    struct hpm *m = &vm->hpm;
    uint32_t first = rd4(vm, table), last = rd4(vm, table + 8 * (n - 1) + 4);
    uint64_t cap = len < VM_CSM_MAPHDR ? 0 : (len - VM_CSM_MAPHDR) / VM_CSM_MAPENT;
    unsigned shift = 3;
    while (shift <= 24 && (((uint64_t)last - (first & ~((1u << shift) - 1)) + (1u << shift) - 1)
                           >> shift) > cap)
        shift++;
    if (shift > 24)
        return 6;
    uint32_t bsize = 1u << shift, base = first & ~(bsize - 1);
    uint32_t blocks = (uint32_t)(((uint64_t)last - base + bsize - 1) >> shift);
    hpm_write4(vm, area + 4, base);
    hpm_write4(vm, area + 8, shift);
    hpm_write4(vm, area + 12, blocks);
    uint32_t k = 0;                     /* the first CSECT ending past the block's start */
    for (uint32_t i = 0; i < blocks; i++) {
        uint32_t bs = base + i * bsize, be = bs + bsize;
        while (k < n && rd4(vm, table + 8 * k + 4) <= bs)
            k++;
        uint32_t e = bs, a = 0xFFFF, s = 0xFFFFFFFFu, b = 0xFFFF, j = k;
        if (j < n && rd4(vm, table + 8 * j) <= bs) {        /* the block starts in CSECT j */
            e = rd4(vm, table + 8 * j + 4);
            a = j++;
        }
        if (j < n && rd4(vm, table + 8 * j) < be) {         /* CSECT j starts in it */
            s = rd4(vm, table + 8 * j);
            b = j;
            if (rd4(vm, table + 8 * j + 4) < be) {          /* ... and ends in it: search */
                e = bs;
                s = 0xFFFFFFFFu;
                b = 0xFFFE;
            }
        }
        uint32_t at = area + VM_CSM_MAPHDR + i * VM_CSM_MAPENT;
        hpm_write4(vm, at, e);
        hpm_write4(vm, at + 4, a);
        hpm_write4(vm, at + 8, s);
        hpm_write4(vm, at + 12, b);
    }
    m->csm_map = area + VM_CSM_MAPHDR;
    m->csm_mbase = base;
    m->csm_mshift = shift;
    m->csm_mspan = blocks << shift;
    return 0;
}

/* ECSM: the block at ea; its address goes to CAT+X'B4'.  The current
 * CSECT is the one holding the next instruction (or the gap it is in). */
static int csm_enable(struct vm *vm, uint32_t ea, int *cc)
{
    int bad = block_check(vm, ea, VM_CSM_BLOCK);
    if (bad)
        return bad;
    uint32_t n = rd4(vm, ea), table = rd4(vm, ea + 4), buf = rd4(vm, ea + 8);
    uint32_t size = rd4(vm, ea + 12), map = rd4(vm, ea + 44);
    if (n == 0 || n > VM_CSM_MAX || (table & 3) || (buf & 3) || size < VM_CSM_RECORD ||
        (rd4(vm, ea + 40) & ~VM_CSM_DATA) || (map & 3))
        return 6;
    uint64_t tlen = (uint64_t)n * VM_CSM_ENTRY;
    if (!in_storage(vm, table, tlen) || !in_storage(vm, buf, size) ||
        (map && !in_storage(vm, map, VM_CSM_MAPHDR)))
        return 5;
    uint32_t mlen = map ? rd4(vm, map) : 0;
    if (map && !in_storage(vm, map, mlen))
        return 5;
    if (overlaps(buf, size, ea, VM_CSM_BLOCK) || overlaps(buf, size, table, tlen) ||
        overlaps(table, tlen, ea, VM_CSM_BLOCK) ||
        (map && (mlen < VM_CSM_MAPHDR + VM_CSM_MAPENT || overlaps(map, mlen, ea, VM_CSM_BLOCK) ||
                 overlaps(map, mlen, table, tlen) || overlaps(map, mlen, buf, size))))
        return 6;
    uint32_t ia = vm->ia, lo = 0, hi = 0x1000000u, cur = 0xFFFF, prev_end = 0;
    for (uint32_t i = 0; i < n; i++) {          /* sorted, not empty, not overlapping */
        uint32_t a = rd4(vm, table + 8 * i), b = rd4(vm, table + 8 * i + 4);
        if (a >= b || b > 0x1000000u || a < prev_end)
            return 6;
        if (ia >= a && ia < b) {
            cur = i;
            lo = a;
            hi = b;
        } else if (ia >= b && cur == 0xFFFF)
            lo = b;
        else if (ia < a && cur == 0xFFFF && a < hi)
            hi = a;
        prev_end = b;
    }
    struct hpm *m = &vm->hpm;
    m->csm_map = 0;
    if (map && csm_map_build(vm, map, mlen, table, n) != 0)
        return 6;
    static const uint32_t zero_at[] = { 16, 20, 28 };
    for (size_t i = 0; i < sizeof zero_at / sizeof zero_at[0]; i++)
        hpm_write4(vm, ea + zero_at[i], 0);
    hpm_write4(vm, ea + 24, cur);
    hpm_write4(vm, ea + 32, lo);
    hpm_write4(vm, ea + 36, hi);
    hpm_write4(vm, VM_CAT + VM_CAT_CSM, ea);
    *cc = turn_on(m, HPM_CSM);
    m->csm_blk = ea;
    m->csm_tab = table;
    m->csm_n = n;
    m->csm_full = m->csm_due = 0;
    m->csm_brp = vm->brp;
    csm_latch(vm, ea);
    uint32_t *tab = NULL;
    if ((rd4(vm, ea + 40) & VM_CSM_DATA) && (tab = malloc(2 * n * sizeof *tab)) != NULL)
        for (uint32_t i = 0; i < 2 * n; i++)
            tab[i] = rd4(vm, table + 4 * i);
    dsm_set(vm, tab, tab ? n : 0);      /* (no memory: no data references) */
    return 0;
}

/* DIAS, DPCS, DGLN, DCSM: CC 0 it was on, 2 it was not (gleaning and the
 * CSECT monitor: 1 it had ended because its buffer filled). */
static int disable(struct vm *vm, unsigned bit, int *cc)
{
    struct hpm *m = &vm->hpm;
    if (bit == HPM_GLN && !(m->on & bit) && m->gln_full == 1) {
        *cc = 1;                        /* once: the next DGLN finds it off */
        m->gln_full = 2;
        return 0;
    }
    if (bit == HPM_CSM && !(m->on & bit) && m->csm_full == 1) {
        *cc = 1;
        m->csm_full = 2;
        return 0;
    }
    if (bit == HPM_CSM) {
        m->csm_due = 0;
        dsm_set(vm, NULL, 0);
    }
    *cc = (m->on & bit) ? 0 : 2;
    if (bit == HPM_GLN && (m->on & bit)) {
        uint32_t blk = rd4(vm, VM_CAT + VM_CAT_GLEAN);
        hpm_write4(vm, blk + 28, rd4(vm, blk + 28) | VM_GLEAN_ENDED);
    }
    m->on &= ~bit;
    if (bit == HPM_GLN)
        m->gln_left = 0;
    settle(vm);
    return 0;
}

/* The enabling and disabling instructions, by their names in the
 * instruction table (lib/isa.def has their opcodes). */
static int op_eias(struct vm *vm, uint32_t ea, int *cc) { (void)ea; return ias_enable(vm, cc); }
static int op_dias(struct vm *vm, uint32_t ea, int *cc) { (void)ea; return disable(vm, HPM_IAS, cc); }
static int op_dgln(struct vm *vm, uint32_t ea, int *cc) { (void)ea; return disable(vm, HPM_GLN, cc); }
static int op_dpcs(struct vm *vm, uint32_t ea, int *cc) { (void)ea; return disable(vm, HPM_PCS, cc); }
static int op_dcsm(struct vm *vm, uint32_t ea, int *cc) { (void)ea; return disable(vm, HPM_CSM, cc); }
static const struct {
    const char *name;
    int (*run)(struct vm *vm, uint32_t ea, int *cc);
} monitor_ops[] = {
    { "EIAS", op_eias }, { "DIAS", op_dias }, { "EGLN", glean_enable }, { "DGLN", op_dgln },
    { "EPCS", pcs_enable }, { "DPCS", op_dpcs }, { "ECSM", csm_enable }, { "DCSM", op_dcsm },
};

int vm_hpm_op(struct vm *vm, unsigned opcode, uint32_t ea, int *cc)
{
    const struct isa_insn *in = opcode >> 8 == 0xB2 ? isa_by_opcode(0xB2, (uint8_t)opcode) : NULL;
    int rc = 1;
    for (size_t i = 0; in && i < sizeof monitor_ops / sizeof monitor_ops[0]; i++)
        if (strcmp(in->name, monitor_ops[i].name) == 0)
            rc = monitor_ops[i].run(vm, ea & VM_ADDR_MASK, cc);
    if (rc == 0) {
        hpm_timer(vm);
        settle(vm);
        fp_set_fetch(vm);               /* the comparator on or off */
        fp_deadline(vm);
    }
    return rc;
}

int hpm_special(struct vm *vm, unsigned sf, unsigned word_cycles)
{
    int cc = 0, rc;
    switch (sf) {
    case MC_SF_MONCTL:
        rc = vm_hpm_op(vm, vm->opc, vm->ea2, &cc);
        if (rc == 0)
            vm->cc = (uint8_t)cc;
        return rc;
    case MC_SF_MONIAS: charge(vm, 1 + VM_HPM_IAS); return 0;
    case MC_SF_MONPCS: charge(vm, 1 + VM_HPM_PCS); return 0;
    case MC_SF_MONGLN: charge(vm, 1 + VM_HPM_GLEAN); return 0;
    case MC_SF_MONCSM: charge(vm, 1 + VM_HPM_CSM); return 0;
    case MC_SF_MONIFM:
        if (!vm->hpm.in_vector) {       /* STOCR's accumulation: from here */
            vm->hpm.mark = vm->ctr.cycles - word_cycles;
            vm->hpm.mark_mw = vm->ctr.microwords - 1;
            vm->hpm.in_vector = 1;
        }
        charge(vm, 1 + VM_HPM_IIFM);
        return 0;
    case MC_SF_CSMSET: csm_latch(vm, rd4(vm, VM_CAT + VM_CAT_CSM)); return 0;
    case MC_SF_DSMPOP: dsm_pop(&vm->hpm); return 0;
    case MC_SF_GLNOFF:
        vm->hpm.on &= ~HPM_GLN;
        vm->hpm.gln_full = 1;
        vm->hpm.gln_left = 0;
        if (vm->hpm.gln_int) {          /* completion of sampling: 1407 */
            vm->hpm.gln_pending = 1;
            tm_update_irq(vm);
        }
        return 0;
    case MC_SF_MONEND:
        charge(vm, 0);
        vm->hpm.ev = 0;
        vm->hpm.in_vector = 0;
        hpm_timer(vm);                  /* the timers stood still meanwhile */
        settle(vm);
        return 0;
    default: return 0;
    }
}

/* Gleaning's full buffer under the flag X'40': external 1407, CR0 bit 23. */
uint32_t hpm_ext_code(const struct vm *vm)
{
    return vm->hpm.gln_pending && (vm->cr[0] & VM_CR0_GLEAN) ? VM_EXT_GLEAN : 0;
}

void hpm_ext_ack(struct vm *vm, uint32_t code)
{
    if (code == VM_EXT_GLEAN)
        vm->hpm.gln_pending = 0;
}

void vm_hpm_stats(const struct vm *vm, enum vm_hpm w, struct vm_hpm_stats *out)
{
    static const unsigned bit[VM_HPM_COUNT] = { HPM_IAS, HPM_PCS, HPM_GLN, HPM_CSM, 0, 0 };
    const struct hpm *m = &vm->hpm;
    memset(out, 0, sizeof *out);
    if ((unsigned)w >= VM_HPM_COUNT)
        return;
    out->on = w == VM_HPM_IIFM ? vm->iifm.on
            : w == VM_HPM_PER  ? vm->per.en != 0 && !m->isr_to
                               : (m->on & bit[w]) != 0 ||
                                     (m->isr_to == 1 + (unsigned)w && (vm->cr[9] >> 27) != 0);
    out->full = (w == VM_HPM_GLEAN && m->gln_full != 0) || (w == VM_HPM_CSM && m->csm_full != 0);
    out->events = m->events[w];         /* (PER takes none: vm_per_stats) */
    out->entries = m->entries[w];
    out->cycles = m->cycles[w];
    out->microwords = m->words[w];
}
