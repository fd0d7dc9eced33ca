*---------------------------------------------------------------------
* GLEANINT -- gleaning that ends with an interruption: the seed's
* "completion of sampling", taken by the program's own handler.
*
* What it shows:
*  - the gleaning control block with the flag X'40' beside X'80'
*    (X'C0': the interval counts instructions, here 23, and a full
*    buffer requests external interruption 1407); the records hold
*    ia + cycles (X'8800', 16 bytes) and the buffer 6 of them;
*  - the three things that let the interruption in, as for the
*    interval timer: an external new PSW at X'58' (GLNISR, the
*    supervisor state, interruptions off), CR0 bit 23 (the gleaning
*    subclass; bit 24, the interval timer's, off here so that only
*    gleaning interrupts) and the PSW's external mask (STOSM X'01');
*  - the work loop polls nothing of the monitor: it waits for its own
*    word TAKEN, which only the handler sets.  The seventh trigger
*    finds no room, the machine requests 1407, and the interruption
*    is taken at the next instruction boundary: GLNISR sees the code
*    X'1407' at X'86' and the old PSW at X'18' (the work loop's next
*    instruction, the external mask on), counts, and returns to it
*    with LPSW;
*  - DGLN then gives CC 1 (gleaning had ended because the buffer was
*    full), and the program prints the code, where the interruption
*    came, and the records: the address of the instruction each
*    trigger found just executed and the cycle counter after it, 23
*    instructions apart (the loop has 5, so each record finds
*    another of them);
*  - the program checks the handler ran once, the code, the records
*    and the status, and returns 0, or 8 if a check fails.
*
* Run it with "imprun gleanint.s".  Virtual time: every run gives the
* same records and the same interruption.
*
* Expected output: see gleanint.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
         COPY  IMPPSA
ISRREGS  EQU   X'300',8            GLNISR's save area: R11, R12
INFO     EQU   X'8800'             ia (X'8000'), cycles (X'0800')
RECLEN   EQU   16                  2+2 header, 4 ia, 8 cycles
NREC     EQU   6                   records the buffer holds
*
GLN      DSECT ,                   the gleaning control block
GINFO    DS    H                   +0 what a record holds
GN       DS    H                   +2 records per trigger
GFLAGS   DS    X                   +4 X'80' insns, X'40' interrupt
         DS    X                   +5 reserved
GLENGTH  DS    H                   +6 the record length (EGLN)
GINTVL   DS    F                   +8 cycles or instructions
GBUFFER  DS    A                   +12 the buffer
GSIZE    DS    F                   +16 its bytes
GNEXT    DS    F                   +20 the offset of the next
GRECS    DS    F                   +24 records stored
GSTATUS  DS    F                   +28 X'80000000' full
GREC     DSECT ,                   one record of INFO
RINFO    DS    H
RINDEX   DS    H
RIA      DS    F                   the instruction's address
RCYCLES  DS    2F                  the cycle counter after it
*
GLEANINT CSECT
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
* 1. The handler, the subclass, the block, the mask.
         SR    1,1
         SVC   SV_SUPER            key 0, privileged instructions
         MVC   PSAEXTNW,NEWPSW     install GLNISR
         STCTL 0,0,CR0OLD
         L     2,CR0OLD
         N     2,=X'FFFFFF7F'      bit 24 (interval timer) off
         O     2,=X'00000100'      bit 23 (gleaning) on
         ST    2,CR0NEW
         LCTL  0,0,CR0NEW
         EGLN  GLNCB               CC 0: gleaning started
         BNZ   BADCC
         STOSM OLDMASK,X'01'       the external mask on
*
* 2. Work until the handler says the buffer is full (at most LIMIT
*    turns, so that a machine that never interrupts cannot hang us).
         SR    4,4                 R4 = a sum, the work
         LA    5,1
         L     6,=A(LIMIT)
WORK     AR    4,5
         LA    5,1(,5)
         CLI   TAKEN+3,0           the handler ran?
         BNE   DONE
         BCT   6,WORK
DONE     STNSM OLDMASK,X'FE'       the external mask off
         LCTL  0,0,CR0OLD
         XC    PSAEXTNW,PSAEXTNW   no handler any more
*
* 3. Disarm: DGLN gives CC 1 (the buffer had filled).
         DGLN  0
         BC    11,BADCC            anything but CC 1 is wrong
         LA    1,1                 back to the problem state
         SVC   SV_SUPER
*
* 4. What the handler saw.
         LA    1,MSGCODE
         LA    0,L'MSGCODE
         SVC   SV_PUT
         LH    1,ECODE
         SVC   SV_PUTHEX
         LA    1,MSGCODE
         SR    0,0
         SVC   SV_PUTLINE
         LA    1,MSGPSW
         LA    0,L'MSGPSW
         SVC   SV_PUT
         L     1,EOLD
         SVC   SV_PUTHEX
         LA    1,MSGPSW
         SR    0,0
         SVC   SV_PUTLINE
         L     1,EOLD+4
         LA    2,LAT
         BAL   14,FMTHEX
         LA    1,ATLINE
         LA    0,L'ATLINE
         SVC   SV_PUT
         L     1,EOLD+4
         LA    2,WORK
         SR    1,2                 the offset in the loop
         SVC   SV_PUTDEC
         LA    1,ATLINE
         SR    0,0
         SVC   SV_PUTLINE
