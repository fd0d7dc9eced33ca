#!/bin/sh
# t9100-random.sh -- the random differential test: programs of random
# problem-state instructions (tests/oracle/gen-random.c: loops, EX,
# exceptions resumed by a handler, decimal data valid and not) run on IMP
# (imprun --core) and must leave exactly the registers, condition code,
# program mask, interruption log and data area that Hercules left
# (recorded in tests/oracle/golden/random.txt by record-random.sh).
# The images are regenerated from their seeds; a mismatch is reported
# with the seed, every differing field and the program's listing.
#
# T9100_LIVE=N also runs N fresh seeds (from T9100_SEED, default the
# time) on Hercules and on IMP and compares them directly.
. "$(dirname "$0")/test-lib.sh"

ORACLE=$IMP_TOP/tests/oracle
GOLDEN=$ORACLE/golden/random.txt
RUN=$ORACLE/hercules-run.sh
MAXC=--max-cycles=50M

test_expect_success 'build the generator' '
    oracle_tool gen-random "$ORACLE/gen-random.c" "$ORACLE/gen-random-classes.c"
'

seeds=$(grep -v "^#" "$GOLDEN" | cut -f1)
n=$(echo $seeds | wc -w)

test_expect_success "the same seed gives the same image" '
    ./gen-random image 7 a.bin && ./gen-random image 7 b.bin && cmp a.bin b.bin &&
    ./gen-random image 8 c.bin && ! cmp -s a.bin c.bin
'

test_expect_success "$n recorded random programs agree with Hercules" '
    mkdir img && ./gen-random images img $seeds >img/counts &&
    for s in $seeds; do
        imprun -q $MAXC --core img/$s.bin --savecore=img/$s.out:200:17FF >img/$s.log 2>&1 ||
            { echo "seed $s: imprun exit $?"; cat img/$s.log; }
    done &&
    ./gen-random check "$GOLDEN" img &&
    awk "{ m += \$2 } END { print m \" random instructions in \" NR \" programs\" }" img/counts
'

if test -n "$T9100_LIVE"; then
    if test_have hercules; then
        base=${T9100_SEED:-$(date +%s)}
        test_expect_success "live: $T9100_LIVE fresh programs from seed $base agree" '
            bad= &&
            for i in $(seq 0 $((T9100_LIVE - 1))); do
                s=$((base + i)) &&
                ./gen-random image $s live.bin &&
                "$RUN" live.bin 200 17FF live.herc >live.psw || { bad="$bad $s(hercules)"; continue; }
                imprun -q $MAXC --core live.bin --savecore=live.out:200:17FF >live.log 2>&1 ||
                    { bad="$bad $s(imprun)"; continue; }
                ./gen-random compare $s live.herc live.out || { bad="$bad $s"; continue; }
            done &&
            test -z "$bad" || { echo "differing seeds:$bad"; false; }
        '
    else
        test_skip 'live random programs' 'hercules not installed'
    fi
fi

test_done
