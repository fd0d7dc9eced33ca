#!/bin/sh
# t3600-long-hercules.sh -- MVCL, CLCL, TS, CS, CDS and MC (mc/src/long.mc)
# against Hercules: one GNU-as core image (committed: tests/golden/
# t3600-long.bin) runs on both machines and the
# storage it leaves (results of every case, interruption records, and the
# 10000-byte operands of the long instructions) must be identical.
# The cases: a multi-unit MVCL with padding, CLCL differing in the third
# unit and CLCL equal through the pad, TS on X'00', X'7F', X'80', CS and
# CDS equal and unequal, specification exceptions (unaligned CS and CDS,
# odd CDS and MVCL registers), MC masked, enabled (0040, class at X'94',
# code at X'9C') and with a bad I2.
. "$(dirname "$0")/test-lib.sh"

RUN=$IMP_TOP/tests/oracle/hercules-run.sh

# The image, assembled by GNU as from long.s below, is committed.
GOLD=$TEST_DIR/golden/t3600-long.bin
# What Hercules left in X'800'-X'9FFF' running it.
HERC=$TEST_DIR/golden/t3600-long.herc

cat >long.s <<'SRC'
        .text
origin: .long 0x00080000, 0x200       # restart PSW
        .org 0x68
        .long 0x00080000, pgm-origin  # program new PSW
        .org 0x200
        lctl  8,8,cr8-origin(0)       # CR8: monitor class 5 only
        la    12,0x800(0,0)           # R12: interruption records
        la    11,0x900(0,0)           # R11: results
        l     2,a2000-origin(0,0)           # fill 10000 bytes at X'2000'
        l     3,n10000-origin(0,0)
        la    4,0(0,0)
fill:   stc   4,0(0,2)
        la    2,1(0,2)
        la    4,7(0,4)
        bct   3,fill-origin(0,0)
        l     2,a5000-origin(0,0)           # MVCL 10000 bytes, 6000 from op2, pad X'5C'
        l     3,n10000-origin(0,0)
        l     6,a2000-origin(0,0)
        l     7,pad6000-origin(0,0)
        mvcl  2,6
        balr  1,0
        stm   1,7,0(11)
        la    11,28(0,11)
        l     2,a2000-origin(0,0)           # CLCL: differs at byte 6000
        l     3,n10000-origin(0,0)
        l     4,a5000-origin(0,0)
        l     5,n10000-origin(0,0)
        clcl  2,4
        balr  1,0
        stm   1,5,0(11)
        la    11,20(0,11)
        l     2,a2000-origin(0,0)           # CLCL equal over 6000 bytes, op1 padded
        l     3,n6000-origin(0,0)
        l     4,a5000-origin(0,0)
        l     5,n6000-origin(0,0)
        la    5,100(0,5)
        clcl  2,4
        balr  1,0
        stm   1,5,0(11)
        la    11,20(0,11)
        mvi   0xA01,0x00              # TS on 00, 7F, 80
        mvi   0xA02,0x7F
        mvi   0xA03,0x80
        ts    0xA01(0)
        balr  1,0
        ts    0xA02(0)
        balr  2,0
        ts    0xA03(0)
        balr  3,0
        stm   1,3,0(11)
        la    11,12(0,11)
        l     4,w1-origin(0,0)        # CS equal
        l     5,w2-origin(0,0)
        cs    4,5,csw-origin(0)
        balr  1,0
        stm   1,5,0(11)
        la    11,20(0,11)
        cs    4,5,csw-origin(0)       # CS unequal (now holds w2)
        balr  1,0
        stm   1,5,0(11)
        la    11,20(0,11)
        lm    4,5,dw1-origin(0)       # CDS equal
        lm    8,9,dw2-origin(0)
        cds   4,8,cdw-origin(0)
        balr  1,0
        stm   1,9,0(11)
        la    11,36(0,11)
        cds   4,8,cdw-origin(0)       # CDS unequal
        balr  1,0
        stm   1,9,0(11)
        la    11,36(0,11)
        cs    4,5,csw+2-origin(0)     # specification: not aligned
        .short 0xbb48, cdw+4-origin   # CDS 4,8 not doubleword aligned
        .short 0xbb58, cdw-origin     # CDS 5,8: odd R1
        .short 0x0e36                 # MVCL 3,6: odd R1
        la    7,0x123(0,0)
        mc    0x456(7),4              # class 4 masked: nothing
        mc    0x456(7),5              # class 5: monitor event
        .long 0xaf15 << 16 | 0x7456   # MC with I2 bits 0-3 not 0
        lpsw  wait-origin(0)
pgm:    mvc   0(4,12),0x8c(0)         # record: code, old PSW, class, monitor code
        mvc   4(8,12),0x28(0)
        mvc   12(2,12),0x94(0)
        mvc   16(4,12),0x9c(0)
        la    12,20(0,12)
        lpsw  0x28(0)
        .align 8
wait:   .long 0x000A0000, 0x00000ABC
cr8:    .long 0x00000400
n10000: .long 10000
a2000:  .long 0x2000
a5000:  .long 0x5000
n6000:  .long 6000
pad6000: .long 0x5C001770
w1:     .long 0x11111111
w2:     .long 0x22222222
csw:    .long 0x11111111
        .align 8
dw1:    .long 1, 2
dw2:    .long 0xAAAAAAAA, 0xBBBBBBBB
cdw:    .long 1, 2
        .org 0xA000
SRC

test_image_check long "$GOLD"
test_expect_success 'the committed image of long.s' 'test_image long "$GOLD"'

test_expect_success 'IMP runs it to its disabled wait' '
    imprun --core long.bin --savecore=imp.out:800:9FFF >imp.log 2>&1 &&
    test_grep "000A0000 00000ABC" imp.log
'

test_expect_success 'the MC interruption: code 0040, class 5, monitor code 579' '
    od -An -v -tx1 -j 80 -N 20 imp.out | tr -d " \n" >mc.got &&
    printf "0004004000081000000003080005000000000579" >mc.want &&
    test_cmp mc.want mc.got
'

# Hercules' storage from this image is recorded: IMP is compared with the
# record, and Hercules, when installed, must still give the record
# (IMP_REGEN_IMAGES=1 rewrites it, see tests/golden/regen-images.sh).
if test_have hercules; then
    test_expect_success 'Hercules still leaves the recorded storage' '
        "$RUN" long.bin 800 9FFF herc.out >psw &&
        echo "PSW=000A0000 00000ABC" >expect &&
        test_cmp expect psw &&
        { test -z "$IMP_REGEN_IMAGES" || cp herc.out "$HERC"; } &&
        cmp "$HERC" herc.out
    '
else
    test_skip 'Hercules still leaves the recorded storage' 'hercules not installed'
fi
test_expect_success 'IMP leaves the storage Hercules left (recorded)' '
    cmp "$HERC" imp.out
'

test_done
