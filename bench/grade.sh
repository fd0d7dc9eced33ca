#!/bin/sh
# grade.sh BIN -- impgrade's benchmark (make bench-grade, part of make
# bench): a class of 200 submissions of exercise 02-loops graded with -j2,
# wall time printed.  The class: 150 copies of the solution, 20 of each
# wrong one, 5 that loop until the cycle limit and 5 that do not assemble,
# so the limits are paid for too.  The goal: under two minutes on a 2-core
# machine.  It prints; it does not pass or fail.
BIN=${1:-bin}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
here=$(cd "$(dirname "$0")" && pwd)
ex=$here/../examples/exercises/02-loops
work=$(mktemp -d "${TMPDIR:-/tmp}/imp-bench-grade.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
cd "$work" || exit 1

mkdir class
i=0
while [ $i -lt 200 ]; do
    d=class/s$(printf %03d $i)
    mkdir "$d"
    if [ $i -lt 150 ]; then
        cp "$ex/solution/TABLE.s" "$d/"
    elif [ $i -lt 170 ]; then
        cp "$ex/wrong/offbyone/TABLE.s" "$d/"
    elif [ $i -lt 190 ]; then
        cp "$ex/wrong/logical/TABLE.s" "$d/"
    elif [ $i -lt 195 ]; then
        printf 'TABLE    CSECT\n         USING TABLE,15\nLOOP     B     LOOP\n         COPY  NUMBERS\n         END   TABLE\n' >"$d/TABLE.s"
    else
        printf 'TABLE    CSECT\n         LA    1,NUMS(\n         END\n' >"$d/TABLE.s"
    fi
    i=$((i + 1))
done

t0=$(date +%s.%N)
"$BIN/impgrade" -j2 -q -o out "$ex" class/* || echo "impgrade failed: status $?"
t1=$(date +%s.%N)
awk -v a="$t0" -v z="$t1" 'BEGIN { printf "impgrade: 200 submissions of 02-loops, -j2: %.1f s\n", z - a }'
sed -n 's/^Status: /impgrade:   /p' out/summary.txt
