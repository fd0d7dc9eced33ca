*---------------------------------------------------------------------
* IIFM -- the instruction frequency monitor, armed by the program:
* the opcode compare register, its counters and its time-sliced
* frequency table in storage.
*
* What it shows:
*  - the 24-byte control block LOCR loads (mapped by the DSECT OCB,
*    on a doubleword boundary): the pattern, the don't-care bits,
*    the state and task filters, the slice and the table;
*  - LOCR and STOCR in the supervisor state (SR 1,1 / SVC SV_SUPER):
*    LOCR clears the counters and starts counting with the next
*    instruction, STOCR stores the opcode counter and the cycle
*    counter (two doublewords) and stops;
*  - one opcode, BCT (X'46'): the loop LOOP runs N times, and the
*    counter says N BCTs in 3 * N cycles -- exactly, since the
*    hardware counts every instruction the pattern selects;
*  - a subset by don't-care bits: X'18' with X'07' is X'18'-X'1F'
*    (LR, CR, AR, SR, MR, DR, ALR, SLR): the same loop's LR, AR and
*    SR, 3 * N of them;
*  - time slicing over the RX opcodes X'40'-X'7F' (X'40' with
*    don't-care X'3F', flag X'20', a slice of 1000 cycles): the
*    compare register steps through the opcodes the machine has in
*    that range, one a slice, and adds each slice's counts to the
*    opcode's entry of the 8 KB table (512 entries of a count and a
*    cycle count, doublewords).  The program prints each entry that
*    counted something, with its CPI (cycles / count, exact even
*    though each opcode was counted only in its slices), and checks
*    that the entries add up to the counters STOCR stored and that
*    nothing outside X'40'-X'7F' was counted;
*  - the program returns 0, or 8 if a check fails.
*
* Run it with "imprun iifm.s".  Counts of virtual time: every run
* gives the same table.
*
* Expected output: see iifm.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
N        EQU   1000                turns of LOOP for the counters
NSLICED  EQU   30000               turns of LOOP for the table
*---------------------------------------------------------------------
* OCB -- the opcode compare register's control block (LOCR).
* FREQ -- an entry of the frequency table.
*---------------------------------------------------------------------
OCB      DSECT
OCPAT    DS    H                   +0 the opcode (X'00nn', X'B2nn')
OCDC     DS    H                   +2 don't-care bits
OCFLAGS  DS    X                   +4 X'80' problem state, X'40'
*                                  supervisor (neither: both), X'20'
*                                  time slicing
         DS    X                   +5 0
OCTASKS  DS    H                   +6 task bits, 0: every task
OCSLICE  DS    F                   +8 the slice in cycles
OCTABLE  DS    A                   +12 the table (8192 bytes)
         DS    2F                  +16 0
FREQ     DSECT
FRCOUNT  DS    D                   instructions counted
FRCYCLES DS    D                   their cycles
FRLEN    EQU   *-FREQ
*
*---------------------------------------------------------------------
* IIFM -- count, count a subset, slice; print and check.
*---------------------------------------------------------------------
IIFM     CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12                base 1: this code
         L     11,=A(IIFMDATA)
         USING IIFMDATA,11         base 2: the data
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
         SR    1,1
         SVC   SV_SUPER            key 0: LOCR and STOCR
*
* 1. BCT alone: N turns of LOOP.
         LA    9,N
         LOCR  OCBBCT
         BAL   14,WORK
         STOCR COUNTERS
         BAL   14,SAVEC            R6 = count, R7 = cycles
         ST    6,CNTBCT
         ST    7,CYCBCT
*
* 2. X'18'-X'1F': the same N turns.
         LA    9,N
         LOCR  OCBRR
         BAL   14,WORK
         STOCR COUNTERS
         BAL   14,SAVEC
         ST    6,CNTRR
*
* 3. X'40'-X'7F', time-sliced into FTAB.
         L     9,=A(NSLICED)
         LOCR  OCBRX
         BAL   14,WORK
         STOCR COUNTERS
         BAL   14,SAVEC
         ST    6,CNTRX
         ST    7,CYCRX
         LA    1,1                 back to the problem state
         SVC   SV_SUPER
*
* 4. The counters.
         LA    2,CNTBCT
         LA    3,=A(N)
         LA    4,NMBCT
         BAL   14,CHK              N BCTs ...
         LA    2,CYCBCT
         LA    3,=A(3*N)
         LA    4,NMBCTC
         BAL   14,CHK              ... of 3 cycles each
         LA    2,CNTRR
         LA    3,=A(3*N)
         LA    4,NMRR
         BAL   14,CHK              LR, AR and SR in each turn
*
* 5. The table: each entry with a count, and the sums.
         LA    1,HEAD
         LA    0,L'HEAD
         SVC   SV_PUTLINE
         L     7,=A(FTAB)          R7 -> an entry
         USING FREQ,7
         SR    6,6                 R6 = the entry's number
         SR    4,4                 R4 = the counts' sum
         SR    5,5                 R5 = the cycles' sum
         SR    3,3                 R3 = counts outside X'40'-X'7F'
ENTRY    L     1,FRCOUNT+4
         LTR   1,1
         BZ    NEXTE
         AR    4,1
         A     5,FRCYCLES+4
         CH    6,=H'64'            X'40' ...
         BL    OUTSIDE
         CH    6,=H'127'           ... to X'7F'
         BNH   INSIDE
