#!/bin/sh
# t9110-per-random.sh -- PER against Hercules: the random programs of
# t9100 (tests/oracle/gen-random.c), each run with PER armed -- some of
# successful branch, instruction fetch and storage alteration, over code,
# over data, over all of storage, over a wrapping range or over storage
# nothing touches -- and a handler that logs every program interruption
# with its PER code (X'96') and address (X'98').  IMP must leave the
# registers, the interruption count and log, and the data area that
# Hercules left (tests/oracle/golden/per.txt, record-random.sh -p).
#
# One difference is forgiven, and counted: for a program interruption that
# is PER alone, Hercules 3.13 stores the ILC of an earlier instruction
# when the one that caused the event is one of its fast-path instructions
# (RR, branches); IMP stores the length of the instruction the PER
# address designates, as the architecture says.
#
# T9110_LIVE=N also runs N fresh seeds on Hercules and on IMP.
. "$(dirname "$0")/test-lib.sh"

ORACLE=$IMP_TOP/tests/oracle
GOLDEN=$ORACLE/golden/per.txt
RUN=$ORACLE/hercules-run.sh
MAXC=--max-cycles=50M

test_expect_success 'build the generator' '
    oracle_tool gen-random "$ORACLE/gen-random.c" "$ORACLE/gen-random-classes.c"
'

test_expect_success 'a per- image is the plain program with PER armed' '
    ./gen-random image 7 a.bin && ./gen-random per-image 7 b.bin && ! cmp -s a.bin b.bin &&
    ./gen-random per-list 7 >list && test_grep "^PER: CR9 [0-9A-F]*0000000 CR10" list &&
    test_grep "LCTL  9,11,480" list &&
    ./gen-random per-image 7 c.bin && cmp b.bin c.bin
'

seeds=$(grep -v "^#" "$GOLDEN" | cut -f1)
n=$(echo $seeds | wc -w)

test_expect_success "$n recorded PER programs agree with Hercules" '
    mkdir img && ./gen-random per-images img $seeds >img/counts &&
    for s in $seeds; do
        imprun -q $MAXC --core img/$s.bin --savecore=img/$s.out:200:17FF >img/$s.log 2>&1 ||
            { echo "seed $s: imprun exit $?"; cat img/$s.log; }
    done &&
    ./gen-random per-check "$GOLDEN" img
'

test_expect_success 'the recorded programs arm every event kind and range' '
    for s in $seeds; do ./gen-random per-list $s | head -1; done >setups &&
    for cr9 in 20000000 40000000 80000000 E0000000; do
        test_grep "CR9 $cr9" setups || return 1
    done &&
    test_grep "CR10 00000000 CR11 00FFFFFF" setups &&
    test_grep "CR10 00100000 CR11 001FFFFF" setups &&
    w=0 && while read -r _ _ _ _ lo _ hi; do
        if test $((0x$lo)) -gt $((0x$hi)); then w=$((w + 1)); fi
    done <setups && test $w -ge 5
'

if test -n "$T9110_LIVE"; then
    if test_have hercules; then
        base=${T9110_SEED:-$(date +%s)}
        test_expect_success "live: $T9110_LIVE fresh PER programs from seed $base agree" '
            bad= &&
            for i in $(seq 0 $((T9110_LIVE - 1))); do
                s=$((base + i)) &&
                ./gen-random per-image $s live.bin &&
                "$RUN" live.bin 200 17FF live.herc >live.psw || { bad="$bad $s(hercules)"; continue; }
                imprun -q $MAXC --core live.bin --savecore=live.out:200:17FF >live.log 2>&1 ||
                    { bad="$bad $s(imprun)"; continue; }
                ./gen-random per-compare $s live.herc live.out || { bad="$bad $s"; continue; }
            done &&
            test -z "$bad" || { echo "differing seeds:$bad"; false; }
        '
    else
        test_skip 'live PER programs' 'hercules not installed'
    fi
fi

test_done
