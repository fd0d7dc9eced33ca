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

# GNU as is the independent reference for the architecture each row names:
# a 370-XA or ESA/390 instruction is known to it for a G5 (ESA/390), a
# z/Architecture one only for a z16.  JLU and JLNOP are HLASM's names of
# what GNU as spells JG and JGNOP.
# gnu_unknown MARCH MODE: the numbers of the lines of g.s (a mnemonic a
# line) whose mnemonic GNU as does not know for MARCH: one run for all.
gnu_unknown() {
    s390x-linux-gnu-as "$2" -march="$1" -o /dev/null g.s 2>&1 |
        sed -n "s/^g\.s:\([0-9]*\): Error: [Uu]nrecognized opcode.*/\1/p"
}
# later_rows G5 Z16 ROWS: each row "MNEMONIC ARCH" of ROWS (line N of g.s)
# agrees with GNU as (G5 and Z16: the lines it does not know for each).
later_rows() {
    awk 'FILENAME == ARGV[1] { g5[$1] = 1; next }
         FILENAME == ARGV[2] { z16[$1] = 1; next }
         { n++; mn = $1; arch = $0; sub(/^[^ ]* /, "", arch)
           g = (n in g5) ? 1 : 0; z = (n in z16) ? 1 : 0
           if (mn == "JLU" || mn == "JLNOP") next
           if ((arch == "370-XA" || arch == "ESA/390") && !g && !z) next
           if (arch == "z/Architecture" && g && !z) next
           printf "%s: later.def says %s; GNU as: unknown for G5 %d, for z16 %d\n", mn, arch, g, z
           bad = 1 }
         END { exit bad }' "$@"
}
if test_have s390x-linux-gnu-as; then
    test_expect_success 'the architecture of every later instruction, checked with GNU as' '
        sed -n "s/^LATER(\\([A-Z]*\\), *\"\\([^\"]*\\)\".*/\\1 \\2/p" "$IMP_TOP/asm/later.def" >rows &&
        test $(wc -l <rows) -gt 50 &&
        awk "{ print \"\t\" tolower(\$1) }" rows >g.s &&
        gnu_unknown g5 -m31 >g5.unknown && gnu_unknown z16 -m64 >z16.unknown &&
        test -s g5.unknown && later_rows g5.unknown z16.unknown rows
    '
else
    test_skip 'the architecture of every later instruction, checked with GNU as' 'no s390x-linux-gnu-as'
fi

test_expect_success 'an unknown operation code that is no later instruction has no note' '
    printf "T        CSECT\n         FROB  1\n         END\n" >frob.s &&
    test_must_fail impas frob.s 2>err &&
    test_grep "unknown operation code .FROB.\$" err
'

test_expect_success 'a misspelled operation: the names one slip away' '
    cat >typo.s <<-\X &&
	         MACRO
	         ADDUP &A
	         LA    1,&A
	         MEND
	T        CSECT
	         MVCC  A,B
	         XPRNTT A,1
	         ADDUPP 1
	         LRR   1,2
	         LX    1,A
	         BLAR  14,15
	A        DS    C
	B        DS    C
	         END
	X
    test_must_fail impas typo.s 2>err &&
    test_grep "^typo.s:6:10: error: unknown operation code .MVCC.; did you mean MVC?\$" err &&
    test_grep "^typo.s:7:10: error: unknown operation code .XPRNTT.; did you mean XPRNT?\$" err &&
    test_grep "^typo.s:8:10: error: unknown operation code .ADDUPP.; did you mean ADDUP?\$" err &&
    test_grep "^typo.s:9:10: error: unknown operation code .LRR.; did you mean LR?\$" err &&
    test_grep "^typo.s:10:10: error: unknown operation code .LX.\$" err &&
    test_grep "^typo.s:11:10: error: unknown operation code .BLAR.; did you mean BALR?\$" err
'

test_expect_success 'a misspelled symbol: the defined ones one slip away, never a digit' '
    cat >sym.s <<-\X &&
	T        CSECT
	         USING T,15
	LOOP     BCT   1,LOOPP
	         L     1,COUNTR
	         L     1,LOOP2
	         BR    14
	COUNTER  DC    F'"'"'1'"'"'
	LOOP1    DC    F'"'"'1'"'"'
	         END
	X
    test_must_fail impas sym.s 2>err &&
    test_grep "^sym.s:3:18: error: undefined symbol LOOPP; did you mean LOOP?\$" err &&
    test_grep "^sym.s:4:18: error: undefined symbol COUNTR; did you mean COUNTER?\$" err &&
    test_grep "^sym.s:5:18: error: undefined symbol LOOP2\$" err
'

test_expect_success 'an operation in column 1, a name indented: the columns are named' '
    cat >cols.s <<-\X &&
	T        CSECT
	LR       1,2
	  LOOP   AR    1,2
	         FROB  B
	         END
	X
    test_must_fail impas cols.s 2>err &&
    test_grep "^cols.s:2:10: error: unknown operation code .1,2.: the operation in column 1 was read as a name; an operation begins after a blank (indent it)\$" err &&
    test_grep "^cols.s:3:3: error: unknown operation code .LOOP.: the name before the operation was read as one; a name begins in column 1\$" err &&
    test_grep "^cols.s:4:10: error: unknown operation code .FROB.\$" err
'

# --- the macro language, as HLASM's Language Reference defines it ----------------------
# The sources are in tests/data/coursework.

