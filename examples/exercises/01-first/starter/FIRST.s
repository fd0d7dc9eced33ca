*---------------------------------------------------------------------
* FIRST -- exercise 01: your first program.
*
* Write the two lines
*     Hello, IMP!
*     FIRST is N bytes long
* where N is the length of this CSECT in bytes, as the assembler
* counts it; then return with return code 0.  See README.md.
*---------------------------------------------------------------------
         COPY  IMPSVC              host-service SVC numbers
FIRST    CSECT
         USING FIRST,15            R15 = our address: the base
*        write the greeting: R1 -> text, R0 = length, SVC SV_PUTLINE
*        write "FIRST is " (SV_PUT: no newline)
*        write the length (SV_PUTDEC writes R1 in decimal)
*        write " bytes long" and the newline
*        set the return code and return
         BR    14
*
HELLO    DC    C'Hello, IMP!'
         END   FIRST
