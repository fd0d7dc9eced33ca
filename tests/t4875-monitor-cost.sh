#!/bin/sh
# t4875-monitor-cost.sh -- the monitors' own cost kept apart from the
# program's: with any microcode monitor armed, alone or all together, the
# per-opcode table of --stats (each opcode's count and cycles, so its CPI)
# is the unmonitored run's, exactly; the run's cycles and microwords are
# the program's plus the monitors' (--stats, --json, the profile and
# impprof's overhead table say so, and the program's are the unmonitored
# run's); the instruction frequency monitor's table of every opcode
# (--iifm=all,table) is the exact table, and its microcode is charged to
# it.  The CSECT monitor's per and csm methods arm PER for the run-time's
# interrupt service routine: PER's firmware checks, its interruptions
# and the routine's instructions are that monitor's cost, not the
# program's.  PER as a watchpoint (--per, alone or beside the others,
# with ranges no event falls in) costs its firmware checks: they are
# PER's row (--stats, --json, the profile, impprof), each kind's count
# times its cost in vm/per-checks.def, and none of the program's.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

EX=$IMP_TOP/examples

# The per-opcode table of a --stats report: "OPCODE COUNT CYCLES" lines.
optable() {
    perl -ne 'print "$1 $2 $3\n" if /^([0-9A-F]{2}(?:[0-9A-F]{2})?)\s+\S+\s+(\d+)\s+(\d+)\s+\S+\s+\S+$/' "$1"
}
# A number of the --stats header: stat NAME FILE ("cycles", "program cycles").
stat() {
    sed -n "s/^$1  *\([0-9][0-9]*\)$/\1/p" "$2"
}

test_expect_success 'the unmonitored runs: their tables and counts' '
    for p in sieve sort; do
        imprun -q --stats "$EX/$p.s" >/dev/null 2>base-$p.err &&
        optable base-$p.err >base-$p.ops &&
        test -s base-$p.ops &&
        stat cycles base-$p.err >base-$p.cyc &&
        stat microwords base-$p.err >base-$p.mw || return 1
    done &&
    ! test_grep "^overhead" base-sieve.err
'

MONITORS='--ias=500
--ias=300 --ias-window=program/8
--pcs=50000
--glean=all,every=300
--glean=ia+op,insns,every=7,n=3
--csm
--csm=2000,data
--iifm=LA
--iifm=18/07
--iifm=all
--iifm=all,problem
--iifm=all,table
--iifm=all,slice=1000
--csm=per
--csm=csm
--csm=per --ias=500 --iifm=all,table
--csm=csm --pcs=50000 --glean=ia,every=700
--ias=400 --pcs=40000 --glean=ia,every=700 --csm=2000,data --iifm=all,table
--per=sa,range=4:8
--per=if,range=4:8
--per=sa+if,range=4:8
--per=csm,range=0:FFFFFF
--per=csm,range=0:FFFFFF --ias=500 --pcs=50000
--per=sa,range=4:8 --ias=500 --iifm=all,table
--per=if+sa,range=4:8 --pcs=50000 --glean=ia,every=700 --csm=2000,data'

# Each run's --stats (the sieve's are read again by the next test) in
# mon.K.PROGRAM.err, K the number of the line of $MONITORS.
test_expect_success 'every monitor, alone and together: the same per-opcode counts and cycles' '
    k=0 &&
    echo "$MONITORS" | while read -r spec; do
        k=$((k + 1)) &&
        for p in sieve sort; do
            # shellcheck disable=SC2086
            imprun -q --stats $spec "$EX/$p.s" >/dev/null 2>mon.$k.$p.err || return 1
            cp mon.$k.$p.err mon.err &&
            optable mon.err >mon.ops &&
            if ! test_cmp base-$p.ops mon.ops; then
                echo "# differs with $spec ($p)"; return 1
            fi &&
            test "$(stat "program cycles" mon.err)" = "$(cat base-$p.cyc)" || {
                echo "# program cycles differ with $spec ($p)"; return 1; }
        done
    done
'

test_expect_success 'the run is the program plus the monitors (--stats)' '
    k=0 &&
    echo "$MONITORS" | while read -r spec; do
        k=$((k + 1)) &&
        # shellcheck disable=SC2086
        if test -s mon.$k.sieve.err; then cp mon.$k.sieve.err mon.err
        else imprun -q --stats $spec "$EX/sieve.s" >/dev/null 2>mon.err
        fi || return 1
        perl -ne '"'"'
            $m += $2, $w += $3 if /^(ias|pcs|glean|csm|iifm|per)\s+\d+\s+(\d+)\s+(\d+)\s/;
            ($c, $pc, $mc, $mw, $pw, $ww) = ($1, $2, $3, $4, $5, $6)
                if /^total: (\d+) cycles = (\d+) program \+ (\d+) monitors; (\d+) microwords = (\d+) \+ (\d+)$/;
            END { exit !(defined $c && $c == $pc + $mc && $mc == $m && $mc > 0 &&
                         $mw == $pw + $ww && $ww == $w) }'"'"' mon.err || {
            echo "# no identity with $spec"; return 1; } &&
        test "$(sed -n "s/^total: [0-9]* cycles = \([0-9]*\) program.*/\1/p" mon.err)" = \
             "$(cat base-sieve.cyc)" &&
        test "$(sed -n "s/^total: .* microwords = \([0-9]*\) + [0-9]*$/\1/p" mon.err)" = \
             "$(cat base-sieve.mw)" || { echo "# the program is not the unmonitored run ($spec)"; return 1; }
    done
