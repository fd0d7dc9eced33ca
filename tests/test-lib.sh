# test-lib.sh -- shell test library (after git's t/test-lib.sh).
#
#   . "$(dirname "$0")/test-lib.sh"
#   test_expect_success 'what it checks' '
#       impas hello.s -o hello.o &&
#       test_cmp expect actual
#   '
#   test_done
#
# Each test script runs in a fresh scratch directory ($TRASH), removed when
# every test passed.  The IMP programs are on PATH ($IMP_BIN, default bin/
# at the top of the tree).  $TEST_DIR is tests/, $IMP_TOP the tree's top.

TEST_DIR=$(cd "$(dirname "$0")" && pwd)
IMP_TOP=$(cd "$TEST_DIR/.." && pwd)
: "${IMP_BIN:=$IMP_TOP/bin}"
PATH=$IMP_BIN:$PATH
export IMP_TOP IMP_BIN TEST_DIR PATH
LC_ALL=C
export LC_ALL
# In a sanitizer build (make sanitize) a report -- a leak included --
# makes the program exit with status 86, which no IMP tool uses: a test
# that expects a failure (test_must_fail, an exact status) then fails too.
SANITIZER_STATUS=86
ASAN_OPTIONS="exitcode=$SANITIZER_STATUS${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
LSAN_OPTIONS="exitcode=$SANITIZER_STATUS${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
UBSAN_OPTIONS="exitcode=$SANITIZER_STATUS:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS SANITIZER_STATUS

TRASH=$(mktemp -d "${TMPDIR:-/tmp}/imp-test.XXXXXX")
cd "$TRASH" || exit 1
# impmon's readline history goes to the scratch directory, not to the
# user's ~/.impmon_history, which suites run side by side would share.
IMPMON_HISTORY=$TRASH/.impmon_history
export IMPMON_HISTORY

test_count=0
test_failures=0
test_skipped=0

say() { printf '# %s\n' "$*"; }

# With IMP_TEST_CPU set, each test is followed by a comment line with the
# CPU seconds (user + system) its commands took, to find the costly ones:
#   IMP_TEST_CPU=1 sh tests/t4700-paging.sh | grep '^# cpu'
test_cpu_mark() {
    test -n "$IMP_TEST_CPU" || return 0
    times >"$TRASH/.times"
    test_cpu_now=$(awk 'NR == 2 { gsub(/[ms]/, " "); print $1 * 60 + $2 + $3 * 60 + $4 }' \
        "$TRASH/.times")
}
test_cpu_say() {
    test -n "$IMP_TEST_CPU" || return 0
    test_cpu_was=$test_cpu_now
    test_cpu_mark
    awk -v a="$test_cpu_was" -v b="$test_cpu_now" -v n="$test_count" \
        'BEGIN { printf "# cpu %6.2f s  test %d\n", b - a, n }'
}

test_expect_success() {
    test_count=$((test_count + 1))
    test_cpu_mark
    if (eval "$2") >"$TRASH/.out" 2>&1; then
        printf 'ok %d - %s\n' "$test_count" "$1"
    else
        printf 'not ok %d - %s\n' "$test_count" "$1"
        sed -e 's/^/#   /' "$TRASH/.out"
        test_failures=$((test_failures + 1))
    fi
    test_cpu_say
}

test_expect_failure_status() {
    # test_expect_failure_status 'what' STATUS 'commands': commands must exit STATUS
    test_count=$((test_count + 1))
    (eval "$3") >"$TRASH/.out" 2>&1
    st=$?
    if [ "$st" -eq "$2" ]; then
        printf 'ok %d - %s\n' "$test_count" "$1"
    else
        printf 'not ok %d - %s (exit %d, wanted %d)\n' "$test_count" "$1" "$st" "$2"
        sed -e 's/^/#   /' "$TRASH/.out"
        test_failures=$((test_failures + 1))
    fi
}

