/*
 * hpm-iifm.c -- Internal Instruction Frequency Monitoring (imp(7), "INSTRUCTION
 * FREQUENCY MONITORING"): the opcode compare register, the opcode and
 * cycle counters, the task and state filters, the time-slicing mode and
 * the table of every opcode.
 *
 * As in the seed, the hardware counts and the microcode accumulates the
 * counts in main storage.  The counting is the I-unit's: the machine
 * counts every fetch by decode index and charges every instruction its
 * own cycles from its fetch to the next one, the monitors' microcode left
 * out (vm->ctr.op_count, op_cycles, exact in both engines; on while the
 * monitor counts, whatever the host chose: opc_set).  The
 * hardware's counters are those counts summed over the opcodes the
 * compare register matches, between marks: LOCR opens an interval, STOCR
 * closes it, and a change of PSW state or of task, the end of a time
 * slice, or IIFM_DRAIN program cycles close one and open the next at the
 * following instruction fetch (PW_MON: iifm_fetched runs after that
 * fetch is counted, so each interval holds whole instructions, each with
 * all of its cycles).  An interval counts when its task and state are
 * selected.  Closing one adds it to the hardware's counters (hw_n, hw_c;
 * slicing and the table of every opcode: to each opcode's, pend_n,
 * pend_c) and asks for the microcode: the next fetch enters the monitor
 * vector (MONEV X'20'), whose `ifm' routine (mc/src/monitor.mc) takes
 * the counts item by item (SF=IFMNEXT; sources IFMA, IFMN, IFMC) and adds
 * them to the doublewords in storage: the counters at CAT+X'E0', each
 * opcode's entry of the table.  Those cycles are the monitor's, as the
 * sampling monitors' are.  So the counters are exact and counting costs
 * nothing between the marks.
 *
 * Time slicing: the compare register steps through the opcodes (those
 * the ISA defines that match the pattern and its don't-care bits, in
 * opcode order, round and round), one per slice of `slice' program
 * cycles; the slice's counts go to the opcode's entry of the table.  The
 * hardware counts the slices begun, and remembers the program cycles at
 * LOCR (then, stopped, the cycles counted), so that a report can tell an
 * opcode that had no slice from one that did not run in its slices
 * (struct iifm's slices and sliced; never handed to the microcode).
 */
#include "storage.h"
#include "isa.h"

#include <string.h>

/* The opcode of decode index d as a halfword: X'00nn' or X'B2nn'. */
static unsigned opcode_of(unsigned d) { return d < 256 ? d : 0xB200u | (d - 256); }

int vm_iifm_matches(unsigned pattern, unsigned dontcare, unsigned idx)
{
    return ((opcode_of(idx) ^ pattern) & ~dontcare & 0xFFFFu) == 0;
}

/* Does the ISA define the opcode of decode index d (the slicing's steps)? */
static int defined(unsigned d)
{
    return d < 256 ? d != 0xB2 && isa_by_opcode((uint8_t)d, 0) != NULL
                   : isa_by_opcode(0xB2, (uint8_t)(d - 256)) != NULL;
}

int vm_iifm_steps(unsigned pattern, unsigned dontcare, unsigned *steps)
{
    int n = 0;
    for (unsigned d = 0; d < MC_NDISPATCH; d++)
        if (defined(d) && vm_iifm_matches(pattern, dontcare, d))
            steps[n++] = d;
    return n;
}

/* The state and task of the instruction about to run. */
static int selected(const struct vm *vm, const struct iifm *m)
{
    int prob = vm->emwp & 1;
    unsigned task = vm->tcur;
    if ((m->flags & (IIFM_PROB | IIFM_SUP)) && !(m->flags & (prob ? IIFM_PROB : IIFM_SUP)))
        return 0;
    return !m->tasks || (task >= 1 && task <= 16 && (m->tasks >> (task - 1) & 1));
}

/* Open an interval with the next instruction: the current counts are the
 * base, but for `fetched', the decode index of an instruction already
 * fetched and counted that belongs to it (-1: none). */
static void open_interval(struct vm *vm, struct iifm *m, int fetched)
{
    memcpy(m->base_count, vm->ctr.op_count, sizeof m->base_count);
    memcpy(m->base_cycles, vm->ctr.op_cycles, sizeof m->base_cycles);
    if (fetched >= 0)
        m->base_count[fetched]--;
    m->open = selected(vm, m);
    m->open_prob = vm->emwp & 1;
    m->open_task = vm->tcur;
}

/* The open interval's counts go to the hardware's counters (and, slicing
 * or with the table of every opcode, to each opcode's); fetched: an
 * instruction counted after it.  Anything counted asks for the
 * microcode. */
