#!/bin/sh
# t4730-paging-examples.sh -- the programs of examples/paging: they are in
# the house form (a header comment, columns 1-71, no tabs), assemble and
# link without a diagnostic, write exactly NAME.expected with the
# command their header and the README give, and the page-in and
# page-out counts the README and the headers quote are the machine's.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

EX=$IMP_TOP/examples/paging

example_folder_checks "$EX"

# The commands of the headers' "Expected output" lines.
test_expect_success 'ping and pong as tasks: ping.expected' '
    imprun --slice=20000 ping.load --task pong.load >out 2>err &&
    test_cmp "$EX/ping.expected" out
'
test_expect_success 'pong alone: pong.expected' '
    imprun pong.load >out 2>err &&
    test_cmp "$EX/pong.expected" out
'
test_expect_success 'ping alone: the [1] lines of ping.expected' '
    imprun ping.load >out 2>err &&
    sed -n -e "s/^\[1\] //p" "$EX/ping.expected" >want &&
    test_cmp want out
'
test_expect_success 'thrash: thrash.expected, with any frame count' '
    for f in 1 8 24 32; do
        imprun -q --frames=$f --page-in=10 thrash.load >out &&
        test_cmp "$EX/thrash.expected" out || exit 1
    done
'
test_expect_success 'belady: belady.expected, with any policy and frames' '
    for p in fifo lru clock; do
        for f in 1 4 5; do
            imprun -q --policy=$p --frames=$f belady.load >out &&
            test_cmp "$EX/belady.expected" out || exit 1
        done
    done
'
test_expect_success 'policies: policies.expected, with any policy' '
    for p in fifo lru clock; do
        imprun -q --policy=$p --frames=6 policies.load >out &&
        test_cmp "$EX/policies.expected" out || exit 1
    done
'

# The counts the README and the headers quote: lines like
#   imprun --policy=fifo --frames=4 belady.s     14 page-ins
#   imprun --frames=25 thrash.s    28 page-ins, 3 page-outs
# give "ARGS|PAGE-INS|PAGE-OUTS" (page-outs empty when not quoted).
cat >quoted.pl <<'PERL'
while (<>) {
    next unless /imprun ((?:-[-\w=]+ )*)(\w+)\.s\s+(\d+) page-ins?(?:, (\d+) page-outs?)?/;
    print "$1$2.load|$3|", (defined $4 ? $4 : ''), "\n";
}
PERL
cat >counts.pl <<'PERL'
use JSON::PP;
local $/;
my $t = decode_json(<>)->{paging}{total};
print "$t->{page_ins}|$t->{page_outs}\n";
PERL

# check_quoted FILE: run each quoted command, compare the counts.
check_quoted() {
    perl quoted.pl "$1" >cmds &&
    test -s cmds &&
    while IFS="|" read -r args ins outs; do
        { imprun -q --json=q.json $args >/dev/null 2>err || { cat err; exit 1; }; } &&
        set -- $(perl counts.pl q.json | tr "|" " ") &&
        { test "$1" = "$ins" ||
          { echo "imprun $args: $1 page-ins, quoted $ins"; exit 1; }; } &&
        { test -z "$outs" || test "$2" = "$outs" ||
          { echo "imprun $args: $2 page-outs, quoted $outs"; exit 1; }; } || exit 1
    done <cmds
}
test_expect_success 'the counts in the README are the machine'"'"'s' '
    check_quoted "$EX/README" &&
    test $(wc -l <cmds) -ge 10
'
for name in thrash belady; do
    test_expect_success "the counts in the header of $name.s are the machine's" "
        check_quoted '$EX/$name.s'
    "
done

# The tables in the headers of belady.s and policies.s.
test_expect_success 'the table of belady.s: FIFO, LRU and OPT for 2 to 6 frames' '
    for p in fifo lru; do
        row= &&
        opt= &&
        for f in 2 3 4 5 6; do
            imprun -q --policy=$p --frames=$f --json=b.json belady.load >/dev/null &&
            row="$row $(perl -MJSON::PP -0777 -ne "print decode_json(\$_)->{paging}{total}{page_ins}" b.json)" &&
            opt="$opt $(perl -MJSON::PP -0777 -ne "print decode_json(\$_)->{paging}{opt}{page_ins}" b.json)" ||
                exit 1
        done &&
        echo "$p$row" >got &&
        grep "^\*   $p  " "$EX/belady.s" | awk "{ print \$2, \$3, \$4, \$5, \$6, \$7 }" >want &&
        test_cmp want got &&
        echo "opt$opt" >got &&
        grep "^\*   opt  " "$EX/belady.s" | awk "{ print \$2, \$3, \$4, \$5, \$6, \$7 }" >want &&
        test_cmp want got || exit 1
    done
'
test_expect_success 'the table of policies.s: 6 frames' '
    for p in fifo clock lru; do
        imprun -q --policy=$p --frames=6 --json=p.json policies.load >/dev/null &&
        perl -MJSON::PP -0777 -ne "\$p = decode_json(\$_)->{paging};
            print qq($p \$p->{total}{page_ins} \$p->{total}{page_outs}\n);
            print qq(opt \$p->{opt}{page_ins} \$p->{opt}{page_outs}\n)" p.json >got &&
        { grep "^\*   $p  " "$EX/policies.s" && grep "^\*   opt  " "$EX/policies.s"; } |
            awk "{ print \$2, \$3, \$4 }" >want &&
        test_cmp want got || exit 1
    done
'
test_expect_success 'policies.s: with 10 frames every policy faults 10 times' '
    for p in fifo clock lru; do
        imprun -q --policy=$p --frames=10 --json=p.json policies.load >/dev/null &&
        test "$(perl counts.pl p.json)" = "10|0" || exit 1
    done
'
test_expect_success 'policies.s: with 9, LRU 10 times, FIFO and CLOCK 12 (page 0 evicts C)' '
    for p in fifo:12\|1 clock:12\|1 lru:10\|0; do
        imprun -q --policy=${p%%:*} --frames=9 --json=p.json policies.load >/dev/null &&
        test "$(perl counts.pl p.json)" = "${p#*:}" || exit 1
    done
'

test_expect_success 'the replay of the README: FIFO marked at 5 frames' '
    imprun -q --policy=fifo --frames=5 --page-refs=belady.refs belady.load >/dev/null &&
    imprun --replay=belady.refs --curve=1:8 >curve &&
    grep "\*" curve | grep "^ *[0-9]" >marked &&
    test $(wc -l <marked) -eq 1 &&
    set -- $(cat marked) &&
    test "$1 $3" = "5 15*"
'
test_done
