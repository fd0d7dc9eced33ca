#!/bin/sh
# t1900-gnu-as.sh -- every instruction of lib/isa.def (each INSN and EXT
# row but the ASSIST tier's, several operand variants each) assembles to the same bytes with
# impas as with GNU as (s390x-linux-gnu-as -m31), the independent
# reference.  tests/oracle/gen-encodings.c writes both sources; the first
# checks also hold lib/isa.c's encoder to GNU as.
. "$(dirname "$0")/test-lib.sh"

ORACLE=$IMP_TOP/tests/oracle

if ! test_have s390x-linux-gnu-as || ! test_have s390x-linux-gnu-objcopy; then
    test_skip 'encodings agree with GNU as' 'binutils-s390x-linux-gnu not installed'
    test_done
fi

test_expect_success 'build the encoding generator' '
    oracle_tool gen-encodings "$ORACLE/gen-encodings.c"
'

test_expect_success 'generate HLASM and GNU sources for every table row' '
    ./gen-encodings emit enc.s gnu.s enc.list &&
    test $(wc -l <enc.list) -ge 700
'

test_expect_success 'GNU as assembles the reference' '
    s390x-linux-gnu-as -m31 -o gnu.o gnu.s &&
    s390x-linux-gnu-objcopy -O binary gnu.o gnu.bin
'

test_expect_success 'isa_encode agrees with GNU as for every instruction' '
    ./gen-encodings table enc.list gnu.bin
'

test_expect_success 'impas assembles every instruction without errors' '
    impas -o enc.o enc.s
'

test_expect_success 'impas bytes agree with GNU as for every instruction' '
    ./gen-encodings object enc.list gnu.bin enc.o
'

test_done
