*---------------------------------------------------------------------
* PACKED -- decimal arithmetic: PACK, AP, SP, MP, DP, ZAP, CP, CVB,
* CVD, UNPK and an ED pattern, with lengths taken from L'.
*---------------------------------------------------------------------
PACKED   START 0
         BALR  12,0
         USING *,12
         PACK  QTY,QTYZ            zoned to packed
         ZAP   TOTAL,=P'0'
         ZAP   WORK,PRICE
         MP    WORK,QTY            price * quantity
         AP    TOTAL,WORK
         SP    TOTAL,DISCOUNT
         ZAP   WORK,TOTAL
         DP    WORK,=P'3'          WORK = quotient, remainder
         CP    WORK(L'WORK-2),=P'0'
         BNH   ZERO
         MVC   EDITED,PATTERN
         ED    EDITED,TOTAL+1
         UNPK  ZONED,TOTAL
         OI    ZONED+L'ZONED-1,X'F0'
         ZAP   DWORD,TOTAL
         CVB   3,DWORD
         CVD   3,DWORD2
ZERO     SR    15,15
         BR    14
*
QTYZ     DC    Z'12'
QTY      DS    PL2
PRICE    DC    P'250'              2.50 in cents
DISCOUNT DC    PL2'-75'
TOTAL    DS    PL4
WORK     DS    PL6
ZONED    DS    ZL7
         DS    0D
DWORD    DS    D
DWORD2   DS    D
PATTERN  DC    X'4020206B2020214B2020'   ZZ,ZZ9.99
EDITED   DS    CL(L'PATTERN)
         LTORG
         END   PACKED
