*---------------------------------------------------------------------
* RDEMO -- the program of exercise 12: twelve CSECTs in the order
* separately compiled modules came in, each a short hot path at its
* start and cold code after it (error paths this input never takes,
* DC X'07' here: NOPRs).  RMAIN sets up (RINIT, ROPEN), scans 300
* lines (RSCAN, which calls RTOKEN and RLOOK; they call RCOUNT and
* RUTIL), takes statistics every 100th line (RSTATS), and ends
* (RDUMP, RCLOSE).  Every routine adds to a running sum in R1;
* RMAIN prints it.  Do not change this file: the exercise is the
* order its CSECTs are linked in (impld -c, ORDER).
*---------------------------------------------------------------------
         COPY  IMPSVC
RMAIN    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    13,SAVE
         SR    1,1                 R1 = the running sum
         L     15,=V(RINIT)
         BALR  14,15
         L     15,=V(ROPEN)
         BALR  14,15
         LA    6,300               R6 = lines left
         LA    7,100               R7 = lines to the statistics
LINE     L     15,=V(RSCAN)
         BALR  14,15
         BCT   7,NEXT
         L     15,=V(RSTATS)
         BALR  14,15
         LA    7,100
NEXT     BCT   6,LINE
         L     15,=V(RDUMP)
         BALR  14,15
         L     15,=V(RCLOSE)
         BALR  14,15
         ST    1,SUM
         LA    1,MSG
         LA    0,L'MSG
         SVC   SV_PUT
         L     1,SUM
         SVC   SV_PUTDEC
         LA    1,MSG
         SR    0,0
         SVC   SV_PUTLINE
         SR    15,15
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
SAVE     DC    18F'0'
SUM      DC    F'0'
MSG      DC    C'sum '
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RINIT -- set up the tables (once)
*---------------------------------------------------------------------
RINIT    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,INITSAVE+4
         LA    13,INITSAVE
         LA    4,5
INITLOOP AR    1,4                 the work: R1 += R4
         BCT   4,INITLOOP
         L     13,INITSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
INITSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RSCAN -- scan a line: a token, then look it up
*---------------------------------------------------------------------
RSCAN    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SCANSAVE+4
         LA    13,SCANSAVE
         LA    4,10
SCANLOOP AR    1,4                 the work: R1 += R4
         BCT   4,SCANLOOP
         L     15,=V(RTOKEN)
         BALR  14,15
         L     15,=V(RLOOK)
         BALR  14,15
         L     13,SCANSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
SCANSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RERROR -- report an error (never called on this input)
*---------------------------------------------------------------------
RERROR   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,ERROSAVE+4
         LA    13,ERROSAVE
         LA    4,1
ERROLOOP AR    1,4                 the work: R1 += R4
         BCT   4,ERROLOOP
         L     13,ERROSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
ERROSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RTOKEN -- cut a token
*---------------------------------------------------------------------
RTOKEN   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,TOKESAVE+4
         LA    13,TOKESAVE
         LA    4,8
TOKELOOP AR    1,4                 the work: R1 += R4
         BCT   4,TOKELOOP
         L     15,=V(RUTIL)
         BALR  14,15
         L     13,TOKESAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
TOKESAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* ROPEN -- open the input (once)
*---------------------------------------------------------------------
ROPEN    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,OPENSAVE+4
         LA    13,OPENSAVE
         LA    4,5
OPENLOOP AR    1,4                 the work: R1 += R4
         BCT   4,OPENLOOP
         L     13,OPENSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
OPENSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RLOOK -- look a token up
*---------------------------------------------------------------------
RLOOK    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,LOOKSAVE+4
         LA    13,LOOKSAVE
         LA    4,6
LOOKLOOP AR    1,4                 the work: R1 += R4
         BCT   4,LOOKLOOP
         L     15,=V(RCOUNT)
         BALR  14,15
         L     15,=V(RUTIL)
         BALR  14,15
         L     13,LOOKSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
LOOKSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RSTATS -- statistics, every 100th line
*---------------------------------------------------------------------
RSTATS   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,STATSAVE+4
         LA    13,STATSAVE
         LA    4,20
STATLOOP AR    1,4                 the work: R1 += R4
         BCT   4,STATLOOP
         L     13,STATSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
STATSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RCOUNT -- count a token
*---------------------------------------------------------------------
RCOUNT   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,COUNSAVE+4
         LA    13,COUNSAVE
         LA    4,4
COUNLOOP AR    1,4                 the work: R1 += R4
         BCT   4,COUNLOOP
         L     13,COUNSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
COUNSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RDUMP -- dump the tables (once, at the end)
*---------------------------------------------------------------------
RDUMP    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,DUMPSAVE+4
         LA    13,DUMPSAVE
         LA    4,5
DUMPLOOP AR    1,4                 the work: R1 += R4
         BCT   4,DUMPLOOP
         L     13,DUMPSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
DUMPSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RUTIL -- a small utility everyone calls
*---------------------------------------------------------------------
RUTIL    CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,UTILSAVE+4
         LA    13,UTILSAVE
         LA    4,3
UTILLOOP AR    1,4                 the work: R1 += R4
         BCT   4,UTILLOOP
         L     13,UTILSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
UTILSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
*---------------------------------------------------------------------
* RCLOSE -- close the input (once, at the end)
*---------------------------------------------------------------------
RCLOSE   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,CLOSSAVE+4
         LA    13,CLOSSAVE
         LA    4,5
CLOSLOOP AR    1,4                 the work: R1 += R4
         BCT   4,CLOSLOOP
         L     13,CLOSSAVE+4
         L     14,12(,13)
         LM    2,12,28(13)         R1 goes back
         BR    14
CLOSSAVE DC    18F'0'
         LTORG
*        the cold code
         DC    1700X'07'
         END   RMAIN
