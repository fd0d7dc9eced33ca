#!/bin/sh
# t4755-reorder-data.sh -- CSECT reordering with data CSECTs, the Linz
# paper's section 6.2 (examples/reorder/run.pl --data): a program with
# twice as many data CSECTs as code CSECTs, whose data CSECTs the
# training run references more than twice as often as it changes code
# CSECT, monitored by the CSECT monitor (data CSECTs placed by the
# static cross-reference) and by the data CSECT monitor (placed by the
# references it saw).  The table is pinned (golden, but for the line of
# the monitors' cost, which is the monitors' business, not the order's),
# its facts are checked from the files the run leaves, and the orders of
# the data CSECT monitor's profile page in less than those of the
# cross-reference for every algorithm that reads a profile.
. "$(dirname "$0")/test-lib.sh"

if ! test_have impprof || ! test_have imprun || ! test_have impas || ! test_have impld; then
    test_skip 'data reordering tests' 'impas, impld, imprun or impprof is not built yet'
    test_done
fi
RUN="perl $IMP_TOP/examples/reorder/run.pl --bin=$IMP_BIN"

test_expect_success 'the data experiment runs, the table as recorded' '
    $RUN --data --out=d >table 2>err &&
    grep -v "^the monitors. microcode:" "$TEST_DIR/golden/reorder-data.txt" >want &&
    grep -v "^the monitors. microcode:" table >got &&
    test_cmp want got &&
    test_grep "^the monitors. microcode: [0-9.]*% of the run.s cycles for the code, [0-9.]*% with the data\$" table
'
test_expect_success 'the program: twice as many data CSECTs as code CSECTs' '
    code=$(grep -c "^\(RMAIN\|PH[A-Z]\|W[0-9][0-9]\|U[0-9][0-9]\) *CSECT" d/prog.s) &&
    data=$(grep -c "^\([DEFGH][0-9][0-9]\|GCHK\|RIO\|STACK\) *CSECT" d/prog.s) &&
    total=$(grep -c "^[A-Z][A-Z0-9]* *CSECT" d/prog.s) &&
    test $((code + data)) -eq "$total" && test "$code" -ge 60 &&
    test "$data" -eq $((2 * code)) &&
    test_grep "^the program: $code code CSECTs, $data data CSECTs (2.00 " table
'
test_expect_success 'the training run: data references at least twice the code transitions' '
    awk "\$1 == \"tr\" { if (\$4 >= 3) d++; else c++ } END { print c, d }" d/data.prof >n &&
    read c dr <n && test "$c" -gt 1000 && test "$dr" -ge $((2 * c)) &&
    test_grep "^the training run: $c code transitions, $dr data CSECT references" table &&
    ! grep -q "^tr [0-9]* [0-9]* [34] " d/train.prof
'
test_expect_success 'the control files say where their data CSECTs come from' '
    for alg in ph c3 imp; do
        test_grep "^\* data CSECTs by the static cross-reference" d/$alg-train.ctl &&
        test_grep "^\* data CSECTs by the operand references the data CSECT monitor saw" d/$alg-data.ctl &&
        ! cmp -s d/$alg-train.ctl d/$alg-data.ctl || return 1
    done
'
# The page-ins of algorithm $1 with data CSECTs placed by $2.
pageins() { awk -v a="$1" -v by="$2" '$1 == a && index($0, by) { print $(NF - 5); exit }' table; }
test_expect_success 'the data CSECT monitor'"'"'s orders page in less, for every profiled algorithm' '
    for alg in ph c3 imp; do
        x=$(pageins $alg "cross-reference") && m=$(pageins $alg "data CSECT monitor") &&
        test -n "$x" && test -n "$m" && test "$m" -lt "$x" || return 1
    done &&
    test "$(pageins imp "data CSECT monitor")" -lt "$(pageins link "linkage editor")"
'
test_expect_success 'the relinked programs print what the original printed' '
    for l in d/imp-data.load d/ph-data.load; do
        imprun -q "$l" <d/test.in >out && test_cmp d/test.expected out || return 1
    done
'
test_expect_success 'examples/reorder/README.md quotes the table as recorded' '
    sed -n "/^    CSECT reordering with data CSECTs/,/^      imp  *[0-9]* ->/p" \
        "$IMP_TOP/examples/reorder/README.md" | sed "s/^    //" |
        grep -v "^the monitors. microcode:" >quoted &&
    test_cmp want quoted
'
test_expect_success 'run.pl: --small and --data together are refused, and an unknown algorithm' '
    ! $RUN --small --data --out=x >out 2>err &&
    test_grep "one at a time" err &&
    ! $RUN --algs=ph,best --out=x >out 2>err &&
    test_grep "^run.pl: --algs: no algorithm .best.\$" err &&
    test ! -e x/prog.s
'
test_done
