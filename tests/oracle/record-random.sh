#!/bin/sh
# record-random.sh [-p] [-x SEED]... FIRST LAST -- record Hercules' results
# for the random programs of seeds FIRST..LAST (make oracle-record-random).
# -p: the same programs with PER armed (gen-random per-image), into
# golden/per.txt.
#
# Builds tests/oracle/gen-random.c, writes each seed's core image, runs it
# on Hercules (hercules-run.sh) and writes tests/oracle/golden/random.txt:
# one line per seed with the hash of its image and the bytes of storage
# X'200'-X'17FF' that differ from the image after the run (see
# gen-random.c).  -x SEED leaves a seed out (listed in the file's header),
# e.g. while IMP disagrees with Hercules on it.  Every program must end in
# the disabled wait X'000A0000 00000000' on Hercules.  Needs a C compiler
# and hercules; not GNU as (the generator encodes with lib/isa.c).
set -e
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
skip=" " per= name=random
[ "$1" = "-p" ] && { per=per- name=per; shift; }
while [ "$1" = "-x" ]; do skip="$skip$2 "; shift 2; done
[ $# -eq 2 ] || { echo "Usage: record-random.sh [-p] [-x SEED]... FIRST LAST" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/imp-random.XXXXXX")
trap 'rm -rf "$work"' EXIT HUP INT TERM
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -I"$top/lib" -o "$work/gen-random" \
    "$here/gen-random.c" "$here/gen-random-classes.c" "$top/lib/isa.c"
out=$work/$name.txt
{
    echo "# $name.txt: Hercules' results for the ${per}random programs of gen-random.c"
    echo "# (record-random.sh ${per:+-p }$1 $2).  Per seed: image hash, then the runs of"
    echo "# storage X'200'-X'17FF' that differ from the image after the run (ADDR:HEX)."
    [ "$skip" = " " ] || echo "# seeds left out:$skip"
} >"$out"
n=0
for s in $(seq "$1" "$2"); do
    case $skip in *" $s "*) continue ;; esac
    "$work/gen-random" ${per}image "$s" "$work/p.bin"
    psw=$("$here/hercules-run.sh" "$work/p.bin" 200 17FF "$work/p.out")
    [ "$psw" = "PSW=000A0000 00000000" ] || { echo "seed $s: final $psw" >&2; exit 1; }
    "$work/gen-random" ${per}golden "$s" "$work/p.out" >>"$out"
    n=$((n + 1))
done
cp "$out" "$here/golden/$name.txt"
echo "recorded $n ${per}random programs in $here/golden/$name.txt"
