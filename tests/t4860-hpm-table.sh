#!/bin/sh
# t4860-hpm-table.sh -- a monitor is one file and one row: every row of
# vm/hpm/hpm.def has its descriptor file and every descriptor its row,
# and the descriptors with a profile section are the rows of
# sections.def, in order (that no other place names a monitor is
# t4865).  The branch history table (bht), added as one file and one
# row, is checked against the instruction trace and driven from impmon.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

test_expect_success 'the table has a file per row, and each file a row' '
    for n in $(sed -n "s/^HPM(\([a-z_0-9]*\)).*/\1/p" "$IMP_TOP/vm/hpm/hpm.def"); do
        test -f "$IMP_TOP/vm/hpm/$n.c" &&
        grep -q "^const struct hpm_class hpm_$n = {" "$IMP_TOP/vm/hpm/$n.c" || exit 1
    done &&
    for f in "$IMP_TOP"/vm/hpm/*.c; do
        grep -q "^const struct hpm_class hpm_" "$f" || continue
        n=$(basename "$f" .c) &&
        grep -q "^HPM($n)" "$IMP_TOP/vm/hpm/hpm.def" || { echo "$f: no row"; exit 1; }
    done
'

test_expect_success 'the descriptors with a profile section are sections.def, in order' '
    for n in $(sed -n "s/^HPM(\([a-z_0-9]*\)).*/\1/p" "$IMP_TOP/vm/hpm/hpm.def"); do
        if grep -q "^    \.profile = " "$IMP_TOP/vm/hpm/$n.c"; then echo "$n"; fi
    done >writers &&
    sed -n "s/^HPM_SECTION([A-Z_]*, *\([a-z_0-9]*\))/\1/p" "$IMP_TOP/vm/hpm/sections.def" >rows &&
    test -s rows &&
    test_cmp rows writers
'

test_expect_success 'bht: the last branch is the return the trace shows last' '
    imprun -q --bht=4 --trace "$IMP_TOP/examples/loop.s" >out 2>err &&
    test "$(grep -c "^bht: " err)" = 5 &&
    test_grep "^bht: the last 4 taken branches of the run, oldest first\$" err &&
    last=$(grep "^bht: " err | tail -1) &&
    from=$(grep "^0[0-9A-F]* LOOP+" err | tail -1 | awk "{ print \$2 }") &&
    test "$(grep -A1 "^0[0-9A-F]* $from " err | tail -1 | cut -c1-6)" = 000F00 &&
    test "$last" = "bht: $from -> X'"'"'000F00'"'"'"
'

test_expect_success 'bht: each branch is a trace line followed by its target' '
    grep "^bht: .* -> " err | sed "s/^bht: //; s/ -> / /" >pairs &&
    test "$(wc -l <pairs)" = 4 &&
    while read -r f t; do
        case $t in X*) t=$(echo "$t" | tr -d "X'"'"'") ;; esac &&
        grep -A1 -e " $f  *[A-Z]" err | tail -1 >next &&
        grep -q -e "^$t " -e " $t  *[A-Z]" next || { echo "$f -> $t not in the trace"; exit 1; }
    done <pairs
'

test_expect_success 'bht: a bad count is a usage error naming the option' '
    { imprun --bht=17 "$IMP_TOP/examples/loop.s" 2>err; echo $? >st; } &&
    test "$(cat st)" = 2 &&
    test_grep "^imprun: --bht: .17. is not a number of branches (1 to 16)\$" err
'

test_expect_success 'bht: impmon sets it, reports it, turns it off' '
    printf "monitor bht 2\nrun\nreport\nmonitor off bht\nreport\n" |
        test_must_fail impmon --batch "$IMP_TOP/examples/loop.s" >out 2>err &&
    test_grep "^bht: the last 2 taken branches at the end (machine reset)\$" out &&
    test "$(grep -c "^bht: LOOP" out)" = 2 &&
    test_grep "^bht: off (machine reset)\$" out &&
    test_grep "no monitor with a report is on" err
'

test_done
