/*
 * cmd-break.c -- breakpoints and watchpoints: break, watch, delete, and
 * info (breakpoints, the last branches, tasks, paging, monitors, symbols,
 * registers).
 */
#include "mon.h"
#include "cmd.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hpm.h"
#include "report.h"

static void say_break(struct mon *m, int id)
{
    for (int i = 0; i < MON_MAX_BREAKS; i++) {
        const struct mon_break *b = &m->brk[i];
        if (b->id != id)
            continue;
        fprintf(m->out, "%s %d: ", b->kind == BK_WATCH || b->kind == BK_WREG ? "watchpoint"
                                                                           : "breakpoint", id);
        if (b->kind == BK_ADDR) {
            char sym[128], src[8];
            where_format(m, b->addr, sym, sizeof sym, src, sizeof src);
            fprintf(m->out, "X'%06X'%s%s\n", b->addr, sym[0] ? " " : "", sym);
        } else if (b->kind == BK_WATCH)
            fprintf(m->out, "X'%06X' length %u\n", b->addr, b->len);
        else if (b->kind == BK_WREG)
            fprintf(m->out, "R%u changes\n", b->addr);
        else
            fprintf(m->out, "%s\n", b->text);
    }
}

int cmd_break(struct mon *m, int argc, char **argv)
{
    char text[200], err[300];
    struct mon_break b = { .kind = BK_ADDR };
    if (argc < 2)
        return mon_error(m, "break needs ADDR, SYMBOL, FILE:LINE, op=MNEMONIC or if EXPR");
    cmd_join(argc, argv, 1, text, sizeof text);
    if (strncasecmp(text, "op=", 3) == 0) {
        int op = where_opcode(text + 3);
        if (op < 0)
            return mon_error(m, "break %s: no instruction '%s'", text, text + 3);
        b.kind = BK_OP;
        b.op = (unsigned)op;
        snprintf(b.text, sizeof b.text, "op=%s", text + 3);
    } else if (strcmp(argv[1], "if") == 0) {
        int64_t v;
        cmd_join(argc, argv, 2, text, sizeof text);
        if (argc < 3)
            return mon_error(m, "break if needs an expression");
        if (expr_eval(m, text, &v, err, sizeof err) != 0)
            return mon_error(m, "break if %s: %s", text, err);
        b.kind = BK_COND;
        snprintf(b.text, sizeof b.text, "%s", text);
    } else {
        if (where_parse(m, text, &b.addr, err, sizeof err) != 0)
            return mon_error(m, "break %s: %s", text, err);
        snprintf(b.text, sizeof b.text, "%s", text);
    }
    int id = mon_break_add(m, &b);
    if (id < 0)
        return -1;
    if (b.kind == BK_COND)
        fprintf(m->out, "breakpoint %d: if %s\n", id, b.text);
    else
        say_break(m, id);
    return 0;
}

int cmd_watch(struct mon *m, int argc, char **argv)
{
    char text[200], err[300];
    struct mon_break b = { .kind = BK_WATCH, .len = 4 };
    if (argc < 2)
        return mon_error(m, "watch needs ADDR[,LEN] or gr N");
    if (strcasecmp(argv[1], "gr") == 0 || strcasecmp(argv[1], "r") == 0) {
        uint64_t n;
        int64_t v;
        if (argc != 3 || expr_eval(m, argv[2], &v, err, sizeof err) != 0 || v < 0 || v > 15)
            return mon_error(m, "watch gr needs a register number 0-15");
        n = (uint64_t)v;
        b.kind = BK_WREG;
        b.addr = (uint32_t)n;
        snprintf(b.text, sizeof b.text, "gr %u", b.addr);
    } else {
        cmd_join(argc, argv, 1, text, sizeof text);
        char *comma = strrchr(text, ',');
        if (comma) {
            int64_t len;
            *comma = '\0';
            if (expr_eval(m, comma + 1, &len, err, sizeof err) != 0)
                return mon_error(m, "watch: length '%s': %s", comma + 1, err);
            if (len < 1 || len > 0x1000000)
                return mon_error(m, "watch: length %lld out of range", (long long)len);
            b.len = (uint32_t)len;
        }
        if (where_parse(m, text, &b.addr, err, sizeof err) != 0)
            return mon_error(m, "watch %s: %s", text, err);
        snprintf(b.text, sizeof b.text, "%s", text);
    }
    int id = mon_break_add(m, &b);
    if (id < 0)
        return -1;
    say_break(m, id);
    return 0;
}

