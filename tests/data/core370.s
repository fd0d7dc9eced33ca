*        A problem-state program linked into a core image: the same bytes
*        run on Hercules and on IMP and must leave the same results.
CORE     CSECT
         BALR  12,0                establish addressability
         USING *,12
         LM    2,5,VALS            R2..R5 <- 7, -3, 1000, 12
         AR    2,3                 4
         SR    4,2                 996
         LR    7,5
         MR    6,4                 R6:R7 <- 12 * 996
         L     8,=F'100000'
         SRDA  8,32                R8:R9 = 100000 as 64 bits
         D     8,=F'7'             R9 <- 14285, R8 <- 5
         LA    10,10               sum 1..10 with BCT
         SR    11,11
LOOP     AR    11,10
         BCT   10,LOOP
         STM   0,15,RESULT         every register
         MVC   TEXT(5),=C'HELLO'   EBCDIC text
         OI    TEXT+5,X'40'
         TR    TEXT(6),UPPER       translate
         CLC   TEXT(5),=C'HELLO'
         BALR  1,0                 CC and program mask in the link word
         ST    1,LINK
         L     15,=V(SUB)          call another CSECT
         BALR  14,15
         ST    15,SUBRC
         LPSW  WAIT                disabled wait: the end
         DS    0D
WAIT     DC    X'000A0000',F'0'
VALS     DC    F'7',F'-3',F'1000',F'12'
         LTORG
RESULT   DS    16F
LINK     DS    F
SUBRC    DS    F
TEXT     DC    CL8' '
UPPER    DC    256AL1(*-UPPER)     identity table
SUB      CSECT
         USING SUB,15
         L     0,=A(TABLE)         index a table in a third CSECT
         LR    1,0
         LH    2,6(,1)         R2 <- 44
         AH    2,=H'-2'        R2 <- 42 (the literal still needs base 15)
         LR    15,2
         BR    14
         LTORG
DATA     CSECT
TABLE    DC    H'1,2,3,44'
         END   CORE
