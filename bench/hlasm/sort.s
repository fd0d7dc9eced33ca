* sort.s -- the insertion-sort benchmark in HLASM for impas + impld
* --core (the GNU-as twin is written by bench/programs.sh).  It fills
* 8000 fullwords with a linear congruential sequence, sorts them by
* straight insertion and stores the middle element at X'204'.  The array
* is at X'40000' (the twin's X'10000' is where impld places this
* program); the values, and so the result, are the same.  It counts the
* instructions it executes exactly (the twin's count plus the two set-up
* instructions the twin does not have), stores the count at X'200' and
* ends in a disabled wait.  A program check ends in the disabled wait
* X'...0BAD'.  GR0-GR12 are the twin's; GR13 is the base register.
SORT     CSECT
         BALR  13,0
         USING *,13
         MVC   104(8,0),BADPSW     program new PSW: stop, marked BAD
         SR    11,11               the instruction count
         SR    12,12               keys that went to a[0]
         L     2,ARR               fill with a linear congruential sequence
         L     5,M
         L     1,SEED
FILL     M     0,MUL
         A     1,ADD
         ST    1,0(0,2)
         LA    2,4(0,2)
         BCT   5,FILL
         L     2,ARR
         LA    2,4(0,2)            &a[i], i = 1
         L     5,M1
         L     6,MINUS4
         L     7,ARRM4             BXH comparand: stop below a[0]
         SR    8,8                 elements moved
         LA    9,1(0,0)
         SR    10,10
OUTER    L     3,0(0,2)            key
         LR    4,2
         AR    4,6                 &a[j-1]
INNER    L     10,0(0,4)
         CR    10,3
         BNH   PLACE
         ST    10,4(0,4)
         ALR   8,9
         BXH   4,6,INNER
         ALR   12,9                key goes to a[0]
         B     PLACE
PLACE    ST    3,4(0,4)
         LA    2,4(0,2)
         BCT   5,OUTER
         LR    1,8                 count += 6*moves + 9*(M-1) - first + k
         SLL   1,1
         LR    0,1
         SLL   0,1
         AR    1,0
         AR    11,1
         A     11,K9
         SR    11,12
         A     11,KFIX
         L     3,MID
         L     3,0(0,3)
         ST    3,516               result at X'204'
         ST    11,512              count at X'200'
         LPSW  WAITPSW
         DS    0D
WAITPSW  DC    X'000A0000',F'0'
BADPSW   DC    X'000A0000',X'00000BAD'
NELEM    EQU   8000
ARR      DC    A(X'40000')
ARRM4    DC    A(X'40000'-4)
MID      DC    A(X'40000'+4*(NELEM/2))
M        DC    A(NELEM)
M1       DC    A(NELEM-1)
SEED     DC    F'12345'
MUL      DC    F'1103515245'
ADD      DC    F'12345'
MINUS4   DC    F'-4'
K9       DC    A(9*(NELEM-1))
* BALR MVC SR SR, fill 3 + 5 per element, set-up 8, the sum 9, L L ST,
* ST LPSW
KFIX     DC    A(2+2+3+5*NELEM+8+9+3+2)
         END   SORT
