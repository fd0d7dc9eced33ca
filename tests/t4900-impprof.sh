#!/bin/sh
# t4900-impprof.sh -- impprof, the reports of a profile (imp-profile(5)).
# A hand-written profile of a tiny program, tests/data/profile/basic.prof
# (every section; basic.txt and basic.csv are its reports as recorded),
# gives symbolized reports with the right percentages, the sampled
# instruction mix beside the exact one, CSV, JSON, SVG, callgrind and
# folded stacks; every kind of bad profile and bad command line is an
# error with the right status, and no cut of the profile crashes it.
. "$(dirname "$0")/test-lib.sh"

if ! test_have impprof; then
    test_skip 'impprof tests' 'impprof is not built yet'
    test_done
fi
DATA=$TEST_DIR/data/profile
cp "$DATA/basic.prof" "$DATA/prog.s" . || exit 1

# The profile with line $1 replaced by $2 (sed's s command on it).
edit() { sed "$1" basic.prof >bad.prof; }

# impprof must fail with status $1; the rest are its arguments.
fails_with() {
    want=$1; shift
    impprof "$@" >out 2>err
    st=$?
    if [ "$st" -ne "$want" ]; then echo "exit $st, wanted $want"; cat err; return 1; fi
}

if test_have impas && test_have impld; then
    test_expect_success 'the embedded module is what impas and impld make of prog.s (its HASH aside: the recorded profile predates it)' '
        impas prog.s -o prog.o && impld prog.o -o prog.load &&
        awk "/^END/ && m { print; exit } m { print } /^module 1\$/ { m = 1 }" basic.prof >embedded &&
        grep -v "^HASH " prog.load >prog.nohash &&
        test_cmp prog.nohash embedded &&
        test_grep "^HASH 0 sha256 $(sha256sum prog.s | cut -d" " -f1)\$" prog.load
    '
else
    test_skip 'the embedded module is what impas and impld make of prog.s (its HASH aside: the recorded profile predates it)' 'no impas, impld'
fi

test_expect_success 'the whole report and the whole CSV, as recorded' '
    impprof --top=0 basic.prof >out && test_cmp "$DATA/basic.txt" out &&
    impprof --all-blocks --top=0 --csv basic.prof >out && test_cmp "$DATA/basic.csv" out
'
# CSV and JSON are two forms of the same tables: cell for cell the same,
# a number that is not there an empty CSV cell and a JSON null.
test_expect_success 'CSV and JSON agree cell for cell (no number: empty and null)' '
    impprof --all-blocks --top=0 --csv basic.prof >t.csv &&
    impprof --all-blocks --top=0 --json basic.prof >t.json &&
    perl -MJSON::PP -e '"'"'
        local $/; open my $j, "<", "t.json" or die; my $doc = decode_json(<$j>);
        open my $c, "<", "t.csv" or die; my @blocks = grep { /\S/ } split /\n\n/, <$c>;
        my ($n, $bad) = (0, 0);
        for my $t (@{$doc->{tables}}) {
            next unless @{$t->{rows}};
            my @lines = split /\n/, shift @blocks;
            shift @lines;                           # the header row
            die "$t->{name}: rows" unless @lines == @{$t->{rows}};
            for my $r (@{$t->{rows}}) {
                my @cells = (shift(@lines) =~ /("(?:[^"]|"")*"|[^,]*)(?:,|$)/g);
                pop @cells if @cells > @{$t->{columns}} + 1;
                shift @cells;                       # the table name
                for my $col (@{$t->{columns}}) {
                    my $csv = shift @cells; $csv =~ s/^"(.*)"$/$1/s; $csv =~ s/""/"/g;
                    my $v = $r->{$col};
                    my $want = defined $v ? "$v" : "";
                    $want =~ s/^\+//; $csv =~ s/^\+//;
                    $n++;
                    next if $want eq $csv || ($want =~ /^-?[\d.]+$/ && $csv =~ /^-?[\d.]+$/ && $want == $csv);
                    print "$t->{name} $col: csv [$csv] json [$want]\n"; $bad++;
                }
            }
        }
        die "$bad of $n cells differ\n" if $bad; die "no cells\n" unless $n;
    '"'"'
'
# The sampler's timer stands still while any monitor's microcode runs:
# samples x period is close to the program's cycles, however many
# monitors ran beside it (the run's cycles were 80% of it here).
if test_have imprun; then
    test_expect_success 'the IAS check is against the program.s cycles, with other monitors on' '
        cp "$IMP_TOP/examples/sieve.s" . &&
        imprun -q --ias=500 --ias-window=program/64 --ias-window=SIEVE/16 --pcs=20000 \
            --glean=ia,every=5000,n=2 --iifm=all,slice=1000 --csm --profile=many.prof \
            sieve.s >/dev/null 2>&1 &&
        impprof --ias many.prof >out &&
        test $(grep -c "^check: samples x period = 34500 ~ 34979 program cycles (98.63%): the run.s [0-9]* less the monitors. [0-9]*$" out) -eq 2
    '
