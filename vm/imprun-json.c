/*
 * imprun-json.c -- the --json report: everything about the end of a run
 * in one object, for graders.  Deterministic: no times, no temporary
 * paths, keys in a fixed order, ratios as exact fixed-point numbers, so
 * two runs of the same program give identical files.  The layout is
 * documented in imprun(1), JSON OUTPUT.
 */
#include "imprun.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "isa.h"
#include "report.h"
#include "services.h"
#include "vm.h"

static const char *int_class_name(enum vm_int_class c)
{
    switch (c) {
    case VM_INT_PGM: return "program";
    case VM_INT_SVC: return "svc";
    case VM_INT_EXT: return "external";
    case VM_INT_RESTART: return "restart";
    case VM_INT_NONE: break;
    }
    return "none";
}

static void json_location(struct json *j, const struct vm *vm, const struct symtab *t,
                          uint32_t addr)
{
    struct sym_where w;
    uint8_t b[6] = { 0 };
    size_t avail = 0;
    char dis[80] = "";
    while (avail < 6 && vm_fetch_bytes(vm, addr + (uint32_t)avail, &b[avail], 1) == 0)
        avail++;
    if (avail)
        isa_disasm(b, avail, dis, sizeof dis);
    json_hex(j, "address", addr, 6);
    json_str(j, "instruction", avail ? dis : NULL);
    int found = sym_lookup(t, addr, &w) == 0;
    json_str(j, "csect", found ? w.csect : NULL);
    if (found)
        json_u64(j, "offset", w.csect_off);
    else
        json_str(j, "offset", NULL);
    json_str(j, "file", w.file);
    json_u64(j, "line", (uint64_t)(w.file ? w.line : 0));
}

static void json_interrupt(struct json *j, const struct vm *vm, const struct symtab *t, int status)
{
    const struct vm_interrupt *in = vm_last_interrupt(vm);
    if (status != VM_NO_PGM_HANDLER && status != VM_NO_SVC_HANDLER &&
        status != VM_NO_EXT_HANDLER) {
        json_str(j, "interrupt", NULL);
        return;
    }
    char name[80] = "";
    json_object(j, "interrupt");
    json_str(j, "class", int_class_name(in->cls));
    json_hex(j, "code", in->code, 4);
    if (in->cls == VM_INT_PGM)
        report_pic_name(in->code, name, sizeof name);
    json_str(j, "name", in->cls == VM_INT_PGM ? name : NULL);
    json_u64(j, "ilc", in->ilc);
    json_hex(j, "old_psw", in->old_psw, 16);
    if (in->cls != VM_INT_EXT)
        json_location(j, vm, t, report_failing_addr(in));
    json_end(j, '}');
}

static void json_counters(struct json *j, const struct vm_counters *c)
{
    struct op_stat ops[512];
    json_object(j, "counters");
    json_u64(j, "instructions", c->instructions);
    json_u64(j, "cycles", c->cycles);
    json_u64(j, "microwords", c->microwords);
    json_ratio(j, "cpi", c->cycles, c->instructions);
    json_end(j, '}');
    size_t n = stats_collect(c, ops);
    json_array(j, "opcodes");
    for (size_t i = 0; i < n; i++) {
        json_object(j, NULL);
        json_hex(j, "opcode", ops[i].opcode, ops[i].opcode > 0xFF ? 4 : 2);
        json_str(j, "mnemonic", ops[i].name);
        json_u64(j, "count", ops[i].count);
        json_u64(j, "cycles", ops[i].cycles);
        json_ratio(j, "cpi", ops[i].cycles, ops[i].count);
        json_end(j, '}');
    }
    json_end(j, ']');
}

static void json_body(struct json *j, const struct imprun_opts *o, const struct vm *vm,
                      const struct symtab *t, int status, uint32_t rc, int exit_code,
                      const struct services *svc)
{
    json_object(j, NULL);
    json_array(j, "program");
    if (o->core)
        json_str(j, NULL, o->core);
    for (int i = 0; i < o->ninputs; i++)
        json_str(j, NULL, o->inputs[i]);
    json_end(j, ']');
    json_str(j, "mode", o->core ? "core" : o->ninputs == 1 && !imprun_is_source(o->inputs[0]) ?
                                            "load" : "source");
    json_str(j, "status", vm_status_name((enum vm_status)status));
    json_str(j, "message", vm_status_message((enum vm_status)status));
    json_u64(j, "exit_code", (uint64_t)exit_code);
    json_str(j, "exit_name", imprun_exit_name(exit_code));
    if (status == VM_EXIT)
        json_i64(j, "return_code", (int32_t)rc);
    else
        json_str(j, "return_code", NULL);
    uint64_t psw = vm_get_psw(vm);
    json_hex(j, "psw", psw, 16);
    json_u64(j, "cc", vm_get_cc(vm));
    json_array(j, "gr");
    for (unsigned i = 0; i < 16; i++)
        json_hex(j, NULL, vm_get_gr(vm, i), 8);
    json_end(j, ']');
    json_interrupt(j, vm, t, status);
    json_counters(j, vm_counters(vm));
    json_object(j, "services");
    json_u64(j, "calls", svc->calls);
    json_u64(j, "bytes_in", svc->bytes_in);
    json_u64(j, "bytes_out", svc->bytes_out);
    json_end(j, '}');
    json_u64(j, "max_cycles", o->max_cycles);
    json_u64(j, "storage", vm_storage_size(vm));
    json_end(j, '}');
}

void imprun_write_json(FILE *f, const struct imprun_opts *o, const struct vm *vm,
                       const struct symtab *syms, int status, uint32_t rc, int exit_code,
                       const struct services *svc)
{
    struct json j;
    json_begin(&j, f);
    json_body(&j, o, vm, syms, status, rc, exit_code, svc);
}
