*---------------------------------------------------------------------
* IMPSVC -- COPY member: the host services of the IMP machine.
*
*   COPY  IMPSVC            (anywhere; it defines no storage)
*
* A host service is one privileged instruction, DIAGNOSE X'83':
*
*         DIAG  R1,R3,function
*
* The function code is the effective address of the second operand,
* so write it as an absolute symbol (base 0).  R1 and R3 name the
* registers that hold the parameters.  Examples:
*
*         LA    2,MSG             R2 -> text (EBCDIC)
*         LA    3,L'MSG           R3 = its length
*         DIAG  2,3,HS_PUTLINE    write the text and a newline
*
*         L     2,TOTAL
*         DIAG  2,0,HS_PUTDEC     write TOTAL in decimal, no newline
*
* The machine must be in supervisor state (programs start in it).
* An unknown function code is a specification exception (0006).
* See imp(7), "Host services", and imprun(1) for the details.
*---------------------------------------------------------------------
HS_EXIT    EQU X'000'     end the program, return code = (R1)
HS_PUTLINE EQU X'008'     write (R3) bytes at (R1), then a newline
HS_PUT     EQU X'00C'     the same without the newline
HS_GETLINE EQU X'010'     read a line into (R1), at most (R3) bytes;
*                         R3 <- length; CC0 ok, CC1 end of file,
*                         CC2 line truncated
HS_PUTDEC  EQU X'014'     write (R1) as a signed decimal number
HS_PUTHEX  EQU X'018'     write (R1) as 8 hexadecimal digits
HS_OPEN    EQU X'020'     open the file of FCB (R1); CC0 ok, CC3 not
HS_CLOSE   EQU X'024'     close the file of FCB (R1)
HS_GET     EQU X'028'     read a record into the FCB's buffer;
*                         CC0 ok, CC1 end of file, CC3 error
HS_PUTREC  EQU X'02C'     write a record from the FCB's buffer;
*                         CC0 ok, CC3 error
*
* File modes, the fullword at FCBMODE (see COPY IMPFCB)
FCB_TEXTIN  EQU 0         text input: records are lines
FCB_TEXTOUT EQU 1         text output
FCB_BININ   EQU 2         binary input: raw bytes, up to buffer length
FCB_BINOUT  EQU 3         binary output
