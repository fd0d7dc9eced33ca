#!/bin/sh
# gen-mix.sh N HLASM.s GNU.s -- write an assembler source of about N statements of
# every operand form, twice: for impas (HLASM syntax) and for
# s390x-linux-gnu-as -m31, with the same instructions and the same work
# to do (symbols to look up, expressions to evaluate, constants to make).
#
# The HLASM source is a control section in blocks of 100 statements, each
# with a base register of its own (USING Cnnnnn,12) and ending in LTORG,
# beside a DSECT of fields addressed through register 13.  Its statements
# cycle through the forms a program has: register numbers and register
# equates; explicit addresses D(X,B), D(,B); implicit addresses resolved
# through a USING, with an index and with an expression (FIELD+4);
# self-defining terms X'..', C'..', B'..'; literals =F, =H, =A, =CL8, =X,
# =P; branches to labels before and after, extended mnemonics and *+n;
# SS instructions with explicit, implied (L'), and two lengths; DC of
# F, H, A, C, CLn, X, P and duplication; DS; EQU of * and of
# expressions; remarks and comment lines.  The GNU source writes what
# HLASM works out: D(B) for an implicit address (LABEL-Cnnnnn(12)), the
# literals as labelled constants after each block, the fields as .set.
# Used by the assembler benchmark (bench/run.sh).
[ $# -eq 3 ] || { echo "Usage: gen-mix.sh N HLASM.s GNU.s" >&2; exit 2; }
awk -v n="$1" -v hl="$2" -v gnu="$3" '
function H(lab, s) { printf "%-8s %s\n", lab, s > hl; nh++ }
function G(lab, s) { if (lab != "") printf "%s:\t%s\n", lab, s > gnu; else printf "\t%s\n", s > gnu }
# a literal of this block: its GNU label (made once per distinct text)
function lit(text, align, gdef,    k) {
    if (!(text in litlab)) {
        k = sprintf(".LP%d_%d", blk, nlit++)
        litlab[text] = k; litdef[k] = gdef; litalign[k] = align; litorder[nlit] = k
    }
    return litlab[text]
}
function endblock(    j, k, a) {
    H("", "LTORG")
    # HLASM pools literals by alignment: 8, then 4, 2, 1
    for (a = 8; a >= 1; a /= 2) {
        for (j = 1; j <= nlit; j++) {
            k = litorder[j]
            if (litalign[k] == a) { if (a > 1) G("", ".balign " a); G(k, litdef[k]) }
        }
    }
    G("", ".balign 8")
    delete litlab; delete litdef; delete litalign; delete litorder; nlit = 0
}
BEGIN {
    nf = 24
    H("AREA", "DSECT"); G("", ".text")
    for (f = 0; f < nf; f++) { H(sprintf("FW%d", f), "DS    F"); G("", sprintf(".set FW%d,%d", f, 4 * f)) }
    H("FLD", "DS    CL8"); G("", ".set FLD,96")
    H("FLD2", "DS    CL8"); G("", ".set FLD2,104")
    H("PK1", "DS    PL8"); G("", ".set PK1,112")
    H("PK2", "DS    PL4"); G("", ".set PK2,120")
    H("FLAG", "DS    X"); G("", ".set FLAG,124")
    H("SAVE", "DS    18F"); G("", ".set SAVE,128")
    for (r = 0; r < 16; r++) { H(sprintf("R%d", r), sprintf("EQU   %d", r)); G("", sprintf(".set R%d,%d", r, r)) }
    H("", "EXTRN OTHER"); G("", ".globl OTHER")
    H("BENCH", "CSECT"); G("BENCH", "")
    H("", "USING AREA,13")
    blk = 0; inblk = 0
    # whole blocks only, so every label a branch names is there
    for (i = 0; inblk > 0 || nh < n - 4; i++) {
        if (inblk == 0) {
            blk++
            c = sprintf("C%05d", blk)
            H(c, "DS    0H"); G(c, "")
            H("", "USING " c ",12")
            # statements in this block (the last may be short): the labels branched to
            bsize = n - 2 - nh - 1; if (bsize > 100) bsize = 100; if (bsize < 1) bsize = 1
            nlab = int((bsize + 3) / 4)
        }
        r1 = i % 16; r2 = (i * 7 + 3) % 16; x = (i * 5 + 1) % 15 + 1; b = (i * 3 + 2) % 15 + 1
        d = (i * 37) % 4096; e = (i * 91) % 4096; l = i % 256 + 1
        f1 = i % nf; f2 = (i * 5 + 3) % nf
        # labels on every fourth statement of the block; branch targets among them
        lab = inblk % 4 == 0 ? sprintf("L%06d", i) : ""
        tgt = sprintf("L%06d", i - inblk + ((i * 7) % nlab) * 4)
        k = i % 40
        if (k == 0) { H(lab, sprintf("LR    %d,%d", r1, r2)); G(lab, sprintf("lr %d,%d", r1, r2)) }
        else if (k == 1) { H(lab, sprintf("LR    R%d,R%d", r1, r2)); G(lab, sprintf("lr R%d,R%d", r1, r2)) }
        else if (k == 2) { H(lab, sprintf("L     %d,%d(%d,%d)", r1, d, x, b)); G(lab, sprintf("l %d,%d(%d,%d)", r1, d, x, b)) }
        else if (k == 3) { H(lab, sprintf("ST    %d,%d(,%d)", r1, d, b)); G(lab, sprintf("st %d,%d(0,%d)", r1, d, b)) }
        else if (k == 4) { H(lab, sprintf("L     %d,FW%d", r1, f1)); G(lab, sprintf("l %d,FW%d(13)", r1, f1)) }
        else if (k == 5) { H(lab, sprintf("ST    R%d,FW%d(R%d)", r1, f2, x)); G(lab, sprintf("st R%d,FW%d(R%d,13)", r1, f2, x)) }
        else if (k == 6) { H(lab, sprintf("LA    %d,FLD+%d", r1, i % 8)); G(lab, sprintf("la %d,FLD+%d(13)", r1, i % 8)) }
        else if (k == 7) { H(lab, sprintf("LA    %d,X'\''%X'\''", r1, d)); G(lab, sprintf("la %d,0x%x", r1, d)) }
        else if (k == 8) { H(lab, sprintf("CLI   FLAG,C'\''%c'\''", 65 + i % 9)); G(lab, sprintf("cli FLAG(13),0x%x", 193 + i % 9)) }
        else if (k == 9) { H(lab, sprintf("MVI   FLAG,X'\''%02X'\''", i % 256)); G(lab, sprintf("mvi FLAG(13),0x%x", i % 256)) }
        else if (k == 10) { H(lab, "TM    FLAG,B'\''10000001'\''"); G(lab, "tm FLAG(13),0x81") }
        else if (k == 11) { v = i % 97; H(lab, sprintf("L     %d,=F'\''%d'\''", r1, v)); G(lab, sprintf("l %d,%s-%s(12)", r1, lit("F" v, 4, ".long " v), c)) }
        else if (k == 12) { v = i % 89; H(lab, sprintf("AH    %d,=H'\''%d'\''", r1, v)); G(lab, sprintf("ah %d,%s-%s(12)", r1, lit("H" v, 2, ".short " v), c)) }
        else if (k == 13) { H(lab, sprintf("L     %d,=A(%s)", r1, tgt)); G(lab, sprintf("l %d,%s-%s(12)", r1, lit("A" tgt, 4, ".long " tgt), c)) }
        else if (k == 14) { v = i % 53; H(lab, sprintf("MVC   FLD,=CL8'\''V%d'\''", v)); G(lab, sprintf("mvc FLD(8,13),%s-%s(12)", lit("C" v, 1, sprintf(".byte 0xe5,%s", ebc(v))), c)) }
        else if (k == 15) { H(lab, sprintf("MVC   FLD(4),FLD2+%d", i % 4)); G(lab, sprintf("mvc FLD(4,13),FLD2+%d(13)", i % 4)) }
        else if (k == 16) { H(lab, "MVC   FLD,FLD2"); G(lab, "mvc FLD(8,13),FLD2(13)") }
        else if (k == 17) { H(lab, sprintf("MVC   %d(L'\''FLD,%d),FLD", d, b)); G(lab, sprintf("mvc %d(8,%d),FLD(13)", d, b)) }
        else if (k == 18) { H(lab, sprintf("MVC   %d(%d,%d),%d(%d)", d, l, b, e, x)); G(lab, sprintf("mvc %d(%d,%d),%d(%d)", d, l, b, e, x)) }
        else if (k == 19) { H(lab, sprintf("CLC   0(4,%d),=X'\''%08X'\''", b, i)); G(lab, sprintf("clc 0(4,%d),%s-%s(12)", b, lit("X" i, 1, sprintf(".long 0x%x", i)), c)) }
        else if (k == 20) { H(lab, "AP    PK1,PK2"); G(lab, "ap PK1(8,13),PK2(4,13)") }
        else if (k == 21) { v = i % 999; H(lab, sprintf("ZAP   PK1,=P'\''%d'\''", v)); G(lab, sprintf("zap PK1(8,13),%s-%s(12)", lit("P" v, 1, pk(v)), c)) }
        else if (k == 22) { H(lab, sprintf("BC    8,%s", tgt)); G(lab, sprintf("bc 8,%s-%s(12)", tgt, c)) }
        else if (k == 23) { H(lab, sprintf("BNE   %s", tgt)); G(lab, sprintf("bne %s-%s(12)", tgt, c)) }
        else if (k == 24) { H(lab, "B     *+8"); G(lab, sprintf("b .+8-%s(12)", c)) }
        else if (k == 25) { H(lab, sprintf("BCT   %d,%s", r1, tgt)); G(lab, sprintf("bct %d,%s-%s(12)", r1, tgt, c)) }
        else if (k == 26) { H(lab, "STM   14,12,12(13)"); G(lab, "stm 14,12,12(13)") }
        else if (k == 27) { H(lab, "LM    R14,R12,SAVE+12"); G(lab, "lm R14,R12,SAVE+12(13)") }
        else if (k == 28) { H(lab, sprintf("SLL   %d,%d", r1, i % 32)); G(lab, sprintf("sll %d,%d", r1, i % 32)) }
        else if (k == 29) { H(lab, "BALR  14,15"); G(lab, "balr 14,15") }
        else if (k == 30) { H(lab, "BR    14"); G(lab, "br 14") }
        else if (k == 31) { H(lab, sprintf("SR    R%d,R%d         clear the register", r1, r1)); G(lab, sprintf("sr R%d,R%d  # clear the register", r1, r1)) }
        else if (k == 32) { H(lab, sprintf("DC    F'\''%d'\''", i)); G("", ".balign 4"); G(lab, sprintf(".long %d", i)) }
        else if (k == 33) { H(lab, sprintf("DC    H'\''%d'\'',H'\''%d'\''", i % 30000, -(i % 30000))); G("", ".balign 2"); G(lab, sprintf(".short %d,%d", i % 30000, -(i % 30000))) }
        else if (k == 34) { H(lab, sprintf("DC    A(%s,%s+4)", tgt, tgt)); G("", ".balign 4"); G(lab, sprintf(".long %s,%s+4", tgt, tgt)) }
        else if (k == 35) { H(lab, "DC    CL6'\''TEXT'\''"); G(lab, ".byte 0xe3,0xc5,0xe7,0xe3,0x40,0x40") }
        else if (k == 36) { H(lab, sprintf("DC    X'\''%04X'\'',2F'\''0'\''", i % 65536)); G(lab, sprintf(".short 0x%x", i % 65536)); G("", ".balign 4"); G("", ".long 0,0") }
        else if (k == 37) { H(lab, "DS    CL2"); G(lab, ".space 2") }
        else if (k == 38) { H(sprintf("K%06d", i), sprintf("EQU   FW%d+%d*4", f1, i % 3)); G("", sprintf(".set K%06d,FW%d+%d*4", i, f1, i % 3)); if (lab != "") { H(lab, "DS    0H"); G(lab, "") } }
        else { H("*", sprintf("a comment line, number %d", i)); G("", sprintf("# a comment line, number %d", i)); if (lab != "") { H(lab, "DC    V(OTHER)"); G("", ".balign 4"); G(lab, ".long OTHER") } }
        if (++inblk == bsize) { endblock(); inblk = 0 }
    }
    H("", "END   BENCH")
}
function ebc(v,    s, t, j, c) {
    s = v ""; t = ""
    for (j = 1; j <= 7; j++) {
        c = j <= length(s) ? sprintf("0x%x", 240 + substr(s, j, 1)) : "0x40"
        t = t (j > 1 ? "," : "") c
    }
    return t
}
function pk(v,    s, t, j) {
    s = v "c"
    if (length(s) % 2) s = "0" s
    t = ".byte "
    for (j = 1; j <= length(s); j += 2) t = t (j > 1 ? "," : "") "0x" substr(s, j, 2)
    return t
}'
