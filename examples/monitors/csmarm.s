*---------------------------------------------------------------------
* CSMARM -- the microcode CSECT monitor with the data CSECT monitor,
* armed by the program (seed 004, sections 6.1 and 6.2).
*
* What it shows:
*  - the CSECT monitor's control block (48 bytes, mapped by the
*    DSECT CSB): the CSECT table (a start and an end a CSECT, sorted
*    by start), the buffer of records and its size, the words the
*    microcode keeps (the next record's offset, the records, the
*    current CSECT, the status, the bounds comparator's low and
*    high), and the flag X'80000000' that adds the operand
*    references: the data CSECT monitor;
*  - ECSM and DCSM in the supervisor state (SR 1,1 / SVC SV_SUPER):
*    ECSM CC 0, the block's address in the CAT at X'2B4', CSMAIN the
*    current CSECT; DCSM CC 0, and a second DCSM CC 2 (it was off);
*  - the records, 16 bytes each, in the order things happened: a
*    transition of control (1 a call by BALR, 2 a return by BR 14)
*    from one code CSECT to another, and a reference to a data CSECT
*    (3 a fetch, 4 a store) when it is to another CSECT, or of
*    another kind, than the one before.  A branch inside a CSECT (the
*    loops of CSADD and CSMUL) records nothing: the I-unit compares
*    its target with the current CSECT's bounds.  The program prints
*    every record with the names of its CSECTs and the cycles since
*    the first record: the CSECT reference string and the data CSECT
*    reference string, interleaved;
*  - what a layout costs in data references: each call fetches its
*    V-constant from CSMAIN's literal pool (a fetch of CSMAIN: a
*    literal is data in the code), the routines read the table CSTAB
*    and read and write the accumulator in CSACC.  CSADD's loop reads
*    only CSTAB: one record for the whole loop.  CSMUL's multiplies
*    by a literal of its own (MH 2,=H'2'): each turn fetches CSTAB,
*    then CSMUL, two records a turn, 16 where CSADD has 1 -- the
*    data CSECT reference string sees what the code CSECT string
*    cannot;
*  - the program counts the records by kind, checks the calls and
*    returns (ROUNDS of each routine), that the buffer did not fill
*    and its own work, and returns 0 (8 if a check fails).
*
* Run it with "imprun csmarm.s".  Virtual time: every run gives the
* same records and cycles.
*
* Expected output: see csmarm.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
CATCSM   EQU   X'2B4',4            CAT+X'B4': ECSM stores the block's
ROUNDS   EQU   2                   calls of each routine
NWORDS   EQU   8                   words of CSTAB
NREC     EQU   128                 records the buffer holds
*---------------------------------------------------------------------
* CSB -- the CSECT monitor's control block; CSR -- a record.
*---------------------------------------------------------------------
CSB      DSECT
CSNUM    DS    F                   +0 CSECTs in the table
CSTABLE  DS    A                   +4 the table: start, end a CSECT
CSBUF    DS    A                   +8 the buffer of records
CSSIZE   DS    F                   +12 its bytes
CSNEXT   DS    F                   +16 the next record's offset
CSRECS   DS    F                   +20 records stored
CSCUR    DS    F                   +24 the current CSECT's index
CSSTAT   DS    F                   +28 X'80000000': the buffer filled
CSLOW    DS    A                   +32 the bounds comparator: low
CSHIGH   DS    A                   +36 and high
CSFLAGS  DS    F                   +40 X'80000000': data CSECTs too
         DS    F                   +44 0
CSR      DSECT
RFROM    DS    H                   the CSECT before (X'FFFF': none)
RTO      DS    H                   the CSECT entered or referred to
RKIND    DS    X                   1 call, 2 return, 0 other branch,
*                                  3 fetch, 4 store
RTASK    DS    X                   the task's id
         DS    H                   0
RCYCLES  DS    2F                  the cycle counter
RECLEN   EQU   *-CSR
*
*---------------------------------------------------------------------
* CSMAIN -- arm, call the routines, disarm, print the records.
*---------------------------------------------------------------------
CSMAIN   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12                base 1: this code
         L     11,=A(CSMDATA)
         USING CSMDATA,11          base 2: the report's data
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
         LA    9,CSMCB
         USING CSB,9
*
* 1. Arm: the supervisor state, ECSM.  From here to DCSM the program
*    touches no data outside the table's CSECTs but its literals.
         SR    1,1
         SVC   SV_SUPER            key 0, privileged instructions
         ECSM  CSMCB               CC 0: CSMAIN is the current CSECT
         BNZ   BADCC
