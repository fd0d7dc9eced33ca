#!/bin/sh
# t6060-impmon-lecture.sh -- impmon on a projector, as a lecture on the
# monitors drives it: an 80x24 window and a 132x40 one.  Every layout
# shows all sixteen registers, down to 80x24; the top row and info say
# the same state; run stops at a breakpoint on the first instruction.
# The screen is driven through tmux as in t6010 (every wait polls for
# at most 2 minutes).
. "$(dirname "$0")/test-lib.sh"

if ! test_have impmon || ! test_have impas || ! test_have impld; then
    test_skip 'impmon lecture' 'impmon, impas or impld is not built yet'
    test_done
fi
cp "$IMP_TOP/examples/sieve.s" .
cat >spin.s <<'EOF_SPIN'
SPIN     CSECT
         USING SPIN,15
         SR    3,3
AGAIN    LA    3,1(,3)
         B     AGAIN
         END   SPIN
EOF_SPIN

test_expect_success 'info: ready to run, until something runs' '
    printf "info\nmonitor ias 100\ninfo\nstep\ninfo\n" | impmon --batch sieve.s >out &&
    grep "^state:" out >got &&
    printf "state:    %s\n" "ready to run at X'"'"'010000'"'"' SIEVE" \
        "ready to run at X'"'"'010000'"'"' SIEVE" "stopped (stepped) at X'"'"'010004'"'"' SIEVE+X'"'"'4'"'"'" >want &&
    test_cmp want got
'

test_expect_success 'info: a register watchpoint and until are named as the log names them' '
    printf "watch gr 3\ncontinue\ninfo\nuntil MARK\ninfo\n" | impmon --batch sieve.s >out &&
    grep -e "^stopped" -e "^state:" out >got &&
    cat >want <<-\EOF &&
	stopped: watchpoint 1: R3 = X'"'"'00000002'"'"'
	state:    stopped (watchpoint) at X'"'"'010044'"'"' PLOOP
	stopped: until MARK
	state:    stopped (until MARK) at X'"'"'01005E'"'"' MARK
	EOF
    test_cmp want got
'

# The opcodes' CPI as imprun --stats prints it, to the last digit: CVD's
# 698 cycles in 16 runs are 43.625, which reads 43.63 (43.62 through
# printf's rounding of the double).
test_expect_success 'opcodes: the CPI of each opcode is imprun --stats'"'"'s' '
    cp "$IMP_TOP/examples/monitors/glean.s" . &&
    imprun -q --stats glean.s 2>stats >/dev/null &&
    printf "run\nopcodes 99\n" | impmon --batch glean.s >out &&
    awk "/^opcode mnemonic/ { t = 1; next } t && NF == 6 && \$3 > 0 { print \$2, \$5 }" stats |
        sort >want &&
    awk "NF == 4 && \$3 ~ /[0-9]%\$/ { print \$1, \$4 }" out | sort >got &&
    test_cmp want got && test_grep "^CVD 43.63$" got
'

# until's breakpoint is its own: it takes no number from the class's.
test_expect_success 'until leaves the breakpoint numbers to break' '
    printf "until PLOOP\nbreak MARK\nuntil CLOOP\nwatch gr 3\n" | impmon --batch sieve.s >out &&
    test_grep "^breakpoint 1: X.01005E. MARK$" out &&
    test_grep "^watchpoint 2: R3 changes$" out
'

test_expect_success 'set storage: sizes as imprun --storage takes them; errors name the source' '
    printf "set storage 64K\nset storage 1M\nset storage 5000\n" | impmon --batch sieve.s >out 2>err;
    test $? -eq 1 &&
    test_grep "^<stdin>:1: error: sieve.s: the program (X.010000.-X.011113.) does not fit in storage (65536 bytes)$" err &&
    test_grep "^storage 1M (machine reset)$" out &&
    test_grep "^<stdin>:3: error: set storage: .5000. is not a size from 8K to 16M in 4K steps$" err &&
    ! grep -q "a\.load" err
'

