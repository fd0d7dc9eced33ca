#!/usr/bin/perl
# run.pl -- the CSECT reordering experiment (the Linz paper's Table I),
# in one command:
#
#   perl examples/reorder/run.pl [--small | --data] [--sizes=4K,2K] [--algs=A,B...]
#                                [--bin=DIR] [--out=DIR]
#
# (--sizes: the page sizes to measure, 4K and 2K by default; --algs: the
# algorithms of impprof --order to measure, all by default; link and imp
# are always measured, Table I sets them side by side.)
#
# --data runs the experiment of the paper's section 6.2 instead: the
# program of gen.pl --data (twice as many data CSECTs as code CSECTs),
# monitored twice on train.in, by the CSECT monitor (code only: the data
# CSECTs are placed by the static cross-reference) and by the data CSECT
# monitor (imprun --csm=N,data: by the operand references it saw); the
# orders of ph, c3 and imp from each profile (and link and static, which
# read no profile), relinked and measured on test.in with 4K pages and
# 10 frames; one table (DIR/table.txt).
#   1. gen.pl writes the program and its train and test inputs;
#   2. impas and impld build it in link order (the "original version");
#   3. imprun --csm --profile monitors it on the train input;
#   4. impprof --order=ALG computes an ORDER control file for every
#      algorithm and both page sizes, impld relinks the program with it;
#   5. imprun runs every layout on the test input (and the train input)
#      under paging with the documented frame count, checks that its
#      output is the original's, records its page reference string, and
#      imprun --replay gives the LRU and OPT page-ins for every frame
#      count of the range;
#   6. the tables go to standard output (and DIR/table.txt), the page-ins
#      against frames to DIR/pageins-4K.svg and DIR/pageins-2K.svg.
#
# Everything is deterministic: the same tools give the same table.
# Exit status 0, or 1 if a step failed or a relinked program's output
# differed from the original's.
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Path qw(make_path);
use Cwd qw(abs_path);

my $here = abs_path(dirname($0));
my $top  = abs_path("$here/../..");
my ($small, $data, $bin, $out, @sizes) = (0, 0, "$top/bin", undef, '4K', '2K');
my @algs = qw(link static hg cws linz ph c3 imp);
my $usage = "usage: run.pl [--small | --data] [--sizes=4K,2K] [--algs=A,B...] [--bin=DIR] [--out=DIR]\n";
for my $a (@ARGV) {
    if ($a eq '--small') { $small = 1 }
    elsif ($a eq '--data') { $data = 1 }
    elsif ($a =~ /^--sizes=((?:4K|2K)(?:,(?:4K|2K))?)$/) { @sizes = split /,/, $1 }
    elsif ($a =~ /^--algs=([a-z0-9,]+)$/) {
        my %want = map { $_ => 1 } 'link', 'imp', split /,/, $1;
        my %known = map { $_ => 1 } @algs;
        $known{$_} or die "run.pl: --algs: no algorithm '$_'\n" for keys %want;
        @algs = grep { $want{$_} } @algs;
    }
    elsif ($a =~ /^--bin=(.+)$/) { $bin = abs_path($1) }
    elsif ($a =~ /^--out=(.+)$/) { $out = $1 }
    else { die $usage }
}
die "run.pl: --small and --data are two experiments: one at a time\n" if $small && $data;
$out //= "$top/build/reorder" . ($small ? '-small' : $data ? '-data' : '');
make_path($out);
$out = abs_path($out);
my $rt = "$top/vm/host/runtime";

# The experiment's settings: page sizes, the documented frame count
# (Table I) and the range of the curves.
my %cfg = $small
    ? ('4K' => { doc => 4,  lo => 2, hi => 7 },  '2K' => { doc => 7,  lo => 3, hi => 12 })
    : ('4K' => { doc => 10, lo => 4, hi => 16 }, '2K' => { doc => 18, lo => 8, hi => 30 });

sub sh {
    my ($cmd) = @_;
    my $rc = system('/bin/sh', '-c', $cmd);
    die "run.pl: failed ($rc): $cmd\n" if $rc != 0;
}
sub slurp { my ($f) = @_; open my $fh, '<', $f or die "run.pl: $f: $!\n"; local $/; <$fh> }

