/*
 * t-asm-mutate.c -- a short deterministic mutation run: sources that use
 * every part of the assembler (the macro language too) are mutated (bytes changed, inserted,
 * deleted, lines repeated) a few hundred times and assembled in memory.
 * Every run must finish with status 0 or 1; a crash or a sanitizer report
 * fails the test.  (tests/fuzz/fuzz-impas.c does the same open-ended.)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "../../asm/asm.h"

static const char *const seeds[] = {
    "         MACRO\n"
    "&L       TAB   &E,&W=4\n"
    "         LCLA  &I,&N\n"
    "         LCLC  &C\n"
    "         GBLA  &G(4)\n"
    "&N       SETA  N'&E\n"
    "&L       DC    AL1(&N)\n"
    ".LOOP    ANOP\n"
    "&I       SETA  &I+1\n"
    "         AIF   (&I GT &N OR &I GE 9).DONE\n"
    "&C       SETC  '&E(&I)'.'XY'(1,1)\n"
    "&G(2)    SETA  &G(2)+K'&C\n"
    "         DC    FL&W.'&E(&I)',C'&C&SYSNDX'\n"
    "         AGO   .LOOP\n"
    ".DONE    MNOTE 2,'&SYSLIST(1) done'\n"
    "         MEND\n"
    "         MACRO\n"
    "         REC   &N\n"
    "         AIF   (&N LE 0).E\n"
    "&M       SETA  &N-1\n"
    "         REC   &M\n"
    ".E       MEND\n"
    "         LCLB  &B\n"
    "&B       SETB  (1 EQ 1 AND NOT 0)\n"
    "T        CSECT\n"
    "X        TAB   (1,2,3),W=2\n"
    "         REC   3\n"
    "         AIF   (&B).SKIP\n"
    "         DC    H'9'\n"
    ".SKIP    ANOP\n"
    "         END\n",
    "PROG     CSECT\n"
    "         STM   14,12,12(13)\n"
    "         BALR  12,0\n"
    "         USING *,12\n"
    "         L     15,=V(SUB)\n"
    "         MVC   FIELD(5),=C'HELLO'\n"
    "         CLI   FIELD,C'H'\n"
    "         BE    OK\n"
    "         PACK  WORK(8),NUM(3)\n"
    "         USING REC,3\n"
    "         MVC   RNAME,RNAME+1\n"
    "OK       LM    14,12,12(13)\n"
    "         BR    14\n"
    "FIELD    DC    CL8'ABC'\n"
    "WORK     DS    PL8\n"
    "NUM      DC    Z'123',P'-1.5',X'ABC',B'1',H'2',F'3,4'\n"
    "         DC    A(OK,FIELD-OK),Y(5),AL3(6)\n"
    "LEN      EQU   *-FIELD,2\n"
    "         LTORG\n"
    "         ORG   *+8\n"
    "         CNOP  2,8\n"
    "REC      DSECT\n"
    "RNAME    DS    CL10\n"
    "         END   PROG\n",
    "A        CSECT\n"
    "         EXTRN EXT\n"
    "         ENTRY E\n"
    "E        DC    A(B1-A,EXT),V(X)\n"
    "         DC    (2*(3+4))H'1',0F,3CL(2+1)'AB'\n"
    "         DC    F'1',                                                   X\n"
    "               F'2'\n"
    "B        CSECT\n"
    "         USING B,11,10\n"
    "B1       L     1,=A(E)\n"
    "         SRP   0(3,1),L'B1,5\n"
    "         TITLE 'T'\n"
    "         PRINT OFF\n"
    "         DROP\n"
    "         LTORG\n"
    "         END\n",
};

static const char alphabet[] = "'(),=*+-/ \n\tAXCFLHPZ0159@#$_.\0\xff";

static uint32_t rnd(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static size_t mutate(char *buf, size_t n, size_t cap, uint32_t *s)
{
    int k = 1 + (int)(rnd(s) % 4);
    while (k--) {
        size_t p = n ? rnd(s) % n : 0;
        switch (rnd(s) % 5) {
        case 0:     /* replace */
            if (n) buf[p] = alphabet[rnd(s) % (sizeof alphabet - 1)];
            break;
        case 1:     /* insert */
            if (n + 1 < cap) {
                memmove(buf + p + 1, buf + p, n - p);
                buf[p] = alphabet[rnd(s) % (sizeof alphabet - 1)];
                n++;
            }
            break;
        case 2: {   /* delete a range */
            size_t m = rnd(s) % 8;
            if (p + m > n) m = n - p;
            memmove(buf + p, buf + p + m, n - p - m);
            n -= m;
            break;
        }
        case 3: {   /* repeat a chunk */
            size_t m = rnd(s) % 40;
            if (p + m > n) m = n - p;
            if (n + m < cap) {
                memmove(buf + p + m, buf + p, n - p);
                n += m;
            }
            break;
        }
        default:    /* random byte */
            if (n) buf[p] = (char)rnd(s);
        }
    }
    return n;
}

int main(void)
{
    FILE *null = fopen("/dev/null", "w");
    check(null != NULL);
    uint32_t seed = 12345;
    int bad = 0, runs = 0, errors = 0;
    for (size_t si = 0; si < sizeof seeds / sizeof seeds[0]; si++) {
        /* the seeds themselves assemble cleanly */
        struct diag d;
        diag_init(&d, "impas");
        d.out = null;
        struct asm_options o = { .listing = null, .no_files = 1, .macro_limit = 20000 };
        struct assembler *as = asm_new(&d, &o);
        int r = asm_run_mem(as, "seed.s", seeds[si], strlen(seeds[si]));
        asm_free(as);
        check_int(r, ==, 0);
        for (int i = 0; i < 300; i++) {
            char buf[8192];
            size_t n = strlen(seeds[si]);
            memcpy(buf, seeds[si], n);
            int rounds = 1 + (int)(rnd(&seed) % 3);
            while (rounds--)
                n = mutate(buf, n, sizeof buf, &seed);
            diag_init(&d, "impas");
            d.out = null;
            d.max_errors = 0;
            as = asm_new(&d, &o);
            r = asm_run_mem(as, "mut.s", buf, n);
            asm_free(as);
            runs++;
            errors += r == 1;
            if (r != 0 && r != 1)
                bad++;
        }
    }
    check_int(bad, ==, 0);
    check_int(runs, ==, 300 * (int)(sizeof seeds / sizeof seeds[0]));
    check(errors > 100);    /* the mutations really do break things */
    fclose(null);
    return tap_done();
}
