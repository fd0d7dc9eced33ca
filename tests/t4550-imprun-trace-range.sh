#!/bin/sh
# t4550-imprun-trace-range.sh -- imprun --trace=START:END traces the
# instructions at START..END only, with exactly the lines the whole trace
# gives them: each line's results (CC, changed registers) are those of its
# own instruction, even when the instructions after it are not traced.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
use_supervisor      # its programs use DIAGNOSE: supervisor state
need_tools

# loop.s at X'10000': X'10018' LA 4,100; X'1001C' AR 3,4; X'1001E' BCT.
test_expect_success 'the whole trace' '
    imprun --trace "$IMP_TOP/examples/loop.s" >/dev/null 2>full &&
    test_grep "^01001C .*AR    3,4" full
'

# lines of the whole trace whose address is in [lo, hi] (6 hex digits)
pick() {
    perl -ne "print if /^([0-9A-F]{6}) / && hex(\$1) >= hex('$1') && hex(\$1) <= hex('$2')" full
}

test_expect_success 'a range inside the loop: the same lines, 200 of them' '
    imprun --trace=1001C:1001F "$IMP_TOP/examples/loop.s" >/dev/null 2>err &&
    grep -v "^imprun:" err >got &&
    pick 01001C 01001F >expect &&
    test $(wc -l <expect) -eq 200 &&
    test_cmp expect got
'

test_expect_success 'one instruction before untraced ones: its own results only' '
    imprun --trace=10018:10018 "$IMP_TOP/examples/loop.s" >/dev/null 2>err &&
    grep -v "^imprun:" err >got &&
    pick 010018 010018 >expect &&
    test_cmp expect got &&
    test_grep "GR04=00000064 *| *LA    4,100 " got
'

test_expect_success 'a range with no instruction traces nothing' '
    imprun --trace=0:FF "$IMP_TOP/examples/loop.s" >out 2>err &&
    ! grep -v "^imprun:" err
'

test_expect_success 'the program output is the same with a ranged trace' '
    imprun "$IMP_TOP/examples/loop.s" >plain 2>/dev/null &&
    imprun --trace=1001C:1001F "$IMP_TOP/examples/loop.s" >traced 2>/dev/null &&
    test_cmp plain traced
'

test_expect_success 'with --microtrace the results line up under the instruction' '
    { imprun --trace=10018:10018 --microtrace --max-cycles=2000 \
          "$IMP_TOP/examples/loop.s" >/dev/null 2>err; test $? -eq 6; } &&
    test_grep "^010018 .*LA    4,100" err &&
    test_grep "^u [0-9A-F]* " err &&
    test_grep "^ \{55\}CC0 GR04=00000064 *| *LA    4,100 " err
'

for bad in 1001C 20:10 0:1000000 x:y :5; do
    test_expect_success "--trace=$bad is refused" "
        test_must_fail imprun --trace=$bad \"\$IMP_TOP/examples/loop.s\" 2>err &&
        test_grep 'is not START:END' err
    "
done

test_done
