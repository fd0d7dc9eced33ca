#!/bin/sh
# t1110: the macro names students type from habit are IMP's library
# macros now: each expands to the instructions it stands for; a name the
# library lacks (STORAGE), or any of them with no library, still gets one
# error saying what to write instead.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

n=0
check_macro() {     # check_macro 'STATEMENT' HEX-OF-THE-SECTION
    n=$((n + 1))
    printf 'P        CSECT\n         USING P,15\n         %s\nA        DC    F'"'1'"'\nB        DC    F'"'2'"'\n         END\n' "$1" >m$n.s
    test_expect_success "$1 expands to $2" "
        impas m$n.s 2>err && ! test -s err &&
        echo $2 >expect && text m$n.o >actual && test_cmp expect actual
    "
}
check_macro 'SAVE  (14,12)'          90ECD00C0000000100000002
check_macro 'RETURN (14,12),RC=0'    98ECD00C41F0000007FE00000000000100000002
check_macro 'RETURN (14,12),T'       98ECD00C92FFD00F07FE00000000000100000002
check_macro 'YREGS'                  0000000100000002
check_macro "WTO   'HI'"             4110F00E410000020A2347F0F010C8C90000000100000002
check_macro 'ABEND 8'                411000080A0D00000000000100000002
check_macro 'CALL  SUB,(A,B),VL'     4510F00C000000148000001858F0F02005EF000000000001000000020000000000000000
check_macro 'GETMAIN R,LV=72'        410000480A0400000000000100000002
check_macro 'FREEMAIN R,LV=72,A=(1)' 410000480A0500000000000100000002
check_macro 'OPEN  (A,(INPUT))'      4110F0080A1300000000000100000002
check_macro 'CLOSE (A)'              4110F0080A1400000000000100000002
check_macro 'GET   A,B'              4110F02C4100F030500010100A1547B0F02AD5031020F0384770F02458F0101C12FF077FD500F03CF03D0000000000010000000200000000C5D6C47C0001
check_macro 'PUT   A,B'              4110F0104100F014500010100A1600000000000100000002
check_macro 'save  (14,12)'          90ECD00C0000000100000002

test_expect_success 'STORAGE, not in the library, gets one error that says what to use' '
    printf "P        CSECT\n         STORAGE OBTAIN,LENGTH=8\n         END\n" >s.s &&
    test_must_fail impas s.s 2>err && test $(grep -c error: err) = 1 &&
    test_grep "s.s:2:10: error: STORAGE is not in IMP.s macro library" err &&
    test_grep "GETMAIN R,LV=n" err
'
test_expect_success 'YREGS defines R0-R15 (and only once)' '
    cat >y.s <<-\X &&
	P        CSECT
	         YREGS
	         YREGS
	         STM   R14,R12,12(R13)
	         BR    R14
	         END
	X
    impas y.s && test "$(text y.o)" = 90ECD00C07FE
'
test_expect_success 'the name of a macro call goes on its first statement' '
    printf "P        CSECT\n         USING P,15\n         B     EXIT\nEXIT     RETURN (14,12)\n         END\n" >r.s &&
    impas r.s && test "$(text r.o)" = 47F0F00498ECD00C07FE
'
test_expect_success 'without a macro library, SAVE gets the old advice' '
    printf "P        CSECT\n         SAVE  (14,12)\n         END\n" >n.s &&
    mkdir -p alone/bin && cp "$IMP_BIN/impas" alone/bin/ &&
    test_must_fail env -u IMP_MACLIB alone/bin/impas n.s 2>err &&
    test $(grep -c error: err) = 1 &&
    test_grep "n.s:2:10: error: SAVE is a macro not found in the macro libraries" err &&
    test_grep "STM 14,12,12(13)" err
'
test_expect_success 'COPY REGS, the shipped member, gives R0-R15' '
    printf "         COPY  REGS\nP        CSECT\n         LR    R15,R0\n         BR    R14\n         END\n" >c.s &&
    impas -I "$IMP_TOP/vm/host/runtime" c.s && test "$(text c.o)" = 18F007FE
'
test_done
