#!/bin/sh
# t4710-tasks.sh -- several programs as tasks: their console lines
# prefixed [1], [2]; round robin by time slice; a deterministic --json;
# the accounting (the tasks' CPU and the machine's wait add up to the
# elapsed cycles); one virtual address space per task (two programs at
# the same addresses); how a task ends (exit, program interruption, a
# cycle limit that names the running task) and the exit status (the
# worst of the tasks'); and that paging with enough frames changes
# nothing a program can see.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
use_supervisor      # its programs use DIAGNOSE: supervisor state
need_tools

RT=$IMP_TOP/vm/host/runtime
EX=$IMP_TOP/examples

# build NAME SOURCE: NAME.load, linked with the runtime as a call library.
build() {
    impas -I "$RT" -o "$1.o" "$2" && impld -o "$1.load" "$1.o" -L imprt.o
}

# field JSON PERL-EXPR: print an expression of the json's paging object $p.
cat >field.pl <<'PERL'
use strict;
use warnings;
use JSON::PP;
my ($file, $expr) = @ARGV;
open my $fh, '<', $file or die "$file: $!\n";
our $p = decode_json(do { local $/; <$fh> })->{paging} or die "no paging object\n";
my @v = eval $expr;
die $@ if $@;
print join(' ', map { defined $_ ? $_ : 'null' } @v), "\n";
PERL
field() { perl field.pl "$@"; }

# same.s and other.s: two programs linked at the same address, X'10000',
# with different code there.  Each stores its own mark in WORD (at the
# same address in both), computes long enough for the other task to run
# in between (the slice is short), then checks that WORD and its own
# code are still its own: it writes "ok" and returns 0, else "FAIL" and 8.
cat >same.s <<'SRC'
         COPY  IMPSVC
SAME     CSECT
         LR    12,15               R12 = our address, X'10000'
         USING SAME,12
         MVC   WORD,MARK           our mark at X'10100'
         L     4,=F'20000'
SPIN     BCT   4,SPIN              the other task runs meanwhile
         LA    2,BAD
         LA    3,L'BAD
         LA    15,8
         CLC   WORD,MARK           still ours?
         BNE   SAY
         CLC   SAME(2),=X'18CF'    our first instruction: LR 12,15
         BNE   SAY
         LA    2,GOOD
         LA    3,L'GOOD
         SR    15,15
SAY      DIAG  2,3,HS_PUTLINE
         BR    14
MARK     DC    C'SAME'
GOOD     DC    C'same: ok'
BAD      DC    C'same: FAIL'
         LTORG
         ORG   SAME+X'100'
WORD     DC    C'????'
         END   SAME
SRC
cat >other.s <<'SRC'
         COPY  IMPSVC
OTHER    CSECT
         USING OTHER,15
         NOPR  0                   other code than SAME at X'10000'
         MVC   WORD,MARK           our mark at X'10100'
         L     4,=F'15000'
SPIN     BCT   4,SPIN              the other task runs meanwhile
         LA    2,BAD
         LA    3,L'BAD
         CLC   WORD,MARK           still ours?
         BNE   SAY
         CLC   OTHER(2),=X'0700'   our first instruction: NOPR 0
         BNE   SAY
         LA    2,GOOD
         LA    3,L'GOOD
         DIAG  2,3,HS_PUTLINE
         SR    15,15
         BR    14
SAY      DIAG  2,3,HS_PUTLINE
         LA    15,8
         BR    14
MARK     DC    C'OTHR'
GOOD     DC    C'other: ok'
BAD      DC    C'other: FAIL'
         LTORG
         ORG   OTHER+X'100'
WORD     DC    C'????'
         END   OTHER
SRC

# read.s reads a line from its console and writes it back, or says it
# met the end of file.
cat >read.s <<'SRC'
         COPY  IMPSVC
READ     CSECT
         USING READ,15
         LA    2,BUF
         LA    3,L'BUF
         DIAG  2,3,HS_GETLINE      R3 <- its length; CC1: end of file
         BC    4,EOF
         LA    3,6(,3)             "read: " and the line
         LA    2,MSG
         DIAG  2,3,HS_PUTLINE
         SR    15,15
         BR    14
EOF      LA    2,EOFMSG
         LA    3,L'EOFMSG
         DIAG  2,3,HS_PUTLINE
         SR    15,15
         BR    14
