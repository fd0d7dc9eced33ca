#!/usr/bin/perl
# suite.pl -- run the test suite under TAP::Harness (the library behind
# prove), as make check does:
#
#   perl tests/suite.pl [--jobs=N] [--times=FILE] [--build=CMD] [--first=TEST]...
#                       [--slowest=N] TEST...
#
# Each TEST runs through tests/timed.pl, which adds its wall-clock and CPU
# seconds and its number of tests to FILE.  The order is the longest first,
# so that N jobs end together: by the times FILE held from the previous run
# when it has them, else the --first tests (known to be long) lead.
#
# --build=CMD is started at once, beside the first tests (it builds the C
# unit-test programs); before the first TEST that is not a shell script
# runs, the harness waits for CMD to end.  Its output goes to
# FILE.build.log and is shown if it fails.
#
# At the end: the harness's summary, each failed test's "not ok" lines
# with their diagnostics (from FILE.failures), then the N slowest tests by wall
# clock with their CPU seconds, and the critical path of the jobs on an
# idle machine (the CPU seconds, longest first, each to the job free
# first): wall-clock times on a loaded machine say little.  The exit status is prove's: 0 if every
# test passed.
use strict;
use warnings;
use File::Basename qw(dirname);
use Getopt::Long qw(GetOptions);
use TAP::Harness;

my ($jobs, $times, $build, $slowest) = (2, '', '', 10);
my @first;
GetOptions('jobs=i' => \$jobs, 'times=s' => \$times, 'build=s' => \$build,
           'first=s' => \@first, 'slowest=i' => \$slowest)
    or die "usage: suite.pl [--jobs=N] [--times=FILE] [--build=CMD] [--first=TEST]... TEST...\n";
my @tests = @ARGV or die "suite.pl: no tests given\n";
my $timed = dirname(__FILE__) . '/timed.pl';

# The previous run's wall-clock seconds per test, to order this one.
my %last;
if ($times && open my $fh, '<', $times) {
    while (<$fh>) {
        my ($wall, $user, $sys, $n, $st, $test) = split ' ', $_, 6;
        chomp $test if defined $test;
        $last{$test} = $wall if defined $test;
    }
    close $fh;
}
my %rank;
@rank{@first} = map { -$_ } reverse 1 .. @first;    # --first: a known long test
my %given;
@given{@tests} = 0 .. $#tests;
sub cost { my $t = shift; $last{$t} // (exists $rank{$t} ? 1e6 + $rank{$t} : -1) }

# Scripts first, longest first (ties in the order given); the unit-test
# programs, which may still be building, after them.
my @scripts = grep { /\.sh\z/ } @tests;
my @units = grep { !/\.sh\z/ } @tests;
my @order = ((sort { cost($b) <=> cost($a) || $given{$a} <=> $given{$b} } @scripts),
             (sort { cost($b) <=> cost($a) || $given{$a} <=> $given{$b} } @units));

if ($times) {
    open my $fh, '>', $times or die "suite.pl: cannot write $times: $!\n";
    close $fh;
    unlink "$times.failures";
    $ENV{IMP_TIMES} = $times;
}

# The build beside the first tests.
my ($build_pid, $build_done, $build_ok) = (0, 0, 1);
my $build_log = ($times || 'suite') . '.build.log';
if ($build) {
    $build_pid = fork // die "suite.pl: fork: $!\n";
    if ($build_pid == 0) {
        open STDOUT, '>', $build_log or die "suite.pl: cannot write $build_log: $!\n";
        open STDERR, '>&', \*STDOUT;
        exec '/bin/sh', '-c', $build or die "suite.pl: cannot run sh: $!\n";
    }
}
sub wait_build {
    return if !$build_pid || $build_done;
    waitpid($build_pid, 0);
    $build_done = 1;
    $build_ok = $? == 0;
    if (!$build_ok) {
        print STDERR "suite.pl: building the unit tests failed ($build); its output:\n";
        if (open my $fh, '<', $build_log) { print STDERR "| $_" while <$fh>; close $fh }
    }
}

my $harness = TAP::Harness->new({
    jobs => $jobs,
    timer => 1,
    exec => sub {
        my (undef, $test) = @_;
        wait_build() if $test !~ /\.sh\z/;
        return ['perl', $timed, $test];
    },
});
my $aggregate = $harness->runtests(@order);
wait_build();

# What the failed tests said, after the summary that names them.
if ($times && open my $fh, '<', "$times.failures") {
    print "What the failed tests printed (their \"not ok\" lines and diagnostics):\n";
    print "  $_" while <$fh>;
    close $fh;
}

if ($times && $slowest > 0 && open my $fh, '<', $times) {
    my @rows = map { [split ' ', $_, 6] } <$fh>;
    close $fh;
    chomp $_->[5] for @rows;
    my @all = @rows;
    my ($wall, $cpu) = (0, 0);
    $wall += $_->[0], $cpu += $_->[1] + $_->[2] for @rows;
    @rows = (sort { $b->[0] <=> $a->[0] } @rows)[0 .. ($slowest < @rows ? $slowest : @rows) - 1];
    printf "The %d slowest tests (wall-clock and CPU seconds; all %d: %.0f s wall, %.0f s CPU):\n",
        scalar @rows, scalar(keys %given), $wall, $cpu;
    printf "  %7.2f %7.2f  %s\n", $_->[0], $_->[1] + $_->[2], $_->[5] for @rows;
    # The critical path of $jobs jobs on an idle machine, from the CPU
    # seconds: each test, longest first, to the job that is free first.
    my @free = (0) x $jobs;
    for my $c (sort { $b <=> $a } map { $_->[1] + $_->[2] } @all) {
        @free = sort { $a <=> $b } @free;
        $free[0] += $c;
    }
    my ($end) = sort { $b <=> $a } @free;
    printf "Critical path of %d jobs (CPU seconds, longest first): %.0f s; the longest test: %.0f s.\n",
        $jobs, $end, @all ? (sort { $b <=> $a } map { $_->[1] + $_->[2] } @all)[0] : 0;
}
exit($aggregate->all_passed && $build_ok ? 0 : 1);
