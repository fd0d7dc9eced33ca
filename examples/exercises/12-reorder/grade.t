#!/bin/sh
# Exercise 12: CSECT reordering, the Linz paper's Table I in miniature.
# RDEMO (support/rdemo.s) is linked with the student's order.ctl (impld
# ORDER) and run under LRU paging with 3 frames; graded on its page-ins
# against the link order's, and on what answers.txt says of the CSECT
# reference string, which the grader records again (imprun --csm,
# impprof --csm --csv).
. "$(dirname "$0")/../lib/grade.sh"

FRAMES=3
GOOD=100                        # page-ins of a good order (about 13)
ans=$GRADE_WORK/answers.txt

# pageins FILE: the page-ins of the run whose report is FILE
pageins() {
    awk '$1 == "all" { print $(NF - 4) }' "$1"
}

grade_plan 9
if ! grade_ok 1 'RDEMO links with order.ctl (impld -c)' grade_build -c "$GRADE_WORK/order.ctl"; then
    grade_skip_rest 'RDEMO did not link with order.ctl'
    exit 0
fi

# The link order: the same program with no control statements.
# (A page-in costs 16000 cycles: the link order's run is 30M cycles.)
(cd "$GRADE_WORK" &&
 "$IMP_BIN/imprun" -q --max-cycles=10M --csm --profile=link.prof \
     "$EXERCISE/support/rdemo.s") >"$GRADE_WORK/link.out" 2>"$GRADE_WORK/link.err"
(cd "$GRADE_WORK" &&
 "$IMP_BIN/imprun" --max-cycles=100M --frames=$FRAMES "$EXERCISE/support/rdemo.s") \
    >/dev/null 2>"$GRADE_WORK/link.paging"
link=$(pageins "$GRADE_WORK/link.paging")

grade_run --max-cycles=100M --frames=$FRAMES
mine=$(pageins "$GRADE_WORK/err")
grade_eq 1 'the reordered program prints what the original prints' \
    "$(cat "$GRADE_WORK/link.out")" "$(cat "$GRADE_WORK/out")"
grade_ok 1 "LRU, $FRAMES frames: fewer page-ins than half the link order's ($link)" \
    test "${mine:-999999}" -lt $(( ${link:-0} / 2 )) ||
    grade_note "actual: ${mine:-none} page-ins"
if grade_ok 3 "LRU, $FRAMES frames: at most $GOOD page-ins" test "${mine:-999999}" -le $GOOD; then :; else
    grade_note "expected: at most $GOOD page-ins (the link order: $link)"
    grade_note "actual:   ${mine:-none}"
    if grep -q '(P)' "$GRADE_WORK/order.ctl" 2>/dev/null; then
        grade_note 'hint: (P) starts a CSECT on a page of its own: the CSECTs used together end up on more pages, not fewer'
    else
        grade_note 'hint: put together the CSECTs used together in every interval (impprof --csm), and nothing else between them: a CSECT used once at the start is cold'
    fi
fi

# The reference string, from the monitor's profile.
trans=$(sed -n 's/^csm: \([0-9]*\) transitions among.*/\1/p' "$GRADE_WORK/link.err")
grade_eq 1 'transitions: the CSECT transitions of a run (imprun --csm)' \
    "$trans" "$(grade_value "$ans" transitions)"
"$IMP_BIN/impprof" --csm --csv --top=0 "$GRADE_WORK/link.prof" >"$GRADE_WORK/csm.csv" 2>/dev/null
all=$(grep '^ *[A-Z@#$][A-Z0-9@#$]* *CSECT' "$EXERCISE/support/rdemo.s" | awk '{print $1}' | sort)
used=$(awk -F, '$1 == "csm-string" { n = split($5, c, " "); for (i = 1; i <= n; i++) print c[i] }' \
    "$GRADE_WORK/csm.csv" | sort -u)
never=$(printf '%s\n' "$all" | grep -v -x -F "$used" | tr '\n' ' ' | sed 's/ $//')
grade_eq 1 'never: the CSECTs the reference string never names' \
    "$never" "$(grade_value "$ans" never | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')" ||
    grade_note 'hint: impprof shows the first 20 references; --top=0 shows the whole string, to its end'
# Used together in every interval but the first and the last.
hot=$(awk -F, '$1 == "csm-together" { n++; line[n] = $5 }
    END { for (k = 2; k < n; k++) { m = split(line[k], c, " ")
              for (i = 1; i <= m; i++) cnt[c[i]]++ }
          for (c0 in cnt) if (cnt[c0] == n - 2) print c0 }' "$GRADE_WORK/csm.csv" | sort |
    tr '\n' ' ' | sed 's/ $//')
grade_eq 2 'hot: the CSECTs used in every interval of 10000 cycles (impprof --csm)' \
    "$hot" "$(grade_value "$ans" hot | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')" ||
    grade_note 'hint: every interval but the first (the start) and the last (the end); a CSECT in some intervals only is not in the working set'
grade_eq 1 "pageins.link: the link order's page-ins with $FRAMES frames" \
    "$link" "$(grade_value "$ans" pageins.link)"
grade_eq 1 "pageins.order: your order's page-ins with $FRAMES frames" \
    "$mine" "$(grade_value "$ans" pageins.order)"
exit 0
