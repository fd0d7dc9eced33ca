#!/bin/sh
# t4846-glean-menu.sh -- gleaning's menu (seed 001: "any information
# available to the microcode"): the control registers, the interval
# timer, the PSW key and the microword addresses, each checked against
# what the machine holds at the record: CR0 and CR14 as imprun sets them,
# the timer falling 3 units in 625 cycles, the key of a problem-state
# program (8), the fetch vector and the entry of the instruction's
# microcode from the control store's map.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

SIEVE=$IMP_TOP/examples/sieve.s

test_expect_success 'all four: records of 4 + 64 + 4 + 4 + 4 bytes' '
    imprun -q --glean=cr+timer+key+uaddr+cycles,every=5000,n=2,buffer=1024 \
        --profile=g.prof "$SIEVE" >/dev/null 2>g.err &&
    test_grep "^glean: cycles+cr+timer+key+uaddr every 5000 cycles, 2 per trigger: 11 records of 88 bytes" g.err &&
    grep "^rec " g.prof >recs && test $(wc -l <recs) -eq 11
'

test_expect_success 'cr: the 16 control registers, as the machine holds them' '
    cr=$(sed -n "1s/.* cr=\([^ ]*\).*/\1/p" recs) &&
    test "$cr" = "E0,0,0,0,0,0,0,0,0,0,0,0,0,0,C2000000,200"
'

test_expect_success 'timer: the interval timer falls 3 units every 625 of the program'"'"'s cycles' '
    # The timer counts the program cycles (it stands still in the
    # microcode of the monitors), so at a record taken at clock cycle C, with M
    # cycles of monitor microcode in the whole run, it has fallen at least
    # (C - M) * 3 / 625 and at most C * 3 / 625 units (it starts at 0).
    m=$(sed -n "s/^glean: the monitor.s microcode: \([0-9]*\) cycles .*/\1/p" g.err) &&
    test -n "$m" &&
    perl -ne '"'"'my %v = map { split /=/, $_, 2 } grep /=/, split;
        my ($t, $c) = (hex $v{timer}, $v{cycles});
        my $fall = (4294967296 - $t) % 4294967296;
        my ($lo, $hi) = (int(($c - $m) * 3 / 625), int($c * 3 / 625));
        $bad = 1, print "$. $fall not in $lo..$hi\n" if $fall < $lo || $fall > $hi;
        $bad = 1, print "$. rose\n" if defined $pf && $fall < $pf;
        $pf = $fall;
        BEGIN { $m = shift @ARGV } END { exit($bad ? 1 : 0) }'"'"' "$m" recs
'
test_expect_success 'key: the PSW key of each record, 8 in the program and 0 in the supervisor' '
    imprun -q --glean=psw+key+cycles,every=5000,n=2,buffer=1024 --profile=k.prof "$SIEVE" >/dev/null 2>&1 &&
    grep "^rec " k.prof >krecs && test $(wc -l <krecs) -ge 10 &&
    perl -ne '"'"'my %v = map { split /=/, $_, 2 } grep /=/, split;
        my $want = (hex(substr($v{psw}, 0, 8)) >> 20) & 15;
        $bad = 1, print "$. key=$v{key} psw=$v{psw}\n" if $v{key} != $want;
        $n8++ if $v{key} == 8;
        END { exit($bad || $n8 < 9 ? 1 : 0) }'"'"' krecs
'

test_expect_success 'uaddr: the fetch vector, and the entry of the instruction.s microcode' '
    impmc -m cs.map -o cs.mcs "$IMP_TOP"/mc/src/*.mc &&
    fetch=$(awk "/^VECTORS/ { v = 1; next } v && \$2 == \"fetch\" { print \$1; exit }" cs.map) &&
    test -n "$fetch" && test -s recs &&
    for u in $(sed -n "s/.* uaddr=\([0-9A-F]*\).*/\1/p" recs); do
        hi=$(printf "%03X" $((0x$u >> 16))) && lo=$(printf "%03X" $((0x$u & 0xFFFF))) &&
        test "$hi" = "$fetch" &&
        awk -v e="$lo" "/^DISPATCH/ { d = 1; next } d && \$NF == e { f = 1 } END { exit !f }" cs.map ||
        return 1
    done
'

test_expect_success 'impprof reads the new fields; a bad one is an error' '
    impprof g.prof >rep && test_grep "info=cycles,cr,timer,key,uaddr\|info=cr" rep &&
    sed "0,/ key=8 /s// key=16 /" g.prof >bad.prof &&
    { impprof bad.prof >/dev/null 2>err; test $? -eq 1; } &&
    test_grep "key: not a storage key (0 to 15)" err
'

test_expect_success 'all: every field of the menu, 176 bytes a record' '
    imprun -q --glean=all,every=5000,buffer=4096 "$SIEVE" >/dev/null 2>a.err &&
    test_grep "records of 176 bytes" a.err
'

test_done
