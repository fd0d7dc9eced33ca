/*
 * hpms.c -- the hardware performance monitors of a run, by their table
 * (vm/hpm/hpm.def; each one's descriptor does its own part): armed in
 * table order with their control blocks and areas at the top of storage
 * (key 0, below what any of them reserves at the very top), the summary
 * of what each saw and cost, and the monitor data file, imp-profile(5),
 * that impprof(1) reads.
 */
#include "run.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "hpm.h"
#include "report.h"

int imprun_mon_arm(struct run *r, uint32_t floor)
{
    const struct imprun_opts *o = r->o;
    struct imprun_mon *m = &r->mon;
    struct vm *vm = r->vm;
    m->top = m->lo = hpm_top(o, vm_storage_size(vm));
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->arm && (*c)->on(o) && (*c)->arm(r, floor) != 0)
            return -1;
    if (m->lo < m->top) {
        /* the area is the machine's: key 0, out of the program's region */
        uint32_t klo = m->lo & ~(VM_KEY_BLOCK - 1), khi = (m->top + VM_KEY_BLOCK - 1) &
                                                         ~(VM_KEY_BLOCK - 1);
        if (khi > vm_storage_size(vm))
            khi = vm_storage_size(vm);
        if (klo >= floor)
            vm_set_storage_key(vm, klo, khi - klo, 0);
        svc_limit_region(r->tk[0].svc, klo);    /* (task 1's address space) */
    }
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->enable && (*c)->on(o) && (*c)->enable(r) != 0)
            return -1;
    return 0;
}

void imprun_mon_free(struct run *r)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->release)
            (*c)->release(r);
}

void imprun_mon_report(FILE *f, struct run *r)
{
    if (r->ntasks > 1)
        vm_select_task(r->vm, 1);           /* the monitors' storage is task 1's */
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->summary && (*c)->on(r->o))
            (*c)->summary(f, r);
}

/* ---- the monitor data file (imp-profile(5)) ------------------------------------- */

static void opcode_text(unsigned d, char *buf, size_t size)
{
    snprintf(buf, size, d < 256 ? "%02X" : "B2%02X", d < 256 ? d : d - 256);
}

/* The load module, but its MOD records: the object files it was linked
 * from (temporary ones when imprun built it) say nothing impprof needs,
 * and the same run must give the same file. */
static void write_module(FILE *f, const struct obj_module *m)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return;
    obj_write_stream(m, mem);
    if (fclose(mem) != 0) {
        free(text);
        return;
    }
    for (char *line = text, *nl; line && *line; line = nl ? nl + 1 : NULL) {
        nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);
        if (strncmp(line, "MOD ", 4) != 0)
            fwrite(line, 1, n, f);
    }
    free(text);
}

void imprun_profile_write(FILE *f, struct run *r, enum vm_status st)
{
    const struct imprun_opts *o = r->o;
    struct vm *vm = r->vm;
    const struct vm_counters *k = vm_counters(vm);
    if (r->ntasks > 1)
        vm_select_task(vm, 1);
    fprintf(f, "IMPPROF 1\n");
    fprintf(f, "run status=%s cycles=%" PRIu64 " instructions=%" PRIu64 " microwords=%" PRIu64
            "\n", vm_status_name(st), k->cycles, k->instructions, k->microwords);
    for (int t = 0; t < r->ntasks; t++) {
        struct vm_task_info ti;
        const char *name = strrchr(r->tk[t].name, '/');
        name = name ? name + 1 : r->tk[t].name;
        if (vm_task_info(vm, (unsigned)t + 1, &ti) != 0)
            memset(&ti, 0, sizeof ti);
        fprintf(f, "task %d cycles=%" PRIu64 " instructions=%" PRIu64 " name=", t + 1,
                ti.cpu_cycles, ti.instructions);
        for (const char *c = name; *c; c++)
            fputc(isspace((unsigned char)*c) || *c == '=' ? '_' : *c, f);
        fputc('\n', f);
        if (r->tk[t].have_mod) {
            if (r->tk[t].delta)
                fprintf(f, "module %d delta=%" PRId64 "\n", t + 1, r->tk[t].delta);
            else
                fprintf(f, "module %d\n", t + 1);
            write_module(f, &r->tk[t].mod);
        }
    }
    if (!o->core) {                     /* imprun's own code: the nucleus, the exit stub */
        static const struct { const char *name; uint32_t at, len; } sys[] = {
            { "NUCLEUS", IMPRUN_NUCLEUS, 8 }, { "EXITSTUB", IMPRUN_EXIT_STUB, 4 },
        };
        for (size_t i = 0; i < sizeof sys / sizeof sys[0]; i++) {
            uint8_t b[8];
            uint32_t n = sys[i].len;
            if (sys[i].at == IMPRUN_EXIT_STUB && !o->supervisor)
                n = 2;                  /* SVC 3 */
            vm_fetch_bytes(vm, sys[i].at, b, n);
            fprintf(f, "text %s %" PRIX32 " ", sys[i].name, sys[i].at);
            for (uint32_t j = 0; j < n; j++)
                fprintf(f, "%02X", b[j]);
            fputc('\n', f);
        }
    }
    for (unsigned d = 0; d < 512; d++)
        if (k->op_count[d]) {
            char opc[8];
            const char *mn = rep_op_name(d);
            opcode_text(d, opc, sizeof opc);
            fprintf(f, "exact %s %s %" PRIu64 " %" PRIu64 "\n", opc, mn ? mn : "?",
                    k->op_count[d], k->op_cycles[d]);
        }
    for (const struct hpm_class *const *c = hpm_classes; *c; c++) {
        if ((*c)->hw < 0)
            continue;
        struct vm_hpm_stats s;              /* what each one's microcode cost, armed */
        vm_hpm_stats(vm, (enum vm_hpm)(*c)->hw, &s);   /* by imprun or by the program */
        if ((*c)->on(o) || s.entries || s.cycles)
            fprintf(f, "monitor %s entries=%" PRIu64 " cycles=%" PRIu64 " microwords=%" PRIu64
                    "\n", (*c)->name, s.entries, s.cycles, s.microwords);
    }
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->profile && (*c)->on(o))
            (*c)->profile(f, r);
    fprintf(f, "end\n");
}
