#!/bin/sh
# t4510-imprun-run.sh -- imprun runs hand-written load modules (IMPLOAD
# text, so nothing here depends on impas): program output on stdout, the
# return code of BR 14, the exit statuses of imprun(1), the failing
# instruction with its CSECT, offset and source line, relocation with
# --origin, core images, --regs, --dump, --savecore, --trace, --stats and
# a deterministic --json.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-imprun.sh"
need_imprun
use_supervisor      # its programs use DIAGNOSE: supervisor state
write_hello

test_expect_success 'hello: output on stdout, return code 7 -> exit 3' '
    { imprun hello.load >out 2>err; test $? -eq 3; } &&
    echo Hello >expect && test_cmp expect out &&
    test_grep "return code 7" err
'
test_expect_success 'quiet still reports a nonzero return code' '
    { imprun -q hello.load >out 2>err; test $? -eq 3; } && test_grep "return code 7" err
'

# div.load: DIV at X'10000': LA 4,0; LA 2,0; LA 3,12; DR 2,4 -> 0009
cat >div.s <<'SRC'
DIV      CSECT
         LA    4,0
         LA    2,0
         LA    3,12
         DR    2,4                 divide by zero
         BR    14
SRC
cat >div.load <<'MOD'
IMPLOAD 1
FILE 0 div.s
ESD 1 SD DIV 010000 10
TXT 1 010000 41400000412000004130000C1D2407FE
SYM 1 DIV 010000 4 I
LINE 1 010000 0 2
LINE 1 010004 0 3
LINE 1 010008 0 4
LINE 1 01000C 0 5
LINE 1 01000E 0 6
END 1 010000
MOD

test_expect_success 'unhandled program interruption: code, PSW, instruction, source' '
    { imprun div.load >out 2>err; test $? -eq 4; } &&
    test_grep "program interruption 0009 (fixed-point divide)" err &&
    test_grep "PSW=00080000 0001000E" err &&
    test_grep "X.01000C. DIV+X.C. (div.s:5): DR    2,4" err &&
    test_grep "5 |  *DR    2,4  *divide by zero" err
'
test_expect_success 'the JSON report of an interruption' '
    { imprun -q --json=div.json div.load 2>err; test $? -eq 4; } &&
    test_grep "\"status\": \"program-interruption\"" div.json &&
    test_grep "\"code\": \"0009\"" div.json &&
    test_grep "\"csect\": \"DIV\"" div.json &&
    test_grep "\"offset\": 12" div.json &&
    test_grep "\"line\": 5" div.json &&
    test_grep "\"instruction\": \"DR    2,4\"" div.json &&
    test_grep "\"return_code\": null" div.json &&
    test_grep "\"exit_code\": 4" div.json
'

