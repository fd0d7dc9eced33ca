#!/bin/sh
# t1160: bad macros get one precise diagnostic each, with the traceback
# of the calls ("note: in expansion of macro X called here"), and never
# a crash or a hang.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

# bad NAME 'SOURCE' 'PATTERN...': the source fails, its messages match
# every pattern.
bad() {
    name=$1 src=$2 f=$(printf %s "$1" | tr ' ' -)
    shift 2
    printf '%s\n' "$src" >"$f.s"
    pats=""
    for p in "$@"; do pats="$pats && test_grep '$p' err"; done
    test_expect_success "$name" "
        test_must_fail test_timeout 60 impas $f.s 2>err $pats
    "
}

bad 'undefined macro' '
P        CSECT
         NOSUCH 1,2
         END' \
    'undefined-macro.s:3:10: error: unknown operation code .NOSUCH.'

test_expect_success 'an unknown keyword parameter: a warning, the operand is positional' '
    printf "         MACRO\n         KW    &A,&K=1\n         DC    C'"'"'&A'"'"'\n         MEND\nP        CSECT\n         KW    Z=2\n         END\n" >kw.s &&
    impas kw.s 2>err &&
    test_grep "kw.s:6:16: warning: macro KW has no keyword parameter Z: the operand is taken as a positional one" err &&
    test "$(text kw.o)" = E97EF2
'

bad 'unknown keyword parameter, with a wrong constant' '
         MACRO
         KW    &A,&K=1
         DC    F'"'"'&SYSLIST(2)'"'"'
         MEND
P        CSECT
         KW    1,Z=X
         END' \
    'unknown-keyword-parameter,-with-a-wrong-constant.s:7:18: warning: macro KW has no keyword parameter Z'

bad 'a loop past ACTR' '
         MACRO
         LOOPY
.L       AGO   .L
         MEND
P        CSECT
         LOOPY
         END' \
    'a-loop-past-ACTR.s:4:16: error: more than the ACTR limit of branches' \
    'a-loop-past-ACTR.s:7:10: note: in expansion of macro LOOPY called here'

bad 'a lower ACTR' '
         MACRO
         LOOPY
         LCLA  &I
         ACTR  10
.L       ANOP
&I       SETA  &I+1
         DC    AL1(&I)
         AGO   .L
         MEND
P        CSECT
         LOOPY
         END' \
    'a-lower-ACTR.s:9:16: error: more than the ACTR limit'

bad 'an unterminated MACRO' '
P        CSECT
         MACRO
         OPEN2
         DC    F'"'"'1'"'"'
         END' \
    'an-unterminated-MACRO.s:3: error: MACRO without MEND'

test_expect_success 'an unterminated MACRO takes END: no "no END statement" as well' '
    printf "         MACRO\n         FOO\n         LR    1,1\nP        CSECT\n         FOO\n         END   P\n" >nomend.s &&
    test_must_fail impas nomend.s 2>err &&
    test_grep "^nomend.s:1: error: MACRO without MEND: the definition runs to the end of the source\$" err &&
    ! grep "no END statement" err
'

test_expect_success 'an AGO whose target never comes takes END: one error only' '
    printf "P        CSECT\n         AGO   .SKIP\n         BR    14\n         END\n" >ago.s &&
    test_must_fail impas ago.s 2>err &&
    test_grep "^ago.s:2:16: error: sequence symbol .SKIP is not found after the branch to it\$" err &&
    test $(grep -c ": error: " err) -eq 1 &&
    ! grep "no END statement" err
'

bad 'recursion without end' '
         MACRO
         REC   &N
         REC   &N
         MEND
P        CSECT
         REC   1
         END' \
    'recursion-without-end.s:4:10: error: macro calls nested more than 100 deep' \
    'recursion-without-end.s:7:10: note: in expansion of macro REC called here'

bad 'a SET symbol of the wrong type' '
         MACRO
         TYPES
         LCLC  &C
&C       SETA  1
         MEND
P        CSECT
         TYPES
         END' \
    'a-SET-symbol-of-the-wrong-type.s:5:1: error: &C is a SETC symbol; SETA cannot give it a value' \
    'a-SET-symbol-of-the-wrong-type.s:8:10: note: in expansion of macro TYPES called here'

bad 'a global of two types' '
         GBLA  &G
         MACRO
         M
         GBLC  &G
         MEND
P        CSECT
         M
         END' \
    'a-global-of-two-types.s:5:16: error: global &G is already declared as a SETA symbol'

bad 'an undefined variable symbol' '
         MACRO
         M     &A
         DC    F'"'"'&B'"'"'
         MEND
P        CSECT
         M     1
         END' \
    'an-undefined-variable-symbol.s:4:18: error: undefined variable symbol &B'

bad 'a sequence symbol that is not there' '
         MACRO
         M
         AGO   .NOWHERE
         MEND
P        CSECT
         M
         END' \
    'a-sequence-symbol-that-is-not-there.s:4:16: error: sequence symbol .NOWHERE is not in macro M'

bad 'an open-code AGO to nowhere' '
P        CSECT
         AGO   .NOWHERE
         DC    F'"'"'1'"'"'
         END' \
    'an-open-code-AGO-to-nowhere.s:3:16: error: sequence symbol .NOWHERE is not found'

bad 'a character value in arithmetic' '
         LCLA  &A
&A       SETA  '"'"'ABC'"'"'
P        CSECT
         END' \
    'a-character-value-in-arithmetic.s:3:16: error: .ABC. is not a number'

bad 'a bad prototype' '
         MACRO
         M     A,&B
         MEND
P        CSECT
         END' \
    'a-bad-prototype.s:3:16: error: a prototype.s parameters are &NAME or &NAME=default'

bad 'MEND without MACRO' '
P        CSECT
         MEND
         END' \
    'MEND-without-MACRO.s:3:10: error: MEND without MACRO'

bad 'a nested error names every call site' '
         MACRO
         INNER
         DC    F'"'"'&X'"'"'
         MEND
         MACRO
         OUTER
         INNER
         MEND
P        CSECT
         OUTER
         END' \
    'a-nested-error-names-every-call-site.s:4:18: error: undefined variable symbol &X' \
    'a-nested-error-names-every-call-site.s:8:10: note: in expansion of macro INNER called here' \
    'a-nested-error-names-every-call-site.s:11:10: note: in expansion of macro OUTER called here'

test_expect_success 'an error in a generated statement shows the text made' '
    printf "         MACRO\n         M     &R\n         LR    &R,99\n         MEND\nP        CSECT\n         M     1\n         END\n" >g.s &&
    test_must_fail impas g.s 2>err &&
    test_grep "^g.s:3:" err && test_grep "LR    1,99" err &&
    test_grep "g.s:6:10: note: in expansion of macro M called here" err
'
test_done
