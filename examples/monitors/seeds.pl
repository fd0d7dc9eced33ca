#!/usr/bin/perl
# seeds.pl -- the numbers of README.md: each seed's headline result set
# beside what IMP prints, measured by running the commands the README
# quotes.
#
#   perl examples/monitors/seeds.pl [--bin=DIR] [--write | --check]
#
# README.md is README.md.in with every @{name} replaced: @{cmd:ID} by
# the command line of measurement ID (the table below: the one place a
# command is written), @{NAME} by a number that measurement printed.
# The commands run in a scratch copy of examples/ (they write profiles),
# from examples/monitors, with DIR (default: the tree's bin/) first on
# PATH; run.pl is run from the tree with --bin and an --out in the
# scratch folder, which change where it works, not what it measures.
#
# --write (the default) rewrites README.md; --check compares and prints
# a diff instead, exit status 1 if they differ (tests/t4835 runs it, so
# the README cannot go stale: after the monitors' costs change, `make
# monitors-readme` brings it up to date).  Exit status 2 on a usage
# error, 1 if a command fails or prints no number where one is expected.
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use Cwd qw(abs_path);

my $here = abs_path(dirname($0));
my $top  = abs_path("$here/../..");
my ($bin, $mode) = ("$top/bin", 'write');
for my $a (@ARGV) {
    if ($a =~ /^--bin=(.+)$/) { $bin = abs_path($1) }
    elsif ($a eq '--write' || $a eq '--check') { $mode = substr($a, 2) }
    else { print STDERR "usage: seeds.pl [--bin=DIR] [--write | --check]\n"; exit 2 }
}
-x "$bin/imprun" or die "seeds.pl: $bin/imprun: not built\n";

my $scratch = tempdir('imp-seeds.XXXXXX', TMPDIR => 1, CLEANUP => 1);
# examples/ but the exercises (most of its files; no command names them)
mkdir "$scratch/ex" or die "seeds.pl: $scratch/ex: $!\n";
system('cp', '-R', (grep { !m{/exercises\z} } glob("$top/examples/*")), "$scratch/ex") == 0
    or die "seeds.pl: cannot copy examples\n";
$ENV{PATH} = "$bin:$ENV{PATH}";
$ENV{LC_ALL} = 'C';

sub slurp { my ($f) = @_; open my $fh, '<', $f or die "seeds.pl: $f: $!\n"; local $/; <$fh> }

# run ID CMD: run CMD in ex/monitors, return (stdout, stderr).
sub run {
    my ($id, $cmd) = @_;
    my $sh = $cmd;
    $sh =~ s{^perl \.\./reorder/run\.pl}{perl '$top/examples/reorder/run.pl' --bin='$bin' --out='$scratch/$id'};
    my $rc = system('/bin/sh', '-c', "cd '$scratch/ex/monitors' && $sh >'$scratch/$id.out' 2>'$scratch/$id.err'");
    die "seeds.pl: $id: failed: $cmd\n" . slurp("$scratch/$id.err") if $rc != 0;
    return (slurp("$scratch/$id.out"), slurp("$scratch/$id.err"));
}
# want ID TEXT RE: the captures of RE in TEXT, or die naming ID.
sub want {
    my ($id, $text, $re) = @_;
    my @m = $text =~ $re or die "seeds.pl: $id: no match for $re in its output\n";
    return wantarray ? @m : $m[0];
}
sub pct { sprintf '%.2f', 100 * $_[0] / $_[1] }

