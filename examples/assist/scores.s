$JOB  SCORES -- an ASSIST-style job: read, total and average scores
*---------------------------------------------------------------------
* SCORES -- read cards of student scores, print each with its total,
* then the class average.  The way ASSIST courses wrote it:
*
*  - XREAD reads one card (80 columns) into CARD; CC 1 at end of file;
*  - XDECI scans the card for the next number: it skips blanks, leaves
*    the value in the register, and leaves in R1 the address just past
*    the number, so the next XDECI goes on from there (CC 3: none left);
*  - XDECO turns a register into 12 characters, right-justified;
*    (XDECI does not stop at column 80: hence the '*' after CARD);
*  - XPRNT prints a line whose first character is the carriage control:
*    '1' new page, ' ' next line, '0' skip a line first.
*
* A card holds a name (columns 1-10) and up to five scores.  The data
* cards follow the $ENTRY card, as in an ASSIST deck; imprun reads them
* for XREAD.  Run it:  imprun scores.s
*---------------------------------------------------------------------
SCORES   CSECT
         USING SCORES,15
         XPRNT HEAD,L'HEAD         page heading
         SR    7,7                 R7 = number of students
         SR    8,8                 R8 = sum of all totals
READ     XREAD CARD,80             the next card
         BC    B'0100',EOF         CC 1: no more cards
         MVC   NAME,CARD           the name, columns 1-10
         SR    6,6                 R6 = this student's total
         LA    1,CARD+10           scan the scores after the name
SCAN     XDECI 5,0(,1)             R5 = next score, R1 -> past it
         BC    B'0001',SHOW        CC 3: no more numbers
         AR    6,5
         B     SCAN
SHOW     XDECO 6,TOTAL             the total, 12 characters
         XPRNT LINE,LINELEN
         LA    7,1(,7)             one more student
         AR    8,6
         B     READ
EOF      XDECO 7,COUNT
         XPRNT CLINE,24            '0': a blank line before it
         SR    9,9                 R8:R9 = sum as a doubleword ...
         SRDA  8,32
         DR    8,7                 ... / students: R9 = average
         XDECO 9,AVERAGE
         XPRNT ALINE,24
         SR    15,15
         BR    14
*
CARD     DS    CL80
         DC    C'*'                stops XDECI at the end of the card:
*                                  without it the scan would run on
*                                  through the blanks into HEAD, read
*                                  its '1', and add 1 to every total
HEAD     DC    C'1STUDENT         TOTAL'
LINE     DC    C' '
NAME     DS    CL10
TOTAL    DS    CL12
LINELEN  EQU   *-LINE              the line's length: 23
CLINE    DC    C'0STUDENTS:  '
COUNT    DS    CL12
ALINE    DC    C' AVERAGE:   '
AVERAGE  DS    CL12
         END   SCORES
$ENTRY
ADAMS       90  85  77  93 100
BAKER       60  72  -5  88
CHEN       100 100 100
DAVIS        0
