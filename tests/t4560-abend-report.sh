#!/bin/sh
# t4560-abend-report.sh -- the abend report imprun prints after a program
# interruption with no handler (imprun(1), "Abend report"): the completion
# code, the failing instruction with its source line, the last branches
# (a wild one flagged), the save-area chain from R13, the hints, the
# storage dumps of --abend-dump and the "abend" object of --json.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# MAIN calls SUB with the standard linkage; SUB branches through R3,
# which holds an address past the program: an operation exception there.
cat >wild.s <<'SRC'
MAIN     CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    13,SAVE
         L     15,=A(SUB)
         BALR  14,15
         L     13,SAVE+4
         LM    14,12,12(13)
         BR    14
SAVE     DS    18F
         LTORG
SUB      CSECT
         STM   14,12,12(13)
         LR    12,15
         USING SUB,12
         ST    13,SUBSAVE+4
         LA    13,SUBSAVE
         L     3,=A(X'80000')
         BR    3
SUBSAVE  DS    18F
         LTORG
         END   MAIN
SRC

# No return at the end: the program runs on into the zeros after it.
cat >pad.s <<'SRC'
PAD      CSECT
         USING PAD,15
         LA    2,1
         LA    3,2
         END   PAD
SRC

# An odd register pair for DR: a specification exception.
cat >spec.s <<'SRC'
SPEC     CSECT
         USING SPEC,15
         LA    4,3
         DR    3,4
         BR    14
         END   SPEC
SRC

# A load from beyond the end of storage: an addressing exception.
cat >addr.s <<'SRC'
ADDR     CSECT
         USING ADDR,15
         L     3,=A(X'200000')
         L     2,0(,3)
         BR    14
         LTORG
         END   ADDR
SRC

test_expect_success 'a wild branch: completion code, the failing instruction' '
    { imprun wild.s 2>err; test $? -eq 4; } &&
    test_grep "^abend report:" err &&
    test_grep "^  completion code S0C1 (program interruption code X.0001.: operation exception)" err &&
    test_grep "^  old PSW=00890000 00080002  problem, key 8" err &&
    test_grep "^  failing instruction at X.080000. (outside the program), ILC 1" err &&
    test_grep "GR03=00080000 524288$" err
'
test_expect_success 'the last branches, the wild one flagged with its source line' '
    test_grep "^  last branches (newest last):" err &&
    test_grep "^    from X.010012. MAIN+X.12. -> to X.010070. SUB+X.0." err &&
    test_grep "^    from X.010082. SUB+X.12. -> to X.080000. (outside the program)  <-- then the failure" err &&
    test_grep "^      wild.s:21 |          BR    3" err &&
    test_grep "^  hint: a wild branch: the program came from X.010082. SUB+X.12. by BR 3, to where there are no instructions" err
'
test_expect_success 'the save-area chain: who called whom, down to the system' '
    test_grep "^  save-area chain from R13 (X.010084.):" err &&
    test_grep "^    SUB called from X.010012. MAIN+X.12. (save area X.010020.)" err &&
    test_grep "^      wild.s:8 |          BALR  14,15" err &&
    test_grep "^    MAIN called by the system (return address X.000F00., save area X.0[0-9A-F]*.)" err &&
    test_grep "^    end of the chain: the save area at X.0[0-9A-F]*. has no back chain" err
'
test_expect_success 'running past the end of a CSECT: the hint names it' '
    { imprun pad.s 2>err; test $? -eq 4; } &&
    test_grep "^  completion code S0C1" err &&
    test_grep "^  no branch was taken" err &&
    test_grep "^  hint: the program ran past the end of CSECT PAD into padding: a missing branch back or a missing return" err
'
test_expect_success 'a specification exception: S0C6 and the source line' '
    { imprun spec.s 2>err; test $? -eq 4; } &&
    test_grep "^  completion code S0C6 (program interruption code X.0006.: specification exception)" err &&
    test_grep "^  failing instruction at X.010004. SPEC+X.4., ILC 1" err &&
    test_grep "^    1D34          DR    3,4" err &&
    test_grep "^    spec.s:4 |          DR    3,4" err &&
    test_grep "^  hint: DR works on an even-odd pair of registers named by its even one; register 3 is odd (for DR 2,... the pair is 2:3)\$" err