int cmd_delete(struct mon *m, int argc, char **argv)
{
    if (argc != 2)
        return mon_error(m, "delete needs a breakpoint number or 'all'");
    if (strcmp(argv[1], "all") == 0) {
        for (int i = 0; i < MON_MAX_BREAKS; i++)
            if (m->brk[i].id)
                mon_break_delete(m, m->brk[i].id);
        fprintf(m->out, "every breakpoint deleted\n");
        return 0;
    }
    char *end;
    long id = strtol(argv[1], &end, 10);
    if (*end || id <= 0)
        return mon_error(m, "delete: '%s' is not a breakpoint number", argv[1]);
    if (mon_break_delete(m, (int)id) != 0)
        return -1;
    fprintf(m->out, "deleted %ld\n", id);
    return 0;
}

/* ---- info -------------------------------------------------------------------------- */

static int info_break(struct mon *m)
{
    int n = 0;
    for (int i = 0; i < MON_MAX_BREAKS; i++) {
        const struct mon_break *b = &m->brk[i];
        if (!b->id)
            continue;
        if (!n++)
            fprintf(m->out, "%-4s %-8s %-10s %s\n", "id", "kind", "hits", "where");
        char place[200] = "";
        if (b->kind == BK_ADDR) {
            char sym[128], src[8];
            where_format(m, b->addr, sym, sizeof sym, src, sizeof src);
            snprintf(place, sizeof place, "X'%06X' %s", b->addr, sym[0] ? sym : b->text);
        } else if (b->kind == BK_WATCH)
            snprintf(place, sizeof place, "X'%06X',%u", b->addr, b->len);
        else
            snprintf(place, sizeof place, "%s", b->text);
        fprintf(m->out, "%-4d %-8s %-10llu %s\n", b->id, mon_break_kind_name(b->kind),
                (unsigned long long)b->hits, place);
    }
    if (!n)
        fprintf(m->out, "no breakpoints or watchpoints\n");
    return 0;
}

static int info_tasks(struct mon *m)
{
    struct vm *vm = mon_vm(m);
    if (!vm)
        return mon_error(m, "no program loaded (load FILE)");
    fprintf(m->out, "%-4s %-12s %12s %12s %12s %8s %8s %6s\n", "task", "state", "insns",
            "cpu", "wait", "pageins", "pageouts", "frames");
    for (unsigned id = 1; id <= vm_task_count(vm); id++) {
        struct vm_task_info t;
        if (vm_task_info(vm, id, &t) != 0)
            continue;
        fprintf(m->out, "%-4u %-12s %12llu %12llu %12llu %8llu %8llu %6u\n", id,
                t.ended ? vm_status_name(t.status)
                : m->ended && !vm_paging_on(vm) ? vm_status_name(m->stop.st)
                : id == vm_current_task(vm) ? "ready" : "waiting",
                (unsigned long long)t.instructions, (unsigned long long)t.cpu_cycles,
                (unsigned long long)t.wait_cycles, (unsigned long long)t.pageins,
                (unsigned long long)t.pageouts, t.frames);
    }
    return 0;
}

static int info_paging(struct mon *m)
{
    struct vm *vm = mon_vm(m);
    if (!vm)
        return mon_error(m, "no program loaded (load FILE)");
    struct vm_paging cfg;
    uint64_t slice;
    if (vm_paging_config(vm, &cfg, &slice) != 0) {
        fprintf(m->out, "paging is off (set frames N turns it on)\n");
        return 0;
    }
    struct vm_paging_stats s;
    vm_paging_stats(vm, &s);
    fprintf(m->out, "paging: %u frames of %u bytes, %s, %s replacement, slice %llu cycles\n",
            cfg.frames, cfg.page_size, vm_policy_name(cfg.policy), cfg.local ? "local" : "global",
            (unsigned long long)slice);
    fprintf(m->out, "page-ins %llu  page-outs %llu  frames used %u  wait %llu cycles\n",
            (unsigned long long)s.pageins, (unsigned long long)s.pageouts, s.frames_used,
            (unsigned long long)s.wait_cycles);
    return 0;
}

static int info_monitors(struct mon *m)
{
    struct vm *vm = mon_vm(m);
    if (!vm)
        return mon_error(m, "no program loaded (load FILE)");
    hpm_info(m->out, vm);
    return 0;
}

static void print_symbol(void *ctx, const char *name)
{
    struct mon *m = ctx;
    uint32_t a;
    if (where_symbol(m, name, &a) == 0)
        fprintf(m->out, "X'%06X' %s\n", a, name);
}

static int info_symbols(struct mon *m)
{
    if (!m->loaded)
        return mon_error(m, "no program loaded (load FILE)");
    where_each_symbol(m, print_symbol, m);
    return 0;
}

