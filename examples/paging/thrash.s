*---------------------------------------------------------------------
* THRASH -- sweeping over more pages than there are frames.
*
* What it shows:
*  - a program whose loop has a working set of 25 pages: the 24
*    pages of a 96K array and its code page (page 0, where the SVCs
*    enter the nucleus, and the page after the program, with
*    IMPCHECK and the caller's save area, are used only at the
*    start and at the end: 27 pages in all);
*  - thrashing: give it fewer frames than its working set and the
*    page-ins jump from one per page to one per page per pass, since
*    under LRU (and FIFO) a cyclic sweep always replaces exactly the
*    page it will need next;
*  - a large uninitialised area (DS) placed on a page boundary with
*    ORG, addressed through an address constant.
*
* Four passes each add 1 to 16 words of every page (a load and a
* store on each page); a fifth pass reads them back and checks the
* sum.  Run it with fewer and fewer frames and read the paging
* report that imprun writes on standard error (LRU, 4K pages):
*
*   imprun --frames=32 thrash.s    27 page-ins: each page once
*   imprun --frames=25 thrash.s    29 page-ins, 4 page-outs: page
*                                  0 and IMPCHECK's page come back
*   imprun --frames=24 thrash.s    125 page-ins, 98 page-outs:
*                                  every pass faults on every page
*   imprun --frames=8 thrash.s     the same 125 (OPT: 97)
*
* With --page-size=2K the array is 48 pages, and the PSA and the
* nucleus are two pages (52 pages in all): 52 page-ins with 52
* frames, 247 with 48.  Add --json=FILE to read page_ins from a
* file.  The output on standard output is the same for every frame
* count.
*
* Expected output: see thrash.expected (of imprun --frames=24
* thrash.s).
*---------------------------------------------------------------------
         COPY  IMPSVC              host-service SVC numbers
THRASH   CSECT
         STM   14,12,12(13)        save the caller's registers
         BALR  12,0                R12 = address of the next byte
         USING *,12                ... and it is our base
         ST    13,SAVE+4           back chain
         LA    2,SAVE
         ST    2,8(,13)            forward chain
         LR    13,2                R13 -> our save area
         LA    1,TITLE             R1 -> the text
         LA    0,L'TITLE           R0 = its length
         SVC   SV_PUTLINE
*
* The sweeps: R8 counts passes, R6 pages, R4 words in a page.
         LA    8,NPASS             R8 = passes left
PASS     L     5,=A(ARRAY)         R5 -> the first page
         LA    6,NPAGES            R6 = pages left
PAGE     SR    7,7                 R7 = offset of the word in page
         LA    4,NWORDS            R4 = words left in this page
WORD     L     0,0(7,5)            read the word ...
         AH    0,=H'1'
         ST    0,0(7,5)            ... and write it back, plus 1
         LA    7,STRIDE(,7)        the next word of the page
         BCT   4,WORD
         AL    5,=A(PAGESIZE)      the next page
         BCT   6,PAGE
         BCT   8,PASS
*
* The check: one more pass, reading only, sums the words.
         SR    3,3                 R3 = sum
         L     5,=A(ARRAY)
         LA    6,NPAGES
CPAGE    SR    7,7
         LA    4,NWORDS
CWORD    A     3,0(7,5)
         LA    7,STRIDE(,7)
         BCT   4,CWORD
         AL    5,=A(PAGESIZE)
         BCT   6,CPAGE
         ST    3,RESULT
         LA    1,CHECK             sum = passes * pages * words?
         L     15,=V(IMPCHECK)
         BALR  14,15               R15 = 0 or 8: our return code
*
         L     13,SAVE+4           the caller's save area
         L     14,12(,13)          return address
         LM    0,12,20(13)         R0-R12 as they were
         BR    14
*
NPASS    EQU   4                   write passes
NPAGES   EQU   24                  pages in the array
PAGESIZE EQU   4096
NWORDS   EQU   16                  words touched in each page
STRIDE   EQU   PAGESIZE/NWORDS     256 bytes apart
SAVE     DC    18F'0'              our save area
RESULT   DC    F'0'
CHECK    DC    A(RESULT),A(EXPECT),A(NAME)
EXPECT   DC    A(NPASS*NPAGES*NWORDS)
NAME     DC    CL16'checksum'
TITLE    DC    C'thrash: 4 passes over 24 pages of 4K, then a check'
         LTORG
*
* The array: 24 pages of 4K from the next page boundary (the CSECT
* starts on one: programs are linked at X'10000').
         ORG   THRASH+PAGESIZE
ARRAY    DS    (NPAGES*PAGESIZE)X
         END   THRASH
