/*
 * regs.c -- the register descriptors: one table that examine, deposit,
 * expressions, completion and the register pane iterate over.  A row
 * names a register (or a file of them), its width, its group, and the two
 * functions that read and write it; no command knows a register by name.
 */
#include "mon.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static uint64_t get_gr(const struct vm *vm, unsigned n) { return vm_get_gr(vm, n); }
static void set_gr(struct vm *vm, unsigned n, uint64_t v) { vm_set_gr(vm, n, (uint32_t)v); }
static uint64_t get_cr(const struct vm *vm, unsigned n) { return vm_get_cr(vm, n); }
static void set_cr(struct vm *vm, unsigned n, uint64_t v) { vm_set_cr(vm, n, (uint32_t)v); }
static uint64_t get_psw(const struct vm *vm, unsigned n) { (void)n; return vm_get_psw(vm); }
static void set_psw(struct vm *vm, unsigned n, uint64_t v) { (void)n; (void)vm_set_psw(vm, v); }
static uint64_t get_ia(const struct vm *vm, unsigned n)
{
    (void)n;
    return vm_get_psw(vm) & VM_ADDR_MASK;
}
static void set_ia(struct vm *vm, unsigned n, uint64_t v)
{
    (void)n;
    (void)vm_set_psw(vm, (vm_get_psw(vm) & ~(uint64_t)VM_ADDR_MASK) | (v & VM_ADDR_MASK));
}
static uint64_t get_cc(const struct vm *vm, unsigned n) { (void)n; return vm_get_cc(vm); }
static void set_cc(struct vm *vm, unsigned n, uint64_t v) { (void)n; vm_set_cc(vm, (unsigned)v & 3); }
static uint64_t get_key(const struct vm *vm, unsigned n)
{
    (void)n;
    return vm_get_psw(vm) >> 52 & 15;
}

/* The datapath, read-only: one getter per field through a copy. */
#define DP_GETTER(fn, expr)                                                 \
    static uint64_t fn(const struct vm *vm, unsigned n)                     \
    {                                                                       \
        struct vm_datapath dp;                                              \
        vm_datapath(vm, &dp);                                               \
        (void)n;                                                            \
        return (expr);                                                      \
    }
DP_GETTER(get_w, dp.w[n & 7])
DP_GETTER(get_mdr, dp.mdr)
DP_GETTER(get_mar, dp.mar)
DP_GETTER(get_q, dp.q)
DP_GETTER(get_cnt, dp.cnt)
DP_GETTER(get_upc, dp.upc)
DP_GETTER(get_ea1, dp.ea1)
DP_GETTER(get_ea2, dp.ea2)

static uint64_t get_insns(const struct vm *vm, unsigned n) { (void)n; return vm_counters(vm)->instructions; }
static uint64_t get_cycles(const struct vm *vm, unsigned n) { (void)n; return vm_counters(vm)->cycles; }

/* Longer names first where one is a prefix of another (CR before C...). */
static const struct reg_desc regs[] = {
    { "R",      16, 32, "gr",   "general register",             get_gr,  set_gr },
    { "GR",     16, 32, NULL,   "general register (synonym)",   get_gr,  set_gr },
    { "CR",     16, 32, "cr",   "control register",             get_cr,  set_cr },
    { "PSW",     1, 64, "psw",  "program status word",          get_psw, set_psw },
    { "IA",      1, 32, "psw",  "instruction address (PSW bits 40-63)", get_ia, set_ia },
    { "CC",      1,  8, "psw",  "condition code",               get_cc,  set_cc },
    { "KEY",     1,  8, "psw",  "PSW key",                      get_key, NULL },
    { "W",       8, 32, "dp",   "datapath work register",       get_w,   NULL },
    { "MDR",     1, 32, "dp",   "memory data register",         get_mdr, NULL },
    { "MAR",     1, 32, "dp",   "memory address register",      get_mar, NULL },
    { "Q",       1, 32, "dp",   "Q register",                   get_q,   NULL },
    { "CNT",     1, 32, "dp",   "counter register",             get_cnt, NULL },
    { "EA1",     1, 32, "dp",   "first operand address",        get_ea1, NULL },
    { "EA2",     1, 32, "dp",   "second operand address",       get_ea2, NULL },
    { "UPC",     1, 16, "dp",   "micro program counter",        get_upc, NULL },
    { "INSNS",   1, 64, "count", "instructions so far",         get_insns, NULL },
    { "CYCLES",  1, 64, "count", "cycles so far",               get_cycles, NULL },
};

const struct reg_desc *reg_table(size_t *count)
{
    *count = sizeof regs / sizeof regs[0];
    return regs;
}

void reg_name(const struct reg_desc *d, unsigned n, char *buf, size_t size)
{
    if (d->count > 1)
        snprintf(buf, size, "%s%u", d->name, n);
    else
        snprintf(buf, size, "%s", d->name);
}

const struct reg_desc *reg_find(const char *name, unsigned *n)
{
    size_t count = sizeof regs / sizeof regs[0];
    for (size_t i = 0; i < count; i++) {
        const struct reg_desc *d = &regs[i];
        size_t len = strlen(d->name);
        if (strncasecmp(name, d->name, len) != 0)
            continue;
        const char *rest = name + len;
        if (d->count == 1 && *rest == '\0') {
            *n = 0;
            return d;
        }
        if (d->count > 1 && isdigit((unsigned char)*rest)) {
            char *end;
            unsigned long k = strtoul(rest, &end, 10);
            if (*end == '\0' && k < d->count) {
                *n = (unsigned)k;
                return d;
            }
        }
    }
    return NULL;
}
