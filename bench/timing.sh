# timing.sh -- the benchmarks' timing helpers, sourced by run.sh and
# monitors.sh after they set $runs (BENCH_RUNS).  Wall times of whole
# commands; the benchmarks print them, no test depends on them.

have() { command -v "$1" >/dev/null 2>&1; }
now() { date +%s.%N; }
# best CMD...: the shortest wall time of $runs runs of CMD, in seconds, or
# "fail" if a run fails; "-" with no runs (BENCH_RUNS=0).
best() {
    [ "$runs" -gt 0 ] || { echo -; return 0; }
    b=
    i=0
    while [ $i -lt "$runs" ]; do
        t0=$(now)
        "$@" >/dev/null 2>&1 || { echo fail; return 1; }
        t1=$(now)
        b=$(awk -v a="$t0" -v z="$t1" -v b="$b" 'BEGIN { t = z - a; if (b == "" || t < b) b = t; printf "%.4f", b }')
        i=$((i + 1))
    done
    echo "$b"
}
