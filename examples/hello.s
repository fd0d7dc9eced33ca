*---------------------------------------------------------------------
* HELLO -- the smallest complete IMP program.
*
* What it shows:
*  - a control section (CSECT) and a USING on the entry register:
*    at entry R15 holds the address of HELLO, so R15 can serve as
*    the base register while we do not change it;
*  - writing a line with the PUTLINE host service.  The program
*    runs in the problem state, as under an operating system, and
*    asks the supervisor for a service with a supervisor call:
*    SVC SV_PUTLINE with R1 -> text and R0 = length (COPY IMPSVC
*    names the SVC numbers);
*  - L'MSG, the length attribute of a symbol: the assembler knows
*    how long MSG is, so we never count characters by hand;
*  - that characters are EBCDIC in storage: C'A' is X'C1';
*  - ending with BR 14 and the return code in R15 (0 = success).
*
* Expected output: see hello.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC              host-service SVC numbers
HELLO    CSECT
         USING HELLO,15            R15 = our address: the base
         LA    1,MSG               R1 -> the text
         LA    0,L'MSG             R0 = its length
         SVC   SV_PUTLINE          write it and a newline
*
* Check something real: the letter A is X'C1' in EBCDIC.
         LA    1,OKMSG             assume it is
         LA    0,L'OKMSG
         CLI   LETTER,X'C1'        is C'A' stored as X'C1'?
         BE    SAY
         LA    1,BADMSG            no: report it
         LA    0,L'BADMSG
SAY      SVC   SV_PUTLINE
         CLI   LETTER,X'C1'        the same test gives the RC
         BNE   FAIL
         SR    15,15               return code 0: all well
         BR    14                  back to the caller
FAIL     LA    15,8                return code 8: something failed
         BR    14
*
MSG      DC    C'Hello, world!'
LETTER   DC    C'A'
OKMSG    DC    C'OK C''A'' is X''C1'' in EBCDIC'
BADMSG   DC    C'FAIL C''A'' is not X''C1'''
         END   HELLO
