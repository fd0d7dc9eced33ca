/*
 * t-report-abend.c -- the abend report (vm/report/abend.c): completion
 * codes, the failing instruction, the last branches with the wild one
 * flagged, a hand-built save-area chain, the hints, the dumps and the
 * JSON members, on small programs stored into a machine.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "tap.h"
#include "vm-prog.h"

#define MAIN_AT ORG             /* CSECT MAIN: X'400', 32 bytes */
#define SUB_AT  0x500           /* CSECT SUB: X'500', 16 bytes; zeros after it */
#define SA_SYS  0x700           /* the system's save area (back chain 0) */
#define SA_MAIN 0x600           /* MAIN's */
#define SA_SUB  0x680           /* SUB's: R13 when it fails */

/* Print the report (and its JSON member) into a string. */
static char *report_text(const struct rep_abend *a, int dump)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    rep_abend_print(f, a, dump);
    fclose(f);
    return buf;
}

static char *report_json(const struct rep_abend *a)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    struct json j;
    if (!f)
        return NULL;
    json_begin(&j, f);
    json_object(&j, NULL);
    rep_abend_json(&j, a);
    json_end(&j, '}');
    fclose(f);
    return buf;
}

static int has(const char *text, const char *line)
{
    int ok = text && strstr(text, line) != NULL;
    if (!ok)
        printf("#   missing: %s\n", line);
    return ok;
}

/*
 * MAIN calls SUB (BALR 14,15) with the save areas chained by hand:
 * SUB's at R13, back to MAIN's (which holds the return address into
 * MAIN and SUB's entry), back to the system's (back chain 0).  SUB
 * then branches through R3 past its end into zeros: an operation
 * exception right after a branch.
 */
static void test_wild_branch(void)
{
    struct prog p;
    prog_start(&p);
    p.pc = MAIN_AT;
    I(&p, "LA", .r1 = 15, .d2 = SUB_AT);
    uint32_t call = p.pc;
    I(&p, "BALR", .r1 = 14, .r2 = 15);
    p.pc = SUB_AT;
    I(&p, "LA", .r1 = 13, .d2 = SA_SUB);
    I(&p, "LA", .r1 = 3, .d2 = SUB_AT + 0x18);
    uint32_t br = p.pc;
    I(&p, "BCR", .r1 = 15, .r2 = 3);
    set_word(&p, SA_SUB + 4, SA_MAIN);
    set_word(&p, SA_MAIN + 4, SA_SYS);
    set_word(&p, SA_MAIN + 12, call + 2);       /* R14: the return into MAIN */
    set_word(&p, SA_MAIN + 16, SUB_AT);         /* R15: SUB's entry */
    set_word(&p, SA_SYS + 12, 0xF00);           /* returns to the system */
    set_word(&p, SA_SYS + 16, MAIN_AT);

    struct obj_module m;
    obj_init(&m, OBJ_LOAD);
    obj_add_esd(&m, ESD_SD, "MAIN", MAIN_AT, 32, 0);
    obj_add_esd(&m, ESD_SD, "SUB", SUB_AT, 16, 0);
    obj_add_sym(&m, 2, "GO", br, 2, 'I');
    struct symtab t;
    sym_init(&t, &m, 0);

    vm_set_psw(p.vm, VM_PSW_EC | MAIN_AT);
    enum vm_status st = vm_run(p.vm, 100000);
    check_int(st, ==, VM_NO_PGM_HANDLER);
    check_int(rep_abend_wanted(st), ==, 1);
    static struct rep_abend a;
    rep_abend_collect(&a, p.vm, &t, st, 0, 1);
    check_str(a.code, "S0C1");
    check_uint(a.where.addr, ==, SUB_AT + 0x18);
    check_int(a.nbranch, ==, 2);
    check_int(a.wild, ==, 1);
    check(a.wild_lost);
    check_int(a.nlevel, ==, 2);

    char *text = report_text(&a, 1);
    printf("# wild branch, text\n");
    check(has(text, "completion code S0C1 (program interruption code X'0001': "
                    "operation exception)"));
    check(has(text, "old PSW=00080000 0000051A  supervisor, key 0, disabled"));
    check(has(text, "failing instruction at X'000518' (outside the program), ILC 1"));
    check(has(text, "    0000          DC    X'0000'"));
    check(has(text, "    GR03=00000518 1304"));
    check(has(text, "    GR13=00000680 1664"));
    check(has(text, "    from X'000404' MAIN+X'4' -> to X'000500' SUB+X'0'\n"));
    check(has(text, "    from X'000508' SUB+X'8' (GO) -> to X'000518' (outside the program)"
                    "  <-- then the failure\n"));
    check(has(text, "  save-area chain from R13 (X'000680'):\n"
                    "    SUB called from X'000404' MAIN+X'4' (save area X'000600')\n"
                    "      BALR  14,15\n"
                    "    MAIN called by the system (return address X'000F00', save area "
                    "X'000700')\n"
                    "    end of the chain: the save area at X'000700' has no back chain "
                    "(the first)\n"));
    check(has(text, "hint: a wild branch: the program came from X'000508' SUB+X'8' by BR 3, "
                    "to where there are no instructions"));
    check(has(text, "hint: the program ran past the end of CSECT SUB into padding: a missing "
                    "branch back or a missing return"));
    check(has(text, "  storage around the failing instruction (X'000518'):\n"
                    "    R:00000500:K:00="));
    free(text);
    text = report_text(&a, 0);
    check(text && !strstr(text, "storage around"));
    free(text);

    char *js = report_json(&a);
    printf("# wild branch, JSON\n");
    check(has(js, "\"completion_code\": \"S0C1\""));
    check(has(js, "\"interruption_code\": \"0001\""));
    check(has(js, "\"wild_branch\": 1"));
    check(has(js, "\"address\": \"000518\""));
    check(has(js, "\"routine\": \"SUB\""));
    check(has(js, "\"save_area\": \"000700\""));
    check(has(js, "\"chain_end\": \"the save area at X'000700' has no back chain (the first)\""));
    check(has(js, "\"hints\": ["));
    free(js);

    sym_free(&t);
    obj_free(&m);
    vm_free(p.vm);
}

