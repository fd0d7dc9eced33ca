*---------------------------------------------------------------------
* TABLE -- the sum, the smallest and the largest of a table.
*
* COPY NUMBERS gives N (a fullword count, at least 1) and NUMS, the
* table of N fullwords.  One pass with BCT: R4 walks the table.
*   R3 = entries left, R4 -> entry, R5 = sum, R6 = min, R7 = max
*---------------------------------------------------------------------
         COPY  IMPSVC
TABLE    CSECT
         USING TABLE,15
         ST    14,RET              SHOW uses R14: keep the return
         L     3,N                 R3 = number of entries
         LA    4,NUMS              R4 -> the first
         SR    5,5                 sum = 0
         L     6,NUMS              min = max = the first entry
         LR    7,6
LOOP     L     2,0(,4)             R2 = this entry
         AR    5,2                 add it to the sum
         CR    2,6                 smaller than the min so far?
         BNL   NOTMIN
         LR    6,2
NOTMIN   CR    2,7                 larger than the max so far?
         BNH   NOTMAX
         LR    7,2
NOTMAX   LA    4,4(,4)             next entry
         BCT   3,LOOP
*
         LA    1,SUMTXT            SUM n
         LR    2,5
         BAL   14,SHOW
         LA    1,MINTXT            MIN n
         LR    2,6
         BAL   14,SHOW
         LA    1,MAXTXT            MAX n
         LR    2,7
         BAL   14,SHOW
         LA    1,DONETXT           a line left from debugging
         LA    0,L'DONETXT
         SVC   SV_PUTLINE
         L     14,RET              back to the caller
         SR    15,15               with return code 0
         BR    14
* SHOW: write the 4 characters at R1, R2 in decimal and a newline.
SHOW     LA    0,4
         SVC   SV_PUT
         LR    1,2
         SVC   SV_PUTDEC
         SR    0,0                 an empty PUTLINE ends the line
         SVC   SV_PUTLINE
         BR    14
*
SUMTXT   DC    C'SUM '
MINTXT   DC    C'MIN '
MAXTXT   DC    C'MAX '
DONETXT  DC    C'DONE'
RET      DS    A
         COPY  NUMBERS
         END   TABLE
