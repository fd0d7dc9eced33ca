#!/bin/sh
# t4590-assist.sh -- ASSIST programs run by imprun, end to end through the
# microcode: the example decks, XDECI/XDECO/XHEXI/XHEXO's registers and
# condition codes as the machine leaves them, XREAD's end of file, the
# carriage control interpreted and raw, --cards/--print/--punch, XDUMP,
# and the job limits.  (The host side's every rule: t-assist.)
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

EX=$IMP_TOP/examples/assist

test_expect_success 'scores.s: an ASSIST deck prints what the rules say' '
    imprun -q "$EX/scores.s" >out && test_cmp "$EX/scores.expected" out
'
test_expect_success 'sortmrg.s: subroutines, sorting and merging, carriage control' '
    imprun -q "$EX/sortmrg.s" >out && test_cmp "$EX/sortmrg.expected" out
'
test_expect_success 'report.s: PACK, ED patterns, page headings with page numbers' '
    imprun -q "$EX/report.s" >out && test_cmp "$EX/report.expected" out &&
    test $(grep -c "SALES REPORT *PAGE" out) = 2 &&
    test_grep "^TOTAL                   17,471.11\$" out
'

# XDECI/XHEXI/XDECO/XHEXO through the machine: each result in a register
# or a field, printed with PUTHEX/PUTLINE.
cat >rules.s <<'SRC'
         COPY  IMPSVC
RULES    CSECT
         USING RULES,12
         LR    12,15
         L     3,=F'-1'
         XDECI 3,T1                "  -42X": -42, CC 1, R1 -> X
         BAL   10,SHOW
         XDECI 3,T3                "0": 0, CC 0
         BAL   10,SHOW
         XDECI 3,T2                "   +7 ": 7, CC 2
         BAL   10,SHOW
         XDECI 3,T4                "-A": a sign alone, CC 3, R3 kept (7)
         BAL   10,SHOW
         XDECI 3,T5                ten digits: CC 3
         BAL   10,SHOW
         XHEXI 3,T6                "FFFFFFFE": -2, CC 1
         BAL   10,SHOW
         L     4,=F'-2147483648'
         XDECO 4,FIELD
         LA    1,FIELD
         LA    0,12
         SVC   SV_PUTLINE
         XHEXO 4,FIELD
         LA    0,8
         SVC   SV_PUTLINE
         SR    15,15
         BR    14
* SHOW: "R3 CC R1-offset" as hex words: R3, the CC, R1 - RULES
SHOW     BALR  5,0                 the CC in bits 2-3 of the link
         SRL   5,28
         N     5,=F'3'
         LR    6,1
         LR    1,3
         SVC   SV_PUTHEX
         LA    1,BLANK
         LA    0,1
         SVC   SV_PUT
         LR    1,5
         SVC   SV_PUTDEC
         LA    1,BLANK
         LA    0,1
         SVC   SV_PUT
         LR    1,6
         SR    1,12
         SVC   SV_PUTHEX
         SR    0,0
         SVC   SV_PUTLINE
         BR    10
BLANK    DC    C' '
T1       DC    C'  -42X'
T2       DC    C'   +7 '
T3       DC    C'0 '
T4       DC    C'-A'
T5       DC    C'1234567890 '
T6       DC    C'FFFFFFFE '
FIELD    DS    CL12
         LTORG
         END   RULES
SRC
test_expect_success 'XDECI, XHEXI, XDECO, XHEXO: values, condition codes, GR1' '
    imprun -q rules.s >out 2>err &&
    # GR1 - RULES: T1 is at X'"'"'8B'"'"', each T the next after it
    sed -n 1p out | grep -x "FFFFFFD6 1 00000090" &&
    sed -n 2p out | grep -x "00000000 0 00000098" &&
    sed -n 3p out | grep -x "00000007 2 00000096" &&
    sed -n 4p out | grep -x "00000007 3 0000009A" &&
    sed -n 5p out | grep -x "00000007 3 000000A5" &&
    sed -n 6p out | grep -x "FFFFFFFE 1 000000AE" &&
    sed -n 7p out | grep -x " -2147483648" &&
    sed -n 8p out | grep -x "80000000"
'

test_expect_success '--asa=raw keeps the carriage-control column' '
    imprun -q --asa=raw "$EX/scores.s" >out &&
    sed -n 1p out | grep -x "1STUDENT         TOTAL" &&
    sed -n 6p out | grep "^0STUDENTS:"
