.\" ------------------------------------------------------------------
.\" imp-assist.7.frag -- the ASSIST instructions, for imp(7).  The rules
.\" follow vm/host/assist.h; the table of instructions is generated from
.\" its ASSIST_OPS rows at @ASSISTOPS@.
.SH "ASSIST INSTRUCTIONS"
IMP runs the input and output pseudo-instructions of Penn State's ASSIST,
so classic student programs run unchanged: no file control blocks, no
linkage, one instruction per card read, line printed or number
converted.
The host does the work; a machine without the host's ASSIST support
treats them as operation exceptions (0001).
.PP
.RS
.EX
XDECO R1,D2(X2,B2)    52  RX
XDECI R1,D2(X2,B2)    53  RX
XHEXI R1,D2(X2,B2)    61  RX
XHEXO R1,D2(X2,B2)    62  RX
Xop   addr,len        E0  6 bytes: E0 mask|X1 B1 D1 B2 D2
.EE
.RE
.PP
In the 6-byte form, byte 1 holds the mask (bits 0\-3: 0 XREAD, 2
XPRNT, 4 XPNCH, 6 XDUMP, 8 XLIMD, A XGET, C XPUT) and the index
register X1 (bits 4\-7); addr is D1(X1,B1) and len is D2(B2).
Any other mask is an operation exception (0001).
Addresses are 24 bits.
Storage an instruction cannot reach is a protection (0004) or
addressing (0005) exception and the instruction is suppressed: nothing
is read, printed or changed (XDUMP excepted, see below).
.\" @ASSISTOPS@
.SS "Numbers"
.TP
.B XDECI R1,addr
Skip blanks (X'40'), then an optional sign (+ or \-), then 1 to 9
decimal digits; the scan stops at the first byte that is not a digit.
R1 gets the value and the condition code is 0 (zero), 1 (negative) or 2
(positive).
Register 1 always gets the address of the byte where the scan stopped,
so a loop of XDECI walks along a card.
CC 3, R1 unchanged, when there is no number: the first non-blank is not
a sign or digit (register 1 points at it), a sign is not followed by a
digit (register 1 points after the sign), or there are 10 or more
digits (register 1 points after all of them).
Nine digits is the most: values from \-999999999 to 999999999 can be
read; 2147483647 cannot, and leading zeros count.
Register 1 is set after R1, so
.B "XDECI 1,..."
loses the number.
.TP
.B XHEXI R1,addr
The same for 1 to 8 hexadecimal digits (0\-9, A\-F upper case; no
sign): CC 0, 1 or 2 by the value taken as signed, CC 3 with no digit or
9 or more.
.TP
.B XDECO R1,addr
Store (R1) in the 12 bytes at addr as a signed decimal number,
right-justified with leading blanks, a minus sign before the first
digit.
.TP
.B XHEXO R1,addr
Store (R1) in the 8 bytes at addr as hexadecimal digits.
.PP
XDECO and XHEXO change no register and keep the condition code.
.SS "Cards, lines and punched cards"
.TP
.B XREAD addr,len
Read the next card: a line of the card file
.RB ( imprun (1)
names it), padded with blanks to 80 columns and cut at 80.
The first len bytes are stored (len 0 or more than 80: 80).
CC 0, or CC 1 at end of file with storage unchanged.
.BR imprun (1)
can limit the cards read, like the lines, pages and cards punched.
.TP
.B XPRNT addr,len
Print a line of len bytes (at most 133; 0 prints nothing).
The first byte is the carriage control, the rest the text; trailing
blanks are dropped.
Carriage control, as POSIX
.BR asa (1):
a blank single-spaces, 0 double-spaces, \- triple-spaces, 1 starts a new
page (a form feed; none before the first page), + overprints the line
before; any other character acts as a blank.
In its raw mode
.BR imprun (1)
prints the control character as the first character of each line
instead.
A page holds 60 lines; lines and pages are counted (0 advances two
lines, \- three, + none) and
.BR imprun (1)
can limit both.
.TP
.B XPNCH addr,len
Punch a card: len bytes (0 or more than 80: 80), trailing blanks
dropped, as a line of the punch file, or of the printed output when
there is no punch file.
.SS "Dumps"
.TP
.B XDUMP
With no operands (addr and len 0), print the registers; with
.BR addr,len ,
print the storage from addr for len bytes.
The dump goes to the printed output in ASSIST's XSNAP form:
.PP
.RS
.EX
 BEGIN XSNAP - CALL     1 AT E0001026 USER REGISTERS

 REGS 0-7      00000000  00001000  ...
 REGS 8-15     ...

 BEGIN XSNAP - CALL     2 AT E000103C USER STORAGE

                             CORE ADDRESSES SPECIFIED-     001000 TO 001100
 001000    w w w w  w w w w    *32 characters*
   LINES    001020-0010DF    SAME AS ABOVE
 0010E0    w w w w  w w w w    *32 characters*
.EE
.RE
.PP
The call number counts the XDUMPs of the run; AT is the second word of
the PSW (BC-mode form: ILC, CC, program mask, address of the next
instruction).
TO is addr+len, the first byte after the range.
Storage is shown in whole lines of 32 bytes, from addr rounded down to
a multiple of 32: eight words in hexadecimal, then the bytes as EBCDIC
characters between asterisks ('.' for a byte that is not printable).
Lines equal to the one before are printed once as
.BR "SAME AS ABOVE" ;
lines that cannot be read (protected or past the end of storage) as
.BR "STORAGE NOT AVAILABLE" .
XDUMP itself never causes a program interruption.
.TP
.B XLIMD addr,len
Set the storage range a dump at the end of the run may show.
.SS "Named files"
.TP
.B "XGET addr,len\fR, \fPXPUT addr,len"
Read or write a record of a named file, ASSIST's idea with IMP's
binding: register 14 holds the address of an 8-byte file name, blank
padded, bound on the command line
.RB ( imprun (1)).
XGET reads the next line into len bytes, blank padded or cut (CC 0, CC
1 at end of file); XPUT writes len bytes as a line, trailing blanks
dropped (CC 0).
len 0 means 80.
CC 2 when the name is not bound or the file cannot be opened.
.SS "Cost"
Each ASSIST instruction costs the base cycles of its row in the table
above plus 1 cycle per byte moved between storage and the host (bytes
scanned, stored, printed or dumped).
