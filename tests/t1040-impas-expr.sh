#!/bin/sh
# t1040: expressions -- terms, operators, attributes, relocatability.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

n=0
check_val() {   # check_val EXPR HEX: DC A(EXPR) must assemble to HEX
    n=$((n + 1))
    printf 'T        CSECT\nS        DS    CL6\nE        EQU   S+6\nW        EQU   10,3\n         DC    A(%s)\n         END\n' "$1" >e$n.s
    test_expect_success "A($1) = $2" "impas e$n.s && text e$n.o | cut -c17- >actual &&
        echo $2 >expect && test_cmp expect actual"
}
check_val '1+2*3'            00000007
check_val '(1+2)*3'          00000009
check_val '7/2'              00000003
check_val '-7/2'             FFFFFFFD
check_val '5/0'              00000000
check_val '-(-(4))'          00000004
check_val "X'7FFFFFFF'"      7FFFFFFF
check_val "X'FFFFFFFF'"      FFFFFFFF
check_val "B'1010'+C'A'"     000000CB
check_val "C'AB'"            0000C1C2
check_val "L'S+L'W"          00000009
check_val 'E-S'              00000006
check_val '*-S'              00000008
check_val 'W*W'              00000064

test_expect_success 'a relocatable A-con gets an RLD; rel-rel in one section does not' '
    printf "T        CSECT\nX        DC    A(X+4,X-T,T)\n         END\n" >r1.s && impas r1.s &&
    test "$(grep -c ^RLD r1.o)" = 2 && test_grep "^RLD 1 000000 4 0 1" r1.o &&
    test_grep "^RLD 1 000008 4 0 1" r1.o && test "$(text r1.o)" = 000000040000000000000000
'
test_expect_success 'complex relocatable A(X-Y) across sections: two RLDs, one negative' '
    cat >r2.s <<-\X &&
	A        CSECT
	         DC    A(BX-A)
	         DC    A(EXT-BX)
	B        CSECT
	BX       DC    F'"'"'0'"'"'
	         EXTRN EXT
	         END
	X
    impas r2.s && test_grep "^RLD 1 000000 4 0 2" r2.o && test_grep "^RLD 1 000000 4 1 1" r2.o &&
    test_grep "^RLD 1 000004 4 0 3" r2.o && test_grep "^RLD 1 000004 4 1 2" r2.o &&
    test "$(text r2.o | cut -c1-16)" = 00000008FFFFFFF8 &&
    test_grep "^XREF 1 000000 2" r2.o && test_grep "^XREF 1 000004 3" r2.o
'
test_expect_success 'EQU: forward references, length attribute operand, type' '
    cat >q.s <<-\X &&
	T        CSECT
	A        EQU   B+1
	B        EQU   C-T
	C        DS    XL3
	D        EQU   C,2
	         DC    AL1(A,L'"'"'D,L'"'"'C)
	         END
	X
    impas q.s && test "$(text q.o)" = 000000010203 &&
    test_grep "^SYM 1 D 000000 2 U" q.o
'
test_expect_success 'relocatability errors' '
    cat >bad.s <<-\X &&
	T        CSECT
	A        DS    F
	         DC    A(A*2)
	         DC    A(A/2)
	         DC    A(A+A)
	         DC    Y(-A-70000)
	         LA    1,A-T(A)
	X        EQU   A+T
	         ORG   5
	Y        EQU   Z
	Z        EQU   Y
	         DC    A(Y)
	         DC    A(2147483647+1)
	         END
	X
    test_must_fail impas bad.s 2>err &&
    test_grep "bad.s:3:19: error: relocatable term in multiplication" err &&
    test_grep "bad.s:4:19: error: relocatable term in division" err &&
    test_grep "bad.s:5:19: error: relocatable term may appear only as +X or -X" err &&
    test_grep "bad.s:6:[0-9]*: error: address constant value does not fit" err &&
    test_grep "bad.s:7:22: error: absolute expression required" err &&
    test_grep "bad.s:8:17: error: EQU value must be absolute or simply relocatable" err &&
    test_grep "bad.s:9:16: error: ORG operand must be an address in the current section" err &&
    test_grep "bad.s:10:16: error: circular definition of Z" err &&
    test_grep "bad.s:13:28: error: arithmetic overflow" err
'
# contline TEXT: TEXT cut into HLASM continuation lines (col 72 'X', resume col 16)
contline() {
    awk -v t="$1" 'BEGIN { first = substr(t, 1, 71); t = substr(t, 72);
        if (t == "") { print first; exit }
        printf "%s%s\n", first, "X";
        while (length(t) > 56) { printf "               %sX\n", substr(t, 1, 56); t = substr(t, 57) }
        printf "               %s\n", t }'
}
test_expect_success 'deep parentheses over continuation lines' '
    p=""; q=""; i=0; while [ $i -lt 400 ]; do p="$p("; q="$q)"; i=$((i + 1)); done &&
    { echo "T        CSECT"; contline "         DC    A($p-1$q)"; echo "         END"; } >deep.s &&
    impas deep.s && test "$(text deep.o)" = FFFFFFFF
'
test_expect_success 'too many continuation lines is an error, not a crash' '
    p=""; i=0; while [ $i -lt 2000 ]; do p="$p("; i=$((i + 1)); done &&
    { echo "T        CSECT"; contline "         DC    A($p"; echo "         END"; } >deeper.s &&
    test_must_fail impas deeper.s 2>err && test_grep "more than 20 continuation lines" err
'
test_done
