#!/bin/sh
# t0100-outputs.sh -- how every tool writes its outputs (lib/outfile.c,
# lib/fileset.c): an output that is an input is refused before anything is
# read or written; symbolic links are followed, modes and hard links kept;
# write errors are reported and fail the command; several outputs are
# committed all or none.  Device nodes are in t0110 (root only).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-outputs.sh"
write_programs || exit 1
full_device

# same_refused 'what' 'command' FILE: the command fails (exit 2), says
# "same file", and FILE is byte for byte what it was.
same_refused() {
    test_expect_success "refused: $1" "
        cp $3 saved &&
        test_expect_code 2 $2 2>err &&
        test_grep 'same file' err &&
        cmp saved $3
    "
}
test_expect_code() {
    want=$1; shift
    "$@"; st=$?
    [ $st -eq "$want" ] || { echo "exit $st, wanted $want: $*"; return 1; }
}

cp hi.s x.s
cp hi.o a.o
cp hi.load p.load
cp base.mc arith.mc
echo data >f
impas -o ref.o x.s && impld -o ref.load a.o || exit 1
same_refused 'impas -o x.s x.s' 'impas -o x.s x.s' x.s
same_refused 'impas -l x.s x.s' 'impas -l x.s x.s' x.s
same_refused 'impld -o a.o a.o' 'impld -o a.o a.o' a.o
same_refused 'impmc -o arith.mc arith.mc' 'impmc -o arith.mc arith.mc' arith.mc
same_refused 'impmc -m of a second source' 'impmc -o i.mcs -m arith.mc base.mc arith.mc' arith.mc
same_refused 'imprun --report=p.load p.load' 'imprun --report=p.load p.load' p.load
same_refused 'imprun --json=p.load p.load' 'imprun --json=p.load p.load' p.load
same_refused 'imprun --savecore on the program' 'imprun --savecore=p.load:0:F p.load' p.load
same_refused 'imprun --file IN=f --file OUT=f' 'imprun --file IN=f --file OUT=f unclosed.load' f
same_refused 'imprun --json on a bound file' 'imprun --file OUT=f --json=f unclosed.load' f
same_refused 'imprun --report of a source' 'imprun --report=x.s x.s' x.s
same_refused 'imprun --profile of a source' 'imprun --pcs --profile=x.s x.s' x.s
same_refused 'imprun --profile on the program' 'imprun --profile=p.load p.load' p.load
same_refused 'imprun --profile and --json one file' 'imprun --ias=500 --json=f --profile=f p.load' f
same_refused 'imprun --report on the source a load module names' 'imprun --report=hi.s hi.load' hi.s
same_refused 'imprun --json on the source a second task names' 'imprun --json=hi.s unclosed.load --task hi.load' hi.s

ln -s x.s alias.s
ln x.s hard.s
same_refused 'through a symbolic link' 'impas -o alias.s x.s' x.s
same_refused 'through a hard link' 'impas -l hard.s x.s' x.s
same_refused 'an input reached by a symbolic link' 'impas -o x.s alias.s' x.s
test_expect_success 'two outputs to one new file are refused, nothing written' '
    test_expect_code 2 impld -o new.load -m same.txt -x same.txt a.o 2>err &&
    test_grep "same file" err &&
    ! test -e new.load && ! test -e same.txt
'
test_expect_success 'a file read under two names is not refused' '
    impas -o b.o hard.s && impas -o c.o x.s && cmp c.o ref.o
'

# ---- symbolic links, modes, hard links --------------------------------------

test_expect_success 'a symbolic link is followed, not replaced' '
    ln -s target.o link.o && ln -s link.o link2.o &&
    impas -o link2.o x.s &&
    test -h link.o && test -h link2.o && cmp target.o ref.o
'
test_expect_success 'a dangling symbolic link creates its target' '
    ln -s made.load dangling.load && impld -o dangling.load a.o &&
    test -h dangling.load && cmp made.load ref.load
'
test_expect_success 'a mode-600 file stays 600' '
    echo old >secret.map && chmod 600 secret.map &&
    impld -o q.load -m secret.map a.o &&
    test "$(stat -c %a secret.map)" = 600 && ! grep -q old secret.map
'
test_expect_success 'a mode-640 output of imprun keeps its mode' '
    echo old >r.json && chmod 640 r.json &&
    imprun -q --json=r.json p.load >/dev/null &&
    test "$(stat -c %a r.json)" = 640 && test_grep "\"exit_code\"" r.json
'
test_expect_success 'a hard-linked file keeps its links' '
    echo old >h1.lst && ln h1.lst h2.lst &&
    impas -o h.o -l h1.lst x.s &&
    test "$(stat -c %i h1.lst)" = "$(stat -c %i h2.lst)" &&
    test "$(stat -c %h h1.lst)" = 2 && test_grep "LA    1,MSG" h2.lst
'
test_expect_success 'a FIFO is written into, not replaced' '
    mkfifo pipe.json && { timeout 20 cat pipe.json >got.json & } &&
    imprun -q --json=pipe.json p.load >/dev/null && wait &&
    test -p pipe.json && test_grep "\"exit_code\"" got.json
