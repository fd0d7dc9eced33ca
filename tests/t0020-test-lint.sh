#!/bin/sh
# t0020: every test body keeps its && chain (tests/lint-tests.pl), and the
# checker finds the breaks it is meant to find.
. "$(dirname "$0")/test-lib.sh"

LINT="perl $TEST_DIR/lint-tests.pl"

test_expect_success 'the suite has no broken && chain' '
    $LINT "$TEST_DIR"/t[0-9]*.sh >out 2>&1 || { cat out; false; }
'

# Bodies with one known break each; the checker must name exactly those lines.
cat >bad.sh <<'EOF_BAD'
test_expect_success 'a line without &&' '
    echo one >a
    echo two >b
'
test_expect_success 'a group that ends the chain' '
    { cat a; false; }
    test -s a
'
test_expect_success 'a ; between commands' '
    false; true
'
test_expect_success 'a loop body is fine, the line after done is not' '
    for f in a b; do
        cat $f || exit 1
    done
    echo after
'
test_expect_success 'after a here-document' '
    cat >x <<-EOT
	text
	EOT
    cat x
'
EOF_BAD
cat >bad.expect <<'EOF_EXP'
bad.sh:2:5: error: broken && chain: the next command runs even if this one fails
bad.sh:6:5: error: broken && chain: the next command runs even if this one fails
bad.sh:10:5: error: broken && chain: a command before ; can fail unseen
bad.sh:15:5: error: broken && chain: the next command runs even if this one fails
bad.sh:19:5: error: broken && chain: the next command runs even if this one fails
EOF_EXP
test_expect_success 'each broken chain is reported with its line' '
    test_must_fail $LINT bad.sh >bad.out &&
    test_cmp bad.expect bad.out
'

cat >good.sh <<'EOF_GOOD'
test_expect_success 'chains, groups, loops, statuses, quotes' '
    x=1; y=2 &&
    { cmd; test $? -eq 3; } &&
    for f in a b; do
        test -f $f || { echo "no $f"; exit 1; }
    done &&
    if test -n "$x"; then
        echo "a string
that spans lines"
    else
        false
    fi &&
    cat >y <<EOT &&
not a command
EOT
    case $x in
    1) echo one ;;
    esac
'
test_expect_success "a body in double quotes" "echo one && echo two"
EOF_GOOD
test_expect_success 'well-formed bodies pass' '
    $LINT good.sh >good.out 2>&1 || { cat good.out; false; }
'
test_done
