#!/bin/sh
# t4596-run-hardening.sh -- imprun on hostile input: card decks with
# endless lines, reversed ranges, the largest CSECT monitor buffer, the
# addressing-exception hint, SUPER refused by --no-super.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# ---- XREAD and XGET charge every byte they read -----------------------------

cat >rd.s <<'SRC'
RD       CSECT
         USING RD,15
LOOP     XREAD CARD,80
         BC    4,DONE
         XPRNT CARD-1,81
         B     LOOP
DONE     BR    14
         DC    C' '
CARD     DS    CL80
         END   RD
SRC
cat >xg.s <<'SRC'
XG       CSECT
         USING XG,15
         LA    14,NAME
LOOP     XGET  REC,80
         BC    4,DONE
         BC    2,DONE
         XPRNT REC-1,81
         B     LOOP
DONE     BR    14
NAME     DC    CL8'IN'
         DC    C' '
REC      DS    CL80
         END   XG
SRC

test_expect_success 'a 5 MB card line is one card: its first 80 bytes' '
    awk "BEGIN { s = \"ABCDEFGHIJ\"; for (i = 0; i < 19; i++) s = s s; print s; print \"SECOND\" }" >big.cards &&
    test $(wc -c <big.cards) -gt 5000000 &&
    imprun --cards=big.cards rd.s >out 2>err &&
    test $(wc -l <out) -eq 2 &&
    test_grep "^ABCDEFGHIJABCDEFGHIJ" out &&
    test_grep "^SECOND" out
'

test_expect_success 'the bytes read are charged: a long line costs its length' '
    imprun --stats --cards=big.cards rd.s >/dev/null 2>long.err &&
    printf "X\nSECOND\n" >short.cards &&
    imprun --stats --cards=short.cards rd.s >/dev/null 2>short.err &&
    long=$(sed -n "s/^cycles  *\([0-9][0-9]*\)$/\1/p" long.err) &&
    short=$(sed -n "s/^cycles  *\([0-9][0-9]*\)$/\1/p" short.err) &&
    test -n "$long" && test -n "$short" &&
    test $((long - short)) -ge 5000000
'

test_expect_success '< /dev/zero ends at the cycle limit' '
    { test_timeout 120 imprun --max-cycles=20M rd.s </dev/zero >out 2>err; test $? -eq 6; } &&
    test_grep "cycle limit reached" err &&
    test $(wc -l <out) -eq 1
'

test_expect_success '< /dev/zero with --max-cards=0 ends at the cycle limit too' '
    { test_timeout 120 imprun --max-cards=0 --max-cycles=20M rd.s </dev/zero >out 2>err; test $? -eq 6; } &&
    test_grep "cycle limit reached" err
'

test_expect_success 'XGET of /dev/zero ends at the cycle limit' '
    { test_timeout 120 imprun --max-cycles=20M --file IN=/dev/zero xg.s >out 2>err; test $? -eq 6; } &&
    test_grep "cycle limit reached" err &&
    test $(wc -l <out) -eq 1
'

# ---- --no-super: SUPER refused, S047 -----------------------------------------

cat >sup.s <<'SRC'
         COPY  IMPSVC
SUP      CSECT
         USING SUP,15
         SR    1,1
         SVC   SV_SUPER            the supervisor state, key 0
         MVC   X'F90'(4),TEXT      low storage is ours now
         SR    15,15
         BR    14
TEXT     DC    C'SUP!'
         END   SUP
SRC

test_expect_success 'SUPER gives key 0 by default' '
    imprun sup.s 2>err &&
    test_grep "return code 0" err
'

test_expect_success '--no-super: SUPER ends the program with S047 at the SVC' '
    { imprun --no-super sup.s 2>err; test $? -eq 4; } &&
    test_grep "note: SUPER (SVC 250) refused" err &&
    test_grep "completion code S047 (SUPER refused: the run does not allow the supervisor state)" err &&
    test_grep "sup.s:5" err
'

test_expect_success '--help and imprun(1) name --no-super' '
    imprun --help >help &&
    test_grep "^  --no-super " help &&
    grep -q "no.-super" "${IMP_BUILD:-$IMP_TOP/build}/man/imprun.1"
'

test_expect_success 'impmon: set no-super on refuses SUPER too' '
    printf "set no-super on\nload sup.s\nrun\n" >cmds &&
    impmon -x cmds >out 2>&1 &&
    test_grep "abnormal end, completion code S047" out
'

