#!/bin/sh
# t5000: the acceptance test of the examples.  Every program in examples/
# and the flagship demo assembles with impas without a diagnostic, links
# with impld, runs under imprun with return code 0 and writes exactly
# examples/NAME.expected (and NAME.out.expected for programs that write a
# file).  The programs check their own results, so a wrong machine shows
# as FAIL lines and a non-zero return code.  A missing tool is a failure,
# not a skip: these tests say whether the toolchain works.
. "$(dirname "$0")/test-lib.sh"

EX=$IMP_TOP/examples
RT=$IMP_TOP/vm/host/runtime
FLAG=$EX/flagship

for tool in impas impld imprun; do
    test_expect_success "$tool is built" "
        '$IMP_BIN/$tool' --version >v && test_grep '^$tool (IMP) ' v"
done

# HLASM source form: statements in columns 1-71, no tabs, so the same
# files assemble on a real HLASM.
test_expect_success 'sources keep to columns 1-71 and use no tabs' '
    bad=$(awk "length > 71 || /\t/ { print FILENAME \":\" FNR }" \
          "$EX"/*.s "$FLAG"/*.s "$RT"/*.s) &&
    { test -z "$bad" || { echo "$bad"; false; }; }
'

test_expect_success 'every example has a header comment and expected output' '
    for s in "$EX"/[a-z]*.s; do
        n=${s%.s} &&
        head -1 "$s" | grep -q "^\*" || { echo "no header: $s"; exit 1; }
        test -f "$n.expected" || { echo "missing $n.expected"; exit 1; }
    done
'

# assemble NAME SOURCE: NAME.o and NAME.lst, nothing on stderr.
assemble() {
    impas -I "$RT" -l "$1.lst" -o "$1.o" "$2" 2>"$1.err" &&
    { test ! -s "$1.err" || { cat "$1.err"; false; }; }
}

test_expect_success 'the runtime imprt.s assembles without diagnostics' '
    assemble imprt "$RT/imprt.s"
'

for src in "$EX"/[a-z]*.s; do
    name=$(basename "$src" .s)
    test_expect_success "$name assembles without diagnostics" "
        assemble $name '$src'
    "
    test_expect_success "$name links with the runtime" "
        impld -o $name.load -m $name.map $name.o imprt.o 2>$name.lerr &&
        { test ! -s $name.lerr || { cat $name.lerr; false; }; }
    "
    files=
    if test -f "$EX/$name.input"; then
        files="--file INPUT='$EX/$name.input' --file OUTPUT=$name.out"
    fi
    test_expect_success "$name runs: return code 0, output as expected" "
        imprun $files $name.load >$name.actual 2>$name.report ||
            { cat $name.report; false; } &&
        test_cmp '$EX/$name.expected' $name.actual
    "
    if test -f "$EX/$name.out.expected"; then
        test_expect_success "$name writes the expected file" "
            test_cmp '$EX/$name.out.expected' $name.out
        "
    fi
done

# The flagship: several sources, control statements, map and xref.
PAY="payroll payparse paycalc payedit"
for s in $PAY; do
    test_expect_success "flagship $s.s assembles without diagnostics" "
        assemble $s '$FLAG/$s.s'
    "
done
test_expect_success 'flagship links with ORDER, map and cross-reference' '
    impld -c "$FLAG/payroll.ctl" -m payroll.map -x payroll.xref \
        -o payroll.load payroll.o payparse.o paycalc.o payedit.o imprt.o &&
    for c in PAYROLL PAYPARSE PAYCALC PAYEDIT IMPCHECK PAYDATA; do
        test_grep "$c" payroll.map || exit 1
    done &&
    test_grep PAYTOTS payroll.xref
'
test_expect_success 'the load map lists the CSECTs in ORDER sequence' '
    grep -o -E "PAYROLL|PAYPARSE|PAYCALC|PAYEDIT|IMPCHECK|PAYDATA" \
        payroll.map | awk "!seen[\$0]++" >order &&
    printf "%s\n" PAYROLL PAYPARSE PAYCALC PAYEDIT IMPCHECK PAYDATA >want &&
    test_cmp want order
'
test_expect_success 'flagship runs and prints the expected report' '
    imprun --file CARDS="$FLAG/payroll.txt" payroll.load \
        >payroll.actual 2>payroll.report ||
        { cat payroll.report; false; } &&
    test_cmp "$FLAG/payroll.expected" payroll.actual
'
test_done
