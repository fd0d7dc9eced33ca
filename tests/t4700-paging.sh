#!/bin/sh
# t4700-paging.sh -- the machine's pager against the independent
# simulator tests/pagesim.pl.  Three programs (thrash.s and belady.s of
# examples/paging, and a pseudo-random reader and writer written here)
# run under every policy with several frame counts and both page sizes;
# the page-ins and page-outs of --json must be what pagesim.pl counts on
# the reference string the same run wrote (--page-refs), and the json's
# OPT what pagesim.pl --policy=opt counts.  Then Belady's anomaly on the
# machine (FIFO faults more with more frames for belady.s, LRU and OPT
# never), the --replay curve, and local replacement with two tasks.
# The program's output never depends on paging.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
use_supervisor      # its programs use DIAGNOSE: supervisor state
need_tools

RT=$IMP_TOP/vm/host/runtime
EX=$IMP_TOP/examples/paging
SIM="perl $TEST_DIR/pagesim.pl"

# rand.s: 400 references to 16 pages of 4K (32 of 2K) at addresses from
# a linear congruential generator kept in R5; the top bit of the state
# chooses a store or a load.
cat >rand.s <<'SRC'
         COPY  IMPSVC
RAND     CSECT
         BALR  12,0
         USING *,12
         SR    3,3                 R3 = sum of the words read
         L     7,=A(DATA)          R7 -> 16 pages of 4K
         L     5,=F'12345'         R5 = x, the generator's state
         LA    8,400               R8 = references left
LOOP     M     4,=F'69069'         R5 = x * 69069 (low word)
         AL    5,=F'1'             x = x * 69069 + 1 (mod 2**32)
         LR    9,5
         SRL   9,8
         N     9,=A(X'FFFC')       R9 = a word offset in 64K
         LTR   5,5
         BM    WRITE               top bit of x: store, else load
         A     3,0(9,7)
         B     NEXT
WRITE    ST    8,0(9,7)
NEXT     BCT   8,LOOP
         LA    2,MSG
         LA    4,L'MSG
         DIAG  2,4,HS_PUT
         DIAG  3,0,HS_PUTDEC
         LA    4,0
         DIAG  2,4,HS_PUTLINE
         SR    15,15
         BR    14
MSG      DC    C'rand: sum '
         LTORG
         ORG   RAND+4096
DATA     DS    (16*4096)X
         END   RAND
SRC
echo 'rand: sum 390' >rand.expected

# counts JSON [WHAT...]: a line "pageins=N pageouts=M" for each WHAT of
# the json's paging object (total, opt, or a task number; default both
# total and opt).  counts --each JSON...: total and opt of each, in one
# process.
cat >counts.pl <<'PERL'
use strict;
use warnings;
use JSON::PP;
my @runs;
if (@ARGV && $ARGV[0] eq '--each') {
    shift @ARGV;
    @runs = map { [$_, qw(total opt)] } @ARGV;
} else {
    my ($file, @what) = @ARGV;
    @runs = ([$file, @what ? @what : qw(total opt)]);
}
for my $run (@runs) {
    my ($file, @what) = @$run;
    open my $fh, '<', $file or die "$file: $!\n";
    my $p = decode_json(do { local $/; <$fh> })->{paging} or die "no paging object\n";
    for my $w (@what) {
        my $o = $w eq 'opt' ? $p->{opt} : $w =~ /^\d+$/ ? $p->{tasks}[$w - 1] : $p->{total};
        die "no $w in $file\n" unless ref $o;
        print "pageins=$o->{page_ins} pageouts=$o->{page_outs}\n";
    }
}
PERL
counts() { perl counts.pl "$@"; }

test_expect_success 'setup: assemble and link the programs' '
    impas -I "$RT" -o imprt.o "$RT/imprt.s" &&
    for p in thrash belady; do
        impas -I "$RT" -o $p.o "$EX/$p.s" &&
        impld -o $p.load $p.o -L imprt.o &&
        cp "$EX/$p.expected" . || exit 1
    done &&
    impas -I "$RT" -o rand.o rand.s &&
    impld -o rand.load rand.o -L imprt.o
'

