PROG     CSECT
         USING PROG,15
         SR    3,3                 sum
         LA    4,100               counter
ADDUP    AR    3,4                 sum = sum + counter
         BCT   4,ADDUP             again
         SR    15,15
         BR    14
         END   PROG
