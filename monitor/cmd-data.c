/*
 * cmd-data.c -- looking at the machine: examine and deposit (through the
 * register descriptors of regs.c, or storage), print, disasm, microword,
 * counters and opcodes.
 */
#include "mon.h"
#include "cmd.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "microword.h"
#include "report.h"

static struct vm *machine(struct mon *m)
{
    struct vm *vm = mon_vm(m);
    if (!vm)
        mon_error(m, "no program loaded (load FILE)");
    return vm;
}

/* One descriptor's registers: a file four to a line, one alone with what it is. */
static void show_desc(struct mon *m, struct vm *vm, const struct reg_desc *d)
{
    int digits = (int)d->bits / 4;
    char name[16];
    if (d->count == 1) {
        reg_name(d, 0, name, sizeof name);
        uint64_t v = d->get(vm, 0);
        fprintf(m->out, "%-6s= X'%0*llX'  %s\n", name, digits, (unsigned long long)v, d->what);
        return;
    }
    for (unsigned n = 0; n < d->count; n++) {
        reg_name(d, n, name, sizeof name);
        fprintf(m->out, "%-4s=%0*llX%s", name, digits, (unsigned long long)d->get(vm, n),
                n % 4 == 3 || n + 1 == d->count ? "\n" : "  ");
    }
}

/* Every descriptor of group g; 0, or -1 if there is no such group. */
static int show_group(struct mon *m, struct vm *vm, const char *g)
{
    size_t count;
    const struct reg_desc *t = reg_table(&count);
    int any = 0;
    for (size_t i = 0; i < count; i++)
        if (t[i].group && strcasecmp(t[i].group, g) == 0) {
            show_desc(m, vm, &t[i]);
            any = 1;
        }
    return any ? 0 : -1;
}

/* "ADDR[,LEN]" into *addr and *len (len: dflt when absent). */
static int addr_len(struct mon *m, const char *text, uint32_t *addr, uint32_t *len, uint32_t dflt,
                    uint32_t max)
{
    char buf[256], err[300];
    snprintf(buf, sizeof buf, "%s", text);
    char *comma = strrchr(buf, ',');
    *len = dflt;
    if (comma) {
        int64_t v;
        *comma = '\0';
        if (expr_eval(m, comma + 1, &v, err, sizeof err) != 0)
            return mon_error(m, "length '%s': %s", comma + 1, err);
        if (v < 1 || (uint64_t)v > max)
            return mon_error(m, "length %lld is not 1 to %u", (long long)v, max);
        *len = (uint32_t)v;
    }
    if (where_parse(m, buf, addr, err, sizeof err) != 0)
        return mon_error(m, "'%s': %s", buf, err);
    return 0;
}

int cmd_examine(struct mon *m, int argc, char **argv)
{
    struct vm *vm = machine(m);
    if (!vm)
        return -1;
    if (argc == 1) {
        show_group(m, vm, "psw");
        show_group(m, vm, "gr");
        return 0;
    }
    char text[256];
    cmd_join(argc, argv, 1, text, sizeof text);
    unsigned n;
    const struct reg_desc *d = reg_find(text, &n);
    if (d) {
        char name[16];
        reg_name(d, n, name, sizeof name);
        uint64_t v = d->get(vm, n);
        fprintf(m->out, "%-6s= X'%0*llX'", name, (int)d->bits / 4, (unsigned long long)v);
        if (d->bits <= 32)
            fprintf(m->out, "  %llu", (unsigned long long)v);
        fputc('\n', m->out);
        return 0;
    }
    if (argc == 2 && show_group(m, vm, argv[1]) == 0)
        return 0;
    uint32_t addr, len;
    if (addr_len(m, text, &addr, &len, 32, 65536) != 0)
        return -1;
    if (addr >= vm_storage_size(vm))
        return mon_error(m, "X'%06X' is outside storage (X'%X' bytes)", addr, vm_storage_size(vm));
    rep_dump_print(m->out, &m->r.host, addr, len, 0);
    m->examined = 1;
    m->examined_at = addr;
    return 0;
}

