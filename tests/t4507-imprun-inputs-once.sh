#!/bin/sh
# t4507: imprun tells its inputs apart (a load module, an object module,
# a source, an ASSIST deck) from their first bytes once: a load module is
# opened once to be told and read once (by stdio) to be loaded, whatever
# checks come between.  The messages of each kind of input stay.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
use_supervisor

write_hello

test_expect_success 'the load module runs' '
    { imprun hello.load >out 2>err; test $? -eq 3; } && test_grep "^Hello\$" out
'
test_expect_success 'a source and a load module do not mix' '
    printf "X        CSECT\n         END\n" >x.s &&
    { imprun hello.load x.s 2>err; test $? -eq 2; } &&
    test_grep "cannot mix sources and load modules (.hello.load.)" err &&
    { imprun x.s hello.load 2>err; test $? -eq 2; } &&
    test_grep "cannot mix sources and load modules (.hello.load.)" err
'
test_expect_success 'two load modules are refused' '
    cp hello.load two.load &&
    { imprun hello.load two.load 2>err; test $? -eq 2; } &&
    test_grep "one load module at a time (.two.load.)" err
'
test_expect_success 'a damaged load module says where' '
    sed "s/^TXT 1 010000 .*/TXT 1 010000 4G/" hello.load >bad.load &&
    test_must_fail imprun bad.load 2>err &&
    test_grep "^bad.load:4:" err
'

# The count of open(2) calls on one file by imprun itself: an
# interposed open, open64 and openat (stdio's own opens go round them,
# so what is counted is the telling apart).
cat >count-open.c <<'SRC'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int opens;

static void note(const char *path)
{
    const char *want = getenv("COUNT_OPEN");
    if (want && path && strcmp(path, want) == 0)
        opens++;
}

#define WRAP(name, ...)                                                  \
    typedef int (*name##_fn)(__VA_ARGS__);
WRAP(open, const char *, int, ...)
WRAP(openat, int, const char *, int, ...)

int open(const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    int mode = va_arg(ap, int);
    va_end(ap);
    note(path);
    return ((open_fn)dlsym(RTLD_NEXT, "open"))(path, flags, mode);
}
int open64(const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    int mode = va_arg(ap, int);
    va_end(ap);
    note(path);
    return ((open_fn)dlsym(RTLD_NEXT, "open64"))(path, flags, mode);
}
int openat(int dir, const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    int mode = va_arg(ap, int);
    va_end(ap);
    note(path);
    return ((openat_fn)dlsym(RTLD_NEXT, "openat"))(dir, path, flags, mode);
}

__attribute__((destructor)) static void report(void)
{
    const char *out = getenv("COUNT_OPEN_TO");
    if (!out || strcmp(program_invocation_short_name, "imprun") != 0)
        return;
    int e = errno;
    FILE *f = fopen(out, "a");
    if (f) {
        fprintf(f, "%d\n", opens);
        fclose(f);
    }
    errno = e;
}
SRC

if ! ${CC:-cc} -shared -fPIC -o count-open.so count-open.c -ldl 2>cc.err; then
    test_skip 'imprun opens a module once to tell it' 'no C compiler for the counter'
elif grep -q '__asan_init\|__tsan_init' "$IMP_BIN/imprun" 2>/dev/null; then
    test_skip 'imprun opens a module once to tell it' 'a sanitized imprun takes no preload'
else
    test_expect_success 'the counter sees a sniff' '
        test "$(COUNT_OPEN=hello.load COUNT_OPEN_TO=$PWD/opens \
                LD_PRELOAD=$PWD/count-open.so imprun hello.load >/dev/null 2>&1; cat opens)" -ge 1
    '
    test_expect_success 'a load module is opened once to be told apart' '
        rm -f opens &&
        { COUNT_OPEN=hello.load COUNT_OPEN_TO=$PWD/opens LD_PRELOAD=$PWD/count-open.so \
              imprun hello.load >out 2>err; test $? -eq 3; } &&
        test_grep "^Hello\$" out && test "$(cat opens)" = 1
    '
    test_expect_success 'with the monitors and --json too' '
        rm -f opens &&
        { COUNT_OPEN=hello.load COUNT_OPEN_TO=$PWD/opens LD_PRELOAD=$PWD/count-open.so \
              imprun --json=run.json --iifm=all hello.load >out 2>err; test $? -eq 3; } &&
        test_grep "\"mode\": *\"load\"" run.json && test "$(cat opens)" = 1
    '
fi
test_done
