#!/bin/sh
# grade.t -- exercise 02-loops: one pass over a table with a loop.
# The program is built with the sample table the students have
# (data/sample/NUMBERS.s), with two tables of one sign (data/negative,
# data/positive) and with one they have not seen (data/hidden/NUMBERS.s),
# all by COPY NUMBERS.
. "$(dirname "$0")/../lib/grade.sh"

grade_plan 8
grade_build -I "$EXERCISE/data/sample" ||
    grade_skip_rest 'TABLE.s does not assemble and link with the sample table: fix the errors below first'
grade_run --json=run.json
cp "$GRADE_WORK/out" "$GRADE_WORK/sample.out" 2>/dev/null
rc1=$(grade_return_code "$GRADE_WORK/run.json")

grade_clean_listing 1 'assembles with no errors and no warnings' "$GRADE_WORK/TABLE.lst"
grade_eq 2 'sample table: the sum' 'SUM 93' "$(sed -n 1p "$GRADE_WORK/sample.out")" ||
    grade_note 'hint: the line is SUM, a blank, the number; every entry counts once'
grade_eq 2 'sample table: the minimum' 'MIN -4' "$(sed -n 2p "$GRADE_WORK/sample.out")" ||
    grade_note 'hint: start the minimum at the first entry, not at 0; compare signed (CR, not CLR)'
grade_eq 2 'sample table: the maximum' 'MAX 31' "$(sed -n 3p "$GRADE_WORK/sample.out")" ||
    grade_note 'hint: start the maximum at the first entry, not at 0; compare signed (CR, not CLR)'

# Tables of one sign, where a minimum or a maximum started at 0 (not at
# the first entry) is wrong; what imprun says of a run that did not end
# goes under their test, at the end.
: >"$GRADE_WORK/sign.note"
: >"$GRADE_WORK/sign.out"
for t in negative positive; do
    echo "table $t:" >>"$GRADE_WORK/sign.out"
    if grade_build -I "$EXERCISE/data/$t"; then
        grade_run >>"$GRADE_WORK/sign.note"
        cat "$GRADE_WORK/out" >>"$GRADE_WORK/sign.out"
    fi
done

# The same program on the grader's own table.
# (what imprun says of a run that did not end goes under the test of
# that run, not under the test before it)
: >"$GRADE_WORK/hidden.note"
if grade_build -I "$EXERCISE/data/hidden"; then
    grade_run --stats --json=run.json >"$GRADE_WORK/hidden.note"
else
    rm -f "$GRADE_WORK/out" "$GRADE_WORK/err" "$GRADE_WORK/run.json"
    : >"$GRADE_WORK/out"
fi
want=$(printf 'SUM -228\nMIN -2000\nMAX 1500')
if ! grade_eq 3 'another table of 20 entries, with negative numbers' \
        "$want" "$(cat "$GRADE_WORK/out")"; then
    if [ "$(sed -n 1,3p "$GRADE_WORK/out")" = "$want" ]; then
        grade_note 'the three lines are right, but the program writes more after them: write these three lines and nothing else'
    else
        grade_note 'hint: it must work for any N and NUMS that COPY NUMBERS gives (never write them into the program), the last entry too'
    fi
fi
cat "$GRADE_WORK/hidden.note"
# A run stopped early (a program check) executes few instructions, but
# it made no pass: only a run that ended by itself is counted.
n=$(grade_value "$GRADE_WORK/err" instructions)
case $GRADE_RC in 0 | 3) ;; *) n= ;; esac   # 3: it ended, with a return code not 0
if ! grade_ok 1 'one pass: at most 10 instructions per entry, plus 80 (imprun --stats)' \
        test "${n:-999999}" -le 280; then
    if [ -n "$n" ]; then
        grade_note "it executed ${n:-an unknown number of} instructions for 20 entries"
    else
        grade_note 'the run on the grader'"'"'s table did not end by itself: its instructions are not counted'
    fi
fi
grade_eq 1 'return code 0' '0 0' "$rc1 $(grade_return_code "$GRADE_WORK/run.json")"
grade_eq 1 'tables of one sign: all negative, all positive' \
    "$(printf 'table negative:\nSUM -29\nMIN -12\nMAX -1\ntable positive:\nSUM 22\nMIN 2\nMAX 9')" \
    "$(cat "$GRADE_WORK/sign.out")" ||
    grade_note 'hint: start the minimum and the maximum at the first entry: a table of negative numbers has no 0 in it, nor one of positive numbers'
cat "$GRADE_WORK/sign.note"
