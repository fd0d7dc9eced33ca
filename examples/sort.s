*---------------------------------------------------------------------
* SORT -- sorting numbers and names, then proving the result.
*
* What it shows:
*  - insertion sort of fullwords with byte offsets in registers:
*    L 4,NUMS(3) and ST 6,NUMS+4(5) (an index may even be -4);
*  - bubble sort of 10-byte names with CLC, and the XOR swap:
*    XC A,B / XC B,A / XC A,B exchanges A and B with no temporary;
*  - TRT with a 256-byte function table built with ORG, to find
*    the first blank of a name (GR1 <- its address);
*  - a program that checks itself: the sorted table must be in
*    order, hold the same sum, and start and end where it should.
*
* Expected output: see sort.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
SORT     CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
*
* The sum before sorting, to check that nothing was lost.
         BAL   14,SUMNUMS
         ST    3,SUMBEF
*
* Insertion sort: for i = 1 .. n-1, move a[i] left past every
* larger element.  R3 = offset of a[i], R5 = offset of a[j],
* R4 = the element being placed, R9 = elements left.
         LA    3,4
         LA    9,NNUMS-1
OUTER    L     4,NUMS(3)           key = a[i]
         LR    5,3
         S     5,=F'4'             j = i - 1
INNER    LTR   5,5                 j < 0?
         BM    PLACE
         C     4,NUMS(5)           key : a[j]
         BNL   PLACE               key >= a[j]: its place is j+1
         L     6,NUMS(5)
         ST    6,NUMS+4(5)         a[j+1] = a[j]
         S     5,=F'4'             j = j - 1
         B     INNER
PLACE    ST    4,NUMS+4(5)         a[j+1] = key
         LA    3,4(,3)
         BCT   9,OUTER
*
* Show the sorted numbers.
         LA    1,NUMHEAD           R1 -> the text
         LA    0,L'NUMHEAD         R0 = its length
         SVC   SV_PUT              "sorted:"
         LA    6,NUMS
         LA    7,NNUMS
SHOWNUM  LA    1,BLANK
         LA    0,1
         SVC   SV_PUT              " "
         L     1,0(,6)             R1 = the number
         SVC   SV_PUTDEC
         LA    6,4(,6)
         BCT   7,SHOWNUM
         SR    0,0                 no text:
         SVC   SV_PUTLINE          end the line
*
* Prove it: count the pairs out of order (must be 0).
         SR    8,8                 R8 = disorders
         LA    6,NUMS
         LA    7,NNUMS-1
ORDNUM   L     2,0(,6)
         C     2,4(,6)             a[i] : a[i+1]
         BNH   ORDNUM2
         LA    8,1(,8)
ORDNUM2  LA    6,4(,6)
         BCT   7,ORDNUM
         ST    8,RESULT
         LA    1,CHECK1            number disorders = 0
         BAL   14,CHECK
         BAL   14,SUMNUMS
         ST    3,RESULT
         LA    1,CHECK2            sum kept = sum before
         BAL   14,CHECK
         MVC   RESULT,NUMS
         LA    1,CHECK3            smallest = -15
         BAL   14,CHECK
         MVC   RESULT,NUMS+4*(NNUMS-1)
         LA    1,CHECK4            largest = 100
         BAL   14,CHECK
*
* Bubble sort of the names: sweep until a sweep swaps nothing.
BUBBLE   SR    8,8                 R8 = swapped this sweep
         LA    6,NAMES
         LA    7,NNAMES-1
BPAIR    CLC   0(10,6),10(6)       this name : the next
         BNH   BNEXT
         XC    0(10,6),10(6)       swap them ...
         XC    10(10,6),0(6)
         XC    0(10,6),10(6)       ... with three XORs
         LA    8,1
BNEXT    LA    6,10(,6)
         BCT   7,BPAIR
         LTR   8,8
         BNZ   BUBBLE
*
* Show the names, each cut at its first blank (found by TRT).
         LA    1,NAMHEAD
         LA    0,L'NAMHEAD
         SVC   SV_PUT              "names:"
         LA    6,NAMES
         LA    7,NNAMES
SHOWNAM  LA    1,BLANK
         LA    0,1
         SVC   SV_PUT              " "
         LA    3,L'NAMES           length if no blank
         SR    1,1
         TRT   0(L'NAMES,6),STOPBLNK
         BZ    SHOWNAM2            CC 0: no blank in the name
         LR    3,1                 R1 -> the first blank
         SR    3,6                 length = blank - start
SHOWNAM2 LR    1,6                 R1 -> the name
         LR    0,3                 R0 = its length
         SVC   SV_PUT
         LA    6,L'NAMES(,6)
         BCT   7,SHOWNAM
         SR    0,0
         SVC   SV_PUTLINE          end the line
*
         SR    8,8                 names out of order
         LA    6,NAMES
         LA    7,NNAMES-1
ORDNAM   CLC   0(10,6),10(6)
         BNH   ORDNAM2
         LA    8,1(,8)
ORDNAM2  LA    6,10(,6)
         BCT   7,ORDNAM
         ST    8,RESULT
         LA    1,CHECK5            name disorders = 0
         BAL   14,CHECK
*
         LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
* SUMNUMS: R3 <- the sum of NUMS (uses R6, R7).
SUMNUMS  SR    3,3
         LA    6,NUMS
         LA    7,NNUMS
SUMLOOP  A     3,0(,6)
         LA    6,4(,6)
         BCT   7,SUMLOOP
         BR    14
*
* CHECK: IMPCHECK(parameter list at R1); OR its return code into R10.
CHECK    ST    14,CHECKR14
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
         L     14,CHECKR14
         BR    14
*
SAVE     DC    18F'0'
CHECKR14 DC    F'0'
RESULT   DC    F'0'
SUMBEF   DC    F'0'
CHECK1   DC    A(RESULT),A(ZERO),A(N1)
CHECK2   DC    A(RESULT),A(SUMBEF),A(N2)
CHECK3   DC    A(RESULT),A(EMIN),A(N3)
CHECK4   DC    A(RESULT),A(EMAX),A(N4)
CHECK5   DC    A(RESULT),A(ZERO),A(N5)
ZERO     DC    F'0'
EMIN     DC    F'-15'
EMAX     DC    F'100'
N1       DC    CL16'number disorders'
N2       DC    CL16'sum kept'
N3       DC    CL16'smallest'
N4       DC    CL16'largest'
N5       DC    CL16'name disorders'
NUMHEAD  DC    C'sorted:'
NAMHEAD  DC    C'names:'
BLANK    DC    C' '
*
NUMS     DC    F'42,-7,19,0,88,3,-15,61,27,5,100,-1,33,8,72,14'
NNUMS    EQU   (*-NUMS)/4
NAMES    DC    CL10'KNUTH',CL10'BACKUS',CL10'HOPPER'
         DC    CL10'AMDAHL',CL10'DIJKSTRA',CL10'BROOKS'
NNAMES   EQU   (*-NAMES)/L'NAMES
*
* TRT function table: zero everywhere except at the blank, X'40'.
STOPBLNK DC    256X'00'
         ORG   STOPBLNK+C' '
         DC    X'FF'
         ORG
         LTORG
         END   SORT
