#!/bin/sh
# t3001: the field reference in impmc(5) is exactly what impmc generates
# from mc/fields.def (regenerate with `make mc-manref`).
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'impmc --fields is the roff field reference' '
    impmc --fields >ref && head -1 ref | grep "BEGIN FIELDS" && grep "^\.SS ALU (bits 69" ref
'
test_expect_success 'man/impmc.5 holds the generated reference unchanged' '
    sed -n "/BEGIN FIELDS/,/END FIELDS/p" "$IMP_TOP/man/impmc.5" >page &&
    test_cmp ref page
'
test_done
