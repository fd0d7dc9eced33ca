*=====================================================================
*  WORDCNT  --  COUNT THE WORDS OF AN 80-COLUMN CARD IMAGE
*
*  A FIRST PROGRAM IN THE CLASSIC STYLE: REGISTER EQUATES, STANDARD
*  LINKAGE WITH  BALR / USING *,R12,  A SCAN LOOP WITH BCT, AND THE
*  CVD / UNPK / OI IDIOM TO MAKE A NUMBER PRINTABLE.
*=====================================================================
         TITLE 'WORDCNT - COUNT THE WORDS OF A CARD'
         PRINT NOGEN
R0       EQU   0
R1       EQU   1
R2       EQU   2
R3       EQU   3
R4       EQU   4
R5       EQU   5
R6       EQU   6
R7       EQU   7
R8       EQU   8
R9       EQU   9
R10      EQU   10
R11      EQU   11
R12      EQU   12
R13      EQU   13
R14      EQU   14
R15      EQU   15
         SPACE 2
WORDCNT  CSECT
         STM   R14,R12,12(R13)     SAVE CALLER'S REGISTERS
         BALR  R12,0               ESTABLISH ADDRESSABILITY
         USING *,R12
         ST    R13,SAVEAREA+4      CHAIN SAVE AREAS
         LA    R2,SAVEAREA
         ST    R2,8(,R13)
         LR    R13,R2
*
*        SCAN THE CARD ONE COLUMN AT A TIME
*
         SR    R5,R5               R5 = NUMBER OF WORDS
         LA    R3,CARD             R3 -> CURRENT COLUMN
         LA    R4,L'CARD           R4 = COLUMNS LEFT
         SR    R6,R6               R6 = 1 WHILE INSIDE A WORD
SCAN     DS    0H
         CLI   0(R3),C' '          A BLANK?
         BE    BLANK
         LTR   R6,R6               ALREADY INSIDE A WORD?
         BNZ   NEXT                YES
         LA    R5,1(,R5)           NO: A NEW WORD STARTS HERE
         LA    R6,1
         B     NEXT
BLANK    SR    R6,R6               BETWEEN WORDS
NEXT     LA    R3,1(,R3)
         BCT   R4,SCAN
*
*        EDIT THE COUNT INTO THE MESSAGE
*
         CVD   R5,DWORD            BINARY TO PACKED DECIMAL
         UNPK  COUNT,DWORD+6(2)    PACKED TO ZONED
         OI    COUNT+L'COUNT-1,X'F0'   FIX THE SIGN OF THE LAST DIGIT
         MVC   MSGCNT,COUNT
         LA    R1,MSG              R1 -> MESSAGE
         LH    R0,=Y(MSGLEN)       R0 = ITS LENGTH
         C     R5,=F'9'            THE EXPECTED COUNT?
         BNE   BAD
         L     R13,SAVEAREA+4      BACK TO THE CALLER'S SAVE AREA
         LM    R14,R12,12(R13)     RESTORE REGISTERS
         SR    R15,R15             RETURN CODE 0
         BR    R14
BAD      L     R13,SAVEAREA+4
         LM    R14,R12,12(R13)
         LA    R15,8               RETURN CODE 8
         BR    R14
         EJECT
*
*        DATA AREAS
*
SAVEAREA DS    18F                 MY SAVE AREA
DWORD    DS    D                   FOR CVD
CARD     DC    CL80'THE QUICK BROWN FOX  JUMPS OVER THE LAZY DOG TWICE'
COUNT    DS    CL3
MSG      DC    C'WORDS: '
MSGCNT   DC    CL3' '
MSGLEN   EQU   *-MSG
         LTORG
         END   WORDCNT
