#!/bin/sh
# t4580-environment.sh -- the problem-state environment of imprun(1) and
# imp(7): programs start in the problem state with key 8, low storage is
# protected (the PSA also against fetches), host services are SVCs served
# by the nucleus, GETMAIN/FREEMAIN/TIME/ABEND/SUPER, and --supervisor.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# One program per case: the body between a standard entry and BR 14.
prog() {
    name=$1; shift
    {
        echo "         COPY  IMPSVC"
        echo "$name   CSECT"
        echo "         USING $name,15"
        cat
    } >"$name.s"
}

prog HELLO <<'SRC'
         LA    1,MSG
         LA    0,L'MSG
         SVC   SV_PUTLINE
         SR    15,15
         BR    14
MSG      DC    C'hello from the problem state'
         END   HELLO
SRC
test_expect_success 'a program starts in the problem state, key 8, and returns by BR 14' '
    imprun --regs HELLO.s >out 2>err &&
    echo "hello from the problem state" >expect && test_cmp expect out &&
    test_grep "GR13=00010030  GR14=00000F00" err &&
    test_grep "PSW=00080000 00000804" err
'

prog WILD <<'SRC'
         SR    12,12               the base register was never loaded
         DROP  15
         USING WILD,12
         MVC   FIELD,=CL4'ABCD'    so this stores into low storage
         SR    15,15
         BR    14
FIELD    DS    CL4
         END   WILD
SRC
test_expect_success 'a wrong base register: a store into low storage is a protection exception' '
    { imprun WILD.s 2>err; test $? -eq 4; } &&
    test_grep "program interruption 0004 (protection)" err &&
    test_grep "WILD.s:7" err
'
test_expect_success 'its abend report: S0C4, the source line, the hint about the base register' '
    test_grep "^  completion code S0C4 (program interruption code X.0004.: protection exception)" err &&
    test_grep "^    WILD.s:7 |          MVC   FIELD" err &&
    test_grep "^  hint: operand 1 is at X.00000C., in low storage, which the program may not use: its base register 12 holds 0: was it ever loaded? A USING does not load its register (BALR 12,0 or LR 12,15 before it does)\$" err
'

# The base register a USING names but nothing loads: a fetch (not a
# store) from low storage, and the hint names the register and its 0.
cat >NOBASE.s <<'SRC'
NOBASE   CSECT
         USING NOBASE,12           R12 is never loaded
         L     2,DATA
         SR    15,15
         BR    14
DATA     DC    F'1'
         END   NOBASE
SRC
test_expect_success 'a base register never loaded: the hint says so, for a fetch too' '
    { imprun NOBASE.s 2>err; test $? -eq 4; } &&
    test_grep "^    NOBASE.s:3 |          L     2,DATA\$" err &&
    test_grep "^  hint: operand 2 is at X.000008., in low storage, which the program may not use: its base register 12 holds 0: was it ever loaded?" err &&
    ! grep "stored into" err
'

# A base register loaded, but with the wrong value: the hint shows it.
cat >BADBASE.s <<'SRC'
BADBASE  CSECT
         LA    12,16               not the program's address
         USING BADBASE,12
         MVI   FLAG,C'Y'
         SR    15,15
         BR    14
FLAG     DC    C'N'
         END   BADBASE
SRC
test_expect_success 'a base register with a wrong value: the hint shows the value' '
    { imprun BADBASE.s 2>err; test $? -eq 4; } &&
    test_grep "^  hint: operand 1 is at X.00001C., in low storage, which the program may not use: its base register 12 holds X.00000010.: check the base register" err
'

# R13 = 0 is no USING's base: the back chain that was never stored.
cat >NOCHAIN.s <<'SRC'
NOCHAIN  CSECT
         USING NOCHAIN,12
         LR    12,15
         STM   14,12,12(13)
         LA    13,SAVE             and no ST 13,SAVE+4 before it
         L     13,SAVE+4
         LM    14,12,12(13)
         SR    15,15
         BR    14
SAVE     DS    18F
         END   NOCHAIN
SRC
test_expect_success 'R13 = 0 at a return: the back chain never stored' '
    { imprun NOCHAIN.s 2>err; test $? -eq 4; } &&
    test_grep "^    NOCHAIN.s:7 |          LM    14,12,12(13)" err &&
    test_grep "^  hint: operand 2 is at X.00000C., in low storage, which the program may not use: its base register 13, the save-area pointer, holds 0: it was loaded from the back chain of a save area (at +4) that was never stored (ST 13,SAVE+4 before LA 13,SAVE)\$" err
'

