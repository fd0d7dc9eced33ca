/*
 * summary.c -- everything about the end of a run in one struct (status,
 * registers, statistics, host services), and its JSON form for graders.
 * Deterministic: no times, no temporary paths, keys in a fixed order,
 * ratios as exact fixed-point numbers, so two runs of the same program
 * give identical files.  The layout is documented in imprun(1), JSON
 * OUTPUT.
 */
#include "report.h"

#include <string.h>

void rep_run_collect(struct rep_run *r, const struct vm *vm, const struct symtab *t,
                     enum vm_status st, uint32_t rc, const struct services *svc)
{
    rep_status_collect(&r->status, vm, t, st, rc);
    rep_regs_collect(&r->regs, vm);
    rep_stats_collect(&r->stats, vm_counters(vm));
    r->storage = vm_storage_size(vm);
    r->svc_calls = svc ? svc->calls : 0;
    r->svc_bytes_in = svc ? svc->bytes_in : 0;
    r->svc_bytes_out = svc ? svc->bytes_out : 0;
    rep_paging_collect(&r->paging, vm);
    r->abend = NULL;
    r->monitors = NULL;
    r->monitors_ctx = NULL;
}

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

void rep_where_json(struct json *j, const struct rep_where *w)
{
    json_hex(j, "address", w->addr, 6);
    json_str(j, "instruction", w->nbytes ? w->insn : NULL);
    json_str(j, "csect", w->found ? w->sym.csect : NULL);
    if (w->found)
        json_u64(j, "offset", w->sym.csect_off);
    else
        json_str(j, "offset", NULL);
    json_str(j, "file", w->sym.file);
    json_u64(j, "line", (uint64_t)(w->sym.file ? w->sym.line : 0));
}

static void json_interrupt(struct json *j, const struct rep_status *s)
{
    const struct vm_interrupt *in = &s->in;
    if (!s->interrupted) {
        json_str(j, "interrupt", NULL);
        return;
    }
    json_object(j, "interrupt");
    json_str(j, "class", int_class_name(in->cls));
    json_hex(j, "code", in->code, 4);
    json_str(j, "name", in->cls == VM_INT_PGM ? s->pic_name : NULL);
    json_u64(j, "ilc", in->ilc);
    json_hex(j, "old_psw", in->old_psw, 16);
    if (s->have_where)
        rep_where_json(j, &s->where);
    json_end(j, '}');
}

static void json_counters(struct json *j, const struct rep_stats *s)
{
    json_object(j, "counters");
    json_u64(j, "instructions", s->instructions);
    json_u64(j, "cycles", s->cycles);
    json_u64(j, "microwords", s->microwords);
    json_ratio(j, "cpi", s->cycles, s->instructions);
    json_end(j, '}');
    json_array(j, "opcodes");
    for (size_t i = 0; i < s->nops; i++) {
        const struct rep_op *op = &s->ops[i];
        json_object(j, NULL);
        json_hex(j, "opcode", op->opcode, op->opcode > 0xFF ? 4 : 2);
        json_str(j, "mnemonic", op->name);
        json_u64(j, "count", op->count);
        json_u64(j, "cycles", op->cycles);
        json_ratio(j, "cpi", op->cycles, op->count);
        json_end(j, '}');
    }
    json_end(j, ']');
}

void rep_run_json(FILE *f, const struct rep_run *r)
{
    struct json js, *j = &js;
    const struct rep_status *s = &r->status;
    json_begin(j, f);
    json_object(j, NULL);
    json_array(j, "program");
    for (int i = 0; i < r->nprogram; i++)
        json_str(j, NULL, r->program[i]);
    json_end(j, ']');
    json_str(j, "mode", r->mode);
    json_str(j, "status", vm_status_name(s->status));
    json_str(j, "message", vm_status_message(s->status));
    json_u64(j, "exit_code", (uint64_t)r->exit_code);
    json_str(j, "exit_name", imprun_exit_name(r->exit_code));
    if (s->status == VM_EXIT)
        json_i64(j, "return_code", (int32_t)s->rc);
    else
        json_str(j, "return_code", NULL);
    if (s->status == VM_ABEND) {
        char code[16];
        rep_completion_code(s->rc, code, sizeof code);
        json_str(j, "completion_code", code);
    }
    json_hex(j, "psw", r->regs.psw, 16);
    json_u64(j, "cc", r->regs.cc);
    json_array(j, "gr");
    for (unsigned i = 0; i < 16; i++)
        json_hex(j, NULL, r->regs.gr[i], 8);
    json_end(j, ']');
    json_interrupt(j, s);
    json_counters(j, &r->stats);
    json_object(j, "services");
    json_u64(j, "calls", r->svc_calls);
    json_u64(j, "bytes_in", r->svc_bytes_in);
    json_u64(j, "bytes_out", r->svc_bytes_out);
    json_end(j, '}');
    json_u64(j, "max_cycles", r->max_cycles);
    json_u64(j, "storage", r->storage);
    if (r->paging.on)
        rep_paging_json(j, &r->paging);
    if (r->abend)
        rep_abend_json(j, r->abend);
    if (r->monitors)
        r->monitors(j, r->monitors_ctx);
    json_end(j, '}');
}
