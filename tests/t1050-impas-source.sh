#!/bin/sh
# t1050: source format -- columns, comments, continuation, case, COPY.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

test_expect_success 'comments, remarks, blank lines, lower case, long names' '
    cat >s1.s <<-\X &&
	* a comment line
	.* another kind of comment

	a_very_long_symbol_name_with_@#$_characters_up_to_sixty_three_x csect
	         la    1,a_long_symbol_name_with_@#$_chars   remark
	         Br    14                   return
	a_long_symbol_name_with_@#$_chars equ 5
	         end
	X
    impas s1.s && test_grep "^ESD 1 SD A_VERY_LONG_SYMBOL_NAME_WITH_@#\$_CHARACTERS_UP_TO_SIXTY_THREE_X" s1.o &&
    test "$(text s1.o)" = 4110000507FE
'
test_expect_success 'a 64-character symbol is an error' '
    printf "T        CSECT\nA234567890123456789012345678901234567890123456789012345678901234 DS F\n         END\n" >s2.s &&
    test_must_fail impas s2.s 2>err && test_grep "s2.s:2:1: error: symbol A234567890123456789012345678901234567890123456789012345678901234 is longer than 63 characters (64)" err
'
test_expect_success 'continuation: column 72, resumes in column 16, after a comma' '
    { echo "T        CSECT" &&
      printf "%-71sX\n" "         DC    F'"'"'1'"'"'," &&
      echo "               F'"'"'2'"'"'" &&
      printf "%-71sX\n" "         DC    C'"'"'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZAB" &&
      echo "               EFG'"'"'" &&
      echo "         END"; } >s3.s &&
    impas s3.s && test "$(text s3.o)" = 0000000100000002C1C2C3C4C5C6C7C8C9D1D2D3D4D5D6D7D8D9E2E3E4E5E6E7E8E9C1C2C3C4C5C6C7C8C9D1D2D3D4D5D6D7D8D9E2E3E4E5E6E7E8E9C1C2C5C6C7 &&
    test_grep "^LINE 1 000008 0 4" s3.o
'
test_expect_success 'a remark running into column 72 over a normal line is not a continuation' '
    cat >s4.s <<-\X &&
	T        CSECT
	         STM   14,12,12(13)      save caller'"'"'s R14..R12 in caller'"'"'s area
	         BR    14
	         END
	X
    impas s4.s && test "$(text s4.o)" = 90ECD00C07FE
'
test_expect_success 'a continuation line that starts before column 16: one error at its start' '
    { echo "T        CSECT" &&
      printf "%-71sX\n" "         DC    C'"'"'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZAB" &&
      echo "         EFG'"'"'" &&
      printf "%-71sX\n" "         DC    F'"'"'1'"'"'," &&
      echo "            F'"'"'2'"'"'" &&
      echo "         END"; } >s4a.s &&
    test_must_fail impas s4a.s 2>err &&
    test_grep "^s4a.s:3:10: error: a continuation line must start in column 16, this one starts in column 10\$" err &&
    test_grep "^s4a.s:5:13: error: a continuation line must start in column 16, this one starts in column 13\$" err &&
    test $(grep -c "error:" err) -eq 2
