* An inner definition is a black box: &X is INNER's parameter.
         MACRO
         OUTER &X
         MACRO
         INNER &X
         DC    C'&X'
         MEND
         MEND
T        CSECT
         OUTER A
         INNER B
         END
