#!/bin/sh
# t7010-impgrade-class.sh -- an instructor grades a class of exercise
# 02-loops as students hand it in: right programs (one with CRLF line ends,
# one with extra files, in a zip), wrong answers, off-by-one, a minimum
# started at 0, programs that loop, crash, print too much, nothing, or
# without end, that do not assemble; a hand-in misnamed, empty, binary,
# UTF-16, with a byte-order mark, a load module, a link, a folder; copies
# of the solution and of one another.  Every grade and its reason, the
# tables and the summary; graded again in another order, and regraded one
# student; the class folder is left as it was.
. "$(dirname "$0")/test-lib.sh"

EX=$IMP_TOP/examples/exercises/02-loops
SOL=$EX/solution/TABLE.s
G="impgrade -j2 -q"

# edit ID SED-SCRIPT: ID/TABLE.s, the solution edited by SED-SCRIPT.
edit() {
    mkdir -p "class/$1" && sed "$2" "$SOL" >"class/$1/TABLE.s"
}

mkdir -p class work
for s in adams baker; do mkdir -p class/$s && cp "$SOL" class/$s/; done
edit abbott 's/$/\r/'                                           # CRLF
mkdir -p class/brown && cp "$SOL" class/brown/ &&               # extra files
    cp "$EX/starter/NUMBERS.s" class/brown/ && echo notes >class/brown/README.txt
mkdir -p work/irwin && cp "$SOL" work/irwin/ && (cd work && zip -qr ../class/irwin.zip irwin)
mkdir -p work/flat && cp "$EX/wrong/offbyone/TABLE.s" work/flat/ &&
    tar -czf class/jackson.tar.gz -C work/flat TABLE.s
mkdir -p class/fisher && cp "$EX/wrong/offbyone/TABLE.s" class/fisher/
mkdir -p class/garcia && cp "$EX/wrong/logical/TABLE.s" class/garcia/
edit ito 's/^         SR    5,5 .*/         LA    5,1/'             # sum off by one
edit jones 's/^         L     6,NUMS .*/         SR    6,6/'        # min started at 0
edit kim 's/BCT   3,LOOP/B     LOOP/'                             # walks off storage
edit lee 's/^         SR    15,15               with return code 0/         SR    15,15\n         DR    2,15/'
edit nguyen 's/^         L     14,RET .*/         LA    1,MAXTXT\n         LA    0,4\n         SVC   SV_PUTLINE\n         L     14,RET/'
edit ortiz '/SVC   SV_PUT/d'                                       # prints nothing
edit quinn 's/^         L     14,RET .*/FOREVER  LA    1,SUMTXT\n         LA    0,4\n         SVC   SV_PUT\n         B     FOREVER/'
edit reyes 's/^         L     14,RET .*/FOREVER  LA    1,SUMTXT\n         LA    0,4\n         SVC   SV_PUTLINE\n         B     FOREVER/'
edit smith 's/^NOTMAX   LA    4,4(,4)/NOTMAX   LAX   4,4(,4)/'
edit taylor 's/BNH   NOTMAX/BNH   NOTMAXX/'
edit foster 's/^         SR    15,15               with return code 0/         LA    15,4/'
edit moore '/^         END   TABLE/d'
edit nash 's/^         /\t/'                                     # tabs
mkdir -p class/ueda && cp "$SOL" class/ueda/table.s
mkdir -p class/vargas && cp "$SOL" class/vargas/TABLE.asm
mkdir -p class/wang && : >class/wang/TABLE.s
mkdir -p class/xu && printf 'PK\003\004\000\000binary\000' >class/xu/TABLE.s
mkdir -p class/zhang && iconv -f UTF-8 -t UTF-16 "$SOL" >class/zhang/TABLE.s
mkdir -p class/stone && { printf '\357\273\277'; cat "$SOL"; } >class/stone/TABLE.s
impas -I "$EX/data/sample" -o work/t.o "$SOL" && impld -o work/t.load work/t.o &&
mkdir -p class/carter class/dunn && cp work/t.load class/carter/TABLE.load &&
    cp work/t.load class/dunn/TABLE.s
mkdir -p class/gray && ln -s /etc/passwd class/gray/TABLE.s
mkdir -p class/hill/TABLE.s
cat >class/ellis.s <<'EOF'
         COPY  IMPSVC
TABLE    CSECT
         USING TABLE,15
         LA    1,L1
         LA    0,L'L1
         SVC   SV_PUTLINE
         LA    1,L2
         LA    0,L'L2
         SVC   SV_PUTLINE
         LA    1,L3
         LA    0,L'L3
         SVC   SV_PUTLINE
         SR    15,15
         BR    14
L1       DC    C'SUM 93'
L2       DC    C'MIN -4'
L3       DC    C'MAX 31'
         END   TABLE
EOF
mkdir -p class/ellis && mv class/ellis.s class/ellis/TABLE.s

