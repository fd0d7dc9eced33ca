#!/bin/sh
# Exercise 07: changing the microcode.  The student's lpr.mc gives LPR
# and LNR microcode to a machine whose load-store.mc lacks them (IMP's
# microcode sources with those two routines taken out), and lprtest.s
# tests them.  Graded: impmc assembles the microcode; the grader's own
# checks (check/lprcheck.s) run on it with imprun --microcode and are
# compared with the same checks on IMP's shipped machine; LPR's CPI
# (IIFM); the student's test passes on the student's machine and fails
# on three broken ones (check/broken-*.mc).
. "$(dirname "$0")/../lib/grade.sh"

# The microcode sources of IMP: an installed copy or the build tree.
mcsrc=
for d in "${IMP_MC:-}" "$IMP_BIN/../share/imp/mc" "$IMP_BIN/../mc/src"; do
    if [ -n "$d" ] && [ -f "$d/load-store.mc" ]; then mcsrc=$d; break; fi
done
if [ -z "$mcsrc" ]; then
    echo "Bail out! IMP's microcode sources not found (set IMP_MC)"
    exit 2
fi
mkdir -p "$GRADE_WORK/mc"
for f in "$mcsrc"/*.mc; do
    case $f in
    */load-store.mc)
        sed -e '/^LPR:/d' -e '/^lpr_neg:/d' -e '/^LNR:/d' -e '/^lnr_pos:/d' \
            "$f" >"$GRADE_WORK/mc/load-store.mc" ;;
    *) cp "$f" "$GRADE_WORK/mc/" ;;
    esac
done

