#!/bin/sh
# t4800-iifm.sh -- the instruction frequency monitor from the command line
# (imprun --iifm): its counters equal the machine's exact per-opcode counts
# (imprun --stats, summed over the opcodes selected) for one opcode, a
# don't-care subset and all; the state and task filters; the time-sliced
# table adds up; bad specifications are usage errors.  (LOCR/STOCR in
# guest code, the exceptions of bad control blocks: t-vm-iifm.)
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

EX=$IMP_TOP/examples


test_expect_success 'one opcode: the counters are the exact count (sieve.s, BCT)' '
    imprun -q --stats --iifm=BCT "$EX/sieve.s" >/dev/null 2>err &&
    exact_matching 46 0 err >want &&
    sed -n "s/^iifm: BCT (X.0046.): \(.*\), CPI.*/\1/p" err >got && test_cmp want got &&
    test_grep "^iifm: the machine.s exact count of the same opcodes, whole run: $(cat want)" err
'
test_expect_success 'a don'"'"'t-care subset: X'"'"'18'"'"'-X'"'"'1F'"'"' (sort.s)' '
    imprun -q --stats --iifm=18/07 "$EX/sort.s" >/dev/null 2>err &&
    exact_matching 18 7 err >want &&
    sed -n "s/^iifm: opcode X.0018., don.t-care X.0007.: \(.*\), CPI.*/\1/p" err >got &&
    test_cmp want got
'
# The run ends once its last instruction (the exit DIAG) is done: the
# machine stops at the next fetch, so that instruction is whole, and
# counted with all its cycles, as in the exact counts.
test_expect_success 'every opcode: all the instructions, the one the run ends with too' '
    imprun -q --stats --iifm=all "$EX/decimal.s" >/dev/null 2>err &&
    sed -n "s/^iifm: every opcode: \([0-9]*\) instructions.*/\1/p" err >got &&
    total=$(sed -n "s/^instructions  *\([0-9]*\)$/\1/p" err) &&
    test "$(cat got)" -eq "$total" &&
    cyc=$(awk "/^opcode mnemonic/ { t = 1; next } t && NF == 6 && \$3 > 0 { s += \$4 } END { print s }" err) &&
    test_grep "^iifm: every opcode: $total instructions, $cyc cycles" err
'
test_expect_success 'the problem state only: the nucleus'"'"'s DIAG and LPSW are not counted (the last DIAG ends the run)' '
    imprun -q --iifm=all,problem --stats "$EX/hello.s" >/dev/null 2>err &&
    test_grep "^iifm: every opcode, problem state: " err &&
    n=$(sed -n "s/^iifm: every opcode, problem state: \([0-9]*\) .*/\1/p" err) &&
    imprun -q --iifm=all,supervisor "$EX/hello.s" >/dev/null 2>err2 &&
    s=$(sed -n "s/^iifm: every opcode, supervisor state: \([0-9]*\) .*/\1/p" err2) &&
    total=$(sed -n "s/^instructions  *\([0-9]*\)$/\1/p" err) &&
    test $((n + s)) -eq "$total" &&
    diag=$(awk "\$2 == \"DIAG\" { print \$3 }" err) &&
    test "$s" -eq $((2 * (diag - 1) + 1))
'
test_expect_success 'tasks: counting in one task of two' '
    imprun -q --frames=16 --iifm=BCT,tasks=2 "$EX/hello.s" --task "$EX/sieve.s" >/dev/null 2>err &&
    test_grep "^iifm: BCT (X.0046.), some tasks: 1049 instructions" err
'
test_expect_success 'time slicing: the table adds up to the counters' '
    imprun -q --iifm=all,slice=1000 "$EX/sieve.s" >/dev/null 2>err &&
    n=$(sed -n "s/^iifm: every opcode: \([0-9]*\) instructions.*/\1/p" err) &&
    sum=$(awk "/^opcode mnemonic/ { t = 1; next } t { s += \$3 } END { print s }" err) &&
    test "$n" -eq "$sum" && test "$n" -gt 0
