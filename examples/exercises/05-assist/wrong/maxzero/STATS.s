*---------------------------------------------------------------------
* STATS -- ASSIST cards: for each card, how many numbers it holds,
* their sum and the largest; then the totals of the deck.
*
* XREAD reads a card (CC 1 at the end of the deck); XDECI takes the
* next number from it (R1 walks the card; CC 3 when none is left);
* XDECO makes a register 12 characters; XPRNT prints a line whose
* first character is the carriage control.
*   R3 = max, R4 = count, R5 = number, R6 = sum     (this card)
*   R7 = cards, R8 = numbers, R9 = sum              (the deck)
*---------------------------------------------------------------------
STATS    CSECT
         USING STATS,15
         XPRNT HEAD,L'HEAD
         SR    7,7
         SR    8,8
         SR    9,9
READ     XREAD CARD,80             the next card
         BC    B'0100',EOF         CC 1: the end of the deck
         LA    7,1(,7)
         SR    4,4
         SR    6,6
         SR    3,3                 (max 0 for a card with no number)
         LA    1,CARD
SCAN     XDECI 5,0(,1)             R5 = the next number, R1 -> past it
         BC    B'0001',SHOW        CC 3: no more on this card
         CR    5,3                 larger than the max so far?
         BNH   ADD
NEWMAX   LR    3,5
ADD      AR    6,5
         LA    4,1(,4)
         B     SCAN
SHOW     XDECO 4,LCOUNT
         XDECO 6,LSUM
         XDECO 3,LMAX
         XPRNT LINE,L'LINE
         AR    8,4
         AR    9,6
         B     READ
EOF      XDECO 7,TCARDS
         XDECO 8,TNUMS
         XDECO 9,TSUM
         XPRNT TLINE,L'TLINE       '0': a blank line first
         SR    15,15
         BR    14
*
CARD     DS    CL80
         DC    C'*'                XDECI stops here, not in HEAD
HEAD     DC    C'        COUNT         SUM         MAX'
LINE     DS    0CL37
         DC    C' '
LCOUNT   DS    CL12
LSUM     DS    CL12
LMAX     DS    CL12
TLINE    DS    0CL54
         DC    C'0CARDS'
TCARDS   DS    CL12
         DC    C' NUMBERS'
TNUMS    DS    CL12
         DC    C' SUM'
TSUM     DS    CL12
         END   STATS
