*---------------------------------------------------------------------
* IMPPSA -- COPY member: fixed storage locations (the PSA, real 0-FFF)
* that a program-check or SVC handler needs.  Absolute symbols, so
* "MVC PSAPGMNW(8),MYPSW" assembles with base register 0.
*
*   COPY  IMPPSA            (anywhere; it defines no storage)
*
* See imp(7), "Fixed storage locations".
*---------------------------------------------------------------------
PSARSTNW EQU   X'000',8            restart new PSW
PSARSTOW EQU   X'008',8            restart old PSW
PSAEXTOW EQU   X'018',8            external old PSW
PSASVCOW EQU   X'020',8            SVC old PSW
PSAPGMOW EQU   X'028',8            program old PSW
PSAMCKOW EQU   X'030',8            machine-check old PSW
PSAIOOW  EQU   X'038',8            I/O old PSW
PSATIMER EQU   X'050',4            interval timer
PSAEXTNW EQU   X'058',8            external new PSW
PSASVCNW EQU   X'060',8            SVC new PSW
PSAPGMNW EQU   X'068',8            program new PSW
PSAMCKNW EQU   X'070',8            machine-check new PSW
PSAIONW  EQU   X'078',8            I/O new PSW
PSAEXTCD EQU   X'086',2            external interruption code
PSASVCIL EQU   X'089',1            SVC ILC (bits 5-6)
PSASVCCD EQU   X'08A',2            SVC number
PSAPGMIL EQU   X'08D',1            program ILC (bits 5-6)
PSAPGMCD EQU   X'08E',2            program interruption code
PSATEA   EQU   X'090',4            translation-exception address
PSAPERCD EQU   X'096',1            PER code (bits 0-3)
PSAPERAD EQU   X'098',4            PER address
PSACAT   EQU   X'200',256          the monitors' control address table
PSACATIA EQU   X'2A8',4            CAT+X'A8': the IAS block's address
PSACATPC EQU   X'2AC',4            CAT+X'AC': the PC-sampling block's
PSACATGL EQU   X'2B0',4            CAT+X'B0': the gleaning block's
PSACATCS EQU   X'2B4',4            CAT+X'B4': the CSECT monitor's block
