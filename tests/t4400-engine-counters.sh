#!/bin/sh
# t4400-engine-counters.sh -- the engine's exact counts, pinned.
#
# The four benchmark programs (bench/programs.sh, small sizes, built as
# core images with GNU as and committed) run under imprun --json; the status, PSW,
# registers, counters, per-opcode counts and cycles (mnemonics left out:
# they are the report's labels), and a checksum of all
# of storage must equal tests/golden/t4400-bench-small.txt.  A faster
# engine must not change one of these numbers; a change of the microcode of
# these instructions must update the golden file on purpose.  The same
# runs with --trace (the engine's observed, one-microword-at-a-time loop)
# must give the same counts.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun

# The core images, assembled by GNU as from bench/programs.sh's sources,
# are committed: tests/golden/t4400-NAME.bin.

# counts PROGRAM [imprun options]: the pinned numbers of one run
counts() {
    p=$1; shift
    imprun --core $p.bin --storage=2M --json=$p.json --savecore=$p.core:0:1FFFFF "$@" \
        >/dev/null 2>&1
    echo "== $p"
    sed -e '/"program": \[/,/\]/d' -e '/"cpi"/d' -e '/"mnemonic"/d' $p.json
    echo "storage $(cksum <$p.core)"
}

sh "$IMP_TOP/bench/programs.sh" . small
for p in bct sieve sort calls; do test_image_check $p "$TEST_DIR/golden/t4400-$p.bin"; done
test_expect_success 'the small benchmark programs' '
    for p in bct sieve sort calls; do
        test_image $p "$TEST_DIR/golden/t4400-$p.bin" || return 1
    done
'
test_expect_success 'exact counts of the small benchmark programs' '
    for p in bct sieve sort calls; do counts $p; done >actual &&
    test_cmp "$TEST_DIR/golden/t4400-bench-small.txt" actual
'
test_expect_success 'each program counted its own instructions the same' '
    for p in bct sieve sort calls; do
        n=$(od -An -tu4 --endian=big -j 0x200 -N 4 $p.core | tr -d " ") &&
        grep "\"instructions\": $n," $p.json || return 1
    done
'
test_expect_success 'the observed loop (--trace) counts the same' '
    for p in bct sieve sort calls; do counts $p --trace; done >traced &&
    test_cmp actual traced
'
test_done
