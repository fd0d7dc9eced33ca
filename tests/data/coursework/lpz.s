* L' of packed and zoned constants: the assembled length.
         MACRO
         LEN   &S
         LCLA  &N
&N       SETA  L'&S
         DC    AL1(&N)
         MEND
T        CSECT
PK       DC    P'12345'
ZN       DC    Z'123'
PK2      DC    PL5'1'
PN       DC    P'-1.5,123456'
         LEN   PK
         LEN   ZN
         LEN   PK2
         LEN   PN
         END
