/*
 * vm.c -- the libimpvm API of vm.h: creating and freeing machines, loading
 * control stores, registers, run entry points, counters, hooks, statuses.
 */
#include "storage.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *name, *msg; } statuses[VM_NSTATUS] = {
#define X(e, name, scope, msg) { name, msg },
    VM_STATUSES(X)
#undef X
};

const char *vm_status_name(enum vm_status s)
{
    return (unsigned)s < VM_NSTATUS ? statuses[s].name : "unknown";
}

const char *vm_status_message(enum vm_status s)
{
    return (unsigned)s < VM_NSTATUS ? statuses[s].msg : "unknown status";
}

enum { STATUS_MACHINE, STATUS_TASK };

struct vm *vm_new(const struct vm_config *cfg)
{
    uint32_t size = cfg && cfg->storage_size ? cfg->storage_size : VM_DEFAULT_STORAGE;
    if (size % 4096 || size > VM_MAX_STORAGE)
        return NULL;
    struct vm *vm = calloc(1, sizeof *vm);
    if (!vm)
        return NULL;
    vm->memsize = size;
    vm->real = calloc((size_t)size + ST_PAD, 1);
    vm->tr = calloc((size_t)IC_SIZE * TR_MAX, sizeof *vm->tr);
    for (unsigned k = 0; k < EV_COUNT; k++)
        vm->ev[k] = UINT64_MAX;
    if (!vm->real || !vm->tr || pg_init_task1(vm) != 0 || vm_load_default_control_store(vm) != 0) {
        vm_free(vm);
        return NULL;
    }
    vm->cr[0] = 0xE0;
    vm->cr[14] = 0xC2000000u;
    vm->cr[15] = 512;
    vm->emwp = 8;                       /* EC mode, supervisor, running */
    vm->stop = STOP_NONE;
    vm->limit = vm->hard_limit = UINT64_MAX;
    vm->opc_want = OPC_HOST;
    st_map_all(vm);
    br_reset(vm);
    dp_init_slots(vm);
    fp_deadline(vm);
    tm_update(vm);
    return vm;
}

void vm_free(struct vm *vm)
{
    if (!vm)
        return;
    mc_image_free(&vm->img);
    free(vm->cs);
    free(vm->real);
    pg_free(vm);
    hpm_dsm_free(vm);
    free(vm->tr);
    free(vm);
}

int vm_load_control_store_text(struct vm *vm, const char *text, size_t len, char *err,
                               size_t errsize)
{
    struct mc_image img;
    if (mc_image_parse(text, len, &img, err, errsize) < 0)
        return -1;
    struct uop *cs = calloc(2 * ((size_t)img.nwords + 1), sizeof *cs);   /* words, exits */
    if (!cs) {
        mc_image_free(&img);
        if (err && errsize)
            snprintf(err, errsize, "out of memory");
        return -1;
    }
    mc_image_free(&vm->img);
    free(vm->cs);
    vm->img = img;
    vm->cs = cs;
    vm->xstub = cs + img.nwords + 1;
    eng_predecode(vm);
    vm->upc = vm->img.vector[MC_V_FETCH];
    vm->rsp = 0;
    vm->evskip = 0;
    return 0;
}

int vm_load_default_control_store(struct vm *vm)
{
    return vm_load_control_store_text(vm, vm_default_control_store,
                                      strlen(vm_default_control_store), NULL, 0);
}

int vm_load_control_store_file(struct vm *vm, const char *path, char *err, size_t errsize)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errsize, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, len = 0, k;
    char *buf = malloc(cap);
    while (buf && (k = fread(buf + len, 1, cap - len, f)) > 0) {
        len += k;
        if (len == cap) {
            if (cap >= (1u << 24)) {
                free(buf);
                buf = NULL;
                break;
            }
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            } else
                buf = nb;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        snprintf(err, errsize, "%s: cannot read (too large or I/O error)", path);
        return -1;
    }
    char msg[256];
    int rc = vm_load_control_store_text(vm, buf, len, msg, sizeof msg);
    if (rc < 0)
        snprintf(err, errsize, "%s: %s", path, msg);
    free(buf);
    return rc;
}

uint32_t vm_get_gr(const struct vm *vm, unsigned n) { return vm->gr[n & 15]; }
void vm_set_gr(struct vm *vm, unsigned n, uint32_t v) { vm->gr[n & 15] = v; }
uint32_t vm_get_cr(const struct vm *vm, unsigned n) { return vm->cr[n & 15]; }
void vm_set_cr(struct vm *vm, unsigned n, uint32_t v)
{
    vm->cr[n & 15] = v;
    tm_update_irq(vm);
    per_update(vm);
}

void vm_restart(struct vm *vm)
{
    vm->upc = vm->img.vector[MC_V_RESTART];
    vm->rsp = 0;
    vm->evskip = 0;
}

static void set_limit(struct vm *vm, uint64_t max_cycles)
{
    uint64_t now = vm->ctr.cycles;
    vm->limit = max_cycles && max_cycles < UINT64_MAX - now ? now + max_cycles : UINT64_MAX;
    vm->hard_limit = vm->limit < UINT64_MAX - (1u << 20) ? vm->limit + (1u << 20) : UINT64_MAX;
    fp_deadline(vm);
}

static const uint8_t task_scope[VM_NSTATUS] = {
#define X(e, name, scope, msg) [e] = STATUS_##scope,
    VM_STATUSES(X)
#undef X
};

/* Run in mode; a status that ends a task, with tasks, ends only it: the
 * run goes on with the others (a step returns it), and VM_TASKS_ENDED
 * when none is left. */
