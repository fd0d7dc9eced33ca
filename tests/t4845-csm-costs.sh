#!/bin/sh
# t4845-csm-costs.sh -- what the CSECT monitors cost (seed 004's overhead
# table), on examples/csect/library.s, a program of 80 CSECTs shaped like
# the paper's: PER and CSM with the interrupt service routine fall in the
# paper's ranges (8-10, 5-6 times the unmonitored run) because the
# firmware's checks are charged (vm/per-checks.def), and the
# microcode-only monitor pays at most 40 cycles a transition (its
# block-indexed map: no search).  The firmware's cycles are PER's, not the
# program's: the exact per-opcode table is the same with PER armed.  The
# three monitors give the same reference string.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

EX=$IMP_TOP/examples/csect

# run_cycles [OPTION...] PROGRAM: the run's virtual cycles
run_cycles() {
    imprun -q --storage=2M --json=- "$@" 2>/dev/null | sed -n "s/.*\"cycles\": *\([0-9][0-9]*\).*/\1/p" | head -1
}
# factor A B LO HI: A / B is in [LO, HI]
factor() { awk -v a="$1" -v b="$2" -v lo="$3" -v hi="$4" 'BEGIN { f = a / b; exit !(f >= lo && f <= hi) }'; }

test_expect_success 'library.s: 80 CSECTs, its output, return code 0' '
    imprun -q "$EX/library.s" >out && test_cmp "$EX/library.expected" out &&
    imprun -q --csm --profile=m.prof "$EX/library.s" >/dev/null 2>m.err &&
    test_grep "^csm: 3161 transitions among 80 CSECTs: 1580 calls, 1581 returns" m.err
'

test_expect_success 'the microcode-only monitor: 38.5 cycles a transition, 40 at most' '
    test_grep "^csm: the monitor.s microcode: 121784 cycles in 3161 entries" m.err &&
    test $((121784)) -le $((40 * 3161)) &&
    base=$(run_cycles "$EX/library.s") && mon=$(run_cycles --csm "$EX/library.s") &&
    test "$base" -eq 419107 && test "$mon" -eq 540891 &&
    test $((mon - base)) -le $((40 * 3161))
'

test_expect_success 'the overhead table: the paper'"'"'s factors, the same twice' '
    (cd "$EX" && IMPRUN=imprun sh ./overhead.sh) >t1 &&
    (cd "$EX" && IMPRUN=imprun sh ./overhead.sh) >t2 && test_cmp t1 t2 &&
    test_grep "^PER successful branch + ISR  *4074875  *9.72×  8-10×" t1 &&
    test_grep "^CSM (CR9 bit 4) + ISR  *2335948  *5.57×  5-6×" t1 &&
    test_grep "^microcode only (ECSM)  *540891  *1.29×" t1 &&
    test_grep "121784 cycles for 3161 transitions, 38.5 a transition" t1 &&
    factor 4074875 419107 8 10 && factor 2335948 419107 5 6 &&
    ! factor 540891 419107 2 1000
'

test_expect_success 'the firmware'"'"'s checks, counted and charged to PER' '
    imprun -q --csm=per --profile=p.prof "$EX/library.s" >/dev/null 2>p.err &&
    test_grep "^csm: the firmware.s PER checks: 309902 cycles, 7.61% of the run (test 101194 x 2, flag 101194 x 1, branch 6320 x 1)$" p.err &&
    imprun -q --csm=csm --profile=c.prof "$EX/library.s" >/dev/null 2>c.err &&
    test_grep "^csm: the firmware.s PER checks: 126474 cycles, 5.41% of the run (flag 101194 x 1, branch 6320 x 1, csect 6320 x 3)$" c.err
'

test_expect_success 'PER armed: the run is longer, the per-opcode table the same' '
    imprun -q --pcs=1 --profile=plain.prof "$EX/library.s" >/dev/null 2>&1 &&
    imprun -q --pcs=1 --per=sa,range=4:8 --profile=sa.prof "$EX/library.s" >/dev/null 2>&1 &&
    grep "^exact" plain.prof >e1 && grep "^exact" sa.prof >e2 && test_cmp e1 e2 &&
    test -s e1 &&
    test "$(run_cycles --per=sa,range=4:8 "$EX/library.s")" -gt 419107
'

# string PROFILE: the code's CSECT reference string, one CSECT number a line.
string() { awk '$1 == "tr" && $4 < 3 { if (!n++) print $2; print $3 }' "$1"; }
test_expect_success 'the three monitors give the same reference string' '
    string m.prof >m.str && string p.prof >p.str && string c.prof >c.str &&
    test $(wc -l <m.str) -eq 3162 && test_cmp m.str p.str && test_cmp m.str c.str
'

test_done
