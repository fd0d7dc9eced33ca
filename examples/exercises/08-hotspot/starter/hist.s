*---------------------------------------------------------------------
* HIST -- how often each letter occurs in a text: one line per letter,
* "A 216" ... "Z 0".  The text is HSTEXT (support/text.s).
*
* HSMAIN walks the text a character at a time and calls HSFIND, which
* looks the character up in the alphabet and returns its place (0 for
* A ... 25 for Z) or -1 for a character that is not a letter; HSMAIN
* adds one to that letter's counter.  Then it prints the counters.
*
* It is right, and it is slow.  Find out where its time goes (imprun
* --ias, --ias-window), and make it faster without changing its output.
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
         L     15,=V(HSFIND)
         BALR  14,15               R15 = its letter's place, or -1
         LTR   15,15
         BM    NEXT                not a letter
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
*
*---------------------------------------------------------------------
* HSFIND -- R2 = a character; R15 <- its place in the alphabet (0-25),
* or -1.  Standard linkage; it calls nothing.
*---------------------------------------------------------------------
HSFIND   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         LA    3,ALPHA             R3 -> a letter of the alphabet
         LA    4,26                R4 = letters left
         SR    15,15               R15 = its place
LOOK     IC    5,0(,3)
         CR    2,5                 this letter?
         BE    FOUND
         LA    3,1(,3)
         LA    15,1(,15)
         BCT   4,LOOK
         L     15,=F'-1'           not a letter
FOUND    L     14,12(,13)
         LM    0,12,20(13)
         BR    14
ALPHA    DC    C'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
         LTORG
         END   HSMAIN
