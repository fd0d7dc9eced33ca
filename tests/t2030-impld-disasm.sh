#!/bin/sh
# t2030: impld -d disassembles a load module with CSECT headers, labels,
# object code, instructions, data areas as DC/DS and source positions; and
# the linker survives mutated object modules (errors, never a crash).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-ld.sh"
ld_fixtures

test_expect_success 'disassembly of a linked program (golden)' '
    impld -o p.load main.o sub.o &&
    impld -d p.load >dis &&
    test_cmp "$TEST_DIR/golden/t2030-disasm.txt" dis
'
test_expect_success 'disassembly after ORDER follows the new addresses' '
    printf "ORDER BIG,SUB\n" >o.ctl &&
    impld -o o.load -c o.ctl main.o sub.o &&
    impld -d o.load >odis &&
    test_grep "^011800  41F0000A         SUB      LA    15,10(0,0)$" odis
'
test_expect_success '-d of a missing file: exit 2' '
    { impld -d none.load 2>err; test $? -eq 2; } &&
    test_grep "none.load" err
'
test_expect_success 'mutated object modules: errors or links, never a crash' '
    i=0 &&
    while [ $i -lt 60 ]; do
        n=$(( (i * 37) % $(wc -c <main.o) )) &&
        { head -c $n main.o; printf "\\377Z 9"; tail -c +$((n + 4)) main.o; } >m$i.o &&
        { impld -o m.load m$i.o sub.o 2>err; st=$?; } &&
        if [ $st -gt 2 ] || grep -q -e Sanitizer -e "runtime error" err; then
            echo "exit $st on m$i.o"; cat err; exit 1
        fi &&
        i=$((i + 1))
    done
'
test_done
