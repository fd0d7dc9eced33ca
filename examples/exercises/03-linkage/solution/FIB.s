*---------------------------------------------------------------------
* FIB -- the Fibonacci numbers by recursion, with the standard linkage.
*
*   CALL FIB,(N,RESULT),VL     RESULT = fib(N): fib(0) = 0, fib(1) = 1,
*                              fib(n) = fib(n-1) + fib(n-2); RC 0
*
* Every activation takes a frame of its own by GETMAIN: a save area for
* the routines it calls (itself) and its locals, mapped by FRAME.  The
* save areas are chained both ways, as the convention asks.
*   R2 -> parameter list, R3 -> n, R4 -> result, R5 = n, R6 = sum
*---------------------------------------------------------------------
FRAME    DSECT
FRSAVE   DS    18F                 the save area of this activation
FRARG    DS    F                   n-1, then n-2: the callee's n
FRRES    DS    F                   the callee's result
FRPLIST  DS    2A                  the callee's parameter list
FRLEN    EQU   *-FRAME
*
FIB      CSECT
         SAVE  (14,12)             the caller's registers, in its area
         LR    12,15
         USING FIB,12
         LR    2,1                 R2 -> parameter list
         GETMAIN R,LV=FRLEN        R1 -> a fresh frame
         ST    13,4(,1)            back chain: our area -> the caller's
         ST    1,8(,13)            forward chain: the caller's -> ours
         LR    13,1
         USING FRAME,13
         LM    3,4,0(2)            R3 -> n, R4 -> result
         LA    4,0(,4)             without the VL bit
         L     5,0(,3)             R5 = n
         C     5,=F'1'
         BH    RECURSE
         ST    5,0(,4)             fib(0) = 0, fib(1) = 1
         B     DONE
RECURSE  BCTR  5,0                 fib(n-1)
         ST    5,FRARG
         CALL  FIB,(FRARG,FRRES),VL,MF=(E,FRPLIST)
         L     6,FRRES
         BCTR  5,0                 + fib(n-2)
         ST    5,FRARG
         CALL  FIB,(FRARG,FRRES),VL,MF=(E,FRPLIST)
         A     6,FRRES
         ST    6,0(,4)
DONE     LR    1,13                give the frame back
         L     13,4(,13)           R13 -> the caller's save area
         DROP  13
         FREEMAIN R,LV=FRLEN,A=(1)
         RETURN (14,12),RC=0
         LTORG
         END