# Breakpoints set by place follow the program a load brings: the same
# source edited moves them, another program that lacks the place drops
# them (an address given as a number, an opcode, stay).
test_expect_success 'load: breakpoints by place are found again in the new program' '
    sed "s/^PLOOP    LR    1,3/         NOPR  0\nPLOOP    LR    1,3/" sieve.s >sieve2.s &&
    printf "%s\n" "break PLOOP" "break X'"'"'010004'"'"'" "break op=BXLE" \
        "load sieve2.s" "continue" "continue" "watch FLAGS" "load spin.s" "info break" |
        impmon --batch sieve.s >out 2>err &&
    test_cmp /dev/null err &&
    test_grep "^breakpoint 1 (PLOOP) moved: X.010046.$" out &&
    grep -A1 "^stopped: breakpoint 1$" out | grep -q "at X.010046. SIEVE+X.46. (sieve2.s:48)" &&
    test_grep "^breakpoint 1 (PLOOP) deleted: column 1: unknown symbol or register .PLOOP.$" out &&
    test_grep "^watchpoint 4 (FLAGS) deleted: " out &&
    test "$(sed -n "/^id /,\$p" out | tail -n +2 | cut -c1-4 | tr -d " " | tr "\n" " ")" = "2 3 "
'

# "break SIEVE", then "run": the class expects the first instruction,
# as a debugger's run stops at a breakpoint on main; continue steps off
# a breakpoint it is stopped at, run starts afresh and stops there.
test_expect_success 'run stops at a breakpoint on the first instruction' '
    printf "break SIEVE\nrun\ninfo break\nstep\nrun\ncontinue\n" |
        impmon --batch sieve.s >out 2>err &&
    test_cmp /dev/null err &&
    test "$(grep -c "^stopped: breakpoint 1$" out)" = 2 &&
    test_grep "^1    addr     1          X.010000. SIEVE$" out &&
    test_grep "program ended (EXIT host service), return code 0" out &&
    grep -A1 "^stopped: breakpoint 1$" out | grep -c "at X.010000. SIEVE+X.0." >n &&
    test "$(cat n)" = 2
'

# A mistyped command in front of the class: one typing slip from a
# command names it; anything else says where the list is.
test_expect_success 'a mistyped command names the command it is a slip of' '
    printf "rnu\nbrek MARK\nstpe\nuit\nzap\nde 1\n" | impmon --batch sieve.s >out 2>err;
    test $? -eq 1 &&
    cat >want <<-\EOF &&
	<stdin>:1: error: unknown command '"'"'rnu'"'"'; did you mean run?
	<stdin>:2: error: unknown command '"'"'brek'"'"'; did you mean break?
	<stdin>:3: error: unknown command '"'"'stpe'"'"'; did you mean step?
	<stdin>:4: error: unknown command '"'"'uit'"'"'; did you mean quit?
	<stdin>:5: error: unknown command '"'"'zap'"'"' (help lists the commands)
	<stdin>:6: error: ambiguous command '"'"'de'"'"' (delete, deposit)
	EOF
    test_cmp want err
'

# No instruction, no CPI: "-" as imprun --stats and the monitors'
# reports say it, never 0.00.
test_expect_success 'counters before any instruction: CPI -' '
    printf "counters\nstep\ncounters\n" | impmon --batch sieve.s >out &&
    grep "^CPI" out >got &&
    printf "CPI          -\nCPI          35.00\n" >want &&
    test_cmp want got
'

# A typo in a load in the middle of the lecture: the program stays,
# where it was if the new one never reached the machine, else loaded
# again from its start; never "no program loaded".
test_expect_success 'a load that fails keeps the program loaded' '
    sed "s/^SPIN     CSECT/SPIN     CSECTX/" spin.s >bad.s &&
    printf "step 3\nload nosuch.s\ninfo\nload bad.s\nprint R12\n" |
        impmon --batch sieve.s >out 2>err;
    test $? -eq 1 &&
    test_grep "^<stdin>:2: error: nosuch.s: could not be assembled and linked$" err &&
    test_grep "^<stdin>:4: error: bad.s: could not be assembled and linked$" err &&
    test_grep "^program:  sieve.s$" out &&
    test_grep "^state:    stopped (stepped) at X.01000A. SIEVE+X.A.$" out &&
    test_grep "^counts:   3 instructions" out &&
    test_grep " X.40010006." out
'
test_expect_success 'a load module that cannot be loaded: the program before, from its start' '
    impas -o spin.o spin.s && impld -o spin.load spin.o &&
    sed "s/^TXT 1 010000 1B/TXT 1 010000 1G/" spin.load >badmod.load &&
    printf "step 3\nload badmod.load\ninfo\n" | impmon --batch sieve.s >out 2>err;
    test $? -eq 1 &&
    test_grep "^badmod.load:[0-9]*:[0-9]*: error: bad hexadecimal digit" err &&
    test_grep "^<stdin>:2: error: the program could not be loaded$" err &&
    test_grep "^sieve.s is loaded again, from its start$" out &&
    test_grep "^state:    ready to run at X.010000. SIEVE$" out
'