'
test_expect_success 'a directory is refused with a clear message' '
    mkdir d.o && test_expect_code 1 impld -o d.o a.o 2>err && test_grep "Is a directory" err
'
if is_root; then
    test_skip 'a file without write permission is refused' 'root may write anything'
else
    test_expect_success 'a file without write permission is refused' '
        echo old >ro.o && chmod 444 ro.o &&
        test_must_fail impas -o ro.o x.s 2>err && test_grep "Permission denied" err &&
        test "$(cat ro.o)" = old
    '
fi

# ---- write errors ----------------------------------------------------------

# full_fails 'command' NAME: fails, with "writing 'NAME': No space left".
full_fails() {
    test_expect_success "write error reported: $1" "
        test_must_fail $1 2>err &&
        test_grep \"error: writing '$2': No space left on device\" err
    "
}
full_fails 'impas -l - x.s >/dev/full' 'standard output'
full_fails 'impld -d p.load >/dev/full' 'standard output'
full_fails 'impld -o q.load -m - a.o >/dev/full' 'standard output'
full_fails 'impmc --fields >/dev/full' 'standard output'
full_fails 'impmc -o i.mcs -l - base.mc >/dev/full' 'standard output'
full_fails 'imprun p.load >/dev/full' 'standard output'
full_fails 'imprun --report=- p.load >/dev/full' 'standard output'
full_fails 'impas --help >/dev/full' 'standard output'
if [ -n "$FULL" ]; then
    full_fails "imprun --report=$FULL p.load" "$FULL"
    full_fails "imprun --json=$FULL p.load" "$FULL"
    full_fails "imprun --savecore=$FULL:0:FFFF p.load" "$FULL"
    full_fails "imprun --file OUT=$FULL unclosed.load" "$FULL"
    full_fails "impas -o $FULL x.s" "$FULL"
    full_fails "impld -o q.load --core=$FULL a.o" "$FULL"
    full_fails "impmc -o $FULL base.mc" "$FULL"
else
    test_skip 'write errors on a full device' 'cannot make a full device'
fi
test_expect_success 'a bound file the program never closed is written' '
    imprun -q --file OUT=out.txt unclosed.load && test "$(cat out.txt)" = HELLO
'

# ---- all or none -----------------------------------------------------------

if [ -n "$FULL" ]; then
    test_expect_success 'impld: no output is written when one fails' '
        test_must_fail impld -o all.load -m all.map --core=$FULL a.o 2>err &&
        ! test -e all.load && ! test -e all.map
    '
    test_expect_success 'impld: existing outputs are left as they were' '
        echo old >keep.load && echo old >keep.map &&
        test_must_fail impld -o keep.load -m keep.map -x $FULL a.o 2>err &&
        test "$(cat keep.load)" = old && test "$(cat keep.map)" = old
    '
    test_expect_success 'impas: no object when the listing fails' '
        test_must_fail impas -o none.o -l $FULL x.s 2>err && ! test -e none.o
    '
    test_expect_success 'impmc: no image when the map fails' '
        test_must_fail impmc -o none.mcs -m $FULL base.mc 2>err && ! test -e none.mcs
    '
    test_expect_success 'imprun: no report or core save when the JSON fails' '
        test_must_fail imprun --report=none.txt --savecore=none.bin:0:F --json=$FULL \
            p.load 2>err && ! test -e none.txt && ! test -e none.bin
    '
fi
# ---- a failed assembly --------------------------------------------------------

# A source with errors gives no object, and the object an earlier
# assembly left is removed (as GNU as does): a link would take it without
# a word.  Only a regular file goes; a failure of another kind (status 2)
# removes nothing.
printf 'BAD      CSECT\n         BOGUS 1,2\n         END\n' >bad.s
test_expect_success 'impas: a source with errors removes the object of an earlier assembly' '
    cp x.s y.s && impas -o y.o -l y.lst y.s && test -s y.o &&
    cp bad.s y.s && test_expect_code 1 impas -o y.o -l y.lst y.s 2>err &&
    test_grep "unknown operation code" err && ! test -e y.o && test_grep BOGUS y.lst &&
    cp x.s y.s && impas y.s && test -s y.o && cp bad.s y.s &&
    test_expect_code 1 impas y.s 2>err && ! test -e y.o
'
test_expect_success 'impas: through a symbolic link the file goes, the link stays (and works again)' '
    impas -o stale-real.o x.s && ln -s stale-real.o stale-link.o &&
    test_expect_code 1 impas -o stale-link.o bad.s 2>err &&
    ! test -e stale-real.o && test -L stale-link.o &&
    impas -o stale-link.o x.s && test -L stale-link.o && cmp stale-real.o ref.o
'
test_expect_success 'impas: a FIFO, and a failure that is no error of the source, are left alone' '
    mkfifo fifo.o && test_expect_code 1 impas -o fifo.o bad.s 2>err && test -p fifo.o &&
    cp ref.o keep.o &&
    test_expect_code 2 impas -o keep.o nosuch.s 2>err && cmp ref.o keep.o &&
    test_expect_code 2 impas -o keep.o -l x.s x.s 2>err && cmp ref.o keep.o
'

test_expect_success 'no temporary file is left behind' '
    ! ls -a | grep "\.tmp"
'

test_done
