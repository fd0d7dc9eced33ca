#!/bin/sh
# impmon.sh BIN -- how fast the machine runs under impmon (make bench).
# It prints results; it does not pass or fail.
#
# One program, a BCT loop of BENCH_MON_LOOPS iterations (default
# 100000000, one instruction each), linked once into a load module, runs
#   1. under imprun (batch): host MIPS = instructions / wall time;
#   2. under impmon --batch (`run', no screen): the same machine through
#      impmon's model, for the cost of the command layer;
#   3. under impmon's live screen in a detached tmux session of 100x30:
#      `run' with the screen redrawn between slices; the counters pane
#      reports the host MIPS of the run and the refresh rate it kept.
# The targets: a refresh of 10 Hz or more, and at least 90 % of
# imprun's speed while live.
BIN=${1:-bin}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
loops=${BENCH_MON_LOOPS:-100000000}
work=$(mktemp -d "${TMPDIR:-/tmp}/imp-bench-mon.XXXXXX") || exit 1
sock=impmon-bench-$$
trap 'tmux -L $sock kill-server 2>/dev/null; rm -rf "$work"' EXIT HUP INT TERM
cd "$work" || exit 1
now() { date +%s.%N; }
mips() { awk -v n="$1" -v a="$2" -v z="$3" 'BEGIN { printf "%.1f", n / (z - a) / 1e6 }'; }

cat >loop.s <<EOF_S
BENCH    CSECT
         USING BENCH,15
         L     4,COUNT
LOOP     BCT   4,LOOP
         SR    15,15
         BR    14
COUNT    DC    F'$loops'
         END   BENCH
EOF_S
"$BIN/impas" -o loop.o loop.s && "$BIN/impld" -o loop.load loop.o || exit 1
insns=$(printf 'run\ncounters\n' | "$BIN/impmon" --batch loop.load 2>/dev/null |
        sed -n 's/^instructions *//p')

echo "== impmon: a BCT loop, $insns instructions =="
t0=$(now)
"$BIN/imprun" loop.load >/dev/null 2>&1
t1=$(now)
batch=$(mips "$insns" "$t0" "$t1")
echo "imprun (batch):          $batch host MIPS"

t0=$(now)
echo run | "$BIN/impmon" --batch loop.load >/dev/null 2>&1
t1=$(now)
echo "impmon --batch:          $(mips "$insns" "$t0" "$t1") host MIPS"

if ! command -v tmux >/dev/null 2>&1; then
    echo "impmon live:             skipped (no tmux)"
    exit 0
fi
T="tmux -L $sock"
# (impmon signals when it has ended, history written, so that the clean-up
# does not race its last writes into $work)
IMPMON_HISTORY=$work/history $T new-session -d -s b -x 100 -y 30 \
    "TERM=xterm $BIN/impmon loop.load; tmux -L $sock wait-for -S ended; sleep 60"
wait_for() {
    i=0
    while [ $i -lt 1200 ]; do
        $T capture-pane -t b -p >screen.txt 2>/dev/null
        grep -q -e "$1" screen.txt && return 0
        sleep 0.1
        i=$((i + 1))
    done
    echo "impmon live: the screen never showed '$1'"
    exit 0
}
wait_for "loaded loop.load"
$T send-keys -t b "run" Enter
wait_for "program ended"
live=$(sed -n 's/.*host MIPS \([0-9.]*\).*/\1/p' screen.txt | head -1)
hz=$(sed -n 's/.*refresh \([0-9.]*\) Hz.*/\1/p' screen.txt | head -1)
echo "impmon live (tmux):      $live host MIPS, the screen refreshed at $hz Hz"
awk -v l="$live" -v b="$batch" 'BEGIN { if (b > 0) printf "live / batch:            %.1f %%\n", 100 * l / b }'
$T send-keys -t b "quit" Enter
timeout 20 $T wait-for ended || echo "impmon live: it did not end at quit"
