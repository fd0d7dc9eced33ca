*---------------------------------------------------------------------
* PERCOUNT -- count the successful branches of WORK with PER and an
* interrupt service routine of your own (see README.md).  It runs in
* the supervisor state, key 0 (imprun --supervisor).
*---------------------------------------------------------------------
         COPY  IMPSVC
         COPY  IMPPSA
PERCOUNT CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
*        ... PERISR as the handler, CR9-CR11
         L     15,=V(WORK)
*        ... the PER mask on
         BALR  14,15               the call of WORK
*        ... the PER mask off
         ST    15,RESULT
*        ... no handler any more
*
         LA    1,MSGSUM
         LA    0,L'MSGSUM
         SVC   SV_PUT
         L     1,RESULT
         SVC   SV_PUTDEC
         LA    1,MSGSUM
         SR    0,0
         SVC   SV_PUTLINE          CHECKSUM 650
         LA    1,MSGCNT
         LA    0,L'MSGCNT
         SVC   SV_PUT
         L     1,COUNT
         SVC   SV_PUTDEC
         LA    1,MSGCNT
         SR    0,0
         SVC   SV_PUTLINE          BRANCHES n
         SR    15,15
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
SAVE     DC    18F'0'
RESULT   DC    F'0'
COUNT    DC    F'0'
MSGSUM   DC    C'CHECKSUM '
MSGCNT   DC    C'BRANCHES '
         LTORG
*
* PERISR: the program-interruption handler.  It runs with the
* registers of the code that was interrupted (WORK's).
*PERISR  ...
         END   PERCOUNT