# impmc_with FILE OUT: assemble the stripped machine plus FILE into OUT,
# in $GRADE_WORK and by names relative to it, so that impmc's messages
# name lpr.mc, never the scratch folder (which differs from run to run)
impmc_with() {
    (cd "$GRADE_WORK" &&
     "$IMP_BIN/impmc" -o "${2#"$GRADE_WORK"/}" mc/*.mc "${1#"$GRADE_WORK"/}")
}
# lprcheck [OPTION...]: the grader's checks, output in $GRADE_WORK/check.out
lprcheck() {
    (cd "$GRADE_WORK" &&
     "$IMP_BIN/imprun" -q --max-cycles=1M --max-console=64K "$@" \
         "$EXERCISE/check/lprcheck.s") >"$GRADE_WORK/check.out" 2>"$GRADE_WORK/check.err"
}
# group ERE: the lines of the shipped machine's and the student's check
# output whose check name matches ERE (after "OK " or "FAIL ")
group() {
    grade_eq "$1" "$2" "$(grep -E "^OK ($3)" "$GRADE_WORK/ref.out")" \
        "$(grep -E "^(OK|FAIL) ($3)" "$GRADE_WORK/check.out")"
}

grade_plan 12
if ! grade_ok 1 'lprtest.s assembles and links' grade_build; then
    grade_skip_rest 'lprtest.s did not assemble or link'
    exit 0
fi
if ! grade_ok 1 'lpr.mc assembles with the machine (impmc)' \
        impmc_with "$GRADE_WORK/lpr.mc" "$GRADE_WORK/my.mcs"; then
    echo build=failed >>"$GRADE_WORK/.grade-status"     # the hand-in does not build
    grade_skip_rest 'the microcode did not assemble'
    exit 0
fi
impmc_with "$GRADE_WORK/lpr.mc" "$GRADE_WORK/my.mcs" 2>"$GRADE_WORK/impmc.err" >/dev/null
grade_eq 1 'LPR and LNR both have microcode (no impmc warning)' '' \
    "$(grep -E 'warning: (LPR|LNR) ' "$GRADE_WORK/impmc.err")" ||
    grade_note 'hint: an instruction with no entry label dispatches to undef: an operation exception (0001)'

# The grader's checks, on IMP's shipped machine and on the student's.
lprcheck
mv "$GRADE_WORK/check.out" "$GRADE_WORK/ref.out"
lprcheck --microcode="$GRADE_WORK/my.mcs" --iifm=LPR
grep -q 'operation' "$GRADE_WORK/check.err" &&
    grade_note "the checks stopped: $(grep -m 1 '^imprun: ' "$GRADE_WORK/check.err")"
group 2 'LPR: the result (and R2 kept) for 5, -5, 0, -2**31+1 and LPR R3,R3' \
    'LPR |R2 LPR '
group 2 'LPR: the condition code (0 zero, 2 positive)' 'CC LPR [^-]|CC LPR -[^2]|CC LPR -2\*\*31\+'
grep -q 'FAIL CC LPR -5 = 1' "$GRADE_WORK/check.out" &&
    grade_note 'hint: the negation must set the CC again: the value loaded was negative (CC 1), the result is not'
group 1 'LPR of -2**31: unchanged, CC 3 (overflow)' 'CC LPR -2\*\*31 '
group 2 'LNR: the result, R2 kept and the CC for 5, -5, 0, -2**31' 'LNR |R2 LNR |CC LNR '
# (no LPR completed -- one that never ends, say -- has no CPI at all)
set -- $(sed -n "s/^iifm: LPR (X'0010'): \([0-9]*\) instructions, [0-9]* cycles, CPI \([-0-9.]*\)$/\1 \2/p" \
    "$GRADE_WORK/check.err")
lprs=${1:-0} cpi=${2:-}
[ "$lprs" -gt 0 ] || cpi=
grade_ok 1 "IIFM: LPR's CPI on the checks is at most 4.67 (the fetch and two microwords)" \
    awk -v c="${cpi:-99}" 'BEGIN { exit !(c <= 4.67) }' ||
    grade_note "actual: $([ "$lprs" -gt 0 ] && echo "CPI $cpi" || echo 'no LPR completed') (imprun --iifm=LPR)"

# The student's test, on the student's machine and on broken ones.
grade_run --microcode="$GRADE_WORK/my.mcs" --iifm=10/01
grade_eq 2 "lprtest.s passes on your microcode (return code 0)" 0 "$GRADE_RC" ||
    grep -E '^FAIL|^imprun: ' "$GRADE_WORK/out" "$GRADE_WORK/err" | head -n 5 | sed 's/^[^:]*:/#   /'
n=$(sed -n "s/^iifm: opcode X'0010', don't-care X'0001': \([0-9]*\) instructions.*/\1/p" "$GRADE_WORK/err")
# A run on a broken machine that ends badly is the test doing its work,
# not the submission failing: how the grading went (.grade-status, for
# impgrade's status column) is kept from before these runs.
caught=
cp "$GRADE_WORK/.grade-status" "$GRADE_WORK/status.kept" 2>/dev/null ||
    : >"$GRADE_WORK/status.kept"
for b in noabs cc lnr; do
    impmc_with "$EXERCISE/check/broken-$b.mc" "$GRADE_WORK/broken-$b.mcs" >/dev/null 2>&1
    grade_run --microcode="$GRADE_WORK/broken-$b.mcs"
    [ "$GRADE_RC" != 0 ] && caught="$caught $b"
done
cp "$GRADE_WORK/status.kept" "$GRADE_WORK/.grade-status"
grade_eq 2 'lprtest.s fails on a broken LPR (never negates) and on a broken LNR (always negates)' \
    'noabs lnr' "$(echo "$caught" | tr ' ' '\n' | grep -E '^(noabs|lnr)$' | tr '\n' ' ' | sed 's/ $//')" ||
    grade_note 'hint: your test returned 0 on a machine whose LPR never negates or whose LNR always negates: test negative operands of LPR, and of LNR'
grade_ok 1 "lprtest.s fails on a broken LPR that keeps the CC of the value loaded" \
    test -n "$(echo "$caught" | grep -w cc)" ||
    grade_note 'hint: check the condition code of every case too (BC on each CC), not only the value'
grade_ok 1 "IIFM: lprtest.s executes LPR and LNR (X'10'/X'01') at least 4 times" \
    test "${n:-0}" -ge 4 || grade_note "actual: ${n:-0}"
exit 0
