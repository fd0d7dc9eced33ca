*---------------------------------------------------------------------
* IMPPERI -- the interrupt service routine of the CSECT monitors that
* run on program-event recording (imprun --csm-method=per or csm; the
* Linz paper's PER monitor and its stripped-down CSM).
*
* imprun loads it at X'C58' in the nucleus (key 0) and makes it the
* program-interruption handler: new PSW X'00080000 00000C58'
* (supervisor state, key 0, every interruption and PER off).  It keeps
* the CSECT monitor's block of imp(7) ("THE SAMPLING MONITORS"), whose
* address is at CAT+X'B4' (X'2B4'), exactly as the microcode-only
* monitor does: the sorted table of the program's CSECTs (start, end),
* the current CSECT's index (+24) and bounds (+32, +36), and the buffer
* of 16-byte transition records (from, to, kind, task, cycle count).
*
* Two ways to be called, one routine:
*
*   per   CR9 bit 0, successful branch: every taken branch interrupts.
*         The old PSW holds the branch target, X'98' the branch.  Most
*         branches stay in their CSECT: the routine finds that and goes
*         back at once -- the cost the paper measured (8-10 times).
*   csm   CR9 bit 4, IMP's CSECT-change event: the branch sets CR5 bit
*         0 and the next fetch compares the address with CR10..CR11,
*         the current CSECT's bounds; only a way out of the CSECT
*         interrupts, with the new address at X'98'.  The routine then
*         loads CR10 and CR11 with the new CSECT's bounds (5-6 times).
*
* Either way it looks the branch target up (binary search), and when
* the CSECT changed records the transition.  The kind of a branch
* (1 call: BAL BALR BAS BASR; 2 return: BCR; 0 another) is known only
* to per, which has the branch's address; csm records 0.  The cycle
* count comes from the TIME service (DIAGNOSE X'03C').  A full buffer
* sets the status bit and turns PER off in the program's PSW: the
* monitor ends, as the microcode one does.
*
* A program interruption that is not PER alone is the program's own:
* the routine takes the PER bit out of its code and hands it to imprun
* (DIAGNOSE X'104'), which ends the run as if there were no handler --
* the abend report names the program's exception, not this routine.
*
* Registers: R12 base; R2 the block; R3 the target; R4/R5 the search's
* low and high index, R6 the table, R7 the CSECT found (X'FFFF': none),
* R8 its entry, R0/R1 its bounds (low, high: not in it).
*---------------------------------------------------------------------
IMPPERI  CSECT
SAVE     EQU   X'C10'              the interrupted program's registers
WORK     EQU   X'C50'              CR10, CR11 for LCTL
PGMOLD   EQU   X'28'               program old PSW
PGMCODE  EQU   X'8F'               the interruption code's low byte
PERADDR  EQU   X'98'               the PER address
CATCSM   EQU   X'2B4'              CAT+X'B4': the CSECT monitor's block
*
         STM   0,15,SAVE           keep the program's registers
         BALR  12,0
         USING *,12
         TM    PGMCODE,X'80'       a PER event?
         BZ    PASS                no: the program's own exception
         L     2,CATCSM            R2 -> the block
         L     3,PGMOLD+4          R3 <- the old PSW's address:
         LA    3,0(,3)                the branch target
*
* The binary search of the table for R3's CSECT.
*
         SR    4,4                 R4 <- low index 0
         L     5,0(,2)
         BCTR  5,0                 R5 <- high index: CSECTs - 1
         L     6,4(,2)             R6 -> the table
SEARCH   CR    5,4                 high < low?
         BL    GAP                 yes: in no CSECT
         LR    7,4
         AR    7,5
         SRL   7,1                 R7 <- the middle
         LR    8,7
         SLL   8,3
         AR    8,6                 R8 -> its entry
         CL    3,0(,8)             below its start?
         BL    LOWER
         CL    3,4(,8)             below its end?
         BL    HIT                 yes: in it
         LA    4,1(,7)             above: low <- middle + 1
         B     SEARCH
LOWER    LR    5,7                 below: high <- middle - 1
         BCTR  5,0
         B     SEARCH
HIT      LM    0,1,0(8)            R0, R1 <- its start and end
         B     FOUND
*
* Between CSECTs: the gap from the end of CSECT low-1 (or 0) to the
* start of CSECT low (or 16M) is where the program is.
*
GAP      SR    0,0                 R0 <- 0 ...
         LTR   8,4
         BZ    GAPHI               ... when no CSECT is below
         SLL   8,3
         AR    8,6
         S     8,=F'4'
         L     0,0(,8)             ... else the end of CSECT low-1
GAPHI    L     1,=X'01000000'      R1 <- 16M ...
         C     4,0(,2)
         BNL   NONE                ... when no CSECT is above
         LR    8,4
         SLL   8,3
         AR    8,6
         L     1,0(,8)             ... else the start of CSECT low
NONE     L     7,=X'0000FFFF'      R7 <- no CSECT
*
* R7 is where the program went, R0..R1 its bounds.
*
FOUND    STM   0,1,32(2)           the bounds, in the block
         L     9,24(,2)            R9 <- the CSECT it came from
         ST    7,24(,2)            the current CSECT <- R7
         BAL   14,BOUNDS           csm: the comparator's bounds
         CR    9,7
         BE    BACK                the same CSECT (or gap): nothing
*
* A transition: a record of 16 bytes, if there is room.
*
         L     10,16(,2)           R10 <- the next record's offset
         LA    11,16(,10)
         CL    11,12(,2)           past the buffer's size?
         BH    FULL
         ST    11,16(,2)
         A     10,8(,2)            R10 -> the record
         SLL   9,16
         OR    9,7
         ST    9,0(,10)            from, to
         SR    9,9                 R9 <- kind 0 ...
         STCTL 9,9,WORK+4          (CR9 to a scratch word)
         TM    WORK+4,X'80'        called for successful branches?
         BZ    KIND                no (csm): kind 0
         L     8,PERADDR           R8 -> the branch
         CLI   0(8),X'45'          BAL
         BE    CALL
         CLI   0(8),X'05'          BALR
         BE    CALL
         CLI   0(8),X'4D'          BAS
         BE    CALL
         CLI   0(8),X'0D'          BASR
         BE    CALL
         CLI   0(8),X'07'          BCR
         BNE   KIND
         LA    9,2                 a return
         B     KIND
CALL     LA    9,1                 a call
KIND     SLL   9,8
         LA    9,1(,9)             task 1
         SLL   9,16
         ST    9,4(,10)            kind, task
         DIAG  8,9,X'03C'          R8 <- cycles (low), R9 <- (high)
         ST    9,8(,10)
         ST    8,12(,10)
         L     9,20(,2)
         LA    9,1(,9)
         ST    9,20(,2)            records + 1
BACK     TM    PGMCODE,X'7F'       an exception of the program's too?
         BNZ   PASS                yes: that one is the program's
         LM    0,15,SAVE
         LPSW  PGMOLD              back to the program
*
* The buffer is full: the monitor ends (status bit 0, PER off).
*
FULL     OI    28(2),X'80'
         NI    PGMOLD,X'BF'        the program's PSW: PER off
         B     BACK
*
* Not PER alone: the program's exception, for imprun to report.
*
PASS     NI    PGMCODE,X'7F'       the exception's own code
         LM    0,15,SAVE
         DIAG  0,0,X'104'          no handler: the run ends there
*
* csm: CR10, CR11 <- the bounds R0 .. R1-1 of where the program is.
*
BOUNDS   ST    0,WORK
         BCTR  1,0
         ST    1,WORK+4
         LCTL  10,11,WORK
         BR    14
         LTORG
         END
