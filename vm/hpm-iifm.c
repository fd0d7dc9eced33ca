/*
 * hpm-iifm.c -- Internal Instruction Frequency Monitoring (imp(7), "INSTRUCTION
 * FREQUENCY MONITORING"): the opcode compare register, the opcode and
 * cycle counters, the task and state filters and the time-slicing mode.
 *
 * The counting is the I-unit's: the machine counts every fetch by decode
 * index and charges every instruction its cycles from its fetch to the
 * next one (vm->ctr.op_count, op_cycles, exact in both engines).  The
 * monitor's counters are those counts summed over the opcodes the compare
 * register matches, between marks: LOCR opens an interval, STOCR closes
 * it, and a change of PSW state or of task, or the end of a time slice,
 * closes one and opens the next at the following instruction fetch
 * (PW_MON: iifm_fetched runs after that fetch is counted, so each
 * interval holds whole instructions, each with all of its cycles).  An
 * interval counts when its task and state are selected.  So the counters
 * are exact and counting costs nothing while no mark is pending.
 *
 * Time slicing: the compare register steps through the opcodes (those
 * the ISA defines that match the pattern and its don't-care bits, in
 * opcode order, round and round), one per slice of `slice' cycles; at the
 * end of each slice the opcode's count and cycles are added to its entry
 * of the frequency table in storage.
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

/* The state and task of the instruction about to run. */
static int selected(const struct vm *vm, const struct iifm *m)
{
    int prob = vm->emwp & 1;
    unsigned task = vm->tcur;
    if ((m->flags & (IIFM_PROB | IIFM_SUP)) && !(m->flags & (prob ? IIFM_PROB : IIFM_SUP)))
        return 0;
    return !m->tasks || (task >= 1 && task <= 16 && (m->tasks >> (task - 1) & 1));
}