# agree PROG PAGESIZE FRAMES...: a run for each policy and frame count;
# each run's output as without paging, its counts and its OPT as the
# simulator has them.  The runs' counts and the simulator's come from one
# process each (counts --each, pagesim.pl --batch); a difference names the
# run.
agree() {
    prog=$1 ps=$2 bad=0
    shift 2
    : >runs && : >jsons && : >names || return 1
    for p in lru fifo clock; do
        for n in "$@"; do
            r=$prog.$p.$n.$ps
            imprun -q --frames=$n --policy=$p --page-size=$ps --page-in=100 --page-out=100 \
                --page-refs=$r.refs --json=$r.json $prog.load >$r.out || { echo "$r: imprun failed"; bad=1; }
            test_cmp $prog.expected $r.out || { echo "$r: not the output without paging"; bad=1; }
            printf '%s %s 0 %s\nopt %s 0 %s\n' $p $n $r.refs $n $r.refs >>runs
            printf '%s\n%s\n' "$prog $p $n frames of $ps" "$prog $p $n frames of $ps, OPT" >>names
            echo $r.json >>jsons
        done
    done
    [ $bad = 0 ] &&
    counts --each $(cat jsons) >got &&
    same_counts
}

# same_counts: the simulator's counts for each line of runs (pagesim.pl
# --batch) are the lines of got; names says which run a line is.
same_counts() {
    $SIM --batch <runs >want &&
    test $(wc -l <want) -eq $(wc -l <names) && test $(wc -l <got) -eq $(wc -l <names) &&
    paste -d " " want got names |
        awk "\$1 != \$3 || \$2 != \$4 { print \"differ (simulator, run):\", \$0; bad = 1 } END { exit bad }"
}

for ps in 4K 2K; do
    case $ps in
    4K) tf="1 2 24 26"; bf="1 2 4 5"; rf="1 2 5 17" ;;
    2K) tf="1 2 48 52"; bf="1 2 4 5"; rf="1 2 8 34" ;;
    esac
    test_expect_success "thrash.s, $ps pages: the pager counts what pagesim.pl counts" "
        agree thrash $ps $tf
    "
    test_expect_success "belady.s, $ps pages: the pager counts what pagesim.pl counts" "
        agree belady $ps $bf
    "
    test_expect_success "a pseudo-random program, $ps pages: the same" "
        agree rand $ps $rf
    "
done

test_expect_success 'the string has the run reference count and the run its faults' '
    imprun -q --frames=3 --page-refs=r.refs --json=r.json rand.load >out &&
    perl -MJSON::PP -0777 -ne "print decode_json(\$_)->{paging}{total}{references}, qq(\n)" \
        r.json >got &&
    grep -c "^1 [0-9a-f]* [rw]\$" r.refs >want &&
    test_cmp want got &&
    head -4 r.refs >head &&
    printf "%s\n" "#imp-pagerefs 1" "#page-size 4096" "#tasks 1" \
        "# policy lru frames 3 global" >want &&
    test_cmp want head
'

# belady.s is written so that its string is known: its code page C,
# then for each entry k of ORDER the data page k (C + k with 4K pages,
# C + 2k with 2K) and C again, then its store to SUM (the first store
# of a run on C: kept), then its three SVCs, each storing the SVC old
# PSW in page 0 (with 2K pages also the nucleus's page 1 and the LPSW's
# load from page 0) and back on C, then the exit stub's page (X'F00').
belady_string() {
    c=$1 step=$2 last=$3 &&
    echo "1 $c r" &&
    for k in 5 3 4 4 1 2 3 4 5 5 3 4 3 1 2 5; do
        printf "1 %x r\n1 $c r\n" $(( 0x$c + step * k )) || return 1
    done &&
    echo "1 $c w" &&
    for svc in PUT PUTDEC PUTLINE; do
        echo "1 0 w" &&
        { test "$last" = 0 || printf "1 1 r\n1 0 r\n"; } &&
        echo "1 $c r" || return 1
    done &&
    echo "1 $last r"
}
test_expect_success 'belady.s: the reference string the recorder writes, 4K and 2K' '
    imprun -q --frames=3 --page-refs=b4.refs belady.load >out &&
    belady_string 10 1 0 >want && grep -v "^#" b4.refs >got &&
    test_cmp want got &&
    imprun -q --frames=3 --page-size=2K --page-refs=b2.refs belady.load >out &&
    belady_string 20 2 1 >want && grep -v "^#" b2.refs >got &&
    test_cmp want got
'

