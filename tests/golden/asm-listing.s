         TITLE 'LISTING -- the impas listing format'
* asm-listing.s -- exercises the listing (t1080).
LIST     CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         L     15,=V(EXTSUB)
         MVC   MSG(12),=CL12'HELLO, WORLD'
         CLC   COUNT,=F'100'
         BNE   DONE
         LA    1,REC
         USING PERSON,1
         MVC   PNAME,MSG
         DROP  1
         PRINT OFF
         LR    1,1                not listed
         PRINT ON
DONE     LM    14,12,12(13)
         SR    15,15
         BR    14
         SPACE 2
MSG      DC    C'A LONG MESSAGE FOR THE LISTING'
COUNT    DC    F'100'
LEN      EQU   *-MSG
REC      DS    CL20
         LTORG
         EJECT
PERSON   DSECT
PNAME    DS    CL12
PAGE     DS    H
         END   LIST
