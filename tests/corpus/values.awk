# values.awk -- the numbers a Rosetta Code task's output must hold, worked
# out here from the task's definition, independently of the program that
# solves it.
#
#   awk -v task=TASK -f values.awk
#
# prints, one a line, every unsigned integer the program prints, in the
# order it prints them (the test takes the integers out of the program's
# output the same way and compares).  A task whose result depends on the
# machine says so: IMP is a System/370, whose addresses, and so the
# results of LA, have 24 bits.

function ackermann(m, n) {
    # closed forms of A(m,n) for m <= 3 (A(3,n) = 2^(n+3) - 3)
    if (m == 0) return n + 1
    if (m == 1) return n + 2
    if (m == 2) return 2 * n + 3
    return 2 ^ (n + 3) - 3
}

# hailstone_len(n): the length of n's hailstone sequence when 3m+1 is
# formed by LA, as the Rosetta program does: modulo 2^24 on a 370.  The
# lengths of the numbers below n are kept (hlen) to stop early.
function hailstone_len(n,    m, p) {
    m = n; p = 1
    while (m > 1) {
        if (m < n && m in hlen) { p += hlen[m] - 1; break }
        if (m % 2 == 0) m = int(m / 2)
        else m = (3 * m + 1) % 16777216
        p++
    }
    hlen[n] = p
    return p
}

function hanoi(n, from, to, via) {
    if (n == 0) return
    hanoi(n - 1, from, via, to)
    moves++
    print moves; print from; print to
    hanoi(n - 1, via, to, from)
}

# weekday(y, m, d): 0 for Sunday, by counting days from 1 January 1 of
# the proleptic Gregorian calendar (a Monday).
function weekday(y, m, d,    days, i, mdays) {
    split("31 28 31 30 31 30 31 31 30 31 30 31", mdays, " ")
    days = 365 * (y - 1) + int((y - 1) / 4) - int((y - 1) / 100) + int((y - 1) / 400)
    for (i = 1; i < m; i++) days += mdays[i]
    if (m > 2 && (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))) days++
    days += d - 1
    return (days + 1) % 7
}

function binary(n,    s) {
    if (n == 0) return "0"
    s = ""
    while (n > 0) { s = (n % 2) s; n = int(n / 2) }
    return s
}

BEGIN {
    if (task == "ackermann") {
        for (m = 0; m <= 3; m++)
            for (n = 0; n <= 8; n++) { print m; print n; print ackermann(m, n) }
    } else if (task == "doors") {
        # door k is toggled once for each of its divisors: open when k is a square
        for (k = 1; k * k <= 100; k++) print k * k
    } else if (task == "hailstone") {
        # hailstone(27) = 112 : its first three and last three terms, then
        # the longest below 100000 (87087, 333 with 24-bit LA; 77031, 351
        # where 3m+1 is kept whole, as Rosetta Code shows it)
        print 27; print hailstone_len(27); print 27; print 82; print 41
        print 4; print 2; print 1
        best = 0
        for (i = 1; i <= 100000; i++) {
            p = hailstone_len(i)
            if (p > best) { best = p; at = i }
        }
        print 100000; print at; print best
    } else if (task == "hanoi") {
        # four discs from pole 1 to pole 2 by way of pole 3
        hanoi(4, 1, 2, 3)
    } else if (task == "fibonacci") {
        a = 0; b = 1
        for (i = 2; i <= 46; i++) { c = a + b; print i; print c; a = b; b = c }
    } else if (task == "gcd") {
        a = 1071; b = 1029
        print a; print b
        while (b != 0) { t = a % b; a = b; b = t }
        print a
    } else if (task == "christmas") {
        # the years 2008-2121 whose 25 December is a Sunday
        for (y = 2008; y <= 2121; y++) if (weekday(y, 12, 25) == 0) print y
    } else if (task == "binary") {
        split("0 5 50 9000", v, " ")
        for (i = 1; i <= 4; i++) { print v[i]; print binary(v[i]) }
    } else {
        print "values.awk: unknown task '" task "'" > "/dev/stderr"
        exit 1
    }
}
