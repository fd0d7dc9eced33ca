* The library's linkage and service macros in a program that runs:
* linkage.hand.s is the same program expanded by hand.
         YREGS
MAIN     SUBENTRY
         WTO   'Hello from the macro library'
         CALL  TWICE,(NUM,RES)
         L     R2,RES
         IF    (C,R2,EQ,=F'42')
         WTO   'twice 21 is 42'
         ELSE
         WTO   'twice 21 is wrong'
         ENDIF
         LA    R3,0
         DO    FROM=(R4,5)
         AR    R3,R4
         ENDDO
         IF    (C,R3,NE,=F'15')
         WTO   'the DO loop went wrong'
         ENDIF
         SUBEXIT RC=0
NUM      DC    F'21'
RES      DS    F
         LTORG
TWICE    CSECT
         SAVE  (14,12)
         USING TWICE,15
         LM    2,3,0(1)
         L     4,0(,2)
         AR    4,4
         ST    4,0(,3)
         RETURN (14,12),RC=0
         END   MAIN
