#!/bin/sh
# t4530-imprun-source.sh -- "imprun prog.s": assemble with impas, link
# with impld and run in one step; the temporary files disappear, errors
# in the source stop before the run, and the report of a program check
# points at the source line.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
use_supervisor      # its programs use DIAGNOSE: supervisor state
need_tools

mkdir tmp
TMPDIR=$PWD/tmp
export TMPDIR

cat >hello.s <<'SRC'
HELLO    CSECT
         USING HELLO,15
         LA    2,MSG
         LA    3,L'MSG
         DIAG  2,3,X'008'          PUTLINE
         LA    15,4
         BR    14
MSG      DC    C'Hello from source'
         END   HELLO
SRC

test_expect_success 'assemble, link and run in one step' '
    { imprun hello.s >out 2>err; test $? -eq 3; } &&
    echo "Hello from source" >expect && test_cmp expect out &&
    test_grep "return code 4" err
'
test_expect_success 'the temporary directory is removed' '
    { imprun -q hello.s >/dev/null 2>&1; test $? -eq 3; } &&
    test -d tmp && test -z "$(ls -A tmp)"
'
test_expect_success '--origin applies to the link' '
    { imprun -q --origin=0x40000 --regs hello.s >out 2>err; test $? -eq 3; } &&
    test_grep "GR02=00040012" err
'

cat >main.s <<'SRC'
MAIN     CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    13,SAVE
         L     15,=V(SUB)
         BALR  14,15
         L     13,SAVE+4
         LM    14,12,12(13)
         SR    15,15
         BR    14
SAVE     DS    18F
         LTORG
         END   MAIN
SRC
cat >sub.s <<'SRC'
SUB      CSECT
         USING SUB,15
         LA    2,TEXT
         LA    3,L'TEXT
         DIAG  2,3,X'008'
         BR    14
TEXT     DC    C'in SUB'
         END
SRC
test_expect_success 'two sources: a call through a V-constant and back' '
    imprun -q main.s sub.s >out &&
    echo "in SUB" >expect && test_cmp expect out
'

cat >div.s <<'SRC'
DIV      CSECT
         LA    2,0
         LA    3,7
         SR    4,4
         DR    2,4                 boom
         BR    14
         END
SRC
test_expect_success 'a program check names the source line' '
    { imprun div.s 2>err; test $? -eq 4; } &&
    test_grep "0009 (fixed-point divide)" err &&
    test_grep "DIV+X.A. (.*div.s:5): DR    2,4" err &&
    test_grep "DR    2,4  *boom" err
'

printf "BAD      CSECT\n         NOSUCH 1,2\n         END\n" >bad.s
test_expect_success 'a source with errors: impas diagnostics, exit 1, nothing run' '
    { imprun bad.s >out 2>err; test $? -eq 1; } &&
    test_grep "bad.s:2:" err && ! test -s out &&
    test -z "$(ls tmp)"
'
test_expect_success 'a missing source: exit 1' '
    { imprun nosuch.s 2>err; test $? -eq 1; } && test_grep "nosuch.s" err
'
test_done