/* The counts of the open interval since its base. */
static void interval(const struct vm *vm, const struct iifm *m, uint64_t *count,
                     uint64_t *cycles)
{
    uint64_t n = 0, c = 0;
    for (unsigned d = 0; d < MC_NDISPATCH; d++)
        if (m->match[d]) {
            n += vm->ctr.op_count[d] - m->base_count[d];
            c += vm->ctr.op_cycles[d] - m->base_cycles[d];
        }
    *count = n;
    *cycles = c;
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

/* Add the open interval's counts to the counters (and, slicing, to the
 * current opcode's slice); fetched: an instruction counted after it. */
static void close_interval(struct vm *vm, struct iifm *m, int fetched)
{
    uint64_t n, c;
    if (!m->open)
        return;
    interval(vm, m, &n, &c);
    if (fetched >= 0 && m->match[fetched])
        n--;
    m->count += n;
    m->cycles += c;
    m->slice_count += n;
    m->slice_cycles += c;
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

/* Add the slice's counts to the table entry of its opcode (the machine's
 * own stores: no key, no PER). */
static void flush_slice(struct vm *vm, struct iifm *m)
{
    uint32_t at = m->table + 16u * m->cur;
    uint8_t b[16];
    uint64_t v[2];
    if (vm_fetch_bytes(vm, at, b, sizeof b) == 0) {
        for (int w = 0; w < 2; w++) {
            v[w] = 0;
            for (int i = 0; i < 8; i++)
                v[w] = v[w] << 8 | b[8 * w + i];
        }
        v[0] += m->slice_count;
        v[1] += m->slice_cycles;
        for (int w = 0; w < 2; w++)
            for (int i = 0; i < 8; i++)
                b[8 * w + i] = (uint8_t)(v[w] >> (56 - 8 * i));
        vm_store_bytes(vm, at, b, sizeof b);
    }
    m->slice_count = m->slice_cycles = 0;
}

static void schedule(struct vm *vm, struct iifm *m)
{
    ev_set(vm, EV_IIFM, (m->flags & IIFM_SLICE) ? vm->ctr.cycles + m->slice : UINT64_MAX);
}

void iifm_fetched(struct vm *vm)
{
    struct iifm *m = &vm->iifm;
    int d = (int)vm->last_op;             /* the instruction just fetched and counted */
    int slice_over = m->on && (m->flags & IIFM_SLICE) && vm->ctr.cycles >= vm->ev[EV_IIFM];
    if (m->on && (slice_over || m->open != selected(vm, m) ||
                  m->open_prob != (vm->emwp & 1) || m->open_task != vm->tcur)) {
        close_interval(vm, m, d);
        if (slice_over) {
            flush_slice(vm, m);
            int e = next_op(m, m->cur);
            if (e >= 0)
                match_only(m, (unsigned)e);
            schedule(vm, m);
        }
        open_interval(vm, m, d);
    }
    pw_set(vm, PW_MON, 0);                  /* and the fetch deadline for the slice's end */
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
    if ((flags & ~(IIFM_PROB | IIFM_SUP | IIFM_SLICE)) || b[5] || be32(b + 16) || be32(b + 20))
        return 6;
    if ((flags & IIFM_SLICE) &&
        (slice < IIFM_MIN_SLICE || (table & 7) || table >= vm->memsize ||
         vm->memsize - table < IIFM_TABLE))
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
    } else
        for (unsigned d = 0; d < MC_NDISPATCH; d++)
            m->match[d] = (uint8_t)vm_iifm_matches(m->pattern, m->dontcare, d);
    m->on = 1;
    /* LOCR itself is fetched and counted, its cycles are not in yet: the
       first interval opens at the next fetch (the mark), none before */
    open_interval(vm, m, -1);
    m->open = 0;
    schedule(vm, m);
    pw_set(vm, PW_MON, 1);
    return 0;
}

/* Stop counting (STOCR): the open interval, but the instruction being
 * executed (fetched and counted: STOCR, or what a run stopped at). */
static void finish(struct vm *vm, struct iifm *m)
{
    if (!m->on)
        return;
    close_interval(vm, m, (int)vm->last_op);
    if (m->flags & IIFM_SLICE)
        flush_slice(vm, m);
    m->on = 0;
    ev_set(vm, EV_IIFM, UINT64_MAX);
    pw_set(vm, PW_MON, 0);
}

int iifm_store(struct vm *vm, uint32_t addr, uint64_t *count, uint64_t *cycles)
{
    struct iifm *m = &vm->iifm;
    if (addr & 7)
        return 6;
    if (addr >= vm->memsize || vm->memsize - addr < IIFM_RESULT)
        return 5;
    finish(vm, m);
    uint8_t b[IIFM_RESULT];
    for (int i = 0; i < 8; i++) {
        b[i] = (uint8_t)(m->count >> (56 - 8 * i));
        b[8 + i] = (uint8_t)(m->cycles >> (56 - 8 * i));
    }
    vm_store_bytes(vm, addr, b, sizeof b);
    if (count)
        *count = m->count;
    if (cycles)
        *cycles = m->cycles;
    return 0;
}

int vm_iifm_start(struct vm *vm, uint32_t block) { return iifm_load(vm, block); }

void vm_iifm_stop(struct vm *vm, uint64_t *count, uint64_t *cycles)
{
    finish(vm, &vm->iifm);
    *count = vm->iifm.count;
    *cycles = vm->iifm.cycles;
}

int vm_iifm_active(const struct vm *vm) { return vm->iifm.on; }

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
    out->count = m->count;
    out->cycles = m->cycles;
    out->slice_count = m->on ? m->slice_count : 0;
    out->slice_cycles = m->on ? m->slice_cycles : 0;
    if (m->on && m->open) {             /* the open interval, as finish() would close it */
        uint64_t n, c;
        interval(vm, m, &n, &c);
        if (m->match[vm->last_op] && n)
            n--;                        /* the instruction executing, as finish() leaves it */
        out->count += n;
        out->cycles += c;
        out->slice_count += n;
        out->slice_cycles += c;
    }
    if (!(m->flags & IIFM_SLICE))
        out->slice_count = out->slice_cycles = 0;
}
