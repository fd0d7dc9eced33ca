/*
 * abend.c -- the abend report: what a student sees when a program ends
 * abnormally.  Collected from the machine into struct rep_abend (the
 * completion code, the PSW and the failing instruction, the registers,
 * the branch history of the VM, the save-area chain from R13, hints that
 * name the likely cause, storage around the failure), then printed as
 * text or written as JSON.  Storage is read with vm_fetch_bytes (no
 * protection): a report never changes the machine.
 *
 * Completion codes follow MVS: a program interruption with code 1-15 is
 * S0C1-S0CF (a segment or page translation exception is S0C4), the time
 * limit is S322, and an ABEND the program asked for is Unnnn (user,
 * decimal) or Snnn (system, hex).
 */
#include "abend-int.h"

#include <string.h>

#include "isa.h"

/* ---- reading the machine ------------------------------------------------- */

/* svc_storage over the machine, for the dump lines (dump.c). */
static int storage_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    const struct vm *const *vm = ctx;
    return vm_fetch_bytes(*vm, addr, buf, len);
}

/* ---- the completion code -------------------------------------------------- */

void rep_abend_completion(uint16_t pic, char *buf, size_t size)
{
    unsigned c = pic & 0xFF7Fu;         /* without the PER event */
    if (c == 0x10 || c == 0x11)         /* segment, page translation: as MVS */
        c = 4;
    if (c >= 1 && c <= 15)
        snprintf(buf, size, "S0C%X", c);
    else
        snprintf(buf, size, "%s", "");
}

int rep_abend_wanted(enum vm_status st)
{
    return st == VM_NO_PGM_HANDLER || st == VM_ABEND;
}

static void completion(struct rep_abend *a)
{
    if (a->status.status == VM_ABEND)
        rep_completion_code(a->status.rc, a->code, sizeof a->code);
    else if (a->have_pic)
        rep_abend_completion(a->pic, a->code, sizeof a->code);
    else if (a->status.status == VM_CYCLE_LIMIT)
        snprintf(a->code, sizeof a->code, "S322");
}

/* ---- the failing instruction and its operands ----------------------------- */

static void add_operand(struct rep_abend *a, unsigned num, unsigned base, uint32_t addr)
{
    a->opnum[a->noperands] = num;
    a->opbase[a->noperands] = base;
    a->operand[a->noperands++] = addr;
}

/* The storage operands of the instruction at w (a format that has them;
 * a branch's address is no operand). */
static void operands(struct rep_abend *a, const struct vm *vm)
{
    const struct rep_where *w = &a->where;
    if (w->nbytes < 2)
        return;
    const struct isa_insn *in = isa_by_opcode(w->bytes[0], w->bytes[1]);
    if (!in || (in->flags & F_BRANCH))
        return;
    struct vm_datapath dp;
    vm_datapath(vm, &dp);
    if (dp.iaddr != w->addr)            /* the latches are another instruction's */
        return;
    unsigned b = w->nbytes >= 4 ? w->bytes[2] >> 4 : 0;    /* B2 (B1 of SI, SS) */
    switch (in->format) {
    case FMT_RX: case FMT_RS: case FMT_RS_M: case FMT_S: case FMT_S2:
        add_operand(a, 2, b, dp.ea2);
        break;
    case FMT_SI:
        add_operand(a, 1, b, dp.ea1);
        break;
    case FMT_RXSS:                      /* XREAD, XPRNT ...: the area is operand 1 */
        add_operand(a, 1, b, dp.ea1);
        break;
    case FMT_SS_L: case FMT_SS_LL: case FMT_SS_I3:
        add_operand(a, 1, b, dp.ea1);
        add_operand(a, 2, w->nbytes >= 6 ? w->bytes[4] >> 4 : 0, dp.ea2);
        break;
    default:
        break;
    }
    a->have_operands = a->noperands > 0;
}

/* The failing instruction: the one an interruption reports (old PSW IA
 * less 2 * ILC), else the one the status names, else the PSW's IA. */
