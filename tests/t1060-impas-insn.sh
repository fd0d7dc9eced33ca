#!/bin/sh
# t1060: instructions -- every operand shape and form, checked byte for
# byte against encodings worked out by hand from the Principles of
# Operation (the GNU as cross-check of every instruction is t1900).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

n=0
check() {   # check 'STATEMENT' HEX
    n=$((n + 1))
    printf 'T        CSECT\n         %s\n         END\n' "$1" >i$n.s
    test_expect_success "$1 = $2" "impas i$n.s && echo $2 >expect && text i$n.o >actual &&
        test_cmp expect actual"
}
# RR and its variants
check 'LR    1,2'              1812
check 'MVCL  2,4'              0E24
check 'SPM   5'                0450
check 'SVC   12'               0A0C
check 'BCR   8,14'             078E
# RX: D(X,B), D(,B), D(X) is the index (HLASM), D alone
check 'L     1,8(2,3)'         58123008
check 'L     1,8(,3)'          58103008
check 'L     1,8(3)'           58130008
check 'L     1,4095'           58100FFF
check 'LA    1,0(1)'           41110000
check 'ST    14,X'"'"'FF'"'"'(15,13)'  50EFD0FF
check 'BC    15,4(,14)'        47F0E004
# RS, RS-SH, RS-M
check 'STM   14,12,12(13)'     90ECD00C
check 'LM    0,15,0(1)'        980F1000
check 'SLL   5,3'              89500003
check 'SRDA  4,32(7)'          8E407020
check 'ICM   3,B'"'"'1010'"'"',2(4)'   BF3A4002
check 'DIAG  2,3,X'"'"'008'"'"'' 83230008
# SI, S, S2
check 'MVI   0(1),X'"'"'40'"'"''   92401000
check 'CLI   5(12),C'"'"'A'"'"''   95C1C005
check 'TM    16,1'             91010010
check 'TS    0(2)'             93002000
check 'LPSW  8(1)'             82001008
check 'STCK  16(15)'           B205F010
check 'EIAS  0(3)'             B2E03000
# SS-L: D(L,B), explicit length 0, D(,B)
check 'MVC   0(8,1),0(2)'      D20710002000
check 'MVC   0(0,1),0(2)'      D20010002000
check 'MVC   0(1,1),0(2)'      D20010002000
check 'MVC   0(256,1),4(2)'    D2FF10002004
check 'CLC   1(2,3),4(5)'      D50130015004
check 'TR    0(,1),0(2)'       DC0010002000
# SS-LL, SS-I3
check 'PACK  0(8,1),0(3,2)'    F27210002000
check 'AP    10(16,1),12(1,2)' FAF0100A200C
check 'SRP   0(3,1),61,5'      F0251000003D
# extended mnemonics: masks of ISA.md, RX and RR forms
for m in 'B 15 F' 'NOP 0 0' 'BO 1 1' 'BH 2 2' 'BP 2 2' 'BL 4 4' 'BM 4 4' 'BNE 7 7' \
         'BNZ 7 7' 'BE 8 8' 'BZ 8 8' 'BNL 11 B' 'BNM 11 B' 'BNH 13 D' 'BNP 13 D' \
         'BNO 14 E'; do
    set -- $m
    check "$1 8(,12)" "47${3}0C008"
    check "${1}R 14" "07${3}E"
done
check 'B     8(9,12)'          47F9C008
test_expect_success 'implicit SS lengths come from the first operand' '
    cat >ss.s <<-\X &&
	T        CSECT
	         USING *,12
	         MVC   A,B
	         MVC   A(2),B
	         ZAP   P1,P2
	         MVC   A+1(L'"'"'A-1),A
	A        DS    CL5
	B        DS    CL9
	P1       DS    PL8
	P2       DS    PL3
	         END
	X
    impas ss.s && text ss.o | cut -c1-48 >actual &&
    echo D204C018C01DD201C018C01DF872C026C02ED203C019C018 >expect && test_cmp expect actual
'
test_expect_success 'operand range errors' '
    cat >r.s <<-\X &&
	T        CSECT
	         LR    1,16
	         LR    -1,1
	         SVC   256
	         MVI   0(1),256
	         L     1,4096(1,2)
	         L     1,8(16,1)
	         MVC   0(257,1),0(2)
	         PACK  0(17,1),0(2,2)
	         BC    16,0(1)
	         SLL   1,2(3,4)
	         SRP   0(3,1),0,16
	         END
	X
    test_must_fail impas r.s 2>err &&
    test_grep "r.s:2:18: error: register 16 out of range (0-15)" err &&
    test_grep "r.s:3:16: error: register -1 out of range" err &&
    test_grep "r.s:4:16: error: SVC number 256 (X.100.) out of range (0-255)" err &&
    test_grep "r.s:5:21: error: immediate value 256 (X.100.) out of range (0-255)" err &&
    test_grep "r.s:6:18: error: displacement 4096 out of range (0-4095)" err &&
    test_grep "r.s:7:20: error: index register 16 out of range" err &&
    test_grep "r.s:8:18: error: length 257 out of range (0-256)" err &&
    test_grep "r.s:9:18: error: length 17 out of range (0-16)" err &&
    test_grep "r.s:10:16: error: mask 16 out of range" err &&
    test_grep "r.s:11:20: error: this operand is D(B): an index or length is not allowed" err &&
    test_grep "r.s:12:25: error: rounding digit 16 out of range" err
'
test_expect_success 'odd registers of even-odd pairs warn (F_PAIR flags)' '
    printf "T        CSECT\n         M     3,0(1)\n         DR    5,2\n         MVCL  2,5\n         SRDL  1,1\n         CDS   2,3,0(4)\n         MR    2,3\n         END\n" >p.s &&
    impas p.s 2>err && test "$(grep -c warning: err)" = 5 &&
    test_grep "p.s:4:18: warning: MVCL needs an even register" err &&
    test_grep "p.s:6:18: warning: CDS needs an even register" err
'
test_done
