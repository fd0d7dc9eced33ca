#!/usr/bin/perl
# pagesim.pl -- a second, independent page replacement simulator, written
# from the rules in imp-pagerefs(5), to check vm/report/pagesim.c.
#
#   perl tests/pagesim.pl --policy=lru|fifo|clock|opt --frames=N [--local=T] FILE
#   perl tests/pagesim.pl --batch <RUNS
#
# prints "pageins=N pageouts=M" for the reference file FILE.  With --batch
# each line of RUNS is one run, "POLICY FRAMES LOCAL FILE", and its line
# is printed in turn: one process for a test's many runs (each file is
# read once).
#
# It takes the plain road on purpose: FIFO compares load times, LRU
# last-use times, OPT the next uses of the resident pages at every fault
# (each reference knows where its page is referenced next, from one pass
# backwards over the string); only CLOCK keeps a ring and a hand, as the
# rule says.
use strict;
use warnings;

sub usage {
    print STDERR "usage: pagesim.pl --policy=lru|fifo|clock|opt --frames=N [--local=T] FILE\n",
                 "       pagesim.pl --batch <RUNS\n";
    exit 2;
}

# Errors exit 1 (the 255 of die would look like a signal to the tests).
sub fail { print STDERR "pagesim.pl: $_[0]\n"; exit 1; }

my ($policy, $frames, $local, $file, $batch) = ('', 0, 0, undef, 0);
for my $a (@ARGV) {
    if ($a =~ /^--policy=(lru|fifo|clock|opt)$/i) { $policy = lc $1; }
    elsif ($a =~ /^--frames=([0-9]+)$/) { $frames = $1; }
    elsif ($a =~ /^--local=([0-9]+)$/) { $local = $1; }
    elsif ($a eq '--batch') { $batch = 1; }
    elsif ($a !~ /^-/ && !defined $file) { $file = $a; }
    else { usage(); }
}
usage() unless $batch ? !$policy && !defined $file : $policy && defined $file && $frames > 0;

# The references of a file: [task, page, is_write, next, key], where next
# is the index of the next reference to the same page of the same task
# (infinity if none) and key the page's key "task:page".
my %strings;
sub read_refs {
    my ($file) = @_;
    return $strings{$file} if $strings{$file};
    my @refs;
    open my $fh, '<', $file or fail("$file: $!");
    my $first = <$fh>;
    fail("$file: not a page reference file")
        unless defined $first && $first =~ /^#imp-pagerefs 1\r?$/;
    while (my $line = <$fh>) {
        # the line as the recorder writes it, else any spacing the format allows
        my ($t, $p, $k) = $line =~ /^([0-9]+) ([0-9a-f]+) ([rw])\n\z/;
        if (!defined $k) {
            next if $line =~ /^#/ || $line =~ /^\s*$/;
            ($t, $p, $k) = $line =~ /^\s*([0-9]+)\s+([0-9a-fA-F]+)\s+([rw])\s*$/
                or fail("$file:$.: bad reference");
        }
        push @refs, [$t + 0, hex $p, $k eq 'w' ? 1 : 0];
    }
    close $fh;
    my %after;
    for (my $j = $#refs; $j >= 0; $j--) {
        my $k = $refs[$j][4] = "$refs[$j][0]:$refs[$j][1]";
        $refs[$j][3] = $after{$k} // 9**9**9;
        $after{$k} = $j;
    }
    return $strings{$file} = \@refs;
}

# One run: "pageins=N pageouts=M".
sub simulate {
    my ($policy, $frames, $local, $file) = @_;
    my $refs = read_refs($file);

    # Scopes: 0 for global, else the task.  Each has a quota, the list of its
    # frames in the order acquired, and a CLOCK hand (a position in that list).
    my %quota;
    if ($local) {
        fail("a quota of 0 frames") if $frames < $local;
        for my $t (1 .. $local) {
            $quota{$t} = int($frames / $local) + (($t - 1) < $frames % $local ? 1 : 0);
        }
    } else {
        $quota{0} = $frames;
    }
    my (%owned, %hand);
    $owned{$_} = [] for keys %quota;
    $hand{$_} = 0 for keys %quota;

    # Frames: page key (undef if free), dirty, reference bit, load time,
    # last use.  %resident maps a page key to its frame.
    my (@fpage, @fdirty, @fref, @floaded, @flast);
    my %resident;
    my ($pageins, $pageouts) = (0, 0);

    # The next reference to the page in frame f after time now, or
    # infinity: the next of its last reference (none came in between).
    my $next_use = sub { $refs->[$flast[$_[0]]][3] };

    my $choose_victim = sub {
        my ($scope, $now) = @_;
        my $mine = $owned{$scope};
        if ($policy eq 'clock') {
            while (1) {
                my $f = $mine->[$hand{$scope}];
                $hand{$scope} = ($hand{$scope} + 1) % @$mine;
                if ($fref[$f]) { $fref[$f] = 0; next; }
                return $f;
            }
        }
        # (load and last-use times are never equal: one reference a time)
        my $best;
        for my $f (@$mine) {
            if (!defined $best) { $best = $f; next; }
            if ($policy eq 'fifo') {
                $best = $f if $floaded[$f] < $floaded[$best];
            } elsif ($policy eq 'lru') {
                $best = $f if $flast[$f] < $flast[$best];
            } else {    # opt: farthest next use; on a tie the lower frame stays
                my ($nf, $nb) = ($next_use->($f), $next_use->($best));
                $best = $f if $nf > $nb || ($nf == $nb && $f < $best);
            }
        }
        return $best;
    };

    for my $now (0 .. $#$refs) {
        my ($t, $p, $w, undef, $k) = @{ $refs->[$now] };
        my $scope = $local ? $t : 0;
        fail("task $t above --local=$local") unless exists $quota{$scope};
        my $f = $resident{$k};
        if (!defined $f) {
            $pageins++;
            my $free;
            if (@{ $owned{$scope} } < $quota{$scope}) {
                ($free) = grep { !defined $fpage[$_] } 0 .. $frames - 1;
            }
            if (defined $free) {
                $f = $free;
                push @{ $owned{$scope} }, $f;
            } else {
                $f = $choose_victim->($scope, $now);
                $pageouts++ if $fdirty[$f];
                delete $resident{ $fpage[$f] };
            }
            $fpage[$f] = $k;
            $fdirty[$f] = 0;
            $floaded[$f] = $now;
            $resident{$k} = $f;
        }
        $fref[$f] = 1;
        $flast[$f] = $now;
        $fdirty[$f] = 1 if $w;
    }
    return "pageins=$pageins pageouts=$pageouts\n";
}

if (!$batch) {
    print simulate($policy, $frames, $local, $file);
    exit 0;
}
while (my $run = <STDIN>) {
    next if $run =~ /^\s*$/;
    my ($p, $n, $l, $f) = $run =~ /^\s*(lru|fifo|clock|opt)\s+([0-9]+)\s+([0-9]+)\s+(\S+)\s*$/i
        or fail("--batch: bad run: $run");
    fail("--batch: 0 frames: $run") if $n == 0;
    print simulate(lc $p, $n, $l, $f);
}
