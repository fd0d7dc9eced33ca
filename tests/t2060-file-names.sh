#!/bin/sh
# t2060-file-names.sh -- any file name round-trips through objects and
# load modules: FILE and MOD records percent-encode the bytes below X'21',
# from X'7F' up, and '%' (impobj(5), "Paths"), so UTF-8, blanks, tabs and
# newlines in names neither break the records nor get them refused.
. "$(dirname "$0")/test-lib.sh"

cat >src <<'SRC'
BAD      CSECT
         USING BAD,15
         DC    X'0000'
         BR    14
         END   BAD
SRC

nl='
'
tab='	'
i=0
for name in "prüfung" "a b" "tab${tab}x" "new${nl}line" "pct%41" "ends " "日本"; do
    i=$((i + 1))
    cp src "$name.s"
    test_expect_success "name $i round-trips: assemble, link, run, source line" '
        impas "$name.s" -o "$name.o" &&
        impld -o "$name.load" "$name.o" &&
        { imprun "$name.load" 2>err; test $? -eq 4; } &&
        test_grep "3 |          DC    X.0000." err &&
        { imprun "$name.s" 2>err; test $? -eq 4; } &&
        test_grep "3 |          DC    X.0000." err &&
        test $(grep -c "^FILE 0 [!-~]*\$" "$name.load") -eq 1 &&
        test $(grep -c "^MOD 1 [!-~]*\$" "$name.load") -eq 1
    '
done

test_expect_success 'the encoding is the one documented' '
    grep "^FILE 0 pr%C3%BCfung.s\$" "prüfung.o" &&
    grep "^FILE 0 a%20b.s\$" "a b.o" &&
    grep "^FILE 0 new%0Aline.s\$" "new${nl}line.load" &&
    grep "^FILE 0 pct%2541.s\$" "pct%41.load" &&
    grep "^MOD 1 ends%20.o\$" "ends .load"
'
test_expect_success 'a bad escape in a path is an error' '
    printf "IMPOBJ 1\nFILE 0 a%%4\nESD 1 SD A 0 2\nEND\n" >bad1.o &&
    test_must_fail impld -o x.load bad1.o 2>err && test_grep "bad %XX escape" err &&
    printf "IMPOBJ 1\nFILE 0 a%%00b\nESD 1 SD A 0 2\nEND\n" >bad2.o &&
    test_must_fail impld -o x.load bad2.o 2>err && test_grep "bad %XX escape" err
'
test_done
