* asm-diag.s -- one statement per diagnostic class of impas (t1070).
DIAG     CSECT
         USING DIAG,12
         M     3,WORD             odd register of an even-odd pair
         LR    16,1               register out of range
         L     1,5000(1,2)        displacement out of range
         MVC   0(300,1),0(2)      SS length out of range
         PACK  0(17,1),0(2,2)     SS-LL length out of range
         MVI   0(1),300           immediate out of range
         L     1,NOWHERE          undefined symbol
WORD     DS    F
WORD     DS    F                  duplicate symbol
         L     1,FAR              not addressable
         LA    1,WORD*2           relocatable term in multiplication
         DC    A(WORD+WORD)       complex relocatable A-con
         DC    F'12X'             bad constant
         DC    C'no end           unterminated string
         COPY  NOSUCHMEMBER       missing COPY member
         FROB  1,2                unknown operation
         LR    1,               syntax error
         LA    1,99999999999      number too large
         DS    4096XL1
FAR      DS    F
         END
         LR    1,2                after END
