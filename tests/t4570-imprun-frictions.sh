#!/bin/sh
# t4570-imprun-frictions.sh -- what a new user meets with "imprun prog.s":
# -I for COPY members, link errors that name the sources, notes that say
# what happened (return code, entry point, running into padding), and a
# trace that shows the source, EX targets and one CSECT.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# ---- -I DIR ---------------------------------------------------------------

mkdir inc incb
cat >inc/MYCONST.s <<'SRC'
RCVAL    EQU   7
SRC
cat >incb/MYCONST.s <<'SRC'
RCVAL    EQU   9
SRC
cat >cp.s <<'SRC'
CP       CSECT
         COPY  MYCONST
         LA    15,RCVAL
         BR    14
         END   CP
SRC

test_expect_success 'without -I the COPY member is not found' '
    test_must_fail imprun cp.s 2>err &&
    test_grep "cp.s:2:16: error: COPY member MYCONST not found" err
'

test_expect_success '-I DIR finds it' '
    { imprun -I inc cp.s 2>err; test $? -eq 3; } &&
    test_grep "return code 7\$" err
'

test_expect_success '-IDIR finds it too' '
    { imprun -Iinc cp.s 2>err; test $? -eq 3; } &&
    test_grep "return code 7\$" err
'

test_expect_success 'several -I: searched in order' '
    { imprun -I incb -I inc cp.s 2>err; test $? -eq 3; } &&
    test_grep "return code 9\$" err &&
    { imprun -I inc -I incb cp.s 2>err; test $? -eq 3; } &&
    test_grep "return code 7\$" err
'

test_expect_success 'the runtime stays on the search path after -I' '
    imprun -I inc "$IMP_TOP/examples/hello.s" >out 2>err &&
    test_grep "Hello, world!" out
'

test_expect_success '-I without a directory is a usage error' '
    { imprun -I 2>err; test $? -eq 2; } &&
    test_grep "option .-I. needs a directory" err
'

test_expect_success '--help mentions -I' '
    imprun --help >out &&
    test_grep "^  -I DIR " out
'

# ---- link errors name the sources -------------------------------------------

cat >main.s <<'SRC'
MAIN     CSECT
         USING MAIN,15
         L     15,=V(MISSING)
         LR    11,14
         BALR  14,15
         SR    15,15
         BR    11
         END   MAIN
SRC
cat >other.s <<'SRC'
* a second module that defines MAIN again
OTHER    CSECT
         BR    14
MAIN     CSECT
         BR    14
         END
SRC
cat >sub.s <<'SRC'
SUB      CSECT
         ENTRY MISSING
MISSING  BR    14
         END
SRC

# nothing about imprun's temporary objects (imprun.XXXXXX/1.o)
no_temp_paths() {
    ! grep -e /tmp/ -e imprun\\. -e "\\.o[: ]" -e "\\.o\$" "$1"
}

test_expect_success 'an unresolved V-con: the source line that refers to it' '
    printf "%s\n" "HELPER   CSECT" "         BR    14" "         END" >helper.s &&
    test_must_fail imprun main.s helper.s 2>err &&
    test_grep "^main.s:3: error: unresolved external symbol MISSING\$" err &&
    test $(wc -l <err) -eq 1 &&
    no_temp_paths err
'

test_expect_success 'a CSECT defined twice: both CSECT statements' '
    test_must_fail imprun main.s other.s 2>err &&
    test_grep "^other.s:4: error: duplicate external symbol MAIN: CSECT here, already defined as CSECT at main.s:1\$" err &&
    no_temp_paths err
'

test_expect_success 'an entry name that is also a CSECT: the label line' '
    sed "s/MISSING/MAIN/g" sub.s >sub2.s &&
    test_must_fail imprun main.s sub2.s 2>err &&
    test_grep "^sub2.s:3: error: duplicate external symbol MAIN: entry here, already defined as CSECT at main.s:1\$" err &&
    no_temp_paths err