if ! test_have tmux; then
    test_skip 'impmon lecture on tmux' 'tmux is not installed (tools/install-deps.sh)'
    test_done
fi

tmux_sessions impmon-lecture
export IMPMON_HISTORY="$TRASH/history"
key() { $T send-keys -t "$(S)" "$@"; }

# every register R0-R15 on the screen, once each, with its value
all_registers() {
    for r in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
        test "$(grep -o "R$r  *[0-9A-F]\{8\}" screen.txt | grep -c "^R$r ")" = 1 ||
        { echo "R$r is not on the screen once:"; sed "s/^/| /" screen.txt; return 1; }
    done
}

test_expect_success '80x24: the machine layout shows all sixteen registers and the state' '
    start 80 24 sieve.s &&
    wait_for "loaded sieve.s" &&
    type_line "step 6" &&
    wait_for "SR    10,10 " &&
    all_registers &&
    test_grep "R13 0001010C" screen.txt &&
    test_grep "PSW 00890000 00010014 CC 0 key 8 prob " screen.txt
'
test_expect_success '80x24: so do the opcodes and the microcode layouts' '
    key 3 && wait_for "\[3 opcodes\]" && all_registers &&
    key 5 && wait_for "\[5 microcode\]" && all_registers &&
    test_grep "uPC " screen.txt
'
test_expect_success '132x40: four a row, the state in words' '
    start 132 40 sieve.s &&
    wait_for "loaded sieve.s" &&
    all_registers &&
    test_grep "R0  00000000  R1  00000000  R2  00000000  R3  00000000" screen.txt &&
    test_grep "PSW 00890000 00010000  CC 0  key 8  problem" screen.txt &&
    for l in 3 5; do
        key $l && wait_for "\[$l " && all_registers || return 1
    done
'
# The top row says what info says: a program loaded (or reset by a
# monitor's setting) and not run yet is ready to run, not "stepped".
test_expect_success 'the top row: ready to run, until something runs' '
    start 80 24 sieve.s &&
    wait_for "loaded sieve.s" &&
    test_grep "^ impmon  sieve.s  \[1 machine\]  ready to run   ? help" screen.txt &&
    test_grep "xCPI    -  " screen.txt &&
    type_line "monitor ias 100" &&
    wait_for "(machine reset)" &&
    test_grep "\]  ready to run " screen.txt &&
    type_line "step" &&
    wait_for "\]  stopped (stepped) "
'

# A live run on the projector: the layouts, the help and the monitors'
# zoom change the view and leave the machine running; a command typed
# during the run stops it and is read whole, "quit" too.
test_expect_success 'a live run: the layout keys leave it running' '
    start 132 40 spin.s &&
    wait_for "loaded spin.s" &&
    type_line "monitor ias 500" && wait_for "ias: a sample every 500 cycles" &&
    type_line "run" &&
    wait_for "RUNNING" &&
    key 2 && wait_for "\[2 monitors\]  RUNNING" &&
    key + && wait_for "\[2 monitors\]  RUNNING" &&
    key F1 && wait_for "\[1 machine\]  RUNNING" &&
    key "?" && wait_for "impmon help (any key closes)" &&
    key Space && wait_for "\[1 machine\]  RUNNING"
'
test_expect_success 'a command typed during a live run is read whole' '
    $T send-keys -t "$(S)" -l "print 6*7" && key Enter &&
    wait_for "[^0-9]42 X.2A." &&
    test_grep "\]  stopped by request " screen.txt &&
    ! grep -q "unknown command" screen.txt
'
test_expect_success 'quit typed during a live run quits' '
    type_line "continue" &&
    wait_for "RUNNING" &&
    type_line "quit" &&
    wait_for "impmon-exited-0"
'

# + on 80 columns: one monitor alone takes the whole width, so the
# instruction frequency table keeps its CPI columns.
test_expect_success '80x24: + shows the IIFM table whole, CPI and exact CPI' '
    start 80 24 sieve.s &&
    wait_for "loaded sieve.s" &&
    type_line "monitor iifm all,slice=1000" && wait_for "iifm: all,slice=1000" &&
    type_line "run" && wait_for "program ended" &&
    key 2 && wait_for "\[2 monitors\]" &&
    key + && wait_for "^lqiifm: instruction frequency monitoringq*k$" &&
    test_grep "opcode  *sliced  *%  *exact  *%  *CPI  exact" screen.txt &&
    test_grep "xAR  *77  *29.96%  *1001  *12.95%  *3.00  *3.00  *x" screen.txt &&
    test_grep "xBALR  *0  *0.00%  *3  *0.04%  *-  *4.67  *x" screen.txt
'

test_done
