*---------------------------------------------------------------------
* DIVIDE -- every division of DIVTAB, with a program-check handler
* that catches the fixed-point-divide exception and resumes.
*
* For each pair: "Q R" (quotient, remainder), or "CHECK 0009" when
* the DR took a program check; at the end "CHECKS n".
*
* It runs in the supervisor state with key 0, as an operating
* system's code does (imprun --supervisor): low storage, where the
* program new PSW lives, is protected from the problem state.
*
* The handler: entered by the program new PSW, in the supervisor
* state with interruptions off, with the registers of the DR.  It
* keeps the interruption code, sets FLAG and resumes with LPSW of
* the program old PSW: for a suppressed exception (0009) the old PSW
* already points past the DR.
*---------------------------------------------------------------------
         COPY  IMPSVC
         COPY  IMPPSA
DIVIDE   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         MVC   PSAPGMNW,NEWPSW     install the handler (key 0)
         L     6,=V(DIVTAB)        R6 -> the table
         L     7,0(,6)             R7 = the number of pairs
         LA    6,4(,6)             R6 -> the first pair
*
LOOP     MVI   FLAG,0
         L     2,0(,6)             R2:R3 = the dividend,
         SRDA  2,32                sign-extended to 64 bits
         L     4,4(,6)             R4 = the divisor
         DR    2,4                 R3 = quotient, R2 = remainder
         CLI   FLAG,0              did the DR take a program check?
         BNE   CHECKED
         ST    3,QUOT
         ST    2,REM
         L     1,QUOT
         SVC   SV_PUTDEC           the quotient
         LA    1,BLANK
         LA    0,1
         SVC   SV_PUT
         L     1,REM
         SVC   SV_PUTDEC           the remainder
         LA    1,BLANK
         SR    0,0
         SVC   SV_PUTLINE          end of the line
         B     NEXT
CHECKED  L     1,NCHECKS
         LA    1,1(,1)
         ST    1,NCHECKS
         UNPK  HEXOUT(5),GOTCODE(3)  4 digits X'F0'-X'FF' (+1 junk)
         TR    HEXOUT(4),HEXTAB-240
         MVC   CHKMSG+6(4),HEXOUT
         LA    1,CHKMSG
         LA    0,L'CHKMSG
         SVC   SV_PUTLINE          CHECK 0009
NEXT     LA    6,8(,6)
         BCT   7,LOOP
*
         LA    1,CNTMSG
         LA    0,L'CNTMSG
         SVC   SV_PUT
         L     1,NCHECKS
         SVC   SV_PUTDEC
         LA    1,BLANK
         SR    0,0
         SVC   SV_PUTLINE
         XC    PSAPGMNW,PSAPGMNW   no handler any more
         SR    15,15
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
* HANDLER: R12 still addresses this CSECT (the exception is ours).
HANDLER  MVC   GOTCODE,PSAPGMCD    the interruption code
         MVI   FLAG,1
         LPSW  PSAPGMOW            resume after the DR
*
SAVE     DC    18F'0'
QUOT     DC    F'0'
REM      DC    F'0'
NCHECKS  DC    F'0'
NEWPSW   DC    X'000A0000',A(HANDLER)  EC, supervisor, disabled (and the wait bit)
GOTCODE  DC    H'0'
         DC    X'00'               UNPK's junk byte
FLAG     DC    X'00'
HEXOUT   DS    CL5
BLANK    DC    C' '
CHKMSG   DC    C'CHECK xxxx'
CNTMSG   DC    C'CHECKS '
         LTORG
HEXTAB   DC    C'0123456789ABCDEF'
         END   DIVIDE