static enum vm_status run(struct vm *vm, int mode)
{
    for (;;) {
        enum vm_status s = eng_run(vm, mode);
        if (!vm->pg.on || task_scope[s] != STATUS_TASK)
            return s;
        if (vm->ntasks == 1) {
            pg_task_end(vm, s);
            return s;
        }
        if (!pg_task_end(vm, s))
            return VM_TASKS_ENDED;
        if (mode != RUN_FREE)
            return s;
    }
}

enum vm_status vm_run(struct vm *vm, uint64_t max_cycles)
{
    set_limit(vm, max_cycles);
    return run(vm, RUN_FREE);
}

enum vm_status vm_step_insn(struct vm *vm)
{
    set_limit(vm, 0);
    return run(vm, RUN_INSN);
}

enum vm_status vm_step_micro(struct vm *vm)
{
    set_limit(vm, 0);
    return run(vm, RUN_MICRO);
}

int vm_set_breakpoint(struct vm *vm, uint32_t addr)
{
    for (unsigned i = 0; i < vm->nbp; i++)
        if (vm->bp[i] == addr)
            return 0;
    if (vm->nbp >= VM_MAX_BREAKPOINTS)
        return -1;
    vm->bp[vm->nbp++] = addr & VM_ADDR_MASK;
    fp_forget(vm, addr & VM_ADDR_MASK);     /* its fetch must see it */
    return 0;
}

void vm_clear_breakpoint(struct vm *vm, uint32_t addr)
{
    for (unsigned i = 0; i < vm->nbp; i++)
        if (vm->bp[i] == addr) {
            vm->bp[i] = vm->bp[--vm->nbp];
            return;
        }
}

const struct vm_counters *vm_counters(const struct vm *vm) { return &vm->ctr; }
void vm_add_cycles(struct vm *vm, uint64_t n) { vm->ctr.cycles += n; }

/* Turning the counters on starts op_cycles at the present cycle: the
 * instruction in progress is charged from here.  A run in progress (the
 * monitor's LOCR or STOCR) starts again with the other fetch. */
void opc_set(struct vm *vm, unsigned who, int on)
{
    unsigned was = vm->opc_want;
    vm->opc_want = (uint8_t)(on ? was | who : was & ~who);
    if (!was && vm->opc_want)
        vm->last_fetch_cycle = vm->ctr.cycles;
    if (!was != !vm->opc_want)
        vm->fp_refetch = 1;
}

void vm_count_opcodes(struct vm *vm, int on) { opc_set(vm, OPC_HOST, on); }

void vm_set_host(struct vm *vm, const struct vm_host *host)
{
    if (host)
        vm->host = *host;
    else
        memset(&vm->host, 0, sizeof vm->host);
}

void vm_set_trace(struct vm *vm, const struct vm_trace *trace)
{
    if (trace)
        vm->trace = *trace;
    else
        memset(&vm->trace, 0, sizeof vm->trace);
    fp_flush(vm);                           /* the traced instructions leave the cache */
}

void vm_request_stop(struct vm *vm)
{
    pw_raise(vm, PW_STOP);
    vm->fetch_deadline = 0;     /* seen at the next fetch (a racing fp_deadline
                                   only delays it to the next timer update) */
}

_Static_assert(MC_RSTACK <= sizeof ((struct vm_datapath *)0)->rstack /
                            sizeof ((struct vm_datapath *)0)->rstack[0],
               "the view holds the whole return stack");

void vm_datapath(const struct vm *vm, struct vm_datapath *out)
{
    memset(out, 0, sizeof *out);
    /* a run leaves the I-unit latches set (fastpath.c latches()) */
    memcpy(out->w, vm->w, sizeof out->w);
    out->mdr = vm->mdr;
    out->q = vm->q;
    out->mar = vm->mar;
    out->mar2 = vm->mar2;
    out->cnt = vm->cnt;
    out->rn = vm->rn;
    out->pic = vm->pic;
    out->y = vm->y;
    out->fz = vm->fz & 1;
    out->fn = vm->fn & 1;
    out->fc = vm->fc & 1;
    out->fv = vm->fv & 1;
    out->ea1 = vm->ea1;
    out->ea2 = vm->ea2;
    out->iaddr = vm->iaddr;
    memcpy(out->ibytes, vm->ibytes, sizeof out->ibytes);
    out->ilen = vm->ilen;
    out->r1 = vm->r1;
    out->r2 = vm->r2;
    out->exec = vm->exec;
    out->upc = vm->upc;
    out->rsp = vm->rsp;
    memcpy(out->rstack, vm->rstack, vm->rsp * sizeof vm->rstack[0]);
    out->pending = pw_get(vm);
}

const struct vm_interrupt *vm_last_interrupt(const struct vm *vm) { return &vm->last_int; }

unsigned vm_micro_pc(const struct vm *vm) { return vm->upc; }
int vm_between_instructions(const struct vm *vm) { return vm->upc == vm->img.vector[MC_V_FETCH]; }
uint32_t vm_instruction_address(const struct vm *vm) { return vm->iaddr; }
unsigned vm_control_store_size(const struct vm *vm) { return vm->img.nwords; }

int vm_control_store_word(const struct vm *vm, unsigned addr, struct mc_word *out)
{
    if (addr >= vm->img.nwords)
        return -1;
    *out = vm->img.words[addr];
    return 0;
}

const char *vm_control_store_label(const struct vm *vm, unsigned addr)
{
    return mc_image_label(&vm->img, addr);
}
