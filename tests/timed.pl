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
# with ".failures" added, and the last 40 lines of its standard error
# (a sanitizer's report), which tests/suite.pl shows at the end: the
# harness, running tests side by side, shows only which tests failed.
use strict;
use warnings;
use Time::HiRes qw(time);
use POSIX qw(_exit);
use IO::Select;

my $test = shift @ARGV or die "usage: timed.pl TEST\n";
my @cmd = $test =~ /\.sh\z/ ? ('sh', $test) : ($test);

pipe(my $r, my $w) or die "timed.pl: pipe: $!\n";
pipe(my $er, my $ew) or die "timed.pl: pipe: $!\n";
my $t0 = time;
my @c0 = (times)[2, 3];
my $pid = fork // die "timed.pl: fork: $!\n";
if ($pid == 0) {
    close $r;
    close $er;
    open STDOUT, '>&', $w or _exit(127);
    open STDERR, '>&', $ew or _exit(127);
    close $w;
    close $ew;
    exec @cmd or do { print STDERR "timed.pl: cannot run $test: $!\n"; _exit(127) };
}
close $w;
close $ew;
$| = 1;
my $plan = '-';
my (@failed, $in_failure, @err_tail);
my ($out_buf, $err_buf) = ('', '');
sub tap_line {
    my $line = shift;
    $plan = $1 if $line =~ /^1\.\.(\d+)/;
    print $line;
    if ($line =~ /^not ok\b/) {
        $in_failure = 1;
    } elsif ($line !~ /^#/) {
        $in_failure = 0;
    }
    push @failed, $line if $in_failure && @failed < 60;
}
# The test's standard output (its TAP) line by line; its standard error
# passed on as it comes, its last 40 lines kept for the failure report
# (a sanitizer's report, a crash before any TAP).
my $sel = IO::Select->new($r, $er);
while ($sel->count) {
    for my $fh ($sel->can_read) {
        my $n = sysread $fh, my $chunk, 65536;
        if (!$n) {
            $sel->remove($fh);
            next;
        }
        if ($fh == $r) {
            $out_buf .= $chunk;
            tap_line($1) while $out_buf =~ s/\A([^\n]*\n)//;
        } else {
            syswrite STDERR, $chunk;
            $err_buf .= $chunk;
            while ($err_buf =~ s/\A([^\n]*\n)//) {
                push @err_tail, $1;
                shift @err_tail if @err_tail > 40;
            }
        }
    }
}
tap_line("$out_buf\n") if length $out_buf;
push @err_tail, "$err_buf\n" if length $err_buf;
close $r;
close $er;
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
            (@failed ? @failed : "(no \"not ok\" line)\n"),
            (@err_tail ? ("its standard error, the last lines:\n", map { "| $_" } @err_tail) : ());
        close $fh;
    }
}
exit $code;
