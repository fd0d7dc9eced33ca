#!/bin/sh
# grade.t -- exercise 05-assist: a deck of cards of numbers, a line per
# card and the deck's totals.  Run on the sample deck the students have
# (data/sample.cards) and on the grader's (data/hidden.cards: negative
# numbers, a blank card, a number in columns 72-80); data/*.expected is
# what each must print.
. "$(dirname "$0")/../lib/grade.sh"

grade_plan 6
grade_build || grade_skip_rest 'STATS.s does not assemble and link: fix the errors below first'
grade_run --json=run.json --cards="$EXERCISE/data/sample.cards"
cp "$GRADE_WORK/out" "$GRADE_WORK/sample.out" 2>/dev/null
rc1=$(grade_return_code "$GRADE_WORK/run.json")
exp=$EXERCISE/data/sample.expected
got=$GRADE_WORK/sample.out

grade_clean_listing 1 'assembles with no errors and no warnings' "$GRADE_WORK/STATS.lst"
grade_eq 4 'sample deck: the heading and a line per card' "$(sed -n 1,5p "$exp")" \
    "$(sed -n 1,5p "$got")" ||
    grade_note 'hint: each card starts again from 0: count, sum and max are the card'"'"'s own'
grade_eq 2 'sample deck: the totals, after a blank line' "$(sed -n 6,7p "$exp")" \
    "$(sed -n 6,7p "$got")" ||
    grade_note 'hint: the totals are the sums over all cards; the carriage control 0 skips a line before printing'

# (what imprun says of a run that did not end goes under the test of
# that run, not under the test before it)
grade_run --stats --json=run.json --cards="$EXERCISE/data/hidden.cards" >"$GRADE_WORK/hidden.note"
grade_eq 3 'the grader'"'"'s deck: the whole listing' "$(cat "$EXERCISE/data/hidden.expected")" \
    "$(cat "$GRADE_WORK/out")" ||
    grade_note 'hint: any deck must work: a card of negative numbers only has a negative max (start it at the first number); a blank card has 0 numbers'
cat "$GRADE_WORK/hidden.note"
n=$(grade_value "$GRADE_WORK/err" XDECI)
grade_eq 1 'XDECI once per number and once more per card: 36 for the grader'"'"'s deck (imprun --stats)' \
    36 "${n:-0}" ||
    grade_note 'hint: scan each card with XDECI until CC 3, then read the next card'
grade_eq 1 'return code 0' '0 0' "$rc1 $(grade_return_code "$GRADE_WORK/run.json")"
