#!/bin/sh
# Exercise 06: a program-check handler.  divide.s divides the pairs of
# DIVTAB (support/divtab.s); three of them take a fixed-point-divide
# exception, which the student's handler catches and resumes from.
# Graded: the output line by line, the end of the run, and two counts
# of the machine: DR executed once per pair (IIFM), and LPSW executed
# once per program check by the handler (--stats, beside the SVCs).
. "$(dirname "$0")/../lib/grade.sh"

grade_plan 12
if ! grade_ok 1 'divide.s assembles and links with DIVTAB' grade_build; then
    grade_skip_rest 'divide.s did not assemble or link'
    exit 0
fi

grade_run --stats --iifm=DR --json=run.json
# A disabled wait stops the machine with imprun's status 0 too, but the
# program neither returned nor exited: it is not a normal end.
ended=$GRADE_RC
[ "$(grade_value "$GRADE_WORK/run.json" status)" = disabled-wait ] && ended='a disabled wait'
grade_eq 2 'the run ends normally with return code 0' 0 "$ended" || {
    [ "$ended" = 'a disabled wait' ] &&
        grade_note 'hint: the machine loaded a PSW with the wait bit (bit 14, X'"'"'0002'"'"' in its first halfword) and no interruption enabled, by an LPSW or as a new PSW: it stopped there'
    grep -q 'S047' "$GRADE_WORK/err" &&
        grade_note 'hint: the program already runs in the supervisor state (imprun --supervisor): do not ask for SUPER, the grading run refuses it'
    grep -q 'S0C9' "$GRADE_WORK/err" &&
        grade_note 'hint: a fixed-point-divide exception reached imprun: no handler was installed when it happened'
}

# The expected lines, one per pair, then the count.
i=0
for want in '14 2' 'CHECK 0009' '-11 -1' 'CHECK 0009' '0 0' 'CHECK 0009' '9 0'; do
    i=$((i + 1))
    got=$(sed -n "${i}p" "$GRADE_WORK/out")
    grade_eq 1 "pair $i of DIVTAB: line $i" "$want" "$got"
    if [ "$want" = 'CHECK 0009' ] && [ "$got" != "$want" ]; then
        case $i in
        4) grade_note 'hint: -2147483648 / -1 has a divisor, but the quotient 2**31 does not fit: the DR takes 0009 too' ;;
        *) grade_note 'hint: a zero divisor: the DR takes a program check 0009; the old PSW already points past the DR (suppression)' ;;
        esac
    fi
done
grade_eq 1 'the last line counts the program checks' 'CHECKS 3' "$(sed -n 8p "$GRADE_WORK/out")"

# Monitor data: the machine's own counts.
drs=$(sed -n "s/^iifm: DR (X'001D'): \([0-9]*\) instructions.*/\1/p" "$GRADE_WORK/err" | head -n 1)
grade_eq 1 'IIFM: DR executed once per pair (7)' 7 "${drs:-none}"
[ "${drs:-0}" -gt 7 ] 2>/dev/null && grade_note 'hint: a DR ran again: the handler resumed at the DR itself, not after it'
# the counts of --stats's table ("82  LPSW  26  286 ..."), not the
# instructions an abend report shows
stat() {
    awk -v m="$1" '$1 ~ /^[0-9A-F][0-9A-F]$/ && $2 == m && $3 ~ /^[0-9]+$/ {
        print $3; exit }' "$GRADE_WORK/err"
}
lpsw=$(stat LPSW)
svc=$(stat SVC)
# The program runs in the supervisor state (exercise.conf: --supervisor),
# where the exit stub ends the run with DIAGNOSE: the nucleus returns from
# every SVC with an LPSW, and the other LPSWs are the handler's.
own=$(( ${lpsw:-0} - ${svc:-0} ))
[ "$own" -ge 0 ] || own=0       # an SVC that ended the run returned by none
grade_eq 1 'the handler resumes with LPSW, once per program check (3)' 3 "$own"
[ "$own" = 0 ] && [ "$GRADE_RC" = 0 ] && grade_note 'hint: resume with LPSW PSAPGMOW: it restores the whole PSW (state, key, CC, mask), a branch only the address'
exit 0
