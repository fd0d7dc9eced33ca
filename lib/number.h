/*
 * number.h -- numbers on command lines: decimal, 0x hexadecimal, or the
 * assembler's X'..' hexadecimal.  The one parser for every numeric option
 * of every tool.
 */
#ifndef IMP_NUMBER_H
#define IMP_NUMBER_H

#include <stdint.h>

/* What may follow the digits, and how plain digits are read. */
enum {
    NUM_PLAIN   = 0,    /* digits only */
    NUM_BINARY  = 1,    /* K, M, G suffixes: x 2^10, 2^20, 2^30 (sizes) */
    NUM_DECIMAL = 2,    /* k, M, G suffixes: x 10^3, 10^6, 10^9 (counts) */
    NUM_HEX     = 4,    /* plain digits are hexadecimal (addresses) */
};

/* Parse all of s (flags: NUM_* above, suffix letters in either case).
   0 with *out set, or -1 if s is not such a number or overflows 64 bits;
   a sign, blanks or an empty string are never numbers. */
int parse_number(const char *s, int flags, uint64_t *out);

/* parse_number() for a value that must lie in [lo, hi]. */
int parse_number_in(const char *s, int flags, uint64_t lo, uint64_t hi, uint64_t *out);

#endif
