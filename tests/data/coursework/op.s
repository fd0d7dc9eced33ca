* OPSYN: another name for an instruction, a macro, a directive.
         MACRO
         TWICE &X
         DC    C'&X&X'
         MEND
LOAD     OPSYN L
DOUBLE   OPSYN TWICE
CONST    OPSYN DC
T        CSECT
         USING *,15
         LOAD  1,W
         DOUBLE AB
W        CONST F'1'
LOAD     OPSYN
         END
