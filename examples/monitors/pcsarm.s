*---------------------------------------------------------------------
* PCSARM -- program-counter sampling, armed by the program, and the
* seed's post-processing done by the program itself.
*
* What it shows:
*  - the PC-sampling control block (32 bytes, mapped by the DSECT
*    PCB): the rate (21,333 ticks a virtual second of 16,000,000
*    cycles: a tick every 750 program cycles), the slots of the
*    table and its address, and the words the microcode keeps
*    (entries used, ticks lost because the table was full, ticks so
*    far);
*  - EPCS in the supervisor state (SR 1,1 / SVC SV_SUPER): CC 0,
*    and the block's address in the CAT at X'2AC'; DPCS: CC 0, and
*    a second DPCS gives CC 2 (it was off);
*  - the table of (task, address, count) tuples the seed's clock
*    builds: an entry is a count and a key, the task's id in byte 0
*    and the address of the instruction running at the tick in
*    bytes 1-3.  The program prints the entries in slot order (the
*    microcode hashes a key to slot (key / 2) mod slots, or the
*    first free slot after it);
*  - the seed's step 3: the program reads the opcode at each sampled
*    address (its own code) and adds the counts by instruction type,
*    the (task, instruction type, count) table.  A tick weighs time,
*    not instructions: the DR is one instruction of the 73 of a pass
*    (1.4%) but gets 8 of the 135 ticks (6%): it takes about 17
*    cycles, an AR 3;
*  - the invariant: the counts plus the lost ticks are the ticks, and
*    the types' counts add up to the same.  The program checks both,
*    the CAT's word and its own work, and returns 0 (8 if a check
*    fails).
*
* Run it with "imprun pcsarm.s".  The ticks are those of the cycle
* model: virtual time, so every run gives the same table.
*
* Expected output: see pcsarm.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
CATPCS   EQU   X'2AC',4            CAT+X'AC': EPCS stores the block's
RATE     EQU   21333               ticks per virtual second
NSLOT    EQU   64                  entries of the table
PASSES   EQU   400                 passes of the work loop
NTAB     EQU   16                  words summed a pass
*---------------------------------------------------------------------
* PCB -- the PC-sampling control block; PCE -- an entry of the table.
*---------------------------------------------------------------------
PCB      DSECT
PCRATE   DS    F                   +0 ticks per virtual second
PCSLOTS  DS    F                   +4 entries of the table
PCTABLE  DS    A                   +8 the table (a doubleword boundary)
PCUSED   DS    F                   +12 entries in use
PCLOST   DS    F                   +16 ticks lost: the table was full
PCTICKS  DS    F                   +20 ticks so far
         DS    D                   +24 reserved
PCE      DSECT
PECOUNT  DS    F                   the count (0: a free slot)
PEKEY    DS    0F                  the key:
PETASK   DS    X                   the task's id,
PEADDR   DS    AL3                 the instruction's address
PCELEN   EQU   *-PCE
*
*---------------------------------------------------------------------
* PCSARM -- arm, work, disarm, print the table and the types.
*---------------------------------------------------------------------
PCSARM   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12                base 1: this code
         L     11,=A(PCSDATA)
         USING PCSDATA,11          base 2: the data
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
*
* 1. Arm: the supervisor state, EPCS.
         SR    1,1
         SVC   SV_SUPER            key 0, privileged instructions
         EPCS  PCSCB               CC 0: the clock runs
         BNZ   BADCC
*
* 2. The work: sum a table (L and AR in a BCT loop), move 256 bytes
*    (MVC), divide (DR).  No SVC until DPCS: every tick is here.
         LA    9,PASSES            R9 = passes left
         SR    8,8                 R8 = the sum of the sums
         LA    2,7                 R2 = the divisor
PASS     SR    3,3                 R3 = this pass's sum
         SR    5,5                 R5 = the index
         LA    4,NTAB
SUM      L     6,WORDS(5)
         AR    3,6
         LA    5,4(,5)
         BCT   4,SUM
         MVC   COPY,SOURCE
         SR    6,6
         LR    7,3                 R6:R7 = the sum
         DR    6,2                 R7 = sum / 7 = 16, R6 = 0
         AR    8,7
         BCT   9,PASS
