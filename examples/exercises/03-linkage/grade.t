#!/bin/sh
# grade.t -- exercise 03-linkage: FIB, a recursive CSECT called by the
# exercise's DRIVER (support/DRIVER.s) with the standard linkage.  The
# driver reports each call's value, return code, registers and chaining;
# the machine's counts show the recursion: one BALR (the CALL macro) per
# activation of FIB, and the CSECT monitor sees DRIVER call FIB and FIB
# return to DRIVER once per case.
. "$(dirname "$0")/../lib/grade.sh"

grade_plan 7
grade_build -e DRIVER ||
    grade_skip_rest 'FIB.s does not assemble and link with the driver: fix the errors below first'
grade_run --stats --csm
out=$GRADE_WORK/out

grade_clean_listing 1 'assembles with no errors and no warnings' "$GRADE_WORK/FIB.lst"
grade_eq 3 'the values fib(0), fib(1), fib(2), fib(5), fib(10), fib(15)' \
    'FIB(0)=0 FIB(1)=1 FIB(2)=1 FIB(5)=5 FIB(10)=55 FIB(15)=610' \
    "$(awk '{ printf "%s%s", sep, $1; sep = " " }' "$out")" ||
    grade_note 'hint: fib(0) = 0, fib(1) = 1; store the value at the second parameter (without its VL bit)'
grade_eq 2 'return code 0 from every call' '6' "$(grep -c ' RC=0 ' "$out")" ||
    grade_note 'hint: RETURN (14,12),RC=0 sets R15 after restoring the others'
grade_eq 2 'R2-R13 as the caller left them, after every call' '6' \
    "$(grep -c ' REGS=KEPT ' "$out")" ||
    grade_note 'hint: SAVE (14,12) on entry, RETURN (14,12) on the way out, with R13 back at the caller'"'"'s save area'
grade_eq 1 'save areas chained: the caller'"'"'s area points to FIB'"'"'s' '6' \
    "$(grep -c ' CHAIN=YES$' "$out")" ||
    grade_note 'hint: ST 13,4(,1) and ST 1,8(,13) before LR 13,1'

# Every activation of FIB is entered by the CALL macro's BALR 14,15; the
# driver's own BALR 12,0 after each call makes 6 more.
n=$(grade_value "$GRADE_WORK/err" BALR)
grade_eq 2 'recursion: FIB entered once per activation, 2170 for the six cases (imprun --stats)' \
    2170 "$(( ${n:-0} - 6 ))" ||
    grade_note 'hint: fib(n) calls FIB for n-1 and for n-2 (CALL FIB), each with a save area of its own (GETMAIN)'
calls=$(grade_value "$GRADE_WORK/err" 'csm: DRIVER -> FIB')
rets=$(grade_value "$GRADE_WORK/err" 'csm: FIB -> DRIVER')
grade_eq 1 'CSECT monitor: DRIVER calls FIB 6 times, FIB returns to DRIVER 6 times' \
    '6 6' "${calls:-0} ${rets:-0}" ||
    grade_note 'hint: FIB returns by BR 14 to the address the CALL left in R14'
