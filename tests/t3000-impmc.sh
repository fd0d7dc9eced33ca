#!/bin/sh
# t3000: impmc assembles the microprogram, writes image, listing and map,
# and reports errors in the GNU format without leaving a partial image.
. "$(dirname "$0")/test-lib.sh"

SRC="$IMP_TOP/mc/src"
ALL=$(ls "$SRC"/*.mc)

# A minimal microprogram with every vector.
cat >base.mc <<'EOT'
fetch:   SF=IFETCH DISPATCH events
events:  END
undef:   A=#1 ALU=PASSA D=PIC GOTO trap
trap:    SF=NOPGM GOTO trap
restart: SF=NORST GOTO restart
monitor: SF=MONEND END
EOT

test_expect_success 'the microprogram assembles' '
    impmc -o cs.mcs -l cs.lst -m cs.map $ALL 2>err &&
    head -1 cs.mcs | grep "^IMPMC 1 [0-9A-F]\{8\} [0-9]*$" &&
    tail -1 cs.mcs | grep "^END$" &&
    grep "^V fetch " cs.mcs && grep "^D 05A " cs.mcs
'
test_expect_success 'the map lists the dispatch table from the instruction table' '
    grep "^  005A  A      RX  [0-9A-F]\{3\}$" cs.map &&
    ! grep "undef" cs.map | grep "^  B2E[0-9]"
'
test_expect_success 'the listing shows each microword beside its source' '
    grep "^ [0-9A-F]\{3\}   [0-9A-F]\{24\} .*AR:" cs.lst
'
test_expect_success 'missing entry points are warnings; every IMP monitor has microcode' '
    mkdir nospm && cp $ALL nospm/ && sed "/^SPM:/d" "$SRC/arith.mc" >nospm/arith.mc &&
    impmc -o nospm.mcs -m nospm.map nospm/*.mc 2>err &&
    grep "warning: SPM (LATER, opcode 0004) has no microcode" err &&
    grep "^  0004  SPM .*undef" nospm.map &&
    ! grep "IMP monitor instructions have no microcode" err
'
test_expect_success 'a minimal program with every vector' '
    impmc -o base.mcs base.mc 2>err && grep "^W 004 " base.mcs
'
test_expect_success 'default output name' '
    rm -f base.mcs && impmc base.mc 2>/dev/null && impmc -o named.mcs base.mc 2>/dev/null &&
    grep "^W 004 " base.mcs && cmp named.mcs base.mcs
'

check_error() {     # check_error NAME 'source line' 'expected message'
    cp base.mc "$1.mc" && printf '%s\n' "$2" >>"$1.mc" &&
    test_expect_failure_status "error: $1" 1 "impmc -o $1.mcs $1.mc 2>$1.err"
    name=$1 msg=$3
    test_expect_success "message: $1" '
        grep "^$name.mc:7:[0-9]*: error: " $name.err | grep -F -e "$msg" && ! test -f $name.mcs'

}
check_error field     'x: AQ=R1 GOTO fetch'                 "unknown microword field 'AQ'"
check_error value     'x: A=R9 GOTO fetch'                  "'R9' is not a value of field A"
check_error literal   'x: A=#4 B=#8 ALU=ADD GOTO fetch'     'conflicting literals'
check_error twice     'x: ALU=ADD ALU=SUB GOTO fetch'       'field ALU is set twice'
check_error label     'x: GOTO nowhere'                     "undefined label 'nowhere'"
check_error cond      'x: IF HOT GOTO fetch'                "unknown condition 'HOT'"
check_error width     'x: A=#0x12345 GOTO fetch'            'literal 0x12345 needs more than 16 bits'
check_error syntax    'x: A= GOTO fetch'                    'syntax error'
check_error duplicate 'fetch: END'                          "'fetch' is already defined"
check_error branchia  'x: A=EA2 ALU=PASSA D=IA IF Z BRANCH'  'D=IA and BRANCH both load IA'
check_error branchif  'x: IF HOT BRANCH'                     "unknown condition 'HOT'"

test_expect_success 'IF cond BRANCH is SEQ=BRT (10), IF NOT cond BRANCH SEQ=BRNT (11)' '
    cp base.mc br.mc && printf "x:       IF Z BRANCH\ny:       IF NOT Z BRANCH\n" >>br.mc &&
    impmc -o br.mcs br.mc 2>/dev/null &&
    x=$(sed -n "s/^W 006 ............//p" br.mcs) && y=$(sed -n "s/^W 007 ............//p" br.mcs) &&
    test $(( (0x$x >> 33) & 15 )) = 10 && test $(( (0x$y >> 33) & 15 )) = 11 &&
    test $(( (0x$x >> 28) & 31 )) = $(( (0x$y >> 28) & 31 ))
'
test_expect_success 'the caret points at the column' '
    sed -n 2,3p value.err >caret && grep "A=R9" caret && grep "^ *\^" caret
'
test_expect_success 'unused labels and unreachable words are warnings' '
    cp base.mc w.mc && printf "lost:    END\n" >>w.mc &&
    impmc -o w.mcs w.mc 2>w.err &&
    grep "w.mc:7:1: warning: unreachable microword" w.err &&
    grep "warning: label .lost. is never used" w.err
'
test_expect_success '-W error makes them errors' '
    test_must_fail impmc -W error -o w2.mcs w.mc 2>/dev/null && ! test -f w2.mcs
'
test_expect_success 'running past the last word is an error' '
    cp base.mc end.mc && printf "x:       A=#1 ALU=PASSA D=W0\n" >>end.mc &&
    sed -i "s/events:  END/events:  GOTO x/" end.mc &&
    test_must_fail impmc -o end.mcs end.mc 2>end.err &&
    grep "error: execution can run past the last microword" end.err
'
test_expect_success 'a missing vector is an error' '
    grep -v restart base.mc >nv.mc &&
    test_must_fail impmc -o nv.mcs nv.mc 2>nv.err &&
    grep "no .restart. label" nv.err
'
test_expect_failure_status 'an unreadable file is exit 2' 2 'impmc no-such.mc'
test_expect_failure_status 'no input is exit 2' 2 'impmc'
test_expect_success 'binary input is rejected' '
    printf "\000\001" >bin.mc && test_must_fail impmc bin.mc 2>e && grep "not a text file" e
'
test_done
