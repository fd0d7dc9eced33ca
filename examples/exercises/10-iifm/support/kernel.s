*---------------------------------------------------------------------
* KERNEL -- the workload of exercise 10: moves of many lengths, sums
* and compares, and a line printed every 40 passes.
*
* Each of the 400 passes: an MVC of 1 to 256 bytes chosen by the pass
* (built with EX), a CLC of the same length, a BCT loop of 16 that
* sums words (L, AR, LA, BCT), an LR/SR/CR of registers.  Every 40th
* pass prints the running sum (two SVCs: the supervisor's code runs).
* It checks the final sum and returns 0 (8 on a wrong result).
*---------------------------------------------------------------------
         COPY  IMPSVC
KERNEL   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    8,8                 R8 = the running sum
         SR    9,9                 R9 = the pass
PASS     LR    2,9
         MH    2,=H'37'            the length - 1: pass * 37 mod 256
         N     2,=F'255'
         EX    2,MOVE              MVC TO(R2+1),FROM
         EX    2,COMPARE           CLC TO(R2+1),FROM
         BNE   BAD
         SR    5,5
         LA    4,16
SUM      L     6,TABLE(5)
         AR    8,6
         LA    5,4(,5)
         BCT   4,SUM
         LR    7,9                 every 40th pass: a line
         SR    6,6
         D     6,=F'40'
         LTR   6,6
         BNZ   NEXT
         LR    1,8
         SVC   SV_PUTDEC
         LA    1,NL
         SR    0,0
         SVC   SV_PUTLINE
NEXT     LA    9,1(,9)
         C     9,=F'400'
         BL    PASS
         SR    15,15
         C     8,=F'54400'         400 * (1 + 2 + ... + 16)
         BE    DONE
BAD      LA    15,8
DONE     L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
MOVE     MVC   TO(0),FROM          the EX targets
COMPARE  CLC   TO(0),FROM
SAVE     DC    18F'0'
TABLE    DC    F'1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16'
NL       DC    C' '
         LTORG
FROM     DC    256C'F'
TO       DC    256C'T'
         END   KERNEL
