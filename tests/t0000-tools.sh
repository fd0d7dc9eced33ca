#!/bin/sh
# t0000: every program answers --help and --version and has a man page
# (man/NAME.1, or the template man/NAME.1.in it is generated from).
. "$(dirname "$0")/test-lib.sh"

for p in "$IMP_BIN"/*; do
    [ -x "$p" ] || continue
    name=$(basename "$p")
    test_expect_success "$name --help" "$name --help >out && test_grep '^Usage: $name' out"
    test_expect_success "$name --version" "$name --version >out && test_grep '$name' out"
    page=$IMP_TOP/man/$name.1
    [ -f "$page" ] || page=$page.in     # a page generated from a template
    test_expect_success "$name has a man page" "
        awk 'f { print; exit } /^\\.SH NAME/ { f = 1 }' '$page' >name &&
        test_grep '^$name \\\\- ' name"
    test_expect_success "$name rejects an unknown option" "
        test_must_fail $name --no-such-option 2>err && test_grep 'no-such-option' err"
done
test_done
