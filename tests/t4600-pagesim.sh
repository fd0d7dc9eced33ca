#!/bin/sh
# t4600-pagesim: the page replacement rules of imp-pagerefs(5).  The
# independent simulator tests/pagesim.pl gives the textbook numbers
# (Belady's anomaly under FIFO and CLOCK), page-outs and local quotas; then
# vm/report/pagesim.c (through build/tests/t-pagesim --simulate) must
# give the same numbers as pagesim.pl on pseudo-random strings, for every
# policy, global and local.
. "$(dirname "$0")/test-lib.sh"

SIM="perl $TEST_DIR/pagesim.pl"
CSIM=${IMP_BUILD:-$IMP_TOP/build}/tests/t-pagesim

# refs FILE PAGE...: a one-task read string.
refs() {
    f=$1; shift
    { echo '#imp-pagerefs 1' && echo '#page-size 4096' &&
      for p in "$@"; do echo "1 $p r"; done; } >"$f"
}
refs book.refs 1 2 3 4 1 2 5 1 2 3 4 5

# expect POLICY FRAMES LOCAL FILE PAGEINS PAGEOUTS
expect() {
    echo "pageins=$5 pageouts=$6" >expect &&
    $SIM --policy="$1" --frames="$2" --local="$3" "$4" >actual &&
    test_cmp expect actual
}

test_expect_success 'FIFO: 9 faults with 3 frames, 10 with 4 (Belady)' '
    expect fifo 3 0 book.refs 9 0 &&
    expect fifo 4 0 book.refs 10 0
'
test_expect_success 'LRU: 10 and 8' '
    expect lru 3 0 book.refs 10 0 &&
    expect lru 4 0 book.refs 8 0
'
test_expect_success 'OPT: 7 and 6' '
    expect opt 3 0 book.refs 7 0 &&
    expect opt 4 0 book.refs 6 0
'
test_expect_success 'CLOCK: 9 and 10 (the anomaly too)' '
    expect clock 3 0 book.refs 9 0 &&
    expect clock 4 0 book.refs 10 0
'
test_expect_success 'one frame faults on every reference, five only cold' '
    for p in lru fifo clock opt; do
        expect $p 1 0 book.refs 12 0 &&
        expect $p 5 0 book.refs 5 0 || exit 1
    done
'

cat >dirty.refs <<'EOF'
#imp-pagerefs 1
#page-size 2048
# 0w 1 0 2 1 2w 3 4
1 0 w
1 1 r
1 0 r
1 2 r
1 1 r
1 2 w
1 3 r
1 4 r
EOF
test_expect_success 'page-outs: dirty victims only' '
    expect lru 2 0 dirty.refs 6 2 &&
    expect fifo 2 0 dirty.refs 5 2 &&
    expect opt 5 0 dirty.refs 5 0
'

cat >local.refs <<'EOF'
#imp-pagerefs 1
#page-size 4096
#tasks 2
2 0 r
2 1 r
2 0 r
2 1 r
1 0 r
1 1 r
1 0 r
1 1 r
EOF
test_expect_success 'local quotas: 3 frames for 2 tasks are 2 + 1' '
    for p in lru fifo clock opt; do
        expect $p 3 2 local.refs 6 0 &&
        expect $p 3 0 local.refs 4 0 &&
        expect $p 4 2 local.refs 4 0 || exit 1
    done
'
test_expect_success 'a quota of 0 frames, a task above --local: refused' '
    test_must_fail $SIM --policy=lru --frames=1 --local=2 local.refs &&
    test_must_fail $SIM --policy=lru --frames=3 --local=1 local.refs
'

# Pseudo-random strings: 2 tasks, N pages, some writes, collapsed.
gen() {
    perl -e '
        my ($seed, $n, $pages) = @ARGV;
        my $x = $seed;
        my ($last, $lastw) = ("", 0);
        print "#imp-pagerefs 1\n#page-size 4096\n#tasks 2\n";
        for (my $i = 0; $i < $n;) {
            $x = ($x * 1103515245 + 12345) % 2147483648;
            my $t = 1 + ($x >> 16) % 2;
            my $p = ($x >> 8) % $pages;
            my $w = ($x >> 4) % 4 == 0 ? 1 : 0;
            next if "$t:$p" eq $last && !($w && !$lastw);
            ($last, $lastw) = ("$t:$p", $w);
            printf "%d %x %s\n", $t, $p, $w ? "w" : "r";
            $i++;
        }' "$@"
}
gen 1 400 12 >r1.refs
gen 7 300 25 >r2.refs
gen 99 500 5 >r3.refs

if test -x "$CSIM"; then
    test_expect_success 'pagesim.c agrees with pagesim.pl (global and local)' '
        for f in r1 r2 r3; do
            for p in lru fifo clock opt; do
                for n in 1 2 3 4 5 7 10 16; do
                    for l in 0 2; do
                        test $n -ge $l || continue
                        echo "$p $n $l $f.refs"
                    done
                done
            done
        done >runs &&
        test $(wc -l <runs) -eq 180 &&
        $SIM --batch <runs >perl.out &&
        while read p n l f; do
            "$CSIM" --simulate $p $n $l $f || exit 1
        done <runs >c.out &&
        test $(wc -l <perl.out) -eq 180 && test $(wc -l <c.out) -eq 180 &&
        paste -d " " runs perl.out c.out >both &&
        awk "\$5 != \$7 || \$6 != \$8 { print \"differ:\", \$0; bad = 1 } END { exit bad }" both
    '
else
    test_skip 'pagesim.c agrees with pagesim.pl' "$CSIM not built"
fi

# The examples of imp-pagerefs(5): the textbook string and its table.
MAN=$IMP_TOP/man/imp-pagerefs.5
sed -n '/^\.SH EXAMPLE/,$p' "$MAN" | sed -n '/^#imp-pagerefs 1$/,/^\.fi$/p' |
    sed -n '1,/^\.fi$/p' | grep -v '^\.fi$' >man.refs
sed -n '/^frames  /,/^\* more/p' "$MAN" >man.curve
test_expect_success 'the example of imp-pagerefs(5) is the textbook string' '
    test $(grep -c "^1 [1-5] r$" man.refs) -eq 12 &&
    expect fifo 4 0 man.refs 10 0 &&
    expect opt 3 0 man.refs 7 0
'
if test -x "$CSIM"; then
    test_expect_success 'its curve table is what pagesim.c prints' '
        test $(wc -l <man.curve) -eq 4 &&
        "$CSIM" --curve 3 4 man.refs >curve &&
        test_cmp man.curve curve
    '
else
    test_skip 'the curve table of imp-pagerefs(5)' "$CSIM not built"
fi
if test_have man; then
    test_expect_success 'man formats imp-pagerefs.5 without warnings' '
        MANWIDTH=80 man --warnings -l "$MAN" >out 2>err &&
        { test ! -s err || { cat err; false; }; } &&
        test_grep "Belady" out
    '
elif test_have groff; then
    test_expect_success 'groff formats imp-pagerefs.5 without warnings' '
        groff -t -man -Tutf8 -ww "$MAN" >out 2>err &&
        { test ! -s err || { cat err; false; }; }
    '
else
    test_skip 'imp-pagerefs.5 formats without warnings' 'neither man nor groff'
fi

test_done
