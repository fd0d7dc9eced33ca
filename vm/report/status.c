/*
 * status.c -- how a run ended: the exit status of imprun for each
 * machine status (the one table, IMPRUN_EXITS in report.h, applied to
 * the VM's own VM_STATUSES here), the names of the program-interruption
 * codes, and the final status: collected into struct rep_status (what
 * stopped the run, the interruption, the instruction it is about with
 * its CSECT and source line), then printed.
 */
#include "report.h"

#include <string.h>

#include "isa.h"

static const struct {
    int code;
    const char *name, *what;
} exit_table[] = {
#define X(e, code, name, what) { code, name, what },
    IMPRUN_EXITS(X)
#undef X
};

const char *imprun_exit_name(int code)
{
    for (size_t i = 0; i < sizeof exit_table / sizeof exit_table[0]; i++)
        if (exit_table[i].code == code)
            return exit_table[i].name;
    return "?";
}

/*
 * The machine status -> exit status map.  No default: a status added to
 * VM_STATUSES makes -Wswitch point here.
 */
int imprun_exit_code(enum vm_status st, uint32_t rc)
{
    switch (st) {
    case VM_EXIT:           return rc == 0 ? EXIT_RUN_OK : EXIT_RUN_RC;
    case VM_DISABLED_WAIT:  return EXIT_RUN_OK;
    case VM_TASKS_ENDED:    return EXIT_RUN_OK;     /* imprun combines the tasks' own */
    case VM_NO_PGM_HANDLER:
    case VM_ABEND:          return EXIT_RUN_PGM;
    case VM_NO_SVC_HANDLER:
    case VM_NO_EXT_HANDLER:
    case VM_NO_RESTART_PSW:
    case VM_ENABLED_WAIT:   return EXIT_RUN_INT;
    case VM_CYCLE_LIMIT:    return EXIT_RUN_LIMIT;
    case VM_BREAKPOINT:
    case VM_WATCHPOINT:
    case VM_STEPPED:
    case VM_MICROSTEPPED:
    case VM_STOP_REQUEST:
    case VM_BAD_MICROCODE:
    case VM_HOST_ERROR:
    case VM_CHECK_STOP:
    case VM_NSTATUS:        return EXIT_RUN_MACHINE;
    }
    return EXIT_RUN_MACHINE;
}

/* Program-interruption codes (ISA.md, "Program-interruption codes"). */
static const struct { uint16_t code; const char *name; } pic_names[] = {
    { 0x01, "operation" },          { 0x02, "privileged operation" },
    { 0x03, "execute" },            { 0x04, "protection" },
    { 0x05, "addressing" },         { 0x06, "specification" },
    { 0x07, "data" },               { 0x08, "fixed-point overflow" },
    { 0x09, "fixed-point divide" }, { 0x0A, "decimal overflow" },
    { 0x0B, "decimal divide" },     { 0x10, "segment translation" },
    { 0x11, "page translation" },   { 0x12, "translation specification" },
    { 0x13, "special operation" },  { 0x40, "monitor event" },
};

void rep_pic_name(uint16_t code, char *buf, size_t size)
{
    const char *name = NULL;
    for (size_t i = 0; i < sizeof pic_names / sizeof pic_names[0]; i++)
        if (pic_names[i].code == (code & 0xFF7F))
            name = pic_names[i].name;
    if (code & 0x80)
        snprintf(buf, size, "%s%s%s", (code & 0xFF7F) ? (name ? name : "unknown") : "",
                 (code & 0xFF7F) ? " + " : "", "PER event");
    else
        snprintf(buf, size, "%s", name ? name : "unknown");
    if (!name && (code & 0xFF7F)) {
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, " exception");
    }
}

void rep_completion_code(uint32_t code, char *buf, size_t size)
{
    if (code & 0xFFF)
        snprintf(buf, size, "U%04u", code & 0xFFF);
    else
        snprintf(buf, size, "S%03X", (code >> 12) & 0xFFF);
}

/* A PER event: its code (X'96') and address (X'98'), the events named
 * after the interruption's ("PER event: storage alteration, ..."). */
