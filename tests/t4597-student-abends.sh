#!/bin/sh
# t4597: the run-time mistakes of a first course (ASSIST-style programs
# run by imprun), and what the abend report says about each: the line of
# the cause, what happened in words, and what to check.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# A loop that prints a table of numbers; the BR 14 after it is missing,
# so the program runs on into CARD, whose bytes (the last card read)
# decode as MVO with operands in low storage.
cat >falloff.s <<'SRC'
FALL     CSECT
         USING FALL,15
         LA    4,3
READ     XREAD CARD,80
         BC    4,FINISH
         BCT   4,READ
FINISH   DS    0H
CARD     DS    CL80
         END   FALL
$ENTRY
19
SRC

test_expect_success 'running into a DS: the report shows the DS line, not the line before' '
    { imprun falloff.s >out 2>err; test $? -eq 4; } &&
    test_grep "^  at X.\{8\} FALL+X.[0-9A-F]*. (falloff.s:8): MVO" err &&
    test_grep "^      8 | CARD     DS    CL80\$" err &&
    ! grep -q "BCT   4,READ\$" err
'

test_expect_success 'running into a DS: a hint says the program ran past its last instruction' '
    { imprun falloff.s >out 2>err; test $? -eq 4; } &&
    test_grep "^  hint: the program ran past its last instruction into its data: line 8 (CARD DS CL80) defines storage, not an instruction; a return (BR 14) or a branch back is missing before it\$" err &&
    ! grep -q "in low storage" err
'

# R14 used as a work register: BR 14 goes into the table.
cat >r14.s <<'SRC'
$JOB  R14
R14      CSECT
         USING R14,15
         LA    14,NUMS
         MVC   0(4,14),=F'7'
         BR    14
         LTORG
NUMS     DS    5F
         END   R14
$ENTRY
SRC

test_expect_success 'R14 overwritten before BR 14: the return hint and the data line' '
    { imprun r14.s >out 2>err; test $? -eq 4; } &&
    test_grep "^  hint: BR 14 went to X.[0-9A-F]\{6\}., not back to the caller: register 14 holds the return address, and the program put something else in it" err &&
    test_grep "^  hint: the branch went into data: line 8 (NUMS DS 5F) defines storage, not an instruction\$" err
'

# SUB takes its own save area without chaining it and without restoring
# R13: its LM 14,12,12(13) loads R14 from its own, empty, save area.
cat >chain.s <<'SRC'
MAIN     CSECT
         STM   14,12,12(13)
         LR    12,15
         USING MAIN,12
         ST    13,SAVE+4
         LA    13,SAVE
         L     15,=V(SUB)
         BALR  14,15
         L     13,SAVE+4
         LM    14,12,12(13)
         SR    15,15
         BR    14
SAVE     DC    18F'0'
         LTORG
SUB      CSECT
         STM   14,12,12(13)
         LR    12,15
         USING SUB,12
         LA    13,MYSAVE
         LM    14,12,12(13)
         BR    14
MYSAVE   DC    18F'0'
         END   MAIN
SRC

test_expect_success 'a save area chain broken by a subroutine: BR 14 to 0 is a wild branch, and why' '
    { imprun chain.s >out 2>err; test $? -eq 4; } &&
    test_grep "<-- then the failure" err &&
    test_grep "^  hint: a wild branch: the program came from X.[0-9A-F]*. SUB+X.E. by BR 14, to where there are no instructions" err &&
    test_grep "^  hint: BR 14 went to X.000000., the word LM 14,12,12(13) had just loaded from the save area at R13 (X.[0-9A-F]*.), which holds no return address: R13 was changed and not restored before the LM (L 13,4(,13) first)\$" err
'

test_expect_success 'the same: the chain ends at MYSAVE, which the routine never chained' '
    { imprun chain.s >out 2>err; test $? -eq 4; } &&
    test_grep "^    end of the chain: the save area at X.[0-9A-F]*. (MYSAVE) has no back chain: the routine that took it did not store the caller.s R13 at +4 (ST 13,MYSAVE+4 before LA 13,MYSAVE)\$" err
'

# USING names R12, which nothing loads: in a deck it holds X'F4F4F4F4'.
cat >using.s <<'SRC'
$JOB  USING
U        CSECT
         USING U,12
         XREAD CARD,80
         BR    14
CARD     DS    CL80
         END   U
$ENTRY
ONE CARD
SRC

test_expect_success 'a USING register never loaded: the XREAD operand, its base, F4F4F4F4' '
    { imprun using.s >out 2>err; test $? -eq 4; } &&
    test_grep "^    operand 1 address X.F4F4F[0-9A-F]." err &&
    test_grep "^  hint: operand 1 is at X.F4F4F[0-9A-F]., outside storage (the machine has 1048576 bytes, X.000000.-X.0FFFFF.): its base register 12 holds X.F4F4F4F4.: never loaded. A USING does not load its register (BALR 12,0 or LR 12,15 before it does)\$" err
'

