* ITEMS -- exercise 04's second order (the grader's): NITEMS, then
* NITEMS records of name CL12, quantity PL2, unit price in cents PL4.
NITEMS   DC    H'8'
ITEMS    DC    CL12'LATHE',PL2'2',PL4'4250000'
         DC    CL12'DRILL PRESS',PL2'3',PL4'189900'
         DC    CL12'CHISELS',PL2'40',PL4'1250'
         DC    CL12'GLUE',PL2'999',PL4'99'
         DC    CL12'SANDPAPER',PL2'500',PL4'35'
         DC    CL12'CLAMPS',PL2'24',PL4'1849'
         DC    CL12'SAMPLES',PL2'7',PL4'0'
         DC    CL12'BENCH',PL2'1',PL4'9999999'
