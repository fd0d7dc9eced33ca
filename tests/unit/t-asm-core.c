/*
 * t-asm-core.c -- the assembler as a library: assemble sources in memory
 * and check the object module records (ESD, TXT, RLD, SYM, XREF, END).
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "../../asm/asm.h"

static struct assembler *as;
static struct diag d;
static FILE *null;

static struct obj_module *assemble(const char *src, int *rc)
{
    if (as)
        asm_free(as);
    diag_init(&d, "impas");
    d.out = null;
    struct asm_options o = { .no_files = 1 };
    as = asm_new(&d, &o);
    *rc = asm_run_mem(as, "t.s", src, strlen(src));
    return asm_object(as);
}

static const struct obj_esd *esd_named(const struct obj_module *m, const char *name)
{
    for (size_t i = 0; i < m->nesd; i++)
        if (strcmp(m->esd[i].name, name) == 0)
            return &m->esd[i];
    return NULL;
}

int main(void)
{
    null = fopen("/dev/null", "w");
    int rc;
    struct obj_module *m = assemble(
        "MAIN     CSECT\n"
        "         ENTRY GO\n"
        "         EXTRN LIB\n"
        "         USING MAIN,12\n"
        "         USING DATA,11\n"
        "GO       L     1,VALUE\n"
        "         L     15,=A(LIB)\n"
        "         BR    14\n"
        "DATA     CSECT\n"
        "VALUE    DC    F'42'\n"
        "PTR      DC    A(GO)\n"
        "         END   GO\n", &rc);
    check_int(rc, ==, 0);
    check_int(d.errors, ==, 0);
    const struct obj_esd *e_main = esd_named(m, "MAIN"), *e_data = esd_named(m, "DATA");
    const struct obj_esd *e_go = esd_named(m, "GO"), *e_lib = esd_named(m, "LIB");
    check(e_main && e_data && e_go && e_lib);
    if (!(e_main && e_data && e_go && e_lib))
        return tap_done();
    check_int(e_main->type, ==, ESD_SD);
    check_int(e_main->len, ==, 20);          /* 10 bytes of code, END pool at 16 */
    check_int(e_data->type, ==, ESD_SD);
    check_uint(e_data->addr, ==, 0x18);       /* next doubleword after MAIN */
    check_int(e_go->type, ==, ESD_LD);
    check_int(e_go->owner, ==, e_main->id);
    check_int(e_lib->type, ==, ESD_ER);
    check_int(m->has_entry, ==, 1);
    check_int(m->entry_esd, ==, e_main->id);
    check_uint(m->entry_addr, ==, 0);
    /* L 1,VALUE through R11; the pool of MAIN holds =A(LIB) at X'10' */
    check(m->ntxt >= 1 && m->txt[0].len >= 10);
    if (m->ntxt >= 1 && m->txt[0].len >= 10) {
        check_uint(m->txt[0].data[0], ==, 0x58);
        check_uint(m->txt[0].data[2], ==, 0xB0);
        check_uint(m->txt[0].data[6], ==, 0xC0);
        check_uint(m->txt[0].data[7], ==, 0x10);
    }
    /* RLDs: =A(LIB) at X'10' -> LIB; A(GO) at X'1C' -> MAIN */
    int found_lib = 0, found_go = 0;
    for (size_t i = 0; i < m->nrld; i++) {
        found_lib |= m->rld[i].rid == e_lib->id && m->rld[i].addr == 0x10 && m->rld[i].len == 4;
        found_go |= m->rld[i].rid == e_main->id && m->rld[i].esd == e_data->id &&
                    m->rld[i].addr == 0x1C;
    }
    check(found_lib);
    check(found_go);
    /* XREF: MAIN refers to DATA (L 1,VALUE at 0) and to LIB; DATA refers to MAIN */
    int x_md = 0, x_ml = 0, x_dm = 0;
    for (size_t i = 0; i < m->nxref; i++) {
        x_md |= m->xref[i].esd == e_main->id && m->xref[i].rid == e_data->id && m->xref[i].addr == 0;
        x_ml |= m->xref[i].esd == e_main->id && m->xref[i].rid == e_lib->id;
        x_dm |= m->xref[i].esd == e_data->id && m->xref[i].rid == e_main->id;
    }
    check(x_md);
    check(x_ml);
    check(x_dm);
    /* SYM: labels with their attributes */
    int s_go = 0, s_value = 0;
    for (size_t i = 0; i < m->nsym; i++) {
        s_go |= strcmp(m->sym[i].name, "GO") == 0 && m->sym[i].type == 'I' && m->sym[i].len == 4;
        s_value |= strcmp(m->sym[i].name, "VALUE") == 0 && m->sym[i].type == 'F' &&
                   m->sym[i].addr == 0x18;
    }
    check(s_go);
    check(s_value);

    /* errors give status 1 and are counted */
    assemble("T        CSECT\n         LR    1,77\n         L     1,NOWHERE\n         END\n", &rc);
    check_int(rc, ==, 1);
    check_int(d.errors, ==, 2);

    /* SYM records in the order of the names' bytes: names alike in their first 8
       characters, shorter names before longer, $ # @ _ and digits among letters */
    m = assemble("S        CSECT\n"
                 "ABCDEFGHZ DC   H'1'\n"
                 "ABCDEFGH DC    H'2'\n"
                 "ABCDEFGHAB DC  H'3'\n"
                 "ABCDEFGHA DC   H'4'\n"
                 "ABCDEFG  DC    H'5'\n"
                 "B$       DC    H'6'\n"
                 "B        DC    H'7'\n"
                 "A_1      DC    H'8'\n"
                 "A@       DC    H'9'\n"
                 "A9       DC    H'10'\n"
                 "Z        EQU   1\n"
                 "#A       DC    H'11'\n"
                 "         END\n", &rc);
    check_int(rc, ==, 0);
    {
        static const char *const order[] = { "#A", "A9", "A@", "ABCDEFG", "ABCDEFGH",
            "ABCDEFGHA", "ABCDEFGHAB", "ABCDEFGHZ", "A_1", "B", "B$" };
        size_t n = sizeof order / sizeof *order;
        check_int(m->nsym, ==, n);
        for (size_t i = 0; i < n && i < m->nsym; i++)
            check_str(m->sym[i].name, order[i]);
    }

    /* two assemblers at once share nothing */
    struct diag d2;
    diag_init(&d2, "impas");
    d2.out = null;
    struct asm_options o = { .no_files = 1 };
    struct assembler *as2 = asm_new(&d2, &o);
    const char *ok = "X        CSECT\n         BR    14\n         END\n";
    check_int(asm_run_mem(as2, "x.s", ok, strlen(ok)), ==, 0);
    check_int(asm_object(as2)->nesd, ==, 1);
    asm_free(as2);
    asm_free(as);
    fclose(null);
    return tap_done();
}
