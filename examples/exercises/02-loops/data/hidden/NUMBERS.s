* NUMBERS -- the table of exercise 02 (the grader's second one).
N        DC    F'20'
NUMS     DC    F'-17,250,3,-2000,88,41,-6,999,5,0'
         DC    F'64,-300,12,77,-1,1500,-999,8,2,46'
