#!/bin/sh
# t1930: problem-state instructions against qemu-s390x.  One GNU-as
# source (tests/oracle/qemu-kernel.s, qemu-data.s) is built twice: as a
# static Linux program that qemu-s390x runs in user mode, writing its data
# area to standard output, and as a flat core image that imprun runs.
# Both data areas must be the same byte for byte: the condition code of
# every case (TRT, CLCL and MVCL with padding, overlap and no length, ICM
# and CLM with mask 0 too, SLDA and SLA overflow, AL and SL carries, AH
# overflow, EX of TR and CLC, NC OC XC TM, LPR, LCR, LTR, CLC, CLI) and
# the results (registers stored, MVC's propagation, BXLE, M, D, MH, CVD).
# qemu's answer is also kept in tests/golden/t1930-qemu.hex, so the test
# runs without qemu;
# T1930_RECORD=1 writes it again.
. "$(dirname "$0")/test-lib.sh"

ORACLE=$IMP_TOP/tests/oracle
GOLD=$IMP_TOP/tests/golden/t1930-qemu.hex

if ! test_have s390x-linux-gnu-as || ! test_have s390x-linux-gnu-objcopy ||
   ! test_have s390x-linux-gnu-nm; then
    test_skip 'problem-state results agree with qemu' 'binutils-s390x-linux-gnu not installed'
    test_done
fi

cp "$ORACLE/qemu-kernel.s" kernel.s && cp "$ORACLE/qemu-data.s" data.s || exit 1

# The IMP image: the restart PSW at 0 goes to X'400'; the end loads the
# disabled wait PSW at X'380'.
cat >imp.s <<\X
	.macro CCCAP r
	balr  \r,0
	.endm
	.text
origin:	.long 0x00080000, 0x400
	.org 0x380
	.long 0x000a0000, 0
	.org 0x400
	balr  12,0
b0:	l     4,dptr-b0(0,12)
	sr    2,2
	sr    3,3
	.include "kernel.s"
	lpsw  0x380(0)
	.balign 4,0
dptr:	.long data-origin
	.include "data.s"
X

# The Linux program: 64-bit registers cleared (the kernel sets their low
# halves), the data area written to standard output, exit 0.
cat >linux.s <<\X
	.macro CCCAP r
	ipm   \r
	.endm
	.text
	.globl _start
_start:
	lghi  0,0
	lghi  1,0
	lghi  2,0
	lghi  3,0
	lghi  5,0
	lghi  6,0
	lghi  7,0
	lghi  8,0
	lghi  9,0
	larl  4,data
	.include "kernel.s"
	lghi  2,1
	larl  3,data
	lghi  4,dataend-data
	svc   4
	lghi  2,0
	svc   1
	.data
	.include "data.s"
X

hex() { od -An -tx1 -v "$1" | tr -d ' \n' | fold -w 64; echo; }

test_expect_success 'GNU as builds the core image' '
    s390x-linux-gnu-as -m31 -o imp.o imp.s &&
    s390x-linux-gnu-objcopy -O binary imp.o imp.bin &&
    from=$(s390x-linux-gnu-nm imp.o | awk "\$3 == \"data\" { print \$1 }") &&
    to=$(s390x-linux-gnu-nm imp.o | awk "\$3 == \"dataend\" { print \$1 }") &&
    test -n "$from" && test -n "$to" &&
    printf "%X:%X\n" 0x$from $((0x$to - 1)) >range
'

test_expect_success 'imprun runs it to the wait state' '
    test_timeout 60 imprun --core imp.bin --savecore="imp.out:$(cat range)" >imp.log 2>&1 ||
        { cat imp.log; false; } &&
    hex imp.out >imp.hex
'

if test_have qemu-s390x && test_have s390x-linux-gnu-ld; then
    test_expect_success 'qemu-s390x runs the same cases as a Linux program' '
        s390x-linux-gnu-as -o linux.o linux.s &&
        s390x-linux-gnu-ld -static -o linux linux.o &&
        test_timeout 60 qemu-s390x ./linux >qemu.out &&
        hex qemu.out >qemu.hex &&
        if test -n "$T1930_RECORD"; then cp qemu.hex "$GOLD"; fi
    '
    test_expect_success 'IMP and qemu agree on every condition code and result' '
        test_cmp qemu.hex imp.hex
    '
else
    test_skip 'the same cases on qemu-s390x' 'qemu-user not installed'
fi

test_expect_success 'IMP agrees with the recorded qemu answers' '
    test_cmp "$GOLD" imp.hex
'

test_expect_success 'the answers hold what the cases say: TRT CC2, MVCL overlap CC3, BXLE 55' '
    cc=$(head -c 8 imp.hex) && test "$cc" = 02020302 &&
    tr -d "\n" <imp.hex | grep -q "00000037"
'
test_done
