*---------------------------------------------------------------------
* HIST -- how often each letter occurs in a text: one line per letter,
* "A 216" ... "Z 0".  The text is HSTEXT (support/text.s).
*
* The first version called HSFIND for every character, which searched
* the alphabet a letter at a time.  A letter's place is its code minus
* the code of A: no search at all.
*---------------------------------------------------------------------
         COPY  IMPSVC
HSMAIN   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         L     6,=V(HSTEXT)
         L     7,0(,6)             R7 = the length of the text
         LA    6,4(,6)             R6 -> its first character
         SR    2,2
CHAR     IC    2,0(,6)             R2 = the character
         LR    15,2
         SH    15,=H'193'          R15 = its place: the code - C'A'
         BM    NEXT                below A: not a letter
         CH    15,=H'25'
         BH    NEXT                above Z: not a letter
         SLL   15,2
         L     1,COUNTS(15)
         LA    1,1(,1)
         ST    1,COUNTS(15)        one more of that letter
NEXT     LA    6,1(,6)
         BCT   7,CHAR
*
         LA    8,LETTERS           print "A n" ... "Z n"
         LA    9,COUNTS
         LA    10,26
PRINT    MVC   LINE(1),0(8)
         LA    1,LINE
         LA    0,L'LINE
         SVC   SV_PUT              "A "
         L     1,0(,9)
         SVC   SV_PUTDEC           the count
         LA    1,LINE
         SR    0,0
         SVC   SV_PUTLINE          end of the line
         LA    8,1(,8)
         LA    9,4(,9)
         BCT   10,PRINT
         SR    15,15
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
SAVE     DC    18F'0'
COUNTS   DC    26F'0'
LETTERS  DC    C'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
LINE     DC    C'  '
         LTORG
         END   HSMAIN
