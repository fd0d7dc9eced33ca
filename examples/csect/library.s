*---------------------------------------------------------------------
* LIBRARY -- a program shaped like the Linz paper's (seed 004): a main
* routine that calls small library routines all the time, each in a
* CSECT of its own, as a PL/I program calls its library.
*
* What it shows:
*  - 80 CSECTs: MAIN and the routines LIB1 to LIB79, which a macro
*    (LIBRTN) writes, one CSECT each, from a loop in open code (SETA,
*    AIF): the linkage editor lays them out one after the other;
*  - the paper's mix: a CSECT transition (a call or a return) every
*    32 instructions, and as many taken branches inside a CSECT (each
*    routine's loop, the main routine's BCT);
*  - the CSECT monitors' cost on it: README (this folder) has the
*    command and the table, the paper's numbers beside IMP's.
*
* MAIN calls the 79 routines in turn, 20 times round.  Routine n adds n
* to TOTAL twice a call (its loop), counts its calls and moves a
* few bytes, so TOTAL ends 20 * 2 * (1 + ... + 79) = 126400, which the
* program checks: return code 0, or 8 if TOTAL is wrong.
*
* Expected output: see library.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC              host-service SVC numbers
         MACRO
         LIBRTN &N
LIB&N    CSECT
         USING LIB&N,15            R15 = our address: the base
         LA    1,2                 twice round:
LOOP&N   L     0,0(,2)             TOTAL (R2 -> it)
         A     0,K&N               + n
         ST    0,0(,2)
         L     3,CNT&N             our calls + 1
         LA    3,1(,3)
         ST    3,CNT&N
         MVC   BUF&N.(4),BUF&N+4   a move, as a string assignment
         LR    4,3                 some arithmetic on locals
         SLL   4,2
         AR    4,0
         ST    4,TMP&N
         L     5,TMP&N
         SR    5,0
         SRL   5,1
         ST    5,TMP&N+4
         LA    6,BUF&N             a little addressing
         LA    6,2(,6)
         IC    0,0(,6)
         STC   0,BUF&N+7
         L     4,TMP&N+4
         AR    4,5
         LTR   4,4
         ST    4,TMP&N
         LR    3,4
         SRA   3,1
         AR    3,5
         ST    3,TMP&N+4
         L     0,0(,2)
         BCT   1,LOOP&N
         BR    14                  back to MAIN
K&N      DC    F'&N'
CNT&N    DC    F'0'
TMP&N    DC    2F'0'
BUF&N    DC    CL8'LIBRARY'
         MEND
*
MAIN     CSECT
         BALR  12,0
         USING *,12
         ST    14,SAVE14           the caller's return address
         LA    2,TOTAL             R2 -> TOTAL, for every routine
         LA    9,20                20 times round
OUTER    LA    8,VTAB              R8 -> the routines' addresses
         LA    7,(VTABEND-VTAB)/4  R7 <- how many
INNER    L     15,0(,8)            the next routine
         BALR  14,15               call it: a transition, and back
         LA    8,4(,8)
         BCT   7,INNER
         BCT   9,OUTER
         L     0,TOTAL
         C     0,=F'126400'        20 * 2 * (1 + ... + 79)
         BNE   BAD
         LA    1,OKMSG
         LA    0,L'OKMSG
         SVC   SV_PUTLINE
         L     14,SAVE14
         SR    15,15               return code 0
         BR    14
BAD      LA    1,BADMSG
         LA    0,L'BADMSG
         SVC   SV_PUTLINE
         L     14,SAVE14
         LA    15,8                return code 8: TOTAL is wrong
         BR    14
SAVE14   DC    F'0'
TOTAL    DC    F'0'
OKMSG    DC    C'LIBRARY OK: 79 routines called 20 times, TOTAL 126400'
BADMSG   DC    C'LIBRARY FAILED: TOTAL is wrong'
         LTORG
VTAB     DS    0F
&I       SETA  1
.VCON    ANOP
         DC    V(LIB&I)
&I       SETA  &I+1
         AIF   (&I LE 79).VCON
VTABEND  EQU   *
&I       SETA  1
.GEN     ANOP
         LIBRTN &I
&I       SETA  &I+1
         AIF   (&I LE 79).GEN
         END   MAIN