/* A specification exception (DR with an odd R1), no branch; a broken
 * chain; then an odd branch address, which is one. */
static void test_specification(void)
{
    struct prog p;
    struct symtab none;
    static struct rep_abend a;
    sym_init(&none, NULL, 0);
    prog_start(&p);
    I(&p, "LA", .r1 = 13, .d2 = 0x802);         /* not a save area */
    uint32_t dr = p.pc;
    I(&p, "DR", .r1 = 3, .r2 = 4);
    enum vm_status st = run_for(&p, 100000);
    check_int(st, ==, VM_NO_PGM_HANDLER);
    rep_abend_collect(&a, p.vm, &none, st, 0, 0);
    char *text = report_text(&a, 0);
    printf("# specification\n");
    check(has(text, "completion code S0C6 (program interruption code X'0006': "
                    "specification exception)"));
    check(has(text, "failing instruction at X'000404', ILC 1\n"));
    check(has(text, "    1D34          DR    3,4"));
    check(has(text, "  no branch was taken\n"));
    check(has(text, "    end of the chain: R13 X'000802' is not a save area"));
    check(has(text, "hint: DR works on an even-odd pair of registers named by its even "
                    "one; register 3 is odd (for DR 2,... the pair is 2:3)"));
    check_uint(a.where.addr, ==, dr);
    check_int(a.wild, ==, -1);
    free(text);
    vm_free(p.vm);

    prog_start(&p);
    I(&p, "LA", .r1 = 3, .d2 = 0x501);
    I(&p, "BCR", .r1 = 15, .r2 = 3);
    st = run_for(&p, 100000);
    rep_abend_collect(&a, p.vm, &none, st, 0, 0);
    text = report_text(&a, 0);
    printf("# odd branch address\n");
    check_str(a.code, "S0C6");
    check(has(text, "failing instruction at X'000501'"));
    check(has(text, "<-- then the failure"));
    check(has(text, "hint: a wild branch: the program came from X'000404' by BR 3"));
    check(has(text, "hint: the instruction address X'000501' is odd"));
    free(text);
    vm_free(p.vm);
}

