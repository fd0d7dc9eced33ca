#!/bin/sh
# t4810-sampling.sh -- the sampling monitors from the command line (imprun
# --ias, --pcs, --glean, --profile): the IAS samples are the elapsed
# cycles over the period and every window accounts for each of them (a
# block, out of range, or the wait -- with two tasks and paging the wait
# is sampled too); the PC-sampling counts add up to the clock's ticks; the
# instruction types derived from the PC samples converge to the machine's
# exact cycle shares as the rate grows (derived here, independently of
# impprof, from the load module in the profile); gleaning fills its buffer
# with bursts of contiguous instructions; the profile is the same on every
# run; bad options are usage errors.  (The monitors in guest code and bad
# control blocks: t-vm-monitor.)
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

EX=$IMP_TOP/examples

# field NAME FILE RECORD: the value of NAME= in the first RECORD line.
field() {
    sed -n "s/^$3 .*\<$1=\([^ ]*\).*/\1/p" "$2" | head -1
}

# window_total K FILE: window K's counts + its out-of-range + the wait.
window_total() {
    awk -v k="$1" '
        $1 == "ias" { for (i = 2; i <= NF; i++) if ($i ~ /^wait=/) { sub(/wait=/, "", $i); w = $i } }
        $1 == "window" && $2 == k { for (i = 3; i <= NF; i++) if ($i ~ /^out=/) { sub(/out=/, "", $i); o = $i } }
        $1 == "count" && $2 == k { s += $4 }
        END { print s + o + w }' "$2"
}

# program_cycles FILE: the run's cycles less the monitors' (the timers of
# the sampling monitors count these: their microcode stops them).
program_cycles() {
    awk '$1 == "run" { for (i = 2; i <= NF; i++) if ($i ~ /^cycles=/) { sub(/cycles=/, "", $i); c = $i } }
         $1 == "monitor" { for (i = 3; i <= NF; i++) if ($i ~ /^cycles=/) { sub(/cycles=/, "", $i); m += $i } }
         END { print c - m }' "$1"
}

test_expect_success 'IAS: one sample per period of the program, each once in every window' '
    imprun -q --ias=1000 --ias-window=program/8 --ias-window=SIEVE/64 --profile=p.prof \
        "$EX/sieve.s" >out 2>err &&
    samples=$(field samples p.prof ias) && cycles=$(program_cycles p.prof) &&
    test $((samples * 1000)) -le "$cycles" && test $(((samples + 2) * 1000)) -gt "$cycles" &&
    test "$(window_total 1 p.prof)" -eq "$samples" &&
    test "$(window_total 2 p.prof)" -eq "$samples" &&
    test_grep "^window 2 low=10000 high=[0-9A-F]* block=64 .* label=SIEVE$" p.prof &&
    test_grep "^ias: a sample every 1000 cycles: $samples samples, 0 in the wait state$" err &&
    test_grep "^ias: window 2 SIEVE (X.010000.-X.[0-9A-F]*., [0-9]* blocks of 64 bytes)" err &&
    test_grep "^ias: the monitor.s microcode: [1-9][0-9]* cycles in $samples entries" err &&
    test_cmp "$EX/sieve.expected" out
'
test_expect_success 'IAS: a window by label range and by addresses; a range with no code is all out of range' '
    imprun -q --ias=500 --ias-window=0x80000:0x90000/4096 --profile=p2.prof \
        "$EX/sieve.s" >/dev/null 2>err &&
    samples=$(field samples p2.prof ias) &&
    test "$(field out p2.prof window)" -eq "$samples" &&
    ! grep "^count " p2.prof
'
test_expect_success 'IAS: two tasks with paging: samples in the wait state, every window adds up' '
    imprun -q --frames=8 --ias=2000 --ias-window=program/16 --profile=w.prof \
        "$EX/paging/ping.s" --task "$EX/paging/pong.s" >/dev/null 2>err &&
    wait=$(field wait w.prof ias) && test "$wait" -gt 0 &&
    samples=$(field samples w.prof ias) && cycles=$(program_cycles w.prof) &&
    test $((samples * 2000)) -le "$cycles" && test $(((samples + 2) * 2000)) -gt "$cycles" &&
    test "$(window_total 1 w.prof)" -eq "$samples"
