/*
 * t-report.c -- the report collectors read the data, not the text: small
 * programs run on a machine, then rep_stats_collect (counts, opcodes,
 * order), rep_status_collect (status, interruption, failing instruction
 * with CSECT, label and source line), rep_regs_collect,
 * rep_dump_collect_line (up to the end of storage) and rep_run_collect
 * are checked field by field; a few formatters are checked as text.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "tap.h"
#include "vm-prog.h"

static const struct rep_op *find_op(const struct rep_stats *s, unsigned opcode)
{
    for (size_t i = 0; i < s->nops; i++)
        if (s->ops[i].opcode == opcode)
            return &s->ops[i];
    return NULL;
}

/* LA x3, LR, STCK (a B2xx opcode), SVC 255: counts, names, order. */
static void test_stats(void)
{
    struct prog p;
    static struct rep_stats s;
    prog_start(&p);
    for (int i = 0; i < 3; i++)
        I(&p, "LA", .r1 = 2, .d2 = 1, .b2 = 2);
    I(&p, "LR", .r1 = 3, .r2 = 2);
    I(&p, "STCK", .d2 = 0x200);
    check_int(run_for(&p, 100000), ==, VM_NO_SVC_HANDLER);
    const struct vm_counters *c = vm_counters(p.vm);
    rep_stats_collect(&s, c);
    check_uint(s.instructions, ==, 6);
    check_uint(s.instructions, ==, c->instructions);
    check_uint(s.cycles, ==, c->cycles);
    check_uint(s.microwords, ==, c->microwords);
    check(s.nops >= 4);
    check_uint(s.ops[0].opcode, ==, 0x41);
    check_str(s.ops[0].name, "LA");
    check_uint(s.ops[0].count, ==, 3);
    check_uint(s.ops[0].cycles, ==, c->op_cycles[0x41]);
    const struct rep_op *lr = find_op(&s, 0x18), *stck = find_op(&s, 0xB205),
                        *svc = find_op(&s, 0x0A);
    check(lr && lr->count == 1 && strcmp(lr->name, "LR") == 0);
    check(stck && stck->count == 1 && stck->idx == 256 + 5 && strcmp(stck->name, "STCK") == 0);
    check(svc && svc->count == 1);
    uint64_t sum = 0;
    int sorted = 1;
    for (size_t i = 0; i < s.nops; i++) {
        sum += s.ops[i].count;
        if (i > 0 && s.ops[i].count > s.ops[i - 1].count)
            sorted = 0;
    }
    check_uint(sum, ==, s.instructions);
    check(sorted);

    char buf[32];
    rep_ratio(buf, sizeof buf, 11, 2);
    check_str(buf, "5.50");
    rep_ratio(buf, sizeof buf, 1, 0);
    check_str(buf, "-");
    vm_free(p.vm);
}

/* The SVC with no handler: the interruption and the SVC's own address. */
static void test_status_svc(void)
{
    struct prog p;
    struct rep_status s;
    struct symtab none;
    prog_start(&p);
    I(&p, "LA", .r1 = 2, .d2 = 7);
    uint32_t at = p.pc;
    enum vm_status st = run_for(&p, 100000);
    sym_init(&none, NULL, 0);
    rep_status_collect(&s, p.vm, &none, st, 0);
    check_int(s.status, ==, VM_NO_SVC_HANDLER);
    check(s.interrupted);
    check_int(s.in.cls, ==, VM_INT_SVC);
    check_uint(s.in.code, ==, 255);
    check_uint(s.in.ilc, ==, 1);
    check(!s.inside);
    check(s.have_where);
    check_uint(s.where.addr, ==, at);
    check_uint(s.where.nbytes, ==, 6);
    check_uint(s.where.bytes[0], ==, 0x0A);
    check_uint(s.where.bytes[1], ==, 0xFF);
    check(strncmp(s.where.insn, "SVC", 3) == 0);
    check(!s.where.found);
    check(s.where.sym.csect == NULL);
    check(!s.where.have_source);
    check_uint(s.psw, ==, vm_get_psw(p.vm));
    check_int(imprun_exit_code(s.status, s.rc), ==, EXIT_RUN_INT);
    vm_free(p.vm);
}

