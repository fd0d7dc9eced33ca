/*
 * glean.c -- processor-status gleaning (imp(7), "THE SAMPLING
 * MONITORS"; seed 001): every N cycles (or instructions) the microcode
 * (mc/src/monitor.mc, `glean') writes a record of the information asked
 * for -- the instruction address, the PSW, the registers, the opcode,
 * the cycle count, the task, the page-ins -- for n instructions in a
 * row, into a buffer; when it is full gleaning ends.
 *
 *   --glean=INFO[,every=N][,insns][,n=N][,buffer=BYTES]
 *
 * The control block (at X'BC0', EGLN's operand): +0 H info bits, H n,
 * +4 X flags (count instructions), +8 F every, +12 A buffer, +16 F its
 * length, +24 F records written.
 */
#include "hpm.h"

#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "number.h"

#define GLEAN_BLOCK_AT 0xBC0u

static int info_bit(const char *name, unsigned *bit)
{
#define X(n, b, len, s, what) if (strcasecmp(name, s) == 0) { *bit = (b); return 0; }
    VM_GLEAN_INFO(X)
#undef X
    return -1;
}

static void info_list(unsigned info, char *buf, size_t size, const char *sep)
{
    size_t k = 0;
    buf[0] = '\0';
#define X(n, b, len, s, what) \
    if ((info & (b)) && k < size) \
        k += (size_t)snprintf(buf + k, size - k, "%s%s", k ? sep : "", s);
    VM_GLEAN_INFO(X)
#undef X
}

static int parse(struct imprun_opts *o, const char *spec, char *err, size_t errsize)
{
    char buf[256];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, errsize, "the specification is too long");
        return -1;
    }
    strcpy(buf, spec);
    o->glean_info = 0;
    o->glean_every = 10000;
    o->glean_n = 1;
    o->glean_insns = 0;
    o->glean_buffer = 65536;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save), *first = tok; tok;
         tok = strtok_r(NULL, ",", &save)) {
        uint64_t v;
        if (tok == first) {
            char *s2 = NULL;
            for (char *w = strtok_r(tok, "+", &s2); w; w = strtok_r(NULL, "+", &s2)) {
                unsigned bit = 0;
                if (strcmp(w, "all") == 0) {
#define X(n, b, len, s, what) bit |= (b);
                    VM_GLEAN_INFO(X)
#undef X
                } else if (info_bit(w, &bit) != 0) {
                    snprintf(err, errsize, "'%s' is not ia, psw, gr, op, cycles, task, "
                             "pageins, cr, timer, key, uaddr or all", w);
                    return -1;
                }
                o->glean_info |= bit;
            }
        } else if (strcmp(tok, "insns") == 0)
            o->glean_insns = 1;
        else if (strncmp(tok, "every=", 6) == 0) {
            if (parse_number_in(tok + 6, NUM_DECIMAL, 1, UINT32_MAX, &v) != 0) {
                snprintf(err, errsize, "every '%s' is not a number", tok + 6);
                return -1;
            }
            o->glean_every = (uint32_t)v;
        } else if (strncmp(tok, "n=", 2) == 0) {
            if (parse_number_in(tok + 2, NUM_DECIMAL, 1, 65535, &v) != 0) {
                snprintf(err, errsize, "n '%s' is not 1 to 65535", tok + 2);
                return -1;
            }
            o->glean_n = (unsigned)v;
        } else if (strncmp(tok, "buffer=", 7) == 0) {
            if (parse_number_in(tok + 7, NUM_DECIMAL, 1, 4u << 20, &v) != 0) {
                snprintf(err, errsize, "buffer '%s' is not 1 to 4194304 bytes", tok + 7);
                return -1;
            }
            o->glean_buffer = (uint32_t)v;
        } else {
            snprintf(err, errsize, "'%s' is not every=N, insns, n=N or buffer=BYTES", tok);
            return -1;
        }
    }
    if (!o->glean_insns && o->glean_every < VM_GLEAN_MIN_CYCLES) {
        snprintf(err, errsize, "every %" PRIu32 " cycles is too often (%u or more; "
                 "or count instructions: insns)", o->glean_every, VM_GLEAN_MIN_CYCLES);
        return -1;
    }
    if (o->glean_buffer < vm_glean_record_len(o->glean_info)) {
        snprintf(err, errsize, "a buffer of %" PRIu32 " bytes holds no record of %u",
                 o->glean_buffer, vm_glean_record_len(o->glean_info));
        return -1;
    }
    return 0;
}

static void said(const struct imprun_opts *o, const char *spec, char *buf, size_t size)
{
    snprintf(buf, size, "glean: %s", spec);
}

static int on(const struct imprun_opts *o) { return o->glean_info != 0; }
static void off(struct imprun_opts *o) { o->glean_info = 0; }

static int arm(struct run *r, uint32_t floor)
{
    const struct imprun_opts *o = r->o;
    uint32_t buf = hpm_take(r, o->glean_buffer, floor);
    if (!buf) {
        run_say(r->sink, "glean", NULL, "a buffer of %" PRIu32 " bytes does not fit in "
                "storage", o->glean_buffer);
        return -1;
    }
    uint8_t b[VM_GLEAN_BLOCK];
    memset(b, 0, sizeof b);
    hpm_put32(b, o->glean_info << 16 | o->glean_n);
    b[4] = o->glean_insns ? VM_GLEAN_INSNS : 0;
    hpm_put32(b + 8, o->glean_every);
    hpm_put32(b + 12, buf);
    hpm_put32(b + 16, o->glean_buffer);
    vm_store_bytes(r->vm, GLEAN_BLOCK_AT, b, VM_GLEAN_BLOCK);
    r->mon.glean_buf = buf;
    return 0;
}