MSG      DC    C'read: '
BUF      DC    CL40' '
EOFMSG   DC    C'read: end of file'
         END   READ
SRC

# nap.s waits, enabled, for its clock comparator 100000 cycles ahead,
# then writes a line; return code 0 if the clock is past the comparator.
cat >nap.s <<'SRC'
         COPY  IMPSVC
NAP      CSECT
         LR    12,15
         USING NAP,12
         MVC   X'58'(8,0),EXTNEW   external new PSW: to WAKE
         STCK  WHEN                now ...
         LM    2,3,WHEN
         AL    3,DELTA             ... plus 100000 cycles
         BC    12,NOCARRY
         AL    2,=F'1'
NOCARRY  STM   2,3,WHEN
         SCKC  WHEN                the clock comparator
         LCTL  0,0,CR0             CR0 bit 20: its subclass
         LPSW  WAIT                enabled wait
WAKE     STCK  NOW
         LA    2,MSG
         LA    3,L'MSG
         DIAG  2,3,HS_PUTLINE
         SR    15,15
         CLC   NOW,WHEN            later than the comparator?
         BH    OUT
         LA    15,8
OUT      BR    14
         DS    0D
WAIT     DC    X'010A0000',X'00000000'
EXTNEW   DC    X'00080000',A(WAKE)
WHEN     DC    D'0'
NOW      DC    D'0'
DELTA    DC    F'25600000'         100000 cycles of 256 TOD units
CR0      DC    X'00000800'
MSG      DC    C'nap: woke'
         LTORG
         END   NAP
SRC

# pgm2.s installs its own program-interruption handler in its own low
# storage (the program new PSW at X'68'), waits while the other task
# runs (pgmcheck.s installs its own there), then divides by zero: its
# handler, not the other's, must get the interruption.
cat >pgm2.s <<'SRC'
         COPY  IMPSVC
PGM2     CSECT
         LR    12,15
         USING PGM2,12
         MVC   X'68'(8,0),NEWPSW   our handler
         L     4,=F'30000'
SPIN     BCT   4,SPIN              the other task runs meanwhile
         SR    2,2
         LA    3,7
         SR    4,4
         DR    2,4                 0009: to HANDLER
         LA    15,8                not reached
         BR    14
HANDLER  LA    2,MSG
         LA    3,L'MSG
         DIAG  2,3,HS_PUTLINE
         SR    15,15
         BR    14
         DS    0D
NEWPSW   DC    X'00080000',A(HANDLER)
MSG      DC    C'pgm2: caught the divide'
         LTORG
         END   PGM2
SRC

# dwait.s ends in a disabled wait (a normal end for imprun).
cat >dwait.s <<'SRC'
DWAIT    CSECT
         USING DWAIT,15
         LPSW  WAIT                disabled wait
         DS    0D
WAIT     DC    X'000A0000',X'00000000'
         END   DWAIT
SRC

# spin.s loops for ever; div.s divides by zero; rc8.s returns 8 after a
# line; rc4.s returns 4.
cat >spin.s <<'SRC'
SPIN     CSECT
         USING SPIN,15
         B     *                   for ever
         END   SPIN
SRC
cat >div.s <<'SRC'
DIV      CSECT
         LA    4,0
         LA    2,0
         LA    3,12
         DR    2,4                 divide by zero
         BR    14
         END   DIV
SRC
cat >rc8.s <<'SRC'
         COPY  IMPSVC
RC8      CSECT
         USING RC8,15
         LA    2,MSG
         LA    3,L'MSG
         DIAG  2,3,HS_PUTLINE
         LA    15,8
         BR    14
MSG      DC    C'rc8: returning 8'
         END   RC8
SRC
cat >rc4.s <<'SRC'
RC4      CSECT
         LA    15,4
         BR    14
         END   RC4
SRC

test_expect_success 'setup: assemble and link the programs' '
    impas -I "$RT" -o imprt.o "$RT/imprt.s" &&
    build ping "$EX/paging/ping.s" &&
    build pong "$EX/paging/pong.s" &&
    for p in same other read nap pgm2 dwait spin div rc8 rc4; do
        build $p $p.s || exit 1
    done
'

test_expect_success 'ping and pong: round robin, lines prefixed [1] and [2]' '
    imprun --slice=20000 ping.load --task pong.load >out 2>err &&
    test_cmp "$EX/paging/ping.expected" out &&
    ! grep -v "^\[[12]\] " out