fi
# impprof reads the sources its profile names (the text of source lines):
# no output may be one of them, here or in the profile's folder.
test_expect_success 'an output that is a source the profile names is refused, the source kept' '
    cp prog.s prog.saved &&
    { impprof -o prog.s basic.prof 2>err; test $? -eq 2; } &&
    test_grep "is the same file as a source the profile names" err &&
    { impprof --svg=prog.s -o /dev/null basic.prof 2>err; test $? -eq 2; } &&
    mkdir -p away && { (cd away && impprof --folded=../prog.s -o /dev/null ../basic.prof) 2>err
                       test $? -eq 2; } &&
    test_grep "refusing to overwrite" err &&
    cmp prog.s prog.saved
'
# Every field a run gleaned is in the report: the storage key, the
# timer and the microcode address as columns, the control registers on a
# line of their own, as the general registers -- each as the rec lines say.
if test_have imprun; then
    test_expect_success 'glean: key, timer, uaddr and cr are reported as recorded' '
        cp "$IMP_TOP/examples/sieve.s" . &&
        imprun -q --glean=all,every=3000,buffer=2048 --profile=gall.prof sieve.s >/dev/null 2>&1 &&
        impprof --glean gall.prof >out &&
        test_grep "^seq .* key  timer     uaddr\$" out &&
        sed -n "s/^rec 0 .* cr=\([^ ]*\) timer=\([^ ]*\) key=\([^ ]*\) uaddr=\([^ ]*\).*/\1 \2 \3 \4/p" \
            gall.prof >rec0 &&
        read cr timer key uaddr <rec0 &&
        test_grep "^  *0  .* $key  0*$timer  0*$uaddr\$" out &&
        want=$(echo "$cr" | tr , "\n" | while read w; do printf "%08X " 0x$w; done | sed "s/ \$//") &&
        test "$(sed -n "s/^    cr: //p" out | sed -n 1p)" = "$want" &&
        impprof --csv --glean gall.prof >g.csv &&
        test_grep "^table,seq,burst,task,ia,where,symbol,op,psw,cycles,pageins,key,timer,uaddr,gr,cr\$" g.csv
    '
fi
test_expect_success 'by default: the run, then every section in order' '
    impprof basic.prof >out &&
    grep -e "^run: " -e "^ias window" -e "^pcs: " -e "^glean: " -e "^iifm: " -e "^overhead: " out |
        cut -d" " -f1 | uniq >got &&
    printf "%s\n" run: ias pcs: glean: iifm: overhead: >want && test_cmp want got &&
    test_grep "^   1    1098           206  5.33  yes     prog.load$" out
'
test_expect_success '--ias: blocks labelled by CSECT, label, line and source, with bars' '
    impprof --ias basic.prof >out &&
    test_grep "^    2  010008-01000B  PROG+X.8.  ADDUP+X.2.  prog.s:6     28  45.16  #\{28\}    BCT 4,ADDUP again$" out &&
    test_grep "^    1  010004-010007  PROG+X.4.              prog.s:4     30  48.39  #\{30\}  LA 4,100 counter$" out &&
    test_grep "^in the window: 62 samples; out of range: 3; in the wait state: 0$" out &&
    test_grep "^check: samples x period = 650 ~ 659 program cycles (98.63%): the run.s 1098 less the monitors. 439$" out &&
    ! grep -q "^pcs" out
'
# The run's cycles are the program's and the monitors': a file whose run
# holds fewer cycles than its exact records and its monitors (as this
# one's did, before the monitors' cycles were kept apart) is warned of,
# and its IAS check read 295%.
test_expect_success 'a run with fewer cycles than its program and its monitors: a warning' '
    edit "s/^run status=ok cycles=1098 /run status=ok cycles=659 /" &&
    impprof --ias bad.prof >out 2>err &&
    test_grep "^bad.prof:3: warning: the run.s 659 cycles are fewer than the program.s 657 (the exact records) and the monitors. 439: the run.s cycles hold both$" err &&
    test_grep "^check: samples x period = 650 ~ 220 program cycles (295.45%)" out &&
    impprof --ias basic.prof >out 2>err && test_cmp /dev/null err
'
if test_have imprun && test_have impas && test_have impld; then
    # IAS samples every PERIOD program cycles: samples x period is never
    # more than the program's cycles, whatever else is armed.
    test_expect_success 'imprun'"'"'s profiles: the IAS check never over 100%, no warning' '
        EX=$IMP_TOP/examples &&
        for run in "$EX/sieve.s" "$EX/sort.s" "$EX/decimal.s" "$EX/paging/thrash.s" \
                   "--frames=16 $EX/hello.s --task $EX/sieve.s" "--max-cycles=3000 $EX/sieve.s"; do
            for mon in "--ias=100" "--ias=100 --pcs=1000 --glean=all" \
                       "--ias=250 --iifm=all,slice=1000 --csm" "--ias=100 --iifm=all,table --pcs"; do
                rm -f run.prof &&
                { imprun -q $mon --profile=run.prof $run >/dev/null 2>&1; test -s run.prof; } &&
                impprof --ias run.prof >out 2>err && test_cmp /dev/null err &&
                pct=$(sed -n "s/^check: .*program cycles (\([0-9.]*\)%).*/\1/p" out) &&
                test -n "$pct" && awk -v p="$pct" "BEGIN { exit !(p > 0 && p <= 100) }" ||
                { echo "# $mon $run: $(grep "^check" out)"; return 1; }
            done
        done
    '