'

test_expect_success 'an EXTRN never defined, used through an A-con literal' '
    cat >ext.s <<-\SRC &&
	EXT      CSECT
	         USING EXT,15
	         EXTRN GONE
	         SR    15,15
	         ICM   1,15,=A(GONE)
	         BR    14
	         END   EXT
	SRC
    test_must_fail imprun ext.s 2>err &&
    test_grep "^ext.s:5: error: unresolved external symbol GONE\$" err &&
    no_temp_paths err
'

test_expect_success 'the program links once the name is defined' '
    imprun main.s sub.s 2>err &&
    test_grep "return code 0\$" err
'

# ---- notes that say what happened ---------------------------------------

cat >norc.s <<'SRC'
NORC     CSECT
         BR    14
         END   NORC
SRC
cat >rc4.s <<'SRC'
RC4      CSECT
         LA    15,4
         BR    14
         END   RC4
SRC

test_expect_success 'return code = entry address: GR15 was not set' '
    { imprun norc.s 2>err; test $? -eq 3; } &&
    test_grep "return code 65536\$" err &&
    test_grep "^imprun: note: the return code is the entry address X.010000.: register 15 was not set before the return\$" err
'

test_expect_success 'the note follows the program to another origin' '
    { imprun --origin=0x20000 norc.s 2>err; test $? -eq 3; } &&
    test_grep "note: the return code is the entry address X.020000." err
'

test_expect_success 'a return code the program set: no note' '
    { imprun rc4.s 2>err; test $? -eq 3; } &&
    test_grep "return code 4\$" err &&
    ! grep "note:" err
'

test_expect_success 'no END operand: impld says which entry point it used' '
    printf "%s\n" "NOEND    CSECT" "         SR    15,15" "         BR    14" \
        "         END" >noend.s &&
    imprun noend.s 2>err &&
    test_grep "^impld: warning: no entry point (no END operand, ENTRY statement or -e): the program starts at its first CSECT, NOEND at X.010000.\$" err &&
    test_grep "return code 0\$" err
'

test_expect_success 'an END operand in one module: no warning' '
    printf "%s\n" "SUBR     CSECT" "         BR    14" "         END" >subr.s &&
    { imprun rc4.s subr.s 2>err; test $? -eq 3; } &&
    ! grep "warning" err
'

cat >fall.s <<'SRC'
FALL     CSECT
         LA    15,1
         END   FALL
SRC

test_expect_success 'running off the end into padding: a note names the CSECT' '
    { imprun fall.s 2>err; test $? -eq 4; } &&
    test_grep "program interruption 0001 (operation)" err &&
    test_grep "^imprun: note: X.0000. at X.010004. is past the end of CSECT FALL (X.010000.-X.010003.): the program ran off its end into padding" err
'

test_expect_success 'X.0000. inside a CSECT: no padding note' '
    printf "%s\n" "INDATA   CSECT" "         DC    X'"'"'0000'"'"'" "         BR    14" \
        "         END   INDATA" >indata.s &&
    { imprun indata.s 2>err; test $? -eq 4; } &&
    test_grep "at X.010000. INDATA+X.0." err &&
    ! grep "note:" err
'

# ---- the trace ----------------------------------------------------------

cat >ex.s <<'SRC'
EXPROG   CSECT
         USING EXPROG,15
         LA    1,4                 length - 1
         EX    1,MOVE              MVC with length 5
         L     15,=V(EXSUB)
         LR    9,14
         BALR  14,15
         SR    15,15
         BR    9
MOVE     MVC   TO(0),FROM          executed by EX
FROM     DC    C'ABCDE'
TO       DS    CL5
         LTORG
EXSUB    CSECT
         LA    3,3                 in the subroutine
         BR    14
         END   EXPROG
SRC

