#!/bin/sh
# t4540-imprun-limits.sh -- imprun on untrusted programs: a load module
# cannot make imprun show other host files as source lines nor hang on a
# device, guest output and the trace stop at their quotas, an endless
# input line and a wait that can never end do not hang, and addresses and
# file names are checked as impld checks them.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
use_supervisor      # its programs use DIAGNOSE: supervisor state
need_tools

# A program check at BAD+0 (line 3), so the report shows the source line.
mkdir prog
cat >prog/bad.s <<'SRC'
BAD      CSECT
         USING BAD,15
         DC    X'0000'
         BR    14
         END   BAD
SRC
(cd prog && impas bad.s -o bad.o && impld -o bad.load bad.o) || exit 1
echo 'secret: do not show' >secret.txt

# with_file NAME OUT: prog/bad.load with its FILE record naming NAME (and
# no HASH: the folder rule alone decides).
with_file() {
    sed -e "s#^FILE 0 .*#FILE 0 $1#" -e "/^HASH /d" prog/bad.load >"$2"
}

test_expect_success 'a source line in the load module folder is shown' '
    { imprun prog/bad.load 2>err; test $? -eq 4; } &&
    (cd prog && { imprun bad.load 2>../err; test $? -eq 4; }) &&
    test_grep "3 |          DC    X.0000." err
'
test_expect_success 'a host file outside the folder is not shown (FILE 0 /etc/passwd)' '
    with_file /etc/passwd prog/p.load &&
    { imprun prog/p.load 2>err; test $? -eq 4; } &&
    test_grep "source line not shown: the file is outside" err &&
    ! grep -q "root\|bin:" err
'
test_expect_success 'a file beside the folder is not shown, nor through a symbolic link' '
    with_file "$PWD/secret.txt" prog/q.load &&
    { imprun prog/q.load 2>err; test $? -eq 4; } &&
    ! grep -q "do not show" err &&
    ln -s ../secret.txt prog/link.s && with_file link.s prog/r.load &&
    (cd prog && { imprun r.load 2>../err; test $? -eq 4; }) &&
    test_grep "outside the program" err && ! grep -q "do not show" err
'
test_expect_success 'a device or a FIFO as the source file neither hangs nor shows' '
    with_file /dev/zero prog/z.load &&
    { timeout 20 imprun --supervisor prog/z.load 2>err; test $? -eq 4; } &&
    mkfifo prog/fifo.s && with_file fifo.s prog/f.load &&
    (cd prog && { timeout 20 imprun --supervisor f.load 2>../err; test $? -eq 4; }) &&
    test_grep "not a regular file" err
'
test_expect_success 'the guest runtime source is shown (its folder is trusted)' '
    IMP_RUNTIME=$IMP_TOP/vm/host/runtime && export IMP_RUNTIME &&
    with_file "$IMP_RUNTIME/imprt.s" prog/rt.load &&
    { imprun prog/rt.load 2>err; test $? -eq 4; } &&
    sed -n 3p "$IMP_RUNTIME/imprt.s" >expect && test -s expect &&
    grep -F -e "$(cat expect)" err && ! grep -q "not shown" err
'

# ---- output quotas ------------------------------------------------------

cat >loop.s <<'SRC'
LOOP     CSECT
         USING LOOP,15
         LA    2,MSG
         LA    3,L'MSG
AGAIN    DIAG  2,3,X'008'          PUTLINE, for ever
         B     AGAIN
MSG      DC    CL63'HELLO'
         END   LOOP
SRC
cat >fout.s <<'SRC'
FOUT     CSECT
         USING FOUT,15
         LA    2,FCB
         DIAG  2,0,X'020'          OPEN
AGAIN    DIAG  2,0,X'02C'          PUTREC, for ever
         B     AGAIN
         DS    0F
FCB      DC    CL8'OUT',F'1',F'0',A(BUF),F'63',F'63'
BUF      DC    CL63'RECORD'
         END   FOUT
SRC

test_expect_success 'console output stops at --max-console with its own message' '
    { imprun --max-console=10K loop.s >out 2>err; test $? -eq 6; } &&
    test $(wc -c <out) -eq 10240 &&
    test_grep "output limit reached: the console output reached its limit of 10240 bytes (--max-console=SIZE" err
'
test_expect_success 'the console quota is 16 MiB by default' '
    { imprun loop.s >out 2>err; test $? -eq 6; } &&
    test $(wc -c <out) -eq 16777216 && test_grep "limit of 16777216 bytes" err
'
test_expect_success 'output to bound files stops at --max-output' '
    { imprun --max-output=1M --file OUT=big.txt fout.s 2>err; test $? -eq 6; } &&
    test $(wc -c <big.txt) -eq 1048576 &&
    test_grep "the output to bound files reached its limit of 1048576 bytes (--max-output" err
