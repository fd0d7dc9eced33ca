* AREAD: the line after the call, 80 columns.
         MACRO
         TABLE
         LCLC  &L
&L       AREAD
         DC    C'&L'
         MEND
T        CSECT
         TABLE
HI THERE
         END
