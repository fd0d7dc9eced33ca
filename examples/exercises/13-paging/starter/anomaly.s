*---------------------------------------------------------------------
* ANOMALY -- a walk over seven data pages in the order of ORDER, one
* read of a word per entry, for page replacement under imprun's
* pager (--frames, --policy, --page-refs; imp-pagerefs(5)).
*
* Each entry of ORDER is a data page, 1 to 7: the program reads the
* first word of that page, whose value is the page's number, and
* prints how many reads it made and their sum.  Between two reads it
* runs from its own code page, which is referenced too.
*
* Change ORDER so that FIFO faults more with 6 frames than with 5
* (see README.md).
*---------------------------------------------------------------------
         COPY  IMPSVC
ANOMALY  CSECT
         BALR  12,0
         USING *,12
         SR    3,3                 R3 = the sum of the words read
         L     7,=A(DATA-PAGESIZE) R7 + k * 4096 -> data page k
         LA    5,ORDER             R5 -> the next entry
         LA    4,NREFS             R4 = the reads left
NEXT     LH    6,0(,5)             R6 = k
         SLL   6,12                R6 = k * 4096
         A     3,0(6,7)            read the first word of page k
         LA    5,L'ORDER(,5)
         BCT   4,NEXT
         ST    3,SUM
         LA    1,MSG
         LA    0,L'MSG
         SVC   SV_PUT              "reads "
         LA    1,NREFS
         SVC   SV_PUTDEC
         LA    1,MSG2
         LA    0,L'MSG2
         SVC   SV_PUT              ", sum "
         L     1,SUM
         SVC   SV_PUTDEC
         LA    1,MSG
         SR    0,0
         SVC   SV_PUTLINE
         SR    15,15
         BR    14
PAGESIZE EQU   4096
*
* The reference string: data pages 1 to 7, at most 32 entries.
ORDER    DC    H'1,2,3,4,5,6,7'
NREFS    EQU   (*-ORDER)/L'ORDER
SUM      DC    F'0'
MSG      DC    C'reads '
MSG2     DC    C', sum '
         LTORG
         ORG   ANOMALY+PAGESIZE
DATA     DC    F'1'
         ORG   DATA+1*PAGESIZE
         DC    F'2'
         ORG   DATA+2*PAGESIZE
         DC    F'3'
         ORG   DATA+3*PAGESIZE
         DC    F'4'
         ORG   DATA+4*PAGESIZE
         DC    F'5'
         ORG   DATA+5*PAGESIZE
         DC    F'6'
         ORG   DATA+6*PAGESIZE
         DC    F'7'
         DS    XL(PAGESIZE-4)      the rest of page 7
         END   ANOMALY