/* A store into low storage under PSW key 8 (storage key 0): S0C4, and
 * the hint names the base register; no symbols (a core image), so no
 * place is called outside the program. */
static void test_protection(void)
{
    struct prog p;
    struct symtab none;
    static struct rep_abend a;
    sym_init(&none, NULL, 0);
    prog_start(&p);
    I(&p, "LA", .r1 = 5, .d2 = 0x100);
    I(&p, "ST", .r1 = 2, .b2 = 5, .d2 = 8);
    p.psw_extra = (uint64_t)8 << 52;                    /* key 8 */
    enum vm_status st = run_for(&p, 100000);
    check_int(st, ==, VM_NO_PGM_HANDLER);
    rep_abend_collect(&a, p.vm, &none, st, 0, 1);
    char *text = report_text(&a, 1);
    printf("# protection\n");
    check(has(text, "completion code S0C4 (program interruption code X'0004': "
                    "protection exception)"));
    check(has(text, "old PSW=00880000 00000408  supervisor, key 8"));
    check(has(text, "failing instruction at X'000404', ILC 2\n"
                    "    50205008      ST    2,8(0,5)\n"
                    "    operand 2 address X'000108'\n"));
    check(has(text, "hint: operand 2 is at X'000108', in low storage, which the program may "
                    "not use: its base register 5 holds X'00000100': check the base register "
                    "(USING) and the register's value"));
    check(has(text, "  storage around operand 2 (X'000108'):\n    R:000000F0:K:00="));
    check(text && !strstr(text, "outside the program"));
    free(text);
    char *js = report_json(&a);
    check(has(js, "\"operands\": [\n"));
    check(has(js, "\"000108\""));
    free(js);
    vm_free(p.vm);
}

/* Completion codes: program interruptions as MVS names them, the time
 * limit, and ABENDs with a user or system code. */
static void test_codes(void)
{
    char buf[8];
    rep_abend_completion(0x0004, buf, sizeof buf);
    check_str(buf, "S0C4");
    rep_abend_completion(0x000F, buf, sizeof buf);
    check_str(buf, "S0CF");
    rep_abend_completion(0x0010, buf, sizeof buf);
    check_str(buf, "S0C4");
    rep_abend_completion(0x0011, buf, sizeof buf);
    check_str(buf, "S0C4");
    rep_abend_completion(0x0086, buf, sizeof buf);      /* + PER event */
    check_str(buf, "S0C6");
    rep_abend_completion(0x0013, buf, sizeof buf);
    check_str(buf, "");
    rep_abend_completion(0x0040, buf, sizeof buf);
    check_str(buf, "");

    struct prog p;
    struct symtab none;
    static struct rep_abend a;
    sym_init(&none, NULL, 0);
    prog_start(&p);
    uint32_t top = p.pc;
    I(&p, "BC", .r1 = 15, .d2 = (uint16_t)top);         /* for ever */
    enum vm_status st = run_for(&p, 1000);
    check_int(st, ==, VM_CYCLE_LIMIT);
    check_int(rep_abend_wanted(st), ==, 0);
    rep_abend_collect(&a, p.vm, &none, st, 0, 0);
    check_str(a.code, "S322");
    char *text = report_text(&a, 0);
    check(has(text, "completion code S322 (time limit: cycle limit reached)"));
    check(has(text, "hint: the program ran out of time"));
    check(has(text, "    from X'000400' -> to X'000400'\n"));
    free(text);

    rep_abend_collect(&a, p.vm, &none, VM_ABEND, 100, 0);              /* user 100 */
    check_str(a.code, "U0100");
    rep_abend_collect(&a, p.vm, &none, VM_ABEND, 0x80Au << 12, 0);     /* system 80A */
    check_str(a.code, "S80A");
    vm_free(p.vm);
}

int main(void)
{
    test_wild_branch();
    test_specification();
    test_protection();
    test_codes();
    return tap_done();
}