else
    test_skip 'imprun'"'"'s profiles: the IAS check never over 100%, no warning' 'no imprun'
fi
test_expect_success 'source lines: found beside the profile, never outside its folder' '
    mkdir -p sub inner && (cd sub && impprof --pcs ../basic.prof >../out) &&
    test_grep "prog.s:6     31  46.97  BCT 4,ADDUP again$" out &&
    cp basic.prof inner/ && impprof --pcs inner/basic.prof >out &&
    test_grep "prog.s:6     31  46.97$" out && ! grep -q "BCT 4,ADDUP" out
'
test_expect_success '--ias leaves out empty blocks, --all-blocks shows them' '
    edit "/^count 1 1 30/d" && sed -i "s/samples=65/samples=35/" bad.prof &&
    impprof --ias bad.prof >out && ! grep -q "^    1  " out &&
    impprof --ias --all-blocks bad.prof >out &&
    test_grep "^    1  010004-010007  PROG+X.4. .*  0   0.00 *  LA 4,100 counter$" out
'
test_expect_success '--all-blocks on a window of 2^32 blocks: only the blocks with samples' '
    edit "s/low=10000 high=10010 block=4/low=0 high=FFFFFFFF block=1/; s/^count 1 3 2/count 1 FFFFFFF0 2/" &&
    sed -i "s/^count 1 FFFFFFF0 2/count 1 4294967280 2/" bad.prof &&
    impprof --ias --all-blocks bad.prof >out &&
    test_grep "^(4294967295 blocks: too many to show the empty ones, at most 65536)$" out &&
    test "$(grep -c "^ *[0-9]*  [0-9A-F]*-[0-9A-F]*  " out)" -eq 4
'
test_expect_success '--pcs: the top addresses, the wait and unknown addresses apart' '
    impprof --pcs basic.prof >out &&
    test_grep "^   1  010008   PROG+X.8.  ADDUP+X.2.  prog.s:6     31  46.97  BCT 4,ADDUP again$" out &&
    test_grep "^   1  020000   ?  *2   3.03$" out &&
    test_grep "^   0  000F00   (wait)  *1   1.52$" out
'
test_expect_success '--pcs: the sampled instruction mix beside the exact counts and cycles' '
    impprof --pcs basic.prof >out &&
    test_grep "^46      BCT            31     49.21    100   48.54  +0.66    45.66       +3.54$" out &&
    test_grep "^83      DIAG            0      0.00      1    0.49  -0.49     3.35       -3.35$" out &&
    test_grep "^samples: 63 of known instructions, 2 with no module text (?), 1 in the wait state$" out &&
    test_grep "total variation distance): 2.38 points against the counts, 7.31 against the cycles$" out &&
    test_grep "^note: PC samples are time-weighted" out
'
test_expect_success 'each task'"'"'s addresses through its own module (none: unknown)' '
    sed "s/^task 1 .*/&\ntask 2 cycles=0 instructions=0 name=core.img/; s/used=6/used=7/; s/^sample 0 F00 1/&\nsample 2 10006 5/" \
        basic.prof >two.prof &&
    impprof --pcs two.prof >out &&
    test_grep "^   2  010006   ?  *5   7.04$" out &&
    test_grep "^   1  010006   PROG+X.6.  ADDUP  " out &&
    test_grep "^samples: 63 of known instructions, 7 with no module text (?), 1 in the wait state$" out
'
test_expect_success '--glean: a row a record, the registers wrapped below it' '
    impprof --glean basic.prof >out &&
    test_grep "^glean: info=ia,gr,op,cycles,task, every 100 cycles, 2 records a trigger, buffer 4096 bytes, 4 records (the buffer did not fill)$" out &&
    test_grep "^  1      1     1  010008  PROG+X.8.  ADDUP+X.2.  46 BCT     103$" out &&
    test_grep "^    gr: 00000000 00000000 00000000 00000B59 0000003B 00000000 " out &&
    test "$(grep -c "^    gr: " out)" -eq 4 &&
    edit "s/full=0/full=1/" && impprof --glean bad.prof >out &&
    test_grep "the buffer filled: later records were lost" out
'
test_expect_success '--iifm: the counters, and the frequency table against the exact counts' '
    impprof --iifm basic.prof >out &&
    test_grep "^0000     FFFF      problem,slice   1000    203     611  3.01$" out &&
    test_grep "^46      BCT          99  48.77     297  3.00    100   48.54  +0.22$" out &&
    test_grep "^the table: 203 instructions, 611 cycles; the counters: 203 instructions, 611 cycles$" out
'
test_expect_success '--iifm: the error of a subset is against the exact counts of that subset' '
    edit "s/^iifm pattern=0000 dontcare=FFFF flags=problem,slice /iifm pattern=001A dontcare=0001 flags=slice /; /^freq 46 /d; /^freq 41 /d; /^freq 07 /d" &&
    impprof --iifm bad.prof >out &&
    test_grep "^1A      AR          100  98.04     300  3.00    100   98.04  +0.00$" out &&
    test_grep "^1B      SR            2   1.96       6  3.00      2    1.96  +0.00$" out
