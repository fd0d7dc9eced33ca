*---------------------------------------------------------------------
* BIGPROG -- more than 4096 bytes, so two base registers; register
* names from COPY REGS and a work area from a COPY member of our own;
* a USING limited to a range, and a USING on a second address.
*---------------------------------------------------------------------
         COPY  REGS
BIGPROG  CSECT
         STM   R14,R12,12(R13)
         LR    R11,R15
         USING BIGPROG,R11,R10     R11: first 4K, R10: second 4K
         LA    R10,2048(,R11)
         LA    R10,2048(,R10)      R10 = R11 + 4096
         L     R1,FAR              beyond 4096: through R10
         MVC   FAR2,NEAR
         LA    R9,TABLE
         USING (TABLE,TABEND),R9   R9 covers the table only
         L     R2,TABLE+8          through R9: the smaller displacement
         L     R3,TABEND           past the range: through R10
         DROP  R9
         XC    WKCOUNT,WKCOUNT
         MVC   WKNAME,=CL16'BIGPROG'
         LM    R14,R12,12(R13)
         SR    R15,R15
         BR    R14
         LTORG
NEAR     DC    CL4'NEAR'
         COPY  WORKAREA
         DS    XL(4000-(*-BIGPROG))
TABLE    DC    5F'1'
TABEND   DC    F'2'
         DS    XL200
FAR      DC    F'4096'
FAR2     DS    CL4
         END   BIGPROG