static void failing(struct rep_abend *a, const struct vm *vm, const struct symtab *t)
{
    const struct rep_status *s = &a->status;
    a->psw = s->psw;
    if (s->interrupted) {
        a->psw = s->in.old_psw;
        a->ilc = s->in.ilc;
    }
    if (s->have_where)
        a->where = s->where;
    else
        rep_where_collect(&a->where, vm, t, (uint32_t)a->psw & VM_ADDR_MASK);
    a->have_where = 1;
    operands(a, vm);
}

/* ---- branches --------------------------------------------------------------- */

static void branches(struct rep_abend *a, const struct vm *vm, const struct symtab *t)
{
    struct vm_branch b[VM_BRANCH_HISTORY];
    unsigned got = vm_branch_history(vm, b, VM_BRANCH_HISTORY);
    unsigned task = vm_task_count(vm) > 1 ? vm_current_task(vm) : 0;
    a->wild = -1;
    a->nbranch = 0;
    for (unsigned i = 0; i < got; i++) {
        if (task && b[i].task != task)      /* with tasks: the failing task's own */
            continue;
        b[a->nbranch] = b[i];
        struct rep_abend_branch *ab = &a->branch[a->nbranch++];
        ab->b = b[i];
        rep_where_collect(&ab->from, vm, t, b[i].from);
        rep_where_collect(&ab->to, vm, t, b[i].to);
    }
    /* An operation or specification exception a few bytes after the
     * newest branch's target: the program went from there to here. */
    unsigned c = a->pic & 0xFF7Fu;
    if (a->nbranch && a->have_pic && (c == 1 || c == 4 || c == 5 || c == 6)) {
        const struct vm_branch *n = &b[a->nbranch - 1];
        uint32_t fail = a->where.addr;
        int near = c == 1 || c == 6 ? fail - n->to <= 16 : fail == n->to && a->ilc == 0;
        if (n->to <= fail && near) {
            a->wild = (int)a->nbranch - 1;
            a->wild_lost = (a->have_syms && !a->branch[a->wild].to.found) ||
                           !holds_code(vm, n->to);
        }
    }
}

/* ---- the save-area chain ----------------------------------------------------- */

/* The call that returns to ret: BALR/BASR 2 bytes before it, else
 * BAL/BAS (or anything else) 4 before. */
static uint32_t call_of(const struct vm *vm, uint32_t ret)
{
    unsigned op2 = fetch_byte(vm, ret - 2);
    if (op2 == 0x05 || op2 == 0x0D)
        return ret - 2;
    return ret - 4;
}

/* A save area address that can be followed: nonzero, a fullword, all of
 * its 72 bytes inside storage. */
static int sa_valid(uint32_t sa, uint32_t storage)
{
    return sa != 0 && !(sa & 3) && sa < storage && storage - sa >= 72;
}

/* One level of the chain: the caller's save area sa, where the routine it
 * called saved the caller's R14 (return address) and R15 (its entry). */
static void add_level(struct rep_abend *a, const struct vm *vm, const struct symtab *t,
                      uint32_t sa)
{
    struct rep_abend_level *l = &a->level[a->nlevel++];
    l->sa = sa;
    fetch_word(vm, sa + 12, &l->ret);
    fetch_word(vm, sa + 16, &l->entry);
    l->ret &= VM_ADDR_MASK;
    l->entry &= VM_ADDR_MASK;
    if (sym_lookup(t, l->entry, &l->routine) != 0)
        memset(&l->routine, 0, sizeof l->routine);
    struct sym_where rw;
    l->have_call = a->have_syms ? sym_lookup(t, l->ret, &rw) == 0 : l->ret != 0;
    if (l->have_call)
        rep_where_collect(&l->call, vm, t, call_of(vm, l->ret));
}

/* Is the save area at sa the caller's of the failing routine (which saved
 * the caller's registers there and made no save area of its own, as a
 * routine that calls nothing may)?  Its R15 is then the failing CSECT. */
