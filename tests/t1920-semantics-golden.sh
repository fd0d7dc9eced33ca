#!/bin/sh
# t1920-semantics-golden.sh -- the recorded semantics data is in step with
# its generator and reproducible: tests/oracle/gen-semantics.c assembled
# with GNU as gives exactly the committed core images, and Hercules run on
# them again gives exactly the committed results.
. "$(dirname "$0")/test-lib.sh"

ORACLE=$IMP_TOP/tests/oracle
GOLDEN=$ORACLE/golden

test_expect_success 'the generator covers every instruction of the 90' '
    oracle_tool gen-semantics "$ORACLE/gen-semantics.c" &&
    mkdir src && ./gen-semantics src
'

if test_have s390x-linux-gnu-as && test_have s390x-linux-gnu-objcopy; then
    test_expect_success 'GNU as rebuilds the committed core images exactly' '
        for s in src/*.s; do
            g=$(basename "$s" .s) &&
            s390x-linux-gnu-as -m31 -o "src/$g.o" "$s" &&
            s390x-linux-gnu-objcopy -O binary "src/$g.o" "src/$g.bin" &&
            cmp "src/$g.bin" "$GOLDEN/$g.bin" || return 1
        done
    '
else
    test_skip 'GNU as rebuilds the committed core images' 'binutils-s390x-linux-gnu not installed'
fi

if test_have hercules; then
    test_expect_success 'Hercules reproduces the golden results' '
        for txt in "$GOLDEN"/*.txt; do
            g=$(basename "$txt" .txt) &&
            { test -f "$GOLDEN/$g.bin" || continue; } &&
            set -- $(awk -F"\t" "\$1 == \"range\" { print \$2, \$3 }" "$txt") &&
            "$ORACLE/hercules-run.sh" "$GOLDEN/$g.bin" "$1" "$2" "$g.out" >/dev/null &&
            "$ORACLE/compare-semantics.sh" "$txt" "$g.out" || return 1
        done
    '
else
    test_skip 'Hercules reproduces the golden results' 'hercules not installed'
fi

test_done
