#!/bin/sh
# t1080: the listing -- golden file: locations, object code, addresses,
# statement numbers, literal pool, PRINT OFF, SPACE, EJECT, TITLE,
# cross-reference, summary.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'listing golden file' '
    cp "$TEST_DIR/golden/asm-listing.s" listing.s &&
    impas -l listing.lst listing.s &&
    test_cmp "$TEST_DIR/golden/asm-listing.lst" listing.lst
'
test_expect_success 'the listing is deterministic' '
    impas -l again.lst listing.s && test_cmp listing.lst again.lst
'
test_expect_success 'a listing is still written when the source has errors' '
    printf "T        CSECT\n         LR    1,99\n         END\n" >bad.s &&
    test_must_fail impas -l bad.lst bad.s 2>/dev/null &&
    test_grep "^\*\* error: register 99 out of range" bad.lst && test_grep "1 error, 0 warnings" bad.lst
'
test_expect_success 'long pages break with a heading' '
    { echo "T        CSECT"; i=0; while [ $i -lt 130 ]; do echo "         LR    1,2"; i=$((i + 1)); done &&
      echo "         END"; } >long.s &&
    impas -l long.lst long.s && test "$(grep -c "Page " long.lst)" = 4
'
test_done