'
test_expect_success 'each task writes what it writes alone, in its own order' '
    imprun ping.load >alone1 &&
    imprun pong.load >alone2 &&
    sed -n -e "s/^\[1\] //p" out >got1 && test_cmp alone1 got1 &&
    sed -n -e "s/^\[2\] //p" out >got2 && test_cmp alone2 got2
'
test_expect_success 'a long slice: one task after the other, no interleaving' '
    imprun -q --slice=1000000 ping.load --task pong.load >long &&
    { sed -e "s/^/[1] /" alone1 && sed -e "s/^/[2] /" alone2; } >want &&
    test_cmp want long
'
test_expect_success 'the report: each task ended, and the paging table' '
    test_grep "^imprun: task 1 (ping.load): program ended (EXIT host service), return code 0" err &&
    test_grep "^imprun: task 2 (pong.load): program ended" err &&
    test_grep "^paging: .* slice 20000 cycles" err &&
    test_grep "^   1  ping.load  *exit rc 0 " err &&
    test_grep "^   2  pong.load  *exit rc 0 " err &&
    test_grep "^ all  " err
'

test_expect_success '--json is the same on two runs, byte for byte' '
    imprun -q --slice=20000 --json=a.json ping.load --task pong.load >/dev/null &&
    imprun -q --slice=20000 --json=b.json ping.load --task pong.load >/dev/null &&
    cmp a.json b.json &&
    imprun -q --slice=7000 --frames=5 --json=c.json ping.load --task pong.load >/dev/null &&
    imprun -q --slice=7000 --frames=5 --json=d.json ping.load --task pong.load >/dev/null &&
    cmp c.json d.json
'
test_expect_success 'each task: status exit, return code 0, dispatched many times' '
    field a.json "map { \"\$_->{id}:\$_->{status}:\$_->{return_code}\" } @{\$p->{tasks}}" >got &&
    echo "1:exit:0 2:exit:0" >want && test_cmp want got &&
    test $(field a.json "\$p->{tasks}[0]{dispatches}") -gt 5 &&
    test $(field a.json "\$p->{tasks}[1]{dispatches}") -gt 5 &&
    test $(field a.json "\$p->{total}{dispatches}") -eq \
        $(field a.json "\$p->{tasks}[0]{dispatches} + \$p->{tasks}[1]{dispatches}")
'

# check_accounts JSON: the sums of imp(7) hold.
check_accounts() {
    field $1 '
        my ($cpu, $in, $out, $ok) = (0, 0, 0, "tasks");
        for my $t (@{$p->{tasks}}) {
            $cpu += $t->{cpu_cycles}; $in += $t->{page_ins}; $out += $t->{page_outs};
            $ok = "task $t->{id}: cpu $t->{cpu_cycles} + wait $t->{wait_cycles} >" .
                  " elapsed $t->{elapsed_cycles}"
                if $t->{cpu_cycles} + $t->{wait_cycles} > $t->{elapsed_cycles};
            $ok = "task $t->{id}: elapsed beyond the total"
                if $t->{elapsed_cycles} > $p->{total}{elapsed_cycles};
        }
        my $T = $p->{total};
        ($cpu == $T->{cpu_cycles} ? "cpu-sum" : "cpu $cpu != $T->{cpu_cycles}",
         $cpu + $T->{wait_cycles} == $T->{elapsed_cycles} ? "elapsed"
             : "cpu $cpu + wait $T->{wait_cycles} != $T->{elapsed_cycles}",
         $in == $T->{page_ins} && $out == $T->{page_outs} ? "pages" : "pages $in/$out",
         $ok)' >acc &&
    echo "cpu-sum elapsed pages tasks" >acc.want &&
    test_cmp acc.want acc
}
test_expect_success 'CPU of the tasks + machine wait = elapsed (enough frames)' '
    check_accounts a.json
'
test_expect_success 'the same sums with few frames, page-outs and several slices' '
    check_accounts c.json &&
    for s in 3000 50000; do
        imprun -q --slice=$s --frames=3 --policy=fifo --page-in=3000 --page-out=2000 \
            --json=e.json ping.load --task pong.load --task same.load >/dev/null &&
        check_accounts e.json || exit 1
    done
