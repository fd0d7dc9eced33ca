*---------------------------------------------------------------------
* LPRTEST -- a test of LPR and LNR: each case compares the result and
* the condition code with what System/370 defines, by the runtime's
* IMPCHECK ("OK name = value" or "FAIL ..."), and the return code is
* 8 if any case failed.  The values are what matter.  Run it on the new microcode:
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
         L     2,=F'42'            LPR of a positive number: 42
         LPR   3,2
         LA    4,EXPPOS
         BAL   14,TWO
         L     2,=F'42'            LNR of a positive number: -42
         LNR   3,2
         LA    4,EXPLNR
         BAL   14,TWO
*
         LR    15,9
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
* TWO: check R3 against the entry at R4: CL16 name, F value.
TWO      ST    14,TWO14
         ST    3,ACTUAL
         LA    1,16(,4)
         ST    1,PLIST+4
         ST    4,PLIST+8
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
EXPPOS   DC    CL16'LPR 42',F'42'
EXPLNR   DC    CL16'LNR 42',F'-42'
         LTORG
         END   LPRTEST