'
if test_have imprun; then
    test_expect_success '--iifm=18/07: the exact shares are imprun'"'"'s, of the matched opcodes' '
        imprun -q --iifm=18/07,slice=1000 --profile=sub.prof "$IMP_TOP/examples/sort.s" >/dev/null 2>err &&
        impprof --iifm sub.prof >out &&
        awk "/^opcode mnemonic   sliced/ { t = 1; next } t && NF == 8 { print \$1, \$6 }" err |
            sed "s/%\$//" | sort >want &&
        awk "/^opcode  mnemonic  count/ { t = 1; next } t && NF == 9 { print \$1, \$8 }" out |
            sort >got &&
        test -s got && join got want >both && test "$(wc -l <both)" = "$(wc -l <got)" &&
        awk "\$2 != \$3 { print; bad = 1 } END { exit bad }" both
    '
else
    test_skip '--iifm=18/07: the exact shares are imprun'"'"'s, of the matched opcodes' 'no imprun'
fi
test_expect_success '--pcs: each type with its format and class, and the classes beside the exact counts' '
    impprof --pcs basic.prof >out &&
    test_grep "^   1  46      BCT       RX      branch           31  49.21$" out &&
    test_grep "^   1  1A      AR        RR      arithmetic       30  47.62$" out &&
    test_grep "^ all  function  branch           31     49.21    101   49.03  +0.18    46.42$" out &&
    test_grep "^ all  format    RR               31     49.21    104   50.49  -1.28    50.53$" out
'
if test_have imprun; then
    test_expect_success '--pcs with two tasks: each task its types and classes, its samples' '
        imprun -q --frames=32 --pcs=50000 --profile=two.prof "$IMP_TOP/examples/sieve.s" \
            --task "$IMP_TOP/examples/sort.s" >/dev/null 2>err &&
        impprof --pcs --top=0 --csv two.prof >out &&
        for k in 1 2; do
            want=$(awk -v k=$k "\$1 == \"sample\" && \$2 == k { n += \$4 } END { print n + 0 }" two.prof) &&
            test "$want" -gt 10 &&
            got=$(awk -F, -v k=$k "\$1 == \"pcs-tasks\" && \$2 == k { n += \$7 } END { print n + 0 }" out) &&
            fmt=$(awk -F, -v k=$k "\$1 == \"pcs-classes\" && \$2 == k && \$3 == \"format\" { n += \$5 } END { print n + 0 }" out) &&
            fun=$(awk -F, -v k=$k "\$1 == \"pcs-classes\" && \$2 == k && \$3 == \"function\" { n += \$5 } END { print n + 0 }" out) &&
            test "$got $fmt $fun" = "$want $want $want" || { echo "task $k: $want samples, $got $fmt $fun"; exit 1; }
        done &&
        all=$(awk -F, "\$1 == \"pcs-classes\" && \$2 == \"all\" && \$3 == \"function\" { n += \$5 } END { print n }" out) &&
        test "$all" = "$(awk "\$1 == \"sample\" && \$2 != 0 { n += \$4 } END { print n }" two.prof)"
    '
else
    test_skip '--pcs with two tasks: each task its types and classes, its samples' 'no imprun'
fi
test_expect_success '--overhead: each monitor'"'"'s cycles and microwords, the program'"'"'s, of the run'"'"'s' '
    impprof --overhead basic.prof >out &&
    test_grep "^ias           65     130           -     11.84          2.00$" out &&
    test_grep "^all monitors: 439 cycles, 39.98% of the run$" out &&
    test_grep "^program        -     659           -     60.02             -$" out &&
    test_grep "^the run.s cycles: 1098 = 659 program + 439 monitors$" out &&
    sed "s/^\(monitor ias .*\)$/\1 microwords=91/" basic.prof >words.prof &&
    impprof --overhead words.prof >out &&
    test_grep "^ias           65     130          91     11.84          2.00$" out

'
test_expect_success '--top cuts the long tables and says so' '
    impprof --pcs --top=2 basic.prof >out &&
    test_grep "^(4 more addresses not shown: --top=0 shows all)$" out &&
    test_grep "^(5 more types not shown: --top=0 shows all)$" out &&
    impprof --pcs --top=0 basic.prof >out && ! grep -q "not shown" out
'
test_expect_success '--csv: a header per table, the table name first, blank lines between' '
    impprof --csv basic.prof >out &&
    test_grep "^pcs-types,46,BCT,31,49.21,100,48.54,+0.66,45.66,+3.54$" out &&
    test_grep "^table,opcode,mnemonic,sampled,sampled%,exact,exact%,err,cycles%,cycles-err$" out &&
    test_grep "^ias-window-1,2,010008-01000B,PROG+X.8.,ADDUP+X.2.,prog.s:6,28,45.16,#*,\"BCT 4,ADDUP again\"$" out &&
    awk -F, "/^\$/ { next } /^table,/ { t = 1; next } t && \$1 !~ /^(run|ias-window-1|pcs-top|pcs-types|pcs-tasks|pcs-classes|glean|iifm|iifm-freq|overhead)\$/ { print; bad = 1 } END { exit bad }" out &&
    test "$(grep -c "^table," out)" -eq 10 && test "$(grep -c "^\$" out)" -eq 9
