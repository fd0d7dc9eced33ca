# listing.awk -- the program's own output in a published ASSIST listing:
# the lines between ASSIST's "PROGRAM EXECUTION BEGINNING" and
# "EXECUTION TIME" messages, each with its carriage-control character,
# trailing blanks and carriage returns dropped.
#
#   awk -f listing.awk LISTING
#
# With -v words=1 it prints only what a storage dump says, one word a
# line: the eight hexadecimal words of each dump line, without the
# address (ASSIST loads a program at 0, IMP at X'010000') and without
# the characters column.  With -v all=1 the whole input is the output
# (IMP's own, to be compared with the listing's).
#
# With -v hlasm=1 it reads an HLASM listing instead, whose job printed
# the program's output after the assembler's last line, "Return Code":
# the lines after it (a final end-of-file character dropped).
BEGIN { if (all) on = 1 }
hlasm && /^ Return Code / { on = 1; next }
hlasm { if (on && $0 != "\032") { sub(/[ \r]+$/, ""); print } ; next }
/\*\*\* PROGRAM EXECUTION BEGINNING/ { on = 1; next }
/\*\*\* EXECUTION TIME =/ { on = 0 }
!on { next }
{ sub(/[ \r]+$/, "") }
!words { print; next }
$1 ~ /^[0-9A-F]+$/ && length($1) == 6 {
    for (i = 2; i <= NF && $i ~ /^[0-9A-F]+$/ && length($i) == 8; i++) print $i
}
