#!/bin/sh
# t9000-semantics.sh -- the semantics differential test: the core images in
# tests/oracle/golden (one per group of cases, 1249 cases for every
# problem-state instruction of ISA.md) run on IMP (imprun --core) and every
# case's registers, CC and program mask, interruption code, old PSW and
# storage operands must equal what Hercules produced (recorded by
# tests/oracle/record-semantics.sh).  A failing case is reported by name
# with each differing field, expected vs got.
. "$(dirname "$0")/test-lib.sh"

GOLDEN=$IMP_TOP/tests/oracle/golden
COMPARE=$IMP_TOP/tests/oracle/compare-semantics.sh

for txt in "$GOLDEN"/*.txt; do
    g=$(basename "$txt" .txt)
    test -f "$GOLDEN/$g.bin" || continue    # a group is a .txt with its image
    range=$(awk -F'\t' '$1 == "range" { print $2 ":" $3 }' "$txt")
    n=$(grep -c '^case' "$txt")
    test_expect_success "$g: $n cases agree with Hercules" '
        { test_timeout 600 imprun --core "$GOLDEN/$g.bin" --savecore="$g.out:$range" >"$g.log" 2>&1
          st=$?; test $st -lt 124 || { cat "$g.log"; echo "imprun exit $st"; false; }; } &&
        test -s "$g.out" &&
        "$COMPARE" "$txt" "$g.out"
    '
done

test_done
