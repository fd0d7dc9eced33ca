*---------------------------------------------------------------------
* REPORT -- exercise 04: an order as a printed report, in packed decimal.
*
* COPY ITEMS gives NITEMS (a halfword) and ITEMS, records of 18 bytes:
* the name CL12, the quantity PL2, the unit price in cents PL4.  Print
* the heading, a line per item (name, quantity, price, amount =
* quantity times price), then the total, as README.md shows.
*---------------------------------------------------------------------
         COPY  IMPSVC
REPORT   CSECT
         USING REPORT,15
         LA    1,HEAD
         LA    0,L'HEAD
         SVC   SV_PUTLINE
*        your loop over the NITEMS records: ED, ZAP, MP, AP ...
*        then the total line
         SR    15,15
         BR    14
*
HEAD     DC    C'ITEM         QTY     PRICE         AMOUNT'
         LTORG
         COPY  ITEMS
         END   REPORT
