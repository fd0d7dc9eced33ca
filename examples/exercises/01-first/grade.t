#!/bin/sh
# grade.t -- exercise 01-first: a greeting, the program's length, and
# its listing.  Run by impgrade(1), or:
#   SUBMISSION=DIR IMP_BIN=bin prove examples/exercises/01-first/grade.t
. "$(dirname "$0")/../lib/grade.sh"

grade_plan 6
grade_build || grade_skip_rest 'FIRST.s does not assemble and link: fix the errors below first'
grade_run --stats --json=run.json

grade_clean_listing 2 'assembles with no errors and no warnings' "$GRADE_WORK/FIRST.lst" ||
    grade_note 'hint: the last line of the listing (FIRST.lst) counts them; each is marked above it'

grade_match 1 'the program is a CSECT named FIRST' "$GRADE_WORK/prog.map" '^FIRST +[0-9A-F]{6} ' ||
    grade_note 'hint: FIRST    CSECT, as the first statement that makes code'

grade_eq 3 'the first line is the greeting' 'Hello, IMP!' "$(sed -n 1p "$GRADE_WORK/out")" ||
    grade_note 'hint: PUTLINE writes R0 bytes at R1 and a newline; L'"'"'HELLO is its length'

# The length the linkage editor gives the CSECT (hexadecimal in the map).
# shellcheck disable=SC2046  # the map line's fields
set -- $(grade_value "$GRADE_WORK/prog.map" FIRST) 0 0
len=$((0x$2))
grade_eq 3 'the second line gives the CSECT length, as the map and listing show it' \
    "FIRST is $len bytes long" "$(sed -n 2p "$GRADE_WORK/out")" ||
    grade_note 'hint: let the assembler count: LENGTH EQU *-FIRST after the last constant'

grade_eq 2 'return code 0' 0 "$(grade_return_code "$GRADE_WORK/run.json")" ||
    grade_note 'hint: R15 holds the return code at BR 14; on entry it holds the address of FIRST'

# A run stopped early (a program check) executes few instructions, but
# it did not do the work: only a run that ended by itself is counted.
n=$(grade_value "$GRADE_WORK/err" instructions)
case $GRADE_RC in 0 | 3) ;; *) n= ;; esac   # 3: it ended, with a return code not 0
if ! grade_ok 1 'at most 40 instructions executed (imprun --stats)' test "${n:-999999}" -le 40; then
    if [ -n "$n" ]; then
        grade_note "it executed ${n:-an unknown number of} instructions: straight-line code needs no loop"
    else
        grade_note 'the run did not end by itself (see above): its instructions are not counted'
    fi
fi
