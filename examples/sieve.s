*---------------------------------------------------------------------
* SIEVE -- the sieve of Eratosthenes: the primes up to N = 1000.
*
* What it shows:
*  - a byte array, initialised with the MVC propagation idiom:
*    MVI sets the first byte, then MVC FLAGS+1(255),FLAGS copies
*    each byte onto the next because MVC moves one byte at a time,
*    left to right;
*  - indexed RX instructions on a byte array: IC 1,FLAGS(5) and
*    STC 2,FLAGS(5) (SI instructions such as CLI have no index);
*  - BXLE, branch on index low or equal: R5 is the index, R6 the
*    increment and R7 (the odd register of the pair) the limit,
*    all in one instruction per iteration;
*  - MR for a square (p * p) in the even-odd pair R0:R1;
*  - printing a list of numbers on one line with the PUT and
*    PUTDEC services (SVC SV_PUT: R1 -> text, R0 = its length;
*    SVC SV_PUTDEC: R1 = the number).
*
* Expected output: see sieve.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
N        EQU   1000                sieve 0..N
SIEVE    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
*
* Every number is a candidate (1) at first; then 0 and 1 are not.
         MVI   FLAGS,X'01'
         MVC   FLAGS+1(255),FLAGS  propagate: bytes 0-255
         MVC   FLAGS+256(256),FLAGS   bytes 256-511
         MVC   FLAGS+512(256),FLAGS   bytes 512-767
         MVC   FLAGS+768(256),FLAGS   bytes 768-1023
         MVI   FLAGS,X'00'
         MVI   FLAGS+1,X'00'
*
* For p = 2, 3, ... while p * p <= N: if p is still a candidate,
* cross out p*p, p*p+p, ... up to N.
         SR    2,2                 R2 = 0, stored by STC
         LA    7,N                 R7 = limit for BXLE
         LA    3,2                 R3 = p
PLOOP    LR    1,3
         MR    0,3                 R0:R1 = p * p
         CR    1,7                 p * p > N?
         BH    COUNT               then we are done
         SR    8,8
         IC    8,FLAGS(3)          is p a candidate?
         LTR   8,8
         BZ    NEXTP               no: it has a smaller factor
         LR    5,1                 R5 = m = p * p
         LR    6,3                 R6 = increment p
MARK     STC   2,FLAGS(5)          m is not prime
         BXLE  5,6,MARK            m = m + p; again while m <= N
NEXTP    LA    3,1(,3)             p = p + 1
         B     PLOOP
*
* Count the survivors: R3 = count, R5 = i, R4 = N + 1 numbers.
COUNT    SR    3,3
         SR    5,5
         SR    8,8
         LA    4,N+1
CLOOP    IC    8,FLAGS(5)          0 or 1
         AR    3,8
         LA    5,1(,5)
         BCT   4,CLOOP
         ST    3,RESULT
         LA    1,CHECK1
         BAL   14,CHECK
*
* The largest prime: scan down from N.
         LA    5,N
DOWN     IC    8,FLAGS(5)
         LTR   8,8
         BNZ   FOUND
         BCTR  5,0
         B     DOWN
FOUND    ST    5,RESULT
         LA    1,CHECK2
         BAL   14,CHECK
*
* Show the primes below 50 on one line.
         LA    1,HEAD              R1 -> the text
         LA    0,L'HEAD            R0 = its length
         SVC   SV_PUT              "primes below 50:"
         LA    5,2                 R5 = i
         LA    4,50-2              R4 = numbers to look at
SHOW     IC    8,FLAGS(5)
         LTR   8,8
         BZ    SHOWNEXT
         LA    1,BLANK
         LA    0,1
         SVC   SV_PUT              " "
         LR    1,5                 R1 = the prime
         SVC   SV_PUTDEC           the prime
SHOWNEXT LA    5,1(,5)
         BCT   4,SHOW
         SR    0,0                 no text:
         SVC   SV_PUTLINE          end the line
*
         LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
* CHECK: IMPCHECK(parameter list at R1); OR its return code into R10.
CHECK    ST    14,CHECKR14
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
         L     14,CHECKR14
         BR    14
*
SAVE     DC    18F'0'
CHECKR14 DC    F'0'
RESULT   DC    F'0'
CHECK1   DC    A(RESULT),A(E168),A(N1)
CHECK2   DC    A(RESULT),A(E997),A(N2)
E168     DC    F'168'
E997     DC    F'997'
N1       DC    CL16'primes to 1000'
N2       DC    CL16'largest prime'
HEAD     DC    C'primes below 50:'
BLANK    DC    C' '
         LTORG
FLAGS    DS    1024X               one byte per number 0..1023
         END   SIEVE