static int callers_area(const struct rep_abend *a, const struct vm *vm, const struct symtab *t,
                        uint32_t sa)
{
    uint32_t entry = 0;
    struct sym_where e;
    return a->have_where && a->where.found && a->where.sym.csect &&
           fetch_word(vm, sa + 16, &entry) == 0 &&
           sym_lookup(t, entry & VM_ADDR_MASK, &e) == 0 && e.csect &&
           strcmp(e.csect, a->where.sym.csect) == 0;
}

static void chain(struct rep_abend *a, const struct vm *vm, const struct symtab *t)
{
    uint32_t sa = a->regs.gr[13] & VM_ADDR_MASK, seen[REP_ABEND_LEVELS + 1];
    unsigned nseen = 0;
    a->r13 = sa;
    if (sa == 0) {
        snprintf(a->chain_end, sizeof a->chain_end, "R13 is zero: no save area");
        return;
    }
    if (!sa_valid(sa, a->storage)) {
        snprintf(a->chain_end, sizeof a->chain_end, "R13 X'%06X' is not a save area", sa);
        return;
    }
    seen[nseen++] = sa;
    if (callers_area(a, vm, t, sa))
        add_level(a, vm, t, sa);
    for (;;) {
        uint32_t back = 0;
        fetch_word(vm, sa + 4, &back);
        back &= VM_ADDR_MASK;
        struct sym_where in;
        if (back == 0 && sym_lookup(t, sa, &in) == 0 && in.label && !in.label_off) {
            /* inside the program: a routine's own area, never chained */
            snprintf(a->chain_end, sizeof a->chain_end,
                     "the save area at X'%06X' (%.24s) has no back chain: the routine that "
                     "took it did not store the caller's R13 at +4 (ST 13,%.24s+4 before "
                     "LA 13,%.24s)", sa, in.label, in.label, in.label);
            return;
        }
        if (back == 0) {
            snprintf(a->chain_end, sizeof a->chain_end,
                     "the save area at X'%06X' has no back chain (the first)", sa);
            return;
        }
        if (!sa_valid(back, a->storage)) {
            snprintf(a->chain_end, sizeof a->chain_end,
                     "the back chain X'%06X' of the save area at X'%06X' is not a save area",
                     back, sa);
            return;
        }
        if (back == sa) {
            snprintf(a->chain_end, sizeof a->chain_end, "the save area at X'%06X' points back "
                     "at itself (a return without L 13,4(,13)?)", sa);
            return;
        }
        for (unsigned i = 0; i < nseen; i++)
            if (seen[i] == back) {
                snprintf(a->chain_end, sizeof a->chain_end,
                         "the chain loops back to the save area at X'%06X'", back);
                return;
            }
        if (a->nlevel == REP_ABEND_LEVELS) {
            snprintf(a->chain_end, sizeof a->chain_end, "%d levels shown", REP_ABEND_LEVELS);
            return;
        }
        add_level(a, vm, t, back);
        seen[nseen++] = back;
        sa = back;
    }
}

/* ---- the dumps ---------------------------------------------------------------- */

static void dump_area(struct rep_abend *a, const struct svc_storage *st, const char *what,
                      uint32_t addr)
{
    if (a->ndump == REP_ABEND_DUMPS)
        return;
    struct rep_abend_dump *d = &a->dump[a->ndump++];
    uint32_t start = (addr & ~15u) >= 16 ? (addr & ~15u) - 16 : 0;
    d->what = what;
    d->addr = addr;
    d->nlines = 0;
    for (unsigned i = 0; i < REP_ABEND_DUMP_LINES; i++) {
        struct rep_dump_line *l = &d->line[d->nlines];
        rep_dump_collect_line(l, st, start + 16 * i, 16);
        d->nlines++;
        if (l->n < l->want)
            break;
    }
}

