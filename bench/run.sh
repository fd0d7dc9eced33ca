#!/bin/sh
# run.sh BIN -- the IMP benchmarks (make bench).  They print results; they
# do not pass or fail.
#
#  1. Assembler: a 100,000-statement source of every operand form
#     (gen-mix.sh: implicit addresses, expressions, self-defining terms,
#     literals, constants of every type, EQU, ...) assembled by impas and by
#     s390x-linux-gnu-as -m31 from its GNU twin: best of 3 wall times and
#     the ratio (the goal: 1.0 or less); then the same at 1,000,000
#     statements, once, for the peak memory of each (/usr/bin/time; the
#     goal: impas at most 3 times GNU as).  Then the quick-path source
#     (gen-source.sh: explicit operands only), timed the same way.
#  1b. Macros: a source of 100,000 macro calls (gen-macros.sh: macros of
#     its own and IMP's SAVE and RETURN) expanded and assembled by impas.
#  2. Machine: four programs (programs.sh: BCT loop, 1 MiB sieve, sort,
#     calls among 32 CSECTs),
#     built as core images with GNU as so they do not depend on impas, run
#     on IMP (imprun --core) and on Hercules (S/370, CPUPRIO 0, through
#     tests/oracle/hercules-run.sh).  Each program counts its own
#     instructions exactly and stores the count at X'200'.  Every program
#     is built at two sizes (the default and `large', 4-5 times the work)
#     and run best of 3 at each; MIPS = (count2 - count1) / (time2 - time1)
#     on both machines, so start-up, IPL and shutdown cancel out (Hercules
#     spends a tenth of a second or more on them, and subtracting a
#     separately timed empty run overstated its speed by about 15%).
#     Then the same core images run with a breakpoint, a ranged trace and a
#     watchpoint set, and with paging on (every page resident; then also
#     producing the page reference string) (bench/observe.c, the second
#     argument), beside plain.
#     (The monitors' overhead is bench/monitors.sh.)
#  3. HLASM twins of the programs (bench/hlasm/*.s: bct, sieve, sort),
#     built with impas + impld --core, run once on each machine; their
#     result word must equal the GNU-as twin's.
#
# Environment: BENCH_STATEMENTS (default 100000), BENCH_RUNS (3),
# BENCH_MEM_STATEMENTS (1000000).
BIN=${1:-bin}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
OBSERVE=${2:-}
case $OBSERVE in /*|'') ;; *) OBSERVE=$(pwd)/$OBSERVE ;; esac
here=$(cd "$(dirname "$0")" && pwd)
herc=$here/../tests/oracle/hercules-run.sh
stmts=${BENCH_STATEMENTS:-100000}
runs=${BENCH_RUNS:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/imp-bench.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
cd "$work" || exit 1

. "$here/timing.sh"
word() { od -An -tu4 --endian=big -j "$2" -N 4 "$1" | tr -d ' '; }

# asm NAME GEN: time impas and GNU as on the $stmts-statement source GEN
# writes (best of $runs, and their ratio).
asm() {
    echo "== assembler: $stmts statements, $1 ($2) =="
    sh "$here/$2" "$stmts" big.s big-gnu.s
    tg= ti=
    if have s390x-linux-gnu-as; then
        tg=$(best s390x-linux-gnu-as -m31 -o big-gnu.o big-gnu.s)
        echo "GNU as:  $tg s"
    else
        echo "GNU as:  not installed (binutils-s390x-linux-gnu)"
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
}
# peak CMD...: the peak resident memory of CMD in KB (GNU time), or "fail".
peak() {
    /usr/bin/time -f '%M' -o peak.txt "$@" >/dev/null 2>&1 && tail -n 1 peak.txt || echo fail
}
asm "every operand form" gen-mix.sh
mstmts=${BENCH_MEM_STATEMENTS:-1000000}
if [ -x "$BIN/impas" ] && have s390x-linux-gnu-as && [ -x /usr/bin/time ]; then
    echo "== assembler: peak memory at $mstmts statements, every operand form =="
    sh "$here/gen-mix.sh" "$mstmts" huge.s huge-gnu.s
    mg=$(peak s390x-linux-gnu-as -m31 -o huge-gnu.o huge-gnu.s)
    mi=$(peak "$BIN/impas" -o huge.o huge.s)
    echo "GNU as:  $mg KB"
    echo "impas:   $mi KB"
    case $mi$mg in *fail*) ;; *)
        awk -v i="$mi" -v g="$mg" 'BEGIN { printf "ratio impas / GNU as: %.2f (the goal: 3 or less)\n", i / g }' ;;
    esac
    rm -f huge.s huge-gnu.s huge.o huge-gnu.o
fi
asm "explicit operands, the quick path" gen-source.sh

echo "== macros: $stmts macro calls (gen-macros.sh) =="
sh "$here/gen-macros.sh" "$stmts" mac.s
if [ -x "$BIN/impas" ]; then
    tm=$(best "$BIN/impas" -o mac.o mac.s)
    echo "impas:   $tm s (the goal: under 1 s)"
else
    echo "impas:   not built ($BIN/impas)"
fi

echo "== machine: instructions per second =="
have s390x-linux-gnu-as || { echo "programs need s390x-linux-gnu-as; skipped"; exit 0; }
mkdir -p base large
sh "$here/programs.sh" base && sh "$here/programs.sh" large large || exit 1
for p in bct sieve sort calls; do
    for v in base large; do
        s390x-linux-gnu-as -m31 -o $v/$p.o $v/$p.s &&
            s390x-linux-gnu-objcopy -O binary $v/$p.o $v/$p.bin || exit 1
    done
done
have hercules || echo "Hercules: not installed"
# rate N1 T1 N2 T2: millions of instructions per second from the difference
# of two runs (what both pay to start and stop cancels out).
rate() { awk -v a="$1" -v s="$2" -v b="$3" -v t="$4" 'BEGIN { d = t - s; if (d <= 0) d = 0.001; printf "%.1f", (b - a) / d / 1e6 }'; }
printf '%-7s %12s %12s %9s %9s %9s %9s %8s\n' program instructions "(large)" "IMP s" "IMP MIPS" "Herc s" "Herc MIPS" "IMP/Herc"
for p in bct sieve sort calls; do
    n1= n2= hm= im= ti1= ti2= th1= th2=
    if have hercules; then
        th1=$(best "$herc" base/$p.bin 200 207 base/$p.herc 300)
        th2=$(best "$herc" large/$p.bin 200 207 large/$p.herc 300)
        case $th1$th2 in *fail*) ;; *)
            n1=$(word base/$p.herc 0) n2=$(word large/$p.herc 0)
            hm=$(rate "$n1" "$th1" "$n2" "$th2") ;;
        esac
    fi
    if [ -x "$BIN/imprun" ]; then
        ti1=$(best "$BIN/imprun" --storage=2M --max-cycles=100G --core base/$p.bin --savecore=base/$p.imp:200:207)
        ti2=$(best "$BIN/imprun" --storage=2M --max-cycles=100G --core large/$p.bin --savecore=large/$p.imp:200:207)
        case $ti1$ti2 in *fail*) ;; *)
            i1=$(word base/$p.imp 0) i2=$(word large/$p.imp 0)
            im=$(rate "$i1" "$ti1" "$i2" "$ti2")
            for v in base large; do
                [ -s $v/$p.herc ] && ! cmp -s $v/$p.herc $v/$p.imp &&
                    echo "  $p ($v): IMP's count and result $(word $v/$p.imp 0)/$(word $v/$p.imp 4) differ from Hercules' $(word $v/$p.herc 0)/$(word $v/$p.herc 4)"
            done
            [ -z "$n1" ] && n1=$i1 n2=$i2 ;;
        esac
    else
        ti1="no imprun"
    fi
    ratio=-
    [ -n "$im" ] && [ -n "$hm" ] && ratio=$(awk -v a="$im" -v b="$hm" 'BEGIN { printf "%.3f", a / b }')
    printf '%-7s %12s %12s %9s %9s %9s %9s %8s\n' $p "${n1:--}" "${n2:--}" "${ti1:--}/${ti2:--}" "${im:--}" \
        "${th1:--}/${th2:--}" "${hm:--}" "$ratio"
done
# The machine observed (bench/observe.c): a breakpoint, a trace limited to a
# range and a watchpoint that the program never reaches, against the plain
# run; the goal is 0.9 of plain or better.  Then paging on (the program as
# a task, a frame for every page: translation only; goal 0.85 of plain, the
# paging-off speed), and the same producing the page reference string.
if [ -x "$OBSERVE" ]; then
    oruns=$((runs < 7 ? 7 : runs))
    echo "== machine observed (best of $oruns, interleaved; goal: 0.9 of plain or better;"
    echo "   paging on, every page resident: 0.85 of plain, which is paging off) =="
    for p in bct sieve sort calls; do
        echo "$p:"
        "$OBSERVE" base/$p.bin "$oruns" || echo "  $p: failed"
    done
fi
if [ -x "$BIN/imprun" ]; then
    echo "imprun --stats for sort:"
    "$BIN/imprun" --core base/sort.bin --stats 2>&1 | sed 's/^/  /' | tail -n 15
fi

# The monitors' overhead, in cycles and host time: bench/monitors.sh
# (make bench runs it after this script).

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
        if have hercules && "$herc" h$p.core 200 207 h$p.herc 300 >/dev/null; then
            line="$line Hercules count $(word h$p.herc 0) result $(word h$p.herc 4)"
            [ -s base/$p.herc ] && line="$line (GNU twin result $(word base/$p.herc 4))"
        fi
        if [ -x "$BIN/imprun" ] && "$BIN/imprun" --storage=2M --core h$p.core --savecore=h$p.imp:200:207 >/dev/null 2>&1; then
            line="$line; IMP count $(word h$p.imp 0) result $(word h$p.imp 4)"
        fi
        echo "$line"
    done
fi
