#!/bin/sh
# Exercise 09: PC sampling against exact counts.  The student samples
# the workload mix.s (support/) at four rates and reports, for each,
# the ticks and the largest error of a sampled share against the
# exact share of cycles.  The grader samples the same program at the
# same rates (imprun --pcs --profile, impprof --pcs --csv) and compares.
# shellcheck disable=SC2046  # set -- $(...) splits "A B" on purpose
. "$(dirname "$0")/../lib/grade.sh"

ans=$GRADE_WORK/answers.txt

# maxerr PROFILE: the largest |cycles-err| of impprof's instruction-type
# table, and its opcode ("12.25 MVC")
maxerr() {
    "$IMP_BIN/impprof" --pcs --csv "$1" 2>/dev/null | awk -F, '
        $1 == "pcs-types" { e = $NF + 0; if (e < 0) e = -e
                            if (e > m) { m = e; op = $3 } }
        END { if (op != "") printf "%.2f %s\n", m, op }'
}
# same_number A B: A and B are the same to the hundredth (signs ignored)
same_number() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        sub(/%$/, "", a)
        if (a !~ /^[+-]?[0-9]+(\.[0-9]*)?$/) exit 1
        a += 0; b += 0; if (a < 0) a = -a; if (b < 0) b = -b
        d = a - b; if (d < 0) d = -d
        exit !(d < 0.006) }'
}

grade_plan 10
if ! grade_ok 1 'answers.txt is handed in and the workload links' grade_build; then
    grade_skip_rest 'nothing to grade'
    exit 0
fi

for rate in 100 1000 10000 100000; do
    grade_run --pcs="$rate" --profile="$GRADE_WORK/p$rate.prof"
    ticks=$(sed -n 's/^pcs: .* virtual second: \([0-9]*\) ticks,.*/\1/p' "$GRADE_WORK/err")
    pairs=$(sed -n 's/^pcs: .* ticks, \([0-9]*\) pairs .*/\1/p' "$GRADE_WORK/err")
    set -- $(maxerr "$GRADE_WORK/p$rate.prof")
    err=${1:-none} worst=${2:-none}
    got=$(grade_value "$ans" "ticks$rate")
    grade_eq 1 "ticks$rate: the ticks of --pcs=$rate" "$ticks" "$got"
    [ -n "$got" ] && [ "$got" = "$pairs" ] &&
        grade_note "hint: $got is the number of (task, address) pairs in the table; a pair counts many ticks"
    got=$(grade_value "$ans" "err$rate")
    if same_number "$got" "$err"; then
        grade_eq 1 "err$rate: the largest error against the exact cycles at --pcs=$rate" "$err" "$err"
    else
        grade_eq 1 "err$rate: the largest error against the exact cycles at --pcs=$rate" "$err" "$got"
        grade_note "hint: a tick samples the instruction running, so it weighs time: compare with the exact share of cycles (cycles%), not of instructions (exact%)"
    fi
done
grade_eq 1 'worst100000: the opcode of the largest error at --pcs=100000' "$worst" "$(grade_value "$ans" worst100000)"
[ "$(grade_value "$ans" worst100000)" = "$worst" ] ||
    grade_note "hint: at 100000 ticks a second a tick comes every 160 cycles, but one $worst takes longer: the ticks that fall in one instruction become one sample"
exit 0
