* AREAD after the macro copied a member: still the line after the call;
* L' looks ahead in the open code, not in the member read meanwhile.
         MACRO
         M
         LCLC  &L,&S
         LCLA  &N
         COPY  ARMEMB
&L       AREAD
&S       SETC  '&L'(1,2)
&N       SETA  L'LATER
         DC    C'&S',AL1(&N)
         MEND
T        CSECT
         M
XY
LATER    DS    CL7
         END
