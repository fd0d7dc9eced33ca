* Instructor-style macros: every feature of the macro language, used
* once; instructor.hand.s is the same program expanded by hand.
         MACRO
&LBL     TABLE &ENTRIES,&WIDTH=4
.* a count byte, then the sublist's values, &WIDTH bytes each
         LCLA  &I,&N
&N       SETA  N'&ENTRIES
&LBL     DC    AL1(&N)
.LOOP    ANOP
&I       SETA  &I+1
         AIF   (&I GT &N).DONE
         DC    FL&WIDTH.'&ENTRIES(&I)'
         AGO   .LOOP
.DONE    MEND
*
         MACRO
         FIB   &A,&B,&COUNT
.* recursion: &COUNT Fibonacci numbers from &A, &B
         LCLA  &S,&C
         AIF   (&COUNT LE 0).END
         DC    H'&A'
&S       SETA  &A+&B
&C       SETA  &COUNT-1
         FIB   &B,&S,&C
.END     MEND
*
         MACRO
         COUNTER
         GBLA  &CNT
&CNT     SETA  &CNT+1
CNT&CNT  DC    H'&CNT'
         MEND
*
         MACRO
&N       NAMES &S
         LCLC  &T,&U
         LCLA  &K
&T       SETC  '&S'(1,3)
&U       SETC  '&T'.'-'.'&S'(4,*)
&K       SETA  K'&S
&N       DC    C'&U'
         DC    AL1(&K)
         MEND
*
         MACRO
         ATTRS &SYM
         LCLA  &L
         LCLC  &T
         AIF   (D'&SYM).DEF
         MNOTE 4,'&SYM is not defined'
         MEXIT
.DEF     ANOP
&L       SETA  L'&SYM
&T       SETC  T'&SYM
         DC    C'&T',AL1(&L)
         MEND
*
         MACRO
         SUMALL
         LCLA  &I,&S
.L       AIF   (&I GE N'&SYSLIST).D
&I       SETA  &I+1
&S       SETA  &S+&SYSLIST(&I)
         AGO   .L
.D       DC    F'&S'
         MEND
*
         MACRO
         WHERE
         DC    C'&SYSECT'
         DC    C'&SYSPARM'
         MEND
*
         MACRO
         DEFINE &WHICH
         AIF   ('&WHICH' EQ 'B').B
         MACRO
         GREET
         DC    C'A'
         MEND
         MEXIT
.B       MACRO
         GREET
         DC    C'B'
         MEND
         MEND
*
         MACRO
&NAME    UNIQUE &X
&NAME    B     SKIP&SYSNDX
HERE&SYSNDX DC  C'&X'
SKIP&SYSNDX DS  0H
         MEND
*
         MACRO
         LOGIC &A,&B
         LCLB  &BOTH,&ONE
         LCLC  &D
&BOTH    SETB  (&A EQ 1 AND &B EQ 1)
&ONE     SETB  ((&A EQ 1 OR &B EQ 1) AND NOT &BOTH)
&D       SETC  (3)'&A.&B'
         DC    AL1(&BOTH,&ONE),C'&D'
         MEND
*
         MACRO
         ARITH &X
         LCLA  &R(3)
&R(1)    SETA  &X*3+4
&R(2)    SETA  (&X-10)/3
&R(3)    SETA  -&X+X'10'+B'11'+C'A'
         DC    F'&R(1)',F'&R(2)',F'&R(3)'
         MEND
*
INSTR    CSECT
         USING INSTR,15
LIST     TABLE (10,20,30)
         TABLE (5,6),WIDTH=2
         FIB   1,1,6
         COUNTER
         COUNTER
NM       NAMES ABCDEFG
FIELD    DC    CL12' '
         ATTRS FIELD
         SUMALL 1,2,3,4
         WHERE
         DEFINE B
         GREET
U1       UNIQUE X
         UNIQUE Y
         LOGIC 1,0
         LOGIC 1,1
         ARITH 7
         PRINT NOGEN
         COUNTER
         PRINT GEN
         MNOTE *,'a comment from open code'
         END
