#!/bin/sh
# t2040: impld -L, the automatic call library: a library module is linked
# only when it resolves a reference still open, and then what it refers
# to may bring in more; a module nobody calls stays out.
. "$(dirname "$0")/test-lib.sh"

cat >main.s <<'SRC'
MAIN     CSECT
         USING MAIN,15
         L     15,=V(FIRST)
         BR    15
         END   MAIN
SRC
cat >first.s <<'SRC'
FIRST    CSECT
         USING FIRST,15
         L     15,=V(SECOND)
         BR    15
         END
SRC
cat >second.s <<'SRC'
SECOND   CSECT
         SR    15,15
         BR    14
         END
SRC
cat >unused.s <<'SRC'
UNUSED   CSECT
         BR    14
         END
SRC

test_expect_success 'assemble the modules' '
    for m in main first second unused; do impas $m.s || return 1; done
'
test_expect_success 'library modules come in when called, and what they call' '
    impld -o p.load -m map -L unused.o -L second.o -L first.o main.o &&
    test_grep "^FIRST " map && test_grep "^SECOND " map &&
    ! grep "^UNUSED " map
'
test_expect_success 'the linked program runs' '
    imprun -q p.load
'
test_expect_success 'a module given as an operand is always linked' '
    impld -o q.load -m map2 main.o unused.o -L first.o -L second.o &&
    test_grep "^UNUSED " map2
'
test_expect_success 'a reference no library module defines is still unresolved' '
    test_must_fail impld -o r.load -L unused.o main.o 2>err &&
    test_grep "unresolved external symbol FIRST" err &&
    test_grep "unresolved external symbol SECOND" err || test_grep "unresolved external symbol FIRST" err
'
test_expect_success 'a bad library module is an error, not a crash' '
    echo junk >bad.o &&
    test_must_fail impld -o s.load -L bad.o main.o 2>err && test_grep "bad.o:1:1: error" err
'
cat >prog.s <<'SRC'
         COPY  IMPSVC
PROG     CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    13,SAVE
         LA    1,PLIST
         L     15,=V(IMPCHECK)
         BALR  14,15
         L     13,SAVE+4
         L     14,12(,13)          restore all but R15, IMPCHECK's RC
         LM    0,12,20(13)
         BR    14
SAVE     DS    18F
PLIST    DC    A(GOT,WANT,NAME)
GOT      DC    F'42'
WANT     DC    F'42'
NAME     DC    CL16'answer'
         END   PROG
SRC
test_expect_success 'imprun SRC.s: runtime COPY members and subroutines without options' '
    imprun prog.s >out 2>err &&
    test_grep "^OK answer = 42" out
'
test_done