'
test_expect_success 'an addressing exception: the operand and the storage size' '
    { imprun addr.s 2>err; test $? -eq 4; } &&
    test_grep "^  completion code S0C5 (program interruption code X.0005.: addressing exception)" err &&
    test_grep "^    operand 2 address X.200000." err &&
    test_grep "^  hint: operand 2 is at X.200000., outside storage (the machine has 1048576 bytes, X.000000.-X.0FFFFF.): its base register 3 holds X.00200000.: check the base register" err &&
    ! grep -q "storage around" err
'
test_expect_success '--abend-dump: storage around the instruction and the operand' '
    { imprun --abend-dump addr.s 2>err; test $? -eq 4; } &&
    test_grep "^  storage around the failing instruction (X.010004.):" err &&
    test_grep "^    R:00010000:K:00=5830F010 58203000 07FE0000 00000000" err &&
    test_grep "^    R:00010010:K:00=00200000 00000000" err &&
    test_grep "^  storage around operand 2 (X.200000.):" err &&
    test_grep "^    R:001FFFF0: addressing exception (outside storage)" err
'
test_expect_success '--json: the abend object' '
    { imprun --json=out.json wild.s 2>/dev/null; test $? -eq 4; } &&
    test_grep "^  \"abend\": {" out.json &&
    test_grep "\"completion_code\": \"S0C1\"" out.json &&
    test_grep "\"wild_branch\": 1" out.json &&
    test_grep "\"routine\": \"SUB\"" out.json
'
test_expect_success 'a normal end has no abend report, nor an abend object' '
    write_hello &&
    { imprun --supervisor --json=ok.json hello.load >out 2>err; test $? -eq 3; } &&
    test_grep "return code 7" err &&
    ! grep -q "abend" err ok.json
'
cat >s0c7.s <<'SRC'
S0C7     CSECT
         USING S0C7,15
         ZAP   TOTAL,=P'0'
         AP    TOTAL,NUM          NUM is characters, never PACKed
         SR    15,15
         BR    14
TOTAL    DS    PL4
NUM      DC    C'123'
         END   S0C7
SRC
test_expect_success 'a data exception: the operand that is not packed decimal' '
    { imprun s0c7.s 2>err; test $? -eq 4; } &&
    test_grep "completion code S0C7" err &&
    test_grep "^    s0c7.s:4 |          AP    TOTAL,NUM" err &&
    test_grep "^  hint: operand 2 NUM (3 bytes at X.010014.) holds X.F1F2F3., which is not packed decimal (a digit 0-9 in each half-byte, a sign A-F in the last): a number in characters must be PACKed before AP uses it\$" err
'

cat >s0c9.s <<'SRC'
S0C9     CSECT
         USING S0C9,15
         XREAD CARD,80
         XDECI 3,CARD             the dividend in R3; R2 never set
         D     2,=F'2'
         SR    4,4
         DR    2,4
         BR    14
         LTORG
CARD     DS    CL80
         END   S0C9
$ENTRY
 10
SRC
test_expect_success 'a divide exception: the unset high half, or the divisor 0' '
    { imprun s0c9.s 2>err; test $? -eq 4; } &&
    test_grep "^  hint: the quotient does not fit in 32 bits: the dividend is registers 2:3, and register 2, its high half, holds X.F4F4F4F4., not the sign of register 3: load the dividend into register 2 and SRDA 2,32 before the divide\$" err &&
    sed "s/^         XDECI 3,CARD .*/         SR    2,2/" s0c9.s >div0.s &&
    sed -i "s/^         D     2,=F.2./         L     3,=F'"'"'7'"'"'/" div0.s &&
    { imprun div0.s 2>err; test $? -eq 4; } &&
    test_grep "^    div0.s:7 |          DR    2,4" err &&
    test_grep "^  hint: the divisor is 0\$" err
'

test_done