test_expect_success 'an odd register for M: the hint names it and the pair' '
    printf "\$JOB\nM        CSECT\n         USING M,15\n         L     3,=F%s\n         M     3,=F%s\n         BR    14\n         LTORG\n         END   M\n\$ENTRY\n" "'"'"'6'"'"'" "'"'"'7'"'"'" >odd.s &&
    { imprun odd.s >out 2>err; test $? -eq 4; } &&
    test_grep "completion code S0C6" err &&
    test_grep "^  hint: M works on an even-odd pair of registers named by its even one; register 3 is odd (for M 2,... the pair is 2:3)\$" err
'

# TOTAL is never ZAPped: under ASSIST's look it holds X'F5F5F5F5'.
cat >zap.s <<'SRC'
$JOB  ZAP
Z        CSECT
         USING Z,15
         AP    TOTAL,=P'5'
         BR    14
         LTORG
TOTAL    DS    PL4
         END   Z
$ENTRY
SRC

test_expect_success 'a packed field never set: the hint names it and says to ZAP it' '
    { imprun zap.s >out 2>err; test $? -eq 4; } &&
    test_grep "completion code S0C7" err &&
    test_grep "^  hint: operand 1 TOTAL (4 bytes at X.[0-9A-F]*.) holds X.F5F5F5F5., the bytes of storage the program never set: give the field a value before AP uses it" err
'

# XDECI on a card with a word: CC 3, R3 keeps the 12 of the card before.
cat >nonum.s <<'SRC'
$JOB  NONUM
N        CSECT
         USING N,15
LOOP     XREAD CARD,80
         BC    4,DONE
         XDECI 3,CARD
         XDECO 3,OUT
         XPRNT LINE,13
         B     LOOP
DONE     BR    14
CARD     DS    CL80
LINE     DC    C' '
OUT      DS    CL12
         END   N
$ENTRY
   12
  TWELVE
SRC

test_expect_success 'XDECI finds no number and CC 3 is not tested: a note names it' '
    imprun nonum.s >out 2>err &&
    printf "          12\n          12\n" >expect && test_cmp expect out &&
    test_grep "^imprun: note: XDECI found no number at X.[0-9A-F]*. (nonum.s:6): it found .TWELVE., and the program went on without testing condition code 3; register 3 kept its old value; a BC 1 (BO) right after XDECI catches it\$" err
'

test_expect_success 'XDECI followed by BC 8 then BC 1 (CC 3 tested): no note' '
    sed "s/^         XDECI 3,CARD\$/         XDECI 3,CARD\n         BC    8,LOOP\n         BC    1,LOOP/" nonum.s >tested.s &&
    imprun tested.s >out 2>err &&
    printf "          12\n" >expect && test_cmp expect out &&
    ! grep -q "XDECI found" err
'

test_expect_success 'the scan of examples/assist/scores.s ends on CC 3 and tests it: no note' '
    imprun "$IMP_TOP/examples/assist/scores.s" >out 2>err &&
    ! grep -q "XDECI found" err
'

# CS needs a fullword; WORD follows a 1-byte DC (no DS 0F): misaligned.
cat >cs.s <<'SRC'
$JOB  CS
C        CSECT
         USING C,15
         L     0,WORD
         L     1,=F'7'
         CS    0,1,WORD
         BR    14
         LTORG
         DC    C'X'
WORD     DC    AL4(5)
         END   C
$ENTRY
SRC

test_expect_success 'CS on a misaligned fullword: the hint names the address and DS 0F' '
    { imprun cs.s >out 2>err; test $? -eq 4; } &&
    test_grep "completion code S0C6" err &&
    test_grep "^  hint: operand 2 is at X.[0-9A-F]*[1235679ABDEF]., not on a fullword boundary (a multiple of 4): CS needs its operand aligned; a DS 0F (or DS 0D) before the field.s DC aligns it\$" err
'

test_expect_success 'L of the same misaligned word is no exception on System/370' '
    sed "/CS    0,1,WORD/d" cs.s >l.s &&
    imprun l.s >out 2>err &&
    ! grep -q "abend report" err
'

# The table search uses R15, the base register, as its pointer: the
# BCT back to SEARCH goes through the changed R15 into the table.
cat >base.s <<'SRC'
$JOB  BASE
B        CSECT
         USING B,15
         L     2,=F'9'
         LA    15,TABLE
         LA    4,3
SEARCH   C     2,0(,15)
         BE    FOUND
         LA    15,4(,15)
         BCT   4,SEARCH
FOUND    BR    14
         LTORG
TABLE    DC    F'1',F'2',F'3'
         END   B
$ENTRY
SRC

test_expect_success 'the base register used as a pointer: the hint names it and its value' '
    { imprun base.s >out 2>err; test $? -eq 4; } &&
    test_grep "^  hint: a wild branch: the program came from X.[0-9A-F]*. B+X.[0-9A-F]*. by BCT 4,[0-9]*(0,15)" err &&
    test_grep "^  hint: its target is register 15 + [0-9]*, and register 15 holds X.000[0-9A-F]*.: if it is the base register of a USING, the program changed it after the USING (a LA, L or LR into register 15?)\$" err
'

test_done
