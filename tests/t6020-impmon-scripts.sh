#!/bin/sh
# t6020-impmon-scripts.sh -- impmon's scripts and the files its commands
# write: a script that sources itself stops at the nesting limit with an
# error (no crash); a line longer than a command line is one line, an
# error at its own number, never run in pieces; line numbers after it
# stay right; `save FILE' and `COMMAND > FILE' refuse to overwrite an
# input (the program, its load module, its sources, the script), write a
# FIFO in place (it stays a FIFO), keep the old file when the command
# fails, and refuse a directory.
. "$(dirname "$0")/test-lib.sh"

if ! test_have impmon || ! test_have impas || ! test_have impld; then
    test_skip 'impmon scripts' 'impmon, impas or impld is not built yet'
    test_done
fi

cp "$IMP_TOP/examples/loop.s" .

test_expect_success 'a script that sources itself: an error at the nesting limit' '
    echo "source self.imp" >self.imp &&
    { test_timeout 120 impmon -x self.imp loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "^self.imp:1: error: source self.imp: more than 16 scripts open at once" err &&
    test "$(grep -c error: err)" = 1
'

test_expect_success 'two scripts that source each other stop the same way' '
    echo "source b.imp" >a.imp && printf "print 1\nsource a.imp\n" >b.imp &&
    { test_timeout 120 impmon -x a.imp loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "more than 16 scripts open at once" err &&
    test "$(grep -c "^1 X" out)" = 8
'

long_line() { # long_line N TEXT: a line of N x characters, then TEXT
    head -c "$1" /dev/zero | tr "\\000" x && echo "$2"
}

test_expect_success 'a long comment line is one line: its tail never runs' '
    { printf "# " && long_line 1100 " save pwned.txt" && echo "print 6*7"; } >long.imp &&
    { impmon -x long.imp loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    ! test -e pwned.txt &&
    test_grep "^long.imp:1: error: line longer than 1023 characters: not run$" err &&
    test "$(wc -l <err)" = 1 &&
    test_grep "^42 X" out
'

test_expect_success 'after a line over the reader limit (1 MiB) the line numbers stay right' '
    { echo "print 1" && long_line 1100000 " save pwned2.txt" && echo "print 2" && echo "bogus"; } >huge.imp &&
    { impmon -x huge.imp loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    ! test -e pwned2.txt &&
    test_grep "^huge.imp:2: error: line longer than 1023 characters" err &&
    test_grep "^huge.imp:4: error: unknown command .bogus." err &&
    test "$(wc -l <err)" = 2 &&
    test "$(grep -c X out)" = 2
'

test_expect_success 'source /dev/zero and a directory: an error, never a hang' '
    mkdir sdir &&
    { printf "source /dev/zero\nsource sdir\nprint 3\n" |
        test_timeout 300 impmon --batch loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "^/dev/zero:1: error: line longer than 16 MiB: the rest of /dev/zero is not read$" err &&
    test_grep "^<stdin>:2: error: sdir: cannot read: Is a directory$" err &&
    test_grep "^3 X" out
'

test_expect_success 'a line of 1023 characters still runs' '
    { printf "print 1" && long_line 1016 "" | tr x " "; } >edge.imp &&
    test "$(wc -c <edge.imp)" = 1024 &&
    impmon -x edge.imp loop.s >out &&
    test_grep "^1 X" out
'

test_expect_success 'save and > refuse the program being debugged' '
    cp loop.s keep.s &&
    { printf "save loop.s\nprint 1 > loop.s\n" | impmon --batch loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "^<stdin>:1: error: the output .loop.s. is the same file as the program .loop.s.: refusing to overwrite it" err &&
    test_grep "^<stdin>:2: error: the output .loop.s. is the same file as the program" err &&
    cmp keep.s loop.s
'

test_expect_success 'save refuses the program under another name (a link)' '
    ln -s loop.s alias.s &&
    { echo "save alias.s" | impmon --batch loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 && test_grep "refusing to overwrite it" err && cmp keep.s loop.s
'

test_expect_success 'save refuses a load module and the sources it names' '
    impas -o imprt.o "$IMP_TOP/vm/host/runtime/imprt.s" &&
    impas -o loop.o loop.s && impld -o loop.load loop.o -L imprt.o &&
    cp loop.load keep.load &&
    { printf "save loop.load\nprint 1 > loop.s\n" | impmon --batch loop.load >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "the output .loop.load. is the same file as the program" err &&
    test_grep "the output .loop.s. is the same file as the source" err &&
    cmp keep.load loop.load && cmp keep.s loop.s
'

test_expect_success 'COMMAND > FILE refuses the script being read' '
    printf "print 1\nprint 2 > me.imp\n" >me.imp && cp me.imp keep.imp &&
    { impmon -x me.imp loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "^me.imp:2: error: the output .me.imp. is the same file as the script" err &&
    cmp keep.imp me.imp
'

test_expect_success '> FIFO writes into the FIFO, which stays a FIFO' '
    mkfifo pipe &&
    { cat pipe >from-pipe & } &&
    echo "print 7 > pipe" | impmon --batch loop.s &&
    wait &&
    test -p pipe &&
    test_grep "^7 X" from-pipe
'

test_expect_success 'save to a FIFO: the profile goes through it' '
    { cat pipe >from-pipe & } &&
    printf "run\nsave pipe\n" | impmon --batch loop.s >out &&
    wait &&
    test -p pipe && test_grep "^saved pipe" out &&
    test -s from-pipe
'

test_expect_success 'a failed command leaves the old file as it was' '
    echo old >kept.txt &&
    { echo "print nosuchsymbol > kept.txt" | impmon --batch loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 && echo old >want && test_cmp want kept.txt &&
    ls >files && ! grep "^\.\|tmp" files
'

test_expect_success 'a directory is refused with a message' '
    mkdir adir &&
    { echo "print 1 > adir" | impmon --batch loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 && test_grep "adir" err && test -d adir
'

test_expect_success 'save and > still write ordinary files' '
    printf "run\nsave new.prof\ncounters > c.txt\n" | impmon --batch loop.s >out &&
    test -s new.prof && test_grep "instructions" c.txt
'

test_done
