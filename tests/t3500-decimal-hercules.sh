#!/bin/sh
# t3500: the decimal instructions (PACK UNPK MVO MVN MVZ CVB CVD ZAP AP SP
# CP MP DP SRP ED EDMK) against Hercules, case by case: results, CC and
# program mask, GR1 (EDMK) and GR3 (CVB), interruption code and old PSW,
# and the 32 bytes of operands.
#
# The cases (a few hundred: edge values and pseudo-random operands of every
# length, valid and invalid) are written by the awk generator below as a
# GNU-as source of a flat core image.  Recorded once on Hercules, the image
# and what Hercules left in storage are kept in tests/golden/t3500-decimal.*
# so the first test needs neither GNU as nor Hercules.  With both
# installed, the second test regenerates the image and runs it on Hercules
# and on imprun afresh.  T3500_RECORD=1 rewrites the golden files.
. "$(dirname "$0")/test-lib.sh"

GOLD=$IMP_TOP/tests/golden/t3500-decimal
RUN=$IMP_TOP/tests/oracle/hercules-run.sh

# gen_source: the GNU-as source (stdout) and dec.cases (index, name).
gen_source() {
    awk -v cases=dec.cases '
    function rnd(n) { seed = (seed * 48271) % 2147483647; return int(seed / 2147483647 * n) }
    function digits(n,   s) { s = ""; while (n-- > 0) s = s rnd(10); return s }
    function zeros(n,   s) { s = ""; while (n-- > 0) s = s "0"; return s }
    function nines(n,   s) { s = ""; while (n-- > 0) s = s "9"; return s }
    function sign() { return substr("CCCCDDDDABEF", rnd(12) + 1, 1) }
    # a packed field of L bytes holding nd random digits (at most 2L-1)
    function packed(L, nd, sg) {
        if (nd > 2 * L - 1) nd = 2 * L - 1
        return zeros(2 * L - 1 - nd) digits(nd) sg
    }
    function rpacked(L) { return packed(L, rnd(2 * L), sign()) }
    function hexbytes(n,   s) { s = ""; while (n-- > 0) s = s substr("0123456789ABCDEF", rnd(16) + 1, 1) substr("0123456789ABCDEF", rnd(16) + 1, 1); return s }
    function byteslist(h,   i, s) {
        s = ""
        for (i = 1; i < length(h); i += 2) s = s (s == "" ? "" : ",") "0x" substr(h, i, 2)
        return s
    }
    # one case: insn uses 4 = op1 address, 5 = op2 address, 3 = a register
    function tcase(name, insn, a, b, spm, gr3) {
        printf "# case %d: %s\n", n, name
        printf "C%d:\tbalr  12,0\nB%d:\tmvc   0x280(8,0),P%d-B%d(12)\n", n, n, n, n
        printf "\tlm    1,5,G%d-B%d(12)\n\tspm   2\n\t%s\n", n, n, insn
        printf "\tbalr  2,0\n\tl     12,0x280(0,0)\n\tst    2,0(0,12)\n\tst    1,4(0,12)\n"
        printf "\tst    3,8(0,12)\n\tl     12,0x284(0,0)\n\tbcr   15,12\n\t.align 4\n"
        printf "P%d:\t.long R%d-origin, C%d-origin\n", n, n, n + 1
        printf "G%d:\t.long 0xaabbccdd, 0x%02x000000, 0x%s, D%d-origin, D%d-origin+16\n", n, spm, gr3, n, n
        printf "R%d:\t.fill 24,1,0\nD%d:\n", n, n
        if (a != "") printf "\t.byte %s\n", byteslist(a)
        printf "\t.org D%d+16\n", n
        if (b != "") printf "\t.byte %s\n", byteslist(b)
        printf "\t.org D%d+32\nE%d:\n\t.align 2\n", n, n
        line1 = insn; gsub(/\n\t?/, "; ", line1); gsub(/\t/, " ", line1)
        printf "%d\t%s\t%s\n", n, name, line1 > cases
        n++
    }
    function ss(op, a, b, spm, tag) {   # SS-LL on a and b
        tcase(sprintf("%s %s,%s%s", op, a, b, tag), sprintf("%s 0(%d,4),0(%d,5)", op, length(a) / 2, length(b) / 2), a, b, spm, "33333333")
    }
    BEGIN {
        seed = 20261122; n = 0
        print "\t.text\norigin:\t.long 0x00080000, 0x400"
        print "\t.org 0x68\n\t.long 0x00080000, PGMH-origin"
        print "\t.org 0x380\n\t.long 0x000a0000, 0\n\t.org 0x400\n\tbc    15,C0-origin(0,0)"
        print "PGMH:\tl     12,0x280(0,0)\n\tmvc   12(4,12),0x8c(0)\n\tmvc   16(8,12),0x28(0)"
        print "\tst    1,4(0,12)\n\tst    3,8(0,12)\n\tl     12,0x284(0,0)\n\tbcr   15,12\n\t.align 8"
        # ---- ZAP AP SP CP: edge cases, then random lengths, signs, values
        split("0C 0D 9C 9D 1C 1D 0F 0A 0B 0E", one, " ")
        for (i = 1; i <= 10; i++) for (j = 1; j <= 10; j += 3) {
            ss("ap", one[i], one[j], 48, ""); ss("sp", one[j], one[i], 48, "")
        }
        n31 = nines(31); z30 = zeros(30)
        ss("ap", n31 "C", "1C", 48, "")
        ss("ap", "9C", n31 "D", 52, " DO")
        ss("sp", z30 "1C", n31 "D", 48, "")
        ss("zap", "00000000", n31 "C", 52, " DO")
        ss("cp", zeros(31) "D", "0C", 48, "")
        for (k = 0; k < 160; k++) {
            op = k % 4 == 0 ? "ap" : k % 4 == 1 ? "sp" : k % 4 == 2 ? "cp" : "zap"
            L1 = rnd(16) + 1; L2 = rnd(16) + 1
            a = rpacked(L1); b = rpacked(L2)
            if (rnd(6) == 0) b = substr(a, length(a) - 2 * L2 + 1 > 0 ? length(a) - 2 * L2 + 1 : 1)
            if (length(b) < 2) b = rpacked(L2)
            do_ = rnd(2)
            ss(op, a, b, 48 + (do_ ? 4 : 0) - 16 * rnd(3), do_ ? " DO" : "")
        }
        # ---- invalid digits and signs
        for (k = 0; k < 40; k++) {
            split("ap sp cp zap mp dp", ops, " "); op = ops[rnd(6) + 1]
            L1 = rnd(8) + 2; L2 = rnd(L1 - 1) + 1
            a = packed(L1, 2, "C"); b = packed(L2, 1, "C")
            bad = substr("ABCDEF0123456789", rnd(16) + 1, 1)
            if (rnd(2)) { p = rnd(length(a)) + 1; a = substr(a, 1, p - 1) bad substr(a, p + 1) }
            else { p = rnd(length(b)) + 1; b = substr(b, 1, p - 1) bad substr(b, p + 1) }
            ss(op, a, b, 48, " bad")
        }
        # ---- MP: valid products of every shape, and the exceptions
        for (k = 0; k < 70; k++) {
            L2 = rnd(8) + 1; L1 = L2 + 1 + rnd(16 - L2)
            b = rpacked(L2)
            a = zeros(2 * L2) packed(L1 - L2, rnd(2 * (L1 - L2)), sign())
            ss("mp", a, b, 48, "")
        }
        ss("mp", "0000012C", "034C", 48, ""); ss("mp", "0012345C", "9D", 48, "")
        ss("mp", zeros(16) nines(15) "C", nines(15) "D", 48, "")
        ss("mp", zeros(15) nines(16) "C", "0" nines(16) "C", 48, " spec 16,9")
        ss("mp", "0000012C", "0034C", 48, " too few zeros")
        ss("mp", "0012C", "0012C", 48, " l2=l1")
        ss("mp", "0000000D", "0C", 48, " -0")
        # ---- DP: quotients and remainders, divide exceptions
        for (k = 0; k < 80; k++) {
            L2 = rnd(8) + 1; L1 = L2 + 1 + rnd(16 - L2)
            b = packed(L2, rnd(2 * L2) + 1, sign())
            a = rnd(4) == 0 ? rpacked(L1) : packed(L1, rnd(2 * L1 - 2 * L2) + 2 * L2 - 1, sign())
            if (rnd(3) == 0) a = zeros(2 * L2) packed(L1 - L2, 2 * (L1 - L2) - 1, sign())
            ss("dp", a, b, 48, "")
        }
        ss("dp", "0000100C", "7C", 48, ""); ss("dp", "0000100D", "7D", 48, "")
        ss("dp", zeros(30) "7C", nines(15) "D", 48, "")
        ss("dp", "0" nines(30) "C", nines(15) "C", 48, "")
        ss("dp", "0999999999999999C", "999999999999999C", 48, " too big")
        ss("dp", "0000100C", "0D", 48, " by -0")
        ss("dp", "0000000D", "3C", 48, " -0 / 3")
        ss("dp", "0000100C", "000000000000000007C", 48, " l2=9")
        # ---- SRP
        for (k = 0; k < 80; k++) {
            L1 = rnd(16) + 1; a = rpacked(L1)
            sh = rnd(8) == 0 ? rnd(64) : (rnd(2) ? rnd(2 * L1 + 2) : 64 - rnd(2 * L1 + 2) - 1)
            if (sh == 64) sh = 63
            i3 = rnd(12) == 0 ? 10 + rnd(6) : rnd(10)
            do_ = rnd(2)
            tcase(sprintf("srp %s shift %d round %d%s", a, sh, i3, do_ ? " DO" : ""),
                  sprintf("srp 0(%d,4),%d(0),%d", L1, sh + 64 * rnd(3), i3), a, "", 48 + (do_ ? 4 : 0), "33333333")
        }
        # ---- PACK UNPK MVO MVN MVZ
        for (k = 0; k < 100; k++) {
            split("pack unpk mvo mvn mvz", mo, " "); op = mo[k % 5 + 1]
            L1 = rnd(16) + 1; L2 = rnd(16) + 1
            if (op == "mvn" || op == "mvz") {
                L = rnd(32) + 1; if (L > 16) L = 16
                tcase(sprintf("%s %d", op, k), sprintf("%s 0(%d,4),0(5)", op, L), hexbytes(16), hexbytes(16), 48, "33333333")
            } else
                ss(op, hexbytes(L1), hexbytes(L2), 48, "")
        }
        # ---- CVB CVD
        split("000000000000000C 000000000000001D 000002147483647C 000002147483648D 000002147483648C 000004294967296C 999999999999999D 000000000000000B 000000000000000A 00000000000000C1", cv, " ")
        for (i = 1; i <= 10; i++)
            tcase("cvb " cv[i], "cvb 3,0(0,4)", cv[i], "", 48, "77777777")
        for (k = 0; k < 40; k++) {
            a = packed(8, rnd(k < 30 ? 11 : 16), sign())
            tcase("cvb " a, "cvb 3,0(0,4)", a, "", 48, "77777777")
        }
        split("00000000 00000001 FFFFFFFF 7FFFFFFF 80000000 0000000A 3B9AC9FF C4653600", cd, " ")
        for (i = 1; i <= 8; i++)
            tcase("cvd " cd[i], "cvd 3,0(0,4)", "", "", 48, cd[i])
        for (k = 0; k < 30; k++) {
            v = hexbytes(4); if (rnd(2)) v = "0000" substr(v, 5)
            tcase("cvd " v, "cvd 3," rnd(9) "(0,4)", "", "", 48, v)
        }
        # ---- ED EDMK: patterns with the four kinds of bytes, sources of
        # every sign; fill X'40' or X'5C'
        for (k = 0; k < 90; k++) {
            L = rnd(14) + 3; pat = (rnd(3) ? "40" : "5C"); nd = 0
            for (i = 1; i < L; i++) {
                r = rnd(12)
                pat = pat (r < 7 ? "20" : r < 8 ? "21" : r < 9 ? "22" : r < 10 ? "6B" : r < 11 ? "4B" : "C3")
            }
            src = ""
            for (i = 0; i < 8; i++) src = src digits(1) (rnd(5) ? digits(1) : sign())
            if (rnd(2)) src = zeros(rnd(6)) substr(src, 1, 16)
            src = substr(src zeros(16), 1, 16)
            if (rnd(25) == 0) src = "A" substr(src, 2)
            op = rnd(2) ? "ed" : "edmk"
            tcase(sprintf("%s %s %s", op, pat, src), sprintf("%s 0(%d,4),0(5)", op, L), pat, src, 48, "33333333")
        }
        tcase("ed 4020202020 000123D", "ed 0(5,4),0(5)", "4020202020", "0000123D", 48, "0")
        tcase("edmk 402020202120 0000045C", "edmk 0(6,4),0(5)", "402020202120", "0000045C", 48, "0")
        tcase("edmk 4020212020 0000000C (21 forces)", "edmk 0(5,4),0(5)", "4020212020", "0000000C", 48, "0")
        tcase("ed fill 21", "ed 0(4,4),0(5)", "21202020", "000C", 48, "0")
        # ---- overlapping operands the architecture allows, and EX
        split("ap sp cp zap", ov, " ")
        for (i = 1; i <= 4; i++) {
            tcase(ov[i] " X,X", ov[i] " 0(5,4),0(5,4)", "001234567C", "", 48, "0")
            tcase(ov[i] " X(8),X+4(4)", ov[i] " 0(8,4),4(4,4)", "000000000987654D", "", 48, "0")
        }
        tcase("pack X,X", "pack 0(5,4),0(5,4)", "F1F2F3F4C5", "", 48, "0")
        tcase("pack X(3),X(5)", "pack 0(3,4),0(5,4)", "F1F2F3F4C5", "", 48, "0")
        tcase("unpk X,X", "unpk 0(5,4),0(5,4)", "001234567C", "", 48, "0")
        tcase("unpk X(8),X+5(3)", "unpk 0(8,4),5(3,4)", "0000000012345C", "", 48, "0")
        tcase("mvo X,X(3)", "mvo 0(4,4),0(3,4)", "1234567C", "", 48, "0")
        tcase("mvn X+1,X", "mvn 1(7,4),0(4)", "F1C2D3E4F5C6D7E8", "", 48, "0")
        tcase("mvz X+1,X", "mvz 1(7,4),0(4)", "F1C2D3E4F5C6D7E8", "", 48, "0")
        for (k = 0; k < 8; k++) {
            split("ap mp dp zap srp ed mvo pack", ex, " "); op = ex[k + 1]
            len = op == "mp" || op == "dp" ? "0x52" : op == "ed" ? "0x05" : "0x31"
            body = op == "srp" ? "srp 0(1,4),3(0),5" : op == "ed" ? "ed 0(1,4),0(5)" : op " 0(1,4),0(1,5)"
            a = op == "ed" ? "402020202020" : op == "pack" ? "EEEEEEEE" : op ~ /mp|dp/ ? "00000012345C" : "0012345C"
            b = op == "ed" ? "0012345C" : op == "pack" ? "F1F2F3F4" : op == "mvo" ? "98765F" : op ~ /mp|dp/ ? "00123C" : "123C"
            if (op == "srp") len = "0x30"
            tcase("ex " op, sprintf("la    2," len "(0,0)\n\tex    2,T%d-B%d(12)\n\tbc    15,S%d-B%d(12)\nT%d:\t%s\nS%d:", n, n, n, n, n, body, n), a, b, 48, "0")
        }
        # ---- MP and DP with op2 the rightmost L2 bytes of op1 (coincident
        # rightmost bytes): the result of the operands as they were
        for (k = 0; k < 48; k++) {
            op = k % 2 ? "dp" : "mp"; L2 = int(k / 2) % 8 + 1
            L1 = L2 + 1 + rnd(16 - L2)
            if (op == "mp") a = zeros(2 * L2) packed(L1 - L2, rnd(2 * (L1 - L2)) + 1, sign())
            else a = packed(L1, rnd(2 * L1 - 1) + 1, sign())
            if (length(a) > 2 * L1) a = substr(a, length(a) - 2 * L1 + 1)
            tcase(sprintf("%s %s, its last %d bytes", op, a, L2),
                  sprintf("%s 0(%d,4),%d(%d,4)", op, L1, L1 - L2, L2), a, "", 48, "0")
        }
        printf "C%d:\tlpsw  0x380(0)\n\t.align 8\n", n
    }'
}

