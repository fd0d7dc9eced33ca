#!/bin/sh
# t4410-interrupt-key.sh -- interruptions taken while the PSW key is not 0.
#
# The old PSW and the interruption code are stored by the CPU, not by the
# program: those stores are not subject to key-controlled protection.  A
# program running with key 8 (all storage keys are 0, so every store it
# makes is a protection exception) takes program interruptions and SVCs,
# in the problem state and then in the supervisor state; the handlers run
# with key 0 and record each old PSW (with its key 8) and code.  Hercules,
# when installed, must leave the same record from the same core image.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun

# The core images, assembled by GNU as from key.s and noh.s below, are
# committed: tests/golden/t4410-NAME.bin.
core() { test_image $1 "$TEST_DIR/golden/t4410-$1.bin"; }

cat >key.s <<'SRC'
        .text
origin: .long 0x00080000, 0x400         # restart PSW: EC, supervisor, key 0
        .org 0x60
        .long 0x00080000, svch-origin   # SVC new PSW: key 0, supervisor
        .long 0x00080000, pgmh-origin   # program new PSW: key 0, supervisor
        .org 0x200
        .fill 16, 4, 0                  # old PSW and code of each interruption
        .org 0x380
        .long 0x000a0000, 0             # the final disabled wait
prob8:  .long 0x00890000, p1-origin     # problem state, key 8
        .org 0x400
        sr    9,9                       # record cursor
        lpsw  prob8-origin(0)
p1:     st    1,0x800(0,0)              # protection (storage key 0)
        svc   1                         # back in the supervisor state, key 8
        st    1,0x800(0,0)              # protection again
        svc   2                         # the end
pgmh:   mvc   0x200(8,9),0x28(0)        # old PSW
        mvc   0x208(4,9),0x8c(0)        # ILC and code
        la    9,12(0,9)
        lpsw  0x28(0)                   # resume after the suppressed store
svch:   mvc   0x200(8,9),0x20(0)
        mvc   0x208(4,9),0x88(0)
        la    9,12(0,9)
        cli   0x8b(0),2
        be    done-origin(0,0)
        ni    0x21(0),0xfe              # P off: supervisor state, key 8
        lpsw  0x20(0)
done:   lpsw  0x380(0)
SRC

cat >expect <<'EOF2'
00890000 0000040a 00040004
00890000 0000040c 00020001
00880000 00000410 00040004
00880000 00000412 00020002
00000000 00000000 00000000
EOF2

# record FILE: the saved X'200'-X'23B' as 12-byte records
record() { od -An -v -tx4 --endian=big -w12 "$1" | sed 's/^ *//'; }

test_image_check key "$TEST_DIR/golden/t4410-key.bin"
test_expect_success 'the key-8 program' 'core key'

test_expect_success 'the handlers run and the program reaches its disabled wait' '
    imprun --core key.bin --max-cycles=100000 --savecore=imp.out:200:23B >out 2>err &&
    test_grep "disabled wait" err || { cat out err; false; }
'
test_expect_success 'each old PSW keeps key 8; codes, ILCs and addresses are right' '
    record imp.out >actual &&
    test_cmp expect actual
'
test_expect_success 'the observed loop (--trace) leaves the same record' '
    imprun --core key.bin --max-cycles=100000 --trace --savecore=traced.out:200:23B \
        >/dev/null 2>&1 &&
    cmp imp.out traced.out
'
if test_have hercules; then
    test_expect_success 'Hercules leaves the same record from the same image' '
        "$IMP_TOP/tests/oracle/hercules-run.sh" key.bin 200 23B herc.out >psw &&
        test_grep "PSW=000A0000 00000000" psw &&
        cmp herc.out imp.out
    '
else
    test_skip 'Hercules comparison' 'hercules not installed'
fi

cat >noh.s <<'SRC'
        .text
origin: .long 0x00080000, 0x400
        .org 0x380
prob8:  .long 0x00890000, p1-origin     # problem state, key 8
        .org 0x400
        lpsw  prob8-origin(0)
p1:     st    1,0x800(0,0)              # protection, and no program handler
SRC

test_image_check noh "$TEST_DIR/golden/t4410-noh.bin"
test_expect_success 'with no handler, the run stops at once and reports key 8' '
    core noh &&
    { imprun --core noh.bin --max-cycles=100000 --regs >out 2>err; test $? = 4; } &&
    test_grep "program interruption 0004 (protection) with no handler" err &&
    test_grep "old PSW=00890000 00000408  problem, key 8" err &&
    test_grep "^PSW=00890000 00000408" err
'
test_done