'
test_expect_success 'one task with paging: the same sums' '
    imprun -q --frames=2 --json=f.json ping.load >/dev/null &&
    check_accounts f.json
'

# Stopped at the cycle limit while both tasks wait for page-ins (one
# frame, two tasks each in a loop on its own page): no task can have
# waited longer than it has existed.
test_expect_success 'stopped while tasks wait: a task waited no longer than it lived' '
    { imprun -q --max-cycles=300000 --frames=1 --json=w.json spin.load --task spin.load \
          >out 2>err
      test $? -eq 6; } &&
    test_grep "every task waits" err &&
    check_accounts w.json
'

test_expect_success 'the same address, different code in two tasks: both right' '
    imprun --slice=5000 --json=s.json same.load --task other.load >out 2>err &&
    printf "%s\n" "[2] other: ok" "[1] same: ok" >want &&
    test_cmp want out &&
    test $(field s.json "\$p->{tasks}[0]{dispatches}") -gt 3 &&
    test $(field s.json "\$p->{tasks}[1]{dispatches}") -gt 3
'
test_expect_success 'the same with two frames only: the pages go out and come back' '
    imprun -q --slice=5000 --frames=2 --json=s2.json same.load --task other.load >out2 &&
    test_cmp want out2 &&
    test $(field s2.json "\$p->{total}{page_outs}") -gt 0
'
test_expect_success 'the same program twice: each task has its own WORD' '
    imprun -q --slice=5000 same.load --task same.load >out3 &&
    printf "%s\n" "[1] same: ok" "[2] same: ok" >want3 &&
    test_cmp want3 out3
'

test_expect_success 'a task in an enabled wait yields: the other runs meanwhile' '
    imprun --slice=20000 --json=n.json ping.load --task nap.load >out 2>err &&
    grep -n "^\[2\] nap: woke\$" out >at &&
    test "$(cut -d: -f1 at)" -gt 1 &&
    test "$(cut -d: -f1 at)" -lt "$(wc -l <out)" &&
    grep -v "^\[2\]" out | sed -e "s/^\[1\] //" >got1 && test_cmp alone1 got1 &&
    field n.json "map { \$_->{return_code} } @{\$p->{tasks}}" >got &&
    echo "0 0" >want && test_cmp want got &&
    test $(field n.json "\$p->{total}{elapsed_cycles} < \$p->{tasks}[0]{cpu_cycles} + 100000 ? 1 : 0") -eq 1 &&
    test $(field n.json "\$p->{total}{wait_cycles} < 100000 ? 1 : 0") -eq 1 &&
    check_accounts n.json
'
test_expect_success 'one task in an enabled wait: the machine waits, the sums hold' '
    imprun -q --frames=4 --json=n1.json nap.load >out &&
    echo "nap: woke" >want && test_cmp want out &&
    test $(field n1.json "\$p->{total}{wait_cycles} >= 100000 ? 1 : 0") -eq 1 &&
    check_accounts n1.json
'
test_expect_success '-q: no report at a normal end, the report when it is not' '
    imprun -q --frames=4 ping.load --task pong.load >out 2>err &&
    test ! -s err &&
    { imprun -q --frames=4 ping.load --task rc4.load >out 2>err; test $? -eq 3; } &&
    test_grep "^imprun: task 2 (rc4.load): .*return code 4" err &&
    test_grep "^paging: 4 frames of 4096 bytes, lru, global replacement" err
'

test_expect_success 'each task its own low storage: its own program handler' '
    build pgmcheck "$EX/pgmcheck.s" &&
    imprun -q pgmcheck.load >pc.alone &&
    imprun -q --slice=3000 pgmcheck.load --task pgm2.load >out &&
    { sed -e "s/^/[1] /" pc.alone && echo "[2] pgm2: caught the divide"; } | sort >want &&
    sort out >got &&
    test_cmp want got &&
    test $(grep -c "^\[2\]" out) -eq 1
'
test_expect_success 'a task in a disabled wait ends; the other goes on' '
    imprun --json=dw.json dwait.load --task pong.load >out 2>err &&
    sed -e "s/^/[2] /" alone2 >want && test_cmp want out &&
    test_grep "^imprun: task 1 (dwait.load): disabled wait" err &&
    field dw.json "map { \$_->{status} . q(:) . (\$_->{return_code} // q(null)) } @{\$p->{tasks}}" >got &&
    echo "disabled-wait:null exit:0" >want && test_cmp want got
