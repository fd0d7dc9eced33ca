*---------------------------------------------------------------------
* PAYPARSE -- payroll demo: check and convert one input record.
*
*   R1 -> A(record), A(record length F), A(EMP record)
*   R15 <- 0 when the record was valid and EMP is filled in,
*          4 when it was not (EMP unchanged).
*
* A valid record holds, in fixed columns, a name (1-20), the hours
* as dd.d (21-24) and the rate as dd.dd (26-30).  The digits are
* gathered into zoned fields, checked with TRT against a table
* that is zero only for X'F0'-X'F9', and packed with PACK.
*---------------------------------------------------------------------
         COPY  PAYREC
PAYPARSE CSECT
         STM   14,12,12(13)
         LR    12,15
         USING PAYPARSE,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
*
         LM    5,7,0(1)            R5 -> record, R6 -> length,
         LA    7,0(,7)             R7 -> EMP
         USING EMP,7
         L     6,0(,6)             R6 = record length
         LA    15,4                assume the worst
         C     6,=A(INMIN)
         BL    RETURN              too short
         CLI   INHRS+2(5),C'.'     the decimal points
         BNE   RETURN
         CLI   INRATE+2(5),C'.'
         BNE   RETURN
         MVC   ZHRS(2),INHRS(5)    dd of dd.d
         MVC   ZHRS+2(1),INHRS+3(5)   d
         MVC   ZRATE(2),INRATE(5)  dd of dd.dd
         MVC   ZRATE+2(2),INRATE+3(5) dd
         TRT   ZDIGITS,NOTDIGIT    any byte that is not a digit?
         BNZ   RETURN              yes (R1, R2 point at it)
         MVC   EMPNAME,INNAME(5)
         PACK  EMPHRS,ZHRS         tenths of hours
         PACK  EMPRATE,ZRATE       cents
         SR    15,15               valid
*
RETURN   L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)         R15 = return code
         BR    14
*
SAVE     DC    18F'0'
ZDIGITS  DS    0CL7                the digits, zoned:
ZHRS     DS    ZL3                 hours
ZRATE    DS    ZL4                 rate
* TRT table: zero for the digits X'F0'-X'F9', X'FF' elsewhere.
NOTDIGIT DC    240X'FF',10X'00',6X'FF'
         LTORG
         END
