*---------------------------------------------------------------------
* DIVTAB -- the divisions of exercise 06 (linked with divide.s).
*
*   DIVTAB   F     the number of pairs
*            2F    a pair: the dividend, the divisor; one after another
*
* Three of them end in a fixed-point-divide exception (0009): two
* divisors of zero, and -2147483648 / -1, whose quotient (2**31) does
* not fit in a register.
*---------------------------------------------------------------------
DIVTAB   CSECT
         DC    A((DIVEND-DIVPAIRS)/8)
DIVPAIRS DC    F'100',F'7'
         DC    F'100',F'0'
         DC    F'-45',F'4'
         DC    F'-2147483648',F'-1'
         DC    F'0',F'5'
         DC    F'12345',F'0'
         DC    F'81',F'9'
DIVEND   EQU   *
         END
