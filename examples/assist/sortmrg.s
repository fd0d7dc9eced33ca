$JOB  SORTMRG -- tables, subroutines, sorting and merging
*---------------------------------------------------------------------
* SORTMRG -- read two lists of numbers from cards (a card with a '*'
* in column 1 ends the first list), sort each with a subroutine, merge
* them, and print all three.  It shows the parts of an ASSIST program
* that courses graded:
*
*  - separate control sections called with the standard linkage:
*    R1 -> a parameter list of addresses, R14 the return address,
*    R15 the entry point, R13 -> the caller's 72-byte save area,
*    saved with STM 14,12,12(13) and chained both ways;
*  - tables indexed by a register, with BXLE and BCT loops;
*  - XREAD/XDECI to read, XDECO/XPRNT to print (' ' next line,
*    '0' one blank line first, '-' two blank lines first).
*
* Run it:  imprun sortmrg.s   (the cards follow the $ENTRY card)
*---------------------------------------------------------------------
MAIN     CSECT
         STM   14,12,12(13)        save the caller's registers
         BALR  12,0
         USING *,12
         ST    13,SAVE+4           chain the save areas
         LA    11,SAVE
         ST    11,8(,13)
         LR    13,11
*
         LA    2,LISTA             read the first list
         LA    3,CNTA
         BAL   10,READLST
         LA    2,LISTB             then the second
         LA    3,CNTB
         BAL   10,READLST
*
         LA    1,PSORTA            sort each: SORT(table, count)
         L     15,=V(SORT)
         BALR  14,15
         LA    1,PSORTB
         L     15,=V(SORT)
         BALR  14,15
         LA    1,PMERGE            MERGE(a, na, b, nb, out, nout)
         L     15,=V(MERGE)
         BALR  14,15
*
         MVI   TITLE,C'1'          print the three, each with a title
         MVC   TITLE+1(10),=CL10'LIST A'
         LA    1,PPRTA
         BAL   10,SHOW
         MVI   TITLE,C'0'
         MVC   TITLE+1(10),=CL10'LIST B'
         LA    1,PPRTB
         BAL   10,SHOW
         MVI   TITLE,C'-'
         MVC   TITLE+1(10),=CL10'MERGED'
         LA    1,PPRTM
         BAL   10,SHOW
*
         L     13,SAVE+4           back to the caller, RC 0
         LM    14,12,12(13)
         SR    15,15
         BR    14
*
* READLST: numbers from cards into the table at R2, the count at R3,
* up to a card with '*' in column 1 or the end of the cards.  R10 link.
READLST  SR    4,4                 R4 = count
RLCARD   XREAD CARD,80
         BC    B'0100',RLDONE      end of file
         CLI   CARD,C'*'
         BE    RLDONE              the end of this list
         LA    1,CARD
RLNUM    XDECI 5,0(,1)
         BC    B'0001',RLCARD      no more numbers on the card
         ST    5,0(,2)
         LA    2,4(,2)
         LA    4,1(,4)
         B     RLNUM
RLDONE   ST    4,0(,3)
         BR    10
*
* SHOW: the title, then the table in lines of five.  R1 -> A(table),
* A(count).  R10 link.
SHOW     XPRNT TITLE,11
         LM    2,3,0(1)            R2 -> table, R3 -> count
         L     3,0(,3)
         LTR   3,3
         BZ    SHOWEND
         LA    4,OUTNUMS           R4 -> the next 12-byte slot
         LA    5,5                 slots left on this line
SHOWNUM  L     6,0(,2)
         XDECO 6,0(,4)
         LA    2,4(,2)
         LA    4,12(,4)
         BCT   5,SHOWNEXT
         XPRNT OUTLINE,61          a full line of five
         LA    4,OUTNUMS
         LA    5,5
SHOWNEXT BCT   3,SHOWNUM
         C     5,=F'5'             anything left on the line?
         BE    SHOWEND
         LA    6,OUTLINE           print what there is
         SR    4,6
         XPRNT OUTLINE,0(4)        the length: 0 + (R4)
SHOWEND  BR    10
*
SAVE     DS    18F
CARD     DS    CL80
         DC    C'*'                stops XDECI at the end of the card
TITLE    DS    CL11
OUTLINE  DC    C' '
OUTNUMS  DS    5CL12
PSORTA   DC    A(LISTA,CNTA)
PSORTB   DC    A(LISTB,CNTB)
PMERGE   DC    A(LISTA,CNTA,LISTB,CNTB,LISTM,CNTM)
PPRTA    DC    A(LISTA,CNTA)
PPRTB    DC    A(LISTB,CNTB)
PPRTM    DC    A(LISTM,CNTM)
CNTA     DS    F
CNTB     DS    F
CNTM     DS    F
LISTA    DS    50F
LISTB    DS    50F
LISTM    DS    100F
         LTORG
*
*---------------------------------------------------------------------
* SORT(table, count): ascending, in place; a straight insertion sort.
*---------------------------------------------------------------------
SORT     CSECT
         STM   14,12,12(13)
         LR    12,15
         USING SORT,12
         LM    2,3,0(1)            R2 -> table, R3 -> count
         L     3,0(,3)
         LA    4,4                 R4 = offset of the element to insert
         SLL   3,2                 R3 = offset past the end
INSERT   CR    4,3
         BNL   SORTED
         L     5,0(4,2)            the element
         LR    6,4                 R6 = where it may go
SHIFT    LTR   6,6
         BZ    PLACE               at the front
         S     6,=F'4'             the one before
         L     7,0(6,2)
         CR    7,5
         BNH   PLACE4              in order: it goes after it
         ST    7,4(6,2)            move the bigger one up
         B     SHIFT
PLACE4   LA    6,4(,6)
PLACE    ST    5,0(6,2)
         LA    4,4(,4)
         B     INSERT
SORTED   LM    14,12,12(13)
         BR    14
         LTORG
*
*---------------------------------------------------------------------
* MERGE(a, na, b, nb, out, nout): two ascending tables into one.
*---------------------------------------------------------------------
MERGE    CSECT
         STM   14,12,12(13)
         LR    12,15
         USING MERGE,12
         LM    2,7,0(1)            R2 a, R3 -> na, R4 b, R5 -> nb, R6 out, R7 -> nout
         L     3,0(,3)
         L     5,0(,5)
         LR    8,3
         AR    8,5
         ST    8,0(,7)             nout = na + nb
TAKE     LTR   3,3
         BZ    TAKEB               a is used up
         LTR   5,5
         BZ    TAKEA               b is used up
         L     9,0(,2)
         C     9,0(,4)
         BH    TAKEB               the smaller first (a on ties)
TAKEA    LTR   3,3
         BZ    MERGED
         L     9,0(,2)
         ST    9,0(,6)
         LA    2,4(,2)
         LA    6,4(,6)
         BCTR  3,0
         B     TAKE
TAKEB    LTR   5,5
         BZ    MERGED
         L     9,0(,4)
         ST    9,0(,6)
         LA    4,4(,4)
         LA    6,4(,6)
         BCTR  5,0
         B     TAKE
MERGED   LM    14,12,12(13)
         BR    14
         END   MAIN
$ENTRY
 34 -7 12 99 0 12
 5 1000
*
 3 8 -20 41 7 12 66
