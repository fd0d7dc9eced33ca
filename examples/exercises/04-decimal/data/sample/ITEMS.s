* ITEMS -- exercise 04's sample order: NITEMS, then NITEMS records of
* 18 bytes: name CL12, quantity PL2, unit price in cents PL4.
NITEMS   DC    H'5'
ITEMS    DC    CL12'BOLTS',PL2'250',PL4'12'
         DC    CL12'NUTS',PL2'250',PL4'8'
         DC    CL12'HAMMER',PL2'3',PL4'1995'
         DC    CL12'WASHERS',PL2'100',PL4'75'
         DC    CL12'TOOLBOX',PL2'1',PL4'4950'