prog INTO <<'SRC'
         STM   14,12,12(13)
         LR    12,15
         DROP  15
         USING INTO,12
         L     15,=A(TABLE)        meant: L 15,=V(SUBR)
         BALR  14,15               a branch into data
         LM    14,12,12(13)
         BR    14
         LTORG
TABLE    DC    F'0,1,2,3'
         END   INTO
SRC
test_expect_success 'a branch into data: an operation exception, and where the program came from' '
    { imprun INTO.s 2>err; test $? -eq 4; } &&
    test_grep "^  completion code S0C1" err &&
    test_grep "^  failing instruction at X.0[0-9A-F]*. INTO+X.[0-9A-F]*. (TABLE)" err &&
    test_grep "^  last branches (newest last):" err &&
    test_grep "from X.0[0-9A-F]*. INTO+X.A. -> to X.0[0-9A-F]*. INTO+X.[0-9A-F]*. (TABLE)  <-- then the failure" err &&
    test_grep "^      INTO.s:9 |          BALR  14,15" err &&
    test_grep "^  hint: a wild branch: the program came from X.01000A. INTO+X.A. by BALR 14,15" err
'

prog PEEK <<'SRC'
         L     2,16(0,0)           the PSA is fetch-protected
         SR    15,15
         BR    14
         END   PEEK
SRC
test_expect_success 'reading the PSA is a protection exception' '
    { imprun PEEK.s 2>err; test $? -eq 4; } &&
    test_grep "0004 (protection)" err
'

prog JUMP <<'SRC'
         LA    2,X'100'
         BR    2                   a branch into the PSA
         END   JUMP
SRC
test_expect_success 'a branch into the PSA: the instruction fetch is protected' '
    { imprun JUMP.s 2>err; test $? -eq 4; } &&
    test_grep "0004 (protection)" err &&
    test_grep "IA 000100" err
'

prog NUC <<'SRC'
         MVI   X'800',X'00'        the nucleus is key 0
         BR    14
         END   NUC
SRC
prog PRIV <<'SRC'
         DIAG  1,0,HS_PUTDEC       DIAGNOSE is privileged
         SR    15,15
         BR    14
         END   PRIV
SRC
test_expect_success 'the nucleus is protected, DIAGNOSE is privileged' '
    { imprun NUC.s 2>err; test $? -eq 4; } && test_grep "0004 (protection)" err &&
    { imprun PRIV.s 2>err; test $? -eq 4; } && test_grep "0002 (privileged operation)" err
'
test_expect_success '--supervisor runs it the old way: DIAGNOSE works, no protection' '
    imprun -q --supervisor PRIV.s >out 2>err && test_grep "^0$" out &&
    { imprun --supervisor --regs HELLO.s >out 2>err; test $? -eq 0; } &&
    test_grep "PSW=00080000 00000F04" err && test_grep "GR13=00000F80" err
'

prog MEM <<'SRC'
         LR    12,15
         DROP  15
         USING MEM,12
         LA    0,100
         SVC   SV_GETMAIN          R1 -> 104 bytes of the region
         BC    1,FAIL              CC 3: no room
         LR    2,1
         MVC   0(4,2),=C'OK!!'     the area is ours: key 8
         LA    1,0(,2)
         LA    0,4
         SVC   SV_PUTLINE
         LR    1,2
         LA    0,100
         SVC   SV_FREEMAIN
         BC    1,FAIL
         LA    0,8
         SVC   SV_GETMAIN          the same area again
         CR    1,2
         BNE   FAIL
         L     0,=F'16000000'      more than the region: S80A
         SVC   SV_GETMAIN
         B     FAIL
FAIL     LA    15,8
         BR    14
         LTORG
         END   MEM
SRC
test_expect_success 'GETMAIN and FREEMAIN: areas of the region, key 8, reused' '
    { imprun -q MEM.s >out 2>err; test $? -eq 4; } &&
    echo "OK!!" >expect && test_cmp expect out &&
    test_grep "note: GETMAIN of 16000000 bytes: the region has no room" err &&
    test_grep "completion code S80A" err
'

prog TIK <<'SRC'
         SVC   SV_TIME
         LR    2,1
         SVC   SV_TIME
         SR    1,2                 cycles between the two
         SVC   SV_PUTDEC
         LR    15,0                the high word: 0
         BR    14
         END   TIK
SRC
test_expect_success 'TIME gives virtual time in cycles, the same on every run' '
    imprun -q TIK.s >out1 && imprun -q TIK.s >out2 && test_cmp out1 out2 &&
    test "$(cat out1)" -gt 0
'

prog AB <<'SRC'
         LA    1,100
         SVC   SV_ABEND
         BR    14
         END   AB