static void per_collect(struct rep_status *s, const struct vm *vm)
{
    uint8_t b[6];
    if (vm_fetch_bytes(vm, 0x96, b, sizeof b) != 0)
        return;
    s->per = 1;
    s->per_code = b[0];
    s->per_addr = (uint32_t)b[3] << 16 | (uint32_t)b[4] << 8 | b[5];
    size_t n = strlen(s->pic_name);
    const char *sep = ": ";
    for (unsigned i = 0; vm_per_event_name(i); i++)
        if (s->per_code & 0x80u >> i) {
            snprintf(s->pic_name + n, sizeof s->pic_name - n, "%s%s", sep, vm_per_event_name(i));
            n = strlen(s->pic_name);
            sep = ", ";
        }
}

/* Address of the instruction an interruption is about: the old PSW's IA
 * less the instruction length (ILC in halfwords; 0 for early PSW errors). */
uint32_t rep_failing_addr(const struct vm_interrupt *in)
{
    uint32_t ia = (uint32_t)in->old_psw & VM_ADDR_MASK;
    return (ia - 2u * in->ilc) & VM_ADDR_MASK;
}

void rep_where_collect(struct rep_where *w, const struct vm *vm, const struct symtab *t,
                       uint32_t addr)
{
    memset(w, 0, sizeof *w);
    w->addr = addr;
    while (w->nbytes < 6 && vm_fetch_bytes(vm, addr + (uint32_t)w->nbytes,
                                           &w->bytes[w->nbytes], 1) == 0)
        w->nbytes++;
    if (w->nbytes)
        isa_disasm(w->bytes, w->nbytes, w->insn, sizeof w->insn);
    w->found = sym_lookup(t, addr, &w->sym) == 0;
    w->why = w->sym.file ? sym_source_text(t, w->sym.file, w->sym.line, w->source,
                                           sizeof w->source)
                         : SYM_SRC_MISSING;
    w->have_source = w->why == SYM_SRC_OK;
    size_t ilen = w->nbytes ? (size_t)isa_length_of(w->bytes[0]) : 0;
    if (ilen && ilen <= w->nbytes && sym_loaded_bytes(t, addr, w->loaded, ilen) == 0)
        w->changed = memcmp(w->loaded, w->bytes, ilen) != 0;
}

/* "  at X'010008' MAIN+X'8' (prog.s:12): L     1,0(0,2)" and the source text. */
void rep_where_print(FILE *out, const struct rep_where *w)
{
    char where[160] = "";
    if (w->found && w->sym.file)
        snprintf(where, sizeof where, " %s+X'%X' (%s:%d)", w->sym.csect, w->sym.csect_off,
                 w->sym.file, w->sym.line);
    else if (w->found)
        snprintf(where, sizeof where, " %s+X'%X'", w->sym.csect, w->sym.csect_off);
    fprintf(out, "  at X'%06X'%s: %s\n", w->addr, where,
            w->nbytes ? w->insn : "(outside storage)");
    if (w->have_source)
        fprintf(out, "  %5d | %s\n", w->sym.line, w->source);
    else if (w->why != SYM_SRC_MISSING)
        fprintf(out, "  %5d | (source line not shown: %s)\n", w->sym.line, sym_source_why(w->why));
    rep_where_print_changed(out, w, "  ");
}

void rep_where_print_changed(FILE *out, const struct rep_where *w, const char *indent)
{
    if (!w->changed)
        return;
    char was[16] = "";
    size_t ilen = (size_t)isa_length_of(w->loaded[0]);
    for (size_t i = 0; i < ilen && i < 6; i++)
        snprintf(was + 2 * i, sizeof was - 2 * i, "%02X", w->loaded[i]);
    fprintf(out, "%sthis instruction was changed after it was loaded (the program loaded %s "
            "here, not the source line's instruction): a store into the program's code; "
            "--per=sa,range=%06X:%06X stops at the instruction that stores there\n",
            indent, was, w->addr, w->addr + (uint32_t)ilen);
}

/* ---- hints: what the status alone does not say ----------------------------- */

/* The entry point of the program t describes; 0 if unknown. */
int rep_entry(const struct symtab *t, uint32_t *entry)
{
    if (!t || !t->m || !t->m->has_entry)
        return 0;
    *entry = (uint32_t)((int64_t)t->m->entry_addr + t->delta) & VM_ADDR_MASK;
    return 1;
}

/* The section of t's program (an SD) that ends last at or before addr,
   and whether addr lies inside any section; NULL if none ends before it. */