*
* 2. ROUNDS times: CSADD, then CSMUL.
         LA    8,ROUNDS
ROUND    L     15,=V(CSADD)
         BALR  14,15
         L     15,=V(CSMUL)
         BALR  14,15
         BCT   8,ROUND
*
* 3. Disarm: DCSM, and again (CC 2: it was off).
         DCSM  0
         BNZ   BADCC
         DCSM  0
         BC    13,BADCC            anything but CC 2 is wrong
         L     7,CATCSM            the CAT's word, for the check
         LA    1,1                 back to the problem state
         SVC   SV_SUPER
         LA    2,CSMCB
         SR    7,2                 CAT+X'B4' - A(CSMCB)
         ST    7,RESULT
         LA    2,RESULT
         LA    3,=F'0'
         LA    4,NMCAT
         BAL   14,CHK
*
* 4. The records: kind, the CSECT before, the CSECT now, cycles.
         LA    1,HEAD
         LA    0,L'HEAD
         SVC   SV_PUTLINE
         L     7,CSBUF             R7 -> a record
         USING CSR,7
         L     6,CSRECS            R6 = the records left
         LTR   6,6
         BZ    COUNTED
         L     1,RCYCLES+4         the cycles are counted from
         ST    1,STARTCYC          the first record's
RECORD   MVC   RLINE,RBLANK
         CLI   RKIND,4
         BH    BADKIND             a kind the monitor does not write
         SR    2,2
         IC    2,RKIND             R2 = the kind
         LR    3,2
         SLL   3,2
         L     1,KINDS(3)
         LA    1,1(,1)
         ST    1,KINDS(3)          its count
         MH    2,=H'6'
         LA    2,KNAMES(2)
         MVC   LKIND,0(2)
         LH    1,RFROM
         BAL   14,CSNAME
         MVC   LFROM,0(1)
         LH    1,RTO
         BAL   14,CSNAME
         MVC   LTO,0(1)
         L     1,RCYCLES+4         the low word
         S     1,STARTCYC
         LA    2,LCYC
         BAL   14,FMTDEC
         LA    1,RLINE
         LA    0,L'RLINE
         SVC   SV_PUTLINE
         LA    7,RECLEN(,7)
         BCT   6,RECORD
         DROP  7
*
* 5. The counts by kind, and the checks.
COUNTED  LA    5,KINDS
         LA    4,KNAMES
         LA    6,5
KIND     L     1,0(,5)
         LA    2,SVALUE
         BAL   14,FMTDEC
         MVC   SKIND,0(4)
         LA    1,SLINE
         LA    0,L'SLINE
         SVC   SV_PUTLINE
         LA    5,4(,5)
         LA    4,6(,4)
         BCT   6,KIND
         LA    2,KINDS+4
         LA    3,=A(2*ROUNDS)
         LA    4,NMCALLS
         BAL   14,CHK              a call of each routine a round ...
         LA    2,KINDS+8
         LA    3,=A(2*ROUNDS)
         LA    4,NMRETS
         BAL   14,CHK              ... and its return
         L     1,CSSTAT
         ST    1,RESULT
         LA    2,RESULT
         LA    3,=F'0'
         LA    4,NMSTAT
         BAL   14,CHK              the buffer did not fill
         L     2,=A(ACC)
         LA    3,=A(ROUNDS*36*3)
         LA    4,NMWORK
         BAL   14,CHK              the work: see CSADD and CSMUL
         DROP  9
*
RETURN   LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
BADKIND  LA    10,8
         B     RETURN
BADCC    LA    1,1                 a wrong condition code
         SVC   SV_SUPER
         LA    1,MSGCC
         LA    0,L'MSGCC
         SVC   SV_PUTLINE
         LA    10,8
         B     RETURN
*
*---------------------------------------------------------------------
* CSNAME: R1 = a CSECT's index in the table (X'FFFF' none) -> R1 ->
*   its name, CL8.  Uses R2.
*---------------------------------------------------------------------
CSNAME   N     1,=X'0000FFFF'
         C     1,=A(NCS)
         BL    CSKNOWN
         LA    1,NCS               the name after the last: (none)
CSKNOWN  SLL   1,3
         LA    1,CSNAMES(1)
         BR    14
