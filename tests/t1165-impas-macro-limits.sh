#!/bin/sh
# t1165: hostile macro sources and libraries are bounded: the bytes macros
# make, the statements and branches of conditional assembly (ACTR cannot
# reset the assembly's budgets), the error limit, the 24-bit location
# counter; library and COPY members are regular files, looked up without
# probing every folder for every name.  Memory is bounded with ulimit -v
# (no test here depends on the machine's speed; the timeouts only catch a hang).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

# in_mem KB CMD...: run CMD with at most KB kilobytes of address space.  A sanitizer
# build (make sanitize) reserves terabytes of address space and cannot run under
# ulimit -v, nor under strace: there CMD runs without the limit.
san=0
if grep -q __asan_init "$(command -v impas)" 2>/dev/null; then san=1; fi
in_mem() {
    if [ $san = 1 ]; then shift; "$@"; else (k=$1; shift; ulimit -v "$k" && "$@"); fi
}

cat >big.s <<'EOF2'
         MACRO
         BIG
         LCLA  &I
         LCLC  &C
&C       SETC  (3900)'X'
         ACTR  10000000
.L       ANOP
         DS    0H,C'&C'
&I       SETA  &I+1
         AIF   (&I LT 1000000).L
         MEND
T        CSECT
         BIG
         END
EOF2

test_expect_success 'generated text has a byte budget (64 MiB by default, in 1 GB of memory)' '
    test_must_fail in_mem 1000000 test_timeout 120 impas big.s 2>err &&
    test_grep "big.s:8: error: macro processing stopped: the text made by macros and the values of SET symbols passed 67108864 bytes (--max-macro-text raises the limit)" err &&
    test_grep "big.s:13:10: note: in expansion of macro BIG called here" err
'

test_expect_success '--max-macro-text sets the budget; SET values count too' '
    test_must_fail impas --max-macro-text=10K big.s 2>err &&
    test_grep "passed 10240 bytes (--max-macro-text" err &&
    cat >setc.s <<-\EOF2 &&
	         LCLC  &A(65535)
	         LCLA  &I
	         ACTR  100000
	.L       ANOP
	&I       SETA  &I+1
	&A(&I)   SETC  (4000)'"'"'Y'"'"'
	         AIF   (&I LT 65535).L
	T        CSECT
	         END
	EOF2
    test_must_fail in_mem 1000000 test_timeout 120 impas --max-macro-text=1M setc.s 2>err &&
    test_grep "setc.s:6: error: macro processing stopped: .*passed 1048576 bytes" err
'

test_expect_success 'an open-code loop that sets ACTR again is stopped by the budgets' '
    printf "T        CSECT\n.L       ANOP\n         ACTR  4000\n         DC    C'"'"'A'"'"'\n         AGO   .L\n         END\n" >open.s &&
    test_must_fail in_mem 1000000 test_timeout 120 impas open.s 2>err &&
    test_grep "error: macro processing stopped" err
'

test_expect_success 'open-code branches have one budget per assembly, whatever ACTR says' '
    printf "T        CSECT\n.L       ANOP\n         ACTR  4000\n         AGO   .L\n         END\n" >branch.s &&
    test_must_fail test_timeout 120 impas --max-branches=500 branch.s 2>err &&
    test_grep "branch.s:4:16: error: more than 500 branches (AIF/AGO) in open code in this assembly, whatever ACTR says (--max-branches raises the limit)" err
'

test_expect_success 'ACTR 2147483647 in open code is bounded' '
    printf "T        CSECT\n         ACTR  2147483647\n.L       ANOP\n         DC    C'"'"'ABCDEFGHIJKLMNOPQRSTUVWXYZ'"'"'\n         AGO   .L\n         END\n" >actr.s &&
    test_must_fail in_mem 1000000 test_timeout 120 impas actr.s 2>err &&
    test_grep "error: macro processing stopped" err
'

test_expect_success 'a loop calling a macro is bounded too; --max-macro-statements sets the limit' '
    printf "         MACRO\n         M\n         DC    C'"'"'A'"'"'\n         MEND\nT        CSECT\n.L       ANOP\n         ACTR  4000\n         M\n         AGO   .L\n         END\n" >call.s &&
    test_must_fail in_mem 1000000 test_timeout 120 impas call.s 2>err &&
    test_grep "error: macro processing stopped" err &&
    test_must_fail impas --max-macro-statements=1000 call.s 2>err &&
    test_grep "error: macro processing stopped after 1000 statements made or gone back to by conditional assembly" err
'

test_expect_success 'the budget options want numbers' '
    test_must_fail impas --max-macro-text=lots call.s 2>err &&
    test_grep "impas: invalid --max-macro-text .lots.: a number from 1" err &&
    test_must_fail impas --max-branches=0 call.s 2>err &&
    test_grep "invalid --max-branches" err
'

test_expect_success 'after the error limit nothing more is assembled or expanded' '
    awk "BEGIN { print \"T        CSECT\"; for (i = 0; i < 60; i++) print \"         L     1,\";
        print \".L       ANOP\"; print \"         ACTR  4000\"; print \"         AGO   .L\";
        print \"         END\" }" >errs.s &&
    test_must_fail test_timeout 120 impas --max-branches=100000000 --max-macro-statements=100000000 errs.s 2>err &&
    test_grep "impas: too many errors (50), stopping" err &&
    ! grep -q "macro processing\|branches\|no END" err
'

test_expect_success 'the location counter past X'"'"'FFFFFF'"'"' stops the assembly there' '
    printf "T        CSECT\n         DS    16000000C\n         DS    1000000C\n         DS    1000000C\n         DC    A(UNDEFINED)\n         END\n" >loc.s &&
    test_must_fail impas loc.s 2>err &&
    test_grep "loc.s:3: error: location counter exceeds X.FFFFFF. (24-bit addresses): the assembly stops here" err &&
    test $(grep -c error: err) = 1