cat >scores.expected <<'EOF'
submission,score,max,status,passed,tests
abbott,13,13,graded,8,8
adams,13,13,graded,8,8
baker,13,13,graded,8,8
brown,13,13,graded,8,8
carter,0,13,build-failed,0,8
dunn,0,13,build-failed,0,8
ellis,9,13,graded,6,8
fisher,7,13,graded,5,8
foster,12,13,graded,7,8
garcia,6,13,graded,5,8
gray,0,13,build-failed,0,8
hill,0,13,build-failed,0,8
irwin,13,13,graded,8,8
ito,7,13,graded,5,8
jackson,7,13,graded,5,8
jones,12,13,graded,7,8
kim,1,13,crashed,1,8
lee,11,13,crashed,6,8
moore,12,13,graded,7,8
nash,13,13,graded,8,8
nguyen,9,13,graded,6,8
ortiz,3,13,graded,3,8
quinn,7,13,limit,4,8
reyes,7,13,limit,4,8
smith,0,13,build-failed,0,8
stone,0,13,build-failed,0,8
taylor,0,13,build-failed,0,8
ueda,0,13,build-failed,0,8
vargas,0,13,build-failed,0,8
wang,0,13,empty,0,8
xu,0,13,build-failed,0,8
zhang,0,13,build-failed,0,8
EOF

# what the class folder holds, to check that grading leaves it alone
state() { (cd class && find . | LC_ALL=C sort && find . -type f -exec cksum {} + | LC_ALL=C sort); }

test_expect_success 'the class is graded: every score and status as the instructor judges it' '
    state >state.before &&
    test_timeout 600 $G -o grades "$EX" class/* &&
    test_cmp scores.expected grades/scores.csv
'
test_expect_success 'each student reads why, at the file and line' '
    test_grep "TABLE.s:.*error: unknown operation code .LAX.; did you mean LA?" grades/feedback/smith.txt &&
    test_grep "TABLE.s:.*error: undefined symbol NOTMAXX; did you mean NOTMAX?" grades/feedback/taylor.txt &&
    test_grep "found table.s: file names are case-sensitive; rename it TABLE.s" grades/feedback/ueda.txt &&
    test_grep "found TABLE.asm: rename it TABLE.s" grades/feedback/vargas.txt &&
    test_grep "found TABLE.load: the assembler.s or linkage editor.s output" grades/feedback/carter.txt &&
    test_grep "TABLE.s: a load module" grades/feedback/dunn.txt &&
    test_grep "TABLE.s: UTF-16 text" grades/feedback/zhang.txt &&
    test_grep "TABLE.s: it begins with a byte-order mark" grades/feedback/stone.txt &&
    test_grep "TABLE.s: a zip archive" grades/feedback/xu.txt &&
    test_grep "TABLE.s: a symbolic link" grades/feedback/gray.txt &&
    test_grep "TABLE.s: a folder" grades/feedback/hill.txt &&
    test_grep "^Status: empty (nothing was handed in)" grades/feedback/wang.txt &&
    test_grep "program interruption 0009 (fixed-point divide)" grades/feedback/lee.txt &&
    test_grep "(TABLE.s:39): DR    2,15" grades/feedback/lee.txt &&
    test_grep "output limit reached" grades/feedback/quinn.txt &&
    test_grep "actual:   none (output-limit) none (output-limit)" grades/feedback/quinn.txt &&
    test_grep "the three lines are right, but the program writes more after them" \
        grades/feedback/nguyen.txt &&
    test_grep "actual:   SUM 93" grades/feedback/ellis.txt &&
    test_grep "TABLE.s:53: warning: no END statement" grades/feedback/moore.txt &&
    test_grep "start the minimum and the maximum at the first entry" grades/feedback/jones.txt &&
    test_grep "the run on the grader.s table did not end by itself" grades/feedback/kim.txt
'
test_expect_success 'no feedback line is longer than a screen can show in a few lines' '
    test "$(cat grades/feedback/*.txt | wc -L)" -le 300
'
test_expect_success 'the summary: who to look at, and the copies' '
    test_grep "^Submissions: 32, each out of 13 points" grades/summary.txt &&
    test_grep "^  build-failed: carter dunn gray hill smith stone taylor ueda vargas xu zhang$" \
        grades/summary.txt &&
    test_grep "^  abbott adams baker brown irwin = the exercise.s solution$" grades/summary.txt &&
    test_grep "^  fisher jackson$" grades/summary.txt
'
test_expect_success 'tests.csv: a row a student, the points of every test' '
    test "$(wc -l <grades/tests.csv)" -eq 33 &&
    test_grep "^jones,1,2,2,2,3,1,1,0,12$" grades/tests.csv
'
test_expect_success 'graded again in the reverse order: byte for byte the same' '
    $G -o again "$EX" $(ls -d class/* | LC_ALL=C sort -r) &&
    diff -r grades again
'
test_expect_success 'a student hands in again: regraded alone, the class kept' '
    mkdir -p fixed/ueda && cp "$SOL" fixed/ueda/TABLE.s &&
    $G --regrade -o grades "$EX" fixed/ueda &&
    sed "s/^ueda,.*/ueda,13,13,graded,8,8/" scores.expected >regraded.expected &&
    test_cmp regraded.expected grades/scores.csv &&
    test "$(ls grades/feedback | wc -l)" -eq 32
'
test_expect_success 'the class folder is as it was handed in' '
    state >state.after &&
    test_cmp state.before state.after
'

test_done
