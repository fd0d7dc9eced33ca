#!/bin/sh
# t4595-run-causes.sh -- real coursework runs unchanged and a student's
# mistake leads to its cause: files told by content, ASSIST jobs that end
# with BR 14, GETMAIN until the region runs out, stores made by services
# seen by PER and watchpoints, and reports that name the cause.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# ---- a load module is told by its content, never by its name ---------------

test_expect_success 'x.360 and X.MLC are sources' '
    cp "$IMP_TOP/examples/hello.s" x.360 &&
    cp x.360 X.MLC &&
    cp x.360 PROG.ASM &&
    imprun x.360 >out1 2>err1 &&
    test_grep "Hello, world!" out1 &&
    imprun X.MLC >out2 2>err2 &&
    test_cmp out1 out2 &&
    imprun PROG.ASM >out3 2>&1 &&
    test_grep "Hello, world!" out3
'

test_expect_success 'a load module under any name is a load module' '
    impas -o h.o x.360 &&
    impld -o hello.s h.o &&
    imprun hello.s >out 2>err &&
    test_grep "Hello, world!" out &&
    impld -o HELLO h.o &&
    imprun HELLO >out 2>err &&
    test_grep "Hello, world!" out
'

test_expect_success 'an object module says it is one' '
    test_must_fail imprun h.o 2>err &&
    test_grep "h.o:1:1: error: this is an object module, not a load module" err
'

test_expect_success 'a source and a load module under one --task do not mix' '
    { imprun HELLO x.360 2>err; test $? -eq 2; } &&
    test_grep "cannot mix sources and load modules" err
'

test_done
