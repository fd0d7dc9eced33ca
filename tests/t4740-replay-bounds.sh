#!/bin/sh
# t4740-replay-bounds.sh -- imprun --replay on input that is not a
# reference string, and its bounds: /dev/zero and binary files are
# rejected at the first line (control bytes never reach the terminal); a
# line longer than any reference stops the reading, even on an endless
# stream; a count past the string's pages is every page once, without a
# replay; progress goes to standard error only when it is a terminal;
# the last line says whether an anomaly was marked.
. "$(dirname "$0")/test-lib.sh"

if ! test_have imprun; then
    test_skip 'imprun --replay bounds' 'imprun is not built yet'
    test_done
fi

ESC=$(printf '\033')

test_expect_success '/dev/zero is rejected at the first line' '
    { test_timeout 120 imprun --replay=/dev/zero >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    echo "/dev/zero:1: error: not a page reference file (the first line must be '"'"'#imp-pagerefs 1'"'"')" >want &&
    test_cmp want err && test ! -s out
'

test_expect_success 'an endless stream of text without a newline ends too' '
    mkfifo endless &&
    { yes x | tr -d "\n" >endless 2>/dev/null & } &&
    { test_timeout 120 imprun --replay=endless >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 && test "$(wc -l <err)" = 1 &&
    test_grep "^endless:1: error: not a page reference file" err
'

test_expect_success 'a binary file: one error, its control bytes escaped' '
    printf "\033]0;owned\007\033[2J\000\001\n\033[31m\n" >bin.refs &&
    { imprun --replay=bin.refs >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "^bin.refs:1:1: error: not a page reference file" err &&
    test "$(grep -c error: err)" = 1 &&
    ! grep -q "$ESC" err &&
    test "$(tr -d "[:print:]\t\n" <err | wc -c)" = 0
'

test_expect_success 'control bytes in a bad reference line are escaped' '
    printf "#imp-pagerefs 1\n#page-size 4096\n1 \033[31mX r\n" >esc.refs &&
    { imprun --replay=esc.refs >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "^esc.refs:3:3: error: expected a hexadecimal page number" err &&
    test_grep "^ 1 ?\[31mX r$" err &&
    ! grep -q "$ESC" err
'

test_expect_success 'a line longer than any reference stops the reading (an endless one too)' '
    mkfifo longer &&
    { { printf "#imp-pagerefs 1\n#page-size 4096\n1 0 r\n" && yes x | tr -d "\n"; } >longer 2>/dev/null & } &&
    { test_timeout 120 imprun --replay=longer >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    echo "longer:4: error: line longer than 255 bytes" >want && test_cmp want err
'

# A string of one task over pages 0..N-1, round robin, R times.
round_robin() { # round_robin N R
    printf "#imp-pagerefs 1\n#page-size 4096\n" &&
    awk -v n="$1" -v r="$2" "BEGIN { for (k = 0; k < r; k++) for (p = 0; p < n; p++) printf \"1 %x r\\n\", p }"
}

test_expect_success 'a cyclic string: LRU and FIFO fault every time below its pages, no anomaly' '
    round_robin 5 4 >cyc.refs &&
    imprun --replay=cyc.refs --curve=1:8 >out &&
    echo "cyc.refs: 20 references to 5 pages of 4096 bytes, 1 task" >want &&
    head -1 out >got && test_cmp want got &&
    for n in 1 2 3 4; do
        test "$(grep "^ *$n " out | tr -s " " | cut -d" " -f3-5)" = "20 20 20" || exit 1
    done &&
    for n in 5 6 7 8; do
        test "$(grep "^ *$n " out | tr -s " " | cut -d" " -f3-6)" = "5 5 5 5" || exit 1
    done &&
    ! grep -q "\*" out &&
    tail -1 out >last &&
    test_grep "^no Belady.s anomaly: no FIFO or CLOCK count here is above the one with a frame fewer$" last
'

test_expect_success 'counts past the pages need no replay: 8192 frames of a 300,000-reference string' '
    round_robin 64 4688 >big.refs &&
    test "$(grep -c "^1 " big.refs)" = 300032 &&
    test_timeout 600 imprun --replay=big.refs --curve=100:8192 >out 2>err &&
    test ! -s err &&
    test "$(grep -c "^ *[0-9]* *64 *64 *64 *64$" out)" = 8093
'

test_expect_success 'no progress when standard error is not a terminal' '
    round_robin 40 50 >p.refs &&
    imprun --replay=p.refs >out 2>err &&
    test ! -s err
'

if test_have script; then
    test_expect_success 'progress on a terminal, erased at the end' '
        script -qec "imprun --replay=p.refs" /dev/null >tty.out </dev/null &&
        test_grep "imprun: --replay: fifo, 0 of 39 frame counts" tty.out &&
        test_grep "imprun: --replay: clock, 0 of 39 frame counts" tty.out &&
        test_grep "$ESC\[K" tty.out &&
        test_grep "^ *40  *40  *40  *40  *40" tty.out
    '
else
    test_skip 'progress on a terminal' 'script(1) is not installed'
fi

test_done
