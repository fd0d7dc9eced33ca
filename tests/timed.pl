#!/usr/bin/perl
# timed.pl TEST -- run one test (a shell script with sh, anything else
# directly), its TAP passed through untouched, and append one line to the
# file named by $IMP_TIMES (if set):
#
#   WALL USER SYS TESTS STATUS TEST
#
# WALL is elapsed seconds; USER and SYS are the CPU seconds of the test
# and of every process it waited for; TESTS is the plan's count (the last
# "1..N" line) and STATUS the exit status.  prove runs it with
# --exec 'perl tests/timed.pl'; tests/suite.pl reads the file back.
#
# A test that fails also appends its "not ok" lines, each with the
# diagnostics that follow it (at most 60 lines a test), to the same name
# with ".failures" added, which tests/suite.pl shows at the end: the
# harness, running tests side by side, shows only which tests failed.
use strict;
use warnings;
use Time::HiRes qw(time);
use POSIX qw(_exit);

my $test = shift @ARGV or die "usage: timed.pl TEST\n";
my @cmd = $test =~ /\.sh\z/ ? ('sh', $test) : ($test);

pipe(my $r, my $w) or die "timed.pl: pipe: $!\n";
my $t0 = time;
my @c0 = (times)[2, 3];
my $pid = fork // die "timed.pl: fork: $!\n";
if ($pid == 0) {
    close $r;
    open STDOUT, '>&', $w or _exit(127);
    close $w;
    exec @cmd or do { print STDERR "timed.pl: cannot run $test: $!\n"; _exit(127) };
}
close $w;
$| = 1;
my $plan = '-';
my (@failed, $in_failure);
while (my $line = <$r>) {
    $plan = $1 if $line =~ /^1\.\.(\d+)/;
    print $line;
    if ($line =~ /^not ok\b/) {
        $in_failure = 1;
    } elsif ($line !~ /^#/) {
        $in_failure = 0;
    }
    push @failed, $line if $in_failure && @failed < 60;
}
close $r;
waitpid($pid, 0);
my $status = $?;
my $wall = time - $t0;
my @c1 = (times)[2, 3];
my $code = $status & 127 ? 128 + ($status & 127) : $status >> 8;

if (my $file = $ENV{IMP_TIMES}) {
    # One short line in one write to a file opened for appending: the
    # lines of tests run side by side do not mix.
    my $line = sprintf "%.2f %.2f %.2f %s %d %s\n", $wall, $c1[0] - $c0[0],
        $c1[1] - $c0[1], $plan, $code, $test;
    if (open my $fh, '>>', $file) {
        syswrite $fh, $line;
        close $fh;
    }
    if ($code != 0 && open my $fh, '>>', "$file.failures") {
        syswrite $fh, join '', "$test (exit status $code):\n",
            (@failed ? @failed : "(no \"not ok\" line)\n");
        close $fh;
    }
}
exit $code;
