*---------------------------------------------------------------------
* PCS -- a workload of one virtual second for program-counter
* sampling.
*
* What it shows:
*  - a program long enough for a clock of 100 ticks per virtual
*    second (16,000,000 cycles) to sample it about 100 times, as
*    the seed's kernel clock samples a process: run it with
*      imprun --pcs=100 --profile=pcs.prof pcs.s
*    and impprof(1) turns the (task, address, count) table into a
*    frequency of instruction types, beside the machine's exact
*    counts (see README);
*  - a mix of instruction types in known proportions: each pass
*    of the outer loop sums a table with L/AR (a BCT loop of 32),
*    moves and compares 64 bytes (MVC, CLC), and multiplies and
*    divides (MR, DR).  Per pass: 32 L, 32 AR, 32 LA and 32 BCT in
*    the inner loop, one MVC, CLC, MR and DR, and the loop's own
*    instructions.  The sampled frequencies approach these as the
*    samples grow (--pcs=20000);
*  - the program checks its sums and returns 0 (8 on a wrong
*    result).  It is in the problem state and arms nothing itself:
*    the sampling is imprun's.
*
* Expected output: see pcs.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
PASSES   EQU   15000               passes of the outer loop
NTAB     EQU   32                  words in the table
PCS      CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
*
         L     9,=A(PASSES)        R9 = passes left
         SR    8,8                 R8 = the sum of the sums
         SR    11,11               R11 = the passes the CLC found equal
*
* 1. Sum the table: L and AR in a BCT loop.
PASS     SR    3,3                 R3 = this pass's sum
         SR    5,5                 R5 = the index
         LA    4,NTAB
SUM      L     6,TABLE(5)
         AR    3,6
         LA    5,4(,5)
         BCT   4,SUM
         AR    8,3
*
* 2. Move 64 bytes and compare them.
         MVC   COPY,SOURCE
         CLC   COPY,SOURCE
         BNE   NOTEQ
         LA    11,1(,11)
*
* 3. Multiply and divide back: (sum * 7) / 7 = sum.
NOTEQ    LR    7,3
         LA    6,7
         MR    6,6                 R6:R7 = sum * 7
         LA    2,7
         DR    6,2                 R7 = sum again, R6 = 0
         CR    7,3
         BE    NEXT
         LA    10,8                a wrong quotient
NEXT     BCT   9,PASS
*
         ST    8,RESULT
         LA    2,RESULT
         LA    3,WSUM
         LA    4,NMSUM
         BAL   14,CHK
         ST    11,RESULT
         LA    2,RESULT
         LA    3,WPASSES
         LA    4,NMCLC
         BAL   14,CHK
*
         LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
*---------------------------------------------------------------------
* CHK: R2 -> actual, R3 -> expected, R4 -> CL16 name: IMPCHECK.
*---------------------------------------------------------------------
CHK      ST    14,CHKR14
         STM   2,4,CHKPL
         OI    CHKPL+8,X'80'       the last parameter
         LA    1,CHKPL
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
         L     14,CHKR14
         BR    14
*
SAVE     DC    18F'0'
CHKR14   DC    F'0'
CHKPL    DC    3A(0)
RESULT   DC    F'0'
WSUM     DC    A(PASSES*NTAB*(NTAB+1)/2)  1+...+32 each pass
WPASSES  DC    A(PASSES)
NMSUM    DC    CL16'sum of sums'
NMCLC    DC    CL16'equal compares'
TABLE    DC    F'1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16'
         DC    F'17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32'
SOURCE   DC    CL64'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG'
COPY     DS    CL64
         LTORG
         END   PCS
