#!/bin/sh
# t9200-fuzz-inputs.sh -- a short deterministic mutation run over every
# input format, through the programs themselves: assembler sources
# (impas, macro sources and macro library members too), object modules
# (impld), load modules (impld -d, imprun), card decks (XREAD's cards,
# XGET's records, whole ASSIST decks),
# microcode sources (impmc), microcode images (imprun --microcode),
# control files (impld -c), guest programs (imprun --core on random
# storage), impmon scripts (impmon -x, every command of its table, with
# source, save and > among them) and page reference strings (imprun
# --replay).  Each run must end by itself with an exit status of the tool
# (no signal, no timeout, no sanitizer report: see test-lib.sh), and a
# failure must come with a diagnostic.  The in-process mutation tests
# (t-asm-mutate, t-obj-fuzz) and the libFuzzer targets in tests/fuzz/ go
# deeper on the assembler and the module reader.
. "$(dirname "$0")/test-lib.sh"

# N mutants of each input: a short run by default (make check); make
# check-slow sets IMP_FUZZ_COUNT for the long one.  The mutants are the
# same for a seed whatever N is: a longer run only adds to them.
N=${IMP_FUZZ_COUNT:-6}
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
cat >mcall.s <<'EOF'
T        CSECT
         USING *,15
         CALL  SUB,(A,B),VL
LST      CALL  ,(A),MF=L
         CALL  SUB,(A),MF=(E,LST)
         WTO   'HELLO'
         WTO   MF=(E,MSG)
         IF    (LTR,1,1,Z)
         LA    2,1
         ENDIF
         COPY  CALL
         CALL  SUB
MSG      WTO   'LIST',MF=L
A        DS    F
B        DS    F
         END
EOF
test_expect_success 'macro library members (impas -I): mutated members called and copied' '
    $MUT 10 $N "$IMP_TOP/asm/maclib/CALL.mac" callm && $MUT 11 $N "$IMP_TOP/asm/maclib/WTO.mac" wtom &&
    $MUT 12 $N "$IMP_TOP/asm/maclib/IMPLOGIC.mac" logm &&
    for m in callm.[0-9]*; do mkdir "d$m" && cp "$m" "d$m/CALL.mac" || return 1; done &&
    for m in wtom.[0-9]*; do mkdir "d$m" && cp "$m" "d$m/WTO.mac" || return 1; done &&
    for m in logm.[0-9]*; do mkdir "d$m" && cp "$m" "d$m/IMPLOGIC.mac" || return 1; done &&
    run_all callm "0 1" "impas -I \"d\$m\" mcall.s -o x.o" &&
    run_all wtom "0 1" "impas -I \"d\$m\" mcall.s -o x.o" &&
    run_all logm "0 1" "impas -I \"d\$m\" mcall.s -o x.o"
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
# An impmon script of every kind of command; its mutants lose every '/'
# (so that no save, > or source can name a file outside this folder).
cat >base.imp <<'EOF'
# a script: every kind of command, on the factorial program
break FACT
run
info
info break
step 3
microstep 2
back 2
uback 1
x gr
x psw
examine FACT,16
deposit R5 = X'7FFFFFFF'
print R5 + 1 * (2 - 3) / 4
disasm FACT 4
microword
counters
opcodes 5 > ops.txt
watch FACT,4
delete all
until FACT
monitor pcs 1000
monitor csm 64
monitor iifm all
set max-cycles 100000
set slice 5000
continue
report
save prof.dat
source inner.imp
set frames 4
reset
help step
quit
EOF
printf 'print 1\nsource inner.imp\n' >inner.imp
test_expect_success 'impmon scripts (impmon -x): every command, sourcing, saving' '
    $MUT 10 $N base.imp imp &&
    for m in imp.[0-9]*; do tr -d / <"$m" >"$m.t" && mv "$m.t" "$m" || exit 1; done &&
    run_all imp "0 1" "impmon --max-cycles=5000000 -x \"\$m\" fact.load </dev/null"
'
# A page reference string of two tasks, with writes.
{
    printf "#imp-pagerefs 1\n#page-size 4096\n#tasks 2\n# policy lru frames 4 global\n"
    for i in 1 2 3 4 5 6 7 8; do for p in 0 1 2 3 4 1f 2 5; do printf "%d %s %s\n" $((1 + i % 2)) $p r; done; done
    printf "2 fff w\n1 a w\n"
} >base.refs
test_expect_success 'page reference strings (imprun --replay)' '
    $MUT 11 $N base.refs refs &&
    run_all refs "0 1" "imprun --replay=\"\$m\"" &&
    run_all refs "0 1" "imprun --replay=\"\$m\" --curve=2:70"
'
test_done
