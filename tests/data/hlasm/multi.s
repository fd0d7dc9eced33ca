*---------------------------------------------------------------------
* MULTI -- a main program and two subroutines in three CSECTs of one
* source.  The main program calls SUMUP through a V-type constant and
* MAXOF through an A-type constant; each CSECT has its own base
* register, save area and literal pool (LTORG).  CNOP aligns a
* parameter list that follows a BAL.
*---------------------------------------------------------------------
         ENTRY SUMUP
         EXTRN PRINTIT
MAIN     CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,MAINSAVE+4
         LA    13,MAINSAVE
         LA    1,PARMS             R1 -> A(N),A(LIST),A(RESULT)
         L     15,=V(SUMUP)
         BALR  14,15
         LA    1,PARMS
         L     15,=A(MAXOF)
         BALR  14,15
         CNOP  0,4                 the list must be a fullword
         BAL   1,CALLPR            R1 -> inline parameter list
         DC    A(RESULT)
         DC    X'80',AL3(BIGGEST)  VL bit on the last one
CALLPR   L     15,=V(PRINTIT)
         BALR  14,15
         L     13,MAINSAVE+4
         LM    14,12,12(13)
         SR    15,15
         BR    14
MAINSAVE DS    18F
PARMS    DC    A(N,LIST,RESULT)
         ORG   *-4
         DC    X'80',AL3(RESULT)   mark the end of the list
N        DC    F'5'
LIST     DC    F'3,9,-4,12,7'
RESULT   DS    F
BIGGEST  DS    F
         LTORG
*
* SUMUP: RESULT = sum of the N words of LIST
*
SUMUP    CSECT
         STM   14,12,12(13)
         LR    11,15
         USING SUMUP,11
         LM    2,4,0(1)            R2 -> N, R3 -> LIST, R4 -> RESULT
         LA    4,0(,4)             clear the VL bit
         L     5,0(,2)             count
         SR    6,6
SLOOP    A     6,0(,3)
         LA    3,4(,3)
         BCT   5,SLOOP
         ST    6,0(,4)
         C     6,=F'27'
         BE    SOK
         LA    15,4
         B     SRET
SOK      SR    15,15
SRET     L     14,12(,13)
         LM    0,12,20(13)
         BR    14
         LTORG
*
* MAXOF: the largest word of LIST, into BIGGEST
*
MAXOF    CSECT
         STM   14,12,12(13)
         BALR  10,0
         USING *,10
         LM    2,3,0(1)
         L     5,0(,2)
         L     6,0(,3)             max so far
MLOOP    C     6,0(,3)
         BNL   MNEXT
         L     6,0(,3)
MNEXT    LA    3,4(,3)
         BCT   5,MLOOP
         L     7,=A(BIGGEST)
         ST    6,0(,7)
         LM    14,12,12(13)
         SR    15,15
         BR    14
         LTORG
         END   MAIN