int cmd_deposit(struct mon *m, int argc, char **argv)
{
    struct vm *vm = machine(m);
    if (!vm)
        return -1;
    char text[256], err[300];
    cmd_join(argc, argv, 1, text, sizeof text);
    char *eq = strchr(text, '=');
    if (!eq)
        return mon_error(m, "deposit needs REG = EXPR or ADDR[,LEN] = EXPR");
    *eq = '\0';
    char *left = text, *end = eq - 1;
    while (*left == ' ')
        left++;
    while (end >= left && *end == ' ')
        *end-- = '\0';
    int64_t v;
    const char *right = eq + 1;
    while (*right == ' ')
        right++;
    if (expr_eval(m, right, &v, err, sizeof err) != 0)
        return mon_error(m, "deposit: '%s': %s", right, err);
    unsigned n;
    const struct reg_desc *d = reg_find(left, &n);
    if (d) {
        char name[16];
        reg_name(d, n, name, sizeof name);
        if (!d->set)
            return mon_error(m, "%s is read-only", name);
        d->set(vm, n, (uint64_t)v);
        fprintf(m->out, "%-6s= X'%0*llX'\n", name, (int)d->bits / 4,
                (unsigned long long)d->get(vm, n));
        return 0;
    }
    uint32_t addr, len;
    if (addr_len(m, left, &addr, &len, 4, 4) != 0)
        return -1;
    if (len == 3)
        return mon_error(m, "deposit: length 3; give 1, 2 or 4 bytes");
    uint8_t b[4];
    for (uint32_t i = 0; i < len; i++)
        b[i] = (uint8_t)((uint64_t)v >> (8 * (len - 1 - i)));
    if (vm_store_bytes(vm, addr, b, len) != 0)
        return mon_error(m, "X'%06X' is outside storage", addr);
    rep_dump_print(m->out, &m->r.host, addr, len, 0);
    return 0;
}

int cmd_print(struct mon *m, int argc, char **argv)
{
    char text[256], err[300], sym[128], src[8];
    int64_t v;
    if (argc < 2)
        return mon_error(m, "print needs an expression");
    cmd_join(argc, argv, 1, text, sizeof text);
    if (expr_eval(m, text, &v, err, sizeof err) != 0)
        return mon_error(m, "print %s: %s", text, err);
    fprintf(m->out, "%lld X'%llX'", (long long)v, (unsigned long long)v);
    if (v >= 0 && v <= VM_ADDR_MASK) {
        where_format(m, (uint32_t)v, sym, sizeof sym, src, sizeof src);
        if (sym[0])
            fprintf(m->out, " %s", sym);
    }
    fputc('\n', m->out);
    return 0;
}

int cmd_disasm(struct mon *m, int argc, char **argv)
{
    struct vm *vm = machine(m);
    if (!vm)
        return -1;
    uint32_t addr = (uint32_t)(vm_get_psw(vm) & VM_ADDR_MASK);
    uint64_t count = 8;
    char err[300];
    if (argc > 3)
        return mon_error(m, "disasm takes WHERE and a count");
    if (argc >= 2 && where_parse(m, argv[1], &addr, err, sizeof err) != 0)
        return mon_error(m, "disasm %s: %s", argv[1], err);
    if (argc == 3 && cmd_count(m, "disasm", argv[2], &count) != 0)
        return -1;
    for (uint64_t i = 0; i < count && addr < vm_storage_size(vm); i++) {
        char text[80], sym[128], src[200];
        int len = where_disasm(m, addr, text, sizeof text);
        where_format(m, addr, sym, sizeof sym, src, sizeof src);
        fprintf(m->out, "%c %06X %-16s %-24s %s\n",
                addr == (uint32_t)(vm_get_psw(vm) & VM_ADDR_MASK) ? '>' : ' ', addr, sym, text,
                src);
        addr += (uint32_t)len;
    }
    return 0;
}

int cmd_microword(struct mon *m, int argc, char **argv)
{
    struct vm *vm = machine(m);
    if (!vm)
        return -1;
    unsigned upc = vm_micro_pc(vm);
    if (argc == 2) {
        int64_t v;
        char err[300];
        if (expr_eval(m, argv[1], &v, err, sizeof err) != 0)
            return mon_error(m, "microword %s: %s", argv[1], err);
        if (v < 0 || (uint64_t)v >= vm_control_store_size(vm))
            return mon_error(m, "microword %s: outside the control store (%u words)", argv[1],
                             vm_control_store_size(vm));
        upc = (unsigned)v;
    }
    struct mc_word w;
    char label[80];
    vm_control_store_word(vm, upc, &w);
    rep_micro_label(vm, upc, label, sizeof label);
    fprintf(m->out, "microword %03X %s\n", upc, label);
    for (unsigned f = 0; f < MC_NFIELDS; f++) {
        const struct mc_field_desc *fd = &mc_fields[f];
        unsigned code = mc_get(&w, fd->pos, fd->width);
        const struct mc_value_desc *vd = mc_value_by_code((enum mc_set)fd->set, code);
        if (code == 0)
            continue;                   /* the field's "nothing" */
        if (vd)
            fprintf(m->out, "  %-5s %-8s %s\n", fd->name, vd->name, vd->what);
        else
            fprintf(m->out, "  %-5s %-8u %s\n", fd->name, code, fd->what);
    }
    return 0;
}

