#!/bin/sh
# t1180: a program written with macros (its own, recursive ones, and the
# library's structured IF, DO and SELECT), linked into a core image, runs
# on IMP and on Hercules (S/370) from the same bytes: both reach the
# disabled wait with the same storage and the results its comments give.
. "$(dirname "$0")/test-lib.sh"

RUN=$IMP_TOP/tests/oracle/hercules-run.sh

test_expect_success 'assemble and link the macro program into a core image' '
    impas -o core.o "$TEST_DIR/data/macro/core-macros.s" 2>err && ! test -s err &&
    impld -o core.load --core=core.img core.o
'
set -- $(awk '$1 == "ESD" && $3 == "SD" { print $5, $6; exit }' core.load)
first=$1
last=$(printf %X $((0x$1 + 0x$2 - 1)))
sym() { awk -v n="$1" '$1 == "SYM" && $3 == n { print $4 }' core.load; }
word() {
    off=$(( 0x$2 - 0x$first ))
    od -A n -t x1 -j "$off" -N 4 "$1" | tr -d " \n" | tr a-f A-F
}

test_expect_success 'imprun reaches the disabled wait with the right results' '
    imprun --core core.img --savecore=imp.bin:$first:$last >out 2>err &&
    test_grep "disabled wait" err &&
    test "$(word imp.bin $(sym RSUM))" = 00000007 &&
    test "$(word imp.bin $(sym RLOOP))" = 00000037 &&
    test "$(word imp.bin $(sym RBIG))" = 00000001 &&
    test "$(word imp.bin $(sym RSEL))" = 00000002 &&
    test "$(word imp.bin $(sym POW))" = 00000080
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
