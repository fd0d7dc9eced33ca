#!/bin/sh
# t4585: the host text of a program's output (imprun --charset).  The
# characters EBCDIC has beyond ASCII ($ # @ are ASCII, the cent sign and
# the accented letters are not) go to a UTF-8 terminal as UTF-8, to files
# and pipes as ISO 8859-1 bytes unless --charset=utf-8 asks, and to the
# punch always as the bytes.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# X'5B7B7C4A5A51': $ # @ cent ! e-acute in code page 037
cat >nat.s <<'SRC'
         COPY  IMPSVC
NAT      CSECT
         USING NAT,15
         LA    1,MSG
         LA    0,L'MSG
         SVC   SV_PUTLINE
         SR    15,15
         BR    14
MSG      DC    X'5B7B7C4A5A51'
         END   NAT
SRC
cat >pun.s <<'SRC'
PUN      CSECT
         USING PUN,15
         XPRNT LINE,7
         XPNCH CARD,6
         SR    15,15
         BR    14
LINE     DC    C' ',X'5B7B7C4A5A51'
CARD     DC    X'5B7B7C4A5A51'
         END   PUN
SRC
hex() { od -An -tx1 "$1" | tr -d ' \n'; }
LATIN=242340a221e90a
UTF8=242340c2a221c3a90a

test_expect_success 'to a pipe the output is ISO 8859-1 bytes, as always' '
    imprun nat.s >out 2>err && test "$(hex out)" = $LATIN
'
test_expect_success 'in a UTF-8 locale too: a pipe or a file is not a terminal' '
    LC_ALL=C.UTF-8 imprun nat.s >out 2>err && test "$(hex out)" = $LATIN
'
test_expect_success '--charset=utf-8: the cent sign and the e-acute are UTF-8' '
    imprun --charset=utf-8 nat.s >out 2>err && test "$(hex out)" = $UTF8
'
test_expect_success '--charset=latin-1 and auto are accepted; anything else is a usage error' '
    imprun --charset=latin-1 nat.s >out 2>err && test "$(hex out)" = $LATIN &&
    imprun --charset=auto nat.s >out 2>err && test "$(hex out)" = $LATIN &&
    { imprun --charset=ebcdic nat.s 2>err; test $? -eq 2; } &&
    test_grep "^imprun: --charset: .ebcdic. is not auto, utf-8 or latin-1" err
'
test_expect_success 'ASSIST: the print lines follow --charset, the punch keeps the bytes' '
    imprun --charset=utf-8 --punch=cards.txt pun.s >out 2>err &&
    test "$(hex out)" = $UTF8 && test "$(hex cards.txt)" = $LATIN &&
    imprun --charset=utf-8 --print=print.txt --punch=cards.txt pun.s >out 2>err &&
    test "$(hex print.txt)" = $UTF8 && test "$(hex cards.txt)" = $LATIN
'

# Input: a line read as UTF-8 is made of characters, not bytes.
cat >gl.s <<'SRC'
         COPY  IMPSVC
GL       CSECT
         LR    12,15
         USING GL,12
         LA    1,BUF
         LA    0,20
         SVC   SV_GETLINE          R0 <- the characters read
         LR    2,0
         LA    1,BUF
         LR    0,2
         SVC   SV_PUTLINE
         LR    1,2
         SVC   SV_PUTDEC
         SR    15,15
         BR    14
BUF      DS    CL20
         END   GL
SRC
cat >rd.s <<'SRC'
RD       CSECT
         USING RD,15
         XREAD CARD,80
         XPRNT LINE,11
         SR    15,15
         BR    14
LINE     DC    C' '
CARD     DS    CL80
         END   RD
SRC
printf 'caf\303\251 cr\303\250me\n' >line.txt
test_expect_success 'GETLINE: --charset=utf-8 reads characters, the bytes otherwise' '
    imprun --charset=utf-8 gl.s <line.txt >out 2>err &&
    test "$(hex out)" = "636166c3a9206372c3a86d650a3130" &&
    imprun gl.s <line.txt >out 2>err &&
    test "$(hex out)" = "636166c3a9206372c3a86d650a3132"
'
test_expect_success 'XREAD: a UTF-8 card, the euro sign (no EBCDIC twin) the substitute' '
    printf "caf\303\251 \342\202\254!\n" >cards.txt &&
    imprun --charset=utf-8 --cards=cards.txt rd.s >out 2>err &&
    test "$(hex out)" = "636166c3a92020210a" &&
    imprun --cards=cards.txt rd.s >out 2>err &&
    test "$(hex out)" = "636166c3a920e220ac210a"
'

# A terminal: script(1) runs imprun on a pseudo-terminal (its output has
# CR LF line ends and imprun's report beside the program's line).
if test_have script && locale -a 2>/dev/null | grep -qi '^C\.utf-\?8$'; then
    test_expect_success 'auto: a terminal in a UTF-8 locale gets UTF-8' '
        LC_ALL=C.UTF-8 script -qec "imprun nat.s 2>/dev/null" /dev/null >tty.out &&
        hex tty.out | grep -q "242340c2a221c3a9" &&
        ! hex tty.out | grep -q "242340a221e9"
    '
    test_expect_success 'auto: a terminal in the C locale gets the bytes' '
        LC_ALL=C script -qec "imprun nat.s 2>/dev/null" /dev/null >tty.out &&
        hex tty.out | grep -q "242340a221e9"
    '
else
    test_skip 'auto on a terminal' 'no script(1) or no C.UTF-8 locale'
fi
test_done
