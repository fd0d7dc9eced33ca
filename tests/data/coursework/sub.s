* Sublists nest: elements of elements, and N' of them.
         MACRO
         SUB   &P
         LCLA  &A,&B,&C,&D
&A       SETA  N'&P
&B       SETA  N'&P(2)
&C       SETA  N'&P(2,2)
&D       SETA  N'&P(1)
         DC    C'&P(2,1)&P(2,2,1)&P(2,2,2)&SYSLIST(1,2,2,2)'
         DC    AL1(&A,&B,&C,&D)
         MEND
T        CSECT
         SUB   (A,(B,(C,D)),E)
         END
