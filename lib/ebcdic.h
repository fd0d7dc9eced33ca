/*
 * ebcdic.h -- EBCDIC (code page 037) translation at the host boundary.
 */
#ifndef IMP_EBCDIC_H
#define IMP_EBCDIC_H

#include <stddef.h>
#include <stdint.h>

extern const uint8_t ebcdic_to_latin1[256];
extern const uint8_t latin1_to_ebcdic[256];

static inline uint8_t ebcdic_of(char c) { return latin1_to_ebcdic[(unsigned char)c]; }
static inline char ebcdic_char(uint8_t e) { return (char)ebcdic_to_latin1[e]; }

void ebcdic_from_host(uint8_t *dst, const char *src, size_t n);
void ebcdic_to_host(char *dst, const uint8_t *src, size_t n);

#endif
