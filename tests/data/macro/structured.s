* The structured programming macros in a program that runs and checks
* itself: every path writes one line (see structured.expected).
         YREGS
SPM      SUBENTRY
*        IF / ELSEIF / ELSE over the letters of WORD
         LA    R5,WORD
         DO    FROM=(R6,L'WORD)
         IF    (CLI,0(R5),EQ,C'A')
         WTO   'an A'
         ELSEIF (CLI,0(R5),EQ,C'B')
         WTO   'a B'
         ELSE
         WTO   'something else'
         ENDIF
         LA    R5,1(,R5)
         ENDDO
*        DO WHILE with DOEXIT: count down from 10, leave at 4
         LA    R7,10
         DO    WHILE=(LTR,R7,R7,P)
         DOEXIT (C,R7,EQ,=F'4')
         BCTR  R7,0
         ENDDO
         IF    (C,R7,EQ,=F'4')
         WTO   'DOEXIT left at 4'
         ENDIF
*        DO UNTIL: at least one pass
         LA    R8,0
         DO    UNTIL=(C,R8,GE,=F'3')
         LA    R8,1(,R8)
         ENDDO
         IF    (C,R8,EQ,=F'3')
         WTO   'UNTIL made 3 passes'
         ENDIF
*        SELECT on a byte, several values in one WHEN, OTHRWISE
         LA    R5,WORD
         DO    FROM=(R6,L'WORD)
         SELECT CLI,0(R5),EQ
         WHEN  C'A'
         WTO   'case A'
         WHEN  (C'C',C'D')
         WTO   'case C or D'
         OTHRWISE
         WTO   'other case'
         ENDSEL
         LA    R5,1(,R5)
         ENDDO
*        SELECT with conditions, IF on a mask after a test of our own
         LTR   R7,R7
         IF    NZ
         WTO   'R7 is not zero'
         ENDIF
*        several conditions: AND, OR; a SELECT of conditions
         LA    R7,5
         IF    (C,R7,GT,=F'1'),AND,(C,R7,LT,=F'9')
         WTO   'AND: 5 is between 1 and 9'
         ENDIF
         IF    (C,R7,EQ,=F'1'),OR,(C,R7,EQ,=F'5')
         WTO   'OR: 5 is 1 or 5'
         ENDIF
         IF    (C,R7,EQ,=F'1'),OR,(C,R7,EQ,=F'2')
         WTO   'OR went wrong'
         ENDIF
         SELECT
         WHEN  (C,R7,EQ,=F'4')
         WTO   'WHEN went wrong'
         WHEN  (C,R7,EQ,=F'5'),AND,(LTR,R7,R7,P)
         WTO   'WHEN with conditions'
         ENDSEL
         SUBEXIT RC=0
WORD     DC    C'ABCD'
         LTORG
         END   SPM
