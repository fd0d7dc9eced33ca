#!/usr/bin/perl
# gen.pl -- write the workload of the CSECT reordering experiment: an IMP
# assembler program that models compiled code (many small code CSECTs,
# many small static data CSECTs, a call graph with phases and
# data-dependent branches), and its inputs.
#
#   perl gen.pl [--small | --data] [--seed=N] DIR
#
# writes DIR/prog.s, DIR/train.in and DIR/test.in.  The same seed gives
# the same files, byte for byte (the generator has its own random number
# generator, not perl's, so the files do not depend on the perl build).
#
# The program (the "large" one models the paper's MTVS, a text system of
# 94 CSECTs; --small models its Modula compiler, whose CSECT order was
# already good):
#
#   RMAIN     reads its input with GETLINE (SVC 37), one command a line:
#             "X N" runs phase X with the count N; "= C" ends the input
#             and gives the checksum the generator computed for it.
#             After each command it prints the line and the running
#             checksum in hexadecimal; at the end "OK checksum = C" (rc 0)
#             or "BAD checksum ..." (rc 8).
#   PHx       a phase driver: N times, calls the phase's workers in turn,
#             and its rare worker when (j + N) & 7 == 0 (j = N..1).
#   Wnn       a worker: adds the words of its own data CSECT and N to the
#             checksum, calls its utility, and one of two others chosen by
#             one bit of N (a data-dependent branch).
#   Unn       a utility, shared by the phases: adds its data CSECT's words;
#             if bit b of the checksum is 1, calls a lower utility too.
#   Dnn       small data CSECTs (one per worker and utility), GCHK (the
#             checksum word), STACK (the save areas), RIO (input line,
#             phase table).
#
# Each code CSECT is a short hot path followed by cold code (real
# instructions that only error cases would run) of a size drawn per
# CSECT: some CSECTs are small, some are large and mostly cold -- the
# situation where the link order scatters the hot paths over many
# pages.  The link order is the order of a (seeded) shuffle of the
# CSECTs, as the order of separately compiled modules on a linkage
# editor's command line would be; in --small the CSECTs are emitted in
# the order the program first calls them, small and hot, as a careful
# programmer would lay them out.
#
# --data writes the large program with the data CSECTs of the Linz
# paper's section 6.2: twice as many data CSECTs as code CSECTs (L.
# Richter's 2:1).  Besides its small hot table (Dnn, Enn), each worker
# and utility has a static CSECT of messages and tables (Fnn, Gnn, 200
# to 1400 bytes) that only its error paths name, by an address constant
# in its cold code, and RMAIN's error paths name Hnn CSECTs until the
# data CSECTs are twice the code ones; the data CSECTs are shuffled
# together.  The static cross-reference says that a worker refers to
# both of its data CSECTs; only the data CSECT monitor sees which one it
# uses.  The hot path and the inputs' meaning are those of the large
# program.
#
# The generator simulates the program on each input (the same calls in
# the same order) to compute the checksum the input ends with.
use strict;
use warnings;

my ($small, $data, $seed, $dir) = (0, 0, 1980, undef);
my $usage = "usage: gen.pl [--small | --data] [--seed=N] DIR\n";
for my $a (@ARGV) {
    if ($a eq '--small') { $small = 1 }
    elsif ($a eq '--data') { $data = 1 }
    elsif ($a =~ /^--seed=(\d+)$/) { $seed = $1 }
    elsif ($a =~ /^-/) { die "gen.pl: unknown option $a\n$usage" }
    elsif (!defined $dir) { $dir = $a }
    else { die $usage }
}
die $usage unless defined $dir && !($small && $data);
-d $dir or mkdir $dir or die "gen.pl: $dir: $!\n";

