#!/bin/sh
# t7000-impgrade.sh -- impgrade grades a generated class: every
# exercise's solution (full marks) and wrong solutions (the score and the
# feedback their EXPECT names), then submissions broken in every way
# (empty, not assembling, looping, flooding, crashing the machine, reaching
# for /etc/passwd, links and bad archives) and graders that hang or fail;
# the table, the feedback and the summary; two gradings byte for byte; the
# same class graded in slices and merged, by a Slurm script run here and
# by GNU parallel on this host; the command line.
. "$(dirname "$0")/test-lib.sh"

EXS=$IMP_TOP/examples/exercises
G="impgrade -j2 -q"

# --- every exercise: the solution and the wrong ones -------------------

# class EXERCISE DIR: DIR/solution and DIR/wrong-NAME, copies of the
# exercise's solution/ and wrong/NAME/ (without EXPECT).
class() {
    rm -rf "$2" && mkdir -p "$2" &&
    cp -R "$1/solution" "$2/solution" &&
    for w in "$1"/wrong/*/; do
        n=$(basename "$w") &&
        cp -R "$w" "$2/wrong-$n" &&
        rm -f "$2/wrong-$n/EXPECT" || return 1
    done
}

# check_exercise EXERCISE OUT: the solution has full marks, each wrong one
# its EXPECT score (below full) and every feedback= line of it.
check_exercise() {
    max=$(awk -F, '$1 == "solution" { print $3 }' "$2/scores.csv") &&
    test -n "$max" && test "$max" -gt 0 &&
    grep -qx "solution,$max,$max,graded,[0-9]*,[0-9]*" "$2/scores.csv" || {
        echo "$1: the solution has not full marks:"; cat "$2/scores.csv"; return 1; }
    for w in "$1"/wrong/*/; do
        n=$(basename "$w")
        test -f "$w/EXPECT" || { echo "$w: no EXPECT"; return 1; }
        want=$(sed -n 's/^score=//p' "$w/EXPECT")
        got=$(awk -F, -v id="wrong-$n" '$1 == id { print $2 }' "$2/scores.csv")
        test "x$got" = "x$want" || {
            echo "$1 wrong/$n: score $got, EXPECT says $want"; cat "$2/feedback/wrong-$n.txt"
            return 1; }
        test "$got" -lt "$max" || { echo "$1 wrong/$n: full marks"; return 1; }
        sed -n 's/^feedback=//p' "$w/EXPECT" >want.lines
        while IFS= read -r line; do
            grep -qF -e "$line" "$2/feedback/wrong-$n.txt" || {
                echo "$1 wrong/$n: no feedback line with: $line"
                cat "$2/feedback/wrong-$n.txt"; return 1; }
        done <want.lines
    done
}

