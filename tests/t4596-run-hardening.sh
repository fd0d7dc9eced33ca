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

test_done