'
test_expect_success 'IAS: the monitored run does what the unmonitored one does, later' '
    imprun -q --stats "$EX/sort.s" >plain.out 2>plain.err &&
    imprun -q --stats --ias=200 "$EX/sort.s" >mon.out 2>mon.err &&
    test_cmp plain.out mon.out &&
    grep "^instructions " plain.err >a && grep "^instructions " mon.err >b && test_cmp a b &&
    c0=$(sed -n "s/^cycles  *\([0-9]*\)$/\1/p" plain.err) &&
    c1=$(sed -n "s/^cycles  *\([0-9]*\)$/\1/p" mon.err) &&
    over=$(sed -n "s/^ias: the monitor.s microcode: \([0-9]*\) cycles.*/\1/p" mon.err) &&
    test $((c1 - c0)) -ge "$over" && test $((c1 - c0)) -le $((over + over / 5 + 100))
'

# A loop of instructions of very different costs, 10000 times.
cat >mix.s <<'EOT'
MIX      CSECT
         USING MIX,15
         L     3,COUNT
LOOP     L     4,WORD
         AR    4,3
         ST    4,WORD
         MVC   BUF(64),BUF+64
         LR    5,3
         MR    4,5
         SRL   5,1
         BCT   3,LOOP
         SR    15,15
         BR    14
WORD     DC    F'0'
COUNT    DC    F'10000'
BUF      DC    128C' '
         END   MIX
EOT

test_expect_success 'PCS: the counts and the lost ticks add up to the ticks' '
    imprun -q --pcs=50000 --profile=s.prof mix.s >/dev/null 2>err &&
    ticks=$(field ticks s.prof pcs) && lost=$(field lost s.prof pcs) &&
    sum=$(awk "\$1 == \"sample\" { s += \$4 } END { print s }" s.prof) &&
    test "$ticks" -gt 1000 && test "$lost" -eq 0 && test $((sum + lost)) -eq "$ticks" &&
    cycles=$(program_cycles s.prof) &&
    test "$ticks" -eq $((cycles * 50000 / 16000000)) &&
    test "$(grep -c "^sample " s.prof)" -eq "$(field used s.prof pcs)" &&
    imprun -q --pcs=50000 --pcs-slots=4 --profile=s4.prof mix.s >/dev/null 2>&1 &&
    lost=$(field lost s4.prof pcs) && test "$lost" -gt 0 &&
    sum=$(awk "\$1 == \"sample\" { s += \$4 } END { print s }" s4.prof) &&
    test $((sum + lost)) -eq "$(field ticks s4.prof pcs)" &&
    test "$(field used s4.prof pcs)" -eq 4
'

