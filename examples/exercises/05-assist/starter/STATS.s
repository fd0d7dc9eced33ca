*---------------------------------------------------------------------
* STATS -- exercise 05: an ASSIST card program.
*
* For each card of the deck print how many numbers it holds, their sum
* and the largest (XDECO, 12 characters each); after the last card a
* blank line and the totals.  See README.md for the layout.
*   imprun --cards=sample.cards STATS.s
*---------------------------------------------------------------------
STATS    CSECT
         USING STATS,15
         XPRNT HEAD,L'HEAD
*        XREAD a card (CC 1: the end of the deck); XDECI its numbers
*        (R1 walks the card; CC 3: no more); XDECO and XPRNT a line
         SR    15,15
         BR    14
*
CARD     DS    CL80
         DC    C'*'                XDECI stops here
HEAD     DC    C'        COUNT         SUM         MAX'
         END   STATS