/* An operation exception inside a CSECT whose LINE records name a file. */
static void test_status_program(void)
{
    const char *tmp = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/t-report-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    check(fd >= 0);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f) {
        fputs("MAIN     CSECT\n         DC    H'0'    bad\n", f);
        fclose(f);
    }

    struct prog p;
    prog_start(&p);
    I(&p, "LA", .r1 = 2, .d2 = 7);
    uint32_t bad = p.pc;
    static const uint8_t zero[2] = { 0, 0 };
    vm_store_bytes(p.vm, bad, zero, 2);
    p.pc += 2;

    struct obj_module m;
    obj_init(&m, OBJ_LOAD);
    obj_add_esd(&m, ESD_SD, "MAIN", ORG, 16, 0);
    obj_add_file(&m, path);
    obj_add_sym(&m, 1, "MAIN", ORG, 4, 'I');
    obj_add_sym(&m, 1, "HERE", bad, 2, 'X');
    obj_add_line(&m, 1, ORG, 0, 1);
    obj_add_line(&m, 1, bad, 0, 2);
    struct symtab t;
    sym_init(&t, &m, 0);

    enum vm_status st = run_for(&p, 100000);
    struct rep_status s;
    /* no folder allowed yet: the line is not shown, and the report says why */
    rep_status_collect(&s, p.vm, &t, st, 0);
    check(!s.where.have_source);
    check_int(s.where.why, ==, SYM_SRC_OUTSIDE);
    check_int(sym_allow_folder_of(&t, path), ==, 0);
    rep_status_collect(&s, p.vm, &t, st, 0);
    check_int(s.status, ==, VM_NO_PGM_HANDLER);
    check(s.interrupted);
    check_int(s.in.cls, ==, VM_INT_PGM);
    check_uint(s.in.code, ==, 0x0001);
    check_str(s.pic_name, "operation");
    check_uint(rep_failing_addr(&s.in), ==, bad);
    check(s.have_where);
    check_uint(s.where.addr, ==, bad);
    check(s.where.found);
    check_str(s.where.sym.csect, "MAIN");
    check_uint(s.where.sym.csect_off, ==, bad - ORG);
    check(s.where.sym.label && strcmp(s.where.sym.label, "HERE") == 0);
    check_uint(s.where.sym.label_off, ==, 0);
    check(s.where.sym.file && strcmp(s.where.sym.file, path) == 0);
    check_int(s.where.sym.line, ==, 2);
    check(s.where.have_source);
    check_str(s.where.source, "         DC    H'0'    bad");
    check_int(imprun_exit_code(s.status, s.rc), ==, EXIT_RUN_PGM);

    struct rep_regs r;
    rep_regs_collect(&r, p.vm);
    check_uint(r.gr[2], ==, 7);
    check_uint(r.psw, ==, vm_get_psw(p.vm));
    check_uint(r.cc, ==, vm_get_cc(p.vm));

    sym_free(&t);
    obj_free(&m);
    unlink(path);
    vm_free(p.vm);
}

/* A loop stopped by the cycle limit: at an instruction boundary, and
 * the report names the instruction the PSW points at. */
static void test_status_limit(void)
{
    struct prog p;
    struct rep_status s;
    struct symtab none;
    prog_start(&p);
    I(&p, "LA", .r1 = 2, .d2 = 1, .b2 = 2);
    I(&p, "BC", .r1 = 15, .d2 = ORG);
    enum vm_status st = run_for(&p, 500);
    sym_init(&none, NULL, 0);
    rep_status_collect(&s, p.vm, &none, st, 0);
    check_int(s.status, ==, VM_CYCLE_LIMIT);
    check(!s.interrupted);
    check(!s.inside);
    check(s.have_where);
    check_uint(s.where.addr, ==, (uint32_t)vm_get_psw(p.vm) & 0xFFFFFF);
    check(s.where.addr == ORG || s.where.addr == ORG + 4);
    check_int(imprun_exit_code(s.status, s.rc), ==, EXIT_RUN_LIMIT);
    check_str(imprun_exit_name(EXIT_RUN_LIMIT), "cycle-limit");
    vm_free(p.vm);
}

