#!/bin/sh
# t1192: the assembly errors a first course makes, and what impas says
# about them: each message names the line of the cause and what to do.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

test_expect_success 'BAL to a routine assembled on its own: undefined, and the V-con named' '
    cat >main.s <<-\X &&
	MAIN     CSECT
	         USING MAIN,15
	         BAL   14,STATS
	         BR    14
	         END   MAIN
	X
    test_must_fail impas main.s 2>err &&
    test_grep "^main.s:3:19: error: undefined symbol STATS\$" err &&
    test_grep "^main.s:3:19: note: if STATS is a routine in another CSECT, assembled on its own, a branch cannot name it: call it through a V-type constant (L 15,=V(STATS) then BALR 14,15) and link the two with impld" err
'

test_expect_success '=A(routine) of another assembly: the note says a V-con, not an A-con' '
    printf "MAIN     CSECT\n         USING MAIN,15\n         L     15,=A(STATS)\n         BALR  14,15\n         END   MAIN\n" >acon.s &&
    test_must_fail impas acon.s 2>err &&
    test_grep "^acon.s:3:22: error: undefined symbol STATS\$" err &&
    test_grep "^acon.s:3:22: note: if STATS is a routine in another CSECT, assembled on its own, an A-type constant cannot name it" err
'

test_expect_success 'a misspelt branch target gets "did you mean", not the V-con note' '
    printf "MAIN     CSECT\n         USING MAIN,15\nLOOP     B     LOPP\n         END   MAIN\n" >slip.s &&
    test_must_fail impas slip.s 2>err &&
    test_grep "^slip.s:3:16: error: undefined symbol LOPP; did you mean LOOP?\$" err &&
    ! grep -q "V-type" err
'

test_expect_success 'an undefined operand of an instruction that calls nothing: no V-con note' '
    printf "MAIN     CSECT\n         USING MAIN,15\n         L     2,COUNTER\n         END   MAIN\n" >nocall.s &&
    test_must_fail impas nocall.s 2>err &&
    test_grep "^nocall.s:3:18: error: undefined symbol COUNTER\$" err &&
    ! grep -q "V-type" err
'

test_expect_success 'no USING at all: every statement is an error, the note comes once' '
    printf "P        CSECT\n         L     2,A\n         ST    2,B\n         MVC   A,B\n         BR    14\nA        DC    F%s\nB        DS    F\n         END   P\n" "'"'"'1'"'"'" >nouse.s &&
    test_must_fail impas nouse.s 2>err &&
    test $(grep -c ": error: not addressable: no USING covers" err) = 4 &&
    test $(grep -c ": note: no USING is in effect" err) = 1 &&
    test_grep "^nouse.s:2:18: note: no USING is in effect: load a base register and name it (BALR 12,0 then USING \*,12)\$" err
'

test_expect_success 'CLC CARD,=C'"'"'EOF'"'"' and MVC LINE,=C'"'"' '"'"': a warning with both lengths' '
    cat >clc.s <<-\X &&
	C        CSECT
	         USING C,15
	         CLC   CARD,=C'"'"'EOF'"'"'
	         MVC   LINE,=C'"'"' '"'"'
	         BR    14
	CARD     DS    CL80
	LINE     DS    CL20
	         END   C
	X
    impas clc.s 2>err &&
    test_grep "^clc.s:3:21: warning: CLC takes its length, 80, from CARD, but the literal =C.EOF. has 3 bytes: the 77 after it in the literal pool take part; write the length (CARD(3)) or make the literal as long\$" err &&
    test_grep "^clc.s:4:21: warning: MVC takes its length, 20, from LINE, but the literal =C. . has 1 byte: the 19 after it" err
'

test_expect_success 'a length written, or a literal as long: no warning' '
    cat >clcok.s <<-\X &&
	C        CSECT
	         USING C,15
	         CLC   CARD(3),=C'"'"'EOF'"'"'
	         MVC   LINE,=CL20'"'"' '"'"'
	         MVC   LINE,=20C'"'"'*'"'"'
	         MVC   LINE(1),=C'"'"' '"'"'
	         CLC   LINE(4),=F'"'"'1'"'"'
	         BR    14
	CARD     DS    CL80
	LINE     DS    CL20
	         END   C
	X
    impas clcok.s 2>err &&
    ! test -s err
'

test_done