'

test_expect_success 'the run is the program plus the monitors (--json)' '
    imprun -q --json=run.json --ias=400 --pcs=40000 --iifm=all,table "$EX/sieve.s" >/dev/null 2>&1 &&
    perl -MJSON::PP -e '"'"'
        local $/; open my $f, "<", $ARGV[0] or die; my $j = decode_json(<$f>);
        my $c = $j->{counters}; my $m = 0; my $w = 0;
        $m += $_->{cycles}, $w += $_->{microwords} for values %{$j->{monitors}};
        exit !($c->{program_cycles} + $c->{monitor_cycles} == $c->{cycles} &&
               $c->{monitor_cycles} == $m && $m > 0 && $c->{program_cycles} == $ARGV[1] &&
               $c->{program_microwords} + $c->{monitor_microwords} == $c->{microwords} &&
               $c->{monitor_microwords} == $w && exists $j->{monitors}{iifm})'"'"' \
        run.json "$(cat base-sieve.cyc)"
'

test_expect_success 'the profile and impprof: the overhead table with the program row' '
    imprun -q --profile=run.prof --ias=400 --pcs=40000 --iifm=all,table "$EX/sieve.s" \
        >/dev/null 2>&1 &&
    test_grep "^monitor iifm entries=[1-9][0-9]* cycles=[1-9][0-9]* microwords=[1-9]" run.prof &&
    impprof run.prof >rep &&
    base=$(cat base-sieve.cyc) &&
    test_grep "^program  *-  *$base " rep &&
    perl -ne '"'"'$ok = $1 == $2 + $3 if /^the run.s cycles: (\d+) = (\d+) program \+ (\d+) monitors$/;
                 END { $? = !$ok }'"'"' rep &&
    sed -n "s/^exact \([0-9A-F]*\) [^ ]* \([0-9]*\) \([0-9]*\)$/\1 \2 \3/p" run.prof | sort >got &&
    awk "\$2 > 0" base-sieve.ops | sort >want &&
    test_cmp want got
'

test_expect_success '--csm=per and csm: the routine and the checks are the monitor.s (JSON, profile)' '
    for m in per csm; do
        imprun -q --json=run.json --profile=run.prof --stats --csm=$m "$EX/sieve.s" \
            >/dev/null 2>err || return 1
        perl -MJSON::PP -e '"'"'
            local $/; open my $f, "<", $ARGV[0] or die; my $j = decode_json(<$f>);
            my $c = $j->{counters}; my $s = $j->{monitors}{csm};
            exit !($c->{program_cycles} == $ARGV[1] && $s->{cycles} > 0 &&
                   $c->{monitor_cycles} == $s->{cycles} &&
                   $c->{program_cycles} + $c->{monitor_cycles} == $c->{cycles} &&
                   $c->{program_microwords} == $ARGV[2])'"'"' \
            run.json "$(cat base-sieve.cyc)" "$(cat base-sieve.mw)" || {
            echo "# json ($m)"; return 1; } &&
        # the interruptions are the entries; the firmware checks are in the cost
        n=$(sed -n "s/.* on .*: \([0-9]*\) program interruptions in .*/\1/p" err) &&
        fw=$(sed -n "s/^csm: the firmware.s PER checks: \([0-9]*\) cycles.*/\1/p" err) &&
        test "$n" -gt 0 && test "$fw" -gt 0 &&
        test_grep "^csm  *$n  *[0-9]" err &&
        test "$(sed -n "s/^csm  *[0-9]*  *\([0-9]*\) .*/\1/p" err)" -gt "$fw" &&
        test_grep "^monitor csm entries=$n cycles=[1-9]" run.prof &&
        impprof run.prof >rep &&
        test_grep "^program  *-  *$(cat base-sieve.cyc) " rep || { echo "# ($m)"; return 1; }
    done
'

# The cost of each kind of check, from the model's table: "key cycles".
sed -n 's/^PER_CHECK([A-Z]*, *"\([a-z]*\)", *\([0-9]*\),.*/\1 \2/p' \
    "$IMP_TOP/vm/per-checks.def" >costs