static void close_interval(struct vm *vm, struct iifm *m, int fetched)
{
    if (!m->open)
        return;
    int each = (m->flags & (IIFM_SLICE | IIFM_ALL)) != 0;
    uint64_t n = 0, c = 0;
    for (unsigned d = 0; d < MC_NDISPATCH; d++)
        if (m->match[d]) {
            uint64_t dn = vm->ctr.op_count[d] - m->base_count[d] - ((int)d == fetched);
            uint64_t dc = vm->ctr.op_cycles[d] - m->base_cycles[d];
            n += dn;
            c += dc;
            if (each) {
                m->pend_n[d] += dn;
                m->pend_c[d] += dc;
            }
        }
    m->hw_n += n;
    m->hw_c += c;
    if ((n || c) && !m->due) {
        m->due = 1;
        pw_set(vm, PW_SAMPLE, 1);       /* the next fetch enters the monitor vector */
    }
}

/* The compare register matches decode index d alone (slicing). */
static void match_only(struct iifm *m, unsigned d)
{
    memset(m->match, 0, sizeof m->match);
    m->match[d] = 1;
    m->cur = d;
}

/* The slicing's next opcode after d, or -1 if none matches. */
static int next_op(const struct iifm *m, unsigned d)
{
    for (unsigned k = 1; k <= MC_NDISPATCH; k++) {
        unsigned e = (d + k) % MC_NDISPATCH;
        if (defined(e) && vm_iifm_matches(m->pattern, m->dontcare, e))
            return (int)e;
    }
    return -1;
}

/* Add what the hardware holds to the counters and the table in storage
 * (the machine's own stores: no key, no PER), as the microcode would. */
static void add_at(struct vm *vm, uint32_t at, uint64_t n, uint64_t c)
{
    uint8_t b[16];
    uint64_t v[2];
    if (vm_fetch_bytes(vm, at, b, sizeof b) != 0)
        return;
    for (int w = 0; w < 2; w++) {
        v[w] = 0;
        for (int i = 0; i < 8; i++)
            v[w] = v[w] << 8 | b[8 * w + i];
    }
    v[0] += n;
    v[1] += c;
    for (int w = 0; w < 2; w++)
        for (int i = 0; i < 8; i++)
            b[8 * w + i] = (uint8_t)(v[w] >> (56 - 8 * i));
    vm_store_bytes(vm, at, b, sizeof b);
}

static void drain_free(struct vm *vm, struct iifm *m)
{
    add_at(vm, VM_CAT + VM_CAT_IIFM, m->hw_n, m->hw_c);
    m->hw_n = m->hw_c = 0;
    for (unsigned d = 0; d < MC_NDISPATCH; d++)
        if ((m->pend_n[d] || m->pend_c[d])) {
            add_at(vm, m->table + 16 * d, m->pend_n[d], m->pend_c[d]);
            m->pend_n[d] = m->pend_c[d] = 0;
        }
    m->scan = 0;
    m->due = 0;
}

/* SF=IFMNEXT: the next item -- the counters, then each opcode's entry --
 * latched for the microcode, at most 2**32-1 of each count at a time
 * (the rest is the next item); none left: Z. */
static uint32_t take(uint64_t *v)
{
    uint32_t t = *v > UINT32_MAX ? UINT32_MAX : (uint32_t)*v;
    *v -= t;
    return t;
}

void iifm_next(struct vm *vm)
{
    struct iifm *m = &vm->iifm;
    vm->fz = 0;
    if (m->hw_n || m->hw_c) {
        m->item_addr = VM_CAT + VM_CAT_IIFM;
        m->item_n = take(&m->hw_n);
        m->item_c = take(&m->hw_c);
        return;
    }
    for (; m->scan < MC_NDISPATCH; m->scan++) {
        unsigned d = m->scan;
        if ((m->pend_n[d] || m->pend_c[d])) {
            m->item_addr = (m->table + 16 * d) & VM_ADDR_MASK;
            m->item_n = take(&m->pend_n[d]);
            m->item_c = take(&m->pend_c[d]);
            return;
        }
    }
    m->scan = 0;
    m->item_addr = m->item_n = m->item_c = 0;
    vm->fz = 1;
}

uint32_t iifm_source(const struct vm *vm, unsigned sel)
{
    const struct iifm *m = &vm->iifm;
    return sel == MC_SRC_IFMA ? m->item_addr : sel == MC_SRC_IFMN ? m->item_n : m->item_c;
}

/* The next mark by time (the slice's end, the drain), in program cycles:
 * the event comes no later, and iifm_fetched looks again. */
static void schedule(struct vm *vm, struct iifm *m)
{
    uint64_t at = m->drain_at;
    if ((m->flags & IIFM_SLICE) && m->slice_end < at)
        at = m->slice_end;
    ev_set(vm, EV_IIFM, vm->ctr.cycles + (at - hpm_program_cycles(vm)));
}

