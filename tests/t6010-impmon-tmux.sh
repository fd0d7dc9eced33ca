#!/bin/sh
# t6010-impmon-tmux.sh -- impmon's real ncurses screen, driven through
# tmux: start it in a detached session of 100x30, type with send-keys,
# read the screen with capture-pane.  Start, a breakpoint by source line,
# run, step, step back, layouts, the IAS histogram, a live run stopped
# by a key, the help page, resize, a terminal too small, quit (with the
# history saved) and a lost terminal (SIGHUP).  Every wait polls the
# screen for at most 2 minutes (a hang, not a slow machine) and fails with
# the screen shown.
. "$(dirname "$0")/test-lib.sh"

if ! test_have tmux; then
    test_skip 'impmon on tmux' 'tmux is not installed (tools/install-deps.sh)'
    test_done
fi
if ! test_have impmon || ! test_have impas || ! test_have impld; then
    test_skip 'impmon on tmux' 'impmon, impas or impld is not built yet'
    test_done
fi

tmux_sessions impmon-test
cp "$IMP_TOP/examples/loop.s" .
cat >spin.s <<'EOF_SPIN'
SPIN     CSECT
         USING SPIN,15
         SR    3,3
AGAIN    LA    3,1(,3)
         B     AGAIN
         END   SPIN
EOF_SPIN
export IMPMON_HISTORY="$TRASH/history"

# start 100 30 PROG...: impmon in a fresh session of 100x30 (test-lib.sh)

test_expect_success 'start: the panes, the program, the prompt' '
    start 100 30 loop.s &&
    wait_for "loaded loop.s; type help" &&
    wait_for "^ impmon  loop.s  \[1 machine\]" &&
    test_grep "registers" screen.txt &&
    test_grep "disassembly" screen.txt &&
    test_grep ">010000 LOOP" screen.txt &&
    test_grep "^impmon> *$" screen.txt
'

test_expect_success 'a breakpoint by source line, then run stops there' '
    type_line "break loop.s:32" &&
    wait_for "breakpoint 1: X.01001C. ADDUP" &&
    type_line "run" &&
    wait_for "stopped: breakpoint 1" &&
    test_grep ">01001C ADDUP" screen.txt &&
    test_grep "B>01001C" screen.txt
'

test_expect_success 'step: the IA moves on, R3 shows the sum, highlighted as changed' '
    type_line "step" &&
    wait_for ">01001E ADDUP+X.2." &&
    test_grep "R3  00000064" screen.txt &&
    $T capture-pane -e -t "$(S)" -p >colors.txt &&
    grep "R3  00000064" colors.txt | grep -q "\[1m.*R3  00000064" &&
    ! grep "R4  00000064" colors.txt | grep -q "\[1m[^ ]*R4  00000064"
'

test_expect_success 'step back: the machine as it was (R3 zero again)' '
    type_line "back" &&
    wait_for "back at instruction 9" &&
    wait_for ">01001C ADDUP" &&
    test_grep "R3  00000000" screen.txt
'

test_expect_success 'Tab completes a command and a symbol; Up recalls the history' '
    $T send-keys -t "$(S)" "unt" Tab &&
    wait_for "^impmon> until *$" &&
    $T send-keys -t "$(S)" "ADD" Tab &&
    wait_for "^impmon> until ADDUP *$" &&
    $T send-keys -t "$(S)" C-u &&
    wait_for "^impmon> *$" &&
    $T send-keys -t "$(S)" Up &&
    wait_for "^impmon> back$" &&
    $T send-keys -t "$(S)" C-u
'

test_expect_success 'layouts by key: F3 opcodes, F5 microword, 1 back' '
    $T send-keys -t "$(S)" F3 &&
    wait_for "\[3 opcodes\]" &&
    test_grep "opcodes by count" screen.txt &&
    $T send-keys -t "$(S)" F5 &&
    wait_for "\[5 microcode\]" &&
    test_grep "uPC 210 fetch" screen.txt &&
    $T send-keys -t "$(S)" 1 &&
    wait_for "\[1 machine\]"
'

test_expect_success 'the help page lists keys and commands; a key closes it' '
    $T send-keys -t "$(S)" "?" &&
    wait_for "impmon help" &&
    test_grep "layout 2: a pane for each monitor on" screen.txt &&
    test_grep "microstep" screen.txt &&
    $T send-keys -t "$(S)" Space &&
    wait_for "\[1 machine\]"
'