# build NAME: NAME.s -> NAME.bin, NAME.syms ("R|E index address" lines)
# and NAME.range (START:END of the result blocks, hex).
build() {
    s390x-linux-gnu-as -m31 -o "$1.o" "$1.s" &&
    s390x-linux-gnu-objcopy -O binary "$1.o" "$1.bin" &&
    s390x-linux-gnu-nm "$1.o" |
        awk '$3 ~ /^[RE][0-9]+$/ { print substr($3, 1, 1), substr($3, 2), $1 }' |
        sort -k2,2n -k1,1 >"$1.syms" &&
    start=$(awk '$1 == "R" && $2 == 0 { print $3 }' "$1.syms") &&
    end=$(awk '$1 == "E" { e = $3 } END { print e }' "$1.syms") &&
    printf '%X:%X\n' "$((0x$start))" "$((0x$end - 1))" >"$1.range"
}

# compare CASES SYMS RANGE EXPECTED GOT: one line per differing case.
compare() {
    start=${3%:*}
    {
        od -An -v -tx1 "$4" | tr -d ' \n'; echo
        od -An -v -tx1 "$5" | tr -d ' \n'; echo
    } | awk -v cases="$1" -v syms="$2" -v start="$start" '
    function hv(s,   i, v) { v = 0; s = toupper(s)
        for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789ABCDEF", substr(s, i, 1)) - 1
        return v }
    NR == 1 { want = $0; next }
    NR == 2 { got = $0; next }
    END {
        while ((getline l < syms) > 0) { split(l, s, " "); a[s[1], s[2]] = hv(s[3]) }
        while ((getline l < cases) > 0) {
            split(l, c, "\t"); k = c[1]; total++
            off = (a["R", k] - hv(start)) * 2; len = (a["E", k] - a["R", k]) * 2
            w = substr(want, off + 1, len); g = substr(got, off + 1, len)
            if (w != g) {
                bad++
                printf "FAIL %s [%s]\n  hercules %s %s %s %s %s\n  imprun   %s %s %s %s %s\n", c[2], c[3],
                    substr(w, 1, 8), substr(w, 9, 8), substr(w, 17, 8), substr(w, 25, 24), substr(w, 49),
                    substr(g, 1, 8), substr(g, 9, 8), substr(g, 17, 8), substr(g, 25, 24), substr(g, 49)
            }
        }
        printf "%d of %d cases differ\n", bad, total
        exit bad != 0
    }'
}

