#!/bin/sh
# t6050-impmon-monitors.sh -- every monitor has its pane in impmon (F2),
# drawn from its descriptor's view and updated while the program runs,
# and `view' prints the same text in batch mode.  Each view's numbers
# are checked against another reading of the same data: imprun's and
# impmon's reports, the monitor data file, impprof, the program's own
# printout of its gleaned records.  IIFM's counters survive a `report'
# or a `save' in the middle of a run (they used to stop it).  The screen
# is driven through tmux as in t6010 (every wait polls for at most 20 s).
. "$(dirname "$0")/test-lib.sh"

if ! test_have impmon || ! test_have impas || ! test_have impld || ! test_have impprof; then
    test_skip 'impmon monitors' 'impmon, impas, impld or impprof is not built yet'
    test_done
fi

EX=$IMP_TOP/examples
cp "$EX/loop.s" "$EX/sieve.s" "$EX/monitors/glean.s" .

# field N of the line of FILE that starts with WORD (the view's tables)
col() { awk -v w="$2" -v n="$3" '$1 == w { print $n; exit }' "$1"; }

test_expect_success 'view iifm: the counters so far are what report says, at the end as imprun' '
    imprun -q --iifm=all loop.s >/dev/null 2>ref &&
    printf "monitor iifm all\nrun\nview iifm\nreport\n" | impmon --batch loop.s >out 2>err &&
    test ! -s err &&
    n=$(sed -n "s/^iifm: every opcode: \([0-9]*\) instructions, \([0-9]*\) cycles.*/\1 \2/p" ref) &&
    test -n "$n" &&
    test "$(col out counters 2) $(col out counters 3)" = "$n" &&
    test_grep "^iifm: every opcode: ${n% *} instructions, ${n#* } cycles" out &&
    echo "insns=$(col out exact 2)" >got &&
    printf "counters\n" | impmon -e run --batch loop.s | sed -n "s/^instructions *\([0-9]*\)$/insns=\1/p" >want &&
    test_cmp want got
'

test_expect_success 'a report or a save in the middle of a run leaves IIFM counting' '
    printf "monitor iifm all\nbreak ADDUP\nrun\nreport\nsave mid.prof\nview iifm\ndelete all\ncontinue\nreport\nsave end.prof\n" |
        impmon --batch loop.s >out 2>err &&
    test ! -s err &&
    test_grep "^every opcode: counting$" out &&
    test "$(grep -c "^iifm: every opcode: " out)" = 2 &&
    n=$(sed -n "s/^iifm: every opcode: \([0-9]*\) instructions, \([0-9]*\) cycles.*/\1 \2/p" ref) &&
    grep "^iifm: every opcode: " out | tail -1 >last &&
    grep "^iifm: every opcode: " ref >want &&
    test_cmp want last &&
    test_grep "^iifm .* count=${n% *} cycles=${n#* }$" end.prof
'

test_expect_success 'view iifm, slicing: the table is the report'"'"'s, busiest first' '
    printf "monitor iifm all,slice=1000\nrun\nview iifm\nreport\n" | impmon --batch sieve.s >out 2>err &&
    test ! -s err &&
    test_grep "^slices of 1000 cycles, counting [A-Z]* now: [0-9]* begun, a round is [0-9]*$" out &&
    awk "/^opcode  *sliced/ { t = 1; next } t && NF == 7 { print \$1, \$2 }" out >view &&
    awk "/^opcode mnemonic/ { t = 1; next } t && NF == 8 && \$3 > 0 { print \$2, \$3 }" out |
        sort -k2,2nr -k1,1 >report &&
    test "$(wc -l <report)" -ge 5 &&
    awk "\$2 > 0" view >view.order &&
    sort -k2,2nr -k1,1 view.order >view.sorted &&
    test_cmp report view.sorted &&
    awk "NR > 1 && \$2 > last { exit 1 } { last = \$2 }" view
'

