#!/bin/sh
# t0110-outputs-root.sh -- the guard for outputs run as root: every output
# option of every tool, aimed at device nodes, a FIFO, a symbolic link, a
# mode-600 file and a hard-linked file that this test makes in its own
# scratch directory (never the system's).  Afterwards the devices are still
# the same devices, the link still a link (its target written), the mode
# still 600, the links still one inode; a full device fails the command
# with a message; and nothing outside the scratch directory changed.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-outputs.sh"

if ! is_root; then
    test_skip 'outputs on device nodes' 'needs root to make device nodes'
    test_done
fi
if ! mknod probe.dev c 1 3 2>/dev/null; then
    test_skip 'outputs on device nodes' 'mknod is not allowed here'
    test_done
fi
rm -f probe.dev
write_programs || exit 1
mkdir tmp && TMPDIR=$TRASH/tmp && export TMPDIR

# What must not change outside: the system's devices (type, numbers,
# inode, mode, owner), and the scratch directory's parent holding nothing
# named after this test's files.  (Nothing here writes to /dev/null.)
outside() {
    stat -c '%n %f %t %T %i %a %U' /dev/null /dev/full /dev/zero
    ls -a "$TRASH/.." | grep 'guard' || true
}
outside >outside.before

# Each output: a command with @OUT@ where the output's name goes.
cat >cases <<'EOT'
impas -o @OUT@ hi.s
impas -o hi2.o -l @OUT@ hi.s
impld -o @OUT@ hi.o
impld -o hi2.load -m @OUT@ hi.o
impld -o hi2.load -x @OUT@ hi.o
impld -o hi2.load --core=@OUT@ hi.o
impmc -o @OUT@ base.mc
impmc -o b2.mcs -l @OUT@ base.mc
impmc -o b2.mcs -m @OUT@ base.mc
impmc -o b2.mcs --emit-c=@OUT@ base.mc
imprun -q --report=@OUT@ --regs hi.load
imprun -q --json=@OUT@ hi.load
imprun -q --savecore=@OUT@:10000:1001F hi.load
imprun -q --file OUT=@OUT@ unclosed.load
EOT

n=0
while read -r cmd; do
    n=$((n + 1))
    run() { eval "$(printf '%s' "$cmd" | sed "s|@OUT@|$1|g")" >run.out; }
    test_expect_success "$cmd: a plain file (the reference)" "
        run guard$n.ref 2>err && test -s guard$n.ref
    "
    test_expect_success "$cmd: a null device stays a null device" "
        mknod guard$n.null c 1 3 && run guard$n.null 2>err &&
        test \"\$(stat -c '%F %t %T' guard$n.null)\" = 'character special file 1 3'
    "
    test_expect_success "$cmd: a full device fails the command, stays a device" "
        mknod guard$n.full c 1 7 && test_must_fail run guard$n.full 2>err &&
        test_grep \"writing '.*guard$n.full': No space left on device\" err &&
        test \"\$(stat -c '%F %t %T' guard$n.full)\" = 'character special file 1 7'
    "
    test_expect_success "$cmd: a FIFO is written into" "
        mkfifo guard$n.fifo && { timeout 20 cat guard$n.fifo >guard$n.got & } &&
        run guard$n.fifo 2>err && wait && test -p guard$n.fifo &&
        cmp guard$n.ref guard$n.got
    "
    test_expect_success "$cmd: a symbolic link is followed" "
        ln -s guard$n.target guard$n.link && run guard$n.link 2>err &&
        test -h guard$n.link && cmp guard$n.ref guard$n.target
    "
    test_expect_success "$cmd: a mode-600 file owned by another user keeps mode and owner" "
        echo old >guard$n.600 && chmod 600 guard$n.600 && chown 1:1 guard$n.600 &&
        run guard$n.600 2>err &&
        test \"\$(stat -c '%a %u %g' guard$n.600)\" = '600 1 1' && cmp guard$n.ref guard$n.600
    "
    test_expect_success "$cmd: a hard-linked file keeps its link" "
        echo old >guard$n.h1 && ln guard$n.h1 guard$n.h2 && run guard$n.h1 2>err &&
        test \"\$(stat -c %i guard$n.h1)\" = \"\$(stat -c %i guard$n.h2)\" &&
        cmp guard$n.ref guard$n.h2
    "
done <cases

test_expect_success 'standard output on a full device fails every tool' '
    mknod stdout.full c 1 7 &&
    for cmd in "impas -l - hi.s" "impld -d hi.load" "impld -o x.load -m - hi.o" \
               "impmc --fields" "imprun hi.load" "imprun --report=- hi.load" \
               "impas --version" "impld --help" "imprun --help" "impmc --help"
    do
        test_must_fail $cmd >stdout.full 2>err &&
        test_grep "writing .standard output.: No space left on device" err || return 1
    done
'
if test_have setpriv; then
    test_expect_success 'a user writes into a file of a directory it may not write' '
        mkdir ro ro-tmp && chmod 755 "$TRASH" ro && chmod 1777 ro-tmp &&
        cp hi.s ro/ && echo old >ro/x.o && chown nobody ro/x.o &&
        TMPDIR=$TRASH/ro-tmp setpriv --reuid=nobody --regid=nogroup --clear-groups \
            impas -o ro/x.o ro/hi.s &&
        head -1 ro/x.o | grep "^IMPOBJ" && test "$(stat -c %U ro/x.o)" = nobody &&
        test "$(ls -A ro | tr "\n" " ")" = "hi.s x.o " && test -z "$(ls -A ro-tmp)" &&
        chmod 700 "$TRASH"
    '
else
    test_skip 'a user writes into a file of a directory it may not write' 'no setpriv'
fi
test_expect_success 'no temporary file is left' '
    ! ls -a | grep "\.tmp" && test -z "$(ls -A tmp)"
'
test_expect_success 'nothing outside the scratch directory changed' '
    outside >outside.after && test_cmp outside.before outside.after
'

test_done
