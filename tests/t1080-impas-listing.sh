#!/bin/sh
# t1080: the listing -- golden file: locations, object code, addresses,
# statement numbers, literal pool, PRINT OFF, SPACE, EJECT, TITLE,
# cross-reference, summary; PRINT's other operands and the directives
# that take none.
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
# PRINT's operands, as HLASM's: DATA lists a constant whole (NODATA, the
# default, its first 8 bytes), NOMSOURCE leaves out the text of generated
# statements (their object code stays), NOPRINT the PRINT statement.
cat >print.s <<'X'
         MACRO
         TWO
         DC    C'GENERATED'
         MEND
P        CSECT
MSG1     DC    C'ABCDEFGHIJKLMNOP'
         PRINT DATA
MSG2     DC    C'ABCDEFGHIJKLMNOP'
         PRINT NODATA,NOPRINT
MSG3     DC    C'ABCDEFGHIJKLMNOP'
         TWO
         PRINT NOMSOURCE
         TWO
         PRINT MSOURCE,UHEAD,NOUHEAD,ON,,GEN
         END
X
test_expect_success 'PRINT NODATA (the default) lists a constant'"'"'s first 8 bytes, DATA all' '
    impas -l print.lst print.s 2>err && ! test -s err &&
    test_grep "^000000 C1C2C3C4C5C6C7C8 .* MSG1     DC" print.lst &&
    test_grep "^000010 C1C2C3C4C5C6C7C8 .* MSG2     DC" print.lst &&
    test "$(grep -c "^[0-9A-F]\{6\} C9D1D2D3D4D5D6D7\$" print.lst)" = 1 &&
    test_grep "^000018 C9D1D2D3D4D5D6D7\$" print.lst &&
    test_grep "^000020 C1C2C3C4C5C6C7C8 .* MSG3     DC" print.lst
'
test_expect_success 'PRINT NOPRINT leaves that PRINT out; the others are listed' '
    test_grep "PRINT DATA\$" print.lst &&
    ! grep -q "PRINT NODATA,NOPRINT" print.lst &&
    test_grep "PRINT MSOURCE,UHEAD" print.lst
'
test_expect_success 'PRINT NOMSOURCE keeps a generated statement'"'"'s code, not its text' '
    test "$(grep -c "DC    C.GENERATED." print.lst)" = 2 &&    # the model and one call
    test "$(grep -c "^[0-9A-F]\{6\} C7C5D5C5D9C1E3C5 .*[0-9]+ *\$" print.lst)" = 1
'
test_expect_success 'an unknown PRINT operand is a warning in GNU form; the rest apply' '
    printf "P        CSECT\n         PRINT NOGNE,OFF\n         DC    C'"'"'HIDDEN'"'"'\n         PRINT ON\n         PRINT\n         PRINT 5\n         END\n" >badprint.s &&
    impas -l badprint.lst badprint.s 2>err &&
    test_grep "^badprint.s:2:16: warning: unknown PRINT operand .NOGNE. ignored: PRINT takes ON, OFF, GEN," err &&
    test_grep "^badprint.s:5:10: warning: PRINT without an operand does nothing" err &&
    test_grep "^badprint.s:6:16: warning: unknown PRINT operand ignored" err &&
    test $(grep -c ": warning: " err) = 3 &&
    ! grep -q "HIDDEN" badprint.lst
'
test_expect_success 'CSECT, DSECT, LTORG and EJECT take no operand: a warning, a remark after a comma' '
    cat >noops.s <<-\X &&
	P        CSECT MAIN
	         LTORG =F'"'"'1'"'"'
	         EJECT 2
	D        DSECT ,      a remark after a comma
	Q        CSECT ,
	         LTORG
	         END
	X
    impas -o noops.o noops.s 2>err &&
    test_grep "^noops.s:1:16: warning: CSECT takes no operand: .MAIN. is ignored (a remark goes after a comma: .CSECT ,  remark.)" err &&
    test_grep "^noops.s:2:16: warning: LTORG takes no operand: .=F.1.. is ignored" err &&
    test_grep "^noops.s:3:16: warning: EJECT takes no operand: .2. is ignored" err &&
    test $(grep -c ": warning: " err) = 3
'
test_done