static const struct obj_esd *section_before(const struct symtab *t, uint32_t addr, int *inside)
{
    const struct obj_esd *best = NULL;
    *inside = 0;
    for (size_t i = 0; t && t->m && i < t->m->nesd; i++) {
        const struct obj_esd *e = &t->m->esd[i];
        if (e->type != ESD_SD)
            continue;
        int64_t lo = (int64_t)e->addr + t->delta, hi = lo + e->len;
        if (addr >= lo && addr < hi)
            *inside = 1;
        else if (hi <= addr && (!best || hi > (int64_t)best->addr + best->len + t->delta))
            best = e;
    }
    return best;
}

int rep_hint_padding(const struct rep_status *s, const struct symtab *t, char *buf, size_t size)
{
    const struct rep_where *w = &s->where;
    if (s->status != VM_NO_PGM_HANDLER || (s->in.code & 0x7F) != 0x01 || !s->have_where ||
        w->nbytes < 2 || w->bytes[0] != 0 || w->bytes[1] != 0)
        return 0;
    int inside;
    const struct obj_esd *e = section_before(t, w->addr, &inside);
    if (inside || !e)
        return 0;
    uint32_t lo = (uint32_t)((int64_t)e->addr + t->delta), hi = lo + e->len - 1;
    if (w->addr - (lo + e->len) >= 8)   /* not just after it: a branch went there */
        return 0;
    snprintf(buf, size, "X'0000' at X'%06X' is past the end of CSECT %s (X'%06X'-X'%06X'): "
             "the program ran off its end into padding; does its last instruction return "
             "(BR 14)?", w->addr, e->name, lo, e->len ? hi : lo);
    return 1;
}

/* Statuses that stop a run in the middle of the microcode, if any. */
static int may_stop_inside(enum vm_status st)
{
    return st == VM_CYCLE_LIMIT || st == VM_BAD_MICROCODE || st == VM_CHECK_STOP;
}

/* The instruction the run stopped at is the nucleus's SVC dispatch
 * (DIAG with the function code SVCDISP, no base register): the service
 * served an SVC. */
static int svc_dispatch(const struct vm *vm)
{
    uint8_t b[4];
    if (vm_fetch_bytes(vm, vm_instruction_address(vm), b, sizeof b) != 0)
        return 0;
    return b[0] == 0x83 && (b[2] >> 4) == 0 && ((b[2] & 15u) << 8 | b[3]) == SVC_SVCDISP;
}

/* What an external-interruption code signals, or NULL. */
static const char *ext_name(unsigned code)
{
#define X(c, bit, what) if (code == (c)) return what;
    VM_EXT_CODES(X)
#undef X
    return NULL;
}

void rep_status_collect(struct rep_status *s, const struct vm *vm, const struct symtab *t,
                        enum vm_status st, uint32_t rc)
{
    memset(s, 0, sizeof *s);
    s->status = st;
    s->rc = rc;
    s->psw = vm_get_psw(vm);
    s->interrupted = st == VM_NO_PGM_HANDLER || st == VM_NO_SVC_HANDLER ||
                     st == VM_NO_EXT_HANDLER;
    if (s->interrupted) {
        s->in = *vm_last_interrupt(vm);
        if (st == VM_NO_PGM_HANDLER || s->in.cls == VM_INT_PGM)
            rep_pic_name(s->in.code, s->pic_name, sizeof s->pic_name);
        if (s->in.cls == VM_INT_PGM && (s->in.code & 0x80))
            per_collect(s, vm);
        if (st != VM_NO_EXT_HANDLER) {
            s->have_where = 1;
            /* PER alone: the old PSW is past the instruction (a branch's
               target); the PER address names it */
            rep_where_collect(&s->where, vm, t, s->per && !(s->in.code & 0xFF7F) ? s->per_addr
                                                : rep_failing_addr(&s->in));
        }
    } else if (st == VM_ABEND && !svc_dispatch(vm)) {
        /* ended by a DIAGNOSE of the program's own (after SUPER, or with
           --supervisor): the DIAGNOSE is where */
        s->have_where = 1;
        rep_where_collect(&s->where, vm, t, vm_instruction_address(vm));
    } else if (st == VM_ABEND) {
        /* ended by the ABEND service of an SVC: where is the SVC (the SVC
           old PSW at X'20', its ILC at X'89') */
        uint8_t old[8], id[4];
        if (vm_fetch_bytes(vm, 0x20, old, sizeof old) == 0 &&
            vm_fetch_bytes(vm, 0x88, id, sizeof id) == 0) {
            uint32_t ia = (uint32_t)old[5] << 16 | (uint32_t)old[6] << 8 | old[7];
            s->psw = 0;                 /* the program's, not the nucleus's */
            for (int i = 0; i < 8; i++)
                s->psw = s->psw << 8 | old[i];
            s->have_where = 1;
            rep_where_collect(&s->where, vm, t, (ia - ((id[1] >> 1) & 3) * 2u) & VM_ADDR_MASK);
        }
    } else if (st == VM_CYCLE_LIMIT && (s->psw & VM_PSW_WAIT)) {
        s->waiting = 1;
        s->have_where = 1;
        rep_where_collect(&s->where, vm, t, vm_instruction_address(vm));
    } else if (may_stop_inside(st) && !vm_between_instructions(vm)) {
        s->inside = 1;
        s->upc = vm_micro_pc(vm);
        rep_micro_label(vm, s->upc, s->micro_label, sizeof s->micro_label);
        s->have_where = 1;
        rep_where_collect(&s->where, vm, t, vm_instruction_address(vm));
    } else if (may_stop_inside(st)) {
        s->have_where = 1;
        rep_where_collect(&s->where, vm, t, (uint32_t)s->psw & VM_ADDR_MASK);
    }
    s->rc_is_entry = st == VM_EXIT && rc != 0 && rep_entry(t, &s->entry) && s->entry == rc;
    (void)rep_hint_padding(s, t, s->hint, sizeof s->hint);
}