'

test_expect_success 'a task in a loop: the cycle limit names it, exit 6' '
    { imprun --max-cycles=300000 rc4.load --task spin.load >out 2>err; test $? -eq 6; } &&
    test_grep "^imprun: task 1 (rc4.load): program ended (EXIT host service), return code 4" err &&
    test_grep "^imprun: task 2 (spin.load): .*cycle limit" err &&
    test_grep "^   2  spin.load  *not ended" err
'
test_expect_success 'the looping task first: the message still names task 1' '
    { imprun -q --max-cycles=300000 --json=l.json spin.load --task rc4.load >out 2>err
      test $? -eq 6; } &&
    test_grep "^imprun: task 1 (spin.load): .*cycle limit" err &&
    field l.json "map { \$_->{status} } @{\$p->{tasks}}" >got &&
    echo "running exit" >want && test_cmp want got
'
test_expect_success 'a program interruption ends its task; the other finishes' '
    { imprun --slice=20000 ping.load --task div.load >out 2>err; test $? -eq 4; } &&
    sed -e "s/^/[1] /" alone1 >want && test_cmp want out &&
    test_grep "^imprun: task 2 (div.load): program interruption 0009 (fixed-point divide)" err &&
    test_grep "^imprun: task 1 (ping.load): program ended (EXIT host service), return code 0" err &&
    test_grep "^   2  div.load  *program-interruption " err
'
test_expect_success 'exit status: the worst of the tasks' '
    { imprun -q rc4.load --task ping.load >/dev/null 2>&1; test $? -eq 3; } &&
    { imprun -q ping.load --task rc8.load >/dev/null 2>&1; test $? -eq 3; } &&
    { imprun -q div.load --task rc8.load >/dev/null 2>&1; test $? -eq 4; } &&
    { imprun -q rc8.load --task div.load --task ping.load >/dev/null 2>&1; test $? -eq 4; } &&
    { imprun -q --max-cycles=200000 div.load --task spin.load >/dev/null 2>&1; test $? -eq 6; } &&
    imprun -q ping.load --task pong.load >/dev/null
'
test_expect_success 'the return codes in --json' '
    { imprun -q --json=r.json rc8.load --task rc4.load --task ping.load >out 2>err
      test $? -eq 3; } &&
    field r.json "map { \$_->{return_code} } @{\$p->{tasks}}" >got &&
    echo "8 4 0" >want && test_cmp want got &&
    test_grep "^\[1\] rc8: returning 8" out
'
test_expect_success 'task 1 reads standard input, task 2 an empty console' '
    echo "typed" | imprun -q read.load --task read.load >out &&
    printf "%s\n" "[1] read: typed" "[2] read: end of file" >want &&
    test_cmp want out
'

# Paging with one task and enough frames: what the program writes and
# its exit status are those of the run without paging.
for src in "$EX"/[a-z]*.s; do
    name=$(basename "$src" .s)
    test -f "$EX/$name.input" && continue
    test_expect_success "$name: the same output with paging on" "
        build $name '$src' &&
        { imprun $name.load >off.out 2>/dev/null; echo \$? >off.st; } &&
        { imprun --frames=256 $name.load >on.out 2>/dev/null; echo \$? >on.st; } &&
        { imprun --page-size=2K --frames=24 --policy=clock $name.load >few.out 2>/dev/null
          echo \$? >few.st; } &&
        test_cmp off.out on.out && test_cmp off.st on.st &&
        test_cmp off.out few.out && test_cmp off.st few.st
    "
done
# --trace with tasks: every line names its task and uses that task's
# symbols (PING+... and PONG+... at the same address).
test_expect_success '--trace with two tasks: [N] and each task'"'"'s symbols' '
    { imprun -q --slice=2000 --max-trace=20K --trace ping.load --task pong.load \
        >out 2>trace; test $? = 6; } &&
    grep "trace reached its limit" trace &&
    grep "^\[1\] 010000 PING+X.0. " trace &&
    grep "^\[2\] 010000 PONG+X.0. " trace &&
    ! grep -v "^\[[12]\] " trace | grep "^[0-9A-F]\{6\} " &&
    ! grep "^\[1\] .*PONG" trace &&
    ! grep "^\[2\] .*PING" trace
'
test_done
