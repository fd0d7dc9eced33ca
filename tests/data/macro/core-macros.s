*        A program written with macros, linked into a core image: the
*        same bytes run on Hercules and on IMP and must leave the same
*        storage.  No services: it ends in a disabled wait.
         MACRO
         POWERS &N
.* the powers of two 2**(&N-1) down to 2**0, by recursion
         LCLA  &V,&I
         AIF   (&N LE 0).END
&V       SETA  1
&I       SETA  1
.DOUBLE  AIF   (&I GE &N).OUT
&V       SETA  &V*2
&I       SETA  &I+1
         AGO   .DOUBLE
.OUT     DC    F'&V'
&I       SETA  &N-1
         POWERS &I
.END     MEND
*
         MACRO
&L       ADDUP &TO,&LIST
.* &TO <- the sum of the fullwords named in the sublist &LIST
         LCLA  &K
&L       SR    &TO,&TO
.NEXT    ANOP
&K       SETA  &K+1
         A     &TO,&LIST(&K)
         AIF   (&K LT N'&LIST).NEXT
         MEND
*
CORE     CSECT
         BALR  12,0
         USING *,12
         ADDUP 2,(ONE,TWO,FOUR)          R2 <- 7
         ST    2,RSUM
         LA    3,0
         DO    FROM=(4,10)               R3 <- 10+9+...+1 = 55
         AR    3,4
         ENDDO
         ST    3,RLOOP
         LA    5,0                       count the powers above 100
         LA    6,POW
         DO    FROM=(7,8)
         IF    (CLC,0(4,6),GT,=F'100')
         LA    5,1(,5)
         ENDIF
         LA    6,4(,6)
         ENDDO
         ST    5,RBIG                    1: only 128
         LA    8,0
         SELECT CLI,KEY,EQ
         WHEN  C'A'
         LA    8,1
         WHEN  (C'B',C'C')
         LA    8,2
         OTHRWISE
         LA    8,3
         ENDSEL
         ST    8,RSEL                    KEY is C: 2
         LPSW  WAIT
         DS    0D
WAIT     DC    X'000A0000',F'0'
ONE      DC    F'1'
TWO      DC    F'2'
FOUR     DC    F'4'
KEY      DC    C'C'
POW      DS    0F
         POWERS 8
RSUM     DS    F
RLOOP    DS    F
RBIG     DS    F
RSEL     DS    F
         LTORG
         END   CORE
