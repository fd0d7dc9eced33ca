#!/bin/sh
# hercules-run.sh -- run a flat core image on Hercules (S/370 mode) and save
# storage when the program reaches a disabled wait.
#
#   hercules-run.sh IMAGE START END OUT [MAX_SECONDS]
#
# IMAGE is loaded at absolute 0 (byte i = address i) and started with a
# restart interruption, so the doubleword at 0 is the first PSW (for
# example X'00080000 00000200': EC mode, all interruptions disabled).
# The program must end by loading a disabled-wait PSW (wait bit on, all
# masks off, e.g. X'000A0000 00000000').  Hercules announces the wait
# (HHCCP011I); a Hercules Automatic Operator rule then stops the CPU, runs
# `savecore OUT START END` (hex, inclusive) and quits, so a run costs about
# Hercules' start-up time (a few hundredths of a second).
#
# On success OUT holds END-START+1 bytes, the final PSW is printed on
# stdout as `PSW=xxxxxxxx xxxxxxxx`, and the exit status is 0.  Exit 1 if
# the program did not reach a disabled wait within MAX_SECONDS or Hercules
# failed (which of the two, and the tail of its log, go to stderr); exit 2
# on usage errors; exit 77 if hercules is not installed.
#
# MAX_SECONDS is wall-clock time, a guard against a program that never
# stops, not a measure: a run takes about a second on an idle machine but
# much longer on a busy one, so the default is generous, 300 (or
# $HERCULES_TIMEOUT).  Callers pass MAX_SECONDS only to see the limit
# itself at work.
#
# The machine has MAINSIZE large enough for IMAGE and END (at least 2 MiB),
# one CPU, CPUPRIO 0 and a single dummy printer (Hercules insists on at
# least one device).  Program-interruption messages are not logged.
# HERCULES_LOG=FILE keeps the Hercules console log.

usage() { echo "Usage: hercules-run.sh IMAGE START END OUT [MAX_SECONDS]" >&2; exit 2; }
[ $# -ge 4 ] && [ $# -le 5 ] || usage
image=$1 start=$2 end=$3 out=$4 max=${5:-${HERCULES_TIMEOUT:-300}}
command -v hercules >/dev/null 2>&1 || { echo "hercules-run.sh: hercules not installed" >&2; exit 77; }
[ -r "$image" ] || { echo "hercules-run.sh: cannot read $image" >&2; exit 2; }
case $start$end in *[!0-9a-fA-F]*|'') usage ;; esac
case $max in *[!0-9]*|'') usage ;; esac

startn=$(printf '%d' "0x$start") endn=$(printf '%d' "0x$end")
[ "$endn" -ge "$startn" ] || usage
size=$(wc -c <"$image")
top=$endn; [ "$size" -gt "$top" ] && top=$size
mb=$(( top / 1048576 + 2 ))

dir=$(mktemp -d "${TMPDIR:-/tmp}/herc.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT HUP INT TERM
cp "$image" "$dir/image.bin" || exit 1

cat >"$dir/hercules.cnf" <<CNF
ARCHMODE  S/370
MAINSIZE  $mb
NUMCPU    1
CPUPRIO   0
OSTAILOR  QUIET
000E 1403 printer.txt
CNF
cat >"$dir/finish.rc" <<RC
stop
savecore out.bin $start $end
RC
cat >"$dir/start.rc" <<RC
hao tgt HHCCP011I
hao cmd script finish.rc
hao tgt HHCPN102E
hao cmd savecore out.bin $start $end
hao tgt HHCPN170I
hao cmd quit
loadcore image.bin 0
restart
RC

( cd "$dir" &&
  { HERCULES_RC=start.rc timeout -k 5 "$max" hercules -f hercules.cnf -d </dev/null 2>&1
    echo $? >status; } | head -c 4000000 >log.txt )
[ -n "${HERCULES_LOG:-}" ] && cp "$dir/log.txt" "$HERCULES_LOG"

want=$(( endn - startn + 1 ))
if [ ! -f "$dir/out.bin" ] || [ "$(wc -c <"$dir/out.bin")" -ne "$want" ]; then
    st=$(cat "$dir/status" 2>/dev/null)
    case $st in
    124|137) why="timed out: Hercules was stopped after ${max} s of wall-clock time (a busy machine? HERCULES_TIMEOUT raises the default)" ;;
    *) why="Hercules ended (status ${st:-unknown}) without saving storage" ;;
    esac
    if grep -q '^HHCCP011I' "$dir/log.txt" && ! grep -q '^HHCAO003I' "$dir/log.txt"; then
        why="$why; the program did reach its disabled wait, but Hercules' automatic operator never fired"
    fi
    echo "hercules-run.sh: $image did not reach a disabled wait within ${max} s: $why" >&2
    grep -v -e '^HHCHD' -e '^ ' "$dir/log.txt" | tail -n 40 >&2
    exit 1
fi
mv "$dir/out.bin" "$out" || exit 1
sed -n 's/^.*\(PSW=[0-9A-F]\{8\} [0-9A-F]\{8\}\).*$/\1/p' "$dir/log.txt" | tail -n 1
exit 0
