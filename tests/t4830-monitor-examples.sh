#!/bin/sh
# t4830-monitor-examples.sh -- examples/monitors: the programs are in the
# house form, assemble and link without a diagnostic and write exactly
# NAME.expected; the guest programs' own results hold (pcsarm.s: the
# PCS table adds up and names the opcodes the listing has; iifm.s: exact
# counters and the machine's CPIs; csmarm.s: the code transitions in
# order and the data references between them); the command lines of the
# README run as quoted and give
# the facts it states: each IAS window's counts plus its out-of-range and
# wait-state counters are the samples, the wait state counts with two
# tasks, gleaning fills its buffer in bursts, the PCS counts plus the
# lost ticks are the ticks, and the IIFM counters are the machine's exact
# counts.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

EX=$IMP_TOP/examples/monitors

example_folder_checks "$EX"
for src in "$EX"/*.s; do
    name=$(basename "$src" .s)
    test_expect_success "$name runs: return code 0, $name.expected" "
        imprun $name.load >$name.out 2>$name.rep || { cat $name.rep; false; } &&
        test_cmp '$EX/$name.expected' $name.out
    "
done

# The guest programs' own facts, from their output.
test_expect_success 'ias.s: three windows, the same total, window 3 all out of range' '
    grep -c "^window [123]: " ias.out >n && test "$(cat n)" -eq 3 &&
    awk "/^  total/ { print \$2 }" ias.out | sort -u >totals &&
    test $(wc -l <totals) -eq 1 &&
    total=$(cat totals) && test "$total" -gt 0 &&
    test_grep "^  out of range  *$total\$" ias.out &&
    test_grep "^OK window 3 out = $total\$" ias.out &&
    test_grep "386 samples at one every 500 cycles" "$EX/README" &&
    test "$total" -eq 386 &&
    sed -n "/^window 2/,/^OK/p" ias.out >w2 &&
    test_grep "^  out of range  *255\$" w2 &&
    test "$(awk "/^  block/ { s += \$3 } END { print s }" w2)" -eq 131 &&
    test_grep "has 131 samples" "$EX/README" &&
    test_grep "the other 255, out of its range" "$EX/README"
'
test_expect_success 'ias.s: the block counts add up to the total in each window' '
    awk "/^window/ { s = 0 } /^  block/ { s += \$3 }
         /^  out of range/ { s += \$4 } /^  wait state/ { s += \$3 }
         /^  total/ { if (s != \$2) bad = 1; n++ }
         END { exit bad || n != 3 }" ias.out
'
test_expect_success 'glean.s: bursts of 4, then DGLN found the buffer full' '
    test_grep "^OK records = 6\$" glean.out &&
    test_grep "^OK status bits 0-7 = 128\$" glean.out &&
    awk "/^index/ { t = 1; next } t { printf \"%s \", \$1 }" glean.out >bursts &&
    test "$(cat bursts)" = "0 1 2 3 0 1 "
'
test_expect_success 'pcsarm.s: the counts plus the lost ticks are the ticks, by entry and by type' '
    ticks=$(awk "\$1 == \"ticks\" && NF == 2 { print \$2 }" pcsarm.out) &&
    lost=$(awk "/^ticks lost / { print \$3 }" pcsarm.out) &&
    used=$(awk "/^entries used / { print \$3; exit }" pcsarm.out) &&
    test "$ticks" -eq 136 && test "$lost" -eq 0 && test "$used" -eq 13 &&
    sed -n "/^slot/,/^OK/p" pcsarm.out | grep "^ *[0-9]" >entries &&
    test $(wc -l <entries) -eq "$used" &&
    test $(awk "{ s += \$NF } END { print s }" entries) -eq $((ticks - lost)) &&
    sed -n "/^type/,/^OK/p" pcsarm.out | grep "^[0-9A-F][0-9A-F] " >types &&
    test $(awk "{ s += \$NF } END { print s }" types) -eq $((ticks - lost)) &&
    test_grep "^ *[0-9]*   1  010050 DR  *9\$" entries &&
    test_grep "(136 ticks, 13 entries used, 0" "$EX/README" &&
    test_grep "has 9 of the 136" "$EX/README"
'
test_expect_success 'pcsarm.s: each sampled address holds the opcode the program names (the listing)' '
    impas -I "$IMP_TOP/vm/host/runtime" -l p.lst -o p.o "$EX/pcsarm.s" &&
    while read slot task addr op count; do
        off=$(printf "%06X" $((0x$addr - 0x010000))) &&
        grep "^$off " p.lst | head -1 >line &&
        test_grep "^$off [0-9A-F]* .* $op " line || return 1
    done <entries
'
test_expect_success 'iifm.s: the counters are exact, the table adds up, its CPIs are the machine'"'"'s' '
    test_grep "^OK BCT count = 1000\$" iifm.out &&
    test_grep "^OK BCT cycles = 3000\$" iifm.out &&
    test_grep "^OK 18/07 count = 3000\$" iifm.out &&
    test_grep "^OK table count = " iifm.out &&
    test_grep "^OK outside 40-7F = 0\$" iifm.out &&
    sed -n "/^opcode/,/^OK/p" iifm.out | grep "^00" >rows &&
    test $(wc -l <rows) -eq 6 &&
    imprun -q --stats iifm.load >/dev/null 2>st &&
    while read code count cycles cpi; do
        op=${code#00} &&
        exact=$(awk -v op="$op" "\$1 == op { printf \"%.2f\", \$4 / \$3 }" st) &&
        test "$exact" = "$cpi" || { echo "$op: table $cpi, exact $exact"; return 1; }
    done <rows &&
    test_grep "counts exactly N = 1000" "$EX/README"
'
test_expect_success 'csmarm.s: the code transitions in order, the data references between them' '
    sed -n "/^kind/,/records/p" csmarm.out | grep -v "^kind" | grep -v records >recs &&
    grep "^call\|^return" recs | awk "{ print \$1, \$2, \$3 }" | tr "\n" " " >code &&
    want="call CSMAIN CSADD return CSADD CSMAIN call CSMAIN CSMUL return CSMUL CSMAIN " &&
    test "$(cat code)" = "$want$want" &&
    test $(grep -c "^fetch  CSMUL    CSTAB" recs) -eq 16 &&
    test $(grep -c "^fetch  CSADD    CSTAB" recs) -eq 2 &&
    test $(grep -c "^store  CSACC    CSACC" recs) -eq 4 &&
    awk "{ if (NR > 1 && \$NF <= last) bad = 1; last = \$NF } END { exit bad }" recs &&
    for k in branch call return fetch store; do
        n=$(awk -v k=$k "\$1 == k && \$2 == \"records\" { print \$3 }" csmarm.out) &&
        test "$n" -eq $(grep -c "^$k " recs) || return 1
    done &&
    test_grep "^fetch  records  *48\$" csmarm.out &&
    test_grep "48 fetches in all, 4 stores" "$EX/README"
'
test_expect_success 'imprun --csm with csmarm.s: the guest finds the monitor on (CC 1), return code 8' '
    { imprun --csm csmarm.load >out 2>rep; test $? -eq 3; } &&
    test_grep "^CSMARM: ECSM or DCSM gave a wrong condition code" out
'

# The README's command lines, run verbatim from a copy of examples/
# (they name ../sieve.s, ../paging/ping.s ... and write profiles), all
# of it but the exercises (three quarters of its files, never named).
mkdir ex &&
for d in "$IMP_TOP"/examples/*; do
    case $d in */exercises) ;; *) cp -R "$d" ex/ || exit 1 ;; esac
