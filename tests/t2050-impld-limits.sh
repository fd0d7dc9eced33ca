#!/bin/sh
# t2050-impld-limits.sh -- impld and impmc on hostile arguments and
# control files: every numeric option goes through the one number parser,
# a control file is read with bounds on its lines and its size, read
# errors are reported, and a long ORDER list costs linear time.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-ld.sh"
ld_fixtures

cat >one.o <<'EOF'
IMPOBJ 1
ESD 1 SD ONE 0 8
TXT 1 000000 07FE07FE07FE07FE
END 1 000000
EOF

test_expect_success 'impld --max-errors takes only a number' '
    for bad in abc -1 99999999999999999999 "" 12x 0x; do
        { impld --max-errors="$bad" -o x.load one.o 2>err; test $? -eq 2; } &&
        test_grep "max-errors" err || return 1
    done &&
    impld --max-errors=3 -o x.load one.o
'
test_expect_success 'impld --page-size takes 2048 or 4096 only' '
    { impld --page-size=4096x -o x.load one.o 2>err; test $? -eq 2; } &&
    { impld --page-size=" 2048" -o x.load one.o 2>err; test $? -eq 2; } &&
    impld --page-size=2048 -o x.load one.o
'
test_expect_success 'impmc --max-errors takes only a number' '
    for bad in abc -1 99999999999999999999; do
        { impmc --max-errors="$bad" "$IMP_TOP"/mc/src/*.mc -o x.mcs 2>err; test $? -eq 2; } &&
        test_grep "max-errors" err || return 1
    done
'
test_expect_success 'impas --max-errors takes only a number' '
    { impas --max-errors=5x x.s 2>err; test $? -eq 2; } && test_grep "max-errors" err
'
test_expect_success 'impmc --c-name must make valid C' '
    for bad in 1abc "a b" "a-b" int "x;y" ""; do
        { impmc --c-name="$bad" --emit-c=x.c "$IMP_TOP"/mc/src/*.mc -o x.mcs 2>err;
          test $? -eq 2; } && test_grep "c-name" err && test ! -e x.c || return 1
    done
'
test_expect_success 'an endless control file (/dev/zero) is refused with bounded memory' '
    rm -f x.load &&
    { timeout 60 impld -c /dev/zero -o x.load one.o 2>err; test $? -eq 1; } &&
    test_grep "longer than 65536 bytes" err && test ! -e x.load
'
test_expect_success 'a control file of more than 16 MiB is refused' '
    perl -e "print qq(* comment\n) x 2200000" >big.ctl &&
    { impld -c big.ctl -o x.load one.o 2>err; test $? -eq 1; } &&
    test_grep "larger than 16 MiB" err
'
test_expect_success 'a read error in the control file is reported, not taken as its end' '
    rm -f x.load &&
    { impld -c /proc/self/mem -o x.load one.o 2>err; test $? -eq 1; } &&
    test_grep "cannot read" err && test ! -e x.load
'
test_expect_success 'a directory as control file says so' '
    mkdir dir &&
    { impld -c dir -o x.load one.o 2>err; test $? -eq 2; } &&
    test_grep "dir: error: cannot open: Is a directory" err
'
test_expect_success 'ORDER with 200,000 names takes linear time (a hash, not a scan)' '
    perl -e "print qq(ORDER ONE\n); print qq(ORDER N\$_\n) for 1..200000; print qq(ORDER N7\n)" >many.ctl &&
    { timeout 60 impld --max-errors=0 -c many.ctl -o x.load one.o 2>err; test $? -eq 1; } &&
    test_grep "N7 is already in ORDER" err
'
test_expect_success 'a directory as input says "Is a directory" in every tool' '
    mkdir d.s d.load d.mc &&
    { impas d.s 2>err; test $? -ne 0; } && test_grep "Is a directory" err &&
    { impld d.load 2>err; test $? -ne 0; } && test_grep "Is a directory" err &&
    { impld -d d.load 2>err; test $? -ne 0; } && test_grep "Is a directory" err &&
    { impmc d.mc 2>err; test $? -ne 0; } && test_grep "Is a directory" err &&
    { imprun d.load 2>err; test $? -eq 1; } && test_grep "Is a directory" err &&
    { imprun --core d.load 2>err; test $? -eq 1; } && test_grep "Is a directory" err &&
    { imprun --microcode d.mc one.o 2>err; test $? -eq 1; } && test_grep "Is a directory" err &&
    ! grep -q "Input/output error" err
'
test_done