# A 32-bit linear congruential generator (Numerical Recipes constants),
# top bits used: deterministic on every perl.
my $state = $seed & 0xFFFFFFFF;
sub rnd {                       # an integer in [0, n)
    my ($n) = @_;
    $state = (1664525 * $state + 1013904223) % 4294967296;
    return int(($state >> 8) * $n / 16777216);
}
sub shuffle { my @a = @_; for (my $i = $#a; $i > 0; $i--) { my $j = rnd($i + 1); @a[$i, $j] = @a[$j, $i] } @a }

# ---- the call graph ----------------------------------------------------
my @phases = $small ? qw(A B C D E F) : qw(A B C D E F G H J);
my $nutil  = $small ? 6 : 12;
my @workers_of;                 # phase index -> [worker numbers], last one rare
my %worker;                     # number -> {util, alt0, alt1, bit, words[], phase}
my %util;                       # number -> {words[], bit, callee}
my $nw = 0;
for my $u (0 .. $nutil - 1) {
    my @w = map { 1 + rnd(200) } 1 .. 2 + rnd(10);
    $util{$u} = { words => \@w, bit => rnd(8), callee => $u > 0 ? rnd($u) : -1 };
}
for my $p (0 .. $#phases) {
    my $hot = $small ? 3 : 4 + rnd(3);
    my @ws;
    for (0 .. $hot) {           # $hot workers, then the rare one
        my @w = map { 1 + rnd(500) } 1 .. 2 + rnd(14);
        $worker{$nw} = { words => \@w, util => rnd($nutil), alt0 => rnd($nutil),
                         alt1 => rnd($nutil), bit => rnd(4), phase => $p };
        push @ws, $nw++;
    }
    $workers_of[$p] = \@ws;
}

# ---- the simulation (the checksum of an input) --------------------------
# A worker adds the sum of its words WREP times, a utility UREP times,
# in a register loop: the work between CSECT transitions, so that the
# CPU time is mostly the program's and not the service of its page
# faults, without references to storage beyond the instruction fetches.
my ($WREP, $UREP) = (400, 200);
sub u32 { $_[0] % 4294967296 }
my $chk;
sub sim_util {
    my ($u) = @_;
    my $x = $util{$u};
    my $s = 0;
    $s += $_ for @{$x->{words}};
    $chk = u32($chk + $UREP * $s);
    sim_util($x->{callee}) if $x->{callee} >= 0 && ($chk >> $x->{bit}) & 1;
}
sub sim_worker {
    my ($w, $n) = @_;
    my $x = $worker{$w};
    my $s = 0;
    $s += $_ for @{$x->{words}};
    $chk = u32($chk + $WREP * $s);
    $chk = u32($chk + $n);
    sim_util($x->{util});
    sim_util(($n >> $x->{bit}) & 1 ? $x->{alt1} : $x->{alt0});
}
sub sim_phase {
    my ($p, $n) = @_;
    my @ws = @{$workers_of[$p]};
    my $rare = pop @ws;
    for (my $j = $n; $j >= 1; $j--) {
        sim_worker($_, $n) for @ws;
        sim_worker($rare, $n) if (($j + $n) & 7) == 0;
    }
}
sub signed { my $v = shift; $v >= 2147483648 ? $v - 4294967296 : $v }

# ---- inputs -----------------------------------------------------------
# train: the phases in a fixed pipeline order, moderate counts; test: the
# same phases in another mix, longer, and one phase train never ran much.
sub make_input {
    my ($name, $lines, $bias) = @_;
    my @cmds;
    for my $i (0 .. $lines - 1) {
        my $p = $small ? $i % @phases
              : ($i % 3 == 2 ? rnd(scalar @phases) : ($i / 3 + $bias) % @phases);
        my $n = 2 + rnd($small ? 6 : 9);
        push @cmds, [$p, $n];
    }
    $chk = 0;
    my $text = '';
    for my $c (@cmds) {
        sim_phase(@$c);
        $text .= "$phases[$c->[0]] $c->[1]\n";
    }
    $text .= '= ' . signed($chk) . "\n";
    open my $fh, '>', "$dir/$name" or die "gen.pl: $dir/$name: $!\n";
    print $fh $text;
    close $fh or die "gen.pl: $dir/$name: $!\n";
}

# ---- the program --------------------------------------------------------
my @out;
my @hnames;                     # --data: the data CSECTs RMAIN's error paths name
sub emit { push @out, @_ }
sub prologue {
    my ($name) = @_;
    emit("$name   CSECT",
         "         STM   14,12,12(13)",
         "         BALR  12,0",
         "         USING *,12",
         "         LA    2,72(,13)           the next save area on STACK",
         "         ST    13,4(,2)",
         "         LR    13,2");
}
sub epilogue {
    emit("         L     13,4(,13)",
         "         LM    14,12,12(13)",
         "         BR    14");
}
sub call { my ($r1, $name) = @_;
    emit("         LR    1,$r1") if defined $r1;
    emit("         L     15,=V($name)", "         BALR  14,15") }
# cold code: $bytes of instructions never run (the error paths)
sub cold {
    my ($name, $bytes, @names) = @_;
    return if $bytes <= 0;
    emit("* error paths of $name, not run on good input");
    emit("         DC    A($_)             its messages") for @names;
    my @rx = qw(L A S ST N O X C);
    my @rr = qw(LR AR SR NR OR XR CR LTR);
    while ($bytes > 0) {
        if (rnd(3) == 0) { emit(sprintf "         %-5s %d,%d", $rr[rnd(8)], 2 + rnd(8), 2 + rnd(8)); $bytes -= 2 }
        else { emit(sprintf "         %-5s %d,%d(,4)", $rx[rnd(8)], 2 + rnd(8), 4 * rnd(1000)); $bytes -= 4 }
    }
}
sub cold_size { $small ? 60 + rnd(300) : (rnd(3) == 0 ? 1800 + rnd(2600) : rnd(700)) }
sub data_csect {
    my ($name, $words) = @_;
    emit("$name   CSECT");
    my @w = @$words;
    emit("         DC    F'" . join(',', splice(@w, 0, 8)) . "'") while @w;
    emit("         DC    " . (1 + rnd($small ? 4 : 24)) . "F'0'      other static data");
}
sub gen_worker {
    my ($w) = @_;
    my $x = $worker{$w};
    my $n = sprintf "W%02d", $w;
    my $d = sprintf "D%02d", $w;
    my $k = @{$x->{words}};
    prologue(sprintf "%-5s", $n);
    emit("         LR    9,1                 R9 = N",
         "         L     10,=A(GCHK)",
         "         L     3,0(,10)            R3 = checksum",
         "         L     4,=A($d)",
         "         LA    5,$k",
         "         SR    7,7                 R7 = the sum of the words",
         "${n}L    A     7,0(,4)",
         "         LA    4,4(,4)",
         "         BCT   5,${n}L",
         "         LA    6,$WREP             add it WREP times",
         "${n}P    AR    3,7",
         "         BCT   6,${n}P",
         "         AR    3,9",
         "         ST    3,0(,10)");
    call(9, sprintf "U%02d", $x->{util});
    my $mask = 1 << $x->{bit};
    emit("         LR    2,9",
         "         N     2,=F'$mask'         bit $x->{bit} of N chooses",
         "         BNZ   ${n}B");
    call(9, sprintf "U%02d", $x->{alt0});
    emit("         B     ${n}R");
    emit("${n}B    DS    0H");
    call(9, sprintf "U%02d", $x->{alt1});
    emit("${n}R    DS    0H");
    epilogue();
    emit("         LTORG");
    cold($n, cold_size(), $data ? sprintf("F%02d", $w) : ());
}
sub gen_util {
    my ($u) = @_;
    my $x = $util{$u};
    my $n = sprintf "U%02d", $u;
    my $d = sprintf "E%02d", $u;
    my $k = @{$x->{words}};
    prologue(sprintf "%-5s", $n);
    emit("         L     10,=A(GCHK)",
         "         L     3,0(,10)",
         "         L     4,=A($d)",
         "         LA    5,$k",
         "         SR    7,7                 R7 = the sum of the words",
         "${n}L    A     7,0(,4)",
         "         LA    4,4(,4)",
         "         BCT   5,${n}L",
         "         LA    6,$UREP             add it UREP times",
         "${n}P    AR    3,7",
         "         BCT   6,${n}P",
         "         ST    3,0(,10)");
    if ($x->{callee} >= 0) {
        emit("         N     3,=F'" . (1 << $x->{bit}) . "'",
             "         BZ    ${n}R");
        call(undef, sprintf "U%02d", $x->{callee});
        emit("${n}R    DS    0H");
    }
    epilogue();
    emit("         LTORG");
    cold($n, cold_size(), $data ? sprintf("G%02d", $u) : ());
}
sub gen_phase {
    my ($p) = @_;
    my @ws = @{$workers_of[$p]};
    my $rare = pop @ws;
    my $n = "PH$phases[$p]";
    prologue(sprintf "%-5s", $n);
    emit("         LR    9,1                 R9 = N",
         "         LTR   8,9                 R8 = j, N down to 1",
         "         BNP   ${n}X",
         "${n}L   DS    0H");
    call(9, sprintf "W%02d", $_) for @ws;
    emit("         LR    2,8",
         "         AR    2,9",
         "         N     2,=F'7'             (j + N) & 7",
         "         BNZ   ${n}N");
    call(9, sprintf "W%02d", $rare);
    emit("${n}N   BCT   8,${n}L",
         "${n}X   DS    0H");
    epilogue();
    emit("         LTORG");
    cold($n, cold_size());
}
sub gen_main {
    emit(
"RMAIN    CSECT",
"         STM   14,12,12(13)",
"         BALR  12,0",
"         USING *,12",
"         LR    2,13",
"         L     13,=A(STACK)        the save areas of the program",
"         ST    2,4(,13)",
"         L     11,=A(RIO)",
"         USING RIO,11",
"RLOOP    LA    1,RLINE             read a command",
"         LA    0,L'RLINE",
"         SVC   SV_GETLINE",
"         BC    4,REOF              CC 1: end of input",
"         LR    7,0                 R7 = length",
"         SR    3,3                 R3 = N, the digits after column 1",
"         LA    4,RLINE+1",
"         LR    5,7",
"         BCTR  5,0",
"         LTR   5,5",
"         BNP   RNUMX",
"         SR    6,6",
"         CLI   RLINE+2,C'-'        a negative number (the checksum)",
"         BNE   RNUM",
"         LA    6,1",
"RNUM     SR    2,2",
"         IC    2,0(,4)",
"         S     2,=F'240'           C'0' is X'F0'",
"         BM    RNUMN",
"         C     2,=F'9'",
"         BH    RNUMN",
"         MH    3,=H'10'",
"         AR    3,2",
"RNUMN    LA    4,1(,4)",
"         BCT   5,RNUM",
"         LTR   6,6",
"         BZ    RNUMX",
"         LCR   3,3",
"RNUMX    CLI   RLINE,C'='",
"         BE    RCHECK",
"         LA    8,RTAB              find the phase",
"         LA    5,NPHASE",
"RFIND    CLC   0(1,8),RLINE",
"         BE    RCALL",
"         LA    8,8(,8)",
"         BCT   5,RFIND",
"         LA    1,RUNK              not a command",
"         LA    0,L'RUNK",
"         SVC   SV_PUTLINE",
"         LA    15,12",
"         B     RRET",
"RCALL    LR    1,3",
"         L     15,4(,8)",
"         BALR  14,15",
"         LA    1,RLINE             echo the command ...",
"         LR    0,7",
"         SVC   SV_PUT",
"         LA    1,RARROW",
"         LA    0,L'RARROW",
"         SVC   SV_PUT",
"         L     2,=A(GCHK)          ... and the checksum",
"         L     1,0(,2)",
"         SVC   SV_PUTHEX",
"         LA    1,RARROW",
"         SR    0,0",
"         SVC   SV_PUTLINE",
"         B     RLOOP",
"RCHECK   L     2,=A(GCHK)",
"         C     3,0(,2)",
"         BNE   RBAD",
"         LA    1,ROK",
"         LA    0,L'ROK",
"         SVC   SV_PUT",
"         LR    1,3",
"         SVC   SV_PUTDEC",
"         LA    1,ROK",
"         SR    0,0",
"         SVC   SV_PUTLINE",
"         SR    15,15",
"         B     RRET",
"REOF     LA    1,RNOEND            no checksum line",
"         LA    0,L'RNOEND",
"         SVC   SV_PUTLINE",
"         LA    15,12",
"         B     RRET",
"RBAD     LA    1,RBADM",
"         LA    0,L'RBADM",
"         SVC   SV_PUT",
"         L     1,0(,2)",
"         SVC   SV_PUTDEC",
"         LA    1,ROK",
"         SR    0,0",
"         SVC   SV_PUTLINE",
"         LA    15,8",
"RRET     L     13,4(,13)",
"         L     14,12(,13)",
"         LM    0,12,20(13)",
"         BR    14",
"         LTORG");
    cold('RMAIN', $small ? 0 : 600, @hnames);
    emit("RIO      CSECT",
         "RLINE    DC    CL80' '",
         "RARROW   DC    C' -> '",
         "ROK      DC    C'OK checksum = '",
         "RBADM    DC    C'BAD checksum, the program computed '",
         "RUNK     DC    C'unknown command'",
         "RNOEND   DC    C'input ends without a checksum line'",
         "         DS    0F",
         "RTAB     DS    0F");
    emit("         DC    C'$phases[$_]',XL3'00',V(PH$phases[$_])") for 0 .. $#phases;
    emit("NPHASE   EQU   (*-RTAB)/8");
}

# The CSECTs, each a closure that emits it; then the link order.
my %gen;
$gen{RMAIN} = \&gen_main;       # RIO comes with it
for my $p (0 .. $#phases) { $gen{"PH$phases[$p]"} = sub { gen_phase($p) } }
for my $w (sort { $a <=> $b } keys %worker) { $gen{sprintf "W%02d", $w} = sub { gen_worker($w) } }
for my $u (0 .. $nutil - 1) { $gen{sprintf "U%02d", $u} = sub { gen_util($u) } }
for my $w (sort { $a <=> $b } keys %worker) {
    $gen{sprintf "D%02d", $w} = sub { data_csect(sprintf("D%02d", $w), $worker{$w}{words}) } }
for my $u (0 .. $nutil - 1) {
    $gen{sprintf "E%02d", $u} = sub { data_csect(sprintf("E%02d", $u), $util{$u}{words}) } }
# --data: the cold static CSECTs, and RMAIN's until data is twice code
if ($data) {
    my $cold_data = sub { my ($nm) = @_; sub {
        emit(sprintf("%-8s CSECT", $nm), "         DC    " . (50 + rnd(300)) . "F'0'     messages and tables") } };
    $gen{sprintf "F%02d", $_} = $cold_data->(sprintf "F%02d", $_) for keys %worker;
    $gen{sprintf "G%02d", $_} = $cold_data->(sprintf "G%02d", $_) for 0 .. $nutil - 1;
    my $ncode = grep { /^(RMAIN|PH|W|U)/ } keys %gen;
    my $ndata = 3 + grep { /^[DEFG]\d/ } keys %gen;      # and RIO, GCHK, STACK
    for my $h (0 .. 2 * $ncode - $ndata - 1) {
        push @hnames, sprintf "H%02d", $h;
        $gen{$hnames[-1]} = $cold_data->($hnames[-1]);
    }
}
$gen{GCHK}  = sub { emit("GCHK     CSECT", "         DC    F'0'") };
$gen{STACK} = sub { emit("STACK    CSECT", "         DC    " . (72 * 24 / 4) . "F'0'     24 save areas") };

my @order;
if ($small) {
    # first-use order: main, then each phase with its workers and their
    # data, the utilities and theirs, the globals
    push @order, 'RMAIN';
    for my $p (0 .. $#phases) {
        push @order, "PH$phases[$p]";
        push @order, map { (sprintf("W%02d", $_), sprintf("D%02d", $_)) } @{$workers_of[$p]};
    }
    push @order, map { (sprintf("U%02d", $_), sprintf("E%02d", $_)) } 0 .. $nutil - 1;
    push @order, 'GCHK', 'STACK';
} else {
    my @code = grep { /^(PH|W|U)/ } sort keys %gen;
    my @data = grep { /^[DEFGH]\d/ } sort keys %gen;
    @order = ('RMAIN', shuffle(@code), 'GCHK', shuffle(@data), 'STACK');
}

# inputs first: they use the random stream after the graph
if ($small) {
    make_input('train.in', 24, 0);
    make_input('test.in', 40, 0);
} else {
    make_input('train.in', 30, 0);
    make_input('test.in', 48, 4);
}

emit("* prog.s -- written by examples/reorder/gen.pl" . ($small ? ' --small' : '')
     . ($data ? ' --data' : '') . " --seed=$seed;",
     "* do not edit.  See examples/reorder/README.md.",
     "         COPY  IMPSVC");
$gen{$_}->() for @order;
emit("         END   RMAIN");
open my $fh, '>', "$dir/prog.s" or die "gen.pl: $dir/prog.s: $!\n";
print $fh map { "$_\n" } @out;
close $fh or die "gen.pl: $dir/prog.s: $!\n";
