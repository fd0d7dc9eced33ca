#!/bin/sh
# t1190: programs written for ASSIST, HLASM or z390 assemble unchanged,
# or get a message that names the feature IMP's System/370 lacks and what
# to write instead.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

# --- ASSIST's omitted operands ---------------------------------------------------------

test_expect_success 'XDUMP , (with and without a remark) is the register dump, as XDUMP alone' '
    asm_text "         XDUMP
         XDUMP ,
         XDUMP ,               dump the registers
         XDUMP   ,  dump" >actual &&
    echo E06000000000E06000000000E06000000000E06000000000 >expect &&
    test_cmp expect actual
'

test_expect_success 'XREAD area, and XPRNT area, take the default length' '
    asm_text "         USING *,15
         XREAD C,
         XPRNT C,
C        DS    CL133" >actual &&
    echo E000F00C0050E020F00C0085 >expect &&
    test_cmp expect actual
'

test_expect_success 'XPRNT , (no area) is an error naming the operands' '
    printf "T        CSECT\n         XPRNT ,\n         END\n" >xp.s &&
    test_must_fail impas xp.s 2>err &&
    test_grep "xp.s:2:.*XPRNT needs an operand: XPRNT area\\[,length\\]" err
'

# --- instructions of later architectures --------------------------------------------

test_expect_success 'a post-370 instruction names its architecture and the 370 sequence' '
    printf "T        CSECT\n         AHI   1,5\n         J     T\n         LARL  1,T\n         END\n" >later.s &&
    test_must_fail impas later.s 2>err &&
    test_grep "later.s:2:10: error: unknown operation code .AHI.: AHI is an instruction of ESA/390, not of System/370; write AH r,=H.n." err &&
    test_grep "later.s:3:10: error: .*J is an instruction of ESA/390.*write B label instead" err &&
    test_grep "later.s:4:10: error: .*LARL is an instruction of z/Architecture" err
'

test_expect_success 'every row of the table of later instructions gets its note (none is IMP'"'"'s)' '
    sed -n "s/^LATER(\\([A-Z]*\\),.*/\\1/p" "$IMP_TOP/asm/later.def" >names &&
    test $(wc -l <names) -gt 50 &&
    { echo "T        CSECT"; sed "s/^/         /" names; echo "         END"; } >all.s &&
    test_must_fail impas --max-errors=0 all.s 2>err &&
    test $(grep -c "is an instruction of .*, not of System/370" err) = $(wc -l <names)
'

test_expect_success 'an unknown operation code that is no later instruction has no note' '
    printf "T        CSECT\n         FROB  1\n         END\n" >frob.s &&
    test_must_fail impas frob.s 2>err &&
    test_grep "unknown operation code .FROB.\$" err
'

test_done
