#!/bin/sh
# monitors.sh BIN -- make bench: what each hardware performance monitor
# costs, in virtual cycles and in host time.  It prints results; it does
# not pass or fail.
#
#  1. The bench programs (programs.sh: BCT loop, sieve, sort; built as
#     core images with GNU as) run unmonitored and with each monitor
#     armed from the command line: instruction address sampling (a
#     sample every 10,000 cycles, one window over the program, 64-byte
#     blocks), PC sampling (1000 ticks a virtual second), gleaning (ia,
#     op and cycles, 4 records every 10,000 cycles), the instruction
#     frequency monitor (every opcode) and PER (instruction fetch and
#     storage alteration on a range nothing touches).  For each: the
#     run's virtual cycles, what the monitor added (cycles and per
#     cent), the cycles of the monitor's own microcode and its entries
#     (imprun's "the monitor's microcode" line), and the host time, best
#     of BENCH_RUNS (3), against the unmonitored run.
#  2. The CSECT monitors need CSECTs: examples/monitors/csects.s,
#     unmonitored, under the microcode-only monitor (ECSM), the
#     same with the data CSECTs, the CSM (CR9 bit 4) and PER's
#     successful branch, both with the interrupt service routine; the
#     microcode-only monitor's cycles per transition beside them.
#
# Virtual cycles are the same on every run; host times depend on the
# machine and its load.
#
# Environment: BENCH_RUNS (default 3; 0: no host times, each
# configuration runs once); BENCH_PROGRAMS, the bench
# programs of part 1 (default "bct sieve sort"; empty: part 2 only).
BIN=${1:-bin}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
here=$(cd "$(dirname "$0")" && pwd)
runs=${BENCH_RUNS:-3}
programs=${BENCH_PROGRAMS-bct sieve sort}
work=$(mktemp -d "${TMPDIR:-/tmp}/imp-bench-mon.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
cd "$work" || exit 1

. "$here/timing.sh"
# measure NAME [OPTION...]: one line of the table: $pre OPTION...
# $prog run (imprun's options, then the monitor's, then the program);
# $base_c and $base_t are the unmonitored run's.
measure() {
    name=$1
    shift
    rm -f run.json
    $pre "$@" --json=run.json $prog >/dev/null 2>run.err
    c=$(sed -n 's/.*"cycles": *\([0-9][0-9]*\).*/\1/p' run.json 2>/dev/null | head -1)
    [ -n "$c" ] || { echo "  $name: did not run"; return; }
    mc=$(sed -n "s/^[a-z]*: the monitor's microcode: \([0-9]*\) cycles in \([0-9]*\) entries.*/\1 \2/p" run.err |
         head -1)
    t=$(best $pre "$@" $prog)
    [ -z "$base_c" ] && base_c=$c base_t=$t
    awk -v n="$name" -v c="$c" -v bc="$base_c" -v mc="${mc:--}" -v t="$t" -v bt="$base_t" 'BEGIN {
        split(mc, m, " ")
        micro = m[1] == "-" ? "-" : sprintf("%d in %d", m[1], m[2])
        ratio = (bt + 0 > 0 && t != "fail") ? sprintf("%.3f", t / bt) : "-"
        printf "  %-14s %12d %10d %7.2f%%  %-22s %8s %7s\n", n, c, c - bc, 100 * (c - bc) / bc, micro, t, ratio
    }'
}
header() {
    printf '  %-14s %12s %10s %8s  %-22s %8s %7s\n' monitor cycles added "" "its microcode (entries)" "host s" ratio
}

echo "== monitors: overhead in virtual cycles and host time (best of $runs;"
echo "   host-time goals: ias 1.05x, iifm 1.10x, per 1.10x, csm 1.3x of none) =="
if [ ! -x "$BIN/imprun" ]; then
    echo "imprun is not built ($BIN/imprun)"
    exit 0
fi
if [ -z "$programs" ]; then
    :
elif have s390x-linux-gnu-as; then
    mkdir -p base
    sh "$here/programs.sh" base >/dev/null || exit 1
    for p in $programs; do
        s390x-linux-gnu-as -m31 -o base/$p.o base/$p.s &&
            s390x-linux-gnu-objcopy -O binary base/$p.o base/$p.bin || exit 1
        echo "$p (core image, 4 MiB of storage):"
        header
        pre="$BIN/imprun --storage=4M --max-cycles=100G" prog="--core base/$p.bin"
        base_c= base_t=
        measure none
        measure ias --ias=10000 --ias-window=0:80000/64
        measure pcs --pcs=1000
        measure glean --glean=ia+op+cycles,every=10000,n=4,buffer=65536
        measure iifm --iifm=all
        measure per --per=if+sa,range=F00000:FFFFFF
    done
else
    echo "the bench programs need s390x-linux-gnu-as: skipped"
fi

# The CSECT monitors on csects.s as shipped (20 passes: PER's interrupt
# at every taken branch makes a longer run slow on the host).
"$BIN/impas" -I "$here/../vm/host/runtime" -o csects.o "$here/../examples/monitors/csects.s" &&
    "$BIN/impas" -o imprt.o "$here/../vm/host/runtime/imprt.s" &&
    "$BIN/impld" -o csects.load csects.o -L imprt.o || exit 1
echo "examples/monitors/csects.s (the CSECT monitors):"
header
pre="$BIN/imprun --storage=16M" prog=csects.load
base_c= base_t=
measure none
measure csm --csm=20000
measure "csm data" --csm=65536,data
measure "csm+ISR" --csm=20000,csm
measure "per+ISR" --csm=20000,per
$pre --csm=20000 $prog >/dev/null 2>run.err
awk '/^csm: [0-9]* transitions/ { t = $2 }
     /^csm: the monitor.s microcode:/ { c = $5 }
     END { if (t > 0) printf "the microcode CSECT monitor: %d transitions, %d cycles, %.1f cycles a transition\n", t, c, c / t }' run.err
