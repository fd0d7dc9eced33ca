#!/bin/sh
# compare-semantics.sh GOLDEN.txt SAVED.bin -- compare a storage dump with
# the recorded results of the semantics cases (see gen-semantics.c).
#
# GOLDEN.txt (written by record-semantics.sh):
#   range START END                       hex, the savecore range
#   case N NAME ADDR LEN HEX BODY         tab-separated; ADDR hex; HEX the
#                                         expected bytes, ".." = don't care
# SAVED.bin holds storage START..END.  Prints one line per failing case,
# naming each differing field (GR n, CC and program mask from the BALR link
# word, interruption code, old PSW, storage operand bytes), then a summary.
# Exit 0 if all cases match, 1 otherwise, 2 on bad input.
[ $# -eq 2 ] || { echo "Usage: compare-semantics.sh GOLDEN.txt SAVED.bin" >&2; exit 2; }
[ -r "$1" ] && [ -r "$2" ] || { echo "compare-semantics.sh: cannot read $1 or $2" >&2; exit 2; }
hex=$(od -An -v -tx1 "$2" | tr -d ' \n' | tr a-f A-F)
printf '%s\n' "$hex" | awk -F'\t' -v golden="$1" '
function hv(s,   i, v) { v = 0; s = toupper(s)
    for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789ABCDEF", substr(s, i, 1)) - 1
    return v }
function field(off) {
    if (off < 64) return sprintf("GR%d", int(off / 4))
    if (off < 68) return "link word (ILC|CC|PM|IA)"
    if (off < 72) return "interruption code word"
    if (off < 80) return "old PSW"
    return sprintf("storage +%d", off - 80)
}
function cc_of(byte) { return int(hv(byte) / 16) % 4 }
NR == 1 { dump = $0; next }
END {
    while ((getline line < golden) > 0) {
        n = split(line, f, "\t")
        if (f[1] == "range") { start = hv(f[2]); continue }
        if (f[1] != "case") continue
        total++
        addr = hv(f[4]); len = f[5] + 0; want = f[6]
        got = substr(dump, (addr - start) * 2 + 1, len * 2)
        if (length(got) < len * 2) { bad++; printf "FAIL %s [%s]: outside the dump\n", f[3], f[7]; continue }
        msg = ""; last = ""
        for (i = 0; i < len; i++) {
            e = substr(want, i * 2 + 1, 2); g = substr(got, i * 2 + 1, 2)
            if (e == ".." || e == g) continue
            fl = field(i)
            if (fl == last) continue
            last = fl
            if (i < 80) {
                base = i < 64 ? int(i / 4) * 4 : i < 68 ? 64 : i < 72 ? 68 : 72
                w = i < 72 ? 4 : 8
                ew = substr(want, base * 2 + 1, w * 2); gw = substr(got, base * 2 + 1, w * 2)
                if (base == 64)
                    msg = msg sprintf("; CC expected %d got %d, link expected %s got %s",
                                      cc_of(substr(ew, 1, 2)), cc_of(substr(gw, 1, 2)), ew, gw)
                else
                    msg = msg sprintf("; %s expected %s got %s", fl, ew, gw)
            } else {
                msg = msg sprintf("; %s expected %s got %s", fl, e, g)
            }
        }
        if (msg != "") { bad++; printf "FAIL %s [%s]%s\n", f[3], f[7], substr(msg, 2) }
    }
    printf "%d of %d cases differ\n", bad, total
    exit bad ? 1 : 0
}'