done
# readme_run PATTERN: run the README command line that contains PATTERN
# (exactly one) in ex/monitors; its stderr goes to ./rep, stdout to ./out.
readme_run() {
    grep "^    imprun .*$1" "$EX/README" >cmd &&
    test $(wc -l <cmd) -eq 1 || { echo "README: no single command with $1"; return 1; }
    (cd ex/monitors && eval "$(cat ../../cmd)") >out 2>rep
}
# sums.pl: from a profile, each IAS window's counts + out + wait against
# the samples, and the PCS counts + lost against the ticks; prints
# "ias W SUM SAMPLES" and "pcs SUM TICKS" lines.
cat >sums.pl <<'PERL'
while (<>) {
    if (/^ias period=\d+ samples=(\d+) wait=(\d+)/) { ($samples, $wait) = ($1, $2) }
    elsif (/^window (\d+) .*out=(\d+)/) { $sum{$1} = $2 + $wait }
    elsif (/^count (\d+) \d+ (\d+)/) { $sum{$1} += $2 }
    elsif (/^pcs rate=\d+ ticks=(\d+) lost=(\d+)/) { ($ticks, $pcs) = ($1, $2) }
    elsif (/^sample \d+ \S+ (\d+)/) { $pcs += $1 }
}
print "ias $_ $sum{$_} $samples\n" for sort keys %sum;
print "pcs $pcs $ticks\n" if defined $ticks;
PERL
# check_sums FILE: every line of sums.pl has its two numbers equal.
check_sums() {
    perl sums.pl "$1" >sums && test -s sums && cat sums &&
    awk "{ if (\$(NF - 1) != \$NF) bad = 1 } END { exit bad }" sums
}