'
test_expect_success '--cards and standard input feed XREAD; --print takes the lines' '
    printf "X           1 2\n" >my.cards &&
    imprun -q --cards=my.cards "$EX/scores.s" >out &&
    test_grep "^X  *3$" out && test_grep "AVERAGE:  *3$" out &&
    sed "/^\$ENTRY/,\$d" "$EX/scores.s" >noentry.s &&
    imprun -q noentry.s <my.cards >out && test_grep "^X  *3$" out &&
    imprun -q --print=p.txt --cards=my.cards "$EX/scores.s" >out &&
    ! test -s out && test_grep "^X  *3$" p.txt
'

cat >mixed.s <<'SRC'
         COPY  IMPSVC
MIXED    CSECT
         USING MIXED,15
         XPRNT L1,4                " ONE", its newline held back
         LA    1,L2
         LA    0,3
         SVC   SV_PUTLINE          "TWO" on a line of its own
         XPRNT L3,6                "0THREE": a blank line first
         XPNCH C1,80
         XDUMP L1,8
         XDUMP
         SR    15,15
         BR    14
L1       DC    C' ONE'
L2       DC    C'TWO'
L3       DC    C'0THREE'
C1       DC    CL80'PUNCHED CARD'
         END   MIXED
SRC
test_expect_success 'print lines, console lines and dumps keep their order' '
    imprun -q mixed.s >out &&
    sed -n 1,4p out >got && printf " ONE\nTWO\n\nTHREE\n" | sed "s/^ //" >want &&
    test_cmp want got &&
    test_grep "^PUNCHED CARD$" out &&
    test_grep "^ BEGIN XSNAP - CALL     1 AT ........ USER STORAGE" out &&
    test_grep "CORE ADDRESSES SPECIFIED-     ...... TO " out &&
    test_grep "^ BEGIN XSNAP - CALL     2 AT ........ USER REGISTERS" out &&
    test_grep "^ REGS 0-7      " out && test_grep "^ REGS 8-15     " out
'
test_expect_success '--punch takes the cards' '
    imprun -q --punch=deck.txt mixed.s >out &&
    ! grep -qx "PUNCHED CARD" out && echo "PUNCHED CARD" >want && test_cmp want deck.txt
'
test_expect_success 'job limits: lines printed, cards read' '
    { imprun --max-lines=3 "$EX/scores.s" >out 2>err; test $? -eq 6; } &&
    test_grep "job limit reached: the lines printed reached its limit of 3 lines (--max-lines=N raises it)" err &&
    test "$(wc -l <out)" -le 3 &&
    { imprun --max-cards=2 "$EX/scores.s" >out 2>err; test $? -eq 6; } &&
    test_grep "the cards read (XREAD) reached its limit of 2 cards" err
'

cat >noeof.s <<'SRC'
NOEOF    CSECT
         USING NOEOF,15
LOOP     XREAD CARD,80             CC 1 at the end: never tested
         XPRNT CARD-1,81
         B     LOOP
         DC    C' '
CARD     DS    CL80
         END   NOEOF
$ENTRY
 ONE
SRC
test_expect_success 'reading on past the last card: a note names the XREAD' '
    { imprun --max-lines=5 noeof.s >out 2>err; test $? -eq 6; } &&
    test_grep "^imprun: note: XREAD found no more cards 5 times, the last at X.010000. (noeof.s:3): after the last card XREAD reads nothing and sets condition code 1; a BC 4 after it leaves the loop\$" err &&
    { imprun --max-cycles=5000 noeof.s >out 2>err; test $? -eq 6; } &&
    test_grep "^imprun: note: XREAD found no more cards [0-9]* times, the last at X.010000. (noeof.s:3)" err
'
test_expect_success 'a program that tests the CC gets no such note' '
    { imprun --max-lines=1 "$EX/scores.s" >out 2>err; test $? -eq 6; } &&
    ! grep "XREAD found" err
'

cat >noend.s <<'SRC'
NOEND    CSECT
         USING NOEND,15
         XREAD CARD,80
         XPRNT CARD-1,81
         BR    14
         DC    C' '
CARD     DS    CL80
$ENTRY
 THE ONLY CARD
SRC
test_expect_success 'a deck without END: $ENTRY ends the program, with a warning' '
    impas -o noend.o noend.s 2>err &&
    test_grep "^noend.s:8: warning: \$ENTRY before END: the END statement is missing; the program ends here\$" err &&
    test $(grep -c "warning:" err) -eq 1 &&
    imprun noend.s >out 2>err &&
    echo " THE ONLY CARD" >expect && test_cmp expect out
