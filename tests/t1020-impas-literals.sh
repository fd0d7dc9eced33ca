#!/bin/sh
# t1020: literals -- pooling at LTORG and END, sharing, HLASM ordering.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

test_expect_success 'LTORG pool: doubleword aligned, ordered 8/4/2/1, duplicates shared' '
    cat >lit.s <<-\X &&
	T        CSECT
	         USING *,12
	         MVC   0(1,1),=C'"'"'A'"'"'
	         LH    1,=H'"'"'2'"'"'
	         L     1,=F'"'"'1'"'"'
	         L     2,=F'"'"'1'"'"'
	         MVC   0(8,1),=XL8'"'"'1122334455667788'"'"'
	         LTORG
	         END
	X
    impas lit.s &&
    text lit.o >actual &&
    echo D2001000C0264810C0245810C0205820C020D2071000C0181122334455667788000000010002C1 >expect &&
    test_cmp expect actual
'
test_expect_success 'literals after the last LTORG go to the END pool' '
    cat >lit2.s <<-\X &&
	T        CSECT
	         USING *,12
	         L     1,=F'"'"'1'"'"'
	         LTORG
	         L     1,=F'"'"'1'"'"'
	         END
	X
    impas lit2.s && text lit2.o >actual &&
    echo 5810C00800000000000000015810C01000000001 >expect && test_cmp expect actual
'
test_expect_success 'the END pool of a multi-CSECT assembly is in the first CSECT' '
    cat >lit3.s <<-\X &&
	A        CSECT
	         BR    14
	B        CSECT
	         USING A,12
	         L     1,=F'"'"'7'"'"'
	         END
	X
    impas lit3.s && test_grep "^ESD 1 SD A 000000 C" lit3.o &&
    test_grep "^ESD 2 SD B 000010 4" lit3.o &&
    test_grep "^TXT 1 000008 00000007" lit3.o && test_grep "^TXT 2 000010 5810C008" lit3.o
'
test_expect_success 'address and V literals make RLDs in the pool' '
    cat >lit4.s <<-\X &&
	T        CSECT
	         USING *,12
	         L     15,=V(SUB)
	         L     1,=A(T+4)
	         L     2,=Y(T)
	         END
	X
    impas lit4.s && test_grep "^RLD 1 000010 4 2 2" lit4.o &&
    test_grep "^RLD 1 000014 4 0 1" lit4.o && test_grep "^RLD 1 000018 2 0 1" lit4.o &&
    test_grep "^TXT 1 000010 0000000000000004" lit4.o
'
test_expect_success 'length attribute of a literal sets the implicit SS length' '
    printf "T        CSECT\n         USING *,12\n         CLC   0(3,1),=C'"'"'XYZ'"'"'\n         MVC   0(1,1),=C'"'"'XYZ'"'"'\n         END\n" >lit5.s &&
    impas lit5.s && test_grep "^TXT 1 000000 D5021000C010D2001000C010" lit5.o
'
test_expect_success 'a literal that is not addressable is an error' '
    printf "T        CSECT\n         L     1,=F'"'"'1'"'"'\n         END\n" >lit6.s &&
    test_must_fail impas lit6.s 2>err && test_grep "lit6.s:2:18: error: not addressable" err
'
test_expect_success 'literals that mention the location counter are never shared' '
    cat >loclit.s <<-\X &&
	T        CSECT
	         USING *,12
	         L     1,=A(*)
	         L     2,=A(*)
	         L     3,=A(*+8)
	         L     4,=A(*+8)
	         L     5,=F'"'"'1'"'"'
	         L     6,=F'"'"'1'"'"'
	         LTORG
	         END
	X
    impas loclit.s && text loclit.o >actual &&
    echo 5810C0185820C01C5830C0205840C0245850C0285860C028$(
        )0000000000000004000000100000001400000001 >expect &&
    test_cmp expect actual &&
    test $(grep -c "^RLD 1 0000[12][048C] 4 0 1" loclit.o) = 4
'
test_expect_success '=Y(L'"'"'*) takes the length of each statement that uses it' '
    cat >loclit2.s <<-\X &&
	T        CSECT
	         USING *,12
	         LH    1,=Y(L'"'"'*)
	         MVC   0(6,1),=Y(L'"'"'*)
	         LTORG
	         END
	X
    impas loclit2.s && text loclit2.o >actual &&
    echo 4810C010D2051000C01200000000000000040006 >expect &&
    test_cmp expect actual
'
test_expect_success 'a literal where a register goes: the storage form is named' '
    cat >litreg.s <<-\X &&
	T        CSECT
	         USING T,15
	         AR    1,=F'"'"'1'"'"'
	         BCTR  =F'"'"'1'"'"',0
	         A     1,=F'"'"'1'"'"'
	         BR    14
	         END
	X
    test_must_fail impas litreg.s 2>err &&
    test_grep "^litreg.s:3:18: error: a literal is a constant in storage, not a register: AR takes registers; A takes a storage operand\$" err &&
    test_grep "^litreg.s:4:16: error: a literal is a constant in storage, not a register\$" err &&
    test $(grep -c "error:" err) -eq 2
'
test_expect_success 'an instruction that stores into a literal: a warning' '
    cat >litst.s <<-\X &&
	T        CSECT
	         USING T,15
	         MVC   =CL2'"'"'AB'"'"',X
	         ST    1,=F'"'"'1'"'"'
	         AP    =P'"'"'1'"'"',=P'"'"'2'"'"'
	         MVC   X,=CL2'"'"'AB'"'"'
	         CLC   =CL2'"'"'AB'"'"',X
	         L     1,=F'"'"'1'"'"'
	         BR    14
	X        DS    CL2
	         END
	X
    impas litst.s 2>err &&
    test_grep "^litst.s:3:16: warning: MVC stores into a literal: a literal is a constant, shared by every statement that names it; store into a field of your own (DS)\$" err &&
    test_grep "^litst.s:4:18: warning: ST stores into a literal" err &&
    test_grep "^litst.s:5:16: warning: AP stores into a literal" err &&
    test $(grep -c "warning:" err) -eq 3
'
test_done
