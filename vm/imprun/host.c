/*
 * host.c -- what the machine asks of the host during an imprun run:
 * guest storage as a service sees it (the key of the program it serves),
 * DIAGNOSE and the nucleus's SVC dispatch (services.h), and ASSIST's
 * instructions with their card, print and punch streams (assist.h).
 */
#include "run.h"

#include <errno.h>
#include <string.h>

#include "assist.h"
#include "hpm.h"
#include "vm.h"

/* ---- guest storage and DIAGNOSE --------------------------------------- */

/* May the key of the program being served (r->key) read or store into
 * [addr, addr + len)?  0, 4 or 5 (struct svc_storage). */
static int st_check(void *ctx, uint32_t addr, uint32_t len, int write)
{
    struct run *r = ctx;
    uint32_t size = vm_storage_size(r->vm);
    if (len == 0)
        return 0;
    if (addr >= size || len > size - addr)
        return 5;
    if (r->key == 0)
        return 0;
    for (uint32_t b = addr / VM_KEY_BLOCK; b <= (addr + len - 1) / VM_KEY_BLOCK; b++) {
        unsigned sk = vm_get_storage_key(r->vm, b * VM_KEY_BLOCK);
        if ((sk >> 4) != r->key && (write || (sk & VM_KEY_FETCH)))
            return 4;
    }
    return 0;
}

static int st_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    struct run *r = ctx;
    int c = st_check(ctx, addr, len, 0);
    return c ? c : vm_fetch_bytes(r->vm, addr, buf, len) == 0 ? 0 : 5;
}

/* A service's store: the program's own for PER and watchpoints, and
 * kept (the last IMPRUN_STORES) for the abend report. */
static int st_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    struct run *r = ctx;
    int c = st_check(ctx, addr, len, 1);
    if (c)
        return c;
    if (vm_store_for_program(r->vm, addr, buf, len, r->for_iaddr, r->for_svc) != 0)
        return 5;
    r->stores[r->nstores++ % IMPRUN_STORES] = (struct run_store){ addr, len, r->for_iaddr };
    return 0;
}

const struct run_store *run_store_over(const struct run *r, uint32_t addr, uint32_t len)
{
    unsigned kept = r->nstores < IMPRUN_STORES ? r->nstores : IMPRUN_STORES;
    for (unsigned k = 1; k <= kept; k++) {
        const struct run_store *s = &r->stores[(r->nstores - k) % IMPRUN_STORES];
        if (addr < s->addr + s->len && s->addr < addr + len)
            return s;
    }
    return NULL;
}

/* The host's own view of storage for the reports: no key. */
static int host_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    return vm_fetch_bytes(ctx, addr, buf, len);
}

static int host_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    return vm_store_bytes(ctx, addr, buf, len);
}

/* The note a service left (an OPEN that failed), on imprun's report. */
static void service_note(struct run *r, struct services *svc)
{
    if (svc->note[0]) {
        fprintf(r->rep, "imprun: note: %s\n", svc->note);
        svc->note[0] = '\0';
    }
}

/* The PSW key of the program a service is for: an SVC's caller's (in the
 * SVC old PSW), or the current PSW's for DIAGNOSE. */
static unsigned psw_key(uint64_t psw) { return (unsigned)(psw >> 52) & 15; }

/* The EXIT is the exit stub's (the program returned with BR 14): the SVC
 * old PSW points just after the stub's SVC 3. */
static int returned(const struct vm *vm)
{
    uint8_t old[8];
    vm_fetch_bytes(vm, 0x20, old, sizeof old);
    uint32_t ia = (uint32_t)old[5] << 16 | (uint32_t)old[6] << 8 | old[7];
    return ia == IMPRUN_EXIT_STUB + 2;
}

