/*
 * glean.c -- processor-status gleaning (imp(7), "THE SAMPLING
 * MONITORS"; seed 001): every N cycles (or instructions) the microcode
 * (mc/src/monitor.mc, `glean') writes a record of the information asked
 * for -- the instruction address, the PSW, the registers, the opcode,
 * the cycle count, the task, the page-ins -- for n instructions in a
 * row, into a buffer; when it is full gleaning ends.
 *
 *   --glean=INFO[,every=N][,insns][,n=N][,buffer=BYTES][,interrupt]
 *
 * With interrupt the full buffer is signalled ("completion of sampling")
 * by external interruption 1407: the block's flag X'40', CR0 bit 23 and
 * the PSW's external mask on (CR0 bit 24, the interval timer's, off, so
 * that nothing else interrupts the program); a program that set no
 * external new PSW stops there, and the run reports it.
 *
 * The control block (at X'BC0', EGLN's operand): +0 H info bits, H n,
 * +4 X flags (X'80' count instructions, X'40' interrupt), +8 F every, +12 A buffer, +16 F its
 * length, +24 F records written.
 */
#include "hpm.h"

#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "number.h"
#include "report.h"

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
    o->glean_interrupt = 0;
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
        else if (strcmp(tok, "interrupt") == 0)
            o->glean_interrupt = 1;
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
            snprintf(err, errsize, "'%s' is not every=N, insns, n=N, buffer=BYTES or interrupt",
                     tok);
            return -1;
        }
    }
    if (o->glean_info == 0) {       /* "--glean=" or "--glean=,n=2": it would stay off */
        snprintf(err, errsize, "no information to glean (ia, psw, gr, op, cycles, task, "
                 "pageins, cr, timer, key, uaddr or all, joined by +)");
        return -1;
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
    b[4] = (uint8_t)((o->glean_insns ? VM_GLEAN_INSNS : 0) |
                     (o->glean_interrupt ? VM_GLEAN_INTERRUPT : 0));
    hpm_put32(b + 8, o->glean_every);
    hpm_put32(b + 12, buf);
    hpm_put32(b + 16, o->glean_buffer);
    vm_store_bytes(r->vm, GLEAN_BLOCK_AT, b, VM_GLEAN_BLOCK);
    r->mon.glean_buf = buf;
    if (o->glean_interrupt) {           /* enabled for 1407 alone */
        struct vm *vm = r->vm;
        vm_set_cr(vm, 0, (vm_get_cr(vm, 0) & ~VM_CR0_ITIMER) | VM_CR0_GLEAN);
        (void)vm_set_psw(vm, vm_get_psw(vm) | VM_PSW_EXT);
    }
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
            "bytes%s%s\n", list, o->glean_every, o->glean_insns ? "instructions" : "cycles",
            o->glean_n, hpm_get32(vm, GLEAN_BLOCK_AT + 24), vm_glean_record_len(o->glean_info),
            s.full ? ", the buffer filled (gleaning ended)" : "",
            o->glean_interrupt ? (s.full ? ", external interruption 1407 requested"
                                  : ", interrupt when full") : "");
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

/* A field of len bytes at a: the address by its label, the opcode by its
 * mnemonic, the counts in decimal, the rest in hex. */
static void field(struct run *r, uint32_t a, unsigned bit, unsigned len, char *out, size_t size)
{
    struct vm *vm = r->vm;
    uint32_t w = hpm_get32(vm, a);
    if (!size)
        return;
    if (bit == VM_GLEAN_IA)
        hpm_label(r, 1, w & VM_ADDR_MASK, out, size);
    else if (bit == VM_GLEAN_OP) {
        const char *mn = rep_op_name(w >> 8 == 0xB2 ? 256 + (w & 0xFF) : w & 0xFF);
        snprintf(out, size, "%s", mn ? mn : "?");
    } else if (bit == VM_GLEAN_CYCLES)
        snprintf(out, size, "%" PRIu64, (uint64_t)w << 32 | hpm_get32(vm, a + 4));
    else if (bit == VM_GLEAN_TASK || bit == VM_GLEAN_PAGEINS)
        snprintf(out, size, "%" PRIu32, w);
    else {
        size_t k = 0;
        out[0] = '\0';
        for (unsigned i = 0; i < len && k < size; i += 4)
            k += (size_t)snprintf(out + k, size - k, "%s%08" PRIX32, i && len > 8 ? "," : "",
                                  hpm_get32(vm, a + i));
    }
}

