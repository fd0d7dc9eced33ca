*---------------------------------------------------------------------
* IMPFCB -- COPY member: the file control block (FCB) as a DSECT.
*
*   COPY  IMPFCB            (it opens a DSECT: put it after your
*                            code and data, or resume your CSECT
*                            with "name CSECT" afterwards)
*
* An FCB is 28 bytes, fullword aligned, and lives in your program:
*
* INFCB    DC    0F'0',CL8'INPUT'    name bound by imprun --file
*          DC    F'0'                mode FCB_TEXTIN (COPY IMPSVC)
*          DC    F'0'                handle, set by OPEN
*          DC    A(INBUF)            buffer address
*          DC    A(L'INBUF)          buffer length
*          DC    F'0'                record length
*
* Address it with a USING on this DSECT:
*
*          LA    2,INFCB
*          USING FCB,2
*          L     3,FCBRECL           length of the record just read
*---------------------------------------------------------------------
FCB      DSECT
FCBNAME  DS    CL8                 file name, EBCDIC, blank padded
FCBMODE  DS    F                   FCB_TEXTIN ... FCB_BINOUT
FCBHNDL  DS    F                   handle: set by OPEN
FCBBUF   DS    A                   buffer address
FCBBUFL  DS    F                   buffer length in bytes
FCBRECL  DS    F                   record length: set by GET, read by
*                                  PUTREC
FCBLEN   EQU   *-FCB               28
