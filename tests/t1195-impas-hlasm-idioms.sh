#!/bin/sh
# t1195: the idioms of a second assembler course, each as HLASM reads
# it: the attributes of EQU symbols in conditional assembly, and the
# diagnostics a student meets when an idiom goes wrong (each with the
# file, line and column of its cause).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

test_expect_success 'L'"'"' and T'"'"' of EQU symbols in SETA/SETC: length and type operands' '
    cat >equ.s <<-\X &&
	P        CSECT
	&T1      SETC  T'"'"'TYPED
	&T2      SETC  T'"'"'WIDE
	&T3      SETC  T'"'"'LATER
	&L1      SETA  L'"'"'WIDE
	&L2      SETA  L'"'"'ALIAS
	&L3      SETA  L'"'"'LATER
	&L4      SETA  L'"'"'TYPED
	         DC    C'"'"'&T1&T2&T3'"'"',AL1(&L1,&L2,&L3,&L4)
	AREA     DS    CL40
	WIDE     EQU   AREA,20
	ALIAS    EQU   AREA+4
	TYPED    EQU   AREA,8,C'"'"'X'"'"'
	LATER    EQU   AREA+4,L'"'"'AREA-4*2,C'"'"'Q'"'"'
	         END
	X
    impas equ.s 2>err && ! test -s err &&
    test "$(text equ.o)" = E7E4D814282008
'
test_expect_success 'a circular EQU, asked for its length, is an error and no hang' '
    printf "P        CSECT\n&L       SETA  L'"'"'C1\n         DC    AL1(&L)\nC1       EQU   C2\nC2       EQU   C1\n         END\n" >circ.s &&
    test_must_fail test_timeout 10 impas circ.s 2>err &&
    test_grep "circ.s:4:.*error: circular definition" err
'
test_expect_success 'EQU: a type that is no self-defining term, and a fourth operand' '
    printf "P        CSECT\nA        DS    F\nT1       EQU   1,1,A\nT2       EQU   1,1,C'"'"'A'"'"',C'"'"'B'"'"'\n         END\n" >bad.s &&
    test_must_fail impas bad.s 2>err &&
    test_grep "bad.s:3:20: error: the type attribute of EQU must be one printable character" err &&
    test_grep "bad.s:4:25: error: EQU takes at most three operands" err
'
test_expect_success 'AIF to a sequence symbol the macro lacks: the column of the symbol' '
    printf "         MACRO\n         JUMP\n         AIF   (1 EQ 1).NOWHERE\n         MEND\nP        CSECT\n         JUMP\n         END\n" >aif.s &&
    test_must_fail impas aif.s 2>err &&
    test_grep "^aif.s:3:24: error: sequence symbol .NOWHERE is not in macro JUMP\$" err &&
    test_grep "^aif.s:6:10: note: in expansion of macro JUMP called here" err
'
test_expect_success 'an open-code AIF whose target never comes: file, line and column' '
    printf "P        CSECT\n         AIF   (1 EQ 1).MISSING\n         BR    14\n         END\n" >aifo.s &&
    test_must_fail impas aifo.s 2>err &&
    test_grep "^aifo.s:2:24: error: sequence symbol .MISSING is not found after the branch" err
'
test_expect_success 'an endless AGO loop in open code stops at ACTR with the AGO'"'"'s column' '
    printf "P        CSECT\n.BACK    ANOP\n         AGO   .BACK\n         END\n" >loop.s &&
    test_must_fail test_timeout 10 impas loop.s 2>err &&
    test_grep "^loop.s:3:16: error: more than the ACTR limit of branches (AIF/AGO) in open code" err
'
test_expect_success 'an endless AGO loop in a macro: the column, then the call' '
    printf "         MACRO\n         LOOPY\n.TOP     AGO   .TOP\n         MEND\nP        CSECT\n         LOOPY\n         END\n" >loopm.s &&
    test_must_fail test_timeout 10 impas loopm.s 2>err &&
    test_grep "^loopm.s:3:16: error: more than the ACTR limit of branches (AIF/AGO) in LOOPY" err &&
    test_grep "^loopm.s:6:10: note: in expansion of macro LOOPY called here" err