/* The record at a, as one line (each field after a blank): its fields in the order of
 * the info mask (VM_GLEAN_INFO), each by its name. */
static void record_text(struct run *r, uint32_t a, unsigned info, int burst, char *out,
                        size_t size)
{
    struct vm *vm = r->vm;
    size_t k = 0;
    out[0] = '\0';
    if (burst)                          /* several records a trigger: which one this is */
        k = (size_t)snprintf(out, size, " burst=%" PRIu32, hpm_get32(vm, a) & 0xFFFF);
    a += 4;
#define X(n, bit, len, name, what)                                                       \
    if ((info & (bit)) && k < size) {                                                    \
        k += (size_t)snprintf(out + k, size - k, " %s=", name);                          \
        field(r, a, bit, len, out + (k < size ? k : size), k < size ? size - k : 0);      \
        k += strlen(out + (k < size ? k : size));                                         \
        a += len;                                                                        \
    }
    VM_GLEAN_INFO(X)
#undef X
}

/* The block the CAT points to: what is gleaned, how full the buffer is,
 * and its last records, newest last. */
static void view(struct hpm_view *v, struct run *r)
{
    struct vm *vm = r->vm;
    uint32_t blk = hpm_get32(vm, VM_CAT + VM_CAT_GLEAN) & VM_ADDR_MASK;
    struct vm_hpm_stats s;
    vm_hpm_stats(vm, VM_HPM_GLEAN, &s);
    if (!blk) {
        hpm_view_put(v, 0, "no control block yet (CAT+X'B0' is 0)");
        return;
    }
    uint32_t w0 = hpm_get32(vm, blk), every = hpm_get32(vm, blk + 8);
    uint32_t buf = hpm_get32(vm, blk + 12) & VM_ADDR_MASK, size = hpm_get32(vm, blk + 16);
    uint32_t nrec = hpm_get32(vm, blk + 24), status = hpm_get32(vm, blk + 28);
    unsigned info = w0 >> 16, len = vm_glean_record_len(info);
    int insns = (hpm_get32(vm, blk + 4) >> 24 & VM_GLEAN_INSNS) != 0;
    char list[80], bar[128];
    info_list(info, list, sizeof list, "+");
    uint64_t used = (uint64_t)nrec * len;
    int intr = (hpm_get32(vm, blk + 4) >> 24 & VM_GLEAN_INTERRUPT) != 0;
    hpm_view_put(v, 0, "%s every %" PRIu32 " %s, %u per trigger%s%s", list, every,
                 insns ? "instructions" : "cycles", w0 & 0xFFFF,
                 intr ? ", interrupt (1407) when full" : "",
                 status & VM_GLEAN_FULL ? ": the buffer filled, gleaning ended"
                 : status & VM_GLEAN_ENDED ? ": ended (DGLN)" : s.on ? "" : " (off)");
    hpm_view_put(v, 0, "%" PRIu32 " records of %u bytes: %" PRIu64 " of %" PRIu32 " bytes",
                 nrec, len, used, size);
    int bw = v->cols - 16 > 50 ? 50 : v->cols - 16;
    hpm_view_bar(bar, sizeof bar, used, size, bw);
    hpm_view_put(v, 0, "fill %6.2f%% [%-*s]", hpm_pct(used, size), bw > 0 ? bw : 0, bar);
    hpm_view_cost(v, vm, VM_HPM_GLEAN);
    if (!nrec || hpm_view_left(v) < 2 || !len)
        return;
    hpm_view_put(v, 1, "the last records, newest last");
    uint32_t first = nrec > (uint32_t)hpm_view_left(v) ? nrec - (uint32_t)hpm_view_left(v) : 0;
    for (uint32_t i = first; i < nrec && (uint64_t)(i + 1) * len <= size; i++) {
        char line[1024];
        record_text(r, buf + i * len, info, (w0 & 0xFFFF) > 1, line, sizeof line);
        hpm_view_put(v, 0, "%6" PRIu32 "%s", i, line);
    }
}

static const struct hpm_setting settings[] = {
    { "glean", "INFO[,every=N][,insns][,n=N][,buffer=BYTES][,interrupt]", 0,
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
    .view = view,
};
