#!/bin/sh
# t1110: the macro names students type from habit (impas has no macro
# library): exactly one error each, saying so and what to write instead.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

n=0
check_macro() {     # check_macro 'STATEMENT' 'advice in the message'
    n=$((n + 1))
    printf 'P        CSECT\n         %s\n         END\n' "$1" >m$n.s
    test_expect_success "$1: one error that says it is a macro: $2" "
        test_must_fail impas m$n.s 2>err && test \$(grep -c error: err) = 1 &&
        test_grep 'm$n.s:2:10: error: .* is a macro and impas has no macro library' err &&
        test_grep '$2' err
    "
}
check_macro 'SAVE  (14,12)'          'STM 14,12,12(13)'
check_macro 'RETURN (14,12),RC=0'    'LM 14,12,12(13)'
check_macro 'YREGS'                  'COPY REGS'
check_macro 'EQUREGS'                'COPY REGS'
check_macro "WTO   'HELLO'"          'DIAG 2,3,X.008.'
check_macro 'ABEND 8'                'DIAG 1,0,X.000.'
check_macro 'CALL  SUB,(A,B)'        'L 15,=V(name)'
check_macro 'STORAGE OBTAIN,LENGTH=8' 'DS'
check_macro 'GETMAIN R,LV=72'        'DS'
check_macro 'FREEMAIN R,LV=72,A=(1)' 'DS'
check_macro 'OPEN  (IN,(INPUT))'     'DIAG 1,0,X.020.'
check_macro 'CLOSE (IN)'             'DIAG 1,0,X.024.'
check_macro 'GET   IN,REC'           'DIAG 1,0,X.028.'
check_macro 'PUT   OUT,REC'          'DIAG 1,0,X.02C.'
check_macro 'DCB   DDNAME=IN,DSORG=PS' 'COPY IMPFCB'
check_macro 'save  (14,12)'          'STM 14,12,12(13)'

test_expect_success 'YREGS still defines R0-R15, so its error is the only one' '
    cat >y.s <<-\X &&
	P        CSECT
	         YREGS
	         STM   R14,R12,12(R13)
	         BALR  R12,0
	         USING *,R12
	         BR    R14
	         END
	X
    test_must_fail impas y.s 2>err && test $(grep -c error: err) = 1
'
test_expect_success 'the name of a macro statement is still defined' '
    printf "P        CSECT\n         USING P,15\n         B     EXIT\nEXIT     RETURN (14,12)\n         END\n" >r.s &&
    test_must_fail impas r.s 2>err && test $(grep -c error: err) = 1 &&
    test_grep "r.s:4:10: error: RETURN is a macro" err
'
test_expect_success 'COPY REGS, the shipped member, gives R0-R15' '
    printf "         COPY  REGS\nP        CSECT\n         LR    R15,R0\n         BR    R14\n         END\n" >c.s &&
    impas -I "$IMP_TOP/vm/host/runtime" c.s && test "$(text c.o)" = 18F007FE
'
test_done
