#!/bin/sh
# t1030: USING and DROP -- implicit addresses, several bases, DSECTs.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

test_expect_success 'USING *,12 after BALR' '
    printf "T        CSECT\n         BALR  12,0\n         USING *,12\n         L     1,X\nX        DC    F'"'"'5'"'"'\n         END\n" >u1.s &&
    impas u1.s && test "$(text u1.o)" = 05C05810C006000000000005
'
test_expect_success 'USING BASE,12,11 covers 8192 bytes, 4096 each' '
    cat >u2.s <<-\X &&
	T        CSECT
	         USING T,12,11
	         L     1,A
	         L     1,B
	         L     1,C
	A        DS    F
	         DS    XL4080
	B        DS    F
	         DS    XL4088
	C        DS    F
	         END
	X
    impas u2.s && test_grep "^TXT 1 000000 5810C00C5810B0005810BFFC" u2.o
'
test_expect_success 'the smallest displacement wins; a tie goes to the higher register' '
    cat >u3.s <<-\X &&
	T        CSECT
	         USING T,5
	         USING T+8,6
	         USING T+8,4
	         L     1,X
	         L     1,T+4
	X        DC    F'"'"'1'"'"'
	         END
	X
    impas u3.s && test_grep "^TXT 1 000000 58106000" u3.o &&
    test_grep "^TXT 1 000000 5810600058105004" u3.o
'
test_expect_success 'DSECT fields through USING DSECTNAME,R' '
    cat >u4.s <<-\X &&
	T        CSECT
	         USING REC,3
	         MVC   NAME,ADDR
	         L     1,NUM
	         LA    2,NEXT
	REC      DSECT
	NAME     DS    CL10
	ADDR     DS    CL10
	         DS    0F
	NUM      DS    F
	NEXT     EQU   *
	         END
	X
    impas u4.s && test_grep "^TXT 1 000000 D2093000300A5810301441203018" u4.o &&
    ! grep -q "^SYM.* NAME " u4.o && ! grep -q "^ESD.*REC" u4.o
'
test_expect_success 'DROP ends a USING; DROP with no operand drops all' '
    cat >u5.s <<-\X &&
	T        CSECT
	         USING T,12
	         DROP  12
	         L     1,T
	         USING T,12
	         USING T,11
	         DROP
	         L     1,T
	         END
	X
    test_must_fail impas u5.s 2>err &&
    test "$(grep -c "error: not addressable: no USING covers T+X.0." err)" = 2
'
test_expect_success 'DROP of an unused register warns' '
    printf "T        CSECT\n         DROP  9\n         END\n" >u6.s &&
    impas u6.s 2>err && test_grep "u6.s:2:16: warning: register 9 is not in use" err
'
test_expect_success 'absolute addresses 0-4095 need no USING (base 0)' '
    printf "T        CSECT\n         L     1,4095\n         LA    2,X\nX        EQU   100\n         MVC   16(4),32\n         END\n" >u7.s &&
    impas u7.s && test "$(text u7.o)" = 58100FFF41200064D20300100020
'
test_expect_success 'the base of a second CSECT reached through USING and XREF' '
    cat >u8.s <<-\X &&
	A        CSECT
	         USING B,11
	         L     1,BF
	B        CSECT
	BF       DC    F'"'"'3'"'"'
	         END
	X
    impas u8.s && test_grep "^ESD 2 SD B 000008 4" u8.o &&
    test_grep "^TXT 1 000000 5810B000" u8.o && test_grep "^XREF 1 000000 2" u8.o
'
test_expect_success 'out-of-range USING and bad registers are diagnosed' '
    printf "T        CSECT\n         USING T,16\n         USING EXT,3\n         EXTRN EXT\n         USING\n         END\n" >u9.s &&
    test_must_fail impas u9.s 2>err &&
    test_grep "u9.s:2:18: error: register 16 out of range" err &&
    test_grep "u9.s:3:16: error: USING base cannot be an external symbol" err &&
    test_grep "u9.s:5:10: error: USING needs a base address" err
'
test_expect_success 'not addressable with no USING at all: a note says how to begin one' '
    printf "T        CSECT\n         L     1,W\n         BR    14\nW        DC    F'"'"'1'"'"'\n         END\n" >u7.s &&
    test_must_fail impas u7.s 2>err &&
    test_grep "^u7.s:2:18: error: not addressable: no USING covers T+X.8.\$" err &&
    test_grep "^u7.s:2:18: note: no USING is in effect: load a base register and name it (BALR 12,0 then USING \*,12)\$" err
'
test_expect_success 'a label of another CSECT: the note says the USINGs are on the first' '
    cat >u8.s <<-\X &&
	MAIN     CSECT
	         BALR  12,0
	         USING *,12
	         BAL   14,SUB
	         BR    14
	SUB      CSECT
	         BR    14
	         END
	X
    test_must_fail impas u8.s 2>err &&
    test_grep "^u8.s:4:19: error: not addressable: no USING covers SUB+X.0.\$" err &&
    test_grep "^u8.s:4:19: note: the USINGs in effect are on MAIN; SUB is another control section: it needs a USING of its own (a routine there is called through a V-con)\$" err
'

test_expect_success 'USING *,12 before BALR 12,0: a warning on the BALR' '
    cat >u10.s <<-\X &&
	T        CSECT
	         USING *,12
	         BALR  12,0
	         BALR  11,0
	         USING *,11
	         BR    14
	         END
	X
    impas u10.s 2>err &&
    test_grep "^u10.s:3:16: warning: BALR 12,0 loads the address after itself, but the USING on register 12 names this BALR.s own: put the USING after it\$" err &&
    test $(grep -c "warning:" err) -eq 1
'

test_expect_success 'L 15,=V(SUB) under USING on 15: a warning if 15 forms an address after' '
    cat >u11.s <<-\X &&
	MAIN     CSECT
	         USING MAIN,15
	         STM   14,12,12(13)
	         L     15,=V(SUB)
	         BALR  14,15
	         MVI   FLAG,C'"'"'Y'"'"'
	         LM    14,12,12(13)
	         BR    14
	FLAG     DC    C'"'"'N'"'"'
	         LTORG
	SUB      CSECT
	         BR    14
	         END
	X
    impas u11.s 2>err &&
    test_grep "^u11.s:4:16: warning: register 15, the base of a USING, gets a routine.s address here, and line 6 forms an address through it after the call: keep the base in another register (LR 12,15 and a USING on 12 at the entry)\$" err &&
    test $(grep -c "warning:" err) -eq 1 &&
    sed "/MVI   FLAG/d" u11.s >u12.s &&
    impas u12.s 2>err && test ! -s err
'

test_done
