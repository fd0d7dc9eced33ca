*---------------------------------------------------------------------
* MOVESTR: copy variable-length strings with EX.
*   - USING PROG,R15 at the entry point, then a real base register
*   - EX R2,MOVE with MOVE MVC 0(0,R3),0(R4): the length comes from
*     R2 (length - 1) at run time
*   - MVC OUT(L'IN),IN, LA R1,L'FIELD(,R1), lengths made with EQU
*---------------------------------------------------------------------
R0       EQU   0
R1       EQU   1
R2       EQU   2
R3       EQU   3
R4       EQU   4
R5       EQU   5
R12      EQU   12
R13      EQU   13
R14      EQU   14
R15      EQU   15
*
MOVESTR  CSECT
         USING MOVESTR,R15         R15 = our address on entry
         B     START-MOVESTR(,R15) jump round the eyecatcher
         DC    AL1(L'EYECATCH)
EYECATCH DC    C'MOVESTR 1.0'
         DS    0H
START    STM   R14,R12,12(R13)
         LR    R12,R15             now a base register of our own
         DROP  R15
         USING MOVESTR,R12
         LA    R15,SAVE
         ST    R13,4(,R15)         back chain
         ST    R15,8(,R13)         forward chain
         LR    R13,R15
*
* Copy each name of the table to OUT, one after another.
*
         LA    R3,OUT              R3 -> where the next name goes
         LA    R4,NAMES            R4 -> length byte of a name
         LA    R5,NNAMES           R5 = number of names
LOOP     SR    R2,R2
         IC    R2,0(,R4)           R2 = length of this name
         BCTR  R2,0                minus one, for EX
         LA    R4,1(,R4)           R4 -> the name
         EX    R2,MOVE             MVC 0(length,R3),0(R4)
         LA    R3,1(R2,R3)         step past the copy
         LA    R4,1(R2,R4)         and past the name
         MVI   0(R3),C','
         LA    R3,1(,R3)
         BCT   R5,LOOP
         BCTR  R3,0                drop the last comma
         MVI   0(R3),C' '
*
         MVC   COPY(L'IN),IN       explicit length from L'
         MVC   COPY+L'IN(L'COPY-L'IN),=CL20'-'   rest with a literal
         LA    R1,FIELD
         LA    R1,L'FIELD(,R1)     R1 -> just past FIELD
         LA    R0,FIELDEND
         CR    R0,R1
         BNE   FAIL
         SR    R15,R15
         B     EXIT
FAIL     LA    R15,12
EXIT     L     R13,4(,R13)
         L     R14,12(,R13)
         LM    R0,R12,20(R13)      keep R15: the return code
         BR    R14
*
MOVE     MVC   0(0,R3),0(R4)       executed only, never in line
*
SAVE     DS    18F
NAMES    DC    AL1(L'N1),C'ALICE'
N1       EQU   *-NAMES-1,5
         DC    AL1(3),C'BOB'
         DC    AL1(N3LEN),C'CHARLOTTE'
N3LEN    EQU   9
NNAMES   EQU   3
NAMESLEN EQU   *-NAMES
IN       DC    C'HELLO, WORLD'
COPY     DS    CL20
FIELD    DS    CL12
FIELDEND EQU   *
OUT      DS    CL(NAMESLEN)
         LTORG
         END   MOVESTR
