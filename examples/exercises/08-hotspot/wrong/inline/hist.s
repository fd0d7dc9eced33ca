*---------------------------------------------------------------------
* HIST -- how often each letter occurs in a text: one line per letter,
* "A 216" ... "Z 0".  The text is HSTEXT (support/text.s).
*
* HSMAIN walks the text a character at a time, looks the character up
* in the alphabet, and adds one to that letter's counter.  Then it
* prints the counters.
*
* Faster: the search of the alphabet is done in line, without the
* call of HSFIND and its STM and LM for every character.
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
CHAR     SR    2,2
         IC    2,0(,6)             R2 = the character
         LA    3,LETTERS           look it up here: no call
         LA    4,26
         SR    15,15
LOOK     IC    5,0(,3)
         CR    2,5
         BE    FOUND
         LA    3,1(,3)
         LA    15,1(,15)
         BCT   4,LOOK
         B     NEXT                not a letter
FOUND    DS    0H
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
