*---------------------------------------------------------------------
* FACTORIAL -- a recursive subroutine in its own CSECT.
*
* What it shows:
*  - two control sections in one source: FACTMAIN calls FACT
*    through a V-type address constant, =V(FACT), exactly as it
*    would call a routine assembled separately;
*  - the standard linkage in full: R1 -> parameter list, R13 ->
*    save area, R14 = return address, R15 = entry point on the way
*    in and return code on the way out; save-area chaining;
*  - a parameter list of addresses whose last word has the high
*    bit on (the "VL" bit) to mark the end of the list;
*  - recursion: every activation of FACT takes a frame (its save
*    area plus local variables) from a stack inside FACT, laid
*    out by the DSECT FRAME and addressed with USING FRAME,13;
*  - MR: a 64-bit product in an even-odd register pair;
*  - a table-driven test: each entry holds n, n! and a name.
*
*   n! = 1 when n <= 1, else n * (n-1)!   (13! does not fit in 32
*   bits, so FACT refuses n > 12 with return code 4)
*
* Expected output: see factorial.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
*
* One activation of FACT: a save area and the locals that must
* survive the recursive call.
FRAME    DSECT
FRSAVE   DS    18F                 save area for the routines we call
FRNM1    DS    F                   n - 1
FRRES    DS    F                   (n - 1)!
FRPLIST  DS    2A                  parameter list: A(FRNM1),A(FRRES)
FRLEN    EQU   *-FRAME
*
*---------------------------------------------------------------------
* FACTMAIN -- the main program: computes n! for every entry of
* CASES and checks the result.
*---------------------------------------------------------------------
FACTMAIN CSECT
         STM   14,12,12(13)        save the caller's registers
         BALR  12,0
         USING *,12
         ST    13,MSAVE+4          chain the save areas
         LA    2,MSAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
*
         LA    6,CASES             R6 -> first case
         LA    7,NCASES            R7 = number of cases
NEXTCASE ST    6,FPLIST            FACT's first parameter: A(n)
         LA    1,FPLIST            R1 -> A(n),A(RESULT)
         L     15,=V(FACT)         call FACT
         BALR  14,15
         ST    15,FACTRC           keep its return code
         LA    2,4(,6)             R2 -> expected n!
         LA    3,8(,6)             R3 -> the name
         STM   2,3,CPLIST+4        IMPCHECK(RESULT, expected, name)
         LA    1,CPLIST
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
         LA    6,CASELEN(,6)       next case
         BCT   7,NEXTCASE
*
* 13! would overflow: FACT must say so with return code 4.
         LA    1,BIGPLIST
         L     15,=V(FACT)
         BALR  14,15
         ST    15,FACTRC
         LA    1,RCPLIST           IMPCHECK(FACTRC, 4, name)
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
*
         LR    15,10               return code 0 or 8
         L     13,MSAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
MSAVE    DC    18F'0'
RESULT   DC    F'0'
FACTRC   DC    F'0'
FPLIST   DC    A(0)                A(n), filled in per case
         DC    X'80',AL3(RESULT)   last parameter: VL bit on
CPLIST   DC    A(RESULT),A(0),A(0)
BIGPLIST DC    A(THIRTEEN),X'80',AL3(RESULT)
RCPLIST  DC    A(FACTRC),A(FOUR),A(RCNAME)
THIRTEEN DC    F'13'
FOUR     DC    F'4'
RCNAME   DC    CL16'13! refused'
*
* The cases: n, n!, name (24 bytes each).
CASES    DC    F'0',F'1',CL16'0!'
CASELEN  EQU   *-CASES
         DC    F'1',F'1',CL16'1!'
         DC    F'5',F'120',CL16'5!'
         DC    F'10',F'3628800',CL16'10!'
         DC    F'12',F'479001600',CL16'12!'
NCASES   EQU   (*-CASES)/CASELEN
         LTORG
*
*---------------------------------------------------------------------
* FACT -- R1 -> A(n), A(result).  Stores n! at result; R15 = 0, or
* 4 (result 0) when n > 12.
*   R4 -> n, R5 -> result, R3 = n, R6:R7 = product
*---------------------------------------------------------------------
FACT     CSECT
         STM   14,12,12(13)        save the caller's registers
         LR    12,15               R12 = base (R15 = our address)
         USING FACT,12
         L     2,STACKTOP          R2 -> a fresh frame
         LA    3,FRLEN(,2)
         ST    3,STACKTOP          push it
         ST    13,4(,2)            back chain
         ST    2,8(,13)            forward chain
         LR    13,2                R13 -> our frame ...
         USING FRAME,13            ... and it maps FRAME
*
         LM    4,5,0(1)            R4 -> n, R5 -> result
         LA    5,0(,5)             drop the VL bit
         L     3,0(,4)             R3 = n
         C     3,MAXN
         BH    TOOBIG
         LA    7,1                 R7 = 1
         CR    3,7                 n <= 1?
         BH    RECURSE
         ST    7,0(,5)             result = 1
         B     RETURN0
*
RECURSE  LR    6,3                 n - 1 ...
         BCTR  6,0
         ST    6,FRNM1             ... is our callee's n
         LA    1,FRNM1
         ST    1,FRPLIST
         LA    1,FRRES
         ST    1,FRPLIST+4
         OI    FRPLIST+4,X'80'     VL bit on the last word
         LA    1,FRPLIST
         L     15,=V(FACT)         FACT calls itself
         BALR  14,15
         L     7,FRRES             R7 = (n - 1)!
         MR    6,3                 R6:R7 = (n - 1)! * n
         ST    7,0(,5)             result = n!  (fits: n <= 12)
RETURN0  SR    15,15               return code 0
         B     RETURN
TOOBIG   SR    7,7
         ST    7,0(,5)             result = 0
         LA    15,4                return code 4
*
RETURN   ST    13,STACKTOP         pop our frame
         L     13,4(,13)           the caller's save area
         DROP  13
         L     14,12(,13)
         LM    0,12,20(13)         restore, keeping R15
         BR    14
*
MAXN     DC    F'12'
STACKTOP DC    A(STACK)            next free frame
         LTORG
         DS    0F
STACK    DS    (12*FRLEN)X         room for 12 activations
         END   FACTMAIN
