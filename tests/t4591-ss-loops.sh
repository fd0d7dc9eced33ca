#!/bin/sh
# t4591-ss-loops.sh -- MVC's and XC's byte loops through imprun: the bytes
# as the architecture moves them (left to right, an overlap propagating),
# and PER storage alteration of one byte inside a loop's range seen after
# that MVC, exactly as the reference engine (--microtrace) sees it: the
# same report, counts and storage.  (The engine's side: t-vm-loops.)
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

# SS at X'10000': SRC X'10022', AREA X'10122', BUF X'10222', DST X'10322'
cat >ss.s <<'SRC'
SS       CSECT
         USING SS,15
         MVC   AREA(256),SRC           a plain move
         MVC   AREA+1(255),AREA        one byte over all of it
         XC    BUF(256),BUF            the clear
         MVC   BUF+5(100),SRC
         MVC   DST(200),BUF            over the byte PER watches
         SR    15,15
         BR    14
SRC      DC    64C'ABCD'
AREA     DS    CL256
BUF      DC    256X'FF'
DST      DS    CL40
HIT      DS    C
REST     DS    CL215
         END   SS
SRC

# The data byte by byte: AREA all C'A'; BUF 5 zeros, 100 bytes of SRC,
# zeros; DST BUF's first 200 bytes.
perl -e '
    my $src = "\xC1\xC2\xC3\xC4" x 64;
    my $buf = ("\0" x 5) . substr($src, 0, 100) . ("\0" x 151);
    print "\xC1" x 256, $buf, substr($buf, 0, 200);
' >expect

test_expect_success 'MVC and XC move the bytes as the architecture does' '
    imprun -q --savecore=core:10122:103E9 ss.s &&
    test_cmp expect core
'

test_expect_success 'PER storage alteration inside a loop: as the reference engine' '
    { imprun --stats --per=sa,range=HIT --savecore=c1:10000:10421 ss.s 2>e1; test $? -eq 4; } &&
    test_grep "0080 (PER event: storage alteration)" e1 &&
    test_grep "(ss.s:7): MVC" e1 &&
    { imprun --stats --per=sa,range=HIT --microtrace --savecore=c2:10000:10421 ss.s 2>e2; test $? -eq 4; } &&
    grep -v "^u " e2 >e2.report &&
    test_cmp e1 e2.report &&
    test_cmp c1 c2
'

test_done
