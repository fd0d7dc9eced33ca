#!/bin/sh
# t0010: a clean build with many parallel jobs succeeds, twice, and runs
# every generator (bison, flex) exactly once: a rule that writes several
# files in one command must be a grouped target, or make -j may run it
# twice and compile a half-written file.
#
# The tree is copied (the files git knows, or everything but the build
# folders) so the build cannot touch the one under test.  The generators
# go through a wrapper that records each run and waits a little, which
# widens the window in which an ungrouped rule would be started twice.
# -O0 keeps the two builds quick; the race is in the rules, not the code.
. "$(dirname "$0")/test-lib.sh"

copy_tree() {
    mkdir "$1" &&
    if git -C "$IMP_TOP" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        (cd "$IMP_TOP" &&
         git ls-files -z --cached --others --exclude-standard |
         xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\0" "$f"; done' sh |
         xargs -0 cp --parents -t "$1")
    else
        (cd "$IMP_TOP" &&
         tar -cf - --exclude='./build*' --exclude='./bin*' --exclude=./.git . ) |
        (cd "$1" && tar -xf -)
    fi
}

cat >gen <<'EOF'
#!/bin/sh
# gen TOOL ARGS...: note the run, give a concurrent duplicate time to
# start, then run the tool.
printf '%s\n' "$*" >>"$GEN_LOG"
sleep 1
exec "$@"
EOF
chmod +x gen

# parallel_build N: a clean -j16 build in a fresh copy, tree$N, log in build$N.log.
parallel_build() {
    copy_tree "$TRASH/tree$1" &&
    (cd "$TRASH/tree$1" &&
     env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u B -u BIN -u CFLAGS -u LDFLAGS \
         GEN_LOG="$TRASH/gen$1.log" \
         make -j16 CFLAGS=-O0 BISON="$TRASH/gen bison" FLEX="$TRASH/gen flex" all
    ) >"build$1.log" 2>&1 || { tail -30 "build$1.log"; return 1; }
}

# check_build N: every program was built and runs; each generator ran once.
check_build() {
    for p in impas impld impmc imprun; do
        "$TRASH/tree$1/bin/$p" --version >v || return 1
        test_grep "^$p" v || return 1
    done &&
    sort "gen$1.log" | uniq -c | sed 's/^ *//' >counts &&
    cat counts &&
    test "$(wc -l <counts)" -eq 4 &&
    test "$(grep -c '^1 ' counts)" -eq 4 &&
    test_grep 'flex .*asm/lexer.l' counts &&
    test_grep 'flex .*mc/masm/lexer.l' counts &&
    test_grep 'bison .*asm/parser.y' counts &&
    test_grep 'bison .*mc/masm/parser.y' counts
}

test_expect_success 'first clean make -j16 succeeds' 'parallel_build 1'
test_expect_success 'first build: programs run, each generator ran once' 'check_build 1'
test_expect_success 'second clean make -j16 succeeds' 'parallel_build 2'
test_expect_success 'second build: programs run, each generator ran once' 'check_build 2'
test_done
