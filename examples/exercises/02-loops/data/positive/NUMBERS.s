* NUMBERS -- a table of exercise 02 with no entry 0 or below: a minimum
* started at 0, not at the first entry, stays 0.
N        DC    F'4'
NUMS     DC    F'7,2,9,4'
