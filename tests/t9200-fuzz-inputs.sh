#!/bin/sh
# t9200-fuzz-inputs.sh -- a short deterministic mutation run over every
# input format, through the programs themselves: assembler sources
# (impas, macro sources too), object modules (impld), load modules (impld -d, imprun),
# card decks (XREAD's cards, XGET's records, whole ASSIST decks),
# microcode sources (impmc), microcode images (imprun --microcode),
# control files (impld -c) and guest programs (imprun --core on random
# storage).  Each run must end by itself with an exit status of the tool
# (no signal, no timeout, no sanitizer report: see test-lib.sh), and a
# failure must come with a diagnostic.  The in-process mutation tests
# (t-asm-mutate, t-obj-fuzz) and the libFuzzer targets in tests/fuzz/ go
# deeper on the assembler and the module reader.
. "$(dirname "$0")/test-lib.sh"

N=${IMP_FUZZ_COUNT:-12}
MUT="perl $TEST_DIR/mutate.pl"

# run_all WHAT OKSTATUS CMD: run CMD for every mutant of WHAT ($m names
# the mutant in CMD); the status must be one of OKSTATUS (a list), and a
# non-zero one needs a diagnostic on standard error.  A sanitizer report
# exits 86 (test-lib.sh), which no list holds.
run_all() {
    what=$1 ok=$2 cmd=$3 bad=0
    for m in $what.[0-9]*; do
        eval "timeout 60 $cmd" >out 2>err
        st=$?
        case " $ok " in
        *" $st "*) ;;
        *) echo "$m: exit status $st from: $cmd"; head -c 2000 err; bad=1; continue ;;
        esac
        if [ $st -ne 0 ] && ! grep -q "error\|imprun:" err; then
            echo "$m: status $st without a diagnostic: $cmd"; bad=1
        fi
    done
    return $bad
}

RT=$IMP_TOP/vm/host/runtime
cp "$IMP_TOP/examples/factorial.s" fact.s
impas -I "$RT" fact.s -o fact.o && impas -I "$RT" "$RT/imprt.s" -o imprt.o &&
    impld -o fact.load fact.o imprt.o || exit 1
cp -r "$IMP_TOP/mc/src" mc && impmc mc/*.mc -o base.mcs || exit 1
cat >base.ctl <<'EOF'
* control statements
ENTRY FACT
ORDER FACT(P)
PAGE  FACT
EOF
cat >xget.s <<'EOF'
XG       CSECT
         USING XG,15
         LA    14,NAME
LOOP     XGET  REC,200             records of the file bound to IN
         BC    4,DONE
         BC    2,DONE
         XPRNT REC-1,133
         B     LOOP
DONE     BR    14
NAME     DC    CL8'IN'
         DC    C' '
REC      DS    CL200
         END   XG
EOF
impas xget.s -o xget.o && impld -o xget.load xget.o || exit 1

test_expect_success 'assembler sources (impas)' '
    $MUT 1 $N fact.s src && run_all src "0 1" "impas -I \"\$RT\" \"\$m\" -o x.o"
'
test_expect_success 'macro sources (impas): definitions, the library, conditional assembly' '
    cp "$TEST_DIR/data/macro/instructor.s" "$TEST_DIR/data/macro/structured.s" . &&
    $MUT 8 $N instructor.s msrc && $MUT 9 $N structured.s lsrc &&
    run_all msrc "0 1" "impas \"\$m\" -o x.o" && run_all lsrc "0 1" "impas \"\$m\" -o x.o"
'
test_expect_success 'object modules (impld)' '
    $MUT 2 $N fact.o obj && run_all obj "0 1 2" "impld -o x.load "\$m" imprt.o"
'
test_expect_success 'load modules (impld -d, imprun)' '
    $MUT 3 $N fact.load lm &&
    run_all lm "0 1 2" "impld -d "\$m"" &&
    run_all lm "0 1 3 4 5 6 7" "imprun --max-cycles=1M "\$m" </dev/null"
'
test_expect_success 'microcode sources (impmc)' '
    $MUT 4 $N mc/arith.mc mcs && $MUT 5 $N mc/fetch.mc mcf &&
    run_all mcs "0 1 2" "impmc mc/[b-z]*.mc "\$m" -o x.mcs" &&
    run_all mcf "0 1 2" "impmc mc/[a-e]*.mc mc/[g-z]*.mc "\$m" -o x.mcs"
'
test_expect_success 'microcode images (imprun --microcode)' '
    $MUT 6 $N base.mcs img &&
    run_all img "0 1 3 4 5 6 7" "imprun --max-cycles=1M --microcode="\$m" fact.load </dev/null"
'
test_expect_success 'control files (impld -c)' '
    $MUT 7 $N base.ctl ctl && run_all ctl "0 1 2" "impld -c "\$m" -o x.load fact.o imprt.o"
'
test_expect_success 'card decks: XREAD cards, XGET records, whole $JOB decks (imprun)' '
    cp "$IMP_TOP/examples/assist/scores.s" deck.s &&
    impas deck.s -o deck.o && impld -o deck.load deck.o &&
    sed -n "/^\$ENTRY/,\$p" deck.s | sed 1d >cards.txt &&
    $MUT 10 $N cards.txt card && $MUT 11 $N deck.s dk &&
    run_all card "0 1 3 4 5 6 7" "imprun --max-cycles=5M --cards="\$m" deck.load </dev/null" &&
    run_all card "0 1 3 4 5 6 7" "imprun --max-cycles=5M --max-cards=0 deck.load <\$m" &&
    run_all card "0 1 3 4 5 6 7" "imprun --max-cycles=5M --file IN="\$m" xget.load </dev/null" &&
    for m in dk.[0-9]*; do mv "$m" "$m.s" || exit 1; done &&
    run_all dk "0 1 3 4 5 6 7" "imprun --max-cycles=5M "\$m" </dev/null"
'
test_expect_success 'guest programs: random storage as a core image (imprun --core)' '
    perl -e "srand(8); for my \$n (1 .. $N) { open(my \$f, q(>:raw), qq(core.\$n)) or die;
        print \$f pack(q(N2), 0x00080000, 0x200), join(q(), map { chr(int(rand(256))) } 1 .. 4096 * (1 + \$n % 4)); }" &&
    run_all core "0 1 3 4 5 6 7" "imprun --max-cycles=1M --max-console=64K --core="\$m" </dev/null"
'
test_done
