# lib-imprun.sh -- helpers for the imprun tests (t45xx), sourced after
# test-lib.sh.
#
#   hexfile FILE HEX...      write the bytes spelled in hex to FILE
#   need_imprun              skip the whole script unless imprun runs programs
#   need_tools               skip unless impas and impld are built too

hexfile() {
    f=$1; shift
    perl -e 'print pack("H*", join("", @ARGV))' "$@" >"$f"
}

need_imprun() {
    if ! test_have imprun; then
        test_skip 'imprun tests' 'imprun is not built yet'
        test_done
    fi
}

need_tools() {
    if ! test_have impas || ! test_have impld; then
        test_skip 'imprun end-to-end tests' 'impas or impld is not built yet'
        test_done
    fi
}

# hello.load: HELLO at X'10000' prints "Hello" (PUTLINE) and returns 7.
#   10000 LA 2,20(0,15)  10004 LA 3,5  10008 DIAG 2,3,8  1000C LA 15,7
#   10010 BR 14          10012 NOPR 0  10014 C'Hello'
write_hello() {
    cat >hello.load <<'MOD'
IMPLOAD 1
FILE 0 hello.s
ESD 1 SD HELLO 010000 19
TXT 1 010000 4120F0144130000583230008
TXT 1 01000C 41F0000707FE0700C885939396
SYM 1 HELLO 010000 4 I
SYM 1 MSG 010014 5 C
LINE 1 010000 0 2
LINE 1 010004 0 3
LINE 1 010008 0 4
LINE 1 01000C 0 5
LINE 1 010010 0 6
END 1 010000
MOD
}

# The programs of a test script that use DIAGNOSE directly (the host
# services of a supervisor-state program) run with imprun --supervisor,
# as every program did before the problem-state environment:
#   use_supervisor           imprun means imprun --supervisor from here on
use_supervisor() {
    imprun() { command imprun --supervisor "$@"; }
}

# The house form of a folder of example programs, as t4730 and t4830
# check it: each source in columns 1-71 with no tabs and a header comment
# (What it shows, Expected output), its NAME.expected, a line in the
# folder's README; the runtime assembles (imprt.o here); each source
# assembles and links without a diagnostic (NAME.load here).
#   example_folder_checks DIR
example_folder_checks() {
    exdir=$1 rt=$IMP_TOP/vm/host/runtime
    test_expect_success 'sources keep to columns 1-71, use no tabs, open with a header' '
        bad=$(awk "length > 71 || /\t/ { print FILENAME \":\" FNR }" "$exdir"/*.s) &&
        { test -z "$bad" || { echo "$bad"; false; }; } &&
        for s in "$exdir"/*.s; do
            head -1 "$s" | grep -q "^\*---" || { echo "no header: $s"; exit 1; }
            grep -q "^\* What it shows:" "$s" || { echo "no What it shows: $s"; exit 1; }
            grep -q "^\* Expected output: see $(basename "$s" .s)\.expected" "$s" ||
                { echo "no Expected output line: $s"; exit 1; }
            test -f "${s%.s}.expected" || { echo "missing ${s%.s}.expected"; exit 1; }
        done
    '
    test_expect_success 'every example is in the README' '
        for s in "$exdir"/*.s; do
            test_grep "$(basename "$s")" "$exdir/README" || exit 1
        done
    '
    test_expect_success 'the runtime assembles' '
        impas -I "$rt" -o imprt.o "$rt/imprt.s"
    '
    for src in "$exdir"/*.s; do
        name=$(basename "$src" .s)
        test_expect_success "$name assembles and links without diagnostics" "
            impas -I '$rt' -l $name.lst -o $name.o '$src' 2>$name.err &&
            { test ! -s $name.err || { cat $name.err; false; }; } &&
            impld -o $name.load $name.o -L imprt.o 2>$name.lerr &&
            { test ! -s $name.lerr || { cat $name.lerr; false; }; }
        "
    done
}

# The exact count and cycles of the opcodes in an imprun --stats table
# (in FILE) whose opcode matches PATTERN under the DONTCARE bits (hex),
# summed: "N instructions, C cycles".
#   exact_matching PATTERN DONTCARE FILE
exact_matching() {
    perl -ne '
        BEGIN { ($p, $m) = (hex(shift), hex(shift)) }
        next unless /^([0-9A-F]{2}(?:[0-9A-F]{2})?)\s+\S+\s+(\d+)\s+(\d+)/;
        if (((hex($1) ^ $p) & ~$m & 0xFFFF) == 0) { $n += $2; $c += $3 }
        END { printf "%d instructions, %d cycles\n", $n, $c }' "$1" "$2" "$3"
}