test_expect_success 'view pcs: the hottest addresses and CSECTs are impprof'"'"'s' '
    printf "monitor pcs 20000\nrun\nview pcs\nsave s.prof\n" | impmon --batch sieve.s >out 2>err &&
    test ! -s err &&
    impprof s.prof >prof 2>&1 &&
    awk "/^hottest addresses/ { t = 1; next } /^saved/ { t = 0 } t && \$1 !~ /^X/ { print \$1, \$2 }" out >view &&
    awk "/^task  address  where  *symbol/ { t = 1; next } t && NF == 0 { t = 0 }
         t && \$3 !~ /^NUCLEUS/ { if (\$4 ~ /:/) print \$3, \$5; else print \$4, \$6 }" prof |
        sed "s/+X.0.\$//" >want &&
    test "$(wc -l <want)" -ge 8 &&
    sort view >a && sort want >b && test_cmp b a &&
    test "$(col out SIEVE 2)" = "$(awk "\$1 == \"sample\" && length(\$3) >= 5 { s += \$4 } END { print s }" s.prof)" &&
    test_grep "^[0-9]* ticks (20000 a second), [0-9]* pairs in 1024 slots, 0 lost$" out
'

# The view keeps the table as last drawn and looks again only at the
# slots that changed: drawn at every stop, its last drawing is the one
# an impmon run that draws it once there makes.
test_expect_success 'view pcs drawn again and again: the same as drawn once' '
    { printf "monitor pcs-slots 4096\nmonitor pcs 160000\nbreak PLOOP\nrun\n" &&
      for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf "continue\nview pcs\n"; done; } >often.cmd &&
    { printf "monitor pcs-slots 4096\nmonitor pcs 160000\nbreak PLOOP\nrun\n" &&
      for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf "continue\n"; done && printf "view pcs\n"; } >once.cmd &&
    impmon --batch sieve.s <often.cmd >often.out 2>err && test ! -s err &&
    impmon --batch sieve.s <once.cmd >once.out 2>err && test ! -s err &&
    test "$(grep -c "^hottest addresses" often.out)" = 12 &&
    sed -n "/^pcs: program-counter sampling/,\$p" once.out >want &&
    awk "/^pcs: program-counter sampling/ { n++; buf = \"\" } n == 12 { buf = buf \$0 \"\\n\" }
         END { printf \"%s\", buf }" often.out >got &&
    test "$(grep -c "" want)" -gt 5 &&
    test_cmp want got &&
    awk "/^hottest addresses/ { n++ } END { exit n != 12 }" often.out &&
    test "$(grep "^[0-9]* ticks" often.out | uniq | wc -l)" -gt 6
'

test_expect_success 'view glean: a program that gleans by itself, its records as it prints them' '
    printf "run\nview\n" | impmon --batch glean.s >out 2>err &&
    test ! -s err &&
    test_grep "^glean: processor-status gleaning$" out &&
    test_grep "the buffer filled, gleaning ended$" out &&
    test_grep "^6 records of 20 bytes: 120 of 128 bytes$" out &&
    test_grep "^fill  93.75% \[#" out &&
    awk "/^index  *addr/ { t = 1; next } /^impmon:/ { t = 0 } t { print \$4 }" out >want &&
    sed -n "s/^ *[0-9]* burst=[0-9]* ia=.* op=[A-Z]* cycles=\([0-9]*\)$/\1/p" out >got &&
    test "$(wc -l <want)" = 6 && test_cmp want got &&
    sed -n "s/^ *[0-9]* burst=[0-9]* ia=\([^ ]*\) .*/print \1/p" out >labels.imp &&
    impmon --batch glean.s <labels.imp | sed -n "s/^[0-9]* X.0*\([0-9A-F]*\). .*/\1/p" >addrs &&
    awk "/^index  *addr/ { t = 1; next } /^impmon:/ { t = 0 } t { print \$2 }" out | sed "s/^0*//" >want &&
    test_cmp want addrs
'

test_expect_success 'view csm and ias: the same counts as report' '
    printf "monitor csm\nmonitor ias 300\nrun\nview csm ias\nreport\n" | impmon --batch loop.s >out 2>err &&
    test ! -s err &&
    test_grep "^7 transitions among 4 CSECTs$" out &&
    test_grep "^csm: 7 transitions among 4 CSECTs: " out &&
    test_grep "^IMPCHECK LOOP IMPCHECK LOOP IMPCHECK LOOP - *$" out &&
    awk "NF == 5 && \$1 ~ /^(LOOP|IMPCHECK)\$/ { print \$1, \$2, \$4 }" out >matrix &&
    printf "LOOP 0 3\nIMPCHECK 3 0\n" >want && test_cmp want matrix &&
    in=$(sed -n "s/^ias: window 1 .*: \([0-9]*\) in it, \([0-9]*\) out of range.*/\1 \2/p" out) &&
    test_grep "^window program: ${in% *} samples in 274 blocks of 16, ${in#* } out of range$" out
'

test_expect_success 'view per: the storage alteration that ended the run' '
    { printf "monitor per sa,range=RESULT\nrun\nview per\n" | impmon --batch loop.s >out 2>err; echo $? >st; } &&
    test_grep "^CR9 X.20000000. (sa), the PSW.s PER mask on$" out &&
    test_grep "^range RESULT to RESULT+X.3. (CR10-CR11)$" out &&
    test_grep "^1 program interruptions$" out &&
    test_grep "^storage alteration  *1$" out
'

# At a breakpoint the instruction before it is whole (its cycles are
# in): IIFM's view counts it, as the exact counts and `counters' do.
test_expect_success 'view iifm at a breakpoint: every instruction so far, as the exact counts' '
    printf "monitor iifm all\nbreak ADDUP\nrun\nview iifm\ncounters\ncontinue\nview iifm\ncounters\n" |
        impmon --batch loop.s >out 2>err &&
    test ! -s err &&
    grep "^counters " out | awk "{ print \$2, \$3 }" >got &&
    grep "^exact " out | awk "{ print \$2, \$3 }" >want &&
    test "$(wc -l <got)" = 2 && test_cmp want got &&
    grep "^instructions " out | awk "{ print \$2 }" >insns &&
    awk "{ print \$1 }" got | test_cmp insns - &&
    test "$(head -1 insns)" -gt 0 &&
    printf "monitor iifm AR\nbreak ADDUP\nrun\ncontinue\ncontinue\nview iifm\nstep\nview iifm\n" |
        impmon --batch loop.s >out 2>err &&
    test ! -s err &&
    grep "^counters " out | awk "{ print \$2 }" >got &&
    printf "2\n3\n" >want && test_cmp want got &&
    grep "^exact " out | awk "{ print \$2, \$3 }" >want &&
    grep "^counters " out | awk "{ print \$2, \$3 }" >got && test_cmp want got
'

test_expect_success 'info: each monitor on named once' '
    printf "monitor iifm all\nbreak ADDUP\nrun\ninfo\n" | impmon --batch loop.s >out 2>err &&
    test_grep "^monitors: iifm$" out &&
    printf "monitor per sa,range=4:8\nbreak ADDUP\nrun\ninfo\n" | impmon --batch loop.s >out 2>err &&
    test_grep "^monitors: per$" out
'

test_expect_success 'view per: the firmware checks are PER.s row of the stats' '
    printf "monitor per sa,range=4:8\nrun\nview per\ncounters\n" | impmon --batch loop.s >out 2>err &&
    c=$(sed -n "s/^firmware checks: \([1-9][0-9]*\) cycles in \([1-9][0-9]*\) instructions.*/\1 \2/p" out) &&
    test -n "$c" &&
    test_grep "^  per  *${c% *} cycles, 0 microwords in ${c#* } entries$" out &&
    imprun -q --stats --per=sa,range=4:8 loop.s >/dev/null 2>ref &&
    test_grep "^per  *${c#* }  *${c% *}  *0 " ref
'

if ! test_have tmux; then
    test_skip 'impmon monitors on tmux' 'tmux is not installed (tools/install-deps.sh)'
    test_done
fi

tmux_sessions impmon-monitors
export IMPMON_HISTORY="$TRASH/history"
cat >spin.s <<'EOF_SPIN'
SPIN     CSECT
         USING SPIN,15
         SR    3,3
AGAIN    LA    3,1(,3)
         B     AGAIN
         END   SPIN
EOF_SPIN

# start 120 40 PROG...: impmon in a fresh session of 120x40 (test-lib.sh)

test_expect_success 'F2 with no monitor on: how to arm each, from the table' '
    start 120 40 sieve.s &&
    wait_for "loaded sieve.s" &&
    $T send-keys -t "$(S)" F2 &&
    wait_for "\[2 monitors\]" &&
    test_grep "no monitor is on; monitor SETTING \[SPEC\] arms one:" screen.txt &&
    for n in ias pcs glean csm iifm per bht; do
        grep -q "monitor $n [A-Z]" screen.txt || { echo "no line for $n"; exit 1; }
    done
'

test_expect_success 'F2: a pane each for IIFM, PC sampling and gleaning, with the batch numbers' '
    type_line "monitor iifm all" && wait_for "iifm: all (machine reset)" &&
    type_line "monitor pcs 20000" && wait_for "pcs: 20000 samples" &&
    type_line "monitor glean ia+op,every=5000" && wait_for "glean: ia+op,every=5000" &&
    type_line "run" &&
    wait_for "program ended" &&
    wait_for "iifm: instruction frequency monitoring" &&
    test_grep "pcs: program-counter sampling" screen.txt &&
    test_grep "glean: processor-status gleaning" screen.txt &&
    test_grep "counters" screen.txt &&
    printf "monitor iifm all\nmonitor pcs 20000\nmonitor glean ia+op,every=5000\nrun\nview\n" |
        impmon --batch sieve.s >out &&
    c=$(col out counters 2) && e=$(col out exact 2) &&
    grep -q "xcounters  *$c " screen.txt &&
    grep -q "xexact  *$e " screen.txt &&
    top=$(awk "/^hottest addresses/ { getline; print \$1, \$2; exit }" out) &&
    grep -q "x${top% *}  *${top#* } " screen.txt &&
    recs=$(sed -n "s/^\([0-9]* records of 12 bytes\):.*/\1/p" out) &&
    grep -q "$recs" screen.txt
'

test_expect_success '+ shows one monitor alone, the next, then all again' '
    $T send-keys -t "$(S)" + &&
    wait_for "ticks (20000 a second)" &&
    ! grep -q "iifm: instruction frequency" screen.txt &&
    test_grep "pcs: program-counter sampling" screen.txt &&
    $T send-keys -t "$(S)" + && wait_for "glean: processor-status gleaning" &&
    ! grep -q "pcs: program-counter sampling" screen.txt &&
    $T send-keys -t "$(S)" + && wait_for "iifm: instruction frequency" &&
    ! grep -q "glean: processor-status" screen.txt &&
    $T send-keys -t "$(S)" + && wait_for "pcs: program-counter sampling" &&
    test_grep "iifm: instruction frequency" screen.txt &&
    test_grep "glean: processor-status gleaning" screen.txt
'

test_expect_success 'every monitor on, 80x24: a pane each, none lost' '
    for c in "monitor ias 500" "monitor csm" "monitor per sb" "monitor bht"; do
        type_line "$c" || exit 1
    done &&
    wait_for "bht: the last 16 taken branches" &&
    $T resize-window -t "$(S)" -x 80 -y 24 &&
    wait_for "^ impmon  sieve.s  \[2 monitors\]" &&
    for n in ias pcs glean csm iifm per bht; do
        wait_for "lq$n: " || exit 1
    done &&
    $T resize-window -t "$(S)" -x 120 -y 40
'

test_expect_success 'a live run: the IIFM pane counts while the program runs' '
    start 120 40 spin.s &&
    wait_for "loaded spin.s" &&
    type_line "monitor iifm all" && wait_for "iifm: all" &&
    $T send-keys -t "$(S)" F2 && wait_for "iifm: instruction frequency" &&
    type_line "run" &&
    wait_for "RUNNING -- typing stops it" &&
    wait_for "xcounters  *[1-9]" &&
    a=$(sed -n "s/.*xcounters  *\([0-9]*\) .*/\1/p" screen.txt) &&
    test_backoff_start &&
    while :; do
        screen &&
        b=$(sed -n "s/.*xcounters  *\([0-9]*\) .*/\1/p" screen.txt) &&
        if [ -n "$b" ] && [ "$b" -gt "$a" ] && grep -q RUNNING screen.txt; then break; fi &&
        test_backoff || break
    done &&
    test "$b" -gt "$a" &&
    $T send-keys -t "$(S)" x &&
    wait_for "\] *stopped by request " &&
    test_grep "every opcode: counting" screen.txt
'

test_expect_success 'the counters pane: PER.s row, the batch counters.s' '
    start 120 40 loop.s &&
    wait_for "loaded loop.s" &&
    type_line "monitor per sa,range=4:8" && wait_for "per: CR9" &&
    type_line "run" &&
    wait_for "program ended" &&
    $T send-keys -t "$(S)" F1 &&
    wait_for " per  *[1-9][0-9]*  *uw 0 in [1-9]" &&
    printf "monitor per sa,range=4:8\nrun\ncounters\n" | impmon --batch loop.s >out &&
    set -- $(sed -n "s/^  per  *\([0-9]*\) cycles, 0 microwords in \([0-9]*\) entries$/\1 \2/p" out) &&
    test -n "$2" &&
    grep -q " per  *$1  *uw 0 in $2" screen.txt &&
    p=$(sed -n "s/^program  *\([0-9]*\) cycles$/\1/p" out) &&
    grep -q "prog  *$p  *mon $1" screen.txt
'

test_expect_success 'a program that arms gleaning itself gets its pane' '
    start 120 40 glean.s &&
    wait_for "loaded glean.s" &&
    $T send-keys -t "$(S)" F2 &&
    type_line "run" &&
    wait_for "program ended" &&
    wait_for "glean: processor-status gleaning" &&
    test_grep "6 records of 20 bytes: 120 of 128 bytes" screen.txt &&
    test_grep "burst=0 ia=WORK+X.E. op=BCT cycles=296" screen.txt
'

test_expect_success 'info monitors: PER armed for the CSECT monitor says so, csm is on' '
    cp "$EX/monitors/csects.s" . &&
    for c in 150000 150100; do
        printf "monitor csm per\nrun $c\ninfo monitors\n" | impmon --batch csects.s >out.$c 2>err &&
        test ! -s err || return 1
    done &&
    test_grep "^  at X.010238. CSSORT" out.150000 &&
    test_grep "^csm    on  events 0 *entries 451 " out.150000 &&
    test_grep "^per    on  CR9 X.80000000.* interruptions 451, for csm$" out.150000 &&
    test_grep "^per: the firmware.s checks: [1-9][0-9]* cycles, .* in csm.s cost: PER is armed for it (test " out.150000 &&
    ! grep -q "0 cycles in 0 instructions" out.150000 &&
    # in the handler, which runs with the PER mask off: still the csm monitor
    test_grep "^csm    on  events 0 *entries 452 " out.150100 &&
    test_grep "^per    off .* interruptions 452, for csm$" out.150100 &&
    # PER armed by the user alone keeps its own row, named as before
    printf "monitor per if\nrun 150000\ninfo monitors\n" | impmon --batch csects.s >own 2>err &&
    test ! -s err &&
    test_grep "^per: the firmware.s checks: [1-9][0-9]* cycles in [1-9][0-9]* instructions" own &&
    ! grep -q ", for " own
'

test_expect_success 'a monitor or setting the program cannot have: undone, the program kept' '
    printf "%s\n" "monitor ias-window NOSUCH/16" "monitor ias 500" "run" \
        "monitor csm 524288" "set storage 8192" "run" "info" >bad.imp &&
    { impmon -x bad.imp sieve.s >out 2>err; test $? -eq 1; } &&
    test_grep "^bad.imp:2: error: monitor ias-window NOSUCH: no such CSECT" err &&
    test_grep "^bad.imp:2: error: monitor ias 500: not done; the machine is reset as it was$" err &&
    test_grep "^bad.imp:4: error: monitor csm 524288: not done; the machine is reset as it was$" err &&
    test_grep "^bad.imp:5: error: set storage 8192: not done; the machine is reset as it was$" err &&
    ! grep "no program loaded" err &&
    test $(grep -c "^OK primes to 1000 = 168$" out) -eq 2 &&
    test_grep "^state:    ended (exit)" out &&
    test_grep "^monitors: none$" out
'

test_done
