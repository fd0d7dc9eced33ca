*---------------------------------------------------------------------
* REPORT -- an order as a printed report, in packed decimal.
*
* COPY ITEMS gives NITEMS (a halfword) and ITEMS, records of 18 bytes:
* the name CL12, the quantity PL2, the unit price in cents PL4.  Each
* line: the name, the quantity, the price and the amount (quantity times
* price), edited by ED; then the total.  Nothing goes through binary.
*   R3 = records left, R4 -> record
*---------------------------------------------------------------------
         COPY  IMPSVC
IQTY     EQU   12                  offsets in a record
IPRICE   EQU   14
ILEN     EQU   18
*
REPORT   CSECT
         USING REPORT,15
         LA    1,HEAD
         LA    0,L'HEAD
         SVC   SV_PUTLINE
         ZAP   TOTAL,=P'0'
         LH    3,NITEMS
         LA    4,ITEMS
LOOP     MVC   LNAME,0(4)
         MVC   LQTY,QPAT
         ED    LQTY,IQTY(4)        the quantity: 3 digits
         MVC   LPRICE,PPAT
         ED    LPRICE,IPRICE(4)    the price: 7 digits, 2 decimals
         ZAP   AMOUNT,IPRICE(4,4)  amount = price ...
         MP    AMOUNT,IQTY(2,4)    ... times quantity
         AP    TOTAL,AMOUNT
         MVC   LAMOUNT,APAT
         ED    LAMOUNT,AMOUNT      the amount: 11 digits, 2 decimals
         LA    1,LINE
         LA    0,L'LINE
         SVC   SV_PUTLINE
         LA    4,ILEN(,4)
         BCT   3,LOOP
         MVC   TAMOUNT,APAT
         ED    TAMOUNT,TOTAL
         LA    1,TLINE
         LA    0,L'TLINE
         SVC   SV_PUTLINE
         SR    15,15
         BR    14
*
HEAD     DC    C'ITEM         QTY     PRICE         AMOUNT'
LINE     DS    0CL41
LNAME    DS    CL12
LQTY     DS    CL4
LPRICE   DS    CL10
LAMOUNT  DS    CL15
TLINE    DS    0CL41
         DC    CL26'TOTAL'
TAMOUNT  DS    CL15
QPAT     DC    X'40202120'                          ZZ9
PPAT     DC    X'4020206B2020214B2020'              ZZ,ZZ9.99
APAT     DC    X'402020206B2020206B2020214B2020'    ZZZ,ZZZ,ZZ9.99
AMOUNT   DS    PL6
TOTAL    DS    PL6
         LTORG
         COPY  ITEMS
         END   REPORT
