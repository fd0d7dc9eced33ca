#!/bin/sh
# t5001: imp(7) is generated from lib/isa.def: it names every instruction
# and every extended mnemonic of the table, and it formats cleanly.
. "$(dirname "$0")/test-lib.sh"

PAGE=${IMP_BUILD:-$IMP_TOP/build}/man/imp.7
DEF=$IMP_TOP/lib/isa.def

test_expect_success 'the generated imp.7 exists' 'test -s "$PAGE"'

# The mnemonics come from the table itself, not from a list here.
sed -n 's/^INSN(\([A-Z0-9]*\),.*/\1/p' "$DEF" >insns
tr ' ' '\n' <"$DEF" | sed -n 's/^EXT(\([A-Z0-9]*\),.*/\1/p' >exts
sed -n 's/^INSN([A-Z0-9]*, *\(0x[0-9A-F]*\),.*/\1/p' "$DEF" |
    sed 's/^0x//' >opcodes
# Family members (INSNM, RX-SS): the opcode with the mask, as E02x.
sed -n 's/^INSNM(\([A-Z0-9]*\),.*/\1/p' "$DEF" >>insns
sed -n 's/^INSNM([A-Z0-9]*, *0x\([0-9A-F]*\), *0x\([0-9A-F]\),.*/\1\2x/p' "$DEF" >>opcodes

test_expect_success 'isa.def yields the instruction list' '
    test $(wc -l <insns) -ge 90 && test $(wc -l <exts) -ge 30 &&
    test $(wc -l <insns) -eq $(wc -l <opcodes) &&
    grep -q "^XPRNT$" insns && grep -q "^E02x$" opcodes
'
test_expect_success 'every instruction has a row with its opcode' '
    paste insns opcodes | while read -r name op; do
        grep -q "^$name	[^	]*	$op	" "$PAGE" ||
            { echo "no row for $name ($op)"; exit 1; }
    done
'
test_expect_success 'every extended mnemonic has a row' '
    while read -r name; do
        grep -q "^$name	" "$PAGE" || { echo "no row for $name"; exit 1; }
    done <exts
'
test_expect_success 'the page documents the host services and the odd-branch rule' '
    for s in HS_EXIT HS_PUTLINE HS_PUT HS_GETLINE HS_PUTDEC HS_PUTHEX \
             HS_OPEN HS_CLOSE HS_GET HS_PUTREC; do
        grep -q "$s" "$PAGE" || { echo "missing $s"; exit 1; }
        grep -q "^$s " "$IMP_TOP/vm/host/runtime/IMPSVC.s" ||
            { echo "IMPSVC lacks $s"; exit 1; }
    done &&
    grep -q "A branch to an odd address" "$PAGE"
'
if test_have man; then
    test_expect_success 'man formats imp.7 without warnings' '
        MANWIDTH=80 man --warnings -l "$PAGE" >out 2>err &&
        { test ! -s err || { cat err; false; }; } &&
        test_grep "INSTRUCTION SET" out
    '
elif test_have groff; then
    test_expect_success 'groff formats imp.7 without warnings' '
        groff -t -man -Tutf8 -ww "$PAGE" >out 2>err &&
        { test ! -s err || { cat err; false; }; }
    '
else
    test_skip 'imp.7 formats without warnings' 'neither man nor groff'
fi
test_done