for ex in "$EXS"/[0-9][0-9]-*/; do
    ex=${ex%/}
    name=$(basename "$ex")
    test_expect_success "$name: the solution scores full marks, each wrong one its EXPECT" "
        class '$ex' 'class-$name' &&
        $G --no-reference -o 'out-$name' '$ex' 'class-$name'/* &&
        check_exercise '$ex' 'out-$name'
    "
done

# What imprun says of the run on the grader's own data comes under the
# test of that run, not under the test printed before the run.
test_expect_success 'a crash of the run on the hidden data is told under its own test' '
    awk "/^FAILED .* 4\. sample table: the maximum/ { t = 4 }
         /^FAILED .* 5\. another table/ { t = 5 }
         /^(ok|FAILED) .* 6\. / { t = 6 }
         /^(ok|FAILED) .* 8\. tables of one sign/ { t = 8 }
         /program interruption 0005/ { print t }" \
        out-02-loops/feedback/wrong-load-not-address.txt >where &&
    printf "5\n8\n" >where.expected &&
    test_cmp where.expected where
'
test_expect_success 'a grader runs standalone under prove, the solution passing' '
    SUBMISSION=$EXS/01-first/solution prove "$EXS/01-first/grade.t" >prove.out 2>&1 &&
    test_grep "^Result: PASS" prove.out
'
test_expect_success 'standalone, a wrong solution fails its tests under prove' '
    { SUBMISSION=$EXS/01-first/wrong/norc prove "$EXS/01-first/grade.t" >prove2.out 2>&1
      test $? -ne 0; } &&
    test_grep "Failed 1/6 subtests" prove2.out
'

# --- a class with every kind of trouble, on exercise 01 ---------------

EX1=$EXS/01-first
mkdir -p broken && cd broken || exit 1
mkdir good empty misnamed syntax loop flood crash passwd copyout linked
cp "$EX1/solution/FIRST.s" good/
cp "$EX1/solution/FIRST.s" misnamed/first.asm
printf '         COPY  IMPSVC\nFIRST    CSECT\n         LA    1,HELLO(\n         BR    14\n         END\n' >syntax/FIRST.s
printf 'FIRST    CSECT\n         USING FIRST,15\nAGAIN    B     AGAIN\n         END   FIRST\n' >loop/FIRST.s
cat >flood/FIRST.s <<'EOF'
         COPY  IMPSVC
FIRST    CSECT
         USING FIRST,15
AGAIN    LA    1,HELLO
         LA    0,L'HELLO
         SVC   SV_PUTLINE
         B     AGAIN
HELLO    DC    C'Hello, IMP! Hello, IMP! Hello, IMP! Hello, IMP!'
         END   FIRST
EOF
cat >crash/FIRST.s <<'EOF'
         COPY  IMPSVC
FIRST    CSECT
         USING FIRST,15
         DC    H'0'                not an instruction: operation exception
         BR    14
         END   FIRST
EOF
cat >passwd/FIRST.s <<'EOF'
         COPY  IMPSVC
FIRST    CSECT
         USING FIRST,15
         LA    1,PWFCB
         SVC   SV_OPEN             no --file binds PASSWD
         BC    1,NOFILE
         LA    1,PWFCB
         SVC   SV_GET
         L     0,PWFCB+24
         LA    1,BUF
         SVC   SV_PUTLINE
         SR    15,15
         BR    14
NOFILE   LA    1,NO
         LA    0,L'NO
         SVC   SV_PUTLINE
         SR    15,15
         BR    14
PWFCB    DC    0F'0',CL8'PASSWD'
         DC    A(FCB_TEXTIN),F'0',A(BUF),A(L'BUF),F'0'
BUF      DS    CL80
NO       DC    C'no PASSWD for me'
         END   FIRST
EOF
# COPY of a member that is a link to a host file, beside the hand-in
sed 's/^FIRST    CSECT$/         COPY  PASSWD\nFIRST    CSECT/' "$EX1/solution/FIRST.s" >copyout/FIRST.s
ln -s /etc/passwd copyout/PASSWD.s
ln -s /etc/passwd linked/FIRST.s
# archives: good ones, the solution packed flat and in a folder
tar -czf tgood.tar.gz -C good .
mkdir -p wrap/alice && cp good/FIRST.s wrap/alice/ && (cd wrap && zip -qr ../zwrapped.zip alice)
# bad ones
mkdir -p evil/in && cp good/FIRST.s evil/in/ && (cd evil/in && tar -cPf ../../dotdot.tar ../in/FIRST.s)
tar -cPf absolute.tar "$PWD/good/FIRST.s"
(cd linked && tar -cf ../symlink.tar FIRST.s)
head -c 4000 /dev/urandom >corrupt.tar.gz
mkdir -p big && head -c 20000000 /dev/zero >big/FIRST.s && tar -czf bomb.tar.gz -C big FIRST.s
(cd linked && zip -qy ../zlink.zip FIRST.s)
# empty archives are empty hand-ins, not bad ones
tar -cf emptyt.tar -T /dev/null
printf 'PK\005\006\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0' >emptyz.zip
rm -rf wrap evil big
cd .. || exit 1

cat >broken.expected <<'EOF'
submission,score,max,status,passed,tests
absolute,0,12,bad-archive,0,0
bomb,0,12,bad-archive,0,0
copyout,0,12,build-failed,0,6
corrupt,0,12,bad-archive,0,0
crash,3,12,crashed,2,6
dotdot,0,12,bad-archive,0,0
empty,0,12,empty,0,6
emptyt,0,12,empty,0,6
emptyz,0,12,empty,0,6
flood,3,12,limit,2,6
good,12,12,graded,6,6
linked,0,12,build-failed,0,6
loop,3,12,limit,2,6
misnamed,0,12,build-failed,0,6
passwd,6,12,graded,4,6
symlink,0,12,bad-archive,0,0
syntax,0,12,build-failed,0,6
tgood,12,12,graded,6,6
zlink,0,12,bad-archive,0,0
zwrapped,12,12,graded,6,6
EOF

test_expect_success 'a broken class: every submission has its score and status' '
    test_timeout 300 $G -o b1 "$EX1" broken/* &&
    test_cmp broken.expected b1/scores.csv
'
test_expect_success 'the feedback says what went wrong, in words a student reads' '
    test_grep "^Score: 12 of 12" b1/feedback/good.txt &&
    test_grep "^Status: empty (nothing was handed in)" b1/feedback/empty.txt &&
    test_grep "missing: FIRST.s" b1/feedback/misnamed.txt &&
    test_grep "FIRST.s:3:.*error" b1/feedback/syntax.txt &&
    test_grep "cycle limit reached" b1/feedback/loop.txt &&
    test_grep "output limit reached" b1/feedback/flood.txt &&
    test_grep "actual:   none (output-limit)$" b1/feedback/flood.txt &&
    test_grep "program interruption 0001 (operation)" b1/feedback/crash.txt &&
    test_grep "its instructions are not counted" b1/feedback/crash.txt &&
    test_grep "actual:   none (program-interruption)$" b1/feedback/crash.txt &&
    test_grep "actual:   (nothing: no line, or an empty one)$" b1/feedback/crash.txt &&
    ! grep -q "actual: *$" b1/feedback/*.txt &&
    test_grep "actual:   no PASSWD for me" b1/feedback/passwd.txt &&
    test_grep "COPY member PASSWD not found" b1/feedback/copyout.txt &&
    test_grep "FIRST.s: a symbolic link: hand in the file itself" b1/feedback/linked.txt
'
test_expect_success 'the tests a grader never reached: one line, "not run", and why' '
    mkdir -p early/nobuild &&
    printf "X        CSECT\n         FOO   1\n         END\n" >early/nobuild/divide.s &&
    impgrade -o early6 "$EXS/06-pgmcheck" early/nobuild &&
    test_grep "^FAILED  0 of 1   1. divide.s assembles and links with DIVTAB" early6/feedback/nobuild.txt &&
    test_grep "^FAILED           2-12. not run: divide.s did not assemble or link$" early6/feedback/nobuild.txt &&
    ! grep -q " of 0 " early6/feedback/nobuild.txt &&
    test "$(grep -c "not run" early6/feedback/nobuild.txt)" -eq 1
'
test_expect_success 'a hand-in that does not build: the reason once, no hints on tests not run' '
    test "$(grep -c "FIRST.s does not assemble and link" b1/feedback/syntax.txt)" -eq 1 &&
    test "$(grep -c "^ *not run (see above)$" b1/feedback/syntax.txt)" -eq 6 &&
    ! grep -q "hint:" b1/feedback/syntax.txt &&
    ! grep -q "not counted" b1/feedback/syntax.txt
'
test_expect_success 'no host file reaches a student: nothing of /etc/passwd in any feedback' '
    ! grep -l "root:" b1/feedback/*.txt
'
test_expect_success 'bad archives are refused before anything is unpacked, with the reason' '
    test_grep "would be unpacked outside the folder" b1/feedback/dotdot.txt &&
    test_grep "would be unpacked outside the folder" b1/feedback/absolute.txt &&
    test_grep "is a symbolic link: hand in plain files" b1/feedback/symlink.txt &&
    test_grep "is a symbolic link: hand in plain files" b1/feedback/zlink.txt &&
    test_grep "not a readable tar archive" b1/feedback/corrupt.txt &&
    test_grep "unpacks to more than 16 MiB" b1/feedback/bomb.txt
'
test_expect_success 'the summary: statuses, distribution, the tests failed most often' '
    test_grep "^Exercise 01-first: A first program and its listing" b1/summary.txt &&
    test_grep "^Submissions: 20, each out of 12 points" b1/summary.txt &&
    test_grep "^Status: bad-archive 6, empty 3, build-failed 4, limit 2, crashed 1, graded 4" \
        b1/summary.txt &&
    test_grep "^Mean 2.6, median 0, full marks 3" b1/summary.txt &&
    test_grep "^       12 | #* 3$" b1/summary.txt &&
    test_grep "^Tests failed most often (of the 7 submissions that ran)" b1/summary.txt &&
    test_grep "^     4  test 3: the first line is the greeting" b1/summary.txt &&
    test_grep "^  bad-archive: absolute bomb corrupt dotdot symlink zlink$" b1/summary.txt &&
    test_grep "^  empty: empty emptyt emptyz$" b1/summary.txt &&
    test_grep "^  limit: flood loop$" b1/summary.txt &&
    ! grep -q "^  graded:" b1/summary.txt
'
# Copies: the solution handed in three times (a folder, a tar, a zip),
# once more with CRLF line ends; two students with one wrong program.
test_expect_success 'the summary names identical hand-ins, and copies of the solution' '
    test_grep "^Identical hand-ins" b1/summary.txt &&
    test_grep "^  good tgood zwrapped = the exercise.s solution$" b1/summary.txt &&
    rm -rf copies && mkdir -p copies/ann copies/bea copies/cyd copies/dan copies/eve &&
    sed "s/\$/\r/" "$EX1/solution/FIRST.s" >copies/ann/FIRST.s &&
    cp "$EX1/wrong/norc/FIRST.s" copies/bea/ && cp "$EX1/wrong/norc/FIRST.s" copies/dan/ &&
    cp "$EX1/wrong/counted/FIRST.s" copies/cyd/ &&
    : >copies/eve/FIRST.s && mkdir -p copies/fay && : >copies/fay/FIRST.s &&
    $G -o cp1 "$EX1" copies/* &&
    sed -n "/^Identical/,\$p" cp1/summary.txt >copies.got &&
    printf "Identical hand-ins (the same files, blanks at line ends aside)\n  ann = the exercise'"'"'s solution\n  bea dan\n" \
        >copies.expected &&
    test_cmp copies.expected copies.got
'
test_expect_success 'tests.csv: the points of each test, a row a student' '
    sed -n 1p b1/tests.csv >tcsv.head &&
    test_grep "^submission,1. assembles with no errors and no warnings \[2\],2. the program is a CSECT named FIRST \[1\],.*,score$" tcsv.head &&
    test "$(grep -c . b1/tests.csv)" -eq 21 &&
    test_grep "^good,2,1,3,3,2,1,12$" b1/tests.csv &&
    test_grep "^crash,2,1,0,0,0,0,3$" b1/tests.csv &&
    test_grep "^syntax,0,0,0,0,0,0,0$" b1/tests.csv &&
    test_grep "^dotdot,0,0,0,0,0,0,0$" b1/tests.csv
'
test_expect_success 'two gradings of the class are byte for byte the same' '
    $G -o b2 "$EX1" broken/* &&
    cmp b1/scores.csv b2/scores.csv &&
    cmp b1/summary.txt b2/summary.txt &&
    cmp b1/tests.csv b2/tests.csv &&
    diff -r b1/feedback b2/feedback
'

test_expect_success 'grading another class into the folder: its table holds that class alone' '
    cp -R b1 again &&
    $G -o again "$EX1" broken/good broken/crash &&
    printf "submission,score,max,status,passed,tests\ncrash,3,12,crashed,2,6\ngood,12,12,graded,6,6\n" >again.expected &&
    test_cmp again.expected again/scores.csv &&
    ls again/feedback >again.list &&
    printf "crash.txt\ngood.txt\n" >again.list.expected &&
    test_cmp again.list.expected again.list
'

# A student hands in again: --regrade grades that one into the class's
# folder; the others keep their results, the table is the whole class's.
test_expect_success '--regrade: one student again, the rest of the class kept' '
    rm -rf regr fixed && cp -R b1 regr &&
    mkdir -p fixed/misnamed && cp "$EX1/solution/FIRST.s" fixed/misnamed/ &&
    $G --regrade -o regr "$EX1" fixed/misnamed &&
    sed "s/^misnamed,.*/misnamed,12,12,graded,6,6/" broken.expected >regr.expected &&
    test_cmp regr.expected regr/scores.csv &&
    test_grep "^Score: 12 of 12" regr/feedback/misnamed.txt &&
    test "$(ls regr/feedback | wc -l)" -eq 20 &&
    cmp b1/feedback/crash.txt regr/feedback/crash.txt &&
    test_grep "^Submissions: 20, each out of 12 points" regr/summary.txt &&
    test_grep "^  build-failed: copyout linked syntax$" regr/summary.txt
