*---------------------------------------------------------------------
* IAS -- the instruction address sampler, armed by the program.
*
* What it shows:
*  - the control address table (CAT, real X'200'): its word at
*    X'A8' (X'2A8') holds the address of the IAS control block.  The
*    program goes into the supervisor state with the SUPER service
*    (SR 1,1 / SVC SV_SUPER: key 0, so it may store there and issue
*    the privileged EIAS and DIAS), and back to the problem state
*    (LA 1,1 / SVC SV_SUPER) once the sampling is over;
*  - the IAS control block: the wait-state counter, the sample
*    period (500 cycles) and three counting windows of 20 bytes
*    each (low, high, block size, count vector, out-of-range
*    counter), mapped here by the DSECT WIN:
*      1. all the code (IASMAIN, IASSORT, IASPRIM), 64-byte blocks;
*      2. IASSORT only, 8-byte blocks: a finer look at one routine;
*      3. a buffer with no code in it (HOLE): every sample is out
*         of its range;
*  - EIAS (CC 0: sampling started; interval timer 4 then takes a
*    sample every period cycles) and DIAS (CC 0: stopped; a second
*    DIAS gives CC 2: it was already off);
*  - work in several CSECTs called through V-constants and BALR:
*    IASSORT (a bubble sort, the hot loop) and IASPRIM (trial
*    division, with the slow DR);
*  - the invariant of the sampler: for every window the counts of
*    its blocks, plus its out-of-range counter, plus the wait-state
*    counter are the number of samples, the same for all windows.
*    The program prints each window block by block, checks that
*    the totals agree and that window 3 saw nothing, and returns 0,
*    or 8 if a check fails.  Window 1 has nothing out of range:
*    no SVC, no runtime call between EIAS and DIAS; window 2 has
*    IASPRIM's samples out of range.  One task that never waits:
*    the wait-state counter stays 0 (README shows it counting);
*  - where the time goes: the DR loop of IASPRIM takes more
*    samples than the whole bubble sort of IASSORT.
*
* Run it with "imprun ias.s".  The counts are those of the machine's
* cycle model: virtual time, so every run gives the same samples.
*
* Expected output: see ias.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
CATIAS   EQU   X'2A8',4            CAT+X'A8': the IAS control block
PERIOD   EQU   500                 cycles between samples
*---------------------------------------------------------------------
* WIN -- a counting window's descriptor in the IAS control block.
*---------------------------------------------------------------------
WIN      DSECT
WLOW     DS    A                   the first address
WHIGH    DS    A                   the address after the last
WBLOCK   DS    F                   bytes per address block
WVEC     DS    A                   the count vector
WOUT     DS    F                   the out-of-range counter
WINLEN   EQU   *-WIN
*
*---------------------------------------------------------------------
* IASMAIN -- arm the sampler, do the work, disarm it, report.
*---------------------------------------------------------------------
IASMAIN  CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12                base 1: this code
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         L     11,=A(IASDATA)
         USING IASDATA,11          base 2: the data CSECT
         SR    10,10               R10 = return code so far
*
* 1. Every count vector must hold its window's blocks:
*    (high - low + block - 1) / block words.
         LA    6,IASWIN            R6 -> the first window
         USING WIN,6
         LA    7,NWIN
         LA    8,VECCAP            R8 -> the vectors' capacities
SIZE     BAL   14,BLOCKS           R3 = the window's blocks
         C     3,0(,8)
         BH    TOOBIG
         LA    6,WINLEN(,6)
         LA    8,4(,8)
         BCT   7,SIZE
         DROP  6
*
* 2. Arm the sampler: the supervisor state, the CAT entry, EIAS.
         SR    1,1                 R1 = 0: the supervisor state ...
         SVC   SV_SUPER            ... with key 0
         LA    2,IASCB
         ST    2,CATIAS            CAT+X'A8' -> the control block
         EIAS  0                   start: a sample every PERIOD
         BNZ   NOTARM              CC 1: it was on already
*
* 3. The work, in other CSECTs.
         L     15,=V(IASSORT)
         BALR  14,15               R0 = the swaps made
         ST    0,SWAPS
         L     15,=V(IASPRIM)
         BALR  14,15               R0 = the primes found
         ST    0,PRIMES
