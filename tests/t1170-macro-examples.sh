#!/bin/sh
# t1170: the programs of examples/macros run and give their expected
# output (and copy.s its copy).
. "$(dirname "$0")/test-lib.sh"

E=$IMP_TOP/examples/macros

test_expect_success 'hello.s: SUBENTRY, WTO, IF/ELSE' '
    imprun "$E/hello.s" >out 2>/dev/null && test_cmp "$E/hello.expected" out
'
test_expect_success 'copy.s: DCB, OPEN, GET, PUT, CLOSE, DO, a macro of its own' '
    imprun --file INPUT="$E/copy.input" --file OUTPUT=copy.out "$E/copy.s" >out 2>/dev/null &&
    test_cmp "$E/copy.expected" out && test_cmp "$E/copy.input" copy.out
'
test_expect_success 'their listings show the expansions' '
    impas -l lst "$E/hello.s" && test_grep "+ *SVC   35" lst &&
    test $(grep -c "^.\{39\} *[0-9]*+" lst) -gt 20
'
test_done
