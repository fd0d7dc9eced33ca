#!/bin/sh
# csm-overhead.sh [PROGRAM.s] -- the Linz paper's overhead table on IMP:
# one program run unmonitored and under each CSECT monitor, the virtual
# cycles of each run and its slowdown, beside the paper's factors.
# Needs imprun on PATH (or IMPRUN=path).  Virtual time: every run of the
# same program prints the same table.
prog=${1:-csects.s}
imprun=${IMPRUN:-imprun}
cycles() {      # cycles [OPTION...]: the run's virtual cycles
    "$imprun" -q --storage=2M --json=- "$@" "$prog" 2>/dev/null |
        sed -n 's/.*"cycles": *\([0-9][0-9]*\).*/\1/p' | head -1
}
base=$(cycles) || exit 1
[ -n "$base" ] || { echo "csm-overhead.sh: $prog did not run" >&2; exit 1; }
printf 'The CSECT monitors on %s (virtual cycles)\n\n' "$prog"
printf '%-34s %12s %9s  %s\n' monitor cycles slowdown "the paper"
row() {         # row NAME PAPER [OPTION...]
    name=$1 paper=$2
    shift 2
    c=$(cycles "$@")
    [ -n "$c" ] || { echo "csm-overhead.sh: $prog did not run with $*" >&2; exit 1; }
    printf '%-34s %12s %8s×  %s\n' "$name" "$c" \
        "$(awk -v a="$c" -v b="$base" 'BEGIN { printf "%.2f", a / b }')" "$paper"
}
row "unmonitored" "1×"
row "PER successful branch + ISR" "8-10×" --csm=per
row "CSM (CR9 bit 4) + ISR" "5-6×" --csm=csm
row "microcode only (ECSM)" "(6.1: goal 1.2×)" --csm
row "microcode, data CSECTs too" "(6.2: not measured)" --csm=65536,data