'
test_expect_success 'twenty continuation lines that start in column 2: each is read whole' '
    { echo "T        CSECT" &&
      printf "%-71sX\n" "         DC    C'"'"'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" &&
      for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do
          printf " %070dX\n" 0; done &&
      echo " 1'"'"'" && echo "         END"; } >s4d.s &&
    test_must_fail impas s4d.s 2>err &&
    test $(grep -c "error: a continuation line must start in column 16, this one starts in column 2\$" err) -eq 20 &&
    test $(grep -c "error:" err) -eq 20
'
test_expect_success 'a quote in a remark (L-attribute in the operands) cuts off nothing' '
    { echo "T        CSECT" &&
      printf "%-71sX\n" "         LA    1,L'"'"'T             the length'"'"'s remark" &&
      echo "         BR    14" &&
      echo "         END"; } >s4b.s &&
    impas s4b.s && test "$(text s4b.o)" = 4110000107FE
'
test_expect_success 'a statement cut off with column 72 blank: a warning on column 72' '
    { echo "T        CSECT" &&
      printf "%-71s\n" "         DC    C'"'"'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZAB" &&
      echo "               EFG'"'"'" &&
      printf "%-71s \n" "         DC    F'"'"'1'"'"',F'"'"'2'"'"'" &&
      echo "               LR    1,2" &&
      echo "         END"; } >s4c.s &&
    test_must_fail impas s4c.s 2>err &&
    test_grep "^s4c.s:2:72: warning: the statement goes on, but column 72 is blank: line 3 is not its continuation (a non-blank in column 72 continues a statement)\$" err &&
    test_grep "^s4c.s:2:17: error: unterminated string" err &&
    test $(grep -c "warning:" err) -eq 1
'
test_expect_success 'continuation at the end of the file is an error' '
    printf "T        CSECT\n%-71sX\n" "         DC    F'"'"'1'"'"'," >s5.s &&
    test_must_fail impas s5.s 2>err && test_grep "continuation indicated in column 72, but the file ends" err
'
test_expect_success 'tabs expand to columns of 8' '
    printf "T\tCSECT\n\tLR\t1,2\n\tEND\n" >s6.s && impas s6.s && test "$(text s6.o)" = 1812
'
test_expect_success 'statements after END are ignored with a warning' '
    printf "T        CSECT\n         BR    14\n         END\n         LR    1,2\n" >s7.s &&
    impas s7.s 2>err && test "$(text s7.o)" = 07FE &&
    test_grep "warning: statements after END are ignored (from line 4)" err
'
test_expect_success 'a missing END is a warning' '
    printf "T        CSECT\n         BR    14\n" >s8.s && impas s8.s 2>err &&
    test_grep "s8.s:2: warning: no END statement" err
'
test_expect_success 'a missing END after a COPY last: told at the COPY, not in the member' '
    mkdir -p s9lib && printf "N        DC    F'"'"'1'"'"'\n" >s9lib/NUMS.s &&
    printf "T        CSECT\n         BR    14\n         COPY  NUMS\n" >s9.s &&
    impas -I s9lib s9.s 2>err &&
    test_grep "^s9.s:3: warning: no END statement" err &&
    ! grep -q "NUMS.s:.*no END" err
'
test_expect_success 'COPY: the source directory first, then -I, with lower-case and .s names' '
    mkdir -p src inc && printf "X        DC    F'"'"'1'"'"'\n" >src/MEMBER &&
    printf "Y        DC    F'"'"'2'"'"'\n" >inc/other.s &&
    printf "Z        DC    F'"'"'3'"'"'\n" >inc/MEMBER &&
    printf "T        CSECT\n         COPY  MEMBER\n         COPY  OTHER\n         END\n" >src/main.s &&
    impas -I inc src/main.s && test "$(text main.o)" = 0000000100000002 &&
    test_grep "^FILE 1 src/MEMBER" main.o && test_grep "^FILE 2 inc/other.s" main.o &&
    test_grep "^LINE 1 000000 1 1" main.o && test_grep "^LINE 1 000004 2 1" main.o
'
test_expect_success 'errors in a COPY member name the member file and line' '
    printf "         LR    1,99\n" >inc/BADM.s &&
    printf "T        CSECT\n         COPY  BADM\n         END\n" >cb.s &&
    test_must_fail impas -I inc cb.s 2>err && test_grep "inc/BADM.s:1:18: error: register 99" err
'
test_expect_success 'a missing COPY member is an error' '
    printf "T        CSECT\n         COPY  NOSUCH\n         END\n" >cm.s &&
    test_must_fail impas cm.s 2>err && test_grep "cm.s:2:16: error: COPY member NOSUCH not found" err
'
test_expect_success 'recursive COPY stops at the depth limit' '
    printf "         COPY  LOOP\n" >LOOP.s && printf "T        CSECT\n         COPY  LOOP\n         END\n" >cr.s &&
    test_must_fail impas cr.s 2>err && test_grep "COPY nested more than 16 deep" err
'
test_expect_success 'a source read from a pipe assembles as the same file does' '
    printf "T        CSECT\r\n         LR    1,2\n* tab\tin a remark\n         DC    C'"'"'AB'"'"'\n         LR    1,99\n         END" >p.s &&
    test_must_fail impas -o f.o -l f.lst p.s 2>f.err &&
    test_must_fail impas -o p.o -l p.lst /dev/stdin <p.s 2>p.err &&
    sed "s|/dev/stdin|p.s|g" p.err >p2.err && test_cmp f.err p2.err &&
    test_grep "p.s:5:18: error: register 99" f.err &&
    sed "s|/dev/stdin|p.s|g" p.lst >p2.lst && test_cmp f.lst p2.lst
'
test_expect_success 'a long line, a control character and a last line without newline' '
    { printf "T        CSECT\n         LR    1,2   %0200d\n" 0 &&
      printf "         LR    1,\0012\n         BR    14" ; } >lc.s &&
    test_must_fail impas -l lc.lst lc.s 2>err &&
    test_grep "lc.s:3:18: error: invalid character" err &&
    test_grep "BR    14" lc.lst
'
test_expect_success 'a large source: its text given back and read again, the same as from a pipe' '
    awk "BEGIN { print \"BIG      CSECT\"; for (i = 0; i < 40000; i++) { k = i % 3;
        if (k == 0) printf \"L%05d   LA    %d,%d(%d)\\n\", i, i % 16, i % 4096, i % 15 + 1;
        else if (k == 1) printf \"L%05d   LR    %d,%d+1\\n\", i, i % 16, i % 15;
        else printf \"L%05d   DC    A(L%05d+%d)\\n\", i, (i * 7) % 40000, i % 8 };
        print \"         END\" }" >large.s &&
    test "$(wc -l <large.s)" -eq 40002 &&
    impas -l large.lst -o large.o large.s &&
    cat large.s | impas -l pipe.lst -o pipe.o /dev/stdin &&
    test_grep "^FILE 0 large.s" large.o &&
    sed /^FILE/d large.o >a && sed /^FILE/d pipe.o >b && test_cmp a b &&
    test_cmp large.lst pipe.lst &&
    test_grep "18D8 .*L39997   LR    13,7+1" large.lst
'
test_done
