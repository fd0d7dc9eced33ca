# lib-impas.sh -- helpers for the impas tests (sourced after test-lib.sh).

# text OBJ: the bytes of an object module's TXT records as one hex string,
# in address order from 0; gaps (alignment padding, DS) read as 00.
text() {
    awk 'function hex(s,  i, v) { v = 0; for (i = 1; i <= length(s); i++)
             v = v * 16 + index("0123456789ABCDEF", substr(s, i, 1)) - 1; return v }
         $1 == "TXT" { a = hex($3); for (i = 0; i < length($4); i += 2) {
             b[a + i / 2] = substr($4, i + 1, 2); if (a + i / 2 + 1 > n) n = a + i / 2 + 1 } }
         END { for (i = 0; i < n; i++) printf "%s", (i in b) ? b[i] : "00"; print "" }' "$1"
}

# asm_text 'STATEMENTS': assemble them inside a CSECT, print text() of the object.
asm_text() {
    printf 'T        CSECT\n%s\n         END\n' "$1" >asm_text.s &&
    impas asm_text.s && text asm_text.o
}

# check_dc 'DC operand' HEX: one test that the constant assembles to HEX.
n=0
check_dc() {
    n=$((n + 1))
    printf 'T        CSECT\n         %s\n         END\n' "$1" >dc$n.s
    test_expect_success "$1 -> $2" "
        echo $2 >expect && impas dc$n.s && text dc$n.o >actual && test_cmp expect actual"
}
