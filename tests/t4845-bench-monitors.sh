#!/bin/sh
# t4845-bench-monitors.sh -- bench/monitors.sh (make bench), the CSECT
# monitors' part: its virtual cycles are imprun's (csm-overhead.sh's
# table on the same program), what each monitor added is the difference
# with the unmonitored run, its microcode cycles and entries are
# imprun's summary, and the cycles per transition are the microcode's
# cycles over the transitions.  Host times are printed, never checked.
. "$(dirname "$0")/test-lib.sh"

if ! test_have imprun || ! test_have impas || ! test_have impld; then
    test_skip 'bench/monitors.sh' 'impas, impld or imprun is not built yet'
    test_done
fi
EX=$IMP_TOP/examples/monitors

test_expect_success 'bench/monitors.sh runs (CSECT monitors only, no host times)' '
    BENCH_RUNS=0 BENCH_PROGRAMS= sh "$IMP_TOP/bench/monitors.sh" "$IMP_BIN" >out 2>err &&
    test_grep "^examples/monitors/csects.s (the CSECT monitors):" out &&
    test $(grep -c "^  [a-z]" out) -eq 6
'
# row NAME: the cycles of the csm-overhead.sh row that starts with NAME.
row() {
    awk -v n="$1" 'index($0, n) == 1 {
        for (i = 1; i <= NF; i++)
            if ($i ~ /^[0-9][0-9][0-9][0-9]+$/) { print $i; exit }
    }' oh
}
test_expect_success 'its cycles are those of csm-overhead.sh, its additions the differences' '
    (cd "$EX" && IMPRUN=imprun sh csm-overhead.sh) >oh &&
    none=$(awk "\$1 == \"none\" { print \$2 }" out) &&
    test "$none" = "$(row unmonitored)" &&
    for m in "csm:microcode only" "csm data:microcode, data" "csm+ISR:CSM (CR9" "per+ISR:PER successful"; do
        b=${m%%:*} o=${m#*:} &&
        line=$(grep "^  $b  " out) &&
        set -- $(echo "$line" | sed "s/^  $b  *//") &&
        test "$1" = "$(row "$o")" && test "$2" -eq $(( $1 - none )) || { echo "$b: $line"; return 1; }
    done
'
test_expect_success 'the microcode monitor: its microcode and the cycles a transition are imprun'"'"'s' '
    imprun --storage=16M --csm=20000 "$EX/csects.s" >/dev/null 2>rep &&
    t=$(sed -n "s/^csm: \([0-9]*\) transitions.*/\1/p" rep) &&
    set -- $(sed -n "s/^csm: the monitor.s microcode: \([0-9]*\) cycles in \([0-9]*\) entries.*/\1 \2/p" rep) &&
    test -n "$t" && test "$2" -eq "$t" &&
    test_grep "^  csm  .*  $1 in $2  " out &&
    want=$(awk -v c="$1" -v t="$t" "BEGIN { printf \"%.1f\", c / t }") &&
    test_grep "^the microcode CSECT monitor: $t transitions, $1 cycles, $want cycles a transition\$" out
'
test_done
