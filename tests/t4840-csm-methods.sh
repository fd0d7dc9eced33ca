#!/bin/sh
# t4840-csm-methods.sh -- the CSECT monitors four ways (seed 004): the
# microcode-only monitor (ECSM), PER's successful branch with the runtime's
# interrupt service routine IMPPERI, IMP's CSECT event (CR9 bit 4, the
# paper's CSM) with the same routine, and the data CSECT monitor.  On
# examples/monitors/csects.s the three code reference strings are the
# same CSECT for CSECT; PER knows calls and returns as the microcode does,
# CSM does not; the program's output is the same; the overhead table is
# the same on every run, and the microcode-only monitor stays within the
# paper's goal (1.2 times).  A program check goes through the routine to
# the usual abend report; a full buffer ends the monitor; bad set-ups are
# usage errors.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

MON=$IMP_TOP/examples/monitors

# string PROFILE: the code's CSECT reference string, one name a line.
string() {
    impprof --csm --csv "$1" >csv.out &&
    awk '$1 == "csect" { name[$2] = $5 }
         $1 == "tr" && $4 < 3 { if (!n++) print name[$2] == "" ? "(none)" : name[$2];
                                print name[$3] == "" ? "(none)" : name[$3] }' "$1"
}

for m in microcode per csm; do
    opt=--csm
    test $m = microcode || opt=--csm=$m
    test_expect_success "csects.s under $opt: its output, 165 transitions" '
        imprun -q $opt --profile=$m.prof "$MON/csects.s" >$m.out 2>$m.err &&
        test_cmp "$MON/csects.expected" $m.out &&
        test_grep "^csm: 165 transitions among 10 CSECTs" $m.err &&
        string $m.prof >$m.str && test $(wc -l <$m.str) -eq 166
    '
done

test_expect_success 'the three reference strings are the same' '
    test_cmp microcode.str per.str && test_cmp microcode.str csm.str &&
    test_grep "^CSMAIN$" microcode.str && test_grep "^CSSORT$" microcode.str
'

test_expect_success 'PER sees calls and returns as the microcode does; CSM does not' '
    test_grep "82 calls, 83 returns, 0 other branches" microcode.err &&
    test_grep "82 calls, 83 returns, 0 other branches" per.err &&
    test_grep "0 calls, 0 returns, 165 other branches" csm.err &&
    test_grep "^csm csects=10 records=165 full=0 method=per interrupts=64523$" per.prof &&
    test_grep "^csm csects=10 records=165 full=0 method=csm interrupts=165$" csm.prof &&
    test_grep "^csm csects=10 records=165 full=0$" microcode.prof &&
    impprof --csm per.prof >per.rep && test_grep "IMPPERI on PER.s successful branch: 64523" per.rep
'

test_expect_success 'the data CSECT monitor: fetches and stores of CSTAB and CSWORK' '
    imprun -q --storage=2M --csm=65536,data --profile=d.prof "$MON/csects.s" >d.out 2>d.err &&
    test_cmp "$MON/csects.expected" d.out &&
    test_grep "^csm: 41455 data references to another CSECT: 20788 fetches, 20667 stores$" d.err &&
    impprof --csm d.prof >d.rep &&
    test_grep "^dsm: the data CSECT reference string (41455 references" d.rep &&
    test_grep "CSWORK(F) CSWORK(S)" d.rep && test_grep "CSTAB(F)" d.rep &&
    string d.prof >d.str && test_cmp microcode.str d.str
'

test_expect_success 'the overhead table, the same twice; microcode within 1.2 times' '
    (cd "$MON" && IMPRUN=imprun sh ./csm-overhead.sh) >t1 &&
    (cd "$MON" && IMPRUN=imprun sh ./csm-overhead.sh) >t2 && test_cmp t1 t2 &&
    test_grep "^unmonitored  *1074890  *1.00×" t1 &&
    test_grep "^PER successful branch + ISR  *19127995  *17.80×  8-10×" t1 &&
    test_grep "^CSM (CR9 bit 4) + ISR  *1706837  *1.59×  5-6×" t1 &&
    test_grep "^microcode only (ECSM)  *1081304  *1.01×" t1
