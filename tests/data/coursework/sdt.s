* A parameter whose value is a self-defining term is a number in SETA.
         MACRO
         SHOW  &P
         LCLA  &A
&A       SETA  &P+1
         DC    AL1(&A)
         MEND
T        CSECT
         SHOW  X'10'
         SHOW  B'101'
         SHOW  C'A'
         SHOW  7
         END
