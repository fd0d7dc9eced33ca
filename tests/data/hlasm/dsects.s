*---------------------------------------------------------------------
* DSECTS -- walk a linked list of employee records mapped by DSECTs.
*   EMP    one record: next pointer, name, salary (packed)
*   TOTALS the result area, passed by address
*   Several USINGs at once, DROP, and labeled USINGs to copy one
*   record over another with the same field names.
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
EMP      DSECT
EMPNEXT  DS    A                   next record, 0 at the end
EMPNAME  DS    CL12
EMPSAL   DS    PL4                 salary, packed
EMPFLAG  DS    X
EMPMGR   EQU   X'80'               a manager
         DS    0F
EMPLEN   EQU   *-EMP
*
TOTALS   DSECT
TOTCOUNT DS    F
TOTSAL   DS    PL6
TOTMGRS  DS    H
*
DSECTS   CSECT
         STM   R14,R12,12(R13)
         BALR  R12,0
         USING *,R12
         LA    R5,RESULT
         USING TOTALS,R5           R5 -> the totals
         XC    TOTCOUNT,TOTCOUNT
         ZAP   TOTSAL,=P'0'
         XC    TOTMGRS,TOTMGRS
         L     R3,HEAD             R3 -> first record
         USING EMP,R3
WALK     LTR   R3,R3
         BZ    DONE
         L     R1,TOTCOUNT
         LA    R1,1(,R1)
         ST    R1,TOTCOUNT
         AP    TOTSAL,EMPSAL
         TM    EMPFLAG,EMPMGR
         BNO   NOTMGR
         LH    R1,TOTMGRS
         LA    R1,1(,R1)
         STH   R1,TOTMGRS
NOTMGR   L     R3,EMPNEXT
         B     WALK
DONE     DS    0H
         DROP  R3
*
* Copy the first record over the spare one, field by field.
*
         L     R3,HEAD
         LA    R4,SPARE
FROM     USING EMP,R3
TO       USING EMP,R4
         MVC   TO.EMPNAME,FROM.EMPNAME
         ZAP   TO.EMPSAL,FROM.EMPSAL
         MVI   TO.EMPFLAG,0
         XC    TO.EMPNEXT,TO.EMPNEXT
         DROP  FROM,TO
         DROP  R5
         LM    R14,R12,12(R13)
         SR    R15,R15
         BR    R14
         LTORG
*
HEAD     DC    A(E1)
E1       DC    A(E2),CL12'SMITH',PL4'1500',AL1(0)
         DS    0F
E2       DC    A(E3),CL12'JONES',PL4'2250',AL1(EMPMGR)
         DS    0F
E3       DC    A(0),CL12'BROWN',PL4'1800',AL1(0)
         DS    0F
SPARE    DS    XL(EMPLEN)
RESULT   DS    XL12
         END   DSECTS
