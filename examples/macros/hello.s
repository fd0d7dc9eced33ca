*---------------------------------------------------------------------
* HELLO -- hello.s of examples/ written with IMP's macro library.
*
* What it shows:
*  - SUBENTRY / SUBEXIT: the standard linkage (save the caller's
*    registers, a base register, a chained save area of our own) in
*    one line each;
*  - WTO: write a line (the PUTLINE service) without counting its
*    characters or naming the SVC;
*  - IF / ELSE / ENDIF: a decision without inventing labels;
*  - the listing (impas -l hello.lst hello.s) shows what every macro
*    generated, marked +.
*
* Expected output: see hello.expected.
*---------------------------------------------------------------------
         YREGS
HELLO    SUBENTRY
         WTO   'Hello, world!'
         IF    (CLI,LETTER,EQ,X'C1')     is C'A' stored as X'C1'?
         WTO   'OK C''A'' is X''C1'' in EBCDIC'
         SUBEXIT RC=0
         ELSE
         WTO   'FAIL C''A'' is not X''C1'''
         ENDIF
         SUBEXIT RC=8
LETTER   DC    C'A'
         END   HELLO
