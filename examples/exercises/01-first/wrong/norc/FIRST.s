*---------------------------------------------------------------------
* FIRST -- a first program: a greeting, and the program's own length.
*
* The assembler counts bytes for us: LENGTH EQU *-FIRST at the end is
* the distance from the start of the CSECT to that point, the same
* number the listing's location counter shows on the END line.
*---------------------------------------------------------------------
         COPY  IMPSVC              host-service SVC numbers
FIRST    CSECT
         USING FIRST,15            R15 = our address: the base
         LA    1,HELLO             R1 -> the greeting
         LA    0,L'HELLO           R0 = its length
         SVC   SV_PUTLINE          write it and a newline
         LA    1,ISTXT             "FIRST is " without a newline
         LA    0,L'ISTXT
         SVC   SV_PUT
         LA    1,LENGTH            R1 = the length, in decimal
         SVC   SV_PUTDEC
         LA    1,BYTES             " bytes long" and the newline
         LA    0,L'BYTES
         SVC   SV_PUTLINE
         BR    14
*
HELLO    DC    C'Hello, IMP!'
ISTXT    DC    C'FIRST is '
BYTES    DC    C' bytes long'
LENGTH   EQU   *-FIRST             the bytes from FIRST to here
         END   FIRST