test_skip() {
    test_count=$((test_count + 1))
    test_skipped=$((test_skipped + 1))
    printf 'ok %d # skip %s (%s)\n' "$test_count" "$1" "$2"
}

# test_cmp EXPECTED ACTUAL: show a diff when they differ.
test_cmp() { diff -u "$1" "$2"; }

# test_grep PATTERN FILE: like grep, but show the file when nothing matches.
test_grep() {
    if grep -q -e "$1" "$2"; then return 0; fi
    echo "no line matching '$1' in $2:"; sed -e 's/^/| /' "$2"; return 1
}

# test_must_fail CMD...: CMD must exit non-zero without crashing (no signal).
test_must_fail() {
    "$@"
    st=$?
    if [ $st -eq 0 ]; then echo "succeeded unexpectedly: $*"; return 1; fi
    if [ $st -gt 128 ]; then echo "died of signal $((st - 128)): $*"; return 1; fi
    if [ $st -eq "$SANITIZER_STATUS" ]; then echo "sanitizer report: $*"; return 1; fi
    return 0
}

# test_timeout SECONDS CMD...: run CMD, stopped after SECONDS of wall-clock
# time, with its exit status; a stopped CMD says so on stderr.  The limit
# only guards against a hang: make it generous (minutes), since a loaded
# machine can be many times slower than an idle one.
test_timeout() {
    t=$1; shift
    timeout -k 5 "$t" "$@"
    st=$?
    case $st in
    124|137) echo "timed out: stopped after $t s of wall-clock time: $*" >&2 ;;
    esac
    return $st
}

# oracle_tool NAME SOURCE...: ./NAME, a generator of tests/oracle: a copy
# of the one the build made when make check names its folder
# ($IMP_ORACLE_BIN), else compiled here from SOURCE... (with lib/isa.c).
oracle_tool() {
    ot_name=$1
    shift
    if test -n "$IMP_ORACLE_BIN" && test -x "$IMP_ORACLE_BIN/$ot_name"; then
        cp "$IMP_ORACLE_BIN/$ot_name" "./$ot_name"
    else
        ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -I"$IMP_TOP/lib" -o "$ot_name" \
            "$@" "$IMP_TOP/lib/isa.c"
    fi
}

