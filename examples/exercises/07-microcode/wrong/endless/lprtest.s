*---------------------------------------------------------------------
* LPRTEST -- a test of LPR and LNR: each case compares the result and
* the condition code with what System/370 defines, by the runtime's
* IMPCHECK ("OK name = value" or "FAIL ..."), and the return code is
* 8 if any case failed.  Run it on the new microcode:
*
*   impmc -o my.mcs mc/*.mc lpr.mc
*   imprun --microcode=my.mcs lprtest.s
*---------------------------------------------------------------------
LPRTEST  CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    9,9                 R9 = the return code
*
         L     2,=F'-42'           LPR of a negative number: 42, CC 2
         LPR   3,2
         BAL   14,GETCC
         LA    4,EXPNEG
         BAL   14,TWO
         L     2,=F'42'            of a positive one: 42, CC 2
         LPR   3,2
         BAL   14,GETCC
         LA    4,EXPPOS
         BAL   14,TWO
         SR    2,2                 of zero: 0, CC 0
         LPR   3,2
         BAL   14,GETCC
         LA    4,EXPZERO
         BAL   14,TWO
         L     2,=X'80000000'      of -2**31: unchanged, CC 3
         LPR   3,2
         BAL   14,GETCC
         LA    4,EXPMAX
         BAL   14,TWO
         L     2,=F'42'            LNR of a positive number: -42, CC 1
         LNR   3,2
         BAL   14,GETCC
         LA    4,EXPLNR
         BAL   14,TWO
         L     2,=F'-42'           of a negative one: -42, CC 1
         LNR   3,2
         BAL   14,GETCC
         LA    4,EXPLNRN
         BAL   14,TWO
         SR    2,2                 of zero: 0, CC 0
         LNR   3,2
         BAL   14,GETCC
         LA    4,EXPLNRZ
         BAL   14,TWO
*
         LR    15,9
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
* GETCC: R5 <- the condition code.
GETCC    LA    5,0
         BCR   8,14
         LA    5,1
         BCR   4,14
         LA    5,2
         BCR   2,14
         LA    5,3
         BR    14
*
* TWO: check R3 and R5 against the entry at R4: CL16 name, F value,
* CL16 name, F CC.
TWO      ST    14,TWO14
         ST    3,ACTUAL
         LA    1,16(,4)
         ST    1,PLIST+4
         ST    4,PLIST+8
         BAL   14,CHECK
         ST    5,ACTUAL
         LA    1,36(,4)
         ST    1,PLIST+4
         LA    1,20(,4)
         ST    1,PLIST+8
         BAL   14,CHECK
         L     14,TWO14
         BR    14
CHECK    ST    14,CHECK14
         LA    1,PLIST
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    9,15
         L     14,CHECK14
         BR    14
*
SAVE     DC    18F'0'
TWO14    DC    F'0'
CHECK14  DC    F'0'
ACTUAL   DC    F'0'
PLIST    DC    A(ACTUAL,0,0)
EXPNEG   DC    CL16'LPR -42',F'42',CL16'LPR -42 CC',F'2'
EXPPOS   DC    CL16'LPR 42',F'42',CL16'LPR 42 CC',F'2'
EXPZERO  DC    CL16'LPR 0',F'0',CL16'LPR 0 CC',F'0'
EXPMAX   DC    CL16'LPR -2**31',X'80000000',CL16'LPR -2**31 CC',F'3'
EXPLNR   DC    CL16'LNR 42',F'-42',CL16'LNR 42 CC',F'1'
EXPLNRN  DC    CL16'LNR -42',F'-42',CL16'LNR -42 CC',F'1'
EXPLNRZ  DC    CL16'LNR 0',F'0',CL16'LNR 0 CC',F'0'
         LTORG
         END   LPRTEST