*
* 4. Disarm it.  A second DIAS finds it off: CC 2.
         DIAS  0
         BNZ   NOTARM
         DIAS  0
         BC    13,NOTARM           anything but CC 2 is wrong
         XC    CATIAS,CATIAS       the CAT entry is free again
         LA    1,1                 back to the problem state
         SVC   SV_SUPER
*
* 5. The report: the sample period, then each window.
         L     1,=A(PERIOD)
         LA    2,HPER
         BAL   14,FMTDEC
         LA    1,HEAD
         LA    0,L'HEAD
         SVC   SV_PUTLINE          "IAS: sample period ..."
         LA    6,IASWIN
         USING WIN,6
         LA    7,1                 R7 = the window's number
WINDOW   BAL   14,SHOWWIN          R9 = its total of samples
         CH    7,=H'1'
         BNE   WOTHER
         ST    9,TOTAL1            window 1 sets the total ...
WOTHER   ST    9,RESULT            ... the others must match it
         MVC   NMTOTAL+7(1),WNUM   "window n total"
         LA    2,RESULT
         LA    3,TOTAL1
         LA    4,NMTOTAL
         BAL   14,CHK
         LA    6,WINLEN(,6)
         LA    7,1(,7)
         CH    7,=Y(NWIN)
         BNH   WINDOW
*
* 6. Window 3 has no code: its samples are all out of range (but
*    those of the wait state), and its blocks count nothing.
         LA    6,IASWIN+2*WINLEN
         L     2,WOUT
         A     2,IASCB+CBWAIT
         ST    2,RESULT
         LA    2,RESULT
         LA    3,TOTAL1
         LA    4,NMHOLE
         BAL   14,CHK
         DROP  6
*
* 7. The work itself was right.
         LA    2,SWAPS
         LA    3,WSWAPS
         LA    4,NMSWAPS
         BAL   14,CHK
         LA    2,PRIMES
         LA    3,WPRIMES
         LA    4,NMPRIMES
         BAL   14,CHK
*
RETURN   LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
TOOBIG   LA    1,MSGBIG            a vector too small: do not arm
         LA    0,L'MSGBIG
         SVC   SV_PUTLINE
         LA    10,8
         B     RETURN
NOTARM   LA    1,1                 a wrong condition code
         SVC   SV_SUPER
         LA    1,MSGCC
         LA    0,L'MSGCC
         SVC   SV_PUTLINE
         LA    10,8
         B     RETURN
*
*---------------------------------------------------------------------
* SHOWWIN: print the window at R6 (number in R7): a heading, one line
*   per block with its address and count, the out-of-range and
*   wait-state counters and their total; R9 <- the total.
*   Uses R1-R5, R8.
*---------------------------------------------------------------------
         USING WIN,6
SHOWWIN  ST    14,SHOWR14
         STC   7,WNUM
         OI    WNUM,C'0'           1 -> C'1'
         MVC   HWNUM,WNUM
         L     1,WLOW
         LA    2,HLOW
         BAL   14,FMTHEX
         L     1,WHIGH
         LA    2,HHIGH
         BAL   14,FMTHEX
         BAL   14,BLOCKS           R3 = the blocks
         LR    5,3
         LR    1,3
         LA    2,NUM8
         BAL   14,FMTDEC
         MVC   HBLKS,NUM8+4
         L     1,WBLOCK
         LA    2,NUM8
         BAL   14,FMTDEC
         MVC   HSIZE,NUM8+4
         LA    1,HWIN
         LA    0,L'HWIN
         SVC   SV_PUTLINE          "window n: low-high, ..."
*
         SR    9,9                 R9 = the total
         L     8,WVEC              R8 -> the count
         L     4,WLOW              R4 = the block's address
BLOCK    L     1,0(,8)
         AR    9,1
         LA    2,BCOUNT
         BAL   14,FMTDEC
         LR    1,4
         LA    2,BADDR
         BAL   14,FMTHEX
         LA    1,BLINE
         LA    0,L'BLINE
         SVC   SV_PUTLINE          "  block aaaaaa  count"
         LA    8,4(,8)
         A     4,WBLOCK
         BCT   5,BLOCK