void iifm_fetched(struct vm *vm)
{
    struct iifm *m = &vm->iifm;
    int d = (int)vm->last_op;             /* the instruction just fetched and counted */
    uint64_t now = hpm_program_cycles(vm);
    int slice_over = m->on && (m->flags & IIFM_SLICE) && now >= m->slice_end;
    if (m->on && (slice_over || now >= m->drain_at || m->open != selected(vm, m) ||
                  m->open_prob != (vm->emwp & 1) || m->open_task != vm->tcur)) {
        close_interval(vm, m, d);
        if (slice_over) {
            int e = next_op(m, m->cur);
            if (e >= 0)
                match_only(m, (unsigned)e);
            m->slice_end = now + m->slice;
            m->slices++;                            /* the next slice begins */
        }
        m->drain_at = now + IIFM_DRAIN;
        open_interval(vm, m, d);
    }
    if (m->on)
        schedule(vm, m);
    pw_set(vm, PW_MON, 0);                  /* and the fetch deadline for the next mark */
}

void iifm_mark(struct vm *vm)
{
    if (vm->iifm.on)
        pw_set(vm, PW_MON, 1);
}

/* Big-endian fields of a control block. */
static unsigned be16(const uint8_t *p) { return (unsigned)p[0] << 8 | p[1]; }
static uint32_t be32(const uint8_t *p) { return (uint32_t)be16(p) << 16 | be16(p + 2); }

int iifm_load(struct vm *vm, uint32_t addr)
{
    uint8_t b[IIFM_BLOCK];
    struct iifm *m = &vm->iifm;
    if (addr & 7)
        return 6;
    if (addr >= vm->memsize || vm->memsize - addr < IIFM_BLOCK)
        return 5;
    vm_fetch_bytes(vm, addr, b, sizeof b);
    unsigned flags = b[4];
    uint32_t slice = be32(b + 8), table = be32(b + 12) & VM_ADDR_MASK;
    if ((flags & ~(IIFM_PROB | IIFM_SUP | IIFM_SLICE | IIFM_ALL)) || b[5] || be32(b + 16) ||
        be32(b + 20) || ((flags & IIFM_SLICE) && (flags & IIFM_ALL)))
        return 6;
    if ((flags & IIFM_SLICE) && slice < IIFM_MIN_SLICE)
        return 6;
    if ((flags & (IIFM_SLICE | IIFM_ALL)) &&
        ((table & 7) || table >= vm->memsize || vm->memsize - table < IIFM_TABLE))
        return 6;
    memset(m, 0, sizeof *m);
    ev_set(vm, EV_IIFM, UINT64_MAX);
    m->pattern = (uint16_t)be16(b);
    m->dontcare = (uint16_t)be16(b + 2);
    m->flags = (uint8_t)flags;
    m->tasks = (uint16_t)be16(b + 6);
    m->slice = slice;
    m->table = table;
    if (flags & IIFM_SLICE) {
        int e = next_op(m, MC_NDISPATCH - 1);
        if (e < 0)
            return 6;                       /* no opcode to step through */
        match_only(m, (unsigned)e);
        m->slices = 1;                      /* the first slice, from LOCR */
        m->sliced = hpm_program_cycles(vm);
    } else
        for (unsigned d = 0; d < MC_NDISPATCH; d++)
            m->match[d] = (uint8_t)vm_iifm_matches(m->pattern, m->dontcare, d);
    m->on = 1;
    opc_set(vm, OPC_IIFM, 1);               /* its counts are the opcode counters' */
    for (uint32_t off = 0; off < IIFM_RESULT; off += 4)        /* the counters */
        hpm_write4(vm, VM_CAT + VM_CAT_IIFM + off, 0);
    /* LOCR itself is fetched and counted, its cycles are not in yet: the
       first interval opens at the next fetch (the mark), none before */
    open_interval(vm, m, -1);
    m->open = 0;
    m->slice_end = hpm_program_cycles(vm) + m->slice;
    m->drain_at = hpm_program_cycles(vm) + IIFM_DRAIN;
    schedule(vm, m);
    pw_set(vm, PW_MON, 1);
    return 0;
}

/* The instruction the machine is inside of, stopped: fetched and
 * counted, its cycles not all in (a run that ended in its SVC, a
 * microstep): its decode index; -1 when stopped at an instruction fetch
 * (a breakpoint, a step, the end of a slice of the run), where the last
 * instruction counted is whole -- eng_run charged it its cycles. */
static int executing(const struct vm *vm)
{
    return vm->cs[vm->upc].sf == MC_SF_IFETCH ? -1 : (int)vm->last_op;
}

/* Stop counting (STOCR): the open interval, but the instruction being
 * executed (`exec': fetched and counted -- STOCR, or what a run stopped
 * inside of; -1 if none), goes to the hardware's counters; the
 * microcode accumulates them next. */