# With one frame every reference of the string faults, but for a store
# that follows a load of the same page (kept in the string, a hit).
test_expect_success 'every policy, 1 frame: every change of page a page-in' '
    for p in lru fifo clock; do
        imprun -q --frames=1 --policy=$p --page-refs=r.refs --json=r.json rand.load >out &&
        perl -ne "next if /^#/; (\$t, \$pg) = split; \$n++ if \"\$t \$pg\" ne \$last;
            \$last = \"\$t \$pg\"; END { print qq(\$n\\n) }" r.refs >want &&
        perl -MJSON::PP -0777 -ne "print decode_json(\$_)->{paging}{total}{page_ins}, qq(\\n)" \
            r.json >got &&
        test_cmp want got || exit 1
    done
'

# low.s stores nothing: it reads a word of page 0, spins on its code
# page while time passes, then reads a third page, so that with 2 frames
# LRU replaces page 0.  Its string has no w, so no page may be dirty:
# imp-pagerefs(5) counts a page-out only for a page written by a w
# reference, and the interval timer's update of X'50' is the machine's
# own reference, never in the string.
cat >low.s <<'SRC'
LOW      CSECT
         BALR  12,0
         USING *,12
         L     0,X'100'            read a word of page 0 (base 0)
         LA    4,1000
SPIN     BCT   4,SPIN              time passes: the interval timer runs
         L     5,=A(DATA)
         L     0,0(,5)             a third page: page 0 is replaced
         SR    15,15
         BR    14
         LTORG
         ORG   LOW+4096
DATA     DC    F'0'
         END   LOW
SRC
test_expect_success 'a program that stores nothing has no page-out (timer at X50)' '
    impas -o low.o low.s && impld -o low.load low.o &&
    imprun -q --frames=2 --page-refs=low.refs --json=low.json low.load &&
    ! grep -q " w\$" low.refs &&
    { $SIM --policy=lru --frames=2 low.refs && $SIM --policy=opt --frames=2 low.refs; } >want &&
    echo "pageins=4 pageouts=0" >expect && sed -n 1p want >first && test_cmp expect first &&
    counts low.json >got &&
    test_cmp want got
'

# fault_curve POLICY PROG "N..." [opt]: the page-ins (or OPT's) for
# each frame count N, on one line.
fault_curve() {
    for n in $3; do
        imprun -q --frames=$n --policy=$1 --json=c.$1.$n.json $2.load >/dev/null || return 1
    done &&
    counts --each $(for n in $3; do echo c.$1.$n.json; done) >c.counts &&
    if [ "${4:-total}" = opt ]; then sed -n 'n;p' c.counts; else sed -n 'p;n' c.counts; fi |
        sed -e "s/^pageins=\([0-9]*\).*/\1/" | tr "\n" " "
}

# rises LIST: true if a value is higher than the one before it.
rises() {
    perl -e 'for (1 .. $#ARGV) { exit 0 if $ARGV[$_] > $ARGV[$_ - 1] } exit 1' "$@"
}

test_expect_success "belady.s on the machine: FIFO faults more with 5 frames than 4" '
    c=$(fault_curve fifo belady "$(seq 1 8)") &&
    echo "FIFO: $c" &&
    set -- $c &&
    test "$4" -eq 14 &&
    test "$5" -eq 15
'
test_expect_success "belady.s: LRU and OPT never fault more with more frames" '
    lru=$(fault_curve lru belady "$(seq 1 8)") &&
    opt=$(fault_curve fifo belady "$(seq 1 8)" opt) &&
    echo "LRU: $lru" && echo "OPT: $opt" &&
    ! rises $lru && ! rises $opt
'
test_expect_success "rand.s: LRU and OPT never rise with more frames" '
    lru=$(fault_curve lru rand "1 2 3 5 8 12 17") &&
    opt=$(fault_curve clock rand "1 2 3 5 8 12 17" opt) &&
    echo "LRU: $lru" && echo "OPT: $opt" &&
    ! rises $lru && ! rises $opt
'

test_expect_success '--replay --curve: the header and the table' '
    imprun -q --policy=fifo --frames=5 --page-refs=b.refs belady.load >out &&
    imprun --replay=b.refs --curve=1:8 >curve 2>err &&
    test ! -s err &&
    n=$(grep -c "^1 " b.refs) &&
    echo "b.refs: $n references to 7 pages of 4096 bytes, 1 task" >want &&
    head -1 curve >got && test_cmp want got &&
    sed -n 2p curve | tr -s " " >got &&
    echo "frames lru fifo clock opt" >want && test_cmp want got &&
    test $(grep -c "^ *[0-9]" curve) -eq 8 &&
    test_grep "^\* more page faults than with one frame fewer" curve