chdir $out or die "run.pl: $out: $!\n";
sh("perl '$here/gen.pl' " . ($small ? '--small ' : $data ? '--data ' : '') . "'$out'");
sh("'$bin/impas' -I '$rt' -o prog.o prog.s");
sh("'$bin/impas' -I '$rt' -o imprt.o '$rt/imprt.s'");
sh("'$bin/impld' -o link.load -m link.map prog.o imprt.o");
for my $in (qw(train test)) {
    sh("'$bin/imprun' -q link.load <$in.in >$in.expected");
}
sh("'$bin/imprun' -q --storage=4M --csm=65536 --profile=train.prof link.load <train.in >/dev/null 2>train.csm");
sh("'$bin/imprun' -q --storage=8M --csm=65536,data --profile=data.prof link.load <train.in "
   . ">/dev/null 2>data.csm") if $data;

# A run under paging: page-ins, page-outs, CPU and elapsed cycles.
sub measure {
    my ($load, $in, $ps, $frames, $refs) = @_;
    my $r = $refs ? "--page-refs=$refs" : '';
    sh("'$bin/imprun' --page-size=$ps --frames=$frames $r $load <$in.in >run.out 2>run.err");
    my $want = slurp("$in.expected");
    my $got = slurp('run.out');
    die "run.pl: $load on $in.in: its output is not the original's\n" if $got ne $want;
    for (split /\n/, slurp('run.err')) {
        my @f = split;
        return { in => $f[5], outs => $f[6], cpu => $f[7], el => $f[9] }
            if @f >= 10 && $f[0] eq '1' && $f[2] eq 'exit';
    }
    die "run.pl: no paging report for $load\n";
}
# LRU and OPT page-ins of a reference string for frames lo..hi.
sub curve {
    my ($refs, $lo, $hi) = @_;
    my (%lru, %opt);
    open my $fh, '-|', "'$bin/imprun' --replay=$refs --curve=$lo:$hi" or die "run.pl: replay: $!\n";
    my @cols;
    while (<$fh>) {
        if (/^\s*frames\b/i) { @cols = split; next }
        next unless @cols && /^\s*\d/;
        my @f = split;
        for my $i (0 .. $#cols) {
            my $v = $f[$i] // ''; $v =~ s/\*$//;
            $lru{$f[0]} = $v if lc $cols[$i] eq 'lru';
            $opt{$f[0]} = $v if lc $cols[$i] eq 'opt';
        }
    }
    close $fh or die "run.pl: replay of $refs failed\n";
    return (\%lru, \%opt);
}

sub pc { my ($a, $b) = @_; $a ? sprintf('%+.1f', 100 * ($b - $a) / $a) : '-' }

