#!/bin/sh
# t4597: the run-time mistakes of a first course (ASSIST-style programs
# run by imprun), and what the abend report says about each: the line of
# the cause, what happened in words, and what to check.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# A loop that prints a table of numbers; the BR 14 after it is missing,
# so the program runs on into CARD, whose bytes (the last card read)
# decode as MVO with operands in low storage.
cat >falloff.s <<'SRC'
FALL     CSECT
         USING FALL,15
         LA    4,3
READ     XREAD CARD,80
         BC    4,FINISH
         BCT   4,READ
FINISH   DS    0H
CARD     DS    CL80
         END   FALL
$ENTRY
19
SRC

test_expect_success 'running into a DS: the report shows the DS line, not the line before' '
    { imprun falloff.s >out 2>err; test $? -eq 4; } &&
    test_grep "^  at X.\{8\} FALL+X.[0-9A-F]*. (falloff.s:8): MVO" err &&
    test_grep "^      8 | CARD     DS    CL80\$" err &&
    ! grep -q "BCT   4,READ\$" err
'

test_done