if test -n "$T3500_RECORD"; then
    gen_source >dec.s && build dec && "$RUN" dec.bin "$(cut -d: -f1 dec.range)" \
        "$(cut -d: -f2 dec.range)" dec.herc >dec.psw || exit 1
    cp dec.bin "$GOLD.bin" && cp dec.herc "$GOLD.herc" && cp dec.cases "$GOLD.cases" &&
        cp dec.syms "$GOLD.syms" && cp dec.range "$GOLD.range" || exit 1
    echo "recorded $(wc -l <dec.cases) cases in $GOLD.*"
fi

test_expect_success "golden: $(wc -l <"$GOLD.cases" 2>/dev/null) decimal cases agree with Hercules" '
    test_timeout 600 imprun --core "$GOLD.bin" --savecore="gold.out:$(cat "$GOLD.range")" >gold.log 2>&1 ||
        { cat gold.log; false; } &&
    compare "$GOLD.cases" "$GOLD.syms" "$(cat "$GOLD.range")" "$GOLD.herc" gold.out
'

if test_have hercules && test -x "$RUN" && test_have s390x-linux-gnu-as &&
   test_have s390x-linux-gnu-objcopy && test_have s390x-linux-gnu-nm; then
    test_expect_success 'regenerated cases agree on Hercules and imprun' '
        gen_source >dec.s && build dec &&
        "$RUN" dec.bin "$(cut -d: -f1 dec.range)" "$(cut -d: -f2 dec.range)" dec.herc >dec.psw &&
        grep -q "PSW=000A0000 00000000" dec.psw &&
        test_timeout 600 imprun --core dec.bin --savecore="dec.out:$(cat dec.range)" >dec.log 2>&1 &&
        compare dec.cases dec.syms "$(cat dec.range)" dec.herc dec.out
    '
else
    test_skip 'regenerated cases on Hercules' 'hercules or binutils-s390x-linux-gnu missing'
fi

test_done
