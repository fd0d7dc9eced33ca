/*
 * area.c -- what the monitors' descriptors share: big-endian words of
 * storage, the area they take at the top of storage (key 0, below what
 * --iifm reserves), the enabling instructions as a guest would execute
 * them, and the cost line of a summary.
 */
#include "hpm.h"

#include <inttypes.h>

#include "isa.h"

void hpm_put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

uint32_t hpm_get32(struct vm *vm, uint32_t a)
{
    uint8_t b[4] = { 0 };
    vm_fetch_bytes(vm, a, b, 4);
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

void hpm_zero(struct vm *vm, uint32_t a, uint32_t n)
{
    static const uint8_t z[4096];
    while (n) {
        uint32_t k = n < sizeof z ? n : (uint32_t)sizeof z;
        vm_store_bytes(vm, a, z, k);
        a += k;
        n -= k;
    }
}

uint32_t hpm_take(struct run *r, uint32_t n, uint32_t floor)
{
    struct imprun_mon *m = &r->mon;
    n = (n + 7) & ~7u;
    if (m->lo < floor || m->lo - floor < n || m->top - m->lo + n > HPM_MAX_AREA)
        return 0;
    m->lo -= n;
    return m->lo;
}

int hpm_enable_op(struct run *r, const char *insn, uint32_t ea, const char *setting)
{
    int cc;
    const struct isa_insn *in = isa_by_name(insn);
    int pic = in ? vm_hpm_op(r->vm, in->opcode, ea, &cc) : 1;
    if (pic)
        run_say(r->sink, setting, NULL, "the control block is not accepted (program "
                "interruption %04X)", (unsigned)pic);
    return pic ? -1 : 0;
}

double hpm_pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

void hpm_cost(FILE *f, const char *name, struct vm *vm, int hw)
{
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, (enum vm_hpm)hw, &s);
    uint64_t cyc = vm_counters(vm)->cycles;
    fprintf(f, "%s: the monitor's microcode: %" PRIu64 " cycles in %" PRIu64 " entries, %.2f%% "
            "of the run's %" PRIu64 " cycles\n", name, s.cycles, s.entries, hpm_pct(s.cycles, cyc),
            cyc);
}