'
if test_have python3; then
    test_expect_success '--csv parses as CSV: every row as wide as its header' '
        impprof --csv basic.prof >out &&
        python3 -c "
import csv, sys
w = None
for row in csv.reader(open(\"out\")):
    if not row: w = None; continue
    if w is None: w = len(row); continue
    assert len(row) == w, row
"
    '
    test_expect_success '--json is valid JSON holding every table' '
        impprof --json basic.prof >out && python3 -m json.tool out >/dev/null &&
        python3 -c "
import json
j = json.load(open(\"out\"))
t = {x[\"name\"]: x for x in j[\"tables\"]}
assert sorted(t) == sorted([\"run\", \"ias-window-1\", \"pcs-top\", \"pcs-types\", \"pcs-tasks\", \"pcs-classes\", \"glean\", \"iifm\", \"iifm-freq\", \"overhead\"]), sorted(t)
r = t[\"pcs-types\"][\"rows\"][0]
assert r[\"mnemonic\"] == \"BCT\" and r[\"sampled\"] == 31 and r[\"err\"] == 0.66, r
assert j[\"settings\"][\"ias\"][\"windows\"][0][\"label\"] == \"PROG\"
assert j[\"run\"][\"cycles\"] == 1098
"
    '
    test_expect_success '--svg: a well-formed chart, a bar a block' '
        impprof --svg=h.svg -o /dev/null basic.prof &&
        python3 -c "import xml.dom.minidom as m; m.parse(\"h.svg\")" &&
        test "$(grep -c "<rect class=\"bar\"" h.svg)" -eq 4 &&
        impprof --svg=p.svg --plot=pcs -o /dev/null basic.prof &&
        python3 -c "import xml.dom.minidom as m; m.parse(\"p.svg\")" &&
        test "$(grep -c "<rect class=\"bar\"" p.svg)" -eq 6 &&
        impprof --svg=i.svg --plot=iifm -o /dev/null basic.prof &&
        test "$(grep -c "<rect class=\"bar\"" i.svg)" -eq 5
    '
else
    test_skip '--csv, --json, --svg parse' 'no python3'
fi
test_expect_success '--callgrind: the header, a file and function per place, lines and costs' '
    impprof --callgrind=cg.out -o /dev/null basic.prof &&
    sed -n 1,7p cg.out >head &&
    printf "%s\n" "# callgrind format" "version: 1" "creator: impprof $(impprof --version | cut -d" " -f3)" \
        "cmd: basic.prof" "positions: line" "events: Samples" "summary: 66" >want &&
    test_cmp want head &&
    sed -n "/^fl=prog.s\$/,\$p" cg.out >tail &&
    printf "%s\n" fl=prog.s fn=ADDUP "5 30" "6 31" fn=PROG "3 1" "4 1" >want && test_cmp want tail
'
if test_have callgrind_annotate; then
    test_expect_success 'callgrind_annotate reads it and annotates the source' '
        impprof --callgrind=cg.out -o /dev/null basic.prof &&
        callgrind_annotate --auto=yes cg.out >ann 2>&1 &&
        test_grep "^61 (92.42%)  prog.s:ADDUP$" ann &&
        test_grep "^31 (46.97%)  *BCT   4,ADDUP" ann
    '
else
    test_skip 'callgrind_annotate reads it' 'valgrind is not installed'
fi
test_expect_success '--folded: CSECT;label and a count a line' '
    impprof --folded=f.txt -o /dev/null basic.prof &&
    printf "%s\n" "(wait) 1" "?;? 2" "PROG;ADDUP 61" "PROG;PROG 2" | sort >want &&
    sort f.txt >got && test_cmp want got
'
test_expect_success 'without PC samples, callgrind and folded stacks come from the IAS counts' '
    sed "/^pcs /,/^glean /{/^glean /!d}" basic.prof | grep -v "^monitor pcs" >ias.prof &&
    impprof --callgrind=cg.out --folded=f.txt -o /dev/null ias.prof &&
    test_grep "^events: IAS$" cg.out && test_grep "^summary: 62$" cg.out &&
    test_grep "^PROG;ADDUP 30$" f.txt
'
test_expect_success '-o writes the report to a file; a failed export leaves no output' '
    impprof -o report.txt basic.prof && test_grep "^overhead: " report.txt &&
    grep -v "^count " basic.prof | sed "s/windows=1/windows=0/; /^window /d" >nowin.prof &&
    rm -f report2.txt &&
    fails_with 1 -o report2.txt --svg=n.svg --plot=ias nowin.prof &&
    test_grep "error: --svg: the profile has no IAS window (it has PC samples: --plot=pcs)$" err &&
    test ! -e report2.txt && test ! -e n.svg
'
test_expect_success '--svg without --plot draws what the profile has: PC samples alone' '
    impprof --svg=d.svg -o /dev/null nowin.prof &&
    test_grep "PC samples by address" d.svg &&
    sed "/^pcs /,/^glean /{/^glean /!d}" nowin.prof | grep -v "^monitor pcs" >iifm.prof &&
    impprof --svg=d2.svg -o /dev/null iifm.prof &&
    test_grep "IIFM: instructions by opcode" d2.svg &&
    fails_with 1 -o /dev/null --svg=d3.svg --plot=pcs iifm.prof &&
    test_grep "no PC samples (it has an IIFM table: --plot=iifm)$" err
'
test_expect_success 'the example of imp-profile(5) is a valid profile' '
    awk "/^\\.SH EXAMPLE/ { e = 1 } e && /^\\.fi/ { exit } e && p { print } e && /^\\.nf/ { p = 1 }" \
        "$IMP_TOP/man/imp-profile.5" >example.prof &&
    test_grep "^IMPPROF 1$" example.prof && impprof example.prof >out 2>err &&
    test_cmp /dev/null err &&
    test_grep "^46      BCT            31     50.82    100   50.00  +0.82" out
'

# ---- bad profiles: exit 1 and a GNU-style message at the profile's line
test_expect_success 'a missing file, a directory, an empty file' '
    fails_with 1 nosuch.prof && test_grep "^nosuch.prof: error: cannot open: No such file" err &&
    mkdir dir && fails_with 1 dir && test_grep "^dir: error: cannot read: Is a directory" err &&
    : >empty.prof && fails_with 1 empty.prof &&
    test_grep "^empty.prof:1: error: empty file (expected .IMPPROF 1.)" err
'
test_expect_success 'a bad header, another version' '
    printf "IMPLOAD 1\n" >h.prof && fails_with 1 h.prof &&
    test_grep "^h.prof:1:1: error: not an IMP profile" err &&
    printf "# comment\n\nIMPPROF 2\n" >v.prof && fails_with 1 v.prof &&
    test_grep "^v.prof:3:9: error: unsupported profile version .2. (expected 1)" err
'
test_expect_success 'an unknown record, a record out of order, a record given twice' '
    edit "s/^pcs rate/pcx rate/" && fails_with 1 bad.prof &&
    test_grep "^bad.prof:36:1: error: unknown record .pcx." err &&
    test "$(grep -c "before the .pcs. record" err)" -eq 1 &&
    edit "/^exact 1A/d; \$s/^end/exact 1A AR 100 300\nend/" && fails_with 1 bad.prof &&
    test_grep "error: .exact. out of order" err &&
    edit "s/^end\$/iifm pattern=0 dontcare=0 flags=- slice=0 count=0 cycles=0\nend/" &&
    fails_with 1 bad.prof && test_grep "error: .iifm. given twice" err &&
    edit "/^run /d" && fails_with 1 bad.prof && test_grep "error: expected the run record first" err
'
test_expect_success 'malformed fields: the line and column, the line shown with a caret' '
    edit "s/^count 1 2 28/count 1 2 2x8/" && fails_with 1 bad.prof &&
    test_grep "^bad.prof:34:11: error: count: .2x8. is not a decimal number$" err &&
    test_grep "^           ^$" err &&
    edit "s/^sample 1 10006 30/sample 1  10006 30/" && fails_with 1 bad.prof &&
    test_grep "^bad.prof:37:10: error: fields are separated by single blanks" err &&
    edit "s/ cycles=103 / cyc=103 /" && fails_with 1 bad.prof &&
    test_grep "error: .cyc=103. is not K=V with a key of glean" err &&
    edit "s/low=10000 high=10010/low=10010 high=10000/" && fails_with 1 bad.prof &&
    test_grep "error: high=10000 is not above low=10010" err &&
    edit "s/^count 1 3 2/count 1 4 2/" && fails_with 1 bad.prof &&
    test_grep "error: block index 4 is out of range (0 to 3)" err &&
    edit "s/^count 1 3 2/count 1 1 2/" && fails_with 1 bad.prof &&
    test_grep "error: block 1: the blocks of a window come once each, in increasing order" err &&
    edit "s/^sample 1 10006/sample 2 10006/" && fails_with 1 bad.prof &&
    test_grep "error: sample.s task 2: no such task" err &&
    edit "s/psw=/psw=/; s/ op=1A cycles=100/ op=1A psw=1.2 cycles=100/" && fails_with 1 bad.prof &&
    test_grep "error: psw: not in glean.s info=" err &&
    edit "s/^exact 46 BCT 100 300/exact 46 BCT 0 300/" && fails_with 1 bad.prof &&
    test_grep "error: count 0 is out of range" err &&
    edit "s/^exact 46 BCT/exact 1A BCT/" && fails_with 1 bad.prof &&
    test_grep "error: opcode 1A given twice in the exact table" err &&
    edit "s/^run status=ok cycles=1098/run status=ok cycles=99999999999999999999/" &&
    fails_with 1 bad.prof && test_grep "error: cycles: .99999999999999999999. is not a decimal count" err
'
test_expect_success 'the counts the headers announce are checked' '
    edit "s/windows=1/windows=2/" && fails_with 1 bad.prof &&
    test_grep "^bad.prof:30: error: ias: windows=2 but 1 window records follow$" err &&
    edit "s/used=6/used=5/" && fails_with 1 bad.prof &&
    test_grep "error: pcs: used=5 but 6 sample records follow" err &&
    edit "/^rec 3 /d" && fails_with 1 bad.prof &&
    test_grep "error: glean: records=4 but 3 rec records follow" err
'
test_expect_success 'a bad embedded module: the obj reader'"'"'s message, the profile'"'"'s line' '
    edit "s/^TXT 1 010000 1B33/TXT 1 010000 1G33/" && fails_with 1 bad.prof &&
    test_grep "^bad.prof:10:15: error: bad hexadecimal digit" err &&
    edit "/^END 1 010000/d" && fails_with 1 bad.prof &&
    test_grep "^bad.prof:18: error: truncated module: no END record" err &&
    edit "s/^module 1/module 2/" && fails_with 1 bad.prof &&
    test_grep "error: module.s task 2: no such task" err
'
test_expect_success 'binary bytes, a missing end, a record after end' '
    printf "IMPPROF 1\nrun status=ok cycles=1 instructions=1 microwords=1\001\nend\n" >b.prof &&
    fails_with 1 b.prof && test_grep "^b.prof:2:51: error: invalid byte 0x01" err &&
    test "$(grep -c error: err)" -eq 1 &&
    edit "/^end\$/d" && fails_with 1 bad.prof &&
    test_grep "error: truncated profile: no end record" err &&
    { cat basic.prof; echo "end"; } >bad.prof && fails_with 1 bad.prof &&
    test_grep "error: record after end" err
'
test_expect_success 'a section asked for that the profile lacks' '
    fails_with 1 --pcs ias.prof 2>/dev/null &&
    test_grep "^ias.prof: error: no pcs data: the run had no such monitor armed$" err
'
test_expect_success 'no cut of the profile crashes impprof: each is an error' '
    n=$(wc -l <basic.prof) && k=1 &&
    while [ $k -lt "$n" ]; do
        head -n $k basic.prof >cut.prof &&
        fails_with 1 cut.prof || { echo "cut after line $k"; exit 1; }
        k=$((k + 1))
    done
'
test_expect_success 'no byte cut crashes it either' '
    size=$(wc -c <basic.prof) && k=1 &&
    while [ $k -lt "$size" ]; do
        head -c $k basic.prof >cut.prof &&
        { impprof cut.prof >/dev/null 2>&1; test $? -le 1; } || { echo "cut after byte $k"; exit 1; }
        k=$((k + 37))
    done
'

# ---- usage: exit 2
test_expect_success 'usage errors' '
    fails_with 2 && test_grep "no profile (FILE) given" err &&
    fails_with 2 a.prof b.prof && test_grep "one profile at a time" err &&
    fails_with 2 --top=x basic.prof && test_grep "^impprof: --top: .x. is not a number" err &&
    fails_with 2 --csv --json basic.prof && test_grep "one form at a time" err &&
    fails_with 2 --plot=pie --svg=x.svg basic.prof && test_grep "is not ias, pcs or iifm" err &&
    fails_with 2 --window=2 basic.prof && test_grep "give --svg=FILE" err &&
    fails_with 2 --window=0 --svg=x.svg basic.prof &&
    fails_with 2 -o basic.prof basic.prof && test_grep "basic.prof" err &&
    fails_with 2 --no-such basic.prof && test_grep "Try .impprof --help." err &&
    test ! -e x.svg
'
# ---- from imprun: a real run's profile
if test_have imprun; then
    EX=$IMP_TOP/examples
    test_expect_success 'imprun --profile, then impprof: every section, symbolized' '
        imprun -q --ias=1000 --ias-window=SIEVE/64 --pcs=20000 --glean=ia+op,n=2,buffer=200 \
            --iifm=all,slice=1000 --profile=run.prof "$EX/sieve.s" >/dev/null 2>&1 &&
        impprof --top=0 run.prof >rep &&
        test_grep "^ias window 1 (SIEVE): 010000-" rep &&
        test_grep "^    1  010040-01007F  SIEVE+X.40. " rep &&
        test_grep "^ *1  *000800  *NUCLEUS+X.0. " rep &&
        test_grep "^83      DIAG " rep &&
        test_grep "^total error (sum |err| / 2, the total variation distance): " rep &&
        test_grep "^glean: info=ia,op, every 10000 cycles, 2 records a trigger" rep &&
        test_grep "^iifm: the time-sliced frequency table" rep &&
        inwin=$(sed -n "s/^in the window: \([0-9]*\) samples.*/\1/p" rep) &&
        blocks=$(awk "\$1 == \"count\" && \$2 == 1 { s += \$4 } END { print s }" run.prof) &&
        test "$inwin" -eq "$blocks"
    '
    test_expect_success 'time slicing: the profile keeps the slices, impprof names the opcodes never sliced' '
        imprun -q --iifm=all,slice=4000 --profile=sl.prof "$EX/sieve.s" >/dev/null 2>&1 &&
        test_grep "^iifm pattern=0000 dontcare=FFFF flags=slice slice=4000 count=0 cycles=0 slices=9 sliced=[0-9]*\$" sl.prof &&
        impprof --iifm sl.prof >rep &&
        test_grep "^the slices: 9 of 4000 program cycles over [0-9]*; a round of the [0-9]* opcodes the pattern selects is [0-9]* slices\$" rep &&
        test_grep "^they reached the first 9 (04 SPM to 10 LPR); the other [0-9]*, from 11 LNR on, had none\$" rep &&
        test_grep "^no slice for 23 opcodes that ran (share unknown, not 0): LTR OR LR CR AR SR MR LA STC IC BAL BCT BC ST L LPSW DIAG BXLE STM MVI CLI LM MVC\$" rep &&
        imprun -q --iifm=18/07,slice=1000 --profile=sl2.prof "$EX/sieve.s" >/dev/null 2>&1 &&
        impprof --iifm sl2.prof >rep2 &&
        test_grep "^they went round [0-9]* times: each opcode had " rep2 && ! grep -q "no slice" rep2 &&
        sed "s/ slices=9 / slices=x /" sl.prof >bad.prof &&
        test_must_fail impprof --iifm bad.prof 2>err && test_grep "slices: .x. is not a decimal count" err &&
        sed "s/ slices=9 sliced=[0-9]*//" sl.prof >old.prof &&
        impprof --iifm old.prof >rep3 && ! grep -q "^the slices" rep3
    '
    test_expect_success 'imprun then impprof: JSON that parses, CSV, callgrind and folded stacks' '
        impprof --json run.prof >run.json &&
        perl -MJSON::PP -e '"'"'local $/; my $j = decode_json(<STDIN>); exit !ref $j'"'"' <run.json &&
        impprof --csv run.prof >run.csv && test_grep "^pcs" run.csv &&
        impprof --callgrind=run.cg --folded=run.folded run.prof >/dev/null &&
        test_grep "^events: " run.cg && test_grep "^fn=" run.cg &&
        test_grep "^SIEVE;" run.folded
    '
    test_expect_success 'a module loaded elsewhere (imprun --origin): labelled through its delta' '
        impas -o sieve.o "$EX/sieve.s" -I "$IMP_TOP/vm/host/runtime" &&
        impas -o imprt.o "$IMP_TOP/vm/host/runtime/imprt.s" -I "$IMP_TOP/vm/host/runtime" &&
        impld -o sieve.load sieve.o imprt.o &&
        imprun -q --origin=0x40000 --pcs=20000 --profile=moved.prof sieve.load >/dev/null 2>&1 &&
        test_grep "^module 1 delta=196608$" moved.prof &&
        impprof --pcs moved.prof >rep &&
        test_grep "^ *1  *04005E  *SIEVE+X.5E.  *MARK " rep
    '
fi
if test_have imprun; then
    test_expect_success 'the CSECT monitor: the reference string and the transition matrix' '
        imprun -q --csm --profile=csm.prof "$IMP_TOP/examples/multicsect.s" >/dev/null 2>&1 &&
        impprof --csm csm.prof >rep &&
        test_grep "^ 0      -      5  MCMAIN IMPCHECK$" rep &&
        test_grep "^MCMAIN  *0  *0  *0  *0  *5  *0  *1$" rep &&
        test_grep "^11 transitions among 6 CSECTs: 5 calls, 6 returns, 0 other branches$" rep &&
        impprof --csm --interval=2000 csm.prof >rep2 &&
        test_grep "^csm: the CSECTs used together, in intervals of 2000 cycles$" rep2 &&
        test_grep "^MCMAIN  *IMPCHECK  *3$" rep2 &&
        test "$(sed -n "/used together/,/^\$/p" rep2 | grep -c "MCMAIN")" -eq 4 &&
        fails_with 2 --interval=0 csm.prof && test_grep "is not a number of cycles" err &&
        sed "s/^csm csects=6 records=11/csm csects=6 records=12/" csm.prof >bad.prof &&
        fails_with 1 bad.prof && test_grep "records=12 but 6 csect and 11 tr records follow" err &&
        sed "s/^tr 0 4 1 1 /tr 0 9 1 1 /" csm.prof >bad.prof &&
        fails_with 1 bad.prof && test_grep "tr.s to 9: no such csect" err &&
        sed "s/^csect 1 10168 /csect 1 10100 /" csm.prof >bad.prof &&
        fails_with 1 bad.prof && test_grep "before the end of the one above" err
    '
fi
test_expect_success 'bad text and delta records' '
    edit "s/^module 1$/module 1 delta=x/" && fails_with 1 bad.prof &&
    test_grep "delta: .x. is not a load displacement" err &&
    sed "/^module 1/i text NUC 800 830" basic.prof >bad.prof && fails_with 1 bad.prof &&
    test_grep "text: 1 to 256 bytes" err &&
    sed "/^module 1/i text NUC FFFFFF 8300" basic.prof >bad.prof && fails_with 1 bad.prof &&
    test_grep "past the 24-bit address space" err &&
    sed "/^module 1/i text NUC 800 8300" basic.prof >ok.prof && impprof ok.prof >/dev/null
'
test_done
