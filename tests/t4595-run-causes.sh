#!/bin/sh
# t4595-run-causes.sh -- real coursework runs unchanged and a student's
# mistake leads to its cause: files told by content, ASSIST jobs that end
# with BR 14, GETMAIN until the region runs out, stores made by services
# seen by PER and watchpoints, and reports that name the cause.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# ---- a load module is told by its content, never by its name ---------------

test_expect_success 'x.360 and X.MLC are sources' '
    cp "$IMP_TOP/examples/hello.s" x.360 &&
    cp x.360 X.MLC &&
    cp x.360 PROG.ASM &&
    imprun x.360 >out1 2>err1 &&
    test_grep "Hello, world!" out1 &&
    imprun X.MLC >out2 2>err2 &&
    test_cmp out1 out2 &&
    imprun PROG.ASM >out3 2>&1 &&
    test_grep "Hello, world!" out3
'

test_expect_success 'a load module under any name is a load module' '
    impas -o h.o x.360 &&
    impld -o hello.s h.o &&
    imprun hello.s >out 2>err &&
    test_grep "Hello, world!" out &&
    impld -o HELLO h.o &&
    imprun HELLO >out 2>err &&
    test_grep "Hello, world!" out
'

test_expect_success 'an object module says it is one' '
    test_must_fail imprun h.o 2>err &&
    test_grep "h.o:1:1: error: this is an object module, not a load module" err
'

test_expect_success 'a source and a load module under one --task do not mix' '
    { imprun HELLO x.360 2>err; test $? -eq 2; } &&
    test_grep "cannot mix sources and load modules" err
'

# ---- an ASSIST job that returns ends normally ------------------------------

cat >niu.s <<'SRC'
NIU      CSECT
         USING NIU,15
         XPRNT LINE,20
         BR    14
LINE     DC    CL20' HELLO FROM ASSIST'
         END   NIU
SRC
cat >plain.s <<'SRC'
PLAIN    CSECT
         USING PLAIN,15
         BR    14
         END   PLAIN
SRC
cat >deck.s <<'SRC'
$JOB  TEST
DECK     CSECT
         USING DECK,15
         LA    15,4
         BR    14
         END   DECK
$ENTRY
SRC
cat >exit.s <<'SRC'
EXIT     CSECT
         USING EXIT,15
         XPRNT LINE,2
         LA    15,5
         SVC   3
LINE     DC    CL2' X'
         END   EXIT
SRC

test_expect_success 'a program using ASSIST returns with BR 14: status 0' '
    imprun niu.s >out 2>err &&
    test_grep "HELLO FROM ASSIST" out &&
    test_grep "ASSIST job ended normally (it returned; register 15 held X.00010000." err &&
    ! grep "return code is the entry address" err
'

test_expect_success 'a $JOB deck that returns: status 0 whatever R15 holds' '
    imprun deck.s 2>err &&
    test_grep "register 15 held X.00000004." err &&
    imprun -q deck.s 2>err &&
    test ! -s err
'

test_expect_success 'a program without ASSIST keeps the R15 note and status 3' '
    { imprun plain.s 2>err; test $? -eq 3; } &&
    test_grep "return code is the entry address X.010000.: register 15 was not set" err
'

test_expect_success 'an ASSIST job that calls EXIT itself keeps its return code' '
    { imprun exit.s 2>err; test $? -eq 3; } &&
    test_grep "return code 5\$" err
'

# ---- GETMAIN until the region runs out, then S80A ---------------------------

cat >ack.s <<'SRC'
* Ackermann's function, recursive: each call GETMAINs its save area
* and FREEMAINs it on return, as Rosetta Code's 360 version does.
ACKER    CSECT
         USING ACKER,12
         STM   14,12,12(13)
         LR    12,15
         LA    2,3                M
         LA    3,6                N
         BAL   14,ACK
         XDECO 4,OUT+9
         XPRNT OUT,21
         L     14,12(,13)
         BR    14
* ACK: R4 <- A(R2,R3); R2, R3 kept
ACK      STM   14,3,SAVE14        the caller's R14, R2, R3 (temporaries)
         GETMAIN R,LV=80
         ST    13,4(,1)           chain
         LR    13,1
         MVC   8(24,13),SAVE14    R14-R3 saved in the new area
         LTR   2,2
         BNZ   MNZ
         LA    4,1(,3)            A(0,N) = N+1
         B     RET