'

cat >bad.s <<'SRC'
BAD      CSECT
         BALR  12,0
         USING *,12
         BAL   14,SUB
         AP    PK,PK                 a data exception: X'0007'
         BR    14
SUB      BR    14
PK       DC    X'0000'
         END   BAD
SRC
test_expect_success 'a program check goes through IMPPERI to the abend report' '
    { imprun bad.s >/dev/null 2>plain.err; test $? -eq 4; } &&
    { imprun --csm=per bad.s >/dev/null 2>per.err; test $? -eq 4; } &&
    { imprun --csm=csm bad.s >/dev/null 2>csmx.err; test $? -eq 4; } &&
    test_grep "^imprun: program interruption 0007" plain.err &&
    head -3 plain.err >p3 && test_grep "PSW=00890000 0001000C  problem, key 8, disabled, CC 0" p3 &&
    head -3 per.err | sed "s/=40890000/=00890000/; s/, PER,/,/" >r3 && test_cmp p3 r3 &&
    head -3 csmx.err | sed "s/=40890000/=00890000/; s/, PER,/,/" >c3 && test_cmp p3 c3 &&
    test_grep "old PSW=40890000 0001000C  problem, key 8, disabled, PER, CC 0" per.err
'

test_expect_success 'a full buffer ends the routine monitors too' '
    imprun -q --csm=3,per --profile=f.prof "$MON/csects.s" >/dev/null 2>f.err &&
    test_grep "^csm csects=10 records=3 full=1 method=per" f.prof &&
    test_grep "the buffer filled (the monitor ended)" f.err
'

test_expect_success '--per: the first store into RESULT ends the run, named' '
    { imprun --per=sa,range=RESULT "$MON/csects.s" >/dev/null 2>w.err; test $? -eq 4; } &&
    test_grep "^imprun: program interruption 0080 (PER event: storage alteration) with no handler" w.err &&
    test_grep "ST    8,RESULT" w.err &&
    { imprun --per=gra,gr=8 "$MON/csects.s" >/dev/null 2>g.err; test $? -eq 4; } &&
    test_grep "PER event: general-register alteration" g.err
'

test_expect_success 'bad --per specifications are usage errors' '
    { imprun --per=xx "$MON/csects.s" 2>p1; test $? -eq 2; } &&
    test_grep "imprun: --per: .xx. is not an event (sb, if, sa, gra, csm, joined by +)" p1 &&
    { imprun --per=gra "$MON/csects.s" 2>p2; test $? -eq 2; } &&
    test_grep "gra needs the registers to watch" p2 &&
    { imprun --per=sa,gr=16 "$MON/csects.s" 2>p3; test $? -eq 2; } &&
    test_grep "registers 0 to 15" p3 &&
    { imprun --per=sa,range=NOSUCH "$MON/csects.s" 2>p4; test $? -eq 2; } &&
    test_grep "range=NOSUCH: no such CSECT, label or range" p4 &&
    { imprun --per=sa --csm=per "$MON/csects.s" 2>p5; test $? -eq 2; } &&
    test_grep "both need PER" p5
'

test_expect_success 'bad --csm set-ups are usage errors' '
    { imprun --csm=per,data "$MON/csects.s" 2>e1; test $? -eq 2; } &&
    test_grep "data references are the microcode monitor" e1 &&
    { imprun --csm=pre "$MON/csects.s" 2>e2; test $? -eq 2; } &&
    test_grep "is not a number of records (1 to 524288), per, csm or data" e2 &&
    { imprun --csm=per "$MON/csects.s" --task "$MON/csects.s" 2>e3; test $? -eq 2; } &&
    test_grep "the interrupt service routine serves one task" e3
'

test_done
