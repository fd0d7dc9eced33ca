*---------------------------------------------------------------------
* HIST -- how often each letter occurs in a text: one line per letter,
* "A 216" ... "Z 0".  The text is HSTEXT (support/text.s).
*
* The first version called HSFIND for every character, which searched
* the alphabet a letter at a time: imprun --ias-window=HSFIND/8 put 91%
* of the samples in it, most in its loop LOOK.  Here a table of 256
* bytes, one per EBCDIC code, gives the place of a character's letter
* at once (X'FF': not a letter): an IC instead of a call and a search.
* EBCDIC has its letters in three runs (A-I X'C1'-X'C9', J-R
* X'D1'-X'D9', S-Z X'E2'-X'E9'), so the table is built in three
* pieces with ORG.
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
         SR    15,15
CHAR     IC    2,0(,6)             R2 = the character
         IC    15,PLACE(2)         R15 = its letter's place, or X'FF'
         CH    15,=H'255'
         BE    NEXT                not a letter
         SLL   15,2
         L     1,COUNTS(15)
         LA    1,1(,1)
         ST    1,COUNTS(15)        one more of that letter
         SR    15,15
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
* PLACE: for each EBCDIC code, the place of its letter, or X'FF'.
PLACE    DC    256X'FF'
         ORG   PLACE+C'A'
         DC    AL1(0,1,2,3,4,5,6,7,8)              A-I
         ORG   PLACE+C'J'
         DC    AL1(9,10,11,12,13,14,15,16,17)      J-R
         ORG   PLACE+C'S'
         DC    AL1(18,19,20,21,22,23,24,25)        S-Z
         ORG
         END   HSMAIN
