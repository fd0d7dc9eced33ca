#!/bin/sh
# t4910-impprof-csm-scale.sh -- impprof's CSECT monitor reports on
# profiles that claim many CSECTs: their tables are sparse (memory and
# work follow the records, never the square of the CSECT count), the
# transitions by count and the pairs used together are what a plain
# count of the records gives, an interval of many CSECTs is noted
# instead of counted, and a run of billions of empty intervals is
# stepped over (a profile claiming 2^64-1 cycles ends).
. "$(dirname "$0")/test-lib.sh"

if ! test_have impprof || ! test_have imprun || ! test_have impas || ! test_have impld; then
    test_skip 'impprof CSECT scale' 'impprof, imprun, impas or impld is not built yet'
    test_done
fi

# The profile of a real run, then its csm section replaced by one of
# NCS CSECTs and NREC records (a seeded walk; cycles STEP apart).
imprun -q --csm=1000 --profile=real.prof "$IMP_TOP/examples/monitors/csects.s" >/dev/null 2>&1 ||
    echo "imprun failed: the tests below will say so"
csm_profile() { # csm_profile NCS NREC STEP [RUNCYCLES] > FILE
    awk -v ncs="$1" -v nrec="$2" -v step="$3" -v runc="$4" '
        /^run / && runc != "" { sub(/cycles=[0-9]+/, "cycles=" runc) }
        /^csm / { skip = 1
                  printf "csm csects=%d records=%d full=0\n", ncs, nrec
                  for (k = 0; k < ncs; k++)
                      printf "csect %d %X %X C%05d\n", k, 1048576 + 16 * k, 1048576 + 16 * k + 16, k
                  x = 12345; cur = 0; cyc = 100
                  for (j = 0; j < nrec; j++) {
                      x = (x * 1103515245 + 12345) % 2147483648
                      to = int(x / 65536) % ncs; cyc += step
                      printf "tr %d %d %d 1 %d\n", cur, to, j % 3, cyc
                      cur = to
                  }
                  next }
        skip && /^(csect|tr) / { next }
        { print }' real.prof
}

is_asan() { ldd "$(command -v impprof)" 2>/dev/null | grep -q asan; }

test_expect_success 'a profile of 20,000 CSECTs: the reports in bounded memory' '
    csm_profile 20000 200000 5 >big.prof &&
    test "$(wc -c <big.prof)" -gt 5000000 &&
    if is_asan; then impprof --csm big.prof >rep 2>err
    else (ulimit -v 400000 && impprof --csm big.prof >rep 2>err); fi &&
    test ! -s err &&
    test_grep "^csm: the transitions by count$" rep &&
    test_grep "200000 transitions among 20000 CSECTs" rep &&
    test_grep "intervals used more than 64 CSECTs: their pairs are not counted" rep
'

test_expect_success 'the transitions by count are a plain count of the records' '
    csm_profile 40 3000 7 >mid.prof &&
    impprof --csm --top=0 mid.prof >rep &&
    sed -n "/^csm: the transitions by count$/,/^\$/p" rep | sed -n "3,\$p" | sed "/^\$/d" |
        grep -v "transitions among" >got &&
    awk "/^tr / { n[\$2 \" \" \$3]++ } END { for (k in n) { split(k, a, \" \"); printf \"C%05d C%05d %d\\n\", a[1], a[2], n[k] } }" mid.prof |
        sort -k3,3nr -k1,1 -k2,2 >want &&
    tr -s " " <got >got1 &&
    test_cmp want got1
'

test_expect_success 'the pairs used together are a plain count of the intervals' '
    impprof --csm --top=0 --interval=50 mid.prof >rep &&
    sed -n "/^csm: pairs of CSECTs used in the same interval, by intervals$/,/^\$/p" rep |
        sed -n "3,\$p" | sed "/^\$/d" | tr -s " " >got &&
    awk -v w=50 "
        /^tr / { if (!started) { t0 = \$6; cur = \$2; started = 1; iv = 0; set[cur] = 1 }
                 while (\$6 - t0 >= (iv + 1) * w) { flush(); iv++; set[cur] = 1 }
                 cur = \$3; set[cur] = 1 }
        function flush(  a, b) { for (a in set) for (b in set) if (a + 0 < b + 0) p[a \" \" b]++; delete set }
        END { flush(); for (k in p) { split(k, x, \" \"); printf \"C%05d C%05d %d\\n\", x[1], x[2], p[k] } }" mid.prof |
        sort -k3,3nr -k1,1 -k2,2 >want &&
    test -s want &&
    test_cmp want got
'

test_expect_success 'a profile claiming 2^64-1 cycles: billions of empty intervals, stepped over' '
    csm_profile 20 100 3 18446744073709551615 >long.prof &&
    test_timeout 300 impprof --csm --interval=1 --top=5 long.prof >rep 2>err &&
    test_grep "more intervals not shown: --top=0 shows all" rep &&
    test_timeout 300 impprof --csm --interval=1 --top=0 long.prof >rep0 2>err &&
    test "$(sed -n "/used together, in intervals/,/^\$/p" rep0 | grep -c "^ *[0-9]")" = 100000
'

test_done