*
* 3. Disarm: DPCS, and again (CC 2: it was off).
         DPCS  0
         BNZ   BADCC
         DPCS  0
         BC    13,BADCC            anything but CC 2 is wrong
         L     9,CATPCS            the CAT's word, for the check
         LA    1,1                 back to the problem state
         SVC   SV_SUPER
         ST    8,RESULT            the work: PASSES * 16
         LA    2,RESULT
         LA    3,=A(PASSES*16)
         LA    4,NMWORK
         BAL   14,CHK
         LA    2,PCSCB
         SR    9,2                 CAT+X'AC' - A(PCSCB)
         ST    9,RESULT
         LA    2,RESULT
         LA    3,=F'0'
         LA    4,NMCAT
         BAL   14,CHK
*
* 4. The block's words.
         LA    9,PCSCB
         USING PCB,9
         L     1,PCRATE
         LA    2,NMRATE
         BAL   14,SHOWNUM
         L     1,PCTICKS
         LA    2,NMTICKS
         BAL   14,SHOWNUM
         L     1,PCUSED
         LA    2,NMUSED
         BAL   14,SHOWNUM
         L     1,PCLOST
         LA    2,NMLOST
         BAL   14,SHOWNUM
*
* 5. The table, slot by slot: each used entry, with the opcode at its
*    address; the counts go to TOTAL and to their type in TYPES.
         LA    1,HEAD1
         LA    0,L'HEAD1
         SVC   SV_PUTLINE
         L     7,PCTABLE           R7 -> an entry
         USING PCE,7
         SR    6,6                 R6 = the slot
         SR    5,5                 R5 = the used entries seen
ENTRY    L     1,PECOUNT
         LTR   1,1
         BZ    NEXTE               a free slot
         LA    5,1(,5)
         A     1,TOTAL
         ST    1,TOTAL
         L     8,PEKEY
         LA    8,0(,8)             R8 = the address (bits 8-31)
         SR    4,4
         IC    4,0(,8)             R4 = the opcode there
         LR    3,4
         SLL   3,2
         L     1,TYPES(3)
         A     1,PECOUNT
         ST    1,TYPES(3)          its type's count
         MVC   ELINE,EBLANK
         LR    1,6
         LA    2,NUM8
         BAL   14,FMTDEC
         MVC   ESLOT,NUM8+5
         SR    1,1
         IC    1,PETASK
         LA    2,NUM8
         BAL   14,FMTDEC
         MVC   ETASK,NUM8+5
         LR    1,8
         LA    2,EADDR
         BAL   14,FMTHEX
         LR    1,4
         BAL   14,OPNAME           R1 -> CL5 the mnemonic
         MVC   EOP,0(1)
         L     1,PECOUNT
         LA    2,ECOUNT
         BAL   14,FMTDEC
         LA    1,ELINE
         LA    0,L'ELINE
         SVC   SV_PUTLINE
NEXTE    LA    7,PCELEN(,7)
         LA    6,1(,6)
         C     6,PCSLOTS
         BL    ENTRY
         DROP  7
         ST    5,RESULT            the used entries counted ...
         LA    2,RESULT
         LA    3,PCUSED            ... are the block's
         LA    4,NMNUSED
         BAL   14,CHK
         L     1,TOTAL             the counts + lost = the ticks
         A     1,PCLOST
         ST    1,RESULT
         LA    2,RESULT
         LA    3,PCTICKS
         LA    4,NMSUM
         BAL   14,CHK
*
* 6. The (task 1, instruction type, count) table: every opcode with
*    a count, in opcode order.
         LA    1,HEAD2
         LA    0,L'HEAD2
         SVC   SV_PUTLINE
         SR    4,4                 R4 = the opcode
         SR    5,5                 R5 = the types' total
TYPE     LR    3,4
         SLL   3,2
         L     1,TYPES(3)
         LTR   1,1
         BZ    NEXTT
         AR    5,1
         LA    2,TCOUNT
         BAL   14,FMTDEC
         LR    1,4
         BAL   14,OPNAME
         MVC   TOP,0(1)
         LR    1,4
         LA    2,NUM8
         BAL   14,FMTHEX
         MVC   TCODE,HEXOUT+6      two hexadecimal digits
         LA    1,TLINE
         LA    0,L'TLINE
         SVC   SV_PUTLINE
