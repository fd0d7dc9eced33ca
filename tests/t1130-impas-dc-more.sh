#!/bin/sh
# t1130: constants the corpus needed -- E and D hexadecimal floating
# point (values worked out by hand: sign, excess-64 exponent of 16,
# fraction rounded to nearest), S(D(B)), lower-case length modifiers.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

# 1 = X'0.1' * 16**1: exponent 64+1 = X'41', fraction X'100000'
check_dc "DC    E'1'"               41100000
check_dc "DC    D'1'"               4110000000000000
# 0.5 = X'0.8' * 16**0
check_dc "DC    E'0.5'"             40800000
# -1.5 = -X'0.18' * 16**1: the sign bit
check_dc "DC    E'-1.5'"            C1180000
# 100 = X'64' = X'0.64' * 16**2
check_dc "DC    E'100'"             42640000
check_dc "DC    E'1E2'"             42640000
# 0.1 = X'0.199999...': the last digit rounds up to A
check_dc "DC    E'0.1'"             4019999A
check_dc "DC    D'0.1'"             401999999999999A
check_dc "DC    E'0'"               00000000
check_dc "DC    E'1,2'"             4110000041200000
check_dc "DS    E"                  ""
check_dc "DC    S(8(13))"           D008
check_dc "DC    S(0(15),4095(1))"   F0001FFF
check_dc "DC    cl4'ab'"            81824040
check_dc "DC    xl2'1'"             0001
check_dc "DC    c'A',al2(3)"        C10003
test_expect_success 'E and D align to 4 and 8' '
    printf "T        CSECT\n         DC    C\047A\047\n         DC    E\0471\047\n         DC    C\047B\047\n         DC    D\0471\047\n         END\n" >al.s &&
    impas al.s && test "$(text al.o)" = C100000041100000C2000000000000004110000000000000
'
test_expect_success 'floating-point and S-constant errors' '
    cat >bad.s <<-\X &&
	T        CSECT
	         DC    E'"'"'1.5X'"'"'
	         DC    E'"'"'1E'"'"'
	         DC    D'"'"'1E80'"'"'
	         DC    E'"'"'1E-90'"'"'
	         DC    EL8'"'"'1'"'"'
	         DC    S(4096(1))
	         DC    A(8(13))
	         END
	X
    test_must_fail impas bad.s 2>err &&
    test_grep "bad.s:2:21: error: invalid character in floating-point constant" err &&
    test_grep "bad.s:3:20: error: exponent digits expected" err &&
    test_grep "bad.s:4:18: error: floating-point constant too large" err &&
    test_grep "bad.s:5:18: error: floating-point constant out of range" err &&
    test_grep "bad.s:6:16: error: length 8 out of range for type E" err &&
    test_grep "bad.s:7:18: error: S-type constant: displacement 0-4095" err &&
    test_grep "bad.s:8:19: error: D(B) is allowed only in an S-type constant" err
'
test_expect_success 'symbols in DS lengths, duplication factors and ORG are cross-referenced' '
    cat >xr.s <<-\X &&
	T        CSECT
	N        EQU   4
	A        DS    CL(N)
	B        DS    (N)F
	         ORG   A+1
	         DC    C'"'"'X'"'"'
	         END
	X
    impas -l xr.lst xr.s && test_grep "^N  *1 00000004  (abs)  *2  3 4$" xr.lst &&
    test_grep "^A  *4 00000000  T  *3  5$" xr.lst
'
test_done