/* ---- the final status ------------------------------------------------------- */

static void print_psw_fields(FILE *out, uint64_t psw)
{
    char line[128];
    rep_psw_fields_format(line, sizeof line, psw);
    fprintf(out, "%s\n", line);
}

void rep_status_print(FILE *out, const char *prog, const struct rep_status *s, int quiet)
{
    switch (s->status) {
    case VM_EXIT:
        if (s->assist_end) {
            if (!quiet)
                fprintf(out, "%s: ASSIST job ended normally (it returned; register 15 held "
                        "X'%08X', which ASSIST does not take as a return code)\n", prog, s->r15);
            break;
        }
        if (!quiet || s->rc != 0)
            fprintf(out, "%s: %s, return code %u\n", prog, vm_status_message(s->status), s->rc);
        if (s->rc_is_entry)
            fprintf(out, "%s: note: the return code is the entry address X'%06X': register 15 "
                    "was not set before the return\n", prog, s->entry);
        break;
    case VM_NO_PGM_HANDLER:
        fprintf(out, "%s: program interruption %04X (%s) with no handler\n", prog, s->in.code,
                s->pic_name);
        fprintf(out, "  old ");
        print_psw_fields(out, s->in.old_psw);
        break;
    case VM_ABEND: {
        char code[16];
        rep_completion_code(s->rc, code, sizeof code);
        fprintf(out, "%s: abnormal end, completion code %s\n", prog, code);
        break;
    }
    case VM_NO_SVC_HANDLER:
        fprintf(out, "%s: SVC %u with no handler (SVC new PSW is zero)\n", prog, s->in.code);
        fprintf(out, "  old ");
        print_psw_fields(out, s->in.old_psw);
        break;
    case VM_NO_EXT_HANDLER:
        fprintf(out, "%s: external interruption %04X%s%s%s with no handler\n  old ", prog,
                s->in.code, ext_name(s->in.code) ? " (" : "",
                ext_name(s->in.code) ? ext_name(s->in.code) : "", ext_name(s->in.code) ? ")" : "");
        print_psw_fields(out, s->in.old_psw);
        break;
    default:
        if (quiet && s->status == VM_DISABLED_WAIT)
            break;
        fprintf(out, "%s: %s\n  ", prog, vm_status_message(s->status));
        print_psw_fields(out, s->psw);
        if (s->waiting)
            fprintf(out, "  the machine was in the wait state, waiting for an interruption "
                         "(the instruction that entered it is below)\n");
        if (s->inside)
            fprintf(out, "  inside the instruction below, at microword %03X (%s): its "
                         "microcode did not reach the next fetch\n", s->upc, s->micro_label);
        break;
    }
    if (s->have_where)
        rep_where_print(out, &s->where);
    if (s->hint[0])
        fprintf(out, "%s: note: %s\n", prog, s->hint);
}
