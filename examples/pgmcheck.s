*---------------------------------------------------------------------
* PGMCHECK -- program interruptions, caught and survived.
*
* What it shows:
*  - the supervisor state: a program starts in the problem state,
*    where low storage is protected (a store there is a protection
*    exception, 0004).  A program that handles its own interruptions
*    asks the supervisor for its state with the SUPER service:
*    SR 1,1 / SVC SV_SUPER goes on in the supervisor state with key
*    0 (LA 1,1 / SVC SV_SUPER would go back to the problem state;
*    this program simply stays in the supervisor state to its end);
*  - installing a handler: MVC of a PSW into the program new PSW
*    at X'68'; the machine then loads that PSW whenever a program
*    exception happens, after storing the old PSW at X'28', the
*    interruption code at X'8E' and the ILC at X'8D';
*  - three exceptions and the two ways an instruction can end:
*      0009 fixed-point divide (DR by zero): SUPPRESSED -- nothing
*           changes, the old PSW points past the DR;
*      0006 specification (a DR on an odd register pair, built at
*           run time with EX so that the assembler has nothing to
*           warn about): suppressed, ILC 2 -- the EX's;
*      0008 fixed-point overflow: only when the program mask bit
*           FO is on (SPM sets it), and COMPLETED -- the truncated
*           sum is stored;
*  - the handler: it saves the registers (R12 still addresses this
*    CSECT, since the exception came from our own code), prints the
*    code in hex (UNPK and TR) with SVCs (the SVC old PSW is at
*    X'20', so they leave the program old PSW alone), and resumes
*    with LPSW of the old PSW;
*  - COPY IMPPSA: absolute EQUs with a length attribute, so that
*    MVC GOTPSW,PSAPGMOW and XC PSAPGMNW,PSAPGMNW need no lengths.
*
* Expected output: see pgmcheck.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
         COPY  IMPPSA
PGMCHECK CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
         SR    1,1                 R1 = 0: the supervisor state ...
         SVC   SV_SUPER            ... with key 0, to store at X'68'
         MVC   PSAPGMNW,NEWPSW     install the handler
*
* 1. Divide by zero: suppressed, registers unchanged.
         XC    GOTCODE,GOTCODE
         SR    2,2                 R2:R3 = 100, the dividend
         LA    3,100
         SR    4,4                 R4 = 0, the divisor
DIV0     DR    2,4                 -> program check 0009
         ST    3,DIVIDEND          R3 must still be 100
         LA    7,DIV0              where the exception happened
         LA    8,ROWDIV            what we expect
         BAL   14,REPORT           code, ILC, resume offset
         L     2,DIVIDEND
         LA    3,CKKEPT
         BAL   14,CHK
*
* 2. Specification: EX ORs X'10' into byte 1 of DR 0,4 and so
*    executes DR 1,4; the first operand must be an even register.
         XC    GOTCODE,GOTCODE
         LA    5,X'10'             becomes the R1 field: 0 -> 1
SPEC     EX    5,DRTEMPL           -> program check 0006
         LA    7,SPEC
         LA    8,ROWSPEC
         BAL   14,REPORT
*
* 3. Overflow with the FO mask off: no interruption, just CC 3.
         XC    GOTCODE,GOTCODE
         L     2,BIG               X'7FFFFFFF'
         LA    3,1
         AR    2,3                 overflows; masked
         LH    2,GOTCODE           no program check happened
         LA    3,CKMASK
         BAL   14,CHK
*
*    ... and with FO on: program check 0008, completed.
         L     1,PMFO              X'08000000': program mask = FO
         SPM   1
         L     2,BIG
         LA    3,1
OVFL     AR    2,3                 -> program check 0008
         ST    2,SUM               stored anyway: X'80000000'
         SR    1,1
         SPM   1                   program mask off again
         LA    7,OVFL
         LA    8,ROWOVFL
         BAL   14,REPORT
         L     2,SUM
         LA    3,CKSUM
         BAL   14,CHK
*
         XC    PSAPGMNW,PSAPGMNW   no handler any more
         LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
