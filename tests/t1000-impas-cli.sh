#!/bin/sh
# t1000: impas command line: options, default names, exit statuses, outputs.
. "$(dirname "$0")/test-lib.sh"

cat >ok.s <<'X'
OK       CSECT
         BR    14
         END   OK
X
cat >bad.s <<'X'
BAD      CSECT
         LR    1,16
         END
X

test_expect_success 'default object name replaces .s by .o in the current directory' '
    mkdir -p sub && cp ok.s sub/prog.s && impas sub/prog.s && test -f prog.o &&
    head -1 prog.o >first && echo "IMPOBJ 1" >expect && test_cmp expect first
'
test_expect_success '.asm sources get .o too' '
    cp ok.s two.asm && impas two.asm && impas -o ok.o ok.s &&
    test_grep "^ESD 1 SD OK 000000 2" two.o &&
    grep -v "^FILE " two.o >two.txt && grep -v "^FILE " ok.o >ok.txt && test_cmp ok.txt two.txt
'
test_expect_success '-o names the object' '
    impas -o out.obj ok.s && test_grep "^ESD 1 SD OK 000000 2" out.obj &&
    test_grep "^TXT 1 000000 07FE" out.obj && test_grep "^END 1 000000" out.obj
'
test_expect_success 'listing to a file and to standard output' '
    impas -l ok.lst ok.s && test_grep "BR    14" ok.lst &&
    impas --listing=- ok.s >out && test_grep "Source Statement" out
'
test_expect_failure_status 'errors in the source exit 1' 1 'impas bad.s'
test_expect_success 'no object is written when the source has errors' '
    rm -f bad.o && test_must_fail impas bad.s 2>err && ! test -f bad.o &&
    test_grep "bad.s:2:18: error: register 16 out of range" err
'
test_expect_success 'the object of an earlier assembly goes with a failed one' '
    echo stale >bad.o && test_must_fail impas bad.s 2>err && ! test -e bad.o
'
test_expect_failure_status 'a missing source exits 2' 2 'impas nosuch.s'
test_expect_failure_status 'no source exits 2' 2 'impas'
test_expect_failure_status 'two sources exit 2' 2 'impas ok.s ok.s'
test_expect_failure_status 'an unknown option exits 2' 2 'impas --frobnicate ok.s'
test_expect_failure_status 'a bad --max-errors exits 2' 2 'impas --max-errors=x ok.s'
test_expect_success 'warnings alone exit 0' '
    printf "W        CSECT\n         MR    3,4\n         END\n" >w.s && impas w.s 2>err &&
    test_grep "warning: MR needs an even register" err
'
test_expect_failure_status '--werror makes warnings errors' 1 'impas --werror w.s'
test_expect_failure_status '-W error too' 1 'impas -W error w.s'
test_expect_success '--max-errors caps the messages' '
    for i in 1 2 3 4 5 6; do echo "         LR    1,99"; done >many.s &&
    test_must_fail impas --max-errors=3 many.s 2>err &&
    test "$(grep -c "error: register" err)" = 3 && test_grep "too many errors" err
'
test_expect_success 'an unwritable object directory is an error, not a crash' '
    test_must_fail impas -o nodir/x.o ok.s 2>err && test_grep "nodir/x.o" err
'
test_done