int cmd_counters(struct mon *m, int argc, char **argv)
{
    struct vm *vm = machine(m);
    (void)argc;
    (void)argv;
    if (!vm)
        return -1;
    const struct vm_counters *c = vm_counters(vm);
    char cpi[32];                       /* as imprun --stats: "-" before any instruction */
    rep_ratio(cpi, sizeof cpi, c->cycles, c->instructions);
    double vsec = (double)c->cycles / VM_CYCLES_PER_SECOND;
    fprintf(m->out, "instructions %llu\ncycles       %llu\nmicrowords   %llu\n",
            (unsigned long long)c->instructions, (unsigned long long)c->cycles,
            (unsigned long long)c->microwords);
    fprintf(m->out, "CPI          %s\nvirtual MIPS %.2f\n", cpi,
            vsec > 0 ? (double)c->instructions / vsec / 1e6 : 0.0);
    struct vm_paging_stats ps;
    vm_paging_stats(vm, &ps);
    fprintf(m->out, "page-ins     %llu\npage-outs    %llu\nwait         %llu cycles\n",
            (unsigned long long)ps.pageins, (unsigned long long)ps.pageouts,
            (unsigned long long)ps.wait_cycles);
    uint64_t samples = 0, mcycles = 0;
    struct vm_hpm_stats mon[VM_HPM_COUNT];
    for (int k = 0; k < VM_HPM_COUNT; k++) {
        vm_hpm_stats(vm, (enum vm_hpm)k, &mon[k]);
        samples += mon[k].events;
        mcycles += mon[k].cycles;
    }
    fprintf(m->out, "samples      %llu\nmonitor      %llu cycles (%.2f%%)\n",
            (unsigned long long)samples, (unsigned long long)mcycles,
            c->cycles ? 100.0 * (double)mcycles / (double)c->cycles : 0.0);
    /* the opcodes' cycles are the program's: the run's less the monitors' */
    fprintf(m->out, "program      %llu cycles\n", (unsigned long long)(c->cycles - mcycles));
    for (int k = 0; k < VM_HPM_COUNT; k++)
        if (mon[k].entries)
            fprintf(m->out, "  %-10s %llu cycles, %llu microwords in %llu entries\n",
                    vm_hpm_name((enum vm_hpm)k), (unsigned long long)mon[k].cycles,
                    (unsigned long long)mon[k].microwords, (unsigned long long)mon[k].entries);
    struct vm_per_stats per;
    vm_per_stats(vm, &per);
    fprintf(m->out, "PER          %llu interruptions\n", (unsigned long long)per.interrupts);
    return 0;
}

struct op_row { unsigned idx; uint64_t count, cycles; };

static int by_count(const void *a, const void *b)
{
    const struct op_row *x = a, *y = b;
    return x->count < y->count ? 1 : x->count > y->count ? -1 : (int)x->idx - (int)y->idx;
}

int cmd_opcodes(struct mon *m, int argc, char **argv)
{
    struct vm *vm = machine(m);
    uint64_t n = 16;
    if (!vm || (argc == 2 && cmd_count(m, "opcodes", argv[1], &n) != 0))
        return -1;
    const struct vm_counters *c = vm_counters(vm);
    struct op_row rows[512];
    size_t k = 0;
    for (unsigned i = 0; i < 512; i++)
        if (c->op_count[i])
            rows[k++] = (struct op_row){ i, c->op_count[i], c->op_cycles[i] };
    qsort(rows, k, sizeof rows[0], by_count);
    fprintf(m->out, "%-8s %12s %7s %8s\n", "opcode", "count", "%", "CPI");
    for (size_t i = 0; i < k && i < n; i++) {
        char cpi[32];                   /* as imprun --stats prints it */
        rep_ratio(cpi, sizeof cpi, rows[i].cycles, rows[i].count);
        fprintf(m->out, "%-8s %12llu %6.2f%% %8s\n", rep_op_name(rows[i].idx),
                (unsigned long long)rows[i].count,
                100.0 * (double)rows[i].count / (double)(c->instructions ? c->instructions : 1),
                cpi);
    }
    return 0;
}
