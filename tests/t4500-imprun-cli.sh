#!/bin/sh
# t4500-imprun-cli.sh -- imprun's command line: every bad option, file or
# combination is refused with a clear message and the documented exit
# status (2 usage, 1 bad input), never a crash.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
write_hello

test_expect_success 'help and version' '
    imprun --help >out && test_grep "^Usage: imprun" out && test_grep "savecore" out &&
    imprun --version >out && test_grep "imprun (IMP)" out
'

test_expect_failure_status 'no program' 2 'imprun'
test_expect_success 'no program: says so' '
    test_must_fail imprun 2>err && test_grep "no program to run" err
'
test_expect_success 'unknown options are named' '
    test_must_fail imprun --frobnicate hello.load 2>err && test_grep "frobnicate" err &&
    test_must_fail imprun -z hello.load 2>err && test_grep "'-z'" err
'
test_expect_failure_status 'an option missing its argument' 2 'imprun hello.load --dump'

for bad in --max-cycles=0 --max-cycles=abc --max-cycles=-5 --max-cycles=5X \
           --storage=1000 --storage=32M --storage=12345 --storage=K \
           --origin=zz --origin=0x1000000 \
           --dump=10000 --dump=zz:10 --dump=10000:0 --dump=:4 \
           --savecore=out --savecore=out:10 --savecore=out:20:10 --savecore=:0:10 \
           --savecore=out:0:1000000 \
           "--file=NONAME" "--file=TOOLONGNAME=x" "--file=A-B=x" "--file==x" "--file=X="
do
    test_expect_failure_status "rejects $bad" 2 "imprun '$bad' hello.load"
done

test_expect_success 'bad option values are explained' '
    test_must_fail imprun --storage=3K hello.load 2>err && test_grep "8K to 16M" err &&
    test_must_fail imprun --file A-B=x hello.load 2>err && test_grep "A-Z 0-9" err &&
    test_must_fail imprun --savecore=x:9:1 hello.load 2>err && test_grep "START <= END" err
'

test_expect_failure_status '--core with a load module too' 2 'imprun --core x.bin hello.load'
test_expect_failure_status '--origin with --core' 2 'imprun --core x.bin --origin=0x20000'
test_expect_failure_status 'two load modules' 2 'imprun hello.load hello.load'
test_expect_failure_status 'sources and load modules mixed' 2 'imprun a.s hello.load'

test_expect_success 'a missing load module is bad input (1)' '
    { imprun nosuch.load 2>err; test $? -eq 1; } && test_grep "nosuch.load" err
'
test_expect_success 'a missing core image is bad input (1)' '
    { imprun --core nosuch.bin 2>err; test $? -eq 1; } && test_grep "nosuch.bin" err
'
test_expect_success 'an empty core image is bad input' '
    : >empty.bin &&
    { imprun --core empty.bin 2>err; test $? -eq 1; } && test_grep "empty" err
'
test_expect_success 'a core image larger than storage is bad input' '
    dd if=/dev/zero of=big.bin bs=1024 count=20 2>/dev/null &&
    { imprun --storage=16K --core big.bin 2>err; test $? -eq 1; } &&
    test_grep "larger than storage" err
'
test_expect_success 'garbage instead of a load module: file:line:col error' '
    printf "this is not\na load module\n" >junk.load &&
    { imprun junk.load 2>err; test $? -eq 1; } && test_grep "^junk.load:1:" err
'
test_expect_success 'an object module is not a load module' '
    sed "s/^IMPLOAD/IMPOBJ/" hello.load >obj.load &&
    { imprun obj.load 2>err; test $? -eq 1; } && test_grep "obj.load:1:" err
'
test_expect_success 'a truncated load module never crashes' '
    n=$(wc -l <hello.load) && i=1 &&
    while [ $i -lt $n ]; do
        head -n $i hello.load >cut.load &&
        { imprun cut.load >/dev/null 2>err; st=$?; } &&
        [ $st -eq 1 ] || { echo "line $i: exit $st"; cat err; exit 1; }
        i=$((i + 1))
    done
'
test_expect_success 'a program below X'"'"'1000'"'"' is refused' '
    sed -e "s/ 010000 / 000800 /; s/ 01000C / 00080C /" -e "/^SYM/d;/^LINE/d" \
        -e "s/^END.*/END 1 000800/" hello.load >low.load &&
    { imprun low.load 2>err; test $? -eq 1; } && test_grep "low storage" err
'
test_expect_success 'a program that does not fit in storage is refused' '
    { imprun --origin=0xFFF000 hello.load 2>err; test $? -eq 1; } && test_grep "does not fit" err
'
test_expect_success 'an unreadable microcode image is bad input' '
    { imprun --microcode=nosuch.mcs hello.load 2>err; test $? -eq 1; } && test_grep "nosuch.mcs" err &&
    echo "IMPMC 1 nonsense" >bad.mcs &&
    { imprun --microcode=bad.mcs hello.load 2>err; test $? -eq 1; } && test_grep "bad.mcs" err
'
test_expect_success 'a source that does not assemble is bad input' '
    echo " NOSUCHOP 1,2" >bad.s &&
    { imprun bad.s 2>err; test $? -eq 1; }
'
# A load module is read once: the sources it names are checked against
# the outputs and the run loads it from that one read (opened for its
# first bytes only, to tell it from a source, besides); a bad one's
# messages come once, from the run.
# (Not under ASan: its leak check cannot run under ptrace.)
if test_have strace && ! grep -q __asan_init "$(command -v imprun)" 2>/dev/null; then
    test_expect_success 'a load module is read once, its sources checked from that read' '
        strace -f -e trace=openat,open -o trace imprun -q --supervisor hello.load >out 2>err;
        test $? -eq 3 && test "$(cat out)" = Hello &&
        test_grep "return code 7" err &&
        grep "\"hello.load\"" trace | grep -v O_NONBLOCK >reads &&
        test $(wc -l <reads) -eq 1 &&
        sed "s/^TXT 1 010000 4120/TXT 1 010000 4G20/" hello.load >bad.load &&
        { strace -f -e trace=openat,open -o trace imprun -q --supervisor bad.load 2>err; test $? -eq 1; } &&
        test "$(grep -c ": error: " err)" -eq 1 &&
        test_grep "^bad.load:4:15: error: bad hexadecimal digit" err &&
        test $(grep "\"bad.load\"" trace | grep -vc O_NONBLOCK) -eq 1
    '
else
    test_skip 'a load module is read once, its sources checked from that read' 'no strace, or an ASan build'
fi
test_done
