/*
 * pcs.c -- program-counter sampling (imp(7), "THE SAMPLING MONITORS";
 * seed 003): RATE ticks per virtual second; at each the microcode
 * (mc/src/monitor.mc, `pcs') counts the (task, address) pair in a hashed
 * table of SLOTS entries, or a lost tick when the table is full.
 *
 *   --pcs[=RATE]   ticks per virtual second (default 100, at most 160000)
 *   --pcs-slots=N  the table's entries (default 1024)
 *
 * The control block (at X'BA0', EPCS's operand): +0 F rate, +4 F slots,
 * +8 A the table, +12 F pairs used, +16 F ticks lost, +20 F ticks.
 */
#include "hpm.h"

#include <inttypes.h>
#include <string.h>

#include "number.h"

#define PCS_BLOCK_AT 0xBA0u

static int parse_rate(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    uint64_t rate = 100;
    if (spec && parse_number_in(spec, NUM_DECIMAL, 1, VM_PCS_MAX_RATE, &rate) != 0) {
        snprintf(err, errsize, "'%s' is not a rate of 1 to 160000 per virtual second", spec);
        return -1;
    }
    o->pcs_rate = (uint32_t)rate;
    return 0;
}

static void said_rate(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "pcs: %u samples per virtual second", o->pcs_rate);
}

static int parse_slots(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    uint64_t slots;
    if (!spec || parse_number_in(spec, NUM_DECIMAL, 1, 1u << 20, &slots) != 0) {
        snprintf(err, errsize, "'%s' is not 1 to 1048576", spec ? spec : "");
        return -1;
    }
    o->pcs_slots = (uint32_t)slots;
    return 0;
}

static void said_slots(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "pcs: a table of %u slots", o->pcs_slots);
}

static void defaults(struct imprun_opts *o) { o->pcs_slots = 1024; }
static int on(const struct imprun_opts *o) { return o->pcs_rate != 0; }
static void off(struct imprun_opts *o) { o->pcs_rate = 0; }

static int arm(struct run *r, uint32_t floor)
{
    const struct imprun_opts *o = r->o;
    uint32_t t = hpm_take(r, o->pcs_slots * VM_PCS_ENTRY, floor);
    if (!t) {
        char v[16];
        snprintf(v, sizeof v, "%" PRIu32, o->pcs_slots);
        run_say(r->sink, "pcs-slots", v, "the table does not fit in storage");
        return -1;
    }
    uint8_t b[VM_PCS_BLOCK];
    memset(b, 0, sizeof b);
    hpm_put32(b, o->pcs_rate);
    hpm_put32(b + 4, o->pcs_slots);
    hpm_put32(b + 8, t);
    vm_store_bytes(r->vm, PCS_BLOCK_AT, b, VM_PCS_BLOCK);
    r->mon.pcs_table = t;
    return 0;
}

static int enable(struct run *r) { return hpm_enable_op(r, "EPCS", PCS_BLOCK_AT, "pcs"); }

static void summary(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    fprintf(f, "pcs: %" PRIu32 " ticks per virtual second: %" PRIu32 " ticks, %" PRIu32
            " pairs in %" PRIu32 " slots, %" PRIu32 " ticks lost (table full)\n", o->pcs_rate,
            hpm_get32(vm, PCS_BLOCK_AT + 20), hpm_get32(vm, PCS_BLOCK_AT + 12), o->pcs_slots,
            hpm_get32(vm, PCS_BLOCK_AT + 16));
    hpm_cost(f, "pcs", vm, VM_HPM_PCS);
}

static void profile(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    fprintf(f, "pcs rate=%" PRIu32 " ticks=%" PRIu32 " lost=%" PRIu32 " slots=%" PRIu32
            " used=%" PRIu32 "\n", o->pcs_rate, hpm_get32(vm, PCS_BLOCK_AT + 20),
            hpm_get32(vm, PCS_BLOCK_AT + 16), o->pcs_slots, hpm_get32(vm, PCS_BLOCK_AT + 12));
    for (uint32_t i = 0; i < o->pcs_slots; i++) {
        uint32_t a = r->mon.pcs_table + VM_PCS_ENTRY * i, n = hpm_get32(vm, a);
        if (n) {
            uint32_t key = hpm_get32(vm, a + 4);
            fprintf(f, "sample %" PRIu32 " %" PRIX32 " %" PRIu32 "\n", key >> 24,
                    key & 0xFFFFFF, n);
        }
    }
}

static const struct hpm_setting settings[] = {
    { "pcs", "RATE", 1, "program-counter sampling, RATE per virtual second (100)",
      parse_rate, said_rate },
    { "pcs-slots", "N", 0, "the sample table's entries (1024)", parse_slots, said_slots },
    { NULL, NULL, 0, NULL, NULL, NULL },
};

const struct hpm_class hpm_pcs = {
    .name = "pcs",
    .what = "program-counter sampling",
    .hw = VM_HPM_PCS,
    .settings = settings,
    .defaults = defaults,
    .on = on,
    .off = off,
    .arm = arm,
    .enable = enable,
    .summary = summary,
    .profile = profile,
};