'
test_expect_success '--regrade into the grades of another exercise: an error, nothing changed' '
    cp regr/scores.csv regr.before &&
    { $G --regrade -o regr "$EXS/02-loops" fixed/misnamed 2>regr.err; test $? -eq 1; } &&
    test_grep "holds the grades of exercise 01-first, not of 02-loops" regr.err &&
    cmp regr.before regr/scores.csv &&
    test_grep "^misnamed,12,12," regr/scores.csv
'

# A program writing one endless line (SV_PUT, never a newline): the
# feedback shows its beginning, not the 256 KiB the run was allowed.
test_expect_success 'one endless output line: cut in the feedback, with what was left out' '
    mkdir -p endless/oneline &&
    cat >endless/oneline/FIRST.s <<-\EOF &&
	         COPY  IMPSVC
	FIRST    CSECT
	         USING FIRST,15
	AGAIN    LA    1,HELLO
	         LA    0,L'"'"'HELLO
	         SVC   SV_PUT
	         B     AGAIN
	HELLO    DC    C'"'"'Hello, IMP! '"'"'
	         END   FIRST
	EOF
    $G -o endl "$EX1" endless/oneline &&
    test_grep "^oneline,[0-9]*,12,limit," endl/scores.csv &&
    test_grep "actual:   Hello, IMP! Hello, IMP!.* \.\.\. ([0-9]* more bytes)$" \
        endl/feedback/oneline.txt &&
    test "$(wc -L <endl/feedback/oneline.txt)" -le 300 &&
    test "$(wc -c <endl/results/oneline.result)" -le 8000
