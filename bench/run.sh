#!/bin/sh
# run.sh BIN -- the IMP benchmarks (make bench).  They print results; they
# do not pass or fail.
#
#  1. Assembler: a 100,000-statement source (gen-source.sh) assembled by
#     impas and by s390x-linux-gnu-as -m31; best of 3 wall times and ratio.
#  2. Machine: three programs (programs.sh: BCT loop, 1 MiB sieve, sort),
#     built as core images with GNU as so they do not depend on impas, run
#     on IMP (imprun --core) and on Hercules (S/370, CPUPRIO 0, through
#     tests/oracle/hercules-run.sh).  Each program counts its own
#     instructions exactly and stores the count at X'200', so
#     MIPS = count / seconds on both; Hercules' seconds are its wall time
#     minus its start-up time (measured with an empty program).  Best of 3.
#  3. HLASM twins of the programs (bench/hlasm/*.s: bct, sieve, sort),
#     built with impas + impld --core, run once on each machine; their
#     result word must equal the GNU-as twin's.
#
# Environment: BENCH_STATEMENTS (default 100000), BENCH_RUNS (3).
BIN=${1:-bin}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
here=$(cd "$(dirname "$0")" && pwd)
herc=$here/../tests/oracle/hercules-run.sh
stmts=${BENCH_STATEMENTS:-100000}
runs=${BENCH_RUNS:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/imp-bench.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
cd "$work" || exit 1

have() { command -v "$1" >/dev/null 2>&1; }
now() { date +%s.%N; }
# best CMD...: run CMD $runs times; print the shortest wall time in seconds
# (or "fail" if any run fails).
best() {
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
word() { od -An -tu4 --endian=big -j "$2" -N 4 "$1" | tr -d ' '; }

echo "== assembler: $stmts statements =="
sh "$here/gen-source.sh" "$stmts" big.s big-gnu.s
if have s390x-linux-gnu-as; then
    tg=$(best s390x-linux-gnu-as -m31 -o big-gnu.o big-gnu.s)
    echo "GNU as:  $tg s"
else
    tg=; echo "GNU as:  not installed (binutils-s390x-linux-gnu)"
fi
if [ -x "$BIN/impas" ]; then
    ti=$(best "$BIN/impas" -o big.o big.s)
    echo "impas:   $ti s"
    case $ti$tg in *fail*) ;; *)
        [ -n "$tg" ] && awk -v i="$ti" -v g="$tg" 'BEGIN { printf "ratio impas / GNU as: %.2f\n", i / g }' ;;
    esac
else
    echo "impas:   not built ($BIN/impas)"
fi

echo "== machine: instructions per second =="
have s390x-linux-gnu-as || { echo "programs need s390x-linux-gnu-as; skipped"; exit 0; }
sh "$here/programs.sh" . || exit 1
printf '\t.text\n\t.long 0x00080000, 0x400\n\t.org 0x380\n\t.long 0x000a0000, 0\n\t.org 0x400\n\tlpsw 0x380(0)\n' >empty.s
for p in empty bct sieve sort; do
    s390x-linux-gnu-as -m31 -o $p.o $p.s && s390x-linux-gnu-objcopy -O binary $p.o $p.bin || exit 1
done
hstart=
if have hercules; then
    hstart=$(best "$herc" empty.bin 200 207 empty.out)
    echo "Hercules start-up: $hstart s (subtracted)"
else
    echo "Hercules: not installed"
fi
printf '%-7s %12s %10s %10s %10s %10s %8s\n' program instructions "IMP s" "IMP MIPS" "Herc s" "Herc MIPS" "IMP/Herc"
for p in bct sieve sort; do
    count= hres= ires= hm= im= ti= th=
    if [ -n "$hstart" ]; then
        th=$(best "$herc" $p.bin 200 207 $p.herc 300)
        if [ "$th" != fail ]; then
            count=$(word $p.herc 0) hres=$(word $p.herc 4)
            hm=$(awk -v n="$count" -v t="$th" -v s="$hstart" 'BEGIN { d = t - s; if (d <= 0) d = 0.001; printf "%.1f", n / d / 1e6 }')
        fi
    fi
    if [ -x "$BIN/imprun" ]; then
        ti=$(best "$BIN/imprun" --storage=2M --core $p.bin --savecore=$p.imp:200:207)
        if [ "$ti" != fail ] && [ -s $p.imp ]; then
            icount=$(word $p.imp 0) ires=$(word $p.imp 4)
            [ -z "$count" ] && count=$icount
            im=$(awk -v n="$icount" -v t="$ti" 'BEGIN { printf "%.1f", n / t / 1e6 }')
            [ -n "$hres" ] && [ "$ires $icount" != "$hres $count" ] &&
                echo "  $p: IMP result $ires/$icount differs from Hercules $hres/$count"
        fi
    else
        ti="no imprun"
    fi
    ratio=-
    [ -n "$im" ] && [ -n "$hm" ] && ratio=$(awk -v a="$im" -v b="$hm" 'BEGIN { printf "%.3f", a / b }')
    printf '%-7s %12s %10s %10s %10s %10s %8s\n' $p "${count:--}" "${ti:--}" "${im:--}" "${th:--}" "${hm:--}" "$ratio"
done
if [ -x "$BIN/imprun" ]; then
    echo "imprun --stats for sort:"
    "$BIN/imprun" --core sort.bin --stats 2>&1 | sed 's/^/  /' | tail -n 15
fi

# HLASM twins (bench/hlasm/*.s), assembled by impas and linked by impld into
# core images: same program, so the result word must match the GNU twin's.
if [ -x "$BIN/impas" ] && [ -x "$BIN/impld" ]; then
    echo "== HLASM twins (impas + impld --core) =="
    for src in "$here"/hlasm/*.s; do
        p=$(basename "$src" .s)
        if ! "$BIN/impas" -o h$p.o "$src" >h$p.log 2>&1 ||
           ! "$BIN/impld" --core=h$p.core -o h$p.load h$p.o >>h$p.log 2>&1; then
            echo "$p: does not build:"; sed 's/^/  /' h$p.log; continue
        fi
        line="$p:"
        if [ -n "$hstart" ] && "$herc" h$p.core 200 207 h$p.herc 300 >/dev/null; then
            line="$line Hercules count $(word h$p.herc 0) result $(word h$p.herc 4)"
            [ -s $p.herc ] && line="$line (GNU twin result $(word $p.herc 4))"
        fi
        if [ -x "$BIN/imprun" ] && "$BIN/imprun" --storage=2M --core h$p.core --savecore=h$p.imp:200:207 >/dev/null 2>&1; then
            line="$line; IMP count $(word h$p.imp 0) result $(word h$p.imp 4)"
        fi
        echo "$line"
    done
fi
