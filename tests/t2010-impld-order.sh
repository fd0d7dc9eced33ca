#!/bin/sh
# t2010: ORDER and PAGE control statements change the layout exactly as
# the load map shows (golden maps with page boundaries), relocation follows
# the new addresses, and bad control statements get file:line:col errors.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-ld.sh"
ld_fixtures

cat >order.ctl <<'EOF'
* put SUB first, BIG on a page
ORDER SUB,BIG(P),MAIN
EOF
cat >page.ctl <<'EOF'
ORDER MDATA
PAGE SUB
ENTRY TABLE
EOF

test_expect_success 'ORDER with (P): map' '
    impld -o o.load -m o.map -c order.ctl --core=o.core main.o sub.o &&
    test_cmp "$TEST_DIR/golden/t2010-order.map" o.map
'
test_expect_success 'ORDER: the load module follows the map' '
    test_grep "^ESD 1 SD SUB 010000 10$" o.load &&
    test_grep "^ESD 2 SD BIG 011000 1800$" o.load &&
    test_grep "^ESD 3 SD MAIN 012800 18$" o.load &&
    test_grep "^ESD 4 SD MDATA 012818 8$" o.load
'
test_expect_success 'ORDER: relocated constants follow the new addresses' '
    test "$(core_word o.core 12810)" = 00010000 &&
    test "$(core_word o.core 12814)" = 00010008 &&
    test "$(core_word o.core 12818)" = 00012808 &&
    test "$(core_word o.core 1281C)" = 00180000 &&
    test "$(core_word o.core 4)" = 00012800
'
test_expect_success 'PAGE, ENTRY and --page-size=2048: map' '
    impld -o p.load -m p.map -c page.ctl --page-size=2048 --core=p.core main.o sub.o &&
    test_cmp "$TEST_DIR/golden/t2010-page.map" p.map
'
test_expect_success 'negative Y-con difference after reordering' '
    test "$(core_word p.core 10000)" = 00010010 &&
    test "$(core_word p.core 10004)" = FFF80000
'
test_expect_success 'ENTRY sets the entry point' '
    test_grep "^END 3 010808$" p.load && test "$(core_word p.core 4)" = 00010808
'
test_expect_success 'without ORDER the map has no page marks' '
    impld -o n.load -m n.map main.o sub.o && ! grep -q "page boundary" n.map
'

cat >bad.ctl <<'EOF'
ORDER SUB
PAGE  MAIN(P)
FOO X
ENTRY
ORDER SUB
ORDER A,,B
ORDER lower-case
EOF
cat >expect <<'EOF'
bad.ctl:2:11: error: (P) is only allowed in ORDER
 PAGE  MAIN(P)
           ^
bad.ctl:3:1: error: unknown control statement 'FOO' (ENTRY, ORDER or PAGE)
 FOO X
 ^
bad.ctl:4:6: error: missing name
 ENTRY
      ^
bad.ctl:5:7: error: SUB is already in ORDER
 ORDER SUB
       ^
bad.ctl:6:9: error: missing name
 ORDER A,,B
         ^
bad.ctl:7:12: error: invalid character in name
 ORDER lower-case
            ^
EOF
test_expect_failure_status 'bad control statements: exit 1' 1 '
    impld -o x.load -c bad.ctl main.o sub.o 2>err
'
test_expect_success 'bad control statements: file:line:col diagnostics' '
    test_cmp expect err && test ! -e x.load
'
printf 'ORDER SUB,NOPE\nENTRY NADA\n' >unknown.ctl
test_expect_failure_status 'ORDER naming no CSECT: exit 1' 1 '
    impld -o x.load -c unknown.ctl main.o sub.o 2>err
'
test_expect_success 'ORDER naming no CSECT: position of the name' '
    test_grep "^unknown.ctl:1:11: error: ORDER: no CSECT named NOPE in the input" err &&
    test ! -e x.load
'
test_expect_success 'unknown ENTRY name: error at its position' '
    printf "ENTRY NADA\n" >e.ctl && test_must_fail impld -c e.ctl main.o sub.o 2>err &&
    test_grep "e.ctl:1:7: error: ENTRY: NADA is not a CSECT or entry name" err
'
test_expect_failure_status 'missing control file: exit 2' 2 '
    impld -c nonexistent.ctl main.o sub.o
'
test_expect_failure_status '--page-size must be 2048 or 4096' 2 '
    impld --page-size=1000 main.o sub.o
'
test_done