*
* 5. The checks: once, 1407, the records, the status.
         LA    2,TAKEN
         LA    3,=F'1'
         LA    4,NMTAKEN
         BAL   14,CHK
         LH    2,ECODE
         ST    2,RESULT
         LA    2,RESULT
         LA    3,=A(X'1407')
         LA    4,NMCODE
         BAL   14,CHK
         LA    2,GRECS
         LA    3,=A(NREC)
         LA    4,NMRECS
         BAL   14,CHK
         L     2,GSTATUS
         SRL   2,24                its bits 0-7
         ST    2,RESULT
         LA    2,RESULT
         LA    3,=F'128'           X'80': the buffer was full
         LA    4,NMSTAT
         BAL   14,CHK
*
* 6. The records: address, cycles, cycles since the one before.
         LA    1,HEAD
         LA    0,L'HEAD
         SVC   SV_PUTLINE
         L     7,GBUFFER           R7 -> a record
         USING GREC,7
         L     8,GRECS             R8 = the records left
         SR    3,3                 R3 = the cycles before
RECORD   MVC   RLINE,RBLANK
         L     1,RIA
         LA    2,LIA
         BAL   14,FMTHEX
         L     1,RCYCLES+4         the low word is enough here
         LA    2,LCYC
         BAL   14,FMTDEC
         LA    0,L'RLINE-L'LDELTA-1  the first: no delta
         LTR   3,3
         BZ    PUTREC
         L     1,RCYCLES+4
         SR    1,3
         LA    2,LDELTA
         BAL   14,FMTDEC
         LA    0,L'RLINE
PUTREC   L     3,RCYCLES+4
         LA    1,RLINE
         SVC   SV_PUTLINE
         LA    7,RECLEN(,7)
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
* FMTDEC: R1 -> 8 characters at 0(R2), decimal, right-justified.
* FMTHEX: R1 -> 6 hexadecimal digits at 0(R2).
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
* CHK: R2 -> actual, R3 -> expected, R4 -> CL16 name: IMPCHECK.
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
         DS    0D
NEWPSW   DC    X'00080000',A(GLNISR)  supervisor, key 0, ext off
CR0OLD   DC    F'0'
CR0NEW   DC    F'0'
OLDMASK  DC    X'00'
NMTAKEN  DC    CL16'interruptions'
NMCODE   DC    CL16'code'
NMRECS   DC    CL16'records'
NMSTAT   DC    CL16'status bits 0-7'
MSGCC    DC    C'GLEANINT: EGLN or DGLN gave a wrong condition code'
MSGCODE  DC    C'external interruption code '
MSGPSW   DC    C'old PSW bits 0-31 '
ATLINE   DC    C'taken at aaaaaa, WORK+'
LAT      EQU   ATLINE+9,6
HEAD     DC    C'  addr   cycles    delta'
RLINE    DC    C'aaaaaa cccccccc dddddddd'
LIA      EQU   RLINE,6
LCYC     EQU   RLINE+7,8
LDELTA   EQU   RLINE+16,8
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
* What the handler saw: how often, the code, the old PSW.
         DS    0D
TAKEN    DC    F'0'
ECODE    DC    H'0'
         DS    0D
EOLD     DC    D'0'
*
* GLNISR -- the external-interruption handler: the interrupted R11
* and R12 kept in low storage, its own base, the count, the code
* and the old PSW kept, and back with LPSW (the mask on again).
         DROP  11,12
GLNISR   STM   11,12,ISRREGS
         BALR  12,0
         USING *,12
         L     11,ISRDATA
         MVC   4(2,11),PSAEXTCD    the code
         MVC   8(8,11),PSAEXTOW    the old PSW
         L     12,0(,11)           (R12 is free now)
         LA    12,1(,12)
         ST    12,0(,11)           TAKEN + 1
         LM    11,12,ISRREGS
         LPSW  PSAEXTOW            back to the work loop
ISRDATA  DC    A(TAKEN)
*
* The control block and the buffer.
         DS    0F
GLNCB    DC    Y(INFO)             +0 ia + cycles
         DC    H'1'                +2 n: one record a trigger
         DC    X'C0',X'00'         +4 insns, interrupt when full
         DC    H'0'                +6 the record length: EGLN
         DC    F'23'               +8 every 23 instructions
         DC    A(BUFFER)           +12
         DC    A(BUFLEN)           +16
         DC    3F'0'               +20 next, records, status
BUFFER   DC    24F'0'              6 records of 16 bytes
BUFLEN   EQU   *-BUFFER
         END   GLEANINT
