#!/bin/sh
# t1150: macro-using programs assemble to the same object (sections,
# text, relocation, symbols) as the same programs expanded by hand, and
# the ones that run give their expected output.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

D=$TEST_DIR/data/macro

# core OBJ: the records that say what was assembled (not where from).
core() { grep -E '^(ESD|TXT|RLD|XREF|SYM|END)' "$1"; }

for p in instructor linkage opencode; do
    test_expect_success "$p.s assembles to the object of $p.hand.s" "
        impas --sysparm=TEST -o $p.o $D/$p.s 2>err && ! test -s err &&
        impas --sysparm=TEST -o hand.o $D/$p.hand.s &&
        core $p.o >actual && core hand.o >expect && test_cmp expect actual &&
        test \$(grep -c '^TXT' $p.o) -gt 0
    "
done

test_expect_success 'linkage.s runs: SUBENTRY, WTO, CALL, IF, DO, SUBEXIT' '
    imprun $D/linkage.s >out 2>/dev/null &&
    printf "Hello from the macro library\ntwice 21 is 42\n" >expect &&
    test_cmp expect out
'
test_expect_success 'structured.s runs every path of IF, DO, SELECT as expected' '
    imprun $D/structured.s >out 2>/dev/null && test_cmp $D/structured.expected out
'
test_expect_success 'the listing marks generated statements with +' '
    impas -l lst $D/linkage.s &&
    test_grep "^000000 90EC D00C .* 2[0-9]+ *STM   14,12,12(13)" lst &&
    test_grep "  MAIN     SUBENTRY" lst &&
    test_grep "+ #@W0003 DC  C.Hello from the macro library." lst
'
test_expect_success 'PRINT NOGEN hides an expansion, MCALL shows inner calls' '
    cat >p.s <<-\X &&
	         MACRO
	         INNER
	         DC    C'"'"'I'"'"'
	         MEND
	         MACRO
	         OUTER
	         INNER
	         MEND
	P        CSECT
	         OUTER
	         PRINT NOGEN
	         OUTER
	         PRINT GEN,MCALL
	         OUTER
	         END
	X
    impas -l lst p.s &&
    test $(grep -c "+ *DC    C.I." lst) = 2 &&
    test $(grep -c "+ *INNER" lst) = 1
'
test_expect_success 'MNOTE: the message and its severity (8 is an error)' '
    cat >mn.s <<-\X &&
	         MACRO
	         CHECK &N
	         AIF   (&N LE 10).OK
	         MNOTE 8,'"'"'&N is more than 10'"'"'
	         MEXIT
	.OK      MNOTE 2,'"'"'&N is fine'"'"'
	         MEND
	P        CSECT
	         CHECK 5
	         CHECK 12
	         END
	X
    test_must_fail impas -l lst mn.s 2>err &&
    test_grep "mn.s:6:16: note: MNOTE 2: 5 is fine" err &&
    test_grep "mn.s:4:16: error: MNOTE 8: 12 is more than 10" err &&
    test_grep "mn.s:10:10: note: in expansion of macro CHECK called here" err &&
    test_grep "+ *MNOTE 8,.12 is more than 10." lst
'
test_expect_success '&SYSPARM is empty without --sysparm, &SYSDATE fixed' '
    cat >sp.s <<-\X &&
	         MACRO
	         P
	         DC    C'"'"'[&SYSPARM]&SYSDATE&SYSTIME'"'"'
	         MEND
	S        CSECT
	         P
	         END
	X
    impas sp.s && test "$(text sp.o)" = BABBF0F161F0F161F7F0F0F04BF0F0 &&
    impas --sysparm=AB sp.s && test "$(text sp.o)" = BAC1C2BBF0F161F0F161F7F0F0F04BF0F0
'
test_expect_success 'a macro library folder from -I and from IMP_MACLIB' '
    mkdir -p lib1 lib2 &&
    printf "         MACRO\n         ONE\n         DC    X'"'"'01'"'"'\n         MEND\n" >lib1/ONE.mac &&
    printf "         MACRO\n         TWO\n         DC    X'"'"'02'"'"'\n         MEND\n" >lib2/two.mac &&
    printf "L        CSECT\n         ONE\n         TWO\n         END\n" >l.s &&
    IMP_MACLIB=$PWD/lib2 impas -I lib1 l.s && test "$(text l.o)" = 0102 &&
    test_must_fail impas -I lib1 l.s 2>err &&
    test_grep "l.s:3:10: error: unknown operation code .TWO." err
