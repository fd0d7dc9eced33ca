/*
 * loop.c -- why a run that hit a limit did not end: the loop the last
 * branches went round, and a save-area chain that points at itself (a
 * routine that returned without L 13,4(,13), so that its caller called
 * again with R13 on the routine's own save area).
 *
 * The loop is the backward branch (target at or before the branch) that
 * the branch history holds most often: its target and the branch bound
 * the loop's body.  Found only when it is taken at least twice.
 */
#include "report.h"

#include <string.h>

static uint32_t word_at(const struct vm *vm, uint32_t a)
{
    uint8_t b[4] = { 0 };
    vm_fetch_bytes(vm, a, b, sizeof b);
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* The loop's branch is BR r (BCR 15,r) back to the instruction after a
 * BALR, BASR, BAL or BAS that set r: the return address of a call was
 * used again, because the routine that made the call lost its own.
 * r, and the call's address in *call; else 0. */
static int return_reused(const struct vm *vm, uint32_t branch, uint32_t target, uint32_t *call)
{
    uint8_t b[4] = { 0 };
    vm_fetch_bytes(vm, branch, b, 2);
    unsigned r = b[1] & 15;
    if (b[0] != 0x07 || (b[1] >> 4) != 15 || r == 0 ||
        (vm_get_gr(vm, r) & VM_ADDR_MASK) != target || target < 4)
        return 0;
    vm_fetch_bytes(vm, target - 2, b, 2);
    if ((b[0] == 0x05 || b[0] == 0x0D) && (b[1] >> 4) == r) {
        *call = target - 2;
        return (int)r;
    }
    vm_fetch_bytes(vm, target - 4, b, 2);
    if ((b[0] == 0x45 || b[0] == 0x4D) && (b[1] >> 4) == r) {
        *call = target - 4;
        return (int)r;
    }
    return 0;
}

void rep_loop_collect(struct rep_loop *l, const struct vm *vm, const struct symtab *t)
{
    struct vm_branch b[VM_BRANCH_HISTORY];
    unsigned n = vm_branch_history(vm, b, VM_BRANCH_HISTORY);
    memset(l, 0, sizeof *l);
    l->branches = n;
    for (unsigned i = 0; i < n; i++) {
        if (b[i].to > b[i].from)
            continue;                       /* forward: no loop closes here */
        unsigned hits = 0;
        for (unsigned j = 0; j < n; j++)
            hits += b[j].from == b[i].from && b[j].to == b[i].to;
        if (hits > l->hits) {
            l->hits = hits;
            l->top = b[i].to;
            l->bottom = b[i].from;
        }
    }
    if (l->hits >= 2) {
        l->found = 1;
        rep_where_collect(&l->top_where, vm, t, l->top);
        rep_where_collect(&l->bottom_where, vm, t, l->bottom);
        uint32_t call;
        l->lost_reg = return_reused(vm, l->bottom, l->top, &call);
        if (l->lost_reg)
            rep_where_collect(&l->call_where, vm, t, call);
    }
    uint32_t r13 = vm_get_gr(vm, 13) & VM_ADDR_MASK, size = vm_storage_size(vm);
    if (r13 && !(r13 & 3) && r13 < size && size - r13 >= 72 &&
        (word_at(vm, r13 + 4) & VM_ADDR_MASK) == r13) {
        l->self_chain = 1;
        l->sa = r13;
    }
}

/* "X'010008' LOOP+X'2' (prog.s:5)" */
static void place(char *buf, size_t size, const struct rep_where *w)
{
    int n = snprintf(buf, size, "X'%06X'", w->addr);
    if (n < 0 || (size_t)n >= size)
        return;
    if (w->found && w->sym.label)
        n += snprintf(buf + n, size - (size_t)n, " %s%s", w->sym.label,
                      w->sym.label_off ? "+" : "");
    if (n > 0 && (size_t)n < size && w->found && w->sym.label && w->sym.label_off)
        n += snprintf(buf + n, size - (size_t)n, "X'%X'", w->sym.label_off);
    if (n > 0 && (size_t)n < size && w->found && w->sym.file)
        snprintf(buf + n, size - (size_t)n, " (%s:%d)", w->sym.file, w->sym.line);
}

void rep_loop_print(FILE *out, const char *prog, const struct rep_loop *l, int cycles)
{
    if (l->found) {
        char top[200], bottom[200];
        place(top, sizeof top, &l->top_where);
        place(bottom, sizeof bottom, &l->bottom_where);
        fprintf(out, "%s: note: %u of the last %u branches went round the loop from %s to "
                "the branch at %s", prog, l->hits, l->branches, top, bottom);
        if (l->bottom_where.insn[0]) {
            char insn[80];              /* one blank between the fields */
            size_t k = 0;
            for (const char *s = l->bottom_where.insn; *s && k + 1 < sizeof insn; s++)
                if (*s != ' ' || (k && insn[k - 1] != ' '))
                    insn[k++] = *s;
            insn[k] = '\0';
            fprintf(out, " (%s)", insn);
        }
        fprintf(out, "%s\n", cycles ? ": a loop that never ends, or a program that needs more "
                                      "time (--max-cycles=N raises the limit)" : "");
    } else if (cycles) {
        fprintf(out, "%s: note: --max-cycles=N raises the limit, if the program needs more "
                "time\n", prog);
    }
    if (l->lost_reg) {
        char call[200], insn[80];
        size_t k = 0;
        place(call, sizeof call, &l->call_where);
        for (const char *s = l->call_where.insn; *s && k + 1 < sizeof insn; s++)
            if (*s != ' ' || (k && insn[k - 1] != ' '))
                insn[k++] = *s;
        insn[k] = '\0';
        fprintf(out, "%s: note: BR %d returns to the instruction after the %s at %s, again "
                "and again: that call put its own return address in register %d, and the "
                "routine's was not saved before it (STM 14,12,12(13)) and restored after it "
                "(LM 14,12,12(13))\n", prog, l->lost_reg, insn[0] ? insn : "call", call,
                l->lost_reg);
    }
    if (l->self_chain)
        fprintf(out, "%s: note: the save area at X'%06X' (R13) points back at itself: a "
                "routine was called with R13 on its own save area, because a routine "
                "returned without restoring R13 (L 13,4(,13) before its return)\n", prog,
                l->sa);
}
