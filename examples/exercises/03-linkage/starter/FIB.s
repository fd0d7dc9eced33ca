*---------------------------------------------------------------------
* FIB -- exercise 03: the Fibonacci numbers by recursion.
*
*   CALL FIB,(N,RESULT),VL     RESULT = fib(N), return code 0
*
* fib(0) = 0, fib(1) = 1, fib(n) = fib(n-1) + fib(n-2), each of the two
* computed by a CALL FIB.  Use the macro library: SAVE, RETURN, CALL,
* GETMAIN and FREEMAIN.  See README.md.
*---------------------------------------------------------------------
FRAME    DSECT
FRSAVE   DS    18F                 the save area of one activation
*                                  (and what else must survive a call)
FRLEN    EQU   *-FRAME
*
FIB      CSECT
         SAVE  (14,12)
         LR    12,15
         USING FIB,12
*        get a frame, chain the save areas, R13 -> the frame
*        load n, compute, store the result
*        R13 back to the caller's save area, free the frame
         RETURN (14,12),RC=0
         LTORG
         END
