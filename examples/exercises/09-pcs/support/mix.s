*---------------------------------------------------------------------
* MIX -- the workload of exercise 09: a loop with a known mix of
* instructions, long enough (about 5,000,000 cycles, a third of a
* virtual second) for PC sampling at rates from 1000 to 100000 ticks
* per virtual second.
*
* Each of the 2000 passes: a BCT loop of 24 that adds halfwords (LH,
* AH, STH, LA, BCT), a 200-byte MVC, a CVD and an UNPK of the sum, a
* multiply and a divide (MR, DR).  The cheap instructions are many,
* the MVC and the decimal ones few but long: time and count differ.
* It checks its sum and returns 0 (8 on a wrong result).
*---------------------------------------------------------------------
         COPY  IMPSVC
MIX      CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         L     9,=A(PASSES)        R9 = passes left
         SR    8,8                 R8 = the total
PASS     SR    3,3                 R3 = this pass's sum
         SR    5,5                 R5 = the index
         LA    4,NTAB              R4 = the halfwords
ADD      LH    6,TABLE(5)
         AH    6,ONE               each entry + 1 ...
         STH   6,TEMP              ... kept
         AR    3,6
         LA    5,2(,5)
         BCT   4,ADD
         MVC   COPY,SOURCE         200 bytes
         CVD   3,DW                the sum, packed ...
         UNPK  ZONED,DW            ... and zoned
         LR    7,3
         LA    6,3
         MR    6,6                 R6:R7 = sum * 3
         LA    2,3
         DR    6,2                 R7 = sum again
         AR    8,7
         BCT   9,PASS
         SR    15,15
         C     8,=A(PASSES*(NTAB*(NTAB+1)/2+NTAB))
         BE    DONE
         LA    15,8                a wrong total
DONE     L     14,12(,13)
         LM    0,12,20(13)
         BR    14
PASSES   EQU   2000
NTAB     EQU   24
TABLE    DC    H'1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20'
         DC    H'21,22,23,24'
ONE      DC    H'1'
TEMP     DC    H'0'
DW       DC    D'0'
ZONED    DC    CL8' '
SOURCE   DC    200C'S'
COPY     DC    CL200' '
         LTORG
         END   MIX
