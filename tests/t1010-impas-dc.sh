#!/bin/sh
# t1010: DC and DS -- every constant type, lengths, duplication, alignment.
. "$(dirname "$0")/test-lib.sh"

. "$TEST_DIR/lib-impas.sh"
asm1() { printf 'T        CSECT\n%s\n         END\n' "$1" >t.s && impas t.s && text t.o; }


check_dc "DC    C'AB'"              C1C2
check_dc "DC    CL4'AB'"            C1C24040
check_dc "DC    CL2'ABCD'"          C1C2
check_dc "DC    C'IT''S'"           C9E37DE2
check_dc "DC    C'a b'"             814082
check_dc "DC    X'1'"               01
check_dc "DC    X'ABC'"             0ABC
check_dc "DC    XL3'FF'"            0000FF
check_dc "DC    XL1'1234'"          34
check_dc "DC    X'01,0203'"         010203
check_dc "DC    B'101'"             05
check_dc "DC    B'111111111'"       01FF
check_dc "DC    F'1'"               00000001
check_dc "DC    F'-1'"              FFFFFFFF
check_dc "DC    F'1,-2'"            00000001FFFFFFFE
check_dc "DC    H'-2'"              FFFE
check_dc "DC    FL3'256'"           000100
check_dc "DC    P'123'"             123C
check_dc "DC    P'-12.5'"           125D
check_dc "DC    P'+0'"              0C
check_dc "DC    PL3'5'"             00005C
check_dc "DC    Z'123'"             F1F2C3
check_dc "DC    Z'-45'"             F4D5
check_dc "DC    ZL4'7'"             F0F0F0C7
check_dc "DC    A(4096)"            00001000
check_dc "DC    AL1(255)"           FF
check_dc "DC    AL3(X'123456')"     123456
check_dc "DC    Y(300)"             012C
check_dc "DC    3C'A'"              C1C1C1
check_dc "DC    2F'7'"              0000000700000007
check_dc "DC    (1+1)H'1'"          00010001
check_dc "DC    2X'AB',C'C'"        ABABC3

test_expect_success 'F, H, A, Y align; explicit lengths do not' '
    asm1 "         DC    C'\''A'\''
         DC    F'\''1'\''
         DC    C'\''B'\''
         DC    H'\''2'\''
         DC    C'\''C'\''
         DC    FL2'\''3'\''
         DC    Y(4)" >actual &&
    echo C100000000000001C2000002C30003000004 >expect && test_cmp expect actual
'
test_expect_success 'DS reserves, aligns, and generates no text' '
    printf "T        CSECT\n         DC    C'\''A'\''\nD1       DS    F\nD2       DS    CL10\nD3       DS    0H\nD4       DS    3D\nE        DC    X'\''EE'\''\n         END\n" >t.s &&
    impas t.s && test_grep "^SYM 1 D1 000004 4 F" t.o && test_grep "^SYM 1 D2 000008 A C" t.o &&
    test_grep "^SYM 1 D3 000012 2 H" t.o && test_grep "^SYM 1 D4 000018 8 D" t.o &&
    test_grep "^SYM 1 E 000030 1 X" t.o && test_grep "^TXT 1 000030 EE" t.o
'
test_expect_success 'duplication factor 0 aligns only' '
    printf "T        CSECT\n         DC    C'\''A'\''\nX        DC    0F'\''0'\''\n         DC    C'\''B'\''\n         END\n" >t.s &&
    impas t.s && test_grep "^SYM 1 X 000004 4 F" t.o && test "$(text t.o)" = C1000000C2
'
test_expect_success 'length attribute comes from the first operand' '
    printf "T        CSECT\nA        DC    CL5'\''X'\'',F'\''1'\''\nB        DC    3XL2'\''1'\''\n         END\n" >t.s &&
    impas t.s && test_grep "^SYM 1 A 000000 5 C" t.o && test_grep "^SYM 1 B 00000C 2 X" t.o
'
test_expect_success 'A, V and Y constants get RLDs' '
    printf "T        CSECT\nX        DC    A(X)\n         DC    Y(X+2)\n         DC    AL3(X)\n         DC    V(SUB)\n         END\n" >t.s &&
    impas t.s && test_grep "^ESD 2 ER SUB" t.o &&
    test_grep "^RLD 1 000000 4 0 1" t.o && test_grep "^RLD 1 000004 2 0 1" t.o &&
    test_grep "^RLD 1 000006 3 0 1" t.o && test_grep "^RLD 1 00000C 4 2 2" t.o &&
    test_grep "^XREF 1 00000C 2" t.o && test "$(text t.o)" = 00000000000200000000000000000000
'
cat >locref.s <<'EOF'
T        CSECT
         DC    C'AB'
TAB      DC    4AL1(*-TAB)
X        DC    A(*,*),Y(*-X)
         DC    2A(*+1)
         END
EOF
test_expect_success '* in an address constant is that constant, each duplicate its own' '
    impas locref.s &&
    test "$(text locref.o)" = C1C2000102030000000000080000000C000800000000001500000019 &&
    test_grep "^RLD 1 000008 4 0 1" locref.o && test_grep "^RLD 1 00000C 4 0 1" locref.o &&
    test_grep "^RLD 1 000014 4 0 1" locref.o && test_grep "^RLD 1 000018 4 0 1" locref.o
'
test_expect_success 'bad constants are errors' '
    printf "T        CSECT\n         DC    F'\''X1'\''\n         DC    X'\''GG'\''\n         DC    HL9'\''1'\''\n         DC    F'\''5000000000'\''\n         DC    C'\'''\''\n         DC    A'\''1'\''\n         DC    F\n         DC    Q'\''1'\''\n         DC    AL1(256)\n         END\n" >t.s &&
    test_must_fail impas t.s 2>err &&
    test_grep "t.s:2:18: error: invalid character in decimal constant" err &&
    test_grep "t.s:3:18: error: invalid hexadecimal digit" err &&
    test_grep "t.s:4:16: error: length 9 out of range for type H" err &&
    test_grep "t.s:5:18: error: value does not fit" err &&
    test_grep "t.s:6:17: error: character constant is empty" err &&
    test_grep "t.s:7:17: error: type A needs its values in parentheses" err &&
    test_grep "t.s:8:16: error: constant has no nominal value" err &&
    test_grep "t.s:9:16: error: unknown constant type" err &&
    test_grep "t.s:10:20: error: address constant value does not fit" err
'
test_done
