*---------------------------------------------------------------------
* PAYEDIT -- payroll demo: one line of the report.
*
*   R1 -> A(EMP record), A(line of RPTLEN bytes)
*   edits the EMP fields into the line with ED; a rate of zero
*   (the totals line) is left blank.  R15 <- 0.
*
* Each ED pattern starts with the fill character (a blank), has a
* X'20' for every digit, a X'21' where significance must start at
* the latest (so 0.5 prints as "0.5"), and X'6B' commas and a X'4B'
* point that print only once a significant digit has been seen.
*---------------------------------------------------------------------
         COPY  PAYREC
PAYEDIT  CSECT
         STM   14,12,12(13)
         LR    12,15
         USING PAYEDIT,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
*
         LM    2,3,0(1)            R2 -> EMP, R3 -> the line
         LA    3,0(,3)
         USING EMP,2
         USING RPT,3
         MVC   RPTNAME,EMPNAME
         MVC   RPTHRS,PATHRS
         ED    RPTHRS,EMPHRS       7 digits: ddddd.d
         MVC   RPTRATE,PATRATE
         ED    RPTRATE,EMPRATE     5 digits: ddd.dd
         CP    EMPRATE,=P'0'
         BNE   MONEY
         MVI   RPTRATE,C' '        no rate: blank it
         MVC   RPTRATE+1(L'RPTRATE-1),RPTRATE
MONEY    MVC   RPTGROSS,PATMONEY
         ED    RPTGROSS,EMPGROSS   9 digits: d,ddd,ddd.dd
         MVC   RPTTAX,PATMONEY
         ED    RPTTAX,EMPTAX
         MVC   RPTNET,PATMONEY
         ED    RPTNET,EMPNET
         DROP  2,3
*
         SR    15,15
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
SAVE     DC    18F'0'
*                  fill, 4 digits, start, digit, point, digit
PATHRS   DC    X'40',4X'20',X'21204B20'
*                  fill, digit, start, digit, point, 2 digits
PATRATE  DC    X'40202120',X'4B2020'
*                  fill, d , ddd , d start d . dd
PATMONEY DC    X'40206B2020206B2021204B2020'
         LTORG
         END