'

cat >wild.s <<'SRC'
WILD     CSECT
         USING WILD,15
         XREAD 100,80              a card into low storage
         BR    14
         END   WILD
SRC
test_expect_success 'ASSIST instructions honour the storage keys' '
    { imprun wild.s </dev/null 2>err; test $? -eq 4; } &&
    test_grep "program interruption 0004 (protection)" err &&
    test_grep "wild.s:3" err
'
test_expect_success 'impas takes the deck: $JOB skipped, no warning for the cards after $ENTRY' '
    impas -o deck.o "$EX/scores.s" 2>err && ! test -s err &&
    printf "ONE      CSECT\n         BR    14\n         END   ONE\nDATA\n" >tail.s &&
    impas -o tail.o tail.s 2>err && test_grep "statements after END are ignored" err &&
    printf "\$JOB\nTWO      CSECT\n         BR    14\n         END   TWO\n\$ENTRY\nDATA\n" >deck2.s &&
    impas -o deck2.o deck2.s 2>err && ! test -s err
'
test_expect_success 'bad ASSIST options and files get clear errors' '
    { imprun --asa=bogus "$EX/scores.s" 2>err; test $? -eq 2; } &&
    test_grep "imprun: --asa: .bogus. is not raw or interpret" err &&
    { imprun --max-pages=-1 "$EX/scores.s" 2>err; test $? -eq 2; } &&
    test_grep "is not a number (0: no limit)" err &&
    { imprun --cards=nonexistent.cards "$EX/scores.s" 2>err; test $? -eq 1; } &&
    test_grep "imprun: --cards: cannot open .nonexistent.cards.: No such file" err &&
    { imprun --print=no/such/dir/p.txt "$EX/scores.s" 2>err; test $? -eq 1; } &&
    test_grep "imprun: --print: cannot open" err &&
    printf "P        CSECT\n         USING P,15\n         XPRNT =C%s,4\n         XPRNT =C%s,4\n         BR    14\n         END   P\n" "'"'"'1ONE'"'"'" "'"'"'1TWO'"'"'" >pages.s &&
    { imprun --max-pages=1 pages.s >out 2>err; test $? -eq 6; } &&
    test_grep "the pages printed reached its limit of 1 pages (--max-pages=N raises it)" err &&
    echo ONE >want && test_cmp want out
'
test_expect_success 'a .mlc source runs like a .s' '
    cp "$EX/scores.s" deck.mlc && imprun -q deck.mlc >out &&
    test_cmp "$EX/scores.expected" out
'

# A print line never set is X'00's: a code with no printable character
# (a control of Latin-1: X'00', X'27' that is ESC) prints as a blank, as
# the line printer left the column blank, so the output stays text.
cat >unset.s <<'SRC'
UNSET    CSECT
         USING UNSET,15
         XPRNT LINE,20             never set: X'00's, an empty line
         MVC   LINE+1(3),=C'ABC'
         MVI   LINE+6,X'27'        ESC (Latin-1 X'1B')
         MVC   LINE+7(2),=C'DE'
         XPRNT LINE,20
         SR    15,15
         BR    14
LINE     DS    CL20
         END   UNSET
SRC
test_expect_success 'XPRNT: a code of no printable character prints as a blank' '
    imprun -q unset.s >out &&
    printf "\nABC   DE\n" >want && test_cmp want out &&
    imprun -q --asa=raw unset.s >out &&
    printf " \n ABC   DE\n" >want && test_cmp want out
'

# XPNCH with no punch file of its own prints its card among the lines:
# the same rule; a punch file gets the card's codes as they stand.
cat >punch0.s <<'SRC'
PUNCH0   CSECT
         USING PUNCH0,15
         XPNCH CARD,10
         SR    15,15
         BR    14
CARD     DC    C'AB',X'00',C'C',X'0000'
         DS    CL4
         END   PUNCH0
SRC
test_expect_success 'XPNCH on the printed output: the same blanks; to --punch: the codes' '
    imprun -q punch0.s >out &&
    printf "AB C\n" >want && test_cmp want out &&
    imprun -q --punch=p.out punch0.s >out && test_cmp /dev/null out &&
    printf "AB\000C\000\000\000\000\000\000\n" >want && cmp want p.out
'

test_done