SRC
prog NOSVC <<'SRC'
         SVC   77                  no such service
         BR    14
         END   NOSVC
SRC
prog BADARG <<'SRC'
         LA    1,X'10'             text in the PSA
         LA    0,4
         SVC   SV_PUTLINE
         BR    14
         END   BADARG
SRC
test_expect_success 'ABEND ends the program with its completion code, at the SVC' '
    { imprun AB.s 2>err; test $? -eq 4; } &&
    test_grep "abnormal end, completion code U0100" err &&
    test_grep "AB.s:5" err &&
    test_grep "^  completion code U0100 (program ended abnormally" err &&
    { imprun -q --json=- AB.s >j.json 2>/dev/null; test $? -eq 4; } &&
    test_grep "\"status\": \"abend\"" j.json &&
    test_grep "\"completion_code\": \"U0100\"" j.json
'
test_expect_success 'an SVC with no service ends with S0F0; a protected operand with S0C4' '
    { imprun NOSVC.s 2>err; test $? -eq 4; } &&
    test_grep "completion code S0F0" err && test_grep "SVC   77" err &&
    { imprun BADARG.s 2>err; test $? -eq 4; } && test_grep "completion code S0C4" err
'

prog SUP <<'SRC'
         SR    1,1
         SVC   SV_SUPER            the supervisor state, key 0
         MVC   X'F90'(4),=C'SUP!'  low storage is ours now
         L     1,16(0,0)           the PSA too
         LA    1,1
         SVC   SV_SUPER            back to the problem state, key 8
         LA    1,X'F90'
         LA    0,4
         SVC   SV_PUTLINE          reading the nucleus block is allowed
         MVI   X'F90',C'X'         storing is not
         BR    14
         LTORG
         END   SUP
SRC
test_expect_success 'SUPER: to the supervisor state and back' '
    { imprun SUP.s >out 2>err; test $? -eq 4; } &&
    echo "SUP!" >expect && test_cmp expect out &&
    test_grep "0004 (protection)" err && test_grep "SUP.s:13" err
'

prog OPN <<'SRC'
         LA    1,FCB
         SVC   SV_OPEN
         BC    1,NOTOPEN
         SR    15,15
         BR    14
NOTOPEN  LA    15,12
         BR    14
         DS    0F
FCB      DC    CL8'INPUT',F'0',F'0',A(0),F'0',F'0'
         END   OPN
SRC
test_expect_success 'an OPEN of an unbound file says so' '
    { imprun OPN.s 2>err; test $? -eq 3; } &&
    test_grep "note: OPEN of file .INPUT.: no --file INPUT=PATH binds it" err &&
    { imprun --file INPUT=nonexistent.txt OPN.s 2>err; test $? -eq 3; } &&
    test_grep "cannot open .nonexistent.txt.: No such file" err
'

cat >RT.s <<'SRC'
         COPY  IMPSVC
RT       CSECT
         STM   14,12,12(13)
         LR    12,15
         USING RT,12
         LA    1,PL
         L     15,=V(IMPCHECK)     the runtime works ...
         BALR  14,15
         L     2,=V(IMPCHECK)
         MVI   0(2),X'00'          ... and is protected
         LM    14,12,12(13)
         BR    14
PL       DC    A(GOT,GOT,NAME)
GOT      DC    F'5'
NAME     DC    CL16'five'
         LTORG
         END   RT
SRC
test_expect_success 'the guest runtime is protected: a store into it is a protection exception' '
    { imprun RT.s >out 2>err; test $? -eq 4; } &&
    echo "OK five = 5" >expect && test_cmp expect out &&
    test_grep "0004 (protection)" err && test_grep "RT.s:10" err
'

test_expect_success 'with tasks, each abnormal end gets its own abend report' '
    { imprun --frames=8 HELLO.s --task WILD.s --task INTO.s >out 2>err; test $? -eq 4; } &&
    test_grep "^imprun: task 2 (WILD.s): program interruption 0004" err &&
    test_grep "^imprun: task 3 (INTO.s): program interruption 0001" err &&
    test "$(grep -c "^abend report:" err)" -eq 2 &&
    test_grep "^  completion code S0C4" err && test_grep "^  completion code S0C1" err &&
    test_grep "from X.0[0-9A-F]*. INTO+X.A. -> to X.0[0-9A-F]*. INTO+X.[0-9A-F]*. (TABLE)  <-- then the failure" err
'

test_expect_success 'the services cost the same cycles on every run (deterministic)' '
    imprun --stats HELLO.s >/dev/null 2>s1 && imprun --stats HELLO.s >/dev/null 2>s2 &&
    test_cmp s1 s2
'

test_done