'
# CPI is cycles over instructions: with no instruction there is none, and
# the report says "-" as imprun --stats does, never 0.00; the exact CPI of
# each opcode is the one --stats prints for it.
test_expect_success 'the time-sliced table: CPI "-" for no instruction, the exact CPI as --stats' '
    imprun -q --stats --iifm=all,slice=1000 "$EX/sieve.s" >/dev/null 2>err &&
    perl -ne '"'"'
        if (/^opcode mnemonic\s+count/) { $s = 1; next }
        if (/^opcode mnemonic\s+sliced/) { $s = 2; next }
        my @f = split;
        if ($s == 1 && @f == 6) { $cpi{$f[0]} = $f[4]; next }
        $s = 0, next if $s == 1;
        next unless $s == 2 && @f == 8;
        $rows++;
        $none++ if $f[2] == 0;
        print "$f[0]: sliced $f[2], CPI $f[6]\n" if ($f[2] == 0) != ($f[6] eq "-");
        print "$f[0]: exact CPI $f[7], --stats $cpi{$f[0]}\n" if $f[7] ne $cpi{$f[0]};
        END { print "rows $rows, none $none\n" unless $rows && $none }'"'"' err >bad &&
    test_cmp /dev/null bad
'
test_expect_success 'counters that counted nothing: CPI "-", shares "-"' '
    imprun -q --iifm=all,slice=5000 "$EX/sieve.s" >/dev/null 2>err &&
    test_grep "^iifm: every opcode: 0 instructions, 0 cycles, CPI -$" err &&
    test_grep "^05  *BALR  *0  *-  *3  *0.04%  *-  *4.67$" err
'
# Slices too long for the run: the report says which opcodes had a slice
# and which that ran had none, whose share is unknown rather than 0.
test_expect_success 'slicing: the opcodes the slices never reached are named, not counted 0' '
    imprun -q --iifm=all,slice=4000 "$EX/sieve.s" >/dev/null 2>err &&
    test_grep "^iifm: the slices: 9 of 4000 program cycles over [0-9]* program cycles; a round of the [0-9]* opcodes the pattern selects is" err &&
    test_grep "^iifm: the slices reached the first 9 (X.04. SPM to X.10. LPR); the other [0-9]*, from X.11. LNR on, had none$" err &&
    test_grep "^iifm: no slice for 23 opcodes that ran, so their share is unknown, not 0: LTR OR LR CR AR SR MR LA STC IC BAL BCT BC ST L LPSW DIAG BXLE STM MVI CLI LM MVC$" err &&
    test_grep "^05  *BALR  *0  *-  *3 " err &&
    test_grep "^41  *LA  *-  *-  *1134  *14.67%  *-  *3.00$" err
'
test_expect_success 'slicing: a pattern of few opcodes goes round, every one had a slice' '
    imprun -q --iifm=18/07,slice=1000 "$EX/sieve.s" >/dev/null 2>err &&
    test_grep "^iifm: the slices: [0-9]* of 1000 program cycles .* a round of the 8 opcodes the pattern selects is 8 slices, 8000 cycles or more$" err &&
    test_grep "^iifm: the slices went round [0-9]* times: each opcode had " err &&
    ! grep -q "no slice for" err &&
    ! grep -q "^1[89A-F]  *[A-Z]*  *-" err
'
# A run stopped by the cycle limit stops at an instruction fetch: the
# instruction before is whole and counted, as the exact counts have it.
test_expect_success 'the cycle limit: the counters are the exact counts, the last one too' '
    for n in 500 1201 2000; do
        { imprun -q --iifm=all --max-cycles=$n "$EX/loop.s" >/dev/null 2>err; test $? -ne 0; } &&
        test_grep "cycle limit" err &&
        got=$(sed -n "s/^iifm: every opcode: \([0-9]*\) instructions, \([0-9]*\) cycles.*/\1 \2/p" err) &&
        want=$(sed -n "s/^iifm: the machine.s exact count .*: \([0-9]*\) instructions, \([0-9]*\) cycles.*/\1 \2/p" err) &&
        test -n "$got" && test "$got" = "$want" || { echo "# --max-cycles=$n: $got, not $want"; return 1; }
    done
'
test_expect_success 'bad --iifm specifications are usage errors' '
    { imprun --iifm=NOSUCH "$EX/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "is no mnemonic, opcode (hex) or all" err &&
    { imprun --iifm=BCT,slice=10 "$EX/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "1000 or more" err &&
    { imprun --iifm=BCT,tasks=17 "$EX/hello.s" 2>err; test $? -eq 2; } &&
    { imprun --iifm=BCT,often "$EX/hello.s" 2>err; test $? -eq 2; } &&
    { imprun --iifm=18/XYZ "$EX/hello.s" 2>err; test $? -eq 2; }
'
test_done
