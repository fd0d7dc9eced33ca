#!/bin/sh
# t6000-impmon-batch.sh -- impmon's batch mode: every command of the
# command table against a golden transcript (tests/golden/t6000/NN-*.cmd
# run on examples/loop.s; NN-*.out holds what it prints, errors included,
# and the exit status), then the command line: -x SCRIPT, -e, --echo,
# --help, --version, a load module, a program that loops, end of input
# without a newline, and a check that no command of the table goes
# without a golden case.  IMP_REGEN_GOLDEN=1 rewrites the .out files
# first (check the diff before committing them).
. "$(dirname "$0")/test-lib.sh"

if ! test_have impmon || ! test_have impas || ! test_have impld; then
    test_skip 'impmon batch tests' 'impmon, impas or impld is not built yet'
    test_done
fi

G=$TEST_DIR/golden/t6000
cp "$IMP_TOP/examples/loop.s" "$G/script.imp" .

for cmd in "$G"/[0-9]*.cmd; do
    base=${cmd%.cmd}
    what=$(sed -n '1s/^# //p' "$cmd")
    if [ -n "$IMP_REGEN_GOLDEN" ]; then
        { impmon --batch loop.s <"$cmd" >"$base.out" 2>&1; echo "exit $?" >>"$base.out"; }
    fi
    test_expect_success "golden $(basename "$base"): $what" "
        { impmon --batch loop.s <'$cmd' >out 2>&1; echo \"exit \$?\" >>out; } &&
        test_cmp '$base.out' out
    "
done

test_expect_success 'every command of the table has a golden case' '
    impmon --batch </dev/null >/dev/null &&
    echo help | impmon --batch | sed -n "s/^  \([a-z][a-z]*\) .*/\1/p; s/^  \([a-z][a-z]*\)$/\1/p" >names &&
    test "$(wc -l <names)" -ge 25 &&
    for n in $(cat names); do
        grep -q "^$n\\( \\|$\\)" "$G"/[0-9]*.cmd || { echo "no golden case uses $n"; exit 1; }
    done
'

if [ -f "${IMP_BUILD:-$IMP_TOP/build}/man/impmon.1" ]; then
    test_expect_success 'impmon(1) documents every command of the table' '
        echo help | impmon --batch | sed -n "s/^  \([a-z][a-z]*\)\( .*\)*$/\1/p" >names &&
        test "$(wc -l <names)" -ge 25 &&
        for n in $(cat names); do
            grep -q "^\.BI \"$n " "${IMP_BUILD:-$IMP_TOP/build}/man/impmon.1" ||
                { echo "impmon(1) lacks $n"; exit 1; }
        done
    '
else
    test_skip 'impmon(1) documents every command of the table' 'the page is not built'
fi

test_expect_success 'the saved monitor data file is one impprof reads' '
    printf "monitor ias 500\nrun\nsave prof.dat\n" | impmon --batch loop.s >/dev/null &&
    impprof prof.dat >report 2>&1 &&
    test_grep "LOOP" report
'

test_expect_success 'COMMAND > FILE saves what a command prints (any report)' '
    { printf "run\nopcodes 2 > ops.txt\nreport > none.txt\nx gr > /nonexistent/x\n" |
        impmon --batch loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    cat >want <<-\EOF_WANT &&
	opcode          count       %      CPI
	BCT               119  21.33%     3.00
	AR                100  17.92%     3.00
	EOF_WANT
    test_cmp want ops.txt &&
    test_grep "no monitor with a report is on" err &&
    test_grep "^<stdin>:4: error: /nonexistent/x: cannot create: No such file" err &&
    ! grep -q "^opcode" out
'

test_expect_success '-x SCRIPT reads the commands from SCRIPT; errors name its lines' '
    printf "break ADDUP\nrun\nnope\nprint R4\n" >s.imp &&
    test_expect_code=0 &&
    { impmon -x s.imp loop.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "^100 X.64.$" out &&
    echo "s.imp:3: error: unknown command '"'"'nope'"'"' (help lists the commands)" >want &&
    test_cmp want err
'

test_expect_success '-e runs a command first; --echo shows each command' '
    printf "print R4\n" | impmon --batch --echo -e "until ADDUP" loop.s >out 2>&1 &&
    test_grep "^> print R4$" out &&
    test_grep "^100 X.64.$" out
'

test_expect_success 'a load module runs as well as sources' '
    impas -o loop.o loop.s 2>/dev/null ||
        impas -I "$IMP_TOP/vm/host/runtime" -o loop.o loop.s &&
    impas -I "$IMP_TOP/vm/host/runtime" -o imprt.o "$IMP_TOP/vm/host/runtime/imprt.s" &&
    impld -o loop.load loop.o imprt.o &&
    printf "run\n" | impmon --batch loop.load >out 2>&1 &&
    test_grep "^impmon: program ended (EXIT host service), return code 0$" out
'

test_expect_success 'two load modules are two tasks: info tasks, info paging' '
    cp "$IMP_TOP/examples/hello.s" . &&
    impas -I "$IMP_TOP/vm/host/runtime" -o hello.o hello.s &&
    impld -o hello.load hello.o imprt.o &&
    printf "set frames 4\nrun\ninfo tasks\ninfo paging\n" |
        impmon --batch loop.load hello.load >out 2>&1 &&
    test_grep "^impmon: every task ended$" out &&
    test_grep "^1    exit  *558 " out &&
    test_grep "^2    exit  *18 " out &&
    test_grep "^paging: 4 frames of 4096 bytes, lru, global replacement" out &&
    test_grep "^page-ins 4  page-outs 0  frames used 4" out
'

test_expect_success 'a core image (--core, load --core): IPL by restart' '
    printf "step 3\nx R2\nrun\n" |
        impmon --batch --core "$TEST_DIR/golden/t4400-bct.bin" >out 2>&1 &&
    test_grep "^  at X.000408.: BCT   2,1030(0,0)$" out &&
    test_grep "^R2    = X.0000000A.  10$" out &&
    test_grep "^impmon: disabled wait state$" out &&
    printf "load --core %s\nrun\n" "$TEST_DIR/golden/t4400-bct.bin" | impmon --batch >out 2>&1 &&
    test_grep "^impmon: disabled wait state$" out &&
    { impmon --batch --core x.bin loop.s </dev/null >out 2>&1; echo $? >st; } &&
    test "$(cat st)" = 2 &&
    test_grep "give one or the other" out
'

cat >spin.s <<'EOF_SPIN'
SPIN     CSECT
         USING SPIN,15
         SR    3,3
AGAIN    LA    3,1(,3)
         B     AGAIN
         END   SPIN
EOF_SPIN

test_expect_success 'a program that loops stops at the cycle limit, and back replays it' '
    printf "set max-cycles 5000\nrun\nx R3\nback 100\nx R3\n" |
        test_timeout 120 impmon --batch spin.s >out 2>&1 &&
    cat >want <<-\EOF_WANT &&
	stopped: cycle limit reached
	  at X'"'"'010002'"'"' SPIN+X'"'"'2'"'"' (spin.s:4): LA    3,1(0,3)
	      4 | AGAIN    LA    3,1(,3)
	R3    = X'"'"'00000341'"'"'  833
	back at instruction 1567
	  at X'"'"'010002'"'"' SPIN+X'"'"'2'"'"' (spin.s:4): LA    3,1(0,3)
	      4 | AGAIN    LA    3,1(,3)
	R3    = X'"'"'0000030F'"'"'  783
	EOF_WANT
    test_cmp want out
'

cat >crash.s <<'EOF_CRASH'
CRASH    CSECT
         USING CRASH,15
         LA    3,7
         SR    4,4
         DR    2,4                 divide by zero: no handler
         BR    14
         END   CRASH
EOF_CRASH

test_expect_success 'a program that crashes: the report, then back 1 is before the crash' '
    { printf "run\nstep\nback 1\nx IA\n" | impmon --batch crash.s >out 2>err; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    test_grep "^impmon: program interruption 0009 (fixed-point divide) with no handler$" out &&
    test_grep "the program has ended: reset (or run) to start it again" err &&
    test_grep "^back at instruction 2$" out &&
    test_grep "^IA    = X.00010006.  65542$" out
'

test_expect_success 'end of input without a newline runs the last command and ends' '
    printf "print 6*7" | impmon --batch loop.s >out 2>&1 &&
    echo "42 X'"'"'2A'"'"'" >want &&
    test_cmp want out
'

test_expect_success 'no program: commands that need one say so, exit 1' '
    { echo step | impmon --batch >out 2>&1; echo $? >st; } &&
    test "$(cat st)" = 1 &&
    echo "<stdin>:1: error: no program loaded (load FILE)" >want &&
    test_cmp want out
'

test_expect_success '--help and --version' '
    impmon --help >out && test_grep "^Usage: impmon" out &&
    impmon --version >out && test_grep "^impmon (IMP) " out
'

test_expect_success 'a bad option is a usage error (2)' '
    { impmon --bogus >out 2>&1; echo $? >st; } &&
    test "$(cat st)" = 2 &&
    test_grep "unknown or incomplete option" out
'

test_done
