#!/bin/sh
# t5010: the corpus of public programs (tests/corpus/MANIFEST): ASSIST
# assignments, z390's ASSIST tests and demos, Rosetta Code's 360
# Assembly tasks.  Each is run as a user runs it (imprun FILE, with its
# input) and checked against what its publisher shows it prints, or --
# when it cannot run on IMP -- against the reason the manifest gives.  A
# check that fails today because of a known gap is reported as TAP TODO,
# naming the gap.
#
# The programs themselves are not part of this tree: IMP_CORPUS names the
# directory that holds them (default tests/corpus/programs), and the
# tests that run them skip without it.  The manifest, the independent
# references and the listing reader are checked either way.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
need_tools

M=$TEST_DIR/corpus
: "${IMP_CORPUS:=$M/programs}"

# fields LINE: the manifest line's fields, one a line, trimmed.
fields() { printf '%s\n' "$1" | awk -F ' [|] ' '{ for (i = 1; i <= NF; i++) print $i }'; }

# nums: the unsigned integers of standard input, one a line, without
# leading zeros.
nums() { grep -oE '[0-9]+' | sed 's/^0*\([0-9]\)/\1/'; }

# trim: standard input without trailing blanks or carriage returns.
trim() { sed 's/[ \r]*$//'; }

grep -v -e '^#' -e '^$' "$M/MANIFEST" >entries

# --- The manifest itself -------------------------------------------------

test_expect_success 'the manifest lists 30 programs or more' '
    test $(wc -l <entries) -ge 30
