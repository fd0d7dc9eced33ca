#!/bin/sh
# t4720-paging-errors.sh -- imprun refuses a paging or task configuration
# that cannot work, before anything runs: a usage error (exit 2) with a
# message naming the option and "Try 'imprun --help'", nothing on
# standard output.  A malformed --replay file is bad input (exit 1) with
# file:line:col: error: diagnostics; a task that cannot be loaded names
# its file.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
use_supervisor      # its programs use DIAGNOSE: supervisor state
write_hello

# usage_error 'MESSAGE PATTERN' ARGS...: imprun ARGS exits 2 with the
# message and the hint on stderr and nothing on stdout.
usage_error() {
    pat=$1; shift
    { imprun "$@" >out 2>err; st=$?; } &&
    { test $st -eq 2 || { echo "exit $st, wanted 2: imprun $*"; cat err; return 1; }; } &&
    test_grep "^imprun: .*$pat" err &&
    test_grep "^Try 'imprun --help' for more information\.\$" err &&
    { test ! -s out || { echo "stdout:"; cat out; return 1; }; }
}

test_expect_success 'hello.load runs with paging (the module the errors use)' '
    { imprun -q --frames=2 hello.load >out 2>err; test $? -eq 3; } &&
    echo Hello >want && test_cmp want out
'

# pcfg JSON: frames, page size, policy, replacement, page-in, page-out,
# slice of the json's paging object, on one line.
pcfg() {
    perl -MJSON::PP -0777 -ne '$p = decode_json($_)->{paging};
        print join(" ", @$p{qw(frames page_size policy replacement page_in_cycles
                               page_out_cycles slice)}), "\n"' "$1"
}
test_expect_success 'the defaults: enough frames for every page of every task' '
    { imprun -q --policy=fifo --json=d.json hello.load >/dev/null 2>&1; test $? -eq 3; } &&
    echo "256 4096 fifo global 16000 16000 160000" >want && pcfg d.json >got &&
    test_cmp want got &&
    { imprun -q --json=d.json hello.load --task hello.load >/dev/null 2>&1; test $? -eq 3; } &&
    echo "512 4096 lru global 16000 16000 160000" >want && pcfg d.json >got &&
    test_cmp want got &&
    { imprun -q --page-size=2K --json=d.json hello.load >/dev/null 2>&1; test $? -eq 3; } &&
    echo "512 2048 lru global 16000 16000 160000" >want && pcfg d.json >got &&
    test_cmp want got &&
    { imprun -q --storage=16M --json=d.json hello.load --task hello.load >/dev/null 2>&1
      test $? -eq 3; } &&
    echo "4096 4096 lru global 16000 16000 160000" >want && pcfg d.json >got &&
    test_cmp want got &&
    { imprun -q --storage=16M --page-size=2K --replacement=local --page-in=5 --page-out=0 \
          --slice=999 --json=d.json hello.load --task hello.load >/dev/null 2>&1
      test $? -eq 3; } &&
    echo "8192 2048 lru local 5 0 999" >want && pcfg d.json >got &&
    test_cmp want got
'
test_expect_success 'no paging option, one program: no paging object' '
    { imprun -q --json=d.json hello.load >/dev/null 2>&1; test $? -eq 3; } &&
    ! grep -q "\"paging\"" d.json &&
    { imprun hello.load >/dev/null 2>err; test $? -eq 3; } &&
    ! grep -q "^paging:" err
'

test_expect_success '--frames=0' '
    usage_error "--frames=0: paging needs at least one frame" --frames=0 hello.load
'
test_expect_success '--frames: not a number, or above 8192' '
    usage_error "--frames: .x. is not a number of frames" --frames=x hello.load &&
    usage_error "--frames: .8193. is not a number of frames (at most 8192)" \
        --frames=8193 hello.load
'
test_expect_success '--page-size=8K, and other sizes than 2K and 4K' '
    usage_error "--page-size: .8K. is not 2K or 4K (2048 or 4096)" --page-size=8K hello.load &&
    usage_error "--page-size: .1K. is not 2K or 4K" --page-size=1K hello.load &&
    usage_error "--page-size: .3000. is not 2K or 4K" --page-size=3000 hello.load
'
test_expect_success '--page-size=2048 and 4096 are 2K and 4K' '
    for s in 2048 4096 2K 4K; do
        { imprun -q --page-size=$s --frames=3 --json=j hello.load >/dev/null 2>&1
          test $? -eq 3; } &&
        s=$(echo $s | sed -e "s/2K/2048/;s/4K/4096/") &&
        test_grep "\"page_size\": $s," j || exit 1
    done
'
test_expect_success 'more frames than pages: 17 frames for 64K of 4K pages' '
    usage_error "--frames=17: more frames than the 16 pages of virtual storage" \
        --storage=64K --frames=17 hello.load
'
test_expect_success 'the pages counted: page size and tasks' '
    usage_error "--frames=33: more frames than the 32 pages" \
        --storage=64K --page-size=2K --frames=33 hello.load &&
    usage_error "--frames=65: more frames than the 64 pages" \
        --storage=128K --frames=65 hello.load --task hello.load &&
    { imprun -q --storage=128K --frames=64 hello.load --task hello.load >out 2>err
      test $? -eq 3; } &&
    { imprun -q --storage=128K --frames=32 hello.load >out 2>err; test $? -eq 3; }
