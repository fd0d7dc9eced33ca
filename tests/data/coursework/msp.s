* COPY ASMMSP, then the Toolkit's structured macros.
T        CSECT
         USING *,15
         COPY  ASMMSP
         IF    (LTR,1,1,Z)
         LA    2,1
         ENDIF
         BR    14
         END
