* WTO's list form, and the execute form with a name and a register.
T        CSECT
         USING *,15
         WTO   MF=(E,MSG)
         LA    5,MSG
         WTO   MF=(E,(5))
         SR    15,15
         BR    14
MSG      WTO   'HELLO LIST',MF=L
         END   T
