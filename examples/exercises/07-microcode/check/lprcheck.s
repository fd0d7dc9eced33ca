*---------------------------------------------------------------------
* LPRCHECK -- the grader's checks of LPR and LNR (exercise 07), run on
* the student's microcode with imprun --microcode.  One line per
* check, from the runtime's IMPCHECK: "OK name = value" or
* "FAIL name = actual, expected value".  A CC is checked as its
* number, 0 to 3.  The program mask is off: an overflow gives CC 3
* and no interruption.  Each case checks the result, the CC and
* (but for LPR R3,R3) that R2 is unchanged: "R2 LPR -5 = -5".
*---------------------------------------------------------------------
LPRCHECK CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         LA    10,CASES            R10 -> a case
         LA    11,NCASES
NEXTCASE L     2,0(,10)            R2 = the operand
         LR    3,2
         X     3,=F'-1'            R3 = garbage: its complement
         CLI   4(10),C'P'
         BNE   ISLNR
         LPR   3,2
         B     GOTIT
ISLNR    CLI   4(10),C'N'
         BNE   ISSAME
         LNR   3,2
         B     GOTIT
ISSAME   LR    3,2                 'S': LPR R3,R3
         LPR   3,3
GOTIT    BAL   14,GETCC            R5 = the CC
         ST    2,KEPT
         ST    3,VALUE
         ST    5,CC
         LA    1,20(,10)
         ST    1,PVALUE+4          A(the expected result)
         LA    1,24(,10)
         ST    1,PCC+4             A(the expected CC)
         ST    10,PKEPT+4          A(the operand)
         MVC   NAME(12),8(10)      "LPR -5"
         MVC   NAME+12(4),=CL4' '
         LA    1,PVALUE
         BAL   14,CHECK            the result
         MVC   NAME(3),=C'CC '     "CC LPR -5"
         MVC   NAME+3(12),8(10)
         MVI   NAME+15,C' '
         LA    1,PCC
         BAL   14,CHECK            its CC
         CLI   4(10),C'S'
         BE    SKIPKEPT
         MVC   NAME(3),=C'R2 '     "R2 LPR -5": the operand kept
         LA    1,PKEPT
         BAL   14,CHECK
SKIPKEPT LA    10,CASELEN(,10)
         BCT   11,NEXTCASE
         LR    15,9
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
* GETCC: R5 <- the condition code (LA and BCR leave it alone).
GETCC    LA    5,0
         BCR   8,14
         LA    5,1
         BCR   4,14
         LA    5,2
         BCR   2,14
         LA    5,3
         BR    14
*
* CHECK: R1 -> a parameter list for IMPCHECK; ORs its code into R9.
CHECK    ST    14,CHECK14
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    9,15
         L     14,CHECK14
         BR    14
*
SAVE     DC    18F'0'
CHECK14  DC    F'0'
KEPT     DC    F'0'
VALUE    DC    F'0'
CC       DC    F'0'
NAME     DC    CL16' '
PVALUE   DC    A(VALUE,0,NAME)
PCC      DC    A(CC,0,NAME)
PKEPT    DC    A(KEPT,0,NAME)
*
* A case: F operand, C kind (P LPR, N LNR, S LPR R3,R3), XL3 0,
* CL12 name, F expected result, F expected CC.
CASES    DS    0F
         DC    F'5',C'P',XL3'0',CL12'LPR 5',F'5',F'2'
CASELEN  EQU   *-CASES
         DC    F'-5',C'P',XL3'0',CL12'LPR -5',F'5',F'2'
         DC    F'0',C'P',XL3'0',CL12'LPR 0',F'0',F'0'
         DC    F'-2147483647',C'P',XL3'0',CL12'LPR -2**31+1'
         DC    F'2147483647',F'2'
         DC    F'-2147483648',C'P',XL3'0',CL12'LPR -2**31'
         DC    F'-2147483648',F'3'
         DC    F'-7',C'S',XL3'0',CL12'LPR R3,R3',F'7',F'2'
         DC    F'5',C'N',XL3'0',CL12'LNR 5',F'-5',F'1'
         DC    F'-5',C'N',XL3'0',CL12'LNR -5',F'-5',F'1'
         DC    F'0',C'N',XL3'0',CL12'LNR 0',F'0',F'0'
         DC    F'-2147483648',C'N',XL3'0',CL12'LNR -2**31'
         DC    F'-2147483648',F'1'
NCASES   EQU   (*-CASES)/CASELEN
         LTORG
         END   LPRCHECK