*
*---------------------------------------------------------------------
* FMTDEC: R1 -> 8 characters at 0(R2), decimal, right-justified.
*---------------------------------------------------------------------
FMTDEC   CVD   1,DW
         MVC   0(8,2),EDPAT
         ED    0(8,2),DW+4         7 digits and the sign
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
CSMAINE  EQU   *                   the end of CSMAIN
*
*---------------------------------------------------------------------
* CSADD -- ACC += the sum of CSTAB (1 + 2 + ... + 8 = 36).  A leaf
* routine: no save area; R2-R5.
*---------------------------------------------------------------------
CSADD    CSECT
         USING *,15
         L     4,=A(CSTAB)
         LA    5,NWORDS
         SR    3,3
ADDLOOP  A     3,0(,4)             a fetch of CSTAB
         LA    4,4(,4)
         BCT   5,ADDLOOP           a branch inside CSADD: nothing
         L     4,=A(ACC)
         A     3,0(,4)             a fetch of CSACC ...
         ST    3,0(,4)             ... and a store
         BR    14
         LTORG
CSADDE   EQU   *
*
*---------------------------------------------------------------------
* CSMUL -- ACC += 2 * the sum of CSTAB, by MH in a loop.  R2-R5.
*---------------------------------------------------------------------
CSMUL    CSECT
         USING *,15
         L     4,=A(CSTAB)
         LA    5,NWORDS
         SR    3,3
MULLOOP  L     2,0(,4)
         MH    2,=H'2'             a fetch of CSMUL: the literal
         AR    3,2
         LA    4,4(,4)
         BCT   5,MULLOOP
         L     4,=A(ACC)
         A     3,0(,4)
         ST    3,0(,4)
         BR    14
         LTORG
CSMULE   EQU   *
*
*---------------------------------------------------------------------
* CSTAB, CSACC -- the data CSECTs.
*---------------------------------------------------------------------
CSTAB    CSECT
         DC    F'1,2,3,4,5,6,7,8'
CSTABE   EQU   *
CSACC    CSECT
ACC      DC    F'0'
CSACCE   EQU   *
*
*---------------------------------------------------------------------
* CSMDATA -- the control block, the table, the buffer, the report
* (not in the monitor's table: its references are not recorded).
*---------------------------------------------------------------------
CSMDATA  CSECT
         DS    0F
CSMCB    DC    A(NCS,CSTBL,BUFFER,BUFLEN),6F'0',X'80000000',F'0'
CSTBL    DC    A(CSMAIN,CSMAINE)   0   sorted by start: the order
         DC    A(CSADD,CSADDE)     1   in which impld lays them out
         DC    A(CSMUL,CSMULE)     2
         DC    A(CSTAB,CSTABE)     3
         DC    A(CSACC,CSACCE)     4
NCS      EQU   (*-CSTBL)/8
CSNAMES  DC    CL8'CSMAIN',CL8'CSADD',CL8'CSMUL',CL8'CSTAB'
         DC    CL8'CSACC',CL8'(none)'
*
SAVE     DC    18F'0'
CHKR14   DC    F'0'
CHKPL    DC    3A(0)
RESULT   DC    F'0'
STARTCYC DC    F'0'                the first record's cycles
KINDS    DC    5F'0'               the records of each kind
KNAMES   DC    CL6'branch',CL6'call',CL6'return',CL6'fetch'
         DC    CL6'store'
NMCAT    DC    CL16'CAT+X''B4''-A'
NMCALLS  DC    CL16'calls'
NMRETS   DC    CL16'returns'
NMSTAT   DC    CL16'status'
NMWORK   DC    CL16'ACC'
MSGCC    DC    C'CSMARM: ECSM or DCSM gave a wrong condition code'
HEAD     DC    C'kind   from     to         cycles'
RLINE    DC    C'kkkkkk ffffffff tttttttt cccccccc'
LKIND    EQU   RLINE,6
LFROM    EQU   RLINE+7,8
LTO      EQU   RLINE+16,8
LCYC     EQU   RLINE+25,8
RBLANK   DC    CL(L'RLINE)' '
SLINE    DC    C'kkkkkk records nnnnnnnn'
SKIND    EQU   SLINE,6
SVALUE   EQU   SLINE+15,8
*
         DS    0D
DW       DS    D                   CVD's packed number
EDPAT    DC    X'4020202020202120' fill, 7 digits (the last forced)
BUFFER   DC    (NREC*RECLEN/4)F'0'  the records, last
BUFLEN   EQU   *-BUFFER
         END   CSMAIN
