* Conditional assembly in open code: SET symbols, a loop with a
* backward AIF, a forward AGO, GBLC shared with a macro.
         GBLC  &WHO
         LCLA  &I
         LCLC  &MODE
&WHO     SETC  'OPEN'
&MODE    SETC  'FAST'
OPEN     CSECT
.TOP     ANOP
&I       SETA  &I+1
SQ&I     DC    AL2(&I*&I)
         AIF   (&I LT 4).TOP
         AIF   ('&MODE' EQ 'FAST').FAST
         DC    C'SLOW'
         AGO   .DONE
.FAST    DC    C'FAST'
.DONE    ANOP
         MACRO
         SHOW
         GBLC  &WHO
         DC    C'&WHO'
         MEND
         SHOW
&WHO     SETC  'CHANGED'
         SHOW
         END
