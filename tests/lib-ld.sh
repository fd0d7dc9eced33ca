# lib-ld.sh -- object modules written by hand for the impld tests, so the
# linker is tested without the assembler.  ld_fixtures writes them into the
# current directory:
#
#   main.o  MAIN (18 bytes, code, V(SUB) at +10, A(TABLE) at +14) and
#           MDATA (8 bytes: A(MAIN+8) at +0, Y(MDATA-MAIN) at +4 as two
#           RLDs, one negative); entry MAIN+0
#   sub.o   SUB (10 bytes, entry name TABLE at +8) and BIG (X'1800' bytes,
#           3 bytes of text), so ORDER and PAGE cross page boundaries
ld_fixtures() {
    cat >main.o <<'EOF'
IMPOBJ 1
# MAIN: BALR 12,0 / L 15,VSUB / BALR 14,15 / L 15,ATAB / BR 14
FILE 0 main.s
ESD 1 SD MAIN 0 18
ESD 2 ER SUB 0 0
ESD 3 SD MDATA 18 8
ESD 4 ER TABLE 0 0
TXT 1 0 05C058F0C00E05EF58F0C01207FE00000000000000000000
TXT 3 18 0000000800180000
RLD 1 10 4 2 2
RLD 1 14 4 0 4
RLD 3 18 4 0 1
RLD 3 1C 2 0 3
RLD 3 1C 2 1 1
SYM 1 MAIN 0 1 J
SYM 1 VSUB 10 4 V
SYM 1 ATAB 14 4 A
SYM 3 MDATA 18 1 J
SYM 3 PTR 18 4 A
SYM 3 DIFF 1C 2 Y
LINE 1 0 0 3
LINE 1 2 0 4
XREF 1 6 2
END 1 0
EOF
    cat >sub.o <<'EOF'
IMPOBJ 1
FILE 0 sub.s
ESD 1 SD SUB 0 10
ESD 2 LD TABLE 8 0 1
ESD 3 SD BIG 10 1800
TXT 1 0 41F0000A07FE00000000000100000002
TXT 3 10 C1C2C3
SYM 1 TABLE 8 4 F
END
EOF
}

# word FILE ADDR: the 4 bytes at ADDR (hex) of a core image, as 8 hex digits.
core_word() {
    od -A n -t x1 -j "$(printf '%d' "0x$2")" -N 4 "$1" | tr -d ' \n' | tr a-f A-F
}