MNZ      LTR   3,3
         BNZ   BOTH
         BCTR  2,0
         LA    3,1
         BAL   14,ACK             A(M-1,1)
         B     RET
BOTH     BCTR  3,0
         BAL   14,ACK             A(M,N-1)
         LR    3,4
         BCTR  2,0
         BAL   14,ACK             A(M-1,A(M,N-1))
RET      LR    1,13
         L     13,4(,13)
         MVC   SAVE14(24),8(1)
         FREEMAIN R,LV=80,A=(1)
         LM    14,3,SAVE14
         BR    14
SAVE14   DS    6F
OUT      DC    CL21' A(3,6) ='
         END   ACKER
SRC

test_expect_success 'a recursion holding more than 256 areas runs' '
    imprun ack.s >out 2>err &&
    test_grep "A(3,6) =         509" out
'

test_expect_success 'the region runs out: S80A with the size asked' '
    { imprun --storage=80K ack.s >out 2>err; test $? -eq 4; } &&
    test_grep "note: GETMAIN of 80 bytes: the region has no room (201 areas held" err &&
    test_grep "abnormal end, completion code S80A" err &&
    test_grep "completion code S80A (GETMAIN: the region has no room for the request)" err &&
    ! grep "S0C4" err
'

# ---- stores made for the program: PER storage alteration and watch ---------

cat >perh.s <<'SRC'
         COPY  IMPSVC
PERH     CSECT
         USING PERH,12
         LR    12,15
         SR    3,3                 R3: PER events counted by HANDLER
         SR    1,1
         SVC   SV_SUPER            supervisor state, key 0
         MVC   X'68'(8),PGMNEW     the program new PSW: HANDLER
         LCTL  9,11,CRS            SA over CARD..LINE
         SSM   PERON               the PER mask on
         LA    1,1
         SVC   SV_SUPER            back to the problem state, PER on
         XREAD CARD,80             a store by ASSIST's XREAD
         LA    1,LINE
         LA    0,20
         SVC   SV_GETLINE          a store by an SVC's service
         LR    1,3
         SVC   SV_PUTDEC           events seen
         L     1,ADDRS
         SVC   SV_PUTHEX           the PER address of each
         L     1,ADDRS+4
         SVC   SV_PUTHEX
         SR    15,15
         BR    14
HANDLER  LR    4,3                 key 0, PER off: note the event
         SLL   4,2
         LA    4,ADDRS(4)
         MVC   0(4,4),X'98'        its PER address
         LA    3,1(,3)
         LPSW  X'28'               back to the program
         DS    0D
PGMNEW   DC    X'00080000',A(HANDLER)
CRS      DC    X'20000000',A(CARD),A(LINE+19)
PERON    DC    X'40'
         DS    0F
ADDRS    DC    2F'0'
CARD     DS    CL80
LINE     DS    CL20
         END   PERH
SRC
cat >w.s <<'SRC'
         COPY  IMPSVC
W        CSECT
         USING W,15
         XREAD CARD,80
         XDECI 2,CARD
         XDECO 2,OUT
         LA    1,LINE
         LA    0,20
         SVC   SV_GETLINE
         SR    15,15
         BR    14
CARD     DS    CL80
OUT      DS    CL12
LINE     DS    CL20
         END   W
SRC
cat >wd.s <<'SRC'
W        CSECT
         USING W,15
         XREAD CARD,80
         XDECI 2,CARD
         XDECO 2,OUT
         SR    15,15
         BR    14
CARD     DS    CL80
OUT      DS    CL12
         END   W
$ENTRY
42
SRC
printf '42\nhello\n' >in.txt

test_expect_success 'PER SA with a handler sees XREAD and an SVC service store' '
    imprun -q perh.s <in.txt >out 2>err &&
    printf "20001001C0001002A" >expect &&
    test_cmp expect out
'

