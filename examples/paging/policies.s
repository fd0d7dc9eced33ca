*---------------------------------------------------------------------
* POLICIES -- one loop, four replacement policies, four answers.
*
* What it shows:
*  - how LRU, CLOCK and FIFO differ on the same program, and how far
*    each is from OPT (Belady's MIN, which needs the future: imprun
*    computes it from the run's reference string and reports it
*    beside the policy's own count);
*  - a hot page among cold ones: every step of the loop writes a
*    counter on the hot page H, then reads one of K cold pages P1 to
*    PK in turn, and every third step a warm page W as well; the
*    code page C is used all the time too.
*
* The working set is C, H, W and the K = 6 cold pages: 9 pages.
* With 6 frames LRU keeps C and H and cycles the others through the
* 4 frames left; FIFO also throws out C and H now and then (and
* writes H out, since it is dirty); CLOCK sits in between, its one
* reference bit a rough picture of recency; OPT keeps most of the
* cold pages resident.
*
*   imprun --policy=lru --frames=6 policies.s
*   imprun --policy=fifo --frames=6 policies.s
*   imprun --policy=clock --frames=6 policies.s
*
* and read the paging report (standard error): the page-ins and
* page-outs of the policy, and OPT's.  With 6 frames of 4K:
*
*   policy    page-ins   page-outs
*   fifo           100          13
*   clock           81           4
*   lru             64           0
*   opt             42           0     (on each run's string)
*
* With 10 frames or more every policy faults 10 times: the 9 pages
* and page 0 once each (page 0 holds the nucleus, which serves the
* SVCs that write the result, and the exit stub).  With 9 frames
* LRU still does, but FIFO and CLOCK make room for page 0 by
* throwing out C, the page loaded first: 12 page-ins, 1 page-out.
*
* It checks its work: the counter is PASSES * K, and the sum of the
* words read is PASSES * (21 + 2 * 7), as cold page j starts with
* F'j' and W with F'7'.
*
* Expected output: see policies.expected (of any of the commands).
*---------------------------------------------------------------------
         COPY  IMPSVC              host-service SVC numbers
POLICIES CSECT
         BALR  12,0                R12 = address of the next byte
         USING *,12                ... and it is our base
         SR    3,3                 R3 = sum of the cold words read
         L     7,=A(HOT)           R7 -> H, and R7 + j * 4096 -> Pj
         LA    8,PASSES            R8 = passes left
         LA    10,3                R10: every third step, W too
         L     11,=A(HOT+WARMOFF)  R11 -> W
PASS     LA    6,1                 R6 = j, the cold page, 1 to K
STEP     L     0,0(,7)             the counter on H ...
         AH    0,=H'1'
         ST    0,0(,7)             ... plus 1
         LR    9,6
         SLL   9,12                R9 = j * 4096
         A     3,0(9,7)            read the first word of Pj
         BCT   10,NOWARM           a third step?
         LA    10,3                yes: read W as well
         A     3,0(,11)
NOWARM   LA    6,1(,6)
         CH    6,=Y(K)
         BNH   STEP
         BCT   8,PASS
*
* Check the counter and the sum, and write them: each SVC enters
* the nucleus on page 0, the only page the loop does not use.
         LA    1,MSG               R1 -> the text
         LA    0,L'MSG             R0 = its length
         SVC   SV_PUT              "policies: counter "
         L     1,0(,7)
         SVC   SV_PUTDEC           the counter
         LA    1,MSG2
         LA    0,L'MSG2
         SVC   SV_PUT              ", sum "
         LR    1,3
         SVC   SV_PUTDEC           the sum
         LA    1,OKMSG             assume both are right
         LA    0,L'OKMSG
         SR    15,15               return code 0
         CL    3,=A(PASSES*(K*(K+1)/2+2*7))
         BNE   BAD
         CLC   0(4,7),=A(PASSES*K)
         BE    SAY
BAD      LA    1,BADMSG            no: say so
         LA    0,L'BADMSG
         LA    15,8                return code 8
SAY      SVC   SV_PUTLINE
         BR    14                  R15 = 0 or 8
*
PAGESIZE EQU   4096
K        EQU   6                   cold pages
PASSES   EQU   10                  passes over them
WARMOFF  EQU   7*PAGESIZE          W: the page after P6
MSG      DC    C'policies: counter '
MSG2     DC    C', sum '
OKMSG    DC    C' (OK)'
BADMSG   DC    C' (FAIL: expected 60 and 350)'
         LTORG
*
* The data pages from the next page boundary (the CSECT starts on
* one: programs are linked at X'10000'): H, then P1 to P6, each
* starting with its number (H with the counter, 0).
         ORG   POLICIES+PAGESIZE
HOT      DC    F'0'
         ORG   HOT+1*PAGESIZE
         DC    F'1'
         ORG   HOT+2*PAGESIZE
         DC    F'2'
         ORG   HOT+3*PAGESIZE
         DC    F'3'
         ORG   HOT+4*PAGESIZE
         DC    F'4'
         ORG   HOT+5*PAGESIZE
         DC    F'5'
         ORG   HOT+6*PAGESIZE
         DC    F'6'
         ORG   HOT+WARMOFF
         DC    F'7'                W
         DS    XL(PAGESIZE-4)      the rest of page W
         END   POLICIES
