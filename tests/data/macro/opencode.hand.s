* opencode.s expanded by hand.
OPEN     CSECT
SQ1      DC    AL2(1*1)
SQ2      DC    AL2(2*2)
SQ3      DC    AL2(3*3)
SQ4      DC    AL2(4*4)
         DC    C'FAST'
         DC    C'OPEN'
         DC    C'CHANGED'
         END