'

# Hand-ins that are not the source asked for: each student is told what
# was found and what to do, in one line, not a page of assembler errors.
test_expect_success 'a wrong hand-in: what was found instead, and what to hand in' '
    rm -rf wrongin && mkdir -p wrongin/lower wrongin/ext wrongin/nested/src wrongin/module \
        wrongin/modsrc wrongin/utf16 wrongin/bom wrongin/docx wrongin/nul wrongin/folder/FIRST.s \
        wrongin/other &&
    cp "$EX1/solution/FIRST.s" wrongin/lower/first.s &&
    cp "$EX1/solution/FIRST.s" wrongin/ext/FIRST.asm &&
    cp "$EX1/solution/FIRST.s" wrongin/nested/src/FIRST.s &&
    impas -o wrongin/f.o "$EX1/solution/FIRST.s" && impld -o wrongin/f.load wrongin/f.o &&
    cp wrongin/f.load wrongin/module/FIRST.load &&
    cp wrongin/f.load wrongin/modsrc/FIRST.s &&
    iconv -f UTF-8 -t UTF-16 "$EX1/solution/FIRST.s" >wrongin/utf16/FIRST.s &&
    { printf "\357\273\277"; cat "$EX1/solution/FIRST.s"; } >wrongin/bom/FIRST.s &&
    printf "PK\003\004 a document" >wrongin/docx/FIRST.s &&
    printf "FIRST    CSECT\n\000\000\000\n" >wrongin/nul/FIRST.s &&
    echo "my notes" >wrongin/other/notes.txt && echo x >wrongin/other/prog.txt &&
    rm wrongin/f.o wrongin/f.load &&
    $G -o wi "$EX1" wrongin/* &&
    test "$(grep -c ",0,12,build-failed,0,6$" wi/scores.csv)" -eq 11 &&
    test_grep "found first.s: file names are case-sensitive; rename it FIRST.s" wi/feedback/lower.txt &&
    test_grep "found FIRST.asm: rename it FIRST.s" wi/feedback/ext.txt &&
    test_grep "found src/FIRST.s: hand it in at the top of the submission, as FIRST.s" \
        wi/feedback/nested.txt &&
    test_grep "found FIRST.load: the assembler.s or linkage editor.s output; hand in the source FIRST.s" \
        wi/feedback/module.txt &&
    test_grep "FIRST.s: a load module (impld.s output), not assembler source" wi/feedback/modsrc.txt &&
    test_grep "FIRST.s: UTF-16 text" wi/feedback/utf16.txt &&
    test_grep "FIRST.s: it begins with a byte-order mark" wi/feedback/bom.txt &&
    test_grep "FIRST.s: a zip archive" wi/feedback/docx.txt &&
    test_grep "FIRST.s: binary data (NUL bytes)" wi/feedback/nul.txt &&
    test_grep "FIRST.s: a folder: hand in the file itself" wi/feedback/folder.txt &&
    test_grep "the submission holds: notes.txt prog.txt$" wi/feedback/other.txt &&
    ! grep -l "error: " wi/feedback/modsrc.txt wi/feedback/utf16.txt wi/feedback/nul.txt
'

# A hand-in that assembles with a warning loses the points of a clean
# assembly: its feedback says which warning, at which line.
test_expect_success 'a warning costs the clean-assembly test, and the feedback names it' '
    mkdir -p warned/afterend &&
    { cat "$EX1/solution/FIRST.s"; echo "* my notes, after END"; } >warned/afterend/FIRST.s &&
    n=$(wc -l <"$EX1/solution/FIRST.s") &&
    $G -o warn "$EX1" warned/afterend &&
    test_grep "^afterend,10,12,graded,5,6$" warn/scores.csv &&
    test_grep "actual:   0 errors, 1 warning$" warn/feedback/afterend.txt &&
    test_grep "^ *FIRST.s:$n: warning: statements after END are ignored" warn/feedback/afterend.txt &&
    ! grep -q "FIRST.lst begins" warn/feedback/afterend.txt
'

# A COPY of the hand-in by itself: impas warns at each of 16 levels,
# then stops on the error; the student is shown the error first, and
# the warning repeated once, with its count.
test_expect_success 'a build that fails after many warnings: the error shown first' '
    mkdir -p selfcopy/sc &&
    printf "         COPY  FIRST\nFIRST    CSECT\n         BR    14\n         END\n" \
        >selfcopy/sc/FIRST.s &&
    $G -o sc "$EX1" selfcopy/sc &&
    sed -n "/does not assemble/{n;p;}" sc/feedback/sc.txt >sc.first &&
    test_grep "FIRST.s:1:16: error: COPY nested more than 16 deep" sc.first &&
    test_grep "(and [0-9]* more times)" sc/feedback/sc.txt
'

# A zip whose entries carry no file type ("?rw-------" in unzip -Z), as
# Python's zipfile and some Windows tools write them: plain files.
if test_have python3; then
    test_expect_success 'a zip with entries of no file type is graded, not empty' '
        mkdir -p notype &&
        python3 -c "
import sys, zipfile
with zipfile.ZipFile(sys.argv[2], \"w\") as z:
    z.writestr(\"FIRST.s\", open(sys.argv[1]).read())
" "$EX1/solution/FIRST.s" notype/pyzip.zip &&
        unzip -Z notype/pyzip.zip | grep -q "^?rw" &&
        python3 -c "
import sys, zipfile
with zipfile.ZipFile(sys.argv[2], \"w\") as z:
    z.writestr(\"hw1\\\\FIRST.s\", open(sys.argv[1]).read())
" "$EX1/solution/FIRST.s" notype/winzip.zip &&
        $G -o nt "$EX1" notype/pyzip.zip notype/winzip.zip &&
        test_grep "^pyzip,12,12,graded,6,6$" nt/scores.csv &&
        test_grep "^winzip,0,12,build-failed,0,6$" nt/scores.csv &&
        test_grep "found hw1.FIRST.s: a name with backslashes" nt/feedback/winzip.txt
    '
else
    test_skip 'a zip with entries of no file type is graded, not empty' 'no python3'
fi

# A hand-in file past the scratch folder's file size limit (a sparse file
# here) cannot be copied: it is refused with its size, not graded silently.
test_expect_success 'a hand-in file past 16 MiB: build-failed, with its size' '
    mkdir -p hugein/big && truncate -s 100M hugein/big/FIRST.s &&
    $G -o hg "$EX1" hugein/big &&
    test_grep "^big,0,12,build-failed,0,6$" hg/scores.csv &&
    test_grep "FIRST.s: 104857600 bytes, more than the 16 MiB a hand-in file may have" \
        hg/feedback/big.txt &&
    ! grep -q "missing:" hg/feedback/big.txt
'

test_expect_success 'a hand-in of 0 bytes is empty; beside another file, it is not' '
    mkdir -p zero/zerofile zero/zeroplus &&
    : >zero/zerofile/FIRST.s &&
    : >zero/zeroplus/FIRST.s && echo "my notes" >zero/zeroplus/notes.txt &&
    $G -o z "$EX1" zero/zerofile zero/zeroplus &&
    printf "submission,score,max,status,passed,tests\nzerofile,0,12,empty,0,6\nzeroplus,0,12,build-failed,0,6\n" \
        >zero.expected &&
    test_cmp zero.expected z/scores.csv &&
    test_grep "^Status: empty (nothing was handed in)" z/feedback/zerofile.txt &&
    test_grep "nothing handed in: expected FIRST.s" z/feedback/zerofile.txt
'

# An order.ctl saved without its last newline links as it is; one with a
# bad line is named so in the feedback, by its own name and line, with no
# scratch folder in it (the feedback of two gradings is the same).
test_expect_success 'a control file: no last newline is fine; its errors name it, not the scratch folder' '
    EX12=$EXS/12-reorder &&
    mkdir -p ctl/nonl ctl/badline &&
    cp "$EX12"/solution/* ctl/nonl/ && cp "$EX12"/solution/* ctl/badline/ &&
    printf "%s" "$(cat "$EX12/solution/order.ctl")" >ctl/nonl/order.ctl &&
    test -n "$(tail -c 1 ctl/nonl/order.ctl)" &&
    printf "ORDER RMAIN\nBOGUS LINE\n" >ctl/badline/order.ctl &&
    $G -o c1 "$EX12" ctl/nonl ctl/badline &&
    $G -o c2 "$EX12" ctl/nonl ctl/badline &&
    printf "submission,score,max,status,passed,tests\nbadline,0,12,build-failed,0,9\nnonl,12,12,graded,9,9\n" \
        >ctl.expected &&
    test_cmp ctl.expected c1/scores.csv &&
    test_grep "^ *order.ctl:2:1: error: unknown control statement .BOGUS." c1/feedback/badline.txt &&
    ! grep -e impgrade -e /work/ -e prog.ctl c1/feedback/badline.txt &&
    diff -r c1/feedback c2/feedback
'

# --- graders that hang or break -------------------------------------

# The graders sleep through a link of this test's own (nap), so the checks
# that nothing is left running see only this test's processes, not those
# of another suite running beside it.
ln -s "$(command -v sleep)" "$TRASH/nap" &&
mkdir -p exs/lib exs/slow exs/bad sub/one sub/two &&
cp "$EXS/lib/grade.sh" exs/lib/ &&
printf 'title=hangs\nhandin=X\ntimeout=1\n' >exs/slow/exercise.conf &&
printf '. "$(dirname "$0")/../lib/grade.sh"\ngrade_plan 1\n%s 61\ngrade_ok 1 never true\n' "$TRASH/nap" \
    >exs/slow/grade.t &&
printf 'title=breaks\nhandin=X\n' >exs/bad/exercise.conf &&
printf '. "$(dirname "$0")/../lib/grade.sh"\ngrade_plan 3\ngrade_ok 2 first true\necho oops\nexit 5\n' \
    >exs/bad/grade.t &&
echo x >sub/one/X && echo x >sub/two/X &&
mkdir -p exs/noisy &&
printf 'title=floods\nhandin=X\n' >exs/noisy/exercise.conf &&
printf '. "$(dirname "$0")/../lib/grade.sh"\ngrade_plan 1\ngrade_ok 1 first true\nyes "# blah" | head -c 3000000\n' \
    >exs/noisy/grade.t

test_expect_success 'a grader past its time is stopped, process group and all' '
    test_timeout 120 $G -o slow exs/slow sub/one sub/two &&
    test_grep "^one,0,0,timeout,0,0$" slow/scores.csv &&
    test_grep "^two,0,0,timeout,0,0$" slow/scores.csv &&
    test_grep "stopped after 1 seconds" slow/feedback/one.txt &&
    ! pgrep -f "$TRASH/nap 61" >/dev/null
'
test_expect_success 'what a grader leaves running is killed with its group' '
    mkdir -p exs/bg &&
    printf "title=leaves a process\nhandin=X\n" >exs/bg/exercise.conf &&
    printf ". \"\$(dirname \"\$0\")/../lib/grade.sh\"\ngrade_plan 1\n($TRASH/nap 62 >/dev/null &)\ngrade_ok 1 fine true\n" \
        >exs/bg/grade.t &&
    $G -o bg exs/bg sub/one &&
    test_grep "^one,1,1,graded,1,1$" bg/scores.csv &&
    ! pgrep -f "$TRASH/nap 62" >/dev/null
'
test_expect_failure_status 'a grader that fails: grader-error, exit status 3' 3 '
    $G -o bad exs/bad sub/one
'
test_expect_success 'a failed grader: its tests so far, the rest failed, its stray output' '
    test_grep "^one,2,2,grader-error,1,3$" bad/scores.csv &&
    test_grep "^oops$" bad/feedback/one.txt &&
    test_grep "the grader stopped before this test" bad/feedback/one.txt
'

test_expect_success 'the library leaves a grader'"'"'s own variables alone' '
    mkdir -p exs/vars &&
    printf "title=variables\nhandin=X\n" >exs/vars/exercise.conf &&
    cat >exs/vars/grade.t <<-\EOF &&
	. "$(dirname "$0")/../lib/grade.sh"
	grade_plan 3
	name=alice p=7 err=mine
	grade_match 1 "a match" "$EXERCISE/exercise.conf" "^title="
	grade_ok 1 "a command" true
	grade_eq 1 "kept" "alice 7 mine" "$name $p $err"
	EOF
    $G -o vars exs/vars sub/one &&
    test_grep "^one,3,3,graded,3,3$" vars/scores.csv
'
test_expect_success 'a grader flooding its output: cut at --max-output, 60 lines a test kept' '
    { $G --max-output=64K -o noisy exs/noisy sub/one; test $? -eq 3; } &&
    test_grep "^one,1,1,grader-error,1,1$" noisy/scores.csv &&
    test_grep "output passed its limit and was cut" noisy/feedback/one.txt &&
    test_grep "^ *\.\.\. ([0-9]* more lines)$" noisy/feedback/one.txt &&
    test "$(wc -l <noisy/feedback/one.txt)" -lt 80
'

# --- past one machine ---------------------------------------------------

# A smaller class of the same kinds for the distributed gradings (its
# run past a limit is flood's, which meets the output limit in a tenth
# of the time loop takes to meet the cycle limit).
SMALL="broken/good broken/crash broken/flood broken/tgood.tar.gz broken/syntax broken/dotdot.tar"
test_expect_success 'the smaller class graded here, as the reference' '
    $G -o s1 "$EX1" $SMALL
'
test_expect_success 'graded in slices (--part --slice) and merged: the same table' '
    $G --part --slice=0/3 -o p0 "$EX1" $SMALL &&
    $G --part --slice=1/3 -o p1 "$EX1" $SMALL &&
    $G --part --slice=2/3 -o p2 "$EX1" $SMALL &&
    ! test -e p0/scores.csv &&
    impgrade -q --merge -o merged p0 p1 p2 &&
    cmp s1/scores.csv merged/scores.csv &&
    cmp s1/summary.txt merged/summary.txt &&
    cmp s1/tests.csv merged/tests.csv &&
    diff -r s1/feedback merged/feedback
'
test_expect_success 'merging two results of one submission is an error' '
    test_must_fail impgrade -q --merge -o twice p0 p0 2>err &&
    test_grep "has two results" err
'
test_expect_success '--emit-slurm: a job-array script; its tasks run here, then merged' '
    mkdir slurm &&
    $G --emit-slurm=slurm/grade.sh --tasks=3 -o slurm "$EX1" $SMALL &&
    test_grep "^#SBATCH --array=0-2$" slurm/grade.sh &&
    test_grep "^#SBATCH --cpus-per-task=2$" slurm/grade.sh &&
    test_must_fail sh slurm/grade.sh 2>/dev/null &&
    for k in 0 1 2; do
        SLURM_ARRAY_TASK_ID=$k sh slurm/grade.sh || exit 1
    done &&
    impgrade -q --merge -o slurm slurm/part-* &&
    cmp s1/scores.csv slurm/scores.csv
'
if test_have parallel; then
    test_expect_success 'GNU parallel over --sshloginfile (this host, ":"): the same table' '
        echo : >hosts &&
        $G --sshloginfile=hosts -o par "$EX1" $SMALL &&
        cmp s1/scores.csv par/scores.csv &&
        diff -r s1/feedback par/feedback
    '
else
    test_skip 'GNU parallel over --sshloginfile' 'parallel not installed'
fi

# --- the command line ---------------------------------------------------

test_expect_success '--help and --version' '
    impgrade --help >help && test_grep "^Usage: impgrade" help &&
    test_grep "^Exit status:" help &&
    impgrade --version | grep -q "^impgrade (IMP) "
'
test_expect_success 'no progress bar when standard error is not a terminal' '
    impgrade -j2 -o bar1 "$EX1" broken/good broken/crash 2>bar1.err &&
    ! grep -q "impgrade: \[" bar1.err
'
if test_have script; then
    test_expect_success 'a progress bar on a terminal' '
        script -qec "impgrade -j2 -o bar2 $EX1 broken/good broken/crash" /dev/null >bar2.out &&
        tr "\r" "\n" <bar2.out >bar2.lines &&
        test_grep "^impgrade: \[#\{40\}\] 2/2" bar2.lines
    '
else
    test_skip 'a progress bar on a terminal' 'script(1) not installed'
fi
test_expect_failure_status 'a bad -j is a usage error (2)' 2 'impgrade -j 0 "$EX1" broken/good'
test_expect_failure_status 'a --max-output whose bytes overflow is a usage error (2)' 2 \
    'impgrade --max-output=17592186044417M "$EX1" broken/good'
test_expect_failure_status 'a --max-output above 1G is a usage error (2)' 2 \
    'impgrade --max-output=1025M "$EX1" broken/good'
test_expect_failure_status 'a --max-output of 2G is a usage error (2)' 2 \
    'impgrade --max-output=2G "$EX1" broken/good'
test_expect_success 'a --max-output of 1G, with the G suffix its message names, is taken' '
    impgrade --max-output=1G -o giga "$EX1" broken/good &&
    test_grep "^good,12,12,graded,6,6$" giga/scores.csv
'
test_expect_failure_status '--regrade with --part is a usage error (2)' 2 \
    'impgrade --regrade --part -o x "$EX1" broken/good'
test_expect_failure_status 'no submission is a usage error (2)' 2 'impgrade "$EX1"'
test_expect_failure_status 'an exercise without grade.t is bad input (1)' 1 \
    'impgrade -o x broken broken/good'
test_expect_success 'exercise.conf: a bad line is an error at its place, an unknown key a warning' '
    mkdir -p exs/conf && cp exs/bad/grade.t exs/conf/ &&
    printf "title=x\ntimeout=soon\ntitel=y\nno equals sign\n" >exs/conf/exercise.conf &&
    { impgrade -q -o conf exs/conf sub/one 2>err; test $? -eq 1; } &&
    test_grep "^exs/conf/exercise.conf:2:9: error: timeout= wants seconds from 1 to 86400$" err &&
    test_grep "^exs/conf/exercise.conf:3:1: warning: unknown key" err &&
    test_grep "^exs/conf/exercise.conf:4:1: error: expected key=value$" err
'
test_expect_failure_status 'two submissions with one id are bad input (1)' 1 '
    mkdir -p d1/good && impgrade -o x "$EX1" broken/good d1/good
'
# A class downloaded with names that are no ids and two hand-ins of one
# student: every one is told in one run, not one a run.
test_expect_success 'a bad name and a doubled id: both told at once, nothing graded' '
    mkdir -p d2/ann "d2/John Smith" && cp "$EX1/solution/FIRST.s" d2/ann/ &&
    (cd d2/ann && zip -q ../ann.zip FIRST.s) &&
    { impgrade -q -o d2out "$EX1" d2/*; test $? -eq 1; } 2>d2.err &&
    test_grep "its name .John Smith. is not an id" d2.err &&
    test_grep "two submissions with the id .ann." d2.err &&
    ! test -e d2out/scores.csv
'
test_expect_failure_status 'a file that is no archive is bad input (1)' 1 '
    echo hi >notes.txt && impgrade -o x "$EX1" notes.txt
'

test_done