*
         L     1,WOUT
         AR    9,1
         LA    2,OCOUNT
         BAL   14,FMTDEC
         LA    1,OLINE
         LA    0,L'OLINE
         SVC   SV_PUTLINE          "  out of range  count"
         L     1,IASCB+CBWAIT
         AR    9,1
         LA    2,WCOUNT
         BAL   14,FMTDEC
         LA    1,WLINE
         LA    0,L'WLINE
         SVC   SV_PUTLINE          "  wait state    count"
         LR    1,9
         LA    2,TCOUNT
         BAL   14,FMTDEC
         LA    1,TLINE
         LA    0,L'TLINE
         SVC   SV_PUTLINE          "  total         count"
         L     14,SHOWR14
         BR    14
*
*---------------------------------------------------------------------
* BLOCKS: R3 <- the blocks of the window at R6,
*   (high - low + block - 1) / block.  Uses R2.
*---------------------------------------------------------------------
BLOCKS   L     3,WHIGH
         S     3,WLOW
         A     3,WBLOCK
         BCTR  3,0
         SR    2,2                 R2:R3 = the dividend
         D     2,WBLOCK            R3 = the quotient
         BR    14
         DROP  6
*
*---------------------------------------------------------------------
* FMTDEC: R1 -> 8 characters at 0(R2), decimal, right-justified.
* FMTHEX: R1 -> 6 hexadecimal digits at 0(R2) (a 24-bit address).
*---------------------------------------------------------------------
FMTDEC   CVD   1,DW
         MVC   0(8,2),EDPAT
         ED    0(8,2),DW+4         7 digits and the sign
         BR    14
FMTHEX   ST    1,HEXW
         UNPK  HEXOUT(9),HEXW(5)   a digit a byte, X'F0'-X'FF'
         TR    HEXOUT(8),HEXTAB-240  X'F0'-X'FF' -> '0'-'F'
         MVC   0(6,2),HEXOUT+2     the low six digits
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
SHOWR14  DC    F'0'
CHKR14   DC    F'0'
CHKPL    DC    3A(0)
         LTORG
*
*---------------------------------------------------------------------
* IASSORT -- sort NSORT fullwords, given in descending order, into
* ascending order with a bubble sort: the program's hot loop.
*   R0 <- the swaps made, R15 <- 0 (8 if the table is not 1..NSORT).
*---------------------------------------------------------------------
NSORT    EQU   64
IASSORT  CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         LA    2,TABLE             fill it: NSORT, NSORT-1, ..., 1
         LA    3,NSORT
FILL     ST    3,0(,2)
         LA    2,4(,2)
         BCT   3,FILL
         SR    0,0                 R0 = the swaps
         LA    4,NSORT-1           R4 = the pairs of this pass
PASS     LA    2,TABLE
         LR    3,4
         SR    5,5                 R5 = this pass's swaps
PAIR     L     6,0(,2)
         L     7,4(,2)
         CR    6,7
         BNH   NOSWAP
         ST    7,0(,2)             swap the pair
         ST    6,4(,2)
         LA    5,1(,5)
NOSWAP   LA    2,4(,2)
         BCT   3,PAIR
         AR    0,5
         LTR   5,5                 no swap: sorted
         BZ    SORTED
         BCT   4,PASS
SORTED   LA    2,TABLE             check: 1, 2, ..., NSORT
         LA    3,1
         LA    4,NSORT
CHECK    C     3,0(,2)
         BNE   UNSORTED
         LA    2,4(,2)
         LA    3,1(,3)
         BCT   4,CHECK
         SR    15,15
         B     SORTRET
UNSORTED LA    15,8
SORTRET  L     14,12(,13)
         LM    2,12,28(13)
         BR    14
SORTEND  EQU   *                   window 2 ends here
TABLE    DS    (NSORT)F
*
*---------------------------------------------------------------------
* IASPRIM -- count the primes below LIMIT by trial division with
* the odd divisors d while d*d <= n.  R0 <- the count, R15 <- 0.
*---------------------------------------------------------------------
LIMIT    EQU   1000
IASPRIM  CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         LA    9,1                 R9 = the count: 2 is prime
         LA    4,3                 R4 = n, odd
