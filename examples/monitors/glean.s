*---------------------------------------------------------------------
* GLEAN -- processor-status gleaning, armed by the program.
*
* What it shows:
*  - the gleaning control block (32 bytes): what a record holds
*    (the info mask: ia + op + cycles, X'9800'), the records per
*    trigger (n = 4: the trigger's instruction and the 3 after it,
*    a burst), the flag X'80' (the interval counts instructions,
*    here 25), the buffer and its size, and the words the
*    microcode keeps: the record length (EGLN sets it: 20 bytes =
*    4 of header + 4 ia + 4 op + 8 cycles), the next offset, the
*    records stored and the status;
*  - EGLN in the supervisor state (SR 1,1 / SVC SV_SUPER): CC 0,
*    and the block's address stored in the CAT at X'2B0';
*  - gleaning ending by itself: the buffer holds 6 records (128
*    bytes, 8 left over), so the second burst stops after two
*    records, the status gets X'80000000' and nothing more is
*    stored.  The program works until it sees that bit, then DGLN
*    gives CC 1 (it had ended because the buffer was full);
*  - the records: the burst index (0 for the trigger's
*    instruction), the address and opcode of the instruction just
*    executed (the loop WORK: BCT, AR, LA, TM) and the cycle
*    counter after it.  The difference of two records of a burst
*    is one instruction's cycles (AR and LA 3, TM 4; the CYCLE
*    MODEL of imp(7)) plus what the microcode took to store the
*    record before: the monitor's perturbation of the program,
*    which the seed's design keeps small by gleaning in microcode;
*  - the program checks the block's words and the burst indexes
*    and returns 0, or 8 if a check fails.
*
* Run it with "imprun glean.s".  Virtual time: every run gives the
* same records.
*
* Expected output: see glean.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
CATGLN   EQU   X'2B0',4            CAT+X'B0': EGLN's block address
INFO     EQU   X'9800'             ia (X'8000'), op (X'1000'),
*                                  cycles (X'0800')
RECLEN   EQU   20                  2+2 header, 4 ia, 4 op, 8 cycles
NREC     EQU   6                   records the buffer holds
*
*---------------------------------------------------------------------
* GLN -- the gleaning control block; GREC -- one record of INFO.
*---------------------------------------------------------------------
GLN      DSECT
GINFO    DS    H                   +0 what a record holds
GN       DS    H                   +2 records per trigger
GFLAGS   DS    X                   +4 X'80': interval in insns
         DS    X                   +5 reserved
GLENGTH  DS    H                   +6 the record length (EGLN)
GINTVL   DS    F                   +8 cycles or instructions
GBUFFER  DS    A                   +12 the buffer
GSIZE    DS    F                   +16 its bytes
GNEXT    DS    F                   +20 the offset of the next
GRECS    DS    F                   +24 records stored
GSTATUS  DS    F                   +28 X'80000000' full,
*                                  X'40000000' ended by DGLN
GREC     DSECT
RINFO    DS    H                   the info mask
RINDEX   DS    H                   the index in the burst
RIA      DS    F                   the instruction's address
ROP      DS    F                   its opcode
RCYCLES  DS    2F                  the cycle counter after it
*
*---------------------------------------------------------------------
* GLEAN -- arm, work until the buffer is full, disarm, report.
*---------------------------------------------------------------------
GLEAN    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
         LA    11,GLNCB
         USING GLN,11
*
* 1. Arm: the supervisor state, EGLN.
         SR    1,1
         SVC   SV_SUPER            key 0, privileged instructions
         EGLN  GLNCB               CC 0: gleaning started
         BNZ   BADCC
         L     9,CATGLN            the CAT now points at the block
*
* 2. Work until the status says the buffer is full (at most LIMIT
*    turns, so that a machine that never fills it cannot hang us).
         SR    4,4                 R4 = a sum, the work
         LA    5,1
         L     6,=A(LIMIT)
WORK     AR    4,5
         LA    5,1(,5)
         TM    GSTATUS,X'80'       the buffer full?
         BO    FULL
         BCT   6,WORK
FULL     DS    0H
*
* 3. Disarm: DGLN gives CC 1 (the buffer had filled).
         DGLN  0
         BC    11,BADCC            anything but CC 1 is wrong
         LA    1,1                 back to the problem state
         SVC   SV_SUPER
