*---------------------------------------------------------------------
* WORK -- the routine exercise 11 watches: a bubble sort of twelve
* fullwords in place, then a checksum of the sorted table.
*
*   L     15,=V(WORK)
*   BALR  14,15            R15 <- the sum of i * TAB(i), i = 1..12,
*                          of the sorted table (650 when sorted)
*
* Standard linkage (it saves R14-R12 in the caller's area at R13); no
* SVC, no storage of its own but the table.  Its successful branches
* (BC, BCT, BR) depend only on the table's order.
*---------------------------------------------------------------------
WORK     CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
OUTER    SR    9,9                 R9 = swaps in this sweep
         LA    2,TAB               R2 -> an entry
         LA    3,N-1               R3 = the pairs of a sweep
PAIR     L     4,0(,2)
         C     4,4(,2)             in order?
         BNH   NOSWAP
         L     5,4(,2)             no: swap the pair
         ST    5,0(,2)
         ST    4,4(,2)
         LA    9,1(,9)
NOSWAP   LA    2,4(,2)
         BCT   3,PAIR
         LTR   9,9                 another sweep if anything moved
         BNZ   OUTER
*
         SR    15,15               R15 = sum of i * TAB(i)
         LA    2,TAB
         LA    3,1                 R3 = i
SUM      L     5,0(,2)             R5 = TAB(i)
         MR    4,3                 R4:R5 = TAB(i) * i
         AR    15,5
         LA    2,4(,2)
         LA    3,1(,3)
         C     3,=A(N)
         BNH   SUM
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
N        EQU   12
TAB      DC    F'9,3,12,1,7,5,11,2,10,4,8,6'
         LTORG
         END   WORK
