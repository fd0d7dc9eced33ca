#!/usr/bin/perl
# mutate.pl SEED COUNT INPUT OUTPREFIX -- write COUNT mutants of INPUT to
# OUTPREFIX.1 .. OUTPREFIX.COUNT: bytes changed, inserted (NUL, bytes
# from X'80' up, newlines, '%'), deleted, lines repeated or cut, numbers
# made huge, an endless-looking line, the file cut short.  The same SEED
# gives the same mutants on every machine (perl's own generator).
use strict;
use warnings;

my ($seed, $count, $input, $prefix) = @ARGV;
open(my $in, '<:raw', $input) or die "$input: $!\n";
my $orig = do { local $/; <$in> };
close $in;
srand($seed);

sub rbyte { return chr(int(rand(256))); }
sub pos_in { my ($s) = @_; return length($s) ? int(rand(length($s))) : 0; }

my @ops = (
    sub { my $s = shift; my $p = pos_in($s); substr($s, $p, 1) = rbyte() if length $s; $s },
    sub { my $s = shift; my $p = pos_in($s);
          substr($s, $p, 0) = join('', map { ("\0", "\x80", "\xff", "\n", "%", "'", ",", rbyte())[int(rand(8))] } 1 .. 1 + int(rand(8))); $s },
    sub { my $s = shift; my $p = pos_in($s); substr($s, $p, int(rand(40))) = ''; $s },
    sub { my $s = shift; my @l = split(/(?<=\n)/, $s); return $s unless @l;
          my $i = int(rand(@l)); splice(@l, $i, 0, ($l[$i]) x (1 + int(rand(50)))); join('', @l) },
    sub { my $s = shift; my @l = split(/(?<=\n)/, $s); return $s unless @l;
          splice(@l, int(rand(@l)), 1); join('', @l) },
    sub { my $s = shift; $s =~ s/(\d+)/'9' x (10 + int(rand(30)))/e if rand() < 0.5;
          $s =~ s/([0-9A-F]{6})/'FFFFFFFF'/ if rand() < 0.5; $s },
    sub { my $s = shift; my $p = pos_in($s); substr($s, $p, 0) = 'A' x (70000 + int(rand(70000))); $s },
    sub { my $s = shift; substr($s, 0, pos_in($s)) },
);

for my $n (1 .. $count) {
    my $s = $orig;
    $s = $ops[int(rand(@ops))]->($s) for 1 .. 1 + int(rand(3));
    open(my $out, '>:raw', "$prefix.$n") or die "$prefix.$n: $!\n";
    print $out $s;
    close $out;
}
