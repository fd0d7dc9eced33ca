#!/bin/sh
# Exercise 11: a PER interrupt service routine.  percount.s counts the
# successful branches of WORK (support/work.s) with its own handler and
# prints "BRANCHES n".  The reference is imprun's own PER count: WORK
# run alone under imprun --csm=per, whose interrupt service routine is
# entered on every successful branch (the profile's interrupts=),
# plus the BALR that calls WORK.  The machine's LPSW count (--stats)
# says how many interruptions the student's routine took.
. "$(dirname "$0")/../lib/grade.sh"

grade_plan 6
if ! grade_ok 1 'percount.s assembles and links with WORK' grade_build; then
    grade_skip_rest 'percount.s did not assemble or link'
    exit 0
fi

# The reference: WORK alone, under imprun's PER monitor.
"$IMP_BIN/imprun" -q --max-cycles=10M --csm=per --profile="$GRADE_WORK/ref.prof" \
    "$EXERCISE/support/work.s" >"$GRADE_WORK/ref.out" 2>"$GRADE_WORK/ref.err"
ref=$(sed -n 's/^csm .* interrupts=\([0-9]*\)$/\1/p' "$GRADE_WORK/ref.prof")
want=$(( ${ref:-0} + 1 ))

grade_run --stats --json=run.json
# A disabled wait stops the machine with imprun's status 0 too, but the
# program neither returned nor exited: it is not a normal end.
ended=$GRADE_RC
[ "$(grade_value "$GRADE_WORK/run.json" status)" = disabled-wait ] && ended='a disabled wait'
grade_eq 1 'the run ends normally with return code 0' 0 "$ended"
if [ "$ended" != 0 ]; then
    [ "$ended" = 'a disabled wait' ] &&
        grade_note 'hint: the machine loaded a PSW with the wait bit (bit 14, X'"'"'0002'"'"' in its first halfword) and no interruption enabled, by an LPSW or as a new PSW: it stopped there'
    grep -q 'S047' "$GRADE_WORK/err" &&
        grade_note 'hint: the program already runs in the supervisor state (imprun --supervisor): do not ask for SUPER, the grading run refuses it'
    grep -q 'PER event' "$GRADE_WORK/err" &&
        grade_note 'hint: a PER event with no handler: the PER mask was still on after WORK returned (STNSM)'
fi
grade_eq 1 "WORK's checksum survives the interruptions" 'CHECKSUM 650' \
    "$(grep '^CHECKSUM' "$GRADE_WORK/out" | head -n 1)"
got=$(sed -n 's/^BRANCHES \([0-9]*\).*/\1/p' "$GRADE_WORK/out" | head -n 1)
grade_eq 4 "BRANCHES: the successful branches from the call of WORK to its return" \
    "$want" "${got:-none}"
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
# every SVC with an LPSW, and the other LPSWs are the routine's.
own=$(( ${lpsw:-0} - ${svc:-0} ))
[ "$own" -ge 0 ] || own=0       # an SVC that ended the run returned by none
counted=$own
[ "$own" -gt 0 ] || counted='at least one interruption'
grade_eq 2 'the routine takes interruptions and counts each (LPSWs = BRANCHES)' \
    "$counted" "${got:-none}" ||
    { [ "$own" -gt 0 ] &&
      grade_note "hint: the routine ran $own times but counted ${got:-nothing}: during WORK, R12 is WORK's base, not yours; save a register in low storage (base 0) and make your own base"; }
grade_eq 1 "the machine took $want PER interruptions (imprun --stats: LPSW beside SVC)" \
    "$want" "$own" ||
    { [ "$own" = 0 ] && [ "$GRADE_RC" = 0 ] &&
      grade_note "hint: CR9 arms the events, but nothing is recognized while the PSW's PER mask (bit 1) is off: STOSM X'40' before the call"; }
exit 0
