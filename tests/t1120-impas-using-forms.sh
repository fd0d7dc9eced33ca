#!/bin/sh
# t1120: the USING forms beyond the ordinary one -- labeled USINGs with
# qualified symbols (LAB.SYM), the range form USING (b,e),r, DROP of a
# label -- and their errors.  Bytes worked out by hand.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-impas.sh"

cat >rec.s <<'X'
T        CSECT
IN       USING REC,3
OUT      USING REC,4
         USING REC,5
         MVC   OUT.NAME,IN.NAME
         MVC   NAME,IN.NAME+1
         LA    1,OUT.NUM+4
         DROP  IN
         USING REC,6
         L     2,NUM
         DROP  5,6
         L     2,OUT.NUM
         DROP  OUT
REC      DSECT
NAME     DS    CL8
NUM      DS    F
         END
X
test_expect_success 'labeled USINGs: LAB.SYM through its register, SYM through the ordinary one' '
    # MVC OUT.NAME,IN.NAME = D207 4000 3000; MVC NAME,IN.NAME+1 = D207 5000 3001;
    # LA 1,OUT.NUM+4 = 4110 400C; L 2,NUM with R5 and R6 both on REC: the tie
    # goes to R6 = 5820 6008; after DROP 5,6: L 2,OUT.NUM = 5820 4008
    impas rec.s && test "$(text rec.o)" = D20740003000D207500030014110400C5820600858204008
'
test_expect_success 'a plain symbol never resolves through a labeled USING' '
    printf "T        CSECT\nL        USING T,12\n         L     1,X\nX        DC    F\0471\047\n         END\n" >p.s &&
    test_must_fail impas p.s 2>err && test_grep "p.s:3:18: error: not addressable" err
'
test_expect_success 'a qualifier that is no USING label is an error' '
    printf "T        CSECT\n         USING T,12\n         L     1,NO.X\nX        DC    F\0471\047\n         END\n" >q.s &&
    test_must_fail impas q.s 2>err &&
    test_grep "q.s:3:18: error: NO is not the label of a USING in effect" err
'
test_expect_success 'USING (b,e),r covers b up to e only' '
    cat >rng.s <<-\X &&
	T        CSECT
	         USING T,12
	         USING (TAB,TABEND),9
	         L     1,TAB+4
	         L     1,TABEND
	         DROP  9
	         L     1,TAB+4
	TAB      DC    2F'"'"'0'"'"'
	TABEND   DC    F'"'"'0'"'"'
	         END
	X
    impas rng.s && text rng.o | cut -c1-24 >actual &&
    echo 581090045810C014 5810C010 | tr -d " " >expect && test_cmp expect actual
'
test_expect_success 'USING range errors' '
    cat >rbad.s <<-\X &&
	T        CSECT
	         USING (B,A),9
	X        EQU   (A,B)
	A        DS    F
	B        DS    F
	         END
	X
    test_must_fail impas rbad.s 2>err &&
    test_grep "rbad.s:2:19: error: the end of a USING range must be above its base" err &&
    test_grep "rbad.s:3:16: error: a range (begin,end) is allowed only as the first operand of USING" err
'
test_expect_success 'an ordinary USING of a register replaces the previous one' '
    printf "T        CSECT\n         USING T,3\n         USING T+8,3\n         L     1,T+8\n         END\n" >rep.s &&
    impas rep.s && test "$(text rep.o)" = 58103000
'
test_done
