#!/bin/sh
# Exercise 13: Belady's anomaly.  anomaly.s reads data pages in the
# order of its ORDER list; graded: FIFO must take more page-ins with 6
# frames than with 5 on the machine itself, and answers.txt must give
# the page-ins of the program's reference string that imprun --replay
# computes (the grader records the string and replays it).
. "$(dirname "$0")/../lib/grade.sh"

# pageins FILE: the page-ins of the run whose report is FILE
pageins() {
    awk '$1 == "all" { print $(NF - 4) }' "$1"
}
# curve POLICY FRAMES: the page-ins of the replay at that frame count
curve() {
    awk -v col="$1" -v f="$2" '
        $1 == "frames" { for (i = 2; i <= NF; i++) c[$i] = i; next }
        $1 == f && (col in c) { v = $(c[col]); sub(/\*$/, "", v); print v }' \
        "$GRADE_WORK/replay"
}

grade_plan 10
if ! grade_ok 1 'anomaly.s assembles and links' grade_build; then
    grade_skip_rest 'anomaly.s did not assemble or link'
    exit 0
fi

grade_run --policy=fifo --frames=5 --page-refs="$GRADE_WORK/refs"
cp "$GRADE_WORK/err" "$GRADE_WORK/err5"
rc5=$GRADE_RC
grade_run --policy=fifo --frames=6
rc6=$GRADE_RC
grade_ok 1 'the program runs to its end (return code 0) with 5 and with 6 frames' \
    test "$rc5:$rc6" = 0:0
f5=$(pageins "$GRADE_WORK/err5")
f6=$(pageins "$GRADE_WORK/err")
if grade_ok 3 "FIFO: more page-ins with 6 frames than with 5 (Belady's anomaly)" \
        test "${f6:-0}" -gt "${f5:-0}"; then :; else
    grade_note "expected: page-ins(6 frames) > page-ins(5 frames)"
    grade_note "actual:   ${f5:-none} page-ins with 5 frames, ${f6:-none} with 6"
    grade_note 'hint: the code page is referenced between every two reads and takes a frame too:'
    grade_note 'a string that shows the anomaly at 3 and 4 frames on paper shows it one frame higher here;'
    grade_note 'record the string (--page-refs) and look at the whole curve with imprun --replay'
fi

"$IMP_BIN/imprun" --replay="$GRADE_WORK/refs" --curve=5:6 >"$GRADE_WORK/replay" 2>&1
head=$(sed -n 1p "$GRADE_WORK/replay")
refs=$(echo "$head" | sed -n 's/.*: \([0-9]*\) references to .*/\1/p')
pages=$(echo "$head" | sed -n 's/.* references to \([0-9]*\) pages .*/\1/p')
ans="$GRADE_WORK/answers.txt"
grade_eq 1 'answers.txt: refs, the references of the recorded string' \
    "$refs" "$(grade_value "$ans" refs)"
[ "$(grade_value "$ans" refs)" = "$refs" ] ||
    grade_note 'hint: the string has the code page and low storage too, not only your data pages (imprun --page-refs)'
grade_eq 1 'answers.txt: pages, the distinct pages of the string' \
    "$pages" "$(grade_value "$ans" pages)"
for key in fifo5 fifo6 lru5 lru6 opt6; do
    pol=${key%[0-9]}
    n=${key#"$pol"}
    grade_eq 1 "answers.txt: $key, page-ins of $pol with $n frames (imprun --replay)" \
        "$(curve "$pol" "$n")" "$(grade_value "$ans" "$key")"
done
exit 0