'
test_expect_success 'a DSECT field without its USING: the note says to map the DSECT' '
    printf "REC      DSECT\nFLD      DS    CL8\nP        CSECT\n         USING P,15\n         MVC   FLD,=CL8'"'"'X'"'"'\n         END\n" >ds.s &&
    test_must_fail impas ds.s 2>err &&
    test_grep "^ds.s:5:16: error: not addressable: no USING covers REC+X'"'"'0'"'"'" err &&
    test_grep "^ds.s:5:16: note: REC is a DSECT, a map of storage: .*USING REC,r" err &&
    ! grep "V-con" err
'
test_expect_success 'a plain name where only a labeled USING maps the DSECT: qualify it' '
    printf "REC      DSECT\nFLD      DS    CL8\nP        CSECT\n         USING P,15\nFROM     USING REC,3\n         MVC   FLD,=CL8'"'"'X'"'"'\n         MVC   FROM.FLD,=CL8'"'"'X'"'"'\n         END\n" >lu.s &&
    test_must_fail impas lu.s 2>err &&
    test $(grep -c ": error: " err) = 1 &&
    test_grep "^lu.s:6:16: note: REC is mapped only by the labeled USING FROM (register 3).*FROM.name" err &&
    ! grep "another base register" err
'
test_expect_success 'T'"'"' and K'"'"' in an ordinary operand: what they are, not an unterminated string' '
    printf "P        CSECT\n         DC    A(T'"'"'P)\n         LA    1,K'"'"'P\nT        DC    C'"'"'T'"'"',A(T)\n         END\n" >attr.s &&
    test_must_fail impas attr.s 2>err &&
    test $(grep -c ": error: " err) = 2 &&
    test_grep "^attr.s:2:18: error: T'"'"' (the type attribute) belongs to conditional assembly" err &&
    test_grep "^attr.s:3:18: error: K'"'"' (the count attribute) belongs to conditional assembly" err &&
    ! grep unterminated err
'
test_expect_success 'too many positional operands: a warning, unless the macro reads &SYSLIST' '
    cat >pos.s <<-\X &&
	         MACRO
	         TWO   &A,&B
	         DC    C'"'"'&A&B'"'"'
	         MEND
	         MACRO
	         ANY   &A
	&N       SETA  N'"'"'&SYSLIST
	         DC    AL1(&N)
	         MEND
	P        CSECT
	         TWO   1,2,3,4
	         TWO   1,2,
	         ANY   1,2,3
	         END
	X
    impas pos.s 2>err &&
    test $(grep -c ": warning: " err) = 1 &&
    test_grep "^pos.s:11:20: warning: macro TWO has 2 positional parameters: operand 3 and those after it reach only &SYSLIST, which TWO never reads" err &&
    test "$(text pos.o)" = F1F2F1F203