'
test_expect_success '--replay: each column is what pagesim.pl counts' '
    for n in 1 2 3 4 5 6 7 8; do
        for p in lru fifo clock opt; do echo "$p $n 0 b.refs"; done
    done >runs &&
    $SIM --batch <runs | sed -e "s/ pageouts=.*//" >want &&
    for n in 1 2 3 4 5 6 7 8; do
        row=$(grep "^ *$n " curve | tr -d "*") &&
        set -- $row &&
        printf "pageins=%s\n" "$2" "$3" "$4" "$5" || exit 1
    done >got &&
    test $(wc -l <got) -eq 32 &&
    test_cmp want got
'
test_expect_success '--replay marks the FIFO row of 5 frames, and only it' '
    grep "[0-9]\*" curve >marked &&
    test $(wc -l <marked) -eq 1 &&
    test_grep "^ *5 .* 15\* " marked
'
test_expect_success '--replay of the random string: LRU column for 1 to 18 frames' '
    imprun -q --frames=4 --page-refs=r.refs rand.load >out &&
    imprun --replay=r.refs --curve=1:18 >rcurve &&
    for n in $(seq 1 18); do echo "lru $n 0 r.refs"; done >runs &&
    $SIM --batch <runs | sed -e "s/ pageouts=.*//" >want &&
    for n in $(seq 1 18); do
        v=$(grep "^ *$n " rcurve | tr -d "*" | awk "{ print \$2 }") &&
        echo "pageins=$v" || exit 1
    done >got &&
    test $(wc -l <got) -eq 18 &&
    test_cmp want got
'

# local replacement: each task replaces its own pages; frames N split
# N/2 (+1 for task 1 when N is odd).  The total must be pagesim.pl
# --local=2 on the string; each task alone must be pagesim.pl on its
# own references with its quota.
test_expect_success 'local replacement, two tasks: pagesim.pl --local=2' '
    : >runs && : >got && : >names &&
    for p in lru fifo clock; do
        for n in 2 3 9; do
            r=l.$p.$n &&
            imprun -q --replacement=local --frames=$n --policy=$p --page-in=500 \
                --page-refs=$r.refs --json=$r.json rand.load --task thrash.load >out &&
            counts $r.json total opt 1 2 >>got &&
            printf "%s %s 2 %s\nopt %s 2 %s\n" $p $n $r.refs $n $r.refs >>runs &&
            printf "%s\n" "$p $n frames" "$p $n frames, OPT" >>names &&
            for t in 1 2; do
                q=$(( n / 2 + (t == 1 ? n % 2 : 0) )) &&
                { sed -n "1,2p" $r.refs && grep "^$t " $r.refs; } >$r.t$t.refs &&
                echo "$p $q 0 $r.t$t.refs" >>runs &&
                echo "$p task $t, $q frames" >>names || exit 1
            done || exit 1
        done
    done &&
    test $(wc -l <runs) -eq 36 &&
    same_counts
'
# global replacement with two tasks of different lengths: the short task
# ends while the other still runs, and its frames stay until replaced,
# so the run is still exactly its string replayed.
test_expect_success 'global replacement, two tasks, one ends early: pagesim.pl' '
    : >runs && : >jsons && : >names &&
    for p in lru fifo clock; do
        for n in 2 5 11; do
            r=g.$p.$n &&
            imprun -q --frames=$n --policy=$p --page-in=700 --slice=5000 \
                --page-refs=$r.refs --json=$r.json belady.load --task thrash.load >out &&
            echo $r.json >>jsons &&
            printf "%s %s 0 %s\nopt %s 0 %s\n" $p $n $r.refs $n $r.refs >>runs &&
            printf "%s\n" "$p $n frames" "$p $n frames, OPT" >>names || exit 1
        done || exit 1
    done &&
    counts --each $(cat jsons) >got &&
    test $(wc -l <runs) -eq 18 &&
    same_counts
'
test_expect_success 'two tasks share a frame count: the output stays right' '
    imprun -q --replacement=local --frames=3 --policy=fifo rand.load --task thrash.load >out &&
    { sed -e "s/^/[1] /" rand.expected && sed -e "s/^/[2] /" thrash.expected; } | sort >want &&
    sort out >got &&
    test_cmp want got
'
test_done
