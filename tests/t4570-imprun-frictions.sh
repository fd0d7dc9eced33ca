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

test_done