cp "$TEST_DIR"/data/coursework/* .

# mnotes FILE: the texts of the comment MNOTEs of an assembly (--mnote-console).
mnotes() { impas --mnote-console "$1" -o mn.o 2>&1 | sed -n "s/^.*: note: MNOTE \*: //p"; }

test_expect_success 'a parameter that is a self-defining term is a number in SETA' '
    impas sdt.s && test "$(text sdt.o)" = 1106C208
'

test_expect_success 'sublists nest: &P(2,1), &P(2,2,1), N'"'"'&P(2), &SYSLIST(1,2,2,2)' '
    impas sub.s && test "$(text sub.o)" = C2C3C4C403020201
'

test_expect_success 'L'"'"' of packed and zoned constants is their assembled length (P'"'"'12345'"'"': 3)' '
    impas lpz.s && text lpz.o | grep -q "03030502\$"
'

test_expect_success '&SYSECT is the section at the call for all the expansion' '
    impas sect.s -l sect.lst &&
    grep -q "^000000 C3D6C4C5 .*DC    C.CODE." sect.lst &&
    grep -q "^000004 E8 .*DC    C.Y." sect.lst
'

test_expect_success 'MNOTE is listed under PRINT NOGEN; --mnote-console shows comment MNOTEs' '
    impas mn.s -l mn.lst 2>err &&
    grep -q "+          MNOTE .plain text." mn.lst &&
    grep -q "+          MNOTE \*,.star text." mn.lst &&
    ! grep -q "star text" err &&
    mnotes mn.s >actual && printf "plain text\nstar text\n" >expect && test_cmp expect actual
'

test_expect_success 'built-in functions giving characters: HLASM'"'"'s documented values' '
    mnotes bf.s >actual &&
    cat >expect <<-\EOF &&
	00000000000000000000000000000101,+0,-3,FFFFFFF9
	7,-7,+241
	C1F1,11110001,+193
	AB,1,-1
	1F,11110001,000000FF
	ABCdefhi
	A0000000A+5a&b
	EOF
    test_cmp expect actual
'

test_expect_success 'built-in functions giving numbers and truth values; shifts, bits in SETA' '
    mnotes bn.s >actual &&
    printf "207\n3\n8154\n27\n1\n0\n1\n35\n" >expect && test_cmp expect actual
'

test_expect_success 'a result with a byte X'"'"'00'"'"' is an error that says why' '
    printf "&C       SETC  A2C(1)\nT        CSECT\n         END\n" >a2c.s &&
    test_must_fail impas a2c.s 2>err &&
    test_grep "a2c.s:1:.*the result has a byte X.00., which a character value cannot hold in IMP" err
'

test_expect_success 'OPSYN renames an instruction, a macro, a directive; NAME OPSYN deletes' '
    impas op.s && test "$(text op.o)" = 5810F008C1C2C1C200000001 &&
    printf "LOAD     OPSYN L\nLOAD     OPSYN\nT        CSECT\n         LOAD  1,0\n         END\n" >del.s &&
    test_must_fail impas del.s 2>err && test_grep "del.s:4:10: error: unknown operation code .LOAD." err
'

test_expect_success 'an instruction before an OPSYN of its name is what it was when it was read' '
    printf "T        CSECT\n         LR    1,2+1\nLR       OPSYN AR\n         LR    1,2+1\n         MVC   0(2+1,1),X'"'"'0'"'"'(2)\nMVC      OPSYN\n         END\n" >late.s &&
    impas late.s && test "$(text late.o)" = 18131A13D20210002000
'

test_expect_success 'AREAD reads the line after the call (80 columns), which is not assembled' '
    impas ar.s && test "$(text ar.o | cut -c1-16)" = C8C940E3C8C5D9C5 &&
    test $(text ar.o | tr -d "\n" | wc -c) = 160
'

test_expect_success 'after a macro copied a member, AREAD and lookahead read the open code' '
    impas arcopy.s && test "$(text arcopy.o)" = D4E7E807
'

test_expect_success 'SETAF and SETCF are refused, saying why' '
    printf "&X       SETAF FN\n&Y       SETCF FN\n         END\n" >af.s &&
    test_must_fail impas af.s 2>err &&
    test_grep "af.s:1:10: error: SETAF calls an external function, a program of the host: IMP runs no host program" err &&
    test_grep "af.s:2:10: error: SETCF calls" err
'

test_expect_success 'an inner macro definition is a black box (HLASM): &X is its own parameter' '
    impas inner.s && test "$(text inner.o)" = C2
'

test_expect_success 'T'"'"' and L'"'"' look ahead to symbols defined later; D'"'"' only knows those before' '
    impas la.s -l la.lst &&
    test "$(text la.o | cut -c1-24)" = C31400D70300C90200000000 &&
    grep -q "DC    C.P.,AL1(3,1)" la.lst
'

test_expect_success 'COPY ASMMSP is found: the Toolkit'"'"'s structured macros are IMP'"'"'s library' '
    impas msp.s
'

test_expect_success 'WTO MF=L makes MVS'"'"'s list; MF=(E,list) and MF=(E,(r)) write it' '
    impas wto.s && impld -o wto.load wto.o && imprun wto.load >out 2>/dev/null &&
    printf "HELLO LIST\nHELLO LIST\n" >expect && test_cmp expect out &&
    text wto.o | grep -q "000E0000C8C5D3D3D640D3C9E2E3\$"
'

test_done