static void dumps(struct rep_abend *a, const struct vm *vm)
{
    static const char *const opname[3] = { "", "operand 1", "operand 2" };
    const struct vm *ctx = vm;
    struct svc_storage st = { .ctx = &ctx, .read = storage_read, .write = NULL };
    a->dumped = 1;
    dump_area(a, &st, "the failing instruction", a->where.addr);
    for (unsigned i = 0; i < a->noperands; i++)
        dump_area(a, &st, opname[a->opnum[i]], a->operand[i]);
}

void rep_abend_collect(struct rep_abend *a, const struct vm *vm, const struct symtab *syms,
                       enum vm_status st, uint32_t rc, int dump)
{
    memset(a, 0, sizeof *a);
    rep_status_collect(&a->status, vm, syms, st, rc);
    a->storage = vm_storage_size(vm);
    a->have_syms = syms && syms->m;
    if (a->status.interrupted && a->status.in.cls == VM_INT_PGM) {
        a->have_pic = 1;
        a->pic = a->status.in.code;
        snprintf(a->pic_name, sizeof a->pic_name, "%s", a->status.pic_name);
    }
    completion(a);
    rep_regs_collect(&a->regs, vm);
    failing(a, vm, syms);
    branches(a, vm, syms);
    chain(a, vm, syms);
    abend_hints(a, vm, syms);
    if (dump)
        dumps(a, vm);
}

/* ---- text ------------------------------------------------------------------------ */

/* "X'001008' MAIN+X'8' (LOOP+X'4')" */
static void format_loc(char *buf, size_t size, const struct rep_abend *a,
                       const struct rep_where *w)
{
    int n = snprintf(buf, size, "X'%06X'", w->addr);
    if (n < 0 || (size_t)n >= size)
        return;
    if (!w->found) {
        if (a->have_syms)
            snprintf(buf + n, size - (size_t)n, " (outside the program)");
        return;
    }
    int m = snprintf(buf + n, size - (size_t)n, " %s+X'%X'", w->sym.csect, w->sym.csect_off);
    if (m < 0 || (size_t)(n + m) >= size)
        return;
    if (w->sym.label && w->sym.label_off)
        snprintf(buf + n + m, size - (size_t)(n + m), " (%s+X'%X')", w->sym.label,
                 w->sym.label_off);
    else if (w->sym.label)
        snprintf(buf + n + m, size - (size_t)(n + m), " (%s)", w->sym.label);
}

/* "      prog.s:12 | text" when the source line is known. */
static void print_source(FILE *f, const char *indent, const struct rep_where *w)
{
    if (w->have_source)
        fprintf(f, "%s%s:%d | %s\n", indent, w->sym.file, w->sym.line, w->source);
    else if (w->sym.file && w->why == SYM_SRC_CHANGED)
        fprintf(f, "%s%s:%d (%s)\n", indent, w->sym.file, w->sym.line, sym_source_why(w->why));
    else if (w->sym.file)
        fprintf(f, "%s%s:%d\n", indent, w->sym.file, w->sym.line);
}

/* The system completion codes the host services end a program with
 * (bits 8-19 of the code; S0Cx are the program interruptions'). */
static const struct { unsigned code; const char *what; } system_codes[] = {
    { 0x0F0, "an SVC number with no service" },
    { SVC_GETMAIN_ABEND, "GETMAIN: the region has no room for the request" },
    { SVC_SUPER_ABEND, "SUPER refused: the run does not allow the supervisor state" },
};

static const char *system_code_what(uint32_t rc)
{
    for (size_t i = 0; i < sizeof system_codes / sizeof system_codes[0]; i++)
        if ((rc & 0xFFF) == 0 && (rc >> 12 & 0xFFF) == system_codes[i].code)
            return system_codes[i].what;
    return NULL;
}

