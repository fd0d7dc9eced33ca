* bct.s -- the BCT-loop benchmark in HLASM for impas + impld --core (the
* GNU-as twin is written by bench/programs.sh).  It counts the
* instructions it executes (2N + 10), stores the count at X'200' and the
* sum N + (N-1) + ... + 1 (mod 2**32) at X'204', and ends in a disabled
* wait.  A program check ends in the disabled wait X'...0BAD'.
BCT      CSECT
         BALR  12,0
         USING *,12
         MVC   104(8,0),BADPSW     program new PSW: stop, marked BAD
         L     2,N
         SR    3,3
LOOP     AR    3,2
         BCT   2,LOOP
         L     11,N
         AR    11,11
         A     11,K
         ST    11,512              count at X'200'
         ST    3,516               result at X'204'
         LPSW  WAITPSW
         DS    0D
WAITPSW  DC    X'000A0000',F'0'
BADPSW   DC    X'000A0000',X'00000BAD'
N        DC    F'100000000'
K        DC    F'10'
         END   BCT