'

# --- library and COPY members ---------------------------------------------------------

mkdir lib
test_expect_success 'a library member that is a FIFO, a link to /dev/zero or a folder: an error each' '
    mkfifo lib/FIFO.mac && ln -s /dev/zero lib/ZERO.mac && mkdir lib/DIRM.mac &&
    printf "T        CSECT\n         FIFO\n         ZERO\n         DIRM\n         END\n" >mem.s &&
    test_must_fail in_mem 1000000 test_timeout 60 impas -I lib mem.s 2>err &&
    test_grep "mem.s:2: error: library member lib/FIFO.mac is not a regular file (a FIFO or socket?)" err &&
    test_grep "mem.s:3: error: library member lib/ZERO.mac is a device, not a regular file" err &&
    test_grep "mem.s:4: error: library member lib/DIRM.mac is a directory, not a file" err
'

test_expect_success 'a COPY member that is a FIFO, a link to /dev/zero or a folder: an error each' '
    mkfifo cp1 && ln -s /dev/zero cp2 && mkdir cp3 &&
    printf "T        CSECT\n         COPY  CP1\n         COPY  CP2\n         COPY  CP3\n         END\n" >cpy.s &&
    test_must_fail in_mem 1000000 test_timeout 60 impas cpy.s 2>err &&
    test_grep "cpy.s:2:16: error: COPY member ./cp1 is not a regular file" err &&
    test_grep "cpy.s:3:16: error: COPY member ./cp2 is a device, not a regular file" err &&
    test_grep "cpy.s:4:16: error: COPY member ./cp3 is a directory, not a file" err
'

test_expect_success 'a 70-character COPY name is too long, and shown whole' '
    n=AAAAAAAAAABBBBBBBBBBCCCCCCCCCCDDDDDDDDDDEEEEEEEEEEFFFFFFFFFFGGGGGGGGGG &&
    printf "T        CSECT\n         COPY  %-56.56sX\n               %s\n         END\n" $n $(echo $n | cut -c57-) >long.s &&
    test_must_fail impas long.s 2>err &&
    test_grep "long.s:2:16: error: symbol $n is longer than 63 characters (70)" err
'

if test_have strace && [ $san = 0 ]; then
    # --seccomp-bpf: the kernel stops impas only at the system calls
    # traced, not at each of the thousands of writes of its messages
    STRACE="strace -f --seccomp-bpf"
    strace -f --seccomp-bpf -o /dev/null true 2>/dev/null || STRACE="strace -f"
    test_expect_success 'library folders are listed once: 2,000 unknown names open no member' '
        awk "BEGIN { print \"T        CSECT\"; for (i = 0; i < 2000; i++) printf \"         Q%07d 1\\n\", i;
            print \"         END\" }" >many.s &&
        test_must_fail $STRACE -o trace -e trace=openat,open,stat,newfstatat,statx,access impas --max-errors=0 -I lib many.s 2>err &&
        test $(grep -c "unknown operation code" err) = 2000 &&
        test $(grep -c "Q000" trace) = 0
    '
    test_expect_success 'a member that does not define its macro is read once' '
        printf "         MACRO\n         OTHER\n         MEND\n" >lib/NODEF.mac &&
        printf "T        CSECT\n         NODEF\n         NODEF\n         NODEF\n         END\n" >nodef.s &&
        test_must_fail $STRACE -o trace -e trace=openat,open impas -I lib nodef.s 2>err &&
        test_grep "nodef.s:2: error: library member lib/NODEF.mac does not define macro NODEF" err &&
        test $(grep -c "NODEF.mac" trace) = 1
    '
else
    test_skip 'library folders are listed once' 'no strace, or a sanitizer build'
    test_skip 'a member that does not define its macro is read once' 'no strace, or a sanitizer build'
fi

# Thousands of sequence symbols in open code, walked three times by a
# branch back, each reached once by a forward AGO: found by name, they
# cost the same each (the count of SETs proves every one was walked).
awk 'BEGIN {
    n = 20000
    print "SEQS     CSECT"; print "         ACTR  100000"
    print "&I       SETA  0"; print "&T       SETA  0"
    print ".TOP     ANOP"
    for (i = 1; i <= n; i++) {
        printf "         AGO   .S%d\n         DC    C%cskipped%c\n", i, 39, 39
        printf ".S%d     ANOP\n&T       SETA  &T+1\n", i
    }
    print "&I       SETA  &I+1"; print "         AIF   (&I LT 3).TOP"
    printf "         DC    F%c&T%c\n", 39, 39; print "         END"
}' >seqs.s
test_expect_success '20000 open-code sequence symbols, three walks and forward branches' '
    impas -l seqs.lst -o seqs.o seqs.s 2>err &&
    test ! -s err &&
    test_grep "0000EA60 .*DC    F.60000." seqs.lst &&
    ! grep -q "A2928997978584" seqs.lst
'
test_expect_success 'a sequence symbol defined twice is one error, though walked again' '
    cat >seqdup.s <<-\X &&
	P        CSECT
	&I       SETA  0
	.A       ANOP
	.B       ANOP
	&I       SETA  &I+1
	.B       ANOP
	         AIF   (&I LT 3).A
	         DC    F'"'"'&I'"'"'
	         END
	X
    test_must_fail impas -l seqdup.lst seqdup.s 2>err &&
    test $(grep -c ": error: " err) = 1 &&
    test_grep "^seqdup.s:6:1: error: sequence symbol .B is already defined (seqdup.s:4)" err &&
    test_grep "00000003 .*DC    F.3." seqdup.lst
'

test_done
