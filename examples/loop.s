*---------------------------------------------------------------------
* LOOP -- counting loops with BCT.
*
* What it shows:
*  - the standard entry and exit: save the caller's registers in
*    the caller's save area, chain our own save area, and restore
*    everything but R15 (the return code) on the way out;
*  - BCT R,label: subtract one from R and branch while it is not
*    zero -- the System/370 counting loop, one instruction;
*  - walking a table with an index register: AH 3,TABLE(5);
*  - an EQU computed from the location counter: the number of
*    table entries is (*-TABLE)/L'TABLE, so the table can grow;
*  - checking results with IMPCHECK from the runtime (imprt.s),
*    called through a V-type address constant.
*
* Expected output: see loop.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
LOOP     CSECT
         STM   14,12,12(13)        save the caller's registers
         BALR  12,0                R12 = address of the next byte
         USING *,12                ... and it is our base
         ST    13,SAVE+4           back chain
         LA    2,SAVE
         ST    2,8(,13)            forward chain
         LR    13,2                R13 -> our save area
         SR    10,10               R10 = return code so far
*
* 1. Sum 1..100, counting down: R4 = 100, 99, ..., 1.
         SR    3,3                 R3 = sum
         LA    4,100               R4 = counter
ADDUP    AR    3,4                 sum = sum + counter
         BCT   4,ADDUP             counter - 1; again if not zero
         ST    3,RESULT
         LA    1,CHECK1            sum 1..100 = 5050?
         BAL   14,CHECK
*
* 2. Sum a table of halfwords: R5 is the byte offset, 0, 2, 4, ...
         SR    3,3                 R3 = sum
         SR    5,5                 R5 = offset of the entry
         LA    4,NTAB              R4 = number of entries
TSUM     AH    3,TABLE(5)          add the halfword at TABLE+offset
         LA    5,L'TABLE(,5)       next entry
         BCT   4,TSUM
         ST    3,RESULT
         LA    1,CHECK2
         BAL   14,CHECK
*
* 3. The largest entry: compare each with the best so far.
         LH    3,TABLE             best = first entry
         LA    5,L'TABLE           offset of the second entry
         LA    4,NTAB-1            entries left to look at
TMAX     CH    3,TABLE(5)          best : entry
         BNL   TNEXT               best >= entry: keep it
         LH    3,TABLE(5)          a new best
TNEXT    LA    5,L'TABLE(,5)
         BCT   4,TMAX
         ST    3,RESULT
         LA    1,CHECK3
         BAL   14,CHECK
*
         LR    15,10               return code: 0 or 8
         L     13,SAVE+4           the caller's save area
         L     14,12(,13)          return address
         LM    0,12,20(13)         R0-R12 as they were
         BR    14
*
* CHECK: call IMPCHECK with the parameter list at R1 and OR its
* return code into R10.  An internal subroutine: BAL 14,CHECK.
CHECK    ST    14,CHECKR14         keep our return address
         L     15,=V(IMPCHECK)
         BALR  14,15               R15 = 0 or 8
         OR    10,15
         L     14,CHECKR14
         BR    14
*
SAVE     DC    18F'0'              our save area
CHECKR14 DC    F'0'
RESULT   DC    F'0'
CHECK1   DC    A(RESULT),A(E5050),A(N1)
CHECK2   DC    A(RESULT),A(E39),A(N2)
CHECK3   DC    A(RESULT),A(E9),A(N3)
E5050    DC    F'5050'
E39      DC    F'39'
E9       DC    F'9'
N1       DC    CL16'sum 1..100'
N2       DC    CL16'table sum'
N3       DC    CL16'table maximum'
TABLE    DC    H'3,1,4,1,5,9,2,6,5,3'
NTAB     EQU   (*-TABLE)/L'TABLE   10 entries
         LTORG
         END   LOOP