/* One service's result applied: CC, registers, state, end. */
static enum vm_host_result service_done(struct run *r, struct run_task *t, struct vm *vm,
                                        const struct svc_result *res, unsigned r1, unsigned r3)
{
    vm_add_cycles(vm, res->cycles);
    service_note(r, t->svc);
    switch (res->outcome) {
    case SVC_CONTINUE:
        if (res->cc >= 0)
            vm_set_cc(vm, (unsigned)res->cc);
        if (res->set_r3)
            vm_set_gr(vm, r3, res->r3);
        if (res->set_r1)
            vm_set_gr(vm, r1, res->r1);
        return VM_HOST_OK;
    case SVC_ENDED:
        t->rc = res->rc;
        if (returned(vm) && assist_job(t->asst)) {
            t->assist_end = 1;          /* ASSIST ends a job that returns normally */
            t->r15 = res->rc;
            t->rc = 0;
        }
        if (t == &r->tk[0])
            r->rc = t->rc;
        return VM_HOST_EXIT;
    case SVC_ABENDED:
        t->abend = res->rc;
        return VM_HOST_ABEND;
    case SVC_PROGCHECK:
        return VM_HOST_BAD_CODE;        /* specification exception 0006 */
    case SVC_FAILED:
        r->limit = t->svc->limit_hit == SVC_LIMIT_CONSOLE ? LIMIT_CONSOLE : LIMIT_FILES;
        return VM_HOST_FAIL;
    }
    return VM_HOST_FAIL;
}

/*
 * The nucleus's SVC dispatch (DIAG X'100' at X'800'): the SVC number at
 * X'8A' names the service (SVC_FUNCS), with GR1 for R1 (GR15 for EXIT),
 * GR0 for R3, the caller's key from the SVC old PSW at X'20'; the CC and
 * SUPER's state go into that old PSW, which the nucleus's LPSW loads.  A
 * number with no service, or a program check in the service (a bad
 * operand), ends the program abnormally (S0F0, S0Cx).
 */
static enum vm_host_result serve_svc(struct run *r, struct run_task *t, struct vm *vm)
{
    uint8_t id[4], old[8];
    vm_fetch_bytes(vm, 0x88, id, sizeof id);
    vm_fetch_bytes(vm, 0x20, old, sizeof old);
    unsigned n = (unsigned)id[2] << 8 | id[3];
    int code = svc_code_of(n);
    if (code < 0) {
        t->abend = IMPRUN_UNKNOWN_SVC << 12;
        return VM_HOST_ABEND;
    }
    unsigned r1 = code == SVC_EXIT ? 15 : 1;
    struct svc_request rq = { (uint32_t)code, vm_get_gr(vm, r1), vm_get_gr(vm, 0),
                              vm_counters(vm)->cycles, 1 };
    struct svc_result res;
    r->key = old[1] >> 4;
    uint32_t ia = (uint32_t)old[5] << 16 | (uint32_t)old[6] << 8 | old[7];
    r->for_iaddr = (ia - 2 * ((id[1] >> 1) & 3)) & VM_ADDR_MASK;   /* the SVC (ILC at X'89') */
    r->for_svc = 1;
    svc_call(t->svc, &r->st, &rq, &res);
    if (res.outcome == SVC_PROGCHECK) {
        vm_add_cycles(vm, res.cycles);
        t->abend = (0x0C0u + (res.pic & 0xF)) << 12;
        return VM_HOST_ABEND;
    }
    int cc = res.cc;
    res.cc = -1;                        /* the caller's CC is in its old PSW */
    enum vm_host_result hr = service_done(r, t, vm, &res, r1, 0);
    if (hr == VM_HOST_OK) {
        if (cc >= 0)
            old[2] = (uint8_t)((old[2] & 0xCF) | cc << 4);
        if (res.state == 1)             /* supervisor state, key 0 */
            old[1] &= 0x0E;
        else if (res.state == 2)        /* problem state, the program's key */
            old[1] = (uint8_t)((old[1] & 0x0E) | IMPRUN_KEY << 4 | 1);
        vm_store_bytes(vm, 0x20, old, sizeof old);
    }
    return hr;
}

static enum vm_host_result host_diagnose(void *ctx, struct vm *vm, uint32_t code, unsigned r1,
                                         unsigned r3)
{
    struct run *r = ctx;
    unsigned id = vm_current_task(vm);
    struct run_task *t = &r->tk[id ? id - 1 : 0];
    if (code == SVC_SVCDISP)
        return serve_svc(r, t, vm);
    enum vm_host_result hr;
    if (hpm_diagnose(r, code, &hr))     /* a monitor's routine (IMPPERI) */
        return hr;
    struct svc_request rq = { code, vm_get_gr(vm, r1), vm_get_gr(vm, r3),
                              vm_counters(vm)->cycles, 0 };
    struct svc_result res;
    r->key = psw_key(vm_get_psw(vm));
    r->for_iaddr = vm_instruction_address(vm);
    r->for_svc = 0;
    svc_call(t->svc, &r->st, &rq, &res);
    return service_done(r, t, vm, &res, r1, r3);
}

