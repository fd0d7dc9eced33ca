#!/bin/sh
# t5010-readme-tour.sh -- the tour of README.md, run as a new user pastes
# it: its commands (the indented lines of "## A short tour", the fenced
# assembler source left out) are extracted from README.md and run in
# order in one shell, from the top of the checkout, each to exit status
# 0.  The tour moves to a scratch folder first: nothing may be written
# into the checkout.  The one command that opens impmon's screen runs in
# tmux (quit typed when its program is loaded), or is skipped without
# tmux.  Then the manual pages the README names are all there.
. "$(dirname "$0")/test-lib.sh"

if ! test -x "$IMP_TOP/bin/imprun" || ! test -x "$IMP_TOP/bin/impmon"; then
    test_skip 'the README tour' 'the tools are not built in bin/ yet'
    test_done
fi

# The tour's commands, one a line.
awk '/^## A short tour/ { t = 1; next } /^## / { t = 0 } /^```/ { f = !f; next }
     t && !f && /^    [^ ]/ { sub(/^    /, ""); print }' "$IMP_TOP/README.md" >tour.cmds

test_expect_success 'the tour has its commands, the scratch folder first' '
    test "$(wc -l <tour.cmds)" -ge 20 &&
    test "$(sed -n 1p tour.cmds)" = "export PATH=\"\$PWD/bin:\$PATH\" IMP=\"\$PWD\"" &&
    test "$(sed -n 2p tour.cmds)" = "cd \"\$(mktemp -d)\""
'

# tour.sh: each command run in one shell (so cd and export carry on), its
# output in out.N and its status in st.N; the screen command in tmux.
SOCK=imp-tour-$$
trap 'tmux -L $SOCK kill-server 2>/dev/null' EXIT
test_cleanup='tmux -L $SOCK kill-server 2>/dev/null'
cat >screen.sh <<EOF_SCREEN
# backoff: sleep before a wait's next poll, longer each time (as
# test_backoff); false after about two minutes
backoff() {
    i=\$((i + 1))
    case \$i in
    1) sleep 0.01 ;; 2) sleep 0.02 ;; 3) sleep 0.05 ;; 4) sleep 0.1 ;;
    *) [ \$i -le 604 ] && sleep 0.2 ;;
    esac
}
# screen CMD: impmon's screen in tmux, quit once loaded; the status of impmon
screen() {
    command -v tmux >/dev/null 2>&1 || { echo "no tmux: skipped"; return 0; }
    rm -f "$TRASH/screen.st"
    tmux -L $SOCK new-session -d -s tour -x 100 -y 30 "TERM=xterm \$1; echo \\\$? >'$TRASH/screen.st'" &&
    i=0
    while ! tmux -L $SOCK capture-pane -t tour -p | grep -q "type help" && backoff; do :; done
    tmux -L $SOCK send-keys -t tour -l quit && tmux -L $SOCK send-keys -t tour Enter
    i=0
    while ! test -s "$TRASH/screen.st" && backoff; do :; done
    return "\$(cat "$TRASH/screen.st" 2>/dev/null || echo 99)"
}
EOF_SCREEN
{
    echo ". '$TRASH/screen.sh'"
    n=0
    while IFS= read -r line; do
        n=$((n + 1))
        case $line in
        "impmon "*--batch*|"impmon -x"*) cmd=$line ;;
        "impmon "*) cmd="screen '$line'" ;;
        *) cmd=$line ;;
        esac
        printf '{ %s\n} >"%s/out.%d" 2>&1 </dev/null; echo $? >"%s/st.%d"\n' "$cmd" "$TRASH" $n "$TRASH" $n
    done <tour.cmds
    echo "pwd >'$TRASH/tour.pwd'"
} >tour.sh

touch tour.start
sleep 1
(cd "$IMP_TOP" && TMPDIR="$TRASH" sh "$TRASH/tour.sh")

# The status the README gives a command: 0, but 4 for the PER stop (a
# program check, with its report).
want_status() {
    case $1 in
    *--per=sa*) echo 4 ;;
    *) echo 0 ;;
    esac
}
n=0
while IFS= read -r line; do
    n=$((n + 1))
    want=$(want_status "$line")
    test_expect_success "tour $n: $line" "
        test \"\$(cat st.$n)\" = $want || { echo \"exit \$(cat st.$n), wanted $want:\"; cat out.$n; exit 1; }
    "
done <tour.cmds

test_expect_success 'the tour ran in a scratch folder, outside the checkout' '
    d=$(cat tour.pwd) &&
    test "${d#"$TRASH"/}" != "$d" &&
    test -s "$(cat tour.pwd)/hello.load" && test -s "$(cat tour.pwd)/copy.txt" &&
    test -s "$(cat tour.pwd)/sieve.prof" && test -s "$(cat tour.pwd)/sieve.svg"
'

test_expect_success 'nothing was written into the checkout' '
    find "$IMP_TOP" \( -name .git -o -name "build*" -o -name "bin*" \) -prune -o \
        -newer "$TRASH/tour.start" -type f -print >written &&
    test_cmp /dev/null written
'

test_expect_success 'what the tour shows: the outputs a new user reads' '
    grep -l "^Hello, world!" out.* >/dev/null &&
    grep -l "^OK " out.* >/dev/null &&
    grep -l "^sieve.refs: [0-9]* references to" out.* >/dev/null &&
    grep -l "^no Belady.s anomaly" out.* >/dev/null &&
    ! grep -l "^\* more page faults than with one frame fewer" out.* &&
    grep -l "PER event: storage alteration" out.* >/dev/null &&
    grep -q "PC samples by address" "$(cat tour.pwd)/sieve.svg" &&
    grep -l "^100 X.64.$" out.* >/dev/null
'

test_expect_success 'every manual page the README names exists (generated ones under build/man)' '
    sed -n "/^## Manual pages/,/^## /p" "$IMP_TOP/README.md" >man.txt &&
    grep -o "[a-z-]*([1-8])" man.txt | sort -u >pages &&
    test "$(wc -l <pages)" -ge 12 &&
    while read -r p; do
        name=${p%%(*} sec=$(echo "$p" | tr -dc 0-9) &&
        { test -f "$IMP_TOP/man/$name.$sec" || test -f "$IMP_TOP/build/man/$name.$sec"; } ||
            { echo "no page $name.$sec"; exit 1; }
    done <pages &&
    for f in $(ls "$IMP_TOP/man" | sed -n "s/\.\([1-8]\)\(\.in\)*$/(\1)/p" | sort -u); do
        grep -q "$f" pages || { echo "the README does not name $f"; exit 1; }
    done &&
    grep -q "man -l build/man/impmon.1" man.txt && grep -q "man -l build/man/imp.7" man.txt
'

test_done
