#!/bin/sh
# t1140: the ASSIST instructions -- XDECI, XDECO, XHEXI, XHEXO (RX) and the
# X'E0' family XREAD ... XPUT (RX-SS: D1(X1,B1),D2(B2), the mask in byte 1
# bits 0-3), against the encodings of the ASSIST documentation; the
# default lengths, XDUMP without operands, the errors, the listing and
# the disassembly round trip.  (GNU as has no ASSIST: t1900 leaves them out.)
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

n=0
check() {   # check 'STATEMENT' HEX
    n=$((n + 1))
    printf 'T        CSECT\n         %s\n         END\n' "$1" >i$n.s
    test_expect_success "$1 = $2" "impas i$n.s && echo $2 >expect && text i$n.o >actual &&
        test_cmp expect actual"
}
# the examples of the ASSIST documentation
check 'XREAD 42(4,15),80'      E004F02A0050
check 'XPRNT 60(5,11),121'     E025B03C0079
check 'XDUMP 14(3,10),28'      E063A00E001C
check 'XDECO 6,12(0,15)'       5260F00C
check 'XDECI 8,20(0,12)'       5380C014
check 'XHEXI 1,0(2,3)'         61123000
check 'XHEXO 15,4095'          62F00FFF
# the default lengths; XDUMP alone dumps the registers
check 'XREAD 0(,1)'            E00010000050
check 'XPRNT 0(,1)'            E02010000085
check 'XPNCH 0(,1)'            E04010000050
check 'XGET  0(,1)'            E0A010000050
check 'XPUT  0(,1)'            E0C010000050
check 'XDUMP'                  E06000000000
# a length D2(B2), D1(X1) naming the index, XLIMD with both operands
check 'XPRNT 8(,12),4(5)'      E020C0085004
check 'XPUT  8(7),0(9)'        E0C700089000
check 'XLIMD 0(,13),4095'      E080D0000FFF
check 'XREAD 100,0'            E00000640000

test_expect_success 'implicit addresses through USING, lengths as expressions' '
    cat >u.s <<-\X &&
	T        CSECT
	         USING *,12
	         XREAD CARD,L'"'"'CARD
	         XPRNT LINE,L'"'"'LINE
	         XDECI 2,CARD
	         XDECO 2,LINE+1
	         XDUMP CARD,LINE-CARD
	CARD     DS    CL80
	LINE     DS    CL133
	         END
	X
    impas u.s && text u.o | cut -c1-56 >actual &&
    echo E000C01A0050E020C06A00855320C01A5220C06BE060C01A0050 >expect &&
    test_cmp expect actual
'
test_expect_success 'operand errors, GNU style' '
    cat >e.s <<-\X &&
	T        CSECT
	         XDUMP 14(3,10)
	         XLIMD 8(,15)
	         XREAD 0(16,15),80
	         XPRNT 0(0,15),4096
	         XLIMD
	         XPRNT 0(0,15),80(1,2)
	         XGET  0(0,16)
	         XDECI 16,0(1)
	         END
	X
    test_must_fail impas e.s 2>err &&
    test_grep "^e.s:2:16: error: XDUMP needs a length: XDUMP area,length (or no operands: the registers)$" err &&
    test_grep "^e.s:3:16: error: XLIMD needs a length: XLIMD area,length$" err &&
    test_grep "^e.s:4:18: error: index register 16 out of range (0-15)$" err &&
    test_grep "^e.s:5:24: error: displacement 4096 out of range (0-4095)$" err &&
    test_grep "^e.s:6:10: error: XLIMD needs an operand: XLIMD area,length$" err &&
    test_grep "^e.s:7:27: error: this operand is D(B): an index or length is not allowed$" err &&
    test_grep "^e.s:8:20: error: base register 16 out of range (0-15)$" err &&
    test_grep "^e.s:9:16: error: register 16 out of range (0-15)$" err &&
    test "$(grep -c error: err)" = 8
'
test_expect_success 'the listing shows the instructions and their bytes' '
    printf "T        CSECT\n         XREAD 42(4,15),80\n         XDUMP\n         XDECO 6,12(0,15)\n         END\n" >l.s &&
    impas -l l.lst l.s &&
    test_grep "^000000 E004 F02A 0050   0002A 00050 .* XREAD 42(4,15),80$" l.lst &&
    test_grep "^000006 E060 0000 0000  .* XDUMP$" l.lst &&
    test_grep "^00000C 5260 F00C .* 0000C .* XDECO 6,12(0,15)$" l.lst
'
test_expect_success 'impld --disassemble round trip' '
    cat >d.s <<-\X &&
	T        CSECT
	         XREAD 42(4,15),80
	         XPRNT 60(5,11),121
	         XPNCH 0(0,1),80
	         XDUMP 14(3,10),28
	         XDUMP
	         XLIMD 0(,13),4(2)
	         XGET  8(7),0(9)
	         XPUT  16(,3)
	         XDECI 8,20(0,12)
	         XDECO 6,12(3,15)
	         XHEXI 1,0(2,3)
	         XHEXO 15,4095
	         END
	X
    impas d.s && impld -o d.load d.o && impld -d d.load >dis &&
    test_grep "XPRNT 60(5,11),121 " dis &&
    test_grep "XLIMD 0(0,13),4(2) " dis &&
    test_grep "E06000000000  *XDUMP  " dis &&
    awk "\$1 ~ /^0100/ { s = \"\"; for (i = 3; i <= NF; i++) if (\$i ~ /^X[A-Z]+\$/) {
             s = \$i; if (\$(i + 1) !~ /:[0-9]+\$/) s = s \" \" \$(i + 1) }
         print \"         \" s }" dis >body &&
    test $(wc -l <body) = 12 &&
    { echo "T        CSECT"; cat body; echo "         END"; } >back.s &&
    impas back.s && text d.o >expect && text back.o >actual && test_cmp expect actual
'
test_done