# The total variation distance (in per mille) between the instruction
# types of the PC samples (the opcode at each sampled address, from the
# load module's text in the profile, and the nucleus's text records) and
# the machine's exact shares of cycles by opcode.
tvd() {
    perl -e '
        my (%mem, %ex, %smp, $ecyc, $n);
        while (<>) {
            if (/^(?:TXT \d+|text \S+) ([0-9A-F]+) ([0-9A-F]+)$/) {
                my ($a, $h) = (hex $1, $2);
                for (my $i = 0; $i < length($h) / 2; $i++) {
                    $mem{$a + $i} = substr($h, 2 * $i, 2) }
            } elsif (/^exact (\S+) \S+ (\d+) (\d+)$/) { $ex{$1} = $3; $ecyc += $3 }
            elsif (/^sample \d+ ([0-9A-F]+) (\d+)$/) {
                my $a = hex $1; my $op = $mem{$a} // "?";
                $op .= $mem{$a + 1} if $op eq "B2";
                $smp{$op} += $2; $n += $2 }
        }
        my %all = (%ex, %smp); my $d = 0;
        $d += abs(($smp{$_} // 0) / $n - ($ex{$_} // 0) / $ecyc) for keys %all;
        printf "%d\n", 500 * $d' "$1"
}
test_expect_success 'PCS: the derived instruction types converge to the exact cycle shares' '
    imprun -q --pcs=300 --profile=lo.prof mix.s >/dev/null 2>&1 &&
    imprun -q --pcs=3000 --profile=mid.prof mix.s >/dev/null 2>&1 &&
    imprun -q --pcs=30000 --profile=hi.prof mix.s >/dev/null 2>&1 &&
    lo=$(tvd lo.prof) && mid=$(tvd mid.prof) && hi=$(tvd hi.prof) &&
    echo "TVD per mille: $lo $mid $hi" &&
    test "$hi" -lt "$mid" && test "$mid" -lt "$lo" && test "$hi" -lt 10
'

test_expect_success 'gleaning: bursts of contiguous instructions until the buffer is full' '
    imprun -q --glean=ia+op+cycles,every=2000,n=4,buffer=400 --profile=g.prof \
        "$EX/sieve.s" >/dev/null 2>err &&
    test "$(field records g.prof glean)" -eq 20 && test "$(field full g.prof glean)" -eq 1 &&
    test_grep "^glean: ia+op+cycles every 2000 cycles, 4 per trigger: 20 records of 20 bytes, the buffer filled" err &&
    sed -n "s/^rec [0-9]* burst=\([0-9]*\) .*/\1/p" g.prof | tr "\n" " " >bursts &&
    test "$(cat bursts)" = "0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 " &&
    awk "\$1 == \"rec\" { split(\$6, c, \"=\"); if (c[2] <= last) bad = 1; last = c[2] }
         END { exit bad }" g.prof
'
test_expect_success 'gleaning: every N instructions, all the information' '
    imprun -q --glean=all,insns,every=1000 --profile=gi.prof "$EX/sieve.s" >/dev/null 2>err &&
    n=$(field instructions gi.prof run) &&
    test "$(field records gi.prof glean)" -eq $((n / 1000)) &&
    test_grep "^rec 0 burst=0 ia=[0-9A-F]* psw=[0-9A-F]\{8\}\.[0-9A-F]\{8\} gr=\([0-9A-F]*,\)\{15\}[0-9A-F]* op=[0-9A-F]* cycles=[0-9]* task=1 pageins=0 cr=\([0-9A-F]*,\)\{15\}[0-9A-F]* timer=[0-9A-F]* key=8 uaddr=[0-9A-F]*$" gi.prof
'

test_expect_success 'the profile: its records, the same on every run, and a failed write loses nothing' '
    imprun -q --ias=1000 --pcs=20000 --glean=ia --iifm=all,slice=1000 --profile=a.prof \
        "$EX/sieve.s" >/dev/null 2>&1 &&
    imprun -q --ias=1000 --pcs=20000 --glean=ia --iifm=all,slice=1000 --profile=b.prof \
        "$EX/sieve.s" >/dev/null 2>&1 &&
    test_cmp a.prof b.prof &&
    test "$(head -1 a.prof)" = "IMPPROF 1" && test "$(tail -1 a.prof)" = "end" &&
    test_grep "^module 1$" a.prof && test_grep "^IMPLOAD 1$" a.prof &&
    test_grep "^monitor ias entries=[0-9]* cycles=[0-9]* microwords=[0-9]*$" a.prof &&
    test_grep "^monitor pcs entries=" a.prof && test_grep "^monitor glean entries=" a.prof &&
    test_grep "^iifm pattern=0000 dontcare=FFFF flags=slice slice=1000 count=[0-9]* cycles=" a.prof &&
    test_grep "^freq 41 LA [0-9]* [0-9]*$" a.prof &&
    test_grep "^exact 46 BCT 1049 " a.prof &&
    echo old >kept.prof && chmod a-w . &&
    { imprun -q --ias=1000 --profile=kept.prof "$EX/sieve.s" >/dev/null 2>err; rc=$?; chmod u+w .; } &&
    if test "$(id -u)" -ne 0; then test $rc -eq 1 && test "$(cat kept.prof)" = old; fi
'

test_expect_success 'CSM: the transitions between CSECTs, in the report and the profile' '
    imprun -q --csm --profile=c.prof "$EX/multicsect.s" >/dev/null 2>err &&
    test_grep "^csm: 11 transitions among 6 CSECTs: 5 calls, 6 returns, 0 other branches$" err &&
    test_grep "^csm: MCMAIN -> IMPCHECK: 5$" err &&
    test_grep "^csm csects=6 records=11 full=0$" c.prof &&
    test_grep "^csect 0 10000 10164 MCMAIN$" c.prof &&
    test "$(grep -c "^tr 0 4 1 1 " c.prof)" -eq 5 &&
    test "$(grep -c "^tr 4 0 2 1 " c.prof)" -eq 5 &&
    entries=$(sed -n "s/^monitor csm entries=\([0-9]*\) .*/\1/p" c.prof) &&
    test "$entries" -eq 11
'
test_expect_success 'CSM: a full buffer ends it; bad --csm' '
    imprun -q --csm=3 --profile=c3.prof "$EX/multicsect.s" >/dev/null 2>err &&
    test_grep "^csm csects=6 records=3 full=1$" c3.prof &&
    test_grep "the buffer filled (the monitor ended)" err &&
    { imprun --csm=0 "$EX/hello.s" >/dev/null 2>err; test $? -eq 2; } &&
    test_grep "^imprun: --csm: .0. is not a number of records" err
'
test_expect_success 'JSON: the monitors that ran, their entries and cycles' '
    imprun -q --ias=1000 --glean=ia,buffer=8 --json=j.json "$EX/sieve.s" >/dev/null 2>err &&
    perl -MJSON::PP -e '"'"'
        local $/; open my $f, "<", "j.json" or die; my $m = decode_json(<$f>)->{monitors};
        exit !($m->{ias}{entries} > 0 && $m->{ias}{cycles} > 0 && !$m->{ias}{full} &&
               $m->{glean}{full} && !exists $m->{pcs})'"'"' &&
    imprun -q --json=plain.json "$EX/sieve.s" >/dev/null 2>&1 && ! grep monitors plain.json
'
test_expect_success 'JSON: IIFM writes its own member, its counters as in the summary' '
    imprun -q --iifm=BCT --stats --json=i.json "$EX/sieve.s" >/dev/null 2>err &&
    n=$(sed -n "s/^iifm: BCT (X.0046.): \([0-9]*\) instructions, \([0-9]*\) cycles.*/\1 \2/p" err) &&
    test -n "$n" &&
    perl -MJSON::PP -e '"'"'
        local $/; open my $f, "<", "i.json" or die; my $m = decode_json(<$f>)->{monitors};
        my $i = $m->{iifm} or die "no iifm member";
        die "members: @{[sort keys %$m]}" if keys %$m != 1;
        print "$i->{pattern} $i->{dontcare} $i->{count} $i->{count_cycles}\n"'"'"' >got &&
    echo "0046 0000 $n" >want && test_cmp want got
'
test_expect_success 'bad monitor options are usage errors' '
    for o in --ias=50 --ias=70000 --ias=x --pcs=0 --pcs=200000 --pcs-slots=0 \
             --glean=nothing --glean=ia,every=10 --glean=ia,buffer=2 --glean=ia,n=0 \
             --glean=ia,sometimes --ias-window=/8 --ias-window=X/0; do
        { imprun "$o" "$EX/hello.s" >/dev/null 2>err; test $? -eq 2; } ||
        { echo "accepted: $o"; return 1; }
        grep "^imprun: --" err >/dev/null || { echo "no message: $o"; cat err; return 1; }
    done &&
    { imprun --ias=1000 --ias-window=NOSUCH "$EX/hello.s" >/dev/null 2>err; test $? -eq 2; } &&
    test_grep "no such CSECT, label or range" err &&
    { imprun --ias=1000 --ias-window=0:FFFFFF/1 "$EX/hello.s" >/dev/null 2>err; test $? -eq 2; } &&
    test_grep "do not fit in storage" err
'
test_expect_success 'a setting of a monitor left off is a usage error, not dropped' '
    for o in --ias-window=HELLO --ias-window=NOSUCH/8 --pcs-slots=8 --glean= --glean=+; do
        { imprun "$o" "$EX/hello.s" >out 2>err; test $? -eq 2; } ||
        { echo "accepted: $o"; return 1; }
        ! test -s out || return 1
    done &&
    { imprun --ias-window=HELLO "$EX/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "^imprun: --ias-window sets up instruction address sampling, which is not armed: give --ias too$" err &&
    { imprun --pcs-slots=8 "$EX/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "give --pcs too" err &&
    { imprun --glean= "$EX/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "^imprun: --glean: no information to glean" err &&
    imprun -q --pcs --pcs-slots=8 "$EX/hello.s" >/dev/null 2>err &&
    test_grep "pairs in 8 slots" err
'
test_done
