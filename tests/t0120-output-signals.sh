#!/bin/sh
# t0120-output-signals.sh -- a tool killed by SIGTERM, SIGINT, SIGHUP or
# SIGPIPE leaves nothing behind: one-step imprun's build directory and the
# temporary files of outputs are removed (lib/tmpclean.c), and the process
# still dies of the signal.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-outputs.sh"
write_programs || exit 1
impas loop.s && impld -o loop.load loop.o || exit 1

# A background job of a shell without job control ignores SIGINT: the
# tool is started with every signal at its default action.
cat >dflt.pl <<'EOT'
$SIG{$_} = 'DEFAULT' for qw(INT TERM HUP PIPE);
exec @ARGV or die "cannot run $ARGV[0]: $!\n";
EOT

# wait_for GLOB PID: until a file matching GLOB exists.  It fails at once
# if PID ended first; the bound of 3000 polls (five minutes and more) only
# catches a hang, since a loaded machine may be slow to start PID.
wait_for() {
    i=0
    while [ $i -lt 3000 ]; do
        for f in $1; do [ -e "$f" ] && return 0; done
        if ! kill -0 "$2" 2>/dev/null; then
            for f in $1; do [ -e "$f" ] && return 0; done
            echo "the program ended before $1 appeared"
            return 1
        fi
        sleep 0.1
        i=$((i + 1))
    done
    echo "no $1 after 3000 polls"
    return 1
}

# killed_clean SIG NUMBER DIR GLOB COMMAND...: start COMMAND, wait for
# GLOB, send SIG; it must die of SIG with DIR left empty.
killed_clean() {
    sig=$1 num=$2 dir=$3 glob=$4
    shift 4
    perl dflt.pl "$@" >out 2>err &
    pid=$!
    wait_for "$glob" $pid
    found=$?
    kill -"$sig" $pid
    wait $pid
    st=$?
    [ $found -eq 0 ] || return 1
    [ $st -eq $((128 + num)) ] || { echo "exit $st, wanted $((128 + num))"; return 1; }
    [ -z "$(ls -A "$dir")" ] || { echo "left in $dir:"; ls -A "$dir"; return 1; }
}

for s in TERM:15 INT:2 HUP:1 PIPE:13; do
    sig=${s%:*} num=${s#*:}
    test_expect_success "imprun SRC.s killed by SIG$sig removes its build directory" "
        mkdir tmp$sig && TMPDIR=\$TRASH/tmp$sig && export TMPDIR &&
        killed_clean $sig $num tmp$sig 'tmp$sig/*/a.load' imprun --max-cycles=1000G loop.s
    "
done

test_expect_success 'imprun killed while writing a report leaves no temporary file' '
    mkdir rep &&
    killed_clean TERM 15 rep "rep/r.txt.tmp*" \
        imprun --trace --max-cycles=1000G --report=rep/r.txt loop.load
'

test_done