OUTSIDE  AR    3,1
INSIDE   BAL   14,SHOWFR
NEXTE    LA    7,FRLEN(,7)
         LA    6,1(,6)
         CH    6,=H'512'
         BL    ENTRY
         DROP  7
         ST    3,OUTSUM
         ST    4,RESULT
         LA    2,RESULT
         LA    3,CNTRX
         LA    4,NMSUMN
         BAL   14,CHK              the entries' counts: the counter
         ST    5,RESULT
         LA    2,RESULT
         LA    3,CYCRX
         LA    4,NMSUMC
         BAL   14,CHK              their cycles: the cycle counter
         LA    2,OUTSUM
         LA    3,=F'0'
         LA    4,NMOUT
         BAL   14,CHK
*
RETURN   LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
*---------------------------------------------------------------------
* WORK: R9 turns of LOOP, a sum of a table: per turn one L, A, ST,
*   LA, BCT (RX), and one LR, AR, SR (RR).  Uses R2-R5, R9.
*---------------------------------------------------------------------
WORK     XR    5,5                 R5 = the index, 0 to 60 by 4
LOOP     L     2,WORDS(5)
         A     2,WORDS+4(5)
         ST    2,SUMW
         LR    3,2
         AR    3,3
         SR    3,2                 R3 = R2 again
         LA    5,4(,5)
         N     5,=F'63'            round and round the 16 words
         BCT   9,LOOP
         BR    14
*
*---------------------------------------------------------------------
* SAVEC: R6 <- the low word of the opcode counter, R7 of the cycles
*   (a check that the high words are 0 would fail only after 2**32).
*---------------------------------------------------------------------
SAVEC    L     6,COUNTERS+4
         L     7,COUNTERS+12
         BR    14
*
*---------------------------------------------------------------------
* SHOWFR: print the entry R6 at R7: the opcode (entry n < 256 is X'n',
*   entry 256 + n X'B2n'), count, cycles and CPI.  Uses R1, R2, R8.
*---------------------------------------------------------------------
         USING FREQ,7
SHOWFR   ST    14,SHOWR14
         MVC   FLINE,FBLANK
         LR    1,6
         CH    1,=H'256'
         BL    ONEBYTE
         A     1,=X'0000B200'      X'B2nn'
         S     1,=F'256'
ONEBYTE  LA    2,NUM8
         BAL   14,FMTHEX
         MVC   FCODE,HEXOUT+4      four hexadecimal digits
         L     1,FRCOUNT+4
         LA    2,FCOUNT
         BAL   14,FMTDEC
         L     1,FRCYCLES+4
         LA    2,FCYCLES
         BAL   14,FMTDEC
         L     1,FRCYCLES+4        CPI * 100 = cycles * 100 / count
         M     0,=F'100'           R0:R1
         D     0,FRCOUNT+4         R1 = the quotient
         CVD   1,DW
         MVC   FCPI,CPIPAT
         ED    FCPI,DW+4
         LA    1,FLINE
         LA    0,L'FLINE
         SVC   SV_PUTLINE
         L     14,SHOWR14
         BR    14
         DROP  7
*
*---------------------------------------------------------------------
* FMTDEC: R1 -> 8 characters at 0(R2), decimal, right-justified.
* FMTHEX: R1 -> 6 hexadecimal digits at 0(R2); all 8 in HEXOUT.
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
         LTORG
*
*---------------------------------------------------------------------
* IIFMDATA -- the control blocks, the counters, the table.
*---------------------------------------------------------------------
IIFMDATA CSECT
         DS    0D
OCBBCT   DC    X'0046',X'0000',X'00',X'00',H'0',F'0',A(0),2F'0'
OCBRR    DC    X'0018',X'0007',X'00',X'00',H'0',F'0',A(0),2F'0'
OCBRX    DC    X'0040',X'003F',X'20',X'00',H'0',F'1000',A(FTAB),2F'0'
COUNTERS DC    2D'0'               STOCR: opcode counter, cycles
*
SAVE     DC    18F'0'
SHOWR14  DC    F'0'
CHKR14   DC    F'0'
CHKPL    DC    3A(0)
RESULT   DC    F'0'
CNTBCT   DC    F'0'
CYCBCT   DC    F'0'
CNTRR    DC    F'0'
CNTRX    DC    F'0'
CYCRX    DC    F'0'
SUMW     DC    F'0'
OUTSUM   DC    F'0'                counts outside X'40'-X'7F'
WORDS    DC    F'1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,1'
*
NMBCT    DC    CL16'BCT count'
NMBCTC   DC    CL16'BCT cycles'
NMRR     DC    CL16'18/07 count'
NMSUMN   DC    CL16'table count'
NMSUMC   DC    CL16'table cycles'
NMOUT    DC    CL16'outside 40-7F'
HEAD     DC    C'opcode    count   cycles       CPI'
FLINE    DC    C'xxxx   cccccccc yyyyyyyy  ppppp.pp'
FCODE    EQU   FLINE,4
FCOUNT   EQU   FLINE+7,8
FCYCLES  EQU   FLINE+16,8
FCPI     EQU   FLINE+25,9
FBLANK   DC    CL(L'FLINE)' '
CPIPAT   DC    X'402020202120',C'.',X'2020'
*
         DS    0D
DW       DS    D                   CVD's packed number
NUM8     DS    CL8
EDPAT    DC    X'4020202020202120' fill, 7 digits (the last forced)
HEXW     DS    F                   FMTHEX: the word to convert ...
         DC    X'00'               ... and a byte for UNPK's sign
HEXOUT   DS    CL9
HEXTAB   DC    C'0123456789ABCDEF'
         DS    0D
FTAB     DC    (512*FRLEN/8)D'0'   the frequency table, 8 KB, last
         END   IIFM