# The measurements: ID, the command, what to take from its output.
my (%cmd, %v);
my @m = (
    [ias => 'imprun ias.s', sub {
        my ($o) = @_;
        $v{ias_period} = want('ias', $o, qr/^IAS: sample period +(\d+) cycles/m);
        my %tot;
        $tot{$1}++ while $o =~ /^  total +(\d+)$/mg;
        keys %tot == 1 or die "seeds.pl: ias: the windows' totals differ\n";
        ($v{ias_samples}) = keys %tot;
        $v{ias_windows} = $tot{$v{ias_samples}};
        my ($w2) = $o =~ /^(window 2:.*?^  total.*?)$/ms or die "seeds.pl: ias: no window 2\n";
        my $in = 0;
        $in += $1 while $w2 =~ /^  block \S+ +(\d+)$/mg;
        $v{ias_sort} = $in;
        $v{ias_prim} = want('ias', $w2, qr/^  out of range +(\d+)$/m);
    }],
    [iascost => 'imprun --ias=200 --ias-window=MCMAIN/16 --ias-window=program/64 ../multicsect.s',
     sub {
        my (undef, $e) = @_;
        my ($c, $n, $p, $run) = want('iascost', $e,
            qr/^ias: the monitor's microcode: (\d+) cycles in (\d+) entries, ([\d.]+)% of the run's (\d+) cycles/m);
        @v{qw(ias_cost_pct ias_cost_each ias_cost_n)} = ($p, sprintf('%.0f', $c / $n), $n);
    }],
    [glean => 'imprun --glean=ia+op+cycles,every=5000,n=4,buffer=256 ../sieve.s', sub {
        my (undef, $e) = @_;
        $v{glean_recs} = want('glean', $e, qr/^glean: .*: (\d+) records of \d+ bytes/m);
        my ($c, $n, $p) = want('glean', $e,
            qr/^glean: the monitor's microcode: (\d+) cycles in (\d+) entries, ([\d.]+)% of the run/m);
        @v{qw(glean_cost_pct glean_cost_each)} = ($p, sprintf('%.0f', $c / $n));
    }],
    [gleanarm => 'imprun glean.s', sub {
        my ($o) = @_;
        my @d;
        push @d, $1 while $o =~ /^ +\d+ [0-9A-F]{6} [0-9A-F]{4} +\d+ +(\d+)$/mg;
        @d or die "seeds.pl: gleanarm: no deltas\n";
        my ($lo, $hi) = (sort { $a <=> $b } @d)[0, -1];
        $v{glean_delta} = $lo == $hi ? $lo : "$lo to $hi";
    }],
    [pcs => 'imprun --pcs=100 --profile=pcs.prof pcs.s', sub {
        my (undef, $e) = @_;
        $v{pcs_ticks} = want('pcs', $e, qr/^pcs: 100 ticks per virtual second: (\d+) ticks/m);
        my ($c, $n, $p) = want('pcs', $e,
            qr/^pcs: the monitor's microcode: (\d+) cycles in (\d+) entries, ([\d.]+)% of the run/m);
        @v{qw(pcs_cost_pct pcs_cost_each)} = ($p, sprintf('%.0f', $c / $n));
        my $prof = slurp("$scratch/ex/monitors/pcs.prof");
        my ($cyc, $ins) = want('pcs', $prof, qr/^run status=\S+ cycles=(\d+) instructions=(\d+)/m);
        my ($n_clc, $c_clc) = want('pcs', $prof, qr/^exact D5 CLC (\d+) (\d+)$/m);
        my $s_clc = want('pcs', $prof, qr/^sample 1 1003C (\d+)$/m);
        @v{qw(pcs_clc_sampled pcs_clc_time pcs_clc_count)} =
            (pct($s_clc, $v{pcs_ticks}), pct($c_clc, $cyc), pct($n_clc, $ins));
    }],
    [pcsarm => 'imprun pcsarm.s', sub {
        my ($o) = @_;
        $v{pcsarm_ticks} = want('pcsarm', $o, qr/^ticks +(\d+)$/m);
        $v{pcsarm_dr} = want('pcsarm', $o, qr/^1D DR +(\d+)$/m);
    }],
    [iifm => 'imprun --stats --iifm=BCT ../sieve.s', sub {
        my (undef, $e) = @_;
        @v{qw(iifm_n iifm_cpi)} = want('iifm', $e,
            qr/^iifm: BCT \(X'0046'\): (\d+) instructions, \d+ cycles, CPI ([\d.]+)/m);
        $v{iifm_exact} = want('iifm', $e, qr/^46 +BCT +(\d+) /m);
    }],
    [iifmslice => 'imprun --iifm=all,slice=1000 pcs.s', sub {
        my (undef, $e) = @_;
        @v{qw(iifm_l_sliced iifm_l_exact)} = want('iifmslice', $e,
            qr/^58 +L +\d+ +([\d.]+)% +\d+ +([\d.]+)%/m);
    }],
    [tablei => 'perl ../reorder/run.pl --sizes=4K --algs=imp', sub {
        my ($o) = @_;
        my ($t1, $t2) = $o =~ /TEST 1.*?page-in +(\d+ +\d+ +\S+).*?TEST 2.*?page-in +(\d+ +\d+ +\S+)/s
            or die "seeds.pl: tablei: no Table I\n";
        @v{qw(t1_link t1_imp t1_pct)} = split ' ', $t1;
        @v{qw(t2_link t2_imp t2_pct)} = split ' ', $t2;
    }],
    [overhead => 'sh csm-overhead.sh', sub {
        my ($o) = @_;
        $v{oh_per} = want('overhead', $o, qr/^PER successful branch \+ ISR +\d+ +([\d.]+)×/m);
        $v{oh_csm} = want('overhead', $o, qr/^CSM \(CR9 bit 4\) \+ ISR +\d+ +([\d.]+)×/m);
        $v{oh_mc} = want('overhead', $o, qr/^microcode only \(ECSM\) +\d+ +([\d.]+)×/m);
        $v{oh_data} = want('overhead', $o, qr/^microcode, data CSECTs too +\d+ +([\d.]+)×/m);
    }],
    [library => '(cd ../csect && sh overhead.sh library.s)', sub {
        my ($o) = @_;
        $v{lib_per} = want('library', $o, qr/^PER successful branch \+ ISR +\d+ +([\d.]+)×/m);
        $v{lib_csm} = want('library', $o, qr/^CSM \(CR9 bit 4\) \+ ISR +\d+ +([\d.]+)×/m);
        $v{lib_mc} = want('library', $o, qr/^microcode only \(ECSM\) +\d+ +([\d.]+)×/m);
        $v{lib_each} = want('library', $o, qr/ transitions, ([\d.]+) a transition$/m);
    }],
    [csm => 'imprun --csm csects.s', sub {
        my (undef, $e) = @_;
        $v{csm_trans} = want('csm', $e, qr/^csm: (\d+) transitions among/m);
        my ($c, $n) = want('csm', $e, qr/^csm: the monitor's microcode: (\d+) cycles in (\d+) entries/m);
        $v{csm_each} = sprintf '%.0f', $c / $n;
    }],
    [data => 'perl ../reorder/run.pl --data', sub {
        my ($o) = @_;
        $v{data_ratio} = want('data', $o, qr/\((\d+\.\d+) data CSECTs a code CSECT\)/);
        $v{data_refs} = want('data', $o, qr/data CSECT references \((\d+\.\d+) a transition\)/);
        $v{data_link} = want('data', $o, qr/^link +the linkage editor +(\d+)/m);
        $v{data_xref} = want('data', $o, qr/^imp +the cross-reference +(\d+)/m);
        $v{data_mon} = want('data', $o, qr/^imp +the data CSECT monitor +(\d+)/m);
        $v{data_gain} = want('data', $o, qr/^  imp +\d+ -> +\d+ +(\S+)$/m);
    }],
);
for my $x (@m) {
    my ($id, $cmd, $take) = @$x;
    $cmd{$id} = $cmd;
    $take->(run($id, $cmd));
}

my $in = slurp("$here/README.md.in");
my @missing;
$in =~ s{\@\{(cmd:)?(\w+)\}}{
    my $val = $1 ? $cmd{$2} : $v{$2};
    push @missing, "\@{" . ($1 // '') . "$2}" unless defined $val;
    $val // '?'
}ge;
die "seeds.pl: README.md.in names what no measurement gives: @missing\n" if @missing;
$in =~ s/^(<!--.*?-->\n)//s;     # the template's own note
my $readme = "$here/README.md";
if ($mode eq 'check') {
    my $now = -e $readme ? slurp($readme) : '';
    exit 0 if $now eq $in;
    open my $fh, '>', "$scratch/README.md" or die "seeds.pl: $!\n";
    print $fh $in;
    close $fh;
    system('diff', '-u', $readme, "$scratch/README.md");
    print STDERR "seeds.pl: README.md is not what IMP prints now: make monitors-readme\n";
    exit 1;
}
open my $fh, '>', $readme or die "seeds.pl: $readme: $!\n";
print $fh $in;
close $fh or die "seeds.pl: $readme: $!\n";
print "seeds.pl: wrote $readme\n";
exit 0;
