#!/bin/sh
# t4520-imprun-services.sh -- the DIAGNOSE host services end to end, with
# hand-written load modules: console lines in and out through EBCDIC,
# a text file copied record by record through two FCBs bound with
# --file, and the CC3 path when a name is not bound.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
use_supervisor      # its programs use DIAGNOSE: supervisor state

# cat.load: GETLINE into a buffer at +X'100', PUTLINE it back, until CC1.
#   10000 LA 2,256(0,15)  10004 LA 3,80  10008 DIAG 2,3,X'010'
#   1000C BC 4,28(0,15)   10010 DIAG 2,3,8  10014 B 0(0,15)
#   10018 NOPR 0; NOPR 0  1001C SR 15,15  1001E BR 14
cat >cat.load <<'MOD'
IMPLOAD 1
ESD 1 SD CAT 010000 150
TXT 1 010000 4120F1004130005083230010
TXT 1 01000C 4740F01C8323000847F0F000
TXT 1 010018 070007001BFF07FE
END 1 010000
MOD

test_expect_success 'GETLINE and PUTLINE: lines round-trip through EBCDIC' '
    printf "abc\nHello, World! 0123 #@$\n\nlast line without newline" >in &&
    imprun -q cat.load <in >out &&
    printf "abc\nHello, World! 0123 #@$\n\nlast line without newline\n" >expect &&
    test_cmp expect out
'
test_expect_success 'GETLINE truncates long lines to R3 (CC2) and goes on' '
    awk "BEGIN { for (i = 0; i < 100; i++) printf \"x\"; print \"\"; print \"next\" }" >long &&
    imprun -q cat.load <long >out &&
    { awk "BEGIN { for (i = 0; i < 80; i++) printf \"x\"; print \"\" }"; echo next; } >expect &&
    test_cmp expect out
'
test_expect_success 'end of input at once' '
    imprun -q cat.load </dev/null >out && ! test -s out
'

# copy.load: OPEN IN and OUT, GET/PUTREC until end of file, CLOSE both;
# return code 12 if an OPEN fails.  FCBs at +X'100' and +X'120', one
# 80-byte buffer at +X'200'.
cat >copy.load <<'MOD'
IMPLOAD 1
ESD 1 SD COPY 010000 250
TXT 1 010000 4120F100832000204710F0404130F120
TXT 1 010010 833000204710F040832000284740F030
TXT 1 010020 D203301820188330002C47F0F0180700
TXT 1 010030 83200024833000241BFF07FE07000700
TXT 1 010040 41F0000C07FE
TXT 1 010100 C9D54040404040400000000000000000000102000000005000000000
TXT 1 010120 D6E4E340404040400000000100000000000102000000005000000000
END 1 010000
MOD

test_expect_success 'a text file copied record by record through FCBs' '
    printf "first record\nsecond, longer record\n\nlast\n" >data.txt &&
    imprun -q --file in=data.txt --file OUT=copy.txt copy.load &&
    test_cmp data.txt copy.txt
'
test_expect_success 'binding to - uses the console' '
    imprun -q --file IN=- --file OUT=- copy.load <data.txt >out &&
    test_cmp data.txt out
'
test_expect_success 'an unbound name: OPEN gives CC3 (the program returns 12)' '
    { imprun --file IN=data.txt copy.load 2>err; test $? -eq 3; } &&
    test_grep "return code 12" err
'
test_expect_success 'a missing input file: OPEN gives CC3' '
    { imprun -q --file IN=nosuch.txt --file OUT=x.txt copy.load 2>err; test $? -eq 3; } &&
    test_grep "return code 12" err
'
test_expect_success 'the services are counted in the JSON report' '
    imprun -q --file IN=data.txt --file OUT=copy2.txt --json=r.json copy.load &&
    test_grep "\"calls\": 14" r.json &&
    test_grep "\"bytes_in\": 37" r.json &&
    test_grep "\"bytes_out\": 37" r.json
'
test_done