'
test_expect_success 'every entry has its seven fields, a known check, a licence, an origin' '
    awk -F " [|] " "
        NF != 7 { print \"fields: \" NF \": \" \$0; bad = 1 }
        \$6 !~ /^(same|listing|hlasm|dump|values|lines) ./ && \$6 !~ /^error [0-9]+ ./ {
            print \"check: \" \$0; bad = 1 }
        \$4 == \"\" { print \"licence: \" \$0; bad = 1 }
        \$3 !~ /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+@[0-9a-f]+:./ { print \"origin: \" \$0; bad = 1 }
        END { exit bad }" entries
'
test_expect_success 'every file an entry names has its checksum' '
    sed "s/^[0-9a-f]*  //" "$M/SHA256SUMS" | sort >summed &&
    awk -F " [|] " "{ print \$2 }" entries | sort >named &&
    comm -23 named summed >missing &&
    test ! -s missing
'

# --- The references, without the programs -----------------------------

# Ackermann's closed forms against the definition, worked by a stack
# machine (A(m,n) pushes m-1 and, when n > 0, m): A(3,n) up to n = 6.
test_expect_success 'values.awk: Ackermann agrees with the definition' '
    awk -v task=ackermann -f "$M/values.awk" | head -n 102 >closed &&
    awk "function A(m, n,    sp, st) {
             st[sp = 1] = m
             while (sp > 0) {
                 m = st[sp--]
                 if (m == 0) n++
                 else if (n == 0) { st[++sp] = m - 1; n = 1 }
                 else { st[++sp] = m - 1; st[++sp] = m; n-- }
             }
             return n
         }
         BEGIN { for (m = 0; m <= 3; m++) for (n = 0; n <= (m < 3 ? 8 : 6); n++) {
                     print m; print n; print A(m, n) } }" >rec &&
    test_cmp rec closed
'
test_expect_success 'values.awk: the hailstone of 27 and the 24-bit longest' '
    awk -v task=hailstone -f "$M/values.awk" | paste -s -d " " >hail &&
    echo "27 112 27 82 41 4 2 1 100000 87087 333" >expect &&
    test_cmp expect hail
'
test_expect_success 'values.awk: Christmas on a Sunday, from 2011 by 5, 6 and 11 years' '
    awk -v task=christmas -f "$M/values.awk" | head -n 4 | paste -s -d " " >xmas &&
    echo "2011 2016 2022 2033" >expect &&
    test_cmp expect xmas
'
test_expect_success 'values.awk refuses a task it does not know' '
    test_must_fail awk -v task=nosuch -f "$M/values.awk" 2>err &&
    test_grep "unknown task" err
'
cat >listing <<'EOF'
0*** ASSEMBLY TIME =    0.000 SECS,    29000 STATEMENTS/SEC ***
0*** PROGRAM EXECUTION BEGINNING - ANY OUTPUT BEFORE EXECUTION TIME MESSAGE IS PRODUCED BY USER PROGRAM ***
0BEGIN XSNAP - CALL     1 AT E0000022 USER STORAGE
 000020   000807FE 0000007F 0000003B FFFFFFBC    000000BA F5F5F5F5 F5F5F5F5 00000000   *....................55555555....*
 A LINE OF ITS OWN   
0*** EXECUTION TIME =    0.000 SECS.        10 INSTRUCTIONS EXECUTED -    10000 INSTRUCTIONS/SEC ***
EOF
test_expect_success 'listing.awk: the program part of an ASSIST listing' '
    awk -f "$M/listing.awk" listing >got &&
    printf "%s\n" "0BEGIN XSNAP - CALL     1 AT E0000022 USER STORAGE" \
        " 000020   000807FE 0000007F 0000003B FFFFFFBC    000000BA F5F5F5F5 F5F5F5F5 00000000   *....................55555555....*" \
        " A LINE OF ITS OWN" >expect &&
    test_cmp expect got
'
test_expect_success 'listing.awk: the words of a storage dump, without the address' '
    awk -v words=1 -f "$M/listing.awk" listing | paste -s -d " " >got &&
    echo "000807FE 0000007F 0000003B FFFFFFBC 000000BA F5F5F5F5 F5F5F5F5 00000000" >expect &&
    test_cmp expect got
'

printf '%s\n' "0Assembly Start Time: 05.18.17 Stop Time: 05.18.17" " Return Code 000" \
    " TEST010A 0001   " " TEST060A 0000" "$(printf '\032')" >hlasm.lst
test_expect_success 'listing.awk: what the program printed after an HLASM listing' '
    awk -v hlasm=1 -f "$M/listing.awk" hlasm.lst >got &&
    printf "%s\n" " TEST010A 0001" " TEST060A 0000" >expect &&
    test_cmp expect got
'

# --- imp(7)'s differences, each claim run -----------------------------

PAGE=${IMP_BUILD:-$IMP_TOP/build}/man/imp.7
test_expect_success 'imp(7) has its section on ASSIST, HLASM and z390' '
    grep -q "^\.SH \"DIFFERENCES FROM ASSIST, HLASM AND Z390\"" "$PAGE"
'
# LA keeps 24 bits: 2^24 + 5 becomes 5; registers and storage start at 0.
cat >la24.s <<'SRC'
LA24     CSECT
         USING LA24,15
         LR    4,3                 R3 as the program found it
         LA    2,1
         SLL   2,24
         LA    3,5(2)
         XDECO 3,OUT
         XPRNT OUT-1,13
         XDECO 4,OUT
         XPRNT OUT-1,13
         L     5,FIELD             storage never written
         XDECO 5,OUT
         XPRNT OUT-1,13
         SR    15,15
         BR    14
         DC    C' '
OUT      DS    CL12
FIELD    DS    F
         END   LA24
SRC
test_expect_success 'LA keeps 24 bits; registers and fresh storage are 0' '
    imprun -q la24.s >out &&
    printf "%12d\n" 5 0 0 >expect &&
    test_cmp expect out
'
# The sequences imp(7) offers for AHI, CHI, LHI and LT.
cat >instead.s <<'SRC'
INSTEAD  CSECT
         USING INSTEAD,15
         LA    3,7                 LHI 3,7
         LA    3,5(3)              AHI 3,5
         AH    3,=H'-20'           AHI 3,-20
         CH    3,=H'-8'            CHI 3,-8
         BNE   BAD
         L     4,ZERO              LT 4,ZERO
         LTR   4,4
         BNZ   BAD
         XDECO 3,OUT
         XPRNT OUT-1,13
         SR    15,15
         BR    14
BAD      LA    15,8
         BR    14
ZERO     DC    F'0'
         DC    C' '
OUT      DS    CL12
         LTORG
         END   INSTEAD
SRC
test_expect_success 'the 370 sequences for AHI, CHI, LHI and LT' '
    imprun -q instead.s >out &&
    printf "%12d\n" -8 >expect && test_cmp expect out
'
printf 'X        CSECT\n         AHI   3,1\n         END\n' >ahi.s
test_expect_success 'a post-370 instruction is refused, with its architecture' '
    { imprun ahi.s 2>err; test $? -eq 1; } &&
    test_grep "unknown operation code .AHI.: AHI is an instruction of ESA/390" err &&
    test_grep "AH r,=H" err
'

# --- The programs ------------------------------------------------------

if ! test -d "$IMP_CORPUS"; then
    test_skip 'the corpus programs' "no corpus at $IMP_CORPUS (set IMP_CORPUS; see tests/corpus/MANIFEST)"
    test_done
fi
mkdir corpus &&
cp -R "$IMP_CORPUS"/. corpus/ || exit 1

test_expect_success 'the corpus files are the published ones (SHA256SUMS)' '
    (cd corpus && sha256sum --quiet -c "$M/SHA256SUMS")
'

# run_check NAME FILE INPUT CHECK: run FILE as its user would, in the
# corpus directory, and compare as CHECK says.
run_check() {
    (
    cd corpus || exit 1
    # shellcheck disable=SC2086
    imprun $3 "$2" >"../$1.out" 2>"../$1.err" </dev/null
    st=$?
    cd .. || exit 1
    set -- "$1" "$4"
    kind=${2%% *}; arg=${2#* }
    case $kind in
    same)
        test $st -eq 0 || { echo "exit status $st"; cat "$1.err"; exit 1; }
        trim <"corpus/$arg" >"$1.expect" && trim <"$1.out" >"$1.got" &&
        test_cmp "$1.expect" "$1.got" ;;
    listing)
        file=${arg%% *}; want=0
        test "$file" = "$arg" || want=${arg#* }
        test $st -eq "$want" || { echo "exit status $st, wanted $want"; cat "$1.err"; exit 1; }
        awk -f "$M/listing.awk" "corpus/$file" >"$1.expect" &&
        trim <"$1.out" >"$1.got" && test_cmp "$1.expect" "$1.got" ;;
    hlasm)
        test $st -eq 0 || { echo "exit status $st"; cat "$1.err"; exit 1; }
        awk -v hlasm=1 -f "$M/listing.awk" "corpus/$arg" >"$1.expect" &&
        test -s "$1.expect" &&
        trim <"$1.out" >"$1.got" && test_cmp "$1.expect" "$1.got" ;;
    dump)
        test $st -eq 0 || { echo "exit status $st"; cat "$1.err"; exit 1; }
        awk -v words=1 -f "$M/listing.awk" "corpus/$arg" >"$1.expect" &&
        awk -v words=1 -v all=1 -f "$M/listing.awk" "$1.out" >"$1.got" &&
        test -s "$1.expect" && test_cmp "$1.expect" "$1.got" ;;
    values)
        test $st -eq 0 || { echo "exit status $st"; cat "$1.err"; exit 1; }
        awk -v task="$arg" -f "$M/values.awk" >"$1.expect" &&
        nums <"$1.out" >"$1.got" && test_cmp "$1.expect" "$1.got" ;;
    lines)
        test $st -eq 0 || { echo "exit status $st"; cat "$1.err"; exit 1; }
        printf '%b\n' "$arg" >"$1.expect" && test_cmp "$1.expect" "$1.out" ;;
    error)
        want=${arg%% *}; re=${arg#* }
        test $st -eq "$want" || { echo "exit status $st, wanted $want"; cat "$1.err"; exit 1; }
        grep -qE -e "$re" "$1.err" ||
            { echo "no diagnostic matching: $re"; sed 's/^/| /' "$1.err"; exit 1; } ;;
    esac
    )
}