# one-instruction programs: NAME HEX -> NAME.load at X'10000'
prog() {
    printf "IMPLOAD 1\nESD 1 SD %s 010000 %X\nTXT 1 010000 %s\nEND 1 010000\n" \
        "$1" $(( ${#2} / 2 )) "$2" >"$1.load"
}
prog LOOP 47F0F000                  # B 0(0,15)
prog SVC D707006000600A05           # XC X'60'(8),X'60': no SVC new PSW; SVC 5
prog BADDIAG 83000004               # DIAG 0,0,4: no such service
prog BIGPUT 4120F00058300F008323000807FE   # R3 <- X'83F00000': PUTLINE far too long

test_expect_success 'a runaway program stops at the cycle limit (exit 6)' '
    { imprun --max-cycles=5000 LOOP.load 2>err; test $? -eq 6; } &&
    test_grep "cycle limit" err &&
    { imprun -q --max-cycles=5k --json=- LOOP.load >j.json; test $? -eq 6; } &&
    test_grep "\"status\": \"cycle-limit\"" j.json
'
test_expect_success 'an SVC with no handler (exit 5)' '
    { imprun SVC.load 2>err; test $? -eq 5; } && test_grep "SVC 5 with no handler" err
'
test_expect_success 'an unknown host service is a specification exception' '
    { imprun BADDIAG.load 2>err; test $? -eq 4; } && test_grep "0006 (specification)" err
'
test_expect_success 'host service operands outside storage: specification, no crash' '
    { imprun BIGPUT.load >out 2>err; test $? -eq 4; } && test_grep "0006" err && ! test -s out
'

# reloc.load: L 2,16(0,15) fetches A(MSG) (relocated by RLD), PUTLINE it.
cat >reloc.load <<'MOD'
IMPLOAD 1
ESD 1 SD RELOC 010000 19
TXT 1 010000 5820F01041300005832300081BFF07FE
TXT 1 010010 00010014C885939396
RLD 1 010010 4 0 1
END 1 010000
MOD

test_expect_success 'a load module runs where it was linked' '
    imprun -q reloc.load >out && echo Hello >expect && test_cmp expect out
'
XORG="--origin=X'30000'"
test_expect_success '--origin relocates the A-constants' '
    imprun -q --origin=0x20000 --regs reloc.load >out 2>err && test_cmp expect out &&
    test_grep "GR02=00020014" err &&
    imprun -q "$XORG" --regs reloc.load >out 2>err && test_grep "GR02=00030014" err
'
test_expect_success '--regs and --dump in Hercules format' '
    imprun -q --regs --dump=10010:9 reloc.load >out 2>err &&
    test_grep "^PSW=00080000 " err &&
    test_grep "^GR00=00000000  GR01=00000000  GR02=00010014  GR03=00000005$" err &&
    test_grep "^GR12=00000000  GR13=00000F80  GR14=00000F00  GR15=00000000$" err &&
    test_grep "^R:00010010:K:00=00010014 C8859393 96 ....Hello$" err
'
test_expect_success '--report=- sends the reports to stdout' '
    imprun -q --regs --report=- reloc.load >out 2>err &&
    test_grep "^Hello$" out && test_grep "^GR00=" out && ! test -s err
'
test_expect_success '--savecore writes raw storage, inclusive' '
    imprun -q --savecore=core.bin:10010:10018 reloc.load >/dev/null &&
    test "$(od -An -tx1 core.bin | tr -d " \n")" = "00010014c885939396"
'
test_expect_success '--savecore beyond storage fails cleanly' '
    { imprun -q --storage=128K --savecore=x.bin:0:20000 reloc.load >/dev/null 2>err; test $? -eq 1; } &&
    test_grep "beyond storage" err && ! test -f x.bin
'
test_expect_success '--trace: address, CSECT+offset, disassembly, CC, changed registers' '
    imprun -q --trace reloc.load >out 2>err &&
    test_grep "^010000 RELOC+X.0.  *L     2,16(0,15)  *CC0 GR02=00010014$" err &&
    test_grep "^010004 RELOC+X.4.  *LA    3,5(0,0)  *CC0 GR03=00000005$" err &&
    test_grep "^01000E RELOC+X.E.  *BR    14" err &&
    test_grep "^000F00  *DIAG  15,0,0(0)" err
'
test_expect_success '--stats: totals and a table by opcode' '
    imprun -q --stats reloc.load >out 2>err &&
    test_grep "^instructions  *6$" err &&
    test_grep "^CPI " err &&
    test_grep "^83  *DIAG  *2 " err &&
    test_grep "^58  *L  *1 " err
'
test_expect_success '--json is deterministic and complete' '
    imprun -q --json=a.json --origin=0x20000 reloc.load >/dev/null &&
    imprun -q --json=b.json --origin=0x20000 reloc.load >/dev/null &&
    test_cmp a.json b.json &&
    test_grep "\"status\": \"exit\"" a.json &&
    test_grep "\"return_code\": 0" a.json &&
    test_grep "\"exit_code\": 0" a.json &&
    test_grep "\"instructions\": 6" a.json &&
    test_grep "\"mnemonic\": \"DIAG\"" a.json &&
    test_grep "\"bytes_out\": 5" a.json &&
    test_grep "\"00020014\"" a.json
'
test_expect_success '--json to an unwritable place: exit 1, message' '
    { imprun -q --json=nosuchdir/x.json reloc.load >/dev/null 2>err; test $? -eq 1; } &&
    test_grep "nosuchdir/x.json" err
'

# core image: restart PSW X'00080000 00000200'; at 200: LA 1,5; LPSW 210;
# at 210 the disabled-wait PSW X'000A0000 00000ABC'.
test_expect_success 'a core image runs to its disabled wait (exit 0)' '
    hexfile ipl.bin 0008000000000200 $(printf "%0$((0x200 * 2 - 16))d" 0) \
        41100005 82000210 0000000000000000 000A000000000ABC &&
    { imprun --core ipl.bin --regs --savecore=low.bin:200:217 2>err; test $? -eq 0; } &&
    test_grep "disabled wait" err &&
    test_grep "PSW=000A0000 00000ABC" err &&
    test_grep "GR01=00000005" err &&
    test "$(od -An -tx1 low.bin | tr -d " \n")" = "41100005820002100000000000000000000a000000000abc"
'
test_expect_success 'quiet says nothing about a disabled wait' '
    imprun -q --core ipl.bin 2>err && ! test -s err
'
test_done
