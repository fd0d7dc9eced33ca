*---------------------------------------------------------------------
* CSECTS -- a program of many control sections, for the CSECT
* monitors (seed 004).
*
* What it shows: code the way a compiler lays it out, a main routine
* calling small routines of their own CSECTs, each with loops inside
* it, and data in CSECTs of its own.
*
*   CSMAIN   20 passes: fill the table, sum it, find a key, sort a
*            copy; then check the results (IMPCHECK, the runtime)
*   CSFILL   table(i) = (i * 37) mod 101, i = 0 .. 63
*   CSSUM    the sum of the table
*   CSFIND   the index of a key in the table (a linear search)
*   CSSORT   a bubble sort of a copy of the table
*   CSTAB    the table, CSWORK the copy (data CSECTs)
*
* Monitored four ways (examples/monitors/README, section 5):
*
*   imprun --csm csects.s             the microcode-only monitor
*   imprun --csm=per csects.s         PER's successful branch + ISR
*   imprun --csm=csm csects.s         CR9 bit 4 (CSM) + the same ISR
*   imprun --csm=65536,data csects.s  and the data CSECTs
*
* The three reference strings of the code are the same; the runs'
* cycles are the monitors' cost.
*
* Expected output: see csects.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
PASSES   EQU   20
N        EQU   64                  words in the table
CSMAIN   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
         LA    9,PASSES            R9 = passes left
         SR    8,8                 R8 = the sum of the sums
PASS     L     15,=V(CSFILL)
         BALR  14,15               fill the table
         L     15,=V(CSSUM)
         BALR  14,15               R0 = its sum
         AR    8,0
         L     15,=V(CSFIND)
         LA    0,50                the key 50: at index 15
         BALR  14,15               R0 = its index
         C     0,=F'15'
         BE    FOUND
         LA    10,8                a wrong index
FOUND    L     15,=V(CSSORT)
         BALR  14,15               sort the copy
         BCT   9,PASS
*
         ST    8,RESULT
         LA    2,RESULT
         LA    3,WSUM
         LA    4,NMSUM
         BAL   14,CHK
         L     2,=V(CSWORK)        the sorted copy: in order?
         SR    3,3                 R3 = pairs in order
         LA    5,N-1
ORDER    CLC   0(4,2),4(2)
         BH    NEXTW
         LA    3,1(,3)
NEXTW    LA    2,4(,2)
         BCT   5,ORDER
         ST    3,RESULT
         LA    2,RESULT
         LA    3,WORDER
         LA    4,NMORDER
         BAL   14,CHK
         LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
CHK      ST    14,CHKR14           IMPCHECK(actual, expected, name)
         STM   2,4,CHKPL
         OI    CHKPL+8,X'80'       the last parameter
         LA    1,CHKPL
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
         L     14,CHKR14
         BR    14
SAVE     DC    18F'0'
CHKR14   DC    F'0'
CHKPL    DC    3A(0)
RESULT   DC    F'0'
WSUM     DC    A(PASSES*3185)      (i*37 mod 101 for i < 64: sum 3185)
WORDER   DC    A(N-1)
NMSUM    DC    CL16'sum of sums'
NMORDER  DC    CL16'pairs in order'
         LTORG
*
* CSFILL: table(i) = (i * 37) mod 101.  R2 -> entry, R3 = i, R5 = i*37
CSFILL   CSECT
         USING CSFILL,15
         STM   2,7,28(13)
         L     2,=V(CSTAB)
         SR    3,3
         LA    4,N
FILL     LR    7,3
         MH    7,=H'37'
         SR    6,6
         D     6,=F'101'           R6 = i*37 mod 101
         ST    6,0(,2)
         LA    2,4(,2)
         LA    3,1(,3)
         BCT   4,FILL
         LM    2,7,28(13)
         BR    14
         LTORG
*
* CSSUM: R0 <- the sum of the table.
CSSUM    CSECT
         USING CSSUM,15
         STM   2,4,28(13)
         L     2,=V(CSTAB)
         SR    0,0
         LA    4,N
SUMW     A     0,0(,2)
         LA    2,4(,2)
         BCT   4,SUMW
         LM    2,4,28(13)
         BR    14
         LTORG
*
* CSFIND: R0 <- the index of the key R0 in the table (-1: none).
CSFIND   CSECT
         USING CSFIND,15
         STM   2,4,28(13)
         L     2,=V(CSTAB)
         SR    3,3
         LA    4,N
FINDW    C     0,0(,2)
         BE    FINDOK
         LA    2,4(,2)
         LA    3,1(,3)
         BCT   4,FINDW
         L     3,=F'-1'
FINDOK   LR    0,3
         LM    2,4,28(13)
         BR    14
         LTORG
*
* CSSORT: copy the table to CSWORK and bubble-sort the copy.
CSSORT   CSECT
         USING CSSORT,15
         STM   2,8,28(13)
         L     2,=V(CSWORK)
         L     3,=V(CSTAB)
         MVC   0(256,2),0(3)
         LA    4,N-1               R4 = passes
SPASS    LR    5,2                 R5 -> the pair
         LR    6,4                 R6 = pairs this pass
SPAIR    L     7,0(,5)
         L     8,4(,5)
         CR    7,8
         BNH   SNEXT
         ST    8,0(,5)
         ST    7,4(,5)
SNEXT    LA    5,4(,5)
         BCT   6,SPAIR
         BCT   4,SPASS
         LM    2,8,28(13)
         BR    14
         LTORG
*
CSTAB    CSECT
         DC    (N)F'0'
CSWORK   CSECT
         DC    (N)F'0'
         END   CSMAIN
