#!/bin/sh
# overhead.sh [PROGRAM.s] -- the Linz paper's overhead table (seed 004,
# sections 2.2, 2.3, 5 and 6.1) on IMP: the program run unmonitored and
# under each CSECT monitor, the virtual cycles of each run, its slowdown
# beside the paper's factor, and the microcode-only monitor's cycles a
# transition.  Needs imprun on PATH (or IMPRUN=path).  Virtual time: every
# run of the same program prints the same table.
prog=${1:-library.s}
imprun=${IMPRUN:-imprun}
run() {         # run [OPTION...]: the run's virtual cycles
    "$imprun" -q --storage=2M --json=- "$@" "$prog" 2>/dev/null |
        sed -n 's/.*"cycles": *\([0-9][0-9]*\).*/\1/p' | head -1
}
base=$(run)
[ -n "$base" ] || { echo "overhead.sh: $prog did not run" >&2; exit 1; }
printf 'The CSECT monitors on %s (virtual cycles)\n\n' "$prog"
printf '%-34s %12s %9s  %s\n' monitor cycles slowdown "the paper"
row() {         # row NAME PAPER [OPTION...]
    name=$1 paper=$2
    shift 2
    c=$(run "$@")
    [ -n "$c" ] || { echo "overhead.sh: $prog did not run with $*" >&2; exit 1; }
    printf '%-34s %12s %8s×  %s\n' "$name" "$c" \
        "$(awk -v a="$c" -v b="$base" 'BEGIN { printf "%.2f", a / b }')" "$paper"
}
row "unmonitored" "1×"
row "PER successful branch + ISR" "8-10×" --csm=per
row "CSM (CR9 bit 4) + ISR" "5-6×" --csm=csm
row "microcode only (ECSM)" "(6.1: most of it removed)" --csm
"$imprun" -q --csm "$prog" 2>&1 >/dev/null |
    sed -n 's/^csm: \([0-9]*\) transitions.*/\1/p; s/^csm: the monitor.s microcode: \([0-9]*\) cycles.*/\1/p' |
    { read -r n; read -r c
      printf '\nThe microcode-only monitor: %s cycles for %s transitions, %s a transition\n' \
          "$c" "$n" "$(awk -v c="$c" -v n="$n" 'BEGIN { printf "%.1f", c / n }')"; }