static void print_head(FILE *f, const struct rep_abend *a)
{
    char psw[160];
    fprintf(f, "abend report:\n");
    if (a->code[0] && a->have_pic)
        fprintf(f, "  completion code %s (program interruption code X'%04X': %s exception)\n",
                a->code, a->pic, a->pic_name);
    else if (a->have_pic)
        fprintf(f, "  program interruption code X'%04X': %s\n", a->pic, a->pic_name);
    else if (a->code[0] && a->status.status == VM_CYCLE_LIMIT)
        fprintf(f, "  completion code %s (time limit: %s)\n", a->code,
                vm_status_message(a->status.status));
    else if (a->code[0] && a->status.status == VM_ABEND && system_code_what(a->status.rc))
        fprintf(f, "  completion code %s (%s)\n", a->code, system_code_what(a->status.rc));
    else if (a->code[0])
        fprintf(f, "  completion code %s (%s)\n", a->code, vm_status_message(a->status.status));
    else
        fprintf(f, "  %s\n", vm_status_message(a->status.status));
    rep_psw_fields_format(psw, sizeof psw, a->psw);
    fprintf(f, "  %s %s\n", a->status.interrupted || a->status.status == VM_ABEND ? "old" : "   ",
            psw);
}

static void print_failing(FILE *f, const struct rep_abend *a)
{
    char loc[200], bytes[16] = "";
    const struct rep_where *w = &a->where;
    format_loc(loc, sizeof loc, a, w);
    for (size_t i = 0, len = w->nbytes ? (size_t)isa_length_of(w->bytes[0]) : 0;
         i < len && i < w->nbytes; i++)
        snprintf(bytes + 2 * i, sizeof bytes - 2 * i, "%02X", w->bytes[i]);
    fprintf(f, "  failing instruction at %s", loc);
    if (a->status.interrupted)
        fprintf(f, ", ILC %u", a->ilc);
    fprintf(f, "\n");
    if (w->nbytes)
        fprintf(f, "    %-12s  %s\n", bytes, w->insn);
    else
        fprintf(f, "    (outside storage)\n");
    print_source(f, "    ", w);
    rep_where_print_changed(f, w, "    ");
    for (unsigned i = 0; i < a->noperands; i++)
        fprintf(f, "    operand %u address X'%06X'\n", a->opnum[i], a->operand[i]);
}

static void print_regs(FILE *f, const struct rep_abend *a)
{
    fprintf(f, "  registers:\n");
    for (int i = 0; i < 16; i += 4) {
        char line[160];
        int n = 0;
        for (int k = i; k < i + 4; k++)
            n += snprintf(line + n, sizeof line - (size_t)n, "%sGR%02d=%08X %-11d",
                          k == i ? "    " : " ", k, a->regs.gr[k], (int32_t)a->regs.gr[k]);
        while (n > 0 && line[n - 1] == ' ')
            line[--n] = '\0';
        fprintf(f, "%s\n", line);
    }
}

static void print_branches(FILE *f, const struct rep_abend *a)
{
    if (!a->nbranch) {
        fprintf(f, "  no branch was taken\n");
        return;
    }
    fprintf(f, "  last branches (newest last):\n");
    for (unsigned i = 0; i < a->nbranch; i++) {
        const struct rep_abend_branch *b = &a->branch[i];
        char from[200], to[200];
        format_loc(from, sizeof from, a, &b->from);
        format_loc(to, sizeof to, a, &b->to);
        fprintf(f, "    from %s -> to %s%s\n", from, to,
                (int)i == a->wild ? "  <-- then the failure" : "");
        if ((int)i == a->wild)
            print_source(f, "      ", &b->from);
    }
}

static void print_chain(FILE *f, const struct rep_abend *a)
{
    fprintf(f, "  save-area chain from R13 (X'%06X'):\n", a->r13);
    for (unsigned i = 0; i < a->nlevel; i++) {
        const struct rep_abend_level *l = &a->level[i];
        char routine[120], call[200];
        if (l->routine.csect && l->routine.csect_off)
            snprintf(routine, sizeof routine, "%s+X'%X'", l->routine.csect,
                     l->routine.csect_off);
        else if (l->routine.csect)
            snprintf(routine, sizeof routine, "%s", l->routine.csect);
        else
            snprintf(routine, sizeof routine, "X'%06X'", l->entry);
        if (l->have_call) {
            format_loc(call, sizeof call, a, &l->call);
            fprintf(f, "    %s called from %s (save area X'%06X')\n", routine, call, l->sa);
            if (l->call.nbytes)
                fprintf(f, "      %s\n", l->call.insn);
            print_source(f, "      ", &l->call);
        } else
            fprintf(f, "    %s called by the system (return address X'%06X', save area "
                       "X'%06X')\n", routine, l->ret, l->sa);
    }
    fprintf(f, "    end of the chain: %s\n", a->chain_end);
}

