#!/bin/sh
# gen-macros.sh N OUT.s -- write a source of N macro calls for impas: two
# macros of its own (symbolic parameters with a keyword default, a
# &SYSNDX label, an AIF choice, a SETA) and two of IMP's library (SAVE,
# RETURN), called in turn.  Used by the macro benchmark (bench/run.sh).
[ $# -eq 2 ] || { echo "Usage: gen-macros.sh N OUT.s" >&2; exit 2; }
awk -v n="$1" -v out="$2" 'BEGIN {
    print "         MACRO" > out
    print "&L       ADDTO &R,&V,&B=12" > out
    print "&L       LA    &R,&V.(,&B)" > out
    print "         MEND" > out
    print "         MACRO" > out
    print "&L       PICK  &R,&N" > out
    print "         LCLA  &M" > out
    print "&M       SETA  &N*2" > out
    print "         AIF   (&M GT 100).BIG" > out
    print "&L       LA    &R,&M" > out
    print "         MEXIT" > out
    print ".BIG     ANOP" > out
    print "P&SYSNDX DC    F'\''&M'\''" > out
    print "         MEND" > out
    print "BENCH    CSECT" > out
    print "         USING BENCH,12" > out
    for (i = 0; i < n; i++) {
        k = i % 4
        lab = i % 8 == 0 ? sprintf("M%06d", i) : ""
        if (k == 0) s = sprintf("ADDTO %d,%d", i % 16, i % 4096)
        else if (k == 1) s = sprintf("PICK  %d,%d", i % 16, i % 97)
        else if (k == 2) s = "SAVE  (14,12)"
        else s = "RETURN (14,12),RC=4"
        printf "%-8s %s\n", lab, s > out
    }
    print "         END" > out
}'