test_expect_success '--per=sa: XREAD, XDECO and GETLINE stores are events' '
    { imprun --per=sa,range=CARD w.s <in.txt 2>err; test $? -eq 4; } &&
    test_grep "0080 (PER event: storage alteration)" err &&
    test_grep "(w.s:4): XREAD" err &&
    { imprun --per=sa,range=OUT w.s <in.txt 2>err; test $? -eq 4; } &&
    test_grep "(w.s:6): XDECO" err &&
    { imprun --per=sa,range=LINE w.s <in.txt 2>err; test $? -eq 4; } &&
    test_grep "(w.s:9): SVC   37" err
'

test_expect_success 'an XREAD at end of file stores nothing PER could see' '
    imprun -q --per=sa,range=CARD w.s </dev/null 2>err
'

test_expect_success 'impmon watch stops at XREAD and XDECO stores' '
    printf "load wd.s\nwatch CARD\nrun\nwatch OUT\ncontinue\ncontinue\n" >wcmd &&
    impmon -x wcmd >out 2>&1 &&
    test_grep "watchpoint 1: store of 80 bytes at X.010012., value X.F4F24040., by the instruction at X.010000. (the host stored for it)" out &&
    test_grep "watchpoint 2: store of 12 bytes at X.010062., value X.40404040., by the instruction at X.01000A." out &&
    test_grep "program ended" out
'

# ---- reports that lead to the cause ------------------------------------------

cat >spin.s <<'SRC'
SPIN     CSECT
         USING SPIN,15
         LA    3,10
OUTER    LA    2,0
INNER    AR    2,3
         BCT   3,INNER
         LA    3,10
         B     OUTER
         END   SPIN
SRC
cat >self.s <<'SRC'
MAIN     CSECT
         STM   14,12,12(13)
         LR    12,15
         USING MAIN,12
         ST    13,SAVE+4
         LA    13,SAVE
         LA    4,2
LOOP     L     15,=V(SUB)
         BALR  14,15
         BCT   4,LOOP
         L     13,4(,13)
         LM    14,12,12(13)
         SR    15,15
         BR    14
SAVE     DS    18F
         LTORG
SUB      CSECT
         USING SUB,15
         ST    13,SUBSAVE+4
         LA    13,SUBSAVE
         STM   14,12,12(13)       saved in its own area
         XPRNT MSG,7
         LM    14,12,12(13)       and no L 13,4(,13)
         BR    14
SUBSAVE  DS    18F
MSG      DC    C' IN SUB'
         END   MAIN
SRC
cat >smc.s <<'SRC'
SMC      CSECT
         USING SMC,15
         XREAD CARD,80            the card runs over the code after it
         B     CARD+4
CARD     DS    CL4
         LA    2,1
         SR    15,15
         BR    14
         END   SMC
SRC
cat >xp.s <<'SRC'
XP       CSECT
         USING XP,15
         XPRNT LINE,140
         BR    14
LINE     DC    CL140' TOO LONG'
         END   XP
SRC

test_expect_success 'a cycle limit names the loop and --max-cycles' '
    { imprun --max-cycles=100000 spin.s 2>err; test $? -eq 6; } &&
    test_grep "note: 14 of the last 16 branches went round the loop from X.010008. INNER (spin.s:5) to the branch at X.01000A. INNER+X.2. (spin.s:6) (BCT 3,8(0,15))" err &&
    test_grep "(--max-cycles=N raises the limit)" err
'

test_expect_success 'a return without L 13,4(,13): the save area points at itself' '
    { imprun --max-cycles=1M self.s >out 2>err; test $? -eq 6; } &&
    test_grep "note: the save area at X.010090. (R13) points back at itself" err &&
    test_grep "L 13,4(,13) before its return" err
'

cat >lost14.s <<'SRC'
LOST14   CSECT
         LR    12,15
         USING LOST14,12
         L     15,=V(SUBR)
         BALR  14,15              R14 of the caller is not saved
         SR    15,15
         BR    14                 so this returns after the BALR
         LTORG
SUBR     CSECT
         BR    14
         END   LOST14
SRC
test_expect_success 'BR 14 back after a call: the call that took R14 is named' '
    { imprun --max-cycles=100000 lost14.s 2>err; test $? -eq 6; } &&
    test_grep "^imprun: note: BR 14 returns to the instruction after the BALR 14,15 at X.010006. (lost14.s:5), again and again: that call put its own return address in register 14, and the routine.s was not saved before it (STM 14,12,12(13)) and restored after it (LM 14,12,12(13))\$" err &&
    { imprun --max-cycles=100000 spin.s 2>err; test $? -eq 6; } &&
    ! grep "returns to the instruction after" err