CAND     LA    5,3                 R5 = d
TRY      LR    7,5
         MR    6,5                 R6:R7 = d*d
         CR    7,4
         BH    PRIME               d*d > n: n is prime
         SR    6,6
         LR    7,4                 R6:R7 = n
         DR    6,5                 R6 = n mod d
         LTR   6,6
         BZ    NEXTN               d divides n
         LA    5,2(,5)
         B     TRY
PRIME    LA    9,1(,9)
NEXTN    LA    4,2(,4)
         C     4,=A(LIMIT)
         BL    CAND
         LR    0,9
         SR    15,15
         L     14,12(,13)
         LM    2,12,28(13)
         BR    14
         LTORG
IASEND   EQU   *                   window 1 ends here
*
*---------------------------------------------------------------------
* IASDATA -- the IAS control block, its count vectors, the report.
*---------------------------------------------------------------------
IASDATA  CSECT
         DS    0F
IASCB    DC    F'0'                +0 the wait-state counter
         DC    Y(PERIOD)           +4 the sample period
         DC    X'00'               +6 reserved
         DC    AL1(NWIN)           +7 the number of windows
IASWIN   DC    A(IASMAIN,IASEND),F'64',A(VEC1),F'0'
         DC    A(IASSORT,SORTEND),F'8',A(VEC2),F'0'
         DC    A(HOLE,HOLEEND),F'64',A(VEC3),F'0'
NWIN     EQU   (*-IASWIN)/WINLEN
CBWAIT   EQU   0                   offset of the wait-state counter
VECCAP   DC    A(64,64,4)          the words of each vector:
VEC1     DC    64F'0'              up to 4 KiB of code in 64 bytes
VEC2     DC    64F'0'              up to 512 bytes in 8 bytes
VEC3     DC    4F'0'               256 bytes in 64
HOLE     DC    64F'0'              a buffer: no code
HOLEEND  EQU   *
*
SWAPS    DC    F'0'
PRIMES   DC    F'0'
WSWAPS   DC    A(NSORT*(NSORT-1)/2)  descending: every pair swaps
WPRIMES  DC    F'168'              primes below 1000
TOTAL1   DC    F'0'                window 1's total
RESULT   DC    F'0'
NMTOTAL  DC    CL16'window n total'
NMHOLE   DC    CL16'window 3 out'
NMSWAPS  DC    CL16'sort swaps'
NMPRIMES DC    CL16'primes < 1000'
WNUM     DC    C' '
*
HEAD     DC    C'IAS: sample period nnnnnnnn cycles'
HPER     EQU   HEAD+19,8
HWIN     DC    C'window n: xxxxxx-xxxxxx, nnnn blocks of nnnn bytes'
HWNUM    EQU   HWIN+7,1
HLOW     EQU   HWIN+10,6
HHIGH    EQU   HWIN+17,6
HBLKS    EQU   HWIN+25,4
HSIZE    EQU   HWIN+40,4
BLINE    DC    C'  block xxxxxx  nnnnnnnn'
BADDR    EQU   BLINE+8,6
BCOUNT   EQU   BLINE+16,8
OLINE    DC    C'  out of range  nnnnnnnn'
OCOUNT   EQU   OLINE+16,8
WLINE    DC    C'  wait state    nnnnnnnn'
WCOUNT   EQU   WLINE+16,8
TLINE    DC    C'  total         nnnnnnnn'
TCOUNT   EQU   TLINE+16,8
MSGBIG   DC    C'IAS: a count vector is too small for its window'
MSGCC    DC    C'IAS: EIAS or DIAS gave a wrong condition code'
*
         DS    0D
DW       DS    D                   CVD's packed number
NUM8     DS    CL8
EDPAT    DC    X'4020202020202120' fill, 7 digits (the last forced)
HEXW     DS    F                   FMTHEX: the word to convert ...
         DC    X'00'               ... and a byte for UNPK's sign
HEXOUT   DS    CL9
HEXTAB   DC    C'0123456789ABCDEF'
*
         END   IASMAIN
