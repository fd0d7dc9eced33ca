*---------------------------------------------------------------------
* IMPSVC -- COPY member: the host services of the IMP machine.
*
*   COPY  IMPSVC            (anywhere; it defines no storage)
*
* Programs start in the problem state and reach a host service by a
* supervisor call, as under an operating system:
*
*         SVC   SV_name           parameters in GR1 and GR0; EXIT's
*                                 return code in GR15
*
* where DIAGNOSE (below) names R1 and R3, the SVC takes GR1 and GR0.
* Examples:
*
*         LA    1,MSG             R1 -> text (EBCDIC)
*         LA    0,L'MSG           R0 = its length
*         SVC   SV_PUTLINE        write the text and a newline
*
*         L     1,TOTAL
*         SVC   SV_PUTDEC         write TOTAL in decimal, no newline
*
* A program in the supervisor state (imprun --supervisor) may also use
* the privileged instruction DIAGNOSE X'83' directly:
*
*         DIAG  R1,R3,function
*
* The function code is the effective address of the second operand,
* so write it as an absolute symbol (base 0).  R1 and R3 name the
* registers that hold the parameters:
*
*         LA    2,MSG             R2 -> text (EBCDIC)
*         LA    3,L'MSG           R3 = its length
*         DIAG  2,3,HS_PUTLINE    write the text and a newline
*
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
HS_ABEND   EQU X'030'     end abnormally: (R1) bits 8-19 system,
*                         bits 20-31 user completion code
HS_GETMAIN EQU X'034'     R1 <- address of (R3) bytes of the region;
*                         CC0 ok; no room: abend S80A;
*                         0 bytes: CC3 (R1 = 0)
HS_FREEMAIN EQU X'038'    give back (R3) bytes at (R1); CC0, CC3
HS_TIME    EQU X'03C'     R1 <- virtual time in cycles (low word),
*                         R3 <- the high word
HS_SUPER   EQU X'040'     SVC only: go on in the supervisor state
*                         with key 0 (R1 = 0), or in the problem
*                         state with the program's key (R1 = 1)
HS_SVCDISP EQU X'100'     the nucleus's SVC dispatch
*
* SVC numbers: SVC n serves the function of the same name, taking
* GR1 for (R1), GR0 for (R3), and GR15 for EXIT's return code.
SV_EXIT    EQU 3          EXIT
SV_PUTLINE EQU 35         PUTLINE
SV_PUT     EQU 36         PUT
SV_GETLINE EQU 37         GETLINE; GR0 <- length
SV_PUTDEC  EQU 38         PUTDEC
SV_PUTHEX  EQU 39         PUTHEX
SV_OPEN    EQU 19         OPEN
SV_CLOSE   EQU 20         CLOSE
SV_GET     EQU 21         GET
SV_PUTREC  EQU 22         PUTREC
SV_ABEND   EQU 13         ABEND
SV_GETMAIN EQU 4          GETMAIN; GR1 <- address
SV_FREEMAIN EQU 5         FREEMAIN
SV_TIME    EQU 11         TIME; GR1 <- low, GR0 <- high word
SV_SUPER   EQU 250        SUPER
*
* File modes, the fullword at FCBMODE (see COPY IMPFCB)
FCB_TEXTIN  EQU 0         text input: records are lines
FCB_TEXTOUT EQU 1         text output
FCB_BININ   EQU 2         binary input: raw bytes, up to buffer length
FCB_BINOUT  EQU 3         binary output
