* T' and L' look ahead to symbols defined later; D' does not.
         MACRO
         ATTR  &S
         LCLA  &L
         LCLB  &D
         LCLC  &T
&L       SETA  L'&S
&D       SETB  (D'&S)
&T       SETC  T'&S
         DC    C'&T',AL1(&L,&D)
         MEND
T        CSECT
         ATTR  LATER
         ATTR  PK
         ATTR  INS
LATER    DS    CL20
PK       DC    P'12345'
INS      LR    1,2
         ATTR  PK
         END
