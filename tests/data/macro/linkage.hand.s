* linkage.s expanded by hand.
R0       EQU   0
R1       EQU   1
R2       EQU   2
R3       EQU   3
R4       EQU   4
R5       EQU   5
R6       EQU   6
R7       EQU   7
R8       EQU   8
R9       EQU   9
R10      EQU   10
R11      EQU   11
R12      EQU   12
R13      EQU   13
R14      EQU   14
R15      EQU   15
MAIN     CSECT
         STM   14,12,12(13)
         LR    12,15
         USING MAIN,12
         LA    15,MAIN#SA
         ST    13,4(,15)
         ST    15,8(,13)
         LR    13,15
         B     MAIN#GO
MAIN#SA  DC    18F'0'
MAIN#GO  DS    0H
         LA    1,#@W0003
         LA    0,L'#@W0003
         SVC   35
         B     #@W0003E
#@W0003  DC    C'Hello from the macro library'
#@W0003E DS    0H
         CNOP  0,4
         BAL   1,#@C0004
         DC    A(NUM)
         DC    A(RES)
#@C0004  DS    0H
         L     15,=V(TWICE)
         BALR  14,15
         L     R2,RES
         C     R2,=F'42'
         BC    7,#@I1N1
         LA    1,#@W0009
         LA    0,L'#@W0009
         SVC   35
         B     #@W0009E
#@W0009  DC    C'twice 21 is 42'
#@W0009E DS    0H
         B     #@I1X
#@I1N1   DS    0H
         LA    1,#@W0011
         LA    0,L'#@W0011
         SVC   35
         B     #@W0011E
#@W0011  DC    C'twice 21 is wrong'
#@W0011E DS    0H
#@I1X    DS    0H
         LA    R3,0
         LA    R4,5
#@D1T    DS    0H
         AR    R3,R4
         BCT   R4,#@D1T
#@D1X    DS    0H
         C     R3,=F'15'
         BC    8,#@I2N1
         LA    1,#@W0019
         LA    0,L'#@W0019
         SVC   35
         B     #@W0019E
#@W0019  DC    C'the DO loop went wrong'
#@W0019E DS    0H
#@I2N1   DS    0H
#@I2X    DS    0H
         L     13,4(,13)
         L     14,12(,13)
         LA    15,0
         LM    0,12,20(13)
         BR    14
NUM      DC    F'21'
RES      DS    F
         LTORG
TWICE    CSECT
         STM   14,12,12(13)
         USING TWICE,15
         LM    2,3,0(1)
         L     4,0(,2)
         AR    4,4
         ST    4,0(,3)
         LM    14,12,12(13)
         LA    15,0
         BR    14
         END   MAIN
