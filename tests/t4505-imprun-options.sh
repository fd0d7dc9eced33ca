#!/bin/sh
# t4505-imprun-options.sh -- imprun's options come from one table
# (vm/imprun/options.def, and the monitors' descriptors for theirs):
# --help lists each once, imprun(1)'s OPTIONS has an entry for exactly
# the options --help lists, and getopt knows every one of them.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun

MAN=$IMP_TOP/man/imprun.1

test_expect_success '--help lists every option once' '
    imprun --help >help &&
    grep -o -E "^  (-q, )?--[a-z][a-z-]*" help | sed "s/.*--//" | sort >listed &&
    test -s listed &&
    sort -u listed >once &&
    test_cmp once listed
'

test_expect_success 'imprun(1) has an entry for each option --help lists, and no other' '
    sed -n "/^\.SH OPTIONS/,/^\.SH \"THE MACHINE/p" "$MAN" |
        grep -E "^\.(B|BI|BR) " | grep -o -E "\\\\-\\\\-[a-z][a-z\\\\-]*" |
        sed "s/\\\\//g; s/^--//" | sort -u >entries &&
    grep -o -E -- "--[a-z][a-z-]*" help | sed "s/^--//" | sort -u >mentioned &&
    test_cmp mentioned entries
'

test_expect_success 'getopt takes every option --help lists' '
    while read -r o; do
        case $o in help|version|task) continue ;; esac &&
        { imprun --$o >/dev/null 2>err </dev/null || :; } &&
        if grep -q "unknown or incomplete option .--$o." err; then
            { imprun --$o=1 >/dev/null 2>err </dev/null || :; } &&
            ! grep -q "unknown or incomplete option" err || { echo "--$o: $(cat err)"; exit 1; }
        fi
    done <listed
'

test_expect_success 'an unknown option is a usage error' '
    { imprun --no-such-option x.load 2>err; echo $? >st; } &&
    test "$(cat st)" = 2 &&
    test_grep "^imprun: unknown or incomplete option .--no-such-option.\$" err
'

test_done
