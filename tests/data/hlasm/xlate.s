*---------------------------------------------------------------------
* XLATE -- translate and scan tables built with ORG.
*   UPPER:  DC 256AL1(*-UPPER), the identity; then ORG back over the
*           lower-case letters and put the capitals there.
*   DELIMS: 256 zero bytes with ORG'd non-zero entries at the blank,
*           the comma and the period, for TRT.
*---------------------------------------------------------------------
R1       EQU   1
R2       EQU   2
R3       EQU   3
R11      EQU   11
R12      EQU   12
R14      EQU   14
R15      EQU   15
XLATE    CSECT
         BALR  R12,0
         USING *,R12
         TR    TEXT,UPPER          fold the text to capitals
         SR    R2,R2
         TRT   TEXT,DELIMS         find the first delimiter
         BZ    NONE                none at all
         LA    R3,TEXT
         SR    R1,R3               R1 = offset of the delimiter
         STC   R1,WORDLEN          = length of the first word
         STC   R2,WORDEND          and what ended it
NONE     CLC   TEXT(L'EXPECT),EXPECT
         BNE   WRONG
         SR    R15,R15
         BR    R14
WRONG    LA    R15,4
         BR    R14
*
WORDLEN  DC    X'00'
WORDEND  DC    X'00'
TEXT     DC    C'hello, big World.'
EXPECT   DC    C'HELLO, BIG WORLD.'
*
         DS    0F
UPPER    DC    256AL1(*-UPPER)     each byte its own offset
         ORG   UPPER+C'a'
         DC    C'ABCDEFGHI'
         ORG   UPPER+C'j'
         DC    C'JKLMNOPQR'
         ORG   UPPER+C's'
         DC    C'STUVWXYZ'
         ORG   ,                   back to the end of the table
*
DELIMS   DC    256X'00'
         ORG   DELIMS+C' '
         DC    AL1(4)
         ORG   DELIMS+C','
         DC    AL1(8)
         ORG   DELIMS+C'.'
         DC    AL1(12)
         ORG
TABEND   EQU   *
TABLEN   EQU   TABEND-UPPER        512
         DC    A(TABLEN)
         END   XLATE
