#!/bin/sh
# Exercise 10: CPI by opcode with IIFM.  The student measures the
# workload kernel.s (support/) with imprun --iifm and reports counts
# and CPIs; the grader arms the same counters and compares.
# shellcheck disable=SC2046  # set -- $(...) splits "A B" on purpose
. "$(dirname "$0")/../lib/grade.sh"

ans=$GRADE_WORK/answers.txt

# iifm SPEC: "COUNT CPI" of the compare register armed with --iifm=SPEC
iifm() {
    grade_run -q --iifm="$1"
    sed -n 's/^iifm: [^:]*: \([0-9]*\) instructions, [0-9]* cycles, CPI \([-0-9.]*\)$/\1 \2/p' \
        "$GRADE_WORK/err" | head -n 1
}
# check POINTS KEY WHAT EXPECTED [HINT]: one answer; a CPI to 0.01
check() {
    got=$(grade_value "$ans" "$2")
    want=$4
    case $2 in
    cpi.*) if awk -v a="$got" -v b="$4" 'BEGIN { d = a - b
                exit !(a ~ /^[0-9]+(\.[0-9]*)?$/ && d < 0.006 && d > -0.006) }'; then
               want=$got
           fi ;;
    esac
    grade_eq "$1" "$2: $3" "$want" "$got" || { [ -n "${5:-}" ] && grade_note "hint: $5"; }
}

grade_plan 8
if ! grade_ok 1 'answers.txt is handed in and the workload links' grade_build; then
    grade_skip_rest 'nothing to grade'
    exit 0
fi

set -- $(iifm EX)
check 1 cpi.EX 'the CPI of EX (--iifm=EX)' "$2" \
    'an EX counts the cycles of its target too'
set -- $(iifm MVC)
check 2 count.MVC 'the MVCs the monitor counts (--iifm=MVC)' "$1" \
    'every MVC of kernel.s runs as the target of an EX: the monitor compares the opcode an instruction fetch brings, and that is the EX'"'"'s'
set -- $(iifm 18/07)
check 1 count.RR "the instructions X'18'-X'1F' (--iifm=18/07)" "$1" \
    "the mask after the slash is don't-care bits: X'07' leaves X'18'-X'1F', X'F8' would leave X'00'-X'07', X'18', ... X'F8'-X'FF'"
check 1 cpi.RR "their CPI" "$2"
set -- $(iifm all,problem)
check 1 count.problem 'the instructions of the problem state (--iifm=all,problem)' "$1" \
    'the program'"'"'s SVCs run the supervisor'"'"'s code; ,problem counts the program alone'
check 1 cpi.problem 'their CPI' "$2"
set -- $(iifm all,supervisor)
check 1 cpi.supervisor 'the CPI of the supervisor state (--iifm=all,supervisor)' "$2" \
    'the supervisor state is every instruction of the SVC handler (SVC returns, DIAG, LPSW), not one opcode'
exit 0
