*---------------------------------------------------------------------
* BELADY -- more frames, more page faults: Belady's anomaly.
*
* What it shows:
*  - that FIFO replacement is not a stack algorithm: for some
*    reference strings it faults MORE with more frames;
*  - that LRU (and OPT) never do: the pages resident with N frames
*    are always among those resident with N+1;
*  - a program written so that its reference string is known
*    exactly: the code (with the order table and the messages) fits
*    in one page, C; the data are 5 pages, D1 to D5, each starting
*    with its own number; nothing else is touched but page 0 at the
*    end (the SVCs that write the result enter the nucleus there,
*    and BR 14 goes to the exit stub at X'F00').  So no save area:
*    R14 is kept in its register.
*
* The loop reads the first word of data page ORDER(i) for i = 1 to
* 16, so the machine references the pages
*
*   C,D5,C,D3,C,D4,C,D4,C,D1,C,D2,C,D3,C,D4,
*   C,D5,C,D5,C,D3,C,D4,C,D3,C,D1,C,D2,C,D5,C,0,C,0,C,0,C,0
*
* (C between every data reference: the instructions are fetched
* from it; 0 is the nucleus, entered by the three SVCs, and at last
* the exit stub).  Page-ins under FIFO, LRU and OPT (the report's
* OPT line), 4K pages; 7 frames or more fault only on the 7 pages'
* first references (with 6, FIFO makes room for page 0 by throwing
* out C, the page loaded first, and faults on C once more):
*
*   frames     2   3   4   5   6
*   fifo      23  19  14  15   8     5 frames fault more than 4
*   lru       16  15  13  11   7     never more with more frames
*   opt       16  13  10   8   7
*
*   imprun --policy=fifo --frames=4 belady.s      14 page-ins
*   imprun --policy=fifo --frames=5 belady.s      15 page-ins
*   imprun --policy=lru --frames=5 belady.s       11 page-ins
*
* It checks that it read the right words: the sum of the page
* numbers read is the sum of the order table, 54.
*
* Expected output: see belady.expected (of any of the commands).
*---------------------------------------------------------------------
         COPY  IMPSVC              host-service SVC numbers
BELADY   CSECT
         BALR  12,0                R12 = address of the next byte
         USING *,12                ... and it is our base
         SR    3,3                 R3 = sum of the words read
         L     7,=A(DATA-PAGESIZE) R7 + k * 4096 -> data page k
         LA    5,ORDER             R5 -> the next entry of ORDER
         LA    4,NREFS             R4 = references left
NEXT     LH    6,0(,5)             R6 = k, a data page number
         SLL   6,12                R6 = k * 4096
         A     3,0(6,7)            read the first word of page k
         LA    5,L'ORDER(,5)       the next entry
         BCT   4,NEXT
*
* Report the sum: each SVC enters the nucleus, on page 0.
         ST    3,SUM
         LA    1,MSG               R1 -> the text
         LA    0,L'MSG             R0 = its length
         SVC   SV_PUT              "belady: sum of the words read "
         L     1,SUM
         SVC   SV_PUTDEC           the sum
         LA    1,OKMSG             assume it is right
         LA    0,L'OKMSG
         SR    15,15               return code 0
         CLC   SUM,EXPECT
         BE    SAY
         LA    1,BADMSG            no: say so
         LA    0,L'BADMSG
         LA    15,8                return code 8
SAY      SVC   SV_PUTLINE
         BR    14                  R15 = 0 or 8
*
PAGESIZE EQU   4096
ORDER    DC    H'5,3,4,4,1,2,3,4,5,5,3,4,3,1,2,5' the data pages
NREFS    EQU   (*-ORDER)/L'ORDER   16 references
SUM      DC    F'0'
EXPECT   DC    F'54'               5+3+4+4+1+2+3+4+5+5+3+4+3+1+2+5
MSG      DC    C'belady: 16 reads of 5 data pages; sum of the words '
OKMSG    DC    C' (OK)'
BADMSG   DC    C' (FAIL: expected 54)'
         LTORG
*
* The data pages, from the next page boundary (the CSECT starts on
* one: programs are linked at X'10000').  Page k starts with F'k'.
         ORG   BELADY+PAGESIZE
DATA     DC    F'1'
         ORG   DATA+1*PAGESIZE
         DC    F'2'
         ORG   DATA+2*PAGESIZE
         DC    F'3'
         ORG   DATA+3*PAGESIZE
         DC    F'4'
         ORG   DATA+4*PAGESIZE
         DC    F'5'
         DS    XL(PAGESIZE-4)      the rest of page D5
         END   BELADY
