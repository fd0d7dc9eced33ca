#!/usr/bin/perl
# lint-tests.pl -- find broken && chains in the bodies of shell tests.
#
#   perl tests/lint-tests.pl FILE...
#
# A body of test_expect_success (or test_expect_failure_status) is run as
# one shell script whose exit status is the test's: a command that is not
# joined to the next by && (or ||, or a pipe) can fail without failing
# the test.  For every body this reads the script line by line and reports
#
#   FILE:LINE:COL: error: broken && chain: the next command runs even if this one fails
#
# for each line that ends a command with nothing joining it to the command
# on the following line.  A line may end in && || | \ { ( then do else in
# ;; or inside a quoted string or a here-document, or leave the body on
# failure (cmd || exit 1, cmd || { echo why; return 1; }, || continue in a
# loop that notes the failure); the next line
# may begin with && || | } ) done fi esac else elif then do ;; instead,
# or read the status itself ($?).  The last command of a body, of a { }
# or ( ) group, of a loop or of an if branch needs nothing.  Outside any
# group, loop, if or case, a ; between two commands is reported too
# (after a plain assignment, which cannot fail, it is allowed): to test an
# exit status, write { cmd; test $? -eq 3; }.
#
# Exit status 0 when nothing is found, 1 otherwise.
use strict;
use warnings;

my $errors = 0;

# word_at(TEXT, POS): the shell word starting at POS; returns its value
# (quotes removed) and the position after it.
sub word_at {
    my ($s, $p) = @_;
    my $v = '';
    while ($p < length $s) {
        my $c = substr $s, $p, 1;
        if ($c eq "'") {
            my $e = index $s, "'", $p + 1;
            return (undef, length $s) if $e < 0;
            $v .= substr $s, $p + 1, $e - $p - 1;
            $p = $e + 1;
        } elsif ($c eq '"') {
            $p++;
            while ($p < length $s && substr($s, $p, 1) ne '"') {
                if (substr($s, $p, 1) eq '\\') { $v .= substr $s, $p, 2; $p += 2; next; }
                $v .= substr $s, $p++, 1;
            }
            $p++;
        } elsif ($c eq '\\') {
            $v .= substr $s, $p + 1, 1;
            $p += 2;
        } elsif ($c =~ /[\s;&|<>()]/) {
            last;
        } else {
            $v .= $c;
            $p++;
        }
    }
    return ($v, $p);
}

# The arguments of the command starting at POS, up to the end of the line
# (outside quotes): a list of [value, start offset].
sub args_at {
    my ($s, $p) = @_;
    my @args;
    while ($p < length $s) {
        my $c = substr $s, $p, 1;
        if ($c eq "\\" && substr($s, $p + 1, 1) eq "\n") { $p += 2; next; }
        last if $c eq "\n" || $c =~ /[;&|]/;
        if ($c =~ /[ \t]/) { $p++; next; }
        my $start = $p;
        my ($v, $np) = word_at($s, $p);
        last unless defined $v;
        push @args, [$v, $start];
        $p = $np > $p ? $np : $p + 1;
    }
    return @args;
}

