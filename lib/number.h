/*
 * number.h -- numbers on command lines: decimal, 0x hexadecimal, or the
 * assembler's X'..' hexadecimal.
 */
#ifndef IMP_NUMBER_H
#define IMP_NUMBER_H

#include <stdint.h>

/* Parse all of s; with allow_suffix a K (x1024) or M (x1048576) may follow.
   0 with *out set, or -1 if s is not such a number (or overflows). */
int parse_number(const char *s, int allow_suffix, uint64_t *out);

#endif