test_expect_success 'imp(7) states the trust model and knows the macro language' '
    test_grep "^.SS Trust" "$IMP_TOP/man/imp.7.in" &&
    test_grep "SUPER gives any program key 0" "$IMP_TOP/man/imp.7.in" &&
    ! grep -q "has no macro facility" "$IMP_TOP/man/imp.7.in"
'

# ---- smaller: hints and messages that name the cause -------------------------

cat >adr.s <<'SRC'
ADR      CSECT
         USING ADR,15
         L     2,=A(X'FFFFE')
         L     1,0(,2)
         BR    14
         LTORG
         END   ADR
SRC
cat >sd.s <<'SRC'
         COPY  IMPSVC
SD       CSECT
         USING SD,15
         SR    1,1
         SVC   SV_SUPER
         L     1,=X'00123000'
         DIAG  1,0,HS_ABEND        ABEND by DIAGNOSE, not an SVC
         BR    14
         LTORG
         END   SD
SRC

test_expect_success 'an addressing exception names the first byte outside storage' '
    { imprun adr.s 2>err; test $? -eq 4; } &&
    test_grep "operand 2 address X.0FFFFE." err &&
    test_grep "hint: the byte at X.100000. is outside storage" err
'

test_expect_success '--csm=524288, the documented maximum, runs with --storage=16M' '
    imprun --storage=16M --csm=524288 "$IMP_TOP/examples/hello.s" >out 2>err &&
    test_grep "^csm: 1 transitions" err &&
    { imprun --csm=524288 "$IMP_TOP/examples/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "its buffer (8388608 bytes) does not fit .*--storage=16M" err
'

test_expect_success 'a reversed range says TO is below FROM' '
    { imprun --ias=1000 --ias-window=20000:10000 "$IMP_TOP/examples/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "ias-window=20000:10000: TO is below FROM" err &&
    { imprun --per=sa,range=20000:10000 "$IMP_TOP/examples/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "range=20000:10000: TO is below FROM" err &&
    { imprun --per=sa,range=HELLO:HELLO "$IMP_TOP/examples/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "TO is FROM (no byte)" err &&
    { imprun --per=sa,range=NOSUCH "$IMP_TOP/examples/hello.s" 2>err; test $? -eq 2; } &&
    test_grep "no such CSECT, label or range" err
'

test_expect_success 'after SUPER an abend by DIAGNOSE points at the DIAGNOSE' '
    { imprun sd.s 2>err; test $? -eq 4; } &&
    test_grep "completion code S123" err &&
    test_grep "(sd.s:7): DIAG" err &&
    ! grep "SVC   250" err
'

# ---- source lines by content: the HASH of each source -----------------------

cat >dz.s <<'SRC'
DZ       CSECT
         USING DZ,15
         SR    2,2
         DR    2,2                 divide by zero
         BR    14
         END   DZ
SRC

test_expect_success 'objects and load modules record the SHA-256 of each source' '
    impas -o dz.o dz.s && impld -o dz.load dz.o &&
    sum=$(sha256sum dz.s | cut -d" " -f1) &&
    test_grep "^HASH 0 sha256 $sum\$" dz.o &&
    test_grep "^HASH 0 sha256 $sum\$" dz.load
'

test_expect_success 'a source line is shown while the source is the one assembled' '
    { imprun dz.load 2>err; test $? -eq 4; } &&
    test_grep "4 |          DR    2,2                 divide by zero" err &&
    test_grep "dz.s:4 |          DR    2,2" err
'

test_expect_success 'after an edit: the source has changed since it was assembled' '
    sed "s/divide by zero/an edited comment/" dz.s >dz.new && mv dz.new dz.s &&
    { imprun dz.load 2>err; test $? -eq 4; } &&
    test_grep "4 | (source line not shown: the source has changed since it was assembled)" err &&
    test_grep "dz.s:4 (the source has changed since it was assembled)" err &&
    ! grep "an edited comment" err
'

test_expect_success 'one path assembled twice, edited between: two FILE records' '
    cat >two.s <<-\SRC &&
	TWO      CSECT
	         BR    14
	         END
	SRC
    impas -o two1.o two.s &&
    sed "s/TWO /TWO2/" two.s >two.new && mv two.new two.s &&
    impas -o two2.o two.s &&
    impld -o two.load two1.o two2.o &&
    test $(grep -c "^FILE [0-9]* two.s\$" two.load) -eq 2 &&
    test $(grep -c "^HASH " two.load) -eq 2
'

test_done