sub line_of { my ($s, $p) = @_; return 1 + (substr($s, 0, $p) =~ tr/\n//); }

# lint_body(FILE, FIRST LINE, BODY)
sub lint_body {
    my ($file, $first, $body) = @_;
    my @lines = split /\n/, $body, -1;
    my ($pending, $pending_col);    # line number of a command left unjoined
    my @heredoc;                    # [terminator, strip tabs]
    my $quote = '';                 # ' or " when a line ends inside quotes
    my $depth = 0;                  # open groups, loops, ifs and cases
    my $n = $first - 1;
    for my $line (@lines) {
        $n++;
        if (@heredoc) {
            my ($term, $strip) = @{$heredoc[0]};
            my $l = $line;
            $l =~ s/^\t+// if $strip;
            shift @heredoc if $l eq $term;
            next;
        }
        my $text = $line;
        unless ($quote) {
            next if $text =~ /^\s*(#.*)?$/;
            if (defined $pending) {
                unless ($text =~ /^\s*(&&|\|\||\||\}|\)|;;|(done|fi|esac|else|elif|then|do)\b)/ ||
                        $text =~ /\$\?/) {
                    report($file, $pending, $pending_col);
                }
                undef $pending;
            }
        }
        # Scan the line: quotes, here-document operators, a comment.
        my $code = '';
        my $i = 0;
        while ($i < length $text) {
            my $c = substr $text, $i, 1;
            if ($quote eq "'") {
                $quote = '' if $c eq "'";
                $i++; next;
            }
            if ($quote eq '"') {
                if ($c eq '\\') { $i += 2; next; }
                $quote = '' if $c eq '"';
                $i++; next;
            }
            if ($c eq '\\') { $code .= substr $text, $i, 2; $i += 2; next; }
            if ($c eq "'" || $c eq '"') { $quote = $c; $code .= 'Q'; $i++; next; }
            if ($c eq '#' && ($i == 0 || substr($text, $i - 1, 1) =~ /\s/)) { last; }
            if (substr($text, $i) =~ /^<<(-?)\s*(['"]?)\\?(\w+)\2/ && substr($text, $i, 3) ne '<<<') {
                push @heredoc, [$3, $1 eq '-'];
                $code .= 'H';
                $i += length $&;
                next;
            }
            $code .= $c;
            $i++;
        }
        next if $quote;
        # A ; between two commands outside any group, loop, if or case.
        my $d = $depth;
        while ($code =~ /(\bfor\b|\bwhile\b|\buntil\b|\bif\b|\bcase\b|[{(])|(\bdone\b|\bfi\b|\besac\b|[})])|(;;?)/g) {
            if (defined $1) { $d++; }
            elsif (defined $2) { $d-- if $d > 0; }
            elsif ($3 eq ';' && $d == 0 && substr($code, pos $code) =~ /^\s*[^\s#]/ &&
                   substr($code, pos $code) !~ /^\s*(then|do)\b/ &&
                   substr($code, 0, pos($code) - 1) !~ /(^|;)\s*\w+=[^\s;]*$/) {
                report($file, $n, 1 + length($line) - length($line =~ s/^\s+//r), ';');
            }
        }
        $depth = $d;
        $code =~ s/\s+$//;
        next if $code eq '';
        next if $code =~ /(&&|\|\||\||\\|\{|\(|;;)$/;
        next if $code =~ /(^|[\s;])(then|do|else|in)$/;
        next if $code =~ /^[^()]*\)$/;          # a case pattern
        # A failure that leaves the body itself: cmd || exit 1, cmd || { ...; return 1; }
        next if $code =~ /(\|\|\s*|^\s*(?=\{))(\{.*[\s;])?(exit|return|continue)(\s+\d+)?\s*(;\s*\})?$/;
        ($pending, $pending_col) = ($n, length($line) - length($line =~ s/^\s+//r) + 1);
    }
}

sub report {
    my ($file, $line, $col, $semi) = @_;
    my $why = $semi ? 'a command before ; can fail unseen'
                    : 'the next command runs even if this one fails';
    print "$file:$line:$col: error: broken && chain: $why\n";
    $errors++;
}

for my $file (@ARGV) {
    open my $fh, '<', $file or die "lint-tests.pl: $file: $!\n";
    my $s = do { local $/; <$fh> };
    close $fh;
    # Here-documents opened at the left margin (outside any body) are data:
    # blank them, keeping the line numbers.
    my @l = split /\n/, $s, -1;
    for (my $i = 0; $i < @l; $i++) {
        next unless $l[$i] =~ /^\S.*<<(-?)\s*(['"]?)\\?(\w+)\2/;
        my ($strip, $term) = ($1, $3);
        while (++$i < @l) {
            my $t = $l[$i];
            $t =~ s/^\t+// if $strip;
            last if $t eq $term;
            $l[$i] = '';
        }
    }
    $s = join "\n", @l;
    while ($s =~ /^[ \t]*(test_expect_success|test_expect_failure_status)\b/mg) {
        my $at = pos $s;
        my @args = args_at($s, $at);
        next unless @args >= 2;
        my ($body, $start) = @{$args[-1]};
        # The body starts after its opening quote; a body opened at the
        # end of the line starts on the next one.
        my $q = substr $s, $start, 1;
        my $first = line_of($s, $start);
        if ($q eq "'" || $q eq '"') {
            $body =~ s/^\n// and $first++;
        }
        lint_body($file, $first, $body);
        pos($s) = $at;
    }
}
exit($errors ? 1 : 0);