*
* 4. The CAT entry and the block's words.
         LA    2,GLNCB
         SR    9,2                 CAT+X'B0' - A(GLNCB)
         ST    9,RESULT
         LA    2,RESULT
         LA    3,=F'0'
         LA    4,NMCAT
         BAL   14,CHK
         LH    2,GLENGTH
         ST    2,RESULT
         LA    2,RESULT
         LA    3,=A(RECLEN)
         LA    4,NMLEN
         BAL   14,CHK
         LA    2,GRECS
         LA    3,=A(NREC)
         LA    4,NMRECS
         BAL   14,CHK
         LA    2,GNEXT
         LA    3,=A(NREC*RECLEN)
         LA    4,NMNEXT
         BAL   14,CHK
         L     2,GSTATUS
         SRL   2,24                its bits 0-7
         ST    2,RESULT
         LA    2,RESULT
         LA    3,=F'128'           X'80': the buffer was full
         LA    4,NMSTAT
         BAL   14,CHK
*
* 5. The records: index, address, opcode, cycles and the cycles
*    since the record before it in the burst.  The index must run
*    0, 1, 2, 3, 0, 1: bursts of N.
         LA    1,HEAD
         LA    0,L'HEAD
         SVC   SV_PUTLINE
         L     7,GBUFFER           R7 -> a record
         USING GREC,7
         L     8,GRECS             R8 = the records left
         SR    9,9                 R9 = the expected index
         SR    3,3                 R3 = the cycles before
RECORD   MVC   RLINE,RBLANK
         LH    1,RINDEX
         CR    1,9
         BE    INDEXOK
         LA    10,8                a burst out of order
         MVI   RLINE,C'*'
INDEXOK  LA    2,NUM8
         BAL   14,FMTDEC
         MVC   LINDEX,NUM8+3
         L     1,RIA
         LA    2,LIA
         BAL   14,FMTHEX
         L     1,ROP
         LA    2,NUM8
         BAL   14,FMTHEX
         MVC   LOP,HEXOUT+4        the opcode, 4 digits
         L     1,RCYCLES+4         the low word is enough here
         LA    2,LCYC
         BAL   14,FMTDEC
         LTR   9,9
         BZ    NODELTA             a burst's first: no delta
         L     1,RCYCLES+4
         SR    1,3
         LA    2,LDELTA
         BAL   14,FMTDEC
NODELTA  L     3,RCYCLES+4
         LA    1,RLINE
         LA    0,L'RLINE
         LTR   9,9
         BNZ   PUTREC
         LA    0,L'RLINE-L'LDELTA-1  no delta: no trailing blanks
PUTREC   SVC   SV_PUTLINE
         LA    9,1(,9)             the next index ...
         CH    9,GN
         BL    NEXTREC
         SR    9,9                 ... 0 after a whole burst
NEXTREC  LA    7,RECLEN(,7)
         BCT   8,RECORD
         DROP  7
*
RETURN   LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
BADCC    LA    1,1                 a wrong condition code
         SVC   SV_SUPER
         LA    1,MSGCC
         LA    0,L'MSGCC
         SVC   SV_PUTLINE
         LA    10,8
         B     RETURN
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
*
SAVE     DC    18F'0'
CHKR14   DC    F'0'
CHKPL    DC    3A(0)
RESULT   DC    F'0'
LIMIT    EQU   100000
NMCAT    DC    CL16'CAT+X''B0''-A'
NMLEN    DC    CL16'record length'
NMRECS   DC    CL16'records'
NMNEXT   DC    CL16'next offset'
NMSTAT   DC    CL16'status bits 0-7'
MSGCC    DC    C'GLEAN: EGLN or DGLN gave a wrong condition code'
HEAD     DC    C'index   addr   op   cycles    delta'
RLINE    DC    C'iiiii aaaaaa oooo cccccccc dddddddd'
LINDEX   EQU   RLINE,5
LIA      EQU   RLINE+6,6
LOP      EQU   RLINE+13,4
LCYC     EQU   RLINE+18,8
LDELTA   EQU   RLINE+27,8
RBLANK   DC    CL(L'RLINE)' '
         LTORG
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
* The control block and the buffer.
         DS    0F
GLNCB    DC    Y(INFO)             +0 ia + op + cycles
         DC    H'4'                +2 n: bursts of 4
         DC    X'80',X'00'         +4 the interval counts insns
         DC    H'0'                +6 the record length: EGLN
         DC    F'25'               +8 every 25 instructions
         DC    A(BUFFER)           +12
         DC    A(BUFLEN)           +16
         DC    3F'0'               +20 next, records, status
BUFFER   DC    32F'0'              6 records of 20 and 8 bytes
BUFLEN   EQU   *-BUFFER
         END   GLEAN
