#!/bin/sh
# t1100: the HLASM-style corpus (tests/data/hlasm/*.s) -- programs in
# the styles of coursework and textbooks: register equates, standard
# linkage, literals, DSECTs, several and labeled USINGs, every DC type,
# ORG-built tables, EX, COPY, lower case, continuations.  Each assembles
# with no message at all, and to the same bytes as its translation into
# GNU as syntax (NAME.gnu, written by hand: explicit D(X,B) addresses
# from the USINGs, .long/.short/.byte data, EBCDIC as hex) assembled by
# s390x-linux-gnu-as -m31, the independent reference.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

CORPUS=$TEST_DIR/data/hlasm

# no_trailing_zeros: each line of hex bytes without its trailing 00 bytes
# (a scan from the end: a pattern like (00)*$ takes time quadratic in
# the line's length)
no_trailing_zeros() {
    awk '{ for (i = length($0); i > 0 && substr($0, i, 1) == "0"; i--) ;
           if (i % 2) i++
           print substr($0, 1, i) }'
}
# hexbytes FILE: the bytes of a binary file as upper-case hex, trailing zeros dropped
hexbytes() { { od -An -tx1 -v "$1" | tr -d ' \n' | tr a-f A-F; echo; } | no_trailing_zeros; }

for src in "$CORPUS"/*.s; do
    n=$(basename "$src" .s)
    test_expect_success "$n assembles without any message" "
        impas -I '$IMP_TOP/vm/host/runtime' --werror -o $n.o '$src' 2>$n.err &&
        test ! -s $n.err
    "
done

if ! test_have s390x-linux-gnu-as || ! test_have s390x-linux-gnu-objcopy; then
    test_skip 'the corpus agrees with GNU as' 'binutils-s390x-linux-gnu not installed'
else
    for src in "$CORPUS"/*.s; do
        n=$(basename "$src" .s)
        test_expect_success "$n: the same bytes as GNU as" "
            test -f '$CORPUS/$n.gnu' &&
            s390x-linux-gnu-as -m31 -o $n.gnu.o '$CORPUS/$n.gnu' &&
            s390x-linux-gnu-objcopy -O binary -j .data $n.gnu.o $n.bin &&
            hexbytes $n.bin | fold -w 32 >expect &&
            text $n.o | no_trailing_zeros | fold -w 32 >actual &&
            test -s expect && test_cmp expect actual
        "
    done
fi

test_expect_success 'the listing of wordcnt.s (TITLE, PRINT, SPACE, EJECT, LTORG) is golden' '
    cp "$CORPUS/wordcnt.s" . && impas -l wordcnt.lst wordcnt.s &&
    test_cmp "$TEST_DIR/golden/asm-hlasm-wordcnt.lst" wordcnt.lst
'
test_expect_success 'the labeled USINGs of dsects.s resolve through R3 and R4' '
    cp "$CORPUS/dsects.s" . && impas -l dsects.lst dsects.s &&
    test_grep "^00005C D20B 4004 3004 .*MVC   TO.EMPNAME,FROM.EMPNAME" dsects.lst &&
    test_grep "^00006C D703 4000 4000 .*XC    TO.EMPNEXT,TO.EMPNEXT" dsects.lst
'
test_done
