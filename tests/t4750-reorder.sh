#!/bin/sh
# t4750-reorder.sh -- CSECT reordering, the Linz paper's Table I: the
# experiment of examples/reorder (gen.pl writes a large program and a
# small one, run.pl monitors each on its train input, computes an order
# with every impprof --order algorithm, relinks with impld and measures
# the test input under paging; run.pl fails if a relinked program does
# not print what the original printed).  The tables are pinned (golden;
# the small program's for 4K pages only, to keep the test short); IMP's
# own order cuts page-ins by at least 25% against link order at the
# documented frame count and is never worse than Pettis-Hansen or C3 at
# any frame count of the curves; the small program shows the negative
# result, where IMP's search does not hold on the held-out part of its
# training string and IMP falls back to link order (never worse).  Then
# impprof and impld reject bad inputs of the pipeline.
. "$(dirname "$0")/test-lib.sh"

if ! test_have impprof || ! test_have imprun || ! test_have impas || ! test_have impld; then
    test_skip 'reordering tests' 'impas, impld, imprun or impprof is not built yet'
    test_done
fi
RUN="perl $IMP_TOP/examples/reorder/run.pl --bin=$IMP_BIN"
GOLD=$TEST_DIR/golden

# The LRU page-ins of algorithm $2 at every frame count of the curve of
# the $3 pages in table $1, one line "frames count" each.
curve() {
    awk -v alg="$2" -v ps="$3" '
        /^LRU page-ins on test.in by frames/ { on = index($0, "(" ps " pages") > 0; next }
        on && /^frames/ { for (i = 2; i <= NF; i++) if ($i == alg) col = i; next }
        on && /^ *[0-9]/ { split($0, f, /  +/); n = 0
                           for (i = 1; i <= NF; i++) if ($i !~ /^\(/) v[++n] = $i
                           print v[1], v[col]; next }
        on && /^$/ { on = 0 }' "$1"
}
# The page-ins of algorithm $2 at the documented frames of $3 pages.
pageins() {
    awk -v alg="$2" -v ps="$3" '
        /^Every algorithm on test.in/ { on = index($0, "(" ps " pages") > 0; next }
        on && $1 == alg { print $2; exit }' "$1"
}
# $1 at most $2 times (100 - $3) percent: a cut of at least $3 percent.
cut_by() { test $(( $1 * 100 )) -le $(( $2 * (100 - $3) )); }

test_expect_success 'the large program: the experiment runs, the table as recorded' '
    $RUN --out=large >table 2>err && test_cmp "$GOLD/reorder-large.txt" table
'
test_expect_success 'the large program: over 100 KB, 60 code CSECTs, it checks itself' '
    grep "^Total length" large/link.map >tot &&
    test $(sed "s/.*(\([0-9]*\) bytes.*/\1/" tot) -ge 102400 &&
    test $(grep -c "^[PWU][A-Z0-9]* *CSECT" large/prog.s) -ge 60 &&
    test $(grep -c "^[DEGSR][A-Z0-9]* *CSECT" large/prog.s) -ge 60 &&
    test_grep "^OK checksum = " large/train.expected &&
    test_grep "^OK checksum = " large/test.expected
'
test_expect_success 'the relinked programs print what the original printed' '
    for l in large/imp-4K.load large/imp-2K.load large/c3-4K.load; do
        imprun -q "$l" <large/test.in >out && test_cmp large/test.expected out || return 1
    done
'
test_expect_success 'data CSECTs by the data CSECT monitor: an order, and it runs' '
    (cd large &&
     imprun -q --storage=8M --csm=400000,data --profile=data.prof link.load <train.in >/dev/null &&
     impprof --order=ph data.prof -o data.ctl &&
     test_grep "^\* data CSECTs by the operand references the data CSECT monitor saw" data.ctl &&
     impprof --order=ph train.prof -o code.ctl &&
     test_grep "^\* data CSECTs by the static cross-reference" code.ctl &&
     ! cmp -s data.ctl code.ctl &&
     impld -c data.ctl --page-size=4096 -o data.load prog.o imprt.o &&
     imprun -q data.load <test.in >data.out && test_cmp test.expected data.out)
'
test_expect_success 'the relinked programs differ: the ORDER statements took effect' '
    ! cmp -s large/link-4K.map large/imp-4K.map &&
    test_grep "page boundary" large/imp-4K.map
'
test_expect_success 'IMP cuts page-ins by 25% or more at the documented frames' '
    cut_by $(pageins table imp 4K) $(pageins table link 4K) 25 &&
    cut_by $(pageins table imp 2K) $(pageins table link 2K) 25
'
test_expect_success 'IMP is at least as good as Pettis-Hansen and C3 at every frame count' '
    for ps in 4K 2K; do
        curve table imp $ps >imp.c && test -s imp.c || return 1
        for alg in ph c3; do
            curve table $alg $ps >other.c &&
            join imp.c other.c | awk "\$2 > \$3 { print; bad = 1 } END { exit bad }" || return 1
        done
    done
'
test_expect_success 'CPU time changes by a few percent, elapsed time falls' '
    awk "/^TEST 2/ { on = 1 } on && /CPU time/ { c = \$NF } on && /Start.Stop/ { e = \$NF; on = 0
         if (c < -5 || c > 5 || e >= 0) bad = 1 } END { exit bad }" table
