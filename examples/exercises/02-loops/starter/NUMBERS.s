* NUMBERS -- the table of exercise 02 (the sample): N, then N fullwords.
N        DC    F'8'
NUMS     DC    F'12,7,31,-4,19,0,25,3'