/* The machine's last branches, oldest first: where the program came from. */
static int info_branches(struct mon *m)
{
    struct vm *vm = mon_vm(m);
    if (!vm)
        return mon_error(m, "no program loaded (load FILE)");
    struct vm_branch b[VM_BRANCH_HISTORY];
    unsigned n = vm_branch_history(vm, b, VM_BRANCH_HISTORY);
    if (!n)
        fprintf(m->out, "no branches yet\n");
    for (unsigned i = 0; i < n; i++) {
        char from[128], to[128], src[8];
        where_format(m, b[i].from, from, sizeof from, src, sizeof src);
        where_format(m, b[i].to, to, sizeof to, src, sizeof src);
        fprintf(m->out, "X'%06X' %-18s -> X'%06X' %s\n", b[i].from, from, b[i].to, to);
    }
    return 0;
}

/* info alone: the program, where the machine is, the counts, the
 * breakpoints, the monitors armed and paging, a line each. */
static int info_summary(struct mon *m)
{
    struct vm *vm = mon_vm(m);
    if (!vm) {
        fprintf(m->out, "no program loaded (load FILE)\n");
        return 0;
    }
    fprintf(m->out, "program:  %s", m->prog[0] ? m->prog[0] : "?");
    for (int k = 1; k < m->o.ntasks && m->prog[k]; k++)
        fprintf(m->out, ", %s", m->prog[k]);
    fprintf(m->out, "%s\n", m->o.ntasks > 1 ? " (one task each)" : "");
    uint32_t ia = vm_between_instructions(vm) ? (uint32_t)(vm_get_psw(vm) & VM_ADDR_MASK)
                                              : vm_instruction_address(vm);
    char sym[128], src[8];
    where_format(m, ia, sym, sizeof sym, src, sizeof src);
    const struct vm_counters *c = vm_counters(vm);
    char state[64];
    mon_state(m, state, sizeof state);
    fprintf(m->out, "state:    %s at X'%06X'%s%s\n", state, ia, sym[0] ? " " : "", sym);
    fprintf(m->out, "counts:   %llu instructions, %llu cycles\n",
            (unsigned long long)c->instructions, (unsigned long long)c->cycles);
    int nb = 0, nw = 0;
    for (int i = 0; i < MON_MAX_BREAKS; i++)
        if (m->brk[i].id)
            m->brk[i].kind == BK_WATCH || m->brk[i].kind == BK_WREG ? nw++ : nb++;
    fprintf(m->out, "breaks:   %d breakpoint%s, %d watchpoint%s\n", nb, nb == 1 ? "" : "s", nw,
            nw == 1 ? "" : "s");
    char armed[160] = "";
    size_t k = 0;
    for (int i = 0; i < VM_HPM_COUNT; i++) {
        struct vm_hpm_stats st;
        vm_hpm_stats(vm, (enum vm_hpm)i, &st);
        if (st.on && k < sizeof armed)
            k += (size_t)snprintf(armed + k, sizeof armed - k, " %s", vm_hpm_name((enum vm_hpm)i));
    }
    if ((vm_get_psw(vm) & VM_PSW_PER) && (vm_get_cr(vm, 9) >> 27) && !strstr(armed, " per") &&
        k < sizeof armed)               /* (PER serving a monitor: on, but not its own row) */
        k += (size_t)snprintf(armed + k, sizeof armed - k, " per");
    fprintf(m->out, "monitors:%s\n", k ? armed : " none");
    struct vm_paging cfg;
    uint64_t slice;
    if (vm_paging_config(vm, &cfg, &slice) == 0)
        fprintf(m->out, "paging:   %u frames of %u bytes, %s, %u task%s\n", cfg.frames,
                cfg.page_size, vm_policy_name(cfg.policy), vm_task_count(vm),
                vm_task_count(vm) == 1 ? "" : "s");
    else
        fprintf(m->out, "paging:   off\n");
    fprintf(m->out, "(info break|branches|tasks|paging|monitors|symbols|registers: the details)\n");
    return 0;
}

int cmd_info(struct mon *m, int argc, char **argv)
{
    static const struct { const char *name; int (*fn)(struct mon *); } subs[] = {
        { "break", info_break }, { "branches", info_branches }, { "tasks", info_tasks },
        { "paging", info_paging }, { "monitors", info_monitors }, { "symbols", info_symbols },
    };
    if (argc == 1)
        return info_summary(m);
    if (argc != 2)
        return mon_error(m, "info takes one of: break, branches, tasks, paging, monitors, "
                         "symbols, registers (or none: a summary)");
    size_t n = strlen(argv[1]);
    for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
        if (n && strncmp(subs[i].name, argv[1], n) == 0)
            return subs[i].fn(m);
    if (n && strncmp("registers", argv[1], n) == 0) {
        char *xa[] = { "examine", NULL };
        return cmd_examine(m, 1, xa);
    }
    return mon_error(m, "info %s: not one of break, branches, tasks, paging, monitors, symbols, "
                     "registers", argv[1]);
}