test_expect_success 'README: imprun ias.s is ias.expected' '
    readme_run "ias.s\$" && test_cmp "$EX/ias.expected" out
'
test_expect_success 'README: IAS over multicsect.s, two windows of 16 and 64 bytes' '
    readme_run "ias-window=MCMAIN/16" &&
    test_cmp "$IMP_TOP/examples/multicsect.expected" out &&
    test_grep "^ias: a sample every 200 cycles: 34 samples, 0 in the wait state" rep &&
    test_grep "^ias: window 1 MCMAIN (X.010000.-X.010164., 23 blocks of 16 bytes): 15 in it, 19 out of range" rep &&
    test_grep "^ias: window 2 program (.*, 69 blocks of 64 bytes): 27 in it, 7 out of range" rep &&
    test_grep "1862 cycles in 34 entries.*8809 cycles" rep &&
    imprun -q --ias=200 --ias-window=MCMAIN/16 --ias-window=program/64 \
        --profile=m.prof ex/multicsect.s >/dev/null 2>&1 &&
    check_sums m.prof &&
    test $(grep -c "^ias " sums) -eq 2
'
test_expect_success 'README: IAS with two tasks and paging: the wait state counts' '
    readme_run "ias-window=PING/16" &&
    test_grep "^ias: a sample every 2000 cycles: 166 samples, 16 in the wait state" rep &&
    test $(grep -c "150 in it, 0 out of range" rep) -eq 2 &&
    (cd ex/paging && imprun -q --frames=8 --ias=2000 --ias-window=PING/16 \
        --ias-window=program/64 --profile=../../w.prof ping.s --task pong.s) >/dev/null 2>&1 &&
    check_sums w.prof &&
    wait=$(sed -n "s/^ias period=.* wait=\([0-9]*\).*/\1/p" w.prof) &&
    test "$wait" -gt 0
'
test_expect_success 'imprun --ias with ias.s: the guest finds the sampler on (CC 1), return code 8 (status 3)' '
    { imprun --ias=500 ias.load >out 2>rep; test $? -eq 3; } &&
    test_grep "return code 8" rep &&
    test_grep "^IAS: EIAS or DIAS gave a wrong condition code" out &&
    test_grep "combine imprun --ias with ias.s" "$EX/README"
'

test_expect_success 'README: gleaning 4 contiguous instructions until the buffer is full' '
    readme_run "glean=ia+op+cycles" &&
    test_grep "^glean: ia+op+cycles every 5000 cycles, 4 per trigger: 12 records of 20 bytes, the buffer filled (gleaning ended)" rep &&
    p=ex/monitors/sieve.prof &&
    test_grep "^glean .* size=256 records=12 full=1\$" $p &&
    sed -n "s/^rec [0-9]* burst=\([0-9]*\) .*/\1/p" $p | tr "\n" " " >bursts &&
    test "$(cat bursts)" = "0 1 2 3 0 1 2 3 0 1 2 3 " &&
    test_grep "^rec 0 burst=0 .* cycles=5044\$" $p
'
test_expect_success 'README: imprun glean.s is glean.expected' '
    readme_run "glean.s\$" && test_cmp "$EX/glean.expected" out
'

