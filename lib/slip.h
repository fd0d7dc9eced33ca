/*
 * slip.h -- names one typing slip apart, for "did you mean" in the
 * diagnostics of impas (operations, macros) and impld (external names).
 */
#ifndef IMP_SLIP_H
#define IMP_SLIP_H

#include <stddef.h>

/* The slip that makes name (n bytes, any case) of known (upper case, NUL
 * ended): 1 two letters swapped, 2 one added, 3 one changed, 4 one left
 * out -- the likelier first; 0 if none, the same name, or a slip of a
 * digit (LOOP1 and LOOP2 are two names, not one mistyped). */
int slip_kind(const char *name, size_t n, const char *known);

/* The names nearest an unknown one: at most three, all of the likeliest
 * kind of slip offered so far. */
struct slip_near {
    const char *name[3];
    int kind;
    int n;
};
/* Offer known (kept by the caller) for name (n bytes). */
void slip_offer(struct slip_near *s, const char *name, size_t n, const char *known);
/* "; did you mean A, B or C?" into buf (size bytes), or "" if none. */
void slip_format(const struct slip_near *s, char *buf, size_t size);

#endif
