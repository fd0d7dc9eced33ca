#!/bin/sh
# t4060: LPSW of an invalid EC-mode PSW (bit 31 on): the PSW is loaded as
# it is, the next fetch raises specification 0006 with ILC 0, and the old
# PSW stored at X'28' is the invalid PSW bit for bit; a core image's
# restart stores a zero old PSW at X'08'.  Expected values seen on
# Hercules 3.13 (S/370); the live comparison runs when Hercules is there.
. "$(dirname "$0")/test-lib.sh"

# The image, byte by byte: restart PSW, program new PSW (disabled wait
# X'999'), LPSW 0x208(0) at X'200' and the invalid PSW at X'208'.
mkimage() {
    perl -e '
        my $m = "\0" x 0x210;
        substr($m, 0x000, 8) = pack("NN", 0x00080000, 0x200);
        substr($m, 0x068, 8) = pack("NN", 0x000A0000, 0x999);
        substr($m, 0x200, 4) = pack("N", 0x82000208);
        substr($m, 0x208, 8) = pack("NN", 0x00080001, 0x1234);
        print $m' >lpsw.img
}
hex() { od -A n -t x1 -j "$2" -N "$3" "$1" | tr -d ' \n' | tr a-f A-F; }

test_expect_success 'imprun: old PSW is the invalid PSW, ILC 0, code 0006' '
    mkimage &&
    imprun -q --core lpsw.img --savecore=imp.bin:0:FF &&
    test "$(hex imp.bin 40 8)" = 0008000100001234 &&
    test "$(hex imp.bin 140 4)" = 00000006 &&
    test "$(hex imp.bin 8 8)" = 0000000000000000
'
if test_have hercules; then
    test_expect_success 'Hercules stores the same low storage' '
        "$IMP_TOP/tests/oracle/hercules-run.sh" lpsw.img 0 FF herc.bin >psw &&
        cmp imp.bin herc.bin
    '
else
    test_skip 'Hercules comparison' 'hercules not installed'
fi
test_done
