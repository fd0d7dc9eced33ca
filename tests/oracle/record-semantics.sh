#!/bin/sh
# record-semantics.sh [GOLDEN_DIR] -- regenerate the semantics test images
# and record Hercules' results as golden data (make oracle-record).
#
# Builds tests/oracle/gen-semantics.c, writes the GNU-as sources, assembles
# them with s390x-linux-gnu-as -m31 into flat core images, runs each image
# on Hercules (hercules-run.sh) and writes, for each group G:
#   GOLDEN_DIR/G.bin   the core image (what imprun --core runs)
#   GOLDEN_DIR/G.txt   the savecore range and every case's expected bytes
# GOLDEN_DIR defaults to tests/oracle/golden.  Needs a C compiler,
# binutils-s390x-linux-gnu and hercules.
set -e
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
golden=${1:-$here/golden}
mkdir -p "$golden"
golden=$(cd "$golden" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/imp-record.XXXXXX")
trap 'rm -rf "$work"' EXIT HUP INT TERM
cd "$work"
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -I"$top/lib" -o gen-semantics \
    "$here/gen-semantics.c" "$top/lib/isa.c"
./gen-semantics .
total=0
for src in *.s; do
    g=${src%.s}
    s390x-linux-gnu-as -m31 -o "$g.o" "$src"
    s390x-linux-gnu-objcopy -O binary "$g.o" "$g.bin"
    s390x-linux-gnu-nm "$g.o" | awk '$3 ~ /^[RE][0-9]+$/ { print substr($3, 1, 1), substr($3, 2), $1 }' |
        sort -k2,2n -k1,1 >"$g.syms"
    start=$(awk '$1 == "R" && $2 == 0 { print $3 }' "$g.syms")
    last=$(awk '$1 == "E" { e = $3 } END { print e }' "$g.syms")
    end=$(printf '%X' $((0x$last - 1)))
    start=$(printf '%X' $((0x$start)))
    "$here/hercules-run.sh" "$g.bin" "$start" "$end" "$g.out" >"$g.psw"
    grep -q 'PSW=000A0000 00000000' "$g.psw" || { echo "$g: unexpected final $(cat "$g.psw")" >&2; exit 1; }
    hex=$(od -An -v -tx1 "$g.out" | tr -d ' \n' | tr a-f A-F)
    {
        printf '# %s: semantics cases recorded on Hercules (record-semantics.sh); image %s.bin\n' "$g" "$g"
        printf 'range\t%s\t%s\n' "$start" "$end"
        printf '%s\n' "$hex" | awk -F'\t' -v syms="$g.syms" -v cases="$g.cases" -v start="$start" '
        function hv(s,   i, v) { v = 0; s = toupper(s)
            for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789ABCDEF", substr(s, i, 1)) - 1
            return v }
        NR == 1 { dump = $0 }
        END {
            while ((getline l < syms) > 0) { split(l, s, " "); a[s[1], s[2]] = hv(s[3]) }
            while ((getline l < cases) > 0) {
                split(l, c, "\t"); n = c[1]
                r = a["R", n]; len = a["E", n] - r
                b = substr(dump, (r - hv(start)) * 2 + 1, len * 2)
                if (substr(b, 1, 128) ~ /^0+$/) { print "case " n " (" c[2] ") did not run" > "/dev/stderr"; exit 1 }
                if (c[3] ~ /psw/)   # IA and ILC of the old PSW are model-dependent
                    b = substr(b, 1, 138) ".." substr(b, 141, 4) "................" substr(b, 161)
                printf "case\t%d\t%s\t%X\t%d\t%s\t%s\n", n, c[2], r, len, b, c[4]
            }
        }'
    } >"$g.txt"
    cp "$g.bin" "$golden/$g.bin"
    cp "$g.txt" "$golden/$g.txt"
    n=$(grep -c '^case' "$g.txt")
    total=$((total + n))
    echo "$g: $n cases, range $start-$end"
done
echo "recorded $total cases in $golden"
