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