test_expect_success 'README: PCS at 100 ticks per virtual second' '
    readme_run "pcs=100 " &&
    test_cmp "$EX/pcs.expected" out &&
    test_grep "^pcs: 100 ticks per virtual second: 99 ticks, 10 pairs in 1024 slots, 0 ticks lost" rep &&
    check_sums ex/monitors/pcs.prof &&
    test_grep "^pcs 99 99\$" sums &&
    test_grep "^    impprof pcs.prof\$" "$EX/README" &&
    test_grep "^run status=exit cycles=15996081 " ex/monitors/pcs.prof &&
    test_grep "^sample 1 1003C 30\$" ex/monitors/pcs.prof &&
    test_grep "^exact D5 CLC 15000 " ex/monitors/pcs.prof
'
test_expect_success 'README: PCS at 20000 ticks per virtual second' '
    readme_run "pcs=20000 " &&
    test_grep "^pcs: 20000 ticks per virtual second: 19989 ticks, 22 pairs in 1024 slots, 0 ticks lost" rep &&
    check_sums ex/monitors/pcs.prof &&
    test_grep "^pcs 19989 19989\$" sums &&
    test_grep "^run status=exit cycles=16871301 " ex/monitors/pcs.prof
'

test_expect_success 'README: IIFM, one opcode (BCT): the exact count' '
    readme_run "iifm=BCT " &&
    test_grep "^iifm: BCT (X.0046.): 1049 instructions, 3147 cycles, CPI 3.00" rep &&
    imprun -q --stats --iifm=BCT ex/sieve.s >/dev/null 2>st &&
    exact_matching 46 0 st >want &&
    test "$(cat want)" = "1049 instructions, 3147 cycles"
'
test_expect_success 'README: IIFM, a don'"'"'t-care subset (18/07): the exact count' '
    readme_run "iifm=18/07 " &&
    test_grep "^iifm: opcode X.0018., don.t-care X.0007.: 155 instructions, 465 cycles, CPI 3.00" rep &&
    imprun -q --stats --iifm=18/07 ex/sort.s >/dev/null 2>st &&
    exact_matching 18 7 st >want &&
    test "$(cat want)" = "155 instructions, 465 cycles"
'
test_expect_success 'README: IIFM, every opcode: all, the instruction the run ends with too' '
    readme_run "iifm=all " &&
    test_grep "^iifm: every opcode: 579 instructions, 9124 cycles, CPI 15.76" rep &&
    test_grep "^iifm: the machine.s exact count of the same opcodes, whole run: 579 instructions" rep
'
test_expect_success 'README: IIFM, time-sliced: the table adds up, the shares as quoted' '
    readme_run "iifm=all,slice=1000 " &&
    test_grep "^iifm: every opcode: 16892 instructions, 124872 cycles, CPI 7.39" rep &&
    sum=$(awk "/^opcode mnemonic/ { t = 1; next } t { s += \$3 } END { print s }" rep) &&
    test "$sum" -eq 16892 &&
    awk "/^opcode mnemonic/ { t = 1; next } t { print \$2, \$4, \$6 }" rep >shares &&
    test_grep "^L 22.16% 22.22%\$" shares &&
    test_grep "^AR 23.05% 22.91%\$" shares &&
    test_grep "^LA 24.96% 25.00%\$" shares &&
    test_grep "^BCT 22.86% 22.91%\$" shares
'
test_expect_success 'README: the CSECT monitor over multicsect.s' '
    readme_run "csm --profile=csm.prof" &&
    test_grep "^csm: 11 transitions among 6 CSECTs: 5 calls, 6 returns, 0 other branches$" rep &&
    test_grep "^csm: the monitor.s microcode: 477 cycles in 11 entries, .* of the run.s 7424 cycles$" rep &&
    test_grep "11 transitions among 6 CSECTs: 5 calls, 6 returns, 0 other" "$EX/README" &&
    test_grep "477 of the run.s 7424 cycles" "$EX/README" &&
    test_grep "^    impprof --csm --interval=2000 csm.prof$" "$EX/README" &&
    (cd ex/monitors && impprof --csm --interval=2000 csm.prof) >csm.txt &&
    test_grep "^ 0      -      5  MCMAIN IMPCHECK$" csm.txt &&
    test_grep "used together, in intervals of 2000 cycles" csm.txt
'
test_done