static void finish(struct vm *vm, struct iifm *m, int exec)
{
    if (!m->on)
        return;
    close_interval(vm, m, exec);
    if (m->flags & IIFM_SLICE)              /* from the cycles at LOCR to those counted */
        m->sliced = hpm_program_cycles(vm) - m->sliced;
    m->on = 0;
    opc_set(vm, OPC_IIFM, 0);
    ev_set(vm, EV_IIFM, UINT64_MAX);
    pw_set(vm, PW_MON, 0);
}

/* The counters in storage. */
static void counters(struct vm *vm, uint64_t *count, uint64_t *cycles)
{
    uint8_t b[IIFM_RESULT];
    uint64_t v[2] = { 0, 0 };
    if (vm_fetch_bytes(vm, VM_CAT + VM_CAT_IIFM, b, sizeof b) == 0)
        for (int w = 0; w < 2; w++)
            for (int i = 0; i < 8; i++)
                v[w] = v[w] << 8 | b[8 * w + i];
    *count = v[0];
    *cycles = v[1];
}

int iifm_store(struct vm *vm, uint32_t addr)
{
    if (addr & 7)
        return 6;
    if (addr >= vm->memsize || vm->memsize - addr < IIFM_RESULT)
        return 5;
    finish(vm, &vm->iifm, (int)vm->last_op);
    return 0;
}

int vm_iifm_start(struct vm *vm, uint32_t block) { return iifm_load(vm, block); }

void vm_iifm_stop(struct vm *vm, uint64_t *count, uint64_t *cycles)
{
    struct iifm *m = &vm->iifm;
    finish(vm, m, executing(vm));
    if (m->hw_n || m->hw_c || m->due)
        drain_free(vm, m);
    counters(vm, count, cycles);
}

int vm_iifm_active(const struct vm *vm) { return vm->iifm.on; }

/* The open interval's counts of decode index d, as finish() would close
 * it (the instruction executing left out). */
static void open_counts(const struct vm *vm, const struct iifm *m, unsigned d, uint64_t *n,
                        uint64_t *c)
{
    *n = *c = 0;
    if (!m->on || !m->open || !m->match[d])
        return;
    *n = vm->ctr.op_count[d] - m->base_count[d];
    *c = vm->ctr.op_cycles[d] - m->base_cycles[d];
    if ((int)d == executing(vm) && *n)
        (*n)--;
}

/* A doubleword pair of storage: count, cycles. */
static void stored(const struct vm *vm, uint32_t at, uint64_t *n, uint64_t *c)
{
    uint8_t b[16];
    uint64_t v[2] = { 0, 0 };
    if (vm_fetch_bytes((struct vm *)vm, at, b, sizeof b) == 0)
        for (int w = 0; w < 2; w++)
            for (int i = 0; i < 8; i++)
                v[w] = v[w] << 8 | b[8 * w + i];
    *n = v[0];
    *c = v[1];
}

void vm_iifm_state(const struct vm *vm, struct vm_iifm_state *out)
{
    const struct iifm *m = &vm->iifm;
    memset(out, 0, sizeof *out);
    out->on = m->on;
    out->pattern = m->pattern;
    out->dontcare = m->dontcare;
    out->flags = m->flags;
    out->tasks = m->tasks;
    out->slice = m->slice;
    out->table = m->table;
    out->cur = (m->flags & IIFM_SLICE) ? (int)m->cur : -1;
    /* the counters in storage, what the hardware holds, the open interval */
    stored(vm, VM_CAT + VM_CAT_IIFM, &out->count, &out->cycles);
    out->count += m->hw_n;
    out->cycles += m->hw_c;
    for (unsigned d = 0; d < MC_NDISPATCH; d++) {
        uint64_t n, c;
        open_counts(vm, m, d, &n, &c);
        out->count += n;
        out->cycles += c;
    }
    if (m->flags & IIFM_SLICE) {
        uint64_t n, c;
        open_counts(vm, m, m->cur, &n, &c);
        out->slice_count = m->pend_n[m->cur] + n;
        out->slice_cycles = m->pend_c[m->cur] + c;
        out->slices = m->slices;
        out->sliced_cycles = m->on ? hpm_program_cycles(vm) - m->sliced : m->sliced;
    }
}

void vm_iifm_entry(const struct vm *vm, unsigned d, uint64_t *count, uint64_t *cycles)
{
    const struct iifm *m = &vm->iifm;
    *count = *cycles = 0;
    if (d >= MC_NDISPATCH || !(m->flags & (IIFM_SLICE | IIFM_ALL)))
        return;
    uint64_t n, c;
    stored(vm, m->table + 16 * d, count, cycles);
    open_counts(vm, m, d, &n, &c);
    *count += m->pend_n[d] + n;
    *cycles += m->pend_c[d] + c;
}
