* instructor.s expanded by hand (with --sysparm=TEST).
INSTR    CSECT
         USING INSTR,15
LIST     DC    AL1(3)
         DC    FL4'10'
         DC    FL4'20'
         DC    FL4'30'
         DC    AL1(2)
         DC    FL2'5'
         DC    FL2'6'
         DC    H'1'
         DC    H'1'
         DC    H'2'
         DC    H'3'
         DC    H'5'
         DC    H'8'
CNT1     DC    H'1'
CNT2     DC    H'2'
NM       DC    C'ABC-DEFG'
         DC    AL1(7)
FIELD    DC    CL12' '
         DC    C'C',AL1(12)
         DC    F'10'
         DC    C'INSTR'
         DC    C'TEST'
         DC    C'B'
U1       B     SKIP0018
HERE0018 DC    C'X'
SKIP0018 DS    0H
         B     SKIP0019
HERE0019 DC    C'Y'
SKIP0019 DS    0H
         DC    AL1(0,1),C'101010'
         DC    AL1(1,0),C'111111'
         DC    F'25',F'-1',F'205'
CNT3     DC    H'3'
         END
