#!/bin/sh
# grade.t -- exercise 04-decimal: an order printed as a report, in
# packed decimal with ED.  Built twice: with the sample order the
# students have (data/sample/ITEMS.s) and with the grader's own
# (data/hidden/ITEMS.s); data/*.expected is what each must print (kept
# out of the COPY folders, so no hand-in can COPY them).
. "$(dirname "$0")/../lib/grade.sh"

grade_plan 7
grade_build -I "$EXERCISE/data/sample" ||
    grade_skip_rest 'REPORT.s does not assemble and link with the sample order: fix the errors below first'
grade_run --json=run.json
cp "$GRADE_WORK/out" "$GRADE_WORK/sample.out" 2>/dev/null
rc1=$(grade_return_code "$GRADE_WORK/run.json")
exp=$EXERCISE/data/sample.expected
got=$GRADE_WORK/sample.out

grade_clean_listing 1 'assembles with no errors and no warnings' "$GRADE_WORK/REPORT.lst"
grade_eq 1 'the heading' "$(sed -n 1p "$exp")" "$(sed -n 1p "$got")"
grade_eq 4 'sample order: the five item lines' "$(sed -n 2,6p "$exp")" "$(sed -n 2,6p "$got")" ||
    grade_note 'hint: X'"'"'21'"'"' turns significance on for the digits after it: put it before the units digit, or 0.75 prints as .75'
grade_eq 2 'sample order: the total line' "$(sed -n 7p "$exp")" "$(sed -n 7p "$got")" ||
    grade_note 'hint: a packed field must hold a valid packed number before AP adds to it: ZAP it to 0 first'

# (what imprun says of a run that did not end goes under the test of
# that run, not under the test before it)
: >"$GRADE_WORK/hidden.note"
if grade_build -I "$EXERCISE/data/hidden"; then
    grade_run --stats --json=run.json >"$GRADE_WORK/hidden.note"
else
    rm -f "$GRADE_WORK/out" "$GRADE_WORK/err" "$GRADE_WORK/run.json"
    : >"$GRADE_WORK/out"
fi
grade_eq 2 'the grader'"'"'s order: the whole report (8 items, a total over 100,000.00)' \
    "$(cat "$EXERCISE/data/hidden.expected")" "$(cat "$GRADE_WORK/out")" ||
    grade_note 'hint: any order must print right: amounts and the total up to 999,999,999.99 (PL6), prices under 1.00 with their 0'
cat "$GRADE_WORK/hidden.note"
n=$(grade_value "$GRADE_WORK/err" ED)
b=$(( $(grade_value "$GRADE_WORK/err" CVB || echo 0) + $(grade_value "$GRADE_WORK/err" CVD || echo 0) ))
grade_eq 1 'decimal all the way: 25 ED (3 per item and the total), no CVB or CVD (imprun --stats)' \
    "ED=25 CVB+CVD=0" "ED=${n:-0} CVB+CVD=$b"
grade_eq 1 'return code 0' '0 0' "$rc1 $(grade_return_code "$GRADE_WORK/run.json")"
