XG       CSECT
         USING XG,15
         LA    14,NAME
LOOP     XGET  REC,200             records of the file bound to IN
         BC    4,DONE
         BC    2,DONE
         XPRNT REC-1,133
         B     LOOP
DONE     BR    14
NAME     DC    CL8'IN'
         DC    C' '
REC      DS    CL200
         END   XG