test_expect_success 'resize: the screen lays itself out again' '
    $T resize-window -t "$(S)" -x 132 -y 40 &&
    test_backoff_start &&
    while :; do
        screen &&
        if awk "length > 101 { found = 1 } END { exit !found }" screen.txt; then break; fi &&
        test_backoff || { sed "s/^/| /" screen.txt; echo "never redrawn at 132 columns"; exit 1; }
    done &&
    test_grep "^ impmon  loop.s" screen.txt &&
    test "$(wc -l <screen.txt)" -ge 40
'

test_expect_success 'a terminal under 80x24 gets a clear message, and back' '
    $T resize-window -t "$(S)" -x 70 -y 20 &&
    wait_for "needs a terminal of at least 80x24" &&
    test_grep "this one is 70x20" screen.txt &&
    $T resize-window -t "$(S)" -x 100 -y 30 &&
    wait_for "\[1 machine\]"
'

test_expect_success 'quit ends impmon with status 0 and saves the history' '
    type_line "quit" &&
    wait_for "impmon-exited-0" &&
    test_grep "^break loop.s:32$" "$IMPMON_HISTORY"
'

test_expect_success 'a live run: the counters move, a key stops it at once' '
    start 100 30 spin.s &&
    wait_for "loaded spin.s" &&
    type_line "monitor ias 500" &&
    wait_for "ias: a sample every 500 cycles" &&
    type_line "run" &&
    wait_for "RUNNING -- typing stops it" &&
    wait_for "refresh [0-9.]*[1-9][0-9.]* Hz" &&
    $T send-keys -t "$(S)" x &&
    wait_for "stopped by request" &&
    test_grep "\] *stopped by request " screen.txt &&
    test_grep "^impmon> x *$" screen.txt &&
    $T send-keys -t "$(S)" C-u && wait_for "^impmon> *$"
'

test_expect_success 'Ctrl-C stops a live run too, and leaves impmon running' '
    type_line "continue" &&
    wait_for "RUNNING -- typing stops it" &&
    $T send-keys -t "$(S)" C-c &&
    wait_for "\] *stopped by request " &&
    $T send-keys -t "$(S)" "print 1" C-c &&
    wait_for "^impmon> *$" &&
    type_line "print 6*7" &&
    wait_for "[^0-9]42 X.2A."
'

test_expect_success 'the IAS histogram, labelled with the symbol' '
    $T send-keys -t "$(S)" F2 &&
    wait_for "\[2 monitors\]" &&
    test_grep "window program: [0-9]* samples" screen.txt &&
    test_grep "SPIN  *100.0% #" screen.txt
'

test_expect_success 'the CSECT reference string and transition matrix (F2)' '
    start 100 30 loop.s &&
    wait_for "loaded loop.s" &&
    type_line "monitor csm" &&
    wait_for "csm: a buffer of 16384 records" &&
    type_line "run" &&
    wait_for "program ended" &&
    $T send-keys -t "$(S)" F2 &&
    wait_for "7 transitions among 4 CSECTs" &&
    test_grep "IMPCHECK LOOP IMPCHECK LOOP" screen.txt &&
    test_grep "from.to  *LOOP  *IMPRTW  *IMPCHECK" screen.txt
'

test_expect_success 'two tasks with paging: the page frames and the tasks (F4)' '
    R=$IMP_TOP/vm/host/runtime &&
    cp "$IMP_TOP/examples/hello.s" . &&
    impas -I "$R" -o loop.o loop.s && impas -I "$R" -o hello.o hello.s &&
    impas -I "$R" -o imprt.o "$R/imprt.s" &&
    impld -o loop.load loop.o imprt.o && impld -o hello.load hello.o imprt.o &&
    start 100 30 loop.load hello.load &&
    wait_for "loaded loop.load" &&
    type_line "set frames 4" &&
    wait_for "frames 4 (machine reset)" &&
    type_line "run" &&
    wait_for "every task ended" &&
    $T send-keys -t "$(S)" F4 &&
    wait_for "\[4 paging\]" &&
    test_grep "frame task page" screen.txt &&
    test_grep "   0  [12] " screen.txt &&
    test_grep "   1 exit " screen.txt &&
    test_grep "   2 exit " screen.txt
'

test_expect_success 'a lost terminal (SIGHUP) ends impmon cleanly' '
    pid=$($T list-panes -t "$(S)" -F "#{pane_pid}") &&
    kid=$(pgrep -P "$pid" impmon) &&
    kill -HUP "$kid" &&
    wait_for "impmon-exited-0"
'

test_done