'

test_expect_success 'code overwritten at run time is said to be changed' '
    { echo ABCDEFGHIJKL | imprun smc.s 2>err; test $? -eq 4; } &&
    test_grep "this instruction was changed after it was loaded (the program loaded 41200001 here" err &&
    test_grep "note: the instruction at X.01000E. was changed by the 80 bytes stored at X.01000A. for the instruction at X.010000. (smc.s:3): XREAD" err &&
    test_grep "per=sa,range=01000E:010012 stops at the instruction that stores there" err &&
    { echo ABCDEFGHIJKL | imprun --per=sa,range=01000E:010012 smc.s 2>err; test $? -eq 4; } &&
    test_grep "(smc.s:3): XREAD" err
'

test_expect_success 'an instruction the program did not change is not said to be' '
    { imprun --max-cycles=100000 spin.s 2>err; test $? -eq 6; } &&
    ! grep "changed after it was loaded" err &&
    { imprun xp.s 2>err; test $? -eq 4; } &&
    ! grep "changed after it was loaded" err
'

test_expect_success 'XPRNT of more than 133 bytes is a specification exception' '
    { imprun xp.s >out 2>err; test $? -eq 4; } &&
    test ! -s out &&
    test_grep "completion code S0C6" err &&
    test_grep "hint: XPRNT of 140 bytes: a print line is at most 133" err
'

# ---- ASSIST's run-time look: --assist-fill ------------------------------------

cat >fill.s <<'SRC'
FILL     CSECT
         USING FILL,15
         XDUMP
         XDUMP AREA,16
         BR    14
         LTORG
AREA     DS    4F
         END   FILL
SRC
cat >wild.s <<'SRC'
WILD     CSECT
         USING WILD,15
         LA    14,X'40'
         BR    14
         END   WILD
SRC
{ echo '$JOB  FILL'; cat fill.s; } >filljob.s
{ echo '$JOB  WILD'; cat wild.s; } >wildjob.s

test_expect_success '--assist-fill: registers X.F4F4F4F4., unused storage X.F5.' '
    imprun --assist-fill fill.s >out 2>err &&
    test_grep "^ REGS 0-7      F4F4F4F4  F4F4F4F4  F4F4F4F4  F4F4F4F4  F4F4F4F4  F4F4F4F4  F4F4F4F4  F4F4F4F4\$" out &&
    test_grep "^ REGS 8-15     F4F4F4F4  F4F4F4F4  F4F4F4F4  F4F4F4F4  F4F4F4F4  00010020  00000F00  00010000\$" out &&
    test_grep "^ 010000    E0600000 0000E060 F0100010 07FEF5F5  F5F5F5F5 F5F5F5F5 F5F5F5F5 F5F5F5F5 " out
'

test_expect_success 'without it (not a deck): zeros, and DS areas zero' '
    imprun fill.s >out 2>err &&
    test_grep "^ REGS 0-7      00000000" out &&
    test_grep "07FE0000  00000000" out
'

test_expect_success 'a $JOB deck gets it by default; --no-assist-fill refuses it' '
    imprun filljob.s >out 2>err &&
    test_grep "^ REGS 0-7      F4F4F4F4" out &&
    imprun --no-assist-fill filljob.s >out 2>err &&
    test_grep "^ REGS 0-7      00000000" out
'

test_expect_success 'an empty LTORG aligns to a doubleword' '
    impas -l fill.lst -o fill.o fill.s &&
    test_grep "^000010 .* AREA     DS    4F" fill.lst
'

test_expect_success 'a branch to a wild low address: S0C1 with it, S0C4 without' '
    { imprun --assist-fill wild.s 2>err; test $? -eq 4; } &&
    test_grep "program interruption 0001 (operation)" err &&
    { imprun wildjob.s 2>err; test $? -eq 4; } &&
    test_grep "program interruption 0001 (operation)" err &&
    { imprun wild.s 2>err; test $? -eq 4; } &&
    test_grep "program interruption 0004 (protection)" err
'

test_done
