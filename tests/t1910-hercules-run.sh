#!/bin/sh
# t1910-hercules-run.sh -- the Hercules oracle runner (tests/oracle/
# hercules-run.sh) runs a GNU-as-built core image to its disabled wait and
# saves storage; a program that never stops is cut off by the time limit.
. "$(dirname "$0")/test-lib.sh"

RUN=$IMP_TOP/tests/oracle/hercules-run.sh

if ! test_have hercules; then
    test_skip 'Hercules runner' 'hercules not installed'
    test_done
fi
# image NAME: the flat core image NAME.bin, assembled by GNU as from NAME.s
# below and committed as tests/golden/t1910-NAME.bin.
image() { test_image "$1" "$TEST_DIR/golden/t1910-$1.bin"; }

cat >add.s <<'SRC'
        .text
origin: .long 0x00080000, 0x200       # restart PSW: EC mode, disabled, IA 200
        .org 0x200
        la    1,5(0,0)
        la    2,7(0,0)
        ar    1,2                     # 12, CC 2
        st    1,0x300(0,0)
        balr  3,0                     # link word: ILC 1, CC 2, PM 0, IA
        st    3,0x304(0,0)
        lpsw  wait-origin(0)
        .align 8
wait:   .long 0x000A0000, 0x00000ABC  # disabled wait
        .org 0x400
SRC

test_image_check add "$TEST_DIR/golden/t1910-add.bin"
test_expect_success 'a GNU-as image runs to its disabled wait' '
    image add &&
    "$RUN" add.bin 300 307 out.bin >psw &&
    echo "PSW=000A0000 00000ABC" >expect &&
    test_cmp expect psw &&
    od -An -tx1 out.bin | tr -d " \n" >got &&
    printf "0000000c60000210" >want &&
    test_cmp want got
'

# A logger thread that starts late, as on a busy machine: the first read
# of a pipe in each process (in Hercules, the logger's of its log pipe)
# waits half a second.  Hercules' own automatic operator then never saw a
# message, and the run hung at its disabled wait until the limit.
cat >slowlog.c <<'SRC'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
ssize_t read(int fd, void *buf, size_t n)
{
    static ssize_t (*next)(int, void *, size_t);
    static int done;
    struct stat st;
    if (!next)
        next = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    if (!done && fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)) {
        struct timespec t = { 0, 500000000 };
        done = 1;
        nanosleep(&t, NULL);
    }
    return next(fd, buf, n);
}
SRC
if test_have cc && cc -shared -fPIC -o slowlog.so slowlog.c -ldl 2>/dev/null; then
    test_expect_success 'the run ends at the wait when the log comes late' '
        image add &&
        LD_PRELOAD=$PWD/slowlog.so "$RUN" add.bin 300 307 out3.bin >psw &&
        echo "PSW=000A0000 00000ABC" >expect &&
        test_cmp expect psw &&
        cmp out.bin out3.bin
    '
else
    test_skip 'a late logger' 'no cc for the LD_PRELOAD library'
fi

cat >loop.s <<'SRC'
        .text
        .long 0x00080000, 0x200
        .org 0x200
        bc    15,0x200(0,0)
SRC

test_image_check loop "$TEST_DIR/golden/t1910-loop.bin"
test_expect_success 'a program that never waits fails at the time limit' '
    image loop &&
    { "$RUN" loop.bin 0 ff out2.bin 2 2>err; test $? -eq 1; } &&
    test_grep "did not reach a disabled wait within 2 s: timed out" err &&
    test ! -f out2.bin
'

test_expect_success 'usage errors exit 2' '
    { "$RUN" add.bin 300 2>err; test $? -eq 2; } &&
    test_grep Usage err
'

test_done
