#!/bin/sh
# Exercise 08: a hot spot.  hist.s counts the letters of a text
# (support/text.s); as handed out (starter/hist.s) it spends 90% of
# its time in a search.  Graded: the student's hist.s prints what the
# original prints, in fewer cycles than two bounds (imprun --stats);
# hotspot.txt reports what the instruction address sampler saw on the
# original, which the grader samples again with the same windows.
. "$(dirname "$0")/../lib/grade.sh"

HALF=640000                     # the original takes 1283532 cycles
BOUND=300000                    # a table lookup takes about 120000

# orig OPTION...: the original program under imprun, report in orig.err
orig() {
    (cd "$GRADE_WORK" &&
     "$IMP_BIN/imprun" -q --max-cycles=20M "$@" "$EXERCISE/starter/hist.s" \
         "$EXERCISE/support/text.s") >"$GRADE_WORK/orig.out" 2>"$GRADE_WORK/orig.err"
}

grade_plan 10
if ! grade_ok 1 'hist.s assembles and links with HSTEXT' grade_build; then
    grade_skip_rest 'hist.s did not assemble or link'
    exit 0
fi

grade_run --stats
grade_eq 1 'the run ends normally with return code 0' 0 "$GRADE_RC"
orig
grade_eq 3 'the output is the original program'"'"'s, letter by letter' \
    "$(cat "$GRADE_WORK/orig.out")" "$(cat "$GRADE_WORK/out")" &&
    ok_out=1 || {
    ok_out=0
    grade_note "the first difference: $(awk 'NR == FNR { a[FNR] = $0; n = FNR; next }
        a[FNR] != $0 { printf "line %d: expected %s, actual %s", FNR, a[FNR], $0; exit }' \
        "$GRADE_WORK/orig.out" "$GRADE_WORK/out")"
    grade_note "hint: EBCDIC has its letters in three runs: A-I X'C1'-X'C9', J-R X'D1'-X'D9', S-Z X'E2'-X'E9'; a code minus C'A' is not a letter's place"
}
cycles=$(awk '$1 == "cycles" { print $2; exit }' "$GRADE_WORK/err")
for b in $HALF $BOUND; do
    pts=1; [ "$b" = "$BOUND" ] && pts=2
    if [ "$ok_out" = 1 ] && [ "${cycles:-0}" -gt 0 ] && [ "$cycles" -lt "$b" ]; then
        grade_ok "$pts" "fewer than $b cycles, with the right output" true
    else
        grade_ok "$pts" "fewer than $b cycles, with the right output" false
        grade_note "expected: fewer than $b cycles (the original: 1283532)"
        grade_note "actual:   ${cycles:-none} cycles$([ "$ok_out" = 1 ] || echo ', and a different output')"
        [ "$b" = "$BOUND" ] && [ "$ok_out" = 1 ] && [ "${cycles:-0}" -ge "$b" ] &&
            grade_note 'hint: the search is still there: sample your version (--ias-window) and look under the tall bar; a table of 256 bytes knows the place of every code at once'
    fi
done

# What the sampler saw on the original.
ans=$GRADE_WORK/hotspot.txt
orig --ias=500 --ias-window=program/16
csect=$(sed -n "s/^ias: window 1 .* busiest block \([A-Z0-9@#\$]*\).*/\1/p" "$GRADE_WORK/orig.err")
grade_eq 1 'csect: the CSECT of the busiest block (--ias-window=program/16)' \
    "$csect" "$(grade_value "$ans" csect)"
orig --ias=500 --ias-window=HSFIND/8 --profile="$GRADE_WORK/h.prof"
samples=$(sed -n 's/^ias: a sample every 500 cycles: \([0-9]*\) samples.*/\1/p' "$GRADE_WORK/orig.err")
inwin=$(sed -n 's/^ias: window 1 .*): \([0-9]*\) in it.*/\1/p' "$GRADE_WORK/orig.err")
busiest=$(sed -n "s/^ias: window 1 .* busiest block \([^,]*\),.*/\1/p" "$GRADE_WORK/orig.err")
count=$("$IMP_BIN/impprof" --ias --csv "$GRADE_WORK/h.prof" |
    awk -F, -v b="$busiest" '$1 == "ias-window-1" && $4 == b { print $7 }')
grade_eq 1 'samples: all the samples of the run (--ias=500 --ias-window=HSFIND/8)' \
    "$samples" "$(grade_value "$ans" samples)" ||
    grade_note 'hint: every window costs the monitor microcode cycles, and the run gets longer: sample with exactly the command of the README, one window'
grade_eq 1 'inwindow: the samples in the window HSFIND/8' "$inwin" "$(grade_value "$ans" inwindow)"
grade_eq 1 'busiest: its busiest 8-byte block' "$busiest" "$(grade_value "$ans" busiest)"
grade_eq 1 'count: the samples of that block (impprof --ias)' "$count" "$(grade_value "$ans" count)"
exit 0
