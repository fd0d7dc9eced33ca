#!/bin/sh
# t1070: diagnostics -- message, line, column, source line and caret for
# every class of error and warning (golden file), and binary junk.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'diagnostics golden file' '
    cp "$TEST_DIR/golden/asm-diag.s" diag.s &&
    test_must_fail impas diag.s 2>actual &&
    test_cmp "$TEST_DIR/golden/asm-diag.err" actual
'
test_expect_success 'the listing shows each diagnostic after its statement' '
    test_must_fail impas -l diag.lst diag.s 2>/dev/null &&
    grep -A3 "LR    16,1" diag.lst >got && test_grep "^\*\* error: register 16 out of range" got &&
    test_grep "16 errors, 2 warnings" diag.lst
'
test_expect_success 'control characters and NUL bytes are reported, not fatal' '
    printf "T        CSECT\n         LR    1,2\001\n         DC    C'"'"'A\000B'"'"'\n         END\n" >bin.s &&
    test_must_fail impas bin.s 2>err &&
    test_grep "bin.s:2:19: error: invalid character (control character or binary data) in line 2" err &&
    test_grep "bin.s:3:19: error: invalid character" err
'
test_expect_success 'a binary file is given up after a few lines' '
    awk "BEGIN { for (i = 0; i < 200; i++) printf \"%c%c%c\\n\", 1, 2, 3 }" >junk.s &&
    test_must_fail impas junk.s 2>err && test_grep "too much binary data" err &&
    test "$(grep -c "error:" err)" -le 12
'
test_done