'
test_expect_success '--replacement=local with fewer frames than tasks' '
    usage_error "--replacement=local: fewer frames than tasks" \
        --replacement=local --frames=2 hello.load --task hello.load --task hello.load &&
    { imprun -q --replacement=local --frames=3 hello.load --task hello.load \
          --task hello.load >out 2>err
      test $? -eq 3; }
'
test_expect_success '--replacement and --policy: unknown names' '
    usage_error "--replacement: .lokal. is not global or local" --replacement=lokal hello.load &&
    usage_error "--policy: .mru. is not lru, fifo or clock" --policy=mru hello.load
'
test_expect_success '--policy=opt: OPT is offline, the message says where it is' '
    usage_error "--policy: .opt. is not lru, fifo or clock" --policy=opt hello.load &&
    test_grep "OPT needs the future" err &&
    test_grep "replay" err
'
test_expect_success '--task with no program' '
    usage_error "--task names no program" hello.load --task &&
    usage_error "--task names no program" hello.load --task --task hello.load
'
test_expect_success 'a machine option after --task' '
    usage_error "--frames=4. applies to the whole machine: give it before the first program" \
        hello.load --task --frames=4 hello.load &&
    usage_error "--policy=fifo. applies to the whole machine" \
        hello.load --task --policy=fifo hello.load &&
    usage_error "--json=j. applies to the whole machine" \
        hello.load --task --json=j hello.load &&
    usage_error "-q. applies to the whole machine" hello.load --task -q hello.load
'
# A usage error found before the tasks' consoles are set up must still
# leave with exit 2, not a crash (every task's services included).
test_expect_success 'usage errors with tasks: an unknown option, exit 2' '
    usage_error "unknown or incomplete option .--bogus." --bogus hello.load --task hello.load
'
test_expect_success 'usage errors with tasks: --frames=0, exit 2' '
    usage_error "--frames=0: paging needs at least one frame" \
        --frames=0 hello.load --task hello.load
'
test_expect_success 'usage errors with tasks: in the second of three, exit 2' '
    usage_error "--frames=4. applies to the whole machine" \
        hello.load --task --frames=4 hello.load --task hello.load
'
test_expect_success 'a task may have its own --file and --origin' '
    echo data >in.txt &&
    { imprun -q hello.load --task --file INPUT=in.txt --origin=0x20000 hello.load \
          >out 2>err
      test $? -eq 3; } &&
    printf "%s\n" "[1] Hello" "[2] Hello" >want &&
    test_cmp want out
'
test_expect_success 'more than 16 tasks' '
    set -- hello.load &&
    for i in $(seq 1 16); do
        set -- "$@" --task hello.load || exit 1
    done &&
    usage_error "more than 16 tasks" "$@"
'
test_expect_success '--core with --task' '
    hexfile ipl.bin 000800000000000800 &&
    usage_error "--core runs one core image: --task needs load modules or sources" \
        --core=ipl.bin --task hello.load
'
test_expect_success '--replay with a program, or with a task' '
    printf "%s\n" "#imp-pagerefs 1" "#page-size 4096" "1 0 r" >good.refs &&
    usage_error "--replay runs no program" --replay=good.refs hello.load &&
    usage_error "--replay runs no program" --replay=good.refs --task hello.load
'
test_expect_success '--curve: LO:HI with 1 <= LO <= HI <= 8192' '
    usage_error "--curve: .3:2. is not LO:HI" --replay=good.refs --curve=3:2 &&
    usage_error "--curve: .0:2. is not LO:HI" --replay=good.refs --curve=0:2 &&
    usage_error "--curve: .5. is not LO:HI" --replay=good.refs --curve=5
'
cat >bad.refs <<'EOF'
#imp-pagerefs 1
#page-size 4096
1 10 r
1 zz r
1 11 x
#page-size 2048
1 12 r
EOF
test_expect_success '--replay of a malformed file: exit 1, file:line:col: error' '
    { imprun --replay=bad.refs >out 2>err; test $? -eq 1; } &&
    test_grep "^bad.refs:4:[0-9]*: error: " err &&
    test_grep "^bad.refs:5:[0-9]*: error: " err &&
    test_grep "^bad.refs:6:[0-9]*: error: " err &&
    ! grep -q "^bad.refs:[37]:" err &&
    test ! -s out
'
test_expect_success '--replay: a wrong first line, and a missing file' '
    printf "%s\n" "#imp-pagerefs 2" "#page-size 4096" "1 0 r" >v2.refs &&
    { imprun --replay=v2.refs >out 2>err; test $? -eq 1; } &&
    test_grep "^v2.refs:1:1: error: " err &&
    { imprun --replay=none.refs >out 2>err; test $? -eq 1; } &&
    test_grep "none.refs" err
'
test_expect_success 'a task that cannot be loaded: the error names its file' '
    { imprun hello.load --task missing.load >out 2>err; test $? -eq 1; } &&
    test_grep "missing.load" err &&
    test ! -s out &&
    { imprun missing.load --task hello.load >out 2>err; test $? -eq 1; } &&
    test_grep "missing.load" err &&
    test ! -s out
'
test_expect_success 'a task whose source does not assemble: nothing runs' '
    printf "%s\n" "BAD      CSECT" "         FROB  1,2" "         END   BAD" >bad.s &&
    { imprun hello.load --task bad.s >out 2>err; test $? -eq 1; } &&
    test_grep "^bad.s:2:[0-9]*: error: " err &&
    test ! -s out
'
test_done