static int st_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    return vm_fetch_bytes(ctx, addr, buf, len);
}

/* Dump lines: a whole line, a short one, one cut by the end of storage,
 * one wholly outside. */
static void test_dump(void)
{
    struct vm *vm = vm_new(NULL);
    struct svc_storage st = { vm, st_read, NULL, NULL };
    static const uint8_t text[4] = { 0xC1, 0xC2, 0xC3, 0x40 };
    vm_store_bytes(vm, 0x1000, text, 4);
    uint32_t end = vm_storage_size(vm);
    struct rep_dump_line l;

    rep_dump_collect_line(&l, &st, 0x1000, 40);
    check_uint(l.addr, ==, 0x1000);
    check_uint(l.want, ==, 16);
    check_uint(l.n, ==, 16);
    check(memcmp(l.bytes, text, 4) == 0);
    rep_dump_collect_line(&l, &st, 0x1002, 3);
    check_uint(l.want, ==, 3);
    check_uint(l.n, ==, 3);
    check_uint(l.bytes[0], ==, 0xC3);
    rep_dump_collect_line(&l, &st, end - 8, 32);
    check_uint(l.want, ==, 16);
    check_uint(l.n, ==, 8);
    rep_dump_collect_line(&l, &st, end, 16);
    check_uint(l.n, ==, 0);

    char buf[128];
    rep_dump_collect_line(&l, &st, 0x1000, 4);
    rep_dump_format_line(buf, sizeof buf, &l, 0);
    check_str(buf, "R:00001000:K:00=C1C2C340  ABC ");
    vm_free(vm);
}

/* Trace formatting: a record with its results, as one line. */
static void test_trace_format(void)
{
    struct rep_trace_insn r;
    struct symtab none;
    char buf[256];
    memset(&r, 0, sizeof r);
    r.addr = 0x10004;
    r.bytes[0] = 0x41, r.bytes[1] = 0x20, r.bytes[2] = 0x00, r.bytes[3] = 0x0A;
    r.len = 4;
    r.cc = 2;
    r.after[2] = 10;
    sym_init(&none, NULL, 0);
    rep_trace_format_tail(buf, sizeof buf, r.cc, r.before, r.after);
    check_str(buf, " CC2 GR02=0000000A");
    rep_trace_format(buf, sizeof buf, &none, &r);
    check(strncmp(buf, "010004 ", 7) == 0);
    check(strstr(buf, "LA    2,10(0,0)") != NULL);
    check(strstr(buf, " CC2 GR02=0000000A") != NULL);
}

/* Everything at once: the parts agree with the machine. */
static void test_run(void)
{
    struct prog p;
    static struct rep_run r;
    struct symtab none;
    prog_start(&p);
    I(&p, "LA", .r1 = 5, .d2 = 3);
    enum vm_status st = run_for(&p, 100000);
    sym_init(&none, NULL, 0);
    rep_run_collect(&r, p.vm, &none, st, 0, NULL);
    check_int(r.status.status, ==, VM_NO_SVC_HANDLER);
    check_uint(r.storage, ==, vm_storage_size(p.vm));
    check_uint(r.regs.gr[5], ==, 3);
    check_uint(r.stats.instructions, ==, 2);
    check_uint(r.svc_calls, ==, 0);
    vm_free(p.vm);
}

int main(void)
{
    test_stats();
    test_status_svc();
    test_status_program();
    test_status_limit();
    test_dump();
    test_trace_format();
    test_run();
    return tap_done();
}