*---------------------------------------------------------------------
* HANDLER: entered by the program new PSW (supervisor state, all
* interruptions off).  Registers are those of the interrupted code.
*---------------------------------------------------------------------
HANDLER  STM   0,15,HREGS          save them all (R12 is our base)
         MVC   GOTCODE,PSAPGMCD    interruption code
         MVC   GOTILC,PSAPGMIL     ILC in bits 5-6
         MVC   GOTPSW,PSAPGMOW     old PSW: IA = where to resume
         UNPK  HEXOUT(5),GOTCODE(3)  4 digits X'F0'-X'FF' (+1 junk)
         TR    HEXOUT(4),HEXTAB-240  X'F0'-X'FF' -> '0'-'F'
         LA    1,PCMSG             R1 -> the text
         LA    0,L'PCMSG           R0 = its length
         SVC   SV_PUT              "program check "
         LA    1,HEXOUT
         LA    0,4
         SVC   SV_PUTLINE          "0009"
         LM    0,15,HREGS
         LPSW  PSAPGMOW            resume where the old PSW says
*
*---------------------------------------------------------------------
* REPORT: check the last exception's code, ILC and resume offset.
*   R8 -> a row of EXPECT (three entries), R7 -> the instruction
*   that failed.  Uses R2, R3.
*---------------------------------------------------------------------
REPORT   ST    14,REPR14
         LH    2,GOTCODE
         LA    3,0(,8)
         BAL   14,CHK              the interruption code
         SR    2,2
         IC    2,GOTILC
         SRL   2,1                 bits 5-6 of the byte ...
         N     2,=F'3'             ... are the ILC
         LA    3,ENTLEN(,8)
         BAL   14,CHK              the ILC
         L     2,GOTPSW+4          resume address ...
         SR    2,7                 ... minus the failing instruction
         LA    3,2*ENTLEN(,8)
         BAL   14,CHK              the resume offset
         L     14,REPR14
         BR    14
*
*---------------------------------------------------------------------
* CHK: R2 = actual value, R3 -> an entry: CL16 name, F expected.
*   IMPCHECK(R2, expected, name); ORs its return code into R10.
*---------------------------------------------------------------------
CHK      ST    14,CHKR14
         ST    2,RESULT
         ST    3,CHKPL+8           A(name)
         LA    3,16(,3)
         ST    3,CHKPL+4           A(expected)
         LA    1,CHKPL
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
         L     14,CHKR14
         BR    14
*
SAVE     DC    18F'0'
HREGS    DC    16F'0'
REPR14   DC    F'0'
CHKR14   DC    F'0'
RESULT   DC    F'0'
CHKPL    DC    A(RESULT),A(0),A(0)
DIVIDEND DC    F'0'
SUM      DC    F'0'
BIG      DC    X'7FFFFFFF'
PMFO     DC    X'08000000'         SPM: CC 0, program mask 1000
NEWPSW   DC    X'00080000',A(HANDLER)  EC, supervisor, disabled
DRTEMPL  DR    0,4                 the EX target (never run alone)
         DS    0D
GOTPSW   DS    XL8
GOTCODE  DS    H
GOTILC   DS    X                   also the junk byte for UNPK
HEXOUT   DS    CL5
PCMSG    DC    C'program check '
*
* The expected results: a name and a value per entry; a row of
* three entries (code, ILC, resume offset) per exception.
EXPECT   DS    0F
ROWDIV   DC    CL16'divide code',F'9'
ENTLEN   EQU   *-ROWDIV            20 bytes an entry
         DC    CL16'divide ILC',F'1'
         DC    CL16'divide resume',F'2'
ROWSPEC  DC    CL16'spec code',F'6'
         DC    CL16'spec ILC',F'2'
         DC    CL16'spec resume',F'4'
ROWOVFL  DC    CL16'overflow code',F'8'
         DC    CL16'overflow ILC',F'1'
         DC    CL16'overflow resume',F'2'
CKKEPT   DC    CL16'dividend kept',F'100'
CKMASK   DC    CL16'masked code',F'0'
CKSUM    DC    CL16'sum stored',F'-2147483648'
         LTORG
HEXTAB   DC    C'0123456789ABCDEF'
         END   PGMCHECK
