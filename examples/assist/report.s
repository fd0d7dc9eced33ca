$JOB  REPORT -- a sales report: PACK, ED masks and page headings
*---------------------------------------------------------------------
* REPORT -- read sales cards, print a report four lines to a page,
* each page with a heading and its number, then the grand total.
* The third assignment of an ASSIST course, as it was written:
*
*  - the card's amount is in columns 21-27 as characters (zoned
*    decimal, cents); PACK turns it into packed decimal (4 bytes,
*    7 digits) and AP adds it to the total (5 bytes, 9 digits);
*  - ED prints a packed number through a pattern: the first byte is
*    the fill character (X'40', a blank), each X'20' a digit, X'21'
*    a digit after which every digit shows (so 0.99 keeps its 0),
*    X'6B' a comma and X'4B' a point, both blanked while no digit
*    has shown.  A pattern has as many X'20'/X'21' as the field has
*    digits: 7 for a PL4, 9 for a PL5, 3 for the PL2 page number;
*  - the pattern is MVCed into the line before each ED: ED writes
*    the result over the pattern;
*  - a line count decides when a page is full: the heading's '1'
*    in the carriage control starts a new page (a form feed), the
*    '0' of the column heading skips a line first.
*
* Run it:  imprun report.s           (output: report.expected)
*---------------------------------------------------------------------
REPORT   CSECT
         USING REPORT,15
         ZAP   TOTAL,=P'0'
         ZAP   PAGENO,=P'0'
         ZAP   LINES,=P'4'         full: the first card starts a page
READ     XREAD CARD,80
         BC    4,EOF               CC 1: no more cards
         CP    LINES,=P'4'         is the page full?
         BL    DETAIL
         AP    PAGENO,=P'1'        yes: a new page and its heading
         MVC   HPAGE,PMASK
         ED    HPAGE,PAGENO
         XPRNT HEAD,HEADLEN
         XPRNT SUBHEAD,SUBLEN
         ZAP   LINES,=P'0'
DETAIL   PACK  AMT,CAMT            columns 21-27 -> packed
         AP    TOTAL,AMT
         MVC   DNAME,CNAME
         MVC   DAMT,MASK
         ED    DAMT,AMT
         XPRNT DLINE,DLEN
         AP    LINES,=P'1'
         B     READ
EOF      MVC   TAMT,TMASK
         ED    TAMT,TOTAL
         XPRNT TLINE,TLEN
         SR    15,15
         BR    14
*
CARD     DS    0CL80
CNAME    DS    CL20                columns 1-20: the name
CAMT     DS    CL7                 columns 21-27: the amount in cents
         DS    CL53
AMT      DS    PL4
TOTAL    DS    PL5
PAGENO   DS    PL2
LINES    DS    PL2
*                                  fill, 7 digits: 99,999.99
MASK     DC    X'4020206B2021204B2020'
*                                  fill, 9 digits: 9,999,999.99
TMASK    DC    X'40206B2020206B2021204B2020'
PMASK    DC    X'40202120'         fill, 3 digits
HEAD     DC    C'1       SALES REPORT         PAGE'
HPAGE    DS    CL4
HEADLEN  EQU   *-HEAD
SUBHEAD  DC    C'0NAME                       AMOUNT'
SUBLEN   EQU   *-SUBHEAD
DLINE    DC    C' '
DNAME    DS    CL20
         DC    CL3' '
DAMT     DS    CL10
DLEN     EQU   *-DLINE
TLINE    DC    CL21'0TOTAL'
TAMT     DS    CL13
TLEN     EQU   *-TLINE
         LTORG
         END   REPORT
$ENTRY
ALVAREZ             0012345
BROWN               0000099
CHANG               1234567
DIAZ                0000000
EVANS               0500000
FRANKLIN            0000100
