*---------------------------------------------------------------------
* PERCOUNT -- count the successful branches of WORK with PER and an
* interrupt service routine of our own.
*
* PER (program-event recording) interrupts after every successful
* branch while CR9 bit 0 and the PSW's PER mask are on.  The program:
*  - runs in the supervisor state, key 0 (imprun --supervisor), and
*    installs PERISR as the program-interruption handler (program new
*    PSW at X'68');
*  - loads CR9 (successful branch), CR10-11 (the range: all storage);
*  - turns the PER mask on (STOSM) just before the call of WORK and
*    off (STNSM) just after it returns: the events counted are the
*    BALR that calls WORK, WORK's own taken branches and its BR 14;
*  - prints WORK's checksum and the count.
*
* PERISR runs with the registers of whatever was running -- WORK's,
* whose R12 is WORK's base -- so it keeps R11-R12 at X'300' (low
* storage that imp(7)'s map of fixed storage leaves unassigned, below
* the nucleus at X'800'; base 0 reaches it) and makes its own base.  It counts an event and resumes with LPSW.
* An interruption that is not PER alone is not its business: it
* removes itself and resumes, so the exception happens again with no
* handler and imprun reports it.
*---------------------------------------------------------------------
         COPY  IMPSVC
         COPY  IMPPSA
ISRREGS  EQU   X'300',8            PERISR's save area: R11, R12
PERCOUNT CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         MVC   PSAPGMNW,NEWPSW     install PERISR
         LCTL  9,11,PERCRS         CR9-CR11: the events, the range
         L     15,=V(WORK)
         STOSM OLDMASK,X'40'       PER mask on ...
         BALR  14,15               ... for the call of WORK ...
         STNSM OLDMASK,X'BF'       ... and off again
         ST    15,RESULT
         XC    PSAPGMNW,PSAPGMNW   no handler any more
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
PERCRS   DC    X'80000000'         CR9: successful branch
         DC    A(0)                CR10: the range starts at 0 ...
         DC    X'00FFFFFF'         CR11: ... and ends at 16M - 1
NEWPSW   DC    X'000A0000',A(PERISR)  supervisor, key 0, PER off (and the wait bit)
OLDMASK  DC    X'00'
MSGSUM   DC    C'CHECKSUM '
MSGCNT   DC    C'BRANCHES '
         LTORG
*
* PERISR: the program-interruption handler.
PERISR   STM   11,12,ISRREGS       keep the interrupted R11, R12
         BALR  12,0
         USING *,12                our own base from here on
         TM    PSAPGMCD+1,X'80'    a PER event?
         BZ    NOTPER
         L     11,COUNTA
         L     12,0(,11)           (R12 is free now)
         LA    12,1(,12)
         ST    12,0(,11)           COUNT + 1
         LM    11,12,ISRREGS
         LPSW  PSAPGMOW            back, PER mask and all
NOTPER   XC    PSAPGMNW,PSAPGMNW   not PER: no handler any more, and
         LM    11,12,ISRREGS       the exception happens again
         LPSW  PSAPGMOW
COUNTA   DC    A(COUNT)
         END   PERCOUNT
