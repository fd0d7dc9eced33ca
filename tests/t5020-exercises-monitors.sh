#!/bin/sh
# t5020-exercises-monitors.sh -- the graded exercises 06 to 13 of
# examples/exercises/ (interruptions, microcode, the monitors, paging),
# their graders run standalone (t7000 grades every exercise's solution
# and wrong solutions through impgrade): each folder keeps the exercise
# contract (README.md, exercise.conf with a title and the hand-in files,
# starter/ and solution/ holding them, at least two wrong/ solutions
# with an EXPECT); each grader prints a TAP plan it keeps, with points
# on every test line and the score last; the solution has full marks,
# the starter less and an empty submission none; a wrong solution gets
# the same TAP twice; and the numbers the READMEs quote are the
# machine's.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

EXS=$IMP_TOP/examples/exercises
unset GRADE_WORK SUBMISSION EXERCISE

# grade EXDIR SUBMISSION: the grader's TAP for one submission
grade() {
    SUBMISSION=$2 IMP_BIN=$IMP_BIN sh "$1/grade.t"
}

# check_tap FILE: the plan 1..N first, then N test lines numbered 1..N,
# each with its points, and the score line last
check_tap() {
    awk '
        NR == 1 { if ($0 !~ /^1\.\.[0-9]+$/) { print "no plan: " $0; bad = 1 }
                  plan = substr($0, 4) + 0; next }
        /^(not )?ok [0-9]+ - \[[0-9]+\] / {
            n++; k = ($1 == "not") ? $3 : $2
            if (k != n) { print "test " n " is numbered " k; bad = 1 } }
        /^# score: [0-9]+\/[0-9]+$/ { score = 1 }
        END { if (n != plan) { print n " tests for a plan of " plan; bad = 1 }
              if (!score) { print "no score line"; bad = 1 }
              exit bad }' "$1"
}

# score FILE: "GOT MAX" of the score line
score() {
    sed -n 's/^# score: \([0-9]*\)\/\([0-9]*\)$/\1 \2/p' "$1"
}

# check_contract EXDIR: the folder's files
check_contract() {
    test -s "$1/README.md" &&
    test -x "$1/grade.t" &&
    awk '!/^#/ && NF { print; exit }' "$1/grade.t" >first &&
    grep -q '^\. "\$(dirname "\$0")/\.\./lib/grade\.sh"$' first &&
    grep -q '^title=.' "$1/exercise.conf" &&
    handin=$(sed -n 's/^handin=//p' "$1/exercise.conf") &&
    test -n "$handin" &&
    for f in $handin; do
        test -f "$1/starter/$f" || { echo "starter/$f missing"; return 1; }
        test -f "$1/solution/$f" || { echo "solution/$f missing"; return 1; }
    done &&
    n=0 &&
    for w in "$1"/wrong/*/; do
        grep -q '^score=[0-9][0-9]*$' "$w/EXPECT" || { echo "$w: no score in EXPECT"; return 1; }
        grep -q '^feedback=.' "$w/EXPECT" || { echo "$w: no feedback in EXPECT"; return 1; }
        n=$((n + 1))
    done &&
    test "$n" -ge 2
}

# check_full EXDIR: the solution scores full marks, every test passed
# (its TAP kept in NAME.full for check_less)
check_full() {
    grade "$1" "$1/solution" >full.tap &&
    cp full.tap "$(basename "$1").full" &&
    check_tap full.tap &&
    set -- $(score full.tap) &&
    { test "$1" -gt 0 && test "$1" -eq "$2" || { cat full.tap; false; }; } &&
    ! grep '^not ok' full.tap
}

# check_less EXDIR SUBMISSION: less than the solution's full marks
check_less() {
    max=$(score "$(basename "$1").full" | cut -d' ' -f2) &&
    test -n "$max" &&
    grade "$1" "$2" >less.tap &&
    check_tap less.tap &&
    set -- $(score less.tap) &&
    test "$1" -lt "$max"
}

mkdir empty
for ex in "$EXS"/0[6-9]-* "$EXS"/1[0-3]-*; do
    name=$(basename "$ex")
    test_expect_success "$name: the folder keeps the exercise contract" "
        check_contract '$ex'
    "
    test_expect_success "$name: the solution scores full marks" "
        check_full '$ex'
    "
    test_expect_success "$name: the starter and an empty submission score less" "
        check_less '$ex' '$ex/starter' &&
        check_less '$ex' \"\$PWD/empty\" &&
        test \"\$(score less.tap | cut -d' ' -f1)\" -eq 0
    "
    first=$(ls -d "$ex"/wrong/*/ | head -n 1)
    first=$(basename "$first")
    test_expect_success "$name: the same TAP twice (wrong/$first)" "
        grade '$ex' '$ex/wrong/$first' >one.tap &&
        check_tap one.tap &&
        grade '$ex' '$ex/wrong/$first' >two.tap &&
        test_cmp one.tap two.tap
    "
