* NUMBERS -- a table of exercise 02 with no entry 0 or above: a maximum
* started at 0, not at the first entry, stays 0.
N        DC    F'5'
NUMS     DC    F'-8,-3,-12,-5,-1'
