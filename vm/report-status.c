/*
 * report-status.c -- how a run ended: the exit status of imprun for each
 * machine status (the one table, IMPRUN_EXITS in report.h, applied to
 * the VM's own VM_STATUSES here), the names of the program-interruption
 * codes, and the final status report with the failing instruction.
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
    case VM_NO_PGM_HANDLER: return EXIT_RUN_PGM;
    case VM_NO_SVC_HANDLER:
    case VM_NO_EXT_HANDLER:
    case VM_NO_RESTART_PSW:
    case VM_ENABLED_WAIT:   return EXIT_RUN_INT;
    case VM_CYCLE_LIMIT:    return EXIT_RUN_LIMIT;
    case VM_BREAKPOINT:
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

void report_pic_name(uint16_t code, char *buf, size_t size)
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

/* Address of the instruction an interruption is about: the old PSW's IA
 * less the instruction length (ILC in halfwords; 0 for early PSW errors). */
uint32_t report_failing_addr(const struct vm_interrupt *in)
{
    uint32_t ia = (uint32_t)in->old_psw & 0xFFFFFF;
    return (ia - 2u * in->ilc) & 0xFFFFFF;
}

/* "at X'010008' MAIN+X'8' (prog.s:12)  L     1,0(0,2)" and the source text. */
void report_where(FILE *out, const struct vm *vm, const struct symtab *t, uint32_t addr)
{
    uint8_t b[6] = { 0 };
    size_t avail = 0;
    while (avail < 6 && vm_fetch_bytes(vm, addr + (uint32_t)avail, &b[avail], 1) == 0)
        avail++;
    char dis[80], where[160] = "";
    if (avail == 0)
        snprintf(dis, sizeof dis, "(outside storage)");
    else
        isa_disasm(b, avail, dis, sizeof dis);
    struct sym_where w;
    if (sym_lookup(t, addr, &w) == 0) {
        if (w.file)
            snprintf(where, sizeof where, " %s+X'%X' (%s:%d)", w.csect, w.csect_off, w.file, w.line);
        else
            snprintf(where, sizeof where, " %s+X'%X'", w.csect, w.csect_off);
    }
    fprintf(out, "  at X'%06X'%s: %s\n", addr, where, dis);
    char src[256];
    enum sym_source why = w.file ? sym_source_text(t, w.file, w.line, src, sizeof src)
                                 : SYM_SRC_MISSING;
    if (why == SYM_SRC_OK)
        fprintf(out, "  %5d | %s\n", w.line, src);
    else if (why != SYM_SRC_MISSING)
        fprintf(out, "  %5d | (source line not shown: %s)\n", w.line, sym_source_why(why));
}

void report_status(FILE *out, const struct vm *vm, const struct symtab *t, enum vm_status st,
                   uint32_t rc, int quiet)
{
    const struct vm_interrupt *in = vm_last_interrupt(vm);
    char name[80];
    switch (st) {
    case VM_EXIT:
        if (!quiet || rc != 0)
            fprintf(out, "imprun: %s, return code %u\n", vm_status_message(st), rc);
        break;
    case VM_NO_PGM_HANDLER:
        report_pic_name(in->code, name, sizeof name);
        fprintf(out, "imprun: program interruption %04X (%s) with no handler\n", in->code, name);
        fprintf(out, "  old ");
        report_psw_fields(out, in->old_psw);
        report_where(out, vm, t, report_failing_addr(in));
        break;
    case VM_NO_SVC_HANDLER:
        fprintf(out, "imprun: SVC %u with no handler (SVC new PSW is zero)\n", in->code);
        fprintf(out, "  old ");
        report_psw_fields(out, in->old_psw);
        report_where(out, vm, t, report_failing_addr(in));
        break;
    case VM_NO_EXT_HANDLER:
        fprintf(out, "imprun: external interruption %04X with no handler\n  old ", in->code);
        report_psw_fields(out, in->old_psw);
        break;
    default:
        if (quiet && st == VM_DISABLED_WAIT)
            break;
        fprintf(out, "imprun: %s\n  ", vm_status_message(st));
        report_psw_fields(out, vm_get_psw(vm));
        if (st == VM_CYCLE_LIMIT && (vm_get_psw(vm) & VM_PSW_WAIT)) {
            fprintf(out, "  the machine was in the wait state, waiting for an interruption "
                         "(the instruction that entered it is below)\n");
            report_where(out, vm, t, vm_instruction_address(vm));
        } else if ((st == VM_CYCLE_LIMIT || st == VM_BAD_MICROCODE || st == VM_CHECK_STOP) &&
            !vm_between_instructions(vm)) {
            char label[80];
            report_micro_label(vm, vm_micro_pc(vm), label, sizeof label);
            fprintf(out, "  inside the instruction below, at microword %03X (%s): its "
                         "microcode did not reach the next fetch\n", vm_micro_pc(vm), label);
            report_where(out, vm, t, vm_instruction_address(vm));
        } else if (st == VM_CYCLE_LIMIT || st == VM_BAD_MICROCODE || st == VM_CHECK_STOP)
            report_where(out, vm, t, (uint32_t)vm_get_psw(vm) & 0xFFFFFF);
        break;
    }
}
