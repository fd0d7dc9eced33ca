*---------------------------------------------------------------------
* PAYCALC -- payroll demo: pay one employee and add to the totals.
*
*   R1 -> A(EMP record) with EMPHRS and EMPRATE filled in
*   fills EMPGROSS, EMPTAX, EMPNET; adds to the totals at PAYTOTS
*   (an ENTRY of PAYDATA, reached through EXTRN); R15 <- 0.
*
* The arithmetic, all in packed decimal (hours in tenths, rate in
* cents):
*   weighted = hours * 10                 up to 40.0 hours
*            = 4000 + (hours - 400) * 15  beyond: time and a half
*   gross    = (weighted * rate + 50) / 100      rounded, cents
*   tax      = (gross * 2 + 5) / 10              20 %, rounded
*   net      = gross - tax
*---------------------------------------------------------------------
         COPY  PAYREC
         EXTRN PAYTOTS             the totals, in PAYDATA
PAYCALC  CSECT
         STM   14,12,12(13)
         LR    12,15
         USING PAYCALC,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
*
         L     7,0(,1)             R7 -> EMP
         LA    7,0(,7)
         USING EMP,7
*
* Weighted hours: tenths of hours times 10, or times 15 beyond 40.
         ZAP   WEIGHT,EMPHRS
         CP    EMPHRS,=P'400'      more than 40.0 hours?
         BH    OVERTIME
         MP    WEIGHT,=P'10'
         B     GROSS
OVERTIME SP    WEIGHT,=P'400'      the overtime tenths ...
         MP    WEIGHT,=P'15'       ... at one and a half
         AP    WEIGHT,=P'4000'     plus 40.0 hours at 1.0
*
* Gross: weighted * rate has 4 decimals of a dollar; round to 2.
GROSS    ZAP   WORK,WEIGHT
         MP    WORK,EMPRATE
         AP    WORK,=P'50'
         DP    WORK,=P'100'        quotient: WORK(6), remainder 2
         ZAP   EMPGROSS,WORK(6)
*
* Tax at 20 %, rounded to the cent; net pay.
         ZAP   WORK,EMPGROSS
         MP    WORK,=P'2'
         AP    WORK,=P'5'
         DP    WORK,=P'10'         quotient: WORK(6)
         ZAP   EMPTAX,WORK(6)
         ZAP   EMPNET,EMPGROSS
         SP    EMPNET,EMPTAX
*
* The totals live in another CSECT: its address comes from an
* A-type constant naming an external symbol.
         L     9,=A(PAYTOTS)
         USING TOT,9
         L     0,TOTCOUNT
         A     0,=F'1'
         ST    0,TOTCOUNT
         AP    TOTHRS,EMPHRS
         AP    TOTGROSS,EMPGROSS
         AP    TOTTAX,EMPTAX
         AP    TOTNET,EMPNET
         DROP  7,9
*
         SR    15,15
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
SAVE     DC    18F'0'
WEIGHT   DC    PL4'0'              weighted tenths of hours
WORK     DC    PL8'0'
         LTORG
         END