'
test_expect_success 'the trace stops the run at --max-trace' '
    { imprun -q --trace --max-trace=100K loop.s >/dev/null 2>err; test $? -eq 6; } &&
    test $(wc -c <err) -lt 110000 &&
    test_grep "the trace reached its limit of 102400 bytes (--max-trace" err &&
    { imprun -q --microtrace --max-trace=50K loop.s >/dev/null 2>err; test $? -eq 6; } &&
    test $(wc -c <err) -lt 60000
'
test_expect_success 'quota sizes are checked' '
    for bad in abc -1 10X 99999999999999999999 20000000000G ""; do
        { imprun --max-console="$bad" loop.s 2>err; test $? -eq 2; } &&
        test_grep "max-console" err || return 1
    done &&
    { imprun --max-trace=1Q loop.s 2>err; test $? -eq 2; } && test_grep "max-trace" err
'

# ---- hangs ---------------------------------------------------------------

cat >rd.s <<'SRC'
RD       CSECT
         USING RD,15
AGAIN    LA    2,BUF
         LA    3,80
         DIAG  2,3,X'010'          GETLINE
         BC    2,AGAIN             CC2: cut, read on
         BC    8,AGAIN
         BR    14
BUF      DS    CL80
         END   RD
SRC

test_expect_success 'GETLINE on an endless line returns, and the cycle limit stops the loop' '
    { timeout 60 imprun --supervisor --max-cycles=50M rd.s </dev/zero 2>err; test $? -eq 6; } &&
    test_grep "cycle limit reached" err
'
test_expect_success 'GETLINE: a line longer than 1 MiB is cut there (CC2), its rest is the next line' '
    cat >one.s <<-\SRC &&
	ONE      CSECT
	         USING ONE,15
	         LA    2,BUF
	         LA    3,8
	         DIAG  2,3,X'"'"'010'"'"'          GETLINE
	         BC    2,CUT
	         LA    15,1
	         BR    14
	CUT      DIAG  2,3,X'"'"'010'"'"'          GETLINE: the rest
	         LR    15,3                R15 = its length
	         BR    14
	BUF      DS    CL8
	         END   ONE
	SRC
    perl -e "print q(a) x (1048576 + 5), qq(\n)" >long.txt &&
    { imprun one.s <long.txt 2>err; test $? -eq 3; } &&
    test_grep "return code 5" err
'

cat >ckc.s <<'SRC'
CKC      CSECT
         USING CKC,15
         SCKC  NEVER               comparator at the end of the TOD clock
         LCTL  0,0,CR0             CR0 bit 20: clock comparator subclass
         LPSW  WAIT                enabled wait
         DS    0D
WAIT     DC    X'010A0000',X'00000000'
NEVER    DC    X'FFFFFFFFFFFFFFFF'
CR0      DC    X'00000800'
         END   CKC
SRC

test_expect_success 'a wait for a comparator that cannot fire ends, even with --max-cycles near 2^64' '
    { timeout 60 imprun --supervisor --max-cycles=18446744073709551615 ckc.s 2>err; test $? -eq 5; } &&
    test_grep "enabled wait state with no interruption that can ever come" err &&
    { timeout 60 imprun --supervisor --max-cycles=18446744073709551000 ckc.s 2>err; test $? -eq 5; }
'
test_expect_success 'a cycle limit in the wait state says the machine was waiting' '
    { imprun --max-cycles=1000 ckc.s 2>err; test $? -eq 6; } &&
    test_grep "was in the wait state" err &&
    ! grep -q "did not reach the next fetch" err
'

# ---- arguments -------------------------------------------------------------

cat >fcb.s <<'SRC'
FCBT     CSECT
         USING FCBT,15
         LA    2,FCB
         DIAG  2,0,X'020'          OPEN
         BC    8,OPENED
         LA    15,1                not opened
         BR    14
OPENED   LA    15,2
         BR    14
         DS    0F
FCB      DC    X'C9D500E7',CL4' ',F'0',F'0',A(BUF),F'8',F'0'
BUF      DS    CL8
         END   FCBT
SRC

test_expect_success 'an FCB name with a NUL inside does not match a shorter binding' '
    echo x >in.txt &&
    { imprun --file IN=in.txt fcb.s 2>err; test $? -eq 3; } &&
    test_grep "return code 1" err
'
test_expect_success '--origin follows the rule of impld (doubleword aligned, below 16M)' '
    for bad in 0x1001 0x10004 0x1000000 -8 abc; do
        { imprun --origin=$bad prog/bad.load 2>err; test $? -eq 2; } &&
        test_grep "doubleword-aligned" err || return 1
        { impld --origin=$bad -o x.load prog/bad.o 2>err; test $? -eq 2; } || return 1
    done
'
test_expect_success '--savecore: the message shows the argument as given' '
    { imprun --savecore=:0:FF prog/bad.load 2>err; test $? -eq 2; } &&
    test_grep "got .:0:FF." err &&
    { imprun --savecore=x:10:1 prog/bad.load 2>err; test $? -eq 2; } &&
    test_grep "got .x:10:1." err
'
test_done