# ---- section 6.2: data CSECTs placed by the data CSECT monitor ----
# The page-ins with each algorithm's order from the code-only profile
# (train.prof: data CSECTs by the static cross-reference) and from the
# data CSECT monitor's (data.prof); the table, and exit.
sub data_experiment {
    my ($ps, $frames, $lo, $hi) = ('4K', 10, 6, 20);
    my @dalgs = qw(link static ph c3 imp);
    my %profiled = (ph => 1, c3 => 1, imp => 1);    # link and static read no profile
    my $src = slurp('prog.s');
    my $ncode = () = $src =~ /^(?:RMAIN|PH\w|W\d\d|U\d\d)\s+CSECT/mg;
    my $ndata = () = $src =~ /^(?:[DEFGH]\d\d|GCHK|RIO|STACK)\s+CSECT/mg;
    my (%kinds, %cost);
    for (split /\n/, slurp('data.prof')) { $kinds{$1}++ if /^tr \d+ \d+ (\d) / }
    for my $p (qw(train data)) {
        ($cost{$p}) = slurp("$p.csm") =~ /microcode: \d+ cycles in \d+ entries, ([\d.]+%)/;
    }
    my $trans = ($kinds{0} // 0) + ($kinds{1} // 0) + ($kinds{2} // 0);
    my $drefs = ($kinds{3} // 0) + ($kinds{4} // 0);
    my %r;
    for my $prof (qw(train data)) {
        for my $alg (@dalgs) {
            next if $prof eq 'data' && !$profiled{$alg};
            my $tag = "$alg-$prof";
            sh("'$bin/impprof' --order=$alg --page-size=$ps --frames=$lo:$hi $prof.prof -o $tag.ctl");
            sh("'$bin/impld' --page-size=4096 -c $tag.ctl -o $tag.load -m $tag.map prog.o imprt.o");
            $r{$prof}{$alg} = measure("$tag.load", 'test', $ps, $frames, undef);
        }
    }
    unlink 'run.out', 'run.err';
    my $t = "CSECT reordering with data CSECTs (gen.pl --data, the paper's section 6.2):\n";
    $t .= "trained on train.in, measured on test.in; 4K pages, $frames frames, LRU\n\n";
    $t .= sprintf "the program: %d code CSECTs, %d data CSECTs (%.2f data CSECTs a code CSECT)\n",
        $ncode, $ndata, $ncode ? $ndata / $ncode : 0;
    $t .= sprintf "the training run: %d code transitions, %d data CSECT references "
        . "(%.2f a transition)\n", $trans, $drefs, $trans ? $drefs / $trans : 0;
    $t .= sprintf "the monitors' microcode: %s of the run's cycles for the code, %s with the data\n\n",
        $cost{train} // '?', $cost{data} // '?';
    $t .= sprintf "%-7s %-22s %8s %7s %8s %10s %11s %7s\n", 'order', 'data CSECTs placed by',
        'page-in', '%', 'page-out', 'CPU', 'elapsed', '%';
    my $l = $r{train}{link};
    for my $alg (@dalgs) {
        for my $prof (qw(train data)) {
            next if $prof eq 'data' && !$profiled{$alg};
            my $x = $r{$prof}{$alg};
            my $by = $alg eq 'link' ? 'the linkage editor'
                   : $prof eq 'train' ? 'the cross-reference' : 'the data CSECT monitor';
            $t .= sprintf "%-7s %-22s %8d %7s %8d %10d %11d %7s\n", $alg, $by, $x->{in},
                pc($l->{in}, $x->{in}), $x->{outs}, $x->{cpu}, $x->{el}, pc($l->{el}, $x->{el});
        }
    }
    $t .= "\nWhat the data CSECT monitor gains over the cross-reference (page-ins):\n";
    for my $alg (grep { $profiled{$_} } @dalgs) {
        $t .= sprintf "  %-7s %6d -> %6d  %s\n", $alg, $r{train}{$alg}{in}, $r{data}{$alg}{in},
            pc($r{train}{$alg}{in}, $r{data}{$alg}{in});
    }
    print $t;
    open my $fh, '>', 'table.txt' or die "run.pl: table.txt: $!\n";
    print $fh $t;
    close $fh or die "run.pl: table.txt: $!\n";
    exit 0;
}

data_experiment() if $data;

my (%res, %train, %lru, %opt);
for my $ps (@sizes) {
    my $c = $cfg{$ps};
    for my $alg (@algs) {
        my $ctl = "$alg-$ps.ctl";
        sh("'$bin/impprof' --order=$alg --page-size=$ps --frames=$c->{lo}:$c->{hi} "
           . "train.prof -o $ctl");
        sh("'$bin/impld' --page-size=" . ($ps eq '4K' ? 4096 : 2048)
           . " -c $ctl -o $alg-$ps.load -m $alg-$ps.map prog.o imprt.o");
        $res{$ps}{$alg} = measure("$alg-$ps.load", 'test', $ps, $c->{doc}, "$alg-$ps.refs");
        $train{$ps}{$alg} = measure("$alg-$ps.load", 'train', $ps, $c->{doc}, undef)
            if $alg eq 'link' || $alg eq 'imp';
        ($lru{$ps}{$alg}, $opt{$ps}{$alg}) = curve("$alg-$ps.refs", $c->{lo}, $c->{hi});
    }
}
unlink 'run.out', 'run.err';

# ---- the tables ----
my $t = '';
my $name = $small ? 'the small program (gen.pl --small)' : 'the large program (gen.pl)';
$t .= "CSECT reordering of $name: trained on train.in, measured on test.in\n";
$t .= "(cycles of the IMP machine; page-in and page-out latency 16000 cycles each)\n\n";
for my $ps (@sizes) {
    my $c = $cfg{$ps};
    $t .= "TABLE I ($ps pages, $c->{doc} frames, LRU): link order against IMP's order (imp)\n";
    $t .= sprintf "%-26s %12s %12s %9s\n", '', 'original', 'reordered', '% change';
    for my $set (['TEST 1 (train.in)', \%train], ['TEST 2 (test.in)', \%res]) {
        my ($label, $h) = @$set;
        my ($o, $n) = ($h->{$ps}{link}, $h->{$ps}{imp});
        $t .= "$label\n";
        for my $row (['page-in', 'in'], ['page-out', 'outs'], ['CPU time (cycles)', 'cpu'],
                     ['Start/Stop time (cycles)', 'el']) {
            $t .= sprintf "  %-24s %12d %12d %9s\n", $row->[0], $o->{$row->[1]},
                $n->{$row->[1]}, pc($o->{$row->[1]}, $n->{$row->[1]});
        }
    }
    $t .= "\nEvery algorithm on test.in ($ps pages, $c->{doc} frames), % against link order:\n";
    $t .= sprintf "%-7s %8s %7s %8s %7s %10s %6s %11s %7s %8s\n", 'order', 'page-in', '%',
        'page-out', '%', 'CPU', '%', 'elapsed', '%', 'OPT';
    my $l = $res{$ps}{link};
    for my $alg (@algs) {
        my $r = $res{$ps}{$alg};
        $t .= sprintf "%-7s %8d %7s %8d %7s %10d %6s %11d %7s %8s\n", $alg, $r->{in},
            pc($l->{in}, $r->{in}), $r->{outs}, pc($l->{outs}, $r->{outs}), $r->{cpu},
            pc($l->{cpu}, $r->{cpu}), $r->{el}, pc($l->{el}, $r->{el}),
            $opt{$ps}{$alg}{$c->{doc}} // '?';
    }
    $t .= "\nLRU page-ins on test.in by frames ($ps pages; OPT, Belady's MIN, in brackets):\n";
    $t .= sprintf "%6s" . (" %13s" x @algs) . "\n", 'frames', @algs;
    for my $f ($c->{lo} .. $c->{hi}) {
        $t .= sprintf "%6d", $f;
        $t .= sprintf " %13s", sprintf('%d (%d)', $lru{$ps}{$_}{$f} // -1, $opt{$ps}{$_}{$f} // -1)
            for @algs;
        $t .= "\n";
    }
    $t .= "\n";
}
print $t;
open my $fh, '>', 'table.txt' or die "run.pl: table.txt: $!\n";
print $fh $t;
close $fh or die "run.pl: table.txt: $!\n";

# ---- the plots: page-ins against frames, one line per layout ----
my @colors = ('#000000', '#888888', '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#e377c2');
for my $ps (@sizes) {
    my $c = $cfg{$ps};
    my ($w, $h, $x0, $y0, $pw, $ph) = (640, 400, 60, 20, 440, 330);
    my $max = 1;
    for my $alg (@algs) { $max = $_ > $max ? $_ : $max for values %{$lru{$ps}{$alg}} }
    my $lmax = log($max + 1) / log(10);
    my $xs = sub { $x0 + ($_[0] - $c->{lo}) * $pw / (($c->{hi} - $c->{lo}) || 1) };
    my $ys = sub { $y0 + $ph - (log($_[0] + 1) / log(10)) * $ph / $lmax };
    my $s = qq{<svg xmlns="http://www.w3.org/2000/svg" width="$w" height="$h" font-family="sans-serif" font-size="11">\n};
    $s .= qq{<text x="$x0" y="14">LRU page-ins on test.in against frames, $ps pages (log scale)</text>\n};
    $s .= sprintf qq{<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#000"/>\n}, $x0, $y0, $pw, $ph;
    $s .= sprintf qq{<text x="%d" y="%d" text-anchor="middle">frames</text>\n}, $x0 + $pw / 2, $y0 + $ph + 30;
    $s .= sprintf qq{<text x="14" y="%d" text-anchor="middle" transform="rotate(-90 14 %d)">page-ins</text>\n},
        $y0 + $ph / 2, $y0 + $ph / 2;
    for my $f ($c->{lo} .. $c->{hi}) {
        $s .= sprintf qq{<text x="%.1f" y="%d" text-anchor="middle">%d</text>\n}, $xs->($f), $y0 + $ph + 14, $f;
    }
    for (my $v = 1; $v <= $max; $v *= 10) {
        $s .= sprintf qq{<text x="%d" y="%.1f" text-anchor="end">%d</text>\n}, $x0 - 4, $ys->($v) + 4, $v;
        $s .= sprintf qq{<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>\n}, $x0, $x0 + $pw, $ys->($v), $ys->($v);
    }
    for my $i (0 .. $#algs) {
        my $alg = $algs[$i];
        my $pts = join ' ', map { sprintf '%.1f,%.1f', $xs->($_), $ys->($lru{$ps}{$alg}{$_}) } $c->{lo} .. $c->{hi};
        $s .= qq{<polyline fill="none" stroke="$colors[$i]" stroke-width="1.5" points="$pts"/>\n};
        $s .= sprintf qq{<text x="%d" y="%d" fill="%s">%s</text>\n}, $x0 + $pw + 10, $y0 + 14 + 16 * $i, $colors[$i], $alg;
    }
    $s .= "</svg>\n";
    open my $sv, '>', "pageins-$ps.svg" or die "run.pl: pageins-$ps.svg: $!\n";
    print $sv $s;
    close $sv or die "run.pl: pageins-$ps.svg: $!\n";
}
exit 0;
