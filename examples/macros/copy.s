*---------------------------------------------------------------------
* COPY -- copy a text file and say how many lines it had: files.s of
* examples/ done with macros.
*
*   imprun --file INPUT=copy.input --file OUTPUT=copy.out copy.s
*
* What it shows:
*  - DCB, OPEN, GET, PUT, CLOSE from IMP's library: file control
*    blocks and the file services without a COPY or an SVC number;
*  - DO INF ... DOEXIT ... ENDDO: a read loop that ends at the end of
*    the file (GET gives CC 1, mask 4);
*  - a macro of our own, SAY, defined before its use: a symbolic
*    parameter, a keyword parameter, AIF on an omitted operand, and a
*    &SYSNDX label that is new at every call.
*
* Expected console output: copy.expected; copy.out equals copy.input.
*---------------------------------------------------------------------
         MACRO
&L       SAY   &TEXT,&NUM=
.* write TEXT, then the number in register NUM (if given), then a newline
&L       LA    1,SAY&SYSNDX
         LA    0,L'SAY&SYSNDX
         AIF   (K'&NUM EQ 0).LINE
         SVC   36                  PUT: the text, no newline
         LR    1,&NUM
         SVC   38                  PUTDEC: the number
         LA    0,0                 then an empty PUTLINE: the newline
.LINE    SVC   35                  PUTLINE
         B     SAY&SYSNDX.E
SAY&SYSNDX DC  C&TEXT
SAY&SYSNDX.E DS 0H
         MEND
*
         YREGS
COPY     SUBENTRY
         OPEN  (INDCB,(INPUT),OUTDCB,(OUTPUT))
         IF    NZ                  CC 3: a file could not be opened
         SAY   'cannot open INPUT or OUTPUT'
         SUBEXIT RC=8
         ENDIF
         SR    R6,R6               R6 = lines copied
         DO    INF
         GET   INDCB               the next line into REC
         DOEXIT 4                  CC 1 (mask 4): the end of the file
         MVC   OUTDCB+24(4),INDCB+24   its length is the output's
         PUT   OUTDCB
         LA    R6,1(,R6)
         ENDDO
         CLOSE (INDCB,,OUTDCB)
         SAY   'lines copied: ',NUM=R6
         SUBEXIT RC=0
*
INDCB    DCB   DDNAME=INPUT,MACRF=G,BUF=REC
OUTDCB   DCB   DDNAME=OUTPUT,MACRF=P,BUF=REC
REC      DS    CL256
         END   COPY
