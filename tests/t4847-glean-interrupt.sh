#!/bin/sh
# t4847-glean-interrupt.sh -- gleaning's "completion of sampling" (seed
# 001) as an interruption: with --glean=...,interrupt the trigger that
# finds the buffer full requests external interruption 1407, taken at the
# next instruction boundary (after exactly as many instructions as the
# triggers counted), reported by the run when the program set no external
# new PSW; without the setting the run is as before; the setting is in
# --help and a wrong one is a clear error.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

SIEVE=$IMP_TOP/examples/sieve.s

# ia records are 8 bytes: a buffer of 24 holds 3, the 4th trigger finds
# it full, so the interruption comes after 4 * every instructions.
for every in 10 7; do
    n=$((4 * every))
    test_expect_success "every=$every instructions: taken after instruction $n, code 1407" "
        { imprun --stats --glean=ia,insns,every=$every,buffer=24,interrupt \
            '$SIEVE' >out.$every 2>err.$every; test \$? -eq 5; } &&
        test_grep '^imprun: external interruption 1407 (gleaning: the buffer is full) with no handler\$' err.$every &&
        test_grep '^instructions  *$n\$' err.$every &&
        test_grep 'problem, key 8, enabled' err.$every &&
        test_grep '3 records of 8 bytes, the buffer filled (gleaning ended), external interruption 1407 requested\$' err.$every
    "
done

test_expect_success 'the old PSW: the 41st instruction of the traced run' '
    ia=$(sed -n "s/.* IA \([0-9A-F]*\)\$/\1/p" err.10) && test -n "$ia" &&
    imprun --trace "$SIEVE" >/dev/null 2>trace &&
    grep "^[0-9A-F]\{6\} " trace | sed -n 41p | cut -c1-6 >want &&
    echo "$ia" | sed "s/^0*//" >got && sed "s/^0*//" want >want2 &&
    test_cmp want2 got
'

test_expect_success 'without interrupt: the run ends as before, nothing requested' '
    imprun --stats --glean=ia,insns,every=10,buffer=24 "$SIEVE" >out.no 2>err.no &&
    test_grep "program ended (EXIT host service), return code 0" err.no &&
    test_grep "3 records of 8 bytes, the buffer filled (gleaning ended)\$" err.no &&
    ! grep 1407 err.no
'

test_expect_success 'a buffer that never fills: no interruption' '
    imprun --glean=ia,insns,every=10,buffer=65536,interrupt "$SIEVE" >/dev/null 2>err.big &&
    ! grep "external interruption" err.big &&
    test_grep "interrupt when full\$" err.big
'

test_expect_success 'a wrong setting names interrupt among the right ones' '
    { imprun --glean=ia,interupt "$SIEVE" 2>bad.err; test $? -eq 2; } &&
    test_grep "interupt.*buffer=BYTES or interrupt" bad.err
'

test_expect_success 'examples/monitors/README: the command as quoted, its lines' '
    README=$IMP_TOP/examples/monitors/README &&
    cmd=$(sed -n "s/^    \(imprun --glean=.*,interrupt \.\.\/sieve\.s\)\$/\1/p" "$README") &&
    test -n "$cmd" &&
    { (cd "$IMP_TOP/examples/monitors" && $cmd) >/dev/null 2>readme.err; test $? -eq 5; } &&
    test_grep "^imprun: external interruption 1407 (gleaning: the buffer is full) with no handler\$" readme.err &&
    test_grep "every 2000 cycles, 1 per trigger: 4 records of 16 bytes" readme.err &&
    test_grep "4 records of 16\$" "$README"
'

test_expect_success '--help shows the setting' '
    imprun --help >help &&
    test_grep "buffer=BYTES\]\[,interrupt\]" help
'

test_done
