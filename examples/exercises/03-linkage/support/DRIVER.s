*---------------------------------------------------------------------
* DRIVER -- exercise 03's main program (linked with the hand-in FIB.s).
*
* For each case n it calls FIB with the standard linkage,
*     CALL  FIB,(N,RESULT),VL
* with R2-R8 holding patterns, then writes one line
*     FIB(n)=value RC=rc REGS=KEPT|CHANGED CHAIN=YES|NO
* REGS: R2-R13 are what they were before the call; CHAIN: FIB stored
* the address of its save area in ours (the forward chain).
*---------------------------------------------------------------------
         COPY  IMPSVC
DRIVER   CSECT
         SAVE  (14,12)
         LR    12,15
         USING DRIVER,12
         ST    13,DSAVE+4          chain our save area to the caller's
         LA    2,DSAVE
         ST    2,8(,13)
         LR    13,2
         LA    9,CASES             R9 -> the case
         LA    10,NCASES           R10 = cases left
NEXT     MVC   NVAL,0(9)
         XC    DSAVE+8(4),DSAVE+8  no forward chain yet
         MVC   RESULT,=F'-1'
         LM    2,8,PATTERN         R2-R8: patterns FIB must give back
         STM   2,13,BEFORE
         CALL  FIB,(NVAL,RESULT),VL
         STM   2,13,AFTER
         LA    13,DSAVE            (in case FIB lost them)
         BALR  12,0
         USING *,12
         L     12,=A(DRIVER)
         USING DRIVER,12
         ST    15,RC
         LA    1,T1                FIB(
         LA    0,L'T1
         SVC   SV_PUT
         L     1,NVAL              n
         SVC   SV_PUTDEC
         LA    1,T2                )=
         LA    0,L'T2
         SVC   SV_PUT
         L     1,RESULT            value
         SVC   SV_PUTDEC
         LA    1,T3                 RC=
         LA    0,L'T3
         SVC   SV_PUT
         L     1,RC                rc
         SVC   SV_PUTDEC
         LA    1,KEPT               REGS=KEPT
         LA    0,L'KEPT
         CLC   BEFORE,AFTER
         BE    SAYREGS
         LA    1,CHANGED            REGS=CHANGED
         LA    0,L'CHANGED
SAYREGS  SVC   SV_PUT
         LA    1,CHAINED            CHAIN=YES
         LA    0,L'CHAINED
         ICM   2,15,DSAVE+8
         BNZ   SAYCHAIN
         LA    1,NOCHAIN            CHAIN=NO
         LA    0,L'NOCHAIN
SAYCHAIN SVC   SV_PUTLINE
         LA    9,4(,9)
         BCT   10,NEXT
         L     13,DSAVE+4
         RETURN (14,12),RC=0
*
DSAVE    DC    18F'0'
CASES    DC    F'0,1,2,5,10,15'
NCASES   EQU   (*-CASES)/4
NVAL     DS    F
RESULT   DS    F
RC       DS    F
BEFORE   DS    12F
AFTER    DS    12F
PATTERN  DC    F'2,3,4,5,6,7,8'
T1       DC    C'FIB('
T2       DC    C')='
T3       DC    C' RC='
KEPT     DC    C' REGS=KEPT'
CHANGED  DC    C' REGS=CHANGED'
CHAINED  DC    C' CHAIN=YES'
NOCHAIN  DC    C' CHAIN=NO'
         LTORG
         END   DRIVER