test_expect_success 'each trace line: CSECT+offset, disassembly, results, source' '
    imprun --trace ex.s 2>err &&
    test_grep "^010000 EXPROG+X.0.  *LA    1,4(0,0)  *CC0 GR01=00000004  *|          LA    1,4                 length - 1\$" err &&
    test_grep "^010030 EXSUB+X.0.  *LA    3,3(0,0)  *CC0 GR03=00000003  *|          LA    3,3                 in the subroutine\$" err
'

test_expect_success 'the source column lines up, EX lines too' '
    grep "^01" err | sed "s/|.*//" | awk "{ print length(\$0) }" | sort -u >widths &&
    test $(wc -l <widths) -eq 1
'

test_expect_success 'no source, no bar: the exit stub' '
    test_grep "^000F00  *SVC   3  *CC0\$" err &&
    test_grep "^000800  *DIAG  0,0,256(0)  *CC0\$" err
'

test_expect_success 'an EX line shows its target with the OR-ed length' '
    test_grep "^010004 EXPROG+X.4.  *EX    1,[0-9]*(0,15) -> MVC   [0-9]*(5,15),[0-9]*(15) CC0 *|          EX    1,MOVE " err
'

test_expect_success 'EX with R1 = 0 shows the target as it is' '
    sed "s/EX    1,MOVE/EX    0,MOVE/" ex.s >ex0.s &&
    imprun --trace ex0.s 2>err0 &&
    test_grep "EX    0,[0-9]*(0,15) -> MVC   [0-9]*(1,15),[0-9]*(15) " err0
'

test_expect_success '--trace=CSECT traces that CSECT only' '
    imprun --trace=EXSUB ex.s 2>err &&
    grep -v "^imprun:" err >lines &&
    test $(wc -l <lines) -eq 2 &&
    test_grep "^010030 EXSUB+X.0.  *LA    3,3(0,0)" lines &&
    test_grep "^010034 EXSUB+X.4.  *BR    14" lines &&
    ! grep EXPROG lines
'

test_expect_success '--trace=csect: any case, and it follows --origin' '
    imprun --trace=exsub --origin=0x30000 ex.s 2>err &&
    grep -v "^imprun:" err >lines &&
    test $(wc -l <lines) -eq 2 &&
    test_grep "^030034 EXSUB+X.4.  *BR    14" lines
'

test_expect_success '--trace=NAME of no CSECT: usage error listing the CSECTs' '
    { imprun --trace=NOSUCH ex.s 2>err; test $? -eq 2; } &&
    test_grep "^imprun: --trace=NOSUCH: the program has no CSECT NOSUCH (its CSECTs: EXPROG, EXSUB)\$" err
'

test_expect_success '--trace=1234 is still not a name' '
    test_must_fail imprun --trace=1234 ex.s 2>err &&
    test_grep "is not START:END (hex addresses) or a CSECT name" err
'

test_expect_success 'an END operand that names data: the entry point is named' '
    printf "%s\n" "ENDDATA  CSECT" "         BR    14" "DATA     DC    F'"'"'1'"'"'" \
        "         END   DATA" >enddata.s &&
    { imprun enddata.s 2>err; test $? -eq 4; } &&
    test_grep "program interruption 0001 (operation)" err &&
    test_grep "^  hint: this is the program.s entry point, and no instruction: the program started here; the END operand (or ENTRY, or impld -e) should name its first instruction\$" err &&
    ! grep "ran into zeros" err
'

# A program that does not fit: the message names the source the user
# gave, not the load module imprun built from it in a scratch folder.
test_expect_success 'a source too large for --storage: the message names the source' '
    { imprun --storage=64K "$IMP_TOP/examples/sieve.s" 2>err; test $? -eq 1; } &&
    test_grep "^imprun: .*examples/sieve.s: the program (X.010000.-X.011113.) does not fit in storage (65536 bytes)$" err &&
    ! grep -q "a\.load" err
'

test_done