# test_backoff: sleep before the next poll of a wait, longer each time
# (0.01 s, 0.02, 0.05, 0.1, then 0.2 s); false once the wait has slept
# about two minutes.  test_backoff_start begins a wait.  A wait polls
# often at first, so it ends soon after what it waits for happens, and
# seldom later, so it takes little CPU time from a loaded machine; the
# limit only guards against a hang.
test_backoff_start() { tb_n=0; }
test_backoff() {
    tb_n=$((${tb_n:-0} + 1))
    case $tb_n in
    1) sleep 0.01 ;;
    2) sleep 0.02 ;;
    3) sleep 0.05 ;;
    4) sleep 0.1 ;;
    *) [ "$tb_n" -le 604 ] || return 1
       sleep 0.2 ;;
    esac
}
# tmux_sessions NAME: impmon on a tmux server of its own (NAME-PID), ended
# at the test's end, and the helpers of a test that starts impmon again and
# again: start COLS ROWS ARGS... opens a new session (the old one ended
# after, so the server never runs out of sessions in between), S names it,
# screen captures it into screen.txt, type_line types a line and Enter.
# The shell around impmon ignores SIGINT, so that a Ctrl-C typed into the
# pane stops impmon's run (impmon catches it) and never ends the shell
# that reports how impmon exited.
tmux_sessions() {
    SOCK=$1-$$
    T="tmux -L $SOCK"
    trap '$T kill-server 2>/dev/null' EXIT
    test_cleanup='$T kill-server 2>/dev/null'
    start() {
        c=$1 r=$2; shift 2
        old=$(cat session 2>/dev/null)
        new=mon$(( ${old#mon} + 1 )) && echo "$new" >session &&
        $T new-session -d -s "$new" -x "$c" -y "$r" "trap '' INT; TERM=xterm impmon $*; echo impmon-exited-\$?; sleep 30" &&
        if [ -n "$old" ]; then $T kill-session -t "$old" 2>/dev/null; fi
        return 0
    }
    S() { cat session; }
    screen() { $T capture-pane -t "$(S)" -p >screen.txt 2>/dev/null; }
    type_line() { $T send-keys -t "$(S)" -l "$1" && $T send-keys -t "$(S)" Enter; }
}

# wait_for PATTERN: for the tests that drive impmon through tmux.  Poll
# the screen (the test's own `screen` writes screen.txt) until grep finds
# PATTERN, then capture again until two captures in a row agree (at most
# five more), so that what the test reads next is a whole redraw, not one
# that tmux has taken in halfway.  On a screen that never rests (a live
# run) the last capture is kept if it still shows PATTERN.  Fails after
# about two minutes with the screen shown.
wait_for() {
    test_backoff_start
    while :; do
        screen
        if grep -q -e "$1" screen.txt; then
            wf_n=0
            while [ $wf_n -lt 5 ]; do
                cp screen.txt screen.prev
                sleep 0.02
                screen
                cmp -s screen.prev screen.txt && break
                wf_n=$((wf_n + 1))
            done
            rm -f screen.prev
            grep -q -e "$1" screen.txt && return 0
        fi
        test_backoff || break
    done
    echo "the screen never showed '$1'; it shows:"
    sed -e 's/^/| /' screen.txt
    return 1
}

# test_have CMD: true if CMD is available (for tests needing an external oracle).
test_have() { command -v "$1" >/dev/null 2>&1; }

# Flat core images assembled by GNU as (s390x-linux-gnu-as -m31) are
# committed under tests/golden, so the tests that run them never need the
# s390x binutils.  test_image NAME GOLDEN copies GOLDEN to NAME.bin;
# test_image_check NAME GOLDEN is a test of its own: with GNU as installed,
# NAME.s must assemble to exactly GOLDEN (IMP_REGEN_IMAGES=1 rewrites
# GOLDEN first: tests/golden/regen-images.sh), without it the test skips.
test_image() { cp "$2" "$1.bin"; }
test_image_check() {
    if test_have s390x-linux-gnu-as && test_have s390x-linux-gnu-objcopy; then
        test_expect_success "GNU as makes $(basename "$2") of $1.s" "
            s390x-linux-gnu-as -m31 -o '$1.gnu.o' '$1.s' &&
            s390x-linux-gnu-objcopy -O binary '$1.gnu.o' '$1.gnu.bin' &&
            { test -z \"\$IMP_REGEN_IMAGES\" || cp '$1.gnu.bin' '$2'; } &&
            cmp '$1.gnu.bin' '$2'"
    else
        test_skip "GNU as makes $(basename "$2") of $1.s" 'binutils-s390x-linux-gnu not installed'
    fi
}

# test_cleanup: a command test_done runs first (a test that starts tmux
# sets it to end the server); then test_done waits until no process has
# its working directory in $TRASH, so that a program still exiting (impmon
# saving its history on SIGHUP) never writes into a scratch directory
# being removed.
test_done() {
    printf '1..%d\n' "$test_count"
    cd /
    if [ -n "${test_cleanup:-}" ]; then
        eval "$test_cleanup"
        test_backoff_start
        while find /proc/[0-9]*/cwd -maxdepth 0 -lname "$TRASH*" 2>/dev/null | grep -q .; do
            test_backoff || { say "a process still runs in $TRASH"; break; }
        done
    fi
    if [ "$test_failures" -eq 0 ]; then
        rm -rf "$TRASH"
        exit 0
    fi
    say "failed $test_failures of $test_count; scratch kept in $TRASH"
    exit 1
}