test_expect_success '--per: PER.s row is its firmware checks, by the model.s costs' '
    test "$(wc -l <costs)" -ge 7 &&
    for spec in sa,range=4:8 if,range=4:8 sa+if,range=4:8 csm,range=0:FFFFFF sb gra,gr=11 \
                sb+if+sa+gra+csm,range=0:FFFFFF,gr=3; do
        { imprun -q --stats --json=run.json --profile=run.prof --per=$spec "$EX/sieve.s" \
            >/dev/null 2>err; rc=$?; } &&
        test $rc -eq 0 -o $rc -eq 4 &&
        # the check records: each kind.s count and cost (the cost the model.s)
        sed -n "s/^check \([a-z]*\) \([0-9]*\) \([0-9]*\)$/\1 \2 \3/p" run.prof >checks &&
        test -s checks &&
        want=$(awk "NR == FNR { c[\$1] = \$2; next }
                    !(\$1 in c) || c[\$1] != \$3 { bad = 1 }
                    { s += \$2 * c[\$1] } END { print bad ? -1 : s }" costs checks) &&
        test "$want" -gt 0 &&
        test_grep "^per  *[1-9][0-9]*  *$want  *0  " err &&
        test_grep "^monitor per entries=[1-9][0-9]* cycles=$want microwords=0$" run.prof &&
        test_grep "^per cr9=[0-9A-F]* .* cycles=$want$" run.prof &&
        # the instructions checked are the entries: each paid one test or flag
        n=$(sed -n "s/^per  *\([0-9]*\) .*/\1/p" err) &&
        test "$n" -eq "$(awk "\$1 == \"test\" || \$1 == \"flag\" { if (\$2 > m) m = \$2 } END { print m }" checks)" &&
        perl -MJSON::PP -e '"'"'
            local $/; open my $f, "<", $ARGV[0] or die; my $j = decode_json(<$f>);
            my $c = $j->{counters}; my $p = $j->{monitors}{per};
            exit !($p && $p->{cycles} == $ARGV[1] && $c->{monitor_cycles} == $ARGV[1] &&
                   $c->{program_cycles} + $ARGV[1] == $c->{cycles})'"'"' run.json "$want" &&
        impprof run.prof >rep &&
        test_grep "^per  *[1-9][0-9]*  *$want  *0 " rep &&
        test_grep "^all checks: $want cycles" rep || { echo "# --per=$spec"; return 1; }
    done
'

test_expect_success '--per: the run.s PER section in impprof, and a bad one refused' '
    imprun -q --profile=run.prof --per=if+sa,range=4:8 "$EX/sieve.s" >/dev/null 2>&1 &&
    impprof --per run.prof >rep &&
    test_grep "^per: the firmware.s checks" rep &&
    test_grep "^if  *[1-9][0-9]*  *2 " rep &&
    test_grep "^store  *[1-9][0-9]*  *3 " rep &&
    sed "s/^\(per cr9=.*cycles=\)[0-9]*$/\11/" run.prof >bad.prof &&
    { impprof bad.prof >/dev/null 2>berr; test $? -ne 0; } &&
    test_grep "^bad.prof:[0-9]*: error: per: cycles=1 but the check records sum to [0-9]*" berr
'

test_expect_success 'a program that arms PER itself: the checks are PER.s row, the profile.s too' '
    X=$EX/exercises/11-per &&
    imprun -q --supervisor --stats --profile=run.prof "$X/solution/percount.s" "$X/support/work.s" \
        >/dev/null 2>err &&
    row=$(sed -n "s/^per  *\([1-9][0-9]*\)  *\([1-9][0-9]*\)  *0  .*/\1 \2/p" err) &&
    test -n "$row" &&
    test_grep "^monitor per entries=${row% *} cycles=${row#* } microwords=0$" run.prof &&
    ! test_grep "^per cr9=" run.prof &&
    impprof run.prof >rep &&
    test_grep "^program  *-  *$(stat "program cycles" err) " rep
'

test_expect_success '--iifm=all,table: the table of every opcode is the exact table' '
    imprun -q --stats --iifm=all,table "$EX/sort.s" >/dev/null 2>err &&
    test_grep "^iifm: the frequency table of every opcode counted" err &&
    test_grep "^iifm: the monitor.s microcode: [1-9][0-9]* cycles in [1-9][0-9]* entries" err &&
    awk "/^opcode mnemonic  counted/ { t = 1; next } t && NF == 8 && \$3 != \$5 && \$2 != \"DIAG\" { bad++ }
         t && NF == 8 && \$7 != \$8 && \$2 != \"DIAG\" { bad++ } t && NF == 8 { n++ }
         END { exit !(n > 5 && bad == 0) }" err
'

# A gleaning burst (n=) leaves its record's index behind; the CSECT
# monitor's vector then still takes its short way for a branch out of a
# CSECT: its cost is the same beside gleaning of any burst.
test_expect_success 'the CSECT monitor costs the same beside gleaning bursts' '
    for g in "" --glean=ia,every=5000 --glean=ia,every=5000,n=2 \
             --glean=ia,every=5000,n=4,buffer=256; do
        imprun -q --csm $g "$EX/sieve.s" >/dev/null 2>csmg.err &&
        sed -n "s/^csm: the monitor.s microcode: \([0-9]* cycles in [0-9]* entries\).*/\1/p" \
            csmg.err >>csmg.costs || return 1
    done &&
    printf "246 cycles in 5 entries\n%.0s" 1 2 3 4 >csmg.expected &&
    test_cmp csmg.expected csmg.costs
'
test_expect_success 'slice= and table together are a usage error' '
    { imprun --iifm=all,slice=1000,table "$EX/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "give one" err
'
test_done
