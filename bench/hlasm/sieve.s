* sieve.s -- the sieve benchmark in HLASM for impas + impld --core (the
* GNU-as twin is written by bench/programs.sh).  Eight times over: clear
* a 1 MiB byte array at X'100000', mark the multiples of every prime
* below 1024 (from its square on), count the unmarked flags 2..N-1 and
* store the prime count (82025) at X'204'.  It counts the instructions it
* executes exactly (per-path constants and loop trip counts, as the twin
* does, plus the two set-up instructions the twin does not have) and
* stores the count at X'200', then ends in a disabled wait.  A program
* check ends in the disabled wait X'...0BAD'.
SIEVE    CSECT
         BALR  12,0
         USING *,12
         MVC   104(8,0),BADPSW     program new PSW: stop, marked BAD
         L     15,LAST             BXLE limit: the last flag
         L     13,REPS
         SR    11,11               the instruction count
REP      L     4,ARR               clear the array, 256 bytes a time
         L     5,BLOCKS
CLR      XC    0(256,4),0(4)
         LA    4,256(0,4)
         BCT   5,CLR
         LA    7,2(0,0)            i
         L     8,ARR
         LA    8,2(0,8)            &flag[i]
OUTER    CLI   0(8),0
         BNE   NEXT
         LR    1,7                 prime: mark i*i, i*i+i, ...
         MR    0,7
         L     9,ARR
         AR    9,1                 &flag[i*i]
         LCR   1,1
         A     1,NM1               N-1 - i*i
         SR    0,0
         DR    0,7
         LA    1,1(0,1)            trip count
         AR    1,1
         AR    11,1                2 instructions per trip
         LR    14,7                increment i, limit in GR15
INNER    MVI   0(9),1
         BXLE  9,14,INNER
         A     11,KPRIME
NEXT     LA    7,1(0,7)
         LA    8,1(0,8)
         C     7,LIM
         BL    OUTER
         L     9,ARR               count the composites, branch-free
         LA    9,2(0,9)
         SR    10,10
         SR    3,3
         L     5,NM2
CNT      IC    3,0(0,9)
         AR    10,3
         LA    9,1(0,9)
         BCT   5,CNT
         L     3,NM2
         SR    3,10                primes below N
         ST    3,516               result at X'204'
         A     11,KREP
         BCT   13,REP
         A     11,KFIX
         ST    11,512              count at X'200'
         LPSW  WAITPSW
         DS    0D
WAITPSW  DC    X'000A0000',F'0'
BADPSW   DC    X'000A0000',X'00000BAD'
N        EQU   1048576             flags
LIMIT    EQU   1024                sieve with the primes below this
REPS     DC    F'8'
ARR      DC    A(X'100000')
LAST     DC    A(X'100000'+N-1)
BLOCKS   DC    A(N/256)
NM1      DC    A(N-1)
NM2      DC    A(N-2)
LIM      DC    A(LIMIT)
KPRIME   DC    F'13'               a prime's path, its trips aside
* one repetition: clear 2 + 3 per block; outer set-up 3; 6 per i; count
* set-up 5 + 4 per flag + 3; the A and the BCT
KREP     DC    A(2+3*(N/256)+3+6*(LIMIT-2)+5+4*(N-2)+3+2)
KFIX     DC    F'8'                BALR MVC L L SR before; A ST LPSW after
         END   SIEVE