static int enable(struct run *r) { return hpm_enable_op(r, "EGLN", GLEAN_BLOCK_AT, "glean"); }

static void summary(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    struct vm_hpm_stats s;
    char list[80];
    vm_hpm_stats(vm, VM_HPM_GLEAN, &s);
    info_list(o->glean_info, list, sizeof list, "+");
    fprintf(f, "glean: %s every %" PRIu32 " %s, %u per trigger: %" PRIu32 " records of %u "
            "bytes%s\n", list, o->glean_every, o->glean_insns ? "instructions" : "cycles",
            o->glean_n, hpm_get32(vm, GLEAN_BLOCK_AT + 24), vm_glean_record_len(o->glean_info),
            s.full ? ", the buffer filled (gleaning ended)" : "");
    hpm_cost(f, "glean", vm, VM_HPM_GLEAN);
}

static void profile(FILE *f, struct run *r)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    struct vm_hpm_stats s;
    char list[80];
    vm_hpm_stats(vm, VM_HPM_GLEAN, &s);
    info_list(o->glean_info, list, sizeof list, ",");
    uint32_t nrec = hpm_get32(vm, GLEAN_BLOCK_AT + 24), len = vm_glean_record_len(o->glean_info);
    fprintf(f, "glean info=%s every=%" PRIu32 " unit=%s n=%u size=%" PRIu32 " records=%" PRIu32
            " full=%d\n", list, o->glean_every, o->glean_insns ? "insns" : "cycles", o->glean_n,
            o->glean_buffer, nrec, s.full);
    for (uint32_t i = 0; i < nrec && (uint64_t)(i + 1) * len <= o->glean_buffer; i++) {
        uint32_t a = r->mon.glean_buf + i * len;
        uint32_t hdr = hpm_get32(vm, a);
        fprintf(f, "rec %" PRIu32 " burst=%" PRIu32, i, hdr & 0xFFFF);
        a += 4;
        if (o->glean_info & VM_GLEAN_IA) {
            fprintf(f, " ia=%" PRIX32, hpm_get32(vm, a));
            a += 4;
        }
        if (o->glean_info & VM_GLEAN_PSW) {
            fprintf(f, " psw=%08" PRIX32 ".%08" PRIX32, hpm_get32(vm, a), hpm_get32(vm, a + 4));
            a += 8;
        }
        if (o->glean_info & VM_GLEAN_GR) {
            fputs(" gr=", f);
            for (int g = 0; g < 16; g++, a += 4)
                fprintf(f, "%s%" PRIX32, g ? "," : "", hpm_get32(vm, a));
        }
        if (o->glean_info & VM_GLEAN_OP) {
            uint32_t opc = hpm_get32(vm, a);
            fprintf(f, opc > 0xFF ? " op=%04" PRIX32 : " op=%02" PRIX32, opc);
            a += 4;
        }
        if (o->glean_info & VM_GLEAN_CYCLES) {
            fprintf(f, " cycles=%" PRIu64, (uint64_t)hpm_get32(vm, a) << 32 | hpm_get32(vm, a + 4));
            a += 8;
        }
        if (o->glean_info & VM_GLEAN_TASK) {
            fprintf(f, " task=%" PRIu32, hpm_get32(vm, a));
            a += 4;
        }
        if (o->glean_info & VM_GLEAN_PAGEINS) {
            fprintf(f, " pageins=%" PRIu32, hpm_get32(vm, a));
            a += 4;
        }
        if (o->glean_info & VM_GLEAN_CR) {
            fputs(" cr=", f);
            for (int c = 0; c < 16; c++, a += 4)
                fprintf(f, "%s%" PRIX32, c ? "," : "", hpm_get32(vm, a));
        }
        if (o->glean_info & VM_GLEAN_TIMER) {
            fprintf(f, " timer=%" PRIX32, hpm_get32(vm, a));
            a += 4;
        }
        if (o->glean_info & VM_GLEAN_KEY) {
            fprintf(f, " key=%" PRIu32, hpm_get32(vm, a));
            a += 4;
        }
        if (o->glean_info & VM_GLEAN_UADDR)
            fprintf(f, " uaddr=%" PRIX32, hpm_get32(vm, a));
        fputc('\n', f);
    }
}

static const struct hpm_setting settings[] = {
    { "glean", "INFO[,every=N][,insns][,n=N][,buffer=BYTES]", 0,
      "gleaning ia+psw+gr+op+cycles+task+pageins+cr+timer+key+uaddr or all",
      parse, said },
    { NULL, NULL, 0, NULL, NULL, NULL },
};

const struct hpm_class hpm_glean = {
    .name = "glean",
    .what = "processor-status gleaning",
    .hw = VM_HPM_GLEAN,
    .settings = settings,
    .on = on,
    .off = off,
    .arm = arm,
    .enable = enable,
    .summary = summary,
    .profile = profile,
};
