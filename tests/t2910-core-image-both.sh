#!/bin/sh
# t2910: one program, assembled by impas and linked by impld into a flat
# core image, runs on Hercules (S/370 mode) and on imprun from the same
# bytes; both reach the disabled wait with the same storage, and the
# results are the ones the program's comments promise.
. "$(dirname "$0")/test-lib.sh"

RUN=$IMP_TOP/tests/oracle/hercules-run.sh

test_expect_success 'assemble and link the program into a core image' '
    impas -o core.o "$TEST_DIR/data/core370.s" &&
    impld -o core.load -m core.map --core=core.img core.o &&
    test_grep "^DATA " core.map
'

# The program's span, from the load module's CSECT records.
first=$(awk '$1 == "ESD" && $3 == "SD" { print $5; exit }' core.load)
set -- $(awk '$1 == "ESD" && $3 == "SD" { a = $5; l = $6 } END { print a, l }' core.load)
last=$(printf %X $((0x$1 + 0x$2 - 1)))
sym() { awk -v n="$1" '$1 == "SYM" && $3 == n { print $4 }' core.load; }

test_expect_success 'imprun reaches the disabled wait' '
    imprun --core core.img --savecore=imp.bin:$first:$last >out 2>err &&
    test_grep "disabled wait" err || { cat out err; false; }
'

# word FILE ADDR: the fullword at storage address ADDR of a dump from $first.
word() {
    off=$(( 0x$2 - 0x$first ))
    od -A n -t x1 -j "$off" -N 4 "$1" | tr -d " \n" | tr a-f A-F
}

test_expect_success 'the results are right on IMP' '
    r=$(sym RESULT) &&
    test "$(word imp.bin $(printf %X $((0x$r + 4 * 2))))" = 00000004 &&
    test "$(word imp.bin $(printf %X $((0x$r + 4 * 4))))" = 000003E4 &&
    test "$(word imp.bin $(printf %X $((0x$r + 4 * 7))))" = 00002EB0 &&
    test "$(word imp.bin $(printf %X $((0x$r + 4 * 9))))" = 000037CD &&
    test "$(word imp.bin $(printf %X $((0x$r + 4 * 11))))" = 00000037 &&
    test "$(word imp.bin $(sym SUBRC))" = 0000002A &&
    test "$(word imp.bin $(sym TEXT))" = C8C5D3D3
'

if test_have hercules; then
    test_expect_success 'Hercules leaves the same storage from the same image' '
        "$RUN" core.img $first $last herc.bin >psw &&
        test_grep "PSW=000A0000 00000000" psw &&
        cmp herc.bin imp.bin
    '
else
    test_skip 'Hercules comparison' 'hercules not installed'
fi
test_done
