*---------------------------------------------------------------------
* CONSTS -- one of every kind of constant, as a textbook shows them.
*---------------------------------------------------------------------
CONSTS   CSECT
         USING CONSTS,15
         LA    1,TABLE
         L     2,FWORDS+8
         LH    3,HALF
         BR    14
*
BLANKS   DC    CL80' '             a print line of blanks
FWORDS   DC    3F'0'               three zero fullwords
CRLF     DC    X'0D0A'
BITS     DC    B'10110000'
PACKED   DC    P'-12.5'            3 digits: 125D
ZONED    DC    Z'123'              F1 F2 C3
HALF     DC    H'-1'
NUMS     DC    F'1,-2,+3'          three fullwords, one operand
HALVES   DC    H'32767,-32768'
LONGPK   DC    PL5'+1234567'
ZLONG    DC    ZL6'-42'
QUOTE    DC    C'IT''S'            a quote is written twice
AMPER    DC    C'A&&B'             and so is an ampersand
HEXODD   DC    X'ABC'              padded on the left: 0ABC
XPAD     DC    XL4'FF'             000000FF
XCUT     DC    XL2'123456'         cut on the left: 3456
CCUT     DC    CL3'ABCDEF'         cut on the right: ABC
BYTE     DC    FL1'100'
THREE    DC    FL3'-2'
         DS    0D
DBL      DC    D'0'                a doubleword of zeros
FPONE    DC    E'1'                hex float: 41100000
FPTENTH  DC    D'0.1'              401999999999999A
FPNEG    DC    E'-1.5'             C1180000
         DC    0H'0',C'X'          align only, then a byte
TABLE    DC    A(TABLE,FWORDS+4,*)
         DC    A(TABEND-TABLE)
         DC    Y(TABEND-TABLE)
         DC    AL2(L'BLANKS)       a length as a halfword
         DC    AL1(L'FWORDS,L'PACKED,L'ZONED)
         DC    Y(HALVES-NUMS)
         DC    V(EXTSUB)           resolved by the linker
         DC    A(EXTSUB)           EXTRN below
         DC    S(HALF)             base and displacement
         DC    S(8(13))
         DC    2C'AB',3X'1'
         DC    (2*2)AL1(7)
         DC    AL3(FWORDS)
TABEND   EQU   *
         DC    C'END'
         EXTRN EXTSUB
         END