/* ---- ASSIST ---------------------------------------------------------------- */

/* An ASSIST instruction (the microcode's SF=ASSIST): the task's ASSIST
 * state serves it against storage with the program's key. */
static enum vm_host_result host_assist(void *ctx, struct vm *vm, const struct vm_assist_call *c,
                                       unsigned *pic)
{
    struct run *r = ctx;
    unsigned id = vm_current_task(vm);
    struct run_task *t = &r->tk[id ? id - 1 : 0];
    struct assist_req rq = { c->opcode, c->r1, c->addr, c->len, { 0 }, 0, 0 };
    uint64_t psw = vm_get_psw(vm);
    unsigned ilc = c->opcode == 0xE0 ? 3 : 2;
    for (unsigned i = 0; i < 16; i++)
        rq.gr[i] = vm_get_gr(vm, i);
    rq.cc = vm_get_cc(vm);
    /* ASSIST's "AT": a BC-mode PSW's second word: ILC, CC, program mask, IA */
    rq.psw_word2 = ilc << 30 | rq.cc << 28 | ((unsigned)(psw >> 40) & 15) << 24 |
                   ((uint32_t)psw & VM_ADDR_MASK);
    r->key = psw_key(psw);
    r->for_iaddr = vm_instruction_address(vm);
    r->for_svc = 0;
    struct assist_result res;
    assist_call(t->asst, &r->st, &rq, &res);
    vm_add_cycles(vm, res.cycles);
    switch (res.outcome) {
    case ASSIST_CONTINUE:
        for (unsigned i = 0; i < 16; i++)
            if (res.set_gr & (1u << i))
                vm_set_gr(vm, i, res.gr[i]);
        if (res.cc >= 0)
            vm_set_cc(vm, (unsigned)res.cc);
        return VM_HOST_OK;
    case ASSIST_PROGCHECK:
        *pic = res.pic;
        return VM_HOST_PROGRAM;
    case ASSIST_AGAIN:
        /* not completed: back to the instruction, which runs again after
           the run's checks (the cycle limit) at this boundary */
        (void)vm_set_psw(vm, (psw & ~(uint64_t)VM_ADDR_MASK) |
                             (((uint32_t)psw - 2 * ilc) & VM_ADDR_MASK));
        return VM_HOST_OK;
    case ASSIST_LIMIT:
        break;
    }
    const struct assist *a = t->asst;
    switch (res.limit) {
    case ASSIST_LIMIT_CARDS: r->limit = LIMIT_CARDS; r->limit_max = a->max_cards; break;
    case ASSIST_LIMIT_LINES: r->limit = LIMIT_LINES; r->limit_max = a->max_lines; break;
    case ASSIST_LIMIT_PAGES: r->limit = LIMIT_PAGES; r->limit_max = a->max_pages; break;
    case ASSIST_LIMIT_PUNCH: r->limit = LIMIT_PUNCH; r->limit_max = a->max_punch; break;
    default:                 r->limit = LIMIT_ABYTES; r->limit_max = a->max_bytes; break;
    }
    return VM_HOST_FAIL;
}

static void sync_print(void *ctx)
{
    struct assist *a = ctx;
    if (a->nl_pending)
        assist_sync(a);
}

/* XGET/XPUT's files: the --file bindings of the task's services (not
 * "-": the library closes what it gets, and the console is not its). */
static FILE *open_named(void *ctx, const char *name, int write)
{
    const struct services *svc = ctx;
    for (int i = 0; i < svc->nbinds; i++)
        if (strcmp(svc->binds[i].name, name) == 0)
            return strcmp(svc->binds[i].path, "-") == 0
                       ? NULL : fopen(svc->binds[i].path, write ? "w" : "r");
    return NULL;
}

