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
# masks off, e.g. X'000A0000 00000000').  Hercules runs in its external-GUI
# mode (the EXTERNALGUI argument): it takes panel commands on standard input
# (a FIFO here) and writes its log on standard output, which this script
# reads line by line and answers: `loadcore' (again while the CPU is not
# yet stopped after its start, HHCPN111E) and `restart' first; when the
# log announces the wait (HHCCP011I) and its PSW, `stop' and `savecore OUT
# START END' (hex, inclusive; again after HHCPN102E, a CPU not yet
# stopped); when the save is done (HHCPN170I), `quit'.  Every step waits
# for the message of the one before, not for time, so a run costs about
# Hercules' start-up time (a few hundredths of a second) however busy the
# machine.
#
# (Hercules' own automatic operator, HAO, is not used: on a busy machine
# its thread can make its first read of the log before the logger thread
# has stored any of it, get the whole empty buffer, and never match a
# message again -- the run then hangs at its disabled wait until the
# limit.  t1910 starts the logger late on purpose to check this.)
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
mkfifo "$dir/cmd" || exit 1

# operate: read Hercules' log on stdin and answer on fd 3, Hercules'
# command FIFO.  The log goes to log.txt (at most 100,000 lines), less the
# external-GUI protocol's own lines (NAME=value: SYS=, STATUS=, ...); the
# PSW of the wait goes to psw.txt.  A loadcore that comes before the CPU
# thread has stopped after its start is rejected (HHCPN111E) and sent again.
operate() {
    load="loadcore image.bin 0" save="savecore out.bin $start $end"
    printf '%s\n' "$load" >&3
    n=0 state=load
    while IFS= read -r line; do
        case $line in [A-Z]*=*) case ${line%%=*} in *[!A-Z0-9]*|PSW) ;; *) continue ;; esac ;; esac
        n=$((n + 1))
        [ $n -le 100000 ] && printf '%s\n' "$line" >>log.txt
        case $state:$line in
        load:*HHCPN111E*) printf '%s\n' "$load" >&3 ;;
        load:*HHCPN113I*) printf 'restart\n' >&3; state=run ;;
        run:*HHCCP011I*) state=wait ;;
        wait:*PSW=*)            # (display_psw's line, maybe after another message)
            printf '%s\n' "$line" | sed -n 's/^.*\(PSW=[0-9A-F]\{8\} [0-9A-F]\{8\}\).*$/\1/p' >psw.txt
            printf 'stop\n%s\n' "$save" >&3
            state=save ;;
        save:*HHCPN102E*) printf '%s\n' "$save" >&3 ;;
        save:*HHCPN170I*) printf 'quit\n' >&3; state=quit ;;
        esac
    done
}

( cd "$dir" &&
  { timeout -k 5 "$max" hercules -f hercules.cnf EXTERNALGUI <cmd 2>&1
    echo $? >status; } | { exec 3>cmd; operate; } )
[ -n "${HERCULES_LOG:-}" ] && cp "$dir/log.txt" "$HERCULES_LOG"

want=$(( endn - startn + 1 ))
if [ ! -f "$dir/out.bin" ] || [ "$(wc -c <"$dir/out.bin")" -ne "$want" ]; then
    st=$(cat "$dir/status" 2>/dev/null)
    case $st in
    124|137) why="timed out: Hercules was stopped after ${max} s of wall-clock time (a busy machine? HERCULES_TIMEOUT raises the default)" ;;
    *) why="Hercules ended (status ${st:-unknown}) without saving storage" ;;
    esac
    if grep -q 'HHCCP011I' "$dir/log.txt"; then
        why="$why; the program did reach its disabled wait"
    fi
    echo "hercules-run.sh: $image did not reach a disabled wait within ${max} s: $why" >&2
    grep -v -e '^HHCHD' -e '^ ' "$dir/log.txt" | tail -n 40 >&2
    exit 1
fi
mv "$dir/out.bin" "$out" || exit 1
cat "$dir/psw.txt"
exit 0
