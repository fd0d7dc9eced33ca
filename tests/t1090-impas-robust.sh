#!/bin/sh
# t1090: hostile input -- never a crash or a hang, always a clear status.
. "$(dirname "$0")/test-lib.sh"

# ok_or_err CMD...: exit 0 or 1, not a signal, not 2
ok_or_err() {
    "$@"; st=$?
    [ $st -le 1 ] || { echo "exit $st: $*"; return 1; }
}

test_expect_success 'an empty file warns and assembles to an empty object' '
    : >empty.s && impas empty.s 2>err && test_grep "empty source" err && test_grep "^END" empty.o
'
test_expect_success 'blank lines and comments only' '
    printf "\n\n*\n     \n" >blank.s && impas blank.s 2>err && test_grep "no END statement" err
'
test_expect_success 'no newline at the end of the file' '
    printf "T        CSECT\n         BR    14\n         END" >nonl.s && impas nonl.s
'
test_expect_success 'a byte-order mark or UTF-16: said so first, at 1:1' '
    printf "\357\273\277T        CSECT\n         BR    14\n         END\n" >bom.s &&
    test_must_fail impas bom.s 2>err &&
    sed -n 1p err >err.first &&
    test_grep "^bom.s:1:1: error: the file begins with a UTF-8 byte-order mark" err.first &&
    printf "\377\376T\000 \000\n\000" >u16.s &&
    test_must_fail impas u16.s 2>err &&
    sed -n 1p err >err.first &&
    test_grep "^u16.s:1:1: error: the file is UTF-16 text" err.first
'
test_expect_success 'CRLF line ends' '
    printf "T        CSECT\r\n         BR    14\r\n         END\r\n" >crlf.s && impas crlf.s &&
    test_grep "^TXT 1 000000 07FE" crlf.o
'
test_expect_success 'a very long line' '
    awk "BEGIN { printf \"T        CSECT\\n         LR    1,2 \"; for (i = 0; i < 200000; i++) printf \"x\"; print \"\"; print \"         END\" }" >long.s &&
    impas long.s && test_grep "^TXT 1 000000 1812" long.o
'
test_expect_success 'NUL bytes only' '
    head -c 5000 /dev/zero >nul.s && test_must_fail impas nul.s 2>err && test_grep "invalid character" err
'
test_expect_success 'random bytes' '
    awk "BEGIN { srand(7); for (i = 0; i < 20000; i++) printf \"%c\", int(rand() * 256) }" >rnd.s &&
    ok_or_err impas rnd.s 2>/dev/null
'
test_expect_failure_status 'a directory as the source exits 2' 2 'mkdir d.s && impas d.s'
test_expect_success 'huge numbers and many operands' '
    printf "T        CSECT\n         DC    A(99999999999999999999)\n         DC    X'"'"'123456789'"'"'\n         LA    1,X'"'"'FFFFFFFFFF'"'"'\n         END\n" >big.s &&
    test_must_fail impas big.s 2>err && test "$(grep -c error: err)" = 2
'
test_expect_success 'a large duplication factor is bounded' '
    printf "T        CSECT\n         DS    2000000000F\n         DC    100000000C'"'"'A'"'"'\n         END\n" >dup.s &&
    test_must_fail impas dup.s 2>err && test_grep "too long" err
'
test_expect_success 'the location counter cannot pass 16M' '
    printf "T        CSECT\n         DS    16000000C\n         DS    16000000C\n         END\n" >loc.s &&
    test_must_fail impas loc.s 2>err && test_grep "exceeds X.FFFFFF" err
'
test_expect_success 'mutated examples never crash the command' '
    for f in "$TEST_DIR"/golden/asm-*.s; do
        i=0 &&
        while [ $i -lt 25 ]; do
            awk -v seed=$i "BEGIN { srand(seed) } { if (rand() < 0.2) { p = int(rand() * length(\$0)); \$0 = substr(\$0, 1, p) substr(\"(),='\''*+X 9\", int(rand() * 12) + 1, 1) substr(\$0, p + 2) } print }" "$f" >m.s &&
            ok_or_err impas m.s 2>/dev/null >/dev/null || exit 1
            i=$((i + 1))
        done
    done
'
test_done
