#!/bin/sh
# gen-source.sh N HLASM.s GNU.s -- write an N-statement assembler source
# twice, for impas (HLASM syntax) and for s390x-linux-gnu-as -m31, with the
# same instructions: a cycle of RR, RX, RS, SI and SS forms with explicit
# operands, a label on every fourth statement, and a fullword constant
# every tenth.  Used by the assembler benchmark (bench/run.sh).
[ $# -eq 3 ] || { echo "Usage: gen-source.sh N HLASM.s GNU.s" >&2; exit 2; }
awk -v n="$1" -v hl="$2" -v gnu="$3" 'BEGIN {
    print "BENCH    START 0" > hl
    print "\t.text" > gnu
    for (i = 0; i < n; i++) {
        r1 = i % 16; r2 = (i * 7 + 3) % 16; x = (i * 5 + 1) % 16; b = (i * 3 + 2) % 16
        d = (i * 37) % 4096; e = (i * 91) % 4096; l = i % 256 + 1; im = i % 256
        lab = i % 4 == 0 ? sprintf("L%06d", i) : ""
        k = i % 10
        if (k == 0) { h = sprintf("LR    %d,%d", r1, r2); g = sprintf("lr %d,%d", r1, r2) }
        else if (k == 1) { h = sprintf("L     %d,%d(%d,%d)", r1, d, x, b); g = sprintf("l %d,%d(%d,%d)", r1, d, x, b) }
        else if (k == 2) { h = sprintf("ST    %d,%d(%d,%d)", r1, d, x, b); g = sprintf("st %d,%d(%d,%d)", r1, d, x, b) }
        else if (k == 3) { h = sprintf("AR    %d,%d", r1, r2); g = sprintf("ar %d,%d", r1, r2) }
        else if (k == 4) { h = sprintf("STM   14,12,%d(%d)", d, b); g = sprintf("stm 14,12,%d(%d)", d, b) }
        else if (k == 5) { h = sprintf("MVC   %d(%d,%d),%d(%d)", d, l, b, e, x); g = sprintf("mvc %d(%d,%d),%d(%d)", d, l, b, e, x) }
        else if (k == 6) { h = sprintf("CLI   %d(%d),%d", d, b, im); g = sprintf("cli %d(%d),%d", d, b, im) }
        else if (k == 7) { h = sprintf("LA    %d,%d(%d,%d)", r1, d, x, b); g = sprintf("la %d,%d(%d,%d)", r1, d, x, b) }
        else if (k == 8) { h = sprintf("BC    8,%d(%d,%d)", d, x, b); g = sprintf("bc 8,%d(%d,%d)", d, x, b) }
        else { h = sprintf("DC    F'\''%d'\''", i); g = sprintf(".long %d", i) }
        printf "%-8s %s\n", lab, h > hl
        if (lab != "") printf "%s:\t%s\n", lab, g > gnu
        else printf "\t%s\n", g > gnu
    }
    print "         END" > hl
}'
