#!/bin/sh
# t2900: a program of three CSECTs in two modules, linked by impld into a
# core image, runs on Hercules (S/370) to a disabled wait with the right
# result, both in input order and reordered by ORDER with (P).  The code is
# assembled by GNU as (s390x, -m31; the bytes are committed) and wrapped into IMPOBJ modules here,
# with the RLDs written by hand; an end-to-end test through impas belongs
# with the assembler's tests once impas exists.
. "$(dirname "$0")/test-lib.sh"

RUN=$IMP_TOP/tests/oracle/hercules-run.sh
if ! test_have hercules || ! test -x "$RUN"; then
    test_skip 'Hercules core image' 'hercules or tests/oracle/hercules-run.sh missing'
    test_done
fi
# hexof NAME: the bytes of NAME.s, assembled by GNU as and committed as
# tests/golden/t2900-NAME.bin, as one hex string.
hexof() {
    test_image "$1" "$TEST_DIR/golden/t2900-$1.bin" &&
    od -A n -t x1 -v "$1.bin" | tr -d ' \n' | tr a-f A-F
}

# MAIN: call SUB through V(SUB), store its result at RESULT (an entry in
# DATA, another module) through A(RESULT), then load a disabled-wait PSW.
cat >main.s <<'SRC'
        .text
main:   balr  12,0
base:   l     15,vsub-base(0,12)
        balr  14,15
        l     1,ares-base(0,12)
        st    15,0(0,1)
        lpsw  wait-base(12)
        .align 8
wait:   .long 0x000A0000, 0x00000000
vsub:   .long 0
ares:   .long 0
SRC
# SUB: R15 = 1 + 2 + ... + 10 = 55, using its own base register.
cat >sub.s <<'SRC'
        .text
sub:    balr  11,0
sbase:  la    1,10(0,0)
        sr    15,15
loop:   ar    15,1
        bct   1,loop-sbase(0,11)
        br    14
SRC

test_image_check main "$TEST_DIR/golden/t2900-main.bin"
test_image_check sub "$TEST_DIR/golden/t2900-sub.bin"
test_expect_success 'wrap the code into object modules' '
    m=$(hexof main) && s=$(hexof sub) &&
    test ${#m} -eq 80 && test ${#s} -eq 32 &&
    cat >main.o <<-EOF &&
	IMPOBJ 1
	ESD 1 SD MAIN 0 28
	ESD 2 ER SUB 0 0
	ESD 3 ER RESULT 0 0
	TXT 1 0 $m
	RLD 1 20 4 2 2
	RLD 1 24 4 0 3
	END 1 0
	EOF
    cat >sub.o <<-EOF
	IMPOBJ 1
	ESD 1 SD SUB 0 10
	ESD 2 SD DATA 10 8
	ESD 3 LD RESULT 14 0 2
	TXT 1 0 $s
	TXT 2 10 C4C1E3C1FFFFFFFF
	END
	EOF
'
# run NAME: link NAME.load/NAME.core (extra impld args after), run on
# Hercules, save the 8 bytes of DATA, print them as hex.
run() {
    name=$1; shift
    impld -o "$name.load" --core="$name.core" "$@" main.o sub.o &&
    data=$(sed -n "s/^ESD [0-9]* SD DATA \([0-9A-F]*\) 8$/\1/p" "$name.load") &&
    end=$(printf "%X" $((0x$data + 7))) &&
    "$RUN" "$name.core" "$data" "$end" "$name.out" >"$name.psw" &&
    od -A n -t x1 "$name.out" | tr -d " \n" | tr a-f A-F
}
test_expect_success 'input order: runs to a disabled wait, result 55 in DATA' '
    test "$(run plain)" = C4C1E3C100000037 &&
    test_grep "PSW=000A0000 00000000" plain.psw
'
test_expect_success 'reordered with ORDER DATA,SUB(P),MAIN: same result' '
    printf "ORDER DATA,SUB(P),MAIN\n" >order.ctl &&
    test "$(run ordered -c order.ctl)" = C4C1E3C100000037 &&
    test_grep "^ESD 2 SD SUB 011000 10$" ordered.load &&
    test_grep "^ESD 3 SD MAIN 011010 28$" ordered.load
'
test_done
