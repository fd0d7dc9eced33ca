/*
 * tap.h -- a tiny TAP producer for C unit tests (after git's test-lib.h).
 *
 *   check(cond)                    ok/not ok with the expression as name
 *   check_int(a, op, b)            prints both sides on failure
 *   check_uint(a, op, b)           same, unsigned, in hex
 *   check_str(a, b)                string equality, both shown on failure
 *   return tap_done();             prints the plan, returns the exit status
 *
 * Include it in exactly one file per test program.
 */
#ifndef IMP_TAP_H
#define IMP_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static int tap_ok(int ok, const char *file, int line, const char *what)
{
    tap_n++;
    printf("%s %d - %s\n", ok ? "ok" : "not ok", tap_n, what);
    if (!ok) {
        tap_failed++;
        printf("#   failed at %s:%d\n", file, line);
    }
    return ok;
}

#define check(c) tap_ok(!!(c), __FILE__, __LINE__, #c)

#define check_int(a, op, b)                                                       \
    do {                                                                          \
        long long tap_a_ = (long long)(a), tap_b_ = (long long)(b);               \
        if (!tap_ok(tap_a_ op tap_b_, __FILE__, __LINE__, #a " " #op " " #b))      \
            printf("#   left: %lld\n#  right: %lld\n", tap_a_, tap_b_);           \
    } while (0)

#define check_uint(a, op, b)                                                      \
    do {                                                                          \
        unsigned long long tap_a_ = (a), tap_b_ = (b);                            \
        if (!tap_ok(tap_a_ op tap_b_, __FILE__, __LINE__, #a " " #op " " #b))      \
            printf("#   left: 0x%llx\n#  right: 0x%llx\n", tap_a_, tap_b_);       \
    } while (0)

#define check_str(a, b)                                                           \
    do {                                                                          \
        const char *tap_a_ = (a), *tap_b_ = (b);                                  \
        int tap_eq_ = tap_a_ && tap_b_ && strcmp(tap_a_, tap_b_) == 0;            \
        if (!tap_ok(tap_eq_, __FILE__, __LINE__, #a " == " #b))                    \
            printf("#   left: \"%s\"\n#  right: \"%s\"\n", tap_a_ ? tap_a_ : "(null)", \
                   tap_b_ ? tap_b_ : "(null)");                                   \
    } while (0)

static int tap_done(void)
{
    printf("1..%d\n", tap_n);
    return tap_failed != 0;
}

#endif
