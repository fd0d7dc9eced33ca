#!/bin/sh
# t3002: the microcode is replaceable: change AR's microword to subtract,
# reassemble with impmc, run with imprun --microcode and see the change;
# broken images are refused with a clear message.
. "$(dirname "$0")/test-lib.sh"

SRC="$IMP_TOP/mc/src"
test_have imprun || { test_skip 'imprun not built'; test_done; }

cat >ar.s <<'EOT'
PROG     CSECT
         LA    2,5
         LA    3,3
         AR    2,3
         LR    15,2
         BR    14
         END   PROG
EOT

test_expect_success 'the built-in microcode adds' '
    { imprun --regs ar.s >out 2>&1; test $? -eq 3; } && grep "GR02=00000008" out
'
test_expect_success 'AR made to subtract, reassembled' '
    cp "$SRC"/*.mc . &&
    sed "s/^AR:     A=R1 B=R2 ALU=ADD/AR:     A=R1 B=R2 ALU=SUB/" arith.mc >x && mv x arith.mc &&
    grep "^AR: .*ALU=SUB" arith.mc &&
    impmc -o sub.mcs *.mc 2>/dev/null
'
test_expect_success 'runs with the new microcode' '
    { imprun --microcode=sub.mcs --regs ar.s >out 2>&1; test $? -eq 3; } && grep "GR02=00000002" out
'
# A loop among the words the engine binds to an instruction (AR's first
# word going back to itself, then through a second word) runs away: the
# run stops at the runaway bound past the cycle limit, at the same
# microword and with the same counts in the free-running engine and in
# the one-word-at-a-time engine (--trace).
for loop in 1 2; do
    test_expect_success "a runaway loop of $loop bound words stops the same in both engines" '
        cp "$SRC"/*.mc . &&
        if test $loop = 1; then
            sed "s/^AR:     A=R1 B=R2 ALU=ADD D=R1 .*/AR:     A=R1 B=R2 ALU=ADD D=R1 GOTO AR/" \
                arith.mc >x
        else
            sed "s/^AR:     A=R1 B=R2 ALU=ADD D=R1 .*/AR:     A=R1 B=R2 ALU=ADD D=R1\n        GOTO AR/" \
                arith.mc >x
        fi && mv x arith.mc &&
        impmc -o loop.mcs *.mc 2>/dev/null &&
        { imprun --microcode=loop.mcs --max-cycles=5000 --json=fast.json ar.s >out 2>err
          test $? -eq 6; } &&
        test_grep "cycle limit" err &&
        test_grep "inside the instruction below, at microword" err &&
        test_grep "AR    2,3" err &&
        { imprun --microcode=loop.mcs --max-cycles=5000 --trace --json=slow.json ar.s \
              >/dev/null 2>&1; test $? -eq 6; } &&
        sed -n "/\"counters\"/,/}/p" fast.json >fast.ctr &&
        sed -n "/\"counters\"/,/}/p" slow.json >slow.ctr &&
        test_cmp fast.ctr slow.ctr &&
        test_grep "\"cycles\": 10[0-9][0-9][0-9][0-9][0-9]," fast.ctr
    '
done
test_expect_success 'a truncated image is refused' '
    head -20 sub.mcs >cut.mcs &&
    test_must_fail imprun --microcode=cut.mcs ar.s 2>err && grep "cut.mcs" err && grep "END" err
'
test_expect_success 'an image of another microword layout is refused' '
    sed "1s/^IMPMC 1 [0-9A-F]*/IMPMC 1 00000000/" sub.mcs >hash.mcs &&
    test_must_fail imprun --microcode=hash.mcs ar.s 2>err && grep "layout hash" err
'
test_expect_success 'a word with an impossible field value is refused' '
    sed "s/^W 001 .*/W 001 FFFFFFFFFFFFFFFFFFFFFFFF/" sub.mcs >bad.mcs &&
    test_must_fail imprun --microcode=bad.mcs ar.s 2>err && grep "word 001" err
'
test_done
