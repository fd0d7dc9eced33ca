#!/bin/sh
# t2000: impld links hand-written object modules: resolution, relocation
# (A-con, V-con, negative RLD, Y-con), load module records, map, cross-
# reference and core image.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-ld.sh"
ld_fixtures

test_expect_success 'links two modules' '
    impld -o p.load -m p.map -x p.xref --core=p.core main.o sub.o &&
    test "$(head -1 p.load)" = "IMPLOAD 1" &&
    test_grep "^ESD 1 SD MAIN 010000 18$" p.load &&
    test_grep "^ESD 3 SD SUB 010020 10$" p.load &&
    test "$(head -1 p.map)" = "IMPLD LOAD MAP" &&
    test_grep "^CSECT MAIN  010000-010017" p.xref &&
    test "$(od -A n -t x1 -N 8 p.core | tr -d " ")" = 0008000000010000
'
test_expect_success 'no temporary files are left behind' '
    ! ls | grep -q tmp
'
test_expect_success 'load map' '
    test_cmp "$TEST_DIR/golden/t2000-link.map" p.map
'
test_expect_success 'cross-reference lists every constant and XREF' '
    test_cmp "$TEST_DIR/golden/t2000-link.xref" p.xref
'
test_expect_success 'load module: CSECTs with final addresses and their modules' '
    test_grep "^ESD 1 SD MAIN 010000 18$" p.load &&
    test_grep "^ESD 3 SD SUB 010020 10$" p.load &&
    test_grep "^ESD 5 LD TABLE 010028 0 3$" p.load &&
    test_grep "^MOD 3 sub.o$" p.load &&
    test_grep "^END 1 010000$" p.load
'
test_expect_success 'load module: RLD, SYM, LINE, XREF at final addresses' '
    test_grep "^RLD 1 010010 4 2 3$" p.load &&
    test_grep "^RLD 2 01001C 2 1 1$" p.load &&
    test_grep "^SYM 3 TABLE 010028 4 F$" p.load &&
    test_grep "^LINE 1 010002 0 4$" p.load &&
    test_grep "^XREF 1 010006 3$" p.load
'
test_expect_success 'V-con holds the address of SUB' '
    test "$(core_word p.core 10010)" = 00010020
'
test_expect_success 'A-con to an entry name (LD in another module)' '
    test "$(core_word p.core 10014)" = 00010028
'
test_expect_success 'A-con to a CSECT plus offset' '
    test "$(core_word p.core 10018)" = 00010008
'
test_expect_success 'Y-con difference of two CSECTs (RLD and negative RLD)' '
    test "$(core_word p.core 1001C)" = 00180000
'
test_expect_success 'core image: restart PSW, zero low storage, size' '
    test "$(core_word p.core 0)" = 00080000 &&
    test "$(core_word p.core 4)" = 00010000 &&
    test "$(core_word p.core 8)" = 00000000 &&
    test "$(core_word p.core FFFC)" = 00000000 &&
    test "$(wc -c <p.core)" -eq $((0x11830))
'
test_expect_success 'core image text equals the load module text' '
    test "$(core_word p.core 10000)" = 05C058F0 &&
    test "$(core_word p.core 10030)" = C1C2C300
'
test_expect_success '--no-restart-psw leaves address 0 zero' '
    impld -o q.load --core=q.core --no-restart-psw main.o sub.o &&
    test "$(core_word q.core 0)" = 00000000 && test "$(core_word q.core 4)" = 00000000
'
test_expect_success '-e names the entry point (restart PSW follows)' '
    impld -o e.load -e TABLE --core=e.core main.o sub.o &&
    test_grep "^END 3 010028$" e.load &&
    test "$(core_word e.core 4)" = 00010028
'
xorigin="X'20000'"
test_expect_success '--origin moves everything (X form)' '
    impld -o o.load --origin="$xorigin" --core=o.core main.o sub.o &&
    test_grep "^ESD 1 SD MAIN 020000 18$" o.load &&
    test "$(core_word o.core 20010)" = 00020020 &&
    test "$(core_word o.core 2001C)" = 00180000
'
test_expect_success 'the load module reads back (disassembles)' '
    impld -d p.load >dis && test_grep "VSUB     DC    X.00010020" dis
'
test_expect_success 'default output name is a.load' '
    impld main.o sub.o && test_grep "^IMPLOAD 1$" a.load
'
test_expect_success 'listings to stdout with -' '
    impld -o s.load -m - main.o sub.o >out && test_grep "^IMPLD LOAD MAP" out
'
test_done