'
test_expect_success 'a source definition takes the place of a library macro' '
    printf "         MACRO\n&N        SAVE  &R\n         DC    X'"'"'99'"'"'\n         MEND\nS        CSECT\n         SAVE  (14,12)\n         END\n" >o.s &&
    impas o.s && test "$(text o.o)" = 99
'
test_expect_success 'a * comment is generated as it is, a .* comment is not' '
    printf "         MACRO\n         M     &A\n* with &A and MEND in it\n.* not this\n         DC    C'"'"'&A'"'"'\n         MEND\nP        CSECT\n         M     X\n         END\n" >cm.s &&
    impas -l lst cm.s && test "$(text cm.o)" = E7 &&
    test_grep "^ *9+ \* with &A and MEND in it" lst && ! grep -q "+ \.\*" lst
'
test_expect_success 'open code: a call with SET symbols in its operands, a sequence symbol' '
    printf "         LCLC  &R\n&R       SETC  '"'"'(14,12)'"'"'\nP        CSECT\n         SAVE  &R\n.X       SAVE  (2,3)\n         END\n" >oc.s &&
    impas oc.s && test "$(text oc.o)" = 90ECD00C9023D01C
'
test_expect_success 'DCB EODAD=: GET goes there at the end of the file' '
    cat >eod.s <<-\X &&
	MAIN     CSECT
	         SAVE  (14,12),,*
	         LR    12,15
	         USING MAIN,12
	         OPEN  (IN,INPUT)
	LOOP     GET   IN,REC
	         WTO   '"'"'a line'"'"',ROUTCDE=11
	         B     LOOP
	EOF1     CLOSE (IN)
	         WTO   '"'"'the end'"'"'
	         LM    14,12,12(13)
	         SR    15,15
	         BR    14
	IN       DCB   DDNAME=INPUT,MACRF=GM,EODAD=EOF1,LRECL=80,BUF=REC
	REC      DS    CL80
	         END   MAIN
	X
    printf "1\n2\n" >in.txt &&
    imprun --file INPUT=in.txt eod.s >out 2>/dev/null &&
    printf "a line\na line\nthe end\n" >expect && test_cmp expect out &&
    impas -l lst eod.s && test_grep "B     10(0,15)" lst && test_grep "DC    CL5.MAIN." lst
'
test_expect_success 'CALL MF=L makes a list, MF=(E,list) fills it' '
    printf "P        CSECT\n         USING P,12\n         CALL  SUB,(A,B),VL,MF=(E,PL)\nPL       CALL  ,(A,B),VL,MF=L\nA        DC    F'"'"'1'"'"'\nB        DC    F'"'"'2'"'"'\n         END\n" >mf.s &&
    impas mf.s &&
    test "$(text mf.o)" = 4110C0204100C028500010004100C02C500010049680100458F0C03005EF0000000000288000002C000000010000000200000000
'
test_expect_success 'UPPER, LOWER, DOUBLE, INDEX, FIND; open code lists what it made' '
    cat >fn.s <<-\X &&
	         LCLC  &U,&L,&D
	         LCLA  &I,&F
	&U       SETC  (UPPER '"'"'abc'"'"')
	&L       SETC  (LOWER '"'"'&U'"'"')
	&D       SETC  (DOUBLE '"'"'a'"'"''"'"'b'"'"')
	&I       SETA  ('"'"'HELLO'"'"' INDEX '"'"'LL'"'"')
	&F       SETA  ('"'"'HELLO'"'"' FIND '"'"'XOL'"'"')
	P        CSECT
	         DC    C'"'"'&U&L'"'"',AL1(&I,&F),C'"'"'&D'"'"'
	         END
	X
    impas -l lst fn.s && test "$(text fn.o)" = C1C2C38182830303817D82 &&
    test_grep "DC    C.ABCabc.,AL1(3,3),C.a..b." lst
'
test_done
