#!/bin/sh
# t4835-monitor-seeds.sh -- examples/monitors/README.md, each seed's
# headline result beside IMP's: seeds.pl runs every command the page
# quotes and fills README.md.in with the numbers IMP prints; the page in
# the tree must be exactly that (after a change of the monitors' costs,
# make monitors-readme writes it again).  Every number of the page comes
# from a placeholder, and each seed has its section and commands.
. "$(dirname "$0")/test-lib.sh"

if ! test_have impprof || ! test_have imprun || ! test_have impas || ! test_have impld; then
    test_skip 'seed README tests' 'impas, impld, imprun or impprof is not built yet'
    test_done
fi
EX=$IMP_TOP/examples/monitors

test_expect_success 'README.md is what IMP prints now (seeds.pl --check)' '
    perl "$EX/seeds.pl" --bin="$IMP_BIN" --check >diff 2>err || { cat diff err; false; }
'
test_expect_success 'every seed has its section, a command and a table' '
    for n in 1 2 3 4 5; do
        sed -n "/^## Seed $n:/,/^## Seed/p" "$EX/README.md" >sec &&
        test_grep "^    [a-z]" sec && test_grep "^| | the paper | IMP |\$\|^| page-in | the paper |" sec || return 1
    done
'
test_expect_success 'no number typed into the tables by hand: the IMP column is the template'"'"'s placeholders' '
    grep "^| " "$EX/README.md.in" | grep -v "^|---" | grep -v "^| *|" >rows &&
    awk -F"|" "{ print \$NF == \"\" ? \$(NF - 1) : \$NF }" rows >imp &&
    ! grep "[0-9]" imp | grep -v "@{" | grep -v "address at X.2A8. and issues" &&
    test $(grep -c "@{" "$EX/README.md.in") -ge 30
'
test_expect_success 'seeds.pl: a usage error is exit status 2' '
    test_expect_code() { want=$1; shift; "$@"; test $? -eq "$want"; } &&
    test_expect_code 2 perl "$EX/seeds.pl" --frob 2>err &&
    test_grep "^usage: seeds.pl" err
'
test_done
