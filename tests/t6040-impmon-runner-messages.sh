#!/bin/sh
# t6040-impmon-runner-messages.sh -- the runner library speaks only
# through the front end: a monitor setting the runner refuses (a window
# over no such CSECT) shows in impmon's log pane as impmon's own error,
# and nothing in imprun's words reaches the curses screen.  Driven
# through tmux as t6010 is; every wait polls the screen for at most 2 minutes.
. "$(dirname "$0")/test-lib.sh"

if ! test_have tmux; then
    test_skip 'impmon on tmux' 'tmux is not installed (tools/install-deps.sh)'
    test_done
fi
if ! test_have impmon || ! test_have impas || ! test_have impld; then
    test_skip 'impmon on tmux' 'impmon, impas or impld is not built yet'
    test_done
fi

SOCK=impmon-test-$$
T="tmux -L $SOCK"
trap '$T kill-server 2>/dev/null' EXIT
test_cleanup='$T kill-server 2>/dev/null'
cp "$IMP_TOP/examples/loop.s" .
export IMPMON_HISTORY="$TRASH/history"

start() {
    $T kill-session -t mon 2>/dev/null
    $T new-session -d -s mon -x 100 -y 30 "trap '' INT; TERM=xterm impmon $*; echo impmon-exited-\$?; sleep 30"
}
screen() { $T capture-pane -t mon -p >screen.txt 2>/dev/null; }
type_line() { $T send-keys -t mon -l "$1" && $T send-keys -t mon Enter; }

test_expect_success 'a bad window: impmon says so in its log pane' '
    start loop.s &&
    wait_for "loaded loop.s; type help" &&
    type_line "monitor ias 1000" &&
    wait_for "ias: a sample every 1000 cycles (machine reset)" &&
    type_line "monitor ias-window NOSUCH" &&
    wait_for "error: monitor ias-window NOSUCH: no such CSECT, label or range" &&
    wait_for "error: the program could not be loaded"
'

test_expect_success 'nothing in imprun'"'"'s words on the screen' '
    screen &&
    ! grep -n "imprun" screen.txt &&
    ! grep -n -e "--ias-window" screen.txt
'

test_expect_success 'the log pane keeps the prompt; a good window loads again' '
    type_line "monitor off ias" &&
    type_line "monitor ias 1000" &&
    type_line "monitor ias-window LOOP" &&
    wait_for "ias: window 1 over LOOP (machine reset)" &&
    test_grep "^impmon> *$" screen.txt
'

# (build.c's child calls _exit when exec fails, as a child of fork must)
test_expect_success 'the runner library names no stderr and never exits' '
    lib=$IMP_BIN/../build/libimprun.a &&
    if [ -f "$lib" ] && command -v nm >/dev/null; then
        nm -A "$lib" >syms &&
        grep -q " T run_open\$" syms &&
        ! grep -E " U (stderr|exit|abort|perror)\$" syms
    fi
'

$T kill-server 2>/dev/null
test_done