NEXTT    LA    4,1(,4)
         CH    4,=H'256'
         BL    TYPE
         ST    5,RESULT
         LA    2,RESULT
         LA    3,TOTAL
         LA    4,NMTYPES
         BAL   14,CHK
         DROP  9
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
* OPNAME: R1 = an opcode -> R1 -> CL5, its mnemonic if it is one of
*   this program's (OPTAB), else '?'.  Uses R2, R3.
*---------------------------------------------------------------------
OPNAME   LA    2,OPTAB
         LA    3,NOPS
OPLOOK   CLM   1,1,0(2)
         BE    OPFOUND
         LA    2,6(,2)
         BCT   3,OPLOOK
OPFOUND  LA    1,1(,2)             the name, or OPTAB's last: '?'
         BR    14
*
*---------------------------------------------------------------------
* SHOWNUM: print "name value": R2 -> CL16 the name, R1 the value.
*---------------------------------------------------------------------
SHOWNUM  ST    14,SHOWR14
         MVC   NLNAME,0(2)
         LA    2,NLVALUE
         BAL   14,FMTDEC
         LA    1,NLINE
         LA    0,L'NLINE
         SVC   SV_PUTLINE
         L     14,SHOWR14
         BR    14
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
* PCSDATA -- the control block, the table, the work's data, the
* report's lines.
*---------------------------------------------------------------------
PCSDATA  CSECT
         DS    0D
PCSCB    DC    A(RATE,NSLOT,TABLE),3F'0',D'0'
TABLE    DC    (NSLOT*PCELEN/4)F'0'  NSLOT entries, a doubleword apart
TYPES    DC    256F'0'             the ticks of each opcode
TOTAL    DC    F'0'                the ticks of the table
SAVE     DC    18F'0'
SHOWR14  DC    F'0'
CHKR14   DC    F'0'
CHKPL    DC    3A(0)
RESULT   DC    F'0'
WORDS    DC    (NTAB)F'7'
SOURCE   DC    256C'A'
COPY     DC    256C' '
*
OPTAB    DC    X'58',CL5'L'        the opcodes of this program's loop
         DC    X'1A',CL5'AR'
         DC    X'41',CL5'LA'
         DC    X'46',CL5'BCT'
         DC    X'D2',CL5'MVC'
         DC    X'1B',CL5'SR'
         DC    X'18',CL5'LR'
         DC    X'1D',CL5'DR'
         DC    X'B2',CL5'B2xx'
NOPS     EQU   (*-OPTAB)/6
         DC    X'00',CL5'?'        any other
*
NMWORK   DC    CL16'work'
NMCAT    DC    CL16'CAT+X''AC''-A'
NMNUSED  DC    CL16'entries used'
NMSUM    DC    CL16'counts + lost'
NMTYPES  DC    CL16'types total'
NMRATE   DC    CL16'rate'
NMTICKS  DC    CL16'ticks'
NMUSED   DC    CL16'entries used'
NMLOST   DC    CL16'ticks lost'
MSGCC    DC    C'PCSARM: EPCS or DPCS gave a wrong condition code'
NLINE    DC    C'nnnnnnnnnnnnnnnn dddddddd'
NLNAME   EQU   NLINE,16
NLVALUE  EQU   NLINE+17,8
HEAD1    DC    C'slot task  addr  op       count'
ELINE    DC    C'sss ttt  aaaaaa ooooo cccccccc'
ESLOT    EQU   ELINE,3
ETASK    EQU   ELINE+4,3
EADDR    EQU   ELINE+9,6
EOP      EQU   ELINE+16,5
ECOUNT   EQU   ELINE+22,8
EBLANK   DC    CL(L'ELINE)' '
HEAD2    DC    C'type          count'
TLINE    DC    C'xx ooooo   cccccccc'
TCODE    EQU   TLINE,2
TOP      EQU   TLINE+3,5
TCOUNT   EQU   TLINE+11,8
*
         DS    0D
DW       DS    D                   CVD's packed number
NUM8     DS    CL8
EDPAT    DC    X'4020202020202120' fill, 7 digits (the last forced)
HEXW     DS    F                   FMTHEX: the word to convert ...
         DC    X'00'               ... and a byte for UNPK's sign
HEXOUT   DS    CL9
HEXTAB   DC    C'0123456789ABCDEF'
         END   PCSARM