void rep_abend_print(FILE *f, const struct rep_abend *a, int dump)
{
    print_head(f, a);
    print_failing(f, a);
    print_regs(f, a);
    print_branches(f, a);
    print_chain(f, a);
    for (unsigned i = 0; i < a->nhint; i++)
        fprintf(f, "  hint: %s\n", a->hint[i]);
    if (!dump || !a->dumped)
        return;
    for (unsigned i = 0; i < a->ndump; i++) {
        const struct rep_abend_dump *d = &a->dump[i];
        fprintf(f, "  storage around %s (X'%06X'):\n", d->what, d->addr);
        for (unsigned k = 0; k < d->nlines; k++) {
            char line[128];
            rep_dump_format_line(line, sizeof line, &d->line[k], 0);
            fprintf(f, "    %s\n", line);
        }
    }
}

/* ---- JSON ------------------------------------------------------------------------- */

static void json_where(struct json *j, const char *key, const struct rep_where *w)
{
    json_object(j, key);
    rep_where_json(j, w);
    json_str(j, "label", w->found ? w->sym.label : NULL);
    json_str(j, "source", w->have_source ? w->source : NULL);
    json_end(j, '}');
}

void rep_abend_json(struct json *j, const struct rep_abend *a)
{
    json_object(j, "abend");
    json_str(j, "completion_code", a->code[0] ? a->code : NULL);
    if (a->have_pic) {
        json_hex(j, "interruption_code", a->pic, 4);
        json_str(j, "interruption", a->pic_name);
    } else {
        json_str(j, "interruption_code", NULL);
        json_str(j, "interruption", NULL);
    }
    json_hex(j, "psw", a->psw, 16);
    json_u64(j, "ilc", a->ilc);
    json_where(j, "failing", &a->where);
    json_array(j, "operands");
    for (unsigned i = 0; i < a->noperands; i++)
        json_hex(j, NULL, a->operand[i], 6);
    json_end(j, ']');
    json_array(j, "branches");
    for (unsigned i = 0; i < a->nbranch; i++) {
        const struct rep_abend_branch *b = &a->branch[i];
        json_object(j, NULL);
        json_u64(j, "task", b->b.task);
        json_where(j, "from", &b->from);
        json_where(j, "to", &b->to);
        json_end(j, '}');
    }
    json_end(j, ']');
    if (a->wild >= 0)
        json_u64(j, "wild_branch", (uint64_t)a->wild);
    else
        json_str(j, "wild_branch", NULL);
    json_hex(j, "r13", a->r13, 6);
    json_array(j, "save_areas");
    for (unsigned i = 0; i < a->nlevel; i++) {
        const struct rep_abend_level *l = &a->level[i];
        json_object(j, NULL);
        json_hex(j, "save_area", l->sa, 6);
        json_hex(j, "entry", l->entry, 6);
        json_str(j, "routine", l->routine.csect);
        json_hex(j, "return", l->ret, 6);
        if (l->have_call)
            json_where(j, "call", &l->call);
        else
            json_str(j, "call", NULL);
        json_end(j, '}');
    }
    json_end(j, ']');
    json_str(j, "chain_end", a->chain_end);
    json_array(j, "hints");
    for (unsigned i = 0; i < a->nhint; i++)
        json_str(j, NULL, a->hint[i]);
    json_end(j, ']');
    json_end(j, '}');
}