'
test_expect_success 'the plots: an SVG per page size, a line per layout' '
    for ps in 4K 2K; do
        test_grep "^<svg " large/pageins-$ps.svg &&
        test $(grep -c "<polyline" large/pageins-$ps.svg) -eq 8 || return 1
    done
'
# The elapsed time of algorithm $2 at the documented frames of $3 pages.
elapsed() {
    awk -v alg="$2" -v ps="$3" '
        /^Every algorithm on test.in/ { on = index($0, "(" ps " pages") > 0; next }
        on && $1 == alg { print $8; exit }' "$1"
}
test_expect_success 'the small program: the table as recorded, no order helps much' '
    $RUN --small --sizes=4K --out=small >stable 2>err &&
    test_cmp "$GOLD/reorder-small.txt" stable &&
    for alg in static hg cws linz ph c3 imp; do
        for ps in 4K; do
            ! cut_by $(elapsed stable $alg $ps) $(elapsed stable link $ps) 10 || return 1
        done
    done
'
test_expect_success 'the small program: IMP'"'"'s order is not worse than link order anywhere' '
    curve stable imp 4K >imp.c && test -s imp.c &&
    curve stable link 4K >link.c &&
    join imp.c link.c | awk "\$2 > \$3 { print; bad = 1 } END { exit bad }" &&
    test $(pageins stable imp 4K) -le $(pageins stable link 4K) &&
    test_grep "^\* IMP.s search did not hold on the held-out references: link order\$" small/imp-4K.ctl
'
test_expect_success 'the large program: IMP'"'"'s search held, the control file does not fall back' '
    ! grep "did not hold" large/imp-4K.ctl large/imp-2K.ctl &&
    ! cmp -s large/imp-4K.ctl large/link-4K.ctl
'

# ---- bad inputs ----
fails_with() {
    want=$1; shift
    "$@" >out 2>err
    st=$?
    if [ "$st" -ne "$want" ]; then echo "exit $st, wanted $want"; cat err; return 1; fi
}
test_expect_success 'impprof --order: usage errors' '
    fails_with 2 impprof --order=best large/train.prof &&
    test_grep "not link, static, hg, cws, linz, ph, c3 or imp" err &&
    fails_with 2 impprof --order=c3 --frames=9:3 large/train.prof &&
    fails_with 2 impprof --order=c3 --page-size=3K large/train.prof &&
    fails_with 2 impprof --frames=2:4 large/train.prof &&
    test_grep "go with --order" err &&
    fails_with 2 impprof --order=c3 --csv large/train.prof
'
test_expect_success 'impprof --order: a profile without the CSECT monitor' '
    sed "/^csm /d; /^csect /d; /^tr /d" large/train.prof >nocsm.prof &&
    impprof --csm large/train.prof >/dev/null &&
    fails_with 1 impprof --order=imp nocsm.prof -o x.ctl &&
    test_grep "no csm data: --order needs a run with the CSECT monitor" err &&
    test ! -e x.ctl
'
test_expect_success 'impprof --order: a CSECT table that is not the module'"'"'s' '
    perl -pe "s/^(csect 2 \\S+ )(\\S+)/\$1 . sprintf(q(%X), hex(\$2) - 8)/e" large/train.prof >bad.prof &&
    ! cmp -s bad.prof large/train.prof &&
    fails_with 1 impprof --order=c3 bad.prof &&
    test_grep "inconsistent profile: the CSECT monitor has [A-Z0-9]* at X.0[0-9A-F]*.-X.0[0-9A-F]*., the load module at" err &&
    awk "\$1 == \"csect\" && \$2 == 2 { \$5 = \"NOSUCH\" } { print }" large/train.prof >bad.prof &&
    fails_with 1 impprof --order=c3 bad.prof &&
    test_grep "is not a CSECT of task 1" err
'
test_expect_success 'impprof --order: transitions out of time order, or of another task' '
    awk "/^tr / && ++n == 5 { \$6 = 0 } { print }" large/train.prof >bad.prof &&
    fails_with 1 impprof --order=ph bad.prof &&
    test_grep "inconsistent profile: transition 5 is earlier" err &&
    awk "/^tr / && ++n == 5 { \$5 = 2 } { print }" large/train.prof >bad.prof &&
    fails_with 1 impprof --order=ph bad.prof &&
    test_grep "a transition of task 2: --order needs the profile of one task" err
'
test_expect_success 'impprof --order: a filled buffer is a warning' '
    imprun -q --storage=4M --csm=200 --profile=short.prof large/link.load <large/train.in \
        >/dev/null 2>&1 &&
    impprof --order=c3 short.prof -o short.ctl 2>err &&
    test_grep "warning: the CSECT monitor.s buffer filled" err &&
    test_grep "^ORDER RMAIN," short.ctl
'
test_expect_success 'impld rejects an ORDER file that names a missing CSECT, or one twice' '
    cp large/imp-4K.ctl bad.ctl && echo "ORDER NOSUCH" >>bad.ctl &&
    fails_with 1 impld -c bad.ctl -o x.load large/prog.o large/imprt.o &&
    test_grep "bad.ctl:[0-9]*:7: error: ORDER: no CSECT named NOSUCH" err &&
    cp large/imp-4K.ctl bad.ctl && echo "ORDER W12" >>bad.ctl &&
    ! impld -c bad.ctl -o x.load large/prog.o large/imprt.o 2>err && test -s err
'
test_done