/* A control card of an ASSIST deck: "$JOB", "$ENTRY" ... alone or
 * followed by a blank. */
static int control_card(const char *line, const char *name)
{
    size_t n = strlen(name);
    return strncmp(line, name, n) == 0 && strchr(" \r\n", line[n] ? line[n] : ' ');
}

/* The data cards of an ASSIST deck: the lines after a "$ENTRY" card of
 * the source at path, as a stream positioned there; NULL if it has none.
 * *deck: 1 if a $JOB or $ENTRY card was seen. */
static FILE *entry_cards(const char *path, int *deck)
{
    FILE *f = fopen(path, "r");
    char line[256];
    while (f && fgets(line, sizeof line, f)) {
        int whole = strchr(line, '\n') != NULL;
        if (control_card(line, "$JOB"))
            *deck = 1;
        if (control_card(line, "$ENTRY")) {
            *deck = 1;
            return f;
        }
        while (!whole && fgets(line, sizeof line, f) && !strchr(line, '\n'))
            ;                           /* the rest of a long line */
    }
    if (f)
        fclose(f);
    return NULL;
}

int run_is_deck(const struct imprun_task *t)
{
    int deck = 0;
    if (!imprun_input_is_source(t, t->ninputs - 1))
        return 0;
    FILE *f = entry_cards(t->inputs[t->ninputs - 1], &deck);
    if (f)
        fclose(f);
    return deck;
}

/* Each task's ASSIST streams: task 1's cards from --cards, a $ENTRY deck
 * or standard input, its print lines to --print or the console, its
 * punch to --punch; the other tasks read no cards and print on their own
 * consoles.  0, or -1 after a message. */
int run_assist_open(struct run *r)
{
    const struct imprun_opts *o = r->o;
    for (int k = 0; k < r->ntasks; k++) {
        struct run_task *t = &r->tk[k];
        struct assist *a = t->asst;
        a->print = t->svc->out;
        a->utf8_print = t->svc->utf8_console;
        a->open_file = open_named;
        a->open_ctx = t->svc;
        t->svc->before_out = sync_print;
        t->svc->before_ctx = a;
    }
    struct assist *a = r->tk[0].asst;
    const char *what = NULL, *path = NULL;
    if (o->cards && !(r->cards = fopen(o->cards, "r")))
        what = "cards", path = o->cards;
    else if (!o->cards && !o->core && o->task[0].ninputs > 0 &&
             imprun_input_is_source(&o->task[0], o->task[0].ninputs - 1))
        r->cards = entry_cards(o->task[0].inputs[o->task[0].ninputs - 1], &a->deck);
    a->cards = r->cards ? r->cards : r->svc->in;
    a->utf8_cards = r->cards ? r->svc->utf8_files : r->svc->utf8_in;
    if (!what && o->print && !(r->print = fopen(o->print, "w")))
        what = "print", path = o->print;
    if (!what && o->punch && !(r->punch = fopen(o->punch, "w")))
        what = "punch", path = o->punch;
    if (what) {
        run_say(r->sink, what, NULL, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    if (r->print)
        a->print = r->print;
    a->utf8_print = r->print ? r->tk[0].svc->utf8_files : r->tk[0].svc->utf8_console;
    a->punch = r->punch;
    return 0;
}

/* Close what assist_open opened; 0, or -1 after a message for an output
 * that could not be written. */
int run_assist_close(struct run *r)
{
    int rc = 0;
    if (r->cards)
        fclose(r->cards);
    FILE *out[2] = { r->print, r->punch };
    const char *name[2] = { r->o->print, r->o->punch };
    for (int i = 0; i < 2; i++)
        if (out[i] && fclose(out[i]) != 0 && rc == 0) {
            diag_error(&r->d, "writing '%s': %s", name[i], strerror(errno));
            rc = -1;
        }
    r->cards = r->print = r->punch = NULL;
    return rc;
}

void run_storage_init(struct run *r)
{
    r->st = (struct svc_storage){ r, st_read, st_write, st_check };
    r->host = (struct svc_storage){ r->vm, host_read, host_write, NULL };
}

void run_host_set(struct run *r)
{
    struct vm_host host = { r, host_diagnose, host_assist };
    vm_set_host(r->vm, &host);
}
