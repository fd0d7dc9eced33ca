*---------------------------------------------------------------------
* FILES -- copy a text file, numbering its lines, then prove it.
*
* Run it with the two files bound on the imprun command line:
*
*   imprun --file INPUT=files.input --file OUTPUT=files.out files.load
*
* What it shows:
*  - file control blocks (FCBs) in the program and the host
*    services OPEN, GET, PUTREC and CLOSE (COPY IMPSVC, IMPFCB):
*    each is a supervisor call, SVC SV_name, with R1 -> the FCB;
*  - the condition code after a service: BC 4 (CC 1, end of file),
*    BC 1 (CC 3, error), BNZ after OPEN;
*  - a DSECT (FCB) and a USING on it: FCBRECL means "the record
*    length of the FCB that R2 points to";
*  - EX to move and compare a number of bytes known only at run
*    time (MVC/CLC with length 0 in the instruction, OR-ed in by EX);
*  - line numbers with CVD, UNPK and OI;
*  - a program that checks itself: it reopens its input and its
*    output and compares every line with what it should have
*    written.
*
* Expected console output: files.expected; expected file written:
* files.out.expected (from files.input).
*---------------------------------------------------------------------
         COPY  IMPSVC
FILES    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
*
         LA    2,INFCB             R2 -> the input FCB ...
         USING FCB,2               ... mapped by the FCB DSECT
         LA    3,OUTFCB            R3 -> the output FCB
         LR    1,2                 R1 -> the FCB: the parameter
         SVC   SV_OPEN             open the input
         BNZ   IOERR               CC 3: could not open
         LR    1,3
         SVC   SV_OPEN             open the output
         BNZ   IOERR
*
* The copy: read a line, put its number in front, write it.
         SR    6,6                 R6 = line number
COPYLOOP LR    1,2
         SVC   SV_GET              next line into INBUF
         BC    4,COPYEND           CC 1: end of file
         BC    1,IOERR             CC 3: error
         LA    6,1(,6)
         L     5,FCBRECL           R5 = length of the line
         BAL   14,FORMAT           OUTBUF, R5 = its length
         ST    5,OUTRECL
         LR    1,3
         SVC   SV_PUTREC           write it
         BC    1,IOERR
         B     COPYLOOP
COPYEND  ST    6,COPIED
         LR    1,2
         SVC   SV_CLOSE
         LR    1,3
         SVC   SV_CLOSE
*
* The proof: read the input and the copy side by side.
         LA    4,CHKFCB            R4 -> the copy, opened for input
         LR    1,2
         SVC   SV_OPEN
         BNZ   IOERR
         LR    1,4
         SVC   SV_OPEN
         BNZ   IOERR
         SR    7,7                 R7 = lines verified
         SR    8,8                 R8 = mismatches
VLOOP    LR    1,2
         SVC   SV_GET              a line of the input
         BC    1,IOERR
         BC    4,VEND
         LR    1,4
         SVC   SV_GET              the same line of the copy
         BC    1,IOERR
         BC    4,VSHORT            the copy is too short
         LA    7,1(,7)
         LR    6,7
         L     5,FCBRECL
         BAL   14,FORMAT           what the copy should hold
         C     5,CHKRECL           the same length?
         BNE   VBAD
         BCTR  5,0
         EX    5,CMPTEXT           the same bytes?
         BE    VLOOP
VBAD     LA    8,1(,8)
         B     VLOOP
VSHORT   LA    8,1(,8)
         B     VDONE
VEND     LR    1,4
         SVC   SV_GET              the copy must end here too
         BC    1,IOERR
         BC    4,VDONE
         LA    8,1(,8)             it has an extra line
VDONE    LR    1,2
         SVC   SV_CLOSE
         LR    1,4
         SVC   SV_CLOSE
         DROP  2
*
         ST    7,RESULT
         LA    1,CHECK1            lines verified = lines copied
         BAL   14,CHECK
         ST    8,RESULT
         LA    1,CHECK2            mismatches = 0
         BAL   14,CHECK
         B     RETURN
*
IOERR    LA    1,ERRMSG
         LA    0,L'ERRMSG
         SVC   SV_PUTLINE          "FAIL file error"
         LA    10,12
*
RETURN   LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
* FORMAT: OUTBUF <- 5-digit line number (R6), a blank, and the R5
* bytes of INBUF; R5 <- the length of OUTBUF's record.
FORMAT   CVD   6,DW
         UNPK  OUTNUM(5),DW+5(3)   the last 5 digits; sign in zone
         OI    OUTNUM+4,X'F0'      make the last one printable
         LTR   5,5
         BZ    FORMAT2             an empty line: nothing to move
         BCTR  5,0
         EX    5,MOVETEXT          MVC OUTTEXT(R5+1),INBUF
         LA    5,1(,5)
FORMAT2  LA    5,OUTTEXT-OUTBUF(,5)  plus number and blank
         BR    14
MOVETEXT MVC   OUTTEXT(0),INBUF    executed by EX
CMPTEXT  CLC   OUTBUF(0),CHKBUF    executed by EX
*
* CHECK: IMPCHECK(parameter list at R1); OR its return code into R10.
CHECK    ST    14,CHECKR14
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
         L     14,CHECKR14
         BR    14
*
SAVE     DC    18F'0'
CHECKR14 DC    F'0'
RESULT   DC    F'0'
COPIED   DC    F'0'
ZERO     DC    F'0'
CHECK1   DC    A(RESULT),A(COPIED),A(N1)
CHECK2   DC    A(RESULT),A(ZERO),A(N2)
N1       DC    CL16'lines verified'
N2       DC    CL16'mismatches'
ERRMSG   DC    C'FAIL file error'
         DS    0D
DW       DS    D
*
* The FCBs: name, mode, handle, buffer address, length, record length
INFCB    DC    0F'0',CL8'INPUT'
         DC    A(FCB_TEXTIN),F'0',A(INBUF),A(L'INBUF),F'0'
OUTFCB   DC    0F'0',CL8'OUTPUT'
         DC    A(FCB_TEXTOUT),F'0',A(OUTBUF),A(L'OUTBUF)
OUTRECL  DC    F'0'
CHKFCB   DC    0F'0',CL8'OUTPUT'   the copy, read back
         DC    A(FCB_TEXTIN),F'0',A(CHKBUF),A(L'CHKBUF)
CHKRECL  DC    F'0'
*
INBUF    DS    CL200
OUTBUF   DS    0CL206              a numbered line:
OUTNUM   DS    CL5                 line number
         DC    C' '
OUTTEXT  DS    CL200               the text
CHKBUF   DS    CL206
         LTORG
         COPY  IMPFCB              the FCB DSECT (ends the CSECT)
         END   FILES
