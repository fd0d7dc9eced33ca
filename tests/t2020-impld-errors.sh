#!/bin/sh
# t2020: impld's errors: unresolved and duplicate external symbols (naming
# the modules), duplicate CSECTs, bad or truncated object modules, usage
# errors; no output file is written when the link fails, and the load
# module of an earlier link is removed.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-ld.sh"
ld_fixtures

cat >dup.o <<'EOF'
IMPOBJ 1
ESD 1 SD OTHER 0 8
ESD 2 LD TABLE 4 0 1
END
EOF
cat >dupsect.o <<'EOF'
IMPOBJ 1
ESD 1 SD SUB 0 8
END
EOF

test_expect_failure_status 'unresolved external: exit 1' 1 'impld -o x.load main.o 2>err'
# SUB is referred to at +6 (XREF), a statement of main.s line 4 (LINE at
# +2); TABLE has no XREF and no DEF record: the module is named instead.
test_expect_success 'unresolved externals: the referring line, else the module' '
    test_grep "^main.s:4: error: unresolved external symbol SUB$" err &&
    test_grep "^main.o: error: unresolved external symbol TABLE$" err &&
    test ! -e x.load
'
test_expect_success 'duplicate entry name names both modules' '
    test_must_fail impld -o x.load main.o sub.o dup.o 2>err &&
    test_grep "^dup.o: error: duplicate external symbol TABLE: entry here, already defined as entry in sub.o$" err
'
test_expect_success 'a CSECT in two modules is a duplicate' '
    test_must_fail impld -o x.load main.o sub.o dupsect.o 2>err &&
    test_grep "^dupsect.o: error: duplicate external symbol SUB: CSECT here, already defined as CSECT in sub.o$" err
'
test_expect_success 'a duplicate does not hide an unresolved name: both are reported' '
    printf "IMPOBJ 1\nESD 1 SD REFS 0 4\nESD 2 ER NOWHERE 0 0\nEND\n" >refs.o &&
    test_must_fail impld -o x.load main.o sub.o dupsect.o refs.o 2>err &&
    test_grep "^dupsect.o: error: duplicate external symbol SUB: CSECT here, already defined as CSECT in sub.o$" err &&
    test_grep "^refs.o: error: unresolved external symbol NOWHERE$" err &&
    test ! -e x.load
'
cat >dupdef.o <<'EOF'
IMPOBJ 1
FILE 0 dupdef.s
ESD 1 SD SUB 0 8
DEF 1 0 12
END
EOF
test_expect_success 'a DEF record names the defining line' '
    test_must_fail impld -o x.load main.o sub.o dupdef.o 2>err &&
    test_grep "^dupdef.s:12: error: duplicate external symbol SUB: CSECT here, already defined as CSECT in sub.o$" err
'
test_expect_success 'a DEF record with no FILE record is refused' '
    sed "s/^DEF 1 0 12$/DEF 1 3 12/" dupdef.o >baddef.o &&
    test_must_fail impld -o x.load baddef.o 2>err &&
    test_grep "^baddef.o:4:7: error: file number 3 has no FILE record" err
'
# The load module and core image of an earlier link are not the program
# of these objects: link errors remove them (as GNU ld removes its
# output), so imprun cannot run one unnoticed; the map is a report and
# stays.  (A write error leaves every file as it was: t0100.)
test_expect_success 'link errors remove the load module and core image of an earlier link' '
    impld -o keep.load -m keep.map --core=keep.core main.o sub.o &&
    test -s keep.load && test -s keep.core && cp keep.map keep.map.old &&
    test_must_fail impld -o keep.load -m keep.map --core=keep.core main.o 2>err &&
    test_grep "unresolved external symbol SUB" err &&
    ! test -e keep.load && ! test -e keep.core && cmp keep.map.old keep.map
'
test_expect_success 'link errors leave a FIFO, and a usage error anything, alone' '
    mkfifo fifo.load && test_must_fail impld -o fifo.load main.o 2>err && test -p fifo.load &&
    echo precious >keep.load &&
    { impld -o keep.load main.o nosuch.o 2>err; test $? -eq 2; } &&
    test "$(cat keep.load)" = precious
'
test_expect_success 'a bad object module: path:line:col error, exit 1' '
    sed "s/^RLD 1 10 4 2 2$/RLD 1 10 4 2 9/" main.o >bad.o &&
    test_must_fail impld -o x.load bad.o sub.o 2>err &&
    test_grep "^bad.o:10:14: error: relocation id 9 is not a defined ESD id" err
'
test_expect_success 'a truncated object module' '
    head -c 200 main.o >cut.o &&
    test_must_fail impld -o x.load cut.o sub.o 2>err &&
    test_grep "^cut.o:.*error: " err
'
test_expect_success 'binary junk is rejected' '
    head -c 512 "$IMP_BIN/impld" >junk.o &&
    test_must_fail impld -o x.load junk.o 2>err &&
    test_grep "^junk.o:1:1: error: invalid byte 0x7F" err
'
test_expect_success 'a load module is not an object module' '
    impld -o p.load main.o sub.o &&
    test_must_fail impld -o x.load p.load 2>err &&
    test_grep "this is a load module, not an object module" err
'
test_expect_success '-d wants a load module' '
    test_must_fail impld -d main.o 2>err &&
    test_grep "this is an object module, not a load module" err
'
test_expect_failure_status 'missing object file: exit 2' 2 'impld nothere.o'
test_expect_failure_status 'no object modules: exit 2' 2 'impld'
test_expect_failure_status 'bad --origin: exit 2' 2 'impld --origin=0x10004 main.o sub.o'
test_expect_failure_status 'origin below 8 with a restart PSW' 1 '
    impld --origin=0 --core=c.core main.o sub.o
'
test_expect_success 'origin 0 without a restart PSW' '
    impld --origin=0 --no-restart-psw --core=c.core main.o sub.o &&
    test "$(core_word c.core 10)" = 00000020
'
test_expect_failure_status 'option missing its argument: exit 2' 2 'impld main.o -o'
test_expect_success 'unwritable output: error, no partial file' '
    test_must_fail impld -o nodir/x.load main.o sub.o 2>err &&
    test_grep "nodir/x.load: error: cannot create" err
'
test_expect_success 'an empty CSECT list is an error' '
    printf "IMPOBJ 1\nEND\n" >empty.o &&
    test_must_fail impld empty.o 2>err && test_grep "no CSECTs to link" err
'
test_expect_success 'a short address constant that overflows is a warning' '
    cat >y.o <<-EOF &&
	IMPOBJ 1
	ESD 1 SD YC 0 4
	TXT 1 0 00000000
	RLD 1 0 2 0 1
	END
	EOF
    impld -o y.load y.o 2>err &&
    test_grep "warning: 2-byte address constant at 010000 (YC+0) overflows" err
'
test_expect_success 'an unresolved name one slip from a defined one: did you mean' '
    cat >typo.o <<-\EOF &&
	IMPOBJ 1
	ESD 1 SD CALLER 0 8
	ESD 2 ER DOUBEL 0 0
	ESD 3 ER ZZZ 0 0
	END
	EOF
    cat >double.o <<-\EOF &&
	IMPOBJ 1
	ESD 1 SD DOUBLE 0 4
	ESD 2 LD DOUBLE2 2 0 1
	END
	EOF
    test_must_fail impld -o typo.load typo.o double.o 2>err &&
    test_grep "^typo.o: error: unresolved external symbol DOUBEL; did you mean DOUBLE?\$" err &&
    test_grep "^typo.o: error: unresolved external symbol ZZZ\$" err &&
    test ! -e typo.load
'

test_done
