*---------------------------------------------------------------------
* REGS -- COPY member: register equates, R0 EQU 0 ... R15 EQU 15,
* what IBM's YREGS (or EQUREGS) macro would generate.
*
*   COPY  REGS              (anywhere; it defines no storage)
*
* Then write registers by name, so that they appear in the
* cross-reference of the listing:
*
*         STM   R14,R12,12(R13)
*         BALR  R12,0
*         USING *,R12
*
* impas finds the member with -I (the directory of IMP's runtime).
*---------------------------------------------------------------------
R0       EQU   0
R1       EQU   1
R2       EQU   2
R3       EQU   3
R4       EQU   4
R5       EQU   5
R6       EQU   6
R7       EQU   7
R8       EQU   8
R9       EQU   9
R10      EQU   10
R11      EQU   11
R12      EQU   12
R13      EQU   13
R14      EQU   14
R15      EQU   15