done

# The numbers the READMEs quote are the machine's.
test_expect_success '09-pcs: the README quotes the errors the grader measures' '
    grep -q "err100=4.64" "$EXS/09-pcs/solution/answers.txt" &&
    grep -q "worst100000=MVC" "$EXS/09-pcs/solution/answers.txt" &&
    imprun -q --pcs=10000 --profile=m.prof "$EXS/09-pcs/support/mix.s" 2>err &&
    test_grep "^pcs: 10000 ticks per virtual second: 1853 ticks" err
'
test_expect_success '08-hotspot: the original takes the cycles its README says, the solution a tenth' '
    imprun -q --stats "$EXS/08-hotspot/starter/hist.s" "$EXS/08-hotspot/support/text.s" >a.out 2>a.err &&
    test_grep "^cycles  *1283532$" a.err &&
    grep -q "1,283,532 cycles" "$EXS/08-hotspot/README.md" &&
    imprun -q --stats "$EXS/08-hotspot/solution/hist.s" "$EXS/08-hotspot/support/text.s" >b.out 2>b.err &&
    test_cmp a.out b.out &&
    awk "\$1 == \"cycles\" { exit !(\$2 < 130000) }" b.err
'
test_expect_success '12-reorder: 1809 page-ins in link order with 3 frames, as the README says' '
    imprun --frames=3 --max-cycles=100M "$EXS/12-reorder/support/rdemo.s" >out 2>err &&
    awk "\$1 == \"all\" { print \$(NF - 4) }" err >n &&
    test "$(cat n)" -eq 1809 &&
    grep -q "it takes 1809 page-ins" "$EXS/12-reorder/README.md"
'
test_expect_success '07-microcode: the grader checks pass on the shipped machine' '
    imprun -q "$EXS/07-microcode/check/lprcheck.s" >out &&
    test "$(grep -c "^OK " out)" -eq 29 &&
    ! grep "^FAIL" out
'

# A program that asks for SUPER where the grading run refuses it: the
# grader names the cause, and the LPSW count of a run that ended at the
# SVC is no less than 0 (it was -1: the SUPER SVC never returned).
if imprun --help 2>/dev/null | grep -q -e '--no-super'; then
    test_expect_success '06, 11: SUPER refused (--no-super): the hint, no negative count' '
        mkdir sup6 sup11 &&
        sed "s/^         MVC   PSAPGMNW,NEWPSW .*/         SR    1,1\\
         SVC   SV_SUPER\\
&/" "$EXS/06-pgmcheck/solution/divide.s" >sup6/divide.s &&
        grep -q "SV_SUPER" sup6/divide.s &&
        sed "s/^         MVC   PSAPGMNW,NEWPSW .*/         SR    1,1\\
         SVC   SV_SUPER\\
&/" "$EXS/11-per/solution/percount.s" >sup11/percount.s &&
        grep -q "SV_SUPER" sup11/percount.s &&
        grade "$EXS/06-pgmcheck" "$PWD/sup6" >sup6.tap &&
        grade "$EXS/11-per" "$PWD/sup11" >sup11.tap &&
        test_grep "do not ask for SUPER" sup6.tap &&
        test_grep "do not ask for SUPER" sup11.tap &&
        ! grep "actual: *-" sup6.tap sup11.tap &&
        ! grep "resume with LPSW" sup6.tap &&
        ! grep "PER mask (bit 1) is off" sup11.tap
    '
else
    test_skip '06, 11: SUPER refused (--no-super): the hint, no negative count' 'imprun has no --no-super'
fi

test_done
