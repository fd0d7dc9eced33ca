#!/bin/sh
# t6030-impmon-screen.sh -- impmon's screen and commands as a new user
# meets them: a source that does not assemble shows the assembler's
# diagnostics in the log (and in batch output), never over the screen;
# the disassembly follows the assembler's statements (never decodes
# across them); `help' is shown from its start, all of it reachable
# with PgDn; a wide terminal shows long lines whole (wrapped, not cut);
# `info' alone summarises.  The screen is driven through tmux as in
# t6010 (every wait polls for at most 2 minutes).
. "$(dirname "$0")/test-lib.sh"

if ! test_have impmon || ! test_have impas || ! test_have impld; then
    test_skip 'impmon screen' 'impmon, impas or impld is not built yet'
    test_done
fi

cp "$IMP_TOP/examples/loop.s" .
cat >bad.s <<'EOF_BAD'
BAD      CSECT
         LR    1,
         BOGUS 2,3
         END
EOF_BAD
# Data whose bytes, decoded from the first one, make an L instruction
# over three statements; the entry point is after them.
cat >align.s <<'EOF_ALIGN'
ALIGN    CSECT
         USING ALIGN,15
TAB      DC    X'5810F0'
         DC    X'1A'
         DC    X'1A12'
         DC    X'0700'
GO       LR    2,1
         SR    15,15
         BR    14
         END   GO
EOF_ALIGN

test_expect_success 'batch: a load that fails shows the diagnostics, then the error' '
    { printf "load bad.s\nprint 1\n" | impmon --batch loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "^bad.s:3:10: error: unknown operation code .BOGUS." err &&
    tail -1 err >last &&
    echo "<stdin>:1: error: bad.s: could not be assembled and linked" >want &&
    test_cmp want last && test_grep "^1 X" out
'

test_expect_success 'batch: info alone summarises the machine' '
    printf "info\nbreak ADDUP\nwatch RESULT\nrun\ninfo\n" | impmon --batch loop.s >out 2>err &&
    test ! -s err &&
    test_grep "^program:  loop.s$" out &&
    test_grep "^state:    ready to run at X.010000. LOOP$" out &&
    test_grep "^state:    stopped (breakpoint) at X.01001C. ADDUP$" out &&
    test_grep "^counts:   9 instructions, 62 cycles$" out &&
    test_grep "^breaks:   1 breakpoint, 1 watchpoint$" out &&
    test_grep "^monitors: none$" out &&
    test_grep "^paging:   off$" out
'

if ! test_have tmux; then
    test_skip 'impmon screen on tmux' 'tmux is not installed (tools/install-deps.sh)'
    test_done
fi

tmux_sessions impmon-screen
export IMPMON_HISTORY="$TRASH/history"

test_expect_success 'load of a bad source: the diagnostics in the log, the screen intact' '
    start 120 40 loop.s &&
    wait_for "loaded loop.s; type help" &&
    type_line "load bad.s" &&
    wait_for "could not be assembled and linked" &&
    test_grep "^xerror: bad.s: could not be assembled and linked *x$" screen.txt &&
    test_grep "^xbad.s:3:10: error: unknown operation code .BOGUS. *x$" screen.txt &&
    test_grep "^xbad.s:2:17: error: syntax error" screen.txt &&
    head -1 screen.txt | grep -q "^ impmon  .*\[1 machine\]" &&
    test "$(grep -c "unknown operation code" screen.txt)" = 1
'

test_expect_success 'the disassembly starts on the statements, never across them' '
    impas -o align.o align.s && impld -o align.load align.o &&
    start 120 40 align.load &&
    wait_for "loaded align.load" &&
    wait_for ">010008 GO  *LR    2,1" &&
    test_grep " 010000 TAB  *DC    X.5810F0. " screen.txt &&
    test_grep " 010003 TAB+X.3.  *DC    X.1A. " screen.txt &&
    test_grep " 010004 TAB+X.4.  *AR    1,2 " screen.txt &&
    ! grep -q "L     1," screen.txt
'

test_expect_success 'help in the log: shown from its start, the rest with PgDn' '
    start 100 30 loop.s &&
    wait_for "loaded loop.s; type help" &&
    type_line "help" &&
    wait_for "log: [0-9]* more lines below (PgDn)" &&
    test_grep "^ximpmon> help *x$" screen.txt &&
    test_grep "^x  run \[CYCLES\]" screen.txt &&
    ! grep -q "synonym of quit" screen.txt &&
    for k in 1 2 3 4 5 6 7 8 9; do $T send-keys -t "$(S)" NPage || exit 1; done &&
    wait_for "synonym of quit" &&
    wait_for "log (PgUp scrolls back)"
'

test_expect_success 'a wide terminal: a long line is whole, wrapped in the log' '
    start 250 40 loop.s &&
    wait_for "loaded loop.s; type help" &&
    name=A$(printf "%0290d" 0 | tr 0 Z)END &&
    type_line "print $name" &&
    # (the error, the last line the command writes: the name alone may
    # still be the prompt line being typed)
    wait_for "^xerror: print AZZZ" &&
    test_grep "^ximpmon> print AZZZZZZZZZ*x$" screen.txt &&
    test_grep "^xZZZZZZZZZ*END  *x$" screen.txt &&
    test_grep "^xerror: print AZZZ" screen.txt
'

test_done