'
test_expect_success 'L'"'"' in a duplication factor or length of a symbol defined later: says so' '
    printf "P        CSECT\n         DC    (L'"'"'NAME)C'"'"'*'"'"'\n         DC    CL(L'"'"'NAME+2)'"'"'AB'"'"'\n         DC    (L'"'"'NOPE)C'"'"'*'"'"'\nNAME     DC    C'"'"'JOHN'"'"'\n         DC    (L'"'"'NAME)C'"'"'*'"'"'\n         END\n" >dup.s &&
    test_must_fail impas dup.s 2>err &&
    test $(grep -c ": error: " err) = 3 &&
    test_grep "^dup.s:2:17: error: L'"'"'NAME: NAME is defined only later (dup.s:5), and pass 1 needs its length here" err &&
    test_grep "^dup.s:3:19: error: L'"'"'NAME: NAME is defined only later (dup.s:5)" err &&
    test_grep "^dup.s:4:17: error: L'"'"' of undefined symbol NOPE" err
'
test_expect_success 'MNOTE with a severity: file:line:col of its operand, in a macro and in open code' '
    printf "         MACRO\n         WARNIT &A\n         MNOTE 4,'"'"'HIGH &A'"'"'\n         MEND\nP        CSECT\n         WARNIT ABE\n         MNOTE 8,'"'"'SEVERE'"'"'\n         END\n" >mn.s &&
    test_must_fail impas mn.s 2>err &&
    test_grep "^mn.s:3:16: warning: MNOTE 4: HIGH ABE\$" err &&
    test_grep "^mn.s:6:10: note: in expansion of macro WARNIT called here" err &&
    test_grep "^mn.s:7:16: error: MNOTE 8: SEVERE\$" err
'
test_expect_success 'ORG address,boundary,offset aligns as HLASM does; bad boundaries are errors' '
    printf "P        CSECT\n         DC    C'"'"'A'"'"'\n         ORG   *,8\n         DC    C'"'"'B'"'"'\n         ORG   ,16,2\n         DC    C'"'"'C'"'"'\n         ORG   P+24,4,-1\n         DC    C'"'"'D'"'"'\n         END\n" >org.s &&
    impas org.s 2>err && ! test -s err &&
    test "$(text org.o)" = C100000000000000C2000000000000000000C300000000C4 &&
    printf "P        CSECT\n         ORG   *,3\n         ORG   *,8192\n         ORG   *,8,1,2\n         END\n" >orgbad.s &&
    test_must_fail impas orgbad.s 2>err &&
    test_grep "^orgbad.s:2:18: error: ORG boundary must be a power of 2 from 2 to 4096" err &&
    test_grep "^orgbad.s:3:18: error: ORG boundary must be a power of 2" err &&
    test_grep "^orgbad.s:4:22: error: ORG takes at most three operands" err
'
test_expect_success 'a dependent USING and an address in DROP: errors that say what they are' '
    printf "REC      DSECT\nRA       DS    CL8\nINNER    DSECT\nIA       DS    F\nP        CSECT\n         USING P,12\n         USING REC,3\n         USING INNER,RA+4\n         DROP  P\n         END\n" >dep.s &&
    test_must_fail impas dep.s 2>err &&
    test_grep "^dep.s:8:22: error: a register expected: an address here makes a dependent USING, which IMP does not support" err &&
    test_grep "^dep.s:9:16: error: a register or the label of a USING expected, not an address" err &&
    ! grep "absolute expression required" err
'
test_expect_success 'SRP with a negative shift: write 64-n; MVI with two characters: one byte' '
    printf "P        CSECT\n         USING P,15\n         SRP   PK,-3,5\n         SRP   PK,64-3,5\n         MVI   PK,C'"'"'AB'"'"'\nPK       DS    PL8\n         END\n" >srp.s &&
    test_must_fail impas srp.s 2>err &&
    test $(grep -c ": error: " err) = 2 &&
    test_grep "^srp.s:3:19: error: shift -3: SRP shifts by the low 6 bits of its second operand.s address, a number 0-63; a right shift of 3 is written 64-3" err &&
    test_grep "^srp.s:5:19: error: immediate value 49602 (X.C1C2.) out of range (0-255): it is one byte" err
'
test_expect_success 'a macro call: a keyword twice, an unclosed parenthesis, an unclosed quote' '
    cat >call.s <<-\X &&
	         MACRO
	&L       KW    &A,&K=1
	&L       DS    0H
	         MEND
	P        CSECT
	LAB      KW    Q,K=2,K=3
	         KW    (A,B
	         KW    '"'"'A,B
	         KW    C'"'"'A'"'"''"'"'B'"'"',K=4
	         KW    L'"'"'P
	         END
	X
    test_must_fail impas call.s 2>err &&
    test_grep "^call.s:6:22: error: keyword K is given twice: the last value is used" err &&
    test_grep "^call.s:7:16: error: this parenthesis is never closed" err &&
    test_grep "^call.s:8:16: error: this quote opens a string that the operands never close" err &&
    ! grep "^call.s:9:\|^call.s:10:" err
'
test_expect_success 'a SETC value past 4096 characters is an error however it is made' '
    cat >long.s <<-\X &&
	P        CSECT
	&E       SETC  (4096)'"'"'A'"'"'
	&F       SETC  '"'"'&E.B'"'"'
	&G       SETC  '"'"'&E'"'"'.'"'"'B'"'"'
	&H       SETC  (2000)'"'"'AB'"'"'
	&I       SETC  C2X('"'"'&H'"'"')
	&J       SETC  (5000)'"'"'A'"'"'
	&K       SETA  K'"'"'&E
	         DC    AL2(&K)
	         END
	X
    test_must_fail impas long.s 2>err &&
    test $(grep -c ": error: " err) = 4 &&
    test_grep "^long.s:3:20: error: a character value longer than 4096" err &&
    test_grep "^long.s:4:24: error: a character value longer than 4096" err &&
    test_grep "^long.s:6:25: error: C2X makes a character value of 8000 characters: the limit is 4096" err &&
    test_grep "^long.s:7:25: error: (5000)..... makes 5000 characters: a character value is at most 4096" err
'
test_expect_success 'a call of a macro whose prototype has errors says so, not "did you mean DP?"' '
    printf "         MACRO\n         DUP   &A,&A\n         DC    C'"'"'&A'"'"'\n         MEND\nP        CSECT\n         DUP   1,2\n         END\n" >dup2.s &&
    test_must_fail impas dup2.s 2>err &&
    test_grep "^dup2.s:2:19: error: parameter &A given twice" err &&
    test_grep "^dup2.s:6:10: error: macro DUP is not expanded: its prototype (dup2.s:2) has errors" err &&
    ! grep "did you mean" err
'
test_expect_success 'L'"'"' of an undefined symbol in SETA: the caret under the attribute' '
    printf "P        CSECT\n&Y       SETA  L'"'"'UNDEF+1\n&T       SETC  T'"'"'UNDEF\n         DC    C'"'"'&T'"'"'\n         END\n" >lu2.s &&
    test_must_fail impas lu2.s 2>err &&
    test $(grep -c ": error: " err) = 1 &&
    test_grep "^lu2.s:2:16: error: L'"'"'UNDEF: the symbol is not defined in the source" err
'
test_expect_success 'an EQU type that is no printable character is an error; a letter links' '
    printf "P        CSECT\nT1       EQU   P,1,C'"'"' '"'"'\nT2       EQU   P,1,X'"'"'15'"'"'\n         END\n" >blank.s &&
    test_must_fail impas blank.s 2>err &&
    test $(grep -c "one printable character" err) = 2 &&
    printf "P        CSECT\nT3       EQU   P,1,C'"'"'q'"'"'\n         BR    14\n         END   P\n" >q.s &&
    impas q.s && grep "^SYM .* T3 000000 1 q\$" q.o && impld -o q.load q.o
'
test_expect_success 'an outer macro'"'"'s AGO .X skips an inner definition that has its own .X' '
    cat >inner.s <<-\X &&
	         MACRO
	         OUTER
	         AGO   .X
	         MACRO
	         INNER
	.X       DC    C'"'"'INNER'"'"'
	         MEND
	.X       DC    C'"'"'OUTER'"'"'
	         MEND
	P        CSECT
	         OUTER
	         END
	X
    impas inner.s 2>err && ! test -s err &&
    test "$(text inner.o)" = D6E4E3C5D9
'
test_expect_success 'a sequence symbol defined twice, in a macro and in open code, is an error' '
    cat >seq2.s <<-\X &&
	         MACRO
	         DSEQ
	         AGO   .A
	.A       DC    C'"'"'1'"'"'
	.A       DC    C'"'"'2'"'"'
	         MEND
	P        CSECT
	         DSEQ
	.B       ANOP
	.B       ANOP
	         END
	X
    test_must_fail impas seq2.s 2>err &&
    test $(grep -c ": error: " err) = 2 &&
    test_grep "^seq2.s:5:1: error: sequence symbol .A is already defined in macro DSEQ (seq2.s:4); branches go to that one" err &&
    test_grep "^seq2.s:10:1: error: sequence symbol .B is already defined (seq2.s:9)" err
'
test_expect_success 'a System/370 instruction IMP leaves out names its group, not a typing slip' '
    printf "P        CSECT\n         AER   0,2\n         SIO   0\n         LD    0,0(1)\n         END\n" >absent.s &&
    test_must_fail impas absent.s 2>err &&
    test_grep "^absent.s:2:10: error: unknown operation code .AER.: AER is a System/370 floating-point instruction, which IMP.s machine leaves out (imp(7)); IMP has no floating point" err &&
    test_grep "^absent.s:3:10: error: unknown operation code .SIO.: SIO is a System/370 channel I/O instruction" err &&
    test_grep "^absent.s:4:10: error: unknown operation code .LD.: LD is a System/370 floating-point" err &&
    ! grep "did you mean" err
'
test_expect_success 'every row of absent.def gets its note, and none is an instruction of IMP'"'"'s' '
    grep -o "ABSENT([A-Z]*, *[A-Z]*)" "$IMP_TOP/asm/absent.def" |
        sed "s/ABSENT(\([A-Z]*\), *\([A-Z]*\))/\1 \2/" >rows &&
    test $(wc -l <rows) -gt 70 &&
    { echo "T        CSECT"; awk "{ print \"         \" \$1 }" rows; echo "         END"; } >all.s &&
    test_must_fail impas --max-errors=0 all.s 2>err &&
    test $(grep -c "is a System/370 .* instruction, which IMP.s machine leaves out" err) = $(wc -l <rows)
'
if test_have s390x-linux-gnu-as; then
    test_expect_success 'GNU as knows every floating-point, dual-space, MP and MVCIN row (ESA/390 kept them)' '
        awk "\$2 != \"IO\" && \$2 != \"KEYS\" { print \"\t\" tolower(\$1) }" rows >g.s &&
        test $(wc -l <g.s) -gt 55 &&
        { s390x-linux-gnu-as -m31 -march=g5 -o g.o g.s 2>gerr; test -s gerr; } &&
        ! grep -i "unrecognized opcode" gerr &&
        printf "\tsio\n" >io.s &&
        { s390x-linux-gnu-as -m31 -march=g5 -o io.o io.s 2>ioerr; grep -i "unrecognized opcode" ioerr; }
    '
else
    test_skip 'GNU as knows the absent rows' 'no s390x-linux-gnu-as'
fi
test_expect_success 'SETA arithmetic as HLASM does it, and a number past the limit says which' '
    printf "P        CSECT\n         PRINT DATA\n&A       SETA  -5/2\n&B       SETA  (-8 SRA 1)\n&C       SETA  (-8 SRL 1)\n&D       SETA  -2147483647-1\n         DC    F'"'"'&A,&B,&C,&D'"'"'\n&E       SETA  -2147483648\n         END\n" >seta.s &&
    test_must_fail impas seta.s 2>err &&
    test $(grep -c ": error: " err) = 1 &&
    test_grep "^seta.s:8:17: error: number too large (the limit is 2147483647; -2147483648 is written -2147483647-1)" err &&
    test_must_fail impas -l lst seta.s 2>/dev/null &&
    grep -q "FFFFFFFEFFFFFFFC" lst && grep -q "7FFFFFFC80000000" lst
'
test_expect_success 'an open-code AGO skips a macro definition, and a .SKIP inside it' '
    cat >skipdef.s <<-\X &&
	P        CSECT
	         AGO   .SKIP
	         MACRO
	         M1
	.SKIP    DC    C'"'"'IN'"'"'
	         MEND
	.SKIP    DC    C'"'"'OUT'"'"'
	         END
	X
    impas skipdef.s 2>err && ! test -s err &&
    test "$(text skipdef.o)" = D6E4E3
'
test_expect_success 'lookahead for L'"'"' passes over the model statements of a macro definition' '
    cat >ahead.s <<-\X &&
	P        CSECT
	&L       SETA  L'"'"'FLD
	         DC    AL1(&L)
	         MACRO
	         GEN
	FLD      DC    CL20'"'"' '"'"'
	         MEND
	FLD      DC    CL8'"'"' '"'"'
	         END
	X
    impas ahead.s 2>err && ! test -s err &&
    test "$(text ahead.o | cut -c1-2)" = 08
'
test_expect_success 'DC: an empty X or B value and a second decimal point are errors' '
    printf "P        CSECT\n         DC    X'"'"''"'"'\n         DC    B'"'"''"'"'\n         DC    P'"'"'1.2.3'"'"'\n         DC    Z'"'"'1..5'"'"'\n         DC    F'"'"'1,,2'"'"'\n         DC    P'"'"'1.25'"'"',Z'"'"'-1.5'"'"'\n         END\n" >dcbad.s &&
    test_must_fail impas dcbad.s 2>err &&
    test $(grep -c ": error: " err) = 5 &&
    test_grep "^dcbad.s:2:18: error: empty value in constant" err &&
    test_grep "^dcbad.s:3:18: error: empty value in constant" err &&
    test_grep "^dcbad.s:4:21: error: a second decimal point in a decimal constant" err &&
    test_grep "^dcbad.s:5:20: error: a second decimal point" err &&
    test_grep "^dcbad.s:6:20: error: empty value in constant" err &&
    printf "P        CSECT\n         DC    P'"'"'1.25'"'"',Z'"'"'-1.5'"'"'\n         END\n" >dcok.s &&
    impas dcok.s && test "$(text dcok.o)" = 125CF1D5
'
test_expect_success 'L'"'"' in SETA of an EQU whose length operand is an absolute EQU symbol' '
    cat >equval.s <<-\X &&
	P        CSECT
	&A       SETA  L'"'"'X
	&B       SETA  L'"'"'Y
	&C       SETA  L'"'"'Z
	         DC    AL1(&A,&B,&C)
	AREA     DS    CL100
	RECLEN   EQU   80
	HALF     EQU   RECLEN/2
	X        EQU   AREA,RECLEN
	Y        EQU   AREA,HALF+2
	Z        EQU   AREA,L'"'"'AREA-RECLEN
	         END
	X
    impas equval.s 2>err && ! test -s err &&
    test "$(text equval.o | cut -c1-6)" = 502A14
'
test_expect_success 'EQUs that name the next EQU three times: L'"'"' is found, or given up, at once' '
    awk -v n=40 "BEGIN { print \"P        CSECT\"; print \"&L       SETA  L\047X\"
        print \"         DC    AL1(&L)\"; print \"AREA     DS    CL100\"
        print \"X        EQU   AREA,A1\"
        for (i = 1; i <= n; i++) printf \"A%-8d EQU   A%d+A%d-A%d\\n\", i, i + 1, i + 1, i + 1
        printf \"A%-8d EQU   7\\n\", n + 1; print \"         END\" }" >chain.s &&
    test_timeout 20 impas chain.s &&
    sed "s/^A6 .*/A6        EQU   7/; /^A[1-9][0-9] /d; /^A[7-9] /d" chain.s >chain5.s &&
    impas chain5.s && test "$(text chain5.o | cut -c1-2)" = 07
'
test_expect_success 'COPY in a macro definition: the member'"'"'s statements are model statements' '
    printf "         DC    C'"'"'&A'"'"'\n         COPY  CPYW\n" >CPYV.cpy &&
    printf "         DC    C'"'"'&A.2'"'"'\n" >CPYW.cpy &&
    cat >cm.s <<-\X &&
	         MACRO
	         CM    &A
	         COPY  CPYV
	         MEND
	P        CSECT
	         CM    XY
	         CM    ZW
	         END
	X
    impas cm.s 2>err && ! test -s err &&
    test "$(text cm.o)" = E7E8E7E8F2E9E6E9E6F2 &&
    printf "         MACRO\n         CN\n         COPY  NOSUCH\n         MEND\nP        CSECT\n         END\n" >cn.s &&
    test_must_fail impas cn.s 2>err &&
    test_grep "^cn.s:3:16: error: COPY member NOSUCH not found" err
'
test_expect_success 'ENTRY, EXTRN and WXTRN without a name are errors' '
    printf "P        CSECT\n         ENTRY\n         EXTRN\n         WXTRN\n         BR    14\n         END\n" >ent.s &&
    test_must_fail impas ent.s 2>err &&
    test $(grep -c ": error: " err) = 3 &&
    test_grep "^ent.s:2:10: error: ENTRY needs the names of labels" err &&
    test_grep "^ent.s:3:10: error: EXTRN needs the names of external symbols" err &&
    test_grep "^ent.s:4:10: error: WXTRN needs the names of external symbols" err
'
test_expect_success 'O'"'"' tells macros, instructions, mnemonics and directives apart' '
    cat >oattr.s <<-\X &&
	         MACRO
	         MYMAC
	         MEND
	P        CSECT
	&A       SETC  O'"'"'MVC
	&B       SETC  O'"'"'BNE
	&C       SETC  O'"'"'CSECT
	&D       SETC  O'"'"'AIF
	&E       SETC  O'"'"'MYMAC
	&F       SETC  O'"'"'SAVE
	&G       SETC  O'"'"'NOSUCH
	&OP      SETC  '"'"'lr'"'"'
	&H       SETC  O'"'"'&OP
	         DC    C'"'"'&A&B&C&D&E&F&G&H'"'"'
	         SAVE  (14,12)
	&I       SETC  O'"'"'SAVE
	         DC    C'"'"'&I'"'"'
	         END
	X
    impas oattr.s 2>err && ! test -s err &&
    test "$(text oattr.o)" = D6C5C1C1D4E2E4D690ECD00CD4
'
test_expect_success 'a literal pool out of the base register'"'"'s reach: the note says LTORG' '
    printf "P        CSECT\n         USING P,15\n         L     1,=F'"'"'1'"'"'\n         DS    5000C\n         END\n" >farlit.s &&
    test_must_fail impas farlit.s 2>err &&
    test_grep "^farlit.s:3:18: error: not addressable: no USING covers P+X.1390." err &&
    test_grep "^farlit.s:3:18: note: =F.1. is in the literal pool at X.1390. of its section: an LTORG where the base register reaches" err &&
    printf "P        CSECT\n         USING P,15\n         L     1,=F'"'"'1'"'"'\n         LTORG\n         DS    5000C\n         END\n" >nearlit.s &&
    impas nearlit.s
'
test_done