corpus_right=0
# A check with a TODO runs all the same; its result is reported with the
# TODO directive, so that a failure does not fail the script and a pass
# shows that the gap has closed.
while IFS= read -r line; do
    name=$(fields "$line" | sed -n 1p)
    file=$(fields "$line" | sed -n 2p)
    input=$(fields "$line" | sed -n 5p)
    check=$(fields "$line" | sed -n 6p)
    todo=$(fields "$line" | sed -n 7p)
    test "$input" = - && input=
    directive=
    test "$todo" = - || directive=" # TODO $todo"
    # a "#" of the check would start a TAP directive: escape it
    what=$(printf '%s (%s): %s' "$name" "$file" "$check" | sed 's/#/\\#/g')
    test_count=$((test_count + 1))
    if run_check "$name" "$file" "$input" "$check" >"$name.log" 2>&1; then
        printf 'ok %d - %s%s\n' "$test_count" "$what" "$directive"
        corpus_right=$((corpus_right + 1))
    else
        printf 'not ok %d - %s%s\n' "$test_count" "$what" "$directive"
        sed -e 's/^/#   /' "$name.log" | head -n 12
        test -n "$directive" || test_failures=$((test_failures + 1))
    fi
done <entries
say "corpus: $corpus_right of $(wc -l <entries) programs as their publishers show them (or refused for the reason given)"

test_done
